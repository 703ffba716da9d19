/* Try a move's box after a tap on the board: the tap writes its move there ("P1 settle M4"),
 * and the learner's typing went on after it ("P1 settle M4build a settlement at e4", answered
 * "“M4build” is not a corner": a fresh learner's free game, s32). Text in the box that the
 * learner did not type (a tap's, a kind's move) is selected when the box gets focus, so what
 * they type replaces it; text they typed themselves is left as it is, the caret where they
 * put it. Runs once per page, with board_keys.js.
 */
(function () {
  'use strict';
  if (window.catanTryBox) return;
  window.catanTryBox = true;
  var typed = new WeakMap();  // each box: its text as the learner last typed it
  var chosen = null;  // the box whose text was just selected (its click's mouseup keeps it)
  function box(target) {
    return target instanceof HTMLInputElement && target.closest('.catan-try') ? target : null;
  }
  document.addEventListener('input', function (event) {
    var b = box(event.target);
    if (b) typed.set(b, b.value);
  }, true);
  document.addEventListener('focusin', function (event) {
    var b = box(event.target);
    if (!b || !b.value || b.value === typed.get(b)) return;
    b.select();
    chosen = b;
  }, true);
  document.addEventListener('mouseup', function (event) {
    // the click (or tap) that focused the box would put the caret where it landed
    if (chosen && event.target === chosen) event.preventDefault();
    chosen = null;
  }, true);
})();
