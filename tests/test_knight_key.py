"""The key to the knights' look (s35, fresh learners at 8.11: the question asks for a knight's
strength and whether it is active, read off the board, and nothing said how the drawing shows
them; ``widgets/knight_key.py``). Shown while a knight stands on a Cities & Knights board, each
look drawn as the board draws it (CK-KNIGHT-STRENGTH, CK-KNIGHT-ACTIVATE) and said in words;
about the drawing only, never a knight on the board. Its place on the page at 1280x900,
1024x768 and a phone: ``test_browser_layout.py``."""

from __future__ import annotations

import re

from catan_tutor import board, new_game
from catan_tutor.knight_look import disc_fill, ink
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import load_scenario
from catan_tutor.widgets import Tutor
from catan_tutor.widgets.knight_key import KEY_CLASS, KEY_FILL, knight_key_html, knights_shown


def _game(lesson: str):
    return Tutor(load_scenario(packaged_lessons() / f"{lesson}.catan.yaml")).game


def test_CK_KNIGHT_STRENGTH_the_key_shows_with_knights_on_a_c_k_board_only():
    assert knight_key_html(new_game("base", players=3)) == ""  # no knights in the game
    assert knight_key_html(new_game("ck", players=3)) == ""  # none on the board yet
    game = _game("puzzle_ck_barbarians")  # 8.11: P1's and P2's knights
    assert knights_shown(game)
    key = knight_key_html(game)
    assert f"class='{KEY_CLASS}'" in key
    words = re.sub(r"<svg.*?</svg>|<[^>]+>", "", key)
    for said in ("basic", "strong", "mighty", "active", "inactive", "gold rim", "dashed rim"):
        assert said in words, (said, words)


def test_CK_KNIGHT_ACTIVATE_each_look_is_drawn_as_the_board_draws_a_knight():
    """Five drawings: a basic, strong and mighty active knight (1, 2 and 3 bars), then an
    active and an inactive one, with the board's disc, rim and marks (``knight_look``), in a
    grey no player has, hidden from a screen reader (the words say it)."""
    key = knight_key_html(_game("puzzle_ck_barbarians"))
    drawn = re.findall(r"<svg.*?</svg>", key)
    looks = [re.search(r'class="knight knight-(\w+) level-(\d)"', svg).groups() for svg in drawn]
    assert looks == [("active", "1"), ("active", "2"), ("active", "3"), ("active", "1"),
                     ("inactive", "1")]  # fmt: skip
    for svg, (state, level) in zip(drawn, looks, strict=True):
        active = state == "active"
        assert 'aria-hidden="true"' in svg
        assert f'fill="{disc_fill(KEY_FILL, active)}"' in svg  # its disc
        assert svg.count(f'fill="{ink(KEY_FILL, active)}"') == int(level)  # its bars
        assert ("stroke-dasharray" in svg) != active  # an inactive one's rim is dashed


def test_the_key_speaks_of_the_drawing_never_of_a_knight_on_the_board():
    """The same key on every board with knights (8.11's question, 6.5's aqueduct lesson):
    no corner, no player, no strength of a knight there."""
    keys = {knight_key_html(_game(x)) for x in ("puzzle_ck_barbarians", "ck_aqueduct")}
    assert len(keys) == 1
    words = re.sub(r"<svg.*?</svg>|<[^>]+>", " ", keys.pop()).split()
    named = set(board.VERTEX_LABELS) | {f"P{n}" for n in range(1, 5)}
    assert not named & {w.strip(".,:;") for w in words}, words
