"""Puzzle mode in the tutor: at a lesson node that asks a question (``puzzle:`` in the
scenario, catan_tutor.puzzle) the answer line is hidden (the Moves list stops there, and
forward / last stay at the question), the learner plays a move on the board or types it, and
the tutor says right or wrong with the rule's title and text. A wrong move is not played
(nothing changes, the learner tries again); a right one is played and the lesson goes on.
Up to two hints, one click each: where to look, then the rule.

Nothing for tests shows: the puzzle's node, whether it is solved, the tries and the hints
taken are ``data-*`` attributes of a hidden element (class ``catan-puzzle-state``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import ipywidgets as widgets

from ..actions import Action
from ..puzzle import Judgement, Puzzle, hint, judge
from ..timeline import Node
from . import markup, verdicts

GREEN, RED = verdicts.GREEN, verdicts.RED


class PuzzleMode:
    """The question of the tutor's current node, if it asks one; ``tutor`` is the Tutor (its
    ``scenario``, ``timeline``, ``lesson_id`` and ``play``). ``listeners`` are called after
    each refresh of the tutor (the app's progress)."""

    def __init__(self, tutor) -> None:
        self.tutor = tutor
        self.solved: set[tuple[str, int]] = set()  # (lesson key, node id) answered right
        self.listeners: list[Callable[[], None]] = []
        self._at: int | None = None  # the node the tries and hints below belong to
        self.tries = 0
        self.hints = 0
        self.verdict: Judgement | None = None
        self._answered: int | None = None  # the answer's node, while the "right" shows
        self._last: tuple[int, str] | None = None  # the last text judged, and where
        lay = widgets.Layout
        self.prompt = widgets.HTML()
        self.answer = widgets.Text(placeholder="your move, e.g. P1 road H3", layout=lay(
            width="auto", flex="1 1 auto"), continuous_update=False)
        self.answer.add_class("catan-puzzle-answer")
        self.answer.observe(tutor.safe(lambda _: self._typed()), names="value")
        self.answer_button = widgets.Button(description="Answer", icon="check",
                                            button_style="primary",
                                            layout=lay(width="auto", flex="0 0 auto"))
        self.answer_button.add_class("catan-puzzle-submit")
        self.answer_button.on_click(tutor.safe(lambda _: self.submit(self.answer.value)))
        self.hint_button = widgets.Button(description="Hint", icon="lightbulb-o",
                                          layout=lay(width="auto", flex="0 0 auto"))
        self.hint_button.add_class("catan-puzzle-hint")
        self.hint_button.on_click(tutor.safe(lambda _: self.take_hint()))
        self.hint_box = widgets.HTML()
        self.result = widgets.HTML()
        self.result.add_class("catan-puzzle-result")
        self.marker = widgets.HTML(layout=lay(display="none"))
        self.entry = widgets.HBox([self.answer, self.answer_button, self.hint_button])
        self.widget = widgets.VBox([self.prompt, self.entry, self.hint_box, self.result,
                                    self.marker],
                                   layout=lay(display="none", border="2px solid #f9a825",
                                              padding="6px 8px", margin="4px 0"))
        self.widget.add_class("catan-puzzle")

    # ------------------------------------------------------------ what is asked where
    def key(self, node: Node) -> tuple[str, int]:
        """The node as the solved set knows it: the lesson's id (or title) and the node id."""
        sc = self.tutor.scenario
        return (self.tutor.lesson_id or (sc.title if sc else ""), node.id)

    def puzzle_at(self, node: Node | None = None) -> Puzzle | None:
        """The question asked at ``node`` (default: the current one), if the lesson asks one."""
        t = self.tutor
        sc = t.scenario
        if sc is None or sc.timeline is not t.timeline or not sc.puzzles:
            return None
        return sc.puzzles.get((node or t.timeline.current).id)

    def holds(self, node: Node | None = None) -> bool:
        """A question is asked at ``node`` (default: the current one) and not answered yet:
        the moves after it stay hidden."""
        node = node or self.tutor.timeline.current
        return self.puzzle_at(node) is not None and self.key(node) not in self.solved

    def hidden(self) -> set[int]:
        """The ids of the nodes below unanswered questions (the answer lines), for the move
        list and for jumps to a node."""
        out: set[int] = set()
        tl = self.tutor.timeline
        if not self._asks():
            return out
        for node in tl.walk():
            if self.holds(node):
                for child in node.children:
                    out.update(n.id for n in tl.walk(child))
        return out

    def hides(self, node: Node | int) -> bool:
        """``node`` (or its id) is in the answer line of a question not answered yet: going
        there would show the answer."""
        return (node if isinstance(node, int) else node.id) in self.hidden()

    def _asks(self) -> bool:
        """The lesson shown asks questions."""
        sc = self.tutor.scenario
        return bool(sc is not None and sc.timeline is self.tutor.timeline and sc.puzzles)

    def last(self) -> bool:
        """Step along the line to its end, stopping at an unanswered question. False (nothing
        done) when the lesson asks no question."""
        if not self._asks():
            return False
        tl = self.tutor.timeline
        while tl.current.children and not self.holds():
            tl.forward()
        return True

    # ------------------------------------------------------------ answering
    def intercept(self, action: Action | str) -> bool:
        """A move played at the current node: at an unanswered question it is judged first.
        Returns True when the move must not be played (a wrong answer: nothing changes)."""
        node = self.tutor.timeline.current
        puzzle = self.puzzle_at(node)
        if puzzle is None or self.key(node) in self.solved:
            return False
        self._enter(node)
        j = judge(puzzle, node, self.tutor.timeline.rules, action)
        self.tries += 1
        self.verdict = j
        if not j.correct:
            self._show()
            return True
        self.solved.add(self.key(node))
        main = node.children[0]
        if j.node is not main and not j.node.children and main.children:
            # a right answer the lesson does not follow: it goes on along its main line
            self.verdict = replace(j, text=f"{j.text} The lesson goes on with {main.action}.")
            self._answered = main.id
            self.tutor.timeline.goto(main)
            return True
        self._answered = j.node.id
        return False

    def submit(self, text: str) -> None:
        """The move typed under the question: judged, and played when it is the answer."""
        text = text.strip()
        node = self.tutor.timeline.current
        if not text or not self.holds() or self._last == (node.id, text):
            return  # the same text again (Enter, then the button): judged once
        self._last = (node.id, text)
        puzzle = self.puzzle_at(node)
        j = judge(puzzle, node, self.tutor.timeline.rules, text)
        if j.correct:
            self.tutor.play(j.node.action)  # intercepted: judged again, then played
        else:
            self._enter(node)
            self.tries += 1
            self.verdict = j
            self._show()

    def _typed(self) -> None:
        """Enter in the answer field."""
        if self.answer.value.strip():
            self.submit(self.answer.value)

    def take_hint(self) -> str:
        """The next hint ('' when there is none left)."""
        puzzle = self.puzzle_at()
        if puzzle is None:
            return ""
        self._enter(self.tutor.timeline.current)
        text = hint(puzzle, self.hints)
        if text:
            self.hints += 1
        self._show()
        return text

    def _enter(self, node: Node) -> None:
        """Tries, hints and the verdict belong to one question: a new node starts afresh."""
        if self._at != node.id:
            self._at, self.tries, self.hints, self.verdict = node.id, 0, 0, None
            self._last = None

    # ------------------------------------------------------------ showing
    def refresh(self) -> None:
        """After the tutor showed a node: the question there, or the verdict on the answer
        just played, else nothing; then the listeners."""
        node = self.tutor.timeline.current
        if self.puzzle_at(node) is not None:
            if self._at != node.id:
                self._enter(node)
                self.answer.value = ""
            self._answered = None
        elif self._answered is not None and self._answered != node.id:
            self._answered = None
        self._show()
        for fn in self.listeners:
            fn()

    def _show(self) -> None:
        node = self.tutor.timeline.current
        puzzle = self.puzzle_at(node)
        answered = self._answered == node.id and self.verdict is not None
        if puzzle is None and not answered:
            self.widget.layout.display = "none"
            self.marker.value = ""
            return
        self.widget.layout.display = ""
        open_ = puzzle is not None and self.holds(node)
        self.entry.layout.display = "" if open_ else "none"
        if puzzle is not None:
            self.prompt.value = (f"<div><b>Puzzle</b>{' · solved ✓' if not open_ else ''}"
                                 f"</div>{verdicts.lesson_html(puzzle.prompt)}"
                                 "<div style='color:#666;font-size:12px'>Play your move on "
                                 "the board, or type it and press Answer.</div>"
                                 if open_ else f"<div><b>Puzzle</b> · solved ✓</div>"
                                 f"{verdicts.lesson_html(puzzle.prompt)}")
            left = len(puzzle.hints) - self.hints if self._at == node.id else len(puzzle.hints)
            self.hint_button.description = f"Hint ({left} left)" if left else "No more hints"
            self.hint_button.disabled = not left or not open_
            self.hint_button.layout.display = "" if puzzle.hints else "none"
            shown = puzzle.hints[:self.hints] if self._at == node.id else ()
            self.hint_box.value = "".join(
                f"<div class='catan-puzzle-hint-text' style='margin:2px 0'>Hint {i + 1}: "
                f"{verdicts.rule_refs(markup.text(h))}</div>" for i, h in enumerate(shown))
        else:
            self.prompt.value = "<div><b>Puzzle</b> · solved ✓</div>"
            self.hint_box.value = ""
        j = self.verdict if (self._at == node.id or answered) else None
        self.result.value = _judgement_html(j) if j is not None else ""
        solved = int(not open_)
        self.marker.value = (f"<span class='catan-puzzle-state' data-node='{node.id}' "
                             f"data-asked='{int(puzzle is not None)}' data-solved='{solved}' "
                             f"data-tries='{self.tries}' data-hints='{self.hints}' "
                             f"data-correct='{int(bool(j and j.correct))}' hidden></span>")


def _judgement_html(j: Judgement) -> str:
    """Right or wrong, why, and the rule (its title; its text open)."""
    colour, mark = (GREEN, "✓ Right") if j.correct else (RED, "✗ Not the answer")
    text = j.text.removeprefix("Right: ") if j.correct else j.text
    return (f"<div class='catan-puzzle-verdict' data-rule='{markup.text(j.rule)}' "
            f"style='line-height:1.4;margin-top:4px'><b style='color:{colour}'>{mark}</b>"
            f"<div>{markup.text(verdicts.plain(text))}</div>"
            f"{verdicts.rule_details(j.rule, opened=not j.correct)}"
            f"{'' if j.correct else RETRY}</div>")


RETRY = ("<div style='color:#666;font-size:12px'>Nothing was played: try again, or take a "
         "hint.</div>")

