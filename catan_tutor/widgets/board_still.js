/* The board stays put on a phone when a step changes what is over it: leaving a puzzle's step
 * (◀) gave the heading back the lines kept for it (a puzzle keeps none: its question on the
 * first screen), and the board and ◀ moved ~50 px down, a second tap landing on the board.
 * For a few seconds after a tap or click on a step button, the page scrolls by as much as the
 * board moved in the page, so it shows where it was (when the page can scroll that far); a
 * scroll of the learner's own moves the board in the page not, and is kept. Runs once per
 * page, with board_keys.js.
 * Entering a puzzle's step (▶) at the top of the page the board goes ~50 px up (the heading
 * keeps no lines for a question) and no scroll can take it back: left so, for the question
 * and its answer's row on the first screen (a margin holding the board left them a scroll
 * away, and a blank band over the board).
 * Roll pressed on a phone, scrolled down to it under the lesson's words: what the dice did
 * (the dice under the board, the hexes that paid, a 7's robber to move) was on the board
 * above the screen, its foot 36 px into it (2.1, a fresh learner, s33). When the roll is
 * played, within a few seconds and before the learner scrolls, the board comes into sight,
 * the heading over it (whose turn, what now) when both fit; not at a question (its own
 * words and answer's row come in: question_in_view.js).
 */
(function () {
  'use strict';
  if (window.catanBoardStill) return;
  window.catanBoardStill = true;
  var PHONE = window.matchMedia('(max-width: 700px)');  // style.LAYOUT_CSS's phone
  var WAIT_MS = 10000;  // a change later than this is not the step's
  var held = null;  // the board of the step tapped: its canvas, its top in the page, when (a
  // tap elsewhere: none)
  var scroller = window.catanScroller;  // (page_facts.js)
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
  var rolled = null;  // Roll pressed: its tutor, the step's depth then, when
  document.addEventListener('click', function (event) {
    var target = event.target;
    var roll = target instanceof Element && PHONE.matches && target.closest('.catan-roll');
    var tutor = roll && roll.closest('.catan-tutor');
    var state = tutor && tutor.querySelector('.catan-state');
    rolled = state ? {tutor: tutor, depth: state.dataset.depth, at: Date.now()} : null;
  }, true);
  ['wheel', 'touchmove'].forEach(function (name) {  // the learner's own scroll
    document.addEventListener(name, function () { rolled = null; }, {capture: true, passive: true});
  });
  function rollShown() {
    if (!rolled) return;
    var tutor = rolled.tutor, state = tutor.querySelector('.catan-state');
    if (Date.now() - rolled.at > WAIT_MS || !tutor.isConnected) {
      rolled = null;
      return;
    }
    if (!state || state.dataset.depth === rolled.depth) return;  // (not played yet)
    rolled = null;
    var entry = tutor.querySelector('.catan-puzzle-entry');
    var canvas = tutor.querySelector('.catan-board canvas');
    if (!canvas || (entry && entry.getClientRects().length)) return;
    var board = canvas.getBoundingClientRect();
    if (board.top >= 0) return;
    var head = tutor.querySelector('.catan-head');
    var top = head ? head.getBoundingClientRect().top : board.top;
    var first = head && top < board.top && board.bottom - top <= window.innerHeight ? head : canvas;
    first.scrollIntoView({block: 'start'});
  }
  var pending = false;
  function keep() {
    if (!held) return;
    if (Date.now() - held.at > WAIT_MS || !held.canvas.isConnected) {
      held = null;
      return;
    }
    var moved = inPage(held.canvas) - held.top;
    if (Math.abs(moved) < 1) return;
    held.top += moved;
    scroller(held.canvas).scrollBy(0, moved);
  }
  function soon() {
    if (pending) return;
    pending = true;
    window.requestAnimationFrame(function () {
      pending = false;
      keep();
      rollShown();
    });
  }
  new MutationObserver(soon).observe(document.body, {
    childList: true, subtree: true, characterData: true, attributes: true,
    attributeFilter: ['style', 'class']
  });
})();
