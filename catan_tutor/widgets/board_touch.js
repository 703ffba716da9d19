/* A finger on a phone's board: a tap plays there, a swipe scrolls the page. The canvas takes
 * every touch for itself (ipycanvas: touchstart tells the kernel at once and stops the page's
 * scroll), so a swipe meant to scroll the words under the stuck board played a move where it
 * began (a fresh learner, 277: two swipes built P3's settlement on M6). Here the board's
 * touches go by the canvas; one that ends where it began, on the screen and on the board,
 * reaches the canvas as a touch of its own at that spot (the kernel's tap), and makes no
 * mouse events after it (a second, a click). A swipe moves the finger on the screen, or the
 * board under it (the page scrolling with the finger). A scroll the page's own scripts make
 * to keep the board under the finger (board_still.js, on a late reply) is no swipe: the tap
 * counted the page's scroll and lost such a tap (CI, s46: the first move not played).
 * Runs once per page, with board_keys.js.
 */
(function () {
  'use strict';
  if (window.catanBoardTouch) return;
  window.catanBoardTouch = true;
  var SLOP = 10;  // CSS px a finger may move, on the screen or on the board, and still tap
  var down = null;  // the touch on the board: its canvas, where on the screen and on the board
  function board(event) {
    var t = event.target;
    return t instanceof HTMLCanvasElement && t.closest('.catan-board') ? t : null;
  }
  function strayed(t) {  // the finger off its first place, on the screen or on the board
    var r = down.canvas.getBoundingClientRect();
    return Math.hypot(t.clientX - down.x, t.clientY - down.y) > SLOP ||
      Math.hypot(r.left - down.left, r.top - down.top) > SLOP;
  }
  document.addEventListener('touchstart', function (event) {
    var canvas = event.isTrusted && board(event);
    if (!canvas) return;
    event.stopPropagation();  // (not to the canvas; the page's other listeners hear it)
    var t = event.touches[0], r = canvas.getBoundingClientRect();
    down = event.touches.length === 1 ?
      {canvas: canvas, x: t.clientX, y: t.clientY, left: r.left, top: r.top} : null;
  }, {capture: true, passive: true});
  document.addEventListener('touchmove', function (event) {
    if (!event.isTrusted || !board(event)) return;
    event.stopPropagation();
    var t = event.touches[0];
    if (down && t && strayed(t)) down = null;
  }, {capture: true, passive: true});
  document.addEventListener('touchcancel', function (event) {
    if (!event.isTrusted || !board(event)) return;
    event.stopPropagation();
    down = null;
  }, {capture: true, passive: true});
  document.addEventListener('touchend', function (event) {
    if (!event.isTrusted || !board(event)) return;
    event.stopPropagation();
    var t = event.changedTouches[0];
    if (!down || event.touches.length || !t || strayed(t)) {
      down = null;
      return;
    }
    var was = down;
    down = null;
    event.preventDefault();  // (no mouse events after the tap: a click would act again)
    var touch = new Touch({identifier: 1, target: was.canvas, clientX: was.x, clientY: was.y});
    was.canvas.dispatchEvent(new TouchEvent('touchstart', {
      touches: [touch], targetTouches: [touch], changedTouches: [touch],
      bubbles: true, cancelable: true}));
  }, {capture: true, passive: false});
})();
