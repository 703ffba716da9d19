/* What the page tells the kernel goes into each board's hidden field (.catan-page-facts,
 * board_view.py) as "key=value" words: the page's theme (page_theme.js), the board's shown
 * width (board_width.js). One writer for all of
 * them, window.catanTellField(field, key, value): it sets key=value, keeps the other keys, and
 * sends a change only when the field's text changes. And window.catanScroller(el): the box
 * that scrolls the page round ``el`` (Voilà's cells, not the window), for board_still.js and
 * kind_still.js. Runs once per page, first of the page's scripts (board_view.KEYS_JS).
 */
(function () {
  'use strict';
  if (window.catanTellField) return;
  window.catanTellField = function (field, key, value) {
    var words = field.value ? field.value.split(' ') : [];
    var kept = words.filter(function (w) { return w.split('=')[0] !== key; });
    var text = kept.concat([key + '=' + value]).sort().join(' ');
    if (field.value === text) return;
    field.value = text;
    field.dispatchEvent(new Event('change', {bubbles: true}));
  };
  window.catanScroller = function (el) {
    for (var p = el.parentElement; p; p = p.parentElement) {
      var y = getComputedStyle(p).overflowY;
      if (p.scrollHeight > p.clientHeight + 1 && (y === 'auto' || y === 'scroll')) return p;
    }
    return document.scrollingElement || document.documentElement;
  };
})();
