"""One test (at least) per DUMMY-* rule of rulebook/rules.md §3 (base-dummy: two players and a
dummy D).

Positions are built by playing real actions (``setup_game``: a fixed opening on the beginner
board) or by editing the fields of a ``Game.position()`` text (``load``, ``blank``,
``dummy_turn``). Chance is forced by playing its outcome: ``die white 3``, ``die dev 6``,
``die tiebreak 4``, ``steal ore``.

Resources are always written in the engine's order: brick, lumber, wool, grain, ore.
Parties: P1 = 0, P2 = 1, the dummy D = 2.

Beginner pips used below: B 1, D 1, E 5, F 3, H 4, I 2, K 2, L 5, M 5, N 2, O 3, R 5.
"""

from __future__ import annotations

import pytest
from helpers import (
    assert_illegal,
    assert_legal,
    conserve_bank,
    from_fields,
    hand,
    play,
    position_fields,
)

from catan_tutor import CHANCE, Game, PositionError, new_game
from catan_tutor.actions import Bid, MoveRobber, Pass
from catan_tutor.board import HEX_NAMES, parse_hex

# the rules engine alone: left out of the minimum-versions lane (scripts/min_versions.sh)
pytestmark = pytest.mark.engine

D = 2  # the dummy's party index
NONE = (0,) * 5
D_START = (2,) * 5
RES = ("brick", "lumber", "wool", "grain", "ore")

# A fixed opening on the beginner board, in the order P1, P2, P2, P1 (DUMMY-SETUP-PLACEMENT).
# P1's second settlement D4 (D fields, E hills, I forest) pays 1 grain, 1 brick, 1 lumber;
# P2's G6 (G hills, K forest, L mountains) pays 1 brick, 1 lumber, 1 ore.
SETUP2 = (
    "P1 settle A4", "P1 road A3", "P2 settle C6", "P2 road C5",
    "P2 settle G6", "P2 road G5", "P1 settle D4", "P1 road D3",
)  # fmt: skip

# P1's five-road trail A4-A2-A12-A10-A8-A6 around hex A (length 5).
P1_ROAD5 = "A3,A1,A11,A9,A7"
# P2's six-road trail S6-S4-P6-P4-L6-L4-L2 (length 6).
P2_ROAD6 = "S5,S3,P5,P3,L5,L3"


# ---------------------------------------------------------------- helpers
def setup_game() -> Game:
    """The fixed opening played out; P1 is to roll in turn 1."""
    return play(new_game("base-dummy", players=2), *SETUP2)


def hands_text(p1=NONE, p2=NONE, d=D_START) -> str:
    return "/".join(",".join(map(str, h)) for h in (p1, p2, d))


def load(base: Game | str, **changes) -> Game:
    """``base``'s position with some fields replaced. Given hands, the bank is recomputed so
    that every resource has 19 cards, D's hand included (BASE-COMP-CARDS)."""
    head, f = position_fields(base, changes)
    if "hands" in changes and "bank" not in changes:
        conserve_bank(f)
    return from_fields(head, f)


def blank(**changes) -> Game:
    """An empty beginner board after setup, in P1's main phase; edit it with ``changes``."""
    base = {"phase": "main", "turn": 4, "active": "P1", "setup": 4, "hands": hands_text()}
    return load(new_game("base-dummy", players=2), **{**base, **changes})


def dummy_turn(**changes) -> Game:
    """Like ``blank`` but D's turn has just begun: its production roll is due."""
    return blank(**{"phase": "dice", "active": "D", "turn": 3, **changes})


def roll(game: Game, white: int, red: int) -> Game:
    """Both dice of the roll in progress, forced."""
    return play(game, f"die white {white}", f"die red {red}")


def h(name: str) -> int:
    return parse_hex(name)


def pass_all_bids(game: Game) -> None:
    while game.state.phase == "bids":
        game.play(f"P{game.current_player + 1} pass")


# Ways the engine may cite "a player acts on D's turn": the rule itself, the off-turn rule,
# or (for the player who is not the bidder) the bidding protocol they must wait for.
OFF_TURN = {"DUMMY-TURN-SEQUENCE", "BASE-TURN-OFFTURN", "DUMMY-TRADE-PROTOCOL"}


# ================================================================ 3.1 Setup
def test_DUMMY_SETUP_SEATS_two_players_and_the_dummy_last():
    """DUMMY-SETUP-SEATS: two players plus D; turn order P1, P2, D."""
    with pytest.raises(ValueError):
        new_game("base-dummy", players=3)
    g = setup_game()
    assert g.state.names == ("P1", "P2", "D")
    assert g.state.dummy == D and g.players == 2
    order = []
    for _ in range(2):  # P1 and P2 roll a 12 (hex D: P1's D4 takes a grain) and end
        order.append((g.state.active, g.state.turn))
        play(g, "roll", "die white 6", "die red 6", "end")
    order.append((g.state.active, g.state.turn))
    assert g.current_player == CHANCE  # D decides nothing; its roll is a chance event
    roll(g, 6, 6)
    pass_all_bids(g)
    g.play("die dev 1")
    order.append((g.state.active, g.state.turn))
    assert order == [(0, 1), (1, 2), (D, 3), (0, 4)]
    assert g.state.phase == "pre-roll"


def test_DUMMY_SETUP_SEATS_first_player_rolloff_keeps_the_dummy_last():
    """DUMMY-SETUP-SEATS with BASE-SETUP-FIRST-PLAYER: the winner becomes P1, the other player
    P2, and D stays last with its own colour."""
    g = new_game("base-dummy", players=2, rolloff=True)
    assert g.colors == ("red", "blue", "white")
    play(g, "die white 1", "die red 1", "die white 6", "die red 6")  # blue rolls 12 and wins
    assert g.state.phase == "setup-settle"
    assert g.colors == ("blue", "red", "white")


def test_DUMMY_SETUP_HAND_two_of_each_resource_face_up():
    """DUMMY-SETUP-HAND: D starts with 2 cards of each resource from the bank, face up."""
    g = new_game("base-dummy", players=2)
    assert hand(g, D) == (2, 2, 2, 2, 2)
    assert g.state.bank == (17, 17, 17, 17, 17)
    assert "hands=0,0,0,0,0/0,0,0,0,0/2,2,2,2,2" in g.position()
    # Face up: every viewer's observation shows D's cards; P2's stay hidden from P1.
    for viewer in (0, 1, None):
        seats = {x["seat"]: x for x in g.observation(viewer)["seats"]}
        assert seats["D"]["hand"] == [2, 2, 2, 2, 2]
    assert {x["seat"]: x for x in g.observation(0)["seats"]}["P2"]["hand"] is None
    # Dealt once: setup pays only the players' second settlements, D's hand stays as dealt.
    g = setup_game()
    assert hand(g, D) == (2, 2, 2, 2, 2)
    assert g.state.bank == (15, 15, 17, 16, 16)
    # The 95 cards are conserved with D's 10 counted: a bank of 19s is refused.
    with pytest.raises(PositionError):
        load(g, bank="19,19,19,19,19")


def test_DUMMY_SETUP_NOTHING_ON_BOARD_no_pieces_production_or_points():
    """DUMMY-SETUP-NOTHING-ON-BOARD: D has no pieces, never produces, has no VP."""
    g = setup_game()
    s = g.state
    assert D not in s.vowner and D not in s.eowner
    assert (s.settlements[D], s.cities[D], s.roads[D]) == (0, 0, 0)
    for field, value in (("settlements", "-/-/H8"), ("roads", "-/-/H7")):
        with pytest.raises(PositionError):
            blank(**{field: value})
    # A 6 on D's own turn pays the buildings on E (hills) and R (fields), never D.
    g = dummy_turn(settlements="A4/-/-", cities="-/R6/-")
    roll(g, 3, 3)
    assert hand(g, 0) == (1, 0, 0, 0, 0)
    assert hand(g, 1) == (0, 0, 0, 2, 0)
    assert hand(g, D) == D_START
    # No VP even while holding both special cards; P1 does not score them either.
    g = blank(
        settlements="A4/-/-",
        roads=f"{P1_ROAD5}/-/-",
        longest="D",
        droad=6,
        army="D",
        knights="3,0,4",
        deck="11,5,2,2,2",
    )
    assert g.victory_points(D) == 0
    assert g.victory_points(0) == 1


def test_DUMMY_SETUP_NOTHING_ON_BOARD_position_with_a_dummy_city_is_refused():
    """DUMMY-SETUP-NOTHING-ON-BOARD: D never has pieces, cities included."""
    with pytest.raises(PositionError):
        blank(cities="-/-/H8")


def test_DUMMY_SETUP_PLACEMENT_snake_order_and_nothing_for_the_dummy():
    """DUMMY-SETUP-PLACEMENT: setup order P1, P2, P2, P1; D places nothing."""
    g = new_game("base-dummy", players=2)
    placers = []
    for a in SETUP2:
        if g.state.phase == "setup-settle":
            placers.append(g.state.active)
        g.play(a)
    assert placers == [0, 1, 1, 0]
    # After P2's first placement it is P2 again, not P1 (P1, P2, P1, P2 would be wrong).
    g = play(new_game("base-dummy", players=2), *SETUP2[:4])
    assert g.state.active == 1 and g.state.phase == "setup-settle"
    assert_illegal(g, "P1 settle G6", "BASE-TURN-OFFTURN")
    play(g, *SETUP2[4:])
    # Setup ends after four placements with P1 to roll: D placed nothing and got nothing.
    assert g.state.phase == "pre-roll" and g.state.active == 0 and g.state.turn == 1
    assert g.state.settlements == (2, 2, 0) and g.state.roads == (2, 2, 0)
    assert hand(g, 0) == (1, 1, 0, 1, 0) and hand(g, 1) == (1, 1, 0, 0, 1)
    assert hand(g, D) == D_START


# ================================================================ 3.2 The dummy's turn
def test_DUMMY_TURN_SEQUENCE_roll_trade_card_die_and_nobody_else_acts():
    """DUMMY-TURN-SEQUENCE: roll, trading window, development die; nobody builds, trades with
    the bank or plays development cards on D's turn."""
    g = blank(
        active="P2", settlements="A4/G6/-", roads="A3/G5/-",
        hands=hands_text((4, 1, 1, 1, 1), (1, 1, 1, 1, 1)),
        dev=hands_text((1, 0, 0, 0, 0), NONE, NONE), deck="13,5,2,2,2",
    )  # fmt: skip
    g.play("P2 end")
    phases = [(g.state.phase, g.state.active)]
    assert_illegal(g, "P1 roll", "BASE-CHANCE-EVENTS")  # nobody rolls as a decision
    roll(g, 6, 6)  # 12: no building on hex D, nothing produced
    phases.append((g.state.phase, g.state.active))
    # In the trading window only bids and passes exist.
    assert {type(a) for a in g.legal_actions()} == {Bid, Pass}
    assert {a.player for a in g.legal_actions()} == {0}
    for text in (
        "P1 road A5",
        "P1 bank 4 brick for ore",
        "P1 knight",
        "P1 end",
        "P1 offer P2 1 brick for 1 wool",
        "P2 road G3",
        "P2 end",
    ):
        assert_illegal(g, text, OFF_TURN)
    play(g, "P1 pass", "P2 pass")
    phases.append((g.state.phase, g.state.active))
    for text in ("P1 road A5", "P1 knight", "P1 bank 4 brick for ore", "P1 roll"):
        assert_illegal(g, text, "BASE-CHANCE-EVENTS")
    g.play("die dev 2")
    phases.append((g.state.phase, g.state.active))
    assert phases == [("dice", D), ("bids", D), ("dev-die", D), ("pre-roll", 0)]
    assert hand(g, 0) == (4, 1, 1, 1, 1) and hand(g, D) == D_START


def test_DUMMY_ROLL_players_produce_the_dummy_never():
    """DUMMY-ROLL: a player rolls two dice for D (chance); players produce, D never does."""
    g = blank(active="P2", settlements="A4/-/-", cities="-/R6/-")
    g.play("P2 end")
    assert g.state.phase == "dice" and g.state.active == D
    assert g.current_player == CHANCE
    assert [p.player for p in g.pending] == [-1]
    assert g.explain("die white 3").rule == "DUMMY-ROLL"
    assert sorted(str(a) for a, _ in g.chance_outcomes()) == [f"die white {v}" for v in range(1, 7)]
    assert [w for _, w in g.chance_weights()] == [1] * 6
    bank = g.state.bank
    roll(g, 3, 3)  # 6: E (hills, P1's A4) and R (fields, P2's city R6)
    assert g.state.dice == (3, 3)
    assert hand(g, 0) == (1, 0, 0, 0, 0)
    assert hand(g, 1) == (0, 0, 0, 2, 0)
    assert hand(g, D) == D_START
    assert g.state.bank == (bank[0] - 1, bank[1], bank[2], bank[3] - 2, bank[4])


def test_DUMMY_SEVEN_DISCARD_players_discard_the_dummy_never():
    """DUMMY-SEVEN-DISCARD: on any 7 players over 7 cards discard half; D never discards."""
    big = (4, 4, 4, 2, 2)  # D holds 16 cards
    # On D's turn: P1 (8 cards) owes 4, P2 (7) nothing, D nothing.
    g = dummy_turn(hands=hands_text((2, 2, 2, 2, 0), (1, 2, 2, 2, 0), big))
    roll(g, 3, 4)
    assert g.state.phase == "discard"
    assert g.state.discards == (4, 0, 0)
    assert [p.player for p in g.pending] == [0]
    g.play("P1 discard 2 brick, 2 lumber")
    assert hand(g, 0) == (0, 0, 2, 2, 0) and hand(g, D) == big
    assert g.state.phase == "tiebreak"  # the robber is next (E, L, M, R tie on pips)
    # On a player's turn: only D is over 7, so nobody discards and P1 moves the robber.
    g = blank(phase="pre-roll", hands=hands_text((1, 1, 1, 0, 0), NONE, big))
    play(g, "P1 roll", "die white 3", "die red 4")
    assert g.state.discards == (0, 0, 0)
    assert g.state.phase == "robber" and hand(g, D) == big
    # ... and P2 over 7 discards while D keeps everything.
    g = blank(phase="pre-roll", hands=hands_text(NONE, (2, 2, 2, 2, 1), big))
    play(g, "P1 roll", "die white 3", "die red 4")
    assert g.state.discards == (0, 4, 0)
    g.play("P2 discard 2 brick, 2 lumber")
    assert hand(g, D) == big and g.state.phase == "robber"


def test_DUMMY_ROBBER_TARGET_most_cities_first():
    """DUMMY-ROBBER-TARGET: the hex with the most cities, before settlements and pips."""
    # B (2, 1 pip): P1's city B12. R (6, 5 pips): P2's settlements R6 and O6.
    g = dummy_turn(
        cities="B12/-/-",
        settlements="-/R6,O6/-",
        hands=hands_text((0, 0, 1, 0, 0), (1, 0, 0, 0, 0)),
    )
    roll(g, 3, 4)
    assert HEX_NAMES[g.state.robber] == "B"
    assert g.state.phase == "steal" and g.state.victim == 0


def test_DUMMY_ROBBER_TARGET_then_most_settlements_of_every_colour():
    """DUMMY-ROBBER-TARGET: among equal cities, most settlements; every colour counts."""
    # B (1 pip) has P1's B12 and P2's B4: two settlements of two colours.
    # R (5 pips) has P1's R6 alone. Counting one colour per hex would pick R on pips.
    g = dummy_turn(settlements="B12,R6/B4/-", hands=hands_text((0, 0, 1, 0, 0), NONE))
    roll(g, 3, 4)
    assert HEX_NAMES[g.state.robber] == "B"


def test_DUMMY_ROBBER_TARGET_then_most_pips():
    """DUMMY-ROBBER-TARGET: among equal cities and settlements, the most pips."""
    # One settlement each on D (1), E (5), I (2) from D4 and on H (4) from H8.
    g = dummy_turn(settlements="D4/H8/-")
    roll(g, 3, 4)
    assert HEX_NAMES[g.state.robber] == "E"


def test_DUMMY_ROBBER_TARGET_rolloff_in_label_order_highest_wins():
    """DUMMY-ROBBER-TARGET: a full tie goes to a roll-off (BASE-CHANCE-ROLLOFF), one die per
    hex in label order, highest wins, only the tied roll again."""
    g = dummy_turn()  # empty board: E, L, M, R tie on 5 pips
    roll(g, 3, 4)
    E, L, M, R = (h(x) for x in "ELMR")
    assert g.state.phase == "tiebreak"
    assert g.state.tiebreak == ("robber", (E, L, M, R), ())
    assert g.explain("die tiebreak 3").rule == "DUMMY-ROBBER-TARGET"
    assert [p.player for p in g.pending] == [-1] and "E rolls" in g.pending[0].decision
    play(g, "die tiebreak 3", "die tiebreak 5", "die tiebreak 5", "die tiebreak 2")
    assert g.state.tiebreak == ("robber", (L, M), ())
    assert g.state.robber == h("J")  # not moved yet
    play(g, "die tiebreak 2", "die tiebreak 4")
    assert g.state.robber == M
    assert g.state.tiebreak == ()
    assert g.state.phase == "dev-die"  # nobody to rob, nobody can bid


def test_DUMMY_ROBBER_CANDIDATES_not_the_desert():
    """DUMMY-ROBBER-CANDIDATES: the desert never gets D's robber."""
    # Three settlements on the desert J's corners; every other hex has at most one.
    g = dummy_turn(robber="A", settlements="E4,I4/J4/-")
    roll(g, 3, 4)
    assert HEX_NAMES[g.state.robber] == "E"  # 1 settlement and 5 pips, J excluded


def test_DUMMY_ROBBER_CANDIDATES_not_the_robbers_hex():
    """DUMMY-ROBBER-CANDIDATES: the robber's current hex is never a candidate."""
    # The robber sits on B, which has the only city: D moves it to R (1 settlement).
    g = dummy_turn(robber="B", cities="B12/-/-", settlements="-/R6/-")
    roll(g, 3, 4)
    assert HEX_NAMES[g.state.robber] == "R"
    # Empty board with the robber on E: the pip tie is L, M, R only.
    g = dummy_turn(robber="E")
    roll(g, 3, 4)
    assert g.state.tiebreak == ("robber", (h("L"), h("M"), h("R")), ())


def test_DUMMY_STEAL_TARGET_more_cities_loses_and_steal_is_uniform():
    """DUMMY-STEAL-TARGET: of two players on the hex, more cities loses; the card is random
    (uniform) and goes into D's hand."""
    # On B: P1's city B12; P2's settlements B4 and A4 (more buildings, fewer cities).
    g = dummy_turn(
        cities="B12/-/-",
        settlements="-/B4,A4/-",
        hands=hands_text((3, 0, 0, 0, 1), (0, 0, 4, 0, 0)),
    )
    roll(g, 3, 4)
    assert HEX_NAMES[g.state.robber] == "B"
    assert g.state.phase == "steal" and g.state.victim == 0
    assert {str(a): w for a, w in g.chance_outcomes()} == {"steal brick": 0.75, "steal ore": 0.25}
    bank = g.state.bank
    g.play("steal ore")
    assert hand(g, 0) == (3, 0, 0, 0, 0)
    assert hand(g, D) == (2, 2, 2, 2, 3)
    assert hand(g, 1) == (0, 0, 4, 0, 0) and g.state.bank == bank


def test_DUMMY_STEAL_TARGET_then_more_settlements_loses():
    """DUMMY-STEAL-TARGET: equal cities, more settlements on the hex loses."""
    # On B: P2's B12 and A4, P1's B4. Seat order alone would pick P1.
    g = dummy_turn(settlements="B4/B12,A4/-", hands=hands_text((1, 0, 0, 0, 0), (0, 1, 0, 0, 0)))
    roll(g, 3, 4)
    assert HEX_NAMES[g.state.robber] == "B"
    assert g.state.phase == "steal" and g.state.victim == 1


@pytest.mark.parametrize(("p1_die", "p2_die", "victim"), [(5, 2, 1), (2, 5, 0)])
def test_DUMMY_STEAL_TARGET_rolloff_lowest_loses(p1_die, p2_die, victim):
    """DUMMY-STEAL-TARGET: equal buildings: both roll one die, the lower loses; re-roll on a
    draw."""
    g = dummy_turn(settlements="B12/B4/-", hands=hands_text((1, 0, 0, 0, 0), (0, 1, 0, 0, 0)))
    roll(g, 3, 4)
    assert HEX_NAMES[g.state.robber] == "B"
    assert g.state.phase == "tiebreak" and g.state.tiebreak == ("steal", (0, 1), ())
    assert g.explain("die tiebreak 1").rule == "DUMMY-STEAL-TARGET"
    play(g, "die tiebreak 4", "die tiebreak 4")  # a draw: both roll again
    assert g.state.tiebreak == ("steal", (0, 1), ())
    play(g, f"die tiebreak {p1_die}", f"die tiebreak {p2_die}")
    assert g.state.phase == "steal" and g.state.victim == victim


def test_DUMMY_STEAL_EMPTY_selected_player_without_cards_passes_to_the_other():
    """DUMMY-STEAL-EMPTY: the selected player has no cards: D robs the other player."""
    # P1 has the city on B (would lose) but no cards; P2 is on B too.
    g = dummy_turn(
        cities="B12/-/-", settlements="-/B4,A4/-", hands=hands_text(NONE, (0, 0, 1, 0, 0))
    )
    roll(g, 3, 4)
    assert g.state.phase == "steal" and g.state.victim == 1
    g.play("steal wool")
    assert hand(g, 1) == NONE and hand(g, D) == (2, 2, 3, 2, 2)


def test_DUMMY_STEAL_EMPTY_at_the_rolloff_step_too():
    """DUMMY-STEAL-EMPTY: applies at every step: no roll-off against an empty hand."""
    g = dummy_turn(settlements="B12/B4/-", hands=hands_text(NONE, (0, 1, 0, 0, 0)))
    roll(g, 3, 4)
    assert g.state.phase == "steal" and g.state.victim == 1
    assert g.state.tiebreak == ()


def test_DUMMY_STEAL_EMPTY_nobody_else_on_the_hex_nothing_stolen():
    """DUMMY-STEAL-EMPTY: the other player is robbed only with a building on the hex."""
    # Only P1 (empty hand) is on B; P2 holds cards but builds only on R.
    g = dummy_turn(cities="B12/-/-", settlements="-/R6/-", hands=hands_text(NONE, (0, 0, 1, 0, 0)))
    roll(g, 3, 4)
    assert HEX_NAMES[g.state.robber] == "B"
    assert g.state.phase == "bids"  # straight to trading: no steal
    assert hand(g, 1) == (0, 0, 1, 0, 0) and hand(g, D) == D_START


def test_DUMMY_IMMUNE_players_robber_and_knight_never_rob_the_dummy():
    """DUMMY-IMMUNE: a player's robber or Knight cannot steal from D (no buildings)."""
    g = blank(
        phase="pre-roll",
        settlements="-/B4/-",
        hands=hands_text((1, 0, 0, 0, 0), (0, 1, 0, 0, 0)),
        dev=hands_text((1, 0, 0, 0, 0), NONE, NONE),
        deck="13,5,2,2,2",
    )
    for start in (("P1 roll", "die white 3", "die red 4"), ("P1 knight",)):
        g2 = load(g)
        play(g2, *start)
        assert g2.state.phase == "robber"
        moves = [a for a in g2.legal_actions() if isinstance(a, MoveRobber)]
        assert moves and {a.victim for a in moves} == {-1, 1}
        assert_illegal(g2, MoveRobber(0, h("B"), D), "BASE-ROBBER-STEAL")
        assert_illegal(g2, MoveRobber(0, h("L"), D), "BASE-ROBBER-STEAL")
        assert hand(g2, D) == D_START


def test_DUMMY_IMMUNE_players_monopoly_skips_the_dummy():
    """DUMMY-IMMUNE: a player's Monopoly takes nothing from D."""
    g = blank(
        hands=hands_text(NONE, (0, 0, 0, 1, 3)),
        dev=hands_text((0, 0, 0, 0, 1), NONE, NONE),
        deck="14,5,2,2,1",
    )
    g.play("P1 monopoly ore")
    assert hand(g, 0) == (0, 0, 0, 0, 3)
    assert hand(g, 1) == (0, 0, 0, 1, 0)
    assert hand(g, D) == D_START


# ================================================================ 3.3 Trading with the dummy
def test_DUMMY_TRADE_WINDOW_only_on_the_dummys_turn():
    """DUMMY-TRADE-WINDOW: players trade with D only on D's turn."""
    g = blank(hands=hands_text((1, 1, 1, 1, 1), (1, 1, 1, 1, 1)))
    assert_illegal(g, "P1 bid 1 brick for ore", "DUMMY-TRADE-WINDOW")
    assert not any(isinstance(a, Bid | Pass) for a in g.legal_actions())
    g = blank(phase="pre-roll", hands=hands_text((1, 1, 1, 1, 1), (1, 1, 1, 1, 1)))
    assert_illegal(g, "P1 bid 1 brick for ore", "DUMMY-TRADE-WINDOW")


def test_DUMMY_TRADE_WINDOW_one_trade_one_card_per_dummy_turn():
    """DUMMY-TRADE-WINDOW: at most one trade per D turn, and D gives exactly one card."""
    g = dummy_turn(hands=hands_text((3, 1, 0, 0, 0), (1, 1, 0, 0, 0)))
    roll(g, 6, 6)
    play(g, "P1 bid 2 brick, 1 lumber for wool", "P2 bid 1 brick for ore")
    assert hand(g, 0) == (1, 0, 1, 0, 0)  # gave 3, got exactly 1
    assert hand(g, 1) == (1, 1, 0, 0, 0)  # the losing bid trades nothing
    assert hand(g, D) == (4, 3, 1, 2, 2)
    assert sum(hand(g, D)) == 10 + 3 - 1
    assert g.state.phase == "dev-die"
    assert_illegal(g, "P2 bid 1 brick for ore", None)  # the window is closed
    g.play("die dev 6")
    g.play("die card 4")  # nothing to take: the turn ends, still no second trade
    assert g.state.active == 0 and hand(g, 1) == (1, 1, 0, 0, 0)


def test_DUMMY_TRADE_SINGLE_one_bidder_trades_cards_for_one_card():
    """DUMMY-TRADE-SINGLE: one player wants to trade: they give 1+ cards, take 1 of their
    choice from D."""
    g = dummy_turn(hands=hands_text((1, 1, 1, 1, 1), (2, 0, 0, 0, 1)))
    roll(g, 6, 6)
    g.play("P1 pass")
    assert_illegal(g, Bid(1, NONE, 2), "DUMMY-TRADE-SINGLE")  # gives nothing
    g.play("P2 bid 2 brick, 1 ore for wool")
    assert hand(g, 1) == (0, 0, 1, 0, 0)
    assert hand(g, D) == (4, 2, 1, 2, 3)
    assert hand(g, 0) == (1, 1, 1, 1, 1)
    assert g.state.phase == "dev-die"
    # P2 cannot bid (no cards): P1's lone bid is carried out at once.
    g = dummy_turn(hands=hands_text((0, 0, 0, 1, 0), NONE))
    roll(g, 6, 6)
    g.play("P1 bid 1 grain for ore")
    assert hand(g, 0) == (0, 0, 0, 0, 1) and hand(g, D) == (2, 2, 2, 3, 1)


@pytest.mark.parametrize(("bid1", "bid2", "after"), [
    ("1 brick for ore", "1 brick, 1 lumber for wool", ((2, 2, 0, 0, 0), (1, 1, 1, 0, 0))),
    ("2 brick, 1 lumber for wool", "1 lumber, 1 brick for ore",
     ((0, 1, 1, 0, 0), (2, 2, 0, 0, 0))),
])  # fmt: skip
def test_DUMMY_TRADE_BID_more_cards_wins_loser_trades_nothing(bid1, bid2, after):
    """DUMMY-TRADE-BID: both bid: more cards wins and must trade; the loser trades nothing."""
    g = dummy_turn(hands=hands_text((2, 2, 0, 0, 0), (2, 2, 0, 0, 0)))
    roll(g, 6, 6)
    play(g, f"P1 bid {bid1}", f"P2 bid {bid2}")
    assert (hand(g, 0), hand(g, 1)) == after
    assert sum(hand(g, D)) == 10 + 8 - sum(map(sum, after))
    assert hand(g, D)[2] == 1  # D gave its wool, nothing else
    assert g.state.phase == "dev-die"


@pytest.mark.parametrize(("p1_die", "p2_die", "winner"), [(5, 2, 0), (2, 5, 1)])
def test_DUMMY_TRADE_BID_equal_bids_rolloff_highest_wins(p1_die, p2_die, winner):
    """DUMMY-TRADE-BID: equal numbers of cards: roll-off, the higher wins; re-roll a draw."""
    g = dummy_turn(hands=hands_text((1, 0, 0, 0, 0), (0, 1, 0, 0, 0)))
    roll(g, 6, 6)
    play(g, "P1 bid 1 brick for ore", "P2 bid 1 lumber for wool")
    assert g.state.phase == "tiebreak" and g.state.tiebreak == ("bid", (0, 1), ())
    assert g.explain("die tiebreak 6").rule == "DUMMY-TRADE-BID"
    assert hand(g, 0) == (1, 0, 0, 0, 0) and hand(g, 1) == (0, 1, 0, 0, 0)  # nothing yet
    play(g, "die tiebreak 3", "die tiebreak 3")
    assert g.state.tiebreak == ("bid", (0, 1), ())
    play(g, f"die tiebreak {p1_die}", f"die tiebreak {p2_die}")
    if winner == 0:
        assert hand(g, 0) == (0, 0, 0, 0, 1) and hand(g, 1) == (0, 1, 0, 0, 0)
        assert hand(g, D) == (3, 2, 2, 2, 1)
    else:
        assert hand(g, 0) == (1, 0, 0, 0, 0) and hand(g, 1) == (0, 0, 1, 0, 0)
        assert hand(g, D) == (2, 3, 1, 2, 2)
    assert g.state.phase == "dev-die"


def test_DUMMY_TRADE_PROTOCOL_seat_order_sealed_binding_bids():
    """DUMMY-TRADE-PROTOCOL: in seat order each player passes or submits one sealed bid;
    bids are revealed together and binding."""
    g = dummy_turn(hands=hands_text((2, 1, 0, 0, 0), (0, 0, 2, 1, 0)))
    roll(g, 6, 6)
    assert [p.player for p in g.pending] == [0]
    assert_illegal(g, "P2 bid 1 wool for ore", "DUMMY-TRADE-PROTOCOL")  # P1 answers first
    assert_illegal(g, "P2 pass", "DUMMY-TRADE-PROTOCOL")
    g.play("P1 bid 2 brick for ore")
    # Sealed: nothing is carried out until every player has answered.
    assert g.state.phase == "bids" and [p.player for p in g.pending] == [1]
    assert hand(g, 0) == (2, 1, 0, 0, 0) and hand(g, D) == D_START
    # Binding: P1 can neither withdraw nor bid again.
    assert_illegal(g, "P1 pass", "DUMMY-TRADE-PROTOCOL")
    assert_illegal(g, "P1 bid 1 lumber for ore", "DUMMY-TRADE-PROTOCOL")
    g.play("P2 pass")
    assert hand(g, 0) == (0, 1, 0, 0, 1)


def test_DUMMY_TRADE_PROTOCOL_what_a_bid_may_offer_and_ask():
    """DUMMY-TRADE-PROTOCOL: a bid offers only cards its bidder holds, asks for a kind D holds,
    and never asks for a kind it offers."""
    g = dummy_turn(hands=hands_text((2, 1, 0, 0, 0), NONE, (2, 2, 0, 2, 2)))
    roll(g, 6, 6)
    assert_illegal(g, "P1 bid 3 brick for ore", "DUMMY-TRADE-PROTOCOL")  # holds 2
    assert_illegal(g, "P1 bid 1 grain for ore", "DUMMY-TRADE-PROTOCOL")  # holds none
    assert_illegal(g, "P1 bid 1 brick for wool", "DUMMY-TRADE-PROTOCOL")  # D has no wool
    assert_illegal(g, "P1 bid 1 brick, 1 lumber for brick", "DUMMY-TRADE-PROTOCOL")
    assert_legal(g, "P1 bid 2 brick, 1 lumber for ore", "DUMMY-TRADE-BID", listed=False)


def test_DUMMY_TRADE_PROTOCOL_players_who_cannot_bid_pass_automatically():
    """DUMMY-TRADE-PROTOCOL: a player who cannot make any bid is passed; if nobody can, the
    trading window is skipped."""
    # P1 has no cards: P2 is asked at once.
    g = dummy_turn(hands=hands_text(NONE, (0, 0, 1, 0, 0)))
    roll(g, 6, 6)
    assert g.state.phase == "bids" and [p.player for p in g.pending] == [1]
    assert g.state.bids[0] == ()
    # P1 holds only wool and D only wool: no legal bid for P1 either.
    g = dummy_turn(hands=hands_text((0, 0, 1, 0, 0), (1, 0, 0, 0, 0), (0, 0, 3, 0, 0)))
    roll(g, 6, 6)
    assert [p.player for p in g.pending] == [1]
    # Nobody can bid: straight to the development die.
    g = dummy_turn(hands=hands_text(NONE, NONE))
    roll(g, 6, 6)
    assert g.state.phase == "dev-die"


# ================================================================ 3.4 The development die
@pytest.mark.parametrize("face", [1, 2, 3, 4, 5])
def test_DUMMY_DEV_DIE_one_to_five_ends_the_turn(face):
    """DUMMY-DEV-DIE: after trading a die: 1-5 ends D's turn."""
    g = dummy_turn(
        phase="dev-die",
        settlements="A4/-/-",
        roads=f"{P1_ROAD5}/-/-",
        longest="P1",
        hands=hands_text((1, 1, 1, 1, 1), (1, 0, 0, 0, 0)),
    )
    assert g.explain(f"die dev {face}").rule == "DUMMY-DEV-DIE"
    assert sorted(str(a) for a, _ in g.chance_outcomes()) == [f"die dev {v}" for v in range(1, 7)]
    assert [w for _, w in g.chance_weights()] == [1] * 6
    before = g.state
    g.play(f"die dev {face}")
    s = g.state
    assert (s.phase, s.active, s.turn) == ("pre-roll", 0, 4)
    assert s.hands == before.hands and s.robber == before.robber
    assert s.longest == 0 and s.road_len[D] == 0


def test_DUMMY_DEV_DIE_six_rolls_for_the_card():
    """DUMMY-DEV-DIE: a 6 rolls again for the card: 1-3 Knight, 4 Longest Road, 5 Largest
    Army, 6 Monopoly."""
    g = dummy_turn(phase="dev-die")
    g.play("die dev 6")
    assert g.state.phase == "card-die" and g.state.active == D
    assert g.explain("die card 4").rule == "DUMMY-DEV-DIE"
    assert sorted(str(a) for a, _ in g.chance_outcomes()) == [f"die card {v}" for v in range(1, 7)]
    nxt = {}
    for face in range(1, 7):
        g2 = load(g)
        g2.play(f"die card {face}")
        nxt[face] = g2.state.phase
    # 1-3 Knight: the robber (a tiebreak on the empty board); 4, 5: nothing to take, the turn
    # ends; 6 Monopoly: its resource die.
    assert nxt == {
        1: "tiebreak",
        2: "tiebreak",
        3: "tiebreak",
        4: "pre-roll",
        5: "pre-roll",
        6: "resource-die",
    }


@pytest.mark.parametrize("face", [1, 2, 3])
def test_DUMMY_DEV_KNIGHT_robber_and_steal_without_discards(face):
    """DUMMY-DEV-KNIGHT: the robber by DUMMY-ROBBER-TARGET, the steal by DUMMY-STEAL-TARGET,
    no discards."""
    # B has the only city (P1's, P1 holds 1 ore); P2 holds 9 cards on R.
    p2 = (2, 2, 2, 2, 1)
    g = dummy_turn(
        phase="dev-die",
        cities="B12/-/-",
        settlements="-/R6/-",
        hands=hands_text((0, 0, 0, 0, 1), p2),
    )
    play(g, "die dev 6", f"die card {face}")
    assert HEX_NAMES[g.state.robber] == "B"
    assert g.state.phase == "steal" and g.state.victim == 0
    assert g.state.discards == (0, 0, 0)
    g.play("steal ore")
    assert hand(g, 0) == NONE and hand(g, D) == (2, 2, 2, 2, 3) and hand(g, 1) == p2
    assert (g.state.phase, g.state.active) == ("pre-roll", 0)


@pytest.mark.parametrize(("army", "knights"), [("P1", "3,0,0"), ("D", "3,0,4"), ("-", "2,0,0")])
def test_DUMMY_DEV_KNIGHT_ARMY_dummy_knights_do_not_count(army, knights):
    """DUMMY-DEV-KNIGHT-ARMY: D's Knights are not counted for Largest Army."""
    g = dummy_turn(
        phase="dev-die",
        cities="B12/-/-",
        army=army,
        knights=knights,
        deck=f"{14 - int(knights[0])},5,2,2,2",
    )
    before = g.state
    play(g, "die dev 6", "die card 1")
    assert HEX_NAMES[g.state.robber] == "B"  # the Knight was played (nothing to steal)
    assert (g.state.phase, g.state.active) == ("pre-roll", 0)
    assert g.state.knights == before.knights
    assert g.state.army == before.army


@pytest.mark.parametrize(("holder", "p2_roads", "length"), [
    ("P1", P2_ROAD6[:11], 5),  # P2: S5,S3,P5,P3 (4)
    ("P2", P2_ROAD6, 6),
])  # fmt: skip
def test_DUMMY_DEV_LONGEST_ROAD_dummy_takes_it_one_longer(holder, p2_roads, length):
    """DUMMY-DEV-LONGEST-ROAD: a player holds the card: D takes it with a road 1 longer."""
    g = dummy_turn(
        phase="dev-die", settlements="A4/S6/-", roads=f"{P1_ROAD5}/{p2_roads}/-", longest=holder
    )
    p = int(holder[1]) - 1
    assert max(g.state.road_len[:2]) == g.state.road_len[p] == length
    vp = g.victory_points(p)
    play(g, "die dev 6", "die card 4")
    assert g.state.longest == D
    assert g.state.road_len[D] == length + 1
    assert f"droad={length + 1}" in g.position()
    assert g.victory_points(p) == vp - 2
    assert (g.state.phase, g.state.active) == ("pre-roll", 0)


def test_DUMMY_DEV_LONGEST_ROAD_nobody_or_dummy_holds_nothing_happens():
    """DUMMY-DEV-LONGEST-ROAD: nobody holds the card, or D does: nothing happens and D's
    number does not grow."""
    g = dummy_turn(phase="dev-die", settlements="A4/-/-", roads="A3,A1,A11,A9/-/-")
    play(g, "die dev 6", "die card 4")
    assert g.state.longest == -1 and g.state.road_len[D] == 0
    g = dummy_turn(
        phase="dev-die", settlements="A4/-/-", roads=f"{P1_ROAD5}/-/-", longest="D", droad=7
    )
    play(g, "die dev 6", "die card 4")
    assert g.state.longest == D and g.state.road_len[D] == 7


@pytest.mark.parametrize(
    ("holder", "knights", "after"), [("P1", "4,0,0", (4, 0, 5)), ("P2", "2,3,0", (2, 3, 4))]
)
def test_DUMMY_DEV_LARGEST_ARMY_dummy_takes_it_one_larger(holder, knights, after):
    """DUMMY-DEV-LARGEST-ARMY: a player holds the card: D takes it with 1 more Knight."""
    played = sum(int(k) for k in knights.split(",")[:2])
    g = dummy_turn(phase="dev-die", army=holder, knights=knights, deck=f"{14 - played},5,2,2,2")
    p = int(holder[1]) - 1
    vp = g.victory_points(p)
    play(g, "die dev 6", "die card 5")
    assert g.state.army == D
    assert g.state.knights == after
    assert g.victory_points(p) == vp - 2
    assert (g.state.phase, g.state.active) == ("pre-roll", 0)


def test_DUMMY_DEV_LARGEST_ARMY_nobody_or_dummy_holds_nothing_happens():
    """DUMMY-DEV-LARGEST-ARMY: nobody holds it, or D does: nothing changes."""
    g = dummy_turn(phase="dev-die", knights="2,2,0", deck="10,5,2,2,2")
    play(g, "die dev 6", "die card 5")
    assert g.state.army == -1 and g.state.knights == (2, 2, 0)
    g = dummy_turn(phase="dev-die", army="D", knights="3,0,5", deck="11,5,2,2,2")
    play(g, "die dev 6", "die card 5")
    assert g.state.army == D and g.state.knights == (3, 0, 5)


def test_DUMMY_AWARD_RECLAIM_road_player_needs_more_than_the_dummys_number():
    """DUMMY-AWARD-RECLAIM: D's road number competes as D's length: a tie leaves the card with
    D, more takes it back, and D's number is dropped."""
    g = blank(
        settlements="A4/-/-",
        roads=f"{P1_ROAD5}/-/-",
        longest="D",
        droad=6,
        hands=hands_text((2, 2, 0, 0, 0), (1, 1, 0, 0, 0)),
    )
    vp = g.victory_points(0)
    g.play("P1 road D3")  # A6-D4: length 6, equal to D's number
    assert g.state.road_len[0] == 6
    assert g.state.longest == D and g.state.road_len[D] == 6
    g.play("P1 road D5")  # D4-D6: length 7
    assert g.state.road_len[0] == 7
    assert g.state.longest == 0
    assert g.state.road_len[D] == 0  # dropped with the card
    assert g.victory_points(0) == vp + 2


def test_DUMMY_AWARD_RECLAIM_dummys_number_never_changes_otherwise():
    """DUMMY-AWARD-RECLAIM: D's number never changes otherwise (D's road cannot be cut)."""
    # P2 settles A8 in the middle of P1's trail: P1's length drops to 4, D's stays 6.
    g = blank(
        active="P2",
        settlements="A4/D8/-",
        roads=f"{P1_ROAD5}/D9/-",
        longest="D",
        droad=6,
        hands=hands_text(NONE, (2, 2, 1, 1, 0)),
    )
    play(g, "P2 road D11", "P2 settle A8")
    assert g.state.road_len[0] == 4
    assert g.state.longest == D and g.state.road_len[D] == 6
    g.play("P2 end")
    assert g.state.longest == D and g.state.road_len[D] == 6


@pytest.mark.parametrize("card", ["road", "army"])
def test_DUMMY_AWARD_RECLAIM_no_number_without_the_card(card):
    """DUMMY-AWARD-RECLAIM: D's number exists only while D holds the card (it is dropped when
    D loses it), so D can never win a card through the award procedure."""
    if card == "road":
        fields = {
            "settlements": "A4/-/-",
            "roads": f"{P1_ROAD5}/-/-",
            "longest": "P1",
            "droad": 6,
            "hands": hands_text((1, 1, 0, 0, 0)),
        }
        move = "P1 road D11"  # a branch at A8: P1's length stays 5
    else:
        fields = {
            "phase": "pre-roll",
            "army": "P1",
            "knights": "3,0,5",
            "deck": "10,5,2,2,2",
            "dev": hands_text((1, 0, 0, 0, 0), NONE, NONE),
        }
        move = "P1 knight"  # P1: 4 Knights
    try:
        g = blank(**fields)
    except PositionError:
        return  # refusing the stale number is a fix too
    g.play(move)
    assert (g.state.longest if card == "road" else g.state.army) == 0


@pytest.mark.parametrize(("p1_knights", "holder", "dummy_number"), [(3, D, 4), (4, 0, 0)])
def test_DUMMY_AWARD_RECLAIM_army_player_needs_more_than_the_dummys_number(
    p1_knights, holder, dummy_number
):
    """DUMMY-AWARD-RECLAIM: with Knights: reaching D's number keeps it with D, passing it takes
    the card back and drops D's number."""
    g = blank(
        phase="pre-roll",
        army="D",
        knights=f"{p1_knights},0,4",
        dev=hands_text((1, 0, 0, 0, 0), NONE, NONE),
        deck=f"{13 - p1_knights},5,2,2,2",
        hands=hands_text(NONE, (1, 0, 0, 0, 0)),
    )
    g.play("P1 knight")
    assert g.state.knights[0] == p1_knights + 1
    assert g.state.army == holder
    assert g.state.knights[D] == dummy_number


@pytest.mark.parametrize(
    ("face", "resource"), [(1, "brick"), (2, "grain"), (3, "lumber"), (4, "ore"), (5, "wool")]
)
def test_DUMMY_DEV_MONOPOLY_every_player_gives_all_of_the_rolled_resource(face, resource):
    """DUMMY-DEV-MONOPOLY: 1 brick, 2 grain, 3 lumber, 4 ore, 5 wool, 6 roll again; every
    player gives D all their cards of it."""
    p1, p2 = (1, 2, 3, 4, 5), (0, 0, 1, 3, 0)
    g = dummy_turn(phase="dev-die", hands=hands_text(p1, p2))
    play(g, "die dev 6", "die card 6")
    assert g.state.phase == "resource-die"
    assert g.explain("die resource 6").rule == "DUMMY-DEV-MONOPOLY"
    g.play("die resource 6")  # roll again: nothing happens yet
    assert g.state.phase == "resource-die" and g.state.hands == (p1, p2, D_START)
    bank = g.state.bank
    g.play(f"die resource {face}")
    r = RES.index(resource)
    assert hand(g, 0) == tuple(0 if i == r else x for i, x in enumerate(p1))
    assert hand(g, 1) == tuple(0 if i == r else x for i, x in enumerate(p2))
    assert hand(g, D) == tuple(2 + (p1[i] + p2[i] if i == r else 0) for i in range(5))
    assert g.state.bank == bank
    assert (g.state.phase, g.state.active) == ("pre-roll", 0)


# ================================================================ 3.5 End
def test_DUMMY_WIN_ten_points_wins_on_own_turn():
    """DUMMY-WIN: a player with 10 VP on their own turn wins (BASE-WIN-10)."""
    g = blank(
        settlements="A4,C6,H4/-/-", cities="L2,Q8,S4/-/-", hands=hands_text((0, 0, 0, 2, 3), NONE)
    )
    assert g.victory_points(0) == 9 and not g.is_over()
    g.play("P1 city A4")
    assert g.is_over() and g.winner == 0


def test_DUMMY_WIN_the_dummy_never_wins():
    """DUMMY-WIN: D never wins, whatever it holds; a player at 10 wins as their turn begins."""
    # D holds both special cards: its turn ends and the game goes on.
    g = dummy_turn(
        phase="dev-die",
        settlements="A4/-/-",
        roads=f"{P1_ROAD5}/-/-",
        longest="D",
        droad=6,
        army="D",
        knights="3,0,4",
        deck="11,5,2,2,2",
    )
    assert g.victory_points(D) == 0
    g.play("die dev 1")
    assert not g.is_over() and g.winner is None and g.state.active == 0
    with pytest.raises(PositionError):
        load(g, phase="over", winner="D")
    # P1 at 10 VP during D's turn: P1, not D, wins when P1's turn begins.
    g = dummy_turn(phase="dev-die", settlements="A4,C6/-/-", cities="H4,L2,Q8,S4/-/-")
    assert g.victory_points(0) == 10 and not g.is_over()
    g.play("die dev 3")
    assert g.is_over() and g.winner == 0
