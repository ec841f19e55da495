/* Mihrab wall screen: the special events ([[events]]: Eid's prayers, taraweeh) and Ramadan's fast.
   screen.js builds these views with its own text helpers (h): digits, 12/24 h clock and escaping
   as everywhere on the page. Event names are the imam's own text, shown as typed (not translated),
   each in its own direction; the words around them come from the language file. */
var MihrabEvents = function (h) {
  "use strict";
  var esc = h.esc, tx = h.tx, fill = h.fill, dg = h.dg, timeHTML = h.timeHTML, cd = h.cd;

  // Isolates, inline (a span on the stage is an inline-block, which sits on the line's baseline
  // apart from the text around it): the name in its own direction, each time left to right and
  // the list in the page's direction (in Arabic the first time on the right, as the adhan column).
  function name(s) { return '<bdi class="ev-name">' + esc(s) + "</bdi>"; }
  function times(list, sep) {
    return (list || []).map(function (t) { return '<bdi class="t" dir="ltr">' + timeHTML(t) + "</bdi>"; }).join(esc(sep));
  }
  // "in 2 days" needs the language's plural (Arabic: two, few, many); Intl knows which.
  function inDays(n) {
    var forms = (h.T.inDays || {}), cat = "other";
    try { cat = new Intl.PluralRules(h.lang()).select(n); } catch (e) { cat = "other"; }
    return fill(forms[cat] || forms.other || "{n}", { n: dg(n) });
  }
  function when(s) {
    if (s.happening) return esc(tx("now"));
    if (s.days === 0) return fill(tx("inTime"), { time: cd(s.at) });
    if (s.days === 1) return esc(tx("tomorrow"));
    return inDays(s.days);
  }

  return {
    // The day's events as rows under Isha: the name, then every time of it that day across
    // the adhan and iqamah columns.
    rows: function (tb) {
      return (tb.events || []).map(function (e) {
        return '<tr class="event-row" data-event="' + esc(e.name) + '"><td class="name">' + name(e.name) +
          '</td><td class="event-times" colspan="2">' + times(e.times, " · ") + "</td></tr>";
      });
    },

    // The next special event (or the one happening): name · times · when, under the table.
    special: function (m) {
      var s = m.special;
      if (!s || !s.at) return "";
      return '<div id="special" class="special" data-days="' + esc(s.days) + '" data-happening="' + !!s.happening + '">' +
        name(s.name) + '<span class="sep">·</span><span class="ev-times">' + times(s.times, tx("listSeparator")) +
        '</span><span class="sep">·</span>' +
        '<span class="when">' + when(s) + "</span></div>";
    },

    // Ramadan's countdown in its hours, in the next prayer's place: one big countdown reads
    // from the back of the hall where two would compete (iftar is Maghrib's adhan anyway;
    // Fajr, minutes after imsak, stays marked in the table).
    fast: function (m) {
      var f = m.fast;
      if (!f || !f.at) return "";
      return '<div id="fast" class="next-box fast" data-kind="' + esc(f.kind) + '"><div class="next-head">' +
        esc(tx("ramadan")) + '</div><div class="fast-label">' + esc(tx(f.kind === "imsak" ? "suhurEndsIn" : "iftarIn")) +
        '</div><div class="fast-in">' + cd(f.at) + "</div></div>";
    },

    // A special event's last minutes, full screen as an iqamah's.
    full: function (ph) {
      return '<div id="event-screen" class="view full iqamah event"><div class="ev-title fit" dir="auto">' + esc(ph.text) +
        '</div><div class="label">' + esc(tx("eventIn")) + '</div><div class="huge">' + cd(ph.end) + "</div>" +
        h.clock("small") + "</div>";
    }
  };
};
