"""Cities & Knights pieces: building, walls, improvements, metropolises, knights, barbarians
and Longest Route (rulebook/rules.md §4.8-§4.11, ``ck``, preview). One test (at least) per rule ID,
named after the rule.

Positions are built by editing the fields of a ``Game.position()`` text (``load``) taken from
a fixed opening on the beginner board; chance is forced by playing its outcome (``die white
1``, ``event ship``, ``steal wool``, ``progress politics ...``).

The opening: P1 settlement H8, city I4, roads H7 (H8-H6), I3 (I4-E6); P2 settlement L4, city
K6, roads K5, L3; P3 settlement Q6, city A4, roads A3, Q5. Card counts are always written in
the engine's order: brick, lumber, wool, grain, ore, paper, cloth, coin.
"""

from __future__ import annotations

from functools import lru_cache

import pytest
from helpers import assert_illegal, assert_legal, cards, from_fields, kn, play

from catan_tutor import Game, new_game
from catan_tutor.board import parse_vertex

# the rules engine alone: left out of the minimum-versions lane (scripts/min_versions.sh)
pytestmark = pytest.mark.engine

P1, P2, P3 = 0, 1, 2
KINDS = ("brick", "lumber", "wool", "grain", "ore", "paper", "cloth", "coin")
ZERO = (0,) * 8
OPENING = (
    "P1 settle H8", "P1 road H7", "P2 settle L4", "P2 road L3", "P3 settle Q6", "P3 road Q5",
    "P3 city A4", "P3 road A3", "P2 city K6", "P2 road K5", "P1 city I4", "P1 road I3",
)  # fmt: skip
# P1's road chain H8-H6-H4-I6-I4 (H7, H5, I7, I5); P2 reaches H4 from D4 through D6 (D5, H3).
KNIGHT_ROADS = "H7,H5,I7,I5/K5,L3,D5,H3/A3,Q5"
KNIGHT_SETTLEMENTS = "H8/L4,D4/Q6"


# ---------------------------------------------------------------- helpers
@lru_cache(maxsize=1)
def opening_text() -> str:
    return play(new_game("ck", players=3, preview=True), *OPENING).position()


def hands(p1=ZERO, p2=ZERO, p3=ZERO) -> str:
    return "/".join(",".join(map(str, h)) for h in (p1, p2, p3))


def per(*parts: str) -> str:
    """A per-seat field P1/P2/P3; '' or a missing part means none."""
    parts = (*parts, *("",) * (3 - len(parts)))
    return "/".join(p or "-" for p in parts)


def load(base: Game | str | None = None, **changes) -> Game:
    """``base``'s position (default: the opening) with some fields replaced. Given hands, the
    bank is recomputed so that every kind is conserved (19 per resource, 12 per commodity)."""
    text = opening_text() if base is None else base.position() if isinstance(base, Game) else base
    words = text.split()
    head, f = words[:2], dict(w.split("=", 1) for w in words[2:])
    f.update({k: str(v) for k, v in changes.items()})
    if base is None and "hands" not in changes:
        f["hands"] = hands()
    if "bank" not in changes:
        hs = [[int(x) for x in h.split(",")] for h in f["hands"].split("/")]
        f["bank"] = ",".join(str((19 if r < 5 else 12) - sum(h[r] for h in hs)) for r in range(8))
    return from_fields(head, f)


def main_game(**changes) -> Game:
    """The opening's board in P1's Action phase of turn 1 (after a roll of 1+1, event ship)."""
    return load(
        **{
            "phase": "main",
            "turn": 1,
            "active": "P1",
            "dice": "1,1",
            "rolled": "-",
            "event": "ship",
            **changes,
        }
    )


def attack_game(**changes) -> Game:
    """The opening's board, P1 to roll with the ship one step from attacking."""
    return load(
        **{
            "phase": "dice",
            "turn": 1,
            "active": "P1",
            "dice": "-",
            "rolled": "-",
            "event": "-",
            "barb": 6,
            **changes,
        }
    )


def strike(game: Game, white: int = 1, red: int = 1) -> Game:
    """Roll white, red and a ship: the barbarians attack before production."""
    return play(game, f"die white {white}", f"die red {red}", "event ship")


def roll(game: Game, white: int = 1, red: int = 1, event: str = "trade") -> Game:
    """The player to move rolls; with levels 0 a castle draws nothing."""
    return play(game, "roll", f"die white {white}", f"die red {red}", f"event {event}")


def is_city(game: Game, label: str) -> bool:
    v = parse_vertex(label)
    return game.state.vcity[v]


def owner(game: Game, label: str) -> int:
    return game.state.vowner[parse_vertex(label)]


def knights_of(game: Game, p: int) -> dict[str, tuple]:
    from catan_tutor.board import VERTEX_LABELS

    return {VERTEX_LABELS[v]: k for v, k in enumerate(game.state.kn) if k and k[0] == p}


def knight_game(**changes) -> Game:
    """P1's Action phase on the knight board: P1's chain H8-H6-H4-I6-I4 (city I4), P2's roads
    from its settlement D4 over D6 to H4."""
    return main_game(**{"roads": KNIGHT_ROADS, "settlements": KNIGHT_SETTLEMENTS, **changes})


# ---------------------------------------------------------------- 4.8 building
def test_CK_BUILD_COSTS_wall_knight_activation_and_improvements():
    start = cards(brick=2, wool=2, ore=2, grain=1, paper=3)
    g = main_game(hands=hands(start))
    bank0 = g.state.bank
    assert_legal(g, "P1 wall I4")
    assert g.state.hands[P1] == cards(wool=2, ore=2, grain=1, paper=3)  # 2 brick
    assert_legal(g, "P1 recruit H6")
    assert g.state.hands[P1] == cards(wool=1, ore=1, grain=1, paper=3)  # 1 wool + 1 ore
    assert_legal(g, "P1 promote H6")
    assert g.state.hands[P1] == cards(grain=1, paper=3)  # 1 wool + 1 ore
    assert_legal(g, "P1 activate H6")
    assert g.state.hands[P1] == cards(paper=3)  # 1 grain
    assert_legal(g, "P1 improve science")  # level 1: 1 paper
    assert g.state.hands[P1] == cards(paper=2)
    assert_legal(g, "P1 improve science")  # level 2: 2 paper
    assert g.state.hands[P1] == ZERO
    assert g.state.bank == tuple(b + s for b, s in zip(bank0, start, strict=True))
    # Levels 3, 4, 5 cost 3, 4, 5 of the track's commodity: 15 for a full track (a second
    # city, D4, stays free of the metropolis for level 5: CK-METRO-OWN-LEVEL5).
    g = main_game(
        hands=hands(cards(cloth=12)), levels="0,2,0/0,0,0/0,0,0", cities=per("I4,D4", "K6", "A4")
    )
    for level, left in ((3, 9), (4, 5), (5, 0)):
        assert_legal(g, "P1 improve trade I4" if level == 4 else "P1 improve trade")
        assert g.state.levels[P1][1] == level
        assert g.state.hands[P1] == cards(cloth=left)
    # The wrong commodity does not pay: politics costs coin, science paper.
    g = main_game(hands=hands(cards(brick=1, wool=1, grain=0, ore=0, cloth=5)))
    for text in ("P1 wall I4", "P1 recruit H6", "P1 improve science", "P1 improve politics"):
        assert_illegal(g, text, "CK-BUILD-COSTS")
    g = main_game(hands=hands(cards(paper=2)), levels="2,0,0/0,0,0/0,0,0")
    assert_illegal(g, "P1 improve science", "CK-BUILD-COSTS")  # level 3 costs 3
    # Road, settlement and city as in the base game.
    g = main_game(hands=hands(cards(brick=3, lumber=3, wool=1, grain=3, ore=3)))
    assert_legal(g, "P1 road H5")
    assert g.state.hands[P1] == cards(brick=2, lumber=2, wool=1, grain=3, ore=3)
    assert_legal(g, "P1 road H3")
    assert_legal(g, "P1 settle D6")
    assert g.state.hands[P1] == cards(grain=2, ore=3)
    assert_legal(g, "P1 city H8")
    assert g.state.hands[P1] == ZERO
    g = main_game(hands=hands(cards(wool=1, ore=1)), kn="H6:P1:1:---")
    assert_illegal(g, "P1 activate H6", "CK-BUILD-COSTS")


def test_CK_BUILD_LIMITS_walls_knights_cities_and_one_metropolis_per_track():
    four = per("I4,D4,M6,C2", "K6", "A4")
    g = main_game(
        cities=four,
        settlements=per("H8", "L4", "Q6"),
        walls="I4,D4,M6",
        hands=hands(cards(brick=2, grain=2, ore=3)),
    )
    assert_illegal(g, "P1 wall C2", "CK-BUILD-LIMITS")  # 3 walls on the board
    assert_illegal(g, "P1 city H8", "CK-BUILD-LIMITS")  # 4 cities on the board
    # Knights: 2 of each strength.
    six = "H6:P1:1:---,H4:P1:1:---,I6:P1:2:---,E6:P1:2:---,D6:P1:3:---,L2:P1:3:---"
    g = knight_game(
        kn=six,
        settlements=per("H8", "L4"),
        roads="H7,H5,I7,I5,H3,D5,I3/K5,L3/A3",
        hands=hands(cards(wool=2, ore=2)),
        levels="0,0,3/0,0,0/0,0,0",
    )
    assert_illegal(g, "P1 recruit D4", {"CK-BUILD-LIMITS", "CK-KNIGHT-RECRUIT"})
    assert_illegal(g, "P1 promote H6", {"CK-BUILD-LIMITS", "CK-KNIGHT-PROMOTE"})
    assert_illegal(g, "P1 promote I6", {"CK-BUILD-LIMITS", "CK-KNIGHT-PROMOTE"})
    # One metropolis per track: a second player reaching level 4 gets none.
    g = main_game(
        levels="4,0,0/3,0,0/0,0,0",
        metro="I4,-,-",
        active="P2",
        turn=2,
        hands=hands(p2=cards(paper=4)),
    )
    assert_illegal(g, "P2 improve science K6", "CK-METRO-TAKE")
    assert_legal(g, "P2 improve science")
    assert g.state.metro == (parse_vertex("I4"), -1, -1)


def test_CK_BUILD_OCCUPIED_knight_vertex_refuses_settlement_and_through_roads():
    # P2's knight on H4; P1's road H5 (H6-H4) may end at it, but nothing continues past it.
    g = main_game(
        roads=per("H7,I3", "K5,L3,D5,H3", "A3,Q5"),
        settlements=KNIGHT_SETTLEMENTS,
        kn="H4:P2:1:---",
        hands=hands(cards(brick=3, lumber=3, wool=1, grain=1)),
    )
    assert_legal(g, "P1 road H5")
    assert_illegal(g, "P1 road I7", "CK-BUILD-OCCUPIED")  # H4-I6 would pass the knight
    assert_illegal(g, "P1 settle H4", "CK-BUILD-OCCUPIED")
    assert owner(g, "H4") == -1
    # Once the vertex is empty again the same settlement is fine.
    g2 = load(g, kn="-")
    assert_legal(g2, "P1 settle H4")
    assert owner(g2, "H4") == P1


# ---------------------------------------------------------------- walls
def test_CK_WALL_BUILD_under_own_city_once_and_raises_the_discard_limit():
    g = main_game(hands=hands(cards(brick=6)))
    assert_illegal(g, "P1 wall H8", "CK-WALL-BUILD")  # a settlement
    assert_illegal(g, "P1 wall K6", "CK-WALL-BUILD")  # P2's city
    assert_legal(g, "P1 wall I4")
    assert g.state.walls[parse_vertex("I4")]
    assert_illegal(g, "P1 wall I4", "CK-WALL-BUILD")  # already walled
    # Discard limit 7 + 2 per wall: P1 (1 wall) keeps 9 cards, P3 (no wall) halves 9.
    nine = cards(brick=3, lumber=3, wool=3)
    g = attack_game(
        barb=0,
        walls="I4",
        hands=hands(nine, cards(grain=9), cards(ore=9)),
    )
    play(g, "die white 3", "die red 4", "event trade")
    assert g.state.phase == "discard"
    assert g.state.discards == (0, 4, 4)
    g = attack_game(barb=0, walls="I4", hands=hands(cards(brick=10)))
    play(g, "die white 3", "die red 4", "event trade")
    assert g.state.discards == (5, 0, 0)  # 10 > 9


def test_CK_WALL_LOSS_pillaged_walls_return_and_can_be_rebuilt():
    g = attack_game(
        cities=per("I4,D4,M6,C2", "K6", "A4"),
        walls="I4,D4,M6",
        kn="K4:P2:1:a--,A2:P3:1:a--",
        hands=hands(cards(brick=2)),
    )
    strike(g)  # 6 cities against 2 knights: P1 (0) loses one of four cities
    assert g.state.phase == "pillage"
    assert_legal(g, "P1 lose I4")
    assert not g.state.walls[parse_vertex("I4")]
    assert not is_city(g, "I4") and owner(g, "I4") == P1
    assert sum(g.state.walls) == 2
    assert g.state.phase == "main"
    assert_legal(g, "P1 wall C2")  # the wall is back in supply
    assert sum(g.state.walls) == 3


# ---------------------------------------------------------------- improvements
def test_CK_IMPROVE_BUILD_needs_a_city_one_level_at_a_time_several_per_turn():
    g = main_game(
        cities=per("", "K6", "A4"),
        settlements=per("H8,I4", "L4", "Q6"),
        hands=hands(cards(paper=6)),
    )
    assert_illegal(g, "P1 improve science", {"CK-IMPROVE-BUILD", "CK-IMPROVE-KEEP"})
    g = main_game(hands=hands(cards(paper=6)))
    for level in (1, 2, 3):
        assert_legal(g, "P1 improve science")
        assert g.state.levels[P1] == (level, 0, 0)
    assert g.state.hands[P1] == ZERO  # 1 + 2 + 3
    g = main_game(hands=hands(cards(coin=2)), levels="0,0,1/0,0,0/0,0,0")
    assert_legal(g, "P1 improve politics")
    assert g.state.levels[P1] == (0, 0, 2)
    assert_illegal(g, "P1 improve politics", "CK-BUILD-COSTS")  # no skipping to a cheap level


def test_CK_IMPROVE_KEEP_levels_survive_losing_the_last_city():
    g = attack_game(
        levels="2,1,0/0,0,0/0,0,0",
        kn="K4:P2:1:a--,A2:P3:1:a--",
        hands=hands(cards(paper=3, grain=2, ore=3)),
    )
    strike(g)  # P1 (0) loses its only city I4
    assert not is_city(g, "I4")
    assert g.state.levels[P1] == (2, 1, 0)
    assert g.state.phase == "main"
    assert_illegal(g, "P1 improve science", {"CK-IMPROVE-KEEP", "CK-IMPROVE-BUILD"})
    assert_legal(g, "P1 city H8")
    assert_legal(g, "P1 improve science")
    assert g.state.levels[P1] == (3, 1, 0)


def test_CK_IMPROVE_POLITICS_3_allows_promoting_strong_to_mighty():
    g = main_game(kn="H6:P1:2:---", hands=hands(cards(wool=1, ore=1)), levels="0,0,3/0,0,0/0,0,0")
    assert_legal(g, "P1 promote H6")
    assert kn(g, "H6")[:2] == (P1, 3)
    g = main_game(
        kn="H6:P1:2:---", hands=hands(cards(wool=1, ore=1, coin=3)), levels="0,0,2/0,0,0/0,0,0"
    )
    assert_illegal(g, "P1 promote H6", "CK-KNIGHT-PROMOTE-MIGHTY")
    assert_legal(g, "P1 improve politics")  # Fortress reached this turn: now allowed
    assert_legal(g, "P1 promote H6")
    assert kn(g, "H6")[1] == 3


# ---------------------------------------------------------------- metropolises
def test_CK_METRO_TAKE_first_to_4_then_first_to_5_takes_it_for_good():
    g = main_game(
        cities=per("I4,D4", "K6", "A4"),
        levels="3,3,0/3,0,0/0,0,0",
        hands=hands(cards(paper=4, cloth=4)),
    )
    assert_illegal(g, "P1 improve science", "CK-METRO-TAKE")  # must name a city
    assert_illegal(g, "P1 improve science K6", "CK-METRO-TAKE")  # not P1's city
    vp = g.victory_points(P1)
    assert_legal(g, "P1 improve science D4")
    assert g.state.metro[0] == parse_vertex("D4")
    assert g.victory_points(P1) == vp + 2
    # Several metropolises on different cities: D4 already holds one.
    assert_illegal(g, "P1 improve trade D4", "CK-METRO-TAKE")
    assert_legal(g, "P1 improve trade I4")
    assert g.state.metro[:2] == (parse_vertex("D4"), parse_vertex("I4"))
    # A later arrival at level 4 gains nothing; the first to 5 takes it from a level-4 holder.
    g = load(g, active="P2", turn=2, hands=hands(p2=cards(paper=9)))
    assert_illegal(g, "P2 improve science K6", "CK-METRO-TAKE")
    assert_legal(g, "P2 improve science")
    assert g.state.metro[0] == parse_vertex("D4")
    assert_illegal(g, "P2 improve science", "CK-METRO-TAKE")
    vp1, vp2 = g.victory_points(P1), g.victory_points(P2)
    assert_legal(g, "P2 improve science K6")
    assert g.state.metro[0] == parse_vertex("K6")
    assert (g.victory_points(P1), g.victory_points(P2)) == (vp1 - 2, vp2 + 2)
    # P1 reaching 5 later gets nothing back: P2 holds it for good.
    g = load(g, active="P1", turn=4, hands=hands(cards(paper=5)))
    assert_illegal(g, "P1 improve science D4", "CK-METRO-TAKE")
    assert_legal(g, "P1 improve science")
    assert g.state.levels[P1][0] == 5 and g.state.metro[0] == parse_vertex("K6")


def test_CK_METRO_NEEDS_CITY_no_free_city_no_level_4_or_5():
    g = main_game(levels="4,3,3/0,0,4/0,0,0", metro="I4,-,K6", hands=hands(cards(cloth=4, coin=9)))
    assert_illegal(g, "P1 improve trade", "CK-METRO-NEEDS-CITY")  # metropolis still free
    assert_illegal(g, "P1 improve trade I4", {"CK-METRO-NEEDS-CITY", "CK-METRO-TAKE"})
    assert_illegal(g, "P1 improve politics", "CK-METRO-NEEDS-CITY")  # P2 holds it already
    g2 = load(g, cities=per("I4,D4", "K6", "A4"))
    assert_legal(g2, "P1 improve politics")  # a later arrival, with a free city
    assert_legal(g2, "P1 improve trade D4")
    assert g2.state.levels[P1] == (4, 4, 4)
    assert_illegal(g2, "P1 improve politics", "CK-METRO-NEEDS-CITY")  # D4 took one now


def test_CK_METRO_OWN_LEVEL5_the_holder_needs_an_available_city_for_level_5_too():
    # 003: "If you do not have an available city, you may not purchase the level 4 (or level 5)
    # improvement." P1's only city, I4, carries the science metropolis.
    g = main_game(levels="4,0,0/0,0,0/0,0,0", metro="I4,-,-", hands=hands(cards(paper=5)))
    assert_illegal(g, "P1 improve science", "CK-METRO-OWN-LEVEL5")
    assert_illegal(g, "P1 improve science I4", "CK-METRO-OWN-LEVEL5")
    assert "P1 improve science" not in [str(a) for a in g.legal_actions()]
    assert g.state.levels[P1][0] == 4


def test_CK_METRO_OWN_LEVEL5_the_holder_with_another_city_buys_level_5_and_keeps_it_put():
    g = main_game(
        levels="4,0,0/0,0,0/0,0,0",
        metro="I4,-,-",
        cities=per("I4,D4", "K6", "A4"),
        hands=hands(cards(paper=5)),
    )
    assert_illegal(g, "P1 improve science D4", "CK-METRO-TAKE")  # it stays where it is
    assert "P1 improve science" in [str(a) for a in g.legal_actions()]
    assert_legal(g, "P1 improve science")
    assert g.state.levels[P1][0] == 5
    assert g.state.metro[0] == parse_vertex("I4")


def test_CK_METRO_VALUE_two_vp_counts_for_strength_and_is_never_pillaged():
    g = main_game()
    with_metro = load(g, levels="4,0,0/0,0,0/0,0,0", metro="I4,-,-")
    assert g.victory_points(P1) == 3  # settlement 1 + city 2
    assert with_metro.victory_points(P1) == 5  # + metropolis 2
    # Cities: P1 I4 (metropolis), P2 K6; P3 has none. P2's basic knight defends alone.
    # Barbarians 2 > 1 only if the metropolis city counts. P1 and P3 (0) cannot lose one,
    # so P2's group loses.
    g = attack_game(
        levels="4,0,0/0,0,0/0,0,0",
        metro="I4,-,-",
        kn="K4:P2:1:a--",
        cities=per("I4", "K6", ""),
        settlements=per("H8", "L4", "Q6,A4"),
    )
    strike(g)
    assert is_city(g, "I4") and g.state.metro[0] == parse_vertex("I4")
    assert not is_city(g, "K6") and owner(g, "K6") == P2
    assert g.state.defender == (0, 0, 0)
    # The loser may not pick a metropolis city.
    g = attack_game(
        levels="4,0,0/0,0,0/0,0,0",
        metro="I4,-,-",
        cities=per("I4,D4,M6", "K6"),
        settlements=per("H8", "L4", "Q6,A4"),
        kn="K4:P2:1:a--",
    )
    strike(g)
    assert g.state.phase == "pillage"
    assert_illegal(g, "P1 lose I4", {"CK-METRO-VALUE", "CK-BARB-LOSE-CHOICE"})
    assert_legal(g, "P1 lose D4")
    assert is_city(g, "I4") and not is_city(g, "D4")


# ---------------------------------------------------------------- knights
def test_CK_KNIGHT_STRENGTH_basic_1_strong_2_mighty_3_active_only():
    # Three cities on the board (I4, K6, A4).
    g = attack_game(kn="H6:P1:3:a--")
    strike(g)
    assert g.state.defender == (1, 0, 0)  # mighty: 3 >= 3
    g = attack_game(kn="H6:P1:2:a--,H4:P1:1:---")
    strike(g)  # strong 2 + a lying basic: 2 < 3, P2 and P3 (0) lose their cities
    assert g.state.defender == (0, 0, 0)
    assert (is_city(g, "I4"), is_city(g, "K6"), is_city(g, "A4")) == (True, False, False)
    g = attack_game(kn="H6:P1:2:a--,H4:P1:1:a--")
    strike(g)  # 2 + 1 standing
    assert g.state.defender == (1, 0, 0)
    assert is_city(g, "K6") and is_city(g, "A4")


def test_CK_KNIGHT_RECRUIT_basic_inactive_at_a_road_end_no_distance_rule():
    g = knight_game(hands=hands(cards(wool=4, ore=4)))
    assert_illegal(g, "P1 recruit E6", "CK-KNIGHT-RECRUIT")  # no P1 road there now
    assert_illegal(g, "P1 recruit H8", "CK-KNIGHT-RECRUIT")  # P1's settlement
    assert_illegal(g, "P1 recruit L2", "CK-KNIGHT-RECRUIT")
    assert_legal(g, "P1 recruit H6")  # next to P1's settlement H8: no distance rule
    assert kn(g, "H6") == (P1, 1, False, True, False)
    assert_legal(g, "P1 recruit I6")  # next to P1's city I4
    assert_illegal(g, "P1 recruit H4", {"CK-KNIGHT-RECRUIT", "CK-BUILD-LIMITS"})  # no basic
    assert_legal(g, "P1 promote H6")
    assert_legal(g, "P1 recruit H4")  # a basic knight is back in supply
    assert len(knights_of(g, P1)) == 3


def test_CK_KNIGHT_PROMOTE_next_strength_same_status_once_per_turn():
    g = knight_game(
        kn="H6:P1:1:a--,H4:P1:1:---", hands=hands(cards(wool=5, ore=5)), levels="0,0,3/0,0,0/0,0,0"
    )
    assert_legal(g, "P1 promote H6")
    assert kn(g, "H6")[:3] == (P1, 2, True)  # still standing
    assert_illegal(g, "P1 promote H6", "CK-KNIGHT-PROMOTE")  # once per turn
    assert_legal(g, "P1 promote H4")
    assert kn(g, "H4")[:3] == (P1, 2, False)  # still lying
    assert_illegal(g, "P1 promote H6", "CK-KNIGHT-PROMOTE")
    # A knight recruited this turn may be promoted.
    g = knight_game(hands=hands(cards(wool=2, ore=2)))
    assert_legal(g, "P1 recruit I6")
    assert_legal(g, "P1 promote I6")
    assert kn(g, "I6")[:3] == (P1, 2, False)
    # No strong knight left in supply (two on the board), and mighty is the top.
    g = knight_game(
        kn="H6:P1:2:---,H4:P1:2:---,I6:P1:1:---,D6:P1:3:---",
        hands=hands(cards(wool=2, ore=2)),
        levels="0,0,3/0,0,0/0,0,0",
    )
    assert_illegal(g, "P1 promote I6", {"CK-KNIGHT-PROMOTE", "CK-BUILD-LIMITS"})
    assert_illegal(g, "P1 promote D6", "CK-KNIGHT-PROMOTE")
    assert_legal(g, "P1 promote H6")  # strong to mighty: one mighty left in supply


def test_CK_KNIGHT_PROMOTE_MIGHTY_needs_politics_level_3():
    for level in (0, 1, 2):
        g = knight_game(
            kn="H6:P1:2:a--", hands=hands(cards(wool=1, ore=1)), levels=f"0,0,{level}/0,0,0/0,0,0"
        )
        assert_illegal(g, "P1 promote H6", "CK-KNIGHT-PROMOTE-MIGHTY")
    g = knight_game(kn="H6:P1:1:a--", hands=hands(cards(wool=1, ore=1)))
    assert_legal(g, "P1 promote H6")  # basic to strong needs no politics
    g = knight_game(kn="H6:P1:2:a--", hands=hands(cards(wool=1, ore=1)), levels="0,0,4/0,0,0/0,0,0")
    assert_legal(g, "P1 promote H6")
    assert kn(g, "H6")[1] == 3


def test_CK_KNIGHT_ACTIVATE_after_recruiting_and_after_acting():
    g = knight_game(kn="I6:P1:1:a--", hands=hands(cards(wool=1, ore=1, grain=2)))
    assert_legal(g, "P1 recruit H6")
    assert_legal(g, "P1 activate H6")  # right after recruiting
    assert kn(g, "H6")[2] is True
    assert g.state.hands[P1] == cards(grain=1)
    assert_illegal(g, "P1 activate H6", "CK-KNIGHT-ACTIVATE")  # already standing
    assert_legal(g, "P1 move I6 H4")  # acts and lies down
    assert kn(g, "H4")[2] is False
    assert_legal(g, "P1 activate H4")  # after acting
    assert kn(g, "H4")[2] is True
    assert g.state.hands[P1] == ZERO
    assert_illegal(g, "P1 activate L4", {"CK-KNIGHT-ACTIVATE", "CK-KNIGHT-STRENGTH"})


def test_CK_KNIGHT_ACTION_ELIGIBLE_active_at_start_once_per_turn():
    g = knight_game(kn="H6:P1:1:---,I6:P1:1:a--", hands=hands(cards(grain=2)))
    assert_illegal(g, "P1 move H6 H4", "CK-KNIGHT-ACTION-ELIGIBLE")  # lying
    assert_legal(g, "P1 activate H6")
    assert_illegal(g, "P1 move H6 H4", "CK-KNIGHT-ACTION-ELIGIBLE")  # activated this turn
    assert_legal(g, "P1 move I6 H4")
    assert kn(g, "H4")[2] is False  # inactive after acting
    assert_legal(g, "P1 activate H4")
    assert_illegal(g, "P1 move H4 I6", "CK-KNIGHT-ACTION-ELIGIBLE")  # once per turn
    # Next turn both knights stood at the start of P1's Action phase: both may act.
    play(g, "P1 end")
    roll(g)
    play(g, "P2 end")
    roll(g)
    play(g, "P3 end")
    roll(g)
    assert_legal(g, "P1 move H6 I6")  # passing P1's own knight on H4
    assert_legal(g, "P1 move H4 H6")


def test_CK_KNIGHT_ELIGIBLE_IDENTITY_promotion_keeps_eligibility_new_knights_wait():
    g = knight_game(
        kn="H6:P1:1:a--", hands=hands(cards(wool=3, ore=3, grain=1)), levels="0,0,3/0,0,0/0,0,0"
    )
    assert_legal(g, "P1 promote H6")
    assert_legal(g, "P1 move H6 I6")  # the same knight, still eligible
    assert kn(g, "I6")[:2] == (P1, 2)
    assert_legal(g, "P1 recruit H4")
    assert_legal(g, "P1 promote H4")
    assert_legal(g, "P1 activate H4")
    assert_illegal(g, "P1 move H4 H6", "CK-KNIGHT-ACTION-ELIGIBLE")  # placed this turn


def test_CK_KNIGHT_MOVE_along_own_roads_to_an_empty_vertex():
    g = knight_game(kn="H6:P1:1:a--")
    assert_illegal(g, "P1 move H6 H8", "CK-KNIGHT-MOVE")  # own settlement: not empty
    assert_illegal(g, "P1 move H6 I4", "CK-KNIGHT-MOVE")  # own city
    assert_illegal(g, "P1 move H6 D6", "CK-KNIGHT-MOVE")  # P2's road, not P1's
    assert_illegal(g, "P1 move H6 H6", "CK-KNIGHT-MOVE")  # must leave its start
    assert_illegal(g, "P1 move H4 I6", {"CK-KNIGHT-MOVE", "CK-KNIGHT-STRENGTH"})  # none there
    assert_legal(g, "P1 move H6 I6")  # two roads, through the empty H4
    assert kn(g, "H6") is None
    assert kn(g, "I6") == (P1, 1, False, True, False)
    # Passing an own knight is fine; a foreign one blocks (CK-KNIGHT-BLOCKS).
    g = knight_game(kn="H6:P1:1:a--,H4:P1:1:---")
    assert_legal(g, "P1 move H6 I6")
    g = knight_game(kn="H6:P1:3:a--,H4:P2:3:---")
    assert_illegal(g, "P1 move H6 I6", "CK-KNIGHT-BLOCKS")
    g = knight_game(kn="H6:P1:3:a--", settlements=per("H8", "L4,H4", "Q6"))
    assert_illegal(g, "P1 move H6 I6", "CK-KNIGHT-MOVE")  # nor does a foreign building


def test_CK_KNIGHT_DISPLACE_stronger_knight_pushes_a_weaker_one():
    g = knight_game(kn="H6:P1:2:a--,H4:P2:1:a--")
    assert_legal(g, "P1 move H6 H4")
    assert kn(g, "H4") == (P1, 2, False, True, False)  # inactive on the new vertex
    assert kn(g, "H6") is None
    assert g.state.phase == "relocate"
    assert g.state.relocate[0] == P2
    assert_legal(g, "P2 relocate D6")
    assert kn(g, "D6")[:2] == (P2, 1)
    assert g.state.phase == "main"
    for level in (1, 2, 3):  # equal or stronger is never displaced
        g = knight_game(kn=f"H6:P1:{level}:a--,H4:P2:{level}:---")
        assert_illegal(g, "P1 move H6 H4", "CK-KNIGHT-DISPLACE")
    g = knight_game(kn="H6:P1:1:a--,H4:P2:3:---")
    assert_illegal(g, "P1 move H6 H4", "CK-KNIGHT-DISPLACE")


def test_CK_KNIGHT_RELOCATE_owner_moves_it_keeping_status_or_it_goes_home():
    g = knight_game(kn="H6:P1:3:a--,H4:P2:2:a--", roads="H7,H5,I7,I5/K5,L3,D5,H3,D3/A3,Q5")
    play(g, "P1 move H6 H4")
    assert_illegal(g, "P1 relocate D6", "CK-KNIGHT-RELOCATE")  # P2's decision
    assert_illegal(g, "P2 relocate I6", "CK-KNIGHT-RELOCATE")  # not along P2's roads
    assert_illegal(g, "P2 relocate D4", "CK-KNIGHT-RELOCATE")  # P2's settlement
    assert_legal(g, "P2 relocate A6")  # passes P2's own settlement D4 (D6-D4-A6)
    assert kn(g, "A6")[:3] == (P2, 2, True)  # status unchanged: still standing
    assert kn(g, "H4")[:2] == (P1, 3)
    # With no empty vertex reachable it returns to its owner's supply.
    g = knight_game(
        kn="H6:P1:2:a--,H4:P2:1:---,L2:P2:1:---",
        roads="H7,H5,I7,I5/K5,L3,H3/A3,Q5",
        settlements=per("H8", "L4,D6", "Q6"),
    )
    play(g, "P1 move H6 H4")
    assert g.state.phase == "main"
    assert set(knights_of(g, P2)) == {"L2"}
    assert kn(g, "H4")[:2] == (P1, 2)
    # A lying knight stays lying.
    g = knight_game(kn="H6:P1:2:a--,H4:P2:1:---")
    play(g, "P1 move H6 H4", "P2 relocate D6")
    assert kn(g, "D6")[:3] == (P2, 1, False)


def test_CK_KNIGHT_CHASE_ROBBER_after_the_first_attack_moves_it_and_steals():
    base = dict(
        kn="E6:P1:1:a--,H6:P1:1:a--", hands=hands(p2=cards(wool=9)), roads="H7,I3/K5,L3/A3,Q5"
    )
    g = main_game(**base)  # before the first attack the robber is off the board
    assert_illegal(g, "P1 chase E6 K P2", {"CK-KNIGHT-CHASE-ROBBER", "CK-ROBBER-INACTIVE"})
    g = main_game(attacked=1, robber="J", **base)
    assert_illegal(g, "P1 chase H6 K P2", "CK-KNIGHT-CHASE-ROBBER")  # H6 is not on J
    assert_illegal(g, "P1 chase E6 J P2", "BASE-ROBBER-MOVE")
    assert "has no knight on A2 to chase the robber." in g.explain("P1 chase A2 K P2").reason
    assert_legal(g, "P1 chase E6 K P2")
    assert g.state.robber == "ABCDEFGHIJKLMNOPQRS".index("K")
    assert kn(g, "E6")[2] is False
    assert g.state.phase == "steal"  # no discards, P2's 9 cards notwithstanding
    play(g, "steal wool")
    assert g.state.hands[P1] == cards(wool=1) and g.state.hands[P2] == cards(wool=8)
    assert g.state.phase == "main"
    # A knight that moved next to the robber chases it only on a later turn.
    g = knight_game(attacked=1, robber="N", kn="H6:P1:1:a--")
    assert_legal(g, "P1 move H6 I6")  # I6 is a corner of N
    assert_illegal(g, "P1 chase I6 K P2", "CK-KNIGHT-ACTION-ELIGIBLE")


def test_CK_KNIGHT_BLOCKS_foreign_knights_block_roads_moves_and_routes():
    # P2's knight on H4 splits P1's chain H8-H6-H4-I6-I4 (4 roads) into 2 + 2.
    g = knight_game()
    assert g.state.road_len[P1] == 4
    assert load(g, kn="H4:P2:1:---").state.road_len[P1] == 2
    assert load(g, kn="H4:P1:1:---").state.road_len[P1] == 4  # own knight never cuts
    # Other colours' knights cannot pass it.
    g = knight_game(kn="H4:P2:1:---,H6:P1:2:a--")
    assert_illegal(g, "P1 move H6 I6", "CK-KNIGHT-BLOCKS")
    # No settlement on it, but it is no building for the distance rule.
    g = main_game(
        roads=per("H7,H5", "K5,L3", "A3,Q5"),
        kn="I6:P2:1:---",
        hands=hands(cards(brick=1, lumber=1, wool=1, grain=1)),
    )
    assert_legal(g, "P1 settle H4")  # next to P2's knight on I6
    g = main_game(
        roads=per("H7,H5", "K5,L3", "A3,Q5"),
        kn="H4:P2:1:---",
        hands=hands(cards(brick=2, lumber=2, wool=1, grain=1)),
    )
    assert_illegal(g, "P1 settle H4", {"CK-BUILD-OCCUPIED", "CK-KNIGHT-BLOCKS"})
    assert_illegal(g, "P1 road I7", "CK-BUILD-OCCUPIED")


# ---------------------------------------------------------------- barbarians
def test_CK_BARB_STRENGTH_counts_every_city_on_the_board():
    # Cities I4, K6, A4: 3 barbarians; P1's strong knight (2) loses, P2 and P3 pay.
    g = attack_game(kn="H6:P1:2:a--")
    strike(g)
    assert not is_city(g, "K6") and not is_city(g, "A4")
    # Without P3's city the same knight holds (2 >= 2) and wins the token.
    g = attack_game(
        kn="H6:P1:2:a--", cities=per("I4", "K6", ""), settlements=per("H8", "L4", "Q6,A4")
    )
    strike(g)
    assert is_city(g, "K6") and g.state.defender == (1, 0, 0)
    # Four cities (two of P1's) against 3: lost, although P1's own city count is only half.
    g = attack_game(kn="H6:P1:3:a--", cities=per("I4,D4", "K6", "A4"))
    strike(g)
    assert g.state.defender == (0, 0, 0)
    assert not is_city(g, "K6") and not is_city(g, "A4")


def test_CK_BARB_STRENGTH_toppled_city_is_not_counted():
    # P1: 5 settlements and city I4. P2 (1) and P3 (1) stand against 3 cities: P1 (0) loses
    # I4, which is laid on its side (no settlement left in supply).
    g = attack_game(
        settlements=per("H8,A10,C2,G2,S4", "L4", "Q6"), kn="K4:P2:1:a--,G6:P2:1:---,A2:P3:1:a--"
    )
    strike(g)
    assert g.state.toppled == (parse_vertex("I4"),)
    play(g, "P1 end")
    # P2 rolls 4 (fields O: 2 grain for K6) and stands both knights up: contribution 2.
    roll(g, 1, 3, event="ship")
    play(g, "P2 activate K4", "P2 activate G6", "P2 end")
    for seat in ("P3", "P1", "P2", "P3", "P1"):
        roll(g, event="ship")
        play(g, f"{seat} end")
    assert g.state.barb == 6 and g.state.active == P2
    roll(g, event="ship")
    # Cities K6, A4: 2 <= 2, a win for P2. Counting the toppled I4 would make it 3 > 2,
    # and P3 (0) would lose A4.
    assert g.state.barb == 0
    assert g.state.defender == (0, 1, 0)
    assert is_city(g, "A4") and is_city(g, "K6")


def test_CK_BARB_DEFENSE_only_active_knights_count_per_owner():
    # 3 cities. P1: basic standing + mighty lying = contribution 1; P2: strong standing = 2.
    g = attack_game(kn="H6:P1:1:a--,H4:P1:3:---,K4:P2:2:a--")
    strike(g)  # 3 >= 3: won; P2 is the single best defender
    assert g.state.defender == (0, 1, 0)
    assert is_city(g, "I4") and is_city(g, "K6") and is_city(g, "A4")
    g = attack_game(kn="H6:P1:1:---,H4:P1:3:---,K4:P2:2:---")
    strike(g)  # nothing standing: lost
    assert not any(is_city(g, c) for c in ("I4", "K6", "A4"))


def test_CK_BARB_LOSE_lowest_group_first_moving_up_only_when_nobody_can():
    # Lowest group P2, P3 (0) both lose their only city; P1 (1) keeps its.
    g = attack_game(cities=per("I4,D4", "K6", "A4"), kn="H6:P1:1:a--")
    strike(g)
    assert (is_city(g, "I4"), is_city(g, "D4")) == (True, True)
    assert not is_city(g, "K6") and not is_city(g, "A4")
    assert g.state.phase == "main"
    # P1 (0) owns no city: the next group (P2, 1) loses; P3 (2) is spared.
    g = attack_game(
        cities=per("", "K6,D4", "A4,C2"),
        settlements=per("H8,I4", "L4", "Q6"),
        kn="K4:P2:1:a--,A2:P3:2:a--",
    )
    strike(g)  # 4 cities > 3
    assert g.state.phase == "pillage"
    assert g.state.pillage == (P2,)
    play(g, "P2 lose D4")
    assert is_city(g, "K6") and is_city(g, "A4") and is_city(g, "C2") and not is_city(g, "D4")
    # Nobody with a city without metropolis: nothing happens.
    g = attack_game(
        levels="0,4,0/0,0,4/0,0,0",
        metro="-,I4,K6",
        cities=per("I4", "K6", ""),
        settlements=per("H8", "L4", "Q6,A4"),
    )
    vps = [g.victory_points(p) for p in (P1, P2, P3)]
    strike(g)
    assert g.state.phase == "main"
    assert [g.victory_points(p) for p in (P1, P2, P3)] == vps


def test_CK_BARB_LOSE_CHOICE_the_loser_picks_among_several_cities():
    g = attack_game(cities=per("I4,D4", "K6", "A4"), kn="K4:P2:1:a--,A2:P3:1:a--")
    strike(g)
    assert g.state.phase == "pillage" and g.state.pillage == (P1,)
    assert_illegal(g, "P2 lose K6", "CK-BARB-LOSE")
    assert_illegal(g, "P1 lose H8", {"CK-BARB-LOSE-CHOICE", "CK-METRO-VALUE"})  # settlement
    assert_legal(g, "P1 lose D4")
    assert is_city(g, "I4") and not is_city(g, "D4") and owner(g, "D4") == P1
    assert g.state.phase == "main"


def test_CK_BARB_PILLAGE_city_becomes_settlement_and_wall_goes():
    g = attack_game(walls="I4", kn="K4:P2:1:a--,A2:P3:1:a--")
    vp = g.victory_points(P1)
    strike(g, 1, 2)  # 3: N mountains (I4 touches it) and K forest
    assert not is_city(g, "I4") and owner(g, "I4") == P1
    assert not any(g.state.walls)
    assert (g.state.settlements[P1], g.state.cities[P1]) == (2, 0)
    assert g.victory_points(P1) == vp - 1
    assert g.state.hands[P1] == cards(ore=1)  # a settlement's yield: no coin


def test_CK_BARB_PILLAGE_without_settlement_in_supply_the_city_is_toppled():
    g = attack_game(
        settlements=per("H8,A10,C2,G2,S4", "L4", "Q6"),
        kn="K4:P2:1:a--,A2:P3:1:a--",
        hands=hands(cards(paper=1)),
    )
    assert g.victory_points(P1) == 7
    strike(g, 1, 2)  # 3: N mountains (I4 touches it)
    assert not is_city(g, "I4") and owner(g, "I4") == P1
    assert g.state.toppled == (parse_vertex("I4"),)
    assert g.victory_points(P1) == 6  # a settlement in every respect: 1 VP
    assert g.state.hands[P1] == cards(ore=1, paper=1)  # one resource, no commodity
    assert_illegal(g, "P1 improve science", {"CK-IMPROVE-BUILD", "CK-IMPROVE-KEEP"})


def test_CK_BARB_PILLAGE_toppled_city_position_round_trips():
    g = attack_game(settlements=per("H8,A10,C2,G2,S4", "L4", "Q6"), kn="K4:P2:1:a--,A2:P3:1:a--")
    strike(g)
    assert g.state.toppled == (parse_vertex("I4"),)
    again = Game.from_position(g.position())
    assert again.position() == g.position()
    assert again.victory_points(P1) == 6


def test_CK_BARB_WIN_single_best_defender_gets_a_token_ties_draw_cards():
    g = attack_game(kn="H6:P1:1:a--,K4:P2:2:a--")
    vp = g.victory_points(P2)
    strike(g)
    assert g.state.defender == (0, 1, 0)
    assert g.victory_points(P2) == vp + 1
    assert g.state.phase == "main" and g.state.draws == ()
    # P3 and P1 tie at 2 with P2 active: P3 draws first (turn order from P2), then P1.
    g = attack_game(active="P2", turn=2, kn="H6:P1:2:a--,A2:P3:1:a--,Q8:P3:1:a--")
    strike(g)
    assert g.state.defender == (0, 0, 0)
    assert g.state.phase == "defender-deck"
    assert_illegal(g, "P1 deck science", "CK-BARB-WIN")
    assert_legal(g, "P3 deck politics")
    assert g.state.phase == "progress-draw"
    play(g, "progress politics diplomacy")
    assert g.state.phase == "defender-deck"
    assert_legal(g, "P1 deck science")
    play(g, "progress science crane")
    assert g.state.phase == "main"
    assert g.state.phand[P3] and g.state.phand[P1] and not g.state.phand[P2]


def test_CK_BARB_WIN_ZERO_no_token_or_card_for_zero():
    # No city and no standing knight: 0 >= 0 is a win, but nobody defended.
    g = attack_game(
        cities=per("", "", ""), settlements=per("H8,I4", "L4,K6", "Q6,A4"), kn="H6:P1:3:---"
    )
    strike(g)
    assert g.state.defender == (0, 0, 0)
    assert g.state.phase == "main" and g.state.draws == ()
    assert g.state.phand == ((), (), ())


def test_CK_BARB_TOKENS_the_box_s_six_then_none():
    """003 lists "6 VP tokens": the sixth is given, then a single best defender gets none
    (and draws no card: that is the tie's reward)."""
    g = attack_game(defender="4,1,0", kn="H6:P1:3:a--")
    vp = g.victory_points(P1)
    strike(g)
    assert g.state.defender == (5, 1, 0)
    assert g.victory_points(P1) == vp + 1
    g = attack_game(defender="5,1,0", kn="H6:P1:3:a--")
    vp = g.victory_points(P1)
    strike(g)
    assert g.state.defender == (5, 1, 0) and g.state.draws == () and g.state.phase == "main"
    assert g.victory_points(P1) == vp


def test_CK_BARB_AFTER_ship_home_knights_lie_down_robber_wakes():
    g = attack_game(kn="H6:P1:3:a--,K4:P2:1:a--,A2:P3:1:---")
    assert g.state.robber == -1
    strike(g)
    assert g.state.barb == 0
    assert all(k is None or not k[2] for k in g.state.kn)
    assert g.state.attacked
    assert g.state.robber == "ABCDEFGHIJKLMNOPQRS".index("J")  # the desert
    g = attack_game(kn="A2:P3:1:a--")
    strike(g)  # a lost first attack wakes it too
    assert not is_city(g, "I4") and g.state.robber == "ABCDEFGHIJKLMNOPQRS".index("J")
    # Lost attack, later attack: the robber stays where it is.
    g = attack_game(attacked=1, robber="K")
    strike(g)
    assert g.state.robber == "ABCDEFGHIJKLMNOPQRS".index("K")
    assert g.state.barb == 0
    # First attack on a 7: the robber wakes on the desert and the 7 moves it at once.
    g = attack_game(kn="H6:P1:3:a--")
    strike(g, 3, 4)
    assert g.state.phase == "robber"
    assert_legal(g, "P1 robber K P2")


# ---------------------------------------------------------------- longest route
def test_CK_AWARD_LONGEST_ROUTE_knights_cut_routes_and_it_is_reevaluated():
    # P1's route H8-H6-H4-I6-I4-E6 (5 roads) holds Longest Route; P2 reaches H4 over D6.
    roads = "H7,H5,I7,I5,I3/K5,L3,D5,H3/A3,Q5"
    g = knight_game(
        roads=roads, longest="P1", active="P2", turn=2, hands=hands(p2=cards(wool=1, ore=1))
    )
    assert g.state.road_len[P1] == 5 and g.state.longest == P1
    vp = g.victory_points(P1)
    assert_legal(g, "P2 recruit H4")  # placement cuts the route into 2 + 3
    assert g.state.road_len[P1] == 3 and g.state.longest == -1
    assert g.victory_points(P1) == vp - 2
    # A move off the route gives it back; a move onto it cuts it again.
    g = knight_game(roads=roads, longest="-", active="P2", turn=2, kn="H4:P2:1:a--")
    assert g.state.road_len[P1] == 3
    assert_legal(g, "P2 move H4 D6")
    assert g.state.road_len[P1] == 5 and g.state.longest == P1
    g = knight_game(roads=roads, longest="P1", active="P2", turn=2, kn="D6:P2:1:a--")
    assert_legal(g, "P2 move D6 H4")
    assert g.state.longest == -1
    # A displacement: P2's strong knight pushes P1's knight off H4 and cuts P1's route.
    g = knight_game(roads=roads, longest="P1", active="P2", turn=2, kn="D6:P2:2:a--,H4:P1:1:---")
    assert g.state.road_len[P1] == 5
    assert_legal(g, "P2 move D6 H4")
    assert g.state.road_len[P1] == 3 and g.state.longest == -1
    assert_legal(g, "P1 relocate H6")
    assert g.state.road_len[P1] == 3 and g.state.longest == -1


def test_CK_BARB_PILLAGE_next_city_must_stand_the_toppled_one_up():
    g = attack_game(
        settlements=per("H8,A10,C2,G2,S4", "L4", "Q6"),
        kn="K4:P2:1:a--,A2:P3:1:a--",
        hands=hands(cards(grain=4, ore=6)),
    )
    strike(g)
    i4 = parse_vertex("I4")
    assert g.state.toppled == (i4,)
    e = g.explain("P1 city H8")
    assert not e.legal and e.rule == "CK-BARB-PILLAGE"
    g.play("P1 city I4")
    assert g.state.toppled == () and g.state.vcity[i4]
    assert Game.from_position(g.position()).position() == g.position()
