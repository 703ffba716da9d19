"""The tutor: the board with controls to play by clicking, step and branch through a timeline,
read the lesson, edit the position and save or load scenarios. The view holds no rules: every
choice offered is a legal action of the engine, every verdict the engine's.

Two modes, as a study and its analysis board: the lesson mode (a lesson opens in it) shows
the lesson's text in full, the question and the actions the moment needs (Roll, End turn,
the palette and its form); Explore (a game opens in it) shows every tool in tabs: Play (the
greyed kinds, Try a move, What happened, Hint, computer seats), Players, Moves, Rules, Odds,
Editor, File. The tools are built the first time they are needed, each tab's panel the first
time it is shown; a panel built late renders from the session then.

- palette: the kinds of action legal now; choosing one makes its targets glow on the board.
  Below it, greyed, every other kind of the variant ("why not?"): choosing one asks the
  engine why it cannot be played (a kind played by a seat alone is answered at once, its
  reason also on hover; a kind played on a spot is answered for the spot clicked)
- board click: plays the chosen kind's action at the clicked vertex, edge or hex; several
  actions there (a robber move and its victims) fill the form, which offers the rest; a
  spot that does not glow answers with the engine's verdict on that kind there (why not)
- Try a move: any move typed, as notation or in the page's words (``move_words``), gets the
  engine's verdict (legal or not, why, the rule's title with its text on a click); a legal
  one can be played from there
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
- the lesson's line (``line_panel.py``): a move of the learner's own off it is said under the
  lesson's text, kept as their variation, with *Back to the lesson* to where they left it; at
  the lesson's end, "This lesson is over" with the app's *Next lesson*
- timeline: first / back / forward / last (buttons, greyed where they lead nowhere, or Home /
  PageUp / PageDown / End while the tutor has focus, [ and ] from anywhere), the move list
  (``move_list.py``: turns, moves in words, comments and variations inline; a click jumps
  there) with promote, demote and delete ("Deleted N moves · Undo" puts the same moves back,
  until the next change to the tree); a move from an earlier node makes a variation
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
from ..study.scenario import Scenario
from . import icons, verdicts
from .address import address_of
from .authoring import AuthorPanel
from .board_panel import BoardPanel
from .board_tags import named_spots
from .city_levels import without_shown_levels
from .computer import Computer
from .editor_panel import EditorPanel
from .file_panel import FilePanel
from .guard import guarded
from .hand_once import without_shown_hand
from .head_line import header_html
from .hint_panel import HintPanel
from .kinds import Spot
from .lesson_goal import goal_parts, goal_shown, with_intro
from .line_panel import LinePanel
from .mark_key import marks_key
from .moves_panel import MovesPanel
from .named_words import SpotsFollow
from .one_piece import in_one_piece
from .panels import bank_html, expectations_html, notice_html, players_html
from .play_panel import PlayPanel, moment_widgets
from .points_row import without_shown_points
from .puzzle import PuzzleMode
from .refusal_once import ring_gone_off, ring_once
from .right_once import unsaid_by_right
from .rules_panel import RulesPanel
from .seat_pick import with_pick
from .tutor_session import TutorSession

if TYPE_CHECKING:
    from ..study.timeline import Timeline
    from .odds_panel import OddsPanel

TABS = ("Play", "Players", "Moves", "Rules", "Odds", "Editor", "File")


class Tutor:
    """``Tutor(game_or_scenario).widget``; a scenario brings its timeline and lesson texts.
    ``session`` is what the learner is doing; the rest are views of it. ``show=False``: the
    views are filled when the session is first shown (by whoever opens a lesson in it at
    once: the game given is not drawn for nothing)."""

    def __init__(
        self,
        game_or_scenario: Game | Scenario,
        *,
        seed: int | None = 0,
        width: int = 640,
        height: int = 660,
        show: bool = True,
    ) -> None:
        self.session = s = TutorSession(game_or_scenario, seed=seed)
        s.in_one_piece = in_one_piece  # the page changes in one piece (l28)
        self.alert = widgets.HTML()  # an unexpected error's id (the traceback goes to the log)
        lay = widgets.Layout
        # the board first: the browser draws it while the rest comes
        self.board = BoardPanel(s, self.safe, self.act_at, lambda: _edit_piece(s), width, height)
        self.view = self.board.view
        self.header = widgets.HTML()
        self.lesson = widgets.HTML()  # all of it shows: no inner scroll box
        self.lesson.add_class("catan-lesson")
        # at an open question the step's story over it at every width, the goal after (at
        # 1024 the story came under the question and the buttons, at 1280 over them: s17)
        self.story = widgets.HTML(layout=widgets.Layout(display="none"))
        self.story.add_class("catan-story")
        s.subscribe(self._on_session)
        self.controls = PlayPanel(s, self.safe, self.show_rule, ring_once(self))  # (l35)
        self.controls.seat_pick.built = lambda: self._arrange()  # (built when first offered)
        self.show_hands = widgets.Checkbox(value=True, description="show every hand", indent=False)
        self.show_hands.add_class("catan-show-hands")
        self.show_hands.observe(self.safe(lambda c: s.set_every_hand(c["new"])), names="value")
        self.players = widgets.HTML()
        self.bank = widgets.HTML()
        self.puzzle = PuzzleMode(s, self.safe)  # a lesson's questions (puzzle.py)
        self.controls.puzzle_note = self.puzzle.note
        self.line = LinePanel(s, self.safe, self._arrange)  # off the lesson's line; its end
        # the explore mode's tools, each built when first needed (see the properties below)
        self._tabs: widgets.Tab | None = None
        self._hints: HintPanel | None = None
        self._computer: Computer | None = None
        self._moves: MovesPanel | None = None
        self._editor: EditorPanel | None = None
        self._authoring: AuthorPanel | None = None
        self._files: FilePanel | None = None
        self._rules: RulesPanel | None = None
        self.odds: OddsPanel | None = None
        self.play_box = widgets.VBox()  # the Play tab
        self.actions = widgets.VBox()  # lesson mode: the actions the moment needs
        self.actions.add_class("catan-actions")
        self.explore = widgets.ToggleButton(
            value=False,
            description="Explore",
            icon="compass",
            tooltip="every tool: the moves list, every action, the editor, odds, file and rules",
            layout=lay(width="auto", flex="0 0 auto", margin="2px 0 0 8px"),
        )
        self.explore.add_class("catan-explore")
        self.explore.observe(self.safe(self._on_explore), names="value")
        # the heading's words; a phone's refused tap's why-not under them, over the board (under
        # ◀ ▶ it fell off the screen: style.WHY_NOT_CSS); no box of its own (a view more)
        self.header.layout.flex, self.header.layout.min_width = "1 1 0%", "0"
        self.top = widgets.HBox([self.header, self.explore], layout=lay(align_items="flex-start"))
        self.view.why_not_home = self.top
        self.top.add_class("catan-head")  # on a phone, over the board (style.LAYOUT_CSS)
        self.saved_line = widgets.Label(layout=lay(display="none"))  # see address.py
        self.saved_line.add_class("catan-session")
        self.side = widgets.VBox()
        self.side.add_class("catan-side")
        self.widget = widgets.HBox([self.board.widget, self.side])
        self.widget.add_class("catan-tutor")
        self._arrange(show)  # (not shown yet: a lesson opens in it, a free game's tools unbuilt)
        # the spots the words name labelled on the board with the words (named_words.py)
        self.spots = SpotsFollow(
            self.widget, lambda text: self.view.set_named(named_spots(text)), self.safe
        )
        self.spots.after_each(s)  # (once per event: the session's last listener)
        self.spots.follow()
        if show:  # else its owner opens what it shows first (the app: a lesson)
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

    def act_at(self, spot: Spot) -> None:
        """A click (or Enter) on a spot: the editor's while editing, else the Play tab's."""
        if self.session.editing:
            self.editor.click(spot)
        else:
            self.controls.act_at(spot)

    # ------------------------------------------------------------ the two modes
    def _arrange(self, free_tools: bool = True) -> None:
        """Lesson mode: the lesson's text and the actions the moment needs under it; explore
        mode: every tool in tabs (built the first time). The Play tab's controls move between
        the two."""
        c, exploring = self.controls, self.explore.value
        free = free_tools and not self.session.lesson_id  # a free game's seats and Hint too
        tools = [self.computer.widget, self.hints.widget] if free else []
        tools = tools or ([self._computer.widget] if self._computer is not None else [])
        moment = moment_widgets(c, tools, free)  # (against the computer: its pause)
        line = [self.line.widget] if self.line.widget is not None else []
        head = [self.top, self.alert, self.lesson, self.story, *line, self.puzzle.widget]
        if exploring:
            self.actions.children = ()
            bottom = with_pick(c.bottom, c.message, c.seat_pick)
            self.play_box.children = [*c.top, self.computer.widget, self.hints.widget, *bottom]
            tools = self.tabs
            self._on_tab()
        else:
            self.play_box.children = ()
            self.actions.children = moment
            tools = self.actions
        self.side.children = [*head, tools, self.saved_line]
        # "Back to the lesson" is the way back to the lesson's line (line_panel.py)
        self.explore.description = "Fewer tools" if exploring else "Explore"
        self.explore.icon = "times" if exploring else "compass"

    def _on_explore(self, change) -> None:
        """Explore opened or closed: the tools arranged, and the session told (a lesson's
        throw is forced in Explore only)."""
        self._arrange()
        self.session.set_exploring(change["new"])
        self.spots.changed()  # the tools' words (a tab's) shown or gone

    def _mode(self) -> None:
        """Another lesson or game: a lesson opens with the tools the moment needs (Explore
        closed); another game keeps them as they were (an edit, a file opened in Explore; a
        new game closes them: ``App.new``)."""
        if self.explore.value and self.session.lesson_id:
            self.explore.value = False  # arranges through its observer
        else:
            self._arrange()

    @property
    def tabs(self) -> widgets.Tab:
        """The explore mode's tabs (built on first use: each tab's panel when first shown)."""
        if self._tabs is None:
            players = widgets.VBox([self.show_hands, self.players, self.bank])
            boxes = [self.play_box, players, *(widgets.VBox() for _ in TABS[2:])]
            self._tabs = widgets.Tab(children=boxes, titles=TABS)
            self._tabs.observe(self.safe(lambda _: self._on_tab()), names="selected_index")
            self._tabs.observe(self.spots.on_change, names="selected_index")  # its words
            self._tabs.observe(self.safe(ring_gone_off(self.view, TABS)), names="selected_index")
        return self._tabs

    @property
    def hints(self) -> HintPanel:
        if self._hints is None:
            # Hint (hint_panel.py): its best move marked on the board
            s = self.session
            self._hints = HintPanel(
                lambda: s.game,
                mark=self.view.mark_hint,
                refusal=s.hint_refusal,  # not for a computer's move
                settings=s.hint_settings,
                asked=s.forget_tried,  # the last why-not goes (issue 33)
            )
            self._hint_shown()
        return self._hints

    def _hint_shown(self) -> None:
        """The engine's best moves would be the answer: a puzzle has hints of its own."""
        if self._hints is not None:
            self._hints.widget.layout.display = "none" if self.session.puzzle_secret else ""

    @property
    def computer(self) -> Computer:
        if self._computer is None:
            self._computer = Computer(self.session, self.safe)  # computer seats (computer.py)
        return self._computer

    @property
    def moves(self) -> MovesPanel:
        if self._moves is None:
            self._moves = MovesPanel(self.session, self.safe)
        return self._moves

    @property
    def editor(self) -> EditorPanel:
        if self._editor is None:
            s = self.session
            self._editor = EditorPanel(
                lambda: s.game,
                self.safe(s.apply_edit),
                self.safe(s.undo_edit),
                lambda: s.message,  # what the edit did: a new line, the same players
                s.edit_choice,
            )
            self._editor.mode.observe(
                self.safe(lambda change: s.set_editing(change["new"])), names="value"
            )
            self._editor.sync()
        return self._editor

    @property
    def authoring(self) -> AuthorPanel:
        if self._authoring is None:
            self._authoring = AuthorPanel(self.session, self.safe)  # authoring.py
            self._authoring.refresh()
        return self._authoring

    @property
    def files(self) -> FilePanel:
        if self._files is None:
            a = self.authoring
            self._files = FilePanel(self.session, self.safe, a.download_text, a.widget)
        return self._files

    @property
    def rules_panel(self) -> RulesPanel:
        if self._rules is None:
            self._rules = RulesPanel(lambda: self.session.game.variant)
        return self._rules

    # ------------------------------------------------------------ rendering
    def _on_session(self, event: str) -> None:
        if event == "shown":
            self._render()
        elif event in ("author", "seats"):
            self._panels()
        elif event == "choices":  # the Editor's choices or the Hint's settings: shown
            if self._editor is not None:
                self._editor.sync()
            if self._hints is not None:
                self._hints.show_settings()
        elif event == "opened":
            self._mode()
            if self._editor is not None:  # another game leaves the Editor's mode (session)
                self._editor.mode.value = self.session.editing
        if event in ("seats", "puzzle"):  # the address says what is on screen
            self.saved_line.value = address_of(self.session)

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
        if self._editor is not None:
            self._editor.sync()
        s = self.session
        self.saved_line.value = address_of(s)  # the page's address (address.py)
        self.refresh_ms = (time.perf_counter() - started) * 1000
        if self._hints is not None:
            self._hints.refresh()
            self._hint_shown()

    def _header(self) -> None:
        self.header.value = header_html(self.session)

    def _panels(self) -> None:
        s = self.session
        g, node, sc = s.game, s.node, s.scenario
        self.show_hands.value = s.shows_every_hand()
        self.players.value = players_html(g, s.hand_seats(), not s.puzzle_secret)
        self.bank.value = bank_html(g)
        parts = []
        first = node.parent is s.timeline.root and s.puzzle.puzzle_at(node) is not None
        if sc and sc.goal:
            shown = goal_shown(node, first)
            parts += goal_parts(sc.title, sc.goal, verdicts.lesson_html(sc.goal), shown)
        # a roll's texts too (roll_steps.py); an open question's step apart (the opening's
        # introduction stays with the goal: over the question it put it under the fold)
        told = [verdicts.lesson_html(t) for t in unsaid_by_right(s.puzzle, s.texts())]
        cut = len(s.opening_texts()) if s.puzzle_secret else len(told)
        self.story.value = "<div style='line-height:1.4'>" + "".join(told[cut:]) + "</div>"
        self.story.layout.display = None if told[cut:] else "none"
        parts = with_intro(parts, told[:cut], first)  # (brief: with the goal, s43)
        said_at = (s.marks_said, ("lesson", s.lesson_id, node.id))  # once a page view
        parts.append(marks_key("".join(parts + told[cut:]), said_at))  # what "§" and "*" mean
        if not s.puzzle_secret:  # its lines would give the puzzle's answer away
            topic = f"{sc.title} {sc.goal}" if sc else ""
            expects = without_shown_hand(s.expects(), g, s.own_seat(), s.against_computer())
            expects = without_shown_levels(expects, g)  # (the levels row says them)
            expects = without_shown_points(expects, s)  # (and the points row, these)
            parts.append(notice_html(g, node, expects, topic, "".join(parts)))
        if s.author_view:
            parts.append(expectations_html(g, node))
        self.lesson.value = (
            "<div style='line-height:1.4'>" + "".join(parts) + "</div>" if any(parts) else ""
        )

    # ------------------------------------------------------------ tabs
    def _on_tab(self) -> None:
        """The tab shown follows the session (the others are written when shown); a tab's
        panel is built the first time it is shown."""
        if self._tabs is None or self._tabs.selected_index is None:
            return
        i = self._tabs.selected_index
        tab, box = TABS[i], self._tabs.children[i]
        box.children = box.children or (widgets.HTML(f"<i>Opening the {tab} tab…</i>"),)  # (l32)
        if (panel := self._panel(tab)) is not None and box.children != (panel,):
            box.children = (panel,)  # (built now: the line above showed meanwhile, not a blank)
        if tab == "Moves":
            self.moves.show()
        elif tab == "Rules":
            self.rules_panel.refresh()
        elif tab == "Odds":
            assert self.odds is not None
            self.odds.refresh()
        elif tab == "File":
            self.files.show()

    def _panel(self, tab: str) -> widgets.Widget | None:
        """The widget of a tab built on first show (None: Play and Players are built)."""
        if tab == "Odds" and self.odds is None:  # pandas and matplotlib load now
            from .odds_panel import OddsPanel

            self.odds = OddsPanel(  # at an open question, no more than the header says
                lambda: self.session.game, secret=lambda: self.session.puzzle_secret
            )
            return self.odds.widget
        built = {
            "Moves": lambda: self.moves.widget,
            "Rules": lambda: self.rules_panel.widget,
            "Editor": lambda: self.editor.widget,
            "File": lambda: self.files.widget,
        }.get(tab)
        return built() if built is not None else None

    def show_rule(self, rule_id: str) -> None:
        """Open the Rules tab on ``rule_id`` (a verdict's "Open in Rules")."""
        if not rule_id:
            return
        self.rules_panel.show(rule_id)
        self.explore.value = True
        if self.tabs.selected_index != TABS.index("Rules"):
            self.tabs.selected_index = TABS.index("Rules")  # refreshes it


def _edit_piece(s: TutorSession) -> str | None:
    """The piece board clicks place, while they edit."""
    return s.edit_choice.shown(s.game).piece if s.editing else None
