"""The tutor: the board with controls to play by clicking, step and branch through a timeline,
read the lesson, edit the position and save or load scenarios. The view holds no rules: every
choice offered is a legal action of the engine, every verdict the engine's.

- palette: the kinds of action legal now; choosing one makes its targets glow on the board
- board click: plays the chosen kind's action at the clicked vertex, edge or hex; several
  actions there (a robber move and its victims) fill the form, which offers the rest
- form: a field per part of the action with only legal values, card counts for bundles, the
  engine's verdict, Play and Explain
- chance: Roll (the seeded sampler picks) or force any outcome with the form
- timeline: first / back / forward / last (buttons, or ←/→/Home/End with the pointer on the
  board), the move tree with promote, demote and delete; a move from an earlier node makes a
  variation
- panels: players (hand shown or hidden, VP and where it comes from, knights, improvements,
  tokens), bank, the lesson text and the scenario's expectations with ✓/✗
- editor: place and remove pieces by clicking, set hands, any edit operation
- file: the position text to copy or paste, scenario download and upload
"""

from __future__ import annotations

import base64
import html
import re
import time
import zlib
from collections import deque

import ipywidgets as widgets
from ipyevents import Event

from ..actions import Action
from ..editor import edit
from ..errors import CatanError, TimelineFullError
from ..game import Game
from ..sampler import Sampler
from ..scenario import Scenario, dumps_scenario, loads_scenario
from ..timeline import Node, Timeline
from . import markup, style
from .board_view import BoardView
from .editor_panel import LABELS, EditorPanel
from .forms import SPOT_FIELDS, ActionForm
from .guard import guarded
from .panels import bank_html, expectations_html, players_html, tree_rows
from .session import state_of

HOVER_WAIT_MS = 60  # the browser sends at most one pointer move per this many ms
MAX_EDIT_UNDO = 20  # edits and opened games that Undo edit can go back through
MAX_TIMELINE_NODES = 50_000  # moves in one tree (about 40 MiB of positions)
FULL = (f"This move tree is full ({MAX_TIMELINE_NODES:,} moves): delete a variation or "
        "start a new game to go on.")
TABS = ("Play", "Players", "Moves", "Odds", "Editor", "File")


def target_of(a: Action) -> tuple[str, int] | None:
    """The board spot an action is played on, if any: its vertex, edge or hex."""
    for name, kind in SPOT_FIELDS.items():
        x = getattr(a, name, None)
        if isinstance(x, int) and x >= 0:
            return (kind, x)
    return None


def kind_name(a: Action) -> str:
    """The palette label of an action's kind: ``BuildRoad`` -> ``build road``."""
    return re.sub(r"(?<!^)([A-Z])", r" \1", type(a).__name__).lower()


class Tutor:
    """``Tutor(game_or_scenario).widget``; a scenario brings its timeline and lesson texts."""

    def __init__(self, game_or_scenario: Game | Scenario, *, seed: int | None = 0,
                 width: int = 640, height: int = 660) -> None:
        self.scenario: Scenario | None = None
        self.timeline = self._timeline_of(game_or_scenario)
        self.sampler = Sampler(seed)
        self.lesson_id = ""  # the library id of the lesson shown, kept in the page's address
        self.view = BoardView(self.timeline.game, width, height)
        self.alert = widgets.HTML()  # an unexpected error's id (the traceback goes to the log)
        self.view.canvas.on_mouse_down(self._safe(self.click))
        self.kind = ""
        self.form: ActionForm | None = None
        # What Undo edit goes back to: the last MAX_EDIT_UNDO (timeline, scenario, lesson id).
        self._edits: deque[tuple[Timeline, Scenario | None, str]] = deque(maxlen=MAX_EDIT_UNDO)
        self._quiet = False  # set while refresh() rewrites the palette or the tree
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
                    for d, t in (("|◀", "first (Home)"), ("◀", "back (←)"), ("▶", "forward (→)"),
                                 ("▶|", "last (End)"))]  # fmt: skip
        for button, fn in zip(self.nav, (self.first, self.back, self.forward, self.last),
                              strict=True):
            button.on_click(self._safe(lambda _, fn=fn: fn()))
        self.marker = widgets.Label()
        self.marker.add_class("catan-tutor-marker")
        self.pointer = widgets.Label(style={"font_size": "12px", "text_color": "#666"})
        board_col = widgets.VBox([self.view.widget, widgets.HBox(
            [*self.nav, self.pointer], layout=lay(align_items="center")), self.marker])
        self.header = widgets.HTML()
        self.lesson = widgets.HTML()
        self.lesson.add_class("catan-lesson")
        lesson_box = widgets.Box([self.lesson], layout=lay(max_height="240px", overflow="auto",
                                                           flex="0 0 auto"))

        # Play
        self.palette = widgets.ToggleButtons(options=[], value=None,
                                             style={"button_width": "auto"})
        self.palette.observe(self._safe(self._on_palette), names="value")
        self.roll_button = b(description="Roll (sampler)", icon="random",
                             tooltip="let the seeded sampler pick the outcome")
        self.roll_button.on_click(self._safe(lambda _: self.roll()))
        self.form_box = widgets.VBox()
        self.message = widgets.HTML()
        play = widgets.VBox([self.palette, self.roll_button, self.form_box, self.message])

        # Players
        self.show_hands = widgets.Checkbox(value=True, description="show every hand",
                                           indent=False)
        self.show_hands.observe(self._safe(lambda _: self._panels()), names="value")
        self.players = widgets.HTML()
        self.bank = widgets.HTML()
        players = widgets.VBox([self.show_hands, self.players, self.bank])

        # Moves
        self.tree = widgets.Select(options=[], rows=14, layout=lay(width="100%"))
        self.tree.observe(self._safe(self._on_tree), names="value")
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
        moves = widgets.VBox([self.tree, widgets.HBox(self.tree_buttons), self.comment])

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
        files = widgets.VBox([widgets.HTML("<b>Position</b> (copy it, or paste one and load)"),
                              self.position, self.load_position,
                              widgets.HTML("<b>Scenario</b>"),
                              widgets.HBox([self.upload, self.download]), self.file_status])

        # Odds (built when first shown: pandas and matplotlib load then)
        self.odds = None
        self.odds_box = widgets.VBox([widgets.HTML("computing…")])

        self.tabs = widgets.Tab(children=[play, players, moves, self.odds_box,
                                          self.editor.widget, files], titles=TABS)
        self.tabs.observe(self._safe(lambda _: self._on_tab()), names="selected_index")
        self.session = widgets.Label(layout=lay(display="none"))  # see session.py
        self.session.add_class("catan-session")
        side = widgets.VBox([self.header, self.alert, lesson_box, self.tabs, self.session],
                            layout=lay(width="520px", margin="0 0 0 14px"))
        self.widget = widgets.HBox([board_col, side])
        self.widget.add_class("catan-tutor")

        # Pointer and keys over the board: throttled moves (each is a round trip to the kernel)
        self.moves_events = Event(source=self.view.widget, watched_events=["mousemove",
                                                                           "mouseleave"],
                                  throttle_or_debounce="throttle", wait=HOVER_WAIT_MS)
        self.moves_events.on_dom_event(self._safe(self._on_pointer))
        self.keys = Event(source=self.view.widget, watched_events=["keydown"],
                          prevent_default_action=True)
        self.keys.on_dom_event(self._safe(self._on_key))

    def _safe(self, fn):
        """``fn`` as an event handler: an unexpected error shows its id, never a traceback."""
        return guarded(fn, self._show_failure)

    def _show_failure(self, text: str) -> None:
        self.alert.value = f"<div style='color:#b71c1c'>✗ {html.escape(text)}</div>"

    # ------------------------------------------------------------ state of the panels
    @property
    def game(self) -> Game:
        return self.timeline.game

    def legal(self) -> list[Action]:
        return self.game.legal_actions()

    def kinds(self) -> list[str]:
        """The kinds of action legal now, in the engine's order."""
        out: list[str] = []
        for a in self.legal():
            if kind_name(a) not in out:
                out.append(kind_name(a))
        return out

    def refresh(self, message: str = "") -> None:
        """Show the current node: pieces, palette, form, panels, tree; clear the chosen kind."""
        started = time.perf_counter()
        g, node = self.game, self.timeline.current
        self.view.game = g
        self.kind = ""
        kinds = [] if self.editor.active_mode else self.kinds()
        self._quiet = True
        self.palette.value = None
        self.palette.options = kinds
        self.palette.value = None
        self._quiet = False
        self.form_box.children = ()
        self.form = None
        self.view.targets = []
        self.view.update()
        if g.is_chance() and kinds:
            self.palette.value = kinds[0]  # the outcomes to force
        self.roll_button.disabled = not g.is_chance()
        self.message.value = html.escape(message)
        self.alert.value = ""
        self._header()
        self._panels()
        self._on_tab()
        self.editor.sync()
        self.refresh_ms = (time.perf_counter() - started) * 1000
        digest = zlib.crc32(g.position().encode()) & 0xFFFFFFFF
        self.marker.value = f"node {node.id} depth {node.depth} {g.state.phase} #{digest:08x}"
        self.session.value = state_of(self.timeline, self.lesson_id)

    def _header(self) -> None:
        g = self.game
        if g.is_over():
            who = (f"<b>{markup.text(g.names[g.winner])} wins</b>" if g.winner is not None
                   else "game over")
        elif g.is_chance():
            who = "chance: " + "; ".join(html.escape(p.decision) for p in g.pending)
        else:
            p = g.current_player
            who = (f"<span style='color:{style.player_fill(g.colors[p])};"
                   f"text-shadow:0 0 1px #000'>■</span> <b>{markup.text(g.names[p])}</b> to act")
            owed = [f"{g.names[q.player]}: {q.decision}" for q in g.pending if q.player >= 0]
            if owed:
                who += " · " + html.escape("; ".join(owed))
        title = html.escape(self.scenario.title) + " · " if self.scenario else ""
        mode = " · <b style='color:#b71c1c'>editing</b>" if self.editor.active_mode else ""
        self.header.value = (f"<div style='font-size:15px'>{title}{g.variant} · turn "
                             f"{g.state.turn} · {g.state.phase}{mode}</div><div>{who}</div>")

    def _panels(self) -> None:
        g, node = self.game, self.timeline.current
        self.players.value = players_html(g, self.show_hands.value)
        self.bank.value = bank_html(g)
        parts = []
        if node is self.timeline.root and self.scenario and self.scenario.goal:
            parts.append(f"<p><b>Goal</b></p>{markup.lesson(self.scenario.goal)}")
        for text in (node.comment, node.tutor):
            if text:
                parts.append(markup.lesson(text))
        parts.append(expectations_html(g, node))
        self.lesson.value = ("<div style='line-height:1.4'>" + "".join(parts) + "</div>"
                             if any(parts) else "")

    def _tree(self) -> None:
        """The move tree (rebuilt only while the Moves tab shows)."""
        if self.tabs.selected_index != TABS.index("Moves"):
            return
        self._quiet = True
        self.tree.options = tree_rows(self.timeline)
        self.tree.value = self.timeline.current.id
        self.comment.value = self.timeline.current.comment
        self._quiet = False
        root = self.timeline.current is self.timeline.root
        for button in self.tree_buttons:
            button.disabled = root

    def _on_tab(self) -> None:
        self._tree()
        self._odds()
        self._file_panel()

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
        text = dumps_scenario(self.as_scenario())
        data = base64.b64encode(text.encode()).decode()
        name = re.sub(r"[^a-z0-9]+", "_", self.as_scenario().title.lower()).strip("_")
        self.download.value = (f"<a download='{name or 'scenario'}.catan.yaml' "
                               f"href='data:text/yaml;base64,{data}' "
                               f"style='margin-left:12px'>⬇ Download scenario</a>")

    def _on_palette(self, change) -> None:
        if not self._quiet:
            self.choose_kind(change["new"] or "")

    def choose_kind(self, kind: str) -> None:
        """Offer the legal actions of ``kind``: glowing targets and a form."""
        self.kind = kind
        acts = [a for a in self.legal() if kind_name(a) == kind]
        self.form = ActionForm(self.game, acts, self._safe(self.play)) if acts else None
        self.form_box.children = (self.form.widget,) if self.form else ()
        self.view.show_targets(sorted({t for a in acts if (t := target_of(a))}))

    # ------------------------------------------------------------ acting
    def play(self, action: Action | str) -> Node:
        """Play through the timeline (following an existing move or adding a variation);
        refused with ``TimelineFullError`` once the tree holds ``MAX_TIMELINE_NODES``."""
        if len(self.timeline.nodes) >= MAX_TIMELINE_NODES and not any(
                str(c.action) == str(action) for c in self.timeline.current.children):
            self.message.value = html.escape(FULL)
            raise TimelineFullError(FULL)
        node = self.timeline.play(action)
        self.refresh()
        return node

    def roll(self) -> None:
        """Let the seeded sampler pick the pending chance outcome."""
        if self.game.is_chance():
            self.play(self.sampler.chance(self.game))

    def click(self, x: float, y: float) -> None:
        """A click on the board at canvas pixel ``(x, y)``."""
        spot = self.view.hit(x, y)
        if spot is None:
            return
        if self.editor.active_mode:
            self.editor.click(spot)
            return
        if not self.kind or self.form is None:
            self.message.value = "Choose what to do first (the buttons above)."
            return
        acts = [a for a in self.form.actions if target_of(a) == spot]
        if len(acts) == 1:
            self.play(acts[0])
        elif acts:
            name = next(n for n in SPOT_FIELDS if getattr(acts[0], n, -1) == spot[1])
            self.form.set(**{name: spot[1]})
            self.message.value = "Several actions here: finish the form and press Play."
        else:
            self.message.value = "Nothing of that kind can be played there."

    def _on_pointer(self, event: dict) -> None:
        if event.get("type") == "mouseleave" or not event.get("boundingRectWidth"):
            self.view.hover(None)
            self.pointer.value = ""
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
        fn = {"ArrowLeft": self.back, "ArrowRight": self.forward, "Home": self.first,
              "End": self.last}.get(event.get("key", ""))
        if fn is not None:
            fn()

    # ------------------------------------------------------------ the timeline
    def first(self) -> None:
        self.timeline.first()
        self.refresh()

    def back(self) -> None:
        self.timeline.back()
        self.refresh()

    def forward(self) -> None:
        self.timeline.forward()
        self.refresh()

    def last(self) -> None:
        self.timeline.last()
        self.refresh()

    def goto(self, node: Node | int) -> None:
        self.timeline.goto(node)
        self.refresh()

    def _on_tree(self, change) -> None:
        if not self._quiet and change["new"] is not None:
            self.goto(change["new"])

    def _on_comment(self, change) -> None:
        if not self._quiet:
            self.timeline.current.comment = change["new"]

    def promote(self) -> None:
        self.timeline.promote(self.timeline.current)
        self.refresh()

    def demote(self) -> None:
        self.timeline.demote(self.timeline.current)
        self.refresh()

    def delete(self) -> None:
        """Delete the current move and what follows; the view steps to its parent."""
        self.timeline.delete(self.timeline.current)
        self.refresh()

    # ------------------------------------------------------------ editing, files
    def open(self, source: Game | Scenario, lesson_id: str = "") -> None:
        """Show another game or scenario (Undo edit goes back to the one shown before);
        ``lesson_id`` names a lesson of the app's library (kept in the page's address)."""
        scenario = source if isinstance(source, Scenario) else None
        timeline = source.timeline if scenario else Timeline(source)
        self._restart(timeline, scenario, lesson_id)

    def _restart(self, timeline: Timeline, scenario: Scenario | None, lesson_id: str = "") -> None:
        self._edits.append((self.timeline, self.scenario, self.lesson_id))
        self.timeline, self.scenario, self.lesson_id = timeline, scenario, lesson_id
        if self.view.game.layout != timeline.game.layout:
            self.view.game = timeline.game
            self.view.redraw()
        self.refresh()

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
        self.timeline, self.scenario, self.lesson_id = self._edits.pop()
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

    def load_scenario_text(self, text: str, name: str = "<upload>") -> str:
        """Open a scenario's text; a malformed one shows its error and keeps the game."""
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
        try:
            text = bytes(f["content"]).decode("utf-8")
        except UnicodeDecodeError:
            self.file_status.value = (f"<span style='color:#b71c1c'>✗ {html.escape(f['name'])}"
                                      ": not a UTF-8 text file</span>")
            return
        self.load_scenario_text(text, f["name"])

    def as_scenario(self) -> Scenario:
        """The timeline as a scenario: the loaded one's title and texts, or a position."""
        sc, root = self.scenario, Game(self.timeline.rules, self.timeline.root.state)
        if sc is not None and sc.timeline is self.timeline:
            return sc
        return Scenario(title="Position", variant=root.variant, players=root.players,
                        position=root.position(), timeline=self.timeline)
