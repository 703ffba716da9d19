/* A reply in sight on a phone: a tap on the board (or a press of Play, Answer...) is answered
 * near it: the question's verdict, the message under the actions (under the form a tap
 * filled, with its Play), the lines under the board, why not there (over it), "You left the
 * lesson's line". On a narrow page that can be past the screen's edge: for a few seconds after a tap
 * or click in a tutor, a reply that appears or changes out of sight is scrolled into view, no
 * farther than it takes (the board moves as little as it can). A tap on the board itself
 * scrolls nothing: its reply shows under the step buttons, and a scroll took the board from
 * under the finger (a second tap on the spot landed on ◀, phone_tap2.png). Runs once per
 * page, with board_keys.js.
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
  var tapped = 0;
  var said = new WeakMap();  // each reply's words when last looked at
  function asked(event) {
    var target = event.target;
    if (!(target instanceof Element) || !target.closest('.catan-tutor')) return;
    // a tap on the board: no reply scrolled to (0), else the tap's time
    tapped = target.closest('.catan-board') ? 0 : Date.now();
  }
  document.addEventListener('touchstart', asked, {capture: true, passive: true});
  document.addEventListener('mousedown', asked, true);
  var pending = false;
  function look() {
    pending = false;
    if (!PHONE.matches) return;  // a wide page: no reading of every reply (a layout) per change
    var fresh = Date.now() - tapped < WAIT_MS;
    var replies = document.querySelectorAll(REPLIES);
    for (var i = 0; i < replies.length; i++) {
      var reply = replies[i];
      var words = reply.innerText || '';
      var before = said.get(reply);
      said.set(reply, words);
      if (!fresh || !words.trim() || words === before) continue;
      var box = reply.getBoundingClientRect();
      if (box.height && (box.bottom > window.innerHeight || box.top < 0)) {
        // why not, over the board, for a move the form's Explain refused far below: the line
        // at the screen's top, the board and the spot it speaks of under it (phone_whynot.png)
        var over = reply.matches('.catan-why-not') && box.top < 0;
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
