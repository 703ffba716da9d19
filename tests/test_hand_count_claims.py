"""A lesson's words about how many of a resource a player holds agree with the engine's hands
at that step (l20 at 5.9: "P2 takes both of P1's wool" when P1 held 3 wool, 2 kept and 1 from
the 4 just rolled). Swept over every lesson: "both of P1's wool", "P1 holds only 2 wool",
"P1 has no ore", "hands over all 3 grain", "gives 2 of 4 grain". A claim may speak of the hand
before the step's move or after it; it must be true of one of them."""

from __future__ import annotations

import re

import pytest
from test_lesson_rule_marks import LESSONS, _lesson

from catan_tutor.board import CARD_NAMES
from catan_tutor.study.timeline import Node

pytestmark = pytest.mark.course

_NUMBERS = {"no": 0, "a": 1, "an": 1, "one": 1, "a single": 1, "two": 2, "three": 3}
_NUMBERS |= {"four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
_N = r"(\d+|no|an?|a single|one|two|three|four|five|six|seven|eight|nine)"
_R = "(" + "|".join(CARD_NAMES) + ")s?"
_WHO = r"(P\d)"
_CLAIMS = [
    # "P2 takes both of P1's wool": P1 held exactly 2
    (re.compile(rf"\bboth of {_WHO}'s {_R}\b"), lambda m: (m[1], m[2], 2)),
    # "P1 holds only 2 wool", "P2 has 3 grain and 3 ore", "P1 holds no ore"
    (
        re.compile(rf"\b{_WHO} (?:now |still )?(?:holds|has) (?:only )?{_N} {_R}\b"),
        lambda m: (m[1], m[3], _NUMBERS.get(m[2], None) if not m[2].isdigit() else int(m[2])),
    ),
    # "P1 hands over all 3 grain", "P1 keeps all 9 cards" is a count of cards (elsewhere)
    (
        re.compile(rf"\b{_WHO} (?:hands over|gives up|gives) all {_N} {_R}\b"),
        lambda m: (m[1], m[3], int(m[2]) if m[2].isdigit() else _NUMBERS[m[2]]),
    ),
    # "P1 gives 2 of 4 grain"
    (
        re.compile(rf"\b{_WHO} gives {_N} of {_N} {_R}\b"),
        lambda m: (m[1], m[4], int(m[3]) if m[3].isdigit() else _NUMBERS[m[3]]),
    ),
]


def _held(node: Node, who: str, card: str) -> int:
    return node.state.hands[int(who[1]) - 1][CARD_NAMES.index(card)]


def hand_claims_wrong(node: Node) -> list[str]:
    """The claims of node's texts about a player's count of one resource that neither the
    hand before the step's move nor the hand after it bears out."""
    wrong = []
    for text in (node.comment, node.tutor):
        if not text:
            continue
        text = " ".join(text.split())
        for pattern, read in _CLAIMS:
            for m in pattern.finditer(text):
                who, card, n = read(m)
                at = [node] + ([node.parent] if node.parent is not None else [])
                held = sorted({_held(a, who, card) for a in at})
                if n not in held:
                    wrong.append(f"{node.action}: {m[0]!r} (held: {held})")
    return wrong


@pytest.mark.parametrize("name", LESSONS)
def test_a_count_of_a_player_s_resource_is_the_hand_at_that_step(name: str) -> None:
    sc = _lesson(name)
    wrong = [w for node in sc.tree.walk() for w in hand_claims_wrong(node)]
    assert wrong == [], f"{name}: {wrong}"


def test_the_sweep_finds_5_9_s_wool_as_it_read() -> None:
    """5.9's forced trade as l20 read it: P1 held 3 wool, not 2."""
    sc = _lesson("base_2p_forced_trade_price.catan.yaml")
    trade = next(n for n in sc.tree.walk() if str(n.action).startswith("P2 force"))
    trade.tutor = "P2 takes both of P1's wool."
    assert hand_claims_wrong(trade)
    trade.tutor = "P2 takes 2 of P1's 3 wool. P1 holds 1 wool and P2 has 4 wool."
    assert hand_claims_wrong(trade) == []


def test_the_step_says_what_the_price_means() -> None:
    """l20: "P2 is behind: 1 token." is terse; the step says the price is the trade's."""
    sc = _lesson("base_2p_forced_trade_price.catan.yaml")
    titles = [n.comment for n in sc.tree.walk() if " force " in f" {n.action} "]
    assert all(t and "forced trade costs" in t for t in titles), titles


_OF = re.compile(r"\b(\d+) of the (\d+) were (\w+)\b")


def draw_words_wrong(node: Node) -> list[str]:
    """A forced trade's blind draw (CK2P-TOKEN-FORCED-TRADE) says who draws, from whom, and
    what: "P1 draws the first card blind from P2's 9 cards: a cloth; 2 of the 9 were cloth"
    (l20 at 11.16: "A grain, by chance: 1 of the 2 cards left was grain." said none of it).
    "N of the M" counts the card in the opponent's hand, M their cards or their resources."""
    a = str(node.action)
    if not a.startswith("force-draw ") or node.parent is None:
        return []
    card, before = a.split()[1], node.parent.state
    taker = before.active
    other = 1 - taker
    text = " ".join((node.comment or "").split())
    wrong = [] if f"P{taker + 1} draws" in text else [f"{a}: no drawer in {text!r}"]
    if f"P{other + 1}" not in text or not re.search(rf"\b(?:a|the) {card}\b", text):
        wrong.append(f"{a}: whom or what missing in {text!r}")
    hand = before.hands[other]
    for m in _OF.finditer(text):
        n, of, what = int(m[1]), int(m[2]), m[3]
        if (
            what != card
            or n != hand[CARD_NAMES.index(card)]
            or of not in (sum(hand), sum(hand[:5]))
        ):
            wrong.append(f"{a}: {m[0]!r} (P{other + 1} held {hand})")
    return wrong


@pytest.mark.parametrize("name", [n for n in LESSONS if "forced_trade" in n or "2p" in n])
def test_a_blind_draw_says_who_drew_what_from_whom(name: str) -> None:
    sc = _lesson(name)
    wrong = [w for node in sc.tree.walk() for w in draw_words_wrong(node)]
    assert wrong == [], f"{name}: {wrong}"


def test_the_draw_sweep_finds_11_16_s_words_as_they_read() -> None:
    sc = _lesson("puzzle_ck_2p.catan.yaml")
    draw = next(n for n in sc.tree.walk() if str(n.action) == "force-draw grain")
    draw.comment = "A grain, by chance: 1 of the 2 cards left was grain."
    assert draw_words_wrong(draw)
