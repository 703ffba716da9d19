/* The board stays put when something beside it is pressed (a page wider than a phone's): a
 * kind to play, Play, Answer, Hint, a tab. Each kind opens its own form under the kinds: a
 * shorter one than the last made the page shorter, and scrolled to the page's foot the browser
 * took the page down with it, the board jumping by as much (at 1024x768, "Trade with the bank"
 * after "Offer a trade": 299 px; a fresh learner, s16, v05_knight_tokens.png: a board click
 * aimed where the spot was missed). Pressed, the tutor keeps the height it had as its least; it
 * is let go when the learner scrolls to where the page can end without moving (a blank band
 * under a short form till then). Nothing else moves: the page scrolls only as the learner
 * scrolls it. Runs once per page, with board_keys.js; a phone's column is board_still.js's
 * and reply_in_view.js's. The form a kind's button opens is brought into sight whole (see
 * formInSight).
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
  // s32): the page scrolls no farther than that takes, so the board stays in sight where
  // both fit (its top goes no higher than the screen's); a form taller than the screen shows
  // its foot, Play. For a few seconds after the press (the form comes from the kernel), till
  // the learner scrolls
  var FORM_WAIT_MS = 4000;
  var pressed = null;  // the kind pressed: its tutor, when
  function kindPressed(event) {
    var target = event.target;
    if (!(target instanceof Element) || PHONE.matches) return;
    if (event.type === 'keydown' && event.key !== 'Enter' && event.key !== ' ') return;
    var kind = target.closest('.catan-palette button');
    var tutor = kind && kind.closest('.catan-tutor');
    pressed = tutor ? {tutor: tutor, at: Date.now()} : null;
  }
  document.addEventListener('click', kindPressed, true);
  document.addEventListener('keydown', kindPressed, true);
  // the learner's own scroll, or a field chosen (a card's list at the screen's foot: the
  // board stays, l26)
  ['wheel', 'touchmove', 'change'].forEach(function (name) {
    document.addEventListener(name, function () { pressed = null; }, {capture: true, passive: true});
  });
  function formInSight() {
    if (!pressed) return;
    if (Date.now() - pressed.at > FORM_WAIT_MS || !pressed.tutor.isConnected) {
      pressed = null;
      return;
    }
    var play = pressed.tutor.querySelector('.catan-form .catan-form-play');
    var fields = pressed.tutor.querySelector('.catan-form-box');
    if (!play || !play.getClientRects().length || !fields ||
        !fields.getBoundingClientRect().height) return;  // (no form: the kind was played)
    var form = play.closest('.catan-form');
    var top = Math.min(fields.getBoundingClientRect().top, form.getBoundingClientRect().top);
    var bottom = Math.max(fields.getBoundingClientRect().bottom,
      play.getBoundingClientRect().bottom);
    var high = window.innerHeight;  // (looked at again as the form grows: a late field)
    if (bottom <= high) return;
    var by = bottom + 8 - high;
    if (bottom - top <= high) by = Math.min(by, Math.max(0, top));  // (its top kept in sight)
    var board = pressed.tutor.querySelector('.catan-board canvas');
    var boardTop = board ? board.getBoundingClientRect().top : -1;
    if (boardTop >= 0 && bottom - boardTop <= high) by = Math.min(by, boardTop);  // (both)
    if (by > 0) scroller(form).scrollBy(0, by);
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
