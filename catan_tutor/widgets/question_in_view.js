/* An open question and its answer's row on the screen on a phone (375x740): at 9.18 opened
 * from the lesson's list the question's box started at the screen's foot, its Answer under
 * it, the hand and the story a screen below (a fresh learner, l24, ph918_b.png). When a
 * question opens (its answer's row shows, or its words change to another's) the page
 * scrolls, no farther than it takes, so its words and its answer's row (the box, Answer,
 * Hint) are in sight; the board may go up out of sight above it. For a few seconds after
 * it opened (late lines come in after a step), until the learner scrolls, taps or types.
 * Not on the page's first paint: a question the page opens at (a lesson's link, the start
 * page's lesson) before the learner has scrolled, tapped, typed or chosen anything leaves the
 * page at its top, its title in sight (a fresh learner, s33: "Catan tutor" cut at the top,
 * the page scrolled 25 px at 1.5's question, 43 at 2.2's). Runs once per page, with
 * board_keys.js.
 */
(function () {
  'use strict';
  if (window.catanQuestionInView) return;
  window.catanQuestionInView = true;
  var PHONE = window.matchMedia('(max-width: 700px)');  // style.LAYOUT_CSS's phone
  var WAIT_MS = 4000;  // a change later than this is not the question's opening
  var seen = '';  // the open question's words when last looked at ('' none open)
  var opened = null;  // the question opened: when, its entry (a learner's scroll: none)
  function shown(e) {
    return !!(e && e.getClientRects().length);
  }
  var acted = false;  // the learner scrolled, tapped, typed or chose since the page opened
  function stop() {
    opened = null;
    acted = true;
  }
  // the learner's own scroll, tap, click or key ends it (◀ out of the question brought the
  // heading's lines back over the board: the box went down, and was brought back up)
  ['wheel', 'touchstart', 'mousedown', 'keydown'].forEach(function (name) {
    document.addEventListener(name, stop, {capture: true, passive: true});
  });
  // a lesson chosen in the page's bar: its question comes after, no first paint (the page's
  // own fields tell the kernel with a change too: page_facts.js)
  document.addEventListener('change', function (event) {
    if (event.target instanceof Element && event.target.closest('.catan-bar')) stop();
  }, true);
  function bring(entry) {
    var box = entry.closest('.catan-puzzle');
    var prompt = box && box.querySelector('.catan-puzzle-prompt');
    // (under a phone's board stuck at the screen's top: out of sight, page_facts.js)
    var r = entry.getBoundingClientRect();
    if (r.bottom > window.innerHeight || r.top < window.catanCover(entry)) {
      window.catanBringUnder(entry, 'nearest');
    }
    if (shown(prompt) && prompt.getBoundingClientRect().top < window.catanCover(prompt)) {
      window.catanBringUnder(prompt, 'start');  // (a question taller than the screen)
    }
  }
  function asked(entry) {  // the question's words (' ': none found)
    var box = entry.closest('.catan-puzzle');
    var said = box ? box.querySelectorAll('.catan-puzzle-prompt p') : [];
    for (var i = 0; i < said.length; i++) {
      if (!said[i].closest('.catan-puzzle-verdict')) return said[i].innerText || ' ';
    }
    return ' ';
  }
  function look() {
    var entry = document.querySelector('.catan-tutor .catan-puzzle-entry');
    var open = shown(entry);
    // the question by its words, a try's verdict in its box left out (a wrong try is no new
    // question: a finger's tap on the board answered so moves nothing, reply_in_view.js; nor
    // is ◀ out of it, its step changed before its box goes)
    var words = open ? asked(entry) : '';
    if (words !== seen) {
      seen = words;
      opened = open && PHONE.matches && acted ? {at: Date.now(), entry: entry} : null;
    }
    if (!opened) return;
    if (Date.now() - opened.at > WAIT_MS || !opened.entry.isConnected) {
      opened = null;
      return;
    }
    bring(opened.entry);
  }
  var pending = false;
  new MutationObserver(function () {
    if (pending) return;
    pending = true;
    window.requestAnimationFrame(function () {
      pending = false;
      look();
    });
  }).observe(document.body, {
    childList: true, subtree: true, characterData: true, attributes: true,
    attributeFilter: ['style', 'class']
  });
})();
