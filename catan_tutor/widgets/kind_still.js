/* The board stays put when a kind to play is pressed (a page wider than a phone's). Each kind
 * opens its own form under the kinds: a shorter one than the last made the page shorter, and
 * scrolled to the page's foot the browser took the page down with it, the board jumping by as
 * much (at 1024x768, "Trade with the bank" after "Offer a trade": 299 px; a fresh learner, s16,
 * v05_knight_tokens.png: a board click aimed where the spot was missed). Pressed, the kind's
 * tutor keeps the height it had as its least; it is let go once the page can end where it is
 * (what it holds reaching the screen's foot again: a longer form, or the learner scrolled up),
 * a blank band under a short form till then. Nothing else moves: the page scrolls only as
 * the learner scrolls it. Runs once per page, with board_keys.js; a phone's column is
 * board_still.js's and reply_in_view.js's.
 */
(function () {
  'use strict';
  if (window.catanKindStill) return;
  window.catanKindStill = true;
  var PHONE = window.matchMedia('(max-width: 700px)');  // style.LAYOUT_CSS's phone
  var KINDS = '.catan-palette, .catan-blocked';  // the kinds and the greyed "why not?" kinds
  var held = null;  // the tutor whose least height is kept
  function hold(event) {
    var target = event.target;
    if (!(target instanceof Element) || PHONE.matches) return;
    var kinds = target.closest(KINDS);
    var tutor = kinds && kinds.closest('.catan-tutor');
    if (!tutor) return;
    if (event.type === 'keydown' && event.key !== 'Enter' && event.key !== ' ') return;
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
  function loosen() {
    if (!held) return;
    if (!held.isConnected) {
      held = null;
      return;
    }
    if (foot(held) >= window.innerHeight - 1) {  // the page can end where it is: let go
      held.style.minHeight = '';
      held = null;
    }
  }
  document.addEventListener('mousedown', hold, true);
  document.addEventListener('touchstart', hold, {capture: true, passive: true});
  document.addEventListener('keydown', hold, true);
  document.addEventListener('scroll', loosen, {capture: true, passive: true});
  var pending = false;
  new MutationObserver(function () {  // the new form: let go as soon as the page reaches
    if (!held || pending) return;     // the screen's foot again
    pending = true;
    window.requestAnimationFrame(function () {
      pending = false;
      loosen();
    });
  }).observe(document.body, {childList: true, subtree: true, attributes: true,
    attributeFilter: ['style', 'class']});
})();
