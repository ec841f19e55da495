/* Mihrab wall screen: a QR code from its modules' rows ("1" dark), as one SVG path with the quiet
   zone of 4 modules the standard asks for: sharp at every size, no image loaded. The setup code
   and an announcement's qr use it. */
var MihrabQR = function (rows, id, cls) {
  "use strict";
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
  return '<svg' + (id ? ' id="' + id + '"' : "") + ' class="' + (cls || "qr") + '" viewBox="0 0 ' + (n + 8) + " " + (n + 8) +
    '" shape-rendering="crispEdges" role="img" aria-label="QR"><rect width="100%" height="100%" fill="#fff"/><path fill="#000" d="' +
    d.join("") + '"/></svg>';
};
