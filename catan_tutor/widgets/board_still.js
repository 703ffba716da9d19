/* The board stays put on a phone when a step changes what is over it: leaving a puzzle's step
 * (◀) gave the heading back the lines kept for it (a puzzle keeps none: its question on the
 * first screen), and the board and ◀ moved ~50 px down, a second tap landing on the board.
 * For a few seconds after a tap or click on a step button, the page scrolls by as much as the
 * board moved in the page, so it shows where it was (when the page can scroll that far); a
 * scroll of the learner's own moves the board in the page not, and is kept. Runs once per
 * page, with board_keys.js.
 * Entering a puzzle's step (▶) at the top of the page the board went ~50 px up (the heading
 * keeps no lines for a question), and no scroll can take it back: the board is held where it
 * was by a margin over it, as long as the question is open (its first lines on the screen,
 * under the step buttons; the answer's row a scroll away). Leaving the question, the margin
 * goes as the heading's lines come back: the board stays put then too.
 */
(function () {
  'use strict';
  if (window.catanBoardStill) return;
  window.catanBoardStill = true;
  var PHONE = window.matchMedia('(max-width: 700px)');  // style.LAYOUT_CSS's phone
  var WAIT_MS = 10000;  // a change later than this is not the step's
  var held = null;  // the board of the step tapped: its canvas, its top in the page, when (a
  // tap elsewhere: none)
  function scroller(el) {  // the box that scrolls the page (Voilà's cells, not the window)
    for (var p = el.parentElement; p; p = p.parentElement) {
      var y = getComputedStyle(p).overflowY;
      if (p.scrollHeight > p.clientHeight + 1 && (y === 'auto' || y === 'scroll')) return p;
    }
    return document.scrollingElement || document.documentElement;
  }
  function inPage(canvas) {
    return canvas.getBoundingClientRect().top + scroller(canvas).scrollTop;
  }
  function stepped(event) {
    var target = event.target;
    if (!(target instanceof Element) || !PHONE.matches) return;
    var step = target.closest('.catan-step');
    var tutor = step && step.closest('.catan-tutor');
    var canvas = tutor && tutor.querySelector('.catan-board canvas');
    held = canvas ? {canvas: canvas, top: inPage(canvas), at: Date.now()} : null;
  }
  document.addEventListener('touchstart', stepped, {capture: true, passive: true});
  document.addEventListener('mousedown', stepped, true);
  var pending = false;
  function keep() {
    if (!held) return;
    if (Date.now() - held.at > WAIT_MS || !held.canvas.isConnected) {
      held = null;
      return;
    }
    var moved = inPage(held.canvas) - held.top;
    if (Math.abs(moved) < 1) return;
    var box = scroller(held.canvas), short = -moved - box.scrollTop;
    var board = held.canvas.closest('.catan-board');
    if (short >= 1 && board && asking(board)) {  // up, further than the page can scroll
      board.dataset.held = String((parseFloat(board.dataset.held) || 0) + short);
      board.style.marginTop = board.dataset.held + 'px';
      moved += short;
    }
    held.top += moved;
    if (Math.abs(moved) >= 1) box.scrollBy(0, moved);
  }
  function asking(board) {  // a question open beside this board
    var tutor = board.closest('.catan-tutor');
    var puzzle = tutor && tutor.querySelector('.catan-puzzle');
    return !!puzzle && puzzle.style.display !== 'none';
  }
  function release() {  // the margins kept for questions no longer open
    var boards = document.querySelectorAll('.catan-board[data-held]');
    for (var i = 0; i < boards.length; i++) {
      if (asking(boards[i]) && PHONE.matches) continue;
      boards[i].style.marginTop = '';
      delete boards[i].dataset.held;
    }
  }
  function soon() {
    if (pending) return;
    pending = true;
    window.requestAnimationFrame(function () {
      pending = false;
      release();
      keep();
    });
  }
  new MutationObserver(soon).observe(document.body, {
    childList: true, subtree: true, characterData: true, attributes: true,
    attributeFilter: ['style', 'class']
  });
})();
