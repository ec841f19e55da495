// Served only with /?audit (the browser tests): lists every visible element that reaches
// outside the viewport in the root element's data-overflow attribute; empty when the layout fits.
(function () {
  function audit() {
    const w = window.innerWidth, h = window.innerHeight, bad = [];
    const root = document.documentElement;
    if (root.scrollWidth > w || root.scrollHeight > h) bad.push('document(' + root.scrollWidth + 'x' + root.scrollHeight + ')');
    for (const el of document.body.querySelectorAll('*')) {
      if (el.tagName === 'SCRIPT') continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const s = getComputedStyle(el);
      if (s.visibility === 'hidden' || s.display === 'none') continue;
      if (r.left < -0.5 || r.top < -0.5 || r.right > w + 0.5 || r.bottom > h + 0.5) {
        bad.push(el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().replace(/\s+/g, '.') : '') +
          '[' + Math.round(r.left) + ',' + Math.round(r.top) + ',' + Math.round(r.right) + ',' + Math.round(r.bottom) + ']');
      }
    }
    root.dataset.overflow = bad.join(' ');
  }
  audit();
  if (document.fonts && document.fonts.ready) document.fonts.ready.then(audit);
})();
