/* The board stays put when something beside it is pressed (a page wider than a phone's): a
 * kind to play, Play, Answer, Hint, a tab. Each kind opens its own form under the kinds: a
 * shorter one than the last made the page shorter, and scrolled to the page's foot the browser
 * took the page down with it, the board jumping by as much (at 1024x768, "Trade with the bank"
 * after "Offer a trade": 299 px; a fresh learner, s16, v05_knight_tokens.png: a board click
 * aimed where the spot was missed). Pressed, the tutor keeps the height it had as its least; it
 * is let go when the learner scrolls to where the page can end without moving (a blank band
 * under a short form till then). Nothing else moves: the page scrolls only as the learner
 * scrolls it. Runs once per page, with board_keys.js; a phone's column is board_still.js's
 * and reply_in_view.js's. The form a kind's button opens is brought into sight whole, but a
 * kind played on the board's spots while the board is in sight (see formInSight).
 */
(function () {
  'use strict';
  if (window.catanKindStill) return;
  window.catanKindStill = true;
  var PHONE = window.matchMedia('(max-width: 700px)');  // style.LAYOUT_CSS's phone
  var held = null;  // the tutor whose least height is kept
  var scroller = window.catanScroller;  // (page_facts.js)
  function hold(event) {
    var target = event.target;
    if (!(target instanceof Element) || PHONE.matches) return;
    var side = target.closest('.catan-tutor>.catan-side');
    var tutor = side && side.parentElement;
    if (!tutor) return;
    if (event.type === 'keydown' && event.key !== 'Enter' && event.key !== ' ') return;
    if (scroller(tutor).scrollTop <= 0) return;  // at the page's top nothing can be taken down
    var high = tutor.getBoundingClientRect().height;
    var least = parseFloat(tutor.style.minHeight) || 0;
    tutor.style.minHeight = Math.max(high, least) + 'px';
    held = tutor;
  }
  // the foot of what the tutor holds (its least height aside)
  function foot(tutor) {
    var bottom = tutor.getBoundingClientRect().top;
    for (var i = 0; i < tutor.children.length; i++) {
      var box = tutor.children[i].getBoundingClientRect();
      if (box.height) bottom = Math.max(bottom, box.bottom);
    }
    return bottom;
  }
  // the learner scrolled: let go if the page can end where it is without moving (what the
  // tutor holds, with what follows it, reaches the screen's foot; at the page's top always)
  function loosen() {
    if (!held) return;
    if (!held.isConnected) {
      held = null;
      return;
    }
    var page = scroller(held);
    var spare = Math.max(0, held.getBoundingClientRect().bottom - foot(held));
    if (page.scrollHeight - spare - page.clientHeight >= page.scrollTop - 1) {
      held.style.minHeight = '';
      held = null;
    }
  }
  document.addEventListener('mousedown', hold, true);
  document.addEventListener('touchstart', hold, {capture: true, passive: true});
  document.addEventListener('keydown', hold, true);
  document.addEventListener('scroll', loosen, {capture: true, passive: true});
  // The form a kind's button opens comes into sight whole, its Play with it (11.16 at
  // 1280x900: "Make a forced trade" opened its "draw from" and Play under the screen's foot,
  // s32), where the board's top stays on the screen: the page scrolls no farther than that
  // takes. Where the board would go out of sight, it stays put (s16 at 1024x768: a board that
  // moved on a kind's press had the next click on a spot miss); the learner scrolls to the
  // form. A kind played by a click on the board (its form .catan-form-spot: form_frame.py)
  // moves nothing while the board is in sight: the board is the way to play it, the form's
  // Play the second (l45 at 7.8, 1280x900: "Activate a knight" scrolled the page 25 px and
  // the click aimed at the knight before it landed beside it). The page's heading (its bar,
  // the light/dark switch) stays whole on the screen where it fits with the form (9.18 at
  // 1280x900: the switch went off the top for "Play a progress card", s35): the room under
  // Play then no more than is left. Once, when the form comes from the kernel, within a few
  // seconds of the press and before the learner scrolls or chooses a field
  var FORM_WAIT_MS = 4000;
  var pressed = null;  // the kind pressed: its tutor, when, the form's words then
  // the form's words and a question's verdict: a verdict told over the form (an answer
  // played from it, or pressed) took its Play under the screen's foot too (l42 at 3.2)
  function formWords(tutor) {
    var fields = tutor.querySelector('.catan-form-box');
    var verdict = tutor.querySelector('.catan-puzzle-verdict');
    return (fields ? fields.textContent : '') + '|' + (verdict ? verdict.textContent : '');
  }
  function kindPressed(event) {
    var target = event.target;
    if (!(target instanceof Element) || PHONE.matches) return;
    if (event.type === 'keydown' && event.key !== 'Enter' && event.key !== ' ') return;
    var kind = target.closest('.catan-palette button, .catan-form-play, .catan-puzzle-submit');
    var tutor = kind && kind.closest('.catan-tutor');
    pressed = tutor ? {tutor: tutor, at: Date.now(), was: formWords(tutor)} : null;
  }
  document.addEventListener('click', kindPressed, true);
  document.addEventListener('keydown', kindPressed, true);
  // the learner's own scroll, or a field chosen (a card's list at the screen's foot: the
  // board stays, l26)
  ['wheel', 'touchmove', 'change'].forEach(function (name) {
    document.addEventListener(name, function () { pressed = null; }, {capture: true, passive: true});
  });
  // the board is in sight: at least half of it (or of the screen, a board taller than that)
  function inSight(board) {
    var box = board.getBoundingClientRect();
    var seen = Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0);
    return seen >= Math.min(box.height, window.innerHeight) / 2;
  }
  function formInSight() {
    if (!pressed) return;
    if (Date.now() - pressed.at > FORM_WAIT_MS || !pressed.tutor.isConnected) {
      pressed = null;
      return;
    }
    var play = pressed.tutor.querySelector('.catan-form .catan-form-play');
    var fields = pressed.tutor.querySelector('.catan-form-box');
    if (!play || !play.getClientRects().length || !fields ||
        !fields.getBoundingClientRect().height ||
        formWords(pressed.tutor) === pressed.was) return;  // (not yet the kind's form)
    var need = play.getBoundingClientRect().bottom - window.innerHeight;
    if (need <= 0) return;  // (in sight: watched on, as a verdict may still come over it)
    pressed = null;
    var board = fields.closest('.catan-tutor').querySelector('.catan-board canvas');
    var boardTop = board ? board.getBoundingClientRect().top : Infinity;
    // a board whose column sticks (the panels beside it: style.py) stays in sight however far
    // the page scrolls (s41 at 1280: a knight's form opened under the fold, unseen)
    var col = board && board.closest('.catan-board-col');
    var sticks = col && getComputedStyle(col).position === 'sticky';
    if (sticks) boardTop = Infinity;
    if (need > boardTop) return;  // (the board would go out of sight: it stays, s16)
    if (board && play.closest('.catan-form-spot') && inSight(board)) return;  // (its spot: on the board)
    var most = boardTop, headTop = pageTop();
    if (headTop >= 0 && need <= headTop) most = Math.min(most, headTop);  // (both fit)
    scroller(play).scrollBy(0, Math.min(need + 8, most));
  }
  // the top of the page's heading on the screen (its light/dark switch, its bar), or -1
  function pageTop() {
    var top = Infinity;
    ['.catan-page-bar', '.catan-app .catan-bar'].forEach(function (at) {
      var found = document.querySelector(at);
      if (found && found.getClientRects().length) {
        top = Math.min(top, found.getBoundingClientRect().top);
      }
    });
    return top === Infinity ? -1 : top;
  }
  var looking = false;
  new MutationObserver(function () {
    if (!pressed || looking) return;
    looking = true;
    window.requestAnimationFrame(function () {
      looking = false;
      formInSight();
    });
  }).observe(document.body, {childList: true, subtree: true, attributes: true,
    attributeFilter: ['style', 'class']});
})();
