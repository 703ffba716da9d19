/* A phone's board stuck at the screen's top (style.LAYOUT_CSS) casts a shadow on what scrolls
 * under it: without one, the rows scrolled half under the board showed as slivers of buttons
 * under the dice strip, read as part of the board (a fresh learner, 276). The board has the
 * class ``catan-board-stuck`` while it is stuck (its shadow: style.py). Runs once per page, after
 * page_facts.js.
 */
(function () {
  'use strict';
  if (window.catanStuckShadow) return;
  window.catanStuckShadow = true;
  function update() {
    var board = document.querySelector('.catan-tutor>.catan-board-col>.catan-board');
    if (!board || !window.catanBoardStuck) return;
    var under = board.parentElement.lastElementChild;  // (under the board in its column)
    var stuck = under !== board && window.catanBoardStuck(under);
    if (board.classList.contains('catan-board-stuck') !== stuck) {
      board.classList.toggle('catan-board-stuck', stuck);
    }
  }
  window.catanOnScroll(update);
})();
