"""A refused move in "What to notice" says its reason once (s15, a fresh learner at lesson
4.1): "P1 may not try to trade a development card, which is never allowed, because P1 cannot
trade a Road Building card: development cards are never traded or given away …" (the same
rule three times) and "P1 may not buy a development card (1 wool, 1 grain, 1 ore), because P1
cannot pay for a development card: it costs 1 wool, 1 grain, 1 ore." (the cost twice)."""

from __future__ import annotations

import re
from functools import cache

import pytest

from catan_tutor.game import Game
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import SUFFIX, load_scenario
from catan_tutor.widgets.wording import notice_lines

pytestmark = pytest.mark.course  # a sweep over the course (min_versions.sh leaves it out)

LESSONS = sorted(p.name for p in packaged_lessons().glob(f"*{SUFFIX}"))
_CARDS = re.compile(r"\b\d+ [a-z]+(?:, \d+ [a-z]+)+")  # "1 wool, 1 grain, 1 ore"
_REFUSED = re.compile(r"^(?P<who>.+?) may not (?P<verb>\w+)")
# (a spot, not a seat's possessive: "the science metropolis on P3's city on C6")
_PIECE = re.compile(r"\bthe ((?:[a-z]+ ){0,2}[a-z]+ on [A-Z]\d+)\b(?!')", re.I)


@cache
def _lines(name: str) -> list[str]:
    sc = load_scenario(packaged_lessons() / name)
    topic = f"{sc.title} {sc.goal}"
    return sorted(
        {
            line
            for node in sc.tree.nodes.values()
            for line in notice_lines(Game(sc.tree.rules, node.state), node, topic)
        }
    )


def said_twice(line: str) -> list[str]:
    """What a notice line says twice: a list of cards (a cost), "never", the refused move
    refused again by its reason ("P1 may not trade …: P1 cannot trade …"), or the move again
    after "only … may be played, not …"."""
    out = [cards for cards in set(_CARDS.findall(line)) if line.count(cards) > 1]
    if len(re.findall(r"\bnever\b", line, re.I)) > 1:
        out.append("never")
    if "which is never allowed" in line or "may not try to" in line:
        out.append("the move says it is never allowed")
    if m := _REFUSED.match(line):
        if re.search(rf"\b{re.escape(m['who'])} cannot {m['verb']}\b", line):
            out.append(f"{m['who']} cannot {m['verb']}")
    if re.search(r"may be played, not ", line):
        out.append("may be played, not …")
    for piece in {m[1] for m in _PIECE.finditer(line)}:  # "the knight on O6 … the knight on O6"
        if len(re.findall(rf"\bthe {re.escape(piece)}\b", line, re.I)) > 1:
            out.append(f"the {piece}")
    return out


def test_said_twice_finds_a_piece_named_again_by_the_reason() -> None:
    """Learner 16, lessons 7.3 and 6.4 (as the lines read before)."""
    line = "P1 may not move the knight on O6 to N4, because the knight on O6 cannot act."
    assert said_twice(line) == ["the knight on O6"]
    line = "P3 may not build a city wall under the city on C6: the city on C6 has a wall already."
    assert said_twice(line) == ["the city on C6"]
    assert said_twice("P1 may not move the knight on O6 to N4, because it cannot act.") == []
    # a seat's possessive is no spot (10.6's two metropolis examples, s31)
    line = "put the trade metropolis on P3's city on C6; or the trade metropolis on P3's city on H4"
    assert said_twice(line) == []


@pytest.mark.parametrize("name", LESSONS)
def test_no_notice_line_says_a_clause_twice(name: str) -> None:
    """Every line of "What to notice" at every step of the lesson."""
    twice = [(line, said) for line in _lines(name) if (said := said_twice(line))]
    assert twice == [], f"{name}: {twice}"


def test_the_sweep_catches_the_lines_the_learner_read() -> None:
    """The sweep fails on the two lines 4.1 showed, and on neither line as it reads now."""
    assert said_twice(
        "P1 may not buy a development card (1 wool, 1 grain, 1 ore), because P1 cannot pay "
        "for a development card: it costs 1 wool, 1 grain, 1 ore."
    )
    assert said_twice(
        "P1 may not try to trade a development card, which is never allowed, because P1 "
        "cannot trade a Road Building card: development cards are never traded or given "
        "away; only resource cards change hands."
    )
    lines = _lines("base_dev_cards.catan.yaml")
    assert (
        "P1 may not buy a development card: P1 cannot pay the 1 wool, 1 grain and 1 ore it costs."
    ) in lines, lines
    assert (
        "P1 may not trade a development card: development cards are never traded or given "
        "away; only resource cards change hands."
    ) in lines, lines
    assert not any(said_twice(line) for line in lines)


def test_a_verdict_says_its_reason_once_too() -> None:
    """The same words in a verdict on a tapped move ("P1 can't …"): ``why_not``."""
    from catan_tutor.rules.words import why_not

    sc = load_scenario(packaged_lessons() / "base_dev_cards.catan.yaml")
    said = set()
    for node in sc.tree.nodes.values():
        game = Game(sc.tree.rules, node.state)
        for move in ("P1 buy", "P1 end"):
            ex = game.explain(move)
            if not ex.legal:
                said.add(why_not(game.state, game.parse(move), ex.reason))
    assert (
        "P1 can't buy a development card: P1 cannot pay the 1 wool, 1 grain and 1 ore it costs."
        in said
    ), said
    assert (
        "P1 can't end the turn: P1 has not rolled yet, and before the roll only a development "
        "card may be played."
    ) in said, said
    assert not [x for x in said if said_twice(x.replace("can't", "may not"))], said
