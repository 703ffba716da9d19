/* A puzzle's palette offers every kind of the moment; those no one can play this turn (no such
 * card: kinds_unavailable.py) carry the class "catan-off-N" on the palette, N the button's
 * index. Each such button gets aria-disabled (read out as unavailable; greyed by PLAY_CSS),
 * the others none. Runs once per page, with board_keys.js.
 */
(function () {
  'use strict';
  if (window.catanKindUnavailable) return;
  window.catanKindUnavailable = true;
  var due = false;
  function mark(palette) {
    var off = {};
    palette.classList.forEach(function (c) {
      if (c.indexOf('catan-off-') === 0) off[c.slice(10)] = true;
    });
    palette.querySelectorAll('button.widget-toggle-button').forEach(function (b) {
      var now = b.getAttribute('aria-disabled') === 'true';
      if (off[b.getAttribute('value')] && !now) b.setAttribute('aria-disabled', 'true');
      else if (!off[b.getAttribute('value')] && now) b.removeAttribute('aria-disabled');
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
                             attributeFilter: ['class']});
  sweep();
})();
