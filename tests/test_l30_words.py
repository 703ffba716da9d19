"""Words a fresh learner (l30) tripped on: the first-player rule's note said a tie "is settled
by Rolling again after a tie", a reading stated as the rule, two steps before lesson 1.2 says
"The rules do not say how a tie is broken" (BASE-SETUP-FIRST-PLAYER, BASE-CHANCE-ROLLOFF);
one box said "defence" and "The knights' defense" (CK-BARB-DEFENSE)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from catan_tutor import rulebook
from catan_tutor.widgets.verdicts import plain, title_of

PACKAGE = Path(rulebook.__file__).resolve().parent.parent


def test_base_setup_first_player_says_the_tie_break_is_the_tutor_s_reading():
    shown = plain(rulebook.rule("BASE-SETUP-FIRST-PLAYER").text)
    assert "The rules do not say how a tie is broken" in shown
    assert "settled by" not in shown
    lessons = [
        (PACKAGE / "lessons" / f).read_text(encoding="utf-8")
        for f in ("base_first_player.catan.yaml", "ck_setup_first_player.catan.yaml")
    ]
    assert all("The rules do not say how a tie" in text for text in lessons)


def test_ck_barb_defense_is_spelled_as_the_lessons_spell_it():
    assert title_of("CK-BARB-DEFENSE") == "The knights' defence"
    words = re.compile(r"(?<![A-Z_-])defense\b")  # (the rule IDs say DEFENSE)
    for path in [*PACKAGE.rglob("*.py"), *PACKAGE.rglob("*.yaml"), *PACKAGE.rglob("*.md")]:
        assert not words.search(path.read_text(encoding="utf-8")), path


def test_the_merchant_s_hex_said_by_its_terrain_and_number_is_read():
    """CK-PC-MERCHANT: l30 at 9.18 typed "P2 plays the merchant on the pasture 11" and was
    told "The word “pasture” was not understood", the tutor naming hexes so itself."""
    from puzzle_answers import lesson

    from catan_tutor.board import HEX_NAMES, TERRAINS
    from catan_tutor.game import Game
    from catan_tutor.move_words import PartLeftOut
    from catan_tutor.trade_card_words import spelled

    tl = lesson("puzzle_ck_metropolis").timeline
    game = Game(tl.rules, next(iter(tl.nodes.values())).state)
    layout = game.state.layout
    pasture = TERRAINS.index("pasture")
    hexes = [h for h, t in enumerate(layout.terrain) if t == pasture]
    one = next(h for h in hexes if [layout.numbers[k] for k in hexes].count(layout.numbers[h]) == 1)
    n, label = layout.numbers[one], HEX_NAMES[one]
    for typed in (f"P2 plays the merchant on the pasture {n}", f"P2 play merchant on {n} pasture"):
        assert spelled(game, typed) == f"P2 play merchant {label}", typed
    assert len(hexes) > 1
    with pytest.raises(PartLeftOut) as asked:  # several fit: which is asked (l32, s26)
        spelled(game, "P2 play merchant on the pasture")
    assert asked.value.question.startswith("Which pasture?")
