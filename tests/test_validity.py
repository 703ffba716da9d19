"""Whether a game state keeps the rules, apart from any text (``catan_tutor.position.validity``):
``validate`` returns [] on the states real games reach in every variant, and for a state
broken by hand exactly the problem it has, naming its field and citing its rule; the position
reader reports that same problem, and the board editor refuses an edit that makes one."""

from __future__ import annotations

import random

import pytest
from helpers import after_setup, random_step

from catan_tutor.board import parse_edge, parse_hex, parse_vertex
from catan_tutor.errors import EditError, PositionError
from catan_tutor.position import decode, encode
from catan_tutor.position.validity import validate
from catan_tutor.problem import Problem
from catan_tutor.state import DISCARD, MAIN, OVER, tset
from catan_tutor.study import edit_ops
from catan_tutor.study.editor import edit
from catan_tutor.variants.ck_state import PILLAGE, Knight
from catan_tutor.variants.dummy_state import BIDS
from catan_tutor.variants.two_player_state import NeutralDue

# the rules engine alone: left out of the minimum-versions lane (scripts/min_versions.sh)
pytestmark = pytest.mark.engine

SEATS = {"base": 3, "base-2p": 2, "base-dummy": 2, "ck": 3, "ck-2p": 2}


@pytest.mark.parametrize("variant", SEATS)
def test_the_states_of_a_played_game_have_no_problem(variant):
    g = after_setup(variant, SEATS[variant])
    rng = random.Random(7)
    for i in range(240):
        if g.is_over():
            break
        if i % 20 == 0:
            assert validate(g.rules, g.state) == [], (i, g.position())
            assert validate(g.rules, g.state, strict=True) == [], (i, g.position())
        random_step(g, rng)
    assert g.state.turn > 1


def _knight(s, label: str, owner: int, level: int = 1, active: bool = False) -> None:
    s.kn = tset(s.kn, parse_vertex(label), Knight(owner, level, active, False, False))


def _road(s, owner: int, label: str) -> None:
    edit_ops.place_road(s, owner, parse_edge(label))


# (variant, how the state is broken, whether only the strict check sees it, the problem)
BROKEN = [
    ("base", lambda s: setattr(s, "bank", (18, 19, 19, 19, 19)), False,
     Problem("bank", "brick: bank and hands hold "
             f"{18 + 0} cards, not 19 (BASE-COMP-CARDS, CK-COMP-COMMODITIES)")),
    ("base", lambda s: edit_ops.place_building(s, 1, parse_vertex("A10")), False,
     Problem("settlements",
             "buildings on A12 and A10 are side by side (BASE-BUILD-DISTANCE)")),
    ("base", lambda s: _road(s, 1, "S3"), True,
     Problem("roads", "P2's road on S3 is not joined to P2's buildings (BASE-BUILD-ROAD)")),
    ("base", lambda s: setattr(s, "resume", BIDS), False,
     Problem("resume", "the phase to go back to is one of pre-roll, main, not bids")),
    ("base", lambda s: setattr(s, "dice", (7,)), False,
     Problem("dice", "at most 3 dice of faces 1 to 6 (dice and rolled)")),
    ("base", lambda s: setattr(s, "phase", BIDS), False,
     Problem("phase", "base has no bids phase")),
    ("base", lambda s: setattr(s, "phase", DISCARD), False,
     Problem("discards", "the discard phase needs a seat that owes cards")),
    ("base", lambda s: setattr(s, "discards", (0, 0, 3)), True,
     Problem("discards", "P3 owes 3 cards but holds 1 (BASE-SEVEN-DISCARD)")),
    ("base", lambda s: (setattr(s, "phase", OVER), setattr(s, "winner", 0)), True,
     Problem("winner", "P1 has won with 2 victory points, fewer than 10: start a turn to play on "
             "(BASE-WIN-10)")),
    ("base-2p", lambda s: setattr(s, "token_supply", s.token_supply + 1), False,
     Problem("supply", "supply and players hold 21 tokens, not 20 (2P-SETUP-TOKENS)")),
    ("base-2p", lambda s: (setattr(s, "phase", MAIN), setattr(s, "sums", (5,))), False,
     Problem("sums", "the second roll follows the first before the Action phase")),
    ("base-2p", lambda s: setattr(s, "neutral_due", NeutralDue("road", MAIN, "road", 0)), False,
     Problem("nb", "a neutral piece is owed in the neutral phase, and only there")),
    ("base-dummy", lambda s: setattr(s, "road_len", tset(s.road_len, s.dummy, 6)), False,
     Problem("droad", "the dummy has a road number only while it holds Longest Road "
             "(DUMMY-AWARD-RECLAIM)")),
    ("base-dummy", lambda s: setattr(s, "phase", BIDS), False,
     Problem("bids", "bids are open in the bids phase or their roll-off, and only there")),
    ("ck", lambda s: (_road(s, 0, "C3"), [_knight(s, x, 0) for x in ("A2", "C2", "C4")]), False,
     Problem("kn", "P1 has more than 2 knights of level 1 (CK-BUILD-LIMITS)")),
    ("ck", lambda s: edit_ops.place_wall(s, parse_vertex("A12")), False,
     Problem("walls", "a wall stands under a city; A12 has none")),
    ("ck", lambda s: setattr(s, "barb", 9), False, Problem("barb", "must be between 0 and 6")),
    ("ck", lambda s: setattr(s, "robber", parse_hex("J")), False,
     Problem("robber", "the robber stays beside the board until the first barbarian attack "
             "(CK-ROBBER-INACTIVE): robber=- or attacked=1")),
    ("ck", lambda s: _knight(s, "S4", 0), True,
     Problem("kn", "P1's knight on S4 is not on a corner one of its roads touches "
             "(CK-KNIGHT-RECRUIT)")),
    ("ck", lambda s: setattr(s, "phase", PILLAGE), False,
     Problem("pillage", "the pillage phase needs the players still to lose a city")),
    ("ck", lambda s: (edit_ops.set_progress(s, 1, [0, 1, 2, 3, 4]), edit_ops.complete(s)), True,
     Problem("phand", "P2 holds 5 progress cards off turn, more than 4 "
             "(CK-PROGRESS-HAND-LIMIT)")),
    ("ck-2p", lambda s: (_road(s, 2, "H3"), _knight(s, "D6", 2, active=True)), False,
     Problem("kn", "Neutral 1's knight on D6 must be basic or strong, and inactive "
             "(CK2P-NEUTRAL-KNIGHT-INERT)")),
]  # fmt: skip


@pytest.mark.parametrize(
    ("variant", "breaks", "strict_only", "problem"),
    BROKEN,
    ids=[f"{v}-{p.field}-{(p.rules or ('shape',))[0]}" for v, _, _, p in BROKEN],
)
def test_a_broken_state_has_exactly_its_problem(variant, breaks, strict_only, problem):
    g = after_setup(variant, SEATS[variant])
    assert validate(g.rules, g.state, strict=True) == []
    s = g.state.copy()
    breaks(s)
    assert validate(g.rules, s, strict=True) == [problem]
    assert validate(g.rules, s) == ([] if strict_only else [problem])


def test_a_problem_cites_the_rules_in_its_words():
    p = Problem("supply", "supply and players hold 21 tokens, not 20 (2P-SETUP-TOKENS)")
    assert p.rules == ("2P-SETUP-TOKENS",) and str(p) == p.why
    assert Problem("bank", "x (BASE-COMP-CARDS, CK-COMP-COMMODITIES)").rules == (
        "BASE-COMP-CARDS",
        "CK-COMP-COMMODITIES",
    )
    assert Problem("dice", "at most 3 dice of faces 1 to 6").rules == ()


def test_the_position_reader_reports_the_first_problem_quoting_its_field():
    g = after_setup("base-2p", 2)
    s = g.state.copy()
    s.token_supply += 1
    with pytest.raises(PositionError) as e:
        decode(encode(g.rules, s))  # a text whose fields read, of a state that breaks a rule
    assert str(e.value) == (
        f"position text: field supply='{s.token_supply}': supply and players hold 21 tokens, "
        "not 20 (2P-SETUP-TOKENS)"
    )


def test_the_editor_refuses_an_invalid_edit_naming_the_problem_and_changes_nothing():
    """The message is the problem's words alone: before, it also quoted the position-text
    field holding every party's settlements, which a learner placing one never wrote."""
    g = after_setup("base", 3)
    before = g.position()
    with pytest.raises(EditError) as e:
        edit(g, "place P2 settlement A10")
    assert str(e.value) == (
        "edit 'place P2 settlement A10': buildings on A12 and A10 are side by side "
        "(BASE-BUILD-DISTANCE)"
    )
    assert g.position() == before and g.state.vowner[parse_vertex("A10")] == -1


def test_the_editor_refuses_an_unpayable_debt_with_the_message_it_gave_before():
    g = after_setup("ck", 3)
    before = g.position()
    with pytest.raises(EditError) as e:
        edit(g, "progress P2 crane, alchemy, medicine, mining, irrigation")
    assert str(e.value) == (
        "edit 'progress P2 crane, alchemy, medicine, mining, irrigation': P2 holds 5 progress "
        "cards off turn, more than 4 (CK-PROGRESS-HAND-LIMIT)"
    )
    assert g.position() == before


def test_an_edit_gives_the_state_its_text_reads_back_to():
    """The editor checks the state itself (no text round trip): its result still writes a
    text that reads back to the same text."""
    g = after_setup("ck", 3)
    got = edit(g, "hand P1 2 brick, 1 paper", "place P1 knight A2 strong active", "turn P2 main")
    text = got.position()
    assert encode(got.rules, decode(text)[1]) == text
    assert got.state.hands[0][0] == 2 and got.state.active == 1


def test_the_editor_names_development_cards_beyond_the_deck():
    """Before, the edited state went through its text and the deck's negative count came back
    as 'expected a number of at most 6 ASCII digits, got '-1''; the state's own check says
    what is wrong."""
    g = after_setup("base", 3)
    with pytest.raises(EditError) as e:
        edit(g, "dev P1 3 roadbuilding")
    assert e.value.why == "3 roadbuilding cards in play, more than 2"
