/* The board's shown width: the kernel draws the board at its natural size and the page shrinks
 * it to fit a narrow screen (a phone). Each board's hidden field (.catan-page-facts,
 * board_view.py) is told the width its canvas shows at, in CSS pixels ("width=612", beside
 * the page's theme, page_theme.js), whenever a board
 * appears or is resized: the kernel then draws labels and the why-not banner readable at that
 * size and measures a finger's reach in it. On a phone, where the board sticks at the top of
 * the page's box (style.LAYOUT_CSS), the page's --catan-board-foot is the height it covers
 * there (the box's padding over it, the board, a gap): the box's scroll-padding-top, so what
 * the browser scrolls into view (a control the keyboard's Tab reaches, a word found) comes
 * under the board, not under it. Runs once per page, with board_keys.js.
 */
(function () {
  'use strict';
  if (window.catanBoardWidth) return;
  window.catanBoardWidth = true;
  var tellField = window.catanTellField;  // page_facts.js
  var PHONE = window.matchMedia('(max-width: 700px)');  // style.LAYOUT_CSS's phone
  var GAP = 12;  // px under the board's foot (page_facts.js's catanBringUnder)
  var pending = false;
  var watched = new WeakSet();
  var sizes = new ResizeObserver(soon);
  function tell() {
    pending = false;
    var boards = document.querySelectorAll('.catan-board');
    for (var i = 0; i < boards.length; i++) {
      var canvas = boards[i].querySelector('canvas');
      var field = boards[i].querySelector('.catan-page-facts input');
      if (!canvas || !field) continue;
      if (!watched.has(canvas)) {
        watched.add(canvas);
        sizes.observe(canvas);
      }
      var width = String(Math.round(canvas.getBoundingClientRect().width));
      if (width !== '0') tellField(field, 'width', width);
    }
    var root = document.documentElement.style, board = boards[boards.length - 1];
    if (!PHONE.matches || !board || !board.offsetHeight) {
      root.removeProperty('--catan-board-foot');
      return;
    }
    if (!watched.has(board)) {
      watched.add(board);
      sizes.observe(board);
    }
    var box = window.catanScroller(board);
    var over = box === document.scrollingElement ? 0 :
      parseFloat(getComputedStyle(box).paddingTop) || 0;
    root.setProperty('--catan-board-foot', Math.ceil(over + board.offsetHeight + GAP) + 'px');
  }
  function soon() {
    if (pending) return;
    pending = true;
    window.requestAnimationFrame(tell);
  }
  new MutationObserver(soon).observe(document.body, {childList: true, subtree: true});
  PHONE.addEventListener('change', soon);
  soon();
})();
