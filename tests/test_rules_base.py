"""One test (at least) per BASE-* rule of rulebook/rules.md §1, named after the rule.

Positions are built by playing real actions (``setup_game``: a fixed opening on the beginner
board) or by editing the fields of a ``Game.position()`` text (``load``). Chance is forced by
playing its outcome: ``die white 3``, ``draw knight``, ``steal wool``.

Resources are always written in the engine's order: brick, lumber, wool, grain, ore.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import pytest
from helpers import (
    assert_illegal,
    assert_legal,
    conserve_bank,
    fields,
    from_fields,
    play,
    position_fields,
)

from catan_tutor import (
    CHANCE,
    TERMINAL,
    Game,
    NotationError,
    PositionError,
    new_game,
)
from catan_tutor.actions import Offer
from catan_tutor.board import (
    BEGINNER,
    COASTAL_EDGES,
    COASTAL_VERTICES,
    EDGE_HEXES,
    EDGE_LABELS,
    EDGE_VERTICES,
    HEX_AXIAL,
    HEX_NAMES,
    HEX_VERTICES,
    N_EDGES,
    N_HEXES,
    N_VERTICES,
    SPIRAL_TOKENS,
    TERRAINS,
    VERTEX_HEXES,
    VERTEX_LABELS,
    VERTEX_NEIGHBOURS,
    edge_xy,
    parse_edge,
    parse_hex,
    parse_vertex,
    pips,
    spiral_numbers,
    vertex_aliases,
)

# the rules engine alone: left out of the minimum-versions lane (scripts/min_versions.sh)
pytestmark = pytest.mark.engine

RES = ("brick", "lumber", "wool", "grain", "ore")

# A fixed opening on the beginner board. Second settlements pay (BASE-SETUP-RESOURCES):
# P1 D4 (D fields, E hills, I forest), P2 G6 (G hills, K forest, L mountains),
# P3 M4 (M forest, N mountains, Q hills), P4 O6 = R2 (O fields, R fields, S pasture).
SETUP4 = (
    "P1 settle A4", "P1 road A3", "P2 settle C6", "P2 road C5",
    "P3 settle H4", "P3 road H3", "P4 settle K6", "P4 road K5",
    "P4 settle R2", "P4 road R1", "P3 settle M4", "P3 road M3",
    "P2 settle G6", "P2 road G5", "P1 settle D4", "P1 road D3",
)  # fmt: skip
SETUP3 = (
    "P1 settle A4", "P1 road A3", "P2 settle C6", "P2 road C5", "P3 settle H4", "P3 road H3",
    "P3 settle M4", "P3 road M3", "P2 settle G6", "P2 road G5", "P1 settle D4", "P1 road D3",
)  # fmt: skip
START_HANDS4 = [(1, 1, 0, 1, 0), (1, 1, 0, 0, 1), (1, 1, 0, 0, 1), (0, 0, 1, 2, 0)]


# ---------------------------------------------------------------- helpers
def setup_game(players: int = 4) -> Game:
    """The fixed opening played out; P1 is to roll in turn 1."""
    return play(new_game("base", players=players), *(SETUP4 if players == 4 else SETUP3))


def roll(game: Game, white: int, red: int) -> Game:
    """The player to move rolls, with both dice forced."""
    return play(game, "roll", f"die white {white}", f"die red {red}")


def hands_text(*hands) -> str:
    return "/".join(",".join(map(str, h)) for h in hands)


def load(base: Game | str, **changes) -> Game:
    """``base``'s position with some fields replaced. Given hands, the bank is recomputed so
    that every resource has 19 cards (BASE-COMP-CARDS)."""
    head, f = position_fields(base, changes)
    if "hands" in changes and "bank" not in changes:
        conserve_bank(f)
    return from_fields(head, f)


def main_game(players: int = 4, base: Game | None = None, **changes) -> Game:
    """A position in P1's main phase (after the roll); by default the fixed opening's board."""
    base = base or setup_game(players)
    return load(base, **{"phase": "main", "turn": 5, "active": "P1", **changes})


def blank_game(players: int = 4, **changes) -> Game:
    """An empty beginner board in P1's main phase; set pieces and hands with ``changes``."""
    g = new_game("base", players=players)
    return load(g, **{"phase": "main", "turn": 5, "active": "P1", "setup": 2 * players, **changes})


def hand(game: Game, p: int) -> tuple[int, ...]:
    return tuple(game.observation(p)["seats"][p]["hand"])


def hands(game: Game) -> list[tuple[int, ...]]:
    return [hand(game, p) for p in range(game.players)]


def bank(game: Game) -> tuple[int, ...]:
    return tuple(game.observation()["bank"])


def dev(game: Game, p: int) -> tuple[int, ...]:
    return tuple(game.observation(p)["seats"][p]["dev"])


def seat_info(game: Game, p: int, key: str):
    return game.observation()["seats"][p][key]


def legal_texts(game: Game, word: str | None = None) -> set[str]:
    out = {str(a) for a in game.legal_actions()}
    return {t for t in out if word is None or t.split()[1 if t.startswith("P") else 0] == word}


# Independent geometry from rulebook/rules.md §7 (axial coordinates, side neighbours).
AXIAL_7 = {
    "A": (0, -2), "B": (1, -2), "C": (2, -2), "D": (-1, -1), "E": (0, -1), "F": (1, -1),
    "G": (2, -1), "H": (-2, 0), "I": (-1, 0), "J": (0, 0), "K": (1, 0), "L": (2, 0),
    "M": (-2, 1), "N": (-1, 1), "O": (0, 1), "P": (1, 1), "Q": (-2, 2), "R": (-1, 2),
    "S": (0, 2),
}  # fmt: skip
SIDE_STEP = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))


def touching(a: str, b: str) -> bool:
    (qa, ra), (qb, rb) = AXIAL_7[a], AXIAL_7[b]
    return (qb - qa, rb - ra) in SIDE_STEP


def rotate_cw(h: str) -> str:
    """The hex reached by turning the board 60 degrees clockwise about J."""
    q, r = AXIAL_7[h]
    return next(k for k, v in AXIAL_7.items() if v == (-r, q + r))


WALK_A = "ADHMQRSPLGCBEINOKFJ"
TOKENS = (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)


def walk_from(start: str) -> str:
    walk = WALK_A
    while walk[0] != start:
        walk = "".join(rotate_cw(h) for h in walk)
    return walk


def my_spiral_numbers(desert: str, start: str) -> dict[str, int]:
    tokens = iter(TOKENS)
    return {h: (0 if h == desert else next(tokens)) for h in walk_from(start)}


def reds_touch(numbers: dict[str, int]) -> bool:
    red = [h for h, n in numbers.items() if n in (6, 8)]
    return any(touching(a, b) for a in red for b in red if a != b)


# ================================================================ 1.1 Components
def test_BASE_COMP_TERRAIN_nineteen_hexes_by_kind():
    """BASE-COMP-TERRAIN: 4 forest, 4 pasture, 4 fields, 3 hills, 3 mountains, 1 desert."""
    want = {"forest": 4, "pasture": 4, "fields": 4, "hills": 3, "mountains": 3, "desert": 1}
    beginner = Counter(TERRAINS[t] for t in new_game("base", players=3).layout.terrain)
    assert beginner == want
    seeded = new_game("base", players=4, board="variable", seed=11)
    assert Counter(TERRAINS[t] for t in seeded.layout.terrain) == want
    # The random board draws from exactly that supply: for hex A, weights 3/4/4/4/3/1 of 19.
    g = new_game("base", players=4, board="variable")
    weights = {str(a).split()[2]: w for a, w in g.chance_weights()}
    assert weights == {
        "hills": 3,
        "forest": 4,
        "pasture": 4,
        "fields": 4,
        "mountains": 3,
        "desert": 1,
    }
    # A position with a wrong terrain mix is refused.
    text = new_game("base", players=4).position().replace("terrain=mo,", "terrain=fo,")
    with pytest.raises(PositionError):
        Game.from_position(text)


def test_BASE_COMP_NUMBERS_tokens_and_pips():
    """BASE-COMP-NUMBERS: one 2, one 12, two each of 3-6 and 8-11; pips 6 - |7 - n|."""
    want = [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]
    assert sorted(n for n in new_game("base", players=4).layout.numbers if n) == want
    assert sorted(SPIRAL_TOKENS) == want
    seeded = new_game("base", players=3, board="variable", seed=5)
    numbers = seeded.layout.numbers
    assert sorted(n for n in numbers if n) == want
    assert numbers[seeded.layout.terrain.index(TERRAINS.index("desert"))] == 0
    assert {n: pips(n) for n in range(2, 13) if n != 7} == {
        2: 1,
        12: 1,
        3: 2,
        11: 2,
        4: 3,
        10: 3,
        5: 4,
        9: 4,
        6: 5,
        8: 5,
    }
    assert sum(pips(n) for n in want) == 58


def test_BASE_COMP_HARBORS_four_generic_five_special():
    """BASE-COMP-HARBORS: 9 harbors, 4 generic 3:1 and one 2:1 per resource."""
    kinds = Counter(k for _, k in new_game("base", players=4).layout.harbors)
    assert kinds == {5: 4, 0: 1, 1: 1, 2: 1, 3: 1, 4: 1}
    assert len(new_game("base", players=4).layout.harbors) == 9
    # Shuffled harbors draw from that supply: the first slot's weights are 1 each, 3:1 four.
    g = new_game("base", players=4, board="variable-harbors")
    for _ in HEX_NAMES:  # lay any terrain permutation first
        g.play(g.chance_outcomes()[0][0])
        assert g.is_chance()
    assert {str(a).split()[2]: w for a, w in g.chance_weights()} == {
        "brick": 1,
        "lumber": 1,
        "wool": 1,
        "grain": 1,
        "ore": 1,
        "3:1": 4,
    }


def test_BASE_COMP_CARDS_bank_and_deck_counts():
    """BASE-COMP-CARDS: 19 cards per resource; deck 14 knight, 5 VP, 2 each of the rest."""
    g = new_game("base", players=4)
    obs = g.observation()
    assert obs["bank"] == [19] * 5
    assert obs["deck_size"] == 25
    g = main_game(hands=hands_text((0, 0, 1, 1, 1), (0,) * 5, (0,) * 5, (0,) * 5))
    g.play("P1 buy")
    assert dict((str(a), w) for a, w in g.chance_weights()) == {
        "draw knight": 14,
        "draw vp": 5,
        "draw roadbuilding": 2,
        "draw plenty": 2,
        "draw monopoly": 2,
    }
    # Cards are conserved: a position whose bank and hands do not add up to 19 is refused.
    bad = (
        new_game("base", players=4).position().replace("bank=19,19,19,19,19", "bank=19,19,19,19,18")
    )
    with pytest.raises(PositionError):
        Game.from_position(bad)
    # A 15th knight in play is refused too.
    with pytest.raises(PositionError):
        blank_game(dev=hands_text((1, 0, 0, 0, 0), (0,) * 5, (0,) * 5, (0,) * 5))


def test_BASE_COMP_PIECES_supply_and_two_dice():
    """BASE-COMP-PIECES: 15 roads, 5 settlements, 4 cities per player; one robber, two dice."""
    blank_game(settlements="A4,C6,H4,K6,R2/-/-/-", cities="A12,A8,L2,Q8/-/-/-")  # 5 and 4
    with pytest.raises(PositionError):
        blank_game(settlements="A4,C6,H4,K6,O6,S4/-/-/-")  # 6 > 5
    with pytest.raises(PositionError):
        blank_game(cities="A4,C6,H4,K6,O6/-/-/-")  # 5 > 4
    ring = sorted_coast()
    with pytest.raises(PositionError):
        blank_game(roads=",".join(EDGE_LABELS[e] for e in ring[:16]) + "/-/-/-")
    blank_game(roads=",".join(EDGE_LABELS[e] for e in ring[:15]) + "/-/-/-")  # 15 is fine
    # One robber (a single hex in the position); a roll is exactly two die events.
    g = setup_game()
    assert fields(g)["robber"] == "J"
    g.play("P1 roll")
    assert {str(a).rsplit(" ", 1)[0] for a, _ in g.chance_outcomes()} == {"die white"}
    g.play("die white 2")
    assert {str(a).rsplit(" ", 1)[0] for a, _ in g.chance_outcomes()} == {"die red"}
    g.play("die red 2")
    assert not g.is_chance()
    assert g.observation()["dice"] == (2, 2)


def sorted_coast() -> list[int]:
    """The 30 coastal edges clockwise from A11 (board angle around J, y grows downwards)."""
    a0 = math.atan2(edge_xy(parse_edge("A11"))[1], edge_xy(parse_edge("A11"))[0])
    return sorted(
        COASTAL_EDGES, key=lambda e: (math.atan2(edge_xy(e)[1], edge_xy(e)[0]) - a0) % (2 * math.pi)
    )


# ================================================================ 1.2 Board
def test_BASE_BOARD_GRID_counts_and_coordinates():
    """BASE-BOARD-GRID: rows 3,4,5,4,3; 54 vertices, 72 edges, 30 coastal of each."""
    assert N_HEXES == 19
    assert {HEX_NAMES[i]: qr for i, qr in enumerate(HEX_AXIAL)} == AXIAL_7
    rows = Counter(r for _, r in HEX_AXIAL)
    assert [rows[r] for r in (-2, -1, 0, 1, 2)] == [3, 4, 5, 4, 3]
    assert (N_VERTICES, N_EDGES) == (54, 72)
    assert len(COASTAL_VERTICES) == 30 and len(COASTAL_EDGES) == 30
    assert len(set(VERTEX_LABELS)) == 54 and len(set(EDGE_LABELS)) == 72
    # Each hex has 6 corners and 6 sides; 19*6 corner slots = 24*3 + 12*2 + 18*1.
    assert Counter(len(h) for h in VERTEX_HEXES) == {3: 24, 2: 12, 1: 18}
    assert Counter(len(h) for h in EDGE_HEXES) == {2: 42, 1: 30}
    # Every label round-trips through the parsers.
    assert all(parse_vertex(VERTEX_LABELS[v]) == v for v in range(N_VERTICES))
    assert all(parse_edge(EDGE_LABELS[e]) == e for e in range(N_EDGES))
    with pytest.raises(ValueError):
        parse_vertex("A3")  # odd hour: an edge, not a vertex
    with pytest.raises(ValueError):
        parse_edge("A4")


def test_BASE_BOARD_BEGINNER_map():
    """BASE-BOARD-BEGINNER: the fixed map's terrain and numbers; red numbers never touch."""
    want = {
        "A": ("mountains", 10), "B": ("pasture", 2), "C": ("forest", 9),
        "D": ("fields", 12), "E": ("hills", 6), "F": ("pasture", 4), "G": ("hills", 10),
        "H": ("fields", 9), "I": ("forest", 11), "J": ("desert", 0), "K": ("forest", 3),
        "L": ("mountains", 8), "M": ("forest", 8), "N": ("mountains", 3), "O": ("fields", 4),
        "P": ("pasture", 5), "Q": ("hills", 5), "R": ("fields", 6), "S": ("pasture", 11),
    }  # fmt: skip
    lay = new_game("base", players=4).layout
    got = {HEX_NAMES[h]: (TERRAINS[lay.terrain[h]], lay.numbers[h]) for h in range(19)}
    assert got == want
    assert fields(new_game("base", players=3))["numbers"] == (
        "10,2,9,12,6,4,10,9,11,0,3,8,8,3,4,5,5,6,11"
    )
    assert not reds_touch({h: n for h, (_, n) in want.items()})


def test_BASE_BOARD_BEGINNER_HARBORS_edges_kinds_vertices_gaps():
    """BASE-BOARD-BEGINNER-HARBORS: nine harbor edges with their kinds, ends and spacing."""
    want = [
        ("A11", "3:1", "A10", "A12"),
        ("B1", "grain", "B12", "B2"),
        ("G1", "ore", "C4", "G2"),
        ("L3", "3:1", "L2", "L4"),
        ("P5", "wool", "P4", "P6"),
        ("R5", "3:1", "R4", "R6"),
        ("Q7", "3:1", "Q6", "Q8"),
        ("H7", "brick", "H6", "H8"),
        ("D9", "lumber", "D8", "D10"),
    ]
    names = (*RES, "3:1")
    lay = new_game("base", players=4).layout
    assert [(e, names[k]) for e, k in lay.harbors] == [(parse_edge(e), k) for e, k, _, _ in want]
    for e, _, v1, v2 in want:
        assert parse_edge(e) in COASTAL_EDGES
        assert set(EDGE_VERTICES[parse_edge(e)]) == {parse_vertex(v1), parse_vertex(v2)}
    assert fields(new_game("base", players=4))["harbors"] == (
        "3:1,grain,ore,3:1,wool,3:1,3:1,brick,lumber"
    )
    ring = sorted_coast()
    assert EDGE_LABELS[ring[0]] == "A11" and EDGE_LABELS[ring[1]] == "A1"  # clockwise
    idx = [ring.index(parse_edge(e)) for e, *_ in want]
    assert idx == sorted(idx)  # listed clockwise from top left
    assert [(idx[(i + 1) % 9] - idx[i]) % 30 for i in range(9)] == [3, 4, 3, 3, 4, 3, 4, 3, 3]


def lay_board(game: Game, terrain: dict[str, str]) -> None:
    for h in HEX_NAMES:
        game.play(f"tile {h} {terrain[h]}")


# Desert on B: a variable board unlike the beginner one.
VAR_TERRAIN = dict(zip(HEX_NAMES, (
    "hills", "desert", "forest", "pasture", "fields", "mountains", "hills", "forest", "pasture",
    "fields", "mountains", "hills", "forest", "pasture", "fields", "mountains", "forest",
    "pasture", "fields"), strict=True))  # fmt: skip


def test_BASE_BOARD_VARIABLE_terrain_chance_and_spiral_tokens():
    """BASE-BOARD-VARIABLE: terrain laid hex by hex as chance, tokens along the spiral."""
    assert Counter(VAR_TERRAIN.values()) == {
        "forest": 4,
        "pasture": 4,
        "fields": 4,
        "hills": 3,
        "mountains": 3,
        "desert": 1,
    }
    g = new_game("base", players=4, board="variable")
    assert g.is_chance() and g.current_player == CHANCE
    probs = {str(a): p for a, p in g.chance_outcomes()}
    assert probs["tile A desert"] == pytest.approx(1 / 19)
    assert probs["tile A forest"] == pytest.approx(4 / 19)
    lay_board(g, VAR_TERRAIN)
    assert {str(a) for a, _ in g.chance_outcomes()} == {f"spiral {h}" for h in "ACLSQH"}
    assert_illegal(g, "spiral B", {"BASE-BOARD-VARIABLE", "BASE-BOARD-VARIABLE-SPIRAL"})
    g.play("spiral A")
    lay = g.layout
    assert {HEX_NAMES[h]: TERRAINS[t] for h, t in enumerate(lay.terrain)} == VAR_TERRAIN
    want = my_spiral_numbers("B", "A")
    assert {HEX_NAMES[h]: n for h, n in enumerate(lay.numbers)} == want
    # Along the walk A D H M ... the tokens appear in order, the desert B skipped.
    assert [lay.numbers[parse_hex(h)] for h in WALK_A if h != "B"] == list(TOKENS)
    assert g.current_player == 0 and fields(g)["phase"] == "setup-settle"


def test_BASE_BOARD_VARIABLE_tile_refused_when_supply_used_up():
    """BASE-BOARD-VARIABLE: the permutation uses the terrain supply exactly (one desert)."""
    g = new_game("base", players=3, board="variable")
    g.play("tile A desert")
    assert "tile B desert" not in {str(a) for a, _ in g.chance_outcomes()}
    assert_illegal(g, "tile B desert", "BASE-BOARD-VARIABLE")
    assert_illegal(g, "tile C hills", "BASE-BOARD-VARIABLE")  # hexes are laid A..S in order


def test_BASE_BOARD_VARIABLE_SPIRAL_walk_rotations_and_red_numbers():
    """BASE-BOARD-VARIABLE-SPIRAL: the walk from each corner; reds never touch (6 x 19)."""
    assert walk_from("A") == "ADHMQRSPLGCBEINOKFJ"
    # The inner ring starts at the inner hex touching both the first and last outer hex.
    for start in "ACLSQH":
        w = walk_from(start)
        assert touching(w[12], w[0]) and touching(w[12], w[11])
        assert sorted(w) == sorted(HEX_NAMES)
    assert walk_from("C") == "CBADHMQRSPLGFEINOKJ"
    for start in "ACLSQH":
        for desert in HEX_NAMES:
            terrain = [0] * 19  # only the desert's place matters for the tokens
            terrain[parse_hex(desert)] = TERRAINS.index("desert")
            mine = my_spiral_numbers(desert, start)
            assert not reds_touch(mine), (start, desert)
            engine = spiral_numbers(tuple(terrain), parse_hex(start))
            assert {HEX_NAMES[h]: n for h, n in enumerate(engine)} == mine, (start, desert)
    # Played through the engine from another corner: tokens follow that corner's walk.
    g = new_game("base", players=4, board="variable")
    lay_board(g, VAR_TERRAIN)
    assert all(w == 1 for _, w in g.chance_weights())  # uniform over the six corners
    g.play("spiral S")
    want = my_spiral_numbers("B", "S")
    assert {HEX_NAMES[h]: n for h, n in enumerate(g.layout.numbers)} == want
    assert want["S"] == 5 and want["P"] == 2  # the walk from S starts S, P, ...


def test_BASE_BOARD_VARIABLE_HARBORS_kept_or_shuffled():
    """BASE-BOARD-VARIABLE-HARBORS: random boards keep the beginner harbors unless shuffled."""
    g = new_game("base", players=4, board="variable")
    lay_board(g, VAR_TERRAIN)
    g.play("spiral A")
    assert g.layout.harbors == BEGINNER.harbors
    g = new_game("base", players=4, board="variable-harbors")
    lay_board(g, VAR_TERRAIN)
    order = ["ore", "3:1", "brick", "3:1", "lumber", "3:1", "grain", "3:1", "wool"]
    edges = ["A11", "B1", "G1", "L3", "P5", "R5", "Q7", "H7", "D9"]
    for e, k in zip(edges, order, strict=True):
        g.play(f"harbor {e} {k}")
    harbor_rules = {"BASE-BOARD-VARIABLE", "BASE-BOARD-VARIABLE-HARBORS"}
    assert_illegal(g, "harbor A11 ore", harbor_rules)  # all nine are laid
    g.play("spiral A")
    names = (*RES, "3:1")
    assert [(EDGE_LABELS[e], names[k]) for e, k in g.layout.harbors] == list(
        zip(edges, order, strict=True)
    )
    # Only four 3:1 harbors exist: after four, no fifth can be laid.
    g = new_game("base", players=4, board="variable-harbors")
    lay_board(g, VAR_TERRAIN)
    for e in edges[:4]:
        g.play(f"harbor {e} 3:1")
    assert_illegal(g, "harbor P5 3:1", harbor_rules)


def test_BASE_BOARD_ROBBER_START_on_the_desert():
    """BASE-BOARD-ROBBER-START: the robber starts on the desert (J, or wherever it lies)."""
    g = new_game("base", players=4)
    assert g.observation()["robber"] == parse_hex("J")
    g = new_game("base", players=4, board="variable")
    lay_board(g, VAR_TERRAIN)
    g.play("spiral Q")
    assert fields(g)["robber"] == "B"
    seeded = new_game("base", players=3, board="variable", seed=3)
    assert seeded.layout.terrain[seeded.observation()["robber"]] == TERRAINS.index("desert")


# ================================================================ 1.3 Words for the board
def test_BASE_DEF_ADJACENT_aliases_neighbours_and_production_on_each_hex():
    """BASE-DEF-ADJACENT: vertices joined by an edge; a building is on each hex it touches."""
    a4 = parse_vertex("A4")
    assert parse_vertex("B8") == parse_vertex("E12") == parse_vertex("a/b/e") == a4
    assert vertex_aliases(a4) == ["A/B/E", "A4", "B8", "E12"]
    assert sorted(VERTEX_LABELS[w] for w in VERTEX_NEIGHBOURS[a4]) == ["A2", "A6", "B6"]
    for v in range(N_VERTICES):
        joined = {
            w for e in range(N_EDGES) if v in EDGE_VERTICES[e] for w in EDGE_VERTICES[e] if w != v
        }
        assert set(VERTEX_NEIGHBOURS[v]) == joined
        assert 1 <= len(VERTEX_HEXES[v]) <= 3
        assert len(joined) == (2 if len(VERTEX_HEXES[v]) == 1 else 3)
    # P1's settlement A4 is on A (ore 10), B (wool 2) and E (brick 6).
    for (w, r), gain in (
        ((5, 5), (0, 0, 0, 0, 1)),
        ((1, 1), (0, 0, 1, 0, 0)),
        ((3, 3), (2, 0, 0, 0, 0)),
    ):  # E also holds P1's D4
        g = roll(setup_game(), w, r)
        assert hand(g, 0) == tuple(a + b for a, b in zip(START_HANDS4[0], gain, strict=True))


def test_BASE_DEF_COAST_coastal_vertices_edges_and_harbor_vertices():
    """BASE-DEF-COAST: coastal = fewer than 3 land hexes / one land hex; harbor ends."""
    assert COASTAL_VERTICES == {v for v in range(N_VERTICES) if len(VERTEX_HEXES[v]) < 3}
    assert COASTAL_EDGES == {e for e in range(N_EDGES) if len(EDGE_HEXES[e]) == 1}
    for e in COASTAL_EDGES:
        assert set(EDGE_VERTICES[e]) <= COASTAL_VERTICES
    assert parse_vertex("A8") in COASTAL_VERTICES and parse_vertex("A4") not in COASTAL_VERTICES
    # A harbor serves the two ends of its edge and nothing else: D9 lumber -> D8, D10 (its
    # 2:1 comes beside the 4:1 everyone has, BASE-TRADE-MARITIME).
    for v, rates in (("D8", (2, 4)), ("D10", (2, 4)), ("A8", (4,)), ("D6", (4,))):
        g = blank_game(
            settlements=f"{v}/-/-/-",
            roads="-/-/-/-",
            hands=hands_text((0, 4, 0, 0, 0), (0,) * 5, (0,) * 5, (0,) * 5),
        )
        assert legal_texts(g, "bank") == {
            f"P1 bank {rate} lumber for {r}" for r in RES if r != "lumber" for rate in rates
        }, v


def test_BASE_DEF_DESERT_ADJ_desert_corners_give_nothing():
    """BASE-DEF-DESERT-ADJ: the desert's six corners; a building there gets nothing from it."""
    j = parse_hex("J")
    assert sorted(VERTEX_LABELS[v] for v in HEX_VERTICES[j]) == sorted(
        ["E4", "F6", "J4", "J6", "I4", "E6"]
    )
    # Second setup settlement on J4 (J desert, K forest, O fields): 1 lumber + 1 grain only.
    g = new_game("base", players=3)
    play(g, *SETUP3[:10], "P1 settle J4")
    assert hand(g, 0) == (0, 1, 0, 1, 0)
    g.play("P1 road J3")
    # No roll ever produces from the desert, robber or not.
    for w in range(1, 7):
        for r in range(1, 7):
            if w + r == 7:
                continue
            g2 = g.clone()
            roll(g2, w, r)
            got = [a - b for a, b in zip(hand(g2, 0), hand(g, 0), strict=True)]
            # P1: A4 (A ore 10, B wool 2, E brick 6), J4 (K lumber 3, O grain 4, J desert).
            expect = {
                2: [0, 0, 1, 0, 0],
                3: [0, 1, 0, 0, 0],
                4: [0, 0, 0, 1, 0],
                6: [1, 0, 0, 0, 0],
                10: [0, 0, 0, 0, 1],
            }.get(w + r, [0] * 5)
            assert got == expect, w + r


def test_BASE_DEF_CONNECTED_foreign_building_blocks_own_does_not():
    """BASE-DEF-CONNECTED: a road network does not continue through another colour's
    building; own buildings never block."""
    # P1: settlement D4, roads D3 (D4-A6) and A5 (A6-A4). P2's settlement sits on A4.
    base = dict(
        roads="D3,A5/-/-/-", hands=hands_text((5, 5, 0, 0, 0), (0,) * 5, (0,) * 5, (0,) * 5)
    )
    g = blank_game(settlements="D4/A4/-/-", **base)
    assert_illegal(g, "P1 road A3", "BASE-BUILD-ROAD")  # A3 = A2-A4, beyond P2's A4
    assert_illegal(g, "P1 road B7", "BASE-BUILD-ROAD")  # B7 = A4-B6
    assert "P1 road A3" not in legal_texts(g)
    assert seat_info(g, 0, "road_length") == 2
    # With P1's own settlement on A4 instead, the network runs on through it.
    g = blank_game(settlements="D4,A4/-/-/-", **base)
    assert_legal(g, "P1 road A3", "BASE-BUILD-ROAD")
    assert seat_info(g, 0, "road_length") == 3  # D3, A5, A3 through P1's own A4


# ================================================================ 1.4 Setup
def test_BASE_SETUP_FIRST_PLAYER_highest_roll_becomes_P1():
    """BASE-SETUP-FIRST-PLAYER: everybody rolls both dice, the highest total is P1."""
    g = new_game("base", players=4, rolloff=True)
    assert g.is_chance() and g.colors == ("red", "blue", "white", "orange")
    assert_illegal(g, "P1 settle A4", "BASE-CHANCE-EVENTS")
    faces = [(2, 3), (4, 4), (6, 5), (1, 1)]  # P3 (white) rolls 11
    for w, r in faces:
        assert g.is_chance()
        play(g, f"die white {w}", f"die red {r}")
    assert not g.is_chance()
    assert g.colors == ("white", "orange", "red", "blue")  # clockwise order kept
    assert g.current_player == 0 and fields(g)["phase"] == "setup-settle"
    assert len(g.history) == 8  # each player rolled both dice once
    # A scenario may fix P1: without the roll-off P1 is the first colour and places at once.
    g = new_game("base", players=4)
    assert not g.is_chance() and g.current_player == 0 and g.colors[0] == "red"


def test_BASE_SETUP_ROUND1_order_and_free_placement():
    """BASE-SETUP-ROUND1: P1..Pn each place a settlement anywhere, then a road touching it."""
    g = new_game("base", players=4)
    order = []
    for i in range(0, 8, 2):
        order.append(g.current_player)
        assert g.pending[0].decision == "place a settlement"
        assert g.explain(SETUP4[i]).rule == "BASE-SETUP-ROUND1"
        g.play(SETUP4[i])
        assert g.pending[0].decision == "place a road"
        if i == 0:
            assert_illegal(g, "P1 road A1", "BASE-SETUP-ROUND1")  # not touching A4
            assert_illegal(g, "P1 settle S4", "BASE-SETUP-FREE")  # a road is due
            assert_illegal(g, "P2 road S3", "BASE-TURN-OFFTURN")
            assert legal_texts(g) == {"P1 road A3", "P1 road A5", "P1 road B7"}
        g.play(SETUP4[i + 1])
    assert order == [0, 1, 2, 3]
    # No road is needed for a setup settlement: any empty vertex obeying the distance rule.
    assert len(legal_texts(g, "settle")) == 54 - 4 * 4
    assert all(seat_info(g, p, "hand_size") == 0 for p in range(4))  # round 1 pays nothing


def test_BASE_SETUP_ROUND2_reverse_order_and_road_at_second_settlement():
    """BASE-SETUP-ROUND2: Pn..P1 place again; the road touches the second settlement."""
    g = play(new_game("base", players=4), *SETUP4[:8])
    order = []
    for i in range(8, 16, 2):
        order.append(g.current_player)
        assert g.explain(SETUP4[i]).rule == "BASE-SETUP-ROUND2"
        g.play(SETUP4[i])
        if i == 8:
            assert_illegal(g, "P4 road K7", "BASE-SETUP-ROUND2")  # at K6, the first one
        g.play(SETUP4[i + 1])
    assert order == [3, 2, 1, 0]
    g3 = play(new_game("base", players=3), *SETUP3[:6])
    seen = []
    for i in range(6, 12, 2):
        seen.append(g3.current_player)
        play(g3, SETUP3[i], SETUP3[i + 1])
    assert seen == [2, 1, 0]
    assert_illegal(
        play(new_game("base", players=3), *SETUP3[:6]), "P1 settle S4", "BASE-TURN-OFFTURN"
    )


def test_BASE_SETUP_RESOURCES_second_settlement_pays_one_per_hex():
    """BASE-SETUP-RESOURCES: right after the second settlement, 1 card per land hex."""
    g = play(new_game("base", players=4), *SETUP4[:8])
    assert hands(g) == [(0,) * 5] * 4 and bank(g) == (19,) * 5
    g.play("P4 settle R2")  # O fields, R fields, S pasture
    assert hand(g, 3) == (0, 0, 1, 2, 0)  # before the road is placed
    assert bank(g) == (19, 19, 18, 17, 19)
    play(g, *SETUP4[9:])
    assert hands(g) == START_HANDS4
    assert bank(g) == (16, 16, 18, 16, 17)
    # A coastal second settlement on two hexes pays two cards: D8 (D fields, H fields).
    g = play(new_game("base", players=3), *SETUP3[:10], "P1 settle D8")
    assert hand(g, 0) == (0, 0, 0, 2, 0)


def test_BASE_SETUP_FREE_no_costs_no_trade_no_building_then_turn_1():
    """BASE-SETUP-FREE: setup pieces are free; no trading or other building; then P1's turn."""
    g = new_game("base", players=4)
    play(g, *SETUP4[:9])  # P4 holds 1 wool, 2 grain and must place a road
    assert_illegal(g, "P4 city R2", "BASE-SETUP-FREE")
    assert_illegal(g, "P4 buy", "BASE-SETUP-FREE")
    assert_illegal(g, "P4 end", "BASE-SETUP-FREE")
    assert_illegal(g, "P4 offer P3 1 grain for 1 ore", None)  # cited rule: see below
    assert_illegal(g, "P4 bank 2 grain for ore", None)
    play(g, *SETUP4[9:])
    # Nothing was paid: hands are exactly the second-settlement income.
    assert hands(g) == START_HANDS4
    assert [seat_info(g, p, "public_vp") for p in range(4)] == [2, 2, 2, 2]
    obs = g.observation()
    assert (obs["phase"], obs["turn"], obs["active"]) == ("pre-roll", 1, "P1")
    assert g.current_player == 0


def test_BASE_SETUP_FREE_trading_in_setup_cites_the_setup_rule():
    """BASE-SETUP-FREE: "no trading or other building in setup" is the rule a refused trade
    during setup should cite (building already cites it)."""
    g = play(new_game("base", players=4), *SETUP4[:9])
    assert g.explain("P4 city R2").rule == "BASE-SETUP-FREE"
    assert_illegal(g, "P4 offer P3 1 grain for 1 ore", "BASE-SETUP-FREE")
    assert_illegal(g, "P4 bank 2 grain for ore", "BASE-SETUP-FREE")


# ================================================================ 1.5 Turn
def test_BASE_TURN_PHASES_dev_card_before_roll_then_trade_build_end():
    """BASE-TURN-PHASES: before rolling only a development card; then roll; then trade and
    build in any order; end passes the turn to the next seat."""
    g = load(
        setup_game(),
        dev=hands_text((1, 0, 0, 0, 0), *[(0,) * 5] * 3),
        deck="13,5,2,2,2",
        hands=hands_text((4, 4, 1, 1, 0), *START_HANDS4[1:]),
    )
    assert legal_texts(g) == {"P1 roll", "P1 knight"}
    for text in (
        "P1 road A1",
        "P1 bank 4 brick for ore",
        "P1 offer P2 1 brick for 1 ore",
        "P1 end",
        "P1 buy",
    ):
        assert_illegal(g, text, "BASE-TURN-PHASES")
    roll(g, 6, 6)  # 12: D fields -> P1 +1 grain
    assert_illegal(g, "P1 roll", "BASE-TURN-PHASES")
    assert_legal(g, "P1 road A1")
    assert_legal(g, "P1 offer P2 1 brick for 1 ore")
    g.play("P2 accept")
    assert_legal(g, "P1 road B11")
    assert_legal(g, "P1 knight")  # a development card after the roll
    g.play("P1 robber A")
    assert_legal(g, "P1 end", "BASE-TURN-PHASES")
    obs = g.observation()
    assert (obs["active"], obs["phase"], obs["turn"]) == ("P2", "pre-roll", 2)
    assert g.current_player == 1
    for _ in range(3):  # P2, P3, P4 roll (no 7) and end: back to P1
        roll(g, 1, 1)
        g.play("end")
    assert g.observation()["active"] == "P1" and g.observation()["turn"] == 5


def test_BASE_TURN_OFFTURN_others_only_trade_and_settle_decisions():
    """BASE-TURN-OFFTURN: non-active players never build, bank-trade or play cards."""
    rich = (4, 4, 4, 4, 4)
    g = main_game(
        hands=hands_text(rich, rich, rich, rich),
        dev=hands_text((0,) * 5, (1, 0, 0, 0, 0), (0,) * 5, (0,) * 5),
        deck="13,5,2,2,2",
    )
    for text in (
        "P2 road C3",
        "P2 settle C2",
        "P2 city C6",
        "P2 buy",
        "P2 knight",
        "P2 bank 4 brick for ore",
        "P2 offer P3 1 brick for 1 ore",
        "P2 end",
        "P2 roll",
    ):
        assert_illegal(g, text, "BASE-TURN-OFFTURN")
    # They may trade with the active player ...
    g.play("P1 offer P2 1 brick for 1 ore")
    assert g.current_player == 1
    assert_illegal(g, "P1 end", "BASE-TURN-OFFTURN")  # waiting for P2's answer
    assert_legal(g, "P2 accept")
    assert hand(g, 1) == (5, 4, 4, 4, 3)
    # ... and settle their own pending decisions (a discard on P1's 7).
    g = load(g, phase="pre-roll")
    roll(g, 3, 4)
    assert [p.player for p in g.pending] == [0, 1, 2, 3]
    assert_legal(g, "P3 discard 4 brick, 4 lumber, 2 wool", listed=False)
    assert hand(g, 2) == (0, 0, 2, 4, 4)


def test_BASE_TURN_OFFTURN_cited_while_answering_an_offer_or_discarding():
    """BASE-TURN-OFFTURN: a non-active player who owes a decision (answer an offer, discard)
    may do only that; anything else is refused citing BASE-TURN-OFFTURN."""
    g = roll(setup_game(), 6, 6)
    g.play("P1 offer P2 1 brick for 1 ore")
    for text in (
        "P2 road C3",
        "P2 bank 4 brick for ore",
        "P2 end",
        "P2 city C6",
        "P2 offer P3 1 brick for 1 lumber",
    ):
        assert_illegal(g, text, "BASE-TURN-OFFTURN")
    g = load(setup_game(), hands=hands_text(START_HANDS4[0], (3, 3, 1, 1, 1), *START_HANDS4[2:]))
    roll(g, 3, 4)
    assert g.current_player == 1
    for text in ("P2 road C3", "P2 bank 3 brick for ore", "P2 end"):
        assert_illegal(g, text, "BASE-TURN-OFFTURN")
    said = g.explain("P2 road C3").reason  # in words: whose turn, what P2 may do
    assert said == "It is P1's turn: P2 may only discard 4 cards now.", said
    assert "discard" in said and "pending" not in said, said


def test_BASE_INFO_observation_hides_other_hands_and_cards():
    """BASE-INFO: counts of others' cards are public, their kinds and the deck order are not."""
    g = main_game(
        hands=hands_text((1, 2, 0, 0, 0), (0, 0, 3, 0, 1), (0,) * 5, (0,) * 5),
        dev=hands_text((0,) * 5, (1, 1, 0, 0, 0), (0,) * 5, (0,) * 5),
        deck="11,4,2,2,2",
        knights="0,2,0,0",
        top="monopoly",
    )
    obs = g.observation(0)
    me, p2 = obs["seats"][0], obs["seats"][1]
    assert me["hand"] == [1, 2, 0, 0, 0] and me["dev"] == [0, 0, 0, 0, 0]
    assert p2["hand"] is None and p2["dev"] is None
    assert (p2["hand_size"], p2["dev_cards"], p2["knights_played"]) == (4, 2, 2)
    assert p2["public_vp"] == 2  # the hidden VP card is not shown
    assert g.victory_points(1) == 3  # but it counts
    assert obs["bank"] == list(bank(g)) and obs["deck_size"] == 21
    assert "monopoly" not in repr(obs)  # the known top card is not revealed
    assert "deck" not in obs and "top" not in obs
    assert g.observation(1)["seats"][1]["dev"] == [1, 1, 0, 0, 0]
    assert all(s["hand"] is None for s in g.observation()["seats"])


# ================================================================ 1.6 Production
def test_BASE_PROD_ROLL_two_dice_separate_chance_events_summed():
    """BASE-PROD-ROLL: white then red, each its own chance event; the sum is the result."""
    g = setup_game()
    g.play("P1 roll")
    assert g.is_chance() and g.current_player == CHANCE
    assert [(str(a), p) for a, p in g.chance_outcomes()] == [
        (f"die white {v}", pytest.approx(1 / 6)) for v in range(1, 7)
    ]
    assert_illegal(g, "die red 3", "BASE-PROD-ROLL")
    g.play("die white 2")
    assert [str(a) for a, _ in g.chance_outcomes()] == [f"die red {v}" for v in range(1, 7)]
    g.play("die red 4")
    assert g.observation()["dice"] == (2, 4)
    assert hand(g, 0) == (3, 1, 0, 1, 0)  # 6: E hills under A4 and D4
    with pytest.raises(NotationError):
        g.parse("die white 7")


def test_BASE_PROD_YIELD_settlements_one_cities_two_all_players():
    """BASE-PROD-YIELD: each matching hex pays 1 per settlement, 2 per city, to everybody."""
    g = roll(setup_game(), 3, 3)  # 6: E hills (P1 A4, D4), R fields (P4 R2)
    assert hands(g) == [(3, 1, 0, 1, 0), (1, 1, 0, 0, 1), (1, 1, 0, 0, 1), (0, 0, 1, 3, 0)]
    assert bank(g) == (14, 16, 18, 15, 17)
    g.play("P1 end")
    roll(g, 4, 4)  # 8 on P2's turn: L mountains (P2 G6), M forest (P3 H4, M4)
    assert hands(g) == [(3, 1, 0, 1, 0), (1, 1, 0, 0, 2), (1, 3, 0, 0, 1), (0, 0, 1, 3, 0)]
    # With H4 a city, P3 gets 2 + 1 lumber on an 8.
    g = load(setup_game(), settlements="A4,D4/C6,G6/M4/K6,R2", cities="-/-/H4/-")
    roll(g, 5, 3)
    assert hand(g, 2) == (1, 4, 0, 0, 1)
    assert hand(g, 1) == (1, 1, 0, 0, 2)


def test_BASE_PROD_SHORTAGE_nobody_or_the_only_taker_gets_what_is_left():
    """BASE-PROD-SHORTAGE: short bank pays nobody that resource, unless one player is owed."""
    # A 3 owes lumber to P2 (G6 on K) and P4 (K6 on K) and ore to P3 (M4 on N).
    short = hands_text((1, 17, 0, 1, 0), (1, 1, 0, 0, 1), (1, 0, 0, 0, 1), (0, 0, 1, 2, 0))
    g = load(setup_game(), hands=short)
    assert bank(g)[1] == 1
    roll(g, 1, 2)
    assert hand(g, 1) == (1, 1, 0, 0, 1) and hand(g, 3) == (0, 0, 1, 2, 0)
    assert bank(g)[1] == 1  # nobody got lumber
    assert hand(g, 2) == (1, 0, 0, 0, 2)  # other resources are paid as usual
    # With 2 lumber in the bank both are paid.
    g = load(setup_game(), hands=hands_text((1, 15, 0, 1, 0), *START_HANDS4[1:]))
    assert bank(g)[1] == 2
    roll(g, 1, 2)
    assert hand(g, 1)[1] == 2 and hand(g, 3)[1] == 1 and bank(g)[1] == 0
    # An 8 owes 2 lumber to P3 alone: with 1 in the bank P3 takes it.
    g = load(setup_game(), hands=hands_text((1, 16, 0, 1, 0), *START_HANDS4[1:]))
    assert bank(g)[1] == 1
    roll(g, 2, 6)
    assert hand(g, 2)[1] == 2 and bank(g)[1] == 0
    assert hand(g, 1)[4] == 2  # P2's ore from L is unaffected


# ================================================================ 1.7 The 7 and the robber
def test_BASE_SEVEN_NOPROD_a_seven_produces_nothing():
    """BASE-SEVEN-NOPROD: a 7 pays nobody anything."""
    for w, r in ((1, 6), (3, 4), (6, 1)):
        g = roll(setup_game(), w, r)
        assert hands(g) == START_HANDS4
        assert bank(g) == (16, 16, 18, 16, 17)
        assert g.pending[0].player == 0 and g.pending[0].decision == "move the robber"


def test_BASE_SEVEN_DISCARD_half_rounded_down_before_the_robber():
    """BASE-SEVEN-DISCARD: over 7 hand cards, discard half rounded down, chosen by the owner,
    all before the robber moves. Development cards are not hand cards."""
    g = load(
        setup_game(),
        hands=hands_text((2, 1, 1, 1, 0), (3, 2, 2, 1, 1), (2, 2, 2, 2, 0), (2, 2, 1, 1, 1)),
        dev=hands_text((0,) * 5, (0,) * 5, (0,) * 5, (3, 0, 0, 0, 0)),
        deck="11,5,2,2,2",
    )
    roll(g, 5, 2)
    assert [(p.player, p.decision) for p in g.pending] == [
        (1, "discard 4 cards"),
        (2, "discard 4 cards"),
    ]
    assert g.current_player == 1
    assert_illegal(g, "P1 robber K P2", "BASE-SEVEN-DISCARD")
    assert_illegal(g, "P4 discard 1 brick", "BASE-SEVEN-DISCARD")  # 7 cards + dev: owes none
    assert_illegal(g, "P2 discard 3 brick", "BASE-SEVEN-DISCARD")  # 3 of 9 is not half
    assert_illegal(g, "P2 discard 5 brick", "BASE-SEVEN-DISCARD")
    assert_illegal(g, "P2 discard 4 ore", "BASE-SEVEN-DISCARD")  # holds 1 ore
    before = bank(g)
    assert_legal(g, "P3 discard 2 wool, 2 grain", "BASE-SEVEN-DISCARD", listed=False)
    assert hand(g, 2) == (2, 2, 0, 0, 0)
    assert_illegal(g, "P3 discard 1 brick", "BASE-SEVEN-DISCARD")  # already done
    assert g.current_player == 1
    assert_legal(g, "P2 discard 3 brick, 1 ore")
    assert hand(g, 1) == (0, 2, 2, 1, 0)
    assert bank(g) == (before[0] + 3, before[1], before[2] + 2, before[3] + 2, before[4] + 1)
    assert g.current_player == 0 and g.pending[0].decision == "move the robber"
    assert hand(g, 3) == (2, 2, 1, 1, 1)


def test_BASE_ROBBER_MOVE_to_a_different_land_hex():
    """BASE-ROBBER-MOVE: after a 7 the active player must move the robber elsewhere."""
    g = setup_game()
    g.play("P1 roll")
    assert_illegal(g, "P1 robber A", "BASE-CHANCE-EVENTS")
    play(g, "die white 4", "die red 3")
    assert_illegal(g, "P1 robber J", "BASE-ROBBER-MOVE")
    assert_illegal(g, "P1 end", "BASE-ROBBER-MOVE")
    hexes = {str(a).split()[2] for a in g.legal_actions()}
    assert hexes == set(HEX_NAMES) - {"J"}
    assert_legal(g, "P1 robber A", "BASE-ROBBER-MOVE")
    assert g.observation()["robber"] == parse_hex("A")
    assert fields(g)["phase"] == "main"
    assert_illegal(g, "P1 robber B", "BASE-ROBBER-MOVE")  # no 7 pending any more
    # The desert is allowed once the robber is elsewhere.
    g = load(setup_game(), robber="A")
    roll(g, 1, 6)
    assert_legal(g, "P1 robber J")
    assert g.observation()["robber"] == parse_hex("J")


def test_BASE_ROBBER_STEAL_one_random_card_from_a_victim_on_the_hex():
    """BASE-ROBBER-STEAL: rob an opponent with a building there; uniform over their cards."""
    g = roll(setup_game(), 4, 3)
    assert_illegal(g, "P1 robber K", "BASE-ROBBER-STEAL")  # P2 and P4 are on K
    assert_illegal(g, "P1 robber K P3", "BASE-ROBBER-STEAL")
    assert_illegal(g, "P1 robber A P2", "BASE-ROBBER-STEAL")  # only P1 itself is on A
    assert_illegal(g, "P1 robber A P1", "BASE-ROBBER-STEAL")
    assert {str(a) for a in g.legal_actions() if " K" in str(a)} == {
        "P1 robber K P2",
        "P1 robber K P4",
    }
    g.play("P1 robber K P4")  # P4 holds 1 wool, 2 grain
    assert g.is_chance()
    assert [(str(a), p) for a, p in g.chance_outcomes()] == [
        ("steal wool", pytest.approx(1 / 3)),
        ("steal grain", pytest.approx(2 / 3)),
    ]
    assert_illegal(g, "steal brick", "BASE-ROBBER-STEAL")
    g.play("steal grain")
    assert hand(g, 3) == (0, 0, 1, 1, 0) and hand(g, 0) == (1, 1, 0, 2, 0)
    assert bank(g) == (16, 16, 18, 16, 17)
    assert fields(g)["phase"] == "main" and not g.is_chance()
    # An empty hand yields nothing (and dev cards are never stolen).
    g = load(
        setup_game(),
        hands=hands_text(START_HANDS4[0], (1, 1, 0, 0, 1), (1, 1, 0, 0, 1), (0,) * 5),
        dev=hands_text((0,) * 5, (0,) * 5, (0,) * 5, (1, 0, 0, 0, 0)),
        deck="13,5,2,2,2",
    )
    roll(g, 4, 3)
    assert_legal(g, "P1 robber K P4")
    assert not g.is_chance() and fields(g)["phase"] == "main"
    assert hand(g, 0) == START_HANDS4[0] and seat_info(g, 3, "dev_cards") == 1


def test_BASE_ROBBER_BLOCK_robber_hex_produces_nothing():
    """BASE-ROBBER-BLOCK: while the robber stands on a hex it produces nothing."""
    g = load(setup_game(), robber="E")
    roll(g, 2, 4)  # 6: E blocked, R still pays P4
    assert hand(g, 0) == START_HANDS4[0]
    assert hand(g, 3) == (0, 0, 1, 3, 0)
    # Moved away (a 7 on P2's turn), E pays again.
    g.play("P1 end")
    roll(g, 3, 4)
    g.play("P2 robber S P4")
    g.play("steal wool")
    assert hand(g, 3) == (0, 0, 0, 3, 0)
    g.play("P2 end")
    roll(g, 3, 3)
    assert hand(g, 0) == (3, 1, 0, 1, 0)
    assert hand(g, 3) == (0, 0, 0, 4, 0)  # R still pays: the robber is on S


# ================================================================ 1.8 Trading
def test_BASE_TRADE_DOMESTIC_offers_accept_decline_and_limits():
    """BASE-TRADE-DOMESTIC: active player trades after rolling; no gifts, no same-resource
    swaps, never between two non-active players."""
    g = setup_game()
    assert_illegal(g, "P1 offer P2 1 brick for 1 ore", "BASE-TURN-PHASES")  # before rolling
    roll(g, 6, 6)  # P1: 1 brick, 1 lumber, 2 grain
    assert_illegal(g, "P1 offer P2 1 brick for 1 brick", "BASE-TRADE-DOMESTIC")
    assert_illegal(g, "P1 offer P1 1 brick for 1 ore", "BASE-TRADE-DOMESTIC")
    assert_illegal(g, "P1 offer P2 2 brick for 1 ore", "BASE-TRADE-DOMESTIC")  # holds 1
    gift = Offer(0, 1, (1, 0, 0, 0, 0), (0, 0, 0, 0, 0))
    exp = g.explain(gift)
    assert not exp.legal and exp.rule == "BASE-TRADE-DOMESTIC"
    assert not g.explain(Offer(0, 1, (0,) * 5, (0, 0, 0, 0, 1))).legal
    assert_illegal(g, "P2 offer P3 1 brick for 1 ore", "BASE-TURN-OFFTURN")
    assert_legal(g, "P1 offer P2 1 brick for 1 ore", "BASE-TRADE-DOMESTIC")
    assert [(p.player, p.decision) for p in g.pending] == [
        (1, "answer P1's offer (P1 gives 1 brick for 1 ore)")
    ]
    assert_illegal(g, "P3 accept", "BASE-TURN-OFFTURN")
    assert_legal(g, "P2 accept", "BASE-TRADE-DOMESTIC")
    assert hand(g, 0) == (0, 1, 0, 2, 1) and hand(g, 1) == (2, 1, 0, 0, 0)
    # Several cards, several trades a turn; a decline changes nothing.
    assert_legal(g, "P1 offer P3 2 grain for 1 brick, 1 ore", listed=False)
    assert_legal(g, "P3 decline")
    assert hand(g, 0) == (0, 1, 0, 2, 1) and hand(g, 2) == (1, 1, 0, 0, 1)
    assert_legal(g, "P1 offer P3 2 grain for 1 brick, 1 ore", listed=False)
    assert_legal(g, "P3 accept")
    assert hand(g, 0) == (1, 1, 0, 0, 2) and hand(g, 2) == (0, 1, 0, 2, 0)
    # The answering side must hold the cards asked for.
    assert_legal(g, "P1 offer P4 1 ore for 1 lumber")
    assert_illegal(g, "P4 accept", "BASE-TRADE-DOMESTIC")
    assert_legal(g, "P4 decline")
    assert bank(g) == (16, 16, 18, 15, 17)  # player trades never touch the bank


def test_BASE_TRADE_MARITIME_rates_by_harbor_and_bank_stock():
    """BASE-TRADE-MARITIME: 4:1; 3:1 at a generic harbor; 2:1 at a resource's harbor; the
    bank must hold the card asked for; only after rolling."""
    four = hands_text((4, 4, 0, 0, 0), (0,) * 5, (0,) * 5, (0,) * 5)
    g = blank_game(settlements="A8/-/-/-", hands=four)  # A8: coastal, no harbor
    assert_illegal(g, "P1 bank 3 brick for ore", "BASE-TRADE-MARITIME")
    assert_illegal(g, "P1 bank 4 brick for brick", "BASE-TRADE-MARITIME")
    assert_legal(g, "P1 bank 4 brick for ore", "BASE-TRADE-MARITIME")
    assert hand(g, 0) == (0, 4, 0, 0, 1) and bank(g) == (19, 15, 19, 19, 18)
    g = blank_game(settlements="A12/-/-/-", hands=four)  # generic 3:1 harbor A11
    assert_illegal(g, "P1 bank 2 brick for ore", "BASE-TRADE-MARITIME")
    assert_legal(g, "P1 bank 3 brick for ore")
    assert hand(g, 0) == (1, 4, 0, 0, 1)
    g = blank_game(settlements="A12,D8/-/-/-", hands=four)  # plus lumber 2:1 (D9)
    assert_legal(g, "P1 bank 2 lumber for grain")
    assert_legal(g, "P1 bank 2 lumber for wool")
    assert_illegal(g, "P1 bank 2 brick for grain", "BASE-TRADE-MARITIME")
    assert hand(g, 0) == (4, 0, 1, 1, 0)
    g = blank_game(cities="D10/-/-/-", hands=four)  # a city on the harbor counts too
    assert_legal(g, "P1 bank 2 lumber for ore")
    # The bank must hold the card asked for.
    g = blank_game(
        settlements="A8/-/-/-",
        hands=hands_text((4, 4, 0, 0, 0), (0, 0, 0, 0, 19), (0,) * 5, (0,) * 5),
    )
    assert_illegal(g, "P1 bank 4 brick for ore", "BASE-TRADE-MARITIME")
    assert_legal(g, "P1 bank 4 brick for grain")
    # Not before rolling.
    g = blank_game(settlements="A8/-/-/-", hands=four, phase="pre-roll")
    assert_illegal(g, "P1 bank 4 brick for ore", "BASE-TURN-PHASES")


def test_BASE_TRADE_MARITIME_a_harbor_adds_a_rate_and_removes_none():
    """BASE-TRADE-MARITIME: 4:1 stays open to a harbor owner (listed and accepted), 3:1 too
    for a 2:1 harbor's resource when the owner also has a generic harbor; a rate nobody
    grants is refused, naming the open ones."""
    four = hands_text((4, 4, 0, 0, 0), (0,) * 5, (0,) * 5, (0,) * 5)
    g = blank_game(settlements="A12,D8/-/-/-", hands=four)  # generic 3:1 and lumber 2:1
    listed = {str(a) for a in g.legal_actions()}
    assert {
        "P1 bank 4 brick for ore",
        "P1 bank 3 brick for ore",
        "P1 bank 2 lumber for ore",
        "P1 bank 3 lumber for ore",
        "P1 bank 4 lumber for ore",
    } <= listed
    assert "P1 bank 2 brick for ore" not in listed
    g2 = blank_game(settlements="A12,D8/-/-/-", hands=four)
    assert_legal(g2, "P1 bank 4 lumber for ore", "BASE-TRADE-MARITIME")
    assert hand(g2, 0) == (4, 0, 0, 0, 1)
    bad = g.explain("P1 bank 1 brick for ore")
    assert not bad.legal and bad.rule == "BASE-TRADE-MARITIME" and "3:1 or 4:1" in bad.reason
    g = blank_game(settlements="D8/-/-/-", hands=four)  # lumber 2:1 only: 3:1 is no rate
    assert_legal(g, "P1 bank 4 lumber for grain")
    assert_illegal(g, "P1 bank 3 brick for grain", "BASE-TRADE-MARITIME")


def test_BASE_TRADE_NO_DEV_development_cards_never_change_hands():
    """BASE-TRADE-NO-DEV: development cards are never traded or given away."""
    g = main_game(
        hands=hands_text((4, 1, 0, 0, 0), (0, 0, 0, 0, 2), (0,) * 5, (0,) * 5),
        dev=hands_text((1, 1, 0, 0, 0), (2, 0, 0, 0, 0), (0,) * 5, (0,) * 5),
        deck="11,4,2,2,2",
    )
    # read as trades (not notation errors) and refused under the rule, whoever holds the card
    for text in (
        "P1 offer P2 1 knight for 1 ore",
        "P1 offer P2 1 brick for 1 knight",
        "P1 offer P2 1 brick for 1 dev",
        "P1 bank 1 knight for ore",
        "P1 bank 4 brick for vp",
    ):
        assert_illegal(g, text, "BASE-TRADE-NO-DEV")
        assert g.parse(str(g.parse(text))) == g.parse(text)  # its notation reads back
    why = g.explain("P1 offer P2 1 knight for 1 ore").reason
    assert why.startswith("P1 cannot trade a Knight card: development cards are never traded")
    assert "Victory Point card" in g.explain("P1 bank 1 vp for ore").reason
    words = {str(a).split()[1] for a in g.legal_actions()}
    assert words <= {"road", "settle", "city", "buy", "knight", "bank", "offer", "end"}
    play(g, "P1 offer P2 1 brick for 1 ore", "P2 accept")
    assert dev(g, 0) == (1, 1, 0, 0, 0) and dev(g, 1) == (2, 0, 0, 0, 0)
    assert hand(g, 0) == (3, 1, 0, 0, 1)


# ================================================================ 1.9 Building
def test_BASE_BUILD_COSTS_exact_payments_to_the_bank():
    """BASE-BUILD-COSTS: road B+L, settlement B+L+W+G, city 2G+3O, card W+G+O."""
    g = main_game(hands=hands_text((3, 3, 2, 4, 4), *START_HANDS4[1:]))
    b0 = bank(g)
    assert_legal(g, "P1 road A1")
    assert hand(g, 0) == (2, 2, 2, 4, 4)
    assert_legal(g, "P1 settle A12")
    assert hand(g, 0) == (1, 1, 1, 3, 4)
    assert_legal(g, "P1 city D4")
    assert hand(g, 0) == (1, 1, 1, 1, 1)
    assert_legal(g, "P1 buy")
    g.play("draw knight")
    assert hand(g, 0) == (1, 1, 0, 0, 0)
    assert bank(g) == (b0[0] + 2, b0[1] + 2, b0[2] + 2, b0[3] + 4, b0[4] + 4)
    # One card short of each cost: refused citing the costs.
    for short, text in (
        ((1, 0, 1, 1, 1), "P1 road A11"),
        ((1, 1, 0, 1, 1), "P1 settle A12"),
        ((0, 0, 0, 1, 3), "P1 city D4"),
        ((0, 0, 0, 2, 2), "P1 city D4"),
        ((1, 1, 1, 1, 0), "P1 buy"),
    ):
        g = main_game(
            hands=hands_text(short, *START_HANDS4[1:]), roads="A3,D3,A1/C5,G5/H3,M3/K5,R1"
        )
        assert_illegal(g, text, "BASE-BUILD-COSTS")


def test_BASE_BUILD_ROAD_connected_empty_edges_only():
    """BASE-BUILD-ROAD: an empty edge touching the builder's building or road."""
    g = main_game(hands=hands_text((5, 5, 0, 0, 0), *START_HANDS4[1:]))
    assert legal_texts(g, "road") == {
        f"P1 road {e}" for e in ("A1", "A5", "A7", "B7", "B11", "D5", "E7")
    }
    assert_illegal(g, "P1 road A3", "BASE-BUILD-ROAD")  # P1's own road is there
    assert_illegal(g, "P1 road C5", "BASE-BUILD-ROAD")  # P2's road
    assert_illegal(g, "P1 road S3", "BASE-BUILD-ROAD")  # disconnected
    assert_illegal(g, "P1 road C3", "BASE-BUILD-ROAD")  # touches only P2's network
    assert_legal(g, "P1 road A1", "BASE-BUILD-ROAD")  # via the road A3
    assert_legal(g, "P1 road A11")  # via the new road A1
    assert set(fields(g)["roads"].split("/")[0].split(",")) == {"A1", "A3", "D3", "A11"}


def test_BASE_BUILD_SETTLEMENT_at_the_end_of_own_road():
    """BASE-BUILD-SETTLEMENT: on an empty vertex at the end of one of the builder's roads."""
    g = main_game(hands=hands_text((5, 5, 5, 5, 0), *START_HANDS4[1:]))
    assert legal_texts(g, "settle") == set()
    assert_illegal(g, "P1 settle A12", "BASE-BUILD-SETTLEMENT")  # no road there yet
    assert_illegal(g, "P1 settle C6", "BASE-BUILD-SETTLEMENT")  # P2's settlement
    assert_illegal(g, "P1 settle S4", "BASE-BUILD-SETTLEMENT")
    g.play("P1 road A1")
    assert legal_texts(g, "settle") == {"P1 settle A12"}
    assert_legal(g, "P1 settle A12", "BASE-BUILD-SETTLEMENT")
    assert g.victory_points(0) == 3
    assert set(fields(g)["settlements"].split("/")[0].split(",")) == {"A4", "D4", "A12"}
    assert_illegal(g, "P1 settle C2", "BASE-BUILD-SETTLEMENT")  # free, but no P1 road


def test_BASE_BUILD_DISTANCE_adjacent_vertex_refused():
    """BASE-BUILD-DISTANCE: no building of any colour on a vertex adjacent to a new one."""
    g = new_game("base", players=4)
    g.play("P1 settle A4")
    g.play("P1 road A3")
    for v in ("A2", "A6", "B6", "E12"):  # E12 is A4 itself (occupied)
        rule = "BASE-BUILD-SETTLEMENT" if v == "E12" else "BASE-BUILD-DISTANCE"
        assert_illegal(g, f"P2 settle {v}", rule)
    assert len(legal_texts(g, "settle")) == 54 - 1 - 3
    assert_legal(g, "P2 settle A12")  # two edges away from A4
    # In the main game too, even at the end of one's own road.
    g = main_game(hands=hands_text((5, 5, 5, 5, 0), *START_HANDS4[1:]))
    g.play("P1 road A5")
    assert_illegal(g, "P1 settle A6", "BASE-BUILD-DISTANCE")  # next to A4 and D4
    g = main_game(
        hands=hands_text((5, 5, 5, 5, 0), *START_HANDS4[1:]), roads="A3,D3,B7/C5,G5/H3,M3/K5,R1"
    )
    assert_illegal(g, "P1 settle B6", "BASE-BUILD-DISTANCE")  # next to A4
    g.play("P1 road B5")  # B6-B4
    assert_illegal(g, "P1 settle B4", "BASE-BUILD-DISTANCE")  # B4 = C8, next to P2's C6
    assert "C6" in g.explain("P1 settle B4").reason


def test_BASE_BUILD_CITY_replaces_own_settlement():
    """BASE-BUILD-CITY: a city replaces one of the builder's settlements (back to supply)."""
    g = main_game(hands=hands_text((0, 0, 0, 4, 6), *START_HANDS4[1:]))
    assert legal_texts(g, "city") == {"P1 city A4", "P1 city D4"}
    assert_illegal(g, "P1 city C6", "BASE-BUILD-CITY")  # P2's settlement
    assert_illegal(g, "P1 city A12", "BASE-BUILD-CITY")  # empty
    assert_legal(g, "P1 city D4", "BASE-BUILD-CITY")
    f = fields(g)
    assert f["settlements"].split("/")[0] == "A4" and f["cities"].split("/")[0] == "D4"
    assert g.victory_points(0) == 3
    assert_illegal(g, "P1 city D4", "BASE-BUILD-CITY")  # already a city
    # A city produces 2: roll 12 (D fields) pays P1 2 grain.
    g.play("P1 end")
    roll(g, 6, 6)
    assert hand(g, 0) == (0, 0, 0, 4, 3)


def test_BASE_BUILD_LIMITS_pieces_in_supply_only():
    """BASE-BUILD-LIMITS: at most 15 roads, 5 settlements, 4 cities on the board."""
    rich = hands_text((9, 9, 9, 9, 9), (0,) * 5, (0,) * 5, (0,) * 5)
    # Five settlements placed: A12 is free and reachable, but none is left in supply.
    g = blank_game(settlements="A4,C6,H4,K6,R2/-/-/-", roads="A3,A1/-/-/-", hands=rich)
    assert_illegal(g, "P1 settle A12", "BASE-BUILD-LIMITS")
    assert legal_texts(g, "settle") == set()
    g = blank_game(settlements="A4,C6,H4,K6/-/-/-", roads="A3,A1/-/-/-", hands=rich)
    assert_legal(g, "P1 settle A12")
    # Four cities: no fifth, even on an own settlement; a city frees a settlement piece.
    g = blank_game(settlements="R2/-/-/-", cities="A4,C6,H4,K6/-/-/-", hands=rich)
    assert_illegal(g, "P1 city R2", "BASE-BUILD-LIMITS")
    g = blank_game(
        settlements="A4,C6,H4,K6,R2/-/-/-", cities="-/-/-/-", roads="A3,A1/-/-/-", hands=rich
    )
    assert_legal(g, "P1 city K6")
    assert_legal(g, "P1 settle A12")  # the replaced settlement is back in supply
    # Fifteen roads: the sixteenth is refused.
    ring = [EDGE_LABELS[e] for e in sorted_coast()]
    g = blank_game(settlements="A10/-/-/-", roads=",".join(ring[:15]) + "/-/-/-", hands=rich)
    assert_illegal(g, "P1 road A9", "BASE-BUILD-LIMITS")
    g = blank_game(settlements="A10/-/-/-", roads=",".join(ring[:14]) + "/-/-/-", hands=rich)
    assert_legal(g, "P1 road A9")


def test_BASE_BUILD_DEVCARD_draw_from_the_deck_uniformly_not_when_empty():
    """BASE-BUILD-DEVCARD: buying draws the top card (chance, uniform over the cards left)."""
    g = main_game(hands=hands_text((0, 0, 1, 1, 2), *START_HANDS4[1:]), deck="1,0,0,0,2")
    assert_legal(g, "P1 buy", "BASE-BUILD-DEVCARD")
    assert g.is_chance()
    assert [(str(a), p) for a, p in g.chance_outcomes()] == [
        ("draw knight", pytest.approx(1 / 3)),
        ("draw monopoly", pytest.approx(2 / 3)),
    ]
    assert_illegal(g, "draw vp", "BASE-BUILD-DEVCARD")
    g.play("draw monopoly")
    assert dev(g, 0) == (0, 0, 0, 0, 1)
    assert g.observation()["deck_size"] == 2
    assert hand(g, 0) == (0, 0, 0, 0, 1)
    # An empty deck cannot be bought from.
    g = main_game(hands=hands_text((0, 0, 1, 1, 1), *START_HANDS4[1:]), deck="0,0,0,0,0")
    assert_illegal(g, "P1 buy", "BASE-BUILD-DEVCARD")
    assert "P1 buy" not in legal_texts(g)


# ================================================================ 1.10 Development cards
def test_BASE_DEV_PLAY_one_per_turn_own_turn_not_bought_this_turn():
    """BASE-DEV-PLAY: one development card per turn, own turn only, any moment including
    before rolling, never one bought this turn."""
    g = load(
        setup_game(3), dev=hands_text((1, 0, 0, 0, 1), (1, 0, 0, 0, 0), (0,) * 5), deck="12,5,2,2,1"
    )
    assert_illegal(g, "P2 knight", "BASE-TURN-OFFTURN")
    assert_legal(g, "P1 monopoly grain", "BASE-DEV-MONOPOLY")  # before rolling
    assert_illegal(g, "P1 knight", "BASE-DEV-PLAY")  # second card this turn
    roll(g, 2, 2)
    assert_illegal(g, "P1 knight", "BASE-DEV-PLAY")
    # Bought this turn: not playable; from the next own turn on, it is.
    g = main_game(players=3, hands=hands_text((0, 0, 1, 1, 1), (1, 1, 0, 0, 1), (1, 1, 0, 0, 1)))
    play(g, "P1 buy", "draw knight")
    assert dev(g, 0) == (1, 0, 0, 0, 0)
    assert_illegal(g, "P1 knight", "BASE-DEV-PLAY")
    g.play("P1 end")
    for _ in range(2):
        roll(g, 1, 1)
        g.play("end")
    assert g.current_player == 0
    assert_legal(g, "P1 knight", "BASE-DEV-KNIGHT")
    # An older card of the same kind is playable although another was just bought.
    g = main_game(
        hands=hands_text((0, 0, 1, 1, 1), *START_HANDS4[1:]),
        dev=hands_text((1, 0, 0, 0, 0), *[(0,) * 5] * 3),
        deck="13,5,2,2,2",
    )
    play(g, "P1 buy", "draw knight")
    assert_legal(g, "P1 knight")
    # Victory Point cards are never played and do not use up the turn's card.
    g = load(setup_game(), dev=hands_text((1, 1, 0, 0, 0), *[(0,) * 5] * 3), deck="13,4,2,2,2")
    assert not any("vp" in t for t in legal_texts(g))
    assert_legal(g, "P1 knight")
    assert g.victory_points(0) == 3


def test_BASE_DEV_KNIGHT_robber_without_discards_and_counted():
    """BASE-DEV-KNIGHT: move the robber and steal, no discards; the card stays counted."""
    g = load(
        setup_game(),
        dev=hands_text((1, 0, 0, 0, 0), *[(0,) * 5] * 3),
        deck="13,5,2,2,2",
        hands=hands_text(START_HANDS4[0], (3, 2, 2, 1, 1), *START_HANDS4[2:]),
    )
    assert_legal(g, "P1 knight", "BASE-DEV-KNIGHT")  # before rolling
    assert [(p.player, p.decision) for p in g.pending] == [(0, "move the robber")]
    assert_illegal(g, "P1 robber J", "BASE-ROBBER-MOVE")
    assert_illegal(g, "P1 robber K", "BASE-ROBBER-STEAL")
    g.play("P1 robber K P2")
    g.play("steal ore")
    assert hand(g, 1) == (3, 2, 2, 1, 0)  # 9 cards, no discard: only the stolen one left
    assert hand(g, 0) == (1, 1, 0, 1, 1)
    assert dev(g, 0) == (0,) * 5
    assert seat_info(g, 0, "knights_played") == 1
    assert fields(g)["phase"] == "pre-roll"  # still has to roll
    assert legal_texts(g) == {"P1 roll"}


def test_BASE_DEV_ROAD_BUILDING_two_free_roads():
    """BASE-DEV-ROAD-BUILDING: 2 free roads under the normal rules (1 if only 1 is left)."""
    g = main_game(dev=hands_text((0, 0, 1, 0, 0), *[(0,) * 5] * 3), deck="14,5,1,2,2")
    assert_legal(g, "P1 roadbuilding", "BASE-DEV-ROAD-BUILDING")
    assert [(p.player, p.decision) for p in g.pending] == [(0, "build 2 free roads")]
    assert_illegal(g, "P1 road S3", "BASE-BUILD-ROAD")
    assert_illegal(g, "P1 end", "BASE-DEV-ROAD-BUILDING")
    assert_legal(g, "P1 road A1")
    assert_legal(g, "P1 road A11")  # connected through the first free road
    assert hand(g, 0) == START_HANDS4[0]  # free
    assert fields(g)["phase"] == "main" and seat_info(g, 0, "road_length") == 3
    # With 14 roads on the board only one free road is built.
    ring = [EDGE_LABELS[e] for e in sorted_coast()]
    g = blank_game(
        settlements="A10/-/-/-",
        roads=",".join(ring[:14]) + "/-/-/-",
        dev=hands_text((0, 0, 1, 0, 0), *[(0,) * 5] * 3),
        deck="14,5,1,2,2",
    )
    g.play("P1 roadbuilding")
    assert_legal(g, "P1 road A9")
    assert fields(g)["phase"] == "main"
    assert fields(g)["roads"].split("/")[0].count(",") == 14
    # No legal road at all: the card cannot be played.
    g = blank_game(
        roads=",".join(ring[:15]) + "/-/-/-",
        settlements="A10/-/-/-",
        dev=hands_text((0, 0, 1, 0, 0), *[(0,) * 5] * 3),
        deck="14,5,1,2,2",
    )
    assert_illegal(g, "P1 roadbuilding", "BASE-DEV-ROAD-BUILDING")


def test_BASE_DEV_YEAR_OF_PLENTY_two_cards_or_what_the_bank_has():
    """BASE-DEV-YEAR-OF-PLENTY: any 2 resource cards from the bank, or what it has."""
    card = hands_text((0, 0, 0, 1, 0), *[(0,) * 5] * 3)
    g = main_game(dev=card, deck="14,5,2,1,2")
    assert_legal(g, "P1 plenty brick ore", "BASE-DEV-YEAR-OF-PLENTY")
    assert hand(g, 0) == (2, 1, 0, 1, 1) and bank(g) == (15, 16, 18, 16, 16)
    g = main_game(dev=card, deck="14,5,2,1,2")
    assert_legal(g, "P1 plenty ore ore")
    assert hand(g, 0) == (1, 1, 0, 1, 2)
    # Only one ore in the bank: two ore are refused, one ore alone too (2 cards are there).
    others = [(0, 0, 0, 0, 16), (0,) * 5, (0,) * 5]
    g = main_game(dev=card, deck="14,5,2,1,2", hands=hands_text((1, 1, 0, 1, 2), *others))
    assert bank(g)[4] == 1
    assert_illegal(g, "P1 plenty ore ore", "BASE-DEV-YEAR-OF-PLENTY")
    assert_illegal(g, "P1 plenty ore", "BASE-DEV-YEAR-OF-PLENTY")
    assert_legal(g, "P1 plenty wool ore")
    assert hand(g, 0) == (1, 1, 1, 1, 3) and bank(g)[4] == 0
    # A bank with a single card left: that card is all the player gets.
    g = main_game(
        dev=card,
        deck="14,5,2,1,2",
        hands=hands_text((19, 19, 19, 19, 9), (0, 0, 0, 0, 9), (0,) * 5, (0,) * 5),
    )
    assert bank(g) == (0, 0, 0, 0, 1)
    assert legal_texts(g, "plenty") == {"P1 plenty ore"}
    assert_legal(g, "P1 plenty ore")
    assert hand(g, 0)[4] == 10 and bank(g) == (0,) * 5


def test_BASE_DEV_MONOPOLY_all_cards_of_one_resource():
    """BASE-DEV-MONOPOLY: every other player hands over all their cards of the resource."""
    g = main_game(
        hands=hands_text((1, 1, 0, 1, 0), (2, 0, 0, 3, 1), (1, 1, 0, 4, 1), (0, 0, 1, 2, 0)),
        dev=hands_text((0, 0, 0, 0, 1), (1, 0, 0, 0, 0), (0,) * 5, (0,) * 5),
        deck="13,5,2,2,1",
    )
    b0 = bank(g)
    assert_legal(g, "P1 monopoly grain", "BASE-DEV-MONOPOLY")
    assert hands(g) == [(1, 1, 0, 10, 0), (2, 0, 0, 0, 1), (1, 1, 0, 0, 1), (0, 0, 1, 0, 0)]
    assert bank(g) == b0
    assert dev(g, 1) == (1, 0, 0, 0, 0) and dev(g, 0) == (0,) * 5


def test_BASE_DEV_VP_hidden_point_counts_and_wins_on_the_turn_bought():
    """BASE-DEV-VP: 1 VP, hidden until it wins, possibly on the turn it was bought."""
    g = main_game(hands=hands_text((0, 0, 2, 2, 2), *START_HANDS4[1:]))
    play(g, "P1 buy", "draw vp")
    assert g.victory_points(0) == 3
    assert g.observation(1)["seats"][0]["public_vp"] == 2
    assert g.observation(0)["seats"][0]["dev"] == [0, 1, 0, 0, 0]
    # At 9 VP, drawing a VP card wins at once.
    g = main_game(
        hands=hands_text((0, 0, 1, 1, 1), *START_HANDS4[1:]),
        dev=hands_text((0, 4, 0, 0, 0), *[(0,) * 5] * 3),
        deck="11,1,2,2,2",
        cities="D4/-/-/-",
        settlements="A4/C6,G6/H4,M4/K6,R2",
        army="P1",
        knights="3,0,0,0",
    )
    assert g.victory_points(0) == 9
    assert g.observation(1)["seats"][0]["dev"] is None
    play(g, "P1 buy", "draw vp")
    assert g.is_over() and g.winner == 0 and g.current_player == TERMINAL
    # Revealed when its owner wins: every seat now sees the five VP cards.
    assert g.observation(1)["seats"][0]["dev"] == [0, 5, 0, 0, 0]


# ================================================================ 1.11 Awards
def road_game(p1_roads: str, settlements: str = "-/-/-/-", **kw) -> Game:
    return blank_game(roads=f"{p1_roads}/-/-/-", settlements=settlements, **kw)


def test_BASE_AWARD_ROAD_LENGTH_trails_rings_forks_and_foreign_buildings():
    """BASE-AWARD-ROAD-LENGTH: longest trail; rings count fully; forks do not add up; a
    trail may end at, not pass through, another colour's building."""
    cases = [
        ("A9,A11,A1,B11,B1", "-/-/-/-", 5),  # a line
        ("A9,A11,A1,B11,B1,A3", "-/-/-/-", 5),  # a fork at A2: 6 roads, trail 5
        ("A1,A3,A5,A7,A9,A11", "-/-/-/-", 6),  # a ring around A
        ("A1,A3,A5,A7,A9,A11,B11,B1", "-/-/-/-", 8),  # ring plus a tail from A2
        ("A9,A11,A1,B11,B1", "-/A12/-/-", 3),  # P2 on A12 splits 2 | 3
        ("A9,A11,A1,B11,B1", "A12/-/-/-", 5),  # P1's own building does not
        ("A1,A3,A5,A7,A9,A11", "-/A6/-/-", 6),  # a ring cut once is still a trail of 6
        ("A1,A3,A5,A7,A9,A11", "-/A6,A12/-/-", 3),  # cut twice: 3 | 3
        ("A11,A1,B11,B1,A3,A5", "-/-/-/-", 4),  # three branches of 2 at A2: 4
    ]
    for roads, settlements, want in cases:
        g = road_game(roads, settlements)
        assert seat_info(g, 0, "road_length") == want, (roads, settlements)
    # Lengths are kept up to date as roads are built (no 5 yet: nobody holds the card).
    g = road_game("A9,A11,A1", "A8/-/-/-", hands=hands_text((3, 3, 0, 0, 0), *[(0,) * 5] * 3))
    g.play("P1 road B11")
    assert seat_info(g, 0, "road_length") == 4 and g.observation()["longest_road"] == -1


LR_P2 = "S3,S5,S7,R5,R7"  # P2's five-road line along the bottom coast
LR_P3 = "C3,G1,G3,L1,L3"  # P3's five-road line on the right


def test_BASE_AWARD_LONGEST_ROAD_thresholds_ties_and_set_aside():
    """BASE-AWARD-LONGEST-ROAD: 5+ roads; ties never take the card; set aside on a tie
    without the holder."""
    rich = hands_text((9, 9, 9, 9, 0), (9, 9, 9, 9, 0), (0,) * 5, (0,) * 5)
    # First to 5 takes the card (+2 VP).
    g = blank_game(roads="A9,A11,A1,B11/-/-/-", settlements="A8/-/-/-", hands=rich)
    assert g.observation()["longest_road"] == -1
    g.play("P1 road B1")
    assert g.observation()["longest_road"] == 0 and g.victory_points(0) == 3
    # A tie does not take it from the holder; a longer road does.
    g = blank_game(
        roads=f"A9,A11,A1,B11/{LR_P2}/-/-", settlements="A8/P6/-/-", hands=rich, longest="P2"
    )
    g.play("P1 road B1")
    assert g.observation()["longest_road"] == 1
    assert g.victory_points(0) == 1 and g.victory_points(1) == 3
    g.play("P1 road C11")
    assert g.observation()["longest_road"] == 0
    assert g.victory_points(0) == 3 and g.victory_points(1) == 1
    # Holder cut below the others, who tie at 5: the card is set aside.
    cut = dict(
        settlements="A8/P6,B6/C4/-",
        longest="P1",
        active="P2",
        hands=hands_text((0,) * 5, (1, 1, 1, 1, 0), (0,) * 5, (0,) * 5),
    )
    g = blank_game(roads=f"A9,A11,A1,B11,B1/{LR_P2},B7,A3/{LR_P3}/-", **cut)
    assert [seat_info(g, p, "road_length") for p in range(3)] == [5, 5, 5]
    g.play("P2 settle A2")
    assert [seat_info(g, p, "road_length") for p in range(3)] == [3, 5, 5]
    assert g.observation()["longest_road"] == -1
    assert g.victory_points(0) == 1
    # Without P3's road the one with the largest length takes it.
    g = blank_game(roads=f"A9,A11,A1,B11,B1/{LR_P2},B7,A3/-/-", **cut)
    g.play("P2 settle A2")
    assert g.observation()["longest_road"] == 1
    # The set-aside card goes to whoever alone has the largest length later.
    g = blank_game(
        roads=f"A9,A11,A1,B11,B1/{LR_P2},B7,A3/{LR_P3}/-",
        **{**cut, "hands": hands_text((0,) * 5, (2, 2, 1, 1, 0), (0,) * 5, (0,) * 5)},
    )
    g.play("P2 settle A2")
    g.play("P2 road Q5")
    assert g.observation()["longest_road"] == 1
    # Below 5 nobody holds it, even a previous holder.
    g = blank_game(
        roads="A9,A11,A1,B11,B1/B7,A3/-/-",
        settlements="A8/B6/-/-",
        longest="P1",
        active="P2",
        hands=hands_text((0,) * 5, (1, 1, 1, 1, 0), (0,) * 5, (0,) * 5),
    )
    g.play("P2 settle A2")
    assert g.observation()["longest_road"] == -1


def test_BASE_AWARD_LARGEST_ARMY_three_knights_ties_keep():
    """BASE-AWARD-LARGEST-ARMY: 3+ played Knights; same tie procedure as Longest Road."""
    knight = hands_text((1, 0, 0, 0, 0), *[(0,) * 5] * 3)
    g = load(setup_game(), dev=knight, deck="11,5,2,2,2", knights="1,1,0,0")
    play(g, "P1 knight", "P1 robber A")
    assert g.observation()["largest_army"] == -1  # 2 < 3
    g = load(setup_game(), dev=knight, deck="11,5,2,2,2", knights="2,0,0,0")
    play(g, "P1 knight", "P1 robber A")
    assert g.observation()["largest_army"] == 0 and g.victory_points(0) == 4
    # Tie with the holder: the holder keeps it; one more knight takes it.
    g = load(
        setup_game(),
        dev=hands_text((2, 0, 0, 0, 0), *[(0,) * 5] * 3),
        deck="7,5,2,2,2",
        knights="2,3,0,0",
        army="P2",
    )
    play(g, "P1 knight", "P1 robber A")
    assert g.observation()["largest_army"] == 1
    roll(g, 1, 1)
    g.play("P1 end")
    for _ in range(3):
        roll(g, 1, 1)
        g.play("end")
    play(g, "P1 knight", "P1 robber J")
    assert g.observation()["largest_army"] == 0
    assert g.victory_points(0) == 4 and g.victory_points(1) == 2


def test_BASE_AWARD_TIMING_recomputed_at_once_on_anybodys_turn():
    """BASE-AWARD-TIMING: both awards are re-evaluated after every change, on any turn."""
    # On P2's turn P2's settlement cuts P1's road: P1 loses the card immediately and P2,
    # alone with 5, gets it in the same action.
    g = blank_game(
        roads=f"A9,A11,A1,B11,B1/{LR_P2},B7,A3/-/-",
        settlements="A8/P6,B6/-/-",
        longest="P1",
        active="P2",
        hands=hands_text((0,) * 5, (1, 1, 1, 1, 0), (0,) * 5, (0,) * 5),
    )
    assert g.victory_points(0) == 3
    g.play("P2 settle A2")
    assert g.observation()["longest_road"] == 1
    assert g.victory_points(0) == 1 and g.victory_points(1) == 5
    # Largest Army changes as soon as the Knight is played, before the robber is moved.
    g = load(
        setup_game(),
        dev=hands_text((1, 0, 0, 0, 0), *[(0,) * 5] * 3),
        deck="7,5,2,2,2",
        knights="3,3,0,0",
        army="P2",
    )
    g.play("P1 knight")
    assert g.observation()["largest_army"] == 0


# ================================================================ 1.12 Victory
def test_BASE_WIN_VP_points_by_source():
    """BASE-WIN-VP: settlement 1, city 2, Longest Road 2, Largest Army 2, VP card 1."""
    g = blank_game(
        settlements="A8,C6/H4/-/-",
        cities="K6/-/-/-",
        roads="A9,A11,A1,B11,B1/-/-/-",
        longest="P1",
        army="P1",
        knights="3,0,0,0",
        dev=hands_text((0, 2, 0, 0, 0), *[(0,) * 5] * 3),
        deck="11,3,2,2,2",
    )
    assert g.victory_points(0) == 2 * 1 + 2 + 2 + 2 + 2
    assert seat_info(g, 0, "public_vp") == 8
    assert g.victory_points(1) == 1
    g = blank_game(settlements="A8,C6/H4/-/-", cities="K6/-/-/-")
    assert g.victory_points(0) == 4


def test_BASE_WIN_10_at_once_on_own_turn_not_on_anothers():
    """BASE-WIN-10: 10+ VP on one's own turn wins at once; reaching 10 on another's turn
    wins only when one's own turn begins."""
    # P1 at 9 builds a settlement: wins at once.
    g = blank_game(
        settlements="A4,C6,H4/-/-/-",
        cities="K6,R2,S4/-/-/-",
        roads="A3,A1/-/-/-",
        hands=hands_text((1, 1, 1, 1, 0), *[(0,) * 5] * 3),
    )
    assert g.victory_points(0) == 9 and not g.is_over()
    assert_legal(g, "P1 settle A12")
    assert g.is_over() and g.winner == 0 and g.current_player == TERMINAL
    assert g.legal_actions() == []
    assert_illegal(g, "P1 end", "BASE-WIN-10")
    # P2 reaches 10 on P1's turn (P1 cuts P3's road, P2 takes Longest Road): no win yet.
    g = blank_game(
        settlements="B6/S4,C2/-/-",
        cities="-/Q4/-/-",
        roads=f"B7,A3/{LR_P2}/A9,A11,A1,B11,B1/-",
        longest="P3",
        dev=hands_text((0,) * 5, (0, 4, 0, 0, 0), (0,) * 5, (0,) * 5),
        deck="14,1,2,2,2",
        hands=hands_text((1, 1, 1, 1, 0), (0,) * 5, (0,) * 5, (0,) * 5),
    )
    assert g.victory_points(1) == 8
    g.play("P1 settle A2")
    assert g.observation()["longest_road"] == 1 and g.victory_points(1) == 10
    assert not g.is_over() and g.winner is None and g.current_player == 0
    g.play("P1 end")  # P2's turn begins with 10 VP
    assert g.is_over() and g.winner == 1


# ================================================================ 1.13 Chance
def test_BASE_CHANCE_EVENTS_explicit_forceable_outcomes():
    """BASE-CHANCE-EVENTS: dice, deck draws, steals and board tiles are explicit chance
    events with the stated odds; any outcome can be forced; nobody acts meanwhile."""
    g = setup_game()
    assert not g.is_chance() and g.chance_outcomes() == []
    assert_illegal(g, "die white 3", "BASE-CHANCE-EVENTS")
    g.play("P1 roll")
    assert g.is_chance() and g.current_player == CHANCE
    assert [(p.player, p.decision) for p in g.pending] == [(-1, "BASE-PROD-ROLL")]
    assert_illegal(g, "P1 end", "BASE-CHANCE-EVENTS")
    assert_illegal(g, "P2 end", "BASE-CHANCE-EVENTS")
    assert [w for _, w in g.chance_weights()] == [1] * 6
    assert sum(p for _, p in g.chance_outcomes()) == pytest.approx(1)
    for a, _ in g.chance_outcomes():  # every face can be forced
        h = g.clone()
        h.play(a)
        assert fields(h)["rolled"] == str(a).split()[2]
    # Steal: uniform over the individual cards of the victim's hand.
    g = load(setup_game(), hands=hands_text(START_HANDS4[0], (3, 0, 0, 1, 0), *START_HANDS4[2:]))
    roll(g, 6, 1)
    g.play("P1 robber G P2")
    assert {str(a): w for a, w in g.chance_weights()} == {"steal brick": 3, "steal grain": 1}
    assert {str(a): Fraction(p).limit_denominator(10) for a, p in g.chance_outcomes()} == {
        "steal brick": Fraction(3, 4),
        "steal grain": Fraction(1, 4),
    }
    # Board permutation: each remaining tile equally likely (weights = tiles left).
    g = new_game("base", players=4, board="variable")
    play(g, "tile A forest", "tile B forest")
    assert {str(a).split()[2]: w for a, w in g.chance_weights()} == {
        "hills": 3,
        "forest": 2,
        "pasture": 4,
        "fields": 4,
        "mountains": 3,
        "desert": 1,
    }
    # Deck: weights are the cards left of each kind.
    g = main_game(hands=hands_text((0, 0, 1, 1, 1), *START_HANDS4[1:]), deck="2,1,0,0,0")
    g.play("P1 buy")
    assert {str(a): w for a, w in g.chance_weights()} == {"draw knight": 2, "draw vp": 1}


def test_BASE_CHANCE_ROLLOFF_only_the_tied_roll_again():
    """BASE-CHANCE-ROLLOFF: candidates roll in seat order; only those tied at the best roll
    again, until one is left."""
    g = new_game("base", players=4, rolloff=True)
    for w, r in ((5, 6), (2, 3), (6, 5), (4, 6)):  # P1 11, P2 5, P3 11, P4 10
        play(g, f"die white {w}", f"die red {r}")
    assert g.is_chance()
    assert fields(g)["rolloff"] == "P1,P3:-"  # only P1 and P3 roll again
    play(g, "die white 1", "die red 1", "die white 3", "die red 3")  # P1 2, P3 6
    assert not g.is_chance()
    assert g.colors == ("white", "orange", "red", "blue")
    assert len(g.history) == 12
    # Three-way tie, then a two-way tie, then a winner.
    g = new_game("base", players=3, rolloff=True)
    for _ in range(3):
        play(g, "die white 4", "die red 4")
    assert fields(g)["rolloff"] == "P1,P2,P3:-"
    for w in (6, 2, 6):
        play(g, f"die white {w}", "die red 1")
    assert fields(g)["rolloff"] == "P1,P3:-"
    play(g, "die white 1", "die red 1", "die white 1", "die red 2")
    assert not g.is_chance() and g.colors == ("white", "red", "blue")
    assert len(g.history) == 6 + 6 + 4
