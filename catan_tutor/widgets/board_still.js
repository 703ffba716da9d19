/* The board stays put on a phone when a step changes what is over it: leaving a puzzle's step
 * (◀) gave the heading back the lines kept for it (a puzzle keeps none: its question on the
 * first screen), and the board and ◀ moved ~50 px down, a second tap landing on the board.
 * For a few seconds after a tap or click on a step button or the board, the page scrolls by as
 * much as the board moved in the page (a refusal's lines in the heading over it too), so it
 * shows where it was (when the page can scroll that far); a scroll of the learner's own moves
 * the board in the page not, and is kept. Runs once per page, with board_keys.js.
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
 * A phone's board sticks at the screen's top while the words under it scroll (style.LAYOUT_CSS):
 * a step taken (◀ ▶, or a move played by a tap on the board) shows its words with the board.
 * When the step has changed, the step's first words under the board (its story, "You left the
 * lesson's line", the question, the lesson's text) are brought in where they are under the
 * board or less than a few lines of them show over the screen's foot: the page goes to where
 * the board just sticks, the step buttons right under it and the words under them (at the
 * page's top ▶ sat at the screen's foot, the words under the fold; scrolled down to read,
 * the next step's words began under the board). After a tap on the board only where it is
 * stuck (the board stays under the finger), and not at a question (its reply is
 * reply_in_view.js's). A learner's own scroll ends it. A step or board tap with the board
 * stuck keeps the tutor's height as its least till the next one: a shorter step (◀ out of a
 * question) brought the page's foot up and the board ~200 px down under the finger.
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
    // (a tap on the board too: a refusal's lines in the heading over it took it down under
    // the finger, the next tap landing elsewhere; l276)
    var step = target.closest('.catan-step') || target.closest('.catan-board');
    var tutor = step && step.closest('.catan-tutor');
    var canvas = tutor && tutor.querySelector('.catan-board canvas');
    held = canvas ? {canvas: canvas, top: inPage(canvas), at: Date.now()} : null;
  }
  var stepAt = null;  // a step asked for: its tutor, the node then, when, when it changed
  function asked(event) {
    var target = event.target;
    stepAt = null;
    if (!(target instanceof Element) || !PHONE.matches) return;
    var tutor = target.closest('.catan-tutor');
    var state = tutor && tutor.querySelector('.catan-state');
    var board = tutor && tutor.querySelector('.catan-board');
    var step = tutor && tutor.querySelector('.catan-step');  // (under the board)
    if (!state || !(target.closest('.catan-step') || (board && board.contains(target) &&
                                                       step && window.catanBoardStuck(step)))) {
      return;
    }
    stepAt = {tutor: tutor, node: state.dataset.node, at: Date.now(), changed: 0, home: false,
              byBoard: !target.closest('.catan-step')};
    // the board stuck: the page keeps at least its height (a step out of a question made it
    // shorter, the page's foot came up and took the board ~200 px down under the finger)
    tutor.style.minHeight = '';
    if (step && window.catanBoardStuck(step)) {
      tutor.style.minHeight = tutor.getBoundingClientRect().height + 'px';
    }
  }
  document.addEventListener('touchstart', asked, {capture: true, passive: true});
  document.addEventListener('mousedown', asked, true);
  document.addEventListener('keydown', function (event) {  // (Enter or Space on ▶)
    if (event.target instanceof Element && event.target.closest('.catan-step')) asked(event);
  }, true);
  var WORDS = '.catan-tutor>.catan-side>:is(.catan-story,.catan-line,.catan-puzzle,' +
    '.catan-lesson)';
  var SEEN_PX = 80;  // of the words at least this much over the screen's foot (~4 lines)
  var SETTLE_MS = 1500;  // the step's lines come in till none has come for this long
  function stepShown() {
    if (!stepAt) return;
    var tutor = stepAt.tutor, state = tutor.querySelector('.catan-state');
    var now = Date.now();
    if (now - stepAt.at > WAIT_MS || !tutor.isConnected ||
        (stepAt.changed && now - stepAt.changed > SETTLE_MS)) {
      stepAt = null;
      return;
    }
    if (!state || state.dataset.node === stepAt.node) return;  // (not taken yet)
    // (till the step's lines stop coming: on a busy machine a question's box came 2 s after
    // the step, when this had ended, and the page stayed at its top: CI, s46)
    stepAt.changed = now;
    // (a question answered on the board: its reply is brought in by reply_in_view.js)
    var puzzle = tutor.querySelector('.catan-puzzle');
    if (stepAt.byBoard && puzzle && puzzle.getClientRects().length) {
      stepAt = null;
      return;
    }
    var words = null, found = tutor.querySelectorAll(WORDS);
    for (var i = 0; i < found.length; i++) {
      var r = found[i].getBoundingClientRect();
      if (!r.height || !(found[i].innerText || '').trim()) continue;
      if (!words || r.top < words.getBoundingClientRect().top) words = found[i];
    }
    var board = tutor.querySelector('.catan-board-col>.catan-board');
    if (!words || !board) return;
    var top = words.getBoundingClientRect().top;
    // a question's answer's row too, with room under it (it came at the screen's foot, the
    // page at its top, or the board stuck and the row under it, as the box's lines came
    // first or last: CI, s46)
    var entry = tutor.querySelector('.catan-puzzle-entry');
    var low = entry && entry.getClientRects().length ?
      entry.getBoundingClientRect().bottom : 0;
    // (brought there once, kept there while the step's lines come in: the heading's lines
    // for a question went after the scroll, and ◀ ▶ went up under the board)
    if (!stepAt.home && top >= window.catanCover(words) &&
        top <= window.innerHeight - SEEN_PX && low <= window.innerHeight - SEEN_PX) return;
    stepAt.home = true;
    // where the board just sticks: its place's top at the top of the page's box
    var box = scroller(board);
    var was = board.style.position;
    board.style.position = 'relative';
    var by = board.getBoundingClientRect().top;
    board.style.position = was;
    by -= window.catanStickAt(board);
    if (Math.abs(by) >= 1) box.scrollTop += by;
    if (held) held.top = inPage(held.canvas);  // (moved on purpose: keep leaves it so)
    top = words.getBoundingClientRect().top;
    if (top < window.catanCover(words) || top > window.innerHeight - SEEN_PX) {
      window.catanBringUnder(words, 'start');
    }
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
    document.addEventListener(name, function () {
      rolled = null;
      stepAt = null;
      // the height kept for the step tapped goes too: scrolled down to read, a short step
      // ended in half a screen of nothing (learner 278 at 1.1's step 2)
      var kept = document.querySelectorAll('.catan-tutor[style*="min-height"]');
      for (var i = 0; i < kept.length; i++) kept[i].style.minHeight = '';
    }, {capture: true, passive: true});
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
    // stuck at the screen's top it moves in the page with every scroll, and not under the
    // finger: a scroll then is kept (s45: a § scrolled into sight was scrolled away again)
    var step = held.canvas.closest('.catan-tutor');
    step = step && step.querySelector('.catan-step');
    if (step && window.catanBoardStuck(step)) {
      held.top += moved;
      return;
    }
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
      stepShown();
    });
  }
  new MutationObserver(soon).observe(document.body, {
    childList: true, subtree: true, characterData: true, attributes: true,
    attributeFilter: ['style', 'class']
  });
})();
