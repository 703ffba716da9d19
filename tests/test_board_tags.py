"""The board on a phone, without a browser (issue "the learner's page"): labels and the why-not
banner readable at the width the board shows at, every word of the banner in lines that fit,
on the edge where it covers least (a phone's board says it in a line under it instead), and
a tap taking the spot a finger means."""

from __future__ import annotations

import math
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from test_board_view import stand_in_game

from catan_tutor import board, new_game
from catan_tutor.palette import shape, toward
from catan_tutor.scene import board_scene
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import load_scenario
from catan_tutor.widgets import BoardView, Tutor, style
from catan_tutor.widgets.board_tags import (
    BANNER_PX,
    EDGE_PICK,
    LABEL_MIN_PX,
    WORDS_LEAST_WIDTH,
    banner,
    hit_test,
    named_spots,
    reach_spot,
    shown_px,
    tap_spots,
    text_em,
    wrap_em,
)
from catan_tutor.widgets.dice_shown import NO_DICE
from catan_tutor.widgets.kinds import board_kind
from catan_tutor.widgets.letter_room import LETTER_EM, letter_box
from catan_tutor.widgets.verdicts import short_reason

PHONE = 363  # the board's width on a 375 px phone: the page less its focus ring's padding
NATURAL = 640  # the board's natural width (CSS px)
LONG = (
    "A road must join one of your roads, settlements or cities; this edge touches none "
    "of them, and at least two roads lead away from it"
)


def _phone(t: Tutor) -> Tutor:
    t.view.set_shown_width(str(PHONE))  # what board_width.js tells the kernel
    return t


def _units(view: BoardView, css: float) -> float:
    """Board units of ``css`` CSS pixels as the board shows."""
    return css / (view.vp.scale * view.zoom / view.ratio)


def test_the_banner_says_the_first_sentence_of_a_reason_whole():
    ex = SimpleNamespace(reason=f"{LONG}. Build next to one of them first.")
    assert short_reason(ex) == LONG + "."  # once cut at 70 characters with "…"


@pytest.mark.parametrize("shown", [NATURAL, 560, PHONE], ids=["1280", "1024", "phone"])
def test_the_why_not_banner_keeps_every_word_in_lines_that_fit_the_board(shown):
    zoom, width, bottom = shown / NATURAL, 1280.0, 1208.0
    tag = banner(LONG, width, bottom, shown_px(BANNER_PX, zoom, 2), 600.0, [])
    assert " ".join(tag.lines) == LONG
    assert all(text_em(line) * tag.font <= width - 2 * tag.pad for line in tag.lines)
    assert 2 <= len(tag.lines) <= 3  # wrapped, and short enough to read at a glance
    assert tag.font * zoom / 2 >= 12  # its text as the learner sees it, in CSS px
    assert tag.top in (0.0, bottom - tag.height)  # a strip along the board's edge


DISTANCE = (
    "N4 is next to the building on N6: settlements need at least two road lengths between them."
)


@pytest.mark.parametrize("reason", [DISTANCE, LONG + "."], ids=["distance", "long"])
def test_the_why_not_banner_balances_its_lines_leaving_no_word_alone(reason):
    """Issue 33 (a fresh learner at 1280 x 900, lesson 1.1): the distance rule's banner ended
    in a line "them." alone. At every width a banner takes, it keeps the lines a plain wrap
    needs, each fitting, but of even length: the shortest at least half the longest, never
    one lone word (a plain wrap leaves one at some of these widths: the case is met)."""
    orphans = 0
    for shown in range(PHONE, NATURAL + 1, 4):
        zoom, width, bottom = shown / NATURAL, 1280.0, 1208.0
        font = shown_px(BANNER_PX, zoom, 2)
        tag = banner(reason, width, bottom, font, 600.0, [])
        plain = wrap_em(reason, (width - 2 * tag.pad) / font)
        orphans += len(plain) > 1 and " " not in plain[-1]
        assert " ".join(tag.lines) == reason and len(tag.lines) == len(plain), shown
        assert all(text_em(line) * font <= width - 2 * tag.pad for line in tag.lines)
        if len(tag.lines) > 1:
            ems = [text_em(line) for line in tag.lines]
            assert min(ems) >= max(ems) / 2 and all(" " in x for x in tag.lines), tag.lines
    assert orphans  # without balancing, some width leaves a word alone


@pytest.mark.parametrize("font", [24.0, 43.0], ids=["1280", "phone"])
@pytest.mark.parametrize("spot_y", [60.0, 600.0, 1150.0])
def test_the_banner_hides_neither_the_dice_line_nor_the_spot(font, spot_y):
    """Over the strip under the board the banner hid the dice's words ("dice: last roll 7");
    along the board's bottom it covered the spot (09_P2_A2_distance.png): it sits along the
    board's top edge or its bottom, just above the strip, on the side away from the spot."""
    bottom = 1208.0  # the strip (the dice line) starts here
    for reason in ("A2 is next to the building on A12.", LONG):
        tag = banner(reason, 1280, bottom, font, spot_y, [])
        assert tag.top + tag.height <= bottom, (reason, tag)  # the dice line in sight
        near = 0.9 * font  # the spot's ring
        assert not tag.top - near <= spot_y <= tag.top + tag.height + near, (reason, tag)


def test_the_banner_covers_neither_the_spot_nor_more_pieces_than_it_must():
    font, bottom = 40.0, 1200.0
    near_top = banner(LONG, 1280, bottom, font, spot_y=60.0, pieces_y=[1150.0, 1160.0])
    assert near_top.top > 60.0  # at the bottom: the spot is under the top strip
    crowded_top = banner(LONG, 1280, bottom, font, spot_y=600.0, pieces_y=[20.0, 40.0])
    assert crowded_top.top > 600.0  # at the bottom: the top strip would hide two pieces
    crowded_bottom = banner(LONG, 1280, bottom, font, spot_y=600.0, pieces_y=[1180.0])
    assert crowded_bottom.top == 0.0
    low_spot = banner(LONG, 1280, bottom, font, spot_y=900.0, pieces_y=[])
    assert low_spot.top == 0.0  # a tie: the edge farther from the spot


def test_a_phone_says_why_not_under_the_board_and_a_wider_board_on_a_banner(monkeypatch):
    """A phone's board says why not in a line under it, every word, drawing nothing over
    itself (a banner across its top or bottom rows hid the spots it spoke of); shown wider,
    the board draws the banner, readable at its width, and the line goes."""
    view = BoardView(stand_in_game())
    view.set_shown_width(str(PHONE))
    texts: list[tuple[str, float]] = []
    layer = view.hover_layer
    monkeypatch.setattr(
        layer, "fill_text", lambda t, x, y, max_width=None: texts.append((t, max_width))
    )
    n6 = ("vertex", board.parse_vertex("N6"))
    assert view.why_not is None  # built when first needed (no widget view at first paint)
    view.mark_refused(n6, LONG)
    assert texts == []  # no banner over the board
    assert view.why_not.layout.display == "" and LONG in view.why_not.value
    assert "data-spot='vertex N6'" in view.marker.value  # the ring, for tests
    view.update()  # a move: the reason goes with its ring
    assert view.why_not.layout.display == "none" and view.why_not.value == ""
    view.mark_refused(n6, LONG)
    view.set_shown_width("500")  # wider than a phone's board (zoom 0.78): the banner
    assert view.why_not.layout.display == "none" and view.why_not.value == ""
    assert " ".join(t for t, _ in texts) == LONG
    assert all(w is not None and w <= view.canvas.width for _, w in texts)  # never past it
    size = float(re.match(r"bold (\d+)px", layer.font).group(1))
    assert size * view.zoom / view.ratio >= 12  # 12 px as shown, not 7


def test_labels_on_a_phone_start_off_and_are_drawn_readable_when_turned_on():
    """A board shrunk to a phone's width drops its labels (they hid the numbers and pieces,
    57_phone_start.png); turned on with Labels they are drawn readable for that width."""
    view = BoardView(stand_in_game())
    view.show_labels(True)
    natural = float(re.search(r"data-px='([\d.]+)'", view.marker.value).group(1))
    drawn = view.draw_count
    view.set_shown_width(str(PHONE))  # the page shrinks the board: the labels go
    assert view.narrow and not view.labels and not view.labels_button.value
    assert "catan-labels-shown" not in view.marker.value and view.draw_count == drawn + 1
    view.labels_button.value = True  # the learner turns them on
    assert view.labels and view.draw_count == drawn + 2
    shown = float(re.search(r"data-px='([\d.]+)'", view.marker.value).group(1))
    assert natural >= LABEL_MIN_PX and shown >= LABEL_MIN_PX  # they were 4.7 px on a phone
    view.set_shown_width(str(PHONE + 1))  # about the same width again: nothing drawn
    assert view.labels and view.draw_count == drawn + 2


def test_a_lesson_naming_spots_opens_without_every_label_on_any_width():
    """Issue 33: on a wide screen a lesson naming spots opened with about 120 labels over the
    board (P1's first settlement under its "N6"): on a desktop as on a phone it opens with
    the Labels off (the spots its words name are labelled, ``board_view.named``)."""
    sc = load_scenario(packaged_lessons() / "base_setup.catan.yaml")
    wide = Tutor(sc)
    assert not wide.view.labels and not wide.view.labels_button.value
    phone = _phone(Tutor(sc))
    assert not phone.view.labels and not phone.view.labels_button.value
    phone.session.open(load_scenario(packaged_lessons() / "base_setup.catan.yaml"))
    assert not phone.view.labels  # opened again on the phone: still off


def test_harbor_words_are_drawn_whole_over_the_labels(monkeypatch):
    """A corner's tag beside a harbor cut its word ("lumbe" on a phone): with labels on, the
    harbors' discs and words are drawn again over them, each word within its disc."""
    view = _phone(Tutor(new_game("base", players=3))).view
    written: list[tuple[str, float | None]] = []
    monkeypatch.setattr(
        view.label_layer,
        "fill_text",
        lambda t, x, y, max_width=None: written.append((t, max_width)),
    )
    view.labels_button.value = True
    texts = [t for t, _ in written]
    names = ["lumber", "brick", "wool", "grain", "ore"]
    assert all(name in texts for name in names), texts
    last_label = max(i for i, t in enumerate(texts) if t in board.VERTEX_LABELS)
    assert all(texts.index(name) > last_label for name in names)  # over the tags
    assert all(w is None for t, w in written if t in names)  # whole, on a tab (a phone's)


def _written(layer, monkeypatch) -> list[tuple[str, float]]:
    """The words ``layer`` is told to write, each with its font's size in canvas pixels."""
    out: list[tuple[str, float]] = []

    def write(text, x, y, max_width=None):
        out.append((text, float(re.search(r"(\d+(?:\.\d+)?)px", layer.font).group(1))))

    monkeypatch.setattr(layer, "fill_text", write)
    return out


@pytest.mark.parametrize("game", ["base", "ck"])
def test_a_phone_s_board_writes_its_words_at_a_readable_size_not_scaled_down(game, monkeypatch):
    """Issue 33: on a phone the dice line read at ~7 px and harbor words and hex letters not
    at all: every word and number on the board shows at 11 CSS px or more, the dice line's at
    13 or more (C&K's: in the strip only in a line, else under the board); on a wide page
    they keep their sizes on the board."""
    t = Tutor(new_game(game, players=3))
    wide = {}
    for i, layer in enumerate(t.view.layers[:2]):
        wide[i] = _written(layer, monkeypatch)
    t.view.redraw()
    natural = {text: size for i in wide for text, size in wide[i]}
    phone = {i: _written(layer, monkeypatch) for i, layer in enumerate(t.view.layers[:2])}
    _phone(t)
    zoom = t.view.zoom
    assert zoom < 0.6
    shown = [(text, size * zoom / t.view.ratio) for i in phone for text, size in phone[i]]
    texts = [text for text, _ in shown]
    for word in ("A", "S", "lumber", "ore", "3:1", "2:1", "6"):
        assert word in texts, (word, texts)
    small = [(text, round(px, 1)) for text, px in shown if px < 11.0]
    assert not small
    if game == "ck":  # a phone's C&K strip: the dice's caption beside the track where a line
        # of it fits there (no dice drawn: s34), else in the words under the board; said once
        assert "barbarian ship" in texts, texts
        out = t.view.painter.strip_painter.caption_out
        words = t.board.dice_words.value if t.board.dice_words else ""
        assert (NO_DICE in texts) == (not out), (out, texts)
        assert dict(shown).get(NO_DICE, 13.0) >= 13.0
        assert not out or NO_DICE in words, words
    else:
        assert dict(shown)[NO_DICE] >= 13.0
        assert natural[NO_DICE] * 0.99 <= dict(phone[1])[NO_DICE]
    assert natural["A"] < dict(phone[0])["A"]  # drawn larger on the board than at 1280


@pytest.mark.parametrize("small", [240, 261])
def test_a_phone_s_smaller_board_is_its_whole_board_in_small_letters_clear_of_tokens(
    small, monkeypatch
):
    """s50: the phone's smaller board (72 %, ~240 px) kept its words at 11 px, so a hex's
    letter touched its number token ("A" on the 10) and "10", "11", "12" spilled out of the
    tokens. Under WORDS_LEAST_WIDTH the words shrink with the board: every word is drawn as on
    a board that wide, and each hex's letter stays clear of its token."""
    drawn = {}
    for shown in (int(WORDS_LEAST_WIDTH), small):  # (a page each: a page draws each once)
        t = Tutor(new_game("base", players=3))
        drawn[shown] = [_written(layer, monkeypatch) for layer in t.view.layers[:2]]
        t.view.set_shown_width(str(shown))
    whole, shrunk = drawn[int(WORDS_LEAST_WIDTH)], drawn[small]
    assert t.view.zoom == pytest.approx(small / (t.view.canvas.width / t.view.ratio), abs=0.01)
    assert t.view.narrow  # a finger's reach and the phone's ways go by the width shown
    assert whole[0] and whole[1] and whole == shrunk  # the same words at the same sizes
    painter, vp = t.view.painter, t.view.vp
    game = t.view.game
    for tile in board_scene(game.state, game.layout).tiles:
        if tile.number:
            box = letter_box(vp, tile, painter.text(LETTER_EM))
            token_top = vp.px(tile.centre)[1] - vp.len(style.TOKEN_RADIUS)
            assert box[3] < token_top, (tile.letter, box[3], token_top)


def _coast_corner() -> int:
    return max(range(board.N_VERTICES), key=lambda v: math.dist(board.vertex_xy(v), (0, 0)))


def test_a_tap_a_finger_off_a_coast_corner_takes_it_and_a_tap_on_nothing_says_so():
    t = _phone(Tutor(new_game("base", players=3)))
    assert t.session.kind == "settle" and len(t.view.targets) == 54
    v = _coast_corner()
    x, y = board.vertex_xy(v)

    def out(css: float) -> tuple[float, float]:  # ``css`` px off the corner, out to sea
        k = 1 + _units(t.view, css) / math.hypot(x, y)
        return (x * k, y * k)

    assert hit_test(out(15)) is None  # in the sea: nothing under the finger
    t.board.click(*t.view.vp.px(out(15)))  # a mouse is exact: nothing there
    assert t.game.state.vowner[v] == -1
    assert t.board.pointer.value == "Nothing there: click a corner, edge or hex."
    t.board.tap([t.view.vp.px(out(60))])  # far out at sea
    assert t.game.state.vowner[v] == -1 and t.timeline.current.depth == 0
    assert t.board.pointer.value == "Nothing there: tap a corner, edge or hex."
    t.board.tap([t.view.vp.px(out(15))])
    assert t.game.state.vowner[v] == 0 and t.timeline.current.depth == 1
    assert t.board.pointer.value == ""  # the word on nothing goes


def test_a_tap_on_a_corner_while_a_road_is_asked_builds_the_road_beside_it():
    t = _phone(Tutor(new_game("base", players=3)))
    v = board.parse_vertex("N6")
    t.board.tap([t.view.vp.px(board.vertex_xy(v))])
    assert t.game.state.vowner[v] == 0 and t.session.kind == "build road"
    e = next(e for e in range(board.N_EDGES) if v in board.EDGE_VERTICES[e])
    (u,) = (w for w in board.EDGE_VERTICES[e] if w != v)
    t.board.tap([t.view.vp.px(board.vertex_xy(u))])  # the next corner: the road to it
    assert t.game.state.eowner[e] == 0


def test_a_tap_right_on_a_spot_of_the_kind_asked_asks_why_not_there():
    a = board.parse_vertex("N6")
    b = next(u for e in range(board.N_EDGES) if a in board.EDGE_VERTICES[e]
             for u in board.EDGE_VERTICES[e] if u != a)  # fmt: skip
    assert reach_spot(board.vertex_xy(b), [("vertex", a)], 1.2) == ("vertex", b)
    (ax, ay), (bx, by) = board.vertex_xy(a), board.vertex_xy(b)
    halfway = ((ax + bx) / 2, (ay + by) / 2)
    assert reach_spot(halfway, [("vertex", a)], 0.6) == ("vertex", a)  # edge under it: not
    assert reach_spot(halfway, [("vertex", a)], 0.4) == hit_test(halfway)  # out of reach


def test_a_tap_about_as_near_two_spots_asks_which_and_plays_nothing():
    """Between two glowing corners a finger is a guess: the status line asks which (a tap
    meant for one took the other and left the lesson, 61_phone_tap_N5.png)."""
    a = board.parse_vertex("N6")
    e = next(e for e in range(board.N_EDGES) if a in board.EDGE_VERTICES[e])
    (b,) = (w for w in board.EDGE_VERTICES[e] if w != a)
    (ax, ay), (bx, by) = board.vertex_xy(a), board.vertex_xy(b)
    # off the edge's middle, square to it, past its reach: no spot is under the finger
    nx, ny = -(by - ay), bx - ax
    k = (EDGE_PICK + 0.02) / math.hypot(nx, ny)
    p = ((ax + bx) / 2 + nx * k, (ay + by) / 2 + ny * k)
    under = hit_test(p)
    assert under is None or under[0] == "hex"
    aims = [("vertex", a), ("vertex", b)]
    assert set(tap_spots(p, aims, 0.6, 0.1)) == set(aims)
    assert tap_spots(p, aims[:1], 0.6, 0.1) == [("vertex", a)]  # one in reach: taken
    t = _phone(Tutor(new_game("base", players=3)))
    t.board.tap([t.view.vp.px(p)])
    assert t.session.node.depth == 0 and t.game.state.vowner[a] == t.game.state.vowner[b] == -1
    assert t.board.pointer.value.startswith("Between corner ")
    assert t.board.pointer.value.endswith(": tap nearer the one you mean.")
    x, y = board.vertex_xy(a)  # nearer one of them: taken
    t.board.tap([t.view.vp.px((x + (p[0] - x) * 0.3, y + (p[1] - y) * 0.3))])
    assert t.game.state.vowner[a] == 0


def test_a_tap_with_no_kind_chosen_takes_the_one_kind_played_on_such_a_spot():
    """A puzzle chooses no kind: a tap on a corner when settling is the only corner move
    plays it (the action's buttons were a long scroll away from the board on a phone)."""
    t = Tutor(new_game("base", players=3))
    t.session.kind = ""
    v = board.parse_vertex("N6")
    t.act_at(("vertex", v))
    assert t.game.state.vowner[v] == 0 and t.session.node.depth == 1  # settled there
    assert board_kind(["settle", "build city"], t.game, "vertex") == ""  # two: not a guess
    assert board_kind(["settle"], t.game, "edge") == ""


# With every label on, a phone's 72 edge tags leave a few no room clear of the others, the
# hexes' letters, the tokens, the pieces and the rings: those are left out rather than drawn
# over another tag (s33: "K5" over "K7" read "K7K5"; label_places.LabelPlaces.room). A tag
# the lesson names or the learner can play must be read, so those are placed first
# (board_tags.draw_labels): a crowded phone leaves out others instead, 7 at 1.1 after N6 on a
# 333 px board (E7, H3, I5, J3, N3, O3, O7; s33: 3, with N7, a legal road, among them). The
# tags by a harbor go beside their spots, off its disc (s49: "B12" lay on a 2:1), and take
# the room of two more
CROWDED_EDGES = 7


def test_labels_on_a_phone_are_of_the_kind_aimed_at(monkeypatch):
    """Corner and edge labels half a unit apart overlap once readable on a phone: the board
    labels the kind the learner aims at (edges while a road glows), both on a wide page."""
    view = BoardView(stand_in_game())
    written: list[str] = []
    spots = set(board.VERTEX_LABELS) | set(board.EDGE_LABELS)
    monkeypatch.setattr(
        view.label_layer,
        "fill_text",
        lambda t, *a, **k: written.append(t) if t in spots else None,  # not the harbors'
    )
    view.show_labels(True)
    assert len(written) == board.N_VERTICES + board.N_EDGES  # natural size: both kinds
    view.set_shown_width(str(PHONE))  # a phone's board drops them; the learner turns them on
    written.clear()
    view.show_labels(True)
    assert sorted(written) == sorted(board.VERTEX_LABELS)  # corners (none glows)
    written.clear()
    view.show_targets([("edge", board.parse_edge("N5")), ("edge", board.parse_edge("N7"))])
    assert set(written) <= set(board.EDGE_LABELS)  # edges (a few without room left out)
    assert len(written) >= board.N_EDGES - CROWDED_EDGES, len(written)


def test_the_page_tells_its_theme_and_the_board_s_width_in_one_hidden_field():
    """page_theme.js and board_width.js share one field ("theme=dark width=187": one widget
    fewer at first paint, issue 35); each key changes only what it is about."""
    view = BoardView(stand_in_game())
    view.page_facts.value = f"theme=dark width={PHONE}"
    assert view.painter.strip_painter.dark and view.zoom < 1
    zoom = view.zoom
    view.page_facts.value = f"theme=light width={PHONE}"
    assert not view.painter.strip_painter.dark and view.zoom == zoom
    view.page_facts.value = "theme=purple width=wide"  # nothing it can read: nothing changes
    assert not view.painter.strip_painter.dark and view.zoom == zoom


def test_the_spots_the_page_names_are_read_with_their_labels_as_written():
    """What named_words.py finds ("K5,N6,L8"): each label a spot, as the text wrote it
    (L8 is corner K4's other name); a word naming no spot is left out."""
    named = named_spots("K5,N6,L8,Q13,hello,")
    assert named == {
        ("edge", board.parse_edge("K5")): "K5",
        ("vertex", board.parse_vertex("N6")): "N6",
        ("vertex", board.parse_vertex("K4")): "L8",
    }
    assert named_spots("") == {}


def test_a_phone_s_board_labels_the_spots_its_words_name(monkeypatch):
    """The labels start off, yet the sentences name spots ("a road on K5"): the spots the
    page's words name are labelled (and only those), as named, on a wide board as on a
    phone (issue 33); with Labels on, every spot is."""
    view = BoardView(stand_in_game())
    written: list[str] = []
    spots = set(board.VERTEX_LABELS) | set(board.EDGE_LABELS) | {"L8"}
    monkeypatch.setattr(
        view.label_layer,
        "fill_text",
        lambda t, *a, **k: written.append(t) if t in spots else None,  # not the harbors'
    )
    view.set_named(named_spots("K5,L8"))  # a wide board: labelled too
    assert sorted(written) == ["K5", "L8"], written  # both kinds, as the words name them
    assert "data-spots='K5 L8'" in view.marker.value
    written.clear()
    view.page_facts.value = f"width={PHONE}"  # the page shrinks it: a phone
    assert sorted(written) == ["K5", "L8"], written  # drawn again, readable at that size
    written.clear()
    view.set_named(named_spots("N6"))  # other words: other labels
    assert written == ["N6"]
    written.clear()
    view.set_named(named_spots("N6"))  # the same: nothing drawn again
    assert written == []
    view.show_labels(True)  # every label: none drawn twice, no named ones on top
    assert sorted(written) == sorted(board.VERTEX_LABELS)
    assert "catan-named-labels" not in view.marker.value


def test_one_function_writes_the_page_s_hidden_field():
    """tellField was written out twice (page_theme.js and board_width.js): one writer now
    (page_facts.js, first of the page's scripts), which every script telling the kernel uses."""
    from catan_tutor.widgets import board_view

    folder = Path(board_view.__file__).parent
    sources = {p.name: p.read_text(encoding="utf-8") for p in folder.glob("*.js")}
    writers = sorted(n for n, text in sources.items() if "new Event('change'" in text)
    assert writers == ["page_facts.js"], writers
    users = sorted(n for n, text in sources.items() if "window.catanTellField;" in text)
    assert users == ["board_width.js", "page_theme.js"], users
    script = board_view.KEYS_JS  # defined before any script takes it
    assert script.index("window.catanTellField = function") < script.index("window.catanTellField;")


def test_a_tap_on_an_edge_with_no_kind_chosen_means_the_road_there_not_a_hex():
    """Puzzle 1.4 on a phone (learner, 2026-11-29): with no kind chosen a tap aimed at the
    hexes, so a tap on the answer's edge asked "Between hex N and hex O"; the finger now aims
    at every spot of the kinds of spot the moment's moves use, and the edge's one kind (a
    road) is taken."""
    t = _phone(Tutor(new_game("base", players=3)))
    t.act_at(("vertex", board.parse_vertex("N6")))  # P1 settles: a road is owed
    t.session.kind = ""
    t.view.show_targets([])  # as in a puzzle: nothing glows
    e = board.parse_edge("N5")
    t.board.tap([t.view.vp.px(board.edge_xy(e))])
    assert t.game.state.eowner[e] == 0, t.board.pointer.value
    assert not t.board.pointer.value.startswith("Between")


def test_a_tap_that_several_kinds_could_mean_names_the_buttons_to_choose_from(monkeypatch):
    """ "Choose what to do first" names the buttons as they read, never where they are ("the
    buttons above" was wrong on a phone, where the question box sits between)."""
    t = _phone(Tutor(new_game("base", players=3)))
    t.session.kind = ""
    monkeypatch.setattr(t.session, "kinds", lambda: ["settle", "build city", "build road"])
    v = board.parse_vertex("N6")
    t.act_at(("vertex", v))
    assert t.session.message == (
        "Choose what to do first: “Build a settlement” or “Build a city”, and it goes on the "
        "corner you tapped."
    )
    assert t.game.state.vowner[v] == -1


def _ring_points(view: BoardView, monkeypatch) -> list[tuple[float, float, float]]:
    """The chosen spot's ring as drawn on the top layer: points along its strokes, each with
    half the stroke's width (canvas px)."""
    top, points = view.hover_layer, []

    def line(x0, y0, x1, y1):
        points.extend(
            (x0 + (x1 - x0) * k / 8, y0 + (y1 - y0) * k / 8, top.line_width / 2) for k in range(9)
        )

    def arc(x, y, r, a0, a1, *_):
        points.extend(
            (x + r * math.cos(a), y + r * math.sin(a), top.line_width / 2)
            for a in (a0 + (a1 - a0) * k / 8 for k in range(9))
        )

    def circle(x, y, r):
        arc(x, y, r, 0.0, 2 * math.pi)

    for name, fn in (("stroke_line", line), ("stroke_arc", arc), ("stroke_circle", circle)):
        monkeypatch.setattr(top, name, fn)
    view._draw_hover()
    return points


def _tag_boxes(view: BoardView, monkeypatch) -> list[tuple[float, float, float, float]]:
    """The boxes of the label tags ``view`` draws from now on (left, top, right, bottom)."""
    tags: list[tuple[float, float, float, float]] = []
    monkeypatch.setattr(
        view.label_layer,
        "fill_rects",
        lambda xs, ys, ws, h: tags.extend(
            (x, y, x + w, y + h) for x, y, w in zip(xs, ys, ws, strict=True)
        ),
    )
    return tags


@pytest.mark.parametrize("shown", [NATURAL, PHONE])
@pytest.mark.parametrize("every", [False, True])
def test_labels_cover_no_piece_no_ring_and_no_other_label(monkeypatch, shown, every):
    """Issue 33 (crop_n5.png): the chosen spot's ring crossed the "N5" label and the "N6" tag
    covered the settlement just placed. At a desktop's width and a phone's, with only the
    named spots labelled or every label on: no label's tag covers a building, a road or the
    ring round the chosen spot (nor the other rings' spots), and no two named tags overlap."""
    game = stand_in_game()
    n6, n5 = board.parse_vertex("N6"), board.parse_edge("N5")
    game.state.vowner[n6], game.state.eowner[board.parse_edge("N7")] = 0, 0
    view = BoardView(game)
    view.set_shown_width(str(shown))
    tags = _tag_boxes(view, monkeypatch)
    view.mark_chosen(("edge", n5))
    view.mark_hint(("vertex", board.parse_vertex("N4")))
    if every:
        view.show_labels(True)
    else:
        view.set_named(named_spots("N6,N5,N4,Q4,M6"))
    assert tags
    pieces = view.painter.pieces()
    halo = 1.0 * view.ratio
    solid = [
        p
        for b in pieces.buildings
        for p in shape(
            *view.vp.px(b.at), view.vp.len(style.SETTLEMENT_SIZE), style.SETTLEMENT_SHAPE
        )
    ]
    for road in pieces.roads:
        a, b = road.ends
        solid += [view.vp.px(toward(a, b, 0.16 + 0.68 * k / 8)) for k in range(9)]
    rings = _ring_points(view, monkeypatch)
    assert rings
    for left, top, right, bottom in tags:
        for x, y in solid:
            assert not (left - halo < x < right + halo and top - halo < y < bottom + halo), (
                "a label covers a piece"
            )
        for x, y, half in rings:
            assert not (left - half < x < right + half and top - half < y < bottom + half), (
                "a ring crosses a label"
            )
    if not every:
        for i, a in enumerate(tags):
            for b in tags[i + 1 :]:
                assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]), (a, b)


def test_spots_named_while_the_board_is_laid_out_are_labelled_without_a_layout():
    """Lesson 1.3 names harbors' edges (A11, B1) while its hexes are still being laid (no
    layout yet, so no number tokens to keep clear of): the named labels are drawn, not a
    crash that left the board blank ("Something went wrong here")."""
    sc = load_scenario(packaged_lessons() / "base_variable_board.catan.yaml")
    t = Tutor(sc)
    for _ in range(19):
        t.session.forward()
    assert t.game.layout is None
    t.view.set_named(named_spots("A11,B1"))
    t.session.forward()
    assert t.view.named and t.game.layout is None


@pytest.mark.parametrize("shown", [NATURAL, PHONE])
def test_named_labels_keep_off_the_hexes_letters(monkeypatch, shown):
    """Issue 33 (a fresh learner): "K4" covered the hex letter P, "N4" R and "A1" A. A named
    spot's tag goes beside it where it covers no hex's letter."""
    game = stand_in_game()
    view = BoardView(game)
    view.set_shown_width(str(shown))
    tags = _tag_boxes(view, monkeypatch)
    view.set_named(named_spots("K4,N4,A1,N6,N5"))
    assert len(tags) == 5
    letters = [
        view.vp.px((x, y - style.LETTER_OFFSET))
        for x, y in (board.hex_centre_xy(h) for h in range(board.N_HEXES))
    ]
    for left, top, right, bottom in tags:
        for x, y in letters:
            assert not (left < x < right and top < y < bottom), "a label covers a hex's letter"


def _letter_boxes(view: BoardView, monkeypatch) -> dict[str, tuple[float, float, float, float]]:
    """The hexes' letters as the static layer writes them: each one's box (canvas px), from
    its font's size (a capital's width, ``text_em``; its height, the size) and 2 px round it."""
    layer, out = view.static, {}

    def write(text, x, y, max_width=None):
        if len(text) == 1 and text.isupper() and "bold" in layer.font:
            size = float(re.search(r"(\d+(?:\.\d+)?)px", layer.font).group(1))
            w, h, gap = text_em(text) * size / 2, 0.5 * size, 2 * view.ratio
            out[text] = (x - w - gap, y - h - gap, x + w + gap, y + h + gap)

    monkeypatch.setattr(layer, "fill_text", write)
    view.draw_static()
    return out


def _tab_boxes(view: BoardView, monkeypatch) -> list[tuple[float, float, float, float]]:
    """The harbors' word tabs (four-cornered polygons) the static layer draws (a phone's)."""
    layer, out = view.static, []

    def polygon(points):
        if len(points) == 4:
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            out.append((min(xs), min(ys), max(xs), max(ys)))

    monkeypatch.setattr(layer, "fill_polygon", polygon)
    view.draw_static()
    return out


def _meet(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("shown", [NATURAL, PHONE, 333])  # 333: a 375 px page's board
def test_no_harbor_tab_ring_or_label_hides_a_hex_s_letter(monkeypatch, shown):
    """Issue 33 (learners 11 and 12): on a phone the harbors' word tabs ("2:1 grain",
    "2:1 lumber") covered the letters of hexes B and H; at 1280 the hint's ring at K4 covered
    P's letter and the label "M4" sat against Q's. At both widths: no tab and no named label
    meets a hex's letter's box (nor at 1280 any label of every spot); a letter a ring crosses
    is written again over the ring, on a chip of its hex's colour (the ring passes under it)."""
    game = stand_in_game()
    view = BoardView(game)
    view.set_shown_width(str(shown))
    letters = _letter_boxes(view, monkeypatch)
    assert len(letters) == board.N_HEXES
    tabs = _tab_boxes(view, monkeypatch)
    assert len(set(tabs)) == 5  # the five 2:1 harbors' words (drawn twice: over the land)
    for tab in tabs:
        assert not [k for k, box in letters.items() if _meet(tab, box)], tab
    tags = _tag_boxes(view, monkeypatch)
    view.mark_hint(("vertex", board.parse_vertex("K4")))
    view.set_named(named_spots("K4,N4,A1,N6,N5,M4,Q4"))
    assert len(tags) == 7
    for tag in tags:
        assert not [k for k, box in letters.items() if _meet(tag, box)], tag
    over: list[str] = []
    monkeypatch.setattr(view.hover_layer, "fill_text", lambda t, *a, **k: over.append(t))
    view._draw_hover()
    assert "P" in over, over  # K4's ring crosses P's letter: written again over it
    if shown == NATURAL:  # every label on ("J" was covered; a phone's 54 are too many for
        tags.clear()  # its room: it shows the kind aimed at, and none at first)
        view.show_labels(True)
        assert len(tags) > 100
        for tag in tags:
            assert not [k for k, box in letters.items() if _meet(tag, box)], tag


@pytest.mark.parametrize("aimed", ["vertex", "edge"])
def test_every_label_on_a_phone_leaves_each_hex_s_letter_readable(monkeypatch, aimed):
    """With the labels on, a phone's board labels every corner (or, a road aimed at, every
    edge): no tag covers a hex's letter (a corner's tag covered the letter under each hex's
    top corner, two edge tags those between a hex's top edges: labels_v_before.png)."""
    from catan_tutor.scene import board_scene
    from catan_tutor.widgets.label_places import meets
    from catan_tutor.widgets.letter_room import LETTER_EM, letter_box

    view = BoardView(stand_in_game())
    view.set_shown_width(str(PHONE))
    if aimed == "edge":
        view.show_targets([("edge", board.parse_edge("N5"))])
    tags: list[tuple[float, float, float, float]] = []

    def rects(xs, ys, ws, h):
        tags.extend((x, y, x + w, y + h) for x, y, w in zip(xs, ys, ws, strict=True))

    monkeypatch.setattr(view.highlight, "fill_rects", rects)
    view.show_labels(True)
    if aimed == "vertex":
        assert len(tags) == board.N_VERTICES
    else:  # (a few edges without room left out, none over another: CROWDED_EDGES)
        assert board.N_EDGES - CROWDED_EDGES <= len(tags) <= board.N_EDGES
    assert not [(a, b) for k, a in enumerate(tags) for b in tags[k + 1 :] if meets(a, b)]
    game = view.game
    size = view.painter.text(LETTER_EM)
    covered = [
        tile.letter
        for tile in board_scene(game.state, game.layout).tiles
        if any(meets(tag, letter_box(view.vp, tile, size)) for tag in tags)
    ]
    assert covered == []


@pytest.mark.parametrize("shown", [333, PHONE, NATURAL])  # 333: a 375 px page's board
def test_a_named_label_keeps_a_clear_room_from_every_hex_s_letter(monkeypatch, shown):
    """A fresh learner on a 375x740 phone (lesson 1.1, m01.png): the "K4" tag stood right
    beside P's letter on its line, read as one "K4P": the label kept 2 px (canvas px, shrunk
    with the board to ~1 px on the screen) from the letter's box. Each named tag keeps at
    least half a letter's size clear of every hex's letter, at the phone's scales too."""
    sc = load_scenario(packaged_lessons() / "base_setup.catan.yaml")
    view = BoardView(Tutor(sc).game)  # the lesson's board, no piece yet
    view.set_shown_width(str(shown))
    size = view.painter.text(LETTER_EM)
    letters = {
        letter: letter_box(view.vp, SimpleNamespace(letter=letter, centre=board.hex_centre_xy(h)),
                           size)
        for h, letter in enumerate(board.HEX_NAMES)
    }  # fmt: skip
    tags = _tag_boxes(view, monkeypatch)
    view.set_named(named_spots("K4,N5,N6"))  # the lesson's first step names them
    assert len(tags) == 3
    room = size / 2
    for tag in tags:
        near = [k for k, (x0, y0, x1, y1) in letters.items()
                if _meet(tag, (x0 - room, y0 - room, x1 + room, y1 + room))]  # fmt: skip
        assert near == [], (tag, near)


@pytest.mark.parametrize("seed", [None, 3, 11])  # the beginner board, two variable ones
@pytest.mark.parametrize("shown", [PHONE, 333])
def test_a_phones_harbor_words_lie_at_sea_clear_of_the_hexes(monkeypatch, shown, seed):
    """A phone's harbor words sat on tabs under or over their discs, over the coast's hexes
    and the corners a settlement takes ("lumber" over D, "ore" over G and L: a fresh look,
    s15): each tab now goes out to sea, away from the board's centre, and meets no hex."""
    from catan_tutor.palette import hex_corners
    from catan_tutor.scene import board_scene
    from catan_tutor.widgets.label_places import hits
    from catan_tutor.widgets.letter_room import _over

    game = stand_in_game() if seed is None else new_game("base", players=3, seed=seed,
                                                         board="variable")  # fmt: skip
    view = BoardView(game)
    view.set_shown_width(str(shown))
    tabs = set(_tab_boxes(view, monkeypatch))
    assert len(tabs) == 5
    land = [view.vp.pxs(hex_corners(h)) for h in range(board.N_HEXES)]
    bounds = (0, 0, 2 * view.vp.ox, 2 * view.vp.oy)
    r = view.vp.len(style.HARBOR_RADIUS)
    discs = [view.vp.px(h.spot) for h in board_scene(game.state, game.layout).harbors]
    for tab in tabs:
        assert not [h for h, hexagon in enumerate(land) if _over(tab, hexagon)], tab
        assert bounds[0] <= tab[0] and tab[2] <= bounds[2] and tab[3] <= bounds[3], tab
        assert not [d for d in discs if hits(tab, (*d, r))], tab  # the "2:1" uncovered


def _lessons_in_order() -> list[str]:
    from catan_tutor.study.course import course

    places = course(packaged_lessons())
    return sorted(places, key=lambda k: (places[k].chapter, places[k].number))


SEEN_COVERED = [("puzzle_ck_progress", 4), ("ck_win_13", 0), ("ck_2p_cards_neutral_knights", 0)]


def _phone_at(lesson: str, steps: int) -> Tutor:
    """The lesson opened on a 375x740 phone, ``steps`` steps on."""
    t = _phone(Tutor(load_scenario(packaged_lessons() / f"{lesson}.catan.yaml")))
    for _ in range(steps):
        t.session.forward()
    return t


@pytest.mark.parametrize(
    ("lesson", "steps"),
    SEEN_COVERED,  # 9.18's question, 10.4's and 11.9's starts (every start: the sweep below)
)
def test_a_phones_named_labels_cover_no_number_token_and_no_harbor(monkeypatch, lesson, steps):
    """A 375x740 phone (s18): "O4" lay over S's number token at puzzle 9.18's question, "R4"
    over a 3:1 harbor (a token cost a label 8, a piece 100: where pieces ringed a corner, its
    label went onto the token). At every lesson's start (and 9.18's question), no label the
    page's words name (a phone shows no other at first) meets a number token's disc, a
    harbor's disc or a harbor word's tab."""
    _named_cover_nothing(_phone_at(lesson, steps), monkeypatch)


def _named_cover_nothing(t: Tutor, monkeypatch) -> None:
    from catan_tutor.scene import board_scene
    from catan_tutor.widgets.label_places import hits

    view, game = t.view, t.view.game
    if game.layout is None or not view.named:
        return  # nothing named yet, or the hexes still being laid
    tabs = set(_tab_boxes(view, monkeypatch))
    tags = _tag_boxes(view, monkeypatch)
    view._draw_targets()
    assert len(tags) == len(view.named)
    vp = view.vp
    tokens = [(*vp.px(board.hex_centre_xy(h)), vp.len(style.TOKEN_RADIUS))
              for h, n in enumerate(game.layout.numbers) if n]  # fmt: skip
    r = vp.len(style.HARBOR_RADIUS)
    harbors = [(*vp.px(h.spot), r) for h in board_scene(game.state, game.layout).harbors]
    for tag in tags:
        assert not [d for d in tokens if hits(tag, d)], ("over a token", tag, view.named)
        assert not [d for d in harbors if hits(tag, d)], ("over a harbor", tag, view.named)
        assert not [b for b in tabs if _meet(tag, b)], ("over a harbor's word", tag)


def _tag_texts(view: BoardView, monkeypatch) -> list[tuple[str, float, float]]:
    """The label tags ``view`` draws from now on: (text, x, y) of each, its middle."""
    said: list[tuple[str, float, float]] = []
    monkeypatch.setattr(
        view.label_layer, "fill_text", lambda t, x, y, *a, **k: said.append((t, x, y))
    )
    return said


def _label_spot(text: str) -> tuple[str, int] | None:
    """The spot a label names (a corner's first: "K4" is both a corner and an edge)."""
    for kind, labels in (("vertex", board.VERTEX_LABELS), ("edge", board.EDGE_LABELS)):
        if text in labels:
            return kind, labels.index(text)
    return None


def _lines_drawn(view: BoardView, monkeypatch) -> list[tuple[float, float, float, float]]:
    """The lines ``view``'s labels layer strokes from now on (x1, y1, x2, y2)."""
    lines: list[tuple[float, float, float, float]] = []
    monkeypatch.setattr(view.label_layer, "stroke_line", lambda *a: lines.append(a))
    return lines


def _on_tag(tags, text: str, x: float, y: float, end: tuple[float, float]) -> bool:
    """Whether ``end`` lies on the edge of a tag round ``(x, y)`` (the tag of ``text``)."""
    round_it = [b for b in tags if b[0] <= x <= b[2] and b[1] <= y <= b[3]]
    return any(b[0] - 1 <= end[0] <= b[2] + 1 and b[1] - 1 <= end[1] <= b[3] + 1 for b in round_it)


@pytest.mark.parametrize(
    ("lesson", "steps"),
    [("ck_2p_cards_neutral_knights", 0), ("base_dev_cards", 0), ("puzzle_ck_metropolis", 5)],
    # (quick ones: 10.6's question, where l23 read "QQ4"; every start: the sweep below)
)
def test_a_phones_labels_sit_by_their_own_spots(monkeypatch, lesson, steps):
    """A 375x740 phone (l19): labels drifted from their spots, tried up to six label heights
    out past a token ("N4" beside P1's settlement on N6 at 7.1, "H4" over hex M at 5.13,
    "C7" far from its edge). At every lesson's start, each label the page names (and with
    every label on, each corner's) sits nearer its own spot than any other spot of its kind,
    or a line leads from its spot to its tag; none the page names covers a number token or
    a harbor's disc; no two overlap (l23: "QQ4", label_places.LabelPlaces._past_labels)."""
    _labels_sit_by_their_spots(_phone_at(lesson, steps), lesson, monkeypatch)


@pytest.mark.slow
@pytest.mark.course
@pytest.mark.parametrize("lesson", _lessons_in_order())
def test_at_every_lesson_s_start_a_phone_s_labels_sit_by_their_spots_covering_nothing(
    monkeypatch, lesson
):
    """Both checks above at every lesson's start, on one phone page a lesson (opening it
    and drawing it for a phone was half of each check's time): the named labels cover no
    number token, harbor or harbor's word; every label sits by its own spot or has its line;
    no two overlap."""
    t = _phone_at(lesson, 0)
    _named_cover_nothing(t, monkeypatch)
    _labels_sit_by_their_spots(t, lesson, monkeypatch)


def _labels_sit_by_their_spots(t: Tutor, lesson: str, monkeypatch) -> None:
    from catan_tutor.scene import board_scene
    from catan_tutor.widgets.board_tags import SPOT_XY
    from catan_tutor.widgets.label_places import hits, ring_reach

    view, game = t.view, t.view.game
    if game.layout is None:
        return
    vp = view.vp
    tokens = [(*vp.px(board.hex_centre_xy(h)), vp.len(style.TOKEN_RADIUS))
              for h, n in enumerate(game.layout.numbers) if n]  # fmt: skip
    r = vp.len(style.HARBOR_RADIUS)
    harbors = [(*vp.px(h.spot), r) for h in board_scene(game.state, game.layout).harbors]
    kinds = {k: [vp.px(SPOT_XY[k](i)) for i in range(n)]
             for k, n in (("vertex", board.N_VERTICES), ("edge", board.N_EDGES))}  # fmt: skip
    for every in (False, True):
        said, tags = _tag_texts(view, monkeypatch), _tag_boxes(view, monkeypatch)
        lines = _lines_drawn(view, monkeypatch)
        if every:
            view.show_labels(True)
        else:
            view._draw_targets()
        named = {text: spot for spot, text in view.named.items()}
        for text, x, y in said:  # (y: the text's, 0.06 of its size under the tag's middle)
            spot = _label_spot(text) if every else named.get(text)
            if spot is None:
                continue  # (a harbor's "3:1")
            kind, i = spot
            near = min(range(len(kinds[kind])), key=lambda j: math.dist(kinds[kind][j], (x, y)))
            own, other = math.dist(kinds[kind][i], (x, y)), math.dist(kinds[kind][near], (x, y))
            if near == i or own <= other + 0.5:
                continue
            # far out (past a token): a line from its own spot (its ring's edge) to the tag
            sx, sy = kinds[kind][i]
            reach = vp.len(ring_reach(spot)) + 1
            assert any(
                math.dist((a, b), (sx, sy)) <= reach and _on_tag(tags, text, x, y, (p, q))
                for a, b, p, q in lines
            ), (lesson, every, text, (x, y), near)
        for tag in tags if not every else ():  # (every label on: ~126 on a phone's board)
            assert not [d for d in tokens if hits(tag, d)], ("over a token", tag)
            assert not [d for d in harbors if hits(tag, d)], ("over a harbor", tag)
        # no two tags overlap, every label on too ("Q8" over "Q4" read "QQ4" at 10.6: l23)
        met = [(a, b) for k, a in enumerate(tags) for b in tags[k + 1 :] if _meet(a, b)]
        assert not met, (lesson, every, met)


def test_a_tap_where_no_kind_plays_on_such_a_spot_says_so_not_an_inner_name():
    """l27 on a phone at 2.2: a tap on the board while the dice were to be rolled said
    "Choose what to do first: “Die”.": no kind plays on a spot then, and it says so."""
    from catan_tutor.state import BOARD as BOARD_PHASE
    from catan_tutor.widgets.tap_choices import NOTHING_HERE

    t = Tutor(load_scenario(packaged_lessons() / "base_production_robber.catan.yaml"))
    while not t.game.is_chance() or t.game.state.phase == BOARD_PHASE:
        t.session.forward()
    t.session.kind = ""
    t.act_at(("vertex", board.parse_vertex("N6")))
    assert t.session.message == NOTHING_HERE, t.session.message
    assert "“Die”" not in t.session.message


def test_what_try_a_move_says_of_labels_is_what_a_phone_shows():
    """Try a move's help said "The Labels button under the board shows every spot's label",
    untrue on a phone (the corners', or the edges' while roads glow: label_kinds)."""
    from catan_tutor.widgets.board_tags import label_kinds
    from catan_tutor.widgets.try_words import LABELS

    view = BoardView(stand_in_game())
    view.set_shown_width(str(PHONE))
    vertex, edge = ("vertex", board.parse_vertex("N6")), ("edge", board.parse_edge("N5"))
    assert label_kinds(view.vp, view.zoom, view.ratio, []) == ("vertex",)
    assert label_kinds(view.vp, view.zoom, view.ratio, [vertex]) == ("vertex",)
    assert label_kinds(view.vp, view.zoom, view.ratio, [edge]) == ("edge",)
    assert "every" not in LABELS and "corners' labels" in LABELS
    assert "edges' labels where the board has room or while roads can be placed" in LABELS


@pytest.mark.parametrize("shown", [NATURAL, 333])  # (a 375 px phone's board at 4.3: 333 px)
def test_every_label_on_keeps_each_tag_apart_from_the_next(monkeypatch, shown):
    """s31, a fresh learner at 4.3 on a desktop (1280 px) with every label on: the corners'
    and edges' tags round N and M touched ("I7" against "H4", "J7" against "J6", "Q4" on
    "N6"): an edge's tag on its edge's middle is half a unit from its corners' (14 pairs less
    than 1 px apart on that board, 10 on a phone's). An edge's tag sits a little inside the
    hex it is named by (``EDGE_INSET``) and a tag that meets another steps aside: every two
    tags at least 1 px apart as shown, on the desktop's board and the phone's (at 363 px,
    2 pairs of 6 are left 0.3 px apart: "J6" finds no room clear of the pieces and letters)."""
    t = Tutor(load_scenario(packaged_lessons() / "puzzle_base_awards.catan.yaml"))
    view = t.view
    view.set_shown_width(str(shown))
    tags = _tag_boxes(view, monkeypatch)
    view.show_labels(True)
    # (every corner, and edge; on a phone four empty corners' tags with no room but far out,
    # a line back, are left out instead: s34, test_tag_places)
    assert len(tags) >= (126 if shown == NATURAL else 50)
    room = 1.0 * view.ratio / view.zoom  # 1 CSS px as shown, in canvas px

    def apart(a, b) -> float:
        return max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])

    near = [(a, b) for k, a in enumerate(tags) for b in tags[k + 1 :] if apart(a, b) < room]
    assert not near, (shown, near)


def test_the_why_not_banner_keeps_off_the_harbors_words_where_the_other_edge_is_free(
    monkeypatch,
):
    """s43 at 1.1 (1280 wide): a two-line reason for M4 went on the top strip, the edge
    farther from the spot, over the "grain" harbor's word. A harbor's disc and word count as
    pieces the banner covers: it goes along the bottom, which hides none."""
    from catan_tutor.study.resources import packaged_lessons
    from catan_tutor.study.scenario import load_scenario
    from catan_tutor.widgets import Tutor
    from catan_tutor.widgets import board_view as bv
    from catan_tutor.widgets.harbor_marks import harbor_marks

    view = Tutor(load_scenario(packaged_lessons() / "base_setup.catan.yaml")).view
    drawn = []

    def spy(*args, **kwargs):
        drawn.append(banner(*args, **kwargs))
        return drawn[-1]

    monkeypatch.setattr(bv, "banner", spy)
    view.mark_refused(("vertex", board.parse_vertex("M4")), LONG)
    (tag,) = drawn
    assert len(tag.lines) >= 2
    discs, tabs = harbor_marks(view.painter)
    marks = [y for _, y, _ in discs] + [(t[1] + t[3]) / 2 for t in tabs]
    assert tabs and not [y for y in marks if tag.top <= y <= tag.top + tag.height], tag


@pytest.mark.parametrize("shown", [PHONE, 240])  # (240: a phone's smaller board, 72 %)
def test_a_harbor_s_ratio_is_written_within_its_disc(shown, monkeypatch):
    """s49, a phone's smaller board: "3:1" and "2:1", at the least readable size, ran past
    their discs' rims. The ratio is written no wider than the disc (the canvas narrows the
    glyphs to fit), at the same readable size."""
    t = Tutor(new_game("base", players=3))
    t.view.set_shown_width(str(shown))
    written: list[tuple[str, float | None]] = []
    layer = t.view.layers[0]
    monkeypatch.setattr(
        layer, "fill_text", lambda s, x, y, max_width=None: written.append((s, max_width))
    )
    t.view.redraw()
    ratios = [w for s, w in written if s in ("3:1", "2:1")]
    disc = 2 * t.view.vp.len(style.HARBOR_RADIUS)
    assert len(ratios) >= 9 and all(w is not None and w < disc for w in ratios), (ratios, disc)
