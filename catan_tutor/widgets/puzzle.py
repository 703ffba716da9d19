"""Puzzle mode in the tutor: at a lesson node that asks a question (``puzzle:`` in the
scenario, catan_tutor.study.puzzle) the answer line is hidden (the Moves list stops there, and
forward / last stay at the question), the learner plays a move on the board or types it, and
the tutor says right or wrong. A wrong move is not played (nothing changes, the learner tries
again) and gets one plain sentence of why (never the rule's text: the rule is the lesson the
learner is looking for); a right one is played as played, with the explanation and the rule,
and the lesson goes on (a right answer off the lesson's line stays, a variation, with a
button back to the line). Up to two hints, one click each: where to look, then the rule.

Nothing for tests shows: the puzzle's node, whether it is solved, the tries and the hints
taken, whether targets may glow (``data-glow``: no open question here) are
``data-*`` attributes of a hidden element (class ``catan-puzzle-state``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import ipywidgets as widgets

from ..move_words import neutral_forms
from ..study.puzzle import STUCK, Judgement
from . import hint_reply, icons, markup, verdicts
from .empty_asks import empty_answer
from .kinds import moment_kinds, spot_kind, variant_kinds
from .mark_key import marks_key
from .puzzle_state import OFF_LINE
from .said_readings import ID
from .shown_answer import SHOW_ANSWER, SHOWN_HEAD, can_show, show_answer
from .solved_again import can_try_again, explanation, try_again
from .stale_replies import NOTE_GOES, drop_asked
from .style import SOLVED_HEAD
from .try_words import answer_placeholder

if TYPE_CHECKING:
    from ..study.timeline import Node
    from .puzzle_state import PuzzleState
    from .tutor_session import TutorSession

GREEN, RED = verdicts.GREEN, verdicts.RED


class PuzzleMode:
    """The view of the question the session's current node asks (``session.puzzle``, a
    ``PuzzleState``); ``guard`` wraps its handlers."""

    def __init__(self, session: TutorSession, guard: Callable[[Callable], Callable]) -> None:
        self.session = session
        self.state = session.puzzle
        self.widget = widgets.VBox(
            [],
            layout=widgets.Layout(
                display="none", border="2px solid #f9a825", padding="6px 8px", margin="4px 0"
            ),
        )
        self.widget.add_class("catan-puzzle")
        self._guard = guard
        self._built = False  # its parts: built when a lesson first asks a question
        self._at: tuple | None = None  # the question the answer field was cleared for
        self._noted = False  # a tap's reply shows (``note``) till the next action
        self._emptied: tuple | None = None  # where the answer field was last emptied
        # (node, field) after a move sent by the field itself (Enter, or leaving it: a click
        # on Answer sends the words first, then the click): that click is not a second try
        self._sent: tuple | None = None
        session.subscribe(self._on_session)

    def _on_session(self, event: str) -> None:
        if event == "shown":
            at = self._question()
            if at is not None and not _same(at, self._at) and self._built:  # a new question:
                self.clear_answer()  # the old answer goes
            elif self._built and self.state.answered == self.session.timeline.current.id:
                self.clear_answer()  # answered right: the words typed go with the box (l28)
            self._at = at if at is not None else self._at
            self._show()
        elif event == "puzzle":
            self._show()
            drop_asked(self.session)  # an answer typed or a hint: the ask above it goes
        elif event in NOTE_GOES and self._noted:  # a newer action: a tap's reply goes
            self._show()

    def _question(self) -> tuple | None:
        """The question shown, told from any other lesson's of the same node id (1.4's "P1
        road N5" stayed in 4.3's answer field: both ask at node 1), or None."""
        if self.state.puzzle_at() is None:
            return None
        return (self.session.timeline, self.state.key(self.session.timeline.current))

    def build(self) -> None:
        """Its parts: the question's prompt, answer field, hints, verdict and way back to the
        line (once; not on the first screen of a lesson without a question: issue 35)."""
        if self._built:
            return
        lay = widgets.Layout
        self.prompt = widgets.HTML()
        self.prompt.add_class("catan-puzzle-prompt")
        self.how = widgets.HTML()  # how to answer (under the answer's row on a phone)
        self.how.add_class("catan-puzzle-how")
        self.answer = widgets.Text(
            placeholder="who, what, where",  # (with a move no answer: try_words.py)
            layout=lay(width="auto", flex="1 1 auto"),
            continuous_update=False,
        )
        self.answer.add_class("catan-puzzle-answer")
        self.answer.observe(self._guard(lambda _: self._typed()), names="value")
        self.answer_button = widgets.Button(
            description="Answer",
            icon="check",
            button_style="primary",
            layout=lay(width="auto", flex="0 0 auto"),
        )
        self.answer_button.add_class("catan-puzzle-submit")
        self.answer_button.on_click(self._guard(lambda _: self._pressed()))
        self.hint_button = widgets.Button(
            description="Hint", icon="lightbulb-o", layout=lay(width="auto", flex="0 0 auto")
        )
        self.hint_button.add_class("catan-puzzle-hint")
        self.hint_button.on_click(self._guard(lambda _: self.take_hint()))
        self.hint_box = widgets.HTML()
        # every hint shown and still stuck: the lesson's answer, with help (shown_answer.py)
        self.show_button = widgets.Button(
            description=SHOW_ANSWER,
            icon="eye",
            tooltip="play the lesson's answer and its why (seen, not counted as solved)",
            layout=lay(width="auto", display="none", align_self="flex-start"),
        )
        self.show_button.add_class("catan-puzzle-show-answer")
        self.show_button.on_click(self._guard(lambda _: show_answer(self.state)))
        self.result = widgets.HTML()
        self.result.add_class("catan-puzzle-result")
        self.main_button = widgets.Button(
            icon="share", layout=lay(width="auto", display="none", align_self="flex-start")
        )
        self.main_button.add_class("catan-puzzle-main-line")
        self.main_button.on_click(self._guard(lambda _: self.to_main_line()))
        # a solved question come back to: asked afresh, only it (solved_again.py)
        self.again_button = widgets.Button(
            description="Try again",
            icon="undo",
            tooltip="ask this question again",
            layout=lay(width="auto", display="none", align_self="flex-start"),
        )
        self.again_button.add_class("catan-puzzle-again")
        self.again_button.on_click(self._guard(lambda _: self.try_again()))
        self.marker = widgets.HTML(layout=lay(display="none"))
        self.entry = widgets.HBox([self.answer, self.answer_button, self.hint_button])
        self.entry.add_class("catan-puzzle-entry")
        self.widget.children = (
            self.prompt,
            self.how,
            self.entry,
            self.hint_box,
            self.show_button,
            self.result,
            self.main_button,
            self.again_button,
            self.marker,
        )
        self._built = True

    # ------------------------------------------------------------ intentions
    def submit(self, text: str) -> None:
        """The move typed under the question (judged; played when it is the answer); none
        typed: what to type, in a note (s35: an empty Answer did nothing)."""
        st = self.state
        if not text.strip() and st.holds():
            self.note(empty_answer(self.session.game, st.secret_labels(), bool(st.seats())))
            return
        st.submit(text)

    def take_hint(self) -> str:
        return self.state.take_hint()

    def to_main_line(self) -> None:
        """From a right answer off the lesson's line to the line's own answer."""
        main = self.state.main_line()
        if main is not None:
            self.session.goto(main)

    def try_again(self) -> None:
        """The solved question shown, asked afresh: its answer typed before goes too."""
        self.clear_answer()
        try_again(self.state, self.session.timeline.current)

    def clear_answer(self) -> None:
        """Empty the answer field, on the page too, once per question or answer shown: words
        typed and never sent (a tap on the board leaves the field focused on a phone, so
        Enter or leaving the field never sent them) stayed, as "" set over the kernel's ""
        sends nothing (l30: the words typed stayed after a click answered the question);
        a blank sent first, never judged (``_typed``), empties the page's field."""
        shown = (id(self.session.timeline), self.session.timeline.current.id, self.state.right)
        if self.answer.value or shown != self._emptied:
            self._emptied = shown
            self.answer.value = " "
            self.answer.value = ""

    def note(self, text: str) -> None:
        """A reply to the learner's try that judges no answer (a tap on the wrong kind of
        spot), where the question's verdicts show; the next verdict or step replaces it."""
        self.build()
        self._noted = True
        self.result.value = (
            f"<div class='catan-puzzle-note' style='color:{RED};line-height:1.4;margin-top:4px'>"
            f"{markup.text(text)}</div>"
        )

    def _typed(self) -> None:
        """Enter in the answer field, or the field left with words in it."""
        if self.answer.value.strip():
            self.submit(self.answer.value)
            self._sent = (self.session.timeline.current.id, self.answer.value)

    def _pressed(self) -> None:
        """Answer pressed: the words in the field judged, unless leaving the field for the
        button sent them already (l37 at 7.8: a right answer by a click went on to the next
        question, and the click then judged its empty field: "Type your move first")."""
        sent, self._sent = self._sent, None
        if sent != (self.session.timeline.current.id, self.answer.value):
            self.submit(self.answer.value)

    # ------------------------------------------------------------ showing
    def _show(self) -> None:
        self._noted = False  # the result shown anew: a note there goes
        st = self.state
        node = self.session.timeline.current
        puzzle = st.puzzle_at(node)
        answered = st.answered == node.id and st.right is not None
        if puzzle is None and not answered:
            self.widget.layout.display = "none"
            if self._built:
                self.marker.value = ""
            return
        self.build()
        self.widget.layout.display = ""
        open_ = puzzle is not None and st.holds(node)
        self.entry.layout.display = "" if open_ else "none"
        if puzzle is not None:
            self.prompt.value = (
                f"<div class='catan-puzzle-head'><b>Puzzle</b></div>"  # (a legend on a phone)
                f"{verdicts.lesson_html(puzzle.prompt)}"
                if open_
                else f"<div><b>Puzzle</b> · {_done(st, node)}</div>"
                f"{verdicts.lesson_html(puzzle.prompt)}"
            )
            self.answer.placeholder = answer_placeholder(self.session.game)
            neutral = neutral_forms(self.session.game)  # how to type a neutral's piece
            how = self._how()
            lines = [(how, BY_MOUSE), (tapped(how), BY_TOUCH)]
            lines += [(markup.text(neutral), "")] if neutral else []
            self.how.value = (
                "".join(
                    f"<div class='{c}' style='color:#666;font-size:12px'>{x}</div>"
                    for x, c in lines
                )
                if open_
                else ""
            )
            here = st.at == node.id
            left = len(puzzle.hints) - st.hints if here else len(puzzle.hints)
            # (a solved question offers no hint: s32 found "Hint (1 left)" still enabled)
            said = f"Hint ({left} left)" if left else "No more hints"
            self.hint_button.description = said if open_ else "Hint"
            self.hint_button.disabled = not left or not open_
            self.hint_button.layout.display = "" if puzzle.hints else "none"
            shown = puzzle.hints[: st.hints] if here else ()
            held = st.held if here and st.verdict is None else None  # above the hint (l23)
            self.hint_box.value = hint_reply.held_html(held, _heading(held), RED) + "".join(
                f"<div class='catan-puzzle-hint-text' style='margin:2px 0'>Hint {i + 1}: "
                f"{verdicts.rule_refs(markup.text(h), folded=True)}</div>"
                for i, h in enumerate(shown)
            )
        else:  # (the box holds its reply alone: gone with it while held, style.HELD_REPLY_CSS)
            self.prompt.value = (
                # the question the right answer led from (2.2's answer shown, its steal's
                # draw played after it: the draw's parent read "solved ✓", s45's learner)
                f"<div class='{SOLVED_HEAD}'><b>Puzzle</b> · {_done(st, _asked(st.right))}</div>"
            )
            self.how.value = self.hint_box.value = ""
            self.hint_button.description, self.hint_button.disabled = "Hint", True  # (solved)
        j = st.verdict if st.at == node.id and st.verdict is not None else None
        if j is None and answered:  # the right answer that led here
            j = st.right
        if puzzle is not None and not open_:  # a solved question come back to: its why
            j = explanation(st, node) or j
        self.show_button.layout.display = "" if open_ and can_show(st) else "none"
        again = puzzle is not None and not open_ and can_try_again(st, node)
        self.again_button.layout.display = "" if again else "none"
        asked = self.prompt.value
        said_at = (self.session.marks_said, ("puzzle", self.session.lesson_id, node.id))
        if j is not None and j is st.right and open_:  # above the next question, said to be
            # the previous one's, the key to its marks under it (l28 at 5.13: its "Right" read
            # as the new question's, and its key came under the new answer box)
            before = _judgement_html(j, PREVIOUS, _helped(st, j))
            self.prompt.value = before + marks_key(before, said_at) + asked
            self.result.value = ""
        else:
            self.result.value = _judgement_html(j, "", _helped(st, j)) if j is not None else ""
        # what its "§" and "*" mean, under all the question says (itself, hints, verdict)
        self.result.value += marks_key(asked + self.hint_box.value + self.result.value, said_at)
        main = st.main_line()
        self.main_button.layout.display = "none" if main is None else ""
        if main is not None:
            self.main_button.description = f"Back to the lesson's move: {st.main_words()}"
        solved = int(not open_)
        self.marker.value = (
            f"<span class='catan-puzzle-state' data-node='{node.id}' "
            f"data-asked='{int(puzzle is not None)}' data-solved='{solved}' "
            f"data-tries='{st.tries}' data-hints='{st.hints}' "
            f"data-glow='{int(st.glows())}' "
            f"data-correct='{int(bool(j and j.correct))}' hidden></span>"
        )

    def _how(self) -> str:
        """How to answer, as the controls under the question work: a click on the board
        plays when one kind of the moment is played on each kind of spot; else the kind
        first; and the player too when the question asks who moves."""
        g = self.session.game
        kinds = moment_kinds(g)
        spots = [spot_kind(variant_kinds(g).get(k)) for k in kinds]
        typed = "or type it and press Answer."  # (the field's placeholder: who, what, where)
        if kinds and all(spots) and len(set(spots)) == len(spots) and not self.state.seats():
            return f"Click your move's spot on the board, {typed}"
        chosen = "Choose a move below, then click its spot on the board"
        if not all(spots):  # a card played is typed (9.18's Merchant: learner s17)
            chosen += " if it has one"
        if self.state.seats():  # (l280: "… (and pick the player in the form), …" read heavy;
            # learner23: "its player below" looked for beside the moves, the form shows it)
            chosen = chosen.replace("a move below", "a move below, its player in its form")
        return f"{chosen}, {typed}"


# How to answer, said twice: "Click…" shown where the pointer is a mouse's, "Tap…" under a
# finger (a phone said "Click your move's spot on the board": a fresh learner, l45); the page
# shows one (style.BY_DEVICE_CSS: the kernel does not know the device)
BY_MOUSE, BY_TOUCH = "catan-by-mouse", "catan-by-touch"


def tapped(words: str) -> str:
    """``words`` said for a finger: "click" becomes "tap"."""
    return words.replace("Click", "Tap").replace("click", "tap")


def _same(a: tuple | None, b: tuple | None) -> bool:
    """The same question: of the same lesson as opened (its timeline) and node."""
    return a is not None and b is not None and a[0] is b[0] and a[1] == b[1]


PREVIOUS = "Previous question: "  # a "Right" shown above the next question (l28 at 5.13)


def _done(st: PuzzleState, question: Node | None) -> str:
    """A question answered: "solved ✓", or "answer shown" (shown_answer.py)."""
    helped = question is not None and st.key(question) in st.helped
    return "answer shown" if helped else f"solved {icons.OK}"


def _asked(j: Judgement | None) -> Node | None:
    """The question a right answer ``j`` answered (None for a wrong one)."""
    return j.node.parent if j is not None and j.correct and j.node is not None else None


def _helped(st: PuzzleState, j: Judgement) -> bool:
    """``j`` is the "right" of an answer "Show the answer" played (shown_answer.py)."""
    question = _asked(j)
    return question is not None and st.key(question) in st.helped


def _judgement_html(j: Judgement, whose: str = "", helped: bool = False) -> str:
    """Right (why, and the rule: its title, its text on a click) or wrong (why not, in one
    plain sentence: the rule's text would give the answer away); ``whose``: the heading's
    first words (``PREVIOUS``); ``helped``: an answer shown, headed as such, not "Right"."""
    right = SHOWN_HEAD if helped else f"{icons.OK} Right"
    colour, mark = (GREEN, f"{whose}{right}") if j.correct else (RED, _heading(j))
    text = j.text.removeprefix("Right: ") if j.correct else j.text
    if not j.correct and j.read:  # the heading says it: not twice (l37 at 3.2)
        text = text.replace(NOT_ANSWER_SAID, "")
        # (the line under it says to take a hint: not twice, s33)
        text = text.removesuffix(STUCK).strip()
    text, _, aside = text.partition(OFF_LINE)  # a right answer off the lesson's line: its note
    # the rule's title under a right answer ("Rule: …", its text on a click): a "§" citing
    # that rule alone said it twice (l33: a "§" box, and under it "Rule:" of the same title)
    own = j.correct and bool(verdicts.rule_details(j.rule)) and set(ID.findall(text)) <= {j.rule}
    said = (  # a rule cited in brackets: a "§" when right, left out when wrong or said below
        verdicts.rule_refs(markup.text(text), folded=True)
        if j.correct and not own
        else markup.text(verdicts.plain(verdicts.uncited(text)))
    )
    said += f"</div><div style='margin-top:4px'>{markup.text(aside)}" if aside else ""
    return (
        f"<div class='catan-puzzle-verdict' data-rule='{markup.text(j.rule)}' "
        f"style='line-height:1.4;margin-top:4px'><b style='color:{colour}'>{mark}</b>"
        f"<div>{said}</div>"
        f"{verdicts.rule_details(j.rule) if j.correct else _next_step(j)}</div>"
    )


def _next_step(j: Judgement) -> str:
    """What a wrong answer's learner may do next: try again, add the part left out, or say
    it another way."""
    return RETRY if j.read else ADD_PART if j.left_out else NONE_READ if j.none_read else SAY_AGAIN


def _heading(j: Judgement | None) -> str:
    """A wrong answer's heading: not the answer, not complete, or not read as a move."""
    if j is None or j.read:
        return f"{icons.NO} Not the answer"
    return f"{icons.NO} {NOT_DONE if j.left_out else NOT_READ}"


NOT_ANSWER_SAID = "That is not the answer. "  # (a reason kept back: ``puzzle.SECRET_WHY``)
RETRY = (
    "<div style='color:#666;font-size:12px'>Nothing was played: try again, or take a hint.</div>"
)
# typed words the tutor could not read, or a move with a part left out: no verdict on the
# idea ("Not the answer" judged it: l21 at 10.6 and 3.2)
NOT_READ, NOT_DONE = "Not read as a move", "Not complete"
# A text not read as a move, and a move read with a part left out: what to do next (l31:
# "Nothing was played: say it another way" under words of which nothing at all was read, and
# under a question that asked only for the part left out)
SAY_AGAIN = (
    "<div style='color:#666;font-size:12px'>Nothing was played: say it another way, or"
    " choose the kind of move below.</div>"
)
NONE_READ = (
    "<div style='color:#666;font-size:12px'>No word of it names a move: say it another"
    " way, or choose the kind of move below.</div>"
)
ADD_PART = (
    "<div style='color:#666;font-size:12px'>Nothing was played yet: add the part asked for,"
    " or choose the kind of move below.</div>"
)
