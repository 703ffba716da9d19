/* The lesson file's upload button says what it does, not how many files it holds: ipywidgets
 * writes "Open a lesson file (0)" (its count of files, l32 read it as a count of lessons);
 * the count is taken off the button's words wherever it is drawn (.catan-upload,
 * file_panel.py). Runs once per page (board_view.KEYS_JS).
 */
(function () {
  'use strict';
  if (window.catanUploadWords) return;
  window.catanUploadWords = true;
  var COUNT = / \(\d+\)$/;
  function clean() {
    document.querySelectorAll('.catan-upload').forEach(function (b) {
      b.childNodes.forEach(function (n) {
        if (n.nodeType === Node.TEXT_NODE && COUNT.test(n.data)) {
          n.data = n.data.replace(COUNT, '');
        }
      });
    });
  }
  new MutationObserver(clean).observe(document.body,
    {childList: true, subtree: true, characterData: true});
  clean();
})();
