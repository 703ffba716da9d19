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
- Hint: the moves of the player to act ranked by seeded playouts, the best ringed on the board
  and said in a sentence, the best three with their intervals behind "details"
  (``hint_panel.py``); computer seats play their moves as timeline moves, a short pause
  apart, after each move played, with Pause and a picker per seat (``computer.py``)
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

The tutor is a view of a ``TutorSession`` (``tutor_session.py``: what the learner is doing,
plain Python): its panels render from the session when it says what changed, and send it
what the learner asks for. The panels: the board column (``board_panel.py``), Play
(``play_panel.py``), Moves (``moves_panel.py``), File (``file_panel.py``), the question of a
lesson (``puzzle.py``), computer seats (``computer.py``).

Nothing for tests or developers shows on the page: the node, depth, phase and a digest of the
position are ``data-*`` attributes of a hidden element (class ``catan-state``).
"""

from __future__ import annotations

import html
import time
from typing import TYPE_CHECKING

import ipywidgets as widgets

from ..game import Game
from ..scenario import Scenario
from . import icons, markup, style, verdicts, wording
from .authoring import AuthorPanel
from .board_panel import BoardPanel
from .computer import Computer
from .editor_panel import EditorPanel
from .file_panel import FilePanel
from .guard import guarded
from .hint_panel import HintPanel
from .kinds import Spot
from .moves_panel import MovesPanel
from .panels import bank_html, expectations_html, notice_html, players_html
from .play_panel import PlayPanel
from .puzzle import PuzzleMode
from .rules_panel import RulesPanel
from .session import state_of
from .tutor_session import TutorSession

if TYPE_CHECKING:
    from ..timeline import Timeline
    from .odds_panel import OddsPanel

TABS = ("Play", "Players", "Moves", "Rules", "Odds", "Editor", "File")


class Tutor:
    """``Tutor(game_or_scenario).widget``; a scenario brings its timeline and lesson texts.
    ``session`` is what the learner is doing; the rest are views of it."""

    def __init__(
        self,
        game_or_scenario: Game | Scenario,
        *,
        seed: int | None = 0,
        width: int = 640,
        height: int = 660,
    ) -> None:
        self.session = s = TutorSession(game_or_scenario, seed=seed)
        self.alert = widgets.HTML()  # an unexpected error's id (the traceback goes to the log)
        lay = widgets.Layout
        # the board first: the browser draws it while the rest comes
        self.board = BoardPanel(s, self.safe, self.act_at, self._edit_piece, width, height)
        self.view = self.board.view
        self.header = widgets.HTML()
        self.lesson = widgets.HTML()
        self.lesson.add_class("catan-lesson")
        lesson_box = widgets.Box(
            [self.lesson], layout=lay(max_height="240px", overflow="auto", flex="0 0 auto")
        )
        s.subscribe(self._on_session)
        self.controls = PlayPanel(s, self.safe, self.show_rule, self.view.mark_refused)
        self.hints = HintPanel(lambda: s.game, mark=self.view.mark_hint)  # Hint (hint_panel.py)
        # a teacher's view: on by default, off in a game against the computer (session_seats.py)
        self.show_hands = widgets.Checkbox(value=True, description="show every hand", indent=False)
        self.show_hands.add_class("catan-show-hands")
        self.show_hands.observe(self.safe(lambda c: s.set_every_hand(c["new"])), names="value")
        self.players = widgets.HTML()
        self.bank = widgets.HTML()
        self.moves = MovesPanel(s, self.safe)
        self.editor = EditorPanel(lambda: s.game, self.safe(s.apply_edit), self.safe(s.undo_edit))
        self.editor.mode.observe(
            self.safe(lambda change: s.set_editing(change["new"])), names="value"
        )
        self.authoring = AuthorPanel(s, self.safe)  # texts, puzzles, checks (authoring.py)
        self.files = FilePanel(s, self.safe, self.authoring.download_text, self.authoring.widget)
        self.rules_panel = RulesPanel(lambda: s.game.variant)  # built while shown
        self.odds: OddsPanel | None = None  # built when first shown
        self.odds_box = widgets.VBox([widgets.HTML("computing…")])
        self.puzzle = PuzzleMode(s, self.safe)  # a lesson's questions (puzzle.py)
        self.computer = Computer(s, self.safe)  # computer seats (computer.py)
        play = widgets.VBox(
            [*self.controls.top, self.computer.widget, self.hints.widget, *self.controls.bottom]
        )
        players = widgets.VBox([self.show_hands, self.players, self.bank])
        self.tabs = widgets.Tab(
            children=[
                play,
                players,
                self.moves.widget,
                self.rules_panel.widget,
                self.odds_box,
                self.editor.widget,
                self.files.widget,
            ],
            titles=TABS,
        )
        self.tabs.observe(self.safe(lambda _: self._on_tab()), names="selected_index")
        self.saved_line = widgets.Label(layout=lay(display="none"))  # see session.py
        self.saved_line.add_class("catan-session")
        side = widgets.VBox(
            [self.header, self.alert, lesson_box, self.puzzle.widget, self.tabs, self.saved_line]
        )
        side.add_class("catan-side")
        self.widget = widgets.HBox([self.board.widget, side])
        self.widget.add_class("catan-tutor")
        s.show()

    def safe(self, fn):
        """``fn`` as an event handler: an unexpected error shows its id, never a traceback."""
        return guarded(fn, self._show_failure)

    def _show_failure(self, text: str) -> None:
        self.alert.value = f"<div style='color:#b71c1c'>{icons.NO} {html.escape(text)}</div>"

    # ------------------------------------------------------------ reading the session
    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def timeline(self) -> Timeline:
        return self.session.timeline

    @property
    def scenario(self) -> Scenario | None:
        return self.session.scenario

    def _edit_piece(self) -> str | None:
        """The piece board clicks place, while they edit."""
        return self.editor.piece.value if self.session.editing else None

    def act_at(self, spot: Spot) -> None:
        """A click (or Enter) on a spot: the editor's while editing, else the Play tab's."""
        if self.session.editing:
            self.editor.click(spot)
        else:
            self.controls.act_at(spot)

    # ------------------------------------------------------------ rendering
    def _on_session(self, event: str) -> None:
        if event == "shown":
            self._render()
        elif event in ("author", "seats"):
            self._panels()

    def refresh(self, message: str = "") -> None:
        """Show the current node anew (after a change made outside the session's intentions,
        e.g. to a comment), with ``message`` under the palette."""
        self.session.show(message)

    def _render(self) -> None:
        """The current node: header, lesson text, the tab shown, the markers."""
        started = time.perf_counter()
        self.alert.value = ""
        self._header()
        self._panels()
        self._on_tab()
        self.editor.sync()
        self.saved_line.value = state_of(self.session.timeline, self.session.lesson_id)
        self.refresh_ms = (time.perf_counter() - started) * 1000
        self.hints.refresh()
        # the engine's best moves would be the answer: the puzzle has hints of its own
        self.hints.widget.layout.display = "none" if self.session.puzzle_secret else ""

    def _header(self) -> None:
        """Variant, turn and phase in words; who acts and what the game waits for, in the
        engine's words (``Game.prompt``)."""
        g = self.session.game
        phase = g.state.phase
        secret = self.session.puzzle_secret  # whose move and what kind: the puzzle's answer
        if secret:
            who = "<b>Puzzle</b>: find the move the question below asks for"
        elif g.is_over():
            who = (
                f"<b>{markup.text(g.names[g.winner])} wins</b>"
                if g.winner is not None
                else "game over"
            )
        elif g.is_chance():
            prompt = verdicts.plain(g.prompt())
            if prompt.lower().startswith("chance:"):
                prompt = prompt.split(":", 1)[1].strip()
            who = f"{icons.DIE} Chance: " + markup.text(prompt)
        else:
            p = g.current_player
            name, sep, rest = verdicts.plain(g.prompt()).partition(": ")
            said = (
                f"<b>{markup.text(name)}</b>: {markup.text(rest)}"
                if sep and name == g.names[p]
                else markup.text(name + sep + rest)
            )
            who = (
                f"<span style='color:{style.player_fill(g.colors[p])};"
                f"text-shadow:0 0 1px #000'>■</span> {said}"
            )
        sc = self.session.scenario
        title = markup.text(sc.title) + " · " if sc else ""
        mode = " · <b style='color:#b71c1c'>editing</b>" if self.session.editing else ""
        self.header.value = (
            f"<div style='font-size:15px'>{title}"
            f"{markup.text(wording.variant_name(g.variant))} · turn "
            f"{g.state.turn} · {'a puzzle' if secret else markup.text(wording.phase_words(phase))}"
            f"{mode}"
            f"</div><div>{who}</div>"
        )

    def _panels(self) -> None:
        s = self.session
        g, node, sc = s.game, s.node, s.scenario
        self.show_hands.value = s.shows_every_hand()
        self.players.value = players_html(g, s.hand_seats(), not s.puzzle_secret)
        self.bank.value = bank_html(g)
        parts = []
        if node is s.timeline.root and sc and sc.goal:
            parts.append(f"<p><b>Goal</b></p>{verdicts.lesson_html(sc.goal)}")
        for text in (node.comment, node.tutor):
            if text:
                parts.append(verdicts.lesson_html(text))
        if not s.puzzle_secret:  # its lines would give the puzzle's answer away
            parts.append(notice_html(g, node))
        if s.author_view:
            parts.append(expectations_html(g, node))
        self.lesson.value = (
            "<div style='line-height:1.4'>" + "".join(parts) + "</div>" if any(parts) else ""
        )

    # ------------------------------------------------------------ tabs
    def _on_tab(self) -> None:
        """The tab shown follows the session (the others are written when shown)."""
        if self.tabs.selected_index is None:
            return
        tab = TABS[self.tabs.selected_index]
        if tab == "Moves":
            self.moves.show()
        elif tab == "Rules":
            self.rules_panel.refresh()
        elif tab == "Odds":
            if self.odds is None:  # pandas and matplotlib load now
                from .odds_panel import OddsPanel

                self.odds = OddsPanel(lambda: self.session.game)
                self.odds_box.children = (self.odds.widget,)
            self.odds.refresh()
        elif tab == "File":
            self.files.show()

    def show_rule(self, rule_id: str) -> None:
        """Open the Rules tab on ``rule_id`` (a verdict's "Open in Rules")."""
        if not rule_id:
            return
        self.rules_panel.show(rule_id)
        if self.tabs.selected_index != TABS.index("Rules"):
            self.tabs.selected_index = TABS.index("Rules")  # refreshes it
