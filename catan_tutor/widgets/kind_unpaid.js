/* A question's palette draws a build its seat cannot pay for now muted (unpaid.py): the
 * palette carries the class "catan-unpaid-N", N the button's index. Each such button gets
 * data-unpaid="true" (the muted look) and its hover text as aria-description (read out with
 * it); the others neither. Runs once per page, with board_keys.js.
 */
(function () {
  'use strict';
  if (window.catanKindUnpaid) return;
  window.catanKindUnpaid = true;
  var due = false;
  function mark(palette) {
    var dear = {};
    palette.classList.forEach(function (c) {
      if (c.indexOf('catan-unpaid-') === 0) dear[c.slice(13)] = true;
    });
    palette.querySelectorAll('button.widget-toggle-button').forEach(function (b) {
      var now = b.getAttribute('data-unpaid') === 'true';
      var tip = b.getAttribute('title') || '';
      if (dear[b.getAttribute('value')]) {
        if (!now) b.setAttribute('data-unpaid', 'true');
        if (b.getAttribute('aria-description') !== tip) b.setAttribute('aria-description', tip);
      } else if (now) {
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
