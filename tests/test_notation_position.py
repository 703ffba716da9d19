"""Action notation (errors, aliases, canonical printing) and position text (errors, format)."""

from __future__ import annotations

import random

import pytest
from helpers import random_step
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from catan_tutor import Game, NotationError, PositionError, new_game
from catan_tutor.actions import (
    VP,
    BankTrade,
    BuildRoad,
    Discard,
    DrawDev,
    MoveRobber,
    Offer,
    PlayMonopoly,
    PlayPlenty,
    Roll,
    Settle,
    Steal,
    parse_action,
)  # fmt: skip
from catan_tutor.board import GRAIN, LUMBER, ORE, WOOL

# the rules engine alone: left out of the minimum-versions lane (scripts/min_versions.sh)
pytestmark = pytest.mark.engine

# A legal setup on the beginner board: P1 E4, P2 H8, P3 C12, P4 I4, then back P4..P1.
SETUP = [
    "P1 settle E4", "P1 road E5", "P2 settle H8", "P2 road H9", "P3 settle C12", "P3 road C1",
    "P4 settle I4", "P4 road I3", "P4 settle S6", "P4 road S5", "P3 settle Q6", "P3 road Q5",
    "P2 settle R6", "P2 road R7", "P1 settle M6", "P1 road M7",
]  # fmt: skip


def after_setup() -> Game:
    g = new_game("base", players=4)
    for text in SETUP:
        g.play(text)
    return g


def fields(text: str) -> dict[str, str]:
    return dict(w.split("=", 1) for w in text.split()[2:])


def with_fields(text: str, **changes: str) -> str:
    """``text`` with some fields' values replaced (keys keep their order)."""
    words = text.split()
    out = words[:2]
    for w in words[2:]:
        k, _, v = w.partition("=")
        out.append(f"{k}={changes.pop(k, v)}")
    assert not changes, f"no such fields: {changes}"
    return " ".join(out)


def without_field(text: str, key: str) -> str:
    return " ".join(w for w in text.split() if not w.startswith(key + "="))


# ---------------------------------------------------------------- bad notation
BAD_NOTATION = [
    # (text, a word the message must name besides quoting the text)
    ("", "empty"),
    ("   ", "empty"),
    ("P1 settle Z9", "Z9"),
    ("P1 road A2", "A2"),  # an even hour is a corner (vertex), not a side
    ("P1 settle A3", "A3"),  # an odd hour is a side (edge), not a corner
    ("P9 roll", "P9"),
    ("die green 3", "green"),
    ("die white 7", "7"),
    ("die white", "face"),
    ("P1 bank 4 brick for", "resource"),
    ("P1 bank 4 brick to ore", "for"),
    ("P1 fly", "fly"),
    ("P1 settle", "corner"),  # the board's word, not "vertex"
    ("P1 road A3 extra", "extra"),
    ("P1 monopoly gold", "gold"),
    ("P1 plenty", "resource"),
    ("P1 robber Z", "Z"),
    ("P1 robber E P", "P"),
    ("P1 offer P2 for 1 ore", "cards"),
    ("P1 offer P2 1 brick for", "cards"),
    ("P1 offer P2 1 brick 1 ore", "for"),
    ("P1 discard", "cards"),
    ("P1 discard two brick", "two"),
    ("draw dragon", "dragon"),
    ("steal gold", "gold"),
    ("tile A lava", "lava"),
    ("spiral Z", "Z"),
    ("harbor J3 3:1", "J3"),  # an inland edge has no harbor
    ("harbor A11 gold", "gold"),
]


@pytest.mark.parametrize(("text", "names"), BAD_NOTATION)
def test_bad_notation_raises_notation_error_naming_text_and_place(text, names):
    g = after_setup()
    before = g.position()
    with pytest.raises(NotationError) as info:
        g.parse(text)
    err = info.value
    assert isinstance(err, ValueError)
    msg = str(err)
    assert repr(text) in msg, msg  # the whole text
    assert names in msg.replace(repr(text), "", 1), msg  # and where/why it fails
    # The same through play and explain: nothing happens.
    with pytest.raises(NotationError):
        g.play(text)
    with pytest.raises(NotationError):
        g.explain(text)
    assert g.position() == before
    assert g.history == after_setup().history


@pytest.mark.parametrize(("text", "names"), [t for t in BAD_NOTATION if not t[0].startswith("P9")])
def test_bad_notation_without_a_game(text, names):
    with pytest.raises(NotationError) as info:
        parse_action(text, 0)
    assert repr(text) in str(info.value)


def test_player_action_needs_a_seat_at_a_chance_event():
    g = new_game("base", players=4, board="variable")  # the board is laid by chance first
    assert g.is_chance()
    with pytest.raises(NotationError, match="seat"):
        g.parse("roll")
    assert g.parse("P1 roll") == Roll(0)


# ---------------------------------------------------------------- aliases and printing
VERTEX_ALIASES = ["A4", "B8", "E12", "A/B/E", "E/B/A", "b/a/e", "a4", "b8", "e12"]
EDGE_ALIASES = ["A3", "B9", "A|B", "B|A", "a|b", "a3", "b9"]


@pytest.mark.parametrize("alias", VERTEX_ALIASES)
def test_vertex_aliases_parse_alike_and_print_canonically(alias):
    a = parse_action(f"P1 settle {alias}", -1)
    assert a == parse_action("P1 settle A4", -1)
    assert str(a) == "P1 settle A4"
    assert str(parse_action(f"P2 city {alias}", -1)) == "P2 city A4"


@pytest.mark.parametrize("alias", EDGE_ALIASES)
def test_edge_aliases_parse_alike_and_print_canonically(alias):
    a = parse_action(f"P1 road {alias}", -1)
    assert a == parse_action("P1 road A3", -1)
    assert isinstance(a, BuildRoad)
    assert str(a) == "P1 road A3"


@pytest.mark.parametrize(
    ("text", "action", "canonical"),
    [
        ("P1 monopoly wood", PlayMonopoly(0, LUMBER), "P1 monopoly lumber"),
        ("P1 monopoly sheep", PlayMonopoly(0, WOOL), "P1 monopoly wool"),
        ("P1 monopoly wheat", PlayMonopoly(0, GRAIN), "P1 monopoly grain"),
        ("P2 bank 4 wheat for sheep", BankTrade(1, GRAIN, 4, WOOL), "P2 bank 4 grain for wool"),
        ("P2 bank 3 wood for ore", BankTrade(1, LUMBER, 3, ORE), "P2 bank 3 lumber for ore"),
        ("P3 plenty wood wheat", PlayPlenty(2, LUMBER, GRAIN), "P3 plenty lumber grain"),
        ("steal sheep", Steal(WOOL), "steal wool"),
        ("P1 discard 2 wood, 1 sheep", Discard(0, (0, 2, 1, 0, 0)), "P1 discard 2 lumber, 1 wool"),
        ("P1 discard wood sheep", Discard(0, (0, 1, 1, 0, 0)), "P1 discard 1 lumber, 1 wool"),
        ("P1 offer P3 2 brick, 1 ore for 1 wheat",
         Offer(0, 2, (2, 0, 0, 0, 1), (0, 0, 0, 1, 0)), "P1 offer P3 2 brick, 1 ore for 1 grain"),
        ("P1 offer P3 brick for sheep", Offer(0, 2, (1, 0, 0, 0, 0), (0, 0, 1, 0, 0)),
         "P1 offer P3 1 brick for 1 wool"),
        ("P1 robber e p2", MoveRobber(0, 4, 1), "P1 robber E P2"),
        ("draw victory-point", DrawDev(VP), "draw vp"),
        ("p1 ROLL", Roll(0), "P1 roll"),
        ("  P1   settle   H4  ", Settle(0, parse_action("P1 settle H4", -1).vertex),
         "P1 settle H4"),
    ],
)  # fmt: skip
def test_aliases_and_canonical_printing(text, action, canonical):
    a = parse_action(text, -1)
    assert a == action
    assert str(a) == canonical
    assert parse_action(canonical, -1) == a


def test_missing_seat_means_the_player_to_move():
    g = after_setup()
    assert g.current_player == 0
    assert g.parse("roll") == g.parse("P1 roll") == Roll(0)
    assert g.play("roll") == Roll(0)


# ---------------------------------------------------------------- bad position text
def bad_positions() -> list[tuple[str, str, str]]:
    """(id, text, field the error must name) built from a real position."""
    good = after_setup().position()
    f = fields(good)
    hands = f["hands"].split("/")
    bank = [int(x) for x in f["bank"].split(",")]
    settlements = f["settlements"].split("/")
    six = "A4,A12,C12,D10,N6,R6"  # six vertices, none next to another nor to a building
    return [
        ("missing bank", without_field(good, "bank"), "bank"),
        ("missing hands", without_field(good, "hands"), "hands"),
        ("missing winner", without_field(good, "winner"), "winner"),
        ("unknown field", good + " weather=rain", "weather"),
        ("unknown field first", good.replace(" n=4 ", " n=4 foo=1 "), "foo"),
        ("duplicated field", good + " turn=3", "turn"),
        ("duplicated same value", good + f" robber={f['robber']}", "robber"),
        ("bad seat active P7", with_fields(good, active="P7"), "active"),
        ("bad seat active X", with_fields(good, active="X"), "active"),
        ("bad seat active none", with_fields(good, active="-"), "active"),
        ("bad seat longest P5", with_fields(good, longest="P5"), "longest"),
        ("bad seat army P0", with_fields(good, army="P0"), "army"),
        ("bad seat winner", with_fields(good, winner="Q1"), "winner"),
        ("bank +1", with_fields(good, bank=",".join(map(str, [bank[0] + 1, *bank[1:]]))),
         "bank"),
        ("bank -1 ore", with_fields(good, bank=",".join(map(str, [*bank[:4], bank[4] - 1]))),
         "bank"),
        ("hand +1", with_fields(good, hands="/".join(["5,0,0,0,0", *hands[1:]])), "bank"),
        ("two buildings on one vertex (settlements)",
         with_fields(good,
                     settlements="/".join([settlements[0], settlements[0], *settlements[2:]])),
         "settlements"),
        ("two buildings on one vertex (city on a settlement)",
         with_fields(good, cities="E4/-/-/-"), "cities"),
        ("two roads on one edge", with_fields(good, roads="E5,M7/E5,H9,R7/C1,Q5/I3,S5"),
         "roads"),
        ("six settlements",
         with_fields(good, settlements=f"{six}/-/-/-", cities="-/-/-/-", roads="-/-/-/-"),
         "settlements"),
        ("five cities", with_fields(good, settlements="-/-/-/-", cities=f"{six[3:]}/-/-/-",
                                    roads="-/-/-/-"), "cities"),
        ("three seat lists of hands", with_fields(good, hands="/".join(hands[:3])), "hands"),
        ("five seat lists of roads", with_fields(good, roads=f["roads"] + "/-"), "roads"),
        ("three seat lists of settlements",
         with_fields(good, settlements="/".join(settlements[:3])), "settlements"),
        ("hand of four counts", with_fields(good, hands="/".join(["1,0,0,0", *hands[1:]])),
         "hands"),
        ("knights for three seats", with_fields(good, knights="0,0,0"), "knights"),
        ("negative bank", with_fields(good, bank="-1,18,17,18,19"), "bank"),
        ("garbage bank", with_fields(good, bank="lots"), "bank"),
        ("garbage turn", with_fields(good, turn="soon"), "turn"),
        ("garbage phase", with_fields(good, phase="lunch"), "phase"),
        ("garbage vertex", with_fields(good, settlements="E4,Z9/H8,R6/C12,Q6/I4,S6"),
         "settlements"),
        ("garbage edge", with_fields(good, roads="E5,M8/H9,R7/C1,Q5/I3,S5"), "roads"),
        ("garbage robber", with_fields(good, robber="Z"), "robber"),
        ("garbage terrain", with_fields(good, terrain="xx" + f["terrain"][2:]), "terrain"),
        ("n=5", with_fields(good, n="5"), "n"),
        ("n=2", with_fields(good, n="2"), "n"),
        ("too many knights", with_fields(good, knights="15,0,0,0"), "deck"),
        ("too many dev cards",
         with_fields(good, dev="0,6,0,0,0/0,0,0,0,0/0,0,0,0,0/0,0,0,0,0"), "deck"),
        ("key without value", good.replace(" turn=1", " turn"), "turn"),
    ]  # fmt: skip


GARBAGE = [
    "", "   ", "hello world", "catan", "catan base", "catan base garbage", "catan ck n=4",
    "catan chess n=4", "CATAN base", "{'n': 4}", "catan base n=4 colors=red,blue,white,orange",
]  # fmt: skip


@pytest.mark.parametrize(
    ("case", "text", "field"), bad_positions(), ids=[c[0] for c in bad_positions()]
)
def test_bad_position_raises_position_error_naming_the_field(case, text, field):
    with pytest.raises(PositionError) as info:
        Game.from_position(text)
    err = info.value
    assert isinstance(err, ValueError)
    assert field in str(err), (case, str(err))


@pytest.mark.parametrize("text", GARBAGE)
def test_garbage_position_raises_position_error(text):
    with pytest.raises((PositionError, NotImplementedError)) as info:
        Game.from_position(text)
    if info.type is PositionError:
        assert str(info.value)
    else:  # a known but unbuilt variant
        assert "ck" in str(info.value)


@pytest.mark.parametrize("thing", [None, 42, b"catan base", ["catan", "base"]])
def test_non_text_position_raises_position_error(thing):
    with pytest.raises(PositionError):
        Game.from_position(thing)


def test_unknown_variant_in_position_text():
    good = after_setup().position()
    with pytest.raises(ValueError, match="chess"):
        Game.from_position(good.replace("catan base", "catan chess", 1))


# Fields that say what the game waits for: the ones most likely to contradict each other.
_STATE_KEYS = [
    "phase",
    "active",
    "setup",
    "sv",
    "tiles",
    "robber",
    "discards",
    "resume",
    "victim",
    "free",
    "offer",
    "winner",
    "rolloff",
    "rolled",
    "dice",
    "turn",
]
# Values seen in real positions, to splice into other positions' fields.
_VALUE_POOL = ["-", "0", "1", "2", "5", "99", "-1", "P1", "P2", "P4", "P5", "x", ",", "/", "1,2",
               ":", "0,0,0,0,0", "19,19,19,19,19", "main", "discard", "offer", "robber", "steal",
               "draw", "over", "road-building", "board", "rolloff", "dice", "pre-roll", "A", "J",
               "H4", "A3", "P2:1,0,0,0,0:0,1,0,0,0", "3,4", "6", "2,2"]  # fmt: skip


def _real_positions() -> list[str]:
    out = []
    for seed, board in ((3, "beginner"), (4, "variable"), (5, "variable-harbors")):
        g = new_game("base", players=3 + seed % 2, board=board)
        rng = random.Random(seed)
        for i in range(1500):
            if g.is_over():
                break
            random_step(g, rng)
            if i % 97 == 0 or g.state.phase in ("discard", "offer", "road-building"):
                out.append(g.position())
    return out


REAL_POSITIONS = _real_positions()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(base=st.sampled_from(REAL_POSITIONS), data=st.data())
def test_mangled_position_never_gives_a_half_made_game(base, data):
    """A damaged field either raises PositionError or gives a whole, playable game."""
    words = base.split()
    keys = [w.split("=", 1)[0] for w in words[2:]]
    key = data.draw(st.one_of(st.sampled_from(keys), st.sampled_from(_STATE_KEYS)), label="key")
    i = 2 + keys.index(key)
    value = data.draw(st.one_of(
        st.sampled_from(_VALUE_POOL),
        st.sampled_from(REAL_POSITIONS).map(lambda t: fields(t)[key]),
        st.text(alphabet="0123456789,-/:PAHEJ", max_size=12),
    ), label="value")  # fmt: skip
    words[i] = f"{key}={value}"
    text = " ".join(words)
    try:
        g = Game.from_position(text)
    except PositionError as e:
        assert str(e)
        return
    # A game came back: it must be whole.
    again = g.position()
    assert Game.from_position(again).position() == again
    legal = g.legal_actions()
    if g.is_chance():
        assert g.chance_weights(), "a chance event with no outcome"
    elif not g.is_over():
        assert legal, "nobody can move"
        for a in legal[:20]:
            h = g.clone()
            h.play(a)
            h.position()


@pytest.mark.parametrize(
    ("case", "changes"),
    [
        ("offer phase without an offer", {"phase": "offer"}),
        ("discard phase with nothing owed", {"phase": "discard"}),
        ("steal phase without a victim", {"phase": "steal"}),
        ("offer to oneself", {"phase": "offer", "offer": "P1:1,0,0,0,0:0,0,0,1,0"}),
    ],
)
def test_impossible_game_state_is_refused(case, changes):
    """Fields that read well one by one but describe no possible game: PositionError."""
    g = after_setup()
    for text in ("P1 roll", "die white 3", "die red 5"):  # P1 to move in the main phase
        g.play(text)
    with pytest.raises(PositionError):
        Game.from_position(with_fields(g.position(), **changes))


# ---------------------------------------------------------------- position text format
def test_position_text_is_one_deterministic_line():
    g1 = new_game("base", players=4, seed=11, board="variable")
    g2 = new_game("base", players=4, seed=11, board="variable")
    assert g1.position() == g2.position()
    rng1, rng2 = random.Random(2), random.Random(2)
    for _ in range(300):
        for g, rng in ((g1, rng1), (g2, rng2)):
            random_step(g, rng)
        t1 = g1.position()
        assert t1 == g2.position() == g1.position()
        assert "\n" not in t1 and "\r" not in t1
        assert t1 == " ".join(t1.split())  # single spaces, no padding
        assert t1.startswith("catan base ")
        keys = [w.split("=", 1)[0] for w in t1.split()[2:]]
        assert len(keys) == len(set(keys))
        assert Game.from_position(t1).position() == t1


def test_equal_states_reached_differently_give_equal_text():
    """No trace of the path taken: an offer that is declined leaves the very same text."""
    g = after_setup()
    for text in ("P1 roll", "die white 3", "die red 5"):
        g.play(text)
    before = g.position()
    offers = [a for a in g.legal_actions() if isinstance(a, Offer)]
    assert offers
    g.play(offers[0])
    assert g.position() != before
    g.play(f"P{offers[0].to + 1} decline")
    assert g.position() == before
    assert Game.from_position(before).position() == before


def test_position_keeps_hidden_information():
    g = after_setup()
    text = g.position()
    f = fields(text)
    for key in ("deck", "top", "dev", "hands", "bank"):
        assert key in f
    back = Game.from_position(text)
    assert back.state.deck == g.state.deck and back.state.dev == g.state.dev
