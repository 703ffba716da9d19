/* A rule named in a lesson text (verdicts.rule_ref_html, or a raised "§" marker:
 * verdicts.rule_note_html) is a button (role="button",
 * tabindex 0: an inline element, so a long title wraps with its sentence): a click, a tap,
 * Enter or Space opens the rule's text under it (the next .catan-rule-ref-text) and closes
 * it again; aria-expanded says which. Runs once per page, with board_keys.js.
 */
(function () {
  'use strict';
  if (window.catanRuleRefs) return;
  window.catanRuleRefs = true;
  function toggle(ref) {
    var text = ref.nextElementSibling;  // (a reading's mark is inside the button)
    if (!text || !text.classList.contains('catan-rule-ref-text')) return false;
    var open = ref.getAttribute('aria-expanded') !== 'true';
    ref.setAttribute('aria-expanded', open ? 'true' : 'false');
    text.hidden = !open;
    return true;
  }
  function refOf(event) {
    var target = event.target;
    return target instanceof Element ? target.closest('.catan-rule-ref') : null;
  }
  document.addEventListener('click', function (event) {
    var ref = refOf(event);
    if (ref) toggle(ref);
  });
  document.addEventListener('keydown', function (event) {
    var ref = refOf(event);
    if (!ref || (event.key !== 'Enter' && event.key !== ' ') || event.altKey ||
        event.ctrlKey || event.metaKey) return;
    event.preventDefault();  // Space would scroll the page
    if (event.repeat) return;
    toggle(ref);
  });
})();
