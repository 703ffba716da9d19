"""What the tests of puzzles share: every packaged puzzle in course order, and its answer in
the words a page could give it away with (the accepted moves' notation, the move list's words
for them, and their spots' labels), so a test can look for the answer in a page's text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from catan_tutor import board
from catan_tutor.actions import BankTrade
from catan_tutor.study.course import course
from catan_tutor.study.puzzle import Judgement, Puzzle, answer_nodes, judge
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import SUFFIX, Scenario, load_scenario
from catan_tutor.study.timeline import Timeline
from catan_tutor.widgets.kinds import kind_name, target_of
from catan_tutor.widgets.move_list import move_words
from catan_tutor.widgets.tutor import Tutor

LABELS = {"vertex": board.VERTEX_LABELS, "edge": board.EDGE_LABELS, "hex": board.HEX_NAMES}


@dataclass(frozen=True)
class Asked:
    """One puzzle of a packaged lesson: its lesson id, the node that asks it, the puzzle."""

    lesson: str
    node: int
    puzzle: Puzzle

    def scenario(self) -> Scenario:
        return load_scenario(packaged_lessons() / f"{self.lesson}{SUFFIX}")


def at_question(asked: Asked) -> Tutor:
    """The tutor on the puzzle's lesson at its question, the questions before it solved (as
    a learner reaches it: each one answered on the way)."""
    t = Tutor(asked.scenario())
    s = t.session
    s.lesson_id = asked.lesson
    tl = s.timeline
    for node in tl.path(tl.nodes[asked.node])[:-1]:
        if node.id in s.scenario.puzzles:
            s.puzzle.solved.add(s.puzzle.key(node))
    s.goto(asked.node)
    assert tl.current.id == asked.node and s.puzzle_secret
    return t


@cache
def lesson(name: str) -> Scenario:
    """The packaged lesson ``name`` (its id), read once a test process: to be read, never
    changed (the course sweeps' collection and checks share it)."""
    return load_scenario(packaged_lessons() / f"{name}{SUFFIX}")


@cache
def course_timelines() -> tuple[tuple[str, Timeline], ...]:
    """(file name, move tree) of every packaged lesson that has one, in file order."""
    out = []
    for path in sorted(packaged_lessons().glob(f"*{SUFFIX}")):
        tl = load_scenario(path).timeline
        if tl is not None:
            out.append((path.name, tl))
    return tuple(out)


@cache
def course_puzzles() -> tuple[Asked, ...]:
    """Every puzzle of the packaged lessons, lessons in the course's order (then by name),
    each lesson's puzzles in the order its line meets them (node ids grow along it)."""
    names = sorted(p.name[: -len(SUFFIX)] for p in packaged_lessons().glob(f"*{SUFFIX}"))
    places = course(packaged_lessons())
    names.sort(key=lambda n: ((p.chapter, p.number) if (p := places.get(n)) else (99, 0), n))
    out = []
    for name in names:
        sc = lesson(name)
        out.extend(Asked(name, node, p) for node, p in sorted(sc.puzzles.items()))
    return tuple(out)


def judged(name: str, node: int, typed: str) -> Judgement:
    """``typed`` judged at the question on node ``node`` of puzzle lesson ``name``."""
    asked = next(a for a in course_puzzles() if (a.lesson, a.node) == (name, node))
    tl = lesson(name).timeline
    return judge(asked.puzzle, tl.nodes[node], tl.rules, typed)


def _on_board(state, spot: tuple[str, int]) -> bool:
    """A piece stands on the spot already (the board shows it, the page may name it)."""
    kind, i = spot
    if kind == "edge":
        return state.eowner[i] != -1
    return state.vowner[i] != -1 or bool(state.kn and state.kn[i] is not None)


def answer_words(asked: Asked) -> set[str]:
    """The answer as a page could say it: each accepted move's notation and its words in the
    move list, and the label of its spot unless the prompt names that spot itself or a piece
    stands there already (a hex's one-letter label is left out: it is everywhere, P1 and
    all). Moves played on the way to the question are left out too (the log tells them)."""
    sc = asked.scenario()
    assert sc.timeline is not None
    at = sc.timeline.nodes[asked.node]
    words: set[str] = set()
    past = {
        w for n in sc.timeline.path(at) if n.action for w in (str(n.action), move_words(n.action))
    }
    for node in answer_nodes(asked.puzzle, at, sc.timeline.rules):
        a = node.action
        assert a is not None
        words |= {str(a), move_words(a), move_words(a, at.state)}  # with its position: a
        # bank trade's sentence ("P2 trades 2 wool with the bank for 1 brick (2:1)")
        spot = target_of(a)
        if spot is not None and spot[0] != "hex":
            label = LABELS[spot[0]][spot[1]]
            named = re.search(rf"\b{re.escape(label)}\b", asked.puzzle.prompt)
            if not named and not _on_board(at.state, spot):
                words.add(label)
    return words - past


def answer_facts(asked: Asked) -> set[str]:
    """The fact an answer turns on, as a text could say it before the question: a bank
    trade below 4:1 is made at a harbor, and a harbor named by its card ("the wool harbor",
    "harbor for wool") tells the rate. Learner s18 at 3.2 read "P2's settlement on P6 stands
    at an end of the wool harbor on P5" before "Get it from the bank at the best rate" (the
    sweep looked for the move and its spot only). Words the prompt says itself are left out."""
    sc = asked.scenario()
    at = sc.timeline.nodes[asked.node]
    words: set[str] = set()
    for node in answer_nodes(asked.puzzle, at, sc.timeline.rules):
        a = node.action
        if isinstance(a, BankTrade) and a.count == 2:  # a 2:1 harbor, named by its card
            card = board.CARD_NAMES[a.give]
            words |= {f"{card} harbor", f"harbor for {card}", f"{card} 2:1", f"2:1 {card}"}
    return {w for w in words if not says(w, asked.puzzle.prompt)}


def found(words: set[str], text: str) -> list[str]:
    """The words of ``words`` that occur in ``text`` as whole words."""
    return sorted(
        w for w in words if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text, re.IGNORECASE)
    )


WHO = re.compile(r"\bwho(?:se)?\b", re.IGNORECASE)


def told_by_a_wrong_try(asked: Asked) -> set[str]:
    """The parts of the answer a wrong try's text must not say (issue: a wrong answer names
    no part of the right one): each accepted move's spot label, a hex also in words
    ("hills 5"), the resources the move names, a bank trade's rate ("2:1") and its kind ("end
    turn"), those the prompt says itself left out; and the seat when the question asks who
    moves."""
    sc = asked.scenario()
    assert sc.timeline is not None
    at = sc.timeline.nodes[asked.node]
    s, prompt = at.state, asked.puzzle.prompt
    out: set[str] = set()
    seats: set[str] = set()
    for node in answer_nodes(asked.puzzle, at, sc.timeline.rules):
        a = node.action
        assert a is not None
        spot = target_of(a)
        if spot is not None:
            out.add(LABELS[spot[0]][spot[1]])
            if spot[0] == "hex":
                assert s.layout is not None
                n, terrain = s.layout.numbers[spot[1]], board.TERRAINS[s.layout.terrain[spot[1]]]
                out.add(f"{terrain} {n}" if n else terrain)
        out |= {r for r in board.CARD_NAMES if re.search(rf"\b{r}\b", str(a))}
        out.add(kind_name(a))  # what to do ("end turn"), where the prompt does not say it
        if isinstance(a, BankTrade):  # its rate ("...at 2:1 or 4:1, not 3:1": a learner),
            # and any rate a reply states ("grain at 4:1, not 2:1": no 3:1 harbor, s18)
            out |= {"2:1", "3:1", "4:1"}
        if WHO.search(prompt):  # the seat, even where the prompt names it otherwise
            seats.add(s.name(a.player))
    return seats | {w for w in out if not says(w, prompt)}


def says(word: str, text: str) -> bool:
    """``word`` in ``text`` as a word of its own, a label or seat in its case ("Q", "P3";
    "A" the article is not hex A)."""
    flags = 0 if word[:1].isupper() else re.IGNORECASE
    return re.search(rf"(?<![\w'’-]){re.escape(word)}(?![\w-])", text, flags) is not None
