/* Mihrab wall screen: setup mode (a unit with its admin page on and no admin password yet). The
   QR code of the setup page's address with the one-time code in it, drawn as one SVG path (sharp at
   every size), beside the address to type, the code, large, and the unit's own addresses. Shown
   only here and on the small displays: reading it is the proof of being in the room. */
var MihrabSetup = function (h) {
  "use strict";
  return function (M) {
    var s = M.setup, addr = (s.addresses || []).map(function (a) {
      return '<li class="setup-ip" dir="ltr">' + h.esc(a) + "</li>";
    }).join("");
    return '<div id="setup-screen" class="view full setup">' + h.clock("setup-clock") +
      '<div class="setup-title">' + h.esc(h.tx("setupTitle")) + '</div><div class="setup-body">' +
      (s.qr && s.qr.length ? MihrabQR(s.qr, "setup-qr") : "") + '<div class="setup-text"><div class="setup-scan">' +
      h.esc(h.tx("setupScan")) + '</div><div id="setup-page" class="setup-page" dir="ltr">' + h.esc(s.page || "") + "</div>" +
      (addr ? '<div class="setup-or">' + h.esc(h.tx("setupOr")) + '</div><ul class="setup-ips">' + addr + "</ul>" : "") +
      '<div class="setup-code-label">' + h.esc(h.tx("setupCode")) + '</div><div id="setup-code" class="setup-code" dir="ltr">' +
      h.esc(s.code) + "</div></div></div></div>";
  };
};
