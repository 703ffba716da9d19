"""Hostile input in the kernel: markup and script payloads in every free-text field of a
scenario, a pasted position or a saved session never reach the page as markup; colours are a
closed set; a broken lesson file, an unexpected error or a damaged address never breaks the app;
per-visitor histories are bounded."""

from __future__ import annotations

import gc
import html
import logging
import re
import weakref
from html.parser import HTMLParser

import ipywidgets as widgets
import pytest

from catan_tutor import Game, new_game
from catan_tutor.colors import COLOR_NAMES, is_color
from catan_tutor.errors import LinkError, PositionError, ScenarioError
from catan_tutor.resources import packaged_lessons
from catan_tutor.scenario import dumps_scenario, loads_scenario
from catan_tutor.widgets import App, Tutor, session, style
from catan_tutor.widgets import tutor as tutor_module
from catan_tutor.widgets.markup import lesson
from catan_tutor.widgets.move_list import MOVES_CSS

ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent

# Each would run script, restyle the page or post a form if it reached the page as markup.
PAYLOADS = [
    "<script>window.__pwned = 1</script>",
    '<img src=x onerror="window.__pwned = 1">',
    '<a href="javascript:window.__pwned = 1">click me</a>',
    "[click me](javascript:window.__pwned=1)",
    '<iframe src="javascript:window.__pwned = 1"></iframe>',
    "<svg onload=window.__pwned=1><circle r=9 /></svg>",
    '"><b id="pwn">bold</b>',
    "'><style>*{display:none}</style>",
    '<form action="/api/kernels" method="post"><button>go</button></form>',
    "<details open ontoggle=window.__pwned=1>",
    "&lt;script&gt;double-escaped&lt;/script&gt;",
]
SAFE_TAGS = {"div", "span", "b", "p", "br", "em", "strong", "code", "pre", "ul", "ol", "li",
             "blockquote", "a", "table", "thead", "tbody", "tr", "th", "td", "img", "details",
             "summary", "section"}


class _Markup(HTMLParser):
    """Every tag and attribute in a piece of HTML."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def page_html(root: widgets.Widget) -> list[str]:
    """The HTML of every HTML widget under ``root``."""
    out, todo, seen = [], [root], set()
    while todo:
        w = todo.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        if isinstance(w, widgets.HTML | widgets.HTMLMath):
            out.append(w.value)
        todo.extend(getattr(w, "children", ()))
    return out


# The package's own fixed style sheets (no visitor text can reach them).
OWN_STYLES = {tutor_module.PLAY_CSS, MOVES_CSS, f"<style>{style.THEME_CSS}</style>"}


def assert_no_payload_markup(root: widgets.Widget) -> None:
    for text in page_html(root):
        if text in OWN_STYLES:
            continue
        parser = _Markup()
        parser.feed(text)
        for tag, attrs in parser.tags:
            assert tag in SAFE_TAGS, (tag, text[:200])
            assert not any(k.startswith("on") for k in attrs), (tag, attrs)
            assert attrs.get("id") != "pwn"
            href = (attrs.get("href") or attrs.get("src") or "").strip().lower()
            assert not href or href.startswith(("https:", "http:", "data:text/yaml",
                                                "data:image/png")), (tag, attrs)
            if tag == "img":  # only the Odds figure (a PNG the kernel drew) is an image
                assert href.startswith("data:image/png")


def hostile_scenario(payload: str) -> str:
    q = payload.replace("'", "''")
    return f"""title: '{q}'
variant: base
players: 3
goal: '{q}'
tutor: '{q}'
moves:
- move: P1 settle H4
  comment: '{q}'
  tutor: '{q}'
"""


# ---------------------------------------------------------------- markup never gets through
@pytest.mark.parametrize("payload", PAYLOADS)
def test_scenario_texts_with_markup_show_as_text_in_every_panel(payload):
    sc = loads_scenario(hostile_scenario(payload), "hostile.catan.yaml")
    t = Tutor(sc)
    for step in (t.first, t.forward):  # the root (goal, tutor text) and the move's comment
        step()
        t.tabs.selected_index = tutor_module.TABS.index("File")
        assert_no_payload_markup(t.widget)
    t.comment.value = payload  # a comment typed in the Moves tab
    t.refresh()
    assert_no_payload_markup(t.widget)
    shown = html.unescape(re.sub(r"<[^>]*>", "", t.lesson.value))
    assert html.unescape(re.sub(r"<[^>]*>", "", payload)).strip("[]\"'> ")[:5] in shown


@pytest.mark.parametrize("payload", PAYLOADS)
def test_markdown_renderer_keeps_no_tag_or_script_url_from_the_payload(payload):
    parser = _Markup()
    parser.feed(lesson(payload))
    assert all(tag in {"p", "a", "em", "strong", "code"} for tag, _ in parser.tags)
    for _, attrs in parser.tags:
        assert not (attrs.get("href") or "https:").lower().startswith("javascript")
        assert not any(k.startswith("on") for k in attrs)


def test_markdown_subset_keeps_lesson_formatting():
    out = lesson("A **strong** knight\n\n* one\n* two\n\n[rules](https://example.org/r)")
    assert "<strong>strong</strong>" in out and out.count("<li>") == 2
    assert 'href="https://example.org/r"' in out and 'rel="noopener noreferrer nofollow"' in out


# ---------------------------------------------------------------- colours: a closed set
@pytest.mark.parametrize("bad", ["<img/src=x/onerror=alert(1)>", "javascript:alert(1)",
                                 "red;background:url(https://evil.example/x)", "#12345g",
                                 "#fff", "url(x)", "", "RED", "rgb(1,2,3)"])
def test_position_text_refuses_a_colour_outside_the_palette(bad):
    text = new_game("base", players=4).position()
    assert "colors=red,blue,white,orange" in text
    with pytest.raises(PositionError, match="colors"):
        Game.from_position(text.replace("colors=red,blue,white,orange",
                                        f"colors=red,blue,white,{bad}"))


def test_position_text_refuses_two_parties_of_one_colour():
    text = new_game("base", players=4).position()
    with pytest.raises(PositionError, match="share a colour"):
        Game.from_position(text.replace("colors=red,blue,white,orange",
                                        "colors=red,blue,white,red"))


def test_hex_and_named_colours_round_trip_and_draw():
    g = new_game("base", players=3, colors=("#1A2b3c", "green", "brown"))
    same = Game.from_position(g.position())
    assert same.colors == ("#1A2b3c", "green", "brown")
    assert [style.player_fill(c) for c in same.colors][0] == "#1A2b3c"
    assert all(is_color(style.player_fill(c)) for c in COLOR_NAMES)


def test_new_game_refuses_a_bad_colour_and_the_view_never_passes_one_on():
    with pytest.raises(PositionError, match="not a colour"):
        new_game("base", players=3, colors=("red", "blue", "</style>"))
    assert style.player_fill("</span><script>") == style.UNKNOWN_FILL


def test_scenario_with_a_hostile_colour_is_refused_with_its_line():
    text = new_game("base", players=3).position().replace("colors=red,blue,white",
                                                           "colors=red,blue,javascript:x")
    with pytest.raises(ScenarioError, match=r"hostile\.catan\.yaml:\d+: position: .*colou?r"):
        loads_scenario(f"title: t\nvariant: base\nplayers: 3\nposition: '{text}'\n",
                       "hostile.catan.yaml")


def test_pasted_position_with_markup_is_refused_and_nothing_changes():
    t = Tutor(new_game("base", players=3))
    before = t.game.position()
    text = before.replace("colors=red,blue,white", "colors=red,blue,<img/src=x/onerror=1>")
    assert "colors" in t.set_position(text)
    assert t.game.position() == before
    assert_no_payload_markup(t.widget)
    assert "&lt;img" in t.file_status.value


def test_download_of_a_hostile_scenario_reads_back_as_the_same_text():
    payload = PAYLOADS[1]
    sc = loads_scenario(hostile_scenario(payload), "hostile.catan.yaml")
    again = loads_scenario(dumps_scenario(sc), "again.catan.yaml")
    assert again.title == payload and again.root.tutor == payload


# ---------------------------------------------------------------- the library and the app
def _write_library(tmp_path):
    (tmp_path / "good.catan.yaml").write_text((packaged_lessons() /
                                               "ck_knight_displacement.catan.yaml").read_text())
    (tmp_path / "latin1.catan.yaml").write_bytes("title: Caf\xe9\n".encode("latin-1"))
    (tmp_path / "untitled.catan.yaml").write_text("variant: base\nplayers: 3\n")
    (tmp_path / "broken.catan.yaml").write_text("title: Broken\nvariant: chess\nplayers: 3\n")
    return tmp_path


def test_a_broken_lesson_file_is_listed_with_its_error_and_the_app_still_works(tmp_path):
    app = App(_write_library(tmp_path), start="Knight displacement", query="")
    labels = [label for label, _ in app.picker.options]  # (label with a ✓ when done, value)
    assert labels[0] == "Broken" or "Knight displacement" in labels
    assert "⚠ latin1 (cannot be opened)" in labels and "⚠ untitled (cannot be opened)" in labels
    assert app.tutor.lesson_id == "good"
    before = app.tutor.game.position()
    app.picker.value = "⚠ latin1 (cannot be opened)"
    assert "not a UTF-8 text file" in app.status.value and app.tutor.game.position() == before
    app.picker.value = "Broken"
    assert "broken.catan.yaml" in app.status.value and "chess" in app.status.value
    assert app.tutor.game.position() == before


def test_an_unexpected_error_shows_an_id_that_the_log_records(monkeypatch, caplog):
    t = Tutor(new_game("base", players=3))

    def broken(*_):
        raise RuntimeError("boom in a handler")

    monkeypatch.setattr(t, "_tree", broken)  # reached from the tab switch's handler
    logger = logging.getLogger("catan_tutor")
    monkeypatch.setattr(logger, "propagate", True)
    with caplog.at_level(logging.ERROR, logger="catan_tutor"):
        t.tabs.selected_index = tutor_module.TABS.index("Moves")
    ident = t.alert.value.split("error ")[1].split(")")[0]
    assert len(ident) == 8 and "Traceback" not in t.alert.value and "boom" not in t.alert.value
    assert any(ident in r.getMessage() and r.exc_info for r in caplog.records)


def test_a_refusal_from_the_engine_in_a_handler_shows_its_own_reason():
    t = Tutor(new_game("base", players=3))
    handler = t._safe(lambda: t.play("P2 settle H4"))
    handler()
    assert "BASE-TURN" in t.alert.value and "error " not in t.alert.value


# ---------------------------------------------------------------- bounded memory per visitor
def test_undo_edit_history_is_capped_and_old_games_are_freed():
    t = Tutor(new_game("base", players=3))
    first = weakref.ref(t.timeline)
    for _ in range(tutor_module.MAX_EDIT_UNDO + 5):
        t.open(new_game("base", players=3))
    gc.collect()
    assert len(t._edits) == tutor_module.MAX_EDIT_UNDO
    assert first() is None


def test_move_tree_is_capped(monkeypatch):
    monkeypatch.setattr(tutor_module, "MAX_TIMELINE_NODES", 3)
    t = Tutor(new_game("base", players=3))
    t.play("P1 settle H4")
    t.play("P1 road H3")
    with pytest.raises(tutor_module.TimelineFullError):
        t.play("P2 settle J6")
    assert "full" in t.message.value and len(t.timeline.nodes) == 3
    t.back()
    t.play("P1 road H3")  # following a move already in the tree is fine
    assert t.timeline.current.depth == 2


# ---------------------------------------------------------------- the line kept in the address
def test_session_state_restores_a_lesson_line_after_a_reload(tmp_path):
    app = App(_write_library(tmp_path), start="good", query="")
    t = app.tutor
    t.last()
    state, position = t.session.value, t.game.position()
    reloaded = App(tmp_path, query=f"theme=dark&s={state}")
    assert reloaded.tutor.lesson_id == "good" and reloaded.tutor.game.position() == position
    assert reloaded.tutor.scenario is not None and reloaded.status.value == ""


def test_session_state_restores_a_played_game_from_its_position():
    app = App(packaged_lessons(), query="")
    app.tutor.open(new_game("base", players=3))
    for move in ("P1 settle H4", "P1 road H3", "P2 settle J6"):
        app.tutor.play(move)
    app.tutor.back()
    reloaded = App(packaged_lessons(), query="s=" + app.tutor.session.value)
    assert reloaded.tutor.game.position() == app.tutor.game.position()
    assert reloaded.tutor.timeline.current.depth == 2


@pytest.mark.parametrize("state", ["%3Cscript%3E", "A" * 40, "eJzLSM3JyQcABiwCFQ",
                                   "x" * (session.MAX_STATE_CHARS + 10)])
def test_a_damaged_session_state_is_explained_and_the_default_lesson_opens(state):
    app = App(packaged_lessons(), start="Knight displacement", query=f"s={state}")
    assert "could not be restored" in app.status.value
    assert app.tutor.lesson_id == "ck_knight_displacement"


def test_session_state_refuses_a_compression_bomb_and_unknown_lessons():
    import base64
    import zlib

    bomb = base64.urlsafe_b64encode(zlib.compress(b'{"v":1,"moves":["' + b"a" * (8 << 20)
                                                  + b'"]}', 9)).decode().rstrip("=")
    assert len(bomb) < session.MAX_STATE_CHARS
    with pytest.raises(LinkError, match="too large"):
        session.decode(bomb)
    state = session.encode(session.Line(lesson="../../etc/passwd"))
    app = App(packaged_lessons(), query="s=" + state)
    assert "no lesson" in app.status.value


def test_session_state_of_an_illegal_line_restores_as_far_as_it_goes():
    start = new_game("base", players=3).position()
    state = session.encode(session.Line(position=start, moves=["P1 settle H4", "P1 settle A1",
                                                               "P1 road H3"]))
    app = App(packaged_lessons(), query="s=" + state)
    assert app.tutor.timeline.current.depth == 1
    assert "move 2 of the saved line" in app.tutor.message.value
