/* A lesson opened from the chapter's or the lesson's list shows from its heading: on a phone
 * (375x740) a chapter switched with the page scrolled down left it so, the board out of view
 * (a fresh learner, s15). After a change of either list, the first change of the heading's
 * words (the lesson or the free game opened) scrolls the page to its top when the tutor's
 * heading (or the board, when it comes first) then shows in the screen's upper half, the
 * page's bar (the lists, the theme) over it; else the heading goes to the screen's top, when
 * it is not on the screen. (Scrolling the heading to the top hid the page's bar above it: a
 * fresh learner, l38.) Next lesson, pressed under a lesson's last words, opens the next as
 * the lists do (s35: on a phone 2.2 opened where 2.1 had ended, scrolled past the page's
 * title, "Catan tutor", and its lists). Runs once per page, with board_keys.js.
 */
(function () {
  'use strict';
  if (window.catanLessonTop) return;
  window.catanLessonTop = true;
  var WAIT_MS = 20000;  // a change of the heading later than this is not the list's
  var asked = null;  // a list changed: when, and the heading's words then
  function heading() {
    return document.querySelector('.catan-tutor .catan-head');
  }
  function opening() {  // a lesson asked for: the heading's words it replaces
    var head = heading();
    asked = {at: Date.now(), words: head ? head.textContent : ''};
  }
  document.addEventListener('change', function (event) {
    var target = event.target;
    if (target instanceof Element && target.closest('.catan-bar')) opening();
  }, true);
  document.addEventListener('click', function (event) {
    var target = event.target;
    if (target instanceof Element && target.closest('.catan-next-lesson')) opening();
  }, true);
  function look() {
    if (!asked) return;
    if (Date.now() - asked.at > WAIT_MS) {
      asked = null;
      return;
    }
    var head = heading();
    if (!head || head.textContent === asked.words) return;
    asked = null;
    // the heading or the board, whichever comes first (a tablet shows the board above it)
    var board = document.querySelector('.catan-tutor .catan-board-col');
    var first = head;
    if (board && board.getBoundingClientRect().top < head.getBoundingClientRect().top) {
      first = board;
    }
    var top = first.getBoundingClientRect().top;
    var box = scroller(first);
    var boxTop = box === document.scrollingElement ? 0 : box.getBoundingClientRect().top;
    if (top - boxTop + box.scrollTop <= window.innerHeight * 0.5) {
      if (box.scrollTop > 0) box.scrollTop = 0;  // the page's top: its bar, then the heading
    } else if (top < 0 || top > window.innerHeight * 0.5) {
      first.scrollIntoView({block: 'start'});
    }
  }
  // the box that scrolls `e` (Voilà's own box, not the window), or the page's
  function scroller(e) {
    for (var p = e.parentElement; p; p = p.parentElement) {
      var y = getComputedStyle(p).overflowY;
      if (p.scrollHeight > p.clientHeight + 1 && (y === 'auto' || y === 'scroll')) return p;
    }
    return document.scrollingElement || document.documentElement;
  }
  var pending = false;
  new MutationObserver(function () {
    if (!asked || pending) return;
    pending = true;
    window.requestAnimationFrame(function () {
      pending = false;
      look();
    });
  }).observe(document.body, {childList: true, subtree: true, characterData: true});
})();
