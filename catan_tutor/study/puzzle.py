"""Puzzles: a lesson node that asks the learner to find the move.

A scenario marks a node with ``puzzle: {prompt, hints, answers, rule, explain}``; the accepted
answers are moves of the node's children (its main continuation when ``answers`` is not
given), so that a solved puzzle goes on along the lesson. :func:`judge` says whether a move
played there is an answer, and why, citing a rule: the engine's verdict for an illegal move
(``Game.explain``, the most specific rule, rules/precedence.py), the puzzle's rule for a legal
move that is not the answer (with the author's text when the lesson has that move as a
variation), in one plain sentence for the learner (never the rule's text; the move in words,
"P1 may build a road on H3", never its notation). :func:`hint` gives
the hints in order: first where to look (the area of the board or the kind of action), then
the rule.

A puzzle asks either a *rule question* (every legal move of the answer's kind answers it: what
the rules call for is the point, so once the learner has chosen that kind its legal targets may
glow) or a *choice question* (the learner chooses among legal moves, so nothing glows until it
is solved): :func:`asks_rule` tells which, from the puzzle's answers and the position.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import rulebook
from ..actions import Action
from ..errors import CatanError
from ..game import Game
from ..rules.words import may, say
from .timeline import Node

MAX_HINTS = 2  # hints a puzzle offers (the area or kind of action, then the rule)


@dataclass(frozen=True)
class Puzzle:
    """A question at a node: ``prompt`` asks it; ``hints`` (at most two) help in order;
    ``answers`` are the accepted moves as written (the main continuation when empty);
    ``rule`` is the rule the puzzle is about; ``explain`` says why the answer is right."""

    prompt: str
    hints: tuple[str, ...] = ()
    answers: tuple[str, ...] = ()
    rule: str = ""
    explain: str = ""


@dataclass(frozen=True)
class Judgement:
    """What :func:`judge` says about a move: ``correct`` (an accepted answer), ``legal`` (the
    engine allows it here), the rule cited with its ``title``, the ``text`` for the learner,
    and ``node``: the answer's child node when correct, else None."""

    move: str
    correct: bool
    legal: bool
    rule: str
    text: str
    node: Node | None = None

    @property
    def title(self) -> str:
        """The cited rule's title ('' without a rule)."""
        try:
            return rulebook.rule(self.rule).title if self.rule else ""
        except KeyError:
            return ""

    @property
    def rule_text(self) -> str:
        """The cited rule's text from the rules reference ('' without a rule)."""
        try:
            return rulebook.rule(self.rule).text if self.rule else ""
        except KeyError:
            return ""


def answer_nodes(puzzle: Puzzle, node: Node, rules) -> list[Node]:
    """The children of ``node`` that answer the puzzle (its first child when it names no
    answers). A named answer that is no child of the node is a ValueError."""
    if not puzzle.answers:
        return node.children[:1]
    game = Game(rules, node.state)
    out = []
    for text in puzzle.answers:
        a = game.parse(text)
        child = next((c for c in node.children if c.action == a), None)
        if child is None:
            raise ValueError(
                f"the answer {text!r} is not a move of the lesson at this node "
                "(write it as the main line or a variation)"
            )
        out.append(child)
    return out


def judge(puzzle: Puzzle, node: Node, rules, move: Action | str) -> Judgement:
    """Whether ``move`` (an Action or notation) answers the puzzle asked at ``node``; nothing
    is played. An unreadable or illegal move is wrong with the engine's reason and rule."""
    game = Game(rules, node.state)
    shown = move if isinstance(move, str) else str(move)
    try:
        ex = game.explain(move)
    except CatanError as e:  # not notation
        return Judgement(shown, False, False, "", f"That is not a move: {e}")
    answers = answer_nodes(puzzle, node, rules)
    hit = next((c for c in answers if c.action == ex.action), None)
    s = game.state
    if hit is not None:
        why = puzzle.explain or hit.tutor or hit.comment or ex.reason
        return Judgement(
            str(ex.action),
            True,
            True,
            puzzle.rule or ex.rule,
            f"Right: {say(s, ex.action)} {why}".strip(),
            hit,
        )
    if not ex.legal:
        text = f"{may(s, ex.action, False)} {ex.reason}"
        return Judgement(str(ex.action), False, False, ex.rule, text)
    known = next((c for c in node.children if c.action == ex.action), None)
    said = (known.tutor or known.comment) if known is not None else ""
    allowed = may(s, ex.action, True).rstrip(".")
    if any(type(c.action) is type(ex.action) for c in answers):
        text = (
            f"{allowed}, but it is not the move the question asks for "
            "(another move of this kind is)."
        )
    else:
        text = f"{allowed}, but the question asks for another kind of move."
    if said:
        text += f" {said}"
    return Judgement(str(ex.action), False, True, puzzle.rule or ex.rule, text.strip())


def asks_rule(puzzle: Puzzle, node: Node, rules) -> bool:
    """Whether the puzzle asks a rule question: every legal move at ``node`` of the kind(s) of
    its answers is an answer (else it asks a choice among legal moves)."""
    answers = {c.action for c in answer_nodes(puzzle, node, rules)}
    kinds = {type(a) for a in answers}
    return answers == {a for a in Game(rules, node.state).legal_actions() if type(a) in kinds}


def hint(puzzle: Puzzle, n: int) -> str:
    """Hint ``n`` (from 0): the author's, in order; '' past the last."""
    return puzzle.hints[n] if 0 <= n < len(puzzle.hints) else ""


def validate(puzzle: Puzzle, node: Node, rules, variant: str) -> str:
    """Why the puzzle cannot be asked at ``node`` ('' when it can): a prompt, at most
    MAX_HINTS hints, a rule of the variant, answers that are legal moves and children of the
    node, and no expectation there that gives an answer away."""
    if not puzzle.prompt.strip():
        return "a puzzle needs a prompt (the question it asks)"
    if len(puzzle.hints) > MAX_HINTS:
        return f"a puzzle offers at most {MAX_HINTS} hints (where to look, then the rule)"
    if puzzle.rule and puzzle.rule not in rulebook.rules_of(variant):
        return f"rule {puzzle.rule!r} is not a rule of {variant}"
    if not node.children:
        return "a puzzle needs its answer as the next move (the node has no move after it)"
    try:
        answers = answer_nodes(puzzle, node, rules)
    except CatanError as e:
        return f"an answer cannot be read: {e}"
    except ValueError as e:
        return str(e)
    if len({c.id for c in answers}) != len(answers):
        return "an answer is named twice"
    given = {str(c.action) for c in answers}
    game = Game(rules, node.state)
    for ex in node.expect:
        if ex.key == "legal" and any(str(game.parse(t)) in given for t in ex.value):
            return (
                f"the expectation 'legal' on line {ex.line} names an answer: the learner "
                "would read it under What to notice"
            )
    return ""
