/* Mihrab wall screen: Friday's khutbah. The screen darkens so as not to draw the eye from the
   imam: the clock alone, large and dim (readable from the back of the hall), and under it the
   next iqamah ("Iqamah 13:15 · in 10:56"), dimmer still. screen.js builds it with its own text helpers (h). */
var MihrabKhutbah = function (h) {
  "use strict";
  return function (M) {
    var x = M.next, iq = x && x.kind === "iqamah" && x.at ?
      '<div id="khutbah-iqamah" class="k-iqamah"><span class="k-label">' + h.esc(h.tx("iqamah")) + '</span> <span class="num">' +
      h.timeHTML(x.at) + '</span><span class="k-in">' + h.fill(h.tx("inTime"), { time: h.cd(x.at) }) + "</span></div>" : "";
    return '<div id="khutbah-screen" class="view full khutbah">' + h.clock("khutbah-clock") + iq + "</div>";
  };
};
