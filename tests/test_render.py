"""The static SVG board (catan_tutor.render): valid XML, every piece of a mid-game position of
each variant, labels, escaping, notebook display, and the board as Chromium paints it."""

from __future__ import annotations

import subprocess
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import pytest
from matplotlib import image

from catan_tutor import VARIANTS, Game, board, new_game, palette, random_playout
from catan_tutor.render import save_svg, svg
from catan_tutor.study.editor import edit
from catan_tutor.study.scenario import loads_scenario
from catan_tutor.study.timeline import Timeline

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
NS = "{http://www.w3.org/2000/svg}"
PLAYERS = {"base": 4, "base-2p": 2, "base-dummy": 2, "ck": 4, "ck-2p": 2}


def mid_game(variant: str, seed: int = 2) -> Game:
    """A seeded random game of ``variant`` stepped back to halfway."""
    game = new_game(variant, players=PLAYERS[variant], seed=seed)
    random_playout(game, seed, max_actions=100_000)
    for _ in range(len(game.history) // 2):
        game.undo()
    return game


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{NS}svg"
    return root


def classes(root: ET.Element) -> Counter:
    """How many elements carry each class word."""
    return Counter(c for el in root.iter() for c in el.get("class", "").split())


@pytest.fixture(scope="module")
def games() -> dict[str, Game]:
    return {v: mid_game(v) for v in VARIANTS}


@pytest.mark.parametrize("variant", VARIANTS)
def test_mid_game_board_has_every_piece(games: dict[str, Game], variant: str) -> None:
    game = games[variant]
    s = game.state
    root = parse(svg(game))
    seen = classes(root)
    assert seen["hex"] == board.N_HEXES == 19  # one polygon per land hex
    assert len(root.findall(f".//{NS}title")) == 1
    assert seen["road"] == sum(p >= 0 for p in s.eowner) > 0
    assert seen["settlement"] + seen["city"] == sum(p >= 0 for p in s.vowner) > 0
    assert seen["city"] == sum(bool(c) for c, p in zip(s.vcity, s.vowner, strict=True) if p >= 0)
    assert seen["robber"] == (1 if s.robber >= 0 else 0)
    for t, code in enumerate(board.TERRAIN_CODES):  # every hex shows its terrain's glyph
        assert seen[f"glyph-{code}"] == game.layout.terrain.count(t)
    # each player's pieces carry that seat's mark: one per road, building and knight
    marks = Counter(
        el.get("class").split()[1] for el in root.iter() if "mark" in el.get("class", "").split()
    )
    kn = getattr(s, "kn", ()) or ()
    for p in range(game.players):
        pieces = (
            sum(q == p for q in s.eowner)
            + sum(q == p for q in s.vowner)
            + sum(1 for k in kn if k is not None and k[0] == p)
        )
        assert marks[f"mark-{palette.player_mark(p)}"] == pieces, p
    if kn:
        assert seen["knight"] == sum(k is not None for k in kn)
        assert seen["knight-active"] == sum(bool(k and k[2]) for k in kn)
        for level in (1, 2, 3):
            assert seen[f"level-{level}"] == sum(bool(k and k[1] == level) for k in kn)
        assert seen["wall"] == sum(
            bool(w) for w, p in zip(s.walls, s.vowner, strict=True) if p >= 0
        )
        assert seen["metropolis"] == sum(v >= 0 for v in s.metro)
        assert seen["merchant"] == (1 if s.merchant[0] >= 0 else 0)
        track = [el for el in root.iter() if "barbarian-track" in el.get("class", "")]
        assert [el.get("data-position") for el in track] == [str(s.barb)]
        assert seen["barbarian-ship"] == 1


def test_knights_walls_metropolis_and_merchant_are_drawn() -> None:
    """A ck position with every C&K piece on the board: the last one of a seeded game with
    walls, the merchant, rolled dice, four knights (one active) and a city, given a
    metropolis with the board editor. Drawn as the artifact render_ck.svg."""
    game = new_game("ck", players=4, seed=8)
    random_playout(game, 8, max_actions=100_000)
    while game.history:
        s = game.state
        if (
            s.phase == "main"
            and any(s.walls)
            and s.merchant[0] >= 0
            and s.dice
            and sum(k is not None for k in s.kn) >= 4
            and any(s.vcity)
            and any(k and k[2] for k in s.kn)
        ):
            break
        game.undo()
    assert game.history, "no position with every C&K piece"
    city = game.state.vcity.index(True)
    owner = game.state.vowner[city]
    game = edit(
        game, f"level P{owner + 1} trade 4", f"metropolis trade {board.VERTEX_LABELS[city]}"
    )
    ARTIFACTS.mkdir(exist_ok=True)
    out = ARTIFACTS / "render_ck.svg"
    text = save_svg(game, out, size=900)
    assert out.read_text(encoding="utf-8") == text
    seen = classes(parse(text))
    assert seen["wall"] >= 1 and seen["metropolis-trade"] == 1 and seen["merchant"] == 1
    assert seen["knight"] >= 4 and seen["knight-active"] >= 1 and seen["die"] == 2


@pytest.mark.browser
def test_chromium_paints_each_hex_in_its_terrain_colour(chromium: str) -> None:
    """The SVG as a browser draws it (headless Chromium's screenshot, the artifact
    render_board.png): sea around the island, and each terrain's fill covering an area in
    proportion to its number of hexes (an SVG that is valid XML but not drawable paints
    none of them)."""
    game = new_game("base", players=4)
    ARTIFACTS.mkdir(exist_ok=True)
    out, png = ARTIFACTS / "render_board.svg", ARTIFACTS / "render_board.png"
    png.unlink(missing_ok=True)
    save_svg(game, out, size=600)
    subprocess.run(
        [
            chromium,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--window-size=600,600",
            f"--screenshot={png}",
            out.as_uri(),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        timeout=120,
        check=True,
    )
    rgb = (image.imread(png)[..., :3] * 255).round().astype(int)
    hexes = Counter(game.layout.terrain)
    shown = {
        t: int((rgb == _rgb(palette.TERRAIN_FILL[t])).all(axis=-1).sum()) for t in range(5)
    }  # the five resource terrains (the desert is mostly glyph)
    per_hex = sum(shown.values()) / sum(hexes[t] for t in shown)
    assert per_hex > 0.002 * rgb.shape[0] * rgb.shape[1], shown
    for t, pixels in shown.items():
        assert abs(pixels / hexes[t] - per_hex) < 0.25 * per_hex, (board.TERRAINS[t], shown)
    assert (rgb == _rgb(palette.SEA)).all(axis=-1).mean() > 0.1


@pytest.mark.browser
def test_chromium_paints_a_city_wall_a_learner_sees(chromium: str, tmp_path: Path) -> None:
    """Issue 33: puzzle 6.5's wall under P3's white city showed as a thin line. As Chromium
    paints the board (600 px), the wall's stone fills at least 150 pixels and a fifth as many
    as the white of all P3's pieces (the thin line: none in the stone's colour), and the
    stone stands apart from that white (contrast >= 3). The board's colours are the same in
    both page themes."""
    sc = loads_scenario(
        (Path(palette.__file__).parent / "lessons" / "puzzle_ck_walls.catan.yaml").read_text()
    )
    tl = sc.timeline
    assert tl is not None
    tl.goto(next(n for n in tl.walk() if str(n.action) == "P3 wall C6"))
    game = tl.game
    assert game.state.walls[board.parse_vertex("C6")] and sum(game.state.vcity) == 3
    out, png = tmp_path / "wall.svg", tmp_path / "wall.png"
    save_svg(game, out, size=600)
    subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         "--window-size=600,600", f"--screenshot={png}", out.as_uri()],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120, check=True,
    )  # fmt: skip
    rgb = (image.imread(png)[..., :3] * 255).round().astype(int)
    white = palette.PLAYER_FILL["white"]
    stone = int((rgb == _rgb(palette.WALL)).all(axis=-1).sum())
    city = int((rgb == _rgb(white)).all(axis=-1).sum())  # P3's city and road, white
    assert city > 0 and stone >= max(150, city // 5), (stone, city)  # (the thin line: 0)
    assert _contrast(palette.WALL, white) >= 3


def _contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two ``#rrggbb`` colours."""

    def lum(c: str) -> float:
        v = [x / 255 for x in _rgb(c)]
        v = [x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in v]
        return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _rgb(color: str) -> tuple[int, int, int]:
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16)


def test_labels_when_asked() -> None:
    game = new_game("base", players=3)
    plain = classes(parse(svg(game)))
    assert plain["vertex-label"] == plain["edge-label"] == 0
    root = parse(svg(game, labels=True))
    vertex = [el.text for el in root.iter() if el.get("class") == "vertex-label"]
    edge = [el.text for el in root.iter() if el.get("class") == "edge-label"]
    assert vertex == list(board.VERTEX_LABELS) and "H4" in vertex  # board.py's labels
    assert edge == list(board.EDGE_LABELS) and "A3" in edge


def stand_in(colors: tuple[str, ...], names: tuple[str, ...]) -> SimpleNamespace:
    """A state with a settlement for seat 0 and one for seat 1 (a neutral when n == 1)."""
    vowner, eowner = [-1] * board.N_VERTICES, [-1] * board.N_EDGES
    vowner[board.parse_vertex("H4")], vowner[board.parse_vertex("E6")] = 0, 1
    eowner[board.parse_edge("H3")] = 1
    return SimpleNamespace(
        n=1,
        names=names,
        colors=colors,
        layout=board.BEGINNER,
        robber=board.parse_hex("J"),
        vowner=vowner,
        vcity=[False] * board.N_VERTICES,
        eowner=eowner,
    )


def test_text_is_escaped_and_colours_come_from_the_palette() -> None:
    """A colour or a name that is not what the engine allows reaches the SVG only as the
    palette's grey and as escaped text; nothing from the state becomes markup."""
    evil = '"/><script>alert(1)</script><x a="'
    text = svg(stand_in(("red", evil), ("P1", "<N1&")))
    root = parse(text)
    assert "<script" not in text and "alert" not in text
    fills = {el.get("fill") for el in root.iter()} | {el.get("stroke") for el in root.iter()}
    assert palette.player_fill("red") in fills and palette.UNKNOWN_FILL in fills
    texts = [el.text for el in root.iter(f"{NS}text")]
    assert "<N" in texts  # the neutral's name (two characters), escaped as &lt; in the file
    assert "&lt;" in text


def test_notebook_display_of_game_node_timeline_and_scenario() -> None:
    game = new_game("base", players=4)
    game.play("P1 settle H4")
    game.play("P1 road H3")
    for shown in (game, Timeline(game).current, Timeline(game)):
        picture = shown._repr_svg_()
        assert classes(parse(picture))["settlement"] == 1
    sc = loads_scenario(
        "title: Display\nvariant: base\nplayers: 3\nsetup: [P1 settle H4, P1 road H3]\n"
    )
    assert classes(parse(sc._repr_svg_()))["road"] == 1


def test_board_being_laid_and_the_file(tmp_path: Path) -> None:
    """A variable board not laid yet draws blank hexes, no tokens and no robber; ``path``
    writes the same text it returns."""
    game = new_game("base", players=3, board="variable")
    text = svg(game, path=tmp_path / "board.svg", size=300)
    assert (tmp_path / "board.svg").read_text(encoding="utf-8") == text
    root = parse(text)
    assert root.get("width") == "300"
    seen = classes(root)
    assert seen["hex"] == 19 and seen["robber"] == 0
    assert not any(k.startswith("glyph-") for k in seen)
    with pytest.raises(TypeError):
        svg(object())


def test_the_picture_shows_a_displaced_knight_beside_the_corner_it_left():
    """As the tutor's board (lesson 7.3): P2's displaced knight, waiting to be moved
    (CK-KNIGHT-RELOCATE), is drawn faded beside O6; once moved, nothing waits."""
    from catan_tutor.study.resources import packaged_lessons
    from catan_tutor.study.scenario import load_scenario

    sc = load_scenario(packaged_lessons() / "ck_knight_displacement.catan.yaml")
    node = sc.timeline.root.children[0]  # P1 move N4 O6
    picture = svg(node)
    assert picture.count('class="displaced-knight"') == 1
    waiting = picture.split('class="displaced-knight"')[1]  # (drawn after the knights)
    assert 'class="knight knight-inactive level-1" data-owner="1"' in waiting
    assert 'class="displaced-knight"' not in svg(node.children[0])
