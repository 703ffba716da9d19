"""The tutor: the board with controls to play by clicking, step and branch through a timeline,
read the lesson, edit the position and save or load scenarios. The view holds no rules: every
choice offered is a legal action of the engine, every verdict the engine's.

- palette: the kinds of action legal now; choosing one makes its targets glow on the board.
  Below it, greyed, every other kind of the variant ("why not?"): choosing one asks the
  engine why it cannot be played (a kind played by a seat alone is answered at once, its
  reason also on hover; a kind played on a spot is answered for the spot clicked)
- board click: plays the chosen kind's action at the clicked vertex, edge or hex; several
  actions there (a robber move and its victims) fill the form, which offers the rest; a
  spot that does not glow answers with the engine's verdict on that kind there (why not)
- Try a move: any move typed as notation gets the engine's verdict (legal or not, why, the
  rule's title with its text on a click); a legal one can be played from there
- every verdict names its rule; "Open in Rules" shows it in the Rules tab, which lists the
  rules of the variant by section with a search box
- What happened: each move played or stepped through, in words (the engine's verdict on it,
  taken before it was played), the cards chance moved, VP won, and what the game waits for
- form: a field per part of the action with only legal values, card counts for bundles, the
  engine's verdict, Play and Explain
- one click each: Roll (the roll and all its dice, thrown by the seeded sampler; any outcome
  can still be forced with the form) and End turn; when only one kind of action is legal it is
  chosen already, so its targets glow; build buttons show their cost
- Hint: the moves of the player to act ranked by seeded playouts, the best three with their
  intervals (``hint_panel.py``); computer seats play their moves as timeline moves, a short
  pause apart, after each move played (``computer.py``)
- timeline: first / back / forward / last (buttons, or Home / PageUp / PageDown / End, also
  [ and ], while the board has focus), the move list (``move_list.py``: turns, moves in
  words, comments and variations inline; a click jumps there) with promote, demote and delete
  ("Deleted N moves · Undo" puts the same moves back, until the next change to the tree); a
  move from an earlier node makes a variation
- panels: players (hand shown or hidden, VP and where it comes from, knights, improvements,
  tokens), bank, the lesson text and what to notice (the author view adds the lesson's checks
  with ✓/✗)
- keyboard: the board takes focus (Tab, or a click); the arrow keys move a cursor over the
  spots of the chosen kind (the glowing targets; every spot of that kind when none glows, to
  ask why not; hexes when no kind is chosen) to the nearest one in that direction, its label
  in the status line; Enter acts there exactly as a click would, Escape takes the cursor away
- the board in words: a text hidden from sight but read by screen readers (``describe.py``)
  follows the position: whose turn, dice, robber, each party's pieces, hexes and harbors
- Copy link: a link to the lesson at this move, to the new game, or to the position
  (``links.py``); the page's script copies it
- editor: place and remove pieces by clicking, set hands, any edit operation
- file: the position text to copy or paste, scenario download (readable YAML,
  ``scenario_write.py``) and upload; with the Author view, the Author panel
  (``authoring.py``): the lesson's title, goal, chapter, texts, puzzles and expectations

Nothing for tests or developers shows on the page: the node, depth, phase and a digest of the
position are ``data-*`` attributes of a hidden element (class ``catan-state``).
"""

from __future__ import annotations

import base64
import html
import math
import re
import time
import zlib
from collections import deque
from dataclasses import fields
from functools import cache

import ipywidgets as widgets
from ipyevents import Event

from .. import board
from ..actions import Action, EndTurn, Roll
from ..board import CARD_NAMES
from ..editor import edit
from ..errors import CatanError, LinkError, TimelineError, TimelineFullError
from ..game import Game
from ..rules.common import CITY_COST, DEV_COST, ROAD_COST, SETTLEMENT_COST
from ..rules.improvements import WALL_COST
from ..rules.knights import ACTIVATE_COST, KNIGHT_COST
from ..sampler import Sampler
from ..scenario import Scenario, loads_scenario
from ..timeline import MAX_COMMENT_CHARS, Node, Timeline
from . import markup, style, verdicts, wording
from .authoring import AuthorPanel
from .board_view import BoardView
from .computer import Computer
from .describe import SR_ONLY_CSS, board_text_html
from .editor_panel import LABELS, EditorPanel
from .forms import SPOT_FIELDS, ActionForm
from .guard import guarded
from .hint_panel import HintPanel
from .links import Link
from .move_list import MoveList, start_node
from .panels import bank_html, expectations_html, notice_html, players_html
from .puzzle import PuzzleMode
from .rules_panel import RulesPanel
from .session import state_of

HOVER_WAIT_MS = 60  # the browser sends at most one pointer move per this many ms
MAX_EDIT_UNDO = 20  # edits and opened games that Undo edit can go back through
MAX_TIMELINE_NODES = 50_000  # moves in one tree (about 40 MiB of positions)
FULL = (f"This move tree is full ({MAX_TIMELINE_NODES:,} moves): delete a variation or "
        "start a new game to go on.")
TABS = ("Play", "Players", "Moves", "Rules", "Odds", "Editor", "File")
# What a kind of action costs in the main phase (the engine's price lists), shown on its button.
COSTS = {"build road": ROAD_COST, "settle": SETTLEMENT_COST, "build city": CITY_COST,
         "buy dev": DEV_COST, "build wall": WALL_COST, "recruit": KNIGHT_COST,
         "promote": KNIGHT_COST, "activate": ACTIVATE_COST}
OWN_BUTTON = frozenset({"roll", "end turn"})  # kinds played by a button of their own
ROLL_PHASES = frozenset({"dice", "progress-draw"})  # chance that Roll goes on through
MAX_ROLL_STEPS = 40  # chance outcomes one Roll click plays at most
MAX_LOG = 40  # lines the What happened log keeps
# The greyed "why not?" kinds; the log's box (the page's own look, no visitor text).
PLAY_CSS = ("<style>.catan-blocked .widget-toggle-button{opacity:.5;font-size:12px;"
            "height:24px;line-height:22px}"
            ".catan-blocked .widget-toggle-button.mod-active{opacity:1;"
            "box-shadow:inset 0 0 0 2px #b71c1c}"
            ".catan-try .widget-text input{font-family:monospace}"
            ".catan-board canvas:focus{outline:none}"
            ".catan-board canvas:focus-visible{outline:3px solid #1b5e9f;outline-offset:2px}"
            + SR_ONLY_CSS + "</style>")
# Keys on the focused board: the timeline (also [ and ] where there is no PageUp/PageDown).
TIMELINE_KEYS = {"PageUp": "back", "[": "back", "PageDown": "forward", "]": "forward",
                 "Home": "first", "End": "last"}
ARROWS = {"ArrowLeft": (-1.0, 0.0), "ArrowRight": (1.0, 0.0), "ArrowUp": (0.0, -1.0),
          "ArrowDown": (0.0, 1.0)}
SPOT_XY = {"vertex": board.vertex_xy, "edge": board.edge_xy, "hex": board.hex_centre_xy}
SPOT_COUNT = {"vertex": board.N_VERTICES, "edge": board.N_EDGES, "hex": board.N_HEXES}
EDIT_SPOT = {"road": "edge", "robber": "hex", "merchant": "hex"}  # else a vertex
ASK_HINT = ("Nothing of this kind can be played now. Click a spot on the board to see why "
            "not there, or type the move under Try a move.")


def target_of(a: Action) -> tuple[str, int] | None:
    """The board spot an action is played on, if any: its vertex, edge or hex."""
    for name, kind in SPOT_FIELDS.items():
        x = getattr(a, name, None)
        if isinstance(x, int) and x >= 0:
            return (kind, x)
    return None


def kind_name(a: Action) -> str:
    """The palette label of an action's kind: ``BuildRoad`` -> ``build road``."""
    return kind_of(type(a))


@cache
def kind_of(cls: type) -> str:
    """The palette label of a kind of action (a class): ``BuildRoad`` -> ``build road``."""
    return re.sub(r"(?<!^)([A-Z])", r" \1", cls.__name__).lower()


def variant_kinds(game: Game) -> dict[str, type]:
    """Every kind of move a player makes in the game's variant, in the engine's order: the
    kinds its rules apply (chance outcomes left out)."""
    return dict(_kinds(game.rules))


_KINDS: dict[type, tuple[tuple[str, type], ...]] = {}


def _kinds(rules) -> tuple[tuple[str, type], ...]:
    """(kind, class) pairs of a variant's rules (the same for every game of the variant)."""
    found = _KINDS.get(type(rules))
    if found is None:
        found = _KINDS[type(rules)] = tuple((kind_of(cls), cls) for cls in rules.applies
                                            if not cls.is_chance)
    return found


def acting_seat(game: Game) -> int:
    """The seat a question is asked for: the player to move, else the player on turn."""
    p = game.current_player
    return p if p >= 0 else game.state.active


def probe(game: Game, cls: type, spot: tuple[str, int], like: Action | None = None
          ) -> Action | None:
    """The move of kind ``cls`` at ``spot`` to ask the engine about: the fields of ``like``
    (the form's current choice) with the spot put in, else the acting seat with blanks (no
    victim, no knight moved from). None when the kind is not played on that kind of spot."""
    kind, index = spot
    names = [f.name for f in fields(cls)]
    field = next((n for n in SPOT_FIELDS if n in names and SPOT_FIELDS[n] == kind), None)
    if field is None:
        return None
    if like is not None and type(like) is cls:
        values = {n: getattr(like, n) for n in names}
    else:
        values = {f.name: (acting_seat(game) if f.name == "player" else
                           -1 if f.name in ("victim", "src", "second") else
                           () if str(f.type) in ("Bundle", "tuple") else
                           False if str(f.type) == "bool" else 0) for f in fields(cls)}
    if values.get("src") == -1 and field != "src":  # a knight to move: one of the seat's own
        kn = game.state.kn if game.caps.knights else ()
        own = [v for v, k in enumerate(kn) if k is not None and k[0] == values.get("player")]
        values["src"] = own[0] if own else -1
    values[field] = index
    if kind == "hex" and "victim" in values:
        values["victim"] = -1
    try:
        return cls(**values)
    except (TypeError, ValueError):
        return None


def seat_only(cls: type) -> bool:
    """A kind whose move names nothing but the seat (roll, end turn, buy, pass...)."""
    return [f.name for f in fields(cls)] == ["player"]


def targets_of(actions: list[Action]) -> list[tuple[str, int]]:
    """The board spots of ``actions``, each once, in a fixed order."""
    return sorted({t for a in actions if (t := target_of(a))})


def step_cursor(spots: list[tuple[str, int]], at: tuple[float, float] | None,
                direction: tuple[float, float]) -> tuple[str, int] | None:
    """The spot of ``spots`` the cursor moves to from board point ``at`` in ``direction``
    (a unit vector, y down): the nearest one ahead within 60° of it, angles off it counting
    double; the first in reading order when there is no cursor yet; None when nothing is
    that way."""
    if not spots:
        return None
    if at is None:
        return min(spots, key=lambda s: (round(SPOT_XY[s[0]](s[1])[1], 2),
                                         SPOT_XY[s[0]](s[1])[0]))
    dx, dy = direction
    best, best_score = None, math.inf
    for spot in spots:
        x, y = SPOT_XY[spot[0]](spot[1])
        vx, vy = x - at[0], y - at[1]
        along, across = vx * dx + vy * dy, abs(vx * dy - vy * dx)
        if along <= 1e-6 or across > along * math.sqrt(3):
            continue
        score = along + 2 * across
        if score < best_score:
            best, best_score = spot, score
    return best


def cost_text(cost: tuple[int, ...]) -> str:
    """``(1, 1, 0, 0, 0)`` -> ``brick, lumber``; ``(0, 0, 0, 2, 3)`` -> ``2 grain, 3 ore``."""
    return ", ".join(f"{n} {CARD_NAMES[k]}" if n > 1 else CARD_NAMES[k]
                     for k, n in enumerate(cost) if n)


def state_html(node: Node, game: Game) -> str:
    """The hidden element tests read: ``data-node``, ``data-depth``, ``data-phase``,
    ``data-turn`` and ``data-digest`` (CRC-32 of the position text)."""
    digest = zlib.crc32(game.position().encode()) & 0xFFFFFFFF
    return (f"<span class='catan-state' data-node='{node.id}' data-depth='{node.depth}' "
            f"data-phase='{markup.text(game.state.phase)}' data-turn='{game.state.turn}' "
            f"data-digest='{digest:08x}' hidden></span>")


class Tutor:
    """``Tutor(game_or_scenario).widget``; a scenario brings its timeline and lesson texts."""

    def __init__(self, game_or_scenario: Game | Scenario, *, seed: int | None = 0,
                 width: int = 640, height: int = 660) -> None:
        self.scenario: Scenario | None = None
        self.timeline = self._timeline_of(game_or_scenario)
        self.sampler = Sampler(seed)
        self.lesson_id = ""  # the library id of the lesson shown, kept in the page's address
        self.origin: Link | None = None  # the new game's link, while at its start
        self._origin_node: Node | None = None  # that start (after a shuffled board's events)
        # The lesson's nodes as loaded: id -> (node, parent id, move); a node still so can be
        # linked to by its id (a reloaded lesson gives it the same id).
        self._lesson_nodes: dict[int, tuple[Node, int, Action | None]] = {}
        self.link_shown = False  # the Copy link field shows (after the first click)
        self.view = BoardView(self.timeline.game, width, height)
        self.alert = widgets.HTML()  # an unexpected error's id (the traceback goes to the log)
        self.view.canvas.on_mouse_down(self._safe(self.click))
        self.kind = ""
        self.form: ActionForm | None = None
        # What Undo edit goes back to: the last MAX_EDIT_UNDO (timeline, scenario, lesson id,
        # origin, lesson nodes).
        self._edits: deque[tuple] = deque(maxlen=MAX_EDIT_UNDO)
        self._quiet = False  # set while refresh() rewrites the palette or the tree
        self.puzzle = PuzzleMode(self)  # a lesson's questions (widgets/puzzle.py)
        self._build()
        self.refresh()

    def _timeline_of(self, source: Game | Scenario) -> Timeline:
        if isinstance(source, Scenario):
            self.scenario = source
            return source.timeline
        self.scenario = None
        return Timeline(source)

    # ------------------------------------------------------------ layout
    def _build(self) -> None:
        b, lay = widgets.Button, widgets.Layout
        self.nav = [b(description=d, tooltip=t, layout=lay(width="46px"))
                    for d, t in (("|◀", "first (Home)"), ("◀", "back (PageUp)"),
                                 ("▶", "forward (PageDown)"), ("▶|", "last (End)"))]  # fmt: skip
        for button, fn in zip(self.nav, (self.first, self.back, self.forward, self.last),
                              strict=True):
            button.on_click(self._safe(lambda _, fn=fn: fn()))
        self.marker = widgets.HTML(layout=lay(display="none"))  # data-* for tests, no text
        self.marker.add_class("catan-tutor-marker")
        self.pointer = widgets.Label(style={"font_size": "12px", "text_color": "#666"})
        self.copy_link = b(description="Copy link", icon="link",
                           tooltip="a link to this position (copied to the clipboard)",
                           layout=lay(width="auto", margin="0 0 0 12px"))
        self.copy_link.add_class("catan-copy-link")
        self.copy_link.on_click(self._safe(lambda _: self.show_link()))
        self.link_box = widgets.HTML(layout=lay(width="100%"))
        self.link_box.add_class("catan-link")
        self.board_text = widgets.HTML()  # the board in words, for screen readers
        self.cursor_at: tuple[float, float] | None = None  # where the cursor was, board units
        board_col = widgets.VBox([self.view.widget, self.board_text, widgets.HBox(
            [*self.nav, self.view.labels_button, self.copy_link, self.pointer],
            layout=lay(align_items="center", flex_flow="row wrap")),
            self.link_box, self.marker])
        self.header = widgets.HTML()
        self.lesson = widgets.HTML()
        self.lesson.add_class("catan-lesson")
        lesson_box = widgets.Box([self.lesson], layout=lay(max_height="240px", overflow="auto",
                                                           flex="0 0 auto"))

        # Play
        self.palette = widgets.ToggleButtons(options=[], value=None,
                                             style={"button_width": "auto"})
        self.palette.observe(self._safe(self._on_palette), names="value")
        self.roll_button = b(description="Roll", icon="random", button_style="success",
                             tooltip="roll: every die thrown by the seeded sampler (force a "
                                     "die with the form below)")
        self.roll_button.add_class("catan-roll")
        self.roll_button.on_click(self._safe(lambda _: self.roll()))
        self.end_button = b(description="End turn", icon="step-forward",
                            tooltip="end the turn")
        self.end_button.add_class("catan-end-turn")
        self.end_button.on_click(self._safe(lambda _: self.end_turn()))
        # every other kind of the variant, greyed: choosing one asks why not
        self.blocked = widgets.ToggleButtons(options=[], value=None,
                                             style={"button_width": "auto"})
        self.blocked.add_class("catan-blocked")
        self.blocked.observe(self._safe(self._on_blocked), names="value")
        self.blocked_label = widgets.HTML(
            "<div style='color:#777;font-size:12px;margin-top:4px'>Not possible now (choose "
            "one to ask why not):</div>")
        self.form_box = widgets.VBox()
        self.message = widgets.HTML()

        # Try a move: any notation, the engine's verdict, Play when legal
        # the verdict follows the text as it is typed (each keystroke a small round trip)
        self.try_text = widgets.Text(placeholder="e.g. P1 road H3", continuous_update=True,
                                     layout=lay(width="auto", flex="1 1 auto"))
        self.try_text.observe(self._safe(lambda _: self._quiet or self.check_try()),
                              names="value")
        self.try_check = b(description="Check", icon="question",
                           tooltip="is this move allowed now, and why (Enter)",
                           layout=lay(width="auto", flex="0 0 auto"))
        self.try_check.on_click(self._safe(lambda _: self.check_try()))
        self.try_play = b(description="Play", icon="play", button_style="primary",
                          disabled=True, tooltip="play the move checked (when it is legal)",
                          layout=lay(width="auto", flex="0 0 auto"))
        self.try_play.on_click(self._safe(lambda _: self.play_try()))
        self.try_rule = b(description="Open in Rules", icon="book", layout=lay(
            width="auto", display="none", margin="2px 0 0 0", align_self="flex-start"),
            tooltip="read this rule in the Rules tab")
        self.try_rule.on_click(self._safe(lambda _: self.show_rule(self._tried_rule)))
        self.try_verdict = widgets.HTML()
        self._tried: Action | None = None  # the legal move Play plays
        self._tried_rule = ""
        trying = widgets.VBox([
            widgets.HTML("<b>Try a move</b> <span style='color:#777;font-size:12px'>type any "
                         "move: is it allowed, and why? (the answer follows as you type)</span>"),
            widgets.HBox([self.try_text, self.try_check, self.try_play]),
            self.try_verdict, self.try_rule], layout=lay(margin="8px 0 0 0", padding="6px 0 0 0",
                                          border_top="1px solid #ddd"))
        trying.add_class("catan-try")

        # What happened: the last moves in words, the newest first
        self.lines: deque[str] = deque(maxlen=MAX_LOG)
        self.log = widgets.HTML()
        self.log.add_class("catan-log")
        self.hints = HintPanel(lambda: self.game)  # Hint (hint_panel.py)
        self.computer = Computer(self)  # computer seats (computer.py)
        play = widgets.VBox([widgets.HTML(PLAY_CSS),
                             widgets.HBox([self.roll_button, self.end_button]),
                             self.computer.widget, self.hints.widget, self.palette,
                             self.blocked_label, self.blocked, self.form_box, self.message,
                             trying, self.log])

        # Players
        self.show_hands = widgets.Checkbox(value=True, description="show every hand",
                                           indent=False)
        self.show_hands.observe(self._safe(lambda _: self._panels()), names="value")
        self.players = widgets.HTML()
        self.bank = widgets.HTML()
        players = widgets.VBox([self.show_hands, self.players, self.bank])

        # Moves
        self.tree = MoveList(self._safe(self.goto),
                             self._safe(lambda step: getattr(self, step)()))
        self.tree_buttons = [b(description=d, tooltip=t) for d, t in (
            ("Promote", "move this variation up (to the main line)"),
            ("Demote", "move this variation down"),
            ("Delete", "delete this move and everything after it"))]  # fmt: skip
        for button, fn in zip(self.tree_buttons, (self.promote, self.demote, self.delete),
                              strict=True):
            button.on_click(self._safe(lambda _, fn=fn: fn()))
        self.comment = widgets.Textarea(placeholder="a comment on the current move",
                                        layout=lay(width="100%", height="54px"))
        self.comment.observe(self._safe(self._on_comment), names="value")
        # After Delete: what went, and Undo (until the next change to the tree)
        self.deleted_note = widgets.Label()
        self.undo_delete = b(description="Undo", icon="undo", tooltip="put the deleted moves "
                             "back", layout=lay(width="auto"))
        self.undo_delete.add_class("catan-undo-delete")
        self.undo_delete.on_click(self._safe(lambda _: self.undelete()))
        self.deleted_row = widgets.HBox([self.deleted_note, self.undo_delete],
                                        layout=lay(display="none", align_items="center"))
        self._deleted: tuple[Node, int, Node] | None = None  # (subtree, its place, current)
        moves = widgets.VBox([self.tree.widget, widgets.HBox(self.tree_buttons),
                              self.deleted_row,
                              self.comment])

        # Editor
        self.editor = EditorPanel(lambda: self.game, self._safe(self.apply_edit),
                                  self._safe(self.undo_edit))
        self.editor.mode.observe(self._safe(lambda _: self.refresh()), names="value")

        # File
        self.position = widgets.Textarea(layout=lay(width="100%", height="120px"))
        self.load_position = b(description="Load position", icon="upload",
                               tooltip="start a new timeline at the position pasted above")
        self.load_position.on_click(self._safe(lambda _: self.set_position(self.position.value)))
        self.download = widgets.HTML()
        self.upload = widgets.FileUpload(accept=".yaml,.yml", multiple=False,
                                         description="Open scenario")
        self.upload.observe(self._safe(self._on_upload), names="value")
        self.file_status = widgets.HTML()
        self.author = widgets.Checkbox(value=False, indent=False,
                                       description="Author view: the lesson's checks (✓/✗)")
        self.author.observe(self._safe(lambda _: self._panels()), names="value")
        self.authoring = AuthorPanel(self)  # the lesson's texts, puzzles, checks (authoring.py)
        files = widgets.VBox([widgets.HTML("<b>Position</b> (copy it, or paste one and load)"),
                              self.position, self.load_position,
                              widgets.HTML("<b>Scenario</b>"),
                              widgets.HBox([self.upload, self.download]), self.file_status,
                              self.author, self.authoring.widget])

        # Rules (built while shown)
        self.rules_panel = RulesPanel(lambda: self.game.variant)

        # Odds (built when first shown: pandas and matplotlib load then)
        self.odds = None
        self.odds_box = widgets.VBox([widgets.HTML("computing…")])

        self.tabs = widgets.Tab(children=[play, players, moves, self.rules_panel.widget,
                                          self.odds_box, self.editor.widget, files],
                                titles=TABS)
        self.tabs.observe(self._safe(lambda _: self._on_tab()), names="selected_index")
        self.session = widgets.Label(layout=lay(display="none"))  # see session.py
        self.session.add_class("catan-session")
        side = widgets.VBox([self.header, self.alert, lesson_box, self.puzzle.widget, self.tabs,
                             self.session])
        board_col.add_class("catan-board-col")  # sizes: style.THEME_CSS (wraps when narrow)
        side.add_class("catan-side")
        self.widget = widgets.HBox([board_col, side])
        self.widget.add_class("catan-tutor")

        # The pointer over the board: throttled moves (each is a round trip to the kernel)
        self.moves_events = Event(source=self.view.widget, watched_events=["mousemove",
                                                                           "mouseleave"],
                                  throttle_or_debounce="throttle", wait=HOVER_WAIT_MS)
        self.moves_events.on_dom_event(self._safe(self._on_pointer))
        # Keys while the board has focus (the canvas takes it on Tab or a click)
        self.view.canvas.on_key_down(self._safe(
            lambda key, *_: self._on_key({"type": "keydown", "key": key})))

    def safe(self, fn):
        """``fn`` as an event handler: an unexpected error shows its id, never a traceback."""
        return guarded(fn, self._show_failure)

    _safe = safe  # the older private name

    def _show_failure(self, text: str) -> None:
        self.alert.value = f"<div style='color:#b71c1c'>✗ {html.escape(text)}</div>"

    # ------------------------------------------------------------ state of the panels
    @property
    def game(self) -> Game:
        return self.timeline.game

    def legal(self) -> list[Action]:
        return self.game.legal_actions()

    def kinds(self, legal: list[Action] | None = None) -> list[str]:
        """The kinds of action legal now (of ``legal``), in the engine's order."""
        out: list[str] = []
        for a in self.legal() if legal is None else legal:
            if kind_name(a) not in out:
                out.append(kind_name(a))
        return out

    def refresh(self, message: str = "") -> None:
        """Show the current node: pieces, palette, form, panels, tree; clear the chosen kind."""
        started = time.perf_counter()
        g, node = self.game, self.timeline.current
        self.view.game = g
        self.kind = ""
        legal = [] if self.editor.active_mode else self.legal()
        kinds = self.kinds(legal)
        # the outcomes to force, or the one kind of action legal: chosen, its targets glow
        # (not Roll or End turn: their own buttons play them in one click)
        chosen = kinds[0] if kinds and (g.is_chance() or (
            len(kinds) == 1 and kinds[0] not in OWN_BUTTON)) else ""
        acts = [a for a in legal if kind_name(a) == chosen] if chosen else []
        self.view.targets = targets_of(acts)
        self.view.last_attack = verdicts.last_attack(node)  # the strip: strengths that fought
        self.view.update()  # the board first: the browser draws it while the rest comes
        self._quiet = True
        self.palette.value = None
        self.palette.options = [self._kind_option(k) for k in kinds]
        if chosen:
            self.palette.value = chosen
        self._blocked_kinds(kinds)
        self._quiet = False
        self._set_form(None)
        self._buttons(kinds)
        self.message.value = html.escape(message)
        self._clear_try()
        self._log_panel()
        self.alert.value = ""
        self._header()
        self._panels()
        self._on_tab()
        self.editor.sync()
        self.marker.value = state_html(node, g)
        self.board_text.value = board_text_html(g)
        self.session.value = state_of(self.timeline, self.lesson_id)
        self._link_panel()
        if chosen:
            self.kind = chosen
            self._set_form(self._form(acts))
        self._keep_cursor()
        self._cursor_status()
        self.puzzle.refresh()
        self.refresh_ms = (time.perf_counter() - started) * 1000
        self.hints.refresh()
        self.computer.after_refresh()  # a computer seat due after a move plays (computer.py)

    def _form(self, acts: list[Action]) -> ActionForm:
        return ActionForm(self.game, acts, self._safe(self.play), self._safe(self.show_rule))

    def _blocked_kinds(self, kinds: list[str]) -> None:
        """The greyed kinds: every kind of the variant not legal now (none at a chance event,
        once the game is over or while editing); a kind that names only its seat has the
        engine's reason as its tooltip."""
        g = self.game
        if g.is_chance() or g.is_over() or self.editor.active_mode:
            others: list[str] = []
        else:
            self._variant_kinds = variant_kinds(g)
            others = [k for k in self._variant_kinds if k not in kinds]
        self.blocked.value = None
        self.blocked.options = others
        self.blocked.tooltips = [self._why_not(k) for k in others]
        shown = "" if others else "none"
        self.blocked.layout.display = self.blocked_label.layout.display = shown

    def _why_not(self, kind: str) -> str:
        """The hover text of a greyed kind: the engine's reason, for a kind naming only its
        seat; else how to ask."""
        cls = self._variant_kinds[kind]
        if seat_only(cls):
            try:
                return verdicts.plain(self.game.explain(cls(acting_seat(self.game))).reason)
            except CatanError:
                pass
        return "Not possible now: choose it, then click a spot to see why."

    def _kind_option(self, kind: str) -> tuple[str, str]:
        """A palette button (label, kind): the kind, with its price while building costs
        cards."""
        cost = COSTS.get(kind)
        if cost is None or self.game.state.phase != "main":
            return (kind, kind)
        return (f"{kind} · {cost_text(cost)}", kind)

    def _buttons(self, kinds: list[str]) -> None:
        """Roll while a roll or chance is due; End turn while ending the turn is legal."""
        g = self.game
        self.roll_button.disabled = not (g.is_chance() or "roll" in kinds)
        dice = "roll" in kinds or g.state.phase in ROLL_PHASES
        self.roll_button.description = "Roll" if dice or not g.is_chance() else "Let chance pick"
        self.end_button.disabled = "end turn" not in kinds

    def _header(self) -> None:
        """Variant, turn and phase in words; who acts and what the game waits for, in the
        engine's words (``Game.prompt``)."""
        g = self.game
        phase = g.state.phase
        if g.is_over():
            who = (f"<b>{markup.text(g.names[g.winner])} wins</b>" if g.winner is not None
                   else "game over")
        elif g.is_chance():
            prompt = verdicts.plain(g.prompt())
            if prompt.lower().startswith("chance:"):
                prompt = prompt.split(":", 1)[1].strip()
            who = "🎲 Chance: " + markup.text(prompt)
        else:
            p = g.current_player
            name, sep, rest = verdicts.plain(g.prompt()).partition(": ")
            said = (f"<b>{markup.text(name)}</b>: {markup.text(rest)}"
                    if sep and name == g.names[p] else markup.text(name + sep + rest))
            who = (f"<span style='color:{style.player_fill(g.colors[p])};"
                   f"text-shadow:0 0 1px #000'>■</span> {said}")
        title = markup.text(self.scenario.title) + " · " if self.scenario else ""
        mode = " · <b style='color:#b71c1c'>editing</b>" if self.editor.active_mode else ""
        self.header.value = (f"<div style='font-size:15px'>{title}"
                             f"{markup.text(wording.variant_name(g.variant))} · turn "
                             f"{g.state.turn} · {markup.text(wording.phase_words(phase))}{mode}"
                             f"</div><div>{who}</div>")

    def _panels(self) -> None:
        g, node = self.game, self.timeline.current
        self.players.value = players_html(g, self.show_hands.value)
        self.bank.value = bank_html(g)
        parts = []
        if node is self.timeline.root and self.scenario and self.scenario.goal:
            parts.append(f"<p><b>Goal</b></p>{verdicts.lesson_html(self.scenario.goal)}")
        for text in (node.comment, node.tutor):
            if text:
                parts.append(verdicts.lesson_html(text))
        parts.append(notice_html(g, node))
        if self.author.value:
            parts.append(expectations_html(g, node))
        self.lesson.value = ("<div style='line-height:1.4'>" + "".join(parts) + "</div>"
                             if any(parts) else "")

    def _tree(self) -> None:
        """The move tree (rebuilt only while the Moves tab shows)."""
        if self.tabs.selected_index != TABS.index("Moves"):
            return
        self._quiet = True
        self.tree.show(self.timeline)
        self.comment.value = self.timeline.current.comment
        self._quiet = False
        root = self.timeline.current in (self.timeline.root, start_node(self.timeline))
        for button in self.tree_buttons:
            button.disabled = root

    def _on_tab(self) -> None:
        self._tree()
        self._rules_tab()
        self._odds()
        self._file_panel()

    def _rules_tab(self) -> None:
        """The rules of the variant (rebuilt only while the Rules tab shows)."""
        if self.tabs.selected_index == TABS.index("Rules"):
            self.rules_panel.refresh()

    def show_rule(self, rule_id: str) -> None:
        """Open the Rules tab on ``rule_id`` (a verdict's "Open in Rules")."""
        if not rule_id:
            return
        self.rules_panel.show(rule_id)
        if self.tabs.selected_index != TABS.index("Rules"):
            self.tabs.selected_index = TABS.index("Rules")  # refreshes it

    def _odds(self) -> None:
        """The exact odds of the current position (only while the Odds tab shows)."""
        if self.tabs.selected_index != TABS.index("Odds"):
            return
        if self.odds is None:
            from .odds_panel import OddsPanel

            self.odds = OddsPanel(lambda: self.game)
            self.odds_box.children = (self.odds.widget,)
        self.odds.refresh()

    def _file_panel(self) -> None:
        """The position text and the download link (built only while the File tab shows)."""
        if self.tabs.selected_index != TABS.index("File"):
            return
        self.position.value = self.game.position()
        text = self.authoring.download_text()  # readable, reads back the same (authoring.py)
        data = base64.b64encode(text.encode()).decode()
        name = re.sub(r"[^a-z0-9]+", "_", self.as_scenario().title.lower()).strip("_")
        self.download.value = (f"<a download='{name or 'scenario'}.catan.yaml' "
                               f"href='data:text/yaml;base64,{data}' "
                               f"style='margin-left:12px'>⬇ Download scenario</a>")

    def _on_palette(self, change) -> None:
        if not self._quiet and change["new"]:
            self._quiet = True
            self.blocked.value = None
            self._quiet = False
            self.choose_kind(change["new"])

    def _on_blocked(self, change) -> None:
        if not self._quiet and change["new"]:
            self._quiet = True
            self.palette.value = None
            self._quiet = False
            self.choose_kind(change["new"])

    def choose_kind(self, kind: str) -> None:
        """Offer the legal actions of ``kind``: glowing targets and a form. A kind with no
        legal action is asked about instead: one naming only its seat gets the engine's
        verdict at once, one played on a spot waits for a click (``ask_at``)."""
        self.kind = kind
        acts = self._of_kind(kind)
        self.view.show_targets(targets_of(acts))
        self._keep_cursor()
        self._cursor_status()
        self._set_form(self._form(acts) if acts else None)
        self.message.value = ""
        cls = variant_kinds(self.game).get(kind)
        if acts or cls is None:
            return
        if seat_only(cls):
            self.check_try(str(cls(acting_seat(self.game))))
        else:
            self.message.value = html.escape(ASK_HINT)

    def _of_kind(self, kind: str) -> list[Action]:
        return [a for a in self.legal() if kind_name(a) == kind] if kind else []

    def _set_form(self, form: ActionForm | None) -> None:
        """Show ``form`` (or none); the one it replaces is closed (its widgets freed)."""
        old, self.form = self.form, form
        self.form_box.children = (form.widget,) if form else ()
        if old is not None:
            old.close()

    # ------------------------------------------------------------ acting
    def play(self, action: Action | str) -> Node:
        """Play through the timeline (following an existing move or adding a variation);
        refused with ``TimelineFullError`` once the tree holds ``MAX_TIMELINE_NODES``."""
        node = self._advance(action)
        self.refresh()
        return node

    def _advance(self, action: Action | str) -> Node:
        """Play one move on the timeline without redrawing."""
        if self.puzzle.intercept(action):  # a wrong answer to the lesson's question
            return self.timeline.current
        if len(self.timeline.nodes) >= MAX_TIMELINE_NODES and not any(
                str(c.action) == str(action) for c in self.timeline.current.children):
            self.message.value = html.escape(FULL)
            raise TimelineFullError(FULL)
        count = len(self.timeline.nodes)
        node = self.timeline.play(action)
        self.computer.moved = True  # a move, not a step through the timeline
        if len(self.timeline.nodes) != count:  # a new move: the tree changed
            self._forget_deleted()
        self._tell(node)
        return node

    def roll(self) -> None:
        """One click: the player's roll (when due) and every die of it, thrown by the seeded
        sampler, with the chance events the dice bring at once (both rolls of a two-player
        turn, progress cards drawn); any other chance event: the sampler picks its outcome."""
        g = self.game
        rolls = [] if g.is_chance() else [a for a in self.legal() if isinstance(a, Roll)]
        if not g.is_chance() and not rolls:
            return
        try:
            if rolls:
                self._advance(rolls[0])
            elif g.state.phase not in ROLL_PHASES:
                self._advance(self.sampler.chance(g))
            for _ in range(MAX_ROLL_STEPS):
                g = self.game
                if not g.is_chance() or g.state.phase not in ROLL_PHASES:
                    break
                self._advance(self.sampler.chance(g))
        finally:
            self.refresh()

    def end_turn(self) -> None:
        """End the turn, when that is legal now."""
        ends = [a for a in self.legal() if isinstance(a, EndTurn)]
        if ends:
            self.play(ends[0])

    def click(self, x: float, y: float) -> None:
        """A click on the board at canvas pixel ``(x, y)``."""
        spot = self.view.hit(x, y)
        if spot is not None:
            self.click_spot(spot)

    def click_spot(self, spot: tuple[str, int]) -> None:
        """Act at a vertex, edge or hex: a click there, or Enter with the cursor on it."""
        if self.editor.active_mode:
            self.editor.click(spot)
            return
        self.view.mark_refused(None)  # the last why-not ring goes on the next click
        if not self.kind:
            self.message.value = "Choose what to do first (the buttons above)."
            return
        acts = [a for a in self.form.actions if target_of(a) == spot] if self.form else []
        if len(acts) == 1:
            self.play(acts[0])
        elif acts:
            name = next(n for n in SPOT_FIELDS if getattr(acts[0], n, -1) == spot[1])
            self.form.set(**{name: spot[1]})
            self.message.value = "Several actions here: finish the form and press Play."
        else:
            self.ask_at(spot)

    def ask_at(self, spot: tuple[str, int]) -> None:
        """Why the chosen kind cannot be played at ``spot``: the engine's verdict on that
        move, under Try a move (nothing is played)."""
        cls = variant_kinds(self.game).get(self.kind)
        like = self.form.action() if self.form is not None else None
        a = probe(self.game, cls, spot, like) if cls is not None else None
        if a is None:
            where = next((SPOT_FIELDS[n] for n in SPOT_FIELDS
                          if cls is not None and n in [f.name for f in fields(cls)]), "")
            self.message.value = html.escape(
                f"A {self.kind} is played on a {where}, not on a {spot[0]}." if where else
                f"A {self.kind} is not played on the board: use the form, or type it under "
                "Try a move.")
            return
        self.message.value = ""
        self.check_try(str(a))
        ex = self.game.explain(a)
        if not ex.legal:  # the verdict on the board too: a red ring with its short reason
            self.view.mark_refused(spot, verdicts.short_reason(ex))

    # ------------------------------------------------------------ Try a move
    def check_try(self, text: str | None = None) -> None:
        """The engine's verdict on the move typed (or ``text``, which is then shown in the
        box): legal or not, why, and the rule; Play is enabled for a legal one."""
        if text is not None and text != self.try_text.value:
            self._quiet = True
            self.try_text.value = text
            self._quiet = False
        typed = self.try_text.value
        self._tried, self._tried_rule = None, ""
        self.try_play.disabled = True
        self.try_rule.layout.display = "none"
        if not typed.strip():
            self.try_verdict.value = ""
            return
        try:
            ex = self.game.explain(typed)
        except CatanError as e:  # not notation (NotationError): its own message
            self.try_verdict.value = verdicts.unreadable_html(typed, str(e))
            return
        self.try_verdict.value = verdicts.verdict_html(ex, shown=typed)
        self._tried_rule = ex.rule
        self.try_rule.layout.display = ""
        if ex.legal:
            self._tried = ex.action
            self.try_play.disabled = False

    def play_try(self) -> None:
        """Play the move checked under Try a move, when it is legal."""
        if self._tried is not None:
            a = self._tried
            self.try_text.value = ""
            self.play(a)

    def _clear_try(self) -> None:
        """A new position: the verdict shown belongs to the old one (the text stays)."""
        self._tried, self._tried_rule = None, ""
        self.try_play.disabled = True
        self.try_rule.layout.display = "none"
        self.try_verdict.value = ""

    # ------------------------------------------------------------ What happened
    def _tell(self, node: Node | None) -> None:
        """Log the move that led to ``node`` in words: the engine's verdict on it in the
        position before it (states are snapshots), then what changed."""
        if node is None or node.parent is None or node.action is None:
            return
        before = Game(self.timeline.rules, node.parent.state)
        try:
            ex = before.explain(node.action)
        except CatanError:
            return
        if ex.legal:
            after = Game(self.timeline.rules, node.state)
            self.lines.appendleft(verdicts.narrate(before, node.action, ex, after))

    def _log_panel(self) -> None:
        if not self.lines:
            self.log.value = ""
            return
        rows = "".join(f"<li style='color:{'#1a1a1a' if i == 0 else '#666'}'>"
                       f"{markup.text(line)}</li>" for i, line in enumerate(self.lines))
        self.log.value = ("<div style='margin-top:8px;border-top:1px solid #ddd;"
                          "padding-top:4px'><b>What happened</b> <span style='color:#777;"
                          "font-size:12px'>(newest first)</span><ul style='margin:2px 0 0 0;"
                          "padding-left:18px;max-height:150px;overflow:auto;font-size:13px;"
                          f"line-height:1.35'>{rows}</ul></div>")

    def _on_pointer(self, event: dict) -> None:
        if event.get("type") == "mouseleave" or not event.get("boundingRectWidth"):
            self.view.hover(None)
            self.pointer.value = ""
            self._cursor_status()  # the keyboard's cursor, if any
            return
        scale = self.view.canvas.width / event["boundingRectWidth"]
        spot = self.view.hit(event["relativeX"] * scale, event["relativeY"] * scale)
        if spot is not None and not self.editor.active_mode and spot not in self.view.targets:
            shown = None
        else:
            shown = spot
        self.view.hover(shown)
        label = f"{spot[0]} {LABELS[spot[0]][spot[1]]}" if spot else ""
        if self.pointer.value != label:
            self.pointer.value = label

    def _on_key(self, event: dict) -> None:
        """A key pressed while the board has focus: arrows move the cursor, Enter acts at it,
        Escape takes it away; PageUp/PageDown (or [ and ]) and Home/End step the timeline."""
        key = event.get("key", "")
        if key in ARROWS:
            self.move_cursor(*ARROWS[key])
        elif key == "Enter":
            if self.view.cursor is None:
                self.move_cursor(0.0, 0.0)  # the first spot: Enter again acts there
            else:
                self.click_spot(self.view.cursor)
        elif key == "Escape":
            self.view.set_cursor(None)
            self._cursor_status()
        elif key in TIMELINE_KEYS:
            getattr(self, TIMELINE_KEYS[key])()

    # ------------------------------------------------------------ the keyboard cursor
    def cursor_spots(self) -> list[tuple[str, int]]:
        """The spots the cursor moves over: while editing, every spot the chosen piece goes
        on; the glowing targets of the chosen kind; with none, every spot of the kind of spot
        the kind is played on (Enter asks why not there); with no kind (or a kind not played
        on the board), the hexes."""
        if self.editor.active_mode:
            where = EDIT_SPOT.get(self.editor.piece.value, "vertex")
            if self.editor.piece.value == "remove":
                return [("vertex", v) for v in range(board.N_VERTICES)] + [
                    ("edge", e) for e in range(board.N_EDGES)]
            return [(where, i) for i in range(SPOT_COUNT[where])]
        if self.view.targets:
            return list(self.view.targets)
        cls = variant_kinds(self.game).get(self.kind) if self.kind else None
        names = [f.name for f in fields(cls)] if cls is not None else []
        where = next((SPOT_FIELDS[n] for n in SPOT_FIELDS if n in names), "hex")
        return [(where, i) for i in range(SPOT_COUNT[where])]

    def move_cursor(self, dx: float, dy: float) -> None:
        """Move the cursor to the nearest spot in direction ``(dx, dy)`` (y down); the first
        spot in reading order when there is none on the board yet."""
        spots = self.cursor_spots()
        here = self.view.cursor
        if here is None or here not in spots or (dx, dy) == (0.0, 0.0):
            if self.cursor_at is not None and spots:  # nearest to where it was last
                spot = min(spots, key=lambda s: math.dist(SPOT_XY[s[0]](s[1]),
                                                          self.cursor_at))
            else:
                spot = step_cursor(spots, None, (dx, dy))
        else:
            spot = step_cursor(spots, SPOT_XY[here[0]](here[1]), (dx, dy)) or here
        if spot is not None:
            self.cursor_at = SPOT_XY[spot[0]](spot[1])
        self.view.set_cursor(spot)
        self._cursor_status()

    def _keep_cursor(self) -> None:
        """A new position or kind: the cursor stays on its spot while it is one the cursor
        moves over, else it goes (the next arrow starts from the spot nearest to it)."""
        if self.view.cursor is not None and self.view.cursor not in self.cursor_spots():
            self.view.set_cursor(None)

    def _cursor_status(self) -> None:
        """The status line under the board: the cursor's spot and what Enter does there."""
        spot = self.view.cursor
        if spot is None:
            if self.pointer.value.startswith("cursor"):
                self.pointer.value = ""
            return
        label = f"cursor: {spot[0]} {LABELS[spot[0]][spot[1]]}"
        if self.editor.active_mode:
            label += f" · Enter: place {self.editor.piece.value}"
        elif spot in self.view.targets and self.kind:
            label += f" · Enter: {self.kind}"
        elif self.kind:
            label += " · Enter: why not here?"
        else:
            label += " · choose what to do first"
        self.pointer.value = label

    # ------------------------------------------------------------ the timeline
    def first(self) -> None:
        """To the start: the root, or a variable board as chance laid it out."""
        self.timeline.goto(start_node(self.timeline))
        self.refresh()

    def back(self) -> None:
        """One move back; not into a variable board's set-up (the game starts laid out)."""
        if self.timeline.current is not start_node(self.timeline):
            self.timeline.back()
        self.refresh()

    def forward(self) -> None:
        """One move forward, told in What happened like a move played."""
        if self.puzzle.holds():  # the answer stays hidden until it is found
            return self.refresh("Find the move first: play it, or take a hint.")
        self._tell(self.timeline.forward())
        self.refresh()

    def last(self) -> None:
        if not self.puzzle.last():  # a lesson with questions stops at the first unanswered
            self.timeline.last()
        self.refresh()

    def goto(self, node: Node | int) -> None:
        if self.puzzle.hides(node):  # in the answer line of a question not answered yet
            return self.refresh("Find the move first: play it, or take a hint.")
        self.timeline.goto(node)
        self.refresh()

    def _on_comment(self, change) -> None:
        if self._quiet:
            return
        text = change["new"]
        if not isinstance(text, str) or len(text) > MAX_COMMENT_CHARS:
            raise TimelineError(f"A comment holds at most {MAX_COMMENT_CHARS:,} characters: "
                                "this one was not kept.")
        self.timeline.current.comment = text

    def promote(self) -> None:
        self._forget_deleted()
        self.timeline.promote(self.timeline.current)
        self.refresh()

    def demote(self) -> None:
        self._forget_deleted()
        self.timeline.demote(self.timeline.current)
        self.refresh()

    def delete(self) -> None:
        """Delete the current move and what follows; the view steps to its parent. "Deleted N
        moves · Undo" shows until the next change to the tree."""
        node, current = self.timeline.current, self.timeline.current
        at = self.timeline.delete(node)
        self._deleted = (node, at, current)
        n = sum(1 for _ in self.timeline.walk(node))
        self.deleted_note.value = f"Deleted {n} move{'s' if n != 1 else ''}"
        self.deleted_row.layout.display = ""
        self.refresh()

    def undelete(self) -> str:
        """Undo the last Delete: the same moves (same nodes) back in their place, and the view
        where it was. Returns why not, or ''."""
        if self._deleted is None:
            return "Nothing to undo."
        node, at, current = self._deleted
        self._forget_deleted()
        try:
            self.timeline.undelete(node, at)
        except ValueError as e:
            self.refresh(f"The deleted moves cannot be put back: {e}.")
            return str(e)
        self.timeline.goto(current)
        self.refresh()
        return ""

    def _forget_deleted(self) -> None:
        """A change to the tree (or another tree): the last Delete can no longer be undone."""
        self._deleted = None
        self.deleted_row.layout.display = "none"

    # ------------------------------------------------------------ editing, files
    def open(self, source: Game | Scenario, lesson_id: str = "",
             origin: Link | None = None) -> None:
        """Show another game or scenario (Undo edit goes back to the one shown before);
        ``lesson_id`` names a lesson of the app's library (kept in the page's address),
        ``origin`` the new-game link that made ``source`` (the link of its start)."""
        scenario = source if isinstance(source, Scenario) else None
        timeline = source.timeline if scenario else Timeline(source)
        nodes = {n.id: (n, n.parent.id if n.parent else -1, n.action)
                 for n in timeline.nodes.values()} if lesson_id else {}
        self._restart(timeline, scenario, lesson_id, origin, nodes)

    def own_moves(self) -> int:
        """How many moves of the tree the learner made in the lesson shown (nodes its file did
        not make; 0 when no lesson is shown)."""
        if not self.lesson_id:
            return 0
        theirs: set[int] = set()
        own = 0
        for n in self.timeline.walk():  # parents before children
            known = self._lesson_nodes.get(n.id)
            parent = n.parent.id if n.parent else -1
            if (known is not None and known[0] is n and known[1:] == (parent, n.action)
                    and (n.parent is None or parent in theirs)):
                theirs.add(n.id)
            else:
                own += 1
        return own

    def kept(self) -> tuple:
        """The lesson shown as it is now (its tree, scenario and the nodes its file made), to
        be shown again with ``reopen``."""
        return (self.timeline, self.scenario, self.lesson_id, self._lesson_nodes)

    def reopen(self, kept: tuple) -> None:
        """Show a lesson again as ``kept`` kept it, at the move it was left at."""
        timeline, scenario, lesson_id, nodes = kept
        self._restart(timeline, scenario, lesson_id, None, nodes)

    def _restart(self, timeline: Timeline, scenario: Scenario | None, lesson_id: str = "",
                 origin: Link | None = None, lesson_nodes: dict | None = None) -> None:
        self._edits.append((self.timeline, self.scenario, self.lesson_id, self.origin,
                            self._lesson_nodes, self._origin_node))
        self._forget_deleted()
        self.timeline, self.scenario, self.lesson_id = timeline, scenario, lesson_id
        self.origin, self._lesson_nodes = origin, lesson_nodes or {}
        self._origin_node = timeline.current
        self.lines.clear()  # another game: its own log
        self.computer.reset()  # every seat human until the new-game form says otherwise
        if self.view.game.layout != timeline.game.layout:
            self.view.game = timeline.game
            self.view.redraw()
        self.refresh()

    # ------------------------------------------------------------ links
    def link(self) -> Link:
        """The link to the current node: the lesson at this move while the move is one of
        the lesson's own, the new game while at its start, else the position."""
        node = self.timeline.current
        if self.lesson_id and self._is_lesson_node(node):
            return Link(lesson=self.lesson_id, node=node.id)
        if self.origin is not None and node is self._origin_node:
            return self.origin
        return Link(position=self.game.position())

    def _is_lesson_node(self, node: Node | None) -> bool:
        """``node`` and every node above it are as the lesson file made them."""
        while node is not None:
            known = self._lesson_nodes.get(node.id)
            parent = node.parent.id if node.parent else -1
            if known is None or known[0] is not node or known[1:] != (parent, node.action):
                return False
            node = node.parent
        return True

    def show_link(self) -> None:
        """Copy link: show the link to the current node (the page's script copies it to the
        clipboard and writes it out in full); it follows the moves from then on."""
        self.link_shown = True
        self._link_panel()

    def _link_panel(self) -> None:
        """The link of the current node as a ``data-link`` attribute (always: the page's
        script copies it on the click), and in a read-only field once Copy link was used."""
        try:
            query = self.link().query
        except LinkError:  # a position that cannot go into a link: say so instead
            self.link_box.value = ("<div class='catan-link-row' style='color:#666'>This "
                                   "position cannot be put into a link.</div>")
            return
        attr = markup.text(query)
        field = ""
        if self.link_shown:
            field = (f"<input class='catan-link-input' type='text' readonly value='{attr}' "
                     "aria-label='Link to this position' spellcheck='false' "
                     "style='flex:1 1 auto;min-width:0;font:12px monospace;padding:2px 4px'>"
                     "<span class='catan-link-note' style='flex:none;min-width:64px;"
                     "font-size:12px;color:#2e7d32;white-space:nowrap'></span>")
        self.link_box.value = (f"<div class='catan-link-row' data-link='{attr}' "
                               "style='display:flex;gap:8px;align-items:center;width:100%;"
                               f"box-sizing:border-box;padding-right:4px'>{field}</div>")

    def apply_edit(self, op: str) -> str:
        """Apply one editor operation at the current node: the result is a new root (the
        moves before it are kept for Undo edit). Returns the engine's error, or ''."""
        try:
            game = edit(self.game, op)
        except CatanError as e:
            return str(e)
        self._restart(Timeline(game, with_history=False), None)
        return ""

    def undo_edit(self) -> str:
        if not self._edits:
            return "Nothing to undo."
        (self.timeline, self.scenario, self.lesson_id, self.origin, self._lesson_nodes,
         self._origin_node) = self._edits.pop()
        self._forget_deleted()
        self.view.game = self.game
        self.view.redraw()
        self.refresh()
        return ""

    def set_position(self, text: str) -> str:
        """Start over at a pasted position text; a bad text shows its error, nothing changes."""
        try:
            game = Game.from_position(text.strip())
        except CatanError as e:
            self.file_status.value = f"<span style='color:#b71c1c'>✗ {html.escape(str(e))}</span>"
            return str(e)
        self._restart(Timeline(game, with_history=False), None)
        self.file_status.value = "<span style='color:#2e7d32'>✓ position loaded</span>"
        return ""

    def load_scenario_text(self, text: str | bytes, name: str = "<upload>") -> str:
        """Open a scenario's text (or UTF-8 bytes); a malformed one shows its error, with its
        file and line, and keeps the game."""
        try:
            sc = loads_scenario(text, name)
        except CatanError as e:
            self.file_status.value = f"<span style='color:#b71c1c'>✗ {html.escape(str(e))}</span>"
            return str(e)
        self._restart(sc.timeline, sc)
        self.file_status.value = f"<span style='color:#2e7d32'>✓ opened {html.escape(name)}</span>"
        return ""

    def _on_upload(self, change) -> None:
        files = change["new"]
        if not files:
            return
        f = files[0]
        self.load_scenario_text(bytes(f["content"]), f["name"])  # bytes: errors name the line

    def as_scenario(self) -> Scenario:
        """The timeline as a scenario: the loaded one's title and texts, or a position."""
        sc, root = self.scenario, Game(self.timeline.rules, self.timeline.root.state)
        if sc is not None and sc.timeline is self.timeline:
            return sc
        return Scenario(title="Position", variant=root.variant, players=root.players,
                        position=root.position(), timeline=self.timeline)
