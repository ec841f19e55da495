/* Mihrab wall screen: the layout fit. Everything is sized in em of the stage's font (--k); the stage
   shrinks until every box is inside the screen and inside its column, and each .fit text shrinks (--f)
   inside its box. screen.js calls the returned function after each render and each size change. */
var MihrabFit = function (stage) {
  "use strict";
  // Every box of the stage inside the stage, and inside its column (the columns must not spill over each other).
  function inside(box, els, e) {
    var b = box.getBoundingClientRect();
    for (var i = 0; i < els.length; i++) {
      var r = els[i].getBoundingClientRect();
      if (!r.width && !r.height) continue;
      if (r.left < b.left - e || r.top < b.top - e || r.right > b.right + e || r.bottom > b.bottom + e) return false;
    }
    return true;
  }
  function fits() {
    if (!inside(stage, stage.getElementsByTagName("*"), 0.01)) return false;
    var cols = stage.querySelectorAll(".body,.now-col,.table-col,.full");
    for (var i = 0; i < cols.length; i++) if (!inside(cols[i], cols[i].children, 1)) return false;
    return true;
  }
  // A text box (.fit) shrinks its font (--f) until it fits its parent; a one-line box (.line) only in width.
  function fitText(el) {
    var box = el.parentNode, cs = getComputedStyle(box), f = 1, line = el.classList.contains("line");
    var avail = box.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
    el.classList.remove("clip");
    for (;;) {
      el.style.setProperty("--f", f.toFixed(3));
      if (el.scrollWidth <= el.clientWidth + 1 && (line || el.offsetHeight <= avail + 1)) return;
      if (f < 0.45) { el.classList.add("clip"); return; }
      f *= 0.9;
    }
  }
  function fit() {
    var k = 1, texts = stage.querySelectorAll(".fit");
    for (var n = 0; n < 18; n++) {
      stage.style.setProperty("--k", k.toFixed(3));
      Array.prototype.forEach.call(texts, fitText);
      if (fits()) break;
      k *= 0.93;
    }
  }
  return fit;
};
