/* Mihrab wall screen: the announcements' footer on the normal view, each shown for 10 s in turn
   by the unit's clock (so every screen of the site shows the same one), with its QR code beside
   it when its row has a `qr` (drawn from the model's rows; the footer grows for it). */
var MihrabAnnouncements = function (doc) {
  "use strict";
  var shown = -1;
  function code(M, i) {
    var link = (M.announcementQR || [])[i], rows = link && (M.qrRows || {})[link], box = doc.getElementById("announcement-qr");
    if (!box) return;
    box.innerHTML = rows ? MihrabQR(rows, "", "qr ann-code") : "";
    doc.getElementById("ann").classList.toggle("has-qr", !!rows);
  }
  return {
    html: function (M) {
      return (M.announcements || []).length ? '<footer id="ann" class="ann"><div class="ann-box"><div id="announcement" ' +
        'class="ann-text fit"></div></div><div id="announcement-qr" class="ann-qr"></div></footer>' : "";
    },
    // A new render: the next tick fills the footer again.
    reset: function () { shown = -1; },
    // At `t` (ms): true when another announcement came (the layout must fit again).
    tick: function (M, t) {
      var a = doc.getElementById("announcement"), list = M.announcements || [];
      if (!a || !list.length || isNaN(t)) return false;
      var i = Math.floor(Math.floor(t / 1000) / 10) % list.length;
      if (i === shown) return false;
      shown = i; a.textContent = list[i]; a.setAttribute("data-index", i); code(M, i);
      return true;
    }
  };
};
