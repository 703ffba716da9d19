/* A reply in sight on a phone: a tap on the board (or a press of Play, Answer...) is answered
 * near it: the question's verdict, the message under the actions (under the form a tap
 * filled, with its Play), the lines under the board, why not there (over it), "You left the
 * lesson's line". On a narrow page that can be past the screen's edge: for a few seconds after a tap
 * or click in a tutor, a reply that appears or changes out of sight is scrolled into view, no
 * farther than it takes (the board moves as little as it can). A tap on the board itself
 * scrolls nothing: its why-not shows over the board (in the heading's place), and a scroll took the board from
 * under the finger (a second tap on the spot landed on ◀, phone_tap2.png). On a tablet
 * (the panels under the board) a tap on the board that asks to finish a form brings the form
 * and its message in (a fresh learner: they were ~700 px below the fold at 768x1024, only a
 * purple ring round the spot changed). In a puzzle a tap on the board is answered in the
 * question's box or under the form ("Choose what to do first", "✕ Not the answer", "Several
 * moves here: finish the form"), below the board on a phone or tablet: a finger's tap scrolls
 * nothing (the page moved ~300 px and the next tap, aimed at another hex, landed elsewhere:
 * 2.2 at 768x1024, s17); the reply out of sight is held at the screen's foot instead (see
 * letGo), where that covers no words or control, else brought in, no farther than it takes.
 * On a phone it is held as a few lines at the foot with a close (x), the page moved up just
 * enough that the spot tapped, the question and its answer's row show over it (see roomFor).
 * On a tablet a reply that cannot be held so is brought in only where the spot tapped stays on
 * the screen, else held at the foot under the board (see bringKeeping).
 * Enter on the board brings it in, with the board's top kept in sight when both fit
 * (learner 14: 7.8 at 768x1024). On a phone the board sticks at the screen's top while the
 * page scrolls under it (style.LAYOUT_CSS): what it covers is out of sight (catanCover,
 * page_facts.js), and a scroll moves it no farther than till it sticks, so a phone's board
 * tap's reply out of sight (under the board or the screen's foot) is brought in under the
 * board (catanBringUnder; a question's, where the board is not stuck, held as above) and why
 * not, over the board in the heading scrolled away, is held at the screen's foot. Runs once
 * per page, with board_keys.js.
 */
(function () {
  'use strict';
  if (window.catanReplyInView) return;
  window.catanReplyInView = true;
  // (the message under a form a tap filled follows its Play: "finish the form and press Play";
  // a hint's words came under a phone's screen foot, Hint pressed: learner 278)
  var REPLIES = '.catan-puzzle-result, .catan-puzzle-hint-text, .catan-actions .catan-message, ' +
    '.catan-line, .catan-board-col .widget-label, .catan-why-not';
  var WAIT_MS = 5000;  // a reply later than this is not the tap's (unless answering())
  var PHONE = window.matchMedia('(max-width: 700px)');  // style.LAYOUT_CSS's phone
  // style.TALL: a tablet, the panels under the board
  var TABLET = window.matchMedia('(min-width: 701px) and (max-width: 1015px) and ' +
    '(min-height: 861px)');
  var FORM_SAID = '.catan-actions .catan-message';  // "finish the form and press Play"
  var PUZZLE_SAID = '.catan-puzzle-result';  // the question's note and verdict
  var tapped = 0;
  var onBoard = false;  // the last tap was on the board
  var said = new WeakMap();  // each reply's words when last looked at
  var owed = null;  // a board tap's "finish the form" whose form has not shown yet
  var byKey = false;  // the last press on the board was Enter (no finger under the board)
  function asked(event) {
    var target = event.target;
    if (!(target instanceof Element) || !target.closest('.catan-tutor')) return;
    // a tap on the board: no reply scrolled to on a phone (0), else the tap's time
    onBoard = !!target.closest('.catan-board');
    byKey = false;
    var touch = event.touches && event.touches[0];
    tapY = !onBoard ? null : touch ? touch.clientY : event.clientY;
    tapped = Date.now();  // (a phone's board tap: a puzzle's reply only, see look)
    answer = '';
    owed = null;
    if (!onBoard) letGo();  // (another tap on the board: a reply held stays so)
  }
  // A reply held in sight at the screen's foot (style.HELD_REPLY_CSS): a finger's tap on the
  // board scrolls nothing, the board stays under it (2.2 at 768x1024: a tap on M scrolled the
  // page ~300 px to the form, the next tap, aimed at Q, landed elsewhere: s17). The reply,
  // out of sight under the board's panels, shows at the screen's foot until a tap off the
  // board or a scroll (then in its place, which the learner scrolls to)
  var HELD = 'catan-reply-held';
  var steered = null;  // [the box, its scrollTop] this script scrolled to (a phone's reply)
  document.addEventListener('scroll', function (event) {
    var target = event.target;
    // (a long reply scrolled inside its box is still read; the page moved for it by hold)
    if (target instanceof Element && target.closest('.' + HELD)) {
      more(target.closest('.' + HELD));
      return;
    }
    if (steered && steered[0].scrollTop === steered[1]) return;
    letGo();
  }, {capture: true, passive: true});
  // The box the page scrolls in (Voila's cells: fixed there is fixed in it, contain:strict,
  // and moves with its scroll: a reply at bottom 0 stood 43 px over the screen's foot)
  function scroller(from) {
    for (var e = from.parentElement; e; e = e.parentElement) {
      if (e.scrollHeight > e.clientHeight + 1 &&
          /(auto|scroll)/.test(getComputedStyle(e).overflowY)) return e;
    }
    return document.scrollingElement || document.documentElement;
  }
  // the held reply's foot at ``foot`` (px from the screen's top) wherever its box scrolled
  function pin(reply, foot) {
    reply.style.bottom = '';
    var now = reply.getBoundingClientRect().bottom;
    if (Math.abs(now - foot) > 0.5) reply.style.bottom = (now - foot) + 'px';
  }
  function letGo() {
    steered = null;
    var held = document.querySelectorAll('.' + HELD);
    for (var i = 0; i < held.length; i++) {
      held[i].classList.remove(HELD, CUT);
      held[i].style.bottom = '';
      unpad(held[i]);
    }
    if (shut) shut.hidden = true;
    if (further) further.hidden = true;
  }
  // The held reply's close (x): a finger's size (44 px), named for a screen reader; it lets
  // the reply go to its place in the page (s24: a phone's held reply could not be closed)
  var shut = null;
  function closer() {
    if (!shut) {
      shut = document.createElement('button');
      shut.type = 'button';
      shut.className = 'catan-reply-close';
      shut.setAttribute('aria-label', 'Close this reply');
      shut.title = 'Close this reply';
      shut.textContent = '\u2715';
      shut.hidden = true;
      shut.addEventListener('click', function () { letGo(); });
      document.body.appendChild(shut);
    }
    return shut;
  }
  // a held reply longer than its box (a phone's is a few lines): "more" at its foot until
  // read to the end, a tap on it scrolls the next lines in (a swipe in the box does too)
  var further = null;
  var CUT = 'catan-reply-cut';
  function more(reply) {
    var left = reply.scrollHeight - reply.clientHeight - reply.scrollTop;
    if (!further) {
      further = document.createElement('button');
      further.type = 'button';
      further.className = 'catan-reply-further';
      further.textContent = 'more\n\u25be';
      further.setAttribute('aria-label', 'Show more of this reply');
      further.addEventListener('click', function () {
        var held = document.querySelector('.' + HELD);
        if (held) nextLines(held);
      });
      document.body.appendChild(further);
    }
    further.hidden = !(reply.classList.contains(HELD) && left > 2);
    reply.classList.toggle(CUT, !further.hidden);  // (its last line fades out)
  }
  // "more": the next lines, from the one cut at the foot (or the first under it), that one
  // whole at the top under the verdict, which stays (style.HELD_REPLY_CSS); room made under
  // the last line where the box would stop short of it (a scroll by the box's height less a
  // line scrolled the verdict away and cut the first line left under the border, s34 m08)
  var VERDICT = '.catan-puzzle-verdict>b:first-child';
  function nextLines(held) {
    var box = held.getBoundingClientRect(), css = getComputedStyle(held);
    var head = held.querySelector(VERDICT);
    var top = head ? head.getBoundingClientRect().bottom :
      box.top + parseFloat(css.paddingTop);
    var foot = box.bottom - parseFloat(css.paddingBottom);
    var next = null;
    var walk = document.createTreeWalker(held, NodeFilter.SHOW_TEXT);
    var range = document.createRange();
    for (var node = walk.nextNode(); node; node = walk.nextNode()) {
      if (!node.data.trim() || (head && head.contains(node))) continue;
      range.selectNodeContents(node);
      var rects = range.getClientRects();
      for (var k = 0; k < rects.length; k++) {
        if (rects[k].height && rects[k].bottom > foot + 0.5 &&
            (next === null || rects[k].top < next)) next = rects[k].top;
      }
    }
    var by = next === null ? 0 : next - top;
    if (by < 8) by = Math.max(20, held.clientHeight - 24);  // (a line taller than the box)
    var room = held.scrollHeight - held.clientHeight - held.scrollTop;
    var words = held.querySelector('.widget-html-content') || held;
    if (by > room) {
      words.style.paddingBottom = (parseFloat(words.style.paddingBottom) || 0) +
        Math.ceil(by - room) + 'px';
    }
    held.scrollTop += by;
  }
  function unpad(reply) {  // (the room nextLines made under the last line)
    var words = reply.querySelector('.widget-html-content');
    if (words && words.style.paddingBottom) words.style.paddingBottom = '';
  }
  function showCloser(reply) {
    more(reply);
    var button = closer(), box = reply.getBoundingClientRect();
    button.style.top = Math.max(0, box.top + 2) + 'px';
    button.hidden = false;
  }
  // The held reply covers no control and no words in sight (s18: at 768x1024 it lay over
  // ~40 px of 2.2's answer row; raised over that row it then lay over 4.3's question, and at
  // 2.2 over the page's heading above the board: l19, t03.png): at the lowest band of the
  // screen free of them. Where there is none (a tablet's page is words and controls from top
  // to foot) it is not held: the reply (and the form it names) is scrolled into sight, no
  // farther than it takes (see bring). False then
  var CONTROLS = '.catan-tutor button, .catan-tutor input, .catan-tutor select, ' +
    '.catan-tutor textarea, .catan-tutor .catan-board canvas, .catan-puzzle-entry';
  function inScreen(r) {
    return r.width > 1 && r.height > 1 && r.bottom > 0 && r.top < window.innerHeight;
  }
  function taken(reply) {  // the boxes on the screen a held reply must not lie over
    var boxes = [];
    var found = document.querySelectorAll(CONTROLS);
    for (var i = 0; i < found.length; i++) {
      var r = found[i].getBoundingClientRect();
      if (inScreen(r) && !reply.contains(found[i])) boxes.push(r);
    }
    var walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    var range = document.createRange();
    for (var node = walk.nextNode(); node; node = walk.nextNode()) {
      if (!node.data.trim() || reply.contains(node)) continue;
      var up = node.parentElement;
      // (words for a screen reader only: clipped to a pixel)
      if (!up || up.closest('script, style, .catan-sr-only') ||
          !up.checkVisibility({visibilityProperty: true})) continue;
      range.selectNodeContents(node);
      var rects = range.getClientRects();
      for (var k = 0; k < rects.length; k++) if (inScreen(rects[k])) boxes.push(rects[k]);
    }
    return boxes;
  }
  function hold(reply) {
    reply.classList.add(HELD);
    reply.style.bottom = '';
    unpad(reply);
    reply.scrollTop = 0;  // its first line (a box read to its end under "more" kept its
    // scroll: the next reply held opened part-way down, its verdict out of sight, l32)
    if (PHONE.matches) {
      roomFor(reply);
      pin(reply, window.innerHeight);
      showCloser(reply);
      return true;
    }
    var high = reply.getBoundingClientRect().height;
    var boxes = taken(reply);
    var foot = window.innerHeight;  // the held reply's foot
    for (;;) {
      var top = foot - high, over = null;
      for (var j = 0; j < boxes.length; j++) {
        if (boxes[j].bottom > top && boxes[j].top < foot) {
          over = over === null ? boxes[j].top : Math.min(over, boxes[j].top);
        }
      }
      if (over === null) break;
      foot = over;
      if (foot - high < 0) {  // no free band: on a tablet, in its place brought into sight
        reply.classList.remove(HELD);
        return false;
      }
    }
    pin(reply, foot);
    showCloser(reply);
    return true;
  }
  // A phone's held reply: a few lines at the screen's foot (style.HELD_REPLY_CSS: more
  // scroll inside it), and over none of what it answers: the spot tapped (the piece just
  // moved), the question, its answer's row and the hand. The page moves up as far as it
  // takes to show them over the reply, the topmost kept in sight (s24: ~300 px tall at the
  // foot, it lay over the question, the answer's row and the robber just moved, 375x740)
  var tapY = null;  // the last finger's tap on the board (client px), else null
  // (the hand after a right answer: what a steal took or a build cost; a wrong one left it
  // as it was, the page moved no farther for it)
  // (and how to answer under it, "Tap your move's spot...": the reply lay over it, s34)
  var SEEN = '.catan-tutor .catan-puzzle-prompt, .catan-tutor .catan-puzzle-entry, ' +
    '.catan-tutor .catan-puzzle-how, ' +
    '.catan-tutor:has(.catan-puzzle-state[data-correct="1"]) .catan-own-hand';
  function roomFor(reply) {
    var top = window.innerHeight - reply.getBoundingClientRect().height - 8;
    var first = null, last = null;
    function see(upper, lower) {
      first = first === null ? upper : Math.min(first, upper);
      last = last === null ? lower : Math.max(last, lower);
    }
    // (a phone's board stuck at the screen's top: the spot stays where it is, over the reply)
    var stuck = window.catanBoardStuck(reply);
    if (tapY !== null && !stuck) see(tapY - 28, tapY + 28);  // (the piece round the spot)
    var shown = document.querySelectorAll(SEEN);
    for (var i = 0; i < shown.length; i++) {
      if (reply.contains(shown[i]) || !shown[i].getClientRects().length) continue;
      var box = shown[i].getBoundingClientRect();
      if (box.height) see(box.top, box.bottom);
    }
    if (stuck && first !== null) first -= window.catanCover(reply);  // (kept under the board)
    if (last === null || last <= top) return;
    var by = Math.min(last - top, Math.max(0, first - 4));  // (the topmost kept in sight)
    if (by < 1) return;
    var box = scroller(reply), was = box.scrollTop;
    box.scrollTop = was + by;
    steered = [box, box.scrollTop];
    if (tapY !== null) tapY -= box.scrollTop - was;
  }
  // A finger's tap's reply that cannot be held: it and the form it names ("finish the form":
  // its fields and Play) into sight, the page moved no farther than it takes (the board
  // moves the least it can under the finger)
  function bring(reply) {
    var form = reply.matches(FORM_SAID) && reply.parentElement &&
      (reply.parentElement.querySelector('.catan-form-box') ||
       reply.parentElement.querySelector('.catan-form'));
    if (form && !form.getClientRects().length) form = null;
    var low = reply;
    if (form && form.getBoundingClientRect().bottom > reply.getBoundingClientRect().bottom) {
      low = form;
    }
    low.scrollIntoView({block: 'nearest'});
    if (reply.getBoundingClientRect().top < 0) reply.scrollIntoView({block: 'start'});
  }
  // A finger's tap's reply brought in only where the spot tapped stays on the screen (7.1 at
  // 768x1024: a tap on the lit corner A4 moved the page ~240 px for "This is not the lesson's
  // next move", A4 went off the top and the next tap, aimed at the other lit corner, landed
  // on the dice bar: s32). Else the page goes back where it was and the reply is held at the
  // screen's foot under the board, over the panels (its close lets it go), where it fits
  // there; else it stays in its place, a scroll away. A form the tap left to finish (its
  // Play greyed: "whose road?") is where the next step is: it comes in whole (l19)
  var KEEP_PX = 40;  // the spot tapped at least this far under the screen's top
  function bringKeeping(reply) {
    var canvas = document.querySelector('.catan-tutor .catan-board canvas');
    var owner = reply.parentElement;
    var unfinished = owner && reply.matches(FORM_SAID) &&
      owner.querySelector('.catan-form .catan-form-play:disabled');
    if (!canvas || tapY === null || unfinished) return bring(reply);
    var before = canvas.getBoundingClientRect().top;
    bring(reply);
    var moved = canvas.getBoundingClientRect().top - before;
    if (tapY + moved >= KEEP_PX && tapY + moved <= window.innerHeight) {
      tapY += moved;
      return;
    }
    var box = scroller(canvas);
    box.scrollTop += moved;  // (the board where it was, under the finger)
    steered = [box, box.scrollTop];
    var high = reply.getBoundingClientRect().height;
    if (canvas.getBoundingClientRect().bottom + high > window.innerHeight) return;
    reply.classList.add(HELD);
    reply.style.bottom = '';
    reply.scrollTop = 0;
    pin(reply, window.innerHeight);
    showCloser(reply);
  }
  // The kernel still answering the tap (busy from within WAIT_MS of it, not idle again; or
  // idle for less than DRAWN_MS): its reply is the tap's however long it took (a loaded
  // server: Explain's why-not came after WAIT_MS and was left out of sight). A busy within
  // DRAWN_MS of the last idle still answers it: the kernel may finish an earlier message
  // first (a busy and idle of its own) and then take the tap's. catan_page.js tells the
  // kernel's busy and idle
  // the page may draw the answer a while after the kernel is idle again (a loaded machine:
  // Explain's why-not drawn over a second after, left out of sight, s20)
  var DRAWN_MS = 3000;
  var answer = '';  // since the last tap: '' (the kernel not busy yet), 'busy', 'idle'
  var answeredAt = 0;
  window.addEventListener('catan-kernel', function (event) {
    var first = answer === '' && tapped && Date.now() - tapped < WAIT_MS;
    if (event.detail === 'busy' && (first || (answer === 'idle' && answering()))) {
      answer = 'busy';
    } else if (event.detail === 'idle' && answer === 'busy') {
      answer = 'idle';
      answeredAt = Date.now();
    }
  });
  function answering() {
    return answer === 'busy' || (answer === 'idle' && Date.now() - answeredAt < DRAWN_MS);
  }
  function puzzleOpen() {  // a question waits for its answer (its answer's row shows)
    var entry = document.querySelector('.catan-tutor .catan-puzzle-entry');
    return !!(entry && entry.getClientRects().length);
  }
  // Try a move's answer comes under its field as one types: a field at the screen's foot
  // (1280x900, Explore's Play tab) had it out of sight (l36). While the field has the focus,
  // an answer drawn out of sight is brought in, no farther than it takes (a wide page: a
  // phone's field and answer are the page's own column)
  // A mouse moved since the reply: the learner is on the way to something (Play, under the
  // field), and the page stays where it is (s36: Play went ~40 px up under the pointer on
  // its way to it, 700 ms after the reply, and the click missed)
  var TRY_LOOKS_MS = [150, 700];  // after the kernel is idle: the answer drawn by then
  var movedAt = 0;
  document.addEventListener('pointermove', function (event) {
    if (event.pointerType === 'mouse') movedAt = Date.now();
  }, true);
  window.addEventListener('catan-kernel', function (event) {
    var field = document.activeElement;
    if (event.detail !== 'idle' || PHONE.matches || !(field instanceof Element) ||
        !field.matches('.catan-try input')) return;
    var idleAt = Date.now();
    TRY_LOOKS_MS.forEach(function (ms) {
      setTimeout(function () {
        if (movedAt > idleAt) return;
        var answer = field.closest('.catan-try').querySelector('.catan-try-verdict');
        if (answer && answer.getBoundingClientRect().bottom > window.innerHeight + 1) {
          answer.scrollIntoView({block: 'nearest'});
        }
      }, ms);
    });
  });
  document.addEventListener('touchstart', asked, {capture: true, passive: true});
  document.addEventListener('mousedown', asked, true);
  // Enter on the board (the keyboard's cursor) acts there as a tap does: a form it fills that
  // asks to be finished is brought in (a fresh learner at 768x1024, lesson 1.1: only a ring
  // round the spot changed, the form a screen below). On a phone too: no finger on the board
  // for a scroll to take it from under
  document.addEventListener('keydown', function (event) {
    var target = event.target;
    if (event.key !== 'Enter' || !(target instanceof Element) ||
        !target.closest('.catan-tutor .catan-board')) return;
    onBoard = true;
    byKey = true;
    tapY = null;
    tapped = Date.now();
    answer = '';
  }, true);
  var pending = false;
  function look() {
    pending = false;
    // a wide page: no reading of every reply (a layout) per change
    if (!PHONE.matches && !TABLET.matches) return;
    var fresh = Date.now() - tapped < WAIT_MS || answering();
    // a phone's held reply: what it must not cover may be drawn after it was held (a loaded
    // page drew the hand after a right answer under it, s25): the page moves up for it too
    var held = PHONE.matches && fresh && document.querySelector('.' + HELD);
    if (held) {
      roomFor(held);
      pin(held, window.innerHeight);
      showCloser(held);
    }
    if (owed && (!fresh || inSight(owed, owed.getBoundingClientRect()))) owed = null;
    var replies = document.querySelectorAll(REPLIES);
    for (var i = 0; i < replies.length; i++) {
      var reply = replies[i];
      // (a reply hidden reads as no words: shown again with the same ones, as Explain's why-not
      // for a spot already refused, it is a new reply, brought in; it was left out of sight)
      var words = reply.getClientRects().length ? reply.innerText || '' : '';
      var before = said.get(reply);
      said.set(reply, words);
      if (!words.trim()) {  // (no empty bar at the foot)
        if (reply.classList.contains(HELD) && shut) shut.hidden = further.hidden = true;
        reply.classList.remove(HELD, CUT);
        reply.style.bottom = '';
      }
      if (words !== before && words.trim() && reply.classList.contains(HELD)) {
        unpad(reply);
        reply.scrollTop = 0;  // new words held: from their first line (l32, see hold)
        more(reply);
      }
      if (!fresh || !words.trim() || words === before) continue;
      // a board tap: a puzzle's reply (the question's box, the form), a tablet's form; on a
      // phone any (see underBoard)
      var puzzle = reply.matches(PUZZLE_SAID) || (reply.matches(FORM_SAID) && puzzleOpen());
      var phoneTap = onBoard && !byKey && PHONE.matches;
      if (onBoard && !puzzle && (PHONE.matches || !reply.matches(FORM_SAID)) &&
          !phoneTap) continue;
      // (a tablet: as a wide page, but for that and a question's verdict, under the board:
      // only "✕ Not the answer" showed at the screen's foot, its reason under it, s17)
      if (!onBoard && TABLET.matches && !reply.matches(PUZZLE_SAID)) continue;
      var box = reply.getBoundingClientRect();
      if (!box.height) continue;
      if (phoneTap && (!puzzle || stuck(reply))) {
        underBoard(reply, box);
        continue;
      }
      if (onBoard && !byKey) {  // a finger on the board: nothing scrolls
        if (box.bottom > window.innerHeight && !hold(reply)) bringKeeping(reply);
        continue;
      }
      if (onBoard) {
        owed = inSight(reply, box) ? null : reply;
        continue;
      }
      if (box.bottom > window.innerHeight || box.top < window.catanCover(reply)) {
        // why not, over the board, for a move the form's Explain refused far below: the line
        // at the screen's top, the board and the spot it speaks of under it (phone_whynot.png)
        var over = reply.matches('.catan-why-not') && box.top < 0;
        if (over || !PHONE.matches) reply.scrollIntoView({block: over ? 'start' : 'nearest'});
        else window.catanBringUnder(reply, 'nearest');  // (under a phone's stuck board)
      }
    }
  }
  // A phone's board sticks at the screen's top (style.LAYOUT_CSS): a scroll moves the page
  // under it, not the board under the finger (where it is not stuck yet, no farther than
  // till it sticks). A board tap's reply out of sight under the board or under the screen's
  // foot is brought in under the board, no farther than it takes (with the form it names: its
  // Play; "choose it again on the board, or press Play" was 21 px under the foot); why not,
  // in the heading over the board (scrolled away over it), is held at the screen's foot,
  // where it covers none of the board. (A question's reply where the board is not stuck: see
  // hold, it stays over the question's box)
  function stuck(reply) {
    return window.catanBoardStuck(reply);
  }
  function underBoard(reply, box) {
    if (box.top >= window.catanCover(reply) && box.bottom <= window.innerHeight) return;
    if (reply.matches('.catan-why-not')) {
      hold(reply);
      return;
    }
    // (a question's form, under the question; a lesson's "choose it again on the board, or
    // press Play" right under the board, its form at the page's foot: that line alone)
    var form = reply.matches(FORM_SAID) && puzzleOpen() && reply.parentElement &&
      (reply.parentElement.querySelector('.catan-form-box') ||
       reply.parentElement.querySelector('.catan-form'));
    if (form && form.getClientRects().length &&
        form.getBoundingClientRect().bottom > box.bottom) {
      window.catanBringUnder(form, 'nearest');
    }
    // a question's verdict with the question over it, where both fit under the board
    var prompt = reply.matches(PUZZLE_SAID) && reply.closest('.catan-puzzle');
    if (prompt && prompt.getClientRects().length && box.bottom -
        prompt.getBoundingClientRect().top < window.innerHeight - window.catanCover(reply)) {
      window.catanBringUnder(prompt, 'start');
    }
    window.catanBringUnder(reply, 'nearest');
  }
  // A board tap's reply and the form it names ("finish the form": on a phone with a puzzle
  // open the line is under the board, its form under the question) in sight: with the
  // board's top if all fit, else the two, else the form's foot (its Play). False while the
  // form it names has not shown yet (its line comes first: looked at again as the page
  // changes, for a few seconds)
  function inSight(reply, box) {
    var form = reply.matches(FORM_SAID) && reply.parentElement &&
      (reply.parentElement.querySelector('.catan-form-box') ||
       reply.parentElement.querySelector('.catan-form'));
    var fbox = form && form.getClientRects().length ? form.getBoundingClientRect() : null;
    if (fbox && !fbox.height) fbox = null;
    var top = fbox ? Math.min(box.top, fbox.top) : box.top;
    var bottom = fbox ? Math.max(box.bottom, fbox.bottom) : box.bottom;
    var high = window.innerHeight;
    var done = !reply.matches(FORM_SAID) || !!fbox;
    if (top >= 0 && bottom <= high) return done;
    var room = high - 16;
    var board = document.querySelector('.catan-tutor .catan-board');
    var boardTop = board ? board.getBoundingClientRect().top : top;
    if (board && bottom - boardTop < room) {
      board.scrollIntoView({block: 'start'});
    } else if (bottom - top < room) {  // (the page scrolls in a box of its own)
      var low = fbox && fbox.bottom > box.bottom ? form : reply;
      var up = fbox && fbox.top < box.top ? form : reply;
      (bottom > high ? low : up).scrollIntoView({block: bottom > high ? 'end' : 'start'});
    } else {
      (fbox ? form : reply).scrollIntoView({block: 'end'});
    }
    return done;
  }
  function soon() {
    if (pending) return;
    pending = true;
    window.requestAnimationFrame(look);
  }
  new MutationObserver(soon).observe(document.body, {
    childList: true, subtree: true, characterData: true, attributes: true,
    attributeFilter: ['style']
  });
  soon();
})();
