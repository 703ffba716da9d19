/* The board stays put when something beside it is pressed (a page wider than a phone's): a
 * kind to play, Play, Answer, Hint, a tab. Each kind opens its own form under the kinds: a
 * shorter one than the last made the page shorter, and scrolled to the page's foot the browser
 * took the page down with it, the board jumping by as much (at 1024x768, "Trade with the bank"
 * after "Offer a trade": 299 px; a fresh learner, s16, v05_knight_tokens.png: a board click
 * aimed where the spot was missed). Pressed, the tutor keeps the height it had as its least; it
 * is let go when the learner scrolls to where the page can end without moving (a blank band
 * under a short form till then). Nothing else moves: the page scrolls only as the learner
 * scrolls it. Runs once per page, with board_keys.js; a phone's column is board_still.js's
 * and reply_in_view.js's.
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
})();
