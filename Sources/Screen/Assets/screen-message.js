/* Mihrab wall screen: the site's urgent message ("The grey car AB12 CDE is blocking the gate").
   Full screen over every view but an adhan, an iqamah's countdown, its silent minute and the
   prayer: during those it waits as a banner at their foot (dim during the prayer), and fills the screen once they are over. Its text as
   large as fits, in the direction of its own first letters; the clock and when it ends beneath. */
var MihrabMessage = function (h) {
  "use strict";
  var ICON = '<svg class="msg-icon" viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" ' +
    'd="M12 2 1 21h22L12 2Zm-1 7h2v6h-2V9Zm0 8h2v2h-2v-2Z"/></svg>';
  var self = {
    // The view: the message full screen, or `phase` (a phase's full-screen view, null for the
    // normal one) with the message as a banner at its foot while the model says so.
    over: function (M, phase) {
      var m = M.message && M.message.text ? M.message : null;
      if (!m) return phase;
      if (!m.banner) return self.full(M);
      return phase && phase.replace(/<\/div>$/, self.banner(M) + "</div>");
    },
    full: function (M) {
      var m = M.message;
      return '<div id="message-screen" class="view full message">' + '<div class="msg-label">' + ICON +
        '<span>' + h.esc(h.tx("messageTitle")) + '</span></div><div class="msg-box"><div id="message-text" class="msg-text fit">' +
        h.esc(m.text) + '</div></div><div class="msg-foot">' + h.clock("small") + '<span class="msg-until">' +
        h.fill(h.tx("messageUntil"), { time: '<span class="num">' + h.timeHTML(m.until) + "</span>" }) + "</span></div></div>";
    },
    // Under an adhan, an iqamah or the silent minute: one line at the foot, shrunk to fit.
    banner: function (M) {
      return '<div id="message-banner" class="msg-banner">' + ICON + '<div class="msg-banner-box"><div class="msg-banner-text fit line">' +
        h.esc(M.message.text) + "</div></div></div>";
    }
  };
  return self;
};
