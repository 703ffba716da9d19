/* The key to the rule marks ("Click or tap a § to read the rule ...", mark_key.py) said once
 * on the page: a lesson's text and a question's box each had one, the same words twice on
 * one screen (l34). Of the keys shown, the one highest on the page says its sentences; a key
 * lower down leaves out each sentence (data-mark: "rule", "reading") one above it has said,
 * and is left out itself when none is left (class catan-marks-again, style.MARKS_ONCE_CSS). Which comes first depends on the layout
 * (beside the board, the lesson's text is over the question; under it, the question is
 * first), so it is looked at as shown. Runs once per page, with board_keys.js.
 */
(function () {
  'use strict';
  if (window.catanMarksOnce) return;
  window.catanMarksOnce = true;
  var AGAIN = 'catan-marks-again';
  var due = false;
  function sweep() {
    due = false;
    var keys = Array.prototype.slice.call(document.querySelectorAll('.catan-marks-key'));
    keys.forEach(function (k) {
      k.classList.remove(AGAIN);
      k.querySelectorAll('[data-mark]').forEach(function (w) { w.classList.remove(AGAIN); });
    });
    var shown = keys.filter(function (k) { return k.checkVisibility(); });
    var top = new Map();
    shown.forEach(function (k) { top.set(k, k.getBoundingClientRect().top); });
    shown.sort(function (a, b) { return top.get(a) - top.get(b); });
    var said = {};
    shown.forEach(function (k) {
      var words = Array.prototype.slice.call(k.querySelectorAll('[data-mark]'));
      var left = 0;
      words.forEach(function (w) {
        var mark = w.getAttribute('data-mark');
        if (said[mark]) w.classList.add(AGAIN);
        else left++;
        said[mark] = true;
      });
      if (words.length && !left) k.classList.add(AGAIN);
    });
  }
  function soon() {
    if (!due) {
      due = true;
      requestAnimationFrame(sweep);
    }
  }
  // (its own class changes are not watched: only what the kernel's updates change)
  new MutationObserver(soon).observe(document.body, {subtree: true, childList: true,
    characterData: true, attributes: true, attributeFilter: ['style', 'hidden', 'open']});
  window.addEventListener('resize', soon);
  soon();
})();
