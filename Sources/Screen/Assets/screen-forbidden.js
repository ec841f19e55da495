/* Mihrab wall screen: the times not to pray ([screen] show_forbidden) and Duha ([screen] show_duha).
   The window that holds now is a band across the screen under the title, as large as the reminder's
   and in red, to read from the back of the hall: a no-entry mark, the window's name and "No prayer
   until 12:58" (its end). Duha's span is a line under the table. screen.js builds both with its own
   text helpers (h): digits, 12/24 h clock and escaping as everywhere on the page. */
var MihrabForbidden = function (h) {
  "use strict";
  var esc = h.esc, tx = h.tx, fill = h.fill, timeHTML = h.timeHTML;
  var ICON = '<svg class="f-icon" viewBox="0 0 100 100" aria-hidden="true"><circle cx="50" cy="50" r="42" fill="none" ' +
    'stroke="currentColor" stroke-width="11"/><path d="M27 50h46" stroke="currentColor" stroke-width="13" ' +
    'stroke-linecap="round"/></svg>';

  return {
    // The window that holds now (M.forbidden: kind, start, end), or nothing.
    sign: function (m) {
      var f = m.forbidden;
      if (!f || !f.end) return "";
      var names = h.T.forbidden || {};
      return '<div id="forbidden" class="forbidden" data-kind="' + esc(f.kind) + '" role="status">' + ICON +
        '<span class="f-name">' + esc(names[f.kind] || f.kind) + '</span><span class="f-until">' +
        fill(tx("forbiddenUntil"), { time: '<b class="num">' + timeHTML(f.end) + "</b>" }) + "</span></div>";
    },

    // The shown day's Duha (M.duha: start, end) under the table, or nothing.
    duha: function (m) {
      var d = m.duha;
      if (!d || !d.start) return "";
      return '<div id="duha" class="duha"><span class="d-name">' + esc(tx("duha")) + '</span> <b class="num">' +
        timeHTML(d.start) + '</b><span class="d-sep">–</span><b class="num">' + timeHTML(d.end) + "</b></div>";
    }
  };
};
