"""One test (at least) per 2P-* rule of rulebook/rules.md §2 (``base-2p``), named after the rule.

Positions are built by playing real actions (``opening``: a fixed setup on the beginner
board) or by editing the fields of a ``Game.position()`` text (``load``). Chance is forced by
playing its outcome: ``die white 3``, ``draw knight``, ``steal wool``.

Parties: P1, P2 are indices 0, 1; the neutrals N1, N2 are 2, 3 (N1 starts on H4, N2 on G6).
Resources are always written in the engine's order: brick, lumber, wool, grain, ore.
"""

from __future__ import annotations

import inspect
from collections import Counter

import pytest
from helpers import (
    assert_illegal,
    assert_legal,
    conserve_bank,
    desert_at_a,
    from_fields,
    play,
    position_fields,
    texts,
)

from catan_tutor import BEGINNER, CHANCE, Game, PositionError, new_game
from catan_tutor.board import (
    COASTAL_VERTICES,
    HEX_NAMES,
    VERTEX_HEXES,
    parse_edge,
    parse_hex,
    parse_vertex,
)

# the rules engine alone: left out of the minimum-versions lane (scripts/min_versions.sh)
pytestmark = pytest.mark.engine

P1, P2, N1, N2 = 0, 1, 2, 3
ZERO = (0, 0, 0, 0, 0)
ROAD = (1, 1, 0, 0, 0)
SETTLEMENT = (1, 1, 1, 1, 0)

# The fixed opening, in the 2P order P1, P2, P2, P1. No settlement touches the desert or the
# coast, so nobody earns tokens. Second settlements pay (BASE-SETUP-RESOURCES):
# P2 K6 (K forest, O fields, P pasture), P1 D4 (D fields, E hills, I forest).
OPENING = (
    "P1 settle A4", "P1 road A3", "P2 settle C6", "P2 road C5",
    "P2 settle K6", "P2 road K5", "P1 settle D4", "P1 road D3",
)  # fmt: skip
START_HANDS = ((1, 1, 0, 1, 0), (0, 1, 1, 1, 0))
DEV_DECK = (14, 5, 2, 2, 2)


# ---------------------------------------------------------------- helpers
def opening() -> Game:
    """The fixed opening played out; P1 is to roll in turn 1."""
    return play(new_game("base-2p", players=2), *OPENING)


def dice(game: Game, white: int, red: int) -> Game:
    return play(game, f"die white {white}", f"die red {red}")


def roll_twice(game: Game, first=(1, 2), second=(2, 2)) -> Game:
    """The player to move rolls both rolls of the turn (default sums 3 then 4)."""
    game.play("roll")
    dice(game, *first)
    return dice(game, *second)


def per_party(*parts) -> str:
    """A per-party position field: P1/P2/N1/N2, each a label list, '' or '-' for none."""
    parts = (*parts, *("-",) * (4 - len(parts)))
    return "/".join(p or "-" for p in parts)


def hands(p1=ZERO, p2=ZERO) -> str:
    return "/".join(",".join(map(str, h)) for h in (p1, p2, ZERO, ZERO))


def load(base: Game | str, **changes) -> Game:
    """``base``'s position with some fields replaced. The bank is recomputed from the hands
    (19 cards per resource) and the deck from played Knights and held cards, unless given."""
    head, f = position_fields(base, changes)
    if "hands" in changes and "bank" not in changes:
        conserve_bank(f)
    if ("knights" in changes or "dev" in changes) and "deck" not in changes:
        held = [sum(int(d.split(",")[c]) for d in f["dev"].split("/")) for c in range(5)]
        held[0] += sum(int(k) for k in f["knights"].split(","))
        f["deck"] = ",".join(str(DEV_DECK[c] - held[c]) for c in range(5))
    return from_fields(head, f)


def main_game(**changes) -> Game:
    """The opening's board in P1's main phase (both rolls made), with some fields replaced."""
    return load(opening(), **{"phase": "main", "sums": "3,4", **changes})


def vowner(game: Game, label: str) -> int:
    return game.state.vowner[parse_vertex(label)]


def eowner(game: Game, label: str) -> int:
    return game.state.eowner[parse_edge(label)]


# ================================================================ 2.1 Setup
def test_2P_SETUP_PLAYERS_two_seats_and_two_neutrals_without_cards_turns_or_production():
    for n in (1, 3, 4):
        with pytest.raises(ValueError):
            new_game("base-2p", players=n)
    g = opening()
    assert g.players == 2
    assert g.state.names == ("P1", "P2", "N1", "N2")
    assert len(g.colors) == 4 and len(set(g.colors)) == 4
    # Neutrals never produce: 11 (I forest) and 8 (M forest, L mountains) touch N1 on H4 and
    # N2 on G6; only P1's D4 (on I) is paid.
    roll_twice(g, (5, 6), (4, 4))
    assert g.state.hands[N1] == ZERO and g.state.hands[N2] == ZERO
    assert g.state.hands[P1] == (1, 2, 0, 1, 0)
    assert g.state.tokens[N1] == g.state.tokens[N2] == 0
    # Neutrals take no turns: the turn passes P1 -> P2 -> P1.
    actives = []
    for _ in range(3):
        actives.append(g.state.active)
        g.play("end")
        roll_twice(g)
    assert actives == [P1, P2, P1]
    # Neutrals have no VP and never win; they can own no city.
    assert g.victory_points(N1) == 0 and g.victory_points(N2) == 0
    with pytest.raises(PositionError):
        load(
            g, cities=per_party("", "", "H4", ""), settlements=per_party("A4,D4", "C6,K6", "", "G6")
        )


def test_2P_SETUP_BOARD_the_board_is_the_three_to_four_player_board():
    g = new_game("base-2p", players=2)
    assert g.layout == BEGINNER
    assert g.state.robber == BEGINNER.desert() == parse_hex("J")
    # A random board is laid exactly as in base (same chance events for the same seed).
    two = new_game("base-2p", players=2, board="variable", seed=5)
    four = new_game("base", players=3, board="variable", seed=5)
    assert two.layout == four.layout
    assert Counter(two.layout.terrain) == Counter(BEGINNER.terrain)
    assert two.state.robber == two.layout.desert()


def test_2P_SETUP_NEUTRAL_SETTLEMENTS_one_settlement_per_neutral_without_roads():
    g = new_game("base-2p", players=2)
    assert g.state.phase == "setup-settle"
    assert g.state.settlements == (0, 0, 1, 1)
    assert g.state.roads == (0, 0, 0, 0)
    owners = Counter(o for o in g.state.vowner if o >= 0)
    assert owners == {N1: 1, N2: 1}
    assert all(o < 0 for o in g.state.eowner)
    assert "settlements=-/-/H4/G6" in g.position() and "roads=-/-/-/-" in g.position()


def test_2P_SETUP_NEUTRAL_POSITIONS_N1_on_H4_and_N2_on_G6_on_every_board():
    assert {HEX_NAMES[h] for h in VERTEX_HEXES[parse_vertex("H4")]} == set("HIM")
    assert {HEX_NAMES[h] for h in VERTEX_HEXES[parse_vertex("G6")]} == set("GKL")
    for g in (
        new_game("base-2p", players=2),
        new_game("base-2p", players=2, board="variable", seed=3),
    ):
        assert vowner(g, "H4") == N1
        assert vowner(g, "G6") == N2
    assert new_game("base-2p", players=2, board="variable").state.phase == "board"


def test_2P_SETUP_TOKENS_five_per_player_ten_in_the_supply():
    g = new_game("base-2p", players=2)
    assert g.state.tokens == (5, 5, 0, 0)
    assert g.state.token_supply == 10
    assert "tokens=5,5,0,0 supply=10" in g.position()
    with pytest.raises(PositionError):  # the 20 tokens are conserved
        load(g, tokens="5,5,0,0", supply=11)


def test_2P_SETUP_PLACEMENT_order_P1_P2_P2_P1_with_the_normal_rules():
    g = new_game("base-2p", players=2)
    # The distance rule holds against the neutral starts (H4: neighbours D6, H6, I6).
    for v in ("H6", "I6", "D6", "G4", "F4", "K4"):
        assert_illegal(g, f"P1 settle {v}", "BASE-BUILD-DISTANCE")
    assert_illegal(g, "P1 settle H4", "BASE-BUILD-SETTLEMENT")
    movers = []
    for a in OPENING:
        movers.append(g.current_player)
        g.play(a)
    assert movers == [P1, P1, P2, P2, P2, P2, P1, P1]
    # Only the second settlements pay: P1's A4 (mountains, pasture, hills) paid nothing.
    assert g.state.hands[:2] == START_HANDS
    assert g.state.phase == "pre-roll" and g.state.active == P1 and g.state.turn == 1


def test_2P_SETUP_NO_NEUTRAL_BUILD_setup_pieces_are_not_mirrored():
    g = new_game("base-2p", players=2)
    for a in OPENING:
        g.play(a)
        assert g.state.phase != "neutral"
        assert g.state.neutral_due == ()
    assert g.state.settlements[N1:] == (1, 1)
    assert g.state.roads[N1:] == (0, 0)
    assert g.state.phase == "pre-roll"


# ================================================================ 2.2 Rolling twice
def test_2P_ROLL_TWICE_two_rolls_each_resolved_then_main():
    g = opening()
    g.play("roll")
    dice(g, 5, 6)  # 11: I forest pays P1's D4
    assert g.state.phase == "dice" and g.current_player == CHANCE
    assert g.state.sums == (11,)
    assert g.state.hands[:2] == ((1, 2, 0, 1, 0), (0, 1, 1, 1, 0))
    assert_illegal(g, "P1 end", "2P-ROLL-TWICE")  # the second roll is due
    assert "second roll" in g.explain("P1 end").reason
    dice(g, 4, 5)  # 9: C forest pays P2's C6
    assert g.state.sums == (11, 9)
    assert g.state.hands[:2] == ((1, 2, 0, 1, 0), (0, 2, 1, 1, 0))
    assert g.state.phase == "main"
    assert_illegal(g, "P1 roll", "2P-ROLL-TWICE")


def test_2P_ROLL_TWICE_a_first_seven_is_fully_resolved_before_the_second_roll():
    g = load(opening(), hands=hands(START_HANDS[0], (2, 2, 2, 2, 0)))
    g.play("roll")
    dice(g, 3, 4)
    assert g.state.phase == "discard"
    assert [p.player for p in g.pending] == [P2]
    g.play("P2 discard 2 brick, 2 lumber")
    assert g.state.phase == "robber"
    g.play("P1 robber C P2")
    g.play("steal wool")
    assert g.state.hands[:2] == ((1, 1, 1, 1, 0), (0, 0, 1, 2, 0))
    assert g.state.phase == "dice" and g.state.sums == (7,)
    dice(g, 3, 3)  # 6: E hills pays P1's A4 and D4
    assert g.state.hands[P1] == (3, 1, 1, 1, 0)
    assert g.state.phase == "main" and g.state.sums == (7, 6)


def test_2P_ROLL_DIFFERENT_equal_second_sum_is_rerolled():
    g = opening()
    g.play("roll")
    dice(g, 3, 3)  # 6: E hills, +2 brick for P1
    assert g.state.hands[P1] == (3, 1, 0, 1, 0)
    dice(g, 2, 4)  # 6 again: no production, roll again
    assert g.state.phase == "dice" and g.state.sums == (6,)
    assert g.state.hands[P1] == (3, 1, 0, 1, 0)
    assert {str(a) for a, _ in g.chance_outcomes()} == {f"die white {i}" for i in range(1, 7)}
    dice(g, 1, 1)  # 2: B pasture, +1 wool for P1's A4
    assert g.state.sums == (6, 2)
    assert g.state.phase == "main"
    assert g.state.hands[P1] == (3, 1, 1, 1, 0)


def test_2P_ROLL_DIFFERENT_at_most_one_seven_per_turn():
    g = load(opening(), hands=hands(START_HANDS[0], (2, 2, 2, 2, 0)))
    g.play("roll")
    dice(g, 3, 4)
    play(g, "P2 discard 2 brick, 2 lumber", "P1 robber H")
    assert g.state.phase == "dice"
    dice(g, 5, 2)  # a second 7 is no roll: no discards, no robber
    assert g.state.phase == "dice" and g.state.sums == (7,)
    assert g.state.hands[P2] == (0, 0, 2, 2, 0)
    assert g.state.robber == parse_hex("H")
    dice(g, 1, 2)
    assert g.state.sums == (7, 3) and g.state.phase == "main"


def test_2P_ROLL_TIMING_cards_and_tokens_before_the_first_roll_or_after_the_second():
    g = load(
        opening(),
        robber="K",
        knights="1,0,0,0",
        dev=per_party("1,0,0,0,0", "0,0,0,0,0", "0,0,0,0,0", "0,0,0,0,0"),
    )
    pre = texts(g)
    assert {"P1 robber-home", "P1 return knight", "P1 knight"} <= pre
    assert any(t.startswith("P1 force ") for t in pre)
    # Trading and building only after the second roll.
    g2 = load(g, hands=hands((4, 1, 0, 1, 0), START_HANDS[1]))
    assert_illegal(g2, "P1 road D5", "2P-ROLL-TIMING")
    assert_illegal(g2, "P1 bank 4 brick for ore", "2P-ROLL-TIMING")
    # Between the rolls (a first 7 being resolved) no card, token action or Knight return.
    g.play("roll")
    dice(g, 3, 4)
    assert g.state.phase == "robber"
    assert_illegal(g, "P1 robber-home", "2P-ROLL-TIMING")
    assert_illegal(g, "P1 return knight", "2P-ROLL-TIMING")
    assert_illegal(g, "P1 force take 1 lumber, 1 wool give 1 brick, 1 lumber", "2P-ROLL-TIMING")
    assert_illegal(g, "P1 knight", {"BASE-DEV-PLAY", "2P-ROLL-TIMING"})
    g.play("P1 robber H")
    assert g.state.phase == "dice" and g.current_player == CHANCE
    # The second roll is due: the two-player timing rule, not the general one on chance.
    assert_illegal(g, "P1 robber-home", "2P-ROLL-TIMING")
    assert_illegal(g, "P1 return knight", "2P-ROLL-TIMING")
    assert_illegal(g, "P1 knight", "2P-ROLL-TIMING")
    assert_illegal(g, "P1 road D5", "2P-ROLL-TIMING")
    dice(g, 1, 2)
    assert g.state.phase == "main"
    after = texts(g)
    assert {"P1 robber-home", "P1 return knight", "P1 knight"} <= after
    assert any(t.startswith("P1 force ") for t in after)


# ================================================================ 2.3 Neutral building
def test_2P_NEUTRAL_MIRROR_a_road_owes_a_free_neutral_road():
    g = main_game(hands=hands(ROAD, START_HANDS[1]))
    g.play("P1 road D5")
    assert g.state.phase == "neutral"
    assert [p.player for p in g.pending] == [P1] and "road" in g.pending[0].decision
    assert texts(g) and all(t.startswith("P1 neutral N") and " road " in t for t in texts(g))
    assert_illegal(g, "P1 end", "2P-NEUTRAL-MIRROR")
    bank, hand = g.state.bank, g.state.hands[P1]
    g.play("P1 neutral N1 road H3")
    assert eowner(g, "H3") == N1 and g.state.roads == (3, 2, 1, 0)
    assert g.state.bank == bank and g.state.hands[P1] == hand == ZERO  # free
    assert g.state.phase == "main"


def test_2P_NEUTRAL_MIRROR_a_settlement_owes_a_neutral_settlement():
    g = main_game(hands=hands(SETTLEMENT), roads=per_party("A3,D3,D5,D7", "C5,K5", "I7,M3"))
    g.play("P1 settle D8")
    assert g.state.phase == "neutral" and "settlement" in g.pending[0].decision
    assert texts(g) == {"P1 neutral N1 settle M4"}
    assert_illegal(g, "P1 neutral N1 road H3", "2P-NEUTRAL-MIRROR")
    g.play("P1 neutral N1 settle M4")
    assert vowner(g, "M4") == N1 and g.state.settlements == (3, 2, 2, 1)
    assert g.state.phase == "main"


def test_2P_NEUTRAL_MIRROR_cities_and_development_cards_trigger_nothing():
    g = main_game(hands=hands((0, 0, 1, 3, 4)))
    before = (g.state.settlements[N1:], g.state.roads[N1:])
    g.play("P1 city A4")
    assert g.state.phase == "main"
    g.play("P1 buy")
    g.play("draw knight")
    assert g.state.phase == "main"
    assert (g.state.settlements[N1:], g.state.roads[N1:]) == before
    assert not any(t.startswith("P1 neutral") for t in texts(g))
    assert_illegal(g, "P1 neutral N1 road H3", "2P-NEUTRAL-MIRROR")


def test_2P_NEUTRAL_MIRROR_wrong_piece_after_a_road_cites_the_mirror_rule():
    g = main_game(hands=hands(ROAD), roads=per_party("A3,D3", "C5,K5", "I7,M3"))
    g.play("P1 road D5")
    exp = g.explain("P1 neutral N1 settle M4")  # M4 fits N1; the piece owed is a road
    assert not exp.legal
    assert exp.rule == "2P-NEUTRAL-MIRROR", str(exp)


def test_2P_NEUTRAL_LEGAL_neutral_roads_connect_to_that_neutral():
    # N1 runs H4-I6-I4 and P2 has a settlement on I4: N1 cannot go on through it.
    g = main_game(
        hands=hands(ROAD),
        settlements=per_party("A4,D4", "C6,K6,I4", "H4", "G6"),
        roads=per_party("A3,D3", "C5,K5", "I7,I5"),
    )
    g.play("P1 road D5")
    assert_illegal(g, "P1 neutral N2 road H5", "2P-NEUTRAL-LEGAL")  # N1's corner, not N2's
    assert_illegal(g, "P1 neutral N1 road K3", "2P-NEUTRAL-LEGAL")  # N2's corner
    assert_illegal(g, "P1 neutral N1 road J7", "2P-NEUTRAL-LEGAL")  # through P2's I4
    assert_illegal(g, "P1 neutral N1 road I3", "2P-NEUTRAL-LEGAL")
    assert_illegal(g, "P1 neutral N1 road D5", "2P-NEUTRAL-LEGAL")  # taken
    assert texts(g) == {
        "P1 neutral N1 road H3", "P1 neutral N1 road H5", "P1 neutral N1 road M3",
        "P1 neutral N2 road G5", "P1 neutral N2 road G7", "P1 neutral N2 road K3",
    }  # fmt: skip
    assert_legal(g, "P1 neutral N1 road M3")
    assert eowner(g, "M3") == N1


def test_2P_NEUTRAL_LEGAL_neutral_settlements_at_that_neutrals_road_end_with_distance():
    # N1: H4-I6-M4 and H4-D6; N2: G6-F4-F6. A neutral settlement is owed.
    g = main_game(
        phase="neutral",
        nb="settle:main:settle",
        roads=per_party("A3,D3", "C5,K5", "I7,M3,H3", "G7,F5"),
    )
    assert_illegal(g, "P1 neutral N1 settle F6", "2P-NEUTRAL-LEGAL")  # N2's road end
    assert_illegal(g, "P1 neutral N2 settle M4", "2P-NEUTRAL-LEGAL")  # N1's road end
    assert_illegal(g, "P1 neutral N1 settle D6", "BASE-BUILD-DISTANCE")  # next to D4 and H4
    assert_illegal(g, "P1 neutral N2 settle F4", "BASE-BUILD-DISTANCE")  # next to G6, C6
    assert_illegal(g, "P1 neutral N1 settle O6", "2P-NEUTRAL-LEGAL")  # no road there
    assert texts(g) == {"P1 neutral N1 settle M4", "P1 neutral N2 settle F6"}
    assert_legal(g, "P1 neutral N2 settle F6")
    assert vowner(g, "F6") == N2 and g.state.phase == "main"


def test_2P_NEUTRAL_LEGAL_neutral_pieces_come_from_that_neutrals_supply():
    # N1 has all 5 settlements on the board: only N2 can take the settlement.
    g = main_game(
        phase="neutral",
        nb="settle:main:settle",
        settlements=per_party("A4,D4", "C6,K6", "H4,A12,C2,S4,Q8", "G6"),
        roads=per_party("A3,D3", "C5,K5", "I7,M3", "G7,F5"),
    )
    assert_illegal(g, "P1 neutral N1 settle M4", "2P-NEUTRAL-LEGAL")
    assert texts(g) == {"P1 neutral N2 settle F6"}
    # N1 has all 15 roads on the board: only N2 can take the road.
    far = ("Q1", "Q3", "Q5", "Q7", "Q9", "Q11", "R1", "R3", "R5", "R7", "R11", "S1", "S3", "S5")
    g = main_game(
        phase="neutral",
        nb="road:main:road",
        roads=per_party("A3,D3", "C5,K5", ",".join(("I7", *far))),
    )
    assert g.state.roads[N1] == 15
    assert_illegal(g, "P1 neutral N1 road H3", "2P-NEUTRAL-LEGAL")
    assert texts(g) == {"P1 neutral N2 road G5", "P1 neutral N2 road G7", "P1 neutral N2 road K3"}


def test_2P_NEUTRAL_SETTLEMENT_FALLBACK_no_neutral_settlement_site_means_a_road():
    g = main_game(hands=hands(SETTLEMENT), roads=per_party("A3,D3,D5,D7", "C5,K5"))
    g.play("P1 settle D8")  # the neutrals have no roads, so no settlement site
    assert vowner(g, "D8") == P1
    assert g.state.phase == "neutral" and "road" in g.pending[0].decision
    assert_illegal(g, "P1 neutral N1 settle I6", "2P-NEUTRAL-SETTLEMENT-FALLBACK")
    assert texts(g) and all(" road " in t for t in texts(g))
    g.play("P1 neutral N2 road G5")
    assert eowner(g, "G5") == N2 and g.state.phase == "main"


def test_2P_NEUTRAL_SETTLEMENT_FALLBACK_one_neutral_with_a_site_takes_the_settlement():
    g = main_game(hands=hands(SETTLEMENT), roads=per_party("A3,D3,D5,D7", "C5,K5", "", "G7,F5"))
    g.play("P1 settle D8")  # N1 has no site, N2 has F6: no fallback
    assert texts(g) == {"P1 neutral N2 settle F6"}
    assert_illegal(g, "P1 neutral N1 road H3", "2P-NEUTRAL-MIRROR")


def test_2P_NEUTRAL_NONE_POSSIBLE_no_neutral_piece_fits_the_build_stands():
    # P2's roads close every edge at H4 and G6: the neutrals can build nothing.
    g = main_game(hands=hands((3, 3, 1, 1, 0)), roads=per_party("A3,D3", "C5,K5,H3,H5,I7,G5,G7,K3"))
    g.play("P1 road D5")
    assert g.state.phase == "main" and eowner(g, "D5") == P1
    assert g.state.hands[P1] == (2, 2, 1, 1, 0)
    g.play("P1 road D7")
    g.play("P1 settle D8")
    assert g.state.phase == "main" and vowner(g, "D8") == P1
    assert g.state.hands[P1] == ZERO
    assert g.state.roads[N1:] == (0, 0) and g.state.settlements[N1:] == (1, 1)
    assert not any(t.startswith("P1 neutral") for t in texts(g))


def test_2P_NEUTRAL_CHOOSER_the_builder_picks_neutral_and_spot():
    g = main_game(hands=hands(ROAD, START_HANDS[1]))
    g.play("P1 road D5")
    assert g.current_player == P1
    assert_illegal(g, "P2 neutral N1 road H5", None)
    assert {t.split()[2] for t in texts(g)} == {"N1", "N2"}
    g.play("P1 neutral N2 road G7")
    assert eowner(g, "G7") == N2 and g.state.roads[N1:] == (0, 1)


def test_2P_NEUTRAL_CHOOSER_opponent_is_refused_citing_the_chooser_rule():
    g = main_game(hands=hands(ROAD, START_HANDS[1]))
    g.play("P1 road D5")
    exp = g.explain("P2 neutral N1 road H5")
    assert not exp.legal
    assert exp.rule == "2P-NEUTRAL-CHOOSER", str(exp)


def test_2P_NEUTRAL_ROAD_BUILDING_each_free_road_triggers_a_neutral_road():
    dev = per_party("0,0,1,0,0", "0,0,0,0,0", "0,0,0,0,0", "0,0,0,0,0")
    g = main_game(dev=dev)
    bank = g.state.bank
    g.play("P1 roadbuilding")
    g.play("P1 road D5")
    assert g.state.phase == "neutral" and "road" in g.pending[0].decision
    g.play("P1 neutral N1 road H3")
    assert g.state.phase == "road-building" and g.state.free_roads == 1
    g.play("P1 road D7")
    assert g.state.phase == "neutral"
    g.play("P1 neutral N2 road G5")
    assert g.state.phase == "main"
    assert g.state.roads == (4, 2, 1, 1)
    assert g.state.bank == bank and g.state.hands[P1] == START_HANDS[P1]
    # Played before the roll, the card returns to pre-roll after its neutral roads.
    g = load(opening(), dev=dev)
    play(g, "P1 roadbuilding", "P1 road D5", "P1 neutral N1 road H5", "P1 road D7")
    assert g.state.phase == "neutral"
    g.play("P1 neutral N1 road H7")
    assert g.state.phase == "pre-roll" and g.state.roads[N1] == 2


def test_2P_NEUTRAL_ON_BOARD_neutral_buildings_block_settling_and_roads():
    # P1's road leads to H6, next to N1's H4: the distance rule counts neutral buildings.
    roads = per_party("A3,D3,D5,D7,H11,H9,H7", "C5,K5")
    g = main_game(hands=hands((2, 2, 1, 1, 0)), roads=roads)
    assert_illegal(g, "P1 settle H6", "BASE-BUILD-DISTANCE")
    no_n1 = dict(settlements=per_party("A4,D4", "C6,K6", "", "G6"), hands=hands(SETTLEMENT))
    assert main_game(roads=roads, **no_n1).explain("P1 settle H6").legal
    # P1's road reaches H4 (N1's settlement) and cannot go on through it.
    roads = per_party("A3,D3,D5,H3", "C5,K5")
    g = main_game(hands=hands(ROAD), roads=roads)
    assert_illegal(g, "P1 road I7", "BASE-BUILD-ROAD")
    assert_illegal(g, "P1 road H5", "BASE-BUILD-ROAD")
    assert (
        main_game(hands=hands(ROAD), roads=roads, settlements=no_n1["settlements"])
        .explain("P1 road I7")
        .legal
    )


def test_2P_NEUTRAL_ON_BOARD_a_neutral_settlement_cuts_a_players_road():
    # P2's road N4-N6-M4-M6-M8-H6 (5, Longest Road); N1's road H4-I6-M4 ends at M4.
    g = main_game(
        phase="neutral",
        nb="settle:main:settle",
        longest="P2",
        roads=per_party("A3,D3", "C5,K5,N5,N7,M5,M7,M9", "I7,M3"),
    )
    assert g.state.road_len[P2] == 5 and g.victory_points(P2) == 4
    g.play("P1 neutral N1 settle M4")
    assert g.state.road_len[P2] == 3
    assert g.state.longest == -1
    assert g.victory_points(P2) == 2


def test_2P_NEUTRAL_ON_BOARD_the_robber_may_sit_on_neutral_hexes_without_a_victim():
    g = opening()
    g.play("roll")
    dice(g, 3, 4)
    robs = texts(g)
    assert {t for t in robs if t.split()[2] == "H"} == {"P1 robber H"}
    assert {t for t in robs if t.split()[2] == "M"} == {"P1 robber M"}
    assert_illegal(g, "P1 robber H P2", "BASE-ROBBER-STEAL")
    g.play("P1 robber M")
    assert g.state.robber == parse_hex("M")
    assert g.state.phase == "dice"  # no steal
    assert g.state.hands[:2] == START_HANDS


def test_2P_NEUTRAL_LONGEST_ROAD_a_neutral_can_hold_longest_road():
    # N1: H4-I6-M4-M6-M8 (4 roads); the mirrored road H3 makes D6-H4-...-M8 (5).
    g = main_game(hands=hands(ROAD), roads=per_party("A3,D3", "C5,K5", "I7,M3,M5,M7"))
    vps = (g.victory_points(P1), g.victory_points(P2))
    g.play("P1 road D5")
    g.play("P1 neutral N1 road H3")
    assert g.state.road_len[N1] == 5
    assert g.state.longest == N1
    assert "longest=N1" in g.position()
    assert (g.victory_points(P1), g.victory_points(P2)) == vps
    assert g.victory_points(N1) == 0


def test_2P_NEUTRAL_LONGEST_ROAD_a_neutral_takes_it_from_a_player():
    # P2's road O6-O4-K6-K4-L6-P4 (5) holds the card; N1 ties with 5, then reaches 6.
    g = main_game(
        hands=hands(ROAD),
        longest="P2",
        roads=per_party("A3,D3", "C5,K5,O3,O5,L7,P3", "I7,M3,M5,M7,M9"),
    )
    assert g.state.road_len[P2] == 5 and g.state.road_len[N1] == 5
    assert g.victory_points(P2) == 4
    g.play("P1 road D5")
    assert g.state.longest == P2  # a tie never takes the card away
    g.play("P1 neutral N1 road H3")
    assert g.state.road_len[N1] == 6
    assert g.state.longest == N1
    assert g.victory_points(P2) == 2 and g.victory_points(N1) == 0


# ================================================================ 2.4 Trade tokens
def test_2P_TOKEN_SUPPLY_spent_tokens_return_earned_tokens_come_from_the_supply():
    g = main_game(robber="K")
    g.play("P1 robber-home")
    assert g.state.tokens[:2] == (4, 5) and g.state.token_supply == 11
    # A short supply pays what it has.
    g = main_game(tokens="10,9,0,0", supply=1, knights="1,0,0,0")
    g.play("P1 return knight")
    assert g.state.tokens[:2] == (11, 9) and g.state.token_supply == 0
    g = main_game(
        tokens="10,9,0,0",
        supply=1,
        hands=hands(SETTLEMENT),
        roads=per_party("A3,D3,B7,E3", "C5,K5"),
    )
    g.play("P1 settle E4")  # next to the desert: 2 owed, 1 in the supply
    assert g.state.tokens[:2] == (11, 9) and g.state.token_supply == 0
    # An empty supply pays nothing.
    g = main_game(tokens="11,9,0,0", supply=0, knights="1,0,0,0")
    g.play("P1 return knight")
    assert g.state.tokens[:2] == (11, 9) and g.state.token_supply == 0
    assert g.state.knights[P1] == 0


def test_2P_TOKEN_COST_two_tokens_when_leading_else_one():
    lead = dict(
        settlements=per_party("A4,D4,D8", "C6,K6", "H4", "G6"),
        roads=per_party("A3,D3,D5,D7", "C5,K5"),
    )
    g = main_game(robber="K", **lead)
    assert g.victory_points(P1) == 3 > g.victory_points(P2)
    g.play("P1 robber-home")
    assert g.state.tokens[P1] == 3 and g.state.token_supply == 12
    g = main_game(robber="K")  # tied 2:2
    g.play("P1 robber-home")
    assert g.state.tokens[P1] == 4
    g = main_game(robber="K", settlements=per_party("A4,D4", "C6,K6,O6", "H4", "G6"))  # behind
    g.play("P1 robber-home")
    assert g.state.tokens[P1] == 4
    g = main_game(robber="K", tokens="1,9,0,0", **lead)
    assert_illegal(g, "P1 robber-home", "2P-TOKEN-COST")
    assert not any("force" in t for t in texts(g))
    g = main_game(robber="K", tokens="1,9,0,0")  # tied: 1 token is enough
    g.play("P1 robber-home")
    assert g.state.tokens[P1] == 0


def test_2P_TOKEN_VP_COUNT_the_price_compares_public_vp_only():
    vp_cards = per_party("0,2,0,0,0", "0,0,0,0,0", "0,0,0,0,0", "0,0,0,0,0")
    g = main_game(robber="K", dev=vp_cards)
    assert g.victory_points(P1) == 4 and g.victory_points(P2) == 2
    g.play("P1 robber-home")  # hidden VP cards do not count: tied, 1 token
    assert g.state.tokens[P1] == 4
    # Longest Road is public: P1 leads and pays 2.
    g = main_game(robber="K", longest="P1", roads=per_party("A3,A1,A11,A9,A7,D3", "C5,K5"))
    assert g.state.road_len[P1] >= 5 and g.victory_points(P1) == 4
    g.play("P1 robber-home")
    assert g.state.tokens[P1] == 3


def test_2P_TOKEN_ONE_PER_TURN_one_token_action_a_turn_on_ones_own_turn():
    g = load(opening(), robber="K")
    g.play("P1 robber-home")  # before the rolls
    roll_twice(g)
    assert g.state.phase == "main"
    assert_illegal(
        g, "P1 force take 1 lumber, 1 wool give 1 brick, 1 grain", "2P-TOKEN-ONE-PER-TURN"
    )
    assert not any("force" in t or "robber-home" in t for t in texts(g))
    assert_illegal(g, "P2 force take 1 brick, 1 lumber give 1 wool, 1 grain", "BASE-TURN-OFFTURN")
    g.play("P1 end")
    assert_legal(g, "P2 force take 1 brick, 1 lumber give 1 wool, 1 grain")
    assert_illegal(
        g, "P2 force take 1 brick, 1 lumber give 1 wool, 1 grain", "2P-TOKEN-ONE-PER-TURN"
    )
    roll_twice(g)
    g.play("P2 end")
    assert any(t.startswith("P1 force ") for t in texts(g))  # a new turn


def test_2P_TOKEN_FORCED_TRADE_take_two_chosen_cards_give_two_held_before():
    g = main_game(hands=hands((2, 1, 0, 0, 0), (0, 0, 2, 1, 1)))
    bank = g.state.bank
    forced = {t for t in texts(g) if t.startswith("P1 force ")}
    assert len(forced) == 4 * 2  # 4 ways to take from P2, 2 ways to give from P1
    assert_illegal(g, "P1 force take 2 grain give 2 brick", "2P-TOKEN-FORCED-TRADE")
    assert_illegal(g, "P1 force take 2 wool give 2 wool", "2P-TOKEN-FORCED-TRADE")
    assert_illegal(g, "P1 force take 1 wool, 1 ore give 2 lumber", "2P-TOKEN-FORCED-TRADE")
    assert_illegal(g, "P1 force take 1 wool give 1 brick", "2P-TOKEN-FORCED-TRADE")
    assert_legal(g, "P1 force take 1 wool, 1 ore give 2 brick")
    assert g.state.hands[:2] == ((0, 1, 1, 0, 1), (2, 0, 1, 1, 0))
    assert g.state.bank == bank
    assert g.state.tokens[:2] == (4, 5) and g.state.token_supply == 11


def test_2P_TOKEN_FORCED_TRADE_MIN_both_hands_need_two_cards():
    g = main_game(hands=hands((2, 1, 0, 0, 0), (0, 0, 1, 0, 0)))
    assert_illegal(g, "P1 force take 1 wool, 1 grain give 2 brick", "2P-TOKEN-FORCED-TRADE-MIN")
    assert not any("force" in t for t in texts(g))
    g = main_game(hands=hands((1, 0, 0, 0, 0), (0, 0, 2, 1, 1)))
    assert_illegal(g, "P1 force take 2 wool give 1 brick, 1 lumber", "2P-TOKEN-FORCED-TRADE-MIN")
    assert not any("force" in t for t in texts(g))
    g = main_game(hands=hands((1, 1, 0, 0, 0), (0, 0, 1, 1, 0)))
    assert_legal(g, "P1 force take 1 wool, 1 grain give 1 brick, 1 lumber")
    assert g.state.hands[:2] == ((0, 0, 1, 1, 0), (1, 1, 0, 0, 0))


def test_2P_TOKEN_ROBBER_robber_home_to_the_desert_without_a_steal():
    g = main_game(robber="C")  # on P2's C6
    hands_before = g.state.hands
    assert_legal(g, "P1 robber-home")
    assert g.state.robber == g.layout.desert() == parse_hex("J")
    assert g.state.hands == hands_before and g.state.phase == "main"
    assert g.state.tokens[P1] == 4
    g = main_game()  # the robber is on the desert already
    assert_illegal(g, "P1 robber-home", "2P-TOKEN-ROBBER")
    assert g.state.tokens[P1] == 5


def test_2P_TOKEN_INCOME_DESERT_two_tokens_next_to_the_desert():
    g = new_game("base-2p", players=2)
    e4 = parse_vertex("E4")
    assert g.layout.desert() in VERTEX_HEXES[e4] and e4 not in COASTAL_VERTICES
    g.play("P1 settle E4")  # in setup too
    assert g.state.tokens[:2] == (7, 5) and g.state.token_supply == 8
    g = main_game(hands=hands(SETTLEMENT), roads=per_party("A3,D3,B7,E3", "C5,K5"))
    g.play("P1 settle E4")
    assert g.state.tokens[:2] == (7, 5) and g.state.token_supply == 8


def test_2P_TOKEN_INCOME_COAST_one_token_on_the_coast():
    g = new_game("base-2p", players=2)
    assert parse_vertex("A2") in COASTAL_VERTICES
    play(g, "P1 settle A2", "P1 road A3")  # in setup too
    assert g.state.tokens[:2] == (6, 5) and g.state.token_supply == 9
    g.play("P2 settle C6")  # inland, far from the desert: nothing
    assert g.state.tokens[:2] == (6, 5)
    g = main_game(hands=hands(SETTLEMENT), roads=per_party("A3,D3,A1", "C5,K5"))
    g.play("P1 settle A12")
    assert g.state.tokens[:2] == (6, 5) and g.state.token_supply == 9


def test_2P_TOKEN_INCOME_BOTH_three_tokens_next_to_a_coastal_desert():
    g = Game.from_position(desert_at_a(new_game("base-2p", players=2)))
    assert g.layout.desert() == parse_hex("A")
    g.play("P1 settle A2")  # coastal corner of the desert
    assert g.state.tokens[:2] == (8, 5) and g.state.token_supply == 7
    play(g, "P1 road A1", "P2 settle A6")  # inland corner of the desert
    assert g.state.tokens[:2] == (8, 7) and g.state.token_supply == 5


def test_2P_TOKEN_INCOME_NEUTRAL_the_builder_earns_for_a_neutral_settlement():
    # N1's road H4-I6-I4 ends on I4, a desert corner.
    g = main_game(hands=hands(SETTLEMENT), roads=per_party("A3,D3,D5,D7", "C5,K5", "I7,I5"))
    g.play("P1 settle D8")  # coastal: +1
    assert g.state.tokens[:2] == (6, 5)
    assert texts(g) == {"P1 neutral N1 settle I4"}
    g.play("P1 neutral N1 settle I4")  # next to the desert: +2 for P1
    assert g.state.tokens == (8, 5, 0, 0) and g.state.token_supply == 7


def test_2P_TOKEN_INCOME_NEUTRAL_the_neutral_starts_earn_nothing():
    g = new_game("base-2p", players=2, board="variable", seed=1)
    assert g.layout.desert() in VERTEX_HEXES[parse_vertex("H4")]  # N1 starts by the desert
    assert g.state.tokens == (5, 5, 0, 0) and g.state.token_supply == 10


def test_2P_TOKEN_INCOME_KNIGHT_return_a_played_knight_for_two_tokens_once_a_turn():
    g = load(opening(), knights="2,0,0,0", robber="K")
    deck = g.state.deck
    assert_legal(g, "P1 return knight")
    assert g.state.knights[:2] == (1, 0)
    assert g.state.tokens[:2] == (7, 5) and g.state.token_supply == 8
    assert g.state.deck == deck  # the card leaves the game
    assert_illegal(g, "P1 return knight", "2P-TOKEN-INCOME-KNIGHT")
    assert "P1 robber-home" in texts(g)  # a return is no token action
    roll_twice(g)
    assert_illegal(g, "P1 return knight", "2P-TOKEN-INCOME-KNIGHT")
    g.play("P1 end")
    assert_illegal(g, "P1 return knight", "BASE-TURN-OFFTURN")
    assert_illegal(g, "P2 return knight", "2P-TOKEN-INCOME-KNIGHT")  # none played
    roll_twice(g)
    g.play("P2 end")
    assert_legal(g, "P1 return knight")  # the next own turn
    assert g.state.knights[P1] == 0 and g.state.tokens[P1] == 9


def test_2P_TOKEN_KNIGHT_ARMY_holder_gives_up_at_two_knights_or_a_tie():
    g = main_game(knights="3,1,0,0", army="P1")
    assert g.victory_points(P1) == 4
    g.play("P1 return knight")
    assert g.state.knights[:2] == (2, 1) and g.state.army == -1
    assert g.victory_points(P1) == 2
    g = main_game(knights="4,3,0,0", army="P1")
    g.play("P1 return knight")  # 3 against 3: no holder's tie privilege here
    assert g.state.army == -1
    g = main_game(knights="4,2,0,0", army="P1")
    g.play("P1 return knight")  # 3 against 2: keeps it
    assert g.state.army == P1


def test_2P_TOKEN_KNIGHT_ARMY_NEXT_card_passes_to_a_leading_opponent_or_is_set_aside():
    g = main_game(knights="3,3,0,0", army="P1")
    vp2 = g.victory_points(P2)
    g.play("P1 return knight")
    assert g.state.army == P2 and g.victory_points(P2) == vp2 + 2
    g = main_game(knights="3,2,0,0", army="P1")
    g.play("P1 return knight")  # 2 against 2: the opponent lacks 3 and the lead
    assert g.state.army == -1
    g = main_game(knights="4,3,0,0", army="P1")
    g.play("P1 return knight")  # 3 against 3: set aside, P2 has no lead
    assert g.state.army == -1


def test_2P_TOKEN_KNIGHT_ARMY_NEXT_set_aside_card_goes_to_the_opponent_once_they_lead():
    g = main_game(knights="4,3,0,0", army="P1")
    g.play("P1 return knight")
    assert g.state.army == -1  # 3 against 3: set aside
    g.play("P1 end")
    roll_twice(g)
    g.play("P2 end")
    g.play("P1 return knight")  # 2 against 3: P2 alone has the most, 3 or more
    assert g.state.knights[:2] == (2, 3)
    assert g.state.army == P2


# ================================================================ 2.5 End
def test_2P_WIN_ten_vp_on_ones_own_turn():
    g = main_game(
        hands=hands(SETTLEMENT),
        settlements=per_party("A4,D4,N4", "C6,K6", "H4", "G6"),
        cities=per_party("B2,Q4,S4", "", "", ""),
        roads=per_party("A3,D3,D5,D7", "C5,K5"),
    )
    assert g.victory_points(P1) == 9 and g.winner is None
    g.play("P1 settle D8")
    assert g.victory_points(P1) == 10
    assert g.winner == P1 and g.state.phase == "over"  # no neutral piece is owed any more
    assert_illegal(g, "P1 neutral N1 road H3", None)
    # 10 VP reached off-turn win when that player's turn begins.
    g = main_game(cities=per_party("", "B2,Q4,S4,M6", "", ""))
    assert g.victory_points(P2) == 10 and g.winner is None
    g.play("P1 end")
    assert g.winner == P2 and g.state.phase == "over"


def test_2P_WIN_neutrals_never_win():
    g = main_game(
        longest="N1",
        settlements=per_party("A4,D4", "C6,K6", "H4,A12,C2,S4,Q8", "G6"),
        roads=per_party("A3,D3", "C5,K5", "I7,M3,M5,M7,M9"),
    )
    assert g.state.longest == N1
    assert g.victory_points(N1) == 0
    g.play("P1 end")
    assert g.winner is None and g.state.phase == "pre-roll"


def test_2P_EVENT_CARDS_not_implemented_the_game_always_uses_dice():
    assert not any("event" in p for p in inspect.signature(new_game).parameters)
    with pytest.raises(TypeError):
        new_game("base-2p", players=2, events=True)  # type: ignore[call-arg]
    g = opening()
    g.play("roll")
    # Both dice of both rolls (1+2, then 2+2) are die faces, each 1/6.
    for die, value in (("white", 1), ("red", 2), ("white", 2), ("red", 2)):
        outcomes = g.chance_outcomes()
        assert {str(a) for a, _ in outcomes} == {f"die {die} {i}" for i in range(1, 7)}
        assert all(p == pytest.approx(1 / 6) for _, p in outcomes)
        g.play(f"die {die} {value}")
    assert g.state.phase == "main" and g.state.sums == (3, 4)
