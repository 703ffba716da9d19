/* A reply in sight on a phone: a tap on the board (or a press of Play, Answer...) is answered
 * near it: the question's verdict, the message under the actions (under the form a tap
 * filled, with its Play), the lines under the board, why not there (over it), "You left the
 * lesson's line". On a narrow page that can be past the screen's edge: for a few seconds after a tap
 * or click in a tutor, a reply that appears or changes out of sight is scrolled into view, no
 * farther than it takes (the board moves as little as it can). A tap on the board itself
 * scrolls nothing: its why-not shows over the board (in the heading's place), and a scroll took the board from
 * under the finger (a second tap on the spot landed on ◀, phone_tap2.png). On a tablet
 * (the panels under the board) a tap on the board that asks to finish a form brings the form
 * and its message in (a fresh learner: they were ~700 px below the fold at 768x1024, only a
 * purple ring round the spot changed). Runs once per page, with board_keys.js.
 */
(function () {
  'use strict';
  if (window.catanReplyInView) return;
  window.catanReplyInView = true;
  // (the message under a form a tap filled follows its Play: "finish the form and press Play")
  var REPLIES = '.catan-puzzle-result, .catan-actions .catan-message, .catan-line, ' +
    '.catan-board-col .widget-label, .catan-why-not';
  var WAIT_MS = 5000;  // a reply later than this is not the tap's
  var PHONE = window.matchMedia('(max-width: 700px)');  // style.LAYOUT_CSS's phone
  // style.TALL: a tablet, the panels under the board
  var TABLET = window.matchMedia('(min-width: 701px) and (max-width: 1015px) and ' +
    '(min-height: 861px)');
  var FORM_SAID = '.catan-actions .catan-message';  // "finish the form and press Play"
  var tapped = 0;
  var onBoard = false;  // the last tap was on the board
  var said = new WeakMap();  // each reply's words when last looked at
  function asked(event) {
    var target = event.target;
    if (!(target instanceof Element) || !target.closest('.catan-tutor')) return;
    // a tap on the board: no reply scrolled to on a phone (0), else the tap's time
    onBoard = !!target.closest('.catan-board');
    tapped = onBoard && !TABLET.matches ? 0 : Date.now();
  }
  document.addEventListener('touchstart', asked, {capture: true, passive: true});
  document.addEventListener('mousedown', asked, true);
  // Enter on the board (the keyboard's cursor) acts there as a tap does: a form it fills that
  // asks to be finished is brought in (a fresh learner at 768x1024, lesson 1.1: only a ring
  // round the spot changed, the form a screen below). On a phone too: no finger on the board
  // for a scroll to take it from under
  document.addEventListener('keydown', function (event) {
    var target = event.target;
    if (event.key !== 'Enter' || !(target instanceof Element) ||
        !target.closest('.catan-tutor .catan-board')) return;
    onBoard = true;
    tapped = Date.now();
  }, true);
  var pending = false;
  function look() {
    pending = false;
    // a wide page: no reading of every reply (a layout) per change
    if (!PHONE.matches && !TABLET.matches) return;
    var fresh = Date.now() - tapped < WAIT_MS;
    var replies = document.querySelectorAll(REPLIES);
    for (var i = 0; i < replies.length; i++) {
      var reply = replies[i];
      var words = reply.innerText || '';
      var before = said.get(reply);
      said.set(reply, words);
      if (!fresh || !words.trim() || words === before) continue;
      if (onBoard && !reply.matches(FORM_SAID)) continue;  // a tablet's board tap: the form
      if (!onBoard && TABLET.matches) continue;  // (a tablet: as a wide page, but for that)
      var box = reply.getBoundingClientRect();
      if (box.height && (box.bottom > window.innerHeight || box.top < 0)) {
        // why not, over the board, for a move the form's Explain refused far below: the line
        // at the screen's top, the board and the spot it speaks of under it (phone_whynot.png)
        var over = reply.matches('.catan-why-not') && box.top < 0;
        if (onBoard) {  // the form over its message: the form's top in sight if it fits
          var form = reply.parentElement && reply.parentElement.querySelector('.catan-form');
          var top = form ? form.getBoundingClientRect().top : box.top;
          var fits = box.bottom - top < window.innerHeight - 16;
          (fits && form ? form : reply).scrollIntoView({block: fits && form ? 'start' : 'end'});
          continue;
        }
        reply.scrollIntoView({block: over ? 'start' : 'nearest'});
      }
    }
  }
  function soon() {
    if (pending) return;
    pending = true;
    window.requestAnimationFrame(look);
  }
  new MutationObserver(soon).observe(document.body, {
    childList: true, subtree: true, characterData: true, attributes: true,
    attributeFilter: ['style']
  });
  soon();
})();
