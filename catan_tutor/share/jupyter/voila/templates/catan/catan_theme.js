/* The page's light or dark theme, and its switch (index.html.j2).
 *
 * The theme is the learner's choice made with the switch (kept in localStorage), else the
 * link's ?theme=dark|light, else the system's preference (prefers-color-scheme, followed as
 * it changes). Both of JupyterLab's theme stylesheets are linked (#catan-theme-light,
 * #catan-theme-dark); the one not in use is switched off by its media attribute, and the
 * body carries data-jp-theme-light as JupyterLab sets it, which the page's and the tutor's
 * own rules read (catan_page.css, catan_tutor/widgets/style.py). The board learns the theme
 * from the tutor's page script (catan_tutor/widgets/page_theme.js). Runs in the head, before
 * the body is drawn; the body tag's script calls catanTheme.apply() again for the body.
 */
(function () {
  'use strict';
  if (window.catanTheme) return;
  var KEY = 'catan-theme';
  var system = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  function known(value) {
    if (value === 'dark' || value === 'JupyterLab Dark') return 'dark';
    if (value === 'light' || value === 'JupyterLab Light') return 'light';
    return null;
  }
  function saved() {
    try { return known(window.localStorage.getItem(KEY)); } catch (e) { return null; }
  }
  function linked() {
    return known(new URLSearchParams(window.location.search).get('theme'));
  }
  function chosen() {
    return saved() || linked() || (system && system.matches ? 'dark' : 'light');
  }
  function apply(theme) {
    var dark = theme === 'dark';
    var root = document.documentElement;
    root.setAttribute('data-catan-theme', theme);
    root.style.colorScheme = theme;
    var light = document.getElementById('catan-theme-light');
    var night = document.getElementById('catan-theme-dark');
    if (light) light.media = dark ? 'not all' : 'all';
    if (night) night.media = dark ? 'all' : 'not all';
    var body = document.body;
    if (body) {
      body.setAttribute('data-jp-theme-light', dark ? 'false' : 'true');
      body.setAttribute('data-jp-theme-name', dark ? 'JupyterLab Dark' : 'JupyterLab Light');
      body.classList.toggle('theme-dark', dark);
      body.classList.toggle('theme-light', !dark);
    }
    var switches = document.querySelectorAll('.catan-theme-switch');
    for (var i = 0; i < switches.length; i++) {
      switches[i].setAttribute('aria-pressed', dark ? 'true' : 'false');
      // the state in words for the eye ("Dark theme: on"); a screen reader hears the name,
      // "Dark theme", and the pressed state, so the words are hidden from it
      var state = switches[i].querySelector('.catan-theme-state');
      if (state) state.textContent = dark ? ': on' : ': off';
    }
  }
  function choose(theme) {
    try { window.localStorage.setItem(KEY, theme); } catch (e) { /* kept for this page only */ }
    var url = new URL(window.location.href);
    if (url.searchParams.has('theme')) {  // the address says what the page shows
      url.searchParams.set('theme', theme);
      window.history.replaceState(window.history.state, '', url.href);
    }
    apply(theme);
  }
  window.catanTheme = {
    apply: function () { apply(chosen()); },
    choose: choose,
    current: function () { return document.documentElement.getAttribute('data-catan-theme'); }
  };
  apply(chosen());
  if (system && system.addEventListener) {
    system.addEventListener('change', function () { apply(chosen()); });
  }
  document.addEventListener('click', function (event) {
    var target = event.target;
    if (!(target instanceof Element) || !target.closest('.catan-theme-switch')) return;
    choose(window.catanTheme.current() === 'dark' ? 'light' : 'dark');
  });
})();
