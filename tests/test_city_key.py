"""The key to a city wall's and a metropolis's look (learner22 at 10.1: "the metropolis goes on
the walled city C6", and nothing on the page said which grey base was a wall or which tower a
metropolis; ``widgets/city_key.py``): shown while a wall or a metropolis stands on the board,
drawn as the board draws them, said in words about the drawing only (CK-WALL-BUILD,
CK-METRO-VALUE)."""

from __future__ import annotations

import re
from types import SimpleNamespace

from catan_tutor import board, new_game
from catan_tutor import palette as P
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import load_scenario
from catan_tutor.widgets.city_key import KEY_CLASS, city_key_html
from catan_tutor.widgets.merchant_key import pieces_key_html


def _game(lesson: str):
    return load_scenario(packaged_lessons() / f"{lesson}.catan.yaml").timeline.game


def test_CK_WALL_BUILD_CK_METRO_VALUE_the_key_shows_walls_and_metropolises_as_drawn():
    assert city_key_html(new_game("base", players=3)) == ""
    assert city_key_html(new_game("ck", players=3)) == ""  # no wall, no metropolis yet
    game = _game("ck_metropolis_race")  # 10.1: walls on A6, C6, H4; P2's metropolis on O4
    key = city_key_html(game)
    assert f"class='{KEY_CLASS}'" in key
    assert key in pieces_key_html(SimpleNamespace(game=game, puzzle_secret=False))
    assert key not in pieces_key_html(SimpleNamespace(game=game, puzzle_secret=True))  # (room)
    drawn = re.findall(r"<svg.*?</svg>", key, re.S)
    assert len(drawn) == 2 and all('aria-hidden="true"' in d for d in drawn)
    assert 'class="wall"' in drawn[0] and "metropolis" not in drawn[0]
    assert f'fill="{P.TRACK_FILL[0]}"' in drawn[1] and 'class="wall"' not in drawn[1]
    words = " ".join(re.sub(r"<svg.*?</svg>|<[^>]+>", " ", key, flags=re.S).split())
    for said in ("city wall", "grey base", "2 more cards on a 7", "metropolis", "never pillaged"):
        assert said in words, (said, words)
    named = set(board.VERTEX_LABELS) | set(board.HEX_NAMES) | {f"P{n}" for n in range(1, 5)}
    assert not named & {w.strip(".,:;()") for w in words.split()}, words  # the drawing only
