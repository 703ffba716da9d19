"""The board column of the tutor, a view of the session: the board (targets of the kind chosen
glow), the timeline buttons, the pointer's and the keyboard cursor's spot, Copy link, the board
in words for screen readers, and the hidden element tests read.

Keys while the board has focus: the arrows move a cursor over the spots of the kind chosen
(the glowing targets; every spot of that kind when none glows, to ask why not; hexes when no
kind is chosen) to the nearest one in that direction; Enter acts there as a click would,
Escape takes the cursor away; PageUp/PageDown (or [ and ], also from anywhere on the page) and
Home/End step the timeline.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable

import ipywidgets as widgets
from ipyevents import Event

from .. import board
from ..errors import LinkError
from ..game import Game
from ..state import BOARD
from ..study.timeline import Node
from . import markup, verdicts
from .back_note import back_note
from .board_notes import BETWEEN, NOTHING, drop_note
from .board_tags import event_px
from .board_view import BoardView
from .click_spot import click_spot, sole_where, tag_spot
from .cursor_steps import SPOT_XY, CursorTrail, step_cursor
from .describe import board_text_html
from .dice_shown import dice_shown, event_words, ship_steps
from .go_on_note import HELD_NOTE, SAID_CLASS, SAID_ROW, go_on_note, note_class, off_line_note
from .kinds import Spot, moment_kinds, spot_kind, targets_of, variant_kinds
from .land_steps import draw_land
from .links import Link, copied_link
from .others_moves import others_spots
from .pointer_heard import heard_only
from .spot_sentences import CURSOR, cursor_words, pointer_words, spot_words
from .step_count import step_count_html
from .tutor_session import TutorSession

HOVER_WAIT_MS = 60  # the browser sends at most one pointer move per this many ms
# Keys on the focused board: the timeline (also [ and ] where there is no PageUp/PageDown).
TIMELINE_KEYS = {
    "PageUp": "back",
    "[": "back",
    "PageDown": "forward",
    "]": "forward",
    "Home": "first",
    "End": "last",
}
ARROWS = {
    "ArrowLeft": (-1.0, 0.0),
    "ArrowRight": (1.0, 0.0),
    "ArrowUp": (0.0, -1.0),
    "ArrowDown": (0.0, 1.0),
}
SPOT_COUNT = {"vertex": board.N_VERTICES, "edge": board.N_EDGES, "hex": board.N_HEXES}
EDIT_SPOT = {"road": "edge", "robber": "hex", "merchant": "hex"}  # else a vertex
# The keys each tip names work where it says: [ and ] on the whole page (board_keys.js; they
# scroll nothing), Home, PageUp, PageDown and End only in the tutor (on the page they scroll it)
STEP_TIPS = {"first": "first (Home on the board)", "back": "back ([, or PageUp on the board)",
             "forward": "forward (], or PageDown on the board)",
             "last": "last (End on the board)"}  # fmt: skip
HELD = "catan-step-held"  # a step button greyed by a puzzle not solved yet (still says why)
# under the step buttons while ▶ is held: the tooltip's why, for a finger too (issue 33)


def state_html(node: Node, game: Game) -> str:
    """The hidden element tests read: ``data-node``, ``data-depth``, ``data-phase``,
    ``data-turn`` and ``data-digest`` (CRC-32 of the position text)."""
    digest = zlib.crc32(game.position().encode()) & 0xFFFFFFFF
    return (
        f"<span class='catan-state' data-node='{node.id}' data-depth='{node.depth}' "
        f"data-phase='{markup.text(game.state.phase)}' data-turn='{game.state.turn}' "
        f"data-digest='{digest:08x}' hidden></span>"
    )


class BoardPanel:
    """``BoardPanel(session, guard, act_at, edit_piece)``: ``act_at(spot)`` acts at a spot
    (a click, or Enter on the cursor); ``edit_piece()`` is the piece the editor places while
    board clicks edit (else None). ``widget`` is the column."""

    def __init__(
        self,
        session: TutorSession,
        guard: Callable[[Callable], Callable],
        act_at: Callable[[Spot], None],
        edit_piece: Callable[[], str | None],
        width: int = 640,
        height: int = 660,
    ) -> None:
        self.session, self.act_at, self.edit_piece = session, act_at, edit_piece
        b, lay = widgets.Button, widgets.Layout
        self.view = BoardView(lambda: session.game, width, height)
        self.view.canvas.on_mouse_down(guard(self.click))
        self.view.canvas.on_touch_start(guard(self.tap))  # a tap sends no mouse event
        self.nav = [b(description=d, tooltip=STEP_TIPS[w], layout=lay(width="46px"))
                    for d, w in (("|◀", "first"), ("◀", "back"), ("▶", "forward"),
                                 ("▶|", "last"))]  # fmt: skip
        for button, where in zip(self.nav, ("first", "back", "forward", "last"), strict=True):
            button.on_click(guard(lambda _, where=where: session.step(where)))
            button.add_class("catan-step")  # the board stays put on a phone: board_still.js
        self.marker = widgets.HTML(layout=lay(display="none"))  # data-* for tests, no text
        self.marker.add_class("catan-tutor-marker")
        self.pointer = widgets.Label(style={"font_size": "12px", "text_color": "#666"})
        heard_only(self.pointer, guard)  # the pointer's line: heard only (pointer_heard)
        self.copy_link = b(
            description="Copy link",
            icon="link",
            tooltip="a link to this move, with your moves in the lesson (copied to the clipboard)",
            layout=lay(width="auto", margin="0 0 0 12px"),
        )
        self.copy_link.add_class("catan-copy-link")
        self.copy_link.on_click(guard(lambda _: self.show_link()))
        self.link_box = widgets.HTML(layout=lay(width="100%"))
        self.link_box.add_class("catan-link")
        self.board_text = widgets.HTML()  # the board in words, for screen readers
        # what the event die shows and does (C&K), in words under the strip that draws it;
        # built when first needed (issue 35: few widgets at first paint)
        self.dice_words: widgets.HTML | None = None
        self.held_note: widgets.HTML | None = None  # HELD_NOTE's line, built when first held
        self.cursor_at: tuple[float, float] | None = None  # where the cursor was, board units
        self.trail = CursorTrail()  # the arrows' steps, for the opposite arrow to retrace
        self.step_count = widgets.HTML(layout=lay(width="auto", display="none"))  # "Step 3 of 12"
        self.step_count.add_class("catan-step-count")
        self.nav_row = widgets.HBox(
            [*self.nav, self.view.labels_button, self.copy_link, self.step_count, self.pointer],
            layout=lay(align_items="center", flex_flow="row wrap"),
        )
        self.widget = widgets.VBox(
            [
                self.view.widget,
                self.board_text,
                self.nav_row,
                self.link_box,
                self.marker,
            ]
        )
        self.widget.add_class("catan-board-col")  # sizes: style.THEME_CSS (wraps when narrow)
        self.view.why_not_home = self.widget  # a phone's why-not line (a Tutor's: its heading)
        # The pointer over the board: throttled moves (each is a round trip to the kernel),
        # on the canvas itself, whose box a click is reckoned in too (the column around it
        # is wider where the board is centred: its box put the pointer beside the click)
        self.moves_events = Event(
            source=self.view.canvas,
            watched_events=["mousemove", "mouseleave"],
            throttle_or_debounce="throttle",
            wait=HOVER_WAIT_MS,
        )
        self.moves_events.on_dom_event(guard(self.on_pointer))
        # Keys while the board has focus (the canvas takes it on Tab or a click)
        self.view.canvas.on_key_down(
            guard(lambda key, *_: self.on_key({"type": "keydown", "key": key}))
        )
        session.subscribe(self._on_session)

    # ------------------------------------------------------------ rendering
    def _on_session(self, event: str) -> None:
        s, view = self.session, self.view
        if event in ("shown", "opened", "restored"):  # a step, a jump, another game or lesson
            self.pointer.value = drop_note(self.pointer.value)  # a tap's note goes (l23)
        if event in ("opened", "restored"):  # another game: the keyboard cursor starts afresh
            view.set_cursor(None)
            # and the pointer's ring and line go with the board they were on: the line's
            # "Pointer on O6" (a spot of 8.11's answer) labelled O6 on 7.8's board (l30)
            view.hover(None)
            self.pointer.value = ""
            self.cursor_at = None
            self.trail.clear()
        if event == "opened" and view.drawn_layout != s.game.layout or event == "restored":
            view.redraw()
        elif event == "shown":
            view.targets = targets_of(s.of_kind()) if s.puzzle.glows() else []
            view.last_attack = verdicts.last_attack(s.node)  # the strengths that fought
            view.dice = dice_shown(s.node)  # a roll-off's too, and what the dice are
            view.named = {}  # the step before's labels go (the new words': named_words.py)
            said = "" if s.roll_told() else event_words(s.game.state, ship_steps(s.node))
            knights = s.game.state.caps.knights
            self.event_line(said, knights, view.dice[1] if knights else "")
            if s.game.state.phase == BOARD or view.drawn_layout != s.game.layout:
                draw_land(view)  # a hex laid out (or taken back): the land changed
            view.update()
            view.mark_fresh(others_spots(s))  # (the computers' moves since the learner's)
            self.step_buttons()
            self.marker.value = state_html(s.node, s.game)
            self.board_text.value = board_text_html(s.game, s.puzzle_secret)
            self.link_panel()
            self.keep_cursor()
            self.cursor_status()
        elif event == "kind":
            view.show_targets(targets_of(s.of_kind()) if s.puzzle.glows() else [])
            self.keep_cursor()
            self.cursor_status()
        elif event == "seats":  # the link names the computer seats
            self.link_panel()
        elif event == "message":  # a tap off the lesson's line: said under ◀ ▶ (go_on_note)
            self.step_buttons()
        if event in ("shown", "kind", "spot"):  # the spot the form names: ringed
            view.mark_chosen(s.chosen)

    def event_line(self, words: str, kept: bool = False, caption: str = "") -> None:
        """The event die in words under the board. In a game with an event die (``kept``: C&K)
        its lines stay while it says nothing (style.EVENT_LINES): the step buttons under it
        stay put (a phone shows it under them); else no room. A phone's line begins with the
        dice's ``caption`` (its strip has no room for it beside three dice and the track)."""
        said = markup.text(words) if words else "&nbsp;" if kept else ""
        tag = " class='catan-event-words'" if words else ""  # (a phone shows only words)
        lead = f"<span class='catan-dice-caption'>{markup.text(caption)} </span>" if caption else ""
        value = f"<div{tag} style='font-size:12px;line-height:1.35;color:#444'>{lead}{said}</div>"
        if self.dice_words is None:
            if not said:
                return
            self.dice_words = widgets.HTML(layout=widgets.Layout(margin="0 0 0 6px"))
            self.dice_words.add_class("catan-dice-words")
            children = list(self.widget.children)
            self.widget.children = [*children[:1], self.dice_words, *children[1:]]
        self.dice_words.value = value if said else ""
        self.dice_words.layout.display = "" if said else "none"

    def step_buttons(self) -> None:
        """A step to nowhere is greyed (disabled); forward past a puzzle not solved yet looks
        greyed too (class ``catan-step-held``) but a press says why (``session.nowhere``)."""
        s = self.session
        for button, where in zip(self.nav, ("first", "back", "forward", "last"), strict=True):
            held = s.held(where)
            button.disabled = not s.can_step(where) and not held
            tip = STEP_TIPS[where] + (" · solve the puzzle first" if held else "")
            if button.tooltip != tip:
                button.tooltip = tip
            if held:
                button.add_class(HELD)
            else:
                button.remove_class(HELD)
        self.step_count.value = step_count_html(s)
        self.step_count.layout.display = None if self.step_count.value else "none"
        held = s.held("forward") or s.held("last")
        back = back_note(s)  # a link landed before its node, at a question (back_note.py)
        note = HELD_NOTE if held else go_on_note(s) or off_line_note(s) or s.puzzle.step_note()
        self.held_line(back or note)

    def held_line(self, note: str) -> None:
        """The note under the step buttons: "Answer the puzzle to go on." while ▶ is held (a
        tooltip shows to no finger), or what the last step did that the board does not show
        (``PuzzleState.step_note``); no line, no room taken, else."""
        if self.held_note is None:
            if not note:
                return
            self.held_note = widgets.HTML(layout=widgets.Layout(margin="0 0 0 6px"))
            self.held_note.add_class("catan-step-note")
            children = list(self.widget.children)
            at = children.index(self.nav_row) + 1
            self.widget.children = [*children[:at], self.held_note, *children[at:]]
        value = (
            f"<span class='{note_class(note)}' style='color:#555;font-size:13px'>"
            f"{markup.text(note)}</span>"
            if note
            else ""
        )
        if self.held_note.value != value:  # no stale words kept in the page while hidden
            self.held_note.value = value
        said = bool(note) and note_class(note) == SAID_CLASS  # in a row of its own (a phone)
        (self.held_note.add_class if said else self.held_note.remove_class)(SAID_ROW)
        display = "" if note else "none"
        if self.held_note.layout.display != display:
            self.held_note.layout.display = display

    # ------------------------------------------------------------ links
    def link(self) -> Link:
        """The link to the current node (``links.copied_link``): the lesson with the learner's
        moves as a variation (past an answered question, as answered), the new game with its
        moves, or the position."""
        return copied_link(self.session)

    def show_link(self) -> None:
        """Copy link: show the link to the current node (the page's script copies it to the
        clipboard and writes it out in full); it follows the moves from then on."""
        self.session.link_shown = True
        self.link_panel()

    def link_panel(self) -> None:
        """The link of the current node as a ``data-link`` attribute (always: the page's
        script copies it on the click), and in a read-only field once Copy link was used."""
        try:
            query = self.link().query
        except LinkError:  # a position that cannot go into a link: say so instead
            self.link_box.value = (
                "<div class='catan-link-row' style='color:#666'>This "
                "position cannot be put into a link.</div>"
            )
            return
        attr = markup.text(query)
        field = ""
        if self.session.link_shown:
            field = (
                f"<input class='catan-link-input' type='text' readonly value='{attr}' "
                "aria-label='Link to this position' spellcheck='false' "
                "style='flex:1 1 auto;min-width:0;font:12px monospace;padding:2px 4px'>"
                "<span class='catan-link-note' style='flex:none;min-width:64px;"
                "font-size:12px;color:#2e7d32;white-space:nowrap'></span>"
            )
        self.link_box.value = (
            f"<div class='catan-link-row' data-link='{attr}' "
            "style='display:flex;gap:8px;align-items:center;width:100%;"
            f"box-sizing:border-box;padding-right:4px'>{field}</div>"
        )

    # ------------------------------------------------------------ pointer and keys
    def click(self, x: float, y: float) -> None:
        """A click on the board at canvas pixel ``(x, y)``: the spot the pointer names there
        (``spot_at``)."""
        self.act_on(self.spot_at(x, y), "click")

    def spot_at(self, x: float, y: float) -> Spot | None:
        """The spot at canvas pixel ``(x, y)``, one hit test for the pointer's label and the
        click's judgement: the spot of the label whose text is there (``tag_spot``) when it is
        of the moment's one kind of spot or there is none, else the nearest of that kind
        (``click_spot``: a click on an edge's tag while a settlement is placed goes on to the
        corner nearest it, as a click beside the tag does)."""
        on_tag = self.tag_meant(x, y)
        return on_tag or click_spot(self.view.vp.unpx(x, y), sole_where(self.session))

    def tag_meant(self, x: float, y: float) -> Spot | None:
        """The spot of the tag whose text is at canvas pixel ``(x, y)`` when it is of the
        moment's one kind of spot or there is none (``tag_spot``), else None."""
        view, where = self.view, sole_where(self.session)
        on_tag = tag_spot(view.places, view.labels or bool(view.named), x, y)
        return on_tag if on_tag is not None and where in ("", on_tag[0]) else None

    def tap(self, touches: list[tuple[float, float]]) -> None:
        """A finger on the board (a phone or tablet; the canvas cancels the mouse events a
        tap would make), where the first finger touched: the spot it means, the nearest of
        those the learner can aim at within a finger's reach (``BoardView.reach``); between
        two about as near, the status line asks which."""
        if not touches:
            return
        # (not the tags' text boxes, as a click: a fingertip covers a tag and the corner
        # beside it, and the two are asked about, 61_phone_tap_N5.png)
        meant = self.view.reach(*touches[0], self.tap_spots())
        spots = [spot for spot in meant if spot is not None]
        if len(spots) == 2:  # about as near to both: a guess could play what was not meant
            a, b = (spot_words(spot) for spot in spots)
            self.pointer.value = BETWEEN.format(a=a, b=b)
            return
        self.act_on(meant[0], "tap")

    def act_on(self, spot: Spot | None, verb: str) -> None:
        """Act at ``spot``; a click or tap on nothing (the sea, the page) says so in the
        status line under the board."""
        if spot is None:
            self.pointer.value = f"{NOTHING}: {verb} a corner, edge or hex."
            return
        self.pointer.value = drop_note(self.pointer.value)  # "Between…" too
        self.act_at(spot)

    def on_pointer(self, event: dict) -> None:
        """The pointer moved over the canvas (or left it): the spot under it ringed when the
        chosen kind may be played there, and named in the status line (``pointer_words``),
        by the hit test a click there is judged by (``spot_at``)."""
        canvas = self.view.canvas
        leave = event.get("type") == "mouseleave"
        at = None if leave else event_px(event, canvas.width, canvas.height)
        if at is None:
            self.view.hover(None)
            self.pointer.value = ""
            self.cursor_status()  # the keyboard's cursor, if any
            return
        spot = self.spot_at(*at)
        editing = self.edit_piece() is not None
        shown = None if spot is not None and not editing and spot not in self.view.targets else spot
        self.view.hover(shown)
        label = pointer_words(spot, self.session.game.caps.knights)
        if self.pointer.value != label:
            self.pointer.value = label

    def on_key(self, event: dict) -> None:
        """A key pressed while the board has focus (see the module's docstring)."""
        key = event.get("key", "")
        if key in ARROWS:
            self.move_cursor(*ARROWS[key])
        elif key == "Enter":
            if self.view.cursor is None:
                self.move_cursor(0.0, 0.0)  # the first spot: Enter again acts there
            else:
                self.act_at(self.view.cursor)
        elif key == "Escape":
            self.view.set_cursor(None)
            self.trail.clear()
            self.cursor_status()
        elif key in TIMELINE_KEYS:
            self.session.step(TIMELINE_KEYS[key])

    # ------------------------------------------------------------ the keyboard cursor
    def cursor_spots(self) -> list[Spot]:
        """The spots the cursor moves over: while editing, every spot the chosen piece goes
        on; the glowing targets of the chosen kind; with none, every spot of the kind of spot
        the kind is played on (Enter asks why not there); with no kind (or a kind not played
        on the board), the hexes."""
        piece = self.edit_piece()
        if piece is not None:
            if piece == "remove":
                return [("vertex", v) for v in range(board.N_VERTICES)] + [
                    ("edge", e) for e in range(board.N_EDGES)
                ]
            where = EDIT_SPOT.get(piece, "vertex")
            return [(where, i) for i in range(SPOT_COUNT[where])]
        if self.view.targets:
            return list(self.view.targets)
        kind = self.session.kind
        where = spot_kind(variant_kinds(self.session.game).get(kind) if kind else None)
        where = where or "hex"
        return [(where, i) for i in range(SPOT_COUNT[where])]

    def tap_spots(self) -> list[Spot]:
        """The spots a finger may mean: the cursor's, but with no kind chosen every spot of
        each kind of spot the moment's kinds are played on (a tap on an edge then means the
        road there, not the hexes either side: ``PlayPanel.act_at`` takes the kind)."""
        s = self.session
        if self.edit_piece() is not None or self.view.targets or s.kind:
            return self.cursor_spots()
        ours = variant_kinds(s.game)
        kinds = moment_kinds(s.game) if s.puzzle_secret else s.kinds()
        wheres = sorted({spot_kind(ours.get(k)) for k in kinds} - {""})
        if not wheres:
            return self.cursor_spots()
        return [(where, i) for where in wheres for i in range(SPOT_COUNT[where])]

    def move_cursor(self, dx: float, dy: float) -> None:
        """Move the cursor to the nearest spot in direction ``(dx, dy)`` (y down); the first
        spot in reading order when there is none on the board yet."""
        spots = self.cursor_spots()
        here = self.view.cursor
        spot: Spot | None
        if here is None or here not in spots or (dx, dy) == (0.0, 0.0):
            at = self.cursor_at
            if at is not None and spots:  # nearest to where it was last
                spot = min(spots, key=lambda s: math.dist(SPOT_XY[s[0]](s[1]), at))
            else:
                spot = step_cursor(spots, None, (dx, dy))
        else:
            spot = self.trail.step(spots, here, (dx, dy))
        if spot is not None:
            self.cursor_at = SPOT_XY[spot[0]](spot[1])
        self.view.set_cursor(spot)
        self.cursor_status()

    def keep_cursor(self) -> None:
        """A new position or kind: the cursor stays on its spot while it is one the cursor
        moves over, else it goes (the next arrow starts from the spot nearest to it)."""
        if self.view.cursor is not None and self.view.cursor not in self.cursor_spots():
            self.view.set_cursor(None)

    def cursor_status(self) -> None:
        """The status line under the board: the cursor's spot and what Enter does there."""
        spot = self.view.cursor
        if spot is None:
            if self.pointer.value.startswith(CURSOR):
                self.pointer.value = ""
            return
        piece, kind = self.edit_piece(), self.session.kind
        knights = self.session.game.caps.knights
        judged = self.session.puzzle_secret  # Enter answers the question: no "why not"
        cls = variant_kinds(self.session.game).get(kind) if kind else None
        here = spot in self.view.targets
        label = cursor_words(spot, piece, kind, here, knights, judged, bool(spot_kind(cls)))
        self.pointer.value = label
