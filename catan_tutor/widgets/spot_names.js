/* The spots the page's words name: a board starts without its labels (about 120 of them would
 * hide the numbers and pieces), yet its sentences name spots ("a road on K5"). Whenever the words
 * change, each board's hidden field (.catan-page-facts, page_facts.js) is told the labels its
 * tutor's words name now, as "names=K5,N6": the words shown of what the game waits for, the
 * lesson, the question, the lines under the board (a tap's reply, why not), the message
 * under the actions, the Moves tab's current move and Try a move's verdict on the move typed
 * (issue 33: "P1 builds a road on F7" with no F7 on the board); not a hidden tab's words
 * (innerText: none), a hidden rule's text, nor an example in quotes. A label that is
 * also a seat's name (P1, N2) counts only after "corner", "edge", "on" or "at". Told at any
 * width: the kernel labels those spots while the board's Labels are off (board_view.py).
 * Runs once per page, with board_keys.js.
 */
(function () {
  'use strict';
  if (window.catanSpotNames) return;
  window.catanSpotNames = true;
  var tellField = window.catanTellField;  // page_facts.js
  var WORDS = '.catan-head, .catan-lesson, .catan-line, .catan-puzzle, .catan-message, ' +
    '.catan-board-col .widget-label, .catan-why-not, .catan-mv-current, .catan-try-verdict';
  var LABEL = /(\b(?:corners?|edges?|sides?|on|at)\s+)?\b([A-S](?:1[0-2]|[1-9]))\b(?!['\u2019]s)/g;
  var QUOTED = /"[^"]*"|\u201c[^\u201d]*\u201d|(^|\s)'[^']*'/g;
  var SEATS = ['P1', 'P2', 'P3', 'P4', 'N1', 'N2'];
  function named(tutor) {
    var found = [];
    var parts = tutor.querySelectorAll(WORDS);
    for (var i = 0; i < parts.length; i++) {
      var text = (parts[i].innerText || '').replace(QUOTED, ' ');
      var m;
      LABEL.lastIndex = 0;
      while ((m = LABEL.exec(text)) !== null) {
        if (SEATS.indexOf(m[2]) >= 0 && !m[1]) continue;
        if (found.indexOf(m[2]) < 0) found.push(m[2]);
      }
    }
    return found.join(',');
  }
  window.catanSpotNamed = named;  // the tests wait for the board to label these (no other use)
  var pending = false;
  function tell() {
    pending = false;
    var boards = document.querySelectorAll('.catan-board');
    for (var i = 0; i < boards.length; i++) {
      var tutor = boards[i].closest('.catan-tutor');
      var field = boards[i].querySelector('.catan-page-facts input');
      if (tutor && field) tellField(field, 'names', named(tutor));
    }
  }
  function soon() {
    if (pending) return;
    pending = true;
    window.requestAnimationFrame(tell);
  }
  new MutationObserver(soon).observe(document.body, {
    childList: true, subtree: true, characterData: true
  });
  soon();
})();
