/* Mihrab wall screen: Friday's khutbah. The screen darkens so as not to draw the eye from the
   imam: the clock alone, large and dim (readable from the back of the hall), and under it the
   next iqamah with its countdown, dimmer still. screen.js builds it with its own text helpers (h). */
var MihrabKhutbah = function (h) {
  "use strict";
  return function (M) {
    var x = M.next, iq = x && x.kind === "iqamah" && x.at ?
      '<div id="khutbah-iqamah" class="k-iqamah"><span class="k-label">' + h.esc(h.tx("iqamah")) + '</span> <span class="num">' +
      h.timeHTML(x.at) + "</span> " + h.cd(x.at) + "</div>" : "";
    return '<div id="khutbah-screen" class="view full khutbah">' + h.clock("khutbah-clock") + iq + "</div>";
  };
};
