/* The board's keyboard wherever the tutor is shown (a JupyterLab cell, Voilà with any template).
 * Run once per page from a hidden Output widget beside the board (board_view.py), in Voilà as
 * in a notebook.
 *
 * - Tab and Shift+Tab leave the board: ipycanvas's canvas cancels every key it gets (Tab too,
 *   so the focus could never leave it) and hides it from the page; stopped here on its way
 *   down, Tab never reaches the canvas and the browser moves the focus as everywhere else.
 * - The timeline keys (PageUp, PageDown, Home, End, [ and ]) step the moves from any control
 *   of the tutor that does not use them itself: they are passed to the board, which sends
 *   them to the tutor (JupyterLab would otherwise scroll the notebook). [ and ] step the
 *   moves from anywhere on the page too (the step buttons' tooltips say so), but in a field
 *   they type into: they scroll nothing; PageUp, PageDown, Home and End outside the tutor
 *   stay the page's own (they scroll it). ← and → step as [ and ] from the page and its
 *   buttons, where nothing uses them (the board's cursor, fields, lists and tabs do). The
 *   timeline keys from the app's own controls outside the tutor (the help's "How to use it",
 *   the lesson lists) step its one tutor too: the help says PageUp steps (learner 280 opened
 *   the help, then PageUp did nothing).
 * - The board's cursor is the keyboard's: a board focused by a click or a tap (no blue ring)
 *   leaves ← and → to step the moves and ↑ and ↓ to scroll the page (learner 280 clicked the
 *   dice beside the board, pressed ←, and a cursor came onto hex A). Tab to the board, and the
 *   arrows move the cursor. The cursor goes when the board loses focus (its ring stayed).
 * - A click on a board partly below the fold stays where it was aimed: ipycanvas focuses its
 *   canvas on mouse-down with a plain focus(), which scrolls the canvas into view under the
 *   pointer before the click is measured (about 100 px off). Focused here first without
 *   scrolling, the canvas's own focus() changes nothing.
 */
(function () {
  'use strict';
  if (window.catanBoardKeys) return;
  window.catanBoardKeys = true;
  var TIMELINE_KEYS = ['PageUp', 'PageDown', 'Home', 'End', '[', ']'];
  var PAGE_ARROWS = {ArrowLeft: '[', ArrowRight: ']'};  // from the page: as [ and ]
  var ARROW_USERS = '.catan-board, input, textarea, select, [contenteditable], [role=tab], ' +
    '[role=tablist], [role=slider], [role=radio], [role=listbox], [role=menu], summary';
  var clicked = null;  // the board's canvas while a click or tap gave it its focus
  function send(canvas, key) {
    canvas.dispatchEvent(new KeyboardEvent('keydown', {key: key, bubbles: true}));
  }
  document.addEventListener('keydown', function (event) {
    var target = event.target;
    if (!(target instanceof Element) || event.defaultPrevented) return;
    if (event.key === 'Tab') {
      if (target.closest('.catan-board')) event.stopPropagation();
      return;
    }
    if (event.altKey || event.ctrlKey || event.metaKey || !event.isTrusted) return;
    if (target === clicked && event.key.indexOf('Arrow') === 0) {
      event.stopPropagation();  // not the cursor's: ↑ ↓ scroll the page, ← → step
      if (PAGE_ARROWS[event.key] && !event.shiftKey) {
        event.preventDefault();
        send(target, PAGE_ARROWS[event.key]);
      }
      return;
    }
    // ← and → step too from the page (Voilà's) and the tutor's buttons (a fresh learner, 279,
    // pressed → first and nothing happened); not where they are used: the board's cursor, a
    // field, a list, the tabs, a notebook's cells (JupyterLab moves between them)
    var key = PAGE_ARROWS[event.key];
    if (key && (event.shiftKey || target.closest(ARROW_USERS) ||
                !(target === document.body || target.closest('.catan-app')))) return;
    if (!key && TIMELINE_KEYS.indexOf(event.key) < 0) return;
    key = key || event.key;
    var tutor = target.closest('.catan-tutor');
    if (!tutor && (key === '[' || key === ']' || target.closest('.catan-app'))) {
      var tutors = document.querySelectorAll('.catan-tutor');
      if (tutors.length === 1) tutor = tutors[0];  // the page's only tutor, not one of many
    }
    if (!tutor || target.closest('.catan-board') ||
        target.closest('input, textarea, select, [contenteditable]')) return;
    var canvas = tutor.querySelector('.catan-board canvas');
    if (!canvas) return;
    event.preventDefault();
    event.stopPropagation();
    send(canvas, key);
  }, true);
  function pressed(event) {
    var target = event.target;
    if (target instanceof HTMLCanvasElement && target.closest('.catan-board')) {
      if (document.activeElement !== target) {
        target.focus({preventScroll: true});
        clicked = target;
      }
    }
  }
  document.addEventListener('mousedown', pressed, true);
  document.addEventListener('touchstart', pressed, {capture: true, passive: true});
  document.addEventListener('focusout', function (event) {
    var target = event.target;
    if (target instanceof HTMLCanvasElement && target.closest('.catan-board')) {
      if (clicked === target) clicked = null;
      send(target, 'Escape');  // the cursor goes with the focus
    }
  }, true);
})();
