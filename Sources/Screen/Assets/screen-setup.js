/* Mihrab wall screen: setup mode (a unit with its admin page on and no admin password yet). The
   QR code of the setup page's address with the one-time code in it, drawn as one SVG path (sharp at
   every size), beside the address to type, the code, large, and the unit's own addresses. Shown
   only here and on the small displays: reading it is the proof of being in the room. */
var MihrabSetup = function (h) {
  "use strict";
  // The dark modules as one path, with the quiet zone of 4 modules the standard asks for.
  function qrSVG(rows) {
    var n = rows.length, d = [];
    rows.forEach(function (row, y) {
      for (var x = 0; x < row.length; x++) {
        if (row.charAt(x) !== "1") continue;
        var run = 1;
        while (x + run < row.length && row.charAt(x + run) === "1") run++;
        d.push("M" + (x + 4) + " " + (y + 4) + "h" + run + "v1h-" + run + "z");
        x += run - 1;
      }
    });
    return '<svg id="setup-qr" class="qr" viewBox="0 0 ' + (n + 8) + " " + (n + 8) + '" shape-rendering="crispEdges" ' +
      'role="img" aria-label="QR"><rect width="100%" height="100%" fill="#fff"/><path fill="#000" d="' + d.join("") + '"/></svg>';
  }
  return function (M) {
    var s = M.setup, addr = (s.addresses || []).map(function (a) {
      return '<li class="setup-ip" dir="ltr">' + h.esc(a) + "</li>";
    }).join("");
    return '<div id="setup-screen" class="view full setup">' + h.clock("setup-clock") +
      '<div class="setup-title">' + h.esc(h.tx("setupTitle")) + '</div><div class="setup-body">' +
      (s.qr && s.qr.length ? qrSVG(s.qr) : "") + '<div class="setup-text"><div class="setup-scan">' +
      h.esc(h.tx("setupScan")) + '</div><div id="setup-page" class="setup-page" dir="ltr">' + h.esc(s.page || "") + "</div>" +
      (addr ? '<div class="setup-or">' + h.esc(h.tx("setupOr")) + '</div><ul class="setup-ips">' + addr + "</ul>" : "") +
      '<div class="setup-code-label">' + h.esc(h.tx("setupCode")) + '</div><div id="setup-code" class="setup-code" dir="ltr">' +
      h.esc(s.code) + "</div></div></div></div>";
  };
};
