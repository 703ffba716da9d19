"""What the learner is doing in the tutor, as plain Python (no widgets): the timeline and its
current node, the lesson or scenario shown, the mode (playing or editing the board), the kind
of action chosen, the move tried, the edit history and the log of what happened.

Views send it intentions (``play``, ``first``/``back``/``forward``/``last``, ``goto``,
``back_to_lesson`` (``session_line.py``), ``choose_kind``, ``try_move``, ``open``,
``apply_edit`` (``session_open.py``)...) and render from it when it tells its listeners what
changed (``subscribe``):

- ``shown``: a node is shown anew (a move, a step, another game): everything follows;
- ``opened`` / ``restored``: another tree is shown (the board's layout may differ) /
  an earlier one came back with Undo edit (sent before ``shown``);
- ``kind``: another kind of action was chosen; ``tried``: the verdict under Try a move;
  ``spot``: the form names another spot (``chosen``: the board rings it);
  ``puzzle``: the question's verdict or hints; ``message``: the line under the palette;
  ``choices``: the Editor's choices or the Hint's settings (``session_choices.py``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING

from ..actions import Action, EndTurn, Roll
from ..errors import CatanError, TimelineFullError
from ..game import Explanation, Game
from ..sampler import Sampler
from ..study.kind_refused import spotless_refusal
from ..study.scenario import Scenario
from ..study.timeline import Node, Timeline
from ..typed_forms import how_to_type
from .kinds import (
    OWN_BUTTON,
    Spot,
    acting_seat,
    clicked_fields,
    common_refusal,
    kind_name,
    kinds_of,
    seat_only,
    spot_kind,
    variant_kinds,
)
from .layout_steps import lay_out
from .mark_key import MarksSaid
from .path_log import SETUP_PHASE, PathLog
from .place_words import off_board, try_a_move
from .puzzle_state import PuzzleState
from .roll_steps import MAX_ROLL_STEPS, ROLL_PHASES, RollSteps, under_way
from .session_choices import EditChoice, HintSettings
from .session_line import LessonLine, LessonNodes
from .session_open import MAX_EDIT_UNDO, SessionSources, timeline_of
from .session_tree import TreeEdits
from .unpaid import unpaid
from .verdicts import plain
from .why_kind import kind_reason
from .wording import notation_problem

if TYPE_CHECKING:
    from .links import Link

MAX_TIMELINE_NODES = 50_000  # moves in one tree (about 40 MiB of positions)
FULL = (
    f"This game is full: it holds as many moves as it can ({MAX_TIMELINE_NODES:,}); delete "
    "moves you tried, or start a new game to go on."
)
ASK_HINT = (
    "Nothing of this kind can be played now. Click or tap a spot on the board to see why "
    "not there, or {try_it}."
)
ASK_FORM = (
    "Nothing of this kind can be played now. Fill in the form and press Play this move, or "
    "{try_it}, to see why not."
)  # {try_it}: Try a move as shown now (place_words: Explore first, in lesson mode)
# The same, while a puzzle's answer is hidden: no word on what can be played now
ASK_PUZZLE = "Click or tap the spot on the board where you play it: the puzzle judges it."
# ... and for a kind not made on the board (Monopoly, a bank trade): typed in the puzzle's box
ASK_PUZZLE_TYPED = off_board(secret=True, exploring=False)
Listener = Callable[[str], object]


def puzzle_ask(cls: type, how: str = "") -> str:
    """How to answer a puzzle with a kind no move of which is legal now: on the board where
    it is played there, else typed (never "click the spot" for Monopoly; learner 14), and
    then ``how`` the kind is typed (``typed_forms.how_to_type``: "type it" said what to type
    nowhere; s16)."""
    return ASK_PUZZLE if clicked_fields(cls) else f"{ASK_PUZZLE_TYPED} {how}".strip()


def start_node(tl: Timeline) -> Node:
    """Where the game starts for the learner: the root, or for a variable board the board as
    chance laid it out (along the line of the current move when it is in the set-up, else
    the main line)."""
    node = tl.root
    if node.state.phase != SETUP_PHASE:
        return node
    on_path = {id(n) for n in tl.path()}
    while node.state.phase == SETUP_PHASE and node.children:
        node = next((c for c in node.children if id(c) in on_path), node.children[0])
    return node


class TutorSession(TreeEdits, SessionSources, RollSteps, LessonLine):
    """``TutorSession(game_or_scenario, seed=0)``: a scenario brings its timeline and texts."""

    def __init__(self, source: Game | Scenario, *, seed: int | None = 0) -> None:
        self.scenario = source if isinstance(source, Scenario) else None
        self.timeline = timeline_of(source)
        self.sampler = Sampler(seed)
        self.lesson_id = ""  # the library id of the lesson shown, kept in the page's address
        self.origin: Link | None = None  # the new game's link, while at its start
        self.origin_node: Node | None = None  # that start (after a shuffled board's events)
        # The lesson's nodes as loaded; a node still so can be linked to by its id.
        self.lesson_nodes: LessonNodes = {}
        # What Undo edit goes back to: (timeline, scenario, lesson id, origin, lesson nodes,
        # origin node), the last MAX_EDIT_UNDO.
        self.edits: deque[tuple] = deque(maxlen=MAX_EDIT_UNDO)
        self.deleted: tuple[Node, int, Node] | None = None  # (subtree, its place, current)
        self.deleted_moves = 0  # how many moves the last Delete took
        # Per game, closed by another (``SessionSources._restart``): board clicks edit the
        # position (the Editor's mode); the Copy link field shows (after its first click)
        self.editing, self.link_shown = False, False
        self.author_view = False  # the lesson's checks and the Author panel show
        self.kind, self.kind_tapped = "", False  # the kind of action chosen; by a board tap
        self.waiting: tuple[Node, Spot] | None = None  # a tap several kinds could mean, kept
        self.exploring = False  # every tool shows (Explore): a lesson's chance can be forced
        self.message = ""  # the line under the palette
        self.tried_text = ""  # the move typed under Try a move
        self.tried_at: Node | None = None  # the node it was typed at (another node: it goes)
        self.verdict: Explanation | None = None  # the engine's verdict on it
        self.unreadable = ""  # why it is not notation, when it is not (a learner's sentence)
        self.unreadable_word = ""  # the word typed that is at fault ('' for none)
        self.log = PathLog()  # What happened: the path to the node shown, in words
        self.marks_said = MarksSaid()  # where "what § means" was said first this page view
        self.moved = False  # a move was played (not a step through the tree) since shown
        # a lesson's steps ▶| passed over, not shown since: the lesson is not done until they
        # are (l36: 1.1 to 1.3 "done" by ▶| alone; progress.lesson_done)
        self.skipped: set[int] = set()
        self.chosen: Spot | None = None  # the spot the form's fields name (ringed on the board)
        self.puzzle = PuzzleState(self)
        # the Editor's choices (per game) and the Hint's settings (the visit's): ``choices``
        self.edit_choice, self.hint_settings = EditChoice(self.emit), HintSettings(self.emit)
        self._listeners: list[Listener] = []
        # the views' updates of one event reach the page together (the tutor's: one_piece.py)
        self.in_one_piece: Callable[[], AbstractContextManager[object]] = nullcontext
        self._legal: tuple[Node | None, list[Action]] = (None, [])
        self._shown: Node | None = None  # the node shown last
        self.again = False  # shown again at an open question (a wrong answer: form_kept.py)

    # ------------------------------------------------------------ events
    def subscribe(self, listener: Listener) -> None:
        """Call ``listener(event)`` on every change, after those subscribed before it."""
        self._listeners.append(listener)

    def on(self, event: str, fn: Callable[[], object]) -> None:
        """Call ``fn()`` on every ``event`` (see ``subscribe``)."""
        self.subscribe(lambda said: fn() if said == event else None)

    def emit(self, event: str) -> None:
        with self.in_one_piece():
            for listener in list(self._listeners):
                listener(event)

    def show(self, message: str = "") -> None:
        """Show the current node anew: the kind chosen afresh (outcomes to force, or the one
        kind legal), the verdict tried gone (a move typed is for one position), ``shown``."""
        self.message = message  # (a question just solved: the status line says ▶ goes on)
        self.verdict, self.unreadable = None, ""
        if self.tried_at is not self.timeline.current:
            self.tried_text, self.tried_at = "", None
        # one kind would tell a puzzle's answer; a computer's move is not the learner's; a
        # question just solved: the lesson goes on with ▶
        held = self.puzzle_secret or self.computer_to_move() or self.puzzle.resting()
        kinds = [] if held else self.kinds()
        g = self.game
        again = self.again = self.puzzle_secret and self._shown is self.timeline.current
        if not again:  # (a wrong answer: the question again, the kind chosen stays)
            self.kind = (
                kinds[0]
                if kinds
                and not self.lesson_throw()  # ▶ plays the lesson's own throw: no form
                and (g.is_chance() or (len(kinds) == 1 and kinds[0] not in OWN_BUTTON))
                else ""
            )
            self.kind_tapped = False
        if self._shown is not self.timeline.current:  # a tap kept for a kind: of that moment
            self.waiting = None
        self._shown = self.timeline.current
        self.skipped.discard(self._shown.id)
        self.chosen = None  # the form is made anew: it names its spot again
        self.puzzle.shown()
        self.emit("shown")

    def choose_spot(self, spot: Spot | None) -> None:
        """The spot the form's fields name now ("at", "or choose one here:"; None: none yet)."""
        if spot != self.chosen:
            self.chosen = spot
            self.emit("spot")

    def say(self, message: str) -> None:
        self.message = message
        self.emit("message")

    # ------------------------------------------------------------ the position
    @property
    def game(self) -> Game:
        return self.timeline.game

    @property
    def puzzle_secret(self) -> bool:
        """A question is open here: views narrow nothing (``PuzzleState.secret``)."""
        return self.puzzle.secret()

    @property
    def node(self) -> Node:
        return self.timeline.current

    def legal(self) -> list[Action]:
        """The legal actions at the current node (asked of the engine once per node shown)."""
        node = self.timeline.current
        if self._legal[0] is not node:
            self._legal = (node, self.game.legal_actions())
        return list(self._legal[1])

    def kinds(self) -> list[str]:
        """The kinds of action legal now, in the engine's order (none while editing)."""
        return [] if self.editing else kinds_of(self.legal())

    def of_kind(self, kind: str | None = None) -> list[Action]:
        """The legal actions of ``kind`` (default: the one chosen)."""
        kind = self.kind if kind is None else kind
        return [a for a in self.legal() if kind_name(a) == kind] if kind else []

    def set_editing(self, on: bool) -> None:
        if on != self.editing:
            self.editing = on
            self.show()

    def set_author_view(self, on: bool) -> None:
        self.author_view = on
        self.emit("author")

    # ------------------------------------------------------------ stepping
    def first(self) -> None:
        """To the start (``start``)."""
        self.timeline.goto(self.start())
        self.show()

    def back(self) -> None:
        """One move back; not into a variable board's set-up (the game starts laid out). In a
        lesson a roll is one step: back over its dice to before the Roll."""
        tl, start = self.timeline, self.start()
        if tl.current is not start:
            tl.back()
            self.fold_back(start)
        self.show()

    def forward(self) -> None:
        """One move forward (into the line just stepped back from, else the main one). In a
        lesson a roll is one step: on through its dice to where they fell."""
        if self.puzzle.holds():  # the answer stays hidden until it is found
            return self.show(self.held_words())
        went = self.on_to_line()  # from an answer beside the line: to the line's own
        here = self.timeline.current  # answer, and on to its next step unless it says more
        if not went or (
            here.children and not (here.tutor or here.comment) and not self.puzzle.holds()
        ):
            self.timeline.forward()  # (issue 33: ▶ showed the same board, N3 for N5)
        self.fold_forward()
        self.skipped -= {n.id for n in self._passed(here)}  # (a roll's dice: one step)
        self.show()

    def last(self) -> None:
        self.on_to_line()
        here = self.timeline.current
        if not self.puzzle.last():  # a lesson with questions stops at the first unanswered
            self.timeline.last()
        lay_out(self)  # a board laid out by chance past the lesson's moves: the rest (l30)
        if self.lesson_id:  # the steps with words of their own passed over, unseen
            self.skipped |= {n.id for n in self._passed(here)[:-1] if n.tutor or n.comment}
        self.show()

    def _passed(self, here: Node) -> list[Node]:
        """The nodes from ``here`` (left out) to the one shown, when it is further down."""
        path = self.timeline.path(self.timeline.current)
        return path[path.index(here) + 1 :] if here in path else []

    def goto(self, node: Node | int) -> None:
        if self.puzzle.hides(node):  # in the answer line of a question not answered yet
            return self.show(self.held_words())
        self.timeline.goto(node)
        self.show()

    def reach(self, node: Node) -> None:
        """Show ``node`` (a link's); inside the answer line of a question not answered yet,
        the question instead: the answer stays hidden (said once: ``held_words``)."""
        hidden = self.puzzle.hidden()
        shown = node
        while shown.parent is not None and shown.id in hidden:
            shown = shown.parent
        self.timeline.goto(shown)
        self.show(self.held_words() if shown is not node else "")

    def start(self) -> Node:
        """Where the game starts for the learner (``start_node``); the empty board in a lesson
        that lays its board out move by move (``layout: moves``, lesson 1.3: |◀ went to the
        board laid out, past the lesson's own steps)."""
        if self.scenario is not None and self.scenario.layout_moves:
            return self.timeline.root
        return start_node(self.timeline)

    def step(self, where: str) -> None:
        """``first``, ``back``, ``forward`` or ``last``; one that leads nowhere says so."""
        if not self.can_step(where):
            return self.show(self.nowhere(where))
        {"first": self.first, "back": self.back, "forward": self.forward, "last": self.last}[
            where
        ]()

    # ------------------------------------------------------------ playing
    def play(self, action: Action | str) -> Node:
        """Play through the timeline (following an existing move or adding a variation);
        refused with ``TimelineFullError`` once the tree holds ``MAX_TIMELINE_NODES``."""
        node = self.advance(action)
        by_hand = self.kind == "roll" and isinstance(node.action, Roll)  # "Set the dice…"
        self.dice_by_hand = by_hand or (self.dice_by_hand and under_way(self.game.state))
        self.resolve_chance()  # against the computer chance resolves itself (session_seats)
        self.puzzle.after_answer()  # a puzzle's chance after its answer: the lesson's
        self.show()
        return node

    def advance(self, action: Action | str) -> Node:
        """Play one move on the timeline without showing it."""
        if self.puzzle.intercept(action):  # a wrong answer to the lesson's question
            return self.timeline.current
        if len(self.timeline.nodes) >= MAX_TIMELINE_NODES and not any(
            str(c.action) == str(action) for c in self.timeline.current.children
        ):
            self.say(FULL)
            raise TimelineFullError(FULL)
        count = len(self.timeline.nodes)
        node = self.timeline.play(action)
        self.moved = True  # a move, not a step through the timeline
        if len(self.timeline.nodes) != count:  # a new move: the tree changed
            self.deleted = None
        return node

    def roll(self) -> None:
        """One click: the player's roll (when due) and every die of it, thrown by the seeded
        sampler, with the chance events the dice bring at once (both rolls of a two-player
        turn, progress cards drawn); any other chance event: the sampler picks its outcome.
        The learner picking chance outcomes (``force_chance``): the Roll alone."""
        g = self.game
        rolls = [] if g.is_chance() else [a for a in self.legal() if isinstance(a, Roll)]
        if not g.is_chance() and not rolls:
            return
        try:
            if rolls:
                self.advance(rolls[0])
            if self.force_chance:  # "I pick chance outcomes": the dice too (l37: Roll threw
                return  # them); the die's form shows at once, as at every chance node
            if not rolls and g.state.phase not in ROLL_PHASES:
                self.advance(self.chance(g))
            for _ in range(MAX_ROLL_STEPS):
                g = self.game
                if not g.is_chance() or not under_way(g.state):
                    break
                self.advance(self.chance(g))
            self.resolve_chance()
        finally:
            self.show()

    def end_turn(self) -> None:
        """End the turn, when that is legal now."""
        ends = [a for a in self.legal() if isinstance(a, EndTurn)]
        if ends:
            self.play(ends[0])

    def choose_kind(self, kind: str, tapped: bool = False) -> None:
        """Choose a kind of action (its legal actions glow and fill the form; ``tapped``: by a
        tap on its kind of spot). A kind with no legal action is asked about instead: one
        naming only its seat gets the engine's verdict at once, one played on a spot waits for
        a spot (the view's "why not here")."""
        self.kind, self.message, self.chosen, self.kind_tapped = kind, "", None, tapped
        cls = variant_kinds(self.game).get(kind)
        lone = cls is not None and seat_only(cls)
        if not self.of_kind(kind) and cls is not None and not lone:
            how = how_to_type(self.game, cls, self.puzzle.secret_labels())  # "type it": how
            self.message = (
                self._why_no(cls, how)
                if not self.puzzle_secret
                else unpaid(self.game, kind, acting_seat(self.game)) or puzzle_ask(cls, how)
            )
            if not self.puzzle_secret:  # the last kind's verdict under Try a move goes: it
                self.forget_tried()  # stood under this one's why-not as if about it
        elif cls is not None and lone and not self.of_kind(kind) and not self.puzzle_secret:
            # said by the kind too, not only under Try a move, out of sight ("Why can't I…?"
            # said nothing of a Road Building card bought this turn: learner 279)
            self.message = self._why_no(cls)
        self.emit("kind")
        acts = self.of_kind(kind)
        if not acts and cls is not None and lone:
            self.try_move(str(cls(acting_seat(self.game))))
        elif self._one_click(cls, acts):  # nothing left to choose: played, as Roll is (s31)
            self.play(acts[0])

    def tapped_spot(self, kind: str) -> Spot | None:
        """The spot a tap chose before a kind did, its kind of spot ``kind``'s, at the node
        shown (s44, a fresh learner: a tap where two kinds play asked for the kind, then the
        kind's button asked for the spot again); forgotten once asked."""
        kept, self.waiting = self.waiting, None
        cls = variant_kinds(self.game).get(kind)
        if kept is None or kept[0] is not self.timeline.current or cls is None:
            return None
        return kept[1] if spot_kind(cls) == kept[1][0] else None

    def drop_tapped_kind(self) -> None:
        """A kind a tap chose, its answer judged wrong: unchosen (s42 at 1.4: a corner tapped
        at a road's question left "Build a settlement" lit, read as a hint)."""
        if self.kind_tapped:
            self.kind, self.kind_tapped, self.chosen = "", False, None
            self.emit("kind")

    def _one_click(self, cls: type | None, acts: list[Action]) -> bool:
        """The kind chosen leaves nothing to choose (one legal move naming its seat alone:
        "Accept the trade", where "Play this move" was needed after it; learner s31 at 3.1):
        it plays on the click, as Roll and End turn do (their own buttons). Not at an open
        question (a move there is an answer, given only when asked: the form's Play), nor off
        the lesson's line at once (``leaves_line``: the form's Play confirms it, issue 33)."""
        if cls is None or not seat_only(cls) or len(acts) != 1 or self.puzzle_secret:
            return False
        if self.kind in OWN_BUTTON:  # the palette's Roll: its form forces the dice
            return False
        return not self.leaves_line(acts[0]) and not self.computer_to_move()

    def _why_no(self, cls: type, how: str = "") -> str:
        """Why no move of kind ``cls`` can be played now (``kind_refusal``), else where to ask
        (a spot, or the form; then ``how`` the kind is typed)."""
        said = self.kind_refusal(cls)
        if said:  # (a reason with its own colon: a sentence of its own)
            return f"Not possible now. {said}" if ":" in said else f"Not possible now: {said}"
        ask = (ASK_HINT if clicked_fields(cls) else ASK_FORM).format(
            try_it=try_a_move(self.exploring)
        )
        return f"{ask} {how}".strip()

    def kind_refusal(self, cls: type) -> str:
        """Why no move of kind ``cls`` can be played now, in a learner's words: the engine's
        one reason where every spot gives the same one; else what stops the kind as a whole
        (``why_kind``: its price and the hand, no free spot it may use, the bank's rates);
        else the reason whatever it names gives ('' when the spots differ: each says its
        own). What the pressed kind's message says (its hover text only asks for the press)."""
        why = common_refusal(self.game, cls)  # every spot's (a kind played on the board)
        said = plain(why.reason) if why is not None else plain(kind_reason(self.game, cls))
        if not said and not clicked_fields(cls):  # else whatever it names (l47 at 3.1:
            why = spotless_refusal(self.game, cls)  # "Offer a trade" asked for a form unshown)
            said = plain(why.reason) if why is not None else ""
        return said

    # ------------------------------------------------------------ Try a move
    def try_move(self, text: str) -> None:
        """The engine's verdict on the move ``text``: notation or words (nothing is played)."""
        self.tried_text, self.tried_at = text, self.timeline.current
        self.verdict, self.unreadable, self.unreadable_word = None, "", ""
        if text.strip():
            try:  # notation, or the page's words for a move (PuzzleState.read)
                self.verdict = self.game.explain(self.puzzle.read(text))
            except CatanError as e:  # no move (MoveWordsError): what is wrong, in words
                self.unreadable, self.unreadable_word = notation_problem(e)
        self.emit("tried")

    def forget_tried(self) -> None:
        """A new intention (a hint asked): the last verdict and its why-not ring go."""
        if self.tried_text or self.verdict is not None or self.unreadable:
            self.try_move("")

    @property
    def tried(self) -> Action | None:
        """The legal move the verdict is on (what Play under Try a move plays)."""
        return self.verdict.action if self.verdict is not None and self.verdict.legal else None

    def play_tried(self) -> None:
        """Play the move checked under Try a move, when it is legal."""
        a = self.tried
        if a is not None:
            self.try_move("")
            self.play(a)

    # ------------------------------------------------------------ What happened
    @property
    def lines(self) -> list[str]:
        """What happened: the moves of the path from the start to the node shown, in words,
        newest first (recomputed from the path, so every step, jump and branch is told)."""
        seen = frozenset() if self.puzzle_secret else self.hand_seats()  # (as the hands)
        # an open question: not what the game waits for (whose move, which kind: the answer)
        return self.log.lines(self.timeline, seen=seen, next_too=not self.puzzle_secret)
