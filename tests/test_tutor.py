"""The tutor widget driven in Python: clicks at labelled spots play what the engine allows."""

from __future__ import annotations

import re
from fractions import Fraction

from catan_tutor import Game, board, new_game
from catan_tutor.grammar import after_dash
from catan_tutor.study.editor import edit
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import load_scenario, loads_scenario
from catan_tutor.widgets import Tutor
from catan_tutor.widgets.forms import CHOOSE_LABEL as CHOOSE
from catan_tutor.widgets.icons import NO, OK
from catan_tutor.widgets.kinds import kind_of, target_of
from catan_tutor.widgets.move_list import rows as move_rows
from catan_tutor.widgets.tutor import TABS

ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent


def click_at(t: Tutor, kind: str, label: str) -> None:
    parse = {"vertex": board.parse_vertex, "edge": board.parse_edge, "hex": board.parse_hex}
    xy = {"vertex": board.vertex_xy, "edge": board.edge_xy, "hex": board.hex_centre_xy}
    i = parse[kind](label)
    t.board.click(*t.view.vp.px(xy[kind](i)))


def palette(t: Tutor) -> list[str]:
    """The kinds on the palette's buttons."""
    return [kind for _, kind in t.controls.palette.options]


def test_palette_offers_exactly_the_engines_legal_kinds():
    t = Tutor(new_game("base", players=3))
    # the only kind: chosen
    assert palette(t) == ["settle"] and t.controls.palette.value == "settle"
    t.session.choose_kind("settle")
    assert len(t.view.targets) == len(t.session.legal()) == 54
    assert {o[1] for o in t.controls.form.listed.options} - {None} == set(t.session.legal())


def test_clicks_play_setup_and_the_board_follows():
    t = Tutor(new_game("base", players=3))
    t.controls.palette.value = "settle"
    click_at(t, "vertex", "J12")
    assert t.game.state.vowner[board.parse_vertex("J12")] == 0
    assert palette(t) == ["build road"]
    t.controls.palette.value = "build road"
    assert all(k == "edge" for k, _ in t.view.targets)
    click_at(t, "edge", "S3")  # not next to the new settlement: why not, nothing played
    assert t.controls.try_text.value == "P1 road S3"
    assert "Not allowed" in t.controls.try_verdict.value
    assert "data-rule='BASE-SETUP-ROUND1'" in t.controls.try_verdict.value
    assert t.game.state.turn == 0 and len(t.timeline.moves()) == 1
    click_at(t, "edge", "J1")
    assert t.game.state.eowner[board.parse_edge("J1")] == 0
    assert t.timeline.moves() == [t.game.parse("P1 settle J12"), t.game.parse("P1 road J1")]
    assert "P2" in t.header.value


def test_timeline_buttons_and_a_variation():
    t = Tutor(new_game("base", players=3))
    t.session.play("P1 settle J12")
    t.session.play("P1 road J1")
    t.session.back()
    t.session.back()
    assert t.timeline.current is t.timeline.root
    assert "data-node='0' data-depth='0'" in t.board.marker.value
    t.session.play("P1 settle A4")  # another first move: a variation
    assert len(t.timeline.root.children) == 2
    t.session.first()
    t.session.last()
    assert [str(a) for a in t.timeline.moves()] == ["P1 settle E4", "P1 road F7"]


def test_chance_roll_and_forced_outcome():
    g = new_game("base", players=3)
    while g.state.phase != "pre-roll":
        g.play(g.legal_actions()[0])
    t = Tutor(g, seed=3)
    t.session.play("P1 roll")
    # the outcomes to force
    assert not t.controls.roll_button.disabled and t.controls.palette.value == "die"
    form = t.controls.form  # the throw's dice at once (learner 280: a form per die)
    form.set(**{"white die": 6})
    assert form.play_button.disabled  # the red die still to choose
    form.set(**{"red die": 1})
    form.play_button.click()  # forced
    assert t.game.state.dice == (6, 1) and not t.game.is_chance()


def test_scenario_shows_its_lesson_text_and_explains():
    sc = load_scenario(packaged_lessons() / "ck_knight_displacement.catan.yaml")
    t = Tutor(sc)
    assert "CK-KNIGHT-DISPLACE" in t.lesson.value
    t.controls.palette.value = "move knight"
    assert ("vertex", board.parse_vertex("O6")) in t.view.targets
    listed = t.controls.form.listed
    listed.value = next(a for _, a in listed.options if str(a).endswith("O6"))
    t.controls.form.explain_button.click()
    assert "legal" in t.controls.form.status.value
    click_at(t, "vertex", "O6")
    assert t.game.state.phase == "relocate" and t.timeline.current.comment in t.lesson.value


def test_targets_of_actions():
    g = new_game("ck", players=3)
    assert target_of(g.parse("P1 settle J12")) == ("vertex", board.parse_vertex("J12"))
    assert target_of(g.parse("P1 road J1")) == ("edge", board.parse_edge("J1"))
    assert target_of(g.parse("P1 move J2 J4")) == ("vertex", board.parse_vertex("J4"))
    assert target_of(g.parse("P1 end")) is None


# ---------------------------------------------------------------- forms
def discard_owed() -> Tutor:
    g = edit(
        new_game("base", players=3),
        "hand P2 4 brick, 4 ore",
        "hand P1 2 lumber",
        "turn P1 pre-roll 3",
    )
    t = Tutor(g)
    for move in ("P1 roll", "die white 3", "die red 4"):
        t.session.play(move)
    return t


def test_discard_form_counts_cards_and_shows_the_engines_verdict():
    """BASE-SEVEN-DISCARD: the form takes any counts; the engine says which are legal."""
    t = discard_owed()
    assert t.session.kinds() == ["discard"] and "P2" in t.header.value
    t.controls.palette.value = "discard"
    f = t.controls.form
    f.set(cards=(3, 0, 0, 0, 0))  # short of 4: what is left, no verdict until asked
    assert f.play_button.disabled and "Choose 1 more card." in f.status.value
    f.explain_button.click()
    assert f.play_button.disabled and "BASE-SEVEN-DISCARD" in f.status.value
    f.play_button.click()
    assert t.game.state.phase == "discard"  # nothing happened
    f.set(cards=(1, 0, 0, 0, 3))
    assert not f.play_button.disabled and OK in f.status.value
    f.play_button.click()
    assert t.game.state.hands[1] == (3, 0, 0, 0, 1) and t.game.state.phase == "robber"


def test_offer_form_plays_a_bundle_the_list_leaves_out():
    """BASE-TRADE-DOMESTIC: two cards for one is legal though only 1-for-1 offers are listed."""
    g = edit(new_game("base", players=3), "hand P1 2 brick", "hand P2 1 ore", "turn P1 main 3")
    t = Tutor(g)
    t.controls.palette.value = "offer"
    listed = [a for _, a in t.controls.form.listed.options if a is not None]
    wanted = g.parse("P1 offer P2 2 brick for 1 ore")
    assert wanted not in listed
    t.controls.form.set(to=1, give=(2, 0, 0, 0, 0), get=(0, 0, 0, 0, 1))
    t.controls.form.play_button.click()
    assert t.timeline.moves()[-1] == wanted and t.game.state.phase == "offer"


def test_form_lists_narrow_to_legal_values():
    """A robber move: the victims offered are those beside the chosen hex (BASE-ROBBER-STEAL),
    "nobody" where nobody can be robbed; with nobody to rob anywhere, no victim list at all (a
    list that shows nothing and cannot be changed)."""
    g = edit(
        new_game("base", players=3),
        "place P2 settlement A12",
        "place P3 settlement J12",
        "hand P2 2 brick",
        "hand P3 1 ore",
        "turn P1 pre-roll 3",
    )
    t = Tutor(g)
    for move in ("P1 roll", "die white 3", "die red 4"):
        t.session.play(move)
    t.controls.palette.value = "move robber"
    f = t.controls.form
    assert f is not None and {a.victim for a in f.actions} >= {-1, 1, 2}
    for h in {a.hex for a in f.actions}:
        f.set(hex=h)
        offered = {v for _, v in f.pickers["victim"].options}
        assert offered == {a.victim for a in f.actions if a.hex == h}
        assert f.action() in f.actions
        if offered == {-1}:
            assert [label for label, _ in f.pickers["victim"].options] == ["nobody"]
    t = discard_owed()  # no building on the board: nobody to rob anywhere
    t.session.play("P2 discard 2 brick, 2 ore")
    t.controls.palette.value = "move robber"
    f = t.controls.form
    assert f is not None and "victim" not in f.pickers
    for h in {a.hex for a in f.actions}:
        f.set(hex=h)
        assert f.action() in f.actions


def test_click_with_several_actions_fills_the_form():
    """A hex with two victims beside it: the click picks the hex, the form offers the victims
    (BASE-ROBBER-STEAL)."""
    e = board.parse_hex("E")
    top, bottom = (board.VERTEX_LABELS[board.HEX_VERTICES[e][k]] for k in (0, 3))
    g = edit(
        new_game("base", players=3),
        f"place P2 settlement {top}",
        f"place P3 settlement {bottom}",
        "hand P2 1 ore",
        "hand P3 1 wool",
        "turn P1 pre-roll 3",
    )
    t = Tutor(g)
    for move in ("P1 roll", "die white 3", "die red 4"):
        t.session.play(move)
    t.controls.palette.value = "move robber"
    click_at(t, "hex", "E")
    assert t.controls.form.pickers["hex"].value == e and t.game.state.phase == "robber"
    assert [label for label, _ in t.controls.form.pickers["victim"].options] == [CHOOSE, "P2", "P3"]
    t.controls.form.set(victim=2)
    t.controls.form.play_button.click()
    assert t.game.state.robber == e and t.game.state.phase == "steal"


# ---------------------------------------------------------------- panels
def test_players_panel_shows_vp_breakdown_and_hides_hands_on_request():
    sc = load_scenario(packaged_lessons() / "ck_metropolis_race.catan.yaml")
    t = Tutor(sc)
    g = t.game
    for p in range(g.players):
        parts = g.vp_breakdown(p)
        assert sum(parts.values()) == g.victory_points(p)
        assert f"{g.victory_points(p)} victory points" in t.players.value  # never "VP"
    assert not re.search(r"\bVP\b", visible_text(t.players.value))
    assert "improvements: science" in t.players.value
    p1 = g.state.hands[0]
    t.show_hands.value = False
    assert f"hand: {sum(p1)} cards" in t.players.value
    assert "Bank" in t.bank.value


def test_expectations_panel_marks_pass_and_fail():
    from catan_tutor.study.scenario import Expect

    sc = load_scenario(packaged_lessons() / "ck_knight_displacement.catan.yaml")
    t = Tutor(sc)
    n = len(t.timeline.root.expect)
    assert "What to notice" in t.lesson.value and OK not in t.lesson.value  # for learners
    t.files.author.value = True  # the author view: each check, passed or not
    assert f"({n}/{n} {OK})" in t.lesson.value and NO not in t.lesson.value
    t.timeline.root.expect.append(Expect("phase", "discard"))
    t.refresh()
    assert f"({n}/{n + 1} {OK})" in t.lesson.value and "found main" in t.lesson.value


# ---------------------------------------------------------------- move tree
def test_tree_lists_variations_and_promote_delete():
    t = Tutor(new_game("base", players=3))
    t.tabs.selected_index = TABS.index("Moves")
    t.session.play("P1 settle J12")
    t.session.play("P1 road J1")
    t.session.first()
    t.session.play("P1 settle A4")  # a variation of the first move
    labels = [label for label, _ in move_rows(t.timeline)]  # the variation after its move
    assert labels[:4] == [
        "Start of the game",
        "P1 builds a settlement on E4",
        "P1 builds a settlement on A4",
        "P1 builds a road on F7",
    ]
    assert "catan-mv-current catan-mv-3'" in t.moves.tree.html.value
    t.session.promote()
    assert t.timeline.root.children[0] is t.timeline.current
    assert [lab for lab, _ in move_rows(t.timeline)][1] == "P1 builds a settlement on A4"
    node = t.timeline.root.children[1].children[0].id  # a click on a move of the list
    t.moves.tree._on_event({"type": "click", "target": {"className": f"catan-mv catan-mv-{node}"}})
    assert str(t.timeline.current.action) == "P1 road F7"
    t.session.back()
    t.session.delete()
    assert len(t.timeline.root.children) == 1 and t.timeline.current is t.timeline.root


def key(t: Tutor, *keys: str) -> None:
    """Keys pressed while the board has focus (what the canvas sends)."""
    for k in keys:
        t.board.on_key({"type": "keydown", "key": k})


def test_keys_step_through_the_timeline():
    t = Tutor(new_game("base", players=3))
    for move in ("P1 settle J12", "P1 road J1", "P2 settle A4"):
        t.session.play(move)
    key(t, "PageUp")
    assert t.timeline.current.depth == 2
    key(t, "Home")
    assert t.timeline.current.depth == 0
    key(t, "PageDown", "]")
    assert t.timeline.current.depth == 2
    key(t, "[")
    assert t.timeline.current.depth == 1
    key(t, "End")
    assert t.timeline.current.depth == 3


def test_the_board_is_played_with_the_keyboard_alone():
    """Arrows move the cursor over the glowing targets (the nearest one that way), the status
    line names its spot, Enter plays there as a click would, Escape takes the cursor away."""
    t = Tutor(new_game("base", players=3))
    assert t.session.kind == "settle" and t.view.cursor is None
    key(t, "ArrowDown")  # no cursor yet: the first target in reading order
    first = t.view.cursor
    assert first in t.view.targets and first[0] == "vertex"
    assert min(board.vertex_xy(i)[1] for k, i in t.view.targets) == board.vertex_xy(first[1])[1]
    label = board.VERTEX_LABELS[first[1]]
    assert t.board.pointer.value == (
        f"Cursor on {label}, a settlement or city spot (a corner). "
        "Press Enter for “Build a settlement”."
    )
    key(t, "ArrowDown")
    below = t.view.cursor
    assert below in t.view.targets
    assert board.vertex_xy(below[1])[1] > board.vertex_xy(first[1])[1]
    key(t, "Escape")
    assert t.view.cursor is None and t.board.pointer.value == ""
    key(t, "ArrowRight")  # back near where it was
    assert t.view.cursor == below
    for _ in range(30):  # walk to J12: down or up to its row, then along the row's zigzag
        x, y = board.vertex_xy(t.view.cursor[1])
        tx, ty = board.vertex_xy(board.parse_vertex("J12"))
        if (x, y) == (tx, ty):
            break
        key(
            t,
            "ArrowDown"
            if ty > y + 0.6
            else "ArrowUp"
            if ty < y - 0.6
            else "ArrowRight"
            if tx > x
            else "ArrowLeft",
        )
    assert t.view.cursor == ("vertex", board.parse_vertex("J12"))
    key(t, "Enter")  # the same path as a click on J12
    assert t.timeline.moves() == [t.game.parse("P1 settle J12")]
    assert t.session.kind == "build road" and t.view.cursor is None  # a vertex: not a road's spot
    key(t, "ArrowUp")  # from J12 to the road target nearest above it
    spot = t.view.cursor
    assert spot[0] == "edge" and spot in t.view.targets
    key(t, "Enter")
    assert t.timeline.moves()[-1] == t.game.parse(f"P1 road {board.EDGE_LABELS[spot[1]]}")
    assert "P2" in t.header.value


def test_cursor_where_nothing_glows_asks_why_not_and_walks_the_hexes_with_no_kind():
    t = Tutor(
        edit(
            new_game("base", players=3),
            "place P1 settlement J12",
            "place P1 road J1",
            "turn P1 main 3",
        )
    )
    assert t.session.kind == ""
    key(t, "ArrowRight")
    assert t.view.cursor[0] == "hex" and "Choose what to do first." in t.board.pointer.value
    key(t, "Enter")
    assert "Choose what to do first" in t.controls.message.value
    t.controls.blocked.value = "build city"  # not possible now: Enter asks why not at the spot
    spots = t.board.cursor_spots()
    assert all(k == "vertex" for k, _ in spots) and len(spots) == 54
    key(t, "ArrowLeft")
    assert t.view.cursor[0] == "vertex" and "see why “Build a city”" in t.board.pointer.value
    key(t, "Enter")
    assert "Not allowed" in t.controls.try_verdict.value and len(t.timeline.moves()) == 0


def test_step_cursor_goes_to_the_nearest_spot_that_way():
    from catan_tutor.widgets.cursor_steps import step_cursor

    hexes = [("hex", h) for h in range(board.N_HEXES)]
    j = board.parse_hex("J")
    at = board.hex_centre_xy(j)
    right = step_cursor(hexes, at, (1.0, 0.0))
    assert board.HEX_NAMES[right[1]] == "K"  # the hex to the right of the centre
    assert step_cursor(hexes, at, (-1.0, 0.0)) == ("hex", board.parse_hex("I"))
    assert step_cursor([("hex", j)], at, (0.0, 1.0)) is None  # nothing that way
    assert step_cursor(hexes, None, (0.0, 1.0)) == ("hex", 0)  # reading order: A first


def test_board_in_words_follows_the_position_and_is_hidden_only_from_sight():
    from catan_tutor.widgets.describe import describe

    t = Tutor(new_game("base", players=3))
    text = t.board.board_text.value
    assert "catan-sr-only" in text and "aria-label='The board in words'" in text
    assert "Robber on hex J" in text and "No dice yet." in text
    assert "P1 (red): no pieces" in text and "Setup. P1" in text
    t.session.play("P1 settle J12")
    t.session.play("P1 road J1")
    v, e = board.parse_vertex("J12"), board.parse_edge("J1")  # labelled as on the board
    assert (
        f"P1 (red): a settlement on {board.VERTEX_LABELS[v]}; a road on {board.EDGE_LABELS[e]}."
        in t.board.board_text.value
    )
    lines = describe(t.game)
    assert lines[0].startswith("Setup. P2") and any(x.startswith("Hexes: A ") for x in lines)


def test_hover_rings_only_legal_targets_and_names_the_spot():
    t = Tutor(
        edit(
            new_game("base", players=3),
            "place P1 settlement J12",
            "place P1 road J1",
            "hand P1 1 brick, 1 lumber",
            "turn P1 main 3",
        )
    )
    w = t.view.canvas.width / t.view.ratio  # CSS pixels on the page

    def pointer_at(kind: str, label: str) -> None:
        parse = {"vertex": board.parse_vertex, "edge": board.parse_edge}
        xy = {"vertex": board.vertex_xy, "edge": board.edge_xy}
        x, y = t.view.vp.px(xy[kind](parse[kind](label)))
        t.board.on_pointer(
            {
                "type": "mousemove",
                "relativeX": x / t.view.ratio,
                "relativeY": y / t.view.ratio,
                "boundingRectWidth": w,
                "boundingRectHeight": t.view.canvas.height / t.view.ratio,
            }
        )

    pointer_at("vertex", "A4")  # only roads to build: the nearest edge (click_spot.py)
    assert t.board.pointer.value.endswith(", a road spot (an edge).")
    assert t.view.hovered is None  # no kind chosen
    t.controls.palette.value = "build road"
    pointer_at("edge", "J3")
    assert t.view.hovered == ("edge", board.parse_edge("J3"))
    pointer_at("vertex", "A4")
    assert t.view.hovered is None  # not a target of the chosen kind
    t.board.on_pointer({"type": "mouseleave"})
    assert t.view.hovered is None and t.board.pointer.value == ""


def test_canvas_has_more_pixels_than_its_css_size():
    t = Tutor(new_game("ck", players=3), width=600, height=620)
    assert t.view.canvas.width == 1200 and t.view.canvas.layout.width == "600px"
    assert t.view.canvas.height == 1240


# ---------------------------------------------------------------- editor
def test_editor_places_by_click():
    t = Tutor(edit(new_game("ck", players=3), "turn P1 main 3"))
    t.editor.mode.value = True
    assert palette(t) == [] and "editing" in t.header.value  # no moves offered
    assert t.controls.end_button.disabled
    t.editor.owner.value = "P2"
    click_at(t, "vertex", "J12")
    t.editor.piece.value = "road"
    click_at(t, "edge", "J1")
    t.editor.piece.value = "knight"
    t.editor.level.value, t.editor.active.value = "strong", True
    click_at(t, "vertex", "J2")
    s = t.game.state
    assert s.vowner[board.parse_vertex("J12")] == 1 and s.eowner[board.parse_edge("J1")] == 1
    assert s.kn[board.parse_vertex("J2")][:3] == (1, 2, True)
    t.editor.piece.value = "remove"
    click_at(t, "vertex", "J2")
    assert t.game.state.kn[board.parse_vertex("J2")] is None
    t.editor.mode.value = False
    assert not t.controls.end_button.disabled  # moves offered again (End turn: its button)


def test_editor_error_leaves_the_game_unchanged():
    t = Tutor(edit(new_game("base", players=3), "place P1 settlement J12", "turn P1 main 3"))
    t.editor.mode.value = True
    before = t.game.position()
    neighbour = board.VERTEX_LABELS[board.VERTEX_NEIGHBOURS[board.parse_vertex("J12")][0]]
    t.editor.owner.value = "P2"
    click_at(t, "vertex", neighbour)  # BASE-BUILD-DISTANCE: side by side
    assert t.game.position() == before and NO in t.editor.status.value
    t.editor.piece.value = "road"
    click_at(t, "vertex", "A4")  # a road wants an edge
    assert "does not go on a corner" in t.editor.status.value and t.game.position() == before


def test_editor_hand_line_and_undo():
    t = Tutor(edit(new_game("ck", players=3), "turn P1 main 3"))
    t.editor.who.value = "P2"
    t.editor.counts[0].value = 2
    t.editor.counts[6].value = 1  # cloth
    t.editor.set_hand.click()
    assert t.game.state.hands[1] == (2, 0, 0, 0, 0, 0, 1, 0)
    t.editor.line.value = "barbarians 5"
    t.editor.apply_button.click()
    assert t.game.state.barb == 5
    t.editor.line.value = "barbarians 9"
    t.editor.apply_button.click()
    assert NO in t.editor.status.value and t.game.state.barb == 5
    t.editor.undo_button.click()
    assert t.game.state.barb == 0 and t.game.state.hands[1] == (2, 0, 0, 0, 0, 0, 1, 0)


# ---------------------------------------------------------------- files
def test_position_text_copy_and_paste():
    t = Tutor(new_game("base", players=3))
    t.session.play("P1 settle J12")
    t.tabs.selected_index = TABS.index("File")
    # a line over the text says what it is (l45 read the bare notation as raw data)
    said = " ".join(str(getattr(w, "value", "")) for w in t.files.widget.children)
    assert "Position text" in said and "notation" in said and "every hand" in said
    text = t.files.position.value
    assert text == t.game.position()
    t.files.position.value = "catan base n=3 bogus"
    t.files.load_position.click()
    assert NO in t.files.file_status.value and t.game.position() == text
    other = new_game("ck", players=4).position()
    t.files.position.value = other
    t.files.load_position.click()
    assert t.game.variant == "ck" and t.game.position() == other


def test_upload_rejects_a_bad_file_and_keeps_the_game():
    t = Tutor(new_game("base", players=3))
    t.session.play("P1 settle J12")
    before = t.game.position()
    bad = b"title: x\nvariant: [oops\n"
    t.files.on_upload({"new": [{"name": "bad.catan.yaml", "content": bad}]})
    assert "bad.catan.yaml:" in t.files.file_status.value and t.game.position() == before
    t.files.on_upload({"new": [{"name": "bin.yaml", "content": b"\xff\xfe"}]})
    assert "UTF-8" in t.files.file_status.value and t.game.position() == before
    good = (packaged_lessons() / "ck_knight_displacement.catan.yaml").read_bytes()
    t.files.on_upload({"new": [{"name": "k.catan.yaml", "content": good}]})
    assert t.scenario is not None and t.scenario.title == "Knight displacement"


def test_download_link_holds_the_timeline_as_a_scenario():
    import base64
    import re

    t = Tutor(new_game("base", players=3))
    t.session.play("P1 settle J12")
    t.session.first()
    t.session.play("P1 settle A4")
    t.timeline.current.comment = "the other corner"
    t.tabs.selected_index = TABS.index("File")
    data = re.search(r"base64,([A-Za-z0-9+/=]+)", t.files.download.value).group(1)
    sc = loads_scenario(base64.b64decode(data).decode())
    assert [str(c.action) for c in sc.timeline.root.children] == ["P1 settle E4", "P1 settle A4"]
    assert sc.timeline.root.children[1].comment == "the other corner"
    assert (
        Game(sc.timeline.rules, sc.timeline.root.state).position()
        == new_game("base", players=3).position()
    )


def test_form_labels_each_value_from_its_own_action():
    """A progress card's arguments read like its notation (CK-PC-MERCHANT: hexes beside the
    player's buildings); the dice are named."""
    g = edit(
        new_game("ck", players=3), "place P1 city J12", "progress P1 merchant", "turn P1 main 3"
    )
    t = Tutor(g)
    t.controls.palette.value = "play progress"
    labels = [label for label, v in t.controls.form.pickers["args"].options if v is not None]
    legal = [str(a).split()[-1] for a in g.legal_actions() if str(a).startswith("P1 play")]
    assert labels == legal and len(set(labels)) == len(labels) >= 2
    t.controls.end_button.click()  # End turn: its own button, not in the palette
    t.controls.palette.value = "roll"  # the dice named, each with its faces
    lists = {n: [label for label, _ in dd.options] for n, dd in t.controls.form.pickers.items()}
    assert list(lists) == ["white die", "red die", "event die"]
    assert lists["red die"][1:] == ["1", "2", "3", "4", "5", "6"]
    assert lists["event die"][1:] == [
        "ship", "green science castle", "yellow trade castle", "blue politics castle"
    ]  # fmt: skip


# ---------------------------------------------------------------- odds
def test_odds_tab_shows_exact_tables_and_runs_playouts():
    """The Odds tab: the analysis package's exact tables for the current node, and a seeded
    Monte-Carlo run with a progress bar; the same seed gives the same table."""
    from concurrent.futures import ThreadPoolExecutor

    from catan_tutor.analysis import production_table

    sc = load_scenario(packaged_lessons() / "ck_metropolis_race.catan.yaml")
    t = Tutor(sc)
    t.tabs.selected_index = TABS.index("Odds")
    odds = t.odds
    table = production_table(t.game, per="turn")
    assert f"{float(table.loc['P1', 'total']):.2f}" in odds.exact.value
    assert "Barbarians" in odds.exact.value
    odds.executor = lambda: ThreadPoolExecutor(2)
    odds.n.value, odds.turns.value = 12, 2
    odds.run(wait=True)
    first = odds.table
    assert odds.bar.value == odds.bar.max == 12 and "12 games played" in odds.status.value
    assert "win" in odds.result.value and len(odds.plot.value) > 1000  # a PNG
    odds.run(wait=True)
    assert odds.table.equals(first)


def test_odds_cancel_keeps_a_partial_table():
    from concurrent.futures import ThreadPoolExecutor

    t = Tutor(new_game("base", players=3, seed=2))
    t.tabs.selected_index = TABS.index("Odds")
    odds = t.odds
    odds.executor = lambda: ThreadPoolExecutor(1)
    odds.n.value, odds.turns.value = 400, 30
    odds.cancel.set()
    # the button says what it stops (s33: a bare "Cancel" did not)
    assert odds.cancel_button.description == "Stop" and "games" in odds.cancel_button.tooltip
    odds._work(t.game.clone())  # what the thread runs, with Stop already pressed
    assert odds.table.attrs["partial"] and "(stopped: the games that finished)" in odds.status.value


def test_odds_tab_barbarian_row_is_the_chance_the_attack_has_come():
    """Ship one step from Catan before the roll (CK-EVENT-SHIP: 3 of 6 faces): the attack
    has come by this turn with 1/2, by five turns later with 1 - 1/2**6."""
    t = Tutor(edit(new_game("ck", players=3), "barbarians 6", "turn P1 pre-roll 3"))
    t.tabs.selected_index = TABS.index("Odds")
    row = t.odds.exact.value.split("Barbarians")[1]  # a row per turn, this one the first
    assert re.findall(r"<th scope='row'[^>]*>([^<]*)<", row) == [
        "this turn",
        "this turn or the next",
        *(f"this turn or the next {k}" for k in range(2, 6)),
    ]  # (l37 read "in 5 turns", this turn's roll counted, as five rolls: the sixth's 2%)
    shown = [int(x) for x in re.findall(r">(\d+)%<", row)]  # percentages, the fraction on hover
    assert shown == [round(100 * (1 - 0.5**k)) for k in range(1, 7)]
    assert f"title='{Fraction(63, 64)}'" in row


def test_playout_intervals_of_counts_never_go_below_zero():
    import pandas as pd

    from catan_tutor.analysis import summarize

    raw = pd.DataFrame(
        {
            "winner": [None] * 5,
            "P1 vp": [0, 0, 0, 0, 3],
            "arrival": [None] * 5,
            "attacks": [0, 0, 0, 0, 1],
            "P1 pillaged": [0, 0, 0, 0, 1],
        }
    )
    raw.attrs["players"] = ["P1"]
    table = summarize(raw)
    counts = table[table["metric"].isin(["vp", "attacks", "pillaged"])]
    assert (counts["low"] >= 0).all() and (counts["high"] > counts["estimate"]).all()


# ---------------------------------------------------------------- fewer clicks, plain words
def at_pre_roll(variant: str, players: int) -> Tutor:
    g = new_game(variant, players=players)
    while g.state.phase != "pre-roll":
        g.play(g.legal_actions()[0])
    return Tutor(Game.from_position(g.position()), seed=4)


def test_roll_throws_every_die_of_the_roll_in_one_click():
    """Base: roll + 2 dice; C&K: roll + 3 dice (progress cards a castle brings drawn too);
    ck-2p: both rolls of the turn (CK2P-ROLL-DOUBLE)."""
    for variant, players, dice in (("base", 3, 2), ("ck", 3, 3), ("ck-2p", 2, 6)):
        t = at_pre_roll(variant, players)
        assert not t.controls.roll_button.disabled and t.controls.roll_button.description == "Roll"
        t.controls.roll_button.click()
        moves = [str(a) for a in t.timeline.moves()]
        rolled = [m for m in moves if m.startswith(("die ", "event "))]
        assert moves[0].endswith(" roll") and len(rolled) >= dice, (variant, moves)
        assert not (t.game.is_chance() and t.game.state.phase == "dice"), variant


def test_a_forced_die_then_roll_throws_the_rest():
    t = at_pre_roll("ck", 3)
    t.session.play("P1 roll")
    assert t.controls.palette.value == "die"  # chance: the outcomes to force, preselected
    t.session.play("die white 2")  # one die forced (typed), the Roll button throws the rest
    t.controls.roll_button.click()
    moves = [str(a) for a in t.timeline.moves()]
    assert moves[1] == "die white 2" and moves[2].startswith("die red")
    assert moves[3].startswith("event ")


def test_end_turn_button_and_the_only_kind_chosen_with_its_targets():
    t = Tutor(new_game("base", players=3))
    assert t.controls.end_button.disabled and t.controls.palette.value == "settle"
    assert len(t.view.targets) == 54 and t.controls.form is not None  # glowing before any choice
    click_at(t, "vertex", "J12")  # so one click places the settlement
    assert t.controls.palette.value == "build road" and t.view.targets
    t = Tutor(
        edit(
            new_game("base", players=3),
            "place P1 settlement J12",
            "hand P1 1 brick, 1 lumber, 2 grain, 3 ore",
            "turn P1 main 3",
        )
    )
    labels = dict((kind, label) for label, kind in t.controls.palette.options)
    assert labels["build road"] == "Build a road · brick, lumber"
    assert labels["build city"] == "Build a city · 2 grain, 3 ore"
    # ending the turn is offered once, by its own button, not again as "End the turn"
    assert "end turn" not in labels and t.controls.palette.value is None
    assert not t.controls.end_button.disabled
    t.controls.end_button.click()
    assert str(t.timeline.moves()[-1]) == "P1 end" and t.game.state.active == 1


def test_nothing_internal_on_the_page():
    """Markers are data-* attributes of hidden elements; phases and chance read as words."""
    import html as html_mod

    t = at_pre_roll("ck-2p", 2)
    t.session.play(t.game.parse("P1 roll"))
    visible = re.sub(r"<[^>]+>", "", t.board.marker.value + t.view.marker.value)
    assert visible == "" and "data-digest=" in t.board.marker.value
    header = html_mod.unescape(re.sub(r"<[^>]+>", " ", t.header.value))
    assert "Cities & Knights for two" in header and "rolling the dice" in header
    assert t.game.prompt().split(": ", 1)[1] in header  # the engine's words for the wait
    assert not re.search(r"CK2P-|pre-roll|setup-|\bck-2p\b", header), header


def test_form_verdict_names_the_rule_by_its_title():
    t = discard_owed()
    t.controls.palette.value = "discard"
    t.controls.form.set(cards=(3, 0, 0, 0, 2))  # one card too many
    ex = t.game.explain(t.controls.form.action())
    assert f"Rule: <b>{ex.rule_title}</b>" in t.controls.form.status.value
    assert "data-rule='BASE-SEVEN-DISCARD'" in t.controls.form.status.value
    status = t.controls.form.status.value
    assert "<details class='catan-rule' data-rule='BASE-SEVEN-DISCARD'" in status
    t.controls.form.explain_button.click()  # the same verdict with the rule's text open
    status = t.controls.form.status.value
    assert "Not allowed" in status and " open " in status
    t.controls.form.rule_button.click()
    assert t.tabs.selected_index == TABS.index("Rules") and t.rules_panel.chosen == ex.rule


def test_odds_results_are_cleared_for_another_position_and_no_empty_image():
    from concurrent.futures import ThreadPoolExecutor

    t = Tutor(load_scenario(packaged_lessons() / "ck_metropolis_race.catan.yaml"))
    t.tabs.selected_index = TABS.index("Odds")
    odds = t.odds
    assert odds.plot.layout.display == "none" and "This position: round" in odds.exact.value
    odds.executor = lambda: ThreadPoolExecutor(1)
    odds.n.value, odds.turns.value = 4, 1
    odds.run(wait=True)
    assert odds.plot.layout.display == "" and "from round" in odds.status.value
    t.refresh()  # the same position: kept
    assert odds.table is not None
    t.session.play(t.session.legal()[0])
    assert odds.table is None and odds.result.value == "" and odds.plot.layout.display == "none"
    assert "another position" in odds.status.value


# ---------------------------------------------------------------- why not?
def visible_text(value: str) -> str:
    """The text of ``value`` a reader sees: tags and hidden spans (a rule's folded text) out."""
    import html as html_mod

    shown = re.sub(r"<span[^>]*\shidden>.*?</span>", " ", value)
    return html_mod.unescape(re.sub(r"<[^>]+>", " ", shown))


def test_try_a_move_shows_the_engines_verdict_rule_and_text_and_plays_a_legal_one():
    """BASE-SETUP-FREE: a road typed before the first settlement is refused with the engine's
    reason, the rule's title and its text; a legal move typed can be played from the box."""
    t = Tutor(new_game("base", players=3))
    t.controls.try_text.value = "P1 road H3"
    ex = t.game.explain("P1 road H3")
    shown = visible_text(t.controls.try_verdict.value)
    assert not ex.legal and "Not allowed" in shown and after_dash(ex.reason) in shown
    assert ex.rule_title in shown and ex.rule_text in shown
    assert f"data-rule='{ex.rule}'" in t.controls.try_verdict.value and t.controls.try_play.disabled
    assert ex.rule not in shown  # the ID is an attribute, never text
    t.controls.try_rule.click()
    assert t.tabs.selected_index == TABS.index("Rules")
    assert f"data-rule='{ex.rule}' open" in t.rules_panel.list.value
    t.controls.try_text.value = "P1 settle J12"
    assert f"{OK} Allowed." in t.controls.try_verdict.value and not t.controls.try_play.disabled
    assert t.game.state.turn == 0 and not t.timeline.moves()  # checking plays nothing
    t.controls.try_play.click()
    assert [str(a) for a in t.timeline.moves()] == ["P1 settle E4"]
    assert t.controls.try_text.value == ""
    assert t.controls.try_verdict.value == "" and t.controls.try_play.disabled


def test_try_a_move_says_plainly_what_is_not_notation_and_shows_it_as_text():
    t = Tutor(new_game("base", players=3))
    t.controls.try_text.value = "P1 fly H3"
    shown = visible_text(t.controls.try_verdict.value)
    assert "Not a move" in shown and "I cannot read “fly”" in shown
    # the words it takes: how the kind chosen (the set-up's settlement) is typed (s16)
    form = "A settlement is typed as the player, “settle” (or “settlement”) and a corner"
    assert f"{form}, like “P1 settle" in shown
    legal = re.findall(r"“(P1 settle \w+)”", shown)  # one legal now (s31)
    assert legal and all(t.session.game.explain(m).legal for m in legal), shown
    # the word at fault is marked in the text typed; no reader's character offset is said
    assert "<mark class='catan-bad-word'>fly</mark>" in t.controls.try_verdict.value
    assert "character" not in shown and "'P1 fly" not in shown
    assert t.controls.try_play.disabled
    t.controls.try_text.value = "<img src=x onerror=alert(1)>"
    assert "<img" not in t.controls.try_verdict.value and "&lt;img" in t.controls.try_verdict.value
    t.controls.try_text.value = ""
    assert t.controls.try_verdict.value == ""


def test_a_click_where_nothing_glows_explains_why_not_there():
    """CK-KNIGHT-DISPLACE: P1's basic knight may not displace P2's basic one on O6; the
    click answers with the engine's verdict on that move and plays nothing."""
    t = Tutor(load_scenario(packaged_lessons() / "ck_knight_equal_refused.catan.yaml"))
    t.controls.palette.value = "move knight"
    assert ("vertex", board.parse_vertex("O6")) not in t.view.targets
    click_at(t, "vertex", "O6")
    ex = t.game.explain(t.controls.try_text.value)
    assert t.controls.try_text.value.startswith("P1 move ") and not ex.legal
    assert ex.rule == "CK-KNIGHT-DISPLACE"
    assert f"data-rule='{ex.rule}'" in t.controls.try_verdict.value
    assert after_dash(ex.reason) in visible_text(t.controls.try_verdict.value)
    assert t.timeline.current is t.timeline.root


def test_every_kind_of_the_variant_is_offered_and_the_others_are_greyed_with_their_reason():
    t = Tutor(new_game("base", players=3))
    every = {kind_of(c) for c in t.game.rules.applies if not c.is_chance}
    greyed = [kind for _, kind in t.controls.blocked.options]
    assert set(palette(t)) | set(greyed) == every
    assert not set(palette(t)) & set(greyed)
    why = dict(zip(greyed, t.controls.blocked.tooltips, strict=True))
    assert why["end turn"] == t.game.explain("P1 end").reason  # a seat-only kind: at once
    t.controls.blocked.value = "end turn"  # chosen: the verdict under Try a move
    assert t.controls.palette.value is None and t.controls.try_text.value == "P1 end"
    assert "data-rule='BASE-SETUP-FREE'" in t.controls.try_verdict.value
    t.controls.blocked.value = "build city"  # refused on every corner for one reason: said
    assert "Not possible now: During setup" in t.controls.message.value and not t.view.targets
    click_at(t, "vertex", "J12")
    assert t.game.parse(t.controls.try_text.value) == t.game.parse("P1 city J12")
    assert "Not allowed" in t.controls.try_verdict.value
    t.act_at(("edge", board.parse_edge("J1")))  # (a click there: the nearest corner)
    said = t.controls.message.value  # in words: a corner, no quoted internal name
    assert "This move goes on a corner, not on an edge" in said and "“" not in said
    t.controls.palette.value = "settle"
    assert t.controls.blocked.value is None and t.view.targets


def test_rules_tab_lists_the_variants_rules_by_section_and_filters_them():
    from catan_tutor import rulebook
    from catan_tutor.widgets.rules_panel import rules_html

    t = Tutor(new_game("base", players=3))
    t.tabs.selected_index = TABS.index("Rules")
    shown = t.rules_panel.list.value
    base = rulebook.rules_of("base")
    assert all(f"data-rule='{i}'" in shown for i in base)
    assert "data-rule='CK-KNIGHT-DISPLACE'" not in shown
    assert (
        ">Building<" in shown
        and "1.9 Building" not in shown
        and "The 56 rules of" in t.rules_panel.intro.value
    )
    t.rules_panel.search.value = "distance"
    found = re.findall(
        r"class='catan-rule-entry' data-rule='([A-Z0-9-]+)'", t.rules_panel.list.value
    )
    assert "BASE-BUILD-DISTANCE" in found and len(found) < 10
    assert all(
        "distance" in f"{r.title} {r.text} {r.section}".lower() for r in (base[i] for i in found)
    )
    assert "No rule of" in rules_html("ck", "zzzz")
    ck = rules_html("ck", "", chosen="CK-KNIGHT-DISPLACE")
    assert ck.index("CK-KNIGHT-DISPLACE") < ck.index("catan-rule-section")  # shown first
    assert "`" not in ck and "BASE-BUILD-DISTANCE" not in re.sub(r"'[^']*'", "", ck)


def test_header_says_what_the_game_waits_for_in_the_engines_words():
    t = discard_owed()
    header = visible_text(t.header.value)
    assert "<b>P2</b>: discard 4 cards" in t.header.value and "P3" not in header
    assert t.game.prompt().split(": ", 1)[1] in header
    for variant, players in (("base-2p", 2), ("base-dummy", 2), ("ck", 3), ("ck-2p", 2)):
        t = at_pre_roll(variant, players)
        t.session.play(t.game.parse("P1 roll"))
        header = visible_text(t.header.value)
        assert "Roll the dice" in header and "Chance:" not in header  # no player "Chance"
        assert not re.search(r"\b(?:BASE|2P|DUMMY|CK|CK2P)-", header)


def test_what_happened_tells_each_move_in_words():
    """The log: each move's verdict (taken before it was played), production by the dice
    (BASE-PROD-YIELD), VP gained and what the game waits for next; stepping forward through
    a line tells its moves too."""
    t = Tutor(new_game("base", players=3))
    said = t.game.explain(t.game.parse("P1 settle J12")).reason
    t.session.play("P1 settle J12")
    assert said.rstrip(".") in t.session.lines[0]
    assert "P1 now has 1 victory point" in t.session.lines[0]
    assert "Next, it is up to P1 to place a road." in t.session.lines[0]
    assert "What happened" in t.controls.log.value
    j = board.parse_hex("A")  # hills, 10 on the beginner board; its top corner is on no other
    vertex = board.VERTEX_LABELS[board.HEX_VERTICES[j][0]]
    token = t.game.layout.numbers[j]
    g = edit(new_game("base", players=3), f"place P2 settlement {vertex}", "turn P1 pre-roll 3")
    t = Tutor(g)
    white = min(6, token - 1)
    for move in ("P1 roll", f"die white {white}", f"die red {token - white}"):
        t.session.play(move)
    terrain = board.CARD_NAMES[t.game.layout.terrain[j]]  # terrains in resource order
    # narrate: production by kind
    assert f"P2 gets 1 {terrain}" in t.session.lines[0], t.session.lines[0]
    assert len(t.session.lines) == 1 and "Next, it is up to P1" in t.session.lines[0]  # told once
    red = token - white
    assert t.session.lines[0].startswith(f"P1 rolled {token} (white {white}, red {red}): ")
    t.session.first()
    t.session.lines.clear()
    t.session.forward()  # the roll and its dice: one step, one line
    assert len(t.session.lines) == 1 and t.session.lines[0].startswith(f"P1 rolled {token} ")


def test_what_to_notice_names_the_rule_of_a_refused_move_with_its_text():
    from catan_tutor import rulebook

    t = Tutor(load_scenario(packaged_lessons() / "ck_knight_equal_refused.catan.yaml"))
    rule = rulebook.rule("CK-KNIGHT-DISPLACE")
    said = "P1 may not move the knight on N4 to O6, because only a stronger knight"
    assert said in t.lesson.value
    # the step's text cites the rule: its "§" opens the rule's text, said once (not again
    # as "Rule: <title>" under the notice line)
    assert re.search(r"data-rule='[^']*CK-KNIGHT-DISPLACE", t.lesson.value)
    assert f"Rule: <b>{rule.title}</b>" not in t.lesson.value
    assert visible_text(t.lesson.value).count(rule.text[:40]) <= 1


# ---------------------------------------------------------------- safe edits
def test_delete_can_be_undone_with_the_same_moves_until_the_next_change():
    t = Tutor(new_game("base", players=3))
    t.tabs.selected_index = TABS.index("Moves")
    for move in ("P1 settle J12", "P1 road J1", "P2 settle A4"):
        t.session.play(move)
    t.session.first()
    t.session.play("P1 settle A4")  # a variation: the main line stays first
    main = t.timeline.root.children[0]
    ids = sorted(t.timeline.nodes)
    t.session.goto(main)  # delete the main line's first move and the two after it
    t.session.delete()
    assert t.timeline.current is t.timeline.root and len(t.timeline.nodes) == 2
    assert t.moves.deleted_row.layout.display == ""
    assert t.moves.deleted_note.value == "Deleted 3 moves"
    t.session.forward()  # stepping around is no change to the tree: Undo stays
    t.session.back()
    assert t.moves.deleted_row.layout.display == ""
    t.moves.undo_delete.click()
    assert sorted(t.timeline.nodes) == ids and t.timeline.root.children[0] is main
    assert t.timeline.current is main and t.moves.deleted_row.layout.display == "none"
    assert [lab for lab, _ in move_rows(t.timeline)][1] == "P1 builds a settlement on E4"
    assert t.session.undelete() == "Nothing to undo."
    t.session.back()
    t.session.goto(t.timeline.root.children[1])
    t.session.delete()
    assert t.moves.deleted_note.value == "Deleted 1 move"
    t.session.play("P1 settle B4")  # a new move: the delete can no longer be undone
    assert t.moves.deleted_row.layout.display == "none" and t.session.deleted is None


def test_timeline_undelete_refuses_a_move_played_again():
    from catan_tutor.study.timeline import Timeline

    tl = Timeline(new_game("base", players=3))
    node = tl.play("P1 settle J12")
    at = tl.delete(node)
    tl.play("P1 settle J12")  # the same move again: a new node
    try:
        tl.undelete(node, at)
    except ValueError:
        pass
    else:
        raise AssertionError("undelete put back a move played again")
    assert len(tl.root.children) == 1


def test_a_lesson_left_for_another_is_kept_with_the_learners_own_moves():
    from catan_tutor.widgets import App

    app = App(query="")
    app.open("base_setup")
    t = app.tutor
    lesson_tree = len(t.timeline.nodes)
    assert t.session.own_moves() == 0
    t.session.first()
    own = t.session.play(t.session.legal()[5])  # a move of the learner's own
    if len(t.timeline.nodes) == lesson_tree:  # it was the lesson's own move: take another
        own = t.session.play(t.session.legal()[0])
    assert t.session.own_moves() == 1
    app.open("base_dev_cards")
    assert t.session.lesson_id == "base_dev_cards" and "Your 1 move in" in app.status.value
    assert "is kept" in app.status.value  # one move: "is", not "are"
    app.new()  # a new game: nothing of the learner's in the other lesson, nothing kept
    assert set(app._kept) == {"base_setup"}
    app.open("base_setup")  # as the learner left it, at the move they were at
    assert t.session.lesson_id == "base_setup" and t.timeline.current is own
    assert t.session.own_moves() == 1 and "is as you left it" in app.status.value
    assert app.afresh.layout.display == ""
    app.afresh.click()  # the lesson as its file has it
    assert t.session.own_moves() == 0 and len(t.timeline.nodes) == lesson_tree
    assert app.afresh.layout.display == "none" and app._kept == {}
    t.session.undo_edit()  # and Undo edit brings the learner's moves back
    assert t.session.own_moves() == 1


# ---------------------------------------------------------------- rule IDs in lesson texts
RAW_ID = re.compile(r"\b(?:BASE|2P|DUMMY|CK|CK2P)-[A-Z0-9-]+")
shown_text = visible_text  # what a page shows: its text outside tags (attributes left out)


def test_lesson_texts_name_rules_by_title_with_the_id_only_in_attributes():
    from catan_tutor import rulebook
    from catan_tutor.words.rule_titles import plain_title

    t = Tutor(load_scenario(packaged_lessons() / "base_distance_longest_road.catan.yaml"))
    title = rulebook.rule("BASE-BUILD-DISTANCE").title
    node = next(n for n in t.timeline.walk() if "BASE-BUILD-DISTANCE" in n.tutor + n.comment)
    t.session.goto(node)
    # a rule the text cites in brackets: the step's one "§", named after each of its rules
    # in plain words (issue 33: one marker a step, its rules listed)
    title = plain_title("BASE-BUILD-DISTANCE", title)
    (mark,) = re.findall(
        r"<sup class='catan-rule-ref catan-rule-note'[^>]*>§</sup>", t.lesson.value
    )
    assert re.search(r"data-rule='[^']*\bBASE-BUILD-DISTANCE\b", mark), mark
    assert re.search(rf"aria-label='Rules?: [^']*\b{re.escape(title)}\b", mark), mark
    assert not RAW_ID.search(shown_text(t.lesson.value)), shown_text(t.lesson.value)
    assert f"{title} ({title})" not in shown_text(t.lesson.value)  # said once
    # every lesson's every step: test_hand_said_once.py's walk (one walk for both)


def test_rule_ids_in_a_lesson_text_stay_out_of_links_and_markup_stays_safe():
    from catan_tutor.widgets.verdicts import lesson_html

    page = lesson_html(
        "See [the rule](https://example.org/BASE-BUILD-DISTANCE) "
        "(2P-ROLL-TWICE) <b>BASE-BUILD-DISTANCE</b>"
    )
    assert 'href="https://example.org/BASE-BUILD-DISTANCE"' in page
    assert "<b>" not in page and "&lt;b&gt;" in page  # a visitor's tag stays text
    assert "data-rule='2P-ROLL-TWICE'" in page
    assert not RAW_ID.search(shown_text(page)), shown_text(page)


def test_rules_tab_names_the_lessons_that_cite_each_rule(tmp_path):
    from catan_tutor.study.library import lessons_citing
    from catan_tutor.study.resources import lessons_dir
    from catan_tutor.widgets.rules_panel import lessons_line, rules_html

    shown = [x.id for x in lessons_citing(lessons_dir(), "CK-KNIGHT-DISPLACE")]
    assert "ck_knight_displacement" in shown and "base_setup" not in shown
    places = [
        (x.place.chapter, x.place.number)
        for x in lessons_citing(lessons_dir(), "CK-KNIGHT-DISPLACE")
    ]
    assert places == sorted(places)  # in course order
    ck = rules_html("ck", "", chosen="CK-KNIGHT-DISPLACE")
    assert "Knight displacement" in ck.split("catan-rule-section")[0]  # under the chosen rule
    # a folder of one lesson: only it is named, and a rule it does not cite names none
    (tmp_path / "one.catan.yaml").write_text(
        "title: Only <b>me</b>\nvariant: base\nplayers: 3\nrules: [BASE-BUILD-DISTANCE]\n"
    )
    assert "Only &lt;b&gt;me&lt;/b&gt;" in lessons_line("BASE-BUILD-DISTANCE", tmp_path)
    assert lessons_line("BASE-BUILD-ROAD", tmp_path) == ""


def test_a_lesson_s_heading_names_its_variant_once():
    """The heading said "Puzzles: Catan for two · Catan for two · turn 7": a lesson whose
    title names its variant shows no second name; other lessons keep the variant's name, every
    lesson of the course checked."""
    from catan_tutor.study.resources import packaged_lessons
    from catan_tutor.study.scenario import SUFFIX, load_scenario
    from catan_tutor.widgets import App
    from catan_tutor.widgets.wording import variant_beside, variant_name

    twice = []
    for path in sorted(packaged_lessons().glob(f"*{SUFFIX}")):
        sc = load_scenario(path)
        name = variant_name(sc.variant)
        head = f"{sc.title} · {variant_beside(sc.title, sc.variant)}"
        if head.lower().count(name.lower()) != 1:
            twice.append(head)
    assert twice == []
    app = App(query="")
    app.open("puzzle_base_2p")
    shown = " ".join(visible_text(app.tutor.header.value).split())
    assert "Puzzles: Catan for two · round" in shown and shown.count("Catan for two") == 1
    app.open("base_2p_double_roll")
    assert "Catan for two · round" in " ".join(visible_text(app.tutor.header.value).split())
