"""One test (at least) per CK2P-* rule of rulebook/rules.md §5 about inheritance, setup, the double
roll, trade tokens and victory (``ck-2p``, Cities & Knights for two), each named after its rule.
Neutral knights and progress cards are tested in ``test_rules_ck2p_knights.py``.

Positions are built by playing real actions (``opening``: a fixed setup on the beginner
board) or by editing the fields of a ``Game.position()`` text (``load``). Chance is forced by
playing its outcome: ``die white 3``, ``die red 4``, ``event ship``, ``progress science crane``.

Parties: P1, P2 are indices 0, 1; the neutrals N1, N2 are 2, 3 (N1 starts on H4, N2 on G6).
Cards are written in the engine's order: brick, lumber, wool, grain, ore, paper, cloth, coin.
The opening (beginner board; hex terrain and number in brackets), no token earned:
    P1: settlement A4 (A mountains 10, B pasture 2, E hills 6), road A3 (A4-A2),
        city D4 (D fields 12, E, I forest 11), road D3 (D4-A6)
    P2: settlement C6 (C forest 9, F pasture 4, G hills 10), road C5 (C6-C4),
        city K6 (K forest 3, O fields 4, P pasture 5), road K5 (K6-K4)
"""

from __future__ import annotations

import pytest
from helpers import (
    assert_illegal,
    assert_legal,
    cards,
    conserve_ck,
    desert_at_a,
    from_fields,
    hand,
    kn,
    play,
    position_fields,
    texts,
)

from catan_tutor import CHANCE, Game, new_game
from catan_tutor.board import (
    CARD_NAMES,
    COASTAL_VERTICES,
    VERTEX_HEXES,
    parse_edge,
    parse_hex,
    parse_vertex,
)
from catan_tutor.progress_cards import CARDS
from catan_tutor.study.editor import edit

# the rules engine alone: left out of the minimum-versions lane (scripts/min_versions.sh)
pytestmark = pytest.mark.engine

P1, P2, N1, N2 = 0, 1, 2, 3
KINDS = CARD_NAMES  # the 8 card kinds of a C&K hand
NONE8 = (0,) * 8
OPENING = (
    "P1 settle A4", "P1 road A3", "P2 settle C6", "P2 road C5",
    "P2 city K6", "P2 road K5", "P1 city D4", "P1 road D3",
)  # fmt: skip
# Only the cities pay in setup: D4 -> brick, lumber, grain; K6 -> lumber, wool, grain.
START_HANDS = ((1, 1, 0, 1, 0, 0, 0, 0), (0, 1, 1, 1, 0, 0, 0, 0))


# ---------------------------------------------------------------- helpers
SETTLEMENT = cards(brick=1, lumber=1, wool=1, grain=1)
ROAD = cards(brick=1, lumber=1)


def opening() -> Game:
    """The fixed opening played out; P1 is to roll in turn 1."""
    return play(new_game("ck-2p", players=2), *OPENING)


def hands(p1=NONE8, p2=NONE8) -> str:
    """A hands field: P1's and P2's 8-count hands; the neutrals hold nothing."""
    return "/".join(",".join(map(str, h)) for h in (p1, p2, NONE8, NONE8))


def per_party(*parts: str) -> str:
    """A per-party position field P1/P2/N1/N2; '' or a missing part means none."""
    parts = (*parts, *("",) * (4 - len(parts)))
    return "/".join(p or "-" for p in parts)


def load(base: Game | str, **changes) -> Game:
    """``base``'s position with some fields replaced; given hands, the bank is recomputed (19 of
    each resource, 12 of each commodity); given progress hands, the decks' unseen counts."""
    head, f = position_fields(base, changes)
    conserve_ck(
        f,
        bank="hands" in changes and "bank" not in changes,
        decks=("phand" in changes or "pvp" in changes) and "pdecks" not in changes,
    )
    return from_fields(head, f)


def main_game(**changes) -> Game:
    """The opening's board in P1's Action phase of turn 1 (rolls 1+2, then 2+2 and a politics
    castle, which draws nothing at level 0), some fields replaced."""
    return load(
        opening(), **{"phase": "main", "sums": "3,4", "dice": "2,2", "event": "politics", **changes}
    )


def throw(game: Game, white: int, red: int, event: str | None = "politics") -> Game:
    """One throw of the dice: white, red and (unless None: a reroll) the event die."""
    play(game, f"die white {white}", f"die red {red}")
    return play(game, f"event {event}") if event else game


def roll_twice(game: Game, first=(1, 2), second=(2, 2)) -> Game:
    """The player to move rolls both rolls of the turn (default sums 3, then 4; politics)."""
    game.play(f"P{game.state.active + 1} roll")
    throw(game, *first)
    return throw(game, *second)


def outcomes(game: Game) -> set[str]:
    return {str(a) for a, _ in game.chance_outcomes()}


def plus(*bundles) -> tuple[int, ...]:
    return tuple(sum(x) for x in zip(*bundles, strict=True))


def total_tokens(game: Game) -> int:
    return sum(game.state.tokens) + game.state.token_supply


def g_desert(v: int) -> bool:
    """Whether vertex v touches the beginner map's desert (J)."""
    return parse_hex("J") in VERTEX_HEXES[v]


# ================================================================ 5.1 Which rules apply, and setup
def test_CK2P_INHERIT_ck_game_with_the_neutrals_tokens_and_double_roll_of_base_2p():
    g = opening()
    s = g.state
    # Cities & Knights: commodities, no development cards, the robber off the board.
    assert s.bank == (18, 17, 18, 17, 19, 12, 12, 12)
    assert s.deck == (0, 0, 0, 0, 0) and s.robber == -1 and s.barb == 0
    # Base-2P: two players, two neutrals with their start settlements, trade tokens.
    assert g.players == 2 and g.names == ("P1", "P2", "N1", "N2")
    assert s.settlements[N1:] == (1, 1)
    assert s.tokens == (5, 5, 0, 0) and s.token_supply == 10
    assert "P1 force" in texts(g)  # token actions before the roll
    # The double roll: two productions, then the Action phase.
    roll_twice(g, (1, 1), (6, 6))  # 2: B pasture (A4); 12: D fields (city D4: 2 grain)
    assert g.state.sums == (2, 12) and g.state.phase == "main"
    assert hand(g, P1) == plus(START_HANDS[0], cards(wool=1, grain=2))
    # No development cards, and so no Knight card to return for tokens.
    g = main_game(hands=hands(cards(wool=1, grain=1, ore=1)))
    assert_illegal(g, "P1 buy", "CK-COMP-REMOVED")
    assert_illegal(g, "P1 return knight", "CK-COMP-REMOVED")


def test_CK2P_INHERIT_a_road_owes_a_free_neutral_road():
    g = main_game(hands=hands(ROAD))
    assert_legal(g, "P1 road D5")
    assert g.state.phase == "neutral" and g.state.neutral_due
    assert [p.player for p in g.pending] == [P1] and "road" in g.pending[0].decision
    choices = texts(g)
    assert "P1 neutral N1 road H5" in choices and "P1 neutral N2 road G5" in choices
    assert all(t.startswith("P1 neutral N") and " road " in t for t in choices)
    assert_illegal(g, "P1 end", "2P-NEUTRAL-MIRROR")
    assert_legal(g, "P1 neutral N1 road H5", "2P-NEUTRAL-MIRROR")
    assert g.state.eowner[parse_edge("H5")] == N1 and g.state.roads[N1] == 1
    assert g.state.phase == "main" and hand(g, P1) == NONE8


def test_CK2P_INHERIT_a_settlement_owes_a_neutral_settlement_and_earns_tokens():
    g = main_game(hands=hands(SETTLEMENT), roads=per_party("A3,A1,D3", "C5,K5", "I7,I5"))
    assert_legal(g, "P1 settle A12")  # coastal: 1 token (2P-TOKEN-INCOME-COAST)
    assert g.state.tokens[:2] == (6, 5)
    assert g.state.phase == "neutral" and "settlement" in g.pending[0].decision
    assert texts(g) == {"P1 neutral N1 settle I4"}
    g.play("P1 neutral N1 settle I4")  # next to the desert: 2 more for P1
    assert g.state.vowner[parse_vertex("I4")] == N1
    assert g.state.tokens == (8, 5, 0, 0) and g.state.token_supply == 7
    assert g.state.phase == "main"


def test_CK2P_SETUP_neutral_starts_then_settlement_road_P2_twice_and_city_road_P1():
    g = new_game("ck-2p", players=2)
    s = g.state
    assert s.phase == "setup-settle" and s.active == P1
    # The neutral start settlements, without roads (2P-SETUP-NEUTRAL-*).
    assert s.vowner[parse_vertex("H4")] == N1 and s.vowner[parse_vertex("G6")] == N2
    assert s.settlements == (0, 0, 1, 1) and s.roads == (0, 0, 0, 0)
    assert s.cities == (0, 0, 0, 0)
    assert s.tokens == (5, 5, 0, 0) and s.token_supply == 10
    # The distance rule holds against the neutral start settlements.
    assert_illegal(g, "P1 settle D6", "BASE-BUILD-DISTANCE")  # next to N1's H4
    assert_illegal(g, "P1 city A4", "CK-SETUP-ROUND1")  # the first placement is a settlement
    assert_legal(g, "P1 settle A4", "CK2P-SETUP")
    assert_legal(g, "P1 road A3", "CK2P-SETUP")
    assert g.state.active == P2
    assert_illegal(g, "P1 settle C6", "BASE-TURN-OFFTURN")
    assert_legal(g, "P2 settle C6", "CK2P-SETUP")
    assert_legal(g, "P2 road C5", "CK2P-SETUP")
    # P2 again, now with the city.
    assert g.state.active == P2 and g.state.phase == "setup-settle"
    assert_illegal(g, "P2 settle K6", "CK-SETUP-ROUND2")
    assert_legal(g, "P2 city K6", "CK2P-SETUP")
    assert hand(g, P2) == START_HANDS[1]  # resources from the city only
    assert_legal(g, "P2 road K5", "CK2P-SETUP")
    assert g.state.active == P1 and g.pending[0].decision == "place a city"
    assert_illegal(g, "P2 city D4", "BASE-TURN-OFFTURN")
    assert_legal(g, "P1 city D4", "CK2P-SETUP")
    assert_legal(g, "P1 road D3", "CK2P-SETUP")
    s = g.state
    assert s.phase == "pre-roll" and s.active == P1 and s.turn == 1
    assert s.settlements == (1, 1, 1, 1) and s.cities == (1, 1, 0, 0)
    assert s.roads == (2, 2, 0, 0)  # no neutral roads in setup (2P-SETUP-NO-NEUTRAL-BUILD)
    assert hand(g, P1) == START_HANDS[0] and hand(g, P2) == START_HANDS[1]
    assert s.tokens == (5, 5, 0, 0) and s.token_supply == 10


def test_CK2P_SETUP_no_neutral_piece_is_owed_during_setup():
    g = new_game("ck-2p", players=2)
    for text in OPENING:
        g.play(text)
        assert g.state.phase != "neutral" and g.state.neutral_due == ()
    assert g.state.roads[N1:] == (0, 0) and g.state.settlements[N1:] == (1, 1)


def test_CK2P_TOKEN_SETUP_CITY_the_setup_city_earns_desert_and_coast_tokens():
    j4, a12 = parse_vertex("J4"), parse_vertex("A12")
    assert g_desert(j4) and j4 not in COASTAL_VERTICES
    assert a12 in COASTAL_VERTICES and not g_desert(a12)
    g = play(
        new_game("ck-2p", players=2), "P1 settle A4", "P1 road A3", "P2 settle C6", "P2 road C5"
    )
    assert g.state.tokens[:2] == (5, 5)  # inland, off the desert: nothing
    assert_legal(g, "P2 city J4")  # a desert corner: 2
    assert g.state.tokens == (5, 7, 0, 0) and g.state.token_supply == 8
    assert hand(g, P2) == cards(lumber=1, grain=1)  # K forest, O fields; J is the desert
    g.play("P2 road J3")
    assert_legal(g, "P1 city A12")  # on the coast: 1
    assert g.state.tokens == (6, 7, 0, 0) and g.state.token_supply == 7
    assert hand(g, P1) == cards(ore=1)  # A mountains alone
    g.play("P1 road A1")
    assert g.state.phase == "pre-roll" and g.state.tokens == (6, 7, 0, 0)


def test_CK2P_TOKEN_SETUP_CITY_a_coastal_desert_corner_earns_three():
    g = Game.from_position(desert_at_a(new_game("ck-2p", players=2)))
    assert g.layout.desert() == parse_hex("A")
    play(g, "P1 settle C6", "P1 road C5", "P2 settle K6", "P2 road K5")
    assert g.state.tokens[:2] == (5, 5)
    assert_legal(g, "P2 city A6")  # inland corner of the desert: 2
    assert g.state.tokens[:2] == (5, 7)
    g.play("P2 road A5")
    assert_legal(g, "P1 city A2")  # coastal corner of the desert: 3
    assert g.state.tokens == (8, 7, 0, 0) and g.state.token_supply == 5


def _no_neutral_effect(before: Game, after: Game) -> None:
    """Nothing owed to or built for the neutrals between two games."""
    assert after.state.phase == "main" and after.state.neutral_due == ()
    for q in (N1, N2):
        assert after.state.roads[q] == before.state.roads[q]
        assert after.state.settlements[q] == before.state.settlements[q]
        assert sum(1 for k in after.state.kn if k and k[0] == q) == sum(
            1 for k in before.state.kn if k and k[0] == q
        )
    assert not any(" neutral " in t for t in texts(after))


def test_CK2P_NEUTRAL_CITIES_city_wall_and_activation_owe_nothing_to_the_neutrals():
    g = main_game(hands=hands(cards(brick=2, grain=3, ore=3)), kn="A2:P1:1:---")
    before = g.clone()
    assert_legal(g, "P1 city A4")
    assert g.state.cities[P1] == 2
    _no_neutral_effect(before, g)
    assert_legal(g, "P1 wall D4")
    assert g.state.walls[parse_vertex("D4")]
    _no_neutral_effect(before, g)
    assert_legal(g, "P1 activate A2")
    assert kn(g, "A2")[:3] == (P1, 1, True)
    _no_neutral_effect(before, g)
    assert hand(g, P1) == NONE8
    # Against that, a recruit does owe a neutral piece (CK2P-NEUTRAL-KNIGHT-PLACE).
    g = main_game(hands=hands(cards(wool=1, ore=1)))
    g.play("P1 recruit A2")
    assert g.state.phase == "neutral" and g.state.neutral_due


def test_CK2P_NEUTRAL_CITIES_medicine_and_engineering_owe_nothing_either():
    g = main_game(
        hands=hands(cards(grain=1, ore=2)),
        kn="A2:P1:1:---,A6:P1:2:---",
        phand=per_party("medicine,engineering,encouragement"),
    )
    before = g.clone()
    assert_legal(g, "P1 play encouragement")  # every knight stands up: nothing for neutrals
    assert kn(g, "A2")[2] and kn(g, "A6")[2]
    _no_neutral_effect(before, g)
    assert_legal(g, "P1 play medicine A4")
    assert g.state.cities[P1] == 2 and g.state.vcity[parse_vertex("A4")]
    _no_neutral_effect(before, g)
    assert_legal(g, "P1 play engineering D4")
    assert g.state.walls[parse_vertex("D4")]
    _no_neutral_effect(before, g)
    assert hand(g, P1) == NONE8 and g.state.phand[P1] == ()


# ================================================================ 5.2 Rolling twice
def test_CK2P_ROLL_DOUBLE_three_dice_twice_each_event_resolved_before_its_production():
    g = load(opening(), barb=5)
    g.play("P1 roll")
    assert outcomes(g) == {f"die white {v}" for v in range(1, 7)}
    g.play("die white 1")
    assert outcomes(g) == {f"die red {v}" for v in range(1, 7)}
    g.play("die red 2")
    assert outcomes(g) == {"event ship", "event science", "event trade", "event politics"}
    assert_legal(g, "event ship", "CK2P-ROLL-DOUBLE")
    # The first roll is resolved (ship 5 -> 6; 3: K forest pays P2's city lumber + paper) ...
    assert g.state.barb == 6 and g.state.sums == (3,)
    assert hand(g, P2) == plus(START_HANDS[1], cards(lumber=1, paper=1))
    # ... and the second roll, all three dice, follows at once.
    assert g.state.phase == "dice" and g.current_player == CHANCE
    assert "second roll" in g.pending[0].decision
    assert_illegal(g, "P1 end", "CK2P-ROLL-DOUBLE")  # the second throw is due
    assert_illegal(g, "P1 road A5", "CK2P-ROLL-DOUBLE")
    assert g.explain("die white 6").rule == "CK2P-ROLL-DOUBLE"
    throw(g, 6, 6, None)
    assert outcomes(g) == {"event ship", "event science", "event trade", "event politics"}
    g.play("event ship")
    # The ship attacks first (2 cities, no knights: both cities pillaged, the robber wakes on
    # the desert), then 12 (D fields) pays P1's D4, a settlement now: 1 grain, not 2.
    assert g.state.attacked and g.state.barb == 0
    assert g.state.cities[:2] == (0, 0) and g.state.robber == g.layout.desert()
    assert hand(g, P1) == plus(START_HANDS[0], cards(grain=1))
    assert g.state.sums == (3, 12) and g.state.phase == "main"
    assert_illegal(g, "P1 roll", None)  # no third roll


def test_CK2P_ROLL_DOUBLE_a_first_seven_is_resolved_before_the_second_roll():
    g = load(opening(), hands=hands(START_HANDS[0], cards(lumber=4, grain=4)))
    g.play("P1 roll")
    throw(g, 3, 4, "ship")  # 7: P2 holds 8 cards, limit 7; the robber is still inactive
    assert g.state.phase == "discard" and [p.player for p in g.pending] == [P2]
    assert g.state.barb == 1
    g.play("P2 discard 4 lumber")
    assert g.state.phase == "dice" and g.state.sums == (7,)
    throw(g, 1, 1, "ship")  # 2: B pasture pays P1's A4
    assert g.state.barb == 2 and g.state.sums == (7, 2) and g.state.phase == "main"
    assert hand(g, P1) == plus(START_HANDS[0], cards(wool=1))
    assert hand(g, P2) == cards(grain=4)


def test_CK2P_ROLL_SAME_a_second_seven_after_a_first_seven_is_rerolled():
    g = load(opening(), hands=hands(START_HANDS[0], cards(lumber=4, grain=4)))
    g.play("P1 roll")
    throw(g, 3, 4)
    g.play("P2 discard 4 lumber")
    throw(g, 5, 2)  # 7 again: no discards, no production, rolled again
    assert g.state.phase == "dice" and g.state.sums == (7, 7)
    assert hand(g, P2) == cards(grain=4) and g.state.discards == (0, 0, 0, 0)
    throw(g, 1, 1, None)
    assert g.state.phase == "main" and g.state.sums == (7, 2)


def test_CK2P_ROLL_DOUBLE_at_most_two_event_results_a_turn():
    g = opening()
    g.play("P1 roll")
    throw(g, 2, 4, "ship")  # 6
    assert g.state.barb == 1
    throw(g, 1, 5, "ship")  # 6 again: the event counts, the number dice are rerolled
    assert g.state.barb == 2
    for white, red in ((3, 3), (4, 2), (5, 1)):  # 6 again and again: no event die at all
        assert outcomes(g) == {f"die white {v}" for v in range(1, 7)}
        throw(g, white, red, None)
        assert g.state.barb == 2 and g.state.phase == "dice"
    throw(g, 1, 2, None)  # 3
    assert g.state.phase == "main" and g.state.sums == (6, 3) and g.state.barb == 2


def test_CK2P_ROLL_SAME_equal_second_sum_rerolls_number_dice_only():
    g = opening()
    g.play("P1 roll")
    throw(g, 2, 4, "politics")  # 6: E hills, P1's A4 and city D4: 3 brick
    p1 = plus(START_HANDS[0], cards(brick=3))
    assert hand(g, P1) == p1
    throw(g, 1, 5, "trade")  # other faces, same sum: rolled again, no production
    assert g.state.sums == (6, 6) and g.state.phase == "dice"
    assert hand(g, P1) == p1 and hand(g, P2) == START_HANDS[1]
    assert g.pending[0].decision.startswith("CK2P-ROLL-SAME")
    assert outcomes(g) == {f"die white {v}" for v in range(1, 7)}
    assert_illegal(g, "event ship", "CK2P-ROLL-SAME")
    assert_legal(g, "die white 3", "CK2P-ROLL-SAME")
    assert outcomes(g) == {f"die red {v}" for v in range(1, 7)}
    assert_illegal(g, "event ship", "CK2P-ROLL-SAME")
    assert_legal(g, "die red 3", "CK2P-ROLL-SAME")  # 3 + 3 = 6 once more
    assert g.state.sums == (6, 6) and g.state.phase == "dice"
    assert hand(g, P1) == p1
    throw(g, 2, 3, None)  # 5: P pasture, P2's city K6: wool + cloth
    assert g.state.sums == (6, 5) and g.state.phase == "main"
    assert g.state.dice == (2, 3) and g.state.event == "trade"
    assert hand(g, P1) == p1
    assert hand(g, P2) == plus(START_HANDS[1], cards(wool=1, cloth=1))


def test_CK2P_ROLL_SAME_a_different_sum_stands_even_with_equal_dice_faces():
    g = opening()
    g.play("P1 roll")
    throw(g, 2, 4)  # 6
    throw(g, 1, 4)  # the same red face, sum 5: it stands
    assert g.state.sums == (6, 5) and g.state.phase == "main"
    assert hand(g, P2) == plus(START_HANDS[1], cards(wool=1, cloth=1))


def test_CK2P_ROLL_EVENT_RED_the_second_event_uses_the_red_die_of_its_own_throw():
    # P1 at science 1 draws a science card on a red 1 or 2.
    base = load(opening(), levels="1,0,0/0,0,0/0,0,0/0,0,0")
    g = base.clone()
    g.play("P1 roll")
    throw(g, 2, 4)  # 6
    throw(g, 5, 1, "science")  # 6 again, red 1: the castle draws at once
    assert g.state.phase == "progress-draw"
    assert any(t.startswith("progress science ") for t in outcomes(g))
    g.play("progress science crane")
    assert g.state.phase == "dice" and g.state.sums == (6, 6)
    throw(g, 4, 4, None)  # 8: the reroll's red 4 takes nothing back
    assert g.state.phase == "main" and g.state.phand[P1] == (CARDS.index("crane"),)
    # A red 5 in the throw with the castle draws nothing, whatever the reroll's red shows.
    g = base.clone()
    g.play("P1 roll")
    throw(g, 2, 4)
    throw(g, 1, 5, "science")  # 6 again, red 5: no draw
    assert g.state.phase == "dice" and g.state.sums == (6, 6)
    throw(g, 1, 1, None)  # 2, red 1: a reroll never draws
    assert g.state.phase == "main" and g.state.sums == (6, 2)
    assert g.state.phand[P1] == () and g.state.draws == ()


def test_CK2P_ROLL_AQUEDUCT_science_3_is_checked_after_each_production():
    base = load(opening(), levels="0,0,0/3,0,0/0,0,0/0,0,0")
    g = base.clone()
    g.play("P1 roll")
    throw(g, 1, 1)  # 2: B pasture pays P1 only
    assert g.state.phase == "aqueduct" and g.state.claims == (P2,) and g.current_player == P2
    assert_illegal(g, "P1 end", None)
    assert_legal(g, "P2 aqueduct ore", "CK-IMPROVE-SCIENCE-3")
    assert g.state.phase == "dice" and g.state.sums == (2,)
    throw(g, 6, 6)  # 12: D fields pays P1 only
    assert g.state.phase == "aqueduct" and g.state.claims == (P2,)
    g.play("P2 aqueduct brick")
    assert g.state.phase == "main"
    assert hand(g, P2) == plus(START_HANDS[1], cards(brick=1, ore=1))
    # Paid by one roll only: one claim. A 7 and an equal (rerolled) sum are no production.
    g = base.clone()
    g.play("P1 roll")
    throw(g, 1, 2)  # 3: K forest pays P2's city
    assert g.state.phase == "dice" and g.state.claims == ()
    throw(g, 1, 1)  # 2
    assert g.state.claims == (P2,)
    g.play("P2 aqueduct wool")
    assert g.state.phase == "main"
    assert hand(g, P2) == plus(START_HANDS[1], cards(lumber=1, paper=1, wool=1))
    g = base.clone()
    g.play("P1 roll")
    throw(g, 3, 4)  # 7: nobody claims
    assert g.state.phase == "dice" and g.state.claims == ()
    throw(g, 1, 1)  # 2: claim
    assert g.state.claims == (P2,)
    g.play("P2 aqueduct grain")
    assert g.state.phase == "main" and hand(g, P2) == plus(START_HANDS[1], cards(grain=1))
    g = base.clone()
    g.play("P1 roll")
    throw(g, 1, 1)
    g.play("P2 aqueduct ore")
    throw(g, 1, 1)  # 2 again: rerolled, no claim
    assert g.state.phase == "dice" and g.state.claims == ()
    throw(g, 1, 2, None)  # 3: P2 is paid
    assert g.state.phase == "main" and hand(g, P2) == plus(
        START_HANDS[1], cards(lumber=1, paper=1, ore=1)
    )


FORCE = "P1 force"
FORCE_ALL = "P1 force all"


def test_CK2P_ROLL_TIMING_token_actions_before_the_first_roll_or_in_the_action_phase():
    # After the first attack (robber active, on P2's K), P1 holding Alchemy.
    g = load(opening(), attacked=1, robber="K", phand=per_party("alchemy"))
    pre = texts(g)
    assert {"P1 robber-home", FORCE, FORCE_ALL, "P1 play alchemy 1 2"} <= pre
    assert g.explain("P1 robber-home").legal and g.explain(FORCE).legal
    # Between the rolls (a first 7 being resolved): no token action, no Alchemy.
    g.play("P1 roll")
    throw(g, 3, 4)
    assert g.state.phase == "robber" and g.state.sums == (7,)
    for text in ("P1 robber-home", FORCE, FORCE_ALL):
        assert_illegal(g, text, "CK2P-ROLL-TIMING")
    assert_illegal(g, "P1 play alchemy 1 2", {"CK-PC-ALCHEMY", "CK2P-PC-ALCHEMY"})
    assert g.state.tokens == (5, 5, 0, 0) and not g.state.token_used
    g.play("P1 robber S")
    assert g.state.phase == "dice" and g.current_player == CHANCE
    for text in ("P1 robber-home", FORCE, FORCE_ALL):
        assert_illegal(g, text, "CK2P-ROLL-TIMING")  # the second throw is due
    assert_illegal(g, "P1 play alchemy 1 2", "CK2P-PC-ALCHEMY")
    throw(g, 1, 2)
    assert g.state.phase == "main"
    after = texts(g)
    assert {"P1 robber-home", FORCE, FORCE_ALL} <= after
    assert not any("alchemy" in t for t in after)
    assert_legal(g, "P1 robber-home")
    assert g.state.robber == g.layout.desert() and g.state.tokens[P1] == 4


def test_CK2P_ROLL_TIMING_alchemy_before_the_first_roll_is_legal():
    g = load(opening(), phand=per_party("alchemy"))
    assert_legal(g, "P1 play alchemy 1 2")
    g.play("event politics")
    assert g.state.sums == (3,) and g.state.phase == "dice"
    assert hand(g, P2) == plus(START_HANDS[1], cards(lumber=1, paper=1))  # 3: K forest
    throw(g, 1, 1)
    assert g.state.sums == (3, 2) and g.state.phase == "main"


# ================================================================ 5.4 Trade tokens
def test_CK2P_TOKEN_INCOME_two_next_to_the_desert_one_on_the_coast():
    e4, a12, o6 = parse_vertex("E4"), parse_vertex("A12"), parse_vertex("O6")
    assert g_desert(e4) and e4 not in COASTAL_VERTICES
    assert a12 in COASTAL_VERTICES and not g_desert(a12)
    assert o6 not in COASTAL_VERTICES and not g_desert(o6)
    g = new_game("ck-2p", players=2)
    assert_legal(g, "P1 settle E4")  # in setup too
    assert g.state.tokens == (7, 5, 0, 0) and g.state.token_supply == 8
    play(g, "P1 road E3", "P2 settle A2")
    assert g.state.tokens == (7, 6, 0, 0) and g.state.token_supply == 7
    g = main_game(hands=hands(SETTLEMENT), roads=per_party("A3,D3,B7,E3", "C5,K5"))
    assert_legal(g, "P1 settle E4")
    assert g.state.tokens == (7, 5, 0, 0) and g.state.token_supply == 8
    # A city on a desert corner, built on one's own settlement, earns nothing more.
    g = main_game(
        hands=hands(cards(grain=2, ore=3)),
        settlements=per_party("A4,E4", "C6"),
        roads=per_party("A3,D3,B7,E3", "C5,K5"),
    )
    assert_legal(g, "P1 city E4")
    assert g.state.tokens == (5, 5, 0, 0) and g.state.token_supply == 10
    g = main_game(hands=hands(SETTLEMENT), roads=per_party("A3,A1,D3", "C5,K5"))
    assert_legal(g, "P1 settle A12")
    assert g.state.tokens == (6, 5, 0, 0) and g.state.token_supply == 9
    g = main_game(
        active="P2", hands=hands(NONE8, SETTLEMENT), roads=per_party("A3,D3", "C5,K5,O3,O5")
    )
    assert_legal(g, "P2 settle O6")  # inland, off the desert
    assert g.state.tokens == (5, 5, 0, 0) and g.state.token_supply == 10
    # The mirrored neutral settlement pays its builder too (2P-TOKEN-INCOME-NEUTRAL).
    g = main_game(hands=hands(SETTLEMENT), roads=per_party("A3,A1,D3", "C5,K5", "I7,I5"))
    play(g, "P1 settle A12", "P1 neutral N1 settle I4")
    assert g.state.tokens == (8, 5, 0, 0) and g.state.token_supply == 7


def test_CK2P_TOKEN_INCOME_a_coastal_desert_corner_earns_three():
    g = Game.from_position(
        desert_at_a(main_game(hands=hands(SETTLEMENT), roads=per_party("A3,A1,D3", "C5,K5")))
    )
    assert g.layout.desert() == parse_hex("A")
    assert_legal(g, "P1 settle A12")
    assert g.state.tokens == (8, 5, 0, 0) and g.state.token_supply == 7


def test_CK2P_TOKEN_KNIGHT_REMOVE_one_two_or_three_tokens_by_level_active_or_not():
    for level in (1, 2, 3):
        for flags in ("---", "a--"):
            g = main_game(kn=f"A2:P1:{level}:{flags}")
            assert "P1 remove-knight A2" in texts(g)
            assert_legal(g, "P1 remove-knight A2", "CK2P-TOKEN-KNIGHT-REMOVE")
            assert kn(g, "A2") is None
            assert g.state.tokens == (5 + level, 5, 0, 0), (level, flags)
            assert g.state.token_supply == 10 - level
            assert not g.state.token_used  # no token action: it costs nothing
            assert hand(g, P1) == START_HANDS[0]
    # The knight goes back to its owner's supply: the last basic one can be recruited again.
    g = main_game(
        kn="A2:P1:1:---,A6:P1:1:a--",
        hands=hands(cards(wool=1, ore=1)),
        roads=per_party("A3,A1,D3", "C5,K5"),
    )
    assert_illegal(g, "P1 recruit A12", {"CK-BUILD-LIMITS", "CK-KNIGHT-RECRUIT"})  # both out
    g.play("P1 remove-knight A6")
    assert_legal(g, "P1 recruit A12")
    assert kn(g, "A12")[:2] == (P1, 1) and kn(g, "A6") is None


def test_CK2P_TOKEN_KNIGHT_REMOVE_only_ones_own_knight():
    g = main_game(kn="A2:P1:1:---,C4:P2:2:a--,H6:N1:1:---", roads=per_party("A3,D3", "C5,K5", "H5"))
    assert_illegal(g, "P1 remove-knight C4", "CK2P-TOKEN-KNIGHT-REMOVE")  # P2's
    assert_illegal(g, "P1 remove-knight H6", "CK2P-TOKEN-KNIGHT-REMOVE")  # N1's
    assert_illegal(g, "P1 remove-knight A12", "CK2P-TOKEN-KNIGHT-REMOVE")  # empty
    assert {t for t in texts(g) if "remove-knight" in t} == {"P1 remove-knight A2"}
    assert_illegal(g, "P2 remove-knight C4", "BASE-TURN-OFFTURN")  # not P2's turn


def test_CK2P_TOKEN_KNIGHT_REMOVE_a_displaced_knight_earns_nothing():
    g = main_game(roads=per_party("A3,A1,D3", "C5,K5"), kn="A2:P1:2:a--,A12:P2:1:a--")
    assert_legal(g, "P1 move A2 A12")  # P2's knight has no road to go to: back to supply
    assert kn(g, "A12")[:2] == (P1, 2) and not any(k and k[0] == P2 for k in g.state.kn)
    assert g.state.tokens == (5, 5, 0, 0) and g.state.token_supply == 10
    assert "P1 remove-knight A12" in texts(g)  # P1 has not cashed one in this turn


def test_CK2P_TOKEN_KNIGHT_REMOVE_treason_and_intrigue_earn_nothing():
    g = main_game(
        roads=per_party("A3,A1,D3", "C5,K5"), kn="A12:P2:2:a--", phand=per_party("treason")
    )
    play(g, "P1 play treason P2")  # P2's only knight leaves
    assert g.state.phase == "deserter"
    g.play("P1 pass")
    assert kn(g, "A12") is None and g.state.phase == "main"
    assert g.state.tokens == (5, 5, 0, 0) and g.state.token_supply == 10
    g = main_game(
        roads=per_party("A3,A1,D3", "C5,K5"), kn="A12:P2:3:a--", phand=per_party("intrigue")
    )
    play(g, "P1 play intrigue A12")  # no road of P2's to go to: back to supply
    assert kn(g, "A12") is None and g.state.phase == "main"
    assert g.state.tokens == (5, 5, 0, 0) and g.state.token_supply == 10


def test_CK2P_TOKEN_KNIGHT_REMOVE_TIMING_own_action_phase_once_a_turn():
    g = load(opening(), kn="A2:P1:1:---,A6:P1:2:a--")
    assert_illegal(g, "P1 remove-knight A2", "CK2P-TOKEN-KNIGHT-REMOVE-TIMING")  # before
    assert not any("remove-knight" in t for t in texts(g))
    roll_twice(g)
    assert_legal(g, "P1 remove-knight A2")
    assert g.state.tokens[P1] == 6 and g.state.knight_returned
    assert_illegal(g, "P1 remove-knight A6", "CK2P-TOKEN-KNIGHT-REMOVE-TIMING")  # once a turn
    assert not any("remove-knight" in t for t in texts(g))
    assert_illegal(
        Game.from_position(g.position()), "P1 remove-knight A6", "CK2P-TOKEN-KNIGHT-REMOVE-TIMING"
    )  # the position text keeps it
    # Not in the opponent's turn, neither P1 nor P2 for P1's knight.
    g.play("P1 end")
    assert not g.state.knight_returned
    assert_illegal(g, "P1 remove-knight A6", "BASE-TURN-OFFTURN")
    roll_twice(g)
    assert_illegal(g, "P1 remove-knight A6", "BASE-TURN-OFFTURN")
    assert_illegal(g, "P2 remove-knight A6", "CK2P-TOKEN-KNIGHT-REMOVE")
    g.play("P2 end")
    # P1's next turn: before the rolls no, in the Action phase again yes.
    assert_illegal(g, "P1 remove-knight A6", "CK2P-TOKEN-KNIGHT-REMOVE-TIMING")
    roll_twice(g)
    assert_legal(g, "P1 remove-knight A6")
    assert g.state.tokens[P1] == 8


def test_CK2P_TOKEN_KNIGHT_REMOVE_TIMING_not_between_the_rolls():
    g = load(opening(), attacked=1, robber="K", kn="A2:P1:1:---")
    g.play("P1 roll")
    throw(g, 3, 4)
    assert g.state.phase == "robber"
    assert_illegal(g, "P1 remove-knight A2", "CK2P-TOKEN-KNIGHT-REMOVE-TIMING")
    g.play("P1 robber S")
    assert_illegal(g, "P1 remove-knight A2", "CK2P-ROLL-TIMING")  # the second roll is due
    throw(g, 1, 2)
    assert_legal(g, "P1 remove-knight A2")


def _odds(g: Game) -> dict[str, float]:
    return {str(a): w for a, w in g.chance_outcomes()}


def test_CK2P_TOKEN_FORCED_TRADE_resources_only_sets_commodities_aside_and_draws_blind():
    """CK2P-TOKEN-FORCED-TRADE (000 §5): the opponent's commodities go aside, 2 cards are drawn
    blind from the resource cards (a chance event, forceable), then 2 resource cards held
    before the trade go back; at the normal price."""
    p2 = cards(wool=1, grain=1, paper=3, cloth=2, coin=1)
    g = main_game(hands=hands(cards(brick=2, lumber=1, paper=1), p2))
    bank = g.state.bank
    assert {t for t in texts(g) if "force" in t} == {"P1 force", "P1 force all"}
    assert_illegal(g, "P1 force take 1 wool, 1 grain give 2 brick", "CK2P-TOKEN-FORCED-TRADE")
    assert_legal(g, "P1 force", "CK2P-TOKEN-FORCED-TRADE")
    assert g.state.tokens == (4, 5, 0, 0) and g.state.token_supply == 11  # 1 token (tied)
    assert g.current_player == CHANCE and g.state.phase == "force-draw"
    assert _odds(g) == {"force-draw wool": 0.5, "force-draw grain": 0.5}
    assert_illegal(g, "force-draw paper", None)  # set aside: never drawn
    assert_illegal(g, "P1 end", None)  # the trade finishes first
    text = g.position()
    assert Game.from_position(text).position() == text
    assert "tokused=force:res:0,0,0,0,0,0,0,0" in text.split()
    fresh = edit(g, "turn P1 main")  # the editor's new turn drops the trade under way
    assert fresh.state.phase == "main" and fresh.state.forced == ()
    g.play("force-draw grain")
    assert _odds(g) == {"force-draw wool": 1.0}
    g.play("force-draw wool")
    assert g.state.phase == "force-give" and [p.player for p in g.pending] == [P1]
    assert texts(g) == {"P1 force give 2 brick", "P1 force give 1 brick, 1 lumber"}
    text = g.position()
    assert Game.from_position(text).position() == text
    assert_illegal(g, "P1 force give 1 paper, 1 brick", "CK2P-TOKEN-FORCED-TRADE")
    assert_illegal(g, "P1 force give 1 wool, 1 brick", "CK2P-TOKEN-FORCED-TRADE")  # just drawn
    assert_illegal(g, "P1 force give 1 brick", "CK2P-TOKEN-FORCED-TRADE")
    assert_illegal(g, "P2 force give 1 paper, 1 cloth", None)
    assert_legal(g, "P1 force give 2 brick", "CK2P-TOKEN-FORCED-TRADE")
    assert hand(g, P1) == cards(lumber=1, wool=1, grain=1, paper=1)
    assert hand(g, P2) == cards(brick=2, paper=3, cloth=2, coin=1)
    assert g.state.phase == "main" and g.state.token_used and g.state.bank == bank
    assert_illegal(g, "P1 force", "CK2P-TOKEN-ONE-ACTION")
    assert [str(a) for a in g.history[-4:]] == [
        "P1 force",
        "force-draw grain",
        "force-draw wool",
        "P1 force give 2 brick",
    ]


def test_CK2P_TOKEN_FORCED_TRADE_commodities_do_not_count_towards_two_resource_cards():
    g = main_game(hands=hands(cards(brick=2, paper=1), cards(wool=1, paper=3, cloth=2)))
    assert_illegal(g, "P1 force", "2P-TOKEN-FORCED-TRADE-MIN")
    assert {t for t in texts(g) if "force" in t} == {"P1 force all"}
    g2 = main_game(hands=hands(cards(brick=1, paper=4), cards(wool=1, grain=1)))
    assert_illegal(g2, "P1 force", "2P-TOKEN-FORCED-TRADE-MIN")
    assert_legal(g2, "P1 force all")
    # Over all cards, announced with 'all': drawn from the whole hand, at double price; any
    # 2 cards held before go back, commodities included.
    assert_legal(g, "P1 force all", "CK2P-TOKEN-FORCED-TRADE")
    assert g.state.tokens == (3, 5, 0, 0) and g.state.token_supply == 12
    odds = _odds(g)
    assert odds == {"force-draw wool": 1 / 6, "force-draw paper": 3 / 6, "force-draw cloth": 2 / 6}
    g.play("force-draw paper")
    g.play("force-draw cloth")
    assert "P1 force give 1 brick, 1 paper" in texts(g)
    assert_illegal(g, "P1 force give 1 brick, 1 cloth", "CK2P-TOKEN-FORCED-TRADE")
    assert_legal(g, "P1 force give 1 brick, 1 paper")
    assert hand(g, P1) == cards(brick=1, paper=1, cloth=1)
    assert hand(g, P2) == cards(brick=1, wool=1, paper=3, cloth=1)
    # Over all cards each hand still needs 2 cards (2P-TOKEN-FORCED-TRADE-MIN).
    g = main_game(hands=hands(cards(brick=2), cards(paper=1)))
    assert_illegal(g, "P1 force all", "2P-TOKEN-FORCED-TRADE-MIN")
    assert not any("force" in t for t in texts(g))


def test_CK2P_TOKEN_FORCED_TRADE_with_commodities_costs_two_or_four_when_leading():
    both = hands(cards(brick=2, coin=1), cards(wool=1, ore=1, cloth=1))
    # Tied: 2 tokens; with only 1 the trade with commodities is refused and not listed.
    g = main_game(hands=both, tokens="1,5,0,0", supply=14)
    assert_illegal(g, "P1 force all", "CK2P-TOKEN-FORCED-TRADE")
    assert {t for t in texts(g) if "force" in t} == {"P1 force"}
    g = main_game(hands=both, tokens="2,5,0,0", supply=13)
    assert_legal(g, "P1 force all")
    assert g.state.tokens == (0, 5, 0, 0) and g.state.token_supply == 15
    # Leading (a defender token: 4 VP against 3): 4 tokens, the resources-only trade 2.
    lead = dict(hands=both, defender="1,0,0,0")
    g = main_game(tokens="3,5,0,0", supply=12, **lead)
    assert g.victory_points(P1) == 4 and g.victory_points(P2) == 3
    assert_illegal(g, "P1 force all", "CK2P-TOKEN-FORCED-TRADE")
    assert {t for t in texts(g) if "force" in t} == {"P1 force"}
    assert_legal(g, "P1 force")
    assert g.state.tokens == (1, 5, 0, 0) and g.state.token_supply == 14
    g = main_game(tokens="4,5,0,0", supply=11, **lead)
    assert_legal(g, "P1 force all")
    assert g.state.tokens == (0, 5, 0, 0) and g.state.token_supply == 15


def test_CK2P_TOKEN_ROBBER_robber_home_only_once_the_robber_is_on_the_board():
    g = opening()
    assert g.state.robber == -1
    assert_illegal(g, "P1 robber-home", "CK2P-TOKEN-ROBBER")
    assert "P1 robber-home" not in texts(g)
    roll_twice(g)
    assert_illegal(g, "P1 robber-home", "CK2P-TOKEN-ROBBER")
    assert g.state.tokens == (5, 5, 0, 0)
    # The first attack puts the robber on the desert: still nothing to send home.
    g = load(opening(), barb=6)
    g.play("P1 roll")
    throw(g, 1, 2, "ship")
    throw(g, 2, 2)
    assert g.state.attacked and g.state.robber == g.layout.desert()
    assert_illegal(g, "P1 robber-home", "2P-TOKEN-ROBBER")
    # Once it stands elsewhere it may be sent home, without a steal.
    g = main_game(attacked=1, robber="K")
    hands_before = g.state.hands
    assert_legal(g, "P1 robber-home", "2P-TOKEN-ROBBER")
    assert g.state.robber == g.layout.desert() == parse_hex("J")
    assert g.state.hands == hands_before and g.state.phase == "main"
    assert g.state.tokens == (4, 5, 0, 0) and g.state.token_supply == 11
    g = main_game(attacked=1, robber="K", defender="1,0,0,0")  # leading: 2 tokens
    assert_legal(g, "P1 robber-home")
    assert g.state.tokens == (3, 5, 0, 0) and g.state.token_supply == 12


def test_CK2P_TOKEN_ONE_ACTION_one_token_action_a_turn_in_whichever_phase():
    base = load(opening(), attacked=1, robber="K", kn="A2:P1:1:---")
    g = base.clone()
    assert_legal(g, "P1 robber-home")  # before the rolls
    roll_twice(g)
    g = load(g, robber="C")  # the robber is off the desert again
    assert g.state.token_used
    assert_illegal(g, "P1 robber-home", "CK2P-TOKEN-ONE-ACTION")
    assert_illegal(g, FORCE, "CK2P-TOKEN-ONE-ACTION")
    assert_illegal(g, FORCE_ALL, "CK2P-TOKEN-ONE-ACTION")
    assert not any("force" in t or "robber-home" in t for t in texts(g))
    assert_legal(g, "P1 remove-knight A2")  # cashing in a knight is no token action
    assert g.state.tokens == (5, 5, 0, 0)
    # In the Action phase likewise.
    g = base.clone()
    roll_twice(g)
    assert_legal(g, FORCE)
    assert_illegal(g, "P1 robber-home", "CK2P-TOKEN-FORCED-TRADE")  # the trade comes first
    for _ in range(2):
        g.play(g.chance_outcomes()[0][0])
    assert_illegal(g, "P1 robber-home", "CK2P-TOKEN-FORCED-TRADE")
    g.play(g.legal_actions()[0])
    assert g.state.phase == "main"
    assert_illegal(g, "P1 robber-home", "CK2P-TOKEN-ONE-ACTION")
    assert_illegal(g, FORCE_ALL, "CK2P-TOKEN-ONE-ACTION")
    # The opponent's turn is a new turn.
    g.play("P1 end")
    assert not g.state.token_used
    assert_legal(g, "P2 robber-home")
    assert g.state.tokens == (4, 4, 0, 0)
    roll_twice(g)
    assert_illegal(g, "P2 force", "CK2P-TOKEN-ONE-ACTION")


def test_CK2P_TOKEN_SUPPLY_twenty_tokens_an_empty_supply_refills_only_from_spent_ones():
    g = opening()
    assert total_tokens(g) == 20 and g.state.token_supply == 10
    # An empty supply pays nothing: neither a desert settlement nor a cashed-in knight.
    g = main_game(
        tokens="10,10,0,0",
        supply=0,
        hands=hands(SETTLEMENT),
        roads=per_party("A3,D3,B7,E3", "C5,K5"),
        kn="A2:P1:2:a--",
    )
    g.play("P1 settle E4")
    assert g.state.vowner[parse_vertex("E4")] == P1
    assert g.state.tokens == (10, 10, 0, 0) and g.state.token_supply == 0
    g.play("P1 neutral N1 road H5")
    g.play("P1 remove-knight A2")
    assert kn(g, "A2") is None
    assert g.state.tokens == (10, 10, 0, 0) and g.state.token_supply == 0
    # Spent tokens refill it; earnings then take what is there.
    g = main_game(tokens="10,10,0,0", supply=0, attacked=1, robber="K", kn="A2:P1:3:a--")
    g.play("P1 robber-home")
    assert g.state.tokens == (9, 10, 0, 0) and g.state.token_supply == 1
    g.play("P1 remove-knight A2")  # 3 owed, 1 in the supply
    assert g.state.tokens == (10, 10, 0, 0) and g.state.token_supply == 0
    assert total_tokens(g) == 20
    # Doubly priced trades go back to the supply too.
    g = main_game(tokens="10,10,0,0", supply=0)
    g.play(FORCE_ALL)
    assert g.state.tokens == (8, 10, 0, 0) and g.state.token_supply == 2


# ================================================================ 5.6 End
TWELVE_P1 = dict(
    defender="5,0,0,0", pvp="2,0,0,0", levels="0,4,0/0,0,0/0,0,0/0,0,0", metro="-,D4,-"
)
TWELVE_P2 = dict(
    defender="0,5,0,0", pvp="0,2,0,0", levels="0,0,0/0,4,0/0,0,0/0,0,0", metro="-,K6,-"
)


def test_CK2P_WIN_thirteen_vp_on_ones_own_turn():
    # 12 VP (A4, D4 and 9 defender tokens) is not enough; 10 and 11 never won before either.
    g = main_game(
        defender="9,0,0,0", hands=hands(SETTLEMENT), roads=per_party("A3,A1,D3", "C5,K5", "I7,I5")
    )
    assert g.victory_points(P1) == 12 and g.winner is None and g.state.phase == "main"
    g.play("P1 settle A12")  # 13
    assert g.victory_points(P1) == 13
    assert g.winner == P1 and g.is_over() and g.state.phase == "over"
    assert_illegal(g, "P1 neutral N1 settle I4", None)  # nothing more is owed
    assert_illegal(g, "P1 end", None)
    g = main_game(defender="7,0,0,0", hands=hands(SETTLEMENT), roads=per_party("A3,A1,D3", "C5,K5"))
    assert g.victory_points(P1) == 10 and g.winner is None
    play(g, "P1 settle A12", "P1 neutral N1 road H5")  # 11: the game goes on
    assert g.winner is None and g.state.phase == "main"
    g.play("P1 end")
    assert g.winner is None and g.state.phase == "pre-roll" and g.state.active == P2
    # Reached with the first roll of one's own turn (a defender token): at once, no second.
    # 12 VP: D4, A4, 5 defender tokens (the box holds 6, CK-BARB-TOKENS), 2 VP cards and
    # the trade metropolis.
    g = load(opening(), barb=6, kn="A2:P1:3:a--", **TWELVE_P1)
    assert g.victory_points(P1) == 12
    g.play("P1 roll")
    throw(g, 1, 2, "ship")  # 2 cities against 3: P1 is the single best defender
    assert g.state.defender[P1] == 6 and g.victory_points(P1) == 13
    assert g.winner == P1 and g.state.phase == "over" and g.state.sums == (3,)
    assert g.chance_outcomes() == []


def test_CK2P_WIN_thirteen_reached_on_the_opponents_turn_wins_when_ones_turn_begins():
    # P2 (C6, K6: 3 VP, 5 tokens, 2 VP cards, the trade metropolis) is the single best
    # defender on P1's turn: 13, no win yet.
    g = load(opening(), barb=6, kn="C4:P2:3:a--", **TWELVE_P2)
    assert g.victory_points(P2) == 12
    g.play("P1 roll")
    throw(g, 1, 2, "ship")  # 2 cities against 3: defended
    assert g.state.defender[:2] == (0, 6) and g.victory_points(P2) == 13
    assert g.winner is None and g.state.phase == "dice"
    throw(g, 2, 2)
    assert g.winner is None and g.state.phase == "main"
    assert_legal(g, "P1 end")
    assert g.winner == P2 and g.state.phase == "over"
    # The neutrals never win, whatever they hold.
    g = main_game(settlements=per_party("A4", "C6", "H4,A12,S4,Q8", "G6"))
    assert g.victory_points(N1) == 0 and g.victory_points(N2) == 0
    g.play("P1 end")
    assert g.winner is None and g.state.active == P2
