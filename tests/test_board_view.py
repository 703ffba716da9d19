"""BoardView without a browser: geometry fits the canvas, draws count, reconnects redraw."""

from __future__ import annotations

import math
from functools import partial
from types import SimpleNamespace

from catan_tutor import board
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import load_scenario
from catan_tutor.widgets import BoardView, style
from catan_tutor.widgets.board_view import Viewport, harbor_spot, sea_frame
from catan_tutor.widgets.style import HARBOR_RADIUS


def stand_in_game(robber: str = "J") -> SimpleNamespace:
    """Only the attributes BoardView reads, with a few pieces of each kind."""
    vowner, vcity, eowner = [-1] * board.N_VERTICES, [False] * board.N_VERTICES, [-1] * 72
    for p, (v, e, city) in enumerate([("H4", "H3", False), ("E6", "E5", True)]):
        vowner[board.parse_vertex(v)], vcity[board.parse_vertex(v)] = p, city
        eowner[board.parse_edge(e)] = p
    state = SimpleNamespace(
        robber=board.parse_hex(robber), vowner=vowner, vcity=vcity, eowner=eowner
    )
    return SimpleNamespace(layout=board.BEGINNER, state=state, colors=("red", "blue"))


def _inside_convex(p: tuple[float, float], poly: list[tuple[float, float]]) -> bool:
    crosses = [
        (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
        for a, b in zip(poly, poly[1:] + poly[:1], strict=True)
    ]
    return all(c > 0 for c in crosses) or all(c < 0 for c in crosses)


def test_sea_frame_fits_the_canvas_and_holds_every_harbor() -> None:
    vp = Viewport.fit(640, 600)
    for x, y in vp.pxs(sea_frame()):
        assert 0 <= x <= 640 and 0 <= y <= 600
    frame = sea_frame()
    for e, _kind in board.BEGINNER.harbors:
        x, y = harbor_spot(e)
        angles = [k * math.pi / 12 for k in range(24)]
        ring = [(x + HARBOR_RADIUS * math.cos(a), y + HARBOR_RADIUS * math.sin(a)) for a in angles]
        assert all(_inside_convex(p, frame) for p in ring), board.EDGE_LABELS[e]


def test_harbors_sit_in_the_sea_off_their_own_edge() -> None:
    for e, _kind in board.BEGINNER.harbors:
        hx, hy = harbor_spot(e)
        nearest = min(
            range(board.N_HEXES), key=lambda h: math.dist(board.hex_centre_xy(h), (hx, hy))
        )
        assert nearest == board.EDGE_HEXES[e][0]
        assert math.dist(board.hex_centre_xy(nearest), (hx, hy)) > 1.0  # beyond the coast


def test_draws_count_and_client_ready_redraws() -> None:
    view = BoardView(stand_in_game(robber="K"))
    assert "data-drawn='1'" in view.marker.value and "hidden" in view.marker.value
    assert "catan-drawn-marker" in view.marker._dom_classes
    assert view.marker.layout.display == "none"  # nothing on the page reads "drawn"
    view.redraw()
    assert "data-drawn='2'" in view.marker.value
    boards: list[int] = []
    plain = view.painter.draw_static
    view.painter.draw_static = lambda c: (boards.append(1), plain(c))
    for layer in view.layers:  # what a (re)connecting browser triggers, layer by layer
        layer._client_ready_callbacks()
    assert view.draw_count == 2 + len(view.layers)
    assert boards == [1]  # each layer draws itself again: the board once, not once a layer


def test_robber_off_the_board_is_not_drawn(monkeypatch) -> None:
    """CK-SETUP-ROBBER: before the first attack there is no robber (hex -1) to draw."""
    drawn: list[int] = []
    original = board.hex_centre_xy

    def spy(h: int):
        drawn.append(h)
        return original(h)

    monkeypatch.setattr(board, "hex_centre_xy", spy)
    BoardView(stand_in_game(robber="K"))
    assert board.parse_hex("K") in drawn
    drawn.clear()
    game = stand_in_game()
    game.state.robber = -1
    BoardView(game)
    assert -1 not in drawn


def test_hit_test_finds_every_labelled_vertex_edge_and_hex() -> None:
    """A click at a piece's drawn spot picks exactly that vertex, edge or hex."""
    from catan_tutor.widgets.board_view import hit_test

    vp = Viewport.fit(640, 600)
    for v in range(board.N_VERTICES):
        assert hit_test(vp.unpx(*vp.px(board.vertex_xy(v)))) == ("vertex", v)
    for e in range(board.N_EDGES):
        assert hit_test(vp.unpx(*vp.px(board.edge_xy(e)))) == ("edge", e)
    for h in range(board.N_HEXES):
        x, y = board.hex_centre_xy(h)
        assert hit_test((x + 0.3, y - 0.2)) == ("hex", h)
    assert hit_test((9.0, 0.0)) is None  # out at sea
    view = BoardView(stand_in_game())
    assert view.hit(*view.vp.px(board.vertex_xy(board.parse_vertex("H4")))) == (
        "vertex",
        board.parse_vertex("H4"),
    )


def test_cities_and_knights_pieces_and_targets_draw() -> None:
    """Knights (neutral ones too), walls, metropolises and the merchant draw on a ck-2p board,
    and legal targets glow on the top layer."""
    from catan_tutor import new_game, random_playout

    g = new_game("ck-2p", players=2, seed=2)
    random_playout(g, 2, max_actions=100_000)
    while not any(k and k[0] >= 2 for k in g.state.kn) or not any(g.state.walls):
        g.undo()
    view = BoardView(g)
    assert view.draw_count == 1
    targets = [("vertex", 0), ("edge", 5), ("hex", 9)]
    view.show_targets(targets)
    view.show_targets([])
    view.redraw()
    assert view.draw_count == 2


def test_guarded_hold_flushes_when_the_drawing_raises() -> None:
    """ipycanvas's hold_canvas() leaves caching on if its block raises, so every later draw
    would be held back; the view's guard flushes and turns it off."""
    import pytest
    from ipycanvas.canvas import _CANVAS_MANAGER

    from catan_tutor.widgets.board_view import guarded_hold

    with pytest.raises(ZeroDivisionError), guarded_hold():
        1 / 0  # noqa: B018
    assert _CANVAS_MANAGER._caching is False


def test_each_neutral_piece_carries_its_own_name() -> None:
    """N1 and N2 are told apart by their names on their pieces, not by colour alone."""
    from catan_tutor import new_game

    g = new_game("base-2p", players=2)
    view = BoardView(g)
    letters = []
    view.painter._draw_letter = lambda c, v, letter, fill: letters.append(
        (board.VERTEX_LABELS[v], letter)
    )
    view.draw_pieces()
    # 2P-SETUP-NEUTRAL-POSITIONS: N1 on H4, N2 on G6; their marks are their numbers, as
    # "Neutral 1" and "Neutral 2" on the page (never "N1", a corner's label)
    assert sorted(letters) == [("G6", "2"), ("H4", "1")]


def test_cursor_is_drawn_on_the_top_layer_alone() -> None:
    view = BoardView(stand_in_game())
    drawn = view.draw_count
    spot = ("edge", board.parse_edge("H3"))
    assert view.set_cursor(spot) and view.cursor == spot
    assert not view.set_cursor(spot)  # unchanged: nothing redrawn
    assert view.draw_count == drawn  # only layer 3, not a redraw of the board
    view.redraw()  # kept across redraws
    assert view.cursor == spot
    assert view.set_cursor(None) and view.cursor is None


def test_labels_toggle_draws_every_vertex_and_edge_label_on_its_own_layer(monkeypatch) -> None:
    """The Labels toggle: the highlight layer (2) alone gets the label of every vertex and
    edge, as the hover, the notation and the lessons write them (hexes carry their letter on
    layer 0), over the glow; off again, only the glow is drawn."""
    view = BoardView(stand_in_game())
    written: list[str] = []
    layer = view.label_layer
    monkeypatch.setattr(layer, "fill_text", lambda text, *a, **k: written.append(text))
    others = [c for c in view.layers if c is not layer]
    for c in others:
        monkeypatch.setattr(
            c,
            "fill_text",
            lambda *a, **k: (_ for _ in ()).throw(AssertionError("another layer was drawn")),
        )
    drawn = view.draw_count
    view.labels_button.value = True  # the toggle
    assert view.labels and view.draw_count == drawn + 1
    assert sorted(written) == sorted(board.VERTEX_LABELS + board.EDGE_LABELS)
    assert "F6" in written and "J2" not in written  # the label, never an alias
    view.show_targets([("vertex", 0)])  # a new glow keeps the labels over it
    assert len(written) == 2 * (board.N_VERTICES + board.N_EDGES)
    written.clear()
    view.show_labels(False)
    assert not view.labels and not view.labels_button.value and written == []
    view.show_labels(False)  # unchanged: nothing drawn
    assert view.draw_count == drawn + 2


def test_labels_stay_through_a_redraw(monkeypatch) -> None:
    view = BoardView(stand_in_game())
    view.show_labels(True)
    written: list[str] = []
    monkeypatch.setattr(view.label_layer, "fill_text", lambda text, *a, **k: written.append(text))
    view.redraw()  # a reconnecting browser: the labels come back with the board
    assert len(written) == board.N_VERTICES + board.N_EDGES


def test_theme_rules_ride_with_the_board() -> None:
    """Every board carries the theme rules (hidden): a dark page remaps the light-page
    inline colours to JupyterLab's variables."""
    from catan_tutor.widgets import style

    view = BoardView(stand_in_game())
    assert view.theme.layout.display == "none"
    css = view.theme.value
    assert css.startswith("<style>") and "</style" not in css[7:-8]
    dark = 'body[data-jp-theme-light="false"] .catan-tutor'
    assert f"{dark} [style*='color:#666']" in css and "var(--jp-ui-font-color1)" in css
    assert f"{dark} [style*='background:#faf8f2']" in css
    assert "color:#b71c1c" in css and "#ff8a80" in css  # verdict red, brighter on dark
    assert style.THEME_CSS in css
    assert ".catan-palette .widget-toggle-button{" in css  # the Play panel's, in the same sheet


def test_labels_leave_every_piece_in_sight(monkeypatch) -> None:
    """With the Labels on, no label's tag covers a building or a road: a taken spot's label
    goes, smaller, beside its piece, near it; an empty spot's sits on it."""
    view = BoardView(stand_in_game())  # settlements on H4 and E6, roads on H3 and E5
    layer = view.label_layer
    rects: list[tuple] = []
    texts: dict[str, tuple[float, float]] = {}
    monkeypatch.setattr(layer, "fill_rects", lambda *a, **k: rects.append(a))
    monkeypatch.setattr(layer, "fill_text", lambda t, x, y, *a, **k: texts.setdefault(t, (x, y)))
    view.show_labels(True)
    pieces = [view.vp.px(board.vertex_xy(board.parse_vertex(v))) for v in ("H4", "E6")]
    pieces += [view.vp.px(board.edge_xy(board.parse_edge(e))) for e in ("H3", "E5")]
    for xs, ys, widths, height in rects:
        for px, py in pieces:
            covered = (xs <= px) & (px <= xs + widths) & (ys <= py) & (py <= ys + height)
            assert not covered.any(), (px, py)
    assert set(texts) == set(board.VERTEX_LABELS + board.EDGE_LABELS)  # every label still
    # beside its settlement, near it, nearer H4 than any other corner (s35: the nearest room,
    # not the room under the piece, past M's letter)
    assert math.dist(texts["H4"], pieces[0]) < view.vp.len(0.6)
    corners = [view.vp.px(board.vertex_xy(v)) for v in range(board.N_VERTICES)]
    assert min(corners, key=lambda p: math.dist(p, texts["H4"])) == pieces[0]
    free = view.vp.px(board.vertex_xy(board.parse_vertex("N6")))
    assert math.dist(texts["N6"], free) < view.vp.len(0.05)  # an empty corner: on it


def test_the_glow_of_legal_spots_lies_round_the_pieces_not_over_them(monkeypatch) -> None:
    """Issue 33 (a fresh learner): P2's settlement was hard to see under the glow of the legal
    roads beside it (the glow's layer is over the pieces'). After the glow each building's
    outline (with its halo) is erased from that layer (``destination-out``), and drawing goes
    on as before (``source-over``); with nothing glowing nothing is erased."""
    view = BoardView(stand_in_game())  # a settlement on H4, a city on E6
    layer = view.highlight
    filled: list[tuple[str, list]] = []
    real = layer.fill_polygon

    def fill_polygon(pts, *a, **k):
        filled.append((layer.global_composite_operation, list(pts)))
        return real(pts, *a, **k)

    monkeypatch.setattr(layer, "fill_polygon", fill_polygon)
    h4 = board.parse_vertex("H4")
    roads = [("edge", e) for e in range(board.N_EDGES) if h4 in board.EDGE_VERTICES[e]]
    view.show_targets([*roads, ("vertex", board.parse_vertex("E6"))])
    erased = [pts for op, pts in filled if op == "destination-out"]
    for v in ("H4", "E6"):
        x, y = view.vp.px(board.vertex_xy(board.parse_vertex(v)))
        assert any(
            min(p[0] for p in pts) < x < max(p[0] for p in pts)
            and min(p[1] for p in pts) < y < max(p[1] for p in pts)
            for pts in erased
        ), v
    assert layer.global_composite_operation == "source-over"
    filled.clear()
    view.show_targets([])
    assert filled == []


def test_a_robber_stands_in_its_hex_s_middle_clear_of_the_number(monkeypatch) -> None:
    """Issue 33 (editor_robber.png): a robber put on hex E seemed to sit on the hex's side. It
    is drawn in the middle part of its hex, everything of it well inside the hex (at least
    0.18 of a hex's size from each side) and clear of the number token."""
    from catan_tutor.palette import HEX_INSET, TOKEN_RADIUS
    from catan_tutor.widgets import style

    drawn: list[tuple[float, float, float]] = []  # points and discs (x, y, radius)

    def polygon(pts) -> None:
        drawn.extend((x, y, 0.0) for x, y in pts)

    def disc(x: float, y: float, r: float) -> None:
        drawn.append((x, y, r))

    for letter in ("E", "K", "J"):  # on numbers, and the desert (no token: on the centre)
        view = BoardView(stand_in_game(robber=letter))
        layer = view.pieces
        monkeypatch.setattr(layer, "fill_polygon", polygon)
        monkeypatch.setattr(layer, "fill_circle", disc)
        drawn.clear()
        view.painter._draw_robber(layer, view.painter.pieces().robber)
        assert drawn and layer.fill_style == style.ROBBER
        h = board.parse_hex(letter)
        cx, cy = view.vp.px(board.hex_centre_xy(h))
        unit = view.vp.len(1.0)
        apothem = math.sqrt(3) / 2 * HEX_INSET * unit
        for x, y, r in drawn:
            for a in (0, math.pi / 3, 2 * math.pi / 3):  # the hex's three pairs of sides
                reach = abs((x - cx) * math.cos(a) + (y - cy) * math.sin(a)) + r
                assert apothem - reach >= 0.18 * unit, (letter, (apothem - reach) / unit)
            if letter != "J":
                assert math.dist((x, y), (cx, cy)) - r > TOKEN_RADIUS * unit, letter
        centre_x = sum(x for x, _, _ in drawn) / len(drawn)
        assert abs(centre_x - cx) < (0.5 if letter != "J" else 0.05) * unit


def test_a_laid_desert_and_an_empty_slot_are_painted_apart(monkeypatch) -> None:
    """Issue 33 (lesson 1.3): a hex not laid yet was painted with the last terrain's fill, the
    desert's, so a laid desert looked like an empty slot. On a variable board being laid out
    the laid hexes have their terrain's fill, the rest palette.UNKNOWN_TERRAIN, the desert
    its own sand; a step paints the land again where it changed (it kept the hexes of the
    first paint): hex B emptied by ◀, then the desert on it again by ▶."""
    from catan_tutor.board import TERRAINS
    from catan_tutor.widgets import style
    from catan_tutor.widgets.app import App

    t = App(start="base_variable_board", query="").tutor
    desert = TERRAINS.index("desert")
    while desert not in t.session.game.state.tiles:  # the lesson's steps, up to hex B's desert
        t.session.step("forward")
    g = t.session.game
    assert -1 in g.state.tiles
    view = t.board.view
    fills: list[str] = []
    monkeypatch.setattr(
        view.static, "fill_polygon", lambda pts: fills.append(view.static.fill_style)
    )
    view.draw_static()  # the whole land: each hex's fill
    inner = [f for f in fills if f != style.TERRAIN_EDGE][-len(g.state.tiles) :]
    expected = [style.TERRAIN_FILL[t] if t >= 0 else style.UNKNOWN_TERRAIN for t in g.state.tiles]
    assert inner == expected
    assert style.TERRAIN_FILL[desert] in inner and style.UNKNOWN_TERRAIN in inner
    assert style.UNKNOWN_TERRAIN != style.TERRAIN_FILL[desert]
    fills.clear()
    t.session.step("back")  # stepping paints the land again where it changed: B empty
    assert [f for f in fills if f != style.TERRAIN_EDGE] == [style.UNKNOWN_TERRAIN]
    fills.clear()
    t.session.step("forward")  # then the desert on B
    assert [f for f in fills if f != style.TERRAIN_EDGE] == [style.TERRAIN_FILL[desert]]


def test_a_displaced_knight_waits_faded_beside_the_corner_it_left(monkeypatch) -> None:
    """Lesson 7.3 (tablet, issue s12): while P2 chose where its displaced knight goes, the
    knight was drawn nowhere (off the board, CK-KNIGHT-DISPLACE) as the text spoke of moving
    it. It is drawn beside O6, the corner it left, clear of P1's knight now there, of O's
    number token and of every letter, with P2's colour; once moved (CK-KNIGHT-RELOCATE) it
    stands on K6 and nothing waits."""
    from catan_tutor.knight_look import disc_fill
    from catan_tutor.palette import KNIGHT_RADIUS, LETTER_OFFSET, TOKEN_RADIUS
    from catan_tutor.scene import parts, scene_of
    from catan_tutor.study.resources import packaged_lessons
    from catan_tutor.study.scenario import load_scenario

    sc = load_scenario(packaged_lessons() / "ck_knight_displacement.catan.yaml")
    node = sc.timeline.root.children[0]  # P1 move N4 O6: P2 to move its knight
    o6 = board.parse_vertex("O6")
    waiting = scene_of(node).pieces.displaced
    assert waiting is not None and (waiting.vertex, waiting.owner, waiting.level) == (o6, 1, 1)
    assert scene_of(node.children[0]).pieces.displaced is None  # P2 relocate K6
    gap = math.dist(waiting.at, board.vertex_xy(o6))
    assert 2 * KNIGHT_RADIUS <= gap <= 0.6, gap  # beside the corner, not on P1's knight
    for h in range(board.N_HEXES):
        x, y = board.hex_centre_xy(h)
        assert math.dist(waiting.at, (x, y)) >= TOKEN_RADIUS + KNIGHT_RADIUS, h
        assert math.dist(waiting.at, (x, y - LETTER_OFFSET)) > 0.45, h
    # on the canvas: its disc in P2's colour at that spot, once, with the pieces
    state, layout, colors, players = parts(node)
    view = BoardView(SimpleNamespace(layout=layout, state=state, colors=colors, players=players))
    discs: list[tuple[float, float, str]] = []
    layer = view.pieces
    monkeypatch.setattr(
        layer, "fill_circle", lambda x, y, r: discs.append((x, y, layer.fill_style))
    )
    view.draw_pieces()
    x, y = view.vp.px(waiting.at)
    own = disc_fill(waiting.fill, waiting.active)  # (an inactive one's: a tint of it, s34)
    assert [d for d in discs if d[:2] == (x, y) and d[2] == own], discs


def _said(written: list, text: str, x: float, y: float, *_, **__) -> None:
    written.append((text, (x, y)))


def test_a_piece_over_a_hex_s_letter_moves_the_letter_clear(monkeypatch) -> None:
    """Phone, C&K for two (issue s12): neutral 1's settlement on M's top corner hid the "M"
    (its letter is written large on a phone). A letter a piece covers is written again on the
    pieces' layer, under them, where no piece nor its number token covers it, its old place
    covered by a chip of its hex's colour; where no place is clear (G between two roads from
    its top corner, on a phone) it is written over the pieces. At every width each letter a
    piece covers is written again, and each moved under the pieces lies clear of them."""
    from catan_tutor.scene import board_scene, parts
    from catan_tutor.study.resources import packaged_lessons
    from catan_tutor.study.scenario import load_scenario
    from catan_tutor.widgets.label_places import hits, meets, piece_shapes
    from catan_tutor.widgets.letter_room import LETTER_EM, ROOM, letter_box

    sc = load_scenario(packaged_lessons() / "ck_2p_neutral_knights.catan.yaml")
    state, layout, colors, players = parts(sc.timeline.root)
    tiles = board_scene(state, layout).tiles
    clear: dict[str, list[str]] = {}
    for width in ("333", "525", "768"):  # a phone's board, a laptop's, a tablet's
        game = SimpleNamespace(layout=layout, state=state, colors=colors, players=players)
        view = BoardView(game)
        view.set_shown_width(width)
        written: list[tuple[str, tuple[float, float]]] = []
        monkeypatch.setattr(view.pieces, "fill_text", partial(_said, written))
        view.draw_pieces()
        said = [text for text, _ in written]
        painter = view.painter
        size, room = painter.text(LETTER_EM), ROOM * painter.ratio
        boxes, discs = piece_shapes(view.vp, painter.pieces(), room)

        def covered(box) -> bool:
            return any(meets(box, b) for b in boxes) or any(hits(box, d) for d in discs)  # noqa: B023

        last_piece = max(said.index(name) for name in ("1", "2"))  # the neutrals' buildings
        clear[width] = []
        for tile in tiles:
            box = letter_box(view.vp, tile, size, room)
            if covered(box):
                assert tile.letter in said, (width, tile.letter)
            if tile.letter not in said:
                continue
            x, y = written[said.index(tile.letter)][1]
            w, h = (box[2] - box[0]) / 2, (box[3] - box[1]) / 2
            box = (x - w, y - h, x + w, y + h)
            token = (*view.vp.px(tile.centre), view.vp.len(style.TOKEN_RADIUS))
            if said.index(tile.letter) < last_piece:  # under the pieces: clear of them
                assert not covered(box) and not hits(box, token), (width, tile.letter)
                clear[width].append(tile.letter)
    assert "M" in clear["333"] and "M" in clear["768"], clear  # (under neutral 1's settlement)


def test_the_letters_of_hexes_ringed_as_targets_are_written_over_their_rings(monkeypatch):
    """Learner 276, 5.1 on a phone: the robber's rings round every hex crossed the letters D,
    E, F, H, M and S. Each hex ringed as a target has its letter written again over its ring
    (layer 2), where the board wrote it: in its own place, or where it went clear of a piece
    (M under neutral 1's settlement)."""
    from catan_tutor.scene import parts

    sc = load_scenario(packaged_lessons() / "ck_2p_neutral_knights.catan.yaml")
    state, layout, colors, players = parts(sc.timeline.root)
    game = SimpleNamespace(layout=layout, state=state, colors=colors, players=players)
    view = BoardView(game)
    view.set_shown_width("333")  # a 375 px page's board
    drawn: list[tuple[str, tuple[float, float]]] = []
    for layer in (view.static, view.pieces):
        monkeypatch.setattr(layer, "fill_text", partial(_said, drawn))
    view.draw_static()
    view.draw_pieces()
    letters = dict(t for t in drawn if len(t[0]) == 1 and t[0].isupper())  # the last place
    over: list[tuple[str, tuple[float, float]]] = []
    monkeypatch.setattr(view.highlight, "fill_text", partial(_said, over))
    view.show_targets([("hex", h) for h in range(board.N_HEXES)])
    assert dict(over) == letters and len(letters) == board.N_HEXES
    assert letters["M"] != drawn[[t for t, _ in drawn].index("M")][1]  # (M moved clear)


def test_an_update_that_changes_no_piece_leaves_the_pieces_layer_as_it_is() -> None:
    """A third of a game's updates (a kind chosen, a form shown) changed nothing on layer 1; it
    is drawn again only when what it shows changes, or when its view asks (a page loaded)."""
    from catan_tutor import new_game

    game = new_game("base", players=3, seed=1)
    view = BoardView(game)
    cleared: list[int] = []
    plain = view.pieces.clear
    view.pieces.clear = lambda: (cleared.append(1), plain())
    view.update()
    assert cleared == []  # as drawn: nothing sent
    game.play(game.legal_actions()[0])  # a settlement
    view.update()
    assert cleared == [1]
    view.update()
    view.dice = ((3, 4), "rolled")  # the strip's dice: layer 1's too
    view.update()
    assert cleared == [1, 1]
    view.pieces._client_ready_callbacks()  # a page (re)connecting: drawn whatever it was
    assert cleared == [1, 1, 1]
