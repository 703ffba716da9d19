"""Every example move the page offers is one the position allows (learner s31: at 1.4's
second question a typed wrong try was told "…like “P2 settle H4”" where P2's settlement
stood; in a free game before the roll Try a move said "e.g. P1 road H3", refused before the
roll and beside P3's settlement). A sweep over the course's lessons (an even third in the
suite, ``course_sample.py``), at each node of each lesson's tree: Try a move's example, each
kind's typed form (``typed_forms.how_to_type``'s example) and the reader's list of examples
(``move_words.examples``) name only moves legal there; at an open question none of them
names an answer (its move, spot or seat: ``secret_labels``), nor a spot at all in the list."""

from __future__ import annotations

import re

import pytest
from test_lesson_rule_marks import LESSONS, _lesson

from catan_tutor import new_game
from catan_tutor.actions import (
    Accept,
    BankTrade,
    BuildRoad,
    Decline,
    EndTurn,
    ForcedTrade,
    Offer,
    Roll,
    Settle,
)
from catan_tutor.game import Game
from catan_tutor.move_words import as_notation, examples
from catan_tutor.study.puzzle import secret_labels
from catan_tutor.trade_card_words import examples as trade_examples
from catan_tutor.typed_forms import FORMS, example, how_to_type
from catan_tutor.variants.ck_actions import HarborOffer
from catan_tutor.variants.two_player_actions import ForcedDraw, ForcedGive
from catan_tutor.widgets.try_words import example as try_example

pytestmark = pytest.mark.course  # a sweep over the course (min_versions.sh leaves it out)

_QUOTED_SPOT = re.compile(
    r"“((?:P[1-9] )?(?:settlement|road|city|robber|knight|wall) \w+(?: P[1-9])?)”"
)


def _shown(game: Game, avoid: set[str]) -> list[str]:
    """The example moves the page may show here, as typed (each kind's form, Try a move's,
    the reader's list's moves on a spot)."""
    kinds = {type(a) for a in game.legal_actions()} | {Settle, BuildRoad, Roll, EndTurn, Offer}
    out = [example(game, cls, avoid) for cls in kinds if cls.__name__ in FORMS]
    out.append(try_example(game, secret=bool(avoid)))
    said = examples(game, avoid)
    out += [m if m.split()[0].startswith("P") else f"{game.names[game.state.active]} {m}"
            for m in _QUOTED_SPOT.findall(said)]  # fmt: skip
    return [m for m in out if m]


# The kinds of trade (s32: a trade's example read "P1 buy.", a move of another kind)
_TRADES = (BankTrade, Offer, Accept, Decline, ForcedTrade, ForcedDraw, ForcedGive, HarborOffer)


def _whole_of_its_kind(game: Game, avoid: set[str], where: str) -> None:
    """Each trade kind's example (its typed form's, and the reader's list's trade) is a whole
    move of that kind: read as typed, of that kind, nothing left out (a cut-short "P1 offer"
    is not read; "P1 buy" is a move of another kind)."""
    shown = [(cls, example(game, cls, avoid)) for cls in _TRADES if cls in game.rules.applies]
    for cls in (c for c in _TRADES if c in game.rules.applies):
        said = re.search(r"like “([^”]*)”", how_to_type(game, cls, avoid))
        shown += [(cls, said[1])] if said else []
    shown += [(BankTrade, x) for x in trade_examples(game, avoid) if x.startswith("bank ")]
    for cls, move in shown:
        if not move:
            continue
        a = game.parse(as_notation(game, move))
        assert type(a) is cls, (where, cls.__name__, move)
        assert len(str(a).split()) >= len(move.split()), (where, move, str(a))


def _check(game: Game, avoid: set[str], where: str) -> None:
    _whole_of_its_kind(game, avoid, where)
    for move in _shown(game, avoid):
        why = game.explain(as_notation(game, move))  # as the page reads it (a card's title)
        assert why.legal, (where, move, why.reason)
        assert move not in avoid and not set(move.split()) & avoid, (where, move, avoid)
    if avoid:  # a legal spot would narrow the answer: the list names none
        assert not _QUOTED_SPOT.findall(examples(game, avoid)), where


@pytest.mark.parametrize("name", LESSONS)
def test_every_example_move_shown_is_legal_there_and_no_answer(name: str) -> None:
    sc = _lesson(name)
    tl = sc.tree
    for node in sc.tree.walk():
        game = Game(tl.rules, node.state)
        if game.is_over() or game.is_chance():
            continue
        puzzle = sc.puzzles.get(node.id)
        avoid = secret_labels(puzzle, node, tl.rules) if puzzle is not None else set()
        _check(game, avoid, f"{name}@{node.id}")


def test_the_learners_two_examples_are_legal_now() -> None:
    """1.4's second question's form (P2's settlement stands on H4; the example is legal now
    or none), and a free game's Try a move before P1's roll (BASE-TURN-PHASES)."""
    g = new_game("base", players=3)
    for move in ("P1 settle H4", "P1 road H3", "P2 settle C6", "P2 road C5"):
        g.play(move)
    said = how_to_type(g, Settle)
    assert "P2 settle H4" not in said and "P1 settle H4" not in said, said
    shown = re.search(r"like “([^”]*)”", said)
    assert shown is None or g.explain(shown[1]).legal, said
    while g.state.turn == 0:
        g.play(next(a for a in g.legal_actions()))
    assert not g.explain("P1 road H3").legal  # the old fixed example
    assert g.explain(try_example(g)).legal
