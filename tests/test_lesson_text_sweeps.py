"""Sweeps of the course's words for defects a fresh learner found (session 14): notation in
quotes instead of the page's own sentences (lesson 11.12 "('P1 force')"), a reason clipped
before its verb's object (5.21 "because a setup road must."), an opening that says a roll
happened while the page still stands before the dice (3.2 "P1 rolls a 5"), a step opening
with a noun phrase (7.3 "The only empty corner P2's roads reach."), cards defined in one
sentence chained with colons (9.11), and a limit stated flatly where it differs by player
(6.7: "more than 7 cards", city walls raise it)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from catan_tutor.actions import parse_action
from catan_tutor.errors import CatanError
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import SUFFIX, load_scenario

pytestmark = pytest.mark.course  # a sweep over the course (min_versions.sh leaves it out)

LESSONS = sorted(p.name for p in Path(packaged_lessons()).glob(f"*{SUFFIX}"))
TEXT_KEYS = {"title", "goal", "tutor", "comment", "prompt", "hints", "explain", "chapter"}
_QUOTED = re.compile(r"(?<![A-Za-z])'([^'\n]+?)'(?![A-Za-z])|\"([^\"\n]+)\"|‘([^’]+)’|“([^”]+)”")


def _texts(data: object) -> Iterator[tuple[str, str]]:
    """Every text of a lesson (or the course file) a learner reads, with its key."""
    if isinstance(data, dict):
        for k, v in data.items():
            if k in TEXT_KEYS and isinstance(v, str):
                yield k, " ".join(v.split())
            elif k in TEXT_KEYS and isinstance(v, list):
                yield from ((k, " ".join(x.split())) for x in v if isinstance(x, str))
            yield from _texts(v)
    elif isinstance(data, list):
        for x in data:
            yield from _texts(x)


def _file_texts(name: str) -> list[tuple[str, str]]:
    return list(_texts(yaml.safe_load((Path(packaged_lessons()) / name).read_text("utf-8"))))


def quoted_notation(text: str) -> list[str]:
    """The quoted strings of ``text`` that read as a move's notation ("'P1 force all'"); a
    capitalised word is the page's own button label ("Roll"), not notation."""
    found = []
    for m in _QUOTED.finditer(text):
        q = next(g for g in m.groups() if g)
        if q[0].isupper() and not re.match(r"P\d\b", q):
            continue
        try:
            parse_action(q, 0, 4, 8)
        except CatanError:
            continue
        found.append(q)
    return found


def test_quoted_notation_is_found() -> None:
    said = "then give back 2 resource cards you held before ('P1 force'); or 'P1 force all'."
    assert quoted_notation(said) == ["P1 force", "P1 force all"]
    assert quoted_notation("\"Roll\" lets the dice fall; a 'free' road") == []


@pytest.mark.parametrize("name", [*LESSONS, "course.yaml"])
def test_no_lesson_text_quotes_notation(name: str) -> None:
    """Moves are said in the page's words ("P1 forces a trade"), never in notation."""
    bad = [f"{k}: {q!r}" for k, t in _file_texts(name) for q in quoted_notation(t)]
    assert bad == [], f"{name}: {bad}"


# A reason ending on a bare modal: "because a setup road must." (must what?)
_CLIPPED = re.compile(r"\bbecause [^.;:]*\b(?:must|may|can|should|will)\.")


@pytest.mark.parametrize("name", LESSONS)
def test_a_reason_says_what_the_rule_requires(name: str) -> None:
    clipped = [t for _, t in _file_texts(name) if _CLIPPED.search(t)]
    assert clipped == [], name


_ROLL_TOLD = re.compile(r"\b(?:P\d|D) rolls an? \d+")


@pytest.mark.parametrize("name", LESSONS)
def test_an_opening_before_the_dice_does_not_say_they_fell(name: str) -> None:
    """Lesson 3.2's opening said "P1 rolls a 5" while the page stood before the dice: an
    opening told at a position before the roll says what will happen ("is about to roll")."""
    sc = load_scenario(Path(packaged_lessons()) / name)
    if sc.timeline is None:
        return
    root = sc.timeline.root
    if root.state.phase not in ("pre-roll", "dice") or root.state.dice:
        return
    told = _ROLL_TOLD.findall(" ".join((root.tutor or "").split()))
    assert told == [], f"{name}: {told}"


# "The only empty corner P2's roads reach.": a noun phrase whose only verb is in its relative
# clause. A step's first sentence opening "The only/first/last/next …" or "A second …" needs a
# main verb ("A second knight at the end of the road O7, because …", 9.9).
_NOUN_OPENING = re.compile(r"^(?:The|An?) (?:only|first|last|next|one) |^An? (?:second|third) ")
_MAIN_VERB = re.compile(
    r"\b(?:is|are|was|were|has|have|had|goes|go|stays|stay|moves|builds|takes|gets|gives|"
    r"rolls|plays|pays|holds|becomes|comes|wins|loses|ends|draws|lies|stands|became|went|"
    r"took|gave|built|drew|held|won|lost|came|stood|lay|\w+ed|"
    r"\w+s (?:the|a|an|to|on|it|its|their|his|her|P\d))\b"
)


@pytest.mark.parametrize("name", LESSONS)
def test_a_step_does_not_open_with_a_bare_noun_phrase(name: str) -> None:
    sc = load_scenario(Path(packaged_lessons()) / name)
    if sc.timeline is None:
        return
    bare = []
    for node in sc.timeline.walk():
        for text in (node.comment, node.tutor):
            first = re.split(r"(?<=[.!?])\s+", " ".join((text or "").split()))[0]
            if _NOUN_OPENING.match(first):
                head = re.split(r" (?:that|which|who|P\d's \w+) ", first)[0]
                if not _MAIN_VERB.search(head):
                    bare.append(first)
    assert bare == [], f"{name}: {bare}"


@pytest.mark.parametrize("name", LESSONS)
def test_a_sentence_defines_at_most_one_thing_after_a_colon_chain(name: str) -> None:
    """9.11 chained three cards in one sentence: "as many as you like: Intrigue: without
    using a knight ...": a sentence has at most two colons."""
    long = [
        s
        for _, t in _file_texts(name)
        for s in re.split(r"(?<=[.!?;:])\s+-\s+|(?<=[.!?])\s+", t)  # "- " starts a bullet
        if s.count(": ") >= 3 or re.search(r": [A-Z][a-z]+: ", s)
    ]
    assert long == [], f"{name}: {long}"


def test_the_walls_puzzle_states_the_seven_rule_as_true_for_every_player() -> None:
    """6.7: the opening said flatly "every player holding more than 7 cards … discards", and
    hint 1 then said the 7 is not the same for every player. The opening now says most
    players, and hint 1 sends the learner to the rule (CK-SEVEN-DISCARD) without naming the
    answer."""
    sc = load_scenario(Path(packaged_lessons()) / "puzzle_ck_walls.catan.yaml")
    assert sc.timeline is not None
    intro = " ".join(sc.timeline.root.tutor.split())
    assert "more than 7 cards" not in intro.split("discards")[0], intro
    assert "most players" in intro and "who may hold more" in intro
    (puzzle,) = sc.puzzles.values()
    assert "CK-SEVEN-DISCARD" in puzzle.hints[0] and "wall" not in puzzle.hints[0].lower()


@pytest.mark.parametrize("name", LESSONS)
def test_a_progress_card_is_discarded_only_when_owed(name: str) -> None:
    """11.4 discarded Road Building on P2's own turn "because a player may keep at most 4
    progress cards", though on one's own turn a fifth may be held until the turn's end
    (CK-PROGRESS-HAND-LIMIT), and P2 played a card next anyway: a lesson discards a progress
    card only when the rules owe it (off turn, or at the end of one's turn)."""
    sc = load_scenario(Path(packaged_lessons()) / name)
    if sc.timeline is None:
        return
    early = [
        f"{node.action} ({node.parent.state.phase})"
        for node in sc.timeline.walk()
        if node.parent is not None and str(node.action).split()[1:2] == ["discard-progress"]
        if node.parent.state.phase != "progress-discard"
    ]
    assert early == [], f"{name}: {early}"
