"""The merchant's look and its key (s43, a fresh learner at 10.6: the merchant, drawn as a
pawn with a head, was taken for the robber; ``palette.MERCHANT_SHAPE``,
``widgets/merchant_key.py``). The merchant is a money bag in its holder's colour with a gold
coin, an outline no other piece has; a key under the hand, shown while it stands on the board,
draws it as the board does and says what it is (CK-PC-MERCHANT, CK-TRADE-MERCHANT), about the
drawing only."""

from __future__ import annotations

import re
from types import SimpleNamespace

from catan_tutor import board, new_game
from catan_tutor import palette as P
from catan_tutor.render import merchant_svg, svg
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import load_scenario
from catan_tutor.widgets import Tutor
from catan_tutor.widgets.city_levels import levels_html
from catan_tutor.widgets.knight_key import KEY_FILL
from catan_tutor.widgets.merchant_key import (
    KEY_CLASS,
    merchant_aside,
    merchant_key_html,
    pieces_key_html,
)


def _game(lesson: str):
    return Tutor(load_scenario(packaged_lessons() / f"{lesson}.catan.yaml")).game


def test_CK_PC_MERCHANT_the_merchant_is_a_bag_not_a_pawn_like_the_robber():
    """Its outline is not the robber's and has no head: one piece, round below (wider than
    its neck) and frilled above, with one gold coin and a cord at its neck in the SVG."""
    assert P.MERCHANT_SHAPE != P.ROBBER_SHAPE
    assert not hasattr(P, "MERCHANT_HEAD")  # (the pawn's head: s43 read it as the robber)
    ys = [y for _, y in P.MERCHANT_SHAPE]
    width = {round(y, 1): abs(x) for x, y in P.MERCHANT_SHAPE}
    assert max(abs(x) for x, y in P.MERCHANT_SHAPE if y > 0) > 2 * min(
        abs(x) for x, y in P.MERCHANT_SHAPE if -0.8 < y < -0.4
    ), width  # a bag: its body twice as wide as its neck
    assert min(ys) < -1.2 and max(ys) > 1  # taller than its body: the frill over the neck
    game = _game("puzzle_ck_metropolis")  # 10.6: P2's merchant on P
    assert game.state.merchant[0] == board.HEX_NAMES.index("P")
    drawn = svg(game)
    after = drawn[drawn.index('class="merchant"') :]
    assert after.count(P.MERCHANT_GOLD) == 1 and "<line" in after


def test_CK_TRADE_MERCHANT_the_key_shows_while_the_merchant_is_on_the_board_only():
    assert merchant_key_html(new_game("base", players=3)) == ""
    assert merchant_key_html(new_game("ck", players=3)) == ""  # no merchant played yet
    game = _game("puzzle_ck_metropolis")
    key = merchant_key_html(game)
    assert f"class='{KEY_CLASS}'" in key
    assert key in pieces_key_html(SimpleNamespace(game=game, puzzle_secret=False))
    asked = SimpleNamespace(game=game, puzzle_secret=True)
    assert key not in pieces_key_html(asked)  # at an open question: a few words aside
    aside = merchant_aside(asked)
    assert aside.startswith(f"<span class='{KEY_CLASS}'") and "float:right" in aside
    short = re.sub(r"<svg.*?</svg>|<[^>]+>", " ", aside)
    assert "merchant" in short and "holder's colour" in short
    assert (
        aside in levels_html(game, aside)
        and merchant_aside(SimpleNamespace(game=game, puzzle_secret=False)) == ""
    )
    words = re.sub(r"<svg.*?</svg>|<[^>]+>", " ", key)
    for said in ("merchant", "bag", "gold coin", "holder's colour", "robber", "2:1", "victory"):
        assert said in words, (said, words)
    named = set(board.VERTEX_LABELS) | set(board.HEX_NAMES) | {f"P{n}" for n in range(1, 5)}
    assert not named & {w.strip(".,:;()") for w in words.split()}, words  # the drawing only
    drawn = re.findall(r"<svg.*?</svg>", key)
    assert drawn == [merchant_svg(KEY_FILL, 22)] and 'aria-hidden="true"' in drawn[0]
