/* The page's theme for the board: the strip under the board is drawn in the kernel, so each
 * board's hidden field (.catan-page-facts, board_view.py) is told "theme=dark" or
 * "theme=light" (beside the board's width, board_width.js) whenever
 * the page's theme changes (the body's data-jp-theme-light: JupyterLab's theme, or the Voilà
 * page's switch, catan_theme.js) and whenever a board appears. Runs once per page, with
 * board_keys.js.
 */
(function () {
  'use strict';
  if (window.catanPageTheme) return;
  window.catanPageTheme = true;
  var tellField = window.catanTellField;  // page_facts.js
  var pending = false;
  function tell() {
    pending = false;
    var theme = document.body.getAttribute('data-jp-theme-light') === 'false' ? 'dark' : 'light';
    var fields = document.querySelectorAll('.catan-page-facts input');
    for (var i = 0; i < fields.length; i++) tellField(fields[i], 'theme', theme);
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
