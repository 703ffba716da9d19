/* The Catan tutor's page: its kernel (plain JS, run in <head> before Voilà's own scripts).
 *
 * 1. Kernels are freed when a tab closes or reloads. Voilà's page sends
 *    POST voila/api/shutdown/<kernel> on beforeunload with the _xsrf cookie as form field, but
 *    the standalone server never sets that cookie, so the request is refused (403 '_xsrf'
 *    argument missing, voila-dashboards/voila#1458) and the kernel lives on. When no _xsrf
 *    cookie is there, this script makes one (random, SameSite=Strict, scoped to the server's
 *    base URL): the server's XSRF check is unchanged (the form field must equal the cookie,
 *    which no other site can read or write). A page left before Voilà's scripts loaded sends
 *    the shutdown itself. Kernels whose page vanished without any of this (a crash, a lost
 *    network) are culled by the server (MappingKernelManager in voila.json).
 * 2. Never a blank page. Voilà streams the page while the kernel starts and runs the
 *    notebook; when the kernel cannot start or the notebook stalls (no progress for
 *    STALL_MS), or the page ends without the app (an error, outputs lost under load, or no
 *    app WIDGET_MS after the page completed or Voilà's socket opened), a card says so and
 *    the page reloads by itself after a growing delay (RETRY_S), with a button to try at
 *    once. A success resets the count. Between the end of Voilà's progress (its spinner
 *    goes when the notebook has run) and the app's board painted (PAINT_MS at most once the
 *    app is there), the page says the tutor is starting: shown as Voilà shows the page's
 *    cells (its voila_finish), filling the page where the splash was until the app shows
 *    (issue 33: a blank page under a small line), then a line at the top until the board
 *    is painted, while the widget manager's "Loading widget..." placeholders are hidden
 *    (catan_kernel.css).
 * 3. The kernel is kept until the page connects. The server culls a kernel nobody is
 *    connected to once it has been idle for a while (90 s packaged), and under load a page
 *    took up to 88 s from the end of the notebook to Voilà's own connection (16 visitors on
 *    a local JupyterHub): its kernel was culled and the page stayed without its app. So
 *    once the notebook has run, this script connects to the kernel itself (a socket marked
 *    catan=hold, which sends nothing) until Voilà's socket is open; a browser that vanishes
 *    drops it, and the kernel is culled as before. A kernel gone anyway before the app is
 *    shown (culled, shut down, restarted: checked every CHECK_MS, when this socket closes,
 *    and by catan_page.js's watch of Voilà's sockets) is a page that could not start: the
 *    card, not catan_page.js's "session lost". Widgets that cannot be shown ("Error
 *    displaying widget") are no app either.
 */
(function () {
  'use strict';
  var STALL_MS = 150000;  // > VoilaExecutor.startup_timeout (60 s), timeout per cell (120 s)
  var WIDGET_MS = 120000;  // after the page is complete or Voilà's socket opened: the app
  var CHECK_MS = 3000;  // while the app is not shown: does the server still have the kernel?
  var PAINT_MS = 15000;  // the app shown: the "starting" line waits this long at most
  var PAINT_POLL_MS = 100;  // meanwhile the board is looked at this often
  var RETRY_S = [10, 20, 30, 45, 60];  // then 60 s each time
  var XSRF_RE = /(?:^|;\s*)_xsrf=([^;]*)/;
  var KEY = 'catan-retry:' + window.location.pathname;

  var started = Date.now();
  var lastProgress = started;
  var progress = -1;
  var completeAt = null;
  var widgetSince = null;  // since when the app's widgets are awaited
  var held = null;  // this page's own socket to its kernel, until Voilà's is open
  var holdTried = false;
  var checking = false;
  var lastCheck = 0;
  var failed = false;
  var done = false;
  var shownAt = null;  // when the app was shown (its board may not be painted yet)
  var painted = false;  // the board painted: the "starting" line has gone for good
  var paintWatched = false;  // painting() polls (once: from the app showing or the tick)
  var cookie = null;  // the _xsrf token, once the body (with the base URL) is there

  function attempts() {
    try {
      return parseInt(window.sessionStorage.getItem(KEY) || '0', 10) || 0;
    } catch (e) {
      return 0;
    }
  }

  function setAttempts(n) {
    try {
      if (n) window.sessionStorage.setItem(KEY, String(n));
      else window.sessionStorage.removeItem(KEY);
    } catch (e) { /* storage refused: no count kept */ }
  }

  // ------------------------------------------------------------------ the shutdown request
  function basePath() {
    var base = document.body && document.body.getAttribute('data-base-url');
    if (!base) return '/';  // (the body carries "<base_url>voila/")
    base = new URL(base, window.location.href).pathname;
    return base.replace(/voila\/?$/, '') || '/';
  }

  function xsrf() {
    var m = document.cookie.match(XSRF_RE);
    if (m && m[1]) return decodeURIComponent(m[1]);
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    var token = Array.prototype.map.call(bytes, function (b) {
      return ('0' + b.toString(16)).slice(-2);
    }).join('');
    document.cookie = '_xsrf=' + token + '; path=' + basePath() + '; SameSite=Strict' +
      (window.location.protocol === 'https:' ? '; Secure' : '');
    return token;
  }

  function configured(name) {
    var el = document.getElementById('jupyter-config-data');
    if (!el) return null;
    try {
      return JSON.parse(el.textContent)[name] || null;
    } catch (e) {
      return null;
    }
  }

  function shutdownKernel() {
    // Voilà's scripts (loaded once the page is complete) send it themselves.
    if (completeAt !== null) return;
    var kernel = configured('kernelId');
    var base = configured('baseUrl');
    if (!kernel || !base || !navigator.sendBeacon) return;
    var form = new FormData();
    form.append('_xsrf', xsrf());
    navigator.sendBeacon(base + 'voila/api/shutdown/' + encodeURIComponent(kernel), form);
  }

  // Registered before Voilà's own listener: the cookie is there when Voilà reads it.
  window.addEventListener('beforeunload', function () {
    xsrf();
    shutdownKernel();
  });

  // ------------------------------------------------------------------ never a blank page
  function widgetError() {
    // ipywidgets' placeholder for a view whose model is gone (it carries .jupyter-widgets).
    return Array.prototype.some.call(
      document.querySelectorAll('#rendered_cells .jupyter-widgets'), function (el) {
        return /^\s*Error displaying widget/.test(el.textContent || '');
      });
  }

  function appShown() {
    if (document.querySelector('.catan-app, .catan-tutor')) return true;
    return !!document.querySelector('#rendered_cells .jupyter-widgets') && !widgetError();
  }

  function boardPainted() {
    // The tutor's board canvas has been drawn on (an eighth of a sample of its pixels, as
    // the tests' BOARD_PAINTED_JS); a page without the tutor has no board to wait for.
    if (!document.querySelector('.catan-app, .catan-tutor')) return true;
    var canvas = document.querySelector('.catan-board canvas');
    if (!canvas || !canvas.width || !canvas.height) return false;
    try {
      var data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      var painted = 0;
      var seen = 0;
      for (var i = 3; i < data.length; i += 64) {
        seen++;
        if (data[i]) painted++;
      }
      return painted > seen / 8;
    } catch (e) {
      return true;  // a canvas that cannot be read: nothing to wait for
    }
  }

  function pageBroken() {
    // The server could not make the page (its kernel died as it started: render_end.py).
    if (document.querySelector('.catan-render-failed')) return 'render failed';
    // Error outputs (with tracebacks hidden: Voilà's "There was an error..." text).
    if (document.querySelector('#rendered_cells .jp-OutputArea-output[data-mime-type=' +
                               '"application/vnd.jupyter.stderr"]')) return 'error';
    var outputs = document.querySelectorAll(
      'script[type="application/vnd.voila.cell-output+json"]');
    var errors = Array.prototype.filter.call(outputs, function (s) {
      return s.textContent.indexOf('"output_type": "error"') >= 0 ||
        s.textContent.indexOf('"output_type":"error"') >= 0;
    });
    // A page without outputs yet is not broken: Voilà 0.5 renders the widgets after the
    // document is complete (no cell-output scripts at all); WIDGET_MS decides "no app".
    return errors.length ? 'error' : null;
  }

  var DOTS = '<span class="catan-beat" aria-hidden="true" data-beat="0"><span></span>' +
    '<span></span><span></span></span>';

  var markHTML = '';  // the splash's mark, kept for the line that takes its place

  function keepMark() {
    var mark = document.querySelector('#loading .catan-loading-mark');
    if (mark) markHTML = mark.outerHTML;
  }

  function starting(show) {
    // Never a blank page (issue 33: a blank page under a small "Starting the tutor" line):
    // until the app shows, the splash's place says what is happening, filling the page;
    // once the app shows, a line at the top until its board is painted (drawing()).
    var line = document.querySelector('.catan-starting');
    if (!show) {
      if (line) line.remove();
      return;
    }
    if (painted) return;  // the app and its board are there: nothing to say
    var spinner = document.getElementById('loading');
    if (line || !document.body || (spinner && spinner.getClientRects().length)) return;
    line = document.createElement('div');
    line.className = 'catan-starting catan-starting-page';
    line.setAttribute('role', 'status');
    line.innerHTML = markHTML +
      '<h2>Starting the Catan tutor</h2>' +
      '<p>The game is ready: the page is setting out the board and the lesson.</p>' + DOTS;
    document.body.appendChild(line);
  }

  function drawing() {
    // The app shows: the line at the top says the board is being drawn.
    var line = document.querySelector('.catan-starting-page');
    if (!line) return;
    line.className = 'catan-starting';
    line.innerHTML = 'Drawing the board' + DOTS;
  }

  function beat() {
    // The waiting page's sign of life: the next of three dots lit, once a tick. Not a CSS
    // animation: Chromium draws 60 frames a second for one (on the CPU without a GPU).
    if (window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    document.querySelectorAll('.catan-beat').forEach(function (dots) {
      dots.setAttribute('data-beat', String((Number(dots.getAttribute('data-beat')) + 1) % 3));
    });
  }

  function fail(why) {
    if (failed || done || document.querySelector('.catan-lost')) return;
    failed = true;
    release();
    starting(false);
    var n = attempts();
    setAttempts(n + 1);
    var wait = RETRY_S[Math.min(n, RETRY_S.length - 1)] + Math.floor(Math.random() * 5);
    console.warn('Catan tutor: the page could not start (' + why + '); retry ' + (n + 1) +
                 ' in ' + wait + ' s');
    var box = document.createElement('div');
    box.className = 'catan-retry';
    box.setAttribute('data-reason', why);
    box.innerHTML =
      '<div class="catan-retry-card" role="alertdialog" aria-modal="true" ' +
      'aria-labelledby="catan-retry-title" aria-describedby="catan-retry-text">' +
      '<h2 id="catan-retry-title">The tutor could not start</h2>' +
      '<p id="catan-retry-text">The server is busy (perhaps many people opened the tutor at ' +
      'once), so this page did not get its game in time. It will try again by itself in ' +
      '<span class="catan-retry-seconds"></span>.</p>' +
      '<button type="button" class="catan-retry-now">Try again now</button></div>';
    var seconds = box.querySelector('.catan-retry-seconds');
    var button = box.querySelector('button');
    function reload() {
      button.disabled = true;
      button.textContent = 'Loading\u2026';
      window.location.reload();
    }
    button.addEventListener('click', reload);
    (function countdown() {
      seconds.textContent = wait + (wait === 1 ? ' second' : ' seconds');
      if (wait-- <= 0) reload();
      else setTimeout(countdown, 1000);
    })();
    var rendered = document.getElementById('rendered_cells');
    if (rendered) rendered.style.display = '';  // the page's own text stays readable
    var loading = document.getElementById('loading');
    if (loading) loading.remove();
    document.body.appendChild(box);
    button.focus();
  }

  // ------------------------------------------------------------------ the kernel kept
  function streamEnded() {
    // The notebook has run: Voilà's script tag (after the last cell) is in the page.
    return document.readyState !== 'loading' ||
      !!document.querySelector('script[src*="voila.js"]');
  }

  function kernelUrl() {
    var kernel = configured('kernelId');
    var base = configured('baseUrl');
    if (!kernel || !base) return null;
    return new URL(base + 'api/kernels/' + encodeURIComponent(kernel), window.location.href);
  }

  function checkKernel() {
    // A kernel the server no longer has (404) will never show the app.
    var url = kernelUrl();
    if (!url || checking || !window.fetch) return;
    checking = true;
    lastCheck = Date.now();
    // The _xsrf header as Voilà's own requests send it: JupyterHub's servers refuse a
    // cookie-authenticated API request without it (403), even a GET.
    window.fetch(url.href, {cache: 'no-store', credentials: 'same-origin',
                            headers: {'X-XSRFToken': xsrf()}})
      .then(function (r) {
        if (r.status === 404) fail('kernel gone');
      }, function () { /* the network: catan_page.js says when the server is gone */ })
      .then(function () { checking = false; });
  }

  function holdKernel() {
    var url = kernelUrl();
    if (holdTried || !url || !window.WebSocket) return;
    holdTried = true;  // once: until Voilà's socket is open, or the server closes it
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    url.pathname += '/channels';
    url.search = '?session_id=catan-hold-' + Date.now().toString(36) +
      Math.random().toString(36).slice(2) + '&catan=hold';
    try {
      // The v1 protocol, as Voilà's own socket: on the legacy one Voilà's server misreads
      // every binary message (a canvas update) as a huge offset table and hangs.
      held = new window.WebSocket(url.href, ['v1.kernel.websocket.jupyter.org']);
    } catch (e) {
      held = null;
      return;
    }
    held.addEventListener('close', function () {
      if (held && !done && !failed) checkKernel();  // closed by the server, or refused
      held = null;
    });
  }

  function release() {
    if (!held) return;
    var socket = held;
    held = null;  // a close on purpose
    try {
      socket.close();
    } catch (e) { /* already closed */ }
  }

  // catan_page.js: Voilà's own socket is open (the kernel is held by it), or was lost.
  window.addEventListener('catan-kernel-open', function () {
    holdTried = true;  // Voilà's socket holds the kernel now
    release();
    if (completeAt !== null) widgetSince = Date.now();
  });
  window.addEventListener('catan-kernel-lost', function (event) {
    // The app was shown (perhaps less than a tick ago): catan_page.js's "session lost".
    if (done || document.querySelector('.catan-app, .catan-tutor')) {
      done = true;
      release();
      starting(false);
      setAttempts(0);
      return;
    }
    event.preventDefault();
    fail('kernel ' + event.detail);
  });
  window.addEventListener('pagehide', release);

  function painting() {
    // The app is shown: the "starting" line stays until its board is painted, looked at
    // every PAINT_POLL_MS from the moment the app is in the page (issue 33: it waited for
    // the next tick, and a tick more, with the board drawn).
    if (failed) return;
    if (shownAt === null) shownAt = Date.now();
    if (boardPainted() || Date.now() - shownAt > PAINT_MS) {
      painted = true;
      return starting(false);
    }
    if (!document.querySelector('.catan-starting')) return;
    drawing();
    if (!paintWatched) return;
    setTimeout(function () {
      if (!boardPainted()) beat();  // (a board painted since: the line goes, no dot more)
      painting();
    }, PAINT_POLL_MS);
  }

  function watchPaint() {
    // painting()'s polling, started once
    if (paintWatched) return;
    paintWatched = true;
    painting();
  }

  // The app shows: the page-filling note gives way to the line at once, not at the next tick
  // (it covered a lesson ready to read for up to a second).
  var appWatch = window.MutationObserver && new MutationObserver(function () {
    if (!document.querySelector('.catan-app, .catan-tutor, #rendered_cells .widget-label')) return;
    appWatch.disconnect();
    drawing();
    watchPaint();
  });
  document.addEventListener('DOMContentLoaded', function () {
    keepMark();
    if (appWatch) appWatch.observe(document.body, {childList: true, subtree: true});
  });
  // Voilà shows the page's cells (and removes its spinner): the line at once, no blank page.
  window.addEventListener('catan-cells-shown', function () {
    if (!done && !failed && streamEnded()) starting(true);
  });

  function tick() {
    if (done || failed) return;
    if (!cookie && document.body) cookie = xsrf();
    if (!markHTML) keepMark();
    var now = Date.now();
    if (appShown() && completeAt !== null) {
      done = true;
      if (shownAt === null) shownAt = now;
      release();
      setAttempts(0);
      return watchPaint();
    }
    if (widgetError()) return fail('widgets lost');
    // no dot more once the tutor's board is painted (the line goes at the next look: a beat
    // between lit one more, test_browser_page's paint watch, now and then on a busy machine);
    // a page with no tutor yet (boardPainted: nothing to wait for) keeps beating
    if (!document.querySelector('.catan-app, .catan-tutor') || !boardPainted()) beat();
    var cells = document.querySelectorAll('#rendered_cells [cell-index]').length;
    if (cells !== progress) {
      progress = cells;
      lastProgress = now;
    }
    if (streamEnded()) {
      holdKernel();
      starting(true);
      if (now - lastCheck >= CHECK_MS) checkKernel();
    }
    if (completeAt === null) {
      if (document.readyState === 'complete') {
        completeAt = widgetSince = now;
        var broken = pageBroken();
        if (broken) return fail(broken);
        checkKernel();
      } else if (now - lastProgress > STALL_MS) {
        return fail('stalled');
      }
    } else if (now - widgetSince > WIDGET_MS) {
      return fail('no app');
    }
    setTimeout(tick, 1000);
  }

  setTimeout(tick, 1000);
})();
