/* A finger on a phone's board: a tap plays there, a swipe scrolls the page. The canvas takes
 * every touch for itself (ipycanvas: touchstart tells the kernel at once and stops the page's
 * scroll), so a swipe meant to scroll the words under the stuck board played a move where it
 * began (a fresh learner, 277: two swipes built P3's settlement on M6). Here the board's
 * touches go by the canvas; one that ends where it began, the page not scrolled, reaches it
 * as a touch of its own at that place (the kernel's tap), and makes no mouse events after
 * it (a second, a click). Runs once per page, with board_keys.js.
 */
(function () {
  'use strict';
  if (window.catanBoardTouch) return;
  window.catanBoardTouch = true;
  var SLOP = 10;  // CSS px a finger may move and still tap
  var down = null;  // the touch on the board: its canvas, where, the page's scroll then
  function board(event) {
    var t = event.target;
    return t instanceof HTMLCanvasElement && t.closest('.catan-board') ? t : null;
  }
  function scrolled(canvas) {
    var box = window.catanScroller ? window.catanScroller(canvas) : document.documentElement;
    return box.scrollTop + window.scrollY;
  }
  document.addEventListener('touchstart', function (event) {
    var canvas = event.isTrusted && board(event);
    if (!canvas) return;
    event.stopPropagation();  // (not to the canvas; the page's other listeners hear it)
    var t = event.touches[0];
    down = event.touches.length === 1 ?
      {canvas: canvas, x: t.clientX, y: t.clientY, scroll: scrolled(canvas)} : null;
  }, {capture: true, passive: true});
  document.addEventListener('touchmove', function (event) {
    if (!event.isTrusted || !board(event)) return;
    event.stopPropagation();
    var t = event.touches[0];
    if (down && t && Math.hypot(t.clientX - down.x, t.clientY - down.y) > SLOP) down = null;
  }, {capture: true, passive: true});
  document.addEventListener('touchcancel', function (event) {
    if (!event.isTrusted || !board(event)) return;
    event.stopPropagation();
    down = null;
  }, {capture: true, passive: true});
  document.addEventListener('touchend', function (event) {
    if (!event.isTrusted || !board(event)) return;
    event.stopPropagation();
    var was = down;
    down = null;
    if (!was || event.touches.length || Math.abs(scrolled(was.canvas) - was.scroll) > 1) return;
    event.preventDefault();  // (no mouse events after the tap: a click would act again)
    var touch = new Touch({identifier: 1, target: was.canvas, clientX: was.x, clientY: was.y});
    was.canvas.dispatchEvent(new TouchEvent('touchstart', {
      touches: [touch], targetTouches: [touch], changedTouches: [touch],
      bubbles: true, cancelable: true}));
  }, {capture: true, passive: false});
})();
