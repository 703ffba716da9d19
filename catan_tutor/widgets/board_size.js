/* A phone's board made smaller, to read under it: the board stuck at the screen's top took
 * about 370 of 740 px, and nothing shrank it while the lesson's words were read (learners 278,
 * 279). A button at the board's top right corner, over the sea, makes it about 60 % as wide,
 * centred (the class ``catan-board-small``, style.BOARD_SIZE_CSS), and as big again; the
 * choice is kept for the next page (localStorage). Only the page's look changes: the kernel is
 * told the board's new width as for any resize (board_width.js). Runs once per page.
 */
(function () {
  'use strict';
  if (window.catanBoardSize) return;
  window.catanBoardSize = true;
  var KEY = 'catan-board-small';
  var WORDS = {false: 'Smaller board, more room to read', true: 'Bigger board'};
  var SVG = '<svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" ' +
    'focusable="false"><circle cx="8.5" cy="8.5" r="6" fill="none" stroke="currentColor" ' +
    'stroke-width="2"/><path d="M13 13l5 5" stroke="currentColor" stroke-width="2.4" ' +
    'stroke-linecap="round"/><path d="M5.5 8.5h6" stroke="currentColor" stroke-width="2"/>' +
    '<path class="catan-size-plus" d="M8.5 5.5v6" stroke="currentColor" stroke-width="2"/></svg>';
  function small() {
    try { return window.localStorage.getItem(KEY) === '1'; } catch (e) { return false; }
  }
  function show(board, button, on) {
    board.classList.toggle('catan-board-small', on);
    button.setAttribute('aria-pressed', String(on));
    button.setAttribute('aria-label', WORDS[on]);
    button.title = WORDS[on];
  }
  function add() {
    var boards = document.querySelectorAll('.catan-tutor>.catan-board-col>.catan-board');
    for (var i = 0; i < boards.length; i++) {
      var board = boards[i];
      if (board.querySelector(':scope>.catan-board-size')) continue;
      var button = document.createElement('button');
      button.type = 'button';
      button.className = 'catan-board-size';
      button.innerHTML = SVG;
      // no focus on a press: focused, the box scrolled it out from under its padding
      // (board_width.js's scroll-padding-top: the stuck board's height), to the page's top
      var still = function (event) { event.preventDefault(); };
      button.addEventListener('pointerdown', still);
      button.addEventListener('mousedown', still);
      button.addEventListener('click', function (event) {
        var b = event.currentTarget, on = !b.parentElement.classList.contains(KEY);
        try { window.localStorage.setItem(KEY, on ? '1' : '0'); } catch (e) { /* private */ }
        show(b.parentElement, b, on);
      });
      board.appendChild(button);
      show(board, button, small());
    }
  }
  new MutationObserver(add).observe(document.body, {childList: true, subtree: true});
  add();
})();
