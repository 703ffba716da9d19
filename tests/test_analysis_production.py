"""Production table: exact expected cards per roll and per turn, checked against analytic
figures and against the engine itself, every dice outcome played out."""

from __future__ import annotations

from fractions import Fraction

import pytest

from catan_tutor import Game, new_game, random_playout
from catan_tutor.actions import MoveRobber
from catan_tutor.analysis import production_table, roll_yield, sum_odds, turn_sum_odds
from catan_tutor.board import (
    CARD_NAMES,
    HEX_NAMES,
    HEX_VERTICES,
    VERTEX_HEXES,
    VERTEX_LABELS,
    parse_hex,
)
from catan_tutor.rules.production import production
from catan_tutor.state import DICE, PRE_ROLL, ROBBER
from catan_tutor.study.editor import edit

WAYS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}  # of 36


def lone_vertex(hex_letter: str) -> str:
    """A coastal corner that touches only ``hex_letter``."""
    h = HEX_NAMES.index(hex_letter)
    return next(VERTEX_LABELS[v] for v in HEX_VERTICES[h] if VERTEX_HEXES[v] == (h,))


def test_sum_odds_are_the_two_dice_sums():
    assert sum_odds() == {s: Fraction(w, 36) for s, w in WAYS.items()}


def test_turn_sum_odds_one_roll_or_two_rolls_with_different_sums():
    assert turn_sum_odds(1) == sum_odds()
    two = turn_sum_odds(2)
    assert sum(two.values()) == 2
    # the second roll cannot repeat the first sum: frequent sums lose, rare ones gain
    assert two[6] < 2 * sum_odds()[6] and two[7] < Fraction(2, 6)
    assert two[2] > 2 * sum_odds()[2]
    assert two[6] == two[8] and two[2] == two[12]


def test_BASE_PROD_YIELD_a_settlement_on_a_6_expects_5_36_grain_per_roll():
    game = edit(new_game("base", players=3), f"place P1 settlement {lone_vertex('R')}")
    table = production_table(game)
    assert table.loc["P1", "grain"] == Fraction(5, 36)
    assert table.loc["P1", "total"] == Fraction(5, 36)
    assert (table.drop(index="P1") == 0).all().all()
    assert list(table.columns) == [*CARD_NAMES[:5], "total"]
    assert table.attrs["per"] == "roll"


@pytest.mark.parametrize("letter", ["A", "B", "D", "L", "M", "Q", "R", "S"])
def test_BASE_PROD_YIELD_each_number_gets_its_ways_in_36_and_a_city_doubles(letter):
    h = HEX_NAMES.index(letter)
    base = new_game("base", players=3)
    number, kind = base.layout.numbers[h], CARD_NAMES[base.layout.terrain[h]]
    v = lone_vertex(letter)
    settled = production_table(edit(base, f"place P2 settlement {v}"))
    city = production_table(edit(base, f"place P2 city {v}"))
    assert settled.loc["P2", kind] == Fraction(WAYS[number], 36)
    assert city.loc["P2", kind] == 2 * settled.loc["P2", kind]


def test_BASE_ROBBER_BLOCK_the_robbers_hex_produces_nothing():
    game = edit(new_game("base", players=3), f"place P1 city {lone_vertex('R')}")
    assert production_table(game).loc["P1", "total"] == Fraction(10, 36)
    assert production_table(edit(game, "robber R")).loc["P1", "total"] == 0


@pytest.mark.parametrize(("letter", "resource", "commodity"), [
    ("A", "ore", "coin"), ("M", "lumber", "paper"), ("S", "wool", "cloth"),
])  # fmt: skip
def test_CK_PROD_CITY_a_city_on_forest_pasture_or_mountains_gives_a_commodity(
    letter, resource, commodity
):
    game = edit(new_game("ck", players=3), f"place P1 city {lone_vertex(letter)}")
    p = Fraction(WAYS[game.layout.numbers[HEX_NAMES.index(letter)]], 36)
    table = production_table(game)
    assert table.loc["P1", resource] == p and table.loc["P1", commodity] == p
    assert table.loc["P1", "total"] == 2 * p
    assert list(table.columns) == [*CARD_NAMES, "aqueduct", "total"]


@pytest.mark.parametrize(("letter", "resource"), [("Q", "brick"), ("R", "grain")])
def test_CK_PROD_CITY_a_city_on_hills_or_fields_gives_two_resources(letter, resource):
    game = edit(new_game("ck", players=3), f"place P1 city {lone_vertex(letter)}")
    p = Fraction(WAYS[game.layout.numbers[HEX_NAMES.index(letter)]], 36)
    table = production_table(game)
    assert table.loc["P1", resource] == 2 * p and table.loc["P1", "total"] == 2 * p


def test_CK_ROBBER_INACTIVE_no_hex_is_blocked_before_the_first_attack():
    game = edit(new_game("ck", players=3), f"place P1 city {lone_vertex('R')}")
    assert game.state.robber == -1
    assert production_table(game).loc["P1", "grain"] == Fraction(10, 36)
    awake = edit(game, "attacked yes", "robber R")
    assert production_table(awake).loc["P1", "grain"] == 0


def test_CK_IMPROVE_SCIENCE_3_a_player_who_gets_nothing_expects_a_free_resource():
    game = edit(
        new_game("ck", players=3), f"place P1 settlement {lone_vertex('R')}", "level P1 science 3"
    )
    table = production_table(game)
    # nothing on a 7 (6/36), a card on a 6 (5/36): a free resource on the other 25/36
    assert table.loc["P1", "aqueduct"] == Fraction(25, 36)
    assert table.loc["P2", "aqueduct"] == 0  # science 0
    assert table.loc["P1", "total"] == Fraction(5, 36) + Fraction(25, 36)


def test_2P_SETUP_PLAYERS_neutrals_never_produce():
    game = new_game("base-2p", players=2)
    assert game.state.vowner.count(2) + game.state.vowner.count(3) == 2  # N1, N2 settled
    table = production_table(game, "turn")
    assert list(table.index) == ["P1", "P2"]
    assert (table == 0).all().all()


def test_per_turn_equals_per_roll_with_one_roll_a_turn():
    game = edit(new_game("ck", players=3), f"place P1 city {lone_vertex('A')}")
    assert production_table(game, "turn").equals(production_table(game, "roll"))
    assert production_table(game, "turn").attrs["rolls"] == 1


def test_2P_ROLL_DIFFERENT_a_two_roll_turn_gives_less_than_twice_a_roll_on_a_6():
    game = edit(
        new_game("base-2p", players=2),
        f"place P1 settlement {lone_vertex('R')}",
        f"place P2 settlement {lone_vertex('B')}",
    )
    roll, turn = production_table(game, "roll"), production_table(game, "turn")
    assert turn.attrs == {"per": "turn", "rolls": 2, "variant": "base-2p"}
    assert roll.loc["P1", "grain"] < turn.loc["P1", "grain"] < 2 * roll.loc["P1", "grain"]
    assert turn.loc["P2", "wool"] > 2 * roll.loc["P2", "wool"]  # the 2 gains


def test_unknown_per_is_refused():
    with pytest.raises(ValueError, match="per must be"):
        production_table(new_game("base", players=3), "game")


# ---------------------------------------------------------------- against the engine
def _hand_gain(before: Game, after: Game, p: int) -> list[int]:
    return [a - b for a, b in zip(after.state.hands[p], before.state.hands[p], strict=True)]


def _roll(game: Game, white: int, red: int, ck: bool) -> Game:
    g = Game(game.rules, game.state)
    g.play(f"die white {white}")
    g.play(f"die red {red}")
    if ck and g.state.phase == DICE and len(g.state.rolled) == 2:
        g.play("event ship")  # the ship alone: no progress draws delay production
    return g


def _shortage(s) -> bool:
    return any(sum(need) > s.bank[k] for t in WAYS for k, need in production(s, t).items())


def _positions(variant: str, players: int, seed: int, count: int, ok) -> list[Game]:
    """``count`` positions before a roll from a seeded random game, a few turns apart."""
    game = new_game(variant, players=players, seed=seed)
    random_playout(game, seed)
    out, last = [], -10
    for s in game._states:
        if s.phase == PRE_ROLL and s.turn >= last + 7 and ok(s) and not _shortage(s):
            out.append(Game(game.rules, s))
            last = s.turn
        if len(out) == count:
            break
    assert len(out) == count
    return out


def _per_roll_by_engine(game: Game, ck: bool) -> dict[tuple[int, str], Fraction]:
    start = Game(game.rules, game.state)
    start.play("roll")
    out: dict[tuple[int, str], Fraction] = {}
    for w in range(1, 7):
        for r in range(1, 7):
            after = _roll(start, w, r, ck)
            for p in range(game.players):
                for k, d in enumerate(_hand_gain(start, after, p)):
                    out[p, CARD_NAMES[k]] = out.get((p, CARD_NAMES[k]), 0) + Fraction(d, 36)
    return out


@pytest.mark.parametrize(("variant", "players", "seed"), [("base", 4, 3), ("ck", 4, 5)])
def test_the_table_equals_the_engines_payout_over_all_36_rolls(variant, players, seed):
    ck = variant == "ck"
    science = (lambda s: all(lv[0] < 3 for lv in s.levels) and s.barb < 6) if ck else bool
    for game in _positions(variant, players, seed, 4, science):
        table = production_table(game)
        engine = _per_roll_by_engine(game, ck)
        assert any(engine.values())
        for (p, kind), value in engine.items():
            assert table.loc[game.names[p], kind] == value, (game.position(), p, kind)


def _quiet(s) -> bool:
    """The robber's hex touches no building (moving it changes nobody's production), no
    hand is over 7 (a 7 makes nobody discard) and nobody has science 3."""
    blocked = s.robber < 0 or all(s.vowner[v] < 0 for v in HEX_VERTICES[s.robber])
    return (
        blocked
        and all(sum(h[:8]) <= 7 for h in s.hands[: s.n])
        and all(lv[0] < 3 for lv in s.levels)
        and (not s.kn or s.barb < 5)
    )


def _away(game: Game) -> Game:
    """Resolve a first roll's 7: the robber goes to a hex no building touches."""
    g = Game(game.rules, game.state)
    while g.state.phase == ROBBER:
        g.play(
            next(
                a
                for a in g.legal_actions()
                if type(a) is MoveRobber and all(g.state.vowner[v] < 0 for v in HEX_VERTICES[a.hex])
            )
        )
    return g


def _per_turn_by_engine(game: Game, ck: bool) -> dict[tuple[int, str], Fraction]:
    """Both rolls of the turn played out; a second throw of the first sum is thrown again,
    so the other outcomes share its probability (rule 2P-ROLL-DIFFERENT, CK2P-ROLL-SAME)."""
    start = Game(game.rules, game.state)
    start.play("roll")
    out: dict[tuple[int, str], Fraction] = {}
    for w in range(1, 7):
        for r in range(1, 7):
            mid = _away(_roll(start, w, r, ck))
            assert mid.state.phase == DICE
            seconds = [
                _roll(mid, w2, r2, ck)
                for w2 in range(1, 7)
                for r2 in range(1, 7)
                if w2 + r2 != w + r
            ]
            for after in seconds:
                weight = Fraction(1, 36 * len(seconds))
                for p in range(game.players):
                    for k, d in enumerate(_hand_gain(start, after, p)):
                        key = (p, CARD_NAMES[k])
                        out[key] = out.get(key, 0) + weight * d
    return out


@pytest.mark.parametrize(("variant", "seed"), [("base-2p", 2), ("ck-2p", 4)])
def test_the_turn_table_equals_the_engines_two_rolls(variant, seed):
    ck = variant == "ck-2p"
    for game in _positions(variant, 2, seed, 2, _quiet):
        table = production_table(game, "turn")
        engine = _per_turn_by_engine(game, ck)
        assert any(engine.values())
        for (p, kind), value in engine.items():
            assert table.loc[game.names[p], kind] == value, (game.position(), p, kind)


def test_roll_yield_of_a_7_is_nothing():
    game = edit(
        new_game("ck", players=3), f"place P1 city {lone_vertex('R')}", "level P1 science 3"
    )
    assert all(v == [0, 0, 0] for v in roll_yield(game.state, 7).values())
    assert roll_yield(game.state, 6)["grain"] == [2, 0, 0]


def test_CK_ROBBER_INACTIVE_the_editor_refuses_a_robber_before_the_first_attack():
    from catan_tutor.errors import EditError

    with pytest.raises(EditError, match="CK-ROBBER-INACTIVE"):
        edit(new_game("ck", players=3), f"place P1 city {lone_vertex('R')}", "robber R")
    after = edit(new_game("ck", players=3), "attacked yes", "robber R")  # after an attack
    assert after.state.robber == parse_hex("R")
