"""One test (at least) per CK-* rule of rulebook/rules.md §4 about components, setup, the turn, the
event die, progress draws, production, the 7, trading, science/trade level 3 and victory
(``ck``, a preview variant), each named after its rule.

Positions are built by playing real actions (``opening``: a fixed setup on the beginner
board) or by editing the fields of a ``Game.position()`` text (``load``). Chance is forced by
playing its outcome: ``die white 3``, ``die red 4``, ``event ship``, ``progress science crane``,
``steal coin``.

Cards are written in the engine's order: brick, lumber, wool, grain, ore, paper, cloth, coin.
The opening (beginner board; hex terrain and number in brackets):
    P1: settlement A4 (A mountains 10, B pasture 2, E hills 6),
        city D4 (D fields 12, E, I forest 11)
    P2: settlement C6 (C forest 9, F pasture 4, G hills 10), city H4 (H fields 9, I, M forest 8)
    P3: settlement K6 (K forest 3, O fields 4, P pasture 5), city N6 (N mountains 3, Q hills 5,
        R fields 6)
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from helpers import (
    assert_illegal,
    assert_legal,
    cards,
    conserve_ck,
    fields,
    from_fields,
    hand,
    play,
    position_fields,
    texts,
)

from catan_tutor import BEGINNER, CHANCE, Game, new_game
from catan_tutor.actions import (
    Aqueduct,
    BuyDev,
    PlayKnight,
    PlayMonopoly,
    PlayPlenty,
    PlayRoadBuilding,
)
from catan_tutor.board import parse_hex, parse_vertex
from catan_tutor.errors import CatanError, PositionError
from catan_tutor.progress_cards import CARDS, COUNT, DECK_KINDS

# the rules engine alone: left out of the minimum-versions lane (scripts/min_versions.sh)
pytestmark = pytest.mark.engine

P1, P2, P3 = 0, 1, 2
SCIENCE, TRADE, POLITICS = 0, 1, 2
NONE8 = (0,) * 8
OPENING = (
    "P1 settle A4", "P1 road A3", "P2 settle C6", "P2 road C5", "P3 settle K6", "P3 road K5",
    "P3 city N6", "P3 road N5", "P2 city H4", "P2 road H3", "P1 city D4", "P1 road D3",
)  # fmt: skip
# Only the cities pay in setup: D4 -> brick, lumber, grain; H4 -> 2 lumber, grain;
# N6 -> brick, grain, ore.
START_HANDS = (
    (1, 1, 0, 1, 0, 0, 0, 0), (0, 2, 0, 1, 0, 0, 0, 0), (1, 0, 0, 1, 1, 0, 0, 0),
)  # fmt: skip


# ---------------------------------------------------------------- helpers
def card(name: str) -> int:
    return CARDS.index(name)


def opening() -> Game:
    """The fixed opening played out; P1 is to roll in turn 1."""
    return play(new_game("ck", players=3, preview=True), *OPENING)


def roll(game: Game, white: int, red: int, event: str = "politics") -> Game:
    """The active player rolls; the three dice show ``white``, ``red`` and ``event``.
    (A politics castle draws nothing while every politics level is 0.)"""
    return play(
        game,
        f"P{game.state.active + 1} roll",
        f"die white {white}",
        f"die red {red}",
        f"event {event}",
    )


def hands(*hs) -> str:
    """A hands field: one 8-count hand per player (missing players hold nothing)."""
    hs = (*hs, *(NONE8,) * (3 - len(hs)))
    return "/".join(",".join(map(str, h)) for h in hs)


def load(base: Game | str, **changes) -> Game:
    """``base``'s position with some fields replaced.

    Given hands, the bank is recomputed (19 of each resource, 12 of each commodity); given
    progress hands or VP cards, the decks' unseen counts are recomputed (empty queues) so that
    all 54 progress cards are accounted for (VP cards laid out: Printing first)."""
    head, f = position_fields(base, changes)
    conserve_ck(
        f,
        bank="hands" in changes and "bank" not in changes,
        decks=("phand" in changes or "pvp" in changes) and "pdecks" not in changes,
    )
    return from_fields(head, f)


def main_game(**changes) -> Game:
    """The opening's board in P1's Action phase of turn 1 (dice 1+2), some fields replaced."""
    return load(opening(), **{"phase": "main", "dice": "1,2", "event": "politics", **changes})


def gained(before: Game, after: Game) -> list[tuple[int, ...]]:
    """Per player, the cards gained between two games (negative: lost)."""
    return [
        tuple(a - b for a, b in zip(after.state.hands[p], before.state.hands[p], strict=True))
        for p in range(3)
    ]


def draw_odds(game: Game) -> dict[str, int]:
    return {str(a): w for a, w in game.chance_weights()}


# ================================================================ 4.1 Components
def test_CK_COMP_REMOVED_no_development_cards_and_no_largest_army():
    g = opening()
    assert g.state.deck == (0, 0, 0, 0, 0)
    assert g.observation(P1)["deck_size"] == 0
    # P1 can afford a development card (wool, grain, ore), yet none can be bought or played.
    g = main_game(hands=hands((0, 0, 3, 3, 3, 0, 0, 0)))
    for a in (
        BuyDev(P1),
        PlayKnight(P1),
        PlayRoadBuilding(P1),
        PlayPlenty(P1, 0, 1),
        PlayMonopoly(P1, 0),
    ):
        assert_illegal(g, a, None)
    assert not any(type(a) in (BuyDev, PlayKnight) for a in g.legal_actions())
    # Active knights on the board never make a Largest Army.
    g = main_game(kn="A6:P1:3:a--,B4:P1:3:a--,D6:P1:2:a--,E6:P1:2:a--")
    play(g, "P1 end")
    roll(g, 1, 2)
    assert g.state.army == -1 and fields(g)["army"] == "-"
    assert g.victory_points(P1) == 3  # settlement A4 + city D4, nothing for knights


def test_CK_COMP_REMOVED_refusal_cites_the_rule():
    g = main_game(hands=hands((0, 0, 3, 3, 3, 0, 0, 0)))
    assert_illegal(g, BuyDev(P1), "CK-COMP-REMOVED")


def test_CK_COMP_REMOVED_position_text_has_no_development_cards():
    g = main_game(hands=hands((0, 0, 3, 3, 3, 0, 0, 0)))
    with pytest.raises(PositionError):
        g = load(g, deck="14,5,2,2,2")
        g.legal_actions()


def test_CK_COMP_COMMODITIES_twelve_paper_cloth_and_coin():
    g = new_game("ck", players=3, preview=True)
    assert g.state.bank == (19, 19, 19, 19, 19, 12, 12, 12)
    assert all(h == NONE8 for h in g.state.hands)
    assert fields(g)["bank"] == "19,19,19,19,19,12,12,12"
    # Commodities are cards of the game: they conserve at 12 per kind.
    g = opening()
    with pytest.raises(PositionError):
        load(g, hands=hands((0, 0, 0, 0, 0, 13, 0, 0)))
    with pytest.raises(PositionError):
        load(g, bank="17,16,19,16,18,12,12,13")
    g = load(g, hands=hands((0, 0, 0, 0, 0, 12, 0, 0)))
    assert g.state.bank[5:] == (0, 12, 12)


def test_CK_COMP_DICE_white_red_and_an_event_die_with_three_ship_faces():
    g = opening()
    g.play("P1 roll")
    assert g.current_player == CHANCE
    white = g.chance_outcomes()
    assert [str(a) for a, _ in white] == [f"die white {v}" for v in range(1, 7)]
    assert all(p == pytest.approx(1 / 6) for _, p in white)
    assert_illegal(g, "die red 3", None)
    assert_illegal(g, "event ship", None)
    g.play("die white 3")
    red = g.chance_outcomes()
    assert [str(a) for a, _ in red] == [f"die red {v}" for v in range(1, 7)]
    assert all(p == pytest.approx(1 / 6) for _, p in red)
    g.play("die red 4")
    event = {str(a): p for a, p in g.chance_outcomes()}
    assert event == pytest.approx(
        {"event ship": 1 / 2, "event science": 1 / 6, "event trade": 1 / 6, "event politics": 1 / 6}
    )
    assert_illegal(g, "die white 2", None)
    g.play("event trade")
    assert g.state.dice == (3, 4) and g.state.event == "trade"


# ================================================================ 4.2 Board and setup
def test_CK_BOARD_MAP_beginner_map_with_its_harbors_or_a_random_board():
    g = new_game("ck", players=3, preview=True)
    assert g.layout == BEGINNER
    assert fields(g)["harbors"] == "3:1,grain,ore,3:1,wool,3:1,3:1,brick,lumber"
    r = new_game("ck", players=4, preview=True, board="variable", seed=4)
    assert Counter(r.layout.terrain) == Counter(BEGINNER.terrain)
    assert sorted(r.layout.numbers) == sorted(BEGINNER.numbers)
    assert r.state.phase == "setup-settle"


def test_CK_BOARD_TRACK_the_ship_attacks_on_reaching_position_7():
    g = opening()
    assert g.state.barb == 0 and fields(g)["barb"] == "0"
    for step in range(1, 7):
        roll(g, 1, 2, "ship")
        assert g.state.barb == step and not g.state.attacked
        g.play(f"P{g.state.active + 1} end")
    # The seventh step attacks (3 cities against no knights) and the ship goes home.
    roll(g, 1, 2, "ship")
    assert g.state.attacked and g.state.barb == 0
    assert g.state.cities == (0, 0, 0)
    with pytest.raises(PositionError):  # 7 is never a resting position
        load(opening(), barb=7)


@pytest.mark.parametrize("variant", ["ck", "ck-2p"])
def test_CK_SETUP_ROBBER_a_variable_board_keeps_the_robber_off(variant: str):
    """Laying a variable board puts the base robber on the desert; in C&K it stays off, and
    the position reads back (CK-ROBBER-INACTIVE refuses a robber before the first attack)."""
    g = new_game(variant, players=2 if variant == "ck-2p" else 3, board="variable", seed=0)
    assert g.state.robber == -1 and g.layout.desert() >= 0
    assert Game.from_position(g.position()).position() == g.position()


def test_CK_SETUP_ROBBER_the_robber_starts_off_the_board():
    base = new_game("base", players=3)
    g = new_game("ck", players=3, preview=True)
    assert base.state.robber == parse_hex("J")
    assert g.state.robber == -1
    assert fields(g)["robber"] == "-" and g.observation()["robber"] == -1
    g = opening()
    assert g.state.robber == -1 and not g.state.attacked
    # The desert is no robber's hex: nothing blocks production anywhere before the first attack
    # (11 pays both cities on I).
    roll(g, 5, 6)
    assert g.state.hands[P1][5] == 1 and g.state.hands[P2][5] == 1


def test_CK_SETUP_ROUND1_a_settlement_and_a_road_in_seat_order():
    g = new_game("ck", players=3, preview=True)
    assert_illegal(g, "P1 city A4", "CK-SETUP-ROUND1")
    movers = []
    for a in OPENING[:6]:
        movers.append(g.current_player)
        if "settle" in a:
            assert g.pending[0].decision == "place a settlement"
        g.play(a)
        if a == "P1 settle A4":
            assert_illegal(g, "P1 road C5", None)  # the road must touch the settlement
            assert_illegal(g, "P1 city D4", None)
    assert movers == [P1, P1, P2, P2, P3, P3]
    assert g.state.settlements == (1, 1, 1) and g.state.cities == (0, 0, 0)
    assert all(h == NONE8 for h in g.state.hands)  # round 1 pays nothing


def test_CK_SETUP_ROUND2_a_city_and_a_road_in_reverse_order():
    g = play(new_game("ck", players=3, preview=True), *OPENING[:6])
    assert g.current_player == P3
    assert_illegal(g, "P3 settle N6", "CK-SETUP-ROUND2")
    assert_illegal(g, "P3 city K6", "CK-SETUP-ROUND2")  # taken
    assert_illegal(g, "P3 city O4", "CK-SETUP-ROUND2")  # next to K6: the round says so
    movers = []
    for a in OPENING[6:]:
        movers.append(g.current_player)
        if "city" in a:
            assert g.pending[0].decision == "place a city"
        g.play(a)
        if a == "P3 city N6":
            assert_illegal(g, "P3 road K7", None)  # the road touches the new city
    assert movers == [P3, P3, P2, P2, P1, P1]
    assert g.state.cities == (1, 1, 1) and g.state.settlements == (1, 1, 1)
    assert fields(g)["cities"] == "D4/H4/N6"
    assert g.state.phase == "pre-roll" and g.state.turn == 1 and g.state.active == P1


def test_CK_SETUP_ROUND2_explanations_cite_the_ck_rule():
    g = play(new_game("ck", players=3, preview=True), *OPENING[:6])
    assert g.explain("P3 city N6").rule == "CK-SETUP-ROUND2"
    g.play("P3 city N6")
    assert g.explain("P3 road N5").rule == "CK-SETUP-ROUND2"


def test_CK_SETUP_RESOURCES_one_resource_per_land_hex_of_the_city_no_commodities():
    g = opening()
    assert g.state.hands == START_HANDS  # forest pays lumber, never paper; mountains no coin
    assert all(h[5:] == (0, 0, 0) for h in g.state.hands)
    # The desert pays nothing: a city on E4 (hills, pasture, desert) gives brick and wool.
    g = play(new_game("ck", players=3, preview=True), *OPENING[:6], "P3 city E4")
    assert hand(g, P3) == cards(brick=1, wool=1)


def test_CK_SETUP_FIRST_PLAYER_the_highest_roll_becomes_P1():
    g = new_game("ck", players=3, preview=True, rolloff=True)
    assert g.is_chance() and g.colors == ("red", "blue", "white")
    for w, r in ((2, 3), (6, 6), (1, 1)):  # blue rolls 12
        play(g, f"die white {w}", f"die red {r}")
    assert g.colors == ("blue", "white", "red")
    assert g.current_player == P1 and g.state.phase == "setup-settle"
    g = new_game("ck", players=3, preview=True)  # a scenario may fix P1
    assert not g.is_chance() and g.colors[0] == "red"


def test_CK_SETUP_IMPROVEMENTS_every_track_starts_at_level_0():
    g = new_game("ck", players=4, preview=True)
    assert g.state.levels == ((0, 0, 0),) * 4
    g = opening()
    assert g.state.levels == ((0, 0, 0),) * 3
    assert all(s["levels"] == [0, 0, 0] for s in g.observation()["seats"])
    # Level 0 never draws, even on a red 1.
    roll(g, 1, 1, "science")
    assert g.state.phase == "main" and g.state.phand == ((), (), ())
    # The first level bought is level 1: it costs 1 paper.
    g = main_game(hands=hands(cards(paper=1)))
    assert_legal(g, "P1 improve science")
    assert g.state.levels[P1] == (1, 0, 0) and hand(g, P1) == NONE8


# ================================================================ 4.3 Turn
def test_CK_TURN_PHASES_roll_production_then_action():
    g = opening()
    assert texts(g) == {"P1 roll"}  # Roll Dice phase first: nothing else (no Alchemy held)
    for t in ("P1 road A5", "P1 end", "P1 bank 4 brick for ore", "P1 wall D4"):
        assert_illegal(g, t, None)
    g.play("P1 roll")
    assert g.state.phase == "dice"
    assert_illegal(g, "P1 end", "BASE-CHANCE-EVENTS")
    play(g, "die white 4", "die red 4", "event politics")
    # Production (8: M forest, P2's city H4) has happened; now the Action phase.
    assert hand(g, P2) == (0, 3, 0, 1, 0, 1, 0, 0)
    assert g.state.phase == "main"
    assert_illegal(g, "P1 roll", None)
    g.play("P1 end")
    assert g.state.active == P2 and g.state.phase == "pre-roll" and g.state.turn == 2


def test_CK_TURN_PHASES_refusals_before_the_roll_cite_the_ck_rule():
    g = opening()
    exp = g.explain("P1 road A5")
    assert exp.rule in ("CK-TURN-PHASES", "CK-TURN-ROLL-PHASE")
    assert "development card" not in exp.reason
    assert "development card" not in g.pending[0].decision


def test_CK_TURN_ROLL_PHASE_three_dice_then_the_event_is_resolved_before_production():
    # (a) Progress draws come before production: the 11 is paid only after the draws.
    g = load(opening(), levels="5,0,0/5,0,0/0,0,0")
    play(g, "P1 roll", "die white 5", "die red 6", "event science")
    assert g.state.phase == "progress-draw"
    assert g.state.hands == START_HANDS  # not produced yet
    assert_illegal(g, "P1 end", None)
    play(g, "progress science crane", "progress science mining")
    assert g.state.phand[P1] == (card("crane"),) and g.state.phand[P2] == (card("mining"),)
    assert g.state.phase == "main"
    assert gained(load(opening()), g)[P1] == cards(lumber=1, paper=1)
    # (b) A whole attack comes before production: the pillaged cities produce as settlements.
    g = load(opening(), barb=6)
    roll(g, 3, 3, "ship")  # 6: E hills (P1's A4 and D4), R fields (P3's N6)
    assert g.state.cities == (0, 0, 0) and g.state.settlements == (2, 2, 2)
    assert gained(opening(), g) == [cards(brick=2), NONE8, cards(grain=1)]


def test_CK_TURN_PRODUCTION_PHASE_a_7_or_production_then_science_3_claims():
    # A 7: discards, no production; science 3 claims nothing.
    g = load(
        opening(),
        levels="3,0,0/0,0,0/0,0,0",
        hands=hands((2, 2, 2, 1, 0, 1, 0, 0), START_HANDS[1], START_HANDS[2]),
    )
    roll(g, 3, 4)
    assert g.state.phase == "discard" and g.state.discards[:3] == (4, 0, 0)
    play(g, "P1 discard 2 brick, 2 lumber")
    assert g.state.phase == "main" and g.state.claims == ()
    assert hand(g, P2) == START_HANDS[1] and hand(g, P3) == START_HANDS[2]
    # Not a 7: production first, then the claims of those who got nothing.
    g = load(opening(), levels="3,0,0/0,0,0/0,0,0")
    roll(g, 4, 4)  # 8 pays only P2
    assert hand(g, P2) == (0, 3, 0, 1, 0, 1, 0, 0)
    assert g.state.phase == "aqueduct" and g.current_player == P1
    g.play("P1 aqueduct ore")
    assert g.state.phase == "main" and hand(g, P1) == (1, 1, 0, 1, 1, 0, 0, 0)


def test_CK_TURN_ACTION_PHASE_trade_build_and_knights_in_any_order_then_end():
    g = main_game(hands=hands((9, 3, 2, 2, 2, 4, 0, 0), START_HANDS[1], START_HANDS[2]))
    for t in (
        "P1 road A5",
        "P1 bank 4 brick for ore",
        "P1 wall D4",
        "P1 improve science",
        "P1 recruit A6",
        "P1 improve science",
        "P1 activate A6",
        "P1 road A7",
    ):
        assert_legal(g, t)
    s = g.state
    assert s.roads[P1] == 4 and s.walls[parse_vertex("D4")]
    assert s.levels[P1] == (2, 0, 0)
    assert fields(g)["kn"] == "A6:P1:1:af-"
    assert hand(g, P1) == (1, 1, 1, 1, 2, 1, 0, 0)
    assert g.explain("P1 end").rule == "CK-TURN-ACTION-PHASE"
    g.play("P1 end")
    assert g.state.active == P2 and g.state.phase == "pre-roll"


def test_CK_INFO_hidden_hands_and_progress_cards_public_pieces_and_vp():
    g = main_game(
        hands=hands((0, 0, 0, 0, 0, 2, 1, 0), START_HANDS[1], START_HANDS[2]),
        phand="crane,espionage/-/-",
        pvp="1,0,0",
        defender="0,0,1",
        kn="A6:P1:2:a--",
        walls="D4",
        levels="2,0,1/0,1,0/0,0,0",
    )
    other = g.observation(P2)
    me = g.observation(P1)
    p1_seen, p1_own = other["seats"][P1], me["seats"][P1]
    assert p1_seen["hand"] is None and p1_seen["hand_size"] == 3  # commodity kinds hidden
    assert p1_own["hand"] == [0, 0, 0, 0, 0, 2, 1, 0]
    assert p1_seen["progress"] is None and p1_seen["progress_cards"] == 2  # secret, counted
    assert sorted(p1_own["progress"]) == sorted([card("crane"), card("espionage")])
    assert p1_seen["levels"] == [2, 0, 1] and other["seats"][P2]["levels"] == [0, 1, 0]
    assert p1_seen["vp_cards"] == 1 and other["seats"][P3]["defender"] == 1
    assert p1_seen["public_vp"] == g.victory_points(P1) == 4  # A4 + D4 + Printing
    assert other["seats"][P3]["public_vp"] == g.victory_points(P3) == 4  # K6 + N6 + token
    assert (parse_vertex("A6"), P1, 2, True) in [tuple(k) for k in other["knights"]]
    assert other["walls"] == [parse_vertex("D4")]
    # The decks' contents are never shown.
    assert "pdecks" not in json.dumps(other) and "crane" not in json.dumps(other)


# ================================================================ 4.4 Event die and draws
def test_CK_EVENT_SHIP_advances_the_barbarians():
    g = opening()
    roll(g, 1, 2, "ship")
    assert g.state.barb == 1 and g.state.event == "ship"
    g.play("P1 end")
    roll(g, 1, 2, "science")  # a castle does not move the ship
    assert g.state.barb == 1
    g = load(opening(), barb=5)
    roll(g, 1, 2, "ship")
    assert g.state.barb == 6 and not g.state.attacked
    g = load(opening(), barb=6)
    roll(g, 1, 2, "ship")  # reaching 7: the attack (3 cities, no knights: all pillaged)
    assert g.state.barb == 0 and g.state.attacked
    assert g.state.cities == (0, 0, 0)


def test_CK_EVENT_CASTLE_players_whose_level_admits_the_red_die_draw_that_colour():
    g = load(opening(), levels="0,1,0/0,0,5/0,2,0")
    roll(g, 1, 2, "trade")  # red 2: P1 (trade 1) and P3 (trade 2); P2 has no trade level
    assert g.state.draws == ((P1, TRADE), (P3, TRADE))
    assert g.pending[0].player == -1 and "trade" in g.pending[0].decision
    odds = draw_odds(g)  # only trade cards can come
    assert set(odds) == {f"progress trade {CARDS[k]}" for k in DECK_KINDS[TRADE]}
    assert_illegal(g, "progress science crane", None)
    play(g, "progress trade merchant", "progress trade merchant-fleet")
    assert g.state.phand == ((card("merchant"),), (), (card("merchant-fleet"),))
    assert g.state.pdecks[TRADE][0] == (2, 2, 5, 1, 4, 2)
    assert g.state.phase == "main"


def test_CK_PROGRESS_THRESHOLD_level_n_draws_on_red_1_to_n_plus_1():
    for levels in ((0, 1, 2), (3, 4, 5)):
        for red in range(1, 7):
            g = load(opening(), levels="/".join(f"{x},0,0" for x in levels))
            roll(g, 1 if red != 6 else 2, red, "science")
            drawers = [p for p, _ in g.state.draws]
            want = [p for p, lv in enumerate(levels) if lv and red <= lv + 1]
            assert drawers == want, (levels, red)


def test_CK_PROGRESS_DRAW_ORDER_from_the_active_player_on():
    g = load(opening(), levels="3,0,0/3,0,0/3,0,0", turn=2, active="P2")
    roll(g, 1, 2, "science")
    assert [p for p, _ in g.state.draws] == [P2, P3, P1]
    play(g, "progress science crane", "progress science mining", "progress science medicine")
    assert g.state.phand == ((card("medicine"),), (card("crane"),), (card("mining"),))


def test_CK_PROGRESS_VP_CARDS_laid_out_at_once_outside_the_hand_limit():
    g = load(opening(), levels="0,0,0/0,0,0/1,0,1", phand="-/-/alchemy,crane,mining,medicine")
    vp = g.victory_points(P3)
    roll(g, 1, 1, "science")  # P3 draws off turn
    g.play("progress science printing")
    assert g.state.pvp == (0, 0, 1)
    assert len(g.state.phand[P3]) == 4 and card("printing") not in g.state.phand[P3]
    assert g.state.phase == "main" and g.state.pdiscards == ()  # no discard owed
    assert g.victory_points(P3) == vp + 1
    assert g.observation(P1)["seats"][P3]["vp_cards"] == 1  # face up
    g.play("P1 end")
    roll(g, 1, 1, "politics")  # P2's turn; P3 draws the Constitution off turn
    g.play("progress politics constitution")
    assert g.state.pvp == (0, 0, 2) and g.victory_points(P3) == vp + 2
    assert g.state.pdecks[SCIENCE][0][DECK_KINDS[SCIENCE].index(card("printing"))] == 0
    # A VP card is never in the hand: it cannot be discarded (or stolen, played, lost).
    g = load(
        opening(),
        pvp="1,0,0",
        phand="alchemy,crane,mining,medicine,smithing/-/-",
        phase="main",
        dice="1,2",
        event="politics",
    )
    assert_illegal(g, "P1 discard-progress printing", "CK-PROGRESS-HAND-LIMIT")
    # The laid-out card stays through the rest of the game, e.g. a barbarian attack.
    g = load(opening(), pvp="1,0,0", barb=6)
    roll(g, 1, 2, "ship")
    assert g.state.pvp == (1, 0, 0) and g.victory_points(P1) == 3  # 2 settlements + card


def test_CK_PROGRESS_HAND_LIMIT_off_turn_at_once_on_turn_by_the_end():
    four = "alchemy,crane,mining,medicine"
    g = load(opening(), levels="5,0,0/5,0,0/0,0,0", phand=f"{four}/{four}/-")
    roll(g, 5, 6, "science")
    g.play("progress science smithing")  # P1, on turn: may hold 5 for now
    assert len(g.state.phand[P1]) == 5 and g.state.phase == "progress-draw"
    g.play("progress science smithing")  # P2, off turn: discards at once
    assert g.state.phase == "progress-discard" and g.current_player == P2
    assert_illegal(g, "P1 discard-progress crane", "CK-PROGRESS-HAND-LIMIT")
    assert_illegal(g, "P2 discard-progress printing", "CK-PROGRESS-HAND-LIMIT")
    assert texts(g) == {
        f"P2 discard-progress {c}" for c in ("alchemy", "crane", "mining", "medicine", "smithing")
    }
    g.play("P2 discard-progress crane")  # P2 chooses; the card goes under its deck
    assert g.state.phand[P2] == tuple(
        sorted(card(c) for c in ("alchemy", "mining", "medicine", "smithing"))
    )
    assert g.state.pdecks[SCIENCE][1] == (card("crane"),)
    assert g.state.phase == "main"
    # The active player ends the Action phase within the limit.
    assert_illegal(g, "P1 end", "CK-PROGRESS-HAND-LIMIT")
    g.play("P1 discard-progress mining")
    assert g.state.pdecks[SCIENCE][1] == (card("crane"), card("mining"))
    assert len(g.state.phand[P1]) == 4
    assert_illegal(g, "P1 discard-progress crane", "CK-PROGRESS-HAND-LIMIT")  # at 4: no more
    g.play("P1 end")
    assert g.state.active == P2


def test_CK_PROGRESS_DECK_MODEL_uniform_over_the_unseen_cards_then_the_queue_in_order():
    g = load(opening(), levels="2,0,0/0,0,0/0,0,0")
    roll(g, 1, 1, "science")
    odds = draw_odds(g)
    assert odds == {f"progress science {CARDS[k]}": COUNT[k] for k in DECK_KINDS[SCIENCE]}
    g.play("progress science engineering")
    assert g.state.pdecks[SCIENCE][0][DECK_KINDS[SCIENCE].index(card("engineering"))] == 0
    # Shuffled part used up (P3 holds the rest, the Printing is laid out): the queue of
    # discarded cards comes in order, with certainty.
    rest = [
        CARDS[k]
        for k in DECK_KINDS[SCIENCE]
        for _ in range(COUNT[k])
        if CARDS[k] not in ("printing", "crane", "smithing")
    ]
    g = load(
        opening(),
        levels="3,0,0/3,0,0/0,0,0",
        phand=f"-/-/{','.join(rest)}",
        pvp="0,0,1",
        pdecks=(
            "0,0,0,0,0,0,0,0,0,0:crane,smithing,crane,smithing/2,2,6,2,4,2:-/1,2,2,3,2,2,2,2,2:-"
        ),
    )
    roll(g, 1, 2, "science")
    assert g.chance_weights() == [(g.parse("progress science crane"), 1)]
    assert_illegal(g, "progress science smithing", None)
    g.play("progress science crane")
    assert g.chance_weights() == [(g.parse("progress science smithing"), 1)]
    g.play("progress science smithing")
    assert g.state.pdecks[SCIENCE] == ((0,) * 10, (card("crane"), card("smithing")))
    assert g.state.phand[P1] == (card("crane"),) and g.state.phand[P2] == (card("smithing"),)
    # A discarded card goes to the bottom, after the cards already queued.
    five = ",".join(["crane", "crane", "smithing", *rest[:2]])
    g = load(
        g,
        phase="main",
        phand=f"{five}/-/{','.join(rest[2:])}",
        pdecks="0,0,0,0,0,0,0,0,0,0:smithing/2,2,6,2,4,2:-/1,2,2,3,2,2,2,2,2:-",
    )
    g.play("P1 discard-progress crane")
    assert g.state.pdecks[SCIENCE][1] == (card("smithing"), card("crane"))


def test_CK_PROGRESS_EMPTY_a_draw_from_an_empty_deck_gives_nothing():
    science = [
        CARDS[k] for k in DECK_KINDS[SCIENCE] for _ in range(COUNT[k]) if CARDS[k] != "printing"
    ]
    g = load(
        opening(),
        levels="2,0,0/0,0,0/2,0,0",
        pvp="0,1,0",
        phand=f"-/{','.join(science[:9])}/{','.join(science[9:])}",
        pdecks="0,0,0,0,0,0,0,0,0,0:-/2,2,6,2,4,2:-/1,2,2,3,2,2,2,2,2:-",
    )
    before = g.state.phand
    roll(g, 1, 1, "science")
    assert g.state.phase == "main" and g.state.draws == ()
    assert g.state.phand == before
    assert g.state.hands[P1] == (1, 1, 1, 1, 0, 0, 0, 0)  # production went on (2: B pasture)


# ================================================================ 4.5 Production
def test_CK_PROD_SETTLEMENT_a_settlement_produces_one_resource_no_commodity():
    g = opening()
    roll(g, 4, 6)  # 10: A mountains (P1's A4), G hills (P2's C6)
    assert gained(opening(), g) == [cards(ore=1), cards(brick=1), NONE8]
    g = opening()
    roll(g, 1, 2)  # 3: K forest (P3's K6 settlement), N mountains (P3's N6 city)
    assert gained(opening(), g)[P3] == cards(lumber=1, ore=1, coin=1)


def test_CK_PROD_CITY_resource_plus_commodity_or_two_resources():
    start = main_game(
        settlements="A4/C6/-", cities="D4/H4/N6,K6", phase="pre-roll", dice="-", event="-"
    )
    cases = {
        (1, 2): [NONE8, NONE8, cards(lumber=1, paper=1, ore=1, coin=1)],  # K forest, N mtns
        (2, 3): [NONE8, NONE8, cards(wool=1, cloth=1, brick=2)],  # P pasture, Q hills
        (3, 3): [cards(brick=3), NONE8, cards(grain=2)],  # E hills, R fields
        (6, 6): [cards(grain=2), NONE8, NONE8],  # D fields
        (5, 6): [cards(lumber=1, paper=1), cards(lumber=1, paper=1), NONE8],  # I forest
    }
    for (w, r), want in cases.items():
        g = roll(load(start), w, r)
        assert gained(start, g) == want, (w, r)


def test_CK_PROD_ROBBER_the_robbers_hex_produces_nothing():
    start = main_game(attacked=1, robber="N", phase="pre-roll", dice="-", event="-")
    g = roll(load(start), 1, 2)  # 3: K pays P3's settlement; N (robber) not P3's city
    assert gained(start, g) == [NONE8, NONE8, cards(lumber=1)]
    start = load(start, robber="I")
    g = roll(load(start), 5, 6)  # 11: I forest (robber) would pay both cities
    assert gained(start, g) == [NONE8, NONE8, NONE8]
    start = load(start, robber="J")
    g = roll(load(start), 5, 6)
    assert gained(start, g) == [cards(lumber=1, paper=1), cards(lumber=1, paper=1), NONE8]


def test_CK_PROD_SHORTAGE_a_commodity_the_bank_cannot_pay_everyone():
    # 1 paper left and P1 and P2 are owed one each (11: I forest): nobody gets paper.
    rest = (0, 0, 0, 0, 0, 11, 0, 0)
    start = load(opening(), hands=hands(START_HANDS[0], START_HANDS[1], rest))
    assert start.state.bank[5] == 1
    g = roll(load(start), 5, 6)
    assert gained(start, g) == [cards(lumber=1), cards(lumber=1), NONE8]
    assert g.state.bank[5] == 1
    # Only one player owed it: they take what is left (P2's two cities on M forest, 8).
    start = load(start, cities="D4/H4,M6/N6")
    g = roll(load(start), 4, 4)
    assert gained(start, g) == [NONE8, cards(lumber=2, paper=1), NONE8]
    assert g.state.bank[5] == 0
    # Enough for everyone: everyone is paid.
    start = load(start, hands=hands(START_HANDS[0], START_HANDS[1], (0, 0, 0, 0, 0, 10, 0, 0)))
    g = roll(load(start), 5, 6)
    assert gained(start, g) == [cards(lumber=1, paper=1), cards(lumber=1, paper=1), NONE8]


# ================================================================ 4.6 The 7 and the robber
def test_CK_SEVEN_DISCARD_half_of_resources_and_commodities_over_7_plus_2_per_wall():
    nine = (3, 0, 0, 0, 0, 3, 3, 0)
    eight = (2, 2, 0, 0, 0, 2, 2, 0)
    g = load(opening(), walls="D4", hands=hands(nine, eight, (1, 1, 1, 1, 1, 1, 1, 0)))
    roll(g, 3, 4)
    # P1: 9 cards, limit 9 (one wall); P2: 8 of 7 (commodities count); P3: 7.
    assert g.state.discards[:3] == (0, 4, 0)
    assert_illegal(g, "P1 discard 1 brick", None)
    assert_illegal(g, "P2 discard 2 brick, 1 paper", None)  # half, rounded down: 4
    g.play("P2 discard 2 paper, 2 cloth")
    assert hand(g, P2) == (2, 2, 0, 0, 0, 0, 0, 0)
    assert g.state.phase == "main"
    # Ten cards over a limit of 9: 5; two walls raise the limit to 11.
    g = load(opening(), walls="D4", hands=hands((4, 0, 0, 0, 0, 3, 3, 0)))
    roll(g, 3, 4)
    assert g.state.discards[:3] == (5, 0, 0)
    g = load(
        opening(),
        cities="D4,A4/H4/N6",
        settlements="-/C6/K6",
        walls="A4,D4",
        hands=hands((5, 0, 0, 0, 0, 3, 3, 0), (4, 4, 0, 0, 0, 0, 1, 0)),
    )
    roll(g, 3, 4)
    assert g.state.discards[:3] == (0, 4, 0)
    g = load(
        opening(),
        cities="D4,A4/H4/N6",
        settlements="-/C6/K6",
        walls="A4,D4",
        hands=hands((6, 0, 0, 0, 0, 3, 3, 0)),
    )
    roll(g, 3, 4)
    assert g.state.discards[:3] == (6, 0, 0)


def test_CK_SEVEN_DISCARD_explanations_cite_the_ck_rule():
    g = load(opening(), hands=hands((9, 0, 0, 0, 0, 0, 0, 0)))
    roll(g, 3, 4)
    assert g.explain("P1 discard 4 brick").rule == "CK-SEVEN-DISCARD"
    assert_illegal(g, "P1 discard 3 brick", "CK-SEVEN-DISCARD")


def test_CK_ROBBER_INACTIVE_before_the_first_attack_a_7_only_discards():
    g = load(opening(), hands=hands((5, 0, 0, 0, 0, 0, 0, 3)), kn="E6:P1:1:a--")
    roll(g, 3, 4)
    assert g.state.phase == "discard"
    g.play("P1 discard 3 brick, 1 coin")
    assert g.state.phase == "main" and g.state.robber == -1  # nobody moves it or steals
    assert not any(t.startswith("P1 robber") for t in texts(g))
    assert_illegal(g, "P1 robber E P2", None)
    assert_illegal(g, "P1 chase E6 K P3", "CK-ROBBER-INACTIVE")
    # Without discards the 7 goes straight to the Action phase.
    g = opening()
    roll(g, 3, 4)
    assert g.state.phase == "main" and g.state.robber == -1 and g.state.hands == START_HANDS


def test_CK_ROBBER_ACTIVE_after_the_first_attack_move_and_steal_any_hand_card():
    # The first attack puts the robber on the desert; a 7 in that very roll moves it.
    g = load(opening(), barb=6)
    roll(g, 3, 4, "ship")
    assert g.state.attacked and g.state.robber == parse_hex("J")
    assert g.state.phase == "robber" and g.current_player == P1
    g = main_game(
        attacked=1,
        robber="J",
        phase="pre-roll",
        dice="-",
        event="-",
        hands=hands(START_HANDS[0], START_HANDS[1], (0, 0, 0, 0, 1, 0, 1, 2)),
    )
    roll(g, 3, 4)
    assert g.state.phase == "robber"
    assert_illegal(g, "P1 robber J", None)  # it must move
    assert_illegal(g, "P1 robber N P2", "BASE-ROBBER-STEAL")  # P2 has nothing on N
    g.play("P1 robber N P3")
    # Resource and commodity cards together: 1 cloth, 2 coin, 1 ore.
    assert draw_odds(g) == {"steal cloth": 1, "steal coin": 2, "steal ore": 1}
    g.play("steal ore")
    assert hand(g, P1) == (1, 1, 0, 1, 1, 0, 0, 0) and hand(g, P3) == (0, 0, 0, 0, 0, 0, 1, 2)
    assert g.state.robber == parse_hex("N") and g.state.phase == "main"
    # N is blocked now (3: only K pays P3's settlement).
    g.play("P1 end")
    roll(g, 1, 2)
    assert hand(g, P3) == (0, 1, 0, 0, 0, 0, 1, 2)
    # A knight next to the robber chases it (only after the first attack) and steals likewise.
    g = main_game(
        attacked=1,
        robber="N",
        kn="N4:P1:1:a--",
        hands=hands(START_HANDS[0], START_HANDS[1], (0, 0, 0, 0, 1, 0, 0, 0)),
    )
    assert_legal(g, "P1 chase N4 Q P3")
    assert g.state.robber == parse_hex("Q") and draw_odds(g) == {"steal ore": 1}
    g.play("steal ore")
    assert hand(g, P1)[4] == 1 and hand(g, P3) == NONE8


def test_CK_ROBBER_ACTIVE_a_stolen_commodity_changes_hands():
    g = main_game(
        attacked=1,
        robber="J",
        phase="pre-roll",
        dice="-",
        event="-",
        hands=hands(START_HANDS[0], START_HANDS[1], (0, 0, 0, 0, 0, 0, 1, 2)),
    )
    roll(g, 3, 4)
    g.play("P1 robber N P3")
    g.play("steal coin")
    assert hand(g, P1) == (1, 1, 0, 1, 0, 0, 0, 1)
    assert hand(g, P3) == (0, 0, 0, 0, 0, 0, 1, 1)


# ================================================================ 4.7 Trading
def test_CK_TRADE_DOMESTIC_any_mix_of_resources_and_commodities_never_progress_cards():
    g = main_game(
        hands=hands((1, 0, 0, 0, 0, 0, 2, 0), (0, 0, 0, 0, 0, 1, 0, 1)), phand="crane/espionage/-"
    )
    assert g.explain("P1 offer P2 1 cloth, 1 brick for 1 paper, 1 coin").legal
    g.play("P1 offer P2 1 cloth, 1 brick for 1 paper, 1 coin")
    assert g.state.phase == "offer" and g.current_player == P2
    g.play("P2 accept")
    assert hand(g, P1) == (0, 0, 0, 0, 0, 1, 1, 1)
    assert hand(g, P2) == (1, 0, 0, 0, 0, 0, 1, 0)
    assert g.state.phand == ((card("crane"),), (card("espionage"),), ())
    assert_illegal(g, "P1 offer P2 1 cloth for 1 cloth", None)  # no same-kind swap
    with pytest.raises(CatanError):  # a progress card is no trade good
        g.play("P1 offer P2 1 crane for 1 cloth")
    # Non-active players never trade with each other, commodities or not.
    assert_illegal(g, "P2 offer P3 1 cloth for 1 brick", None)


def test_CK_TRADE_BANK_4_to_1_3_to_1_at_a_generic_harbor_2_to_1_at_its_own():
    g = main_game(hands=hands((4, 0, 0, 0, 0, 4, 0, 3)))
    assert_legal(g, "P1 bank 4 paper for ore")  # a commodity for a resource
    assert_legal(g, "P1 bank 4 brick for coin")  # a resource for a commodity
    assert_illegal(g, "P1 bank 3 coin for cloth", "CK-TRADE-BANK")
    assert hand(g, P1) == (0, 0, 0, 0, 1, 0, 0, 4)
    # A generic harbor (A12): 3:1 for every card kind.
    g = main_game(settlements="A4,A12/C6/K6", hands=hands((3, 0, 0, 0, 0, 0, 3, 0)))
    assert_legal(g, "P1 bank 3 cloth for grain")
    assert_legal(g, "P1 bank 3 brick for paper")
    assert hand(g, P1) == (0, 0, 0, 1, 0, 1, 0, 0)
    # The brick harbor (H8): 2 brick for anything, commodities included; paper stays 4:1.
    g = main_game(settlements="A4,H8/C6/K6", hands=hands((2, 0, 0, 0, 0, 3, 0, 0)))
    assert_illegal(g, "P1 bank 2 paper for brick", "CK-TRADE-BANK")
    assert_illegal(g, "P1 bank 3 paper for brick", "CK-TRADE-BANK")
    assert_legal(g, "P1 bank 2 brick for cloth")
    assert hand(g, P1) == (0, 0, 0, 0, 0, 3, 1, 0)
    # The bank must hold the card asked for.
    g = main_game(hands=hands((4, 0, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 12, 0)))
    assert_illegal(g, "P1 bank 4 brick for cloth", "CK-TRADE-BANK")


def test_CK_TRADE_BANK_a_harbor_or_the_trading_house_adds_a_rate_and_removes_none():
    """CK-TRADE-BANK: 4:1 stays open whatever harbors and improvements a player has; a
    generic harbor's 3:1 stays open beside a better rate; the legal 4:1 cites CK-TRADE-BANK."""
    g = main_game(
        settlements="A4,A12,H8/C6/K6",
        levels="0,3,0/0,0,0/0,0,0",
        hands=hands((4, 0, 0, 0, 0, 4, 0, 0)),
    )
    listed = {str(a) for a in g.legal_actions()}
    assert {
        "P1 bank 2 brick for ore",
        "P1 bank 3 brick for ore",
        "P1 bank 4 brick for ore",
        "P1 bank 2 paper for ore",
        "P1 bank 3 paper for ore",
        "P1 bank 4 paper for ore",
    } <= listed
    assert_legal(g, "P1 bank 4 brick for ore", "CK-TRADE-BANK")
    assert_legal(g, "P1 bank 4 paper for grain", "CK-TRADE-BANK")
    assert hand(g, P1) == (0, 0, 0, 1, 1, 0, 0, 0)
    g = main_game(settlements="A4,H8/C6/K6", hands=hands((4, 0, 0, 0, 0, 0, 0, 0)))
    assert_legal(g, "P1 bank 4 brick for ore", "CK-TRADE-BANK")
    g = main_game(settlements="A4,H8/C6/K6", hands=hands((4, 0, 0, 0, 0, 0, 0, 0)))
    bad = g.explain("P1 bank 3 brick for ore")  # no generic harbor: 3:1 is no rate
    assert not bad.legal and "2:1 or 4:1" in bad.reason


def test_CK_TRADE_HOUSE_trade_3_trades_two_identical_commodities_for_one_card():
    g = main_game(levels="0,3,0/0,0,0/0,0,0", hands=hands((4, 0, 0, 0, 0, 4, 0, 2)))
    assert_legal(g, "P1 bank 2 paper for ore")
    assert_legal(g, "P1 bank 2 paper for cloth")  # another commodity
    assert_legal(g, "P1 bank 2 coin for grain")  # as often as wanted
    assert_illegal(g, "P1 bank 2 brick for ore", "CK-TRADE-BANK")  # resources: 4:1
    assert_illegal(g, "P1 bank 3 brick for ore", "CK-TRADE-BANK")
    assert hand(g, P1) == (4, 0, 0, 1, 1, 0, 1, 0)
    # Only on one's own turn; and not at trade level 2.
    g = main_game(levels="0,3,0/0,3,0/0,0,0", hands=hands(START_HANDS[0], (0, 0, 0, 0, 0, 2, 0, 0)))
    assert_illegal(g, "P2 bank 2 paper for ore", None)
    g = main_game(levels="0,2,0/0,0,0/0,0,0", hands=hands((0, 0, 0, 0, 0, 4, 0, 0)))
    assert_illegal(g, "P1 bank 2 paper for ore", "CK-TRADE-BANK")


# ================================================================ 4.8 Improvements at level 3
def test_CK_IMPROVE_SCIENCE_3_a_player_who_got_nothing_takes_a_resource():
    g = load(opening(), levels="3,0,0/3,0,0/3,0,0")
    roll(g, 4, 4)  # 8: only P2 (M forest) is paid
    assert g.state.claims == (P1, P3) and g.state.phase == "aqueduct"
    assert g.current_player == P1
    assert_illegal(g, "P3 aqueduct ore", "CK-IMPROVE-SCIENCE-3")  # in turn order
    exp = g.explain(Aqueduct(P1, 5))  # a resource, not paper
    assert not exp.legal and exp.rule == "CK-IMPROVE-SCIENCE-3"
    with pytest.raises(CatanError):
        g.play("P1 aqueduct paper")
    assert_illegal(g, "P2 aqueduct ore", None)  # P2 received cards
    assert_illegal(g, "P1 end", None)
    g.play("P1 aqueduct ore")
    assert g.current_player == P3
    g.play("P3 aqueduct wool")
    assert gained(opening(), g) == [cards(ore=1), cards(lumber=1, paper=1), cards(wool=1)]
    assert g.state.phase == "main"
    # The robber on their number: P2 gets nothing and claims; levels below 3 never claim.
    g = main_game(
        levels="2,0,0/3,0,0/0,0,0", attacked=1, robber="M", phase="pre-roll", dice="-", event="-"
    )
    roll(g, 4, 4)
    assert g.state.claims == (P2,)
    g.play("P2 aqueduct brick")
    assert hand(g, P2) == (1, 2, 0, 1, 0, 0, 0, 0) and g.state.phase == "main"
    # No claims on a 7.
    g = load(opening(), levels="3,0,0/3,0,0/3,0,0")
    roll(g, 3, 4)
    assert g.state.phase == "main" and g.state.claims == ()


def test_CK_IMPROVE_TRADE_3_reaching_trade_3_opens_the_trading_house():
    g = main_game(levels="0,2,0/0,0,0/0,0,0", hands=hands((0, 0, 0, 0, 0, 2, 3, 0)))
    assert_illegal(g, "P1 bank 2 paper for ore", "CK-TRADE-BANK")
    assert_legal(g, "P1 improve trade")  # level 3 costs 3 cloth
    assert g.state.levels[P1] == (0, 3, 0)
    assert_legal(g, "P1 bank 2 paper for ore")
    assert hand(g, P1) == cards(ore=1)


# ================================================================ 4.11 Victory
def test_CK_VP_SOURCES_every_source_counted_and_public():
    g = main_game(
        levels="4,0,0/0,0,0/0,0,0",
        metro="D4,-,-",
        longest="P1",
        merchant="E:P1",
        defender="2,0,0",
        pvp="1,0,0",
        cities="D4,G4/H4/N6",
    )
    # settlement A4 1 + cities D4, G4 4 + metropolis 2 + route 2 + merchant 1 + tokens 2 +
    # Printing 1
    assert g.victory_points(P1) == 13
    assert g.observation(P2)["seats"][P1]["public_vp"] == 13
    assert g.victory_points(P2) == 3 and g.victory_points(P3) == 3
    # Each source separately.
    base = main_game()
    assert base.victory_points(P1) == 3
    for change, extra in (
        (dict(defender="3,0,0"), 3),
        (dict(pvp="1,0,0"), 1),
        (dict(merchant="E:P1"), 1),
        (dict(longest="P1"), 2),
        (dict(levels="4,0,0/0,0,0/0,0,0", metro="D4,-,-"), 2),
    ):
        assert main_game(**change).victory_points(P1) == 3 + extra, change


def test_CK_WIN_13_thirteen_vp_on_ones_own_turn_wins_at_once():
    # 12 VP (A4, D4, 9 defender tokens) is not enough, and 10 no longer wins.
    g = main_game(
        defender="9,0,0", roads="A3,A1,D3/C5,H3/K5,N5", hands=hands((5, 1, 1, 1, 0, 0, 0, 0))
    )
    assert g.victory_points(P1) == 12
    g.play("P1 bank 4 brick for ore")
    assert g.state.phase == "main" and g.winner is None
    g.play("P1 settle A12")  # 13
    assert g.state.phase == "over" and g.winner == P1 and g.is_over()
    assert_illegal(g, "P1 end", None)
    # Reached in the Roll phase of one's own turn (a defender token): at once too.
    # 12 VP: D4, A4, 5 defender tokens (the box holds 6, CK-BARB-TOKENS), 2 VP cards and
    # the trade metropolis.
    g = load(opening(), barb=6, kn="A6:P1:3:a--", **TWELVE_P1)
    assert g.victory_points(P1) == 12
    roll(g, 1, 2, "ship")  # 3 cities against 3: P1 is the single best defender
    assert g.state.defender[P1] == 6 and g.winner == P1 and g.state.phase == "over"


TWELVE_P1 = dict(defender="5,0,0", pvp="2,0,0", levels="0,4,0/0,0,0/0,0,0", metro="-,D4,-")
TWELVE_P2 = dict(defender="0,5,0", pvp="0,2,0", levels="0,0,0/0,4,0/0,0,0", metro="-,H4,-")


def test_CK_WIN_OFFTURN_thirteen_on_anothers_turn_wins_when_ones_turn_begins():
    # P2 (C6 + H4, 5 tokens, 2 VP cards, the trade metropolis = 12) wins the barbarian
    # defence on P1's turn: 13, no win yet.
    g = load(opening(), barb=6, kn="C4:P2:3:a--", **TWELVE_P2)
    assert g.victory_points(P2) == 12
    roll(g, 1, 2, "ship")
    assert g.state.defender == (0, 6, 0) and g.victory_points(P2) == 13
    assert g.winner is None and g.state.phase == "main"
    assert_legal(g, "P1 end")
    assert g.winner == P2 and g.state.phase == "over"  # as P2's turn begins
    # A VP card drawn off turn likewise.
    g = load(opening(), defender="0,9,0", levels="0,0,0/1,0,0/0,0,0")
    roll(g, 1, 1, "science")
    g.play("progress science printing")
    assert g.victory_points(P2) == 13 and g.winner is None
    g.play("P1 end")
    assert g.winner == P2
    # Dropping below 13 before one's turn (the metropolis lost) means no win then.
    g = load(opening(), barb=6, kn="C4:P2:3:a--", **TWELVE_P2)
    roll(g, 1, 2, "ship")
    g = load(g, metro="-,-,-")
    assert g.victory_points(P2) == 11
    g.play("P1 end")
    assert g.winner is None and g.state.phase == "pre-roll" and g.state.active == P2


def test_CK_COMP_PROGRESS_three_decks_of_eighteen():
    g = new_game("ck", players=3, preview=True)
    decks = g.state.pdecks
    assert [sum(counts) for counts, queue in decks] == [18, 18, 18]
    assert all(queue == () for _, queue in decks)
    assert sum(len(k) for k in DECK_KINDS) == len(CARDS) == 25
    assert [CARDS[k] for k in DECK_KINDS[0]][:2] == ["alchemy", "crane"]  # science first
    assert "merchant" in [CARDS[k] for k in DECK_KINDS[1]]  # trade
    assert "treason" in [CARDS[k] for k in DECK_KINDS[2]]  # politics


def test_CK_COMP_PIECES_per_player_and_shared_pieces_at_the_start():
    g = new_game("ck", players=4, preview=True)
    s = g.state
    assert s.levels == ((0, 0, 0),) * 4  # one cube per track, at 0
    assert s.metro == (-1, -1, -1)  # three metropolises, none placed
    assert s.merchant == (-1, -1) and not any(s.walls) and s.defender == (0,) * 4
    assert all(k is None for k in s.kn)  # knights all in supply
    assert s.barb == 0
