/* The page's theme for the board: the strip under the board is drawn in the kernel, so each
 * board's hidden field (.catan-page-theme, board_view.py) is told "dark" or "light" whenever
 * the page's theme changes (the body's data-jp-theme-light: JupyterLab's theme, or the Voilà
 * page's switch, catan_theme.js) and whenever a board appears. Runs once per page, with
 * board_keys.js.
 */
(function () {
  'use strict';
  if (window.catanPageTheme) return;
  window.catanPageTheme = true;
  var pending = false;
  function tell() {
    pending = false;
    var theme = document.body.getAttribute('data-jp-theme-light') === 'false' ? 'dark' : 'light';
    var fields = document.querySelectorAll('.catan-page-theme input');
    for (var i = 0; i < fields.length; i++) {
      if (fields[i].value === theme) continue;
      fields[i].value = theme;
      fields[i].dispatchEvent(new Event('change', {bubbles: true}));
    }
  }
  function soon() {
    if (pending) return;
    pending = true;
    window.requestAnimationFrame(tell);
  }
  new MutationObserver(soon).observe(document.body, {
    attributes: true, attributeFilter: ['data-jp-theme-light'], childList: true, subtree: true
  });
  soon();
})();
