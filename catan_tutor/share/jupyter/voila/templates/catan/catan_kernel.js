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
 *    STALL_MS), or the page ends without the app (an error, or outputs lost under load), a
 *    card says so and the page reloads by itself after a growing delay (RETRY_S), with a
 *    button to try at once. A success resets the count.
 */
(function () {
  'use strict';
  var STALL_MS = 150000;  // > VoilaExecutor.startup_timeout (60 s), timeout per cell (120 s)
  var WIDGET_MS = 90000;  // after the page is complete: the app's widgets must be shown
  var RETRY_S = [10, 20, 30, 45, 60];  // then 60 s each time
  var XSRF_RE = /(?:^|;\s*)_xsrf=([^;]*)/;
  var KEY = 'catan-retry:' + window.location.pathname;

  var started = Date.now();
  var lastProgress = started;
  var progress = -1;
  var completeAt = null;
  var failed = false;
  var done = false;
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
  function appShown() {
    return !!document.querySelector('#rendered_cells .jupyter-widgets, .catan-app, .catan-tutor');
  }

  function pageBroken() {
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

  function fail(why) {
    if (failed || done || document.querySelector('.catan-lost')) return;
    failed = true;
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

  function tick() {
    if (done || failed) return;
    if (!cookie && document.body) cookie = xsrf();
    var now = Date.now();
    if (appShown() && completeAt !== null) {
      done = true;
      setAttempts(0);
      return;
    }
    var cells = document.querySelectorAll('#rendered_cells [cell-index]').length;
    if (cells !== progress) {
      progress = cells;
      lastProgress = now;
    }
    if (completeAt === null) {
      if (document.readyState === 'complete') {
        completeAt = now;
        var broken = pageBroken();
        if (broken) return fail(broken);
      } else if (now - lastProgress > STALL_MS) {
        return fail('stalled');
      }
    } else if (now - completeAt > WIDGET_MS) {
      return fail('no app');
    }
    setTimeout(tick, 1000);
  }

  setTimeout(tick, 1000);
})();
