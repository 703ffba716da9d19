"""The scene (``catan_tutor.scene``): one description of what the board shows, listing exactly
the pieces of a position, that the SVG picture and the canvas both draw, each item once."""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from catan_tutor import VARIANTS, Game, board, new_game, palette, random_playout
from catan_tutor import scene as S
from catan_tutor.render import svg
from catan_tutor.study.editor import edit
from catan_tutor.widgets import BoardView, board_paint

PLAYERS = {"base": 4, "base-2p": 2, "base-dummy": 2, "ck": 4, "ck-2p": 2}
NS = "{http://www.w3.org/2000/svg}"


def states(variant: str) -> list[Game]:
    """Positions of a seeded game of ``variant``: its start, its end, halfway and, in C&K, the
    last one with a city wall, given a metropolis on that city."""
    game = new_game(variant, players=PLAYERS[variant], seed=3)
    out = [game.clone()]
    random_playout(game, 3, max_actions=100_000)
    out.append(game.clone())
    half, walled = len(game.history) // 2, not game.caps.improvements
    while game.history and (len(game.history) > half or not walled):
        game.undo()
        free = [v for v, w in enumerate(game.state.walls) if w and v not in game.state.metro]
        if not walled and free:  # and a metropolis on that city (editor)
            city = free[0]
            seat = f"P{game.state.vowner[city] + 1}"
            label = board.VERTEX_LABELS[city]
            out.append(edit(game.clone(), f"level {seat} trade 4", f"metropolis trade {label}"))
            walled = True
        if len(game.history) == half:
            out.append(game.clone())
    return out


@pytest.fixture(scope="module")
def positions() -> dict[str, list[Game]]:
    return {v: states(v) for v in VARIANTS}


def expected(game: Game) -> dict[str, Counter]:
    """The pieces of ``game``, read from its state: what the scene must list."""
    s, n = game.state, game.players
    kn = s.kn if game.caps.knights else ()
    return {
        "roads": Counter((e, p) for e, p in enumerate(s.eowner) if p >= 0),
        "buildings": Counter((v, p, bool(s.vcity[v])) for v, p in enumerate(s.vowner) if p >= 0),
        "knights": Counter(
            (v, k.owner, k.level, bool(k.active)) for v, k in enumerate(kn) if k is not None
        ),
        "walls": Counter(v for v, w in enumerate(s.walls) if w and s.vowner[v] >= 0)
        if game.caps.improvements
        else Counter(),
        "metropolises": Counter((v, t) for t, v in enumerate(s.metro) if v >= 0)
        if game.caps.improvements
        else Counter(),
        "neutral": Counter(p for p in [*s.vowner, *s.eowner] if p >= n),
    }


def listed(pieces: S.Pieces) -> dict[str, Counter]:
    return {
        "roads": Counter((r.edge, r.owner) for r in pieces.roads),
        "buildings": Counter((b.vertex, b.owner, b.city) for b in pieces.buildings),
        "knights": Counter((k.vertex, k.owner, k.level, k.active) for k in pieces.knights),
        "walls": Counter(b.vertex for b in pieces.buildings if b.wall),
        "metropolises": Counter(
            (b.vertex, b.metropolis) for b in pieces.buildings if b.metropolis >= 0
        ),
        "neutral": Counter(x.owner for x in [*pieces.buildings, *pieces.roads] if x.seat < 0),
    }


@pytest.mark.parametrize("variant", VARIANTS)
def test_scene_lists_exactly_the_pieces_2P_SETUP_NEUTRAL_POSITIONS(
    positions: dict[str, list[Game]], variant: str
) -> None:
    """Every road, building, wall, metropolis and knight of three positions, no other; the
    neutrals' and the dummy's pieces carry their names, a player's its seat and colour."""
    some = Counter[str]()
    for game in positions[variant]:
        scene = S.scene_of(game)
        assert listed(scene.pieces) == expected(game)
        names, n = game.state.names, game.players
        for piece in [*scene.pieces.roads, *scene.pieces.buildings, *scene.pieces.knights]:
            assert piece.fill == palette.player_fill(game.colors[piece.owner])
            if piece.owner < n:
                assert piece.seat == piece.owner
            else:
                assert piece.seat == -1
                if not isinstance(piece, S.Road):
                    assert piece.label == palette.party_label(names[piece.owner]) != ""
        some.update(k for k, v in listed(scene.pieces).items() if v)
        s = game.state
        robber = scene.pieces.robber
        assert (robber.hex if robber else -1) == (s.robber if s.robber >= 0 else -1)
        merchant = scene.pieces.merchant
        held = s.merchant[0] if game.caps.knights and s.merchant[0] >= 0 else -1
        assert (merchant.hex if merchant else -1) == held
        assert [t.terrain for t in scene.board.tiles] == list(game.layout.terrain)
        assert [t.number for t in scene.board.tiles] == list(game.layout.numbers)
        assert [(h.edge, h.kind) for h in scene.board.harbors] == list(game.layout.harbors)
    assert some["roads"] and some["buildings"]  # the positions are not empty
    if variant.startswith("ck"):
        assert some["knights"] and some["walls"] and some["metropolises"]
    if variant == "base-2p":
        assert some["neutral"]


def test_robber_off_the_board_is_no_scene_item_CK_SETUP_ROBBER() -> None:
    game = new_game("ck", players=3, seed=1)
    assert game.state.robber < 0 and S.scene_of(game).pieces.robber is None
    assert 'class="robber"' not in svg(game)


def _svg_items(text: str) -> dict[str, Counter]:
    root = ET.fromstring(text)
    out: dict[str, Counter] = {}
    for el in root.iter(f"{NS}g"):
        for word in el.get("class", "").split():
            if word in ("road", "settlement", "city", "knight", "robber"):
                out.setdefault(word, Counter())[el.get("data-owner")] += 1
    for el in root.iter():
        for word in el.get("class", "").split():
            if word in ("wall", "metropolis", "merchant"):
                out.setdefault(word, Counter())[None] += 1
    return out


def _scene_items(pieces: S.Pieces) -> dict[str, Counter]:
    out: dict[str, Counter] = {}

    def add(word: str, owner: object) -> None:
        out.setdefault(word, Counter())[owner] += 1

    for r in pieces.roads:
        add("road", str(r.owner))
    for b in pieces.buildings:
        add("city" if b.city else "settlement", str(b.owner))
        if b.wall:
            add("wall", None)
        if b.metropolis >= 0:
            add("metropolis", None)
    for k in pieces.knights:
        add("knight", str(k.seat))
    if pieces.robber:
        add("robber", None)
    if pieces.merchant:
        add("merchant", None)
    return out


@pytest.mark.parametrize("variant", VARIANTS)
def test_svg_draws_each_scene_item_once(positions: dict[str, list[Game]], variant: str) -> None:
    for game in positions[variant]:
        assert _svg_items(svg(game)) == _scene_items(S.scene_of(game).pieces)


def _doctored(scene: S.Scene) -> S.Scene:
    """The scene with one road left, one building moved to an empty corner and turned into a
    walled metropolis city, the knights and robber gone and a strip of its own."""
    p = scene.pieces
    taken, _ = p.taken
    free = next(v for v in range(board.N_VERTICES) if v not in taken)
    moved = dataclasses.replace(
        p.buildings[0],
        vertex=free,
        at=board.vertex_xy(free),
        city=True,
        wall=True,
        metropolis=1,
    )
    pieces = dataclasses.replace(
        p, roads=p.roads[:1], buildings=(moved,), knights=(), robber=None, merchant=None
    )
    strip = dataclasses.replace(scene.strip, ck=True, barb=5, barbarians=99, defenders=42)
    return dataclasses.replace(scene, pieces=pieces, strip=strip)


def test_both_renderers_draw_the_scene_not_the_state(
    positions: dict[str, list[Game]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Given another scene for the same game, the SVG and the canvas draw that scene."""
    game = positions["ck"][1]
    real = S.scene_of(game)
    assert len(real.pieces.roads) > 1 and real.pieces.knights
    fake = _doctored(real)
    monkeypatch.setattr(S, "scene_of", lambda obj: fake)
    text = svg(game)
    assert _svg_items(text) == _scene_items(fake.pieces)
    assert TRACK_SHORT in text and 'data-position="5"' in text

    monkeypatch.setattr(board_paint, "pieces_scene", lambda *a: fake.pieces)
    monkeypatch.setattr(board_paint, "strip_scene", lambda state: fake.strip)
    view = BoardView(game)
    drawn = _spy(view)
    texts: list[str] = []
    monkeypatch.setattr(view.pieces, "fill_text", lambda t, *a, **k: texts.append(t))
    view.draw_pieces()
    assert drawn == _canvas_items(fake.pieces)
    assert TRACK_SHORT in texts, texts  # (one wording, whatever the room: l35)


TRACK_SHORT = "Barbarians 99 · knights' strength 42"


def _spy(view: BoardView) -> dict[str, list]:
    """Record what the view's painter draws on the pieces layer, item by item."""
    painter, drawn = view.painter, {}

    def spy(name: str, key):
        plain = getattr(painter, name)

        def wrapped(c, *args):
            drawn.setdefault(name, []).append(key(*args))
            return plain(c, *args)

        setattr(painter, name, wrapped)

    spy("_draw_roads", lambda roads: sorted(r.edge for r in roads))
    spy("_draw_building", lambda b: b.vertex)
    spy("_draw_wall", lambda at: at)
    spy("_draw_metropolis", lambda at, track: (at, track))
    spy("draw_knight", lambda k: k.vertex)
    spy("_draw_robber", lambda r: r.hex)
    spy("_draw_merchant", lambda m: m.hex)
    return drawn


def _canvas_items(p: S.Pieces) -> dict[str, list]:
    out: dict[str, list] = {"_draw_roads": [sorted(r.edge for r in p.roads)]}
    for name, items in (
        ("_draw_building", [b.vertex for b in p.buildings]),
        ("_draw_wall", [b.at for b in p.buildings if b.wall]),
        ("_draw_metropolis", [(b.at, b.metropolis) for b in p.buildings if b.metropolis >= 0]),
        ("draw_knight", [k.vertex for k in p.knights]),
        ("_draw_robber", [p.robber.hex] if p.robber else []),
        ("_draw_merchant", [p.merchant.hex] if p.merchant else []),
    ):
        if items:
            out[name] = items
    return out


@pytest.mark.parametrize("variant", VARIANTS)
def test_canvas_draws_each_scene_item_once(positions: dict[str, list[Game]], variant: str) -> None:
    for game in positions[variant]:
        view = BoardView(game)
        drawn = _spy(view)
        view.draw_pieces()
        assert drawn == _canvas_items(S.scene_of(game).pieces)


def test_the_board_scene_made_once_per_board_is_the_one_made_anew() -> None:
    """``board_scene`` keeps the board it made per layout (and per tiles laid so far on a
    variable board being laid): the same as one made anew, and another once a tile is laid
    (BASE-BOARD-VARIABLE) or the board is another."""
    for g in (new_game("base", players=3), new_game("base", players=3, seed=4, board="variable")):
        again = S.board_scene(g.state, g.layout)
        assert again is S.board_scene(g.state, g.layout)  # (kept)
        assert again == S._laid.__wrapped__(g.layout)  # as made anew
    laying = new_game("base", players=3, board="variable")  # no seed: the tiles wait
    assert laying.layout is None and laying.is_chance()
    before = S.board_scene(laying.state, None)
    assert before == S._being_laid.__wrapped__((-1,) * board.N_HEXES)
    tile = laying.chance_outcomes()[0][0]
    laying.play(tile)
    after = S.board_scene(laying.state, laying.layout)
    assert after != before and after.tiles[tile.hex].terrain == tile.terrain
    assert before.tiles[tile.hex].terrain == -1


def test_the_robber_stands_clear_of_the_pieces_on_its_hex_s_corners_BASE_ROBBER_MOVE() -> None:
    """s31, a fresh learner's phone at 2.2: the robber moved to Q stood beside the token on
    its left, 0.05 of a hex from P2's settlement on M6 (Q's 10 o'clock corner; a city there
    overlapped it) and the settlement's tag was pushed against it. It stands beside the token
    on the first side with room (left, right, then under it) on every hex, whatever corners
    are built on, unless no side has room; never on the merchant's side."""
    from types import SimpleNamespace

    from catan_tutor.study.resources import packaged_lessons
    from catan_tutor.study.scenario import load_scenario

    sc = load_scenario(packaged_lessons() / "puzzle_base_robber.catan.yaml")
    asked = next(n for n in sc.timeline.walk() if n.id == next(iter(sc.puzzles)))
    answer = asked.children[0]  # "P1 robber Q P2"
    pieces = S.scene_of(answer).pieces
    assert pieces.robber is not None and board.HEX_NAMES[pieces.robber.hex] == "Q"
    near = [b for b in pieces.buildings if pieces.robber.hex in board.VERTEX_HEXES[b.vertex]]
    assert {board.VERTEX_LABELS[b.vertex] for b in near} == {"M6", "Q4"}
    assert all(S.robber_room(pieces.robber.at, b.at) >= S.ROBBER_ROOM for b in near), near
    layout = new_game("base", players=3, seed=1).layout
    for h in range(board.N_HEXES):
        if not layout.numbers[h]:
            continue
        corners = board.HEX_VERTICES[h]
        for built in range(64):
            taken = {v for k, v in enumerate(corners) if built >> k & 1}
            for merchant in (-1, h):
                state = SimpleNamespace(robber=h, merchant=(merchant, 0))
                robber = S._robber(state, layout, taken)
                assert robber is not None
                cx, cy = board.hex_centre_xy(h)
                spots = [(cx + dx, cy + dy) for dx, dy in S.ROBBER_SPOTS
                         if not (merchant == h and dx > 0)]  # fmt: skip
                rooms = [min((S.robber_room(at, board.vertex_xy(v)) for v in taken),
                             default=99.0) for at in spots]  # fmt: skip
                room = min((S.robber_room(robber.at, board.vertex_xy(v)) for v in taken),
                           default=99.0)  # fmt: skip
                assert room >= S.ROBBER_ROOM or room == max(rooms), (h, taken, robber)
                assert robber.at in spots, (h, taken, merchant, robber)
