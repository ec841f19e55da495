/* Mihrab wall screen. Renders #model with #language synchronously, then follows /events.
   Every time shown comes from the unit (model.now and "time" events), never from the browser's clock:
   while the stream is down it is counted on from the unit's last one by the browser's monotonic clock. */
(function () {
  "use strict";
  var doc = document, root = doc.documentElement, stage = doc.getElementById("stage");

  function readJSON(id) {
    var el = doc.getElementById(id);
    try { return el ? JSON.parse(el.textContent) : null; } catch (e) { return null; }
  }

  var L = readJSON("language") || {}, T = L.text || {}, P = L.prayers || {};
  var M = readJSON("model"), NOW = M && M.now;
  var ED = Array.from(L.easternDigits || "0123456789");
  var connecting = false, offline = false, errored = false, watchdog = 0, sizeSig = "";
  // The unit's last time and when it came (performance.now): what the page counts on from offline.
  var HEARD = NOW, heardAt = mono();
  function mono() { return window.performance && performance.now ? performance.now() : Date.now(); }

  // ---- text helpers -------------------------------------------------------
  function esc(s) {
    return String(s == null ? "" : s).replace(/[&<>"]/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c];
    });
  }
  function tx(k) { return T[k] != null ? T[k] : k; }
  // Fill a template from the language file: the template is escaped, the values are HTML.
  function fill(t, o) {
    return esc(t).replace(/\{(\w+)\}/g, function (m, k) { return o[k] != null ? o[k] : ""; });
  }
  function dg(s) {
    s = String(s);
    return M && M.digits === "eastern" ? s.replace(/[0-9]/g, function (d) { return ED[+d] || d; }) : s;
  }
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  // The unit's time `ms` after `iso`, written in iso's own UTC offset (its wall time is read off the text).
  function later(iso, ms) {
    var t = Date.parse(iso), z = /(?:[+-]\d\d:?\d\d|Z)$/.exec(iso);
    if (isNaN(t)) return iso;
    var o = z && z[0] !== "Z" ? (z[0][0] === "-" ? -1 : 1) * (+z[0].slice(1, 3) * 60 + +z[0].slice(-2)) : 0;
    var d = new Date(t + ms + o * 60000);
    return d.getUTCFullYear() + "-" + pad(d.getUTCMonth() + 1) + "-" + pad(d.getUTCDate()) + "T" + pad(d.getUTCHours()) + ":" +
      pad(d.getUTCMinutes()) + ":" + pad(d.getUTCSeconds()) + (z ? z[0] : "Z");
  }
  function pname(p, jumuah) { return esc(jumuah && p === "dhuhr" ? P.jumuah : (P[p] || p)); }

  // A wall time from the ISO text itself ("2026-11-23T14:03:12+00:00": chars 11..15, 17..18).
  function wall(iso, secs) {
    var h = +iso.slice(11, 13), m = iso.slice(14, 16), s = iso.slice(17, 19), ap = "";
    var hh = iso.slice(11, 13);
    if (M.clock === "12h") { ap = h < 12 ? L.am : L.pm; hh = String(h % 12 || 12); }
    return { hm: dg(hh + ":" + m), s: dg(s), ap: ap || "" };
  }
  function timeHTML(iso) {
    if (!iso) return "";
    var w = wall(iso);
    return esc(w.hm) + (w.ap ? '<span class="ap">' + esc(w.ap) + "</span>" : "");
  }
  function clockHTML() {
    if (!NOW) return "";
    var w = wall(NOW);
    return '<span class="hm">' + esc(w.hm) + '</span><span class="ss">' + esc(":" + w.s) + "</span>" +
      (w.ap ? '<span class="ap">' + esc(w.ap) + "</span>" : "");
  }
  function dur(ms) {
    var s = Math.max(0, Math.round(ms / 1000)), h = Math.floor(s / 3600), m = Math.floor(s % 3600 / 60);
    return dg((h ? h + ":" + pad(m) : pad(m)) + ":" + pad(s % 60));
  }
  function gdate(d) {
    if (!d) return "";
    return fill(tx("dateFormat"), { weekday: esc((L.weekdays || [])[d.weekday - 1]), day: dg(d.day),
      month: esc((L.months || [])[d.month - 1]), year: dg(d.year) });
  }
  function hdate(d) {
    if (!d) return "";
    return fill(tx("hijriFormat"), { day: dg(d.day), month: esc((L.hijriMonths || [])[d.month - 1]),
      year: dg(d.year), era: esc(tx("hijriEra")) });
  }
  function cd(iso) { return '<span class="cd num" data-until="' + esc(iso) + '"></span>'; }
  function clock(cls) { return '<div class="clock num ' + (cls || "") + '"></div>'; }
  var EV = MihrabEvents({ esc: esc, tx: tx, fill: fill, dg: dg, timeHTML: timeHTML, cd: cd, clock: clock, T: T,
    lang: function () { return root.getAttribute("lang") || "en"; } });
  var fit = MihrabFit(stage), khutbah = MihrabKhutbah({ esc: esc, tx: tx, fill: fill, timeHTML: timeHTML, cd: cd, clock: clock });
  var setup = MihrabSetup({ esc: esc, tx: tx, clock: clock });
  var ANN = MihrabAnnouncements(doc);
  var message = MihrabMessage({ esc: esc, tx: tx, fill: fill, timeHTML: timeHTML, clock: clock });
  var large = MihrabLarge({ clock: clock, nextHTML: function () { return nextHTML(); }, tableHTML: function () { return tableHTML(); } });
  var forbidden = MihrabForbidden({ esc: esc, tx: tx, fill: fill, timeHTML: timeHTML, T: T });

  // ---- views ----------------------------------------------------------------
  var ICON_WARN = '<svg class="icon" viewBox="0 0 100 100" aria-hidden="true"><path d="M50 8 95 90H5Z" fill="none" ' +
    'stroke="currentColor" stroke-width="8" stroke-linejoin="round"/><path d="M50 36v26" stroke="currentColor" ' +
    'stroke-width="9" stroke-linecap="round"/><circle cx="50" cy="76" r="5.5" fill="currentColor"/></svg>';
  var ICON_PHONE = '<svg class="phone" viewBox="0 0 100 100" aria-hidden="true"><circle cx="50" cy="50" r="45" ' +
    'fill="none" stroke="#e26a5a" stroke-width="6"/><rect x="35" y="19" width="30" height="62" rx="6" fill="none" ' +
    'stroke="currentColor" stroke-width="5"/><path d="M45 27h10" stroke="currentColor" stroke-width="4" ' +
    'stroke-linecap="round"/><circle cx="50" cy="72" r="3.5" fill="currentColor"/><path d="M18 18 82 82" ' +
    'stroke="#e26a5a" stroke-width="7" stroke-linecap="round"/></svg>';

  function cell(iso) { return timeHTML(iso); }
  function tableHTML() {
    var tb = M.table || {}, rows = tb.rows || [], out = [], n = 0;
    rows.forEach(function (r) {
      var name = pname(r.prayer), extra = [], ses = r.prayer === "dhuhr" && r.jumuah && r.jumuah.length ? r.jumuah : null;
      if (ses) {
        ses.forEach(function (s, i) {
          if (!(i === 0 && s.adhan === r.adhan && s.iqamah === r.iqamah)) extra.push(i);
        });
        if (extra.length < ses.length) // the row itself is the first session
          name = ses.length > 1 ? fill(tx("session"), { name: esc(P.jumuah), n: dg(1) }) : esc(P.jumuah);
      }
      out.push('<tr class="prayer-row' + (r.current ? " current" : "") + (r.next ? " next" : "") +
        '" data-prayer="' + esc(r.prayer) + '"><td class="name">' + name + '</td><td class="adhan">' +
        cell(r.adhan) + '</td><td class="iqamah">' + cell(r.iqamah) + "</td></tr>");
      n++;
      extra.forEach(function (i) {
        var s = ses[i];
        out.push('<tr class="jumuah-session" data-prayer="jumuah" data-session="' + (i + 1) + '"><td class="name">' +
          fill(tx("session"), { name: esc(P.jumuah), n: dg(i + 1) }) + '</td><td class="adhan">' + cell(s.adhan) +
          '</td><td class="iqamah">' + cell(s.iqamah) + "</td></tr>");
        n++;
      });
    });
    var ev = EV.rows(tb);
    out.push.apply(out, ev);
    n += ev.length;
    var day = tb.day === "tomorrow" ?
      '<div id="table-day" class="table-day" data-day="tomorrow">' + esc(tx("tomorrow")) + " · " + gdate(tb.date) + "</div>" : "";
    // Imsak and iftar; the one counted down now (M.fast) lit.
    var rm = tb.ramadan ? '<div id="ramadan" class="ramadan">' + ["imsak", "iftar"].map(function (k) {
      return '<span data-kind="' + k + '"' + (M.fast && M.fast.kind === k ? ' class="on"' : "") + ">" + esc(tx(k)) +
        ' <b class="num">' + timeHTML(tb.ramadan[k]) + "</b></span>";
    }).join("") + "</div>" : "";
    return '<section class="table-col">' + day + '<table id="times" class="times' + (M.trusted === false ? " muted" : "") +
      '" data-day="' + esc(tb.day || "today") + '" style="--rows:' + n + '"><thead><tr><th' +
      (M.source ? ' id="times-source" class="source">' + esc(M.source) : ">") + '</th><th>' + esc(tx("adhan")) +
      "</th><th>" + esc(tx("iqamah")) + "</th></tr></thead><tbody>" + out.join("") + "</tbody></table>" + rm + forbidden.duha(M) + EV.special(M) +
      "</section>";
  }

  function nextHTML() {
    if (M.trusted === false)
      return '<div id="untrusted" class="untrusted">' + ICON_WARN + "<span>" + esc(tx("clockUntrusted")) + "</span></div>";
    var x = M.next;
    if (M.fast) return EV.fast(M);
    if (!x || !x.at) return "";
    return '<div id="next" class="next-box" data-prayer="' + esc(x.prayer) + '" data-kind="' + esc(x.kind) + '">' +
      '<div class="next-head">' + esc(tx("next")) + '</div><div class="next-name">' + pname(x.prayer, x.jumuah) +
      ' <span class="next-at num">' + timeHTML(x.at) + '</span></div><div class="next-in"><span>' +
      esc(tx(x.kind === "iqamah" ? "iqamahIn" : "adhanIn")) + "</span> " + cd(x.at) + "</div></div>";
  }

  function qiblaHTML() {
    var q = M.qibla;
    if (!q || typeof q.bearing !== "number") return "";
    var off = typeof q.offset === "number" ? q.offset : 0, a = Math.abs(off), facing = a <= 5;
    var deg = '<span class="num">' + dg(Math.round(a)) + "°</span>";
    var turn = facing ? esc(tx("facing")) : fill(tx(off < 0 ? "turnLeft" : "turnRight"), { deg: deg });
    return '<div id="qibla" class="qibla" data-accuracy="' + esc(q.accuracy) + '" data-facing="' + facing + '">' +
      '<svg class="dial" viewBox="-50 -50 100 100" aria-hidden="true"><circle r="44" fill="none" stroke="currentColor" ' +
      'stroke-width="4" opacity=".45"/><g transform="rotate(' + off.toFixed(1) + ')"><path d="M0-38 13-10H5v36H-5v-36' +
      'H-13Z" fill="currentColor"/></g></svg><div><div class="qibla-b">' + esc(tx("qibla")) + ' <span class="num">' +
      dg(q.bearing.toFixed(0)) + '°</span></div><div class="qibla-turn">' + turn + "</div></div></div>";
  }

  function topHTML() {
    var ns = (M.notices || []).map(function (k) {
      return '<li data-notice="' + esc(k) + '">' + esc((T.notices || {})[k] || k) + "</li>";
    }).join("");
    if (!M.title && !ns) return "";
    return '<header class="top"><div id="title" class="title fit line">' + esc(M.title || "") + "</div>" +
      (ns ? '<ul id="notices" class="notices">' + ns + "</ul>" : "") + "</header>";
  }

  function mainHTML(ph) {
    var banner = ph.kind === "reminder" && ph.end ? '<div id="reminder-banner" class="banner">' +
      fill(tx("reminderIn"), { prayer: pname(ph.prayer, ph.jumuah), time: cd(ph.end) }) + "</div>" : "";
    return '<div id="main" class="view main">' + topHTML() + banner + forbidden.sign(M) + '<div class="body"><section class="now-col">' +
      clock("big") + '<div class="dates"><div id="date-gregorian" class="greg">' + gdate((M.dates || {}).gregorian) +
      '</div><div id="date-hijri" class="hijri">' + hdate((M.dates || {}).hijri) + "</div></div>" + nextHTML() +
      qiblaHTML() + "</section>" + tableHTML() + "</div>" + ANN.html(M) + "</div>";
  }

  function fullHTML(ph) {
    var k = ph.kind, name = pname(ph.prayer, ph.jumuah);
    if (k === "adhan")
      return '<div id="adhan-screen" class="view full adhan"><div class="arch"></div><div class="label">' +
        esc(tx("adhan")) + '</div><div class="pname">' + name + "</div>" + clock("mid") + "</div>";
    if (k === "iqamah")
      return '<div id="iqamah-screen" class="view full iqamah"><div class="pname">' + name + '</div><div class="label">' +
        esc(tx("iqamahIn")) + '</div><div class="huge">' + cd(ph.end) + "</div>" + clock("small") + "</div>";
    if (k === "event") return EV.full(ph);
    if (k === "khutbah") return khutbah(M);
    if (k === "silence")
      return '<div id="silence-screen" class="view full silence">' + ICON_PHONE + '<div class="label">' +
        esc(tx("silencePhones")) + "</div>" + (ph.end ? '<div class="mid">' + cd(ph.end) + "</div>" : "") + "</div>";
    if (k === "prayer")
      return '<div id="prayer-screen" class="view full prayer" aria-label="' + esc(tx("prayerInProgress")) + '">' +
        clock("dim") + "</div>";
    if (k === "after" && ph.text)
      return '<div id="after-screen" class="view full after"><div class="azkar"><div id="azkar" class="azkar-text fit">' + esc(ph.text) +
        "</div></div>" + clock("small") + "</div>";
    return null;
  }

  // ---- render / tick / fit ----------------------------------------------------
  function render() {
    connecting = false;
    if (offline) showOffline(false);
    ANN.reset();
    if (!M) { showConnecting(); return; }
    var ph = M.phase || { kind: "normal" };
    root.setAttribute("data-phase", ph.kind || "normal");
    root.setAttribute("data-state", "live");
    var off = M.dark === true || M.screenOn === false;  // dark: the display's power wanted off; off: screen hours
    root.setAttribute("data-screen", M.dark === true ? "dark" : off ? "off" : "on");
    root.setAttribute("data-trusted", M.trusted === false ? "false" : "true");
    doc.title = M.title || "Mihrab";
    // The urgent message (screen-message.js), then a phase's view; setup mode over the normal view.
    var full = message.over(M, fullHTML(ph));
    stage.innerHTML = off ? "" : (full || (M.setup ? setup(M) : M.layout === "large" ? large() : mainHTML(ph)));
    tick(true);
  }

  function showConnecting() {
    connecting = true;
    root.setAttribute("data-state", "connecting");
    stage.innerHTML = '<div id="connecting" class="view full connecting"><div class="dots"><i></i><i></i><i></i></div>' +
      '<div class="label">' + esc(tx("connecting")) + '</div><div class="sub">' + esc(tx("connectingDetail")) + "</div></div>";
    fit();
  }

  // The stream is lost. A page that has had the unit's data stays as it is and counts on, with a
  // small mark in its corner; only a page that never had any shows the full "connecting" view.
  function lost() { if (!M) showConnecting(); else if (!connecting && !offline) showOffline(true); }
  function showOffline(on) {
    offline = on; mark.hidden = !on;
    if (on) root.setAttribute("data-stream", "lost"); else root.removeAttribute("data-stream");
  }
  function heard(iso) { HEARD = iso; heardAt = mono(); }

  function tick(force) {
    if (connecting || !M) return;
    var t = Date.parse(NOW), sig = "";
    Array.prototype.forEach.call(stage.querySelectorAll(".clock"), function (e) {
      e.innerHTML = clockHTML(); sig += e.textContent.length + ",";
    });
    Array.prototype.forEach.call(stage.querySelectorAll("[data-until]"), function (e) {
      e.textContent = dur(Date.parse(e.getAttribute("data-until")) - t); sig += e.textContent.length + ",";
    });
    if (ANN.tick(M, t)) force = true;
    if (force || sig !== sizeSig) { sizeSig = sig; fit(); }
  }

  // Offline, the clock and the countdowns go on from the unit's last time.
  setInterval(function () { if (offline && HEARD) { NOW = later(HEARD, mono() - heardAt); tick(); } }, 250);

  // ---- burn-in: the whole stage moves a few pixels (it has 8 px of room on each side) ----
  var SHIFT = [[0, 0], [4, -3], [-5, 2], [3, 5], [-2, -5], [-6, 1], [2, 6], [6, -4], [-4, -2], [1, 4]], si = 0;
  setInterval(function () {
    si = (si + 1) % SHIFT.length;
    stage.style.transform = "translate(" + SHIFT[si][0] + "px," + SHIFT[si][1] + "px)";
  }, 180000);
  // Fit again once every font is really there (a fallback face can arrive after the first layout).
  function refit() { if (M || connecting) fit(); }
  window.addEventListener("resize", refit);
  window.addEventListener("load", refit);
  if (doc.fonts && doc.fonts.ready) doc.fonts.ready.then(refit);

  // ---- the first render, synchronously ----
  var mark = doc.body.appendChild(doc.createElement("div"));  // the offline mark, outside the stage render() fills
  mark.id = mark.className = "reconnecting"; mark.hidden = true; mark.title = tx("connecting");
  mark.setAttribute("role", "status"); mark.setAttribute("aria-label", tx("connecting") + " " + tx("connectingDetail"));
  render();

  // ---- the stream ----
  function arm() {
    clearTimeout(watchdog);
    watchdog = setTimeout(lost, 5000);
  }
  function parse(e) { try { return JSON.parse(e.data); } catch (x) { return null; } }
  if (!window.MIHRAB_NO_STREAM && window.EventSource) {
    var es = new EventSource("/events");
    es.addEventListener("model", function (e) {
      var m = parse(e);
      if (!m) return;
      M = m; NOW = m.now; errored = false;
      heard(NOW); render(); arm();
    });
    es.addEventListener("time", function (e) {
      var d = parse(e);
      if (!d || !d.now) return;
      NOW = d.now; heard(NOW); arm();
      // After a silence (no error) the stream is alive again: show the screen. After an error
      // wait for the model that a reconnect brings.
      if (connecting) { if (!errored && M) render(); } else { if (offline && !errored) showOffline(false); tick(); }
    });
    es.addEventListener("error", function () { errored = true; lost(); });
    arm();
  }
})();
