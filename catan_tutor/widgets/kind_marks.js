/* A question's palette marks some of its kinds by classes on the palette, N the button's
 * index: "catan-off-N", a kind no one can play this turn (no such card:
 * kinds_unavailable.py), gets aria-disabled (read out as unavailable; greyed by PLAY_CSS);
 * "catan-unpaid-N", a build its seat cannot pay for now (unpaid.py), gets data-unpaid="true"
 * (the muted look) and its hover text as aria-description (read out with it). The other
 * buttons get neither. Runs once per page, with board_keys.js.
 */
(function () {
  'use strict';
  if (window.catanKindMarks) return;
  window.catanKindMarks = true;
  var due = false;
  function indices(palette, prefix) {
    var on = {};
    palette.classList.forEach(function (c) {
      if (c.indexOf(prefix) === 0) on[c.slice(prefix.length)] = true;
    });
    return on;
  }
  function mark(palette) {
    var off = indices(palette, 'catan-off-');
    var dear = indices(palette, 'catan-unpaid-');
    palette.querySelectorAll('button.widget-toggle-button').forEach(function (b) {
      var i = b.getAttribute('value');
      var greyed = b.getAttribute('aria-disabled') === 'true';
      if (off[i] && !greyed) b.setAttribute('aria-disabled', 'true');
      else if (!off[i] && greyed) b.removeAttribute('aria-disabled');
      var muted = b.getAttribute('data-unpaid') === 'true';
      var tip = b.getAttribute('title') || '';
      if (dear[i]) {
        if (!muted) b.setAttribute('data-unpaid', 'true');
        if (b.getAttribute('aria-description') !== tip) b.setAttribute('aria-description', tip);
      } else if (muted) {
        b.removeAttribute('data-unpaid');
        b.removeAttribute('aria-description');
      }
    });
  }
  function sweep() {
    due = false;
    document.querySelectorAll('.catan-palette').forEach(mark);
  }
  new MutationObserver(function () {
    if (!due) {
      due = true;
      requestAnimationFrame(sweep);
    }
  }).observe(document.body, {subtree: true, childList: true, attributes: true,
                             attributeFilter: ['class', 'title']});
  sweep();
})();
