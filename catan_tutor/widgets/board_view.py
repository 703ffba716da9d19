"""The board drawn on an ipycanvas ``MultiCanvas``: terrain, numbers, harbors and pieces.

Layers: 0 static board, 1 pieces (roads, buildings, walls, metropolises, knights, robber,
merchant), 2 highlight (the legal targets of the chosen action, see ``show_targets``), 3 the
light top layer: the ring under the pointer and the keyboard cursor (``set_cursor``).
The labels of vertices and edges (``show_labels``; the *Labels* toggle) go on layer 2 over
the glow (above the pieces; no fifth canvas to compose on every draw): the same labels the
hover, the lessons and the notation use (``board.VERTEX_LABELS``, ``EDGE_LABELS``; hexes
carry their letter on layer 0).
``hit`` maps a click in canvas pixels to the vertex, edge or hex under it, ``reach`` a tap to
the spot a finger means. The page shrinks the board on a narrow screen and tells its shown
width (``board_width.js``): labels and the why-not banner are drawn readable at that width
(``board_tags.py``); a phone's board says why not in a line under it instead. A board starts
without labels, but labels the spots its page's words name now (``named_words.py``), each beside
its spot, clear of the pieces, the rings and each other (``label_places.py``).
A browser that connects after drawing sees a blank canvas (ipycanvas does not replay drawing),
so every layer's ``client_ready`` event draws that layer again. A hidden element beside the
canvas carries ``data-drawn="<n>"``, counting the draws: tests and benchmarks wait on it (it
shows nothing on the page). Two more hidden children ride with every board, in a notebook
too: the page's theme and layout rules (``style.THEME_CSS``) and the keyboard's page script
(``board_keys.js``, see ``keys_script``).
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable
from importlib.resources import files
from typing import Any, Protocol

import ipywidgets as widgets
from ipycanvas import Canvas, MultiCanvas

from ..board import Layout
from ..palette import (
    LAND_APOTHEM,
    Viewport,
    harbor_spot,
    hex_corners,
    sea_frame,
    toward,
)
from ..scene import Board
from . import style
from .board_marks import draw_hint, mark, ring_chosen, ring_fresh, spot_px
from .board_paint import (
    ScenePainter,
)
from .board_tags import (
    BANNER_PX,
    NARROW_ZOOM,
    REACH_PX,
    REFUSED,
    TIE_PX,
    Spot,
    banner,
    draw_banner,
    hit_test,
    label_px,
    shown_px,
    shown_zoom,
    tap_spots,
    why_not_html,
    words_zoom,
)
from .guard import guarded, shown_in
from .harbor_marks import covered_heights
from .kinds import spot_label
from .label_places import LabelPlaces
from .one_piece import guarded_hold
from .play_panel import PLAY_CSS
from .target_layer import draw_targets

__all__ = [
    "LAND_APOTHEM",
    "BoardView",
    "Viewport",
    "guarded_hold",
    "harbor_spot",
    "hex_corners",
    "hit_test",
    "sea_frame",
]
_toward = toward


# The page script of the board's keys (package data beside this module).
KEYS_JS = "\n".join(
    (files(__package__) / name).read_text(encoding="utf-8")
    for name in (
        "page_facts.js",
        "board_touch.js",
        "board_keys.js",
        "page_theme.js",
        "board_width.js",
        "reply_in_view.js",
        "board_still.js",
        "kind_still.js",
        "kind_marks.js",
        "lesson_top.js",
        "rule_refs.js",
        "marks_once.js",
        "question_in_view.js",
        "upload_words.js",
        "try_box.js",
        "step_float.js",
        "board_stuck.js",
        "board_size.js",
    )  # fmt: skip
)


# One style sheet: the theme, then the Play panel's look
PAGE_CSS = f"<style>{style.THEME_CSS}\n{PLAY_CSS.removeprefix('<style>')}"


def keys_script(layout: widgets.Layout | None = None) -> widgets.Output:
    """A hidden Output whose one output is ``board_keys.js``: Tab leaves the board (ipycanvas
    cancels every key its canvas gets, Tab too) and the timeline keys reach it from the
    tutor's controls. The page's own JavaScript renderer runs it wherever the board is shown
    (a JupyterLab cell, Voilà), so no lab extension is needed; it acts once per page."""
    out = widgets.Output(layout=layout or widgets.Layout(display="none"))
    out.outputs = (
        {
            "output_type": "display_data",
            "metadata": {},
            "data": {"application/javascript": KEYS_JS, "text/plain": ""},
        },
    )
    return out


class GameLike(Protocol):
    """What the view reads from a game (the engine's ``Game`` has all of it)."""

    @property
    def layout(self) -> Layout: ...

    @property
    def state(self) -> Any: ...  # .robber, .vowner: list[int], .vcity, .eowner...

    @property
    def colors(self) -> tuple[str, ...]: ...


# The keyboard cursor: a white ring on a wide dark one, clear on sea, land and the glow.
CURSOR, CURSOR_EDGE = "#ffffff", "#0d2a4a"


class BoardView:
    """The board of ``game`` (a game, or a function returning the game to show) on a
    four-layer canvas; show ``.widget``, call ``.redraw()``.

    ``width`` x ``height`` is the size on the page in CSS pixels; the canvas has ``ratio``
    times as many pixels each way so the board stays sharp on high-density screens. Clicks
    arrive in canvas pixels. A strip under the board shows the dice, whose turn it is and, in
    C&K, the barbarian track.
    """

    def __init__(
        self,
        game: GameLike | Callable[[], GameLike],
        width: int = 640,
        height: int = 660,
        ratio: int = 2,
    ) -> None:
        self._game = game if callable(game) else (lambda: game)
        self.drawn_layout: Layout | None = None  # the board drawn on layer 0
        self.drawn_board: Board | None = None  # its scene (hexes laid one by one: lesson 1.3)
        self.ratio = ratio
        self.strip = style.STRIP_HEIGHT * ratio  # canvas pixels under the board
        self.vp = Viewport.fit(width * ratio, height * ratio - self.strip)
        self.canvas = MultiCanvas(4, width=width * ratio, height=height * ratio)
        # Natural size (pages otherwise stretch it to full width), shrinking on narrow screens.
        self.canvas.layout = widgets.Layout(width=f"{width}px", max_width="100%", height="auto")
        self.draw_count = 0
        self.targets: list[tuple[str, int]] = []  # highlighted, kept across redraws
        self.hovered: tuple[str, int] | None = None
        self.cursor: tuple[str, int] | None = None  # the keyboard's spot (layer 3)
        self.labels = False  # vertex and edge labels shown (on layer 2)
        # the spots the page's words name now, with their labels (named_words.py): labelled
        # while the Labels are off (issue 33: about 120 labels hid the pieces)
        self.named: dict[Spot, str] = {}
        self.places: LabelPlaces | None = None  # where the labels drawn last went (tag_spot)
        self.zoom = 1.0  # the board's shown width over its natural width (board_width.js)
        self.refused: tuple[tuple[str, int], str] | None = None  # why-not ring (layer 3)
        self.hinted: tuple[str, int] | None = None  # the hint's ring and arrow (layer 3)
        self.fresh: tuple[Spot, ...] = ()  # the computers' spots since the learner's move
        self.chosen: Spot | None = None  # the spot the form names: ringed (layer 3)
        self.last_attack: dict | None = None  # the strengths of the attack just fought
        self.dice: tuple[tuple[int, ...], str] | None = None  # the strip's (dice_shown.py)
        self.labels_button = widgets.ToggleButton(
            value=False,
            description="Labels",
            icon="tag",
            layout=widgets.Layout(width="auto"),
            tooltip="label every corner and side of the board, as lessons and moves name them",
        )
        self.labels_button.add_class("catan-labels-toggle")
        self.failure = widgets.HTML()  # an unexpected error's id (guard), else empty
        # a phone's why-not line: the banner's words under the board, hiding none of it
        # (built when first needed: one widget view fewer at first paint, issue 35)
        self.why_not: widgets.HTML | None = None
        self.why_not_home: widgets.Box | None = None  # its box (BoardPanel's column), else ours
        self.labels_button.observe(
            guarded(lambda change: self.show_labels(change["new"]), shown_in(self.failure)),
            names="value",
        )
        self.painter = ScenePainter(self._game, self.vp, ratio, self.strip)
        # The hidden children share one layout (display: none): fewer models at first paint.
        hidden = widgets.Layout(display="none")
        self.marker = widgets.HTML(layout=hidden)
        self.marker.add_class("catan-drawn-marker")
        # The page's theme rules ride with the board (every tutor has one, in a notebook too),
        # with the Play panel's: one hidden element for both (issue 35)
        self.theme = widgets.HTML(PAGE_CSS, layout=hidden)
        self.keys = keys_script(hidden)
        # What the page tells the kernel, in one hidden field: its theme (page_theme.js: the
        # strip under the board follows it) and the board's shown width in CSS pixels
        # (board_width.js), as "theme=dark width=612"
        self.page_facts = widgets.Text(layout=hidden)
        self.page_facts.add_class("catan-page-facts")
        self.page_facts.observe(
            guarded(lambda change: self.set_facts(change["new"]), shown_in(self.failure)),
            names="value",
        )
        self.widget = widgets.VBox(
            [self.canvas, self.marker, self.theme, self.keys, self.page_facts] + [self.failure]
        )
        self.widget.add_class("catan-board")
        for i, layer in enumerate(self.layers):
            layer.on_client_ready(guarded(self._layer_drawer(i), shown_in(self.failure)))
        self.redraw()

    @property
    def game(self) -> GameLike:
        """The game shown: the one given, or what the source given returns now."""
        return self._game()

    @property
    def layers(self) -> list[Canvas]:
        return [self.canvas[i] for i in range(4)]

    @property
    def static(self) -> Canvas:
        return self.canvas[0]

    @property
    def pieces(self) -> Canvas:
        return self.canvas[1]

    @property
    def highlight(self) -> Canvas:
        return self.canvas[2]

    @property
    def hover_layer(self) -> Canvas:
        return self.canvas[3]

    @property
    def label_layer(self) -> Canvas:  # where the labels go: the highlight layer, over the glow
        return self.canvas[2]

    def redraw(self) -> None:
        """Draw every layer from scratch and bump the draw count (``data-drawn``)."""
        with guarded_hold():
            self.draw_static()
            self.draw_pieces()
            self._draw_targets()
            self._draw_hover()
        self._drawn()

    def _layer_drawer(self, i: int) -> Callable[[], None]:
        """Layer ``i`` drawn again from scratch: what its view asks when it connects (a page
        loaded, a notebook cell shown); the four layers asking at once make one redraw, not
        four (issue 35)."""
        draw = (self.draw_static, self.draw_pieces, self._draw_targets, self._draw_hover)[i]

        def drawn_again() -> None:
            with guarded_hold():
                draw()
            self._drawn()

        return drawn_again

    def _drawn(self) -> None:
        self.draw_count += 1
        said = why_not_html(self.refused[1]) if self.refused and self.narrow else ""
        if said and self.why_not is None:
            self.why_not = widgets.HTML()
            self.why_not.add_class("catan-why-not")
            home = self.why_not_home or self.widget  # right under the board (its first)
            home.children = (home.children[0], self.why_not, *home.children[1:])
        if self.why_not is not None:
            self.why_not.value, self.why_not.layout.display = said, "" if said else "none"
        extra = ""
        if self.refused is not None:  # the why-not ring, for tests (never shown)
            spot, reason = self.refused
            extra += (
                f"<span class='catan-refused' data-spot='{spot_label(spot)}' "
                f"data-reason='{html.escape(reason, quote=True)}' hidden></span>"
            )
        if self.labels:  # the labels' text as shown, in CSS px, for tests (never shown)
            shown = label_px(self.vp, False, self.words_zoom, self.ratio) * self.zoom / self.ratio
            extra += (
                f"<span class='catan-labels-shown' data-px='{shown:.1f}' "
                f"data-zoom='{self.zoom:.3f}' hidden></span>"
            )
        if self.named and not self.labels:  # for tests (never shown)
            spots = html.escape(" ".join(self.named.values()), quote=True)
            extra += f"<span class='catan-named-labels' data-spots='{spots}' hidden></span>"
        if self.fresh:  # (the computers' spots: for tests, never shown)
            spots = " ".join(spot_label(f).split()[1] for f in self.fresh)
            extra += f"<span class='catan-fresh-marks' data-spots='{spots}' hidden></span>"
        for name, ring in (("chosen", self.chosen), ("hint", self.hinted)):  # rings, for tests
            if ring is not None:  # (the form's spot's, the hint's: never shown)
                extra += (
                    f"<span class='catan-{name}-mark' data-spot='{spot_label(ring)}' hidden></span>"
                )
        if self.last_attack:
            extra += (
                f"<span class='catan-last-attack' data-barbarians="
                f"'{self.last_attack['barbarians']}' data-knights="
                f"'{self.last_attack['defenders']}' hidden></span>"
            )
        out = "out" if self.painter.strip_painter.caption_out else "in"  # (style.py's CSS)
        self.marker.value = (  # (narrow: a phone's board, for tests)
            f"<span class='catan-drawn' data-drawn='{self.draw_count}' "
            f"data-narrow='{int(self.narrow)}' data-caption='{out}' hidden></span>{extra}"
        )

    def update(self) -> None:
        """Redraw what a move changes (pieces, strip, targets); a why-not ring goes."""
        ringed, self.refused = self.refused, None
        with guarded_hold():
            self.painter.draw_pieces(self.pieces, self.last_attack, self.dice, unless_same=True)
            self._draw_targets()
            if ringed:
                self._draw_hover()
        self._drawn()

    def set_facts(self, text: str) -> None:
        """What the page says of itself (``page_facts``): "theme=dark width=612"; a key not
        given changes nothing."""
        facts = dict(item.partition("=")[::2] for item in text.split())
        if facts.get("theme") in ("dark", "light"):
            self.set_dark(facts["theme"] == "dark")
        if "width" in facts:
            self.set_shown_width(facts["width"])

    def set_named(self, named: dict[Spot, str]) -> None:
        """The spots the page's words name now, labelled (layer 2) by the words' name for
        them: a sentence's "K5" is found, a learner's "F11" not shown as "B5" (l30)."""
        if named == self.named:
            return
        self.named = named
        with guarded_hold():
            self._draw_targets()
        self._drawn()

    def set_dark(self, dark: bool) -> None:
        """Draw for a dark page (or a light one): the strip under the board follows it."""
        if self.painter.strip_painter.dark != dark:
            self.painter.strip_painter.dark = dark
            with guarded_hold():
                self.draw_pieces()
            self._drawn()

    def set_shown_width(self, text: str) -> None:
        """The page shows the board ``text`` CSS pixels wide: its words, the strip's, labels
        (off on a phone) and the why-not banner are drawn again to be readable at that size."""
        zoom = shown_zoom(text, self.canvas.width / self.ratio)
        if zoom is None or abs(zoom - self.zoom) < 0.01:
            return
        was_narrow, self.zoom = self.narrow, zoom
        self.painter.zoom = self.painter.strip_painter.zoom = self.words_zoom  # readable words
        with guarded_hold():  # the board's words and the strip's at their least sizes
            self.draw_static()
            self.draw_pieces()
            if self.labels or self.refused is not None or self.named:
                self._draw_targets()
                self._draw_hover()
        if self.narrow and not was_narrow and self.labels:  # a phone's: labels would hide
            return self.show_labels(False)  # numbers and pieces (turned on with Labels)
        self._drawn()

    @property
    def words_zoom(self) -> float:  # the zoom its words keep their sizes at (a phone's small board)
        return words_zoom(self.zoom, self.canvas.width / self.ratio)

    @property
    def narrow(self) -> bool:  # the page shows the board narrow: a phone
        return self.zoom < NARROW_ZOOM

    def reach(self, x: float, y: float, aims: list[tuple[str, int]]) -> list[Spot | None]:
        """What a finger at canvas pixel ``(x, y)`` means (``board_tags.tap_spots``), at the
        size the board shows: the nearest of ``aims`` within reach (two about as near: both)."""
        unit = self.vp.scale * self.zoom / self.ratio  # CSS px as shown per board unit
        return tap_spots(self.vp.unpx(x, y), aims, REACH_PX / unit, TIE_PX / unit)

    def _remark(self, name: str, value: object) -> None:
        """Set the layer-3 mark ``name`` to ``value``; layer 3 drawn again if it changed."""
        if getattr(self, name) != value:
            setattr(self, name, value)
            with guarded_hold():
                if self.labels or self.named:  # the labels keep clear of the rings
                    self._draw_targets()
                self._draw_hover()
            self._drawn()

    def mark_refused(self, spot: tuple[str, int] | None, reason: str = "") -> None:
        """Ring ``spot`` in red with the verdict's short ``reason`` (layer 3): why the chosen
        kind cannot be played there; None takes the ring away."""
        self._remark("refused", (spot, reason) if spot is not None else None)

    def mark_chosen(self, spot: Spot | None) -> None:
        """Ring the spot the form names (layer 3); None takes the ring away."""
        self._remark("chosen", spot)

    def mark_fresh(self, spots: tuple[Spot, ...]) -> None:
        """Ring (dashed) the spots the computers played on since the learner's move."""
        self._remark("fresh", tuple(spots))

    def mark_hint(self, spot: tuple[str, int] | None) -> None:
        """Ring ``spot``, an arrow pointing at it (layer 3): the hint's; None: none."""
        self._remark("hinted", spot)

    def hover(self, spot: tuple[str, int] | None) -> bool:
        """Ring the vertex, edge or hex under the pointer (layer 3); True if it changed."""
        if spot == self.hovered:
            return False
        self.hovered = spot
        with guarded_hold():
            self._draw_hover()
        return True

    def set_cursor(self, spot: tuple[str, int] | None) -> bool:
        """Put the keyboard cursor on a vertex, edge or hex (None: none); only layer 3 is
        redrawn. True if it moved."""
        if spot == self.cursor:
            return False
        self.cursor = spot
        with guarded_hold():
            self._draw_hover()
        return True

    def show_labels(self, on: bool = True) -> None:
        """Show (or hide) the labels over the glow (layer 2 only); the toggle follows."""
        on = bool(on)
        if self.labels_button.value != on:
            self.labels_button.value = on  # comes back here through the observer
            return
        if on == self.labels:
            return
        self.labels = on
        with guarded_hold():
            self._draw_targets()  # the glow, and the labels over it
        self._drawn()

    def px(self, n: float) -> float:  # CSS pixels (a line width, a gap) in canvas pixels
        return n * self.ratio

    def draw_static(self) -> None:
        """Layer 0: sea, land, number tokens, harbors, hex letters (``board_paint.py``)."""
        self.drawn_layout = self.game.layout
        self.drawn_board = self.painter.draw_static(self.static)

    def draw_pieces(self) -> None:
        """Layer 1: the pieces and the strip under the board (``board_paint.py``)."""
        self.painter.draw_pieces(self.pieces, self.last_attack, self.dice)

    def show_targets(self, targets: list[tuple[str, int]]) -> None:
        """Layer 2: a glow on each ("vertex" | "edge" | "hex", index) target; [] clears (and
        so does any why-not ring)."""
        self.targets = list(targets)
        ringed, self.refused = self.refused, None
        with guarded_hold():
            self._draw_targets()
            if ringed:
                self._draw_hover()
        if ringed:
            self._drawn()

    def _draw_targets(self) -> None:
        """Layer 2: the glow on the targets, the labels over it (``target_layer``)."""
        draw_targets(self)

    def _draw_hover(self) -> None:
        c = self.hover_layer
        c.clear()
        if self.hovered is not None:
            c.stroke_style = style.HOVER
            self._mark(c, self.hovered, filled=False, road=0.7)
        if self.cursor is not None:  # a wide dark ring under a white one: clear on any colour
            for colour, width in ((CURSOR_EDGE, 7.0), (CURSOR, 3.5)):
                c.stroke_style = colour
                self._mark(c, self.cursor, filled=False, road=0.9, width=width, grow=1.35)
        if self.chosen is not None:
            ring_chosen(c, self.vp, self.ratio, self.chosen)
        ring_fresh(c, self.vp, self.ratio, self.fresh)
        if self.hinted is not None:
            draw_hint(c, self.vp, self.ratio, self.hinted)
        self.painter.keep_letters(c, [s for s in (self.chosen, self.hinted) if s is not None])
        if self.refused is not None:
            self._draw_refused(c, *self.refused)

    def _draw_refused(self, c: Canvas, spot: tuple[str, int], reason: str) -> None:
        """A red ring on a spot the chosen kind cannot be played on; its reason, every word,
        on a banner across the top or bottom edge of the board (above the strip: the dice line
        stays in sight), whichever covers fewer pieces and harbor marks, never the spot
        (``board_tags.banner``), its text readable at the width the board shows at; on a
        phone's board, in a line under it (``why_not``, ``_drawn``), hiding none of it."""
        for colour, width in (("#ffffff", 8.0), (REFUSED, 4.5)):
            c.stroke_style = colour
            self._mark(c, spot, filled=False, road=1.0, width=width, grow=1.6)
        if self.narrow:
            return
        ys = covered_heights(self.painter)  # the pieces, the harbors (s43: "grain" hidden)
        wide = float(self.canvas.width)
        font = math.ceil(shown_px(BANNER_PX, self.zoom, self.ratio))  # whole pixels
        bottom = float(self.canvas.height) - self.strip
        tag = banner(reason, wide, bottom, font, spot_px(self.vp, spot)[1], ys)
        draw_banner(c, tag, wide, self.px(1.5))

    def _mark(
        self,
        c: Canvas,
        spot: Spot,
        filled: bool,
        road: float,
        width: float = 3.0,
        grow: float = 1.0,
    ) -> None:
        """A glow or ring on ``spot`` (``board_marks.mark``)."""
        mark(c, self.vp, self.ratio, spot, filled, road, width, grow)

    def hit(self, x: float, y: float) -> Spot | None:  # the spot under canvas pixel (x, y)
        return hit_test(self.vp.unpx(x, y))
