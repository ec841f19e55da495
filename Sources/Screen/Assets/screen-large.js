/* Mihrab wall screen: the large-print layout ([screen] layout = "large"), for worshippers who
   read from far or with weak eyes: only the clock, the next prayer with its countdown, and the
   day's times, each as large as the screen holds (the fit shrinks them together until they fit).
   No title, dates, qibla or announcements; the full-screen phases are the normal layout's. */
var MihrabLarge = function (h) {
  "use strict";
  return function () {
    return '<div id="main" class="view main large"><div class="body"><section class="now-col">' + h.clock("big") + h.nextHTML() +
      "</section>" + h.tableHTML() + "</div></div>";
  };
};
