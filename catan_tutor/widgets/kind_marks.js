/* A question's palette marks some of its kinds by classes on the palette, N the button's
 * index: "catan-off-N", a kind no one can play this turn (no such card:
 * kinds_unavailable.py), gets aria-disabled (read out as unavailable; greyed by PLAY_CSS).
 * The other buttons do not (none is set apart for its cost: s23). Runs once per page, with
 * board_keys.js.
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
    palette.querySelectorAll('button.widget-toggle-button').forEach(function (b) {
      var i = b.getAttribute('value');
      var greyed = b.getAttribute('aria-disabled') === 'true';
      if (off[i] && !greyed) b.setAttribute('aria-disabled', 'true');
      else if (!off[i] && greyed) b.removeAttribute('aria-disabled');
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
