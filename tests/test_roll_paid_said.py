"""A roll's step that tells who the roll paid tells it as the engine paid it, and all of it
(a fresh learner, s17: 8.11 said "P2 rolled 5 (event die: politics): P2 gets 2 grain" where
the 5, a pasture, paid P1 a brick and P2 2 wool and a cloth; 9.18's "An 11 pays P2's city on
O4 a wool and a cloth" left out P3's lumber). BASE-PROD-YIELD, CK-PROD-CITY: the engine's
production (``words.narrate``'s production event) is the truth the words are checked against.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from test_lesson_rule_marks import LESSONS, _lesson, _Steps

from catan_tutor.board import CARD_NAMES
from catan_tutor.study.timeline import Node
from catan_tutor.widgets.roll_steps import roll_nodes, rolling
from catan_tutor.words.narrate import events

_COUNT = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4}
_ONE = rf"(?:a|an|one|two|three|four|\d+) (?:{'|'.join(CARD_NAMES)})"
_ITEMS = rf"{_ONE}(?:(?:, and |, | and ){_ONE})*"
_SEAT = r"(P\d)(?:'s [\w ]+?)?"
# "P2 gets 2 grain", "P1's N6 gets a brick", "pays P2's city on O4 a wool and a cloth",
# "The hills Q pay P1 a brick" (not "would pay", a roll the robber stops)
_CLAIMS = (
    re.compile(rf"\b{_SEAT} gets ({_ITEMS})\b"),
    re.compile(rf"(?<!would )\bpays? {_SEAT} ({_ITEMS})\b"),
    re.compile(rf"\b({_ITEMS}) for (P\d)\b"),
)
# a step that tells what a roll paid: "gets", "pays", "owes", "for P1", or a card it names
# ("a 3 (ore) and a 6 (grain from R)" left out P2's brick)
_TELLS = re.compile(
    rf"\b(?:gets?|pays?|paid|owes?)\b|\bgives? P\d|\bfor P\d\b|\b(?:{'|'.join(CARD_NAMES)})s?\b"
)


def _bundle(words: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for n, kind in re.findall(rf"\b(a|an|one|two|three|four|\d+) ({'|'.join(CARD_NAMES)})", words):
        out[kind] = out.get(kind, 0) + (int(n) if n.isdigit() else _COUNT[n])
    return out


def _produced(rules, nodes) -> dict[str, dict[str, int]] | None:
    """Who the throws the ``nodes`` make were paid, summed (None: no roll produced here)."""
    out: dict[str, dict[str, int]] = {}
    found = False
    for n in nodes:
        if n.parent is None or n.action is None:
            continue
        for e in events(rules, n.parent.state, n.action, n.state):
            facts = e.facts
            if e.kind != "production" or "produced" not in facts or facts.get("reroll"):
                continue
            if e.rule.endswith("EVENT-CASTLE"):
                continue  # the roll produces after the event's draw
            found = True
            for p, b in facts["produced"].items():
                got = out.setdefault(n.state.name(p), {})
                for r, k in enumerate(b):
                    if k:
                        got[CARD_NAMES[r]] = got.get(CARD_NAMES[r], 0) + k
    return out if found else None


def _roll_steps(name: str) -> Iterator[tuple[Node, dict, str]]:
    """Each step of lesson ``name`` that ends a roll: the node, what the engine paid each
    seat, and the words of the roll's steps."""
    sc = _lesson(name)
    rules = sc.tree.rules
    for node in sc.tree.walk():
        nodes = [*roll_nodes(rules, node), node]
        paid = _produced(rules, nodes)
        if paid is not None:
            words = " ".join(t for n in nodes for t in (n.comment, n.tutor) if t)
            yield node, paid, re.sub(r"\s+", " ", words)


def _wrong(name: str) -> list[str]:
    bad = []
    for node, paid, text in _roll_steps(name):
        claims: list[tuple[str, str]] = []
        for i, pat in enumerate(_CLAIMS):
            for m in pat.finditer(text):
                seat, items = (m[2], m[1]) if i == 2 else (m[1], m[2])
                claims.append((seat, items))
        for seat, items in claims:
            got = paid.get(seat, {})
            over = {k: v for k, v in _bundle(items).items() if v > got.get(k, 0)}
            if over:
                bad.append(f"{node.id} {node.action}: says {seat} gets {items}; paid {paid}")
        if _TELLS.search(text):
            left_out = [s for s in paid if not re.search(rf"\b{s}\b", text)]
            if left_out:
                bad.append(
                    f"{node.id} {node.action}: {left_out} left out; paid {paid}: {text[:120]!r}"
                )
    return bad


@pytest.mark.parametrize("name", LESSONS)
def test_a_roll_s_step_tells_who_it_paid_as_the_engine_paid_it_and_all_of_it(name: str) -> None:
    """BASE-PROD-YIELD: every "<seat> gets <cards>" / "pays <seat> <cards>" a roll's step
    says is within what the engine's production paid that seat at the step, and a step that
    tells who a roll paid names every seat it paid."""
    assert _wrong(name) == []


# A roll's step that pays nobody says so ("the 2 pays nobody", "neither pays anybody", "nobody
# produces"), or that it is a 7 (the robber's roll: what happens instead)
_PAID_NOTHING = re.compile(r"\b7\b|\bnobody\b|\bno one\b|\bnothing\b|\bneither pays\b")


def _silent(name: str) -> list[str]:
    """The steps ending a roll (a 7, a barbarian attack, an event draw and a progress card
    drawn among them) whose words on the page (the lesson's, the step's dice sentence) never
    say whom the roll paid: each seat the engine paid named with what it got, or that nobody
    was paid."""
    sc = _lesson(name)
    rules, steps = sc.tree.rules, _Steps(sc)
    bad = []
    for node in sc.tree.walk():
        if rolling(rules, node):  # a throw under way: the step is the roll's last node
            continue
        paid = _produced(rules, [*roll_nodes(rules, node), node])
        if paid is None:
            continue
        text = re.sub(r"\s+", " ", " ".join(steps.texts(node)))  # as the step shows them
        left_out = [s for s in paid if not re.search(rf"\b{s}\b", text)]
        if paid and (left_out or not _TELLS.search(text)):
            bad.append(f"{node.id} {node.action}: paid {paid}, not said: {text[-120:]!r}")
        elif not paid and not _PAID_NOTHING.search(text):
            bad.append(f"{node.id} {node.action}: paid nobody, not said: {text[-120:]!r}")
    return bad


@pytest.mark.parametrize("name", LESSONS)
def test_every_roll_s_step_says_whom_it_paid(name: str) -> None:
    """s18: 37 roll steps said nothing of what the roll paid ("The red die shows 2: with the
    white 1, the roll is 3.", "The card drawn is a Taxation."); the sweep above only checked
    the steps that made a claim. Every step that ends a roll now names each seat the engine's
    production paid (BASE-PROD-YIELD, CK-PROD-CITY), or says that it paid nobody; what it
    says is checked against the engine by the sweep above."""
    assert _silent(name) == []


@pytest.mark.parametrize(
    "name", ["ck_metropolis_level5.catan.yaml", "puzzle_ck_metropolis.catan.yaml"]
)
def test_lesson_10_6_s_eight_says_who_it_paid(name: str) -> None:
    """Learner s17 at 10.6: "An 8, and the politics castle…" never said who the 8 paid (P2's
    ore 4 -> 5, P3's lumber and paper): its step names every seat the 8 paid (BASE-PROD-YIELD,
    CK-PROD-CITY)."""
    sc = _lesson(name)
    rules = sc.tree.rules
    steps = [n for n in sc.tree.walk() if "politics castle with a red 6" in n.comment]
    assert steps
    for node in steps:
        paid = _produced(rules, [*roll_nodes(rules, node), node])
        assert paid and set(paid) == {"P2", "P3"}
        assert all(re.search(rf"\b{s}\b", node.comment) for s in paid), node.comment


# a sentence that tells what a roll paid, and a seat's name, each its own piece of it
_PAYS = re.compile(r"\b(?:pays?|paid|gets?|gives?|owes?|takes?)\b")
_SENTENCE = re.compile(r"(?<=[.;])\s+(?=[A-Z(])")
_GIVEN_TO = re.compile(rf"({_ITEMS}) (?:to|for) (P\d)\b")


def _said_per_seat(text: str) -> dict[str, dict[str, int]]:
    """What ``text``'s sentences that tell a payment give each seat, summed: the cards after a
    seat's name up to the next seat's ("pays P1 a brick and P2 a wool and a cloth", "P1's N6
    on the fields R gives a grain, P2's A6 on the hills E a brick")."""
    out: dict[str, dict[str, int]] = {}
    for sentence in _SENTENCE.split(text):
        if not _PAYS.search(sentence):
            continue
        shares = [(m[2], m[1]) for m in _GIVEN_TO.finditer(sentence)]  # "a paper to P3"
        pieces = re.split(r"\b(P\d)\b", _GIVEN_TO.sub(" ", sentence))
        shares += list(zip(pieces[1::2], pieces[2::2], strict=True))
        for seat, words in shares:
            for kind, n in _bundle(words).items():
                got = out.setdefault(seat, {})
                got[kind] = got.get(kind, 0) + n
    return out


def _incomplete(name: str) -> list[str]:
    bad = []
    for node, paid, text in _roll_steps(name):
        for seat, said in _said_per_seat(text).items():
            short = {k: v for k, v in paid.get(seat, {}).items() if said.get(k, 0) < v}
            if short:
                bad.append(f"{node.id} {node.action}: says {seat} got {said}; paid {paid[seat]}")
    return bad


@pytest.mark.parametrize("name", LESSONS)
def test_a_roll_s_step_that_says_what_a_seat_got_says_all_of_it(name: str) -> None:
    """l18 at 8.3 and 8.5: a 9's step said P3 got C6's lumber, and the 9 paid P3 a lumber and
    2 grain (2 lumber and 3 grain). The sweeps above check that each claim is within what the
    engine paid and that every paid seat is named; this one that a seat whose cards a roll's
    step counts is given all the engine paid it, each kind (BASE-PROD-YIELD, CK-PROD-CITY)."""
    assert _incomplete(name) == []


def test_a_seat_s_share_is_read_up_to_the_next_seat() -> None:
    said = _said_per_seat(
        "P2 rolls a 5, which pays P1 a brick and P2 a wool and a cloth, then an 11, which pays "
        "P2 a wool and a cloth. P1 holds 3 ore."
    )
    assert said == {"P1": {"brick": 1}, "P2": {"wool": 2, "cloth": 2}}
    assert _said_per_seat("A 9 pays P3 a lumber from the forest C.") == {"P3": {"lumber": 1}}
    said = _said_per_seat("The forest M owes a paper to P3, and P1 a lumber.")
    assert said == {"P3": {"paper": 1}, "P1": {"lumber": 1}}
