/* After a choice in a form's list its next field and Play stay in sight: at 1280x900 (9.18)
 * choosing the Merchant in the card list brought its "details" list and "Play this move"
 * in under the screen's foot (a fresh learner, l24, p918_c.png). For a few seconds after a
 * list of a form is changed (the kernel redraws the fields under it), the form's Play is
 * scrolled into sight, no farther than it takes (nothing moves when it is in sight); the
 * list changed stays in sight. A learner's own scroll ends it. Runs once per page, with
 * board_keys.js.
 */
(function () {
  'use strict';
  if (window.catanFormInView) return;
  window.catanFormInView = true;
  var WAIT_MS = 4000;  // a redraw later than this is not the choice's
  var chosen = null;  // the list changed: its form and when (a learner's scroll: none)
  document.addEventListener('change', function (event) {
    var target = event.target;
    var form = target instanceof Element && target.closest('.catan-tutor .catan-form');
    chosen = form && target.matches('select') ? {form: form, list: target, at: Date.now()}
      : null;
    if (chosen) soon();
  }, true);
  function stop() {
    chosen = null;
  }
  document.addEventListener('wheel', stop, {capture: true, passive: true});
  document.addEventListener('touchmove', stop, {capture: true, passive: true});
  function look() {
    if (!chosen) return;
    if (Date.now() - chosen.at > WAIT_MS || !chosen.form.isConnected) {
      chosen = null;
      return;
    }
    var play = chosen.form.querySelector('button');  // Play, the form's first button
    if (!play || !play.getClientRects().length) return;
    var r = play.getBoundingClientRect();
    if (r.bottom <= window.innerHeight && r.top >= 0) return;
    var list = chosen.list.getBoundingClientRect();
    // (a form taller than the screen: the list changed kept in sight, Play as near as fits)
    if (r.bottom - list.top > window.innerHeight) return;
    play.scrollIntoView({block: 'nearest'});
  }
  var pending = false;
  function soon() {
    if (pending) return;
    pending = true;
    window.requestAnimationFrame(function () {
      pending = false;
      look();
    });
  }
  new MutationObserver(function () {
    if (chosen) soon();
  }).observe(document.body, {
    childList: true, subtree: true, characterData: true, attributes: true,
    attributeFilter: ['style', 'class']
  });
})();
