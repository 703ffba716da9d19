/* What the page tells the kernel goes into each board's hidden field (.catan-page-facts,
 * board_view.py) as "key=value" words: the page's theme (page_theme.js), the board's shown
 * width (board_width.js). One writer for all of
 * them, window.catanTellField(field, key, value): it sets key=value, keeps the other keys, and
 * sends a change only when the field's text changes. And window.catanScroller(el): the box
 * that scrolls the page round ``el`` (Voilà's cells, not the window), for board_still.js,
 * kind_still.js and board_width.js. On a phone the board sticks at the top of that box while
 * the words under it scroll (style.LAYOUT_CSS), for reply_in_view.js, question_in_view.js and
 * board_still.js: window.catanCover(el) is the screen's y under which ``el`` is seen (the
 * board's foot where it is stuck and ``el`` comes after it, else the box's top);
 * window.catanBringUnder(el, block) scrolls ``el`` into sight under the board ('start': its
 * top right under it; 'nearest': no farther than it takes); window.catanBoardStuck(el):
 * whether that board is stuck; window.catanStickAt(board): the screen's y it sticks at;
 * window.catanOnScroll(fn): ``fn`` once a frame at most while the page scrolls or resizes.
 * Runs once per page, first of the page's scripts (board_view.KEYS_JS).
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
  var PHONE = window.matchMedia('(max-width: 700px)');  // style.LAYOUT_CSS's phone
  function boxTop(box) {
    return box === document.scrollingElement || box === document.documentElement ? 0 :
      Math.max(0, box.getBoundingClientRect().top);
  }
  // the board ``el`` is under (its tutor's, else the page's first) where it is stuck
  function stuckBoard(el) {
    if (!PHONE.matches) return null;
    var tutor = el.closest && el.closest('.catan-tutor');
    var board = (tutor || document).querySelector('.catan-tutor>.catan-board-col>.catan-board');
    if (!board || board === el || board.contains(el) || !board.getClientRects().length ||
        getComputedStyle(board).position !== 'sticky') return null;
    return board.getBoundingClientRect().top <= window.catanStickAt(board) + 1 ? board : null;
  }
  // the screen's y a phone's board sticks at: its box's top, inside the box's padding
  window.catanStickAt = function (board) {
    var box = window.catanScroller(board);
    return boxTop(box) + (parseFloat(getComputedStyle(box).paddingTop) || 0) +
      (parseFloat(getComputedStyle(board).top) || 0);
  };
  window.catanBoardStuck = function (el) {
    return !!stuckBoard(el);
  };
  // ``fn`` run once a frame at most while the page scrolls (any box of it) or is resized
  window.catanOnScroll = function (fn) {
    var queued = false;
    function soon() {
      if (queued) return;
      queued = true;
      requestAnimationFrame(function () {
        queued = false;
        fn();
      });
    }
    document.addEventListener('scroll', soon, {capture: true, passive: true});
    window.addEventListener('resize', soon);
  };
  window.catanCover = function (el) {
    var top = boxTop(window.catanScroller(el));
    var board = stuckBoard(el);
    if (!board) return top;
    // (over the board in the page, the heading and the page's bar: above the screen when the
    // board is stuck; all else of the tutor comes under it, style.PHONE_ORDER)
    if (!el.closest('.catan-tutor') || el.closest('.catan-head')) return top;
    return Math.max(top, board.getBoundingClientRect().bottom);
  };
  // px between the board's foot and what is brought under it (a question's box: its
  // "Puzzle" in its top border, style.PUZZLE_HEAD_CSS)
  var GAP = 12;
  window.catanBringUnder = function (el, block) {
    var box = window.catanScroller(el);
    for (var pass = 0; pass < 2; pass++) {  // (a scroll may stick the board: looked at again)
      var cover = window.catanCover(el), r = el.getBoundingClientRect();
      var under = stuckBoard(el) ? cover + GAP : cover;
      var by = 0;
      if (block === 'start' || r.top < under) {
        by = r.top - under;
      } else if (r.bottom > window.innerHeight) {
        by = Math.min(r.bottom - window.innerHeight, r.top - under);
      }
      if (Math.abs(by) < 1) return;
      var was = box.scrollTop;
      box.scrollTop = was + by;
      if (box.scrollTop === was) return;
    }
  };
})();
