/* The Catan tutor's page script (plain JS, run in <head> before Voilà's own scripts).
 *
 * 1. Session lost: kernel channel websockets are watched; a kernel "restarting" or "dead"
 *    status (its widgets are gone) or a socket closed and not reopened within LOST_AFTER_MS
 *    (server stopped, kernel culled) shows an overlay offering to reload the page. Before
 *    the app has been shown, catan_kernel.js takes these over (the event "catan-kernel-lost",
 *    cancelled): the page did not start, its "could not start" card retries by itself. The
 *    event "catan-kernel-open" tells it Voilà's socket is open. Its own socket (HOLD_RE)
 *    is not watched.
 * 2. What is on screen in the address: the text of the hidden .catan-session element (written
 *    by the tutor after each move: a query such as "lesson=ID&node=4", or "s=STATE",
 *    catan_tutor/widgets/address.py) replaces the tutor's own parameters (OWN_KEYS: none
 *    stays from what was shown before) in the address; its other parameters stay.
 *    The browser tab's title: the text of the hidden .catan-page-title element (the lesson
 *    shown, written by the app).
 * 3. Uploads over MAX_UPLOAD_BYTES are refused here, with a message, before ipywidgets sends
 *    them over the websocket (where an oversized message is silently dropped). ipywidgets'
 *    FileUpload input is not in the page, so opening any file input also guards it.
 * (The board's keyboard, Tab out of the canvas and the timeline keys, is catan_tutor/widgets/
 * board_keys.js, which rides with every board, in Voilà as in a notebook.)
 */
(function () {
  'use strict';
  var MAX_UPLOAD_BYTES = 524288;  // = catan_tutor.server.serve.MAX_UPLOAD_BYTES (512 KiB)
  var MAX_QUERY_CHARS = 40000;  // = catan_tutor.widgets.links.MAX_QUERY_CHARS
  // = catan_tutor.widgets.address.OWN_KEYS: the parameters the tutor writes
  var OWN_KEYS = ['s', 'lesson', 'node', 'solved_at', 'solved', 'hints', 'again', 'moves',
                  'variant', 'players', 'board', 'seed', 'position', 'p1', 'p2', 'p3', 'p4'];
  var LOST_AFTER_MS = 5000;
  var QUERY_RE = /^[A-Za-z0-9_.~=&%-]*$/;
  var CHANNELS_RE = /\/api\/kernels\/[^/?#]+\/channels(?:[?#]|$)/;
  var HOLD_RE = /[?&]catan=hold(?:&|$)/;  // catan_kernel.js's socket holding the kernel
  var V1 = 'v1.kernel.websocket.jupyter.org';

  var leaving = false;  // the page is being reloaded or left: its sockets close on purpose
  var lost = null;  // why the session was lost: 'kernel restarting', 'kernel dead', 'closed'
  var overlay = null;
  var lostTimer = null;
  var openSockets = 0;

  window.addEventListener('beforeunload', function () { leaving = true; });
  window.addEventListener('pagehide', function () { leaving = true; });
  window.addEventListener('pageshow', function () { leaving = false; });

  function whenBody(fn) {
    if (document.body) fn();
    else document.addEventListener('DOMContentLoaded', fn);
  }

  // ------------------------------------------------------------------ session lost
  function sessionLost(why) {
    if (lost || leaving) return;
    lost = why;
    // Before the app is shown, catan_kernel.js retries the page instead (it cancels this).
    if (!window.dispatchEvent(new CustomEvent('catan-kernel-lost',
                                              {detail: why, cancelable: true}))) return;
    console.warn('Catan tutor: session lost: ' + why);
    whenBody(function () {
      var box = overlay = document.createElement('div');
      box.className = 'catan-lost';
      box.innerHTML =
        '<div class="catan-lost-card" role="alertdialog" aria-modal="true" ' +
        'aria-labelledby="catan-lost-title" aria-describedby="catan-lost-text">' +
        '<h2 id="catan-lost-title">Session lost</h2>' +
        '<p id="catan-lost-text">The connection to the tutor was lost (the server restarted ' +
        'or your session timed out). Your moves are kept in this page\u2019s address.</p>' +
        '<button type="button" class="catan-lost-restart">Restart the session</button></div>';
      var button = box.querySelector('button');
      button.addEventListener('click', function () {
        button.disabled = true;
        button.textContent = 'Restarting\u2026';
        window.location.reload();
      });
      document.body.appendChild(box);
      button.focus();
    });
  }

  function statusOf(ws, data) {
    // The execution_state of a kernel status message, else null. Messages are JSON text
    // (legacy protocol) or binary frames of the v1 protocol: an offset count, the offsets
    // (all little-endian uint64), then channel, header, parent header, metadata, content.
    var msg;
    if (typeof data === 'string') {
      if (data.indexOf('"status"') < 0) return null;
      msg = JSON.parse(data);
    } else if (data instanceof ArrayBuffer && ws.protocol === V1) {
      var view = new DataView(data);
      var n = Number(view.getBigUint64(0, true));
      if (n < 6 || 8 * (n + 1) > data.byteLength) return null;
      var part = function (k) {
        var start = Number(view.getBigUint64(8 * (k + 1), true));
        var end = Number(view.getBigUint64(8 * (k + 2), true));
        return new TextDecoder().decode(new Uint8Array(data, start, end - start));
      };
      msg = {header: JSON.parse(part(1))};
      if (!msg.header || msg.header.msg_type !== 'status') return null;
      msg.content = JSON.parse(part(4));
    } else {
      return null;  // legacy binary frames carry buffers: never a status message
    }
    if (!msg || !msg.header || msg.header.msg_type !== 'status' || !msg.content) return null;
    return msg.content.execution_state || null;
  }

  function watch(ws) {
    var opened = false;
    ws.addEventListener('open', function () {
      opened = true;
      openSockets++;
      window.dispatchEvent(new Event('catan-kernel-open'));
      clearTimeout(lostTimer);
      lostTimer = null;
      if (lost === 'closed') {  // reconnected late to the same kernel: nothing was lost
        lost = null;
        if (overlay) overlay.remove();
        overlay = null;
      }
    });
    ws.addEventListener('close', function () {
      if (opened) openSockets--;
      opened = false;
      if (lostTimer === null && !leaving) {
        lostTimer = setTimeout(function () {
          lostTimer = null;
          if (openSockets === 0) sessionLost('closed');
        }, LOST_AFTER_MS);
      }
    });
    ws.addEventListener('message', function (event) {
      if (lost) return;
      var state = null;
      try {
        state = statusOf(ws, event.data);
      } catch (e) {
        return;
      }
      if (state === 'restarting' || state === 'dead') sessionLost('kernel ' + state);
      // the kernel busy or idle again, told to the page's scripts (reply_in_view.js: a reply
      // the kernel sends while still answering a tap is the tap's, however long it took)
      if (state === 'busy' || state === 'idle') {
        window.dispatchEvent(new CustomEvent('catan-kernel', {detail: state}));
      }
    });
  }

  var NativeWebSocket = window.WebSocket;
  if (NativeWebSocket) {
    window.WebSocket = class extends NativeWebSocket {
      constructor(url, protocols) {
        super(url, protocols);
        if (CHANNELS_RE.test(String(url)) && !HOLD_RE.test(String(url))) watch(this);
      }
    };
  }

  // ------------------------------------------------------------------ state in the address
  var lastState = null;
  // The tutor's part of the address is kept in the browser's storage (LAST_KEY) as it
  // changes: a later page whose address names nothing (no OWN_KEYS) opens it. The one kept
  // before this page opened goes to the tutor with the progress (below; last_place.py).
  var LAST_KEY = 'catan-tutor-last';
  var MAX_LAST_CHARS = 4000;  // = catan_tutor.widgets.last_place.MAX_LAST_CHARS
  var bare = OWN_KEYS.every(function (key) {
    return !new URL(window.location.href).searchParams.has(key);
  });
  try {
    window.catanLastPlace = bare ? (window.localStorage.getItem(LAST_KEY) || '') : '';
  } catch (e) {
    window.catanLastPlace = '';
  }

  function syncState() {
    var el = document.querySelector('.catan-session');
    if (!el) return;
    var state = (el.textContent || '').trim();
    if (state === lastState || state.length > MAX_QUERY_CHARS || !QUERY_RE.test(state)) return;
    lastState = state;
    if (state && state.length <= MAX_LAST_CHARS) {
      try { window.localStorage.setItem(LAST_KEY, state); } catch (e) { /* not kept */ }
    }
    var url = new URL(window.location.href);
    var params = url.searchParams;
    var before = params.toString();
    OWN_KEYS.forEach(function (key) { params.delete(key); });
    new URLSearchParams(state).forEach(function (value, key) {
      if (OWN_KEYS.indexOf(key) >= 0) params.append(key, value);
    });
    if (params.toString() === before) return;
    window.history.replaceState(window.history.state, '', url.href);
  }

  var lastTitle = null;

  function syncTitle() {
    var el = document.querySelector('.catan-page-title');
    var title = el && (el.textContent || '').trim();
    if (!title || title === lastTitle) return;
    lastTitle = title;
    document.title = title.slice(0, 200);
  }

  new MutationObserver(function () { syncState(); syncTitle(); }).observe(document.documentElement,
    {childList: true, subtree: true, characterData: true});

  // ------------------------------------------------------------------ upload size
  function formatSize(bytes) {
    if (bytes >= 1048576) return (bytes / 1048576).toFixed(1) + ' MB';
    return Math.ceil(bytes / 1024) + ' KB';
  }

  function showBanner(text) {
    var old = document.querySelector('.catan-banner');
    if (old) old.remove();
    var banner = document.createElement('div');
    banner.className = 'catan-banner';
    banner.setAttribute('role', 'alert');
    var message = document.createElement('span');
    message.textContent = text;
    var close = document.createElement('button');
    close.type = 'button';
    close.className = 'catan-banner-close';
    close.setAttribute('aria-label', 'Dismiss');
    close.textContent = '\u00d7';
    close.addEventListener('click', function () { banner.remove(); });
    banner.append(message, close);
    document.body.appendChild(banner);
  }

  function refuseBig(event) {
    var input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type !== 'file' || !input.files) return;
    var big = Array.prototype.find.call(input.files, function (f) {
      return f.size > MAX_UPLOAD_BYTES;
    });
    if (!big) return;
    event.stopImmediatePropagation();
    event.preventDefault();
    input.value = '';
    showBanner(big.name + ' is ' + formatSize(big.size) + '; a scenario file can be at most ' +
               formatSize(MAX_UPLOAD_BYTES) + '.');
  }

  // File inputs in the page: caught on the way down, before their own listeners.
  document.addEventListener('change', refuseBig, true);
  // ipywidgets' FileUpload keeps its input out of the page and opens it with click(): its
  // events never reach the document, so such an input gets a capturing listener of its own
  // when it is opened (at the target, capturing listeners run before the others).
  var guarded = new WeakSet();
  ['click', 'showPicker'].forEach(function (name) {
    var native = HTMLInputElement.prototype[name];
    if (typeof native !== 'function') return;
    HTMLInputElement.prototype[name] = function () {
      if (this.type === 'file' && !guarded.has(this)) {
        guarded.add(this);
        this.addEventListener('change', refuseBig, true);
      }
      return native.apply(this, arguments);
    };
  });
})();

/* Copy link (catan_tutor/widgets/links.py): the tutor keeps the link of the current position,
 * a query such as "?lesson=ck_knight_displacement&node=3", in the data-link attribute of its
 * .catan-link-row element. A click on the Copy link button copies this address with that query
 * to the clipboard, and the read-only field the tutor then shows gets the full address. The
 * page's other parameters (the session state, a token) are left out of the link. The field
 * the click opens is brought whole into view: under the button at the window's foot it
 * showed cut in half (a fresh learner, s31, 1280x900, d56_copylink.png).
 */
(function () {
  'use strict';
  var LINK_RE = /^\?[A-Za-z0-9_.~=&%-]{0,4000}$/;
  var copied = null;  // the query last copied
  var opening = false;  // Copy link clicked: its field to bring into view once shown

  function inView(row) {  // the field's row whole in the window, scrolled by the least
    var r = row.getBoundingClientRect();
    if (!row.isConnected || (r.top >= 0 && r.bottom <= window.innerHeight)) return;
    row.scrollIntoView({block: 'nearest', inline: 'nearest'});
  }

  function bringIn(row) {  // now, and again once the page has settled round it (its column
    inView(row);           // still grows a few px as the field is drawn)
    requestAnimationFrame(function () { inView(row); });
    setTimeout(function () { inView(row); }, 300);
  }

  function linkOf(query) {
    if (!LINK_RE.test(query || '')) return null;
    var url = new URL(window.location.href);
    url.search = query;
    url.hash = '';
    return url.href;
  }

  function fill() {
    document.querySelectorAll('.catan-link-row[data-link]').forEach(function (row) {
      var query = row.getAttribute('data-link');
      var href = linkOf(query);
      var input = row.querySelector('input.catan-link-input');
      if (!href || !input) return;
      if (input.value !== href) input.value = href;
      if (opening) { opening = false; bringIn(row); }
      var note = row.querySelector('.catan-link-note');
      var text = copied === query ? '\u2713 copied' : '';
      if (note && note.textContent !== text) note.textContent = text;
    });
  }

  function copy(href, query) {
    var done = function () { copied = query; fill(); };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(href).then(done, function () {});
      return;
    }
    var area = document.createElement('textarea');  // no clipboard API (plain http)
    area.value = href;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    try {
      if (document.execCommand('copy')) done();
    } catch (e) { /* the field still shows the link to copy by hand */ }
    area.remove();
  }

  document.addEventListener('click', function (event) {
    var button = event.target && event.target.closest && event.target.closest('.catan-copy-link');
    if (!button) return;
    opening = true;
    var row = document.querySelector('.catan-link-row[data-link]');
    var query = row && row.getAttribute('data-link');
    var href = linkOf(query);
    if (href) copy(href, query);
  }, true);

  new MutationObserver(fill).observe(document.documentElement,
    {childList: true, subtree: true, attributes: true, attributeFilter: ['data-link']});
})();

/* Progress (catan_tutor/widgets/progress.py): the lessons completed and puzzles solved, kept
 * in this browser's local storage. The tutor writes what it knows as JSON in the data-progress
 * attribute of a hidden .catan-progress element: merged (union) into the stored copy. The
 * stored copy goes to the tutor once per page through the hidden .catan-progress-in text
 * field, as if typed. Progress only grows, so neither side can lose the other's.
 */
(function () {
  'use strict';
  var KEY = 'catan-tutor-progress';
  var QUERY_OK = /^[A-Za-z0-9_.~=&%-]{1,4000}$/;  // the last place: a query, as the address's
  var MAX_CHARS = 65536;  // = catan_tutor.widgets.progress.MAX_PROGRESS_CHARS
  var seen = null;
  var sent = new WeakSet();

  function read(text) {
    try {
      var data = JSON.parse(text || '{}');
      return data && typeof data === 'object' && !Array.isArray(data) ? data : {};
    } catch (e) {
      return {};
    }
  }

  function stored() {
    try { return window.localStorage.getItem(KEY) || '{}'; } catch (e) { return '{}'; }
  }

  function merge(a, b) {
    var done = {};
    [a.done, b.done].forEach(function (list) {
      if (Array.isArray(list)) list.forEach(function (x) { if (typeof x === 'string') done[x] = 1; });
    });
    var solved = {};
    [a.solved, b.solved].forEach(function (map) {
      if (!map || typeof map !== 'object') return;
      Object.keys(map).forEach(function (k) {
        if (!Array.isArray(map[k])) return;
        var into = solved[k] = solved[k] || [];
        map[k].forEach(function (n) {
          if (typeof n === 'number' && into.indexOf(n) < 0) into.push(n);
        });
      });
    });
    return {done: Object.keys(done).sort(), solved: solved};
  }

  function sync() {
    var el = document.querySelector('.catan-progress[data-progress]');
    var text = el && el.getAttribute('data-progress');
    if (text && text !== seen && text.length <= MAX_CHARS) {
      seen = text;
      var merged = JSON.stringify(merge(read(stored()), read(text)));
      if (merged.length <= MAX_CHARS) {
        try { window.localStorage.setItem(KEY, merged); } catch (e) { /* storage refused */ }
      }
    }
    var input = document.querySelector('.catan-progress-in input');
    if (input && !sent.has(input)) {
      sent.add(input);
      var data = read(stored());  // with the last place, on a bare address (above)
      var last = window.catanLastPlace;
      if (typeof last === 'string' && last && QUERY_OK.test(last)) data.last = last;
      input.value = JSON.stringify(data);
      input.dispatchEvent(new Event('input', {bubbles: true}));
      input.dispatchEvent(new Event('change', {bubbles: true}));
    }
  }

  new MutationObserver(sync).observe(document.documentElement,
    {childList: true, subtree: true, attributes: true, attributeFilter: ['data-progress']});
})();

/* Session limits (catan_tutor/server/server_limits.py): standalone Voilà ends a kernel after its
 * lifetime or idle time. Every POLL_MS this script asks GET <base>catan/limits/<kernel id>
 * which cap ends this page's kernel soonest and when; within the warning time a banner says
 * so (idle: any use of the tutor keeps it; lifetime: download the scenario to keep the
 * work). Servers without the caps (a Jupyter server, JupyterHub) answer 404 (or refuse):
 * nothing shows and the script stops asking.
 * Tests read the banner's data-cap and data-left.
 */
(function () {
  'use strict';
  var POLL_MS = 15000;
  var stopped = false;

  function config() {
    var el = document.getElementById('jupyter-config-data');
    try {
      return el ? JSON.parse(el.textContent) : {};
    } catch (e) {
      return {};
    }
  }

  function minutes(s) {
    var m = Math.max(1, Math.round(s / 60));
    return m === 1 ? 'about a minute' : 'about ' + m + ' minutes';
  }

  function show(end) {
    var box = document.querySelector('.catan-limit');
    if (!end || end.left > end.warn) {
      if (box) box.remove();
      return;
    }
    if (!box) {
      box = document.createElement('div');
      box.className = 'catan-banner catan-limit';
      box.setAttribute('role', 'alert');
      document.body.appendChild(box);
    }
    box.setAttribute('data-cap', end.cap);
    box.setAttribute('data-left', String(end.left));
    box.textContent = end.cap === 'idle'
      ? 'This session ends in ' + minutes(end.left) + ' unless the tutor is used: click ' +
        'anything in it to keep it.'
      : 'This session reaches its time limit in ' + minutes(end.left) + '. Download the ' +
        'scenario (File tab) to keep your work, then reload the page.';
  }

  function poll() {
    if (stopped || !window.fetch) return;
    var c = config();
    if (!c.kernelId || !c.baseUrl) return setTimeout(poll, POLL_MS);
    window.fetch(c.baseUrl + 'catan/limits/' + encodeURIComponent(c.kernelId),
                 {cache: 'no-store', credentials: 'same-origin'})
      .then(function (r) {
        if (r.status >= 400 && r.status < 500) {
          stopped = true;  // no caps on this server (404), or not ours to ask
          return null;
        }
        return r.ok ? r.json() : null;
      })
      .then(function (end) {
        if (!stopped && document.body) show(end);
      }, function () { /* the network: the session-lost overlay says so */ })
      .then(function () {
        if (!stopped) setTimeout(poll, POLL_MS);
      });
  }

  setTimeout(poll, 2000);
})();
