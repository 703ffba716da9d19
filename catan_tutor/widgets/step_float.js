/* A phone's step buttons while they are out of sight: the board sticks at the screen's top and
 * the words under it scroll (style.LAYOUT_CSS), so reading a long step took ◀ ▶ (under the
 * board) out of sight under it, and stepping on meant scrolling back up (s45, a fresh learner
 * at 1.1 and 1.4, 375x740). While the tutor's ▶ is hidden under the board or under
 * a held reply, a bar at the screen's foot holds ◀ and ▶, each pressing the tutor's own (greyed
 * as it is), the step count or "Solved." between them, who acts and what under the count; gone once they are in sight again (but
 * for the thumb that just pressed it, see kept), and over a held reply, not on it; not at an open question (▶ waits for its answer) nor while a
 * field is typed in. The page keeps
 * room under its last words for it (style.STEP_FLOAT_CSS). Runs once per page, with
 * board_keys.js.
 */
(function () {
  'use strict';
  if (window.catanStepFloat) return;
  window.catanStepFloat = true;
  var PHONE = window.matchMedia('(max-width: 700px)');  // style.LAYOUT_CSS's phone
  var STEPS = [['\u25c0', 1, 'Back one step'], ['\u25b6', 2, 'Next step']];  // (◀ ▶)
  var bar = null, said = null;
  // pressed, the bar stays while the board is stuck, for the next press at the same place,
  // till the learner touches anything else (learner 278 at 1.4: the step brought ◀ ▶ in
  // under the board, the bar went, and the thumb on its place pressed nothing)
  var kept = false;
  ['touchstart', 'mousedown'].forEach(function (name) {
    document.addEventListener(name, function (event) {
      if (event.isTrusted && !(bar && bar.contains(event.target))) kept = false;
    }, {capture: true, passive: true});
  });
  function steps() {  // the tutor's |◀ ◀ ▶ ▶| (board_panel.py)
    return document.querySelectorAll('.catan-tutor .catan-step');
  }
  function make() {
    bar = document.createElement('div');
    bar.className = 'catan-step-float';
    bar.setAttribute('role', 'group');
    bar.setAttribute('aria-label', 'Step through the lesson');
    STEPS.forEach(function (s) {
      var button = document.createElement('button');
      button.type = 'button';
      button.textContent = s[0];
      button.setAttribute('aria-label', s[2]);
      button.addEventListener('click', function () {
        var own = steps()[s[1]];
        if (!own || own.disabled) return;
        // as a press on the tutor's own: board_still.js then brings the step's words in
        // under the board (it hears the press's mousedown)
        own.dispatchEvent(new MouseEvent('mousedown', {bubbles: true}));
        own.click();
        kept = true;
        setTimeout(update, 300);
      });
      bar.appendChild(button);
      if (s[1] === 1) {  // between them: the step count, or "Solved." (said)
        said = document.createElement('span');
        said.className = 'catan-step-float-said';
        said.appendChild(document.createElement('span'));  // the count, or "Solved."
        var who = document.createElement('span');  // who acts and what
        who.className = 'catan-step-float-who';
        said.appendChild(who);
        bar.appendChild(said);
      }
    });
    bar.hidden = true;
    bar.style.bottom = '0px';
    document.body.appendChild(bar);
  }
  function update() {
    var own = steps();
    var next = own[2];
    var out = false;
    // a reply held at the screen's foot (reply_in_view.js): ◀ ▶ under it are out of sight
    // too (1.4's "✓ Right" over "Solved. Press ▶", s45), and the bar goes over it
    var held = document.querySelector('.catan-app .catan-reply-held');
    var foot = held && held.getClientRects().length ?
      Math.min(window.innerHeight, held.getBoundingClientRect().top) : window.innerHeight;
    // not at an open question (▶ waits for its answer; the bar would lie over the answer's
    // row the page brings to the screen's foot), nor while a field is typed in
    var entry = document.querySelector('.catan-tutor .catan-puzzle-entry');
    var asking = entry && entry.getClientRects().length;
    var typing = document.activeElement && document.activeElement.matches &&
      document.activeElement.matches('input,textarea,select');
    if (PHONE.matches && next && next.getClientRects().length && !asking && !typing) {
      var r = next.getBoundingClientRect();
      var cover = window.catanCover ? window.catanCover(next) : 0;  // (page_facts.js)
      // (below the screen's foot with the page at its top they are a scroll away, and the
      // bar would lie over the board or over their own first lines: none then)
      out = r.top < cover - 4 || (foot < window.innerHeight && r.bottom > foot) ||
        (kept && window.catanBoardStuck(next));
    }
    if (!bar || !document.body.contains(bar)) make();
    // (each changed only when it differs: the page's other scripts hear the page change,
    // board_still.js's keeping the board in place among them)
    if (bar.hidden !== !out) bar.hidden = !out;
    if (!out) return;
    var bottom = Math.round(Math.max(0, window.innerHeight - foot)) + 'px';
    if (bar.style.bottom !== bottom) bar.style.bottom = bottom;
    bar.querySelectorAll('button').forEach(function (b, i) {
      var mine = own[STEPS[i][1]];
      var off = !mine || mine.disabled;
      if (b.disabled !== off) b.disabled = off;
    });
    // what the note by the tutor's ▶ says first ("Solved.", "Answer shown.": it is under the
    // board too, s45), else the step count ("3/13", step_count.py)
    var go = document.querySelector('.catan-tutor .catan-step-note .catan-step-go-on');
    var count = document.querySelector('.catan-tutor .catan-step-short');
    var words = go ? go.textContent.split('. ')[0].replace(/\.?$/, '.') :
      count ? count.textContent : '';
    // under the count, who acts and what ("P1: roll the three dice"): the heading saying it
    // scrolled away over the stuck board (learner22 at 9.1)
    var prompt = document.querySelector('.catan-tutor .catan-head-prompt');
    var who = go || !prompt ? '' : prompt.textContent.replace(/\s+/g, ' ').trim();
    if (said.firstChild.textContent !== words) said.firstChild.textContent = words;
    if (said.lastChild.textContent !== who) said.lastChild.textContent = who;
  }
  if (document.body) make();  // (made hidden at once: made later, its coming changed the page)
  window.catanOnScroll(update);
  // a step, a tap or an answer changes what is greyed and where ▶ is: looked at again after
  document.addEventListener('click', function () { setTimeout(update, 400); }, true);
  setInterval(function () { if (PHONE.matches) update(); }, 1000);
})();
