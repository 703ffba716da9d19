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
from helpers import yaml_quote

from catan_tutor import Game, new_game
from catan_tutor.colors import COLOR_NAMES, is_color
from catan_tutor.errors import LinkError, PositionError, ScenarioError
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import dumps_scenario, loads_scenario
from catan_tutor.widgets import (
    App,
    Tutor,
    board_view,
    icons,
    odds_panel,
    session,
    style,
    tutor_session,
)
from catan_tutor.widgets import tutor as tutor_module
from catan_tutor.widgets.app import FREE_GAME_LABEL
from catan_tutor.widgets.icons import NO
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
SAFE_TAGS = {
    "div",
    "mark",  # the word at fault in a move typed (verdicts.unreadable_html)
    "span",
    "b",
    "p",
    "br",
    "em",
    "strong",
    "code",
    "pre",
    "ul",
    "ol",
    "li",
    "blockquote",
    "a",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "img",
    "details",
    "summary",
    "section",
    "abbr",
    "sup",  # a rule a lesson text cites: its raised "§" marker (verdicts.rule_note_html)
}


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
OWN_STYLES = {
    board_view.PAGE_CSS,  # the theme and the Play panel's
    MOVES_CSS,
    odds_panel._TABLE_CSS,
}


def assert_no_payload_markup(root: widgets.Widget) -> None:
    for text in page_html(root):
        for own in OWN_STYLES | set(icons.ALL.values()):  # the package's own (icons too)
            text = text.replace(own, "")
        parser = _Markup()
        parser.feed(text)
        for tag, attrs in parser.tags:
            assert tag in SAFE_TAGS, (tag, text[:200])
            assert not any(k.startswith("on") for k in attrs), (tag, attrs)
            assert attrs.get("id") != "pwn"
            href = (attrs.get("href") or attrs.get("src") or "").strip().lower()
            assert not href or href.startswith(
                ("https:", "http:", "data:text/yaml", "data:image/png")
            ), (tag, attrs)
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
    # the root (goal, tutor text) and the move's comment
    for step in (t.session.first, t.session.forward):
        step()
        t.tabs.selected_index = tutor_module.TABS.index("File")
        assert_no_payload_markup(t.widget)
    t.moves.comment.value = payload  # a comment typed in the Moves tab
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
@pytest.mark.parametrize(
    "bad",
    [
        "<img/src=x/onerror=alert(1)>",
        "javascript:alert(1)",
        "red;background:url(https://evil.example/x)",
        "#12345g",
        "#fff",
        "url(x)",
        "",
        "RED",
        "rgb(1,2,3)",
    ],
)
def test_position_text_refuses_a_colour_outside_the_palette(bad):
    text = new_game("base", players=4).position()
    assert "colors=red,blue,white,orange" in text
    with pytest.raises(PositionError, match="colors"):
        Game.from_position(
            text.replace("colors=red,blue,white,orange", f"colors=red,blue,white,{bad}")
        )


def test_position_text_refuses_two_parties_of_one_colour():
    text = new_game("base", players=4).position()
    with pytest.raises(PositionError, match="share a colour"):
        Game.from_position(
            text.replace("colors=red,blue,white,orange", "colors=red,blue,white,red")
        )


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
    text = (
        new_game("base", players=3)
        .position()
        .replace("colors=red,blue,white", "colors=red,blue,javascript:x")
    )
    with pytest.raises(ScenarioError, match=r"hostile\.catan\.yaml:\d+: position: .*colou?r"):
        loads_scenario(
            f"title: t\nvariant: base\nplayers: 3\nposition: '{text}'\n", "hostile.catan.yaml"
        )


def test_pasted_position_with_markup_is_refused_and_nothing_changes():
    t = Tutor(new_game("base", players=3))
    before = t.game.position()
    text = before.replace("colors=red,blue,white", "colors=red,blue,<img/src=x/onerror=1>")
    assert "colors" in t.files.set_position(text)
    assert t.game.position() == before
    assert_no_payload_markup(t.widget)
    assert "&lt;img" in t.files.file_status.value


def test_download_of_a_hostile_scenario_reads_back_as_the_same_text():
    payload = PAYLOADS[1]
    sc = loads_scenario(hostile_scenario(payload), "hostile.catan.yaml")
    again = loads_scenario(dumps_scenario(sc), "again.catan.yaml")
    assert again.title == payload and again.root.tutor == payload


def every_field_scenario(payload: str) -> str:
    """A lesson with ``payload`` in every free-text field a scenario has: title, goal, chapter,
    tutor texts, a puzzle's prompt, hints and explanation, comments of the main line and of a
    variation (which a puzzle's verdict quotes)."""
    p = yaml_quote(payload)
    return f"""title: {p}
variant: base
players: 3
goal: {p}
chapter: {p}
tutor: {p}
puzzle:
  prompt: {p}
  hints:
  - {p}
  - {yaml_quote(payload + " (BASE-BUILD-DISTANCE)")}
  rule: BASE-BUILD-DISTANCE
  explain: {p}
moves:
- move: P1 settle H4
  comment: {p}
  tutor: {p}
  variations:
  - - move: P1 settle N6
      comment: {p}
- move: P1 road H3
  comment: {p}
"""


def shown_text(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]*>", "", value))


@pytest.mark.parametrize("payload", PAYLOADS)
def test_puzzle_chapter_and_variation_texts_show_as_text_in_every_tab(payload):
    """Scope 1 for the newer free-text fields: a puzzle's prompt, hints and explanation, a
    variation's comment quoted by a wrong answer's verdict, the move list's comments, the
    Author panel (chapter), then each tab of the tutor with the Author view on."""
    sc = loads_scenario(every_field_scenario(payload), "hostile.catan.yaml")
    assert sc.chapter == payload and sc.puzzles[0].explain == payload
    t = Tutor(sc)
    assert t.session.puzzle.holds()
    assert_no_payload_markup(t.widget)
    assert t.puzzle.take_hint() == payload and t.puzzle.take_hint().startswith(payload)
    assert shown_text(t.puzzle.hint_box.value).count(payload) == 2  # shown, as written
    assert_no_payload_markup(t.widget)
    for wrong, said in (("P1 settle A1", "Not read as a move"), ("P1 settle N6", "Not the answer")):
        t.puzzle.submit(wrong)  # not a move (A1 is an edge); a variation (its comment)
        assert said in t.puzzle.result.value
        assert_no_payload_markup(t.widget)
    assert payload in shown_text(t.puzzle.result.value)  # the variation's comment, as text
    t.puzzle.submit("P1 settle H4")
    assert "Right" in t.puzzle.result.value and payload in shown_text(t.puzzle.result.value)
    t.files.author.value = True  # the Author view (its panel, the lesson's checks) in every tab
    for tab in tutor_module.TABS:
        t.tabs.selected_index = tutor_module.TABS.index(tab)
        assert_no_payload_markup(t.widget)
    t.tabs.selected_index = tutor_module.TABS.index("Moves")
    assert shown_text(t.moves.tree.html.value).count(payload) == 3  # every comment, as text
    assert t.authoring.chapter.value == payload  # a text field's value: never markup
    t.tabs.selected_index = tutor_module.TABS.index("File")
    assert_no_payload_markup(t.widget)


@pytest.mark.parametrize("payload", PAYLOADS)
def test_what_a_visitor_types_into_any_box_is_echoed_as_text(payload):
    """Errors that echo input: Try a move, the editor's operation line, the rules search, a
    puzzle's answer box and a pasted position text, each with ``payload``."""
    sc = loads_scenario(every_field_scenario("x"), "hostile.catan.yaml")
    t = Tutor(sc)
    t.controls.try_text.value = payload  # the verdict follows the text as it is typed
    assert "Not a move" in t.controls.try_verdict.value
    t.puzzle.answer.value = payload
    t.puzzle.submit(payload)
    assert "Not read as a move" in t.puzzle.result.value
    t.editor.run(f"hand P1 {payload}")
    assert NO in t.editor.status.value
    t.tabs.selected_index = tutor_module.TABS.index("Rules")
    t.rules_panel.search.value = payload
    t.files.set_position(payload)
    assert NO in t.files.file_status.value
    assert_no_payload_markup(t.widget)
    echoed = [
        w.value
        for w in (
            t.controls.try_verdict,
            t.puzzle.result,
            t.editor.status,
            t.rules_panel.list,
            t.files.file_status,
        )
    ]
    assert all(payload[:12] in shown_text(v) for v in echoed), echoed  # quoted, as text


def test_a_hostile_puzzle_rule_is_refused_with_the_file_and_shown_as_text():
    bad = every_field_scenario("x").replace(
        "rule: BASE-BUILD-DISTANCE", "rule: " + yaml_quote(PAYLOADS[1])
    )
    with pytest.raises(ScenarioError, match=r"hostile\.catan\.yaml:\d+: puzzle"):
        loads_scenario(bad, "hostile.catan.yaml")
    t = Tutor(new_game("base", players=3))
    assert "is not a rule of base" in t.files.load_scenario_text(bad, "hostile.catan.yaml")
    assert "&lt;img" in t.files.file_status.value
    assert_no_payload_markup(t.widget)


HOSTILE_NAME = '<img src=x onerror="window.__pwned = 1">.catan.yaml'


@pytest.mark.parametrize(
    "content, said",
    [
        (hostile_scenario("fine").encode(), "opened"),
        (b"title: t\nvariant: chess\nplayers: 3\n", "chess"),
        (b"title: caf\xe9\n", "not a UTF-8 text file"),
        (every_field_scenario("x").replace("players: 3", "players: &a 3").encode(), "aliases"),
    ],
)
def test_an_uploads_file_name_shows_as_text_whatever_the_file_holds(content, said):
    """The upload's file name is visitor text too: in "opened NAME" and in every refusal."""
    t = Tutor(new_game("base", players=3))
    t.files.on_upload({"new": [{"name": HOSTILE_NAME, "content": memoryview(content)}]})
    assert said in t.files.file_status.value
    assert "&lt;img src=x onerror=&quot;window.__pwned = 1&quot;&gt;.catan.yaml" in (
        t.files.file_status.value
    )
    assert_no_payload_markup(t.widget)


def test_lesson_titles_and_course_chapters_of_a_library_show_as_text(tmp_path):
    """A library folder whose lesson title and course chapter (title and goal) carry markup:
    the lesson list, the chapter line, the rules' "Lessons:" line and the note on a lesson
    left with moves show them as text."""
    from catan_tutor.widgets.rules_panel import lessons_line

    payload = PAYLOADS[1]
    text = hostile_scenario("x").replace("title: 'x'", f"title: {yaml_quote(payload)}")
    text = text.replace("tutor: 'x'\nmoves:", "tutor: 'BASE-BUILD-DISTANCE'\nmoves:", 1)
    (tmp_path / "hostile.catan.yaml").write_text(text)
    (tmp_path / "plain.catan.yaml").write_text(hostile_scenario("plain"))  # to go on to
    (tmp_path / "course.yaml").write_text(
        f"- chapter: {yaml_quote(PAYLOADS[0])}\n  goal: {yaml_quote(PAYLOADS[4])}\n"
        "  lessons: [hostile]\n"
    )
    app = App(tmp_path, start="hostile", query="")
    assert app.tutor.session.lesson_id == "hostile"
    labels = [label for label, _ in app.picker.options]  # a Dropdown's labels are text
    assert labels == [f"1.1  {payload}"]  # chapter 1's lessons
    chapters = [label for label, _ in app.chapter_picker.options]
    assert chapters == [FREE_GAME_LABEL, f"1 · {PAYLOADS[0]}", "Other lessons"]  # "plain":
    assert shown_text(app.chapter.value) == f"Chapter 1 · {PAYLOADS[0]} — {PAYLOADS[4]}"
    line = lessons_line("BASE-BUILD-DISTANCE", tmp_path)
    assert payload in shown_text(line)
    app.tutor.session.play("P1 settle N6")  # a move of the learner's own, then another lesson
    app.open("plain")
    assert payload in shown_text(app.status.value)
    for root in (app.widget, widgets.HTML(line)):
        assert_no_payload_markup(root)


AUTHOR_PAYLOADS = [p for p in PAYLOADS if "<" not in p] + [
    '" onmouseover="window.__pwned=1" x="',
    "javascript:window.__pwned=1",
    "[pwn](javascript:window.__pwned=1) [data](data:text/html;base64,PHNjcmlwdD4=)",
    "&#60;script&#62;window.__pwned=1&#60;/script&#62;",
]


@pytest.mark.parametrize("payload", AUTHOR_PAYLOADS)
def test_author_panel_texts_without_tags_are_kept_as_text_everywhere(payload):
    """What the Author panel accepts (no HTML tag: Markdown links to ``javascript:``, quotes
    that would end an attribute, character references) shows as text in every panel and
    reads back from the download as typed."""
    t = Tutor(new_game("base", players=3, seed=0))
    t.files.author.value = True
    t.tabs.selected_index = tutor_module.TABS.index("File")
    a = t.authoring
    t.session.play("P1 settle N6")
    a.title.value, a.goal.value, a.chapter.value = payload, payload, payload
    a.comment.value, a.tutor_text.value = payload, payload
    assert a.save() == ""
    t.session.play("P1 road N5")
    t.session.back()
    a.prompt.value, a.explain.value = payload, payload
    for w in a.hint_texts:
        w.value = payload
    assert a.mark_puzzle() == ""
    t.refresh()
    for tab in tutor_module.TABS:
        t.tabs.selected_index = tutor_module.TABS.index(tab)
        assert_no_payload_markup(t.widget)
    again = loads_scenario(a.download_text(), "again.catan.yaml")
    assert (again.title, again.goal, again.chapter) == (payload.strip(),) * 3
    assert [p.prompt for p in again.puzzles.values()] == [payload.strip()]


@pytest.mark.parametrize(
    "field", ["title", "goal", "chapter", "comment", "tutor_text", "prompt", "explain", "hint"]
)
def test_author_panel_refuses_markup_in_every_field_and_says_so_as_text(field):
    t = Tutor(new_game("base", players=3, seed=0))
    t.files.author.value = True
    a = t.authoring
    t.session.play("P1 settle N6")
    t.session.play("P1 road N5")
    t.session.back()
    a.title.value, a.prompt.value = "Kept", "Where does the road go?"
    widget = a.hint_texts[0] if field == "hint" else getattr(a, field)
    widget.value = PAYLOADS[1]
    why = a.mark_puzzle() if field in ("prompt", "explain", "hint") else a.save()
    assert "HTML is not allowed" in why
    assert "HTML is not allowed" in a.status.value and "<img" not in a.status.value
    assert t.scenario is None or not t.scenario.puzzles
    assert_no_payload_markup(t.widget)


# ---------------------------------------------------------------- the library and the app
def _write_library(tmp_path):
    (tmp_path / "good.catan.yaml").write_text(
        (packaged_lessons() / "ck_knight_displacement.catan.yaml").read_text()
    )
    (tmp_path / "latin1.catan.yaml").write_bytes("title: Caf\xe9\n".encode("latin-1"))
    (tmp_path / "untitled.catan.yaml").write_text("variant: base\nplayers: 3\n")
    (tmp_path / "broken.catan.yaml").write_text("title: Broken\nvariant: chess\nplayers: 3\n")
    return tmp_path


def test_a_broken_lesson_file_is_listed_with_its_error_and_the_app_still_works(tmp_path):
    app = App(_write_library(tmp_path), start="Knight displacement", query="")
    labels = [label for label, _ in app.picker.options]  # (label marked when done, value)
    assert labels[0] == "Broken" or "Knight displacement" in labels
    assert "latin1 (cannot be opened)" in labels and "untitled (cannot be opened)" in labels
    assert app.tutor.session.lesson_id == "good"
    before = app.tutor.game.position()
    app.picker.value = "latin1 (cannot be opened)"
    assert "not a UTF-8 text file" in app.status.value and app.tutor.game.position() == before
    app.picker.value = "Broken"
    assert "broken.catan.yaml" in app.status.value and "chess" in app.status.value
    assert app.tutor.game.position() == before


def test_an_unexpected_error_shows_an_id_that_the_log_records(monkeypatch, caplog):
    t = Tutor(new_game("base", players=3))

    def broken(*_):
        raise RuntimeError("boom in a handler")

    monkeypatch.setattr(t.moves, "show", broken)  # reached from the tab switch's handler
    logger = logging.getLogger("catan_tutor")
    monkeypatch.setattr(logger, "propagate", True)
    with caplog.at_level(logging.ERROR, logger="catan_tutor"):
        t.tabs.selected_index = tutor_module.TABS.index("Moves")
    ident = t.alert.value.split("error ")[1].split(")")[0]
    assert len(ident) == 8 and "Traceback" not in t.alert.value and "boom" not in t.alert.value
    assert any(ident in r.getMessage() and r.exc_info for r in caplog.records)


@pytest.mark.parametrize("panel", ["hint", "odds"])
def test_a_failed_analysis_thread_shows_an_id_that_the_log_records(panel, monkeypatch, caplog):
    """The Hint and Odds panels run in a thread: an unexpected error there is logged with its
    traceback under an id, and the panel shows the id only (no repr, path or traceback)."""
    from catan_tutor import analysis
    from catan_tutor.widgets import hint_panel

    def broken(*_, **__):
        raise OSError("secret detail /srv/catan/private.db")

    monkeypatch.setattr(analysis, "rank_actions", broken)
    monkeypatch.setattr(odds_panel, "explore", broken)
    game = new_game("base", players=3)
    shown = (
        hint_panel.HintPanel(lambda: game)
        if panel == "hint"
        else odds_panel.OddsPanel(lambda: game)
    )
    logger = logging.getLogger("catan_tutor")
    monkeypatch.setattr(logger, "propagate", True)
    with caplog.at_level(logging.ERROR, logger="catan_tutor"):
        shown.run(wait=True)
    said = shown.result.value if panel == "hint" else shown.status.value
    ident = re.search(r"\(error ([0-9a-f]{8})\)", said)
    assert ident and "secret" not in said and "OSError" not in said, said
    assert any(ident[1] in r.getMessage() and r.exc_info for r in caplog.records)


def test_a_refusal_from_the_engine_in_a_handler_shows_its_own_reason():
    t = Tutor(new_game("base", players=3))
    handler = t.safe(lambda: t.session.play("P2 settle H4"))
    handler()
    assert "BASE-TURN" in t.alert.value and "error " not in t.alert.value


# ---------------------------------------------------------------- bounded memory per visitor
def test_undo_edit_history_is_capped_and_old_games_are_freed():
    t = Tutor(new_game("base", players=3))
    first = weakref.ref(t.timeline)
    for _ in range(tutor_session.MAX_EDIT_UNDO + 5):
        t.session.open(new_game("base", players=3))
    gc.collect()
    assert len(t.session.edits) == tutor_session.MAX_EDIT_UNDO
    assert first() is None


def test_move_tree_is_capped(monkeypatch):
    monkeypatch.setattr(tutor_session, "MAX_TIMELINE_NODES", 3)
    t = Tutor(new_game("base", players=3))
    t.session.play("P1 settle H4")
    t.session.play("P1 road H3")
    with pytest.raises(tutor_session.TimelineFullError):
        t.session.play("P2 settle J6")
    assert "full" in t.controls.message.value and len(t.timeline.nodes) == 3
    t.session.back()
    t.session.play("P1 road H3")  # following a move already in the tree is fine
    assert t.timeline.current.depth == 2


# ---------------------------------------------------------------- the line kept in the address
def test_session_state_restores_a_lesson_line_after_a_reload(tmp_path):
    app = App(_write_library(tmp_path), start="good", query="")
    t = app.tutor
    t.session.last()
    state, position = t.saved_line.value, t.game.position()
    reloaded = App(tmp_path, query=f"theme=dark&{state}")
    assert reloaded.tutor.session.lesson_id == "good" and reloaded.tutor.game.position() == position
    assert reloaded.tutor.scenario is not None and reloaded.status.value == ""


def test_session_state_restores_a_played_game_from_its_position():
    app = App(packaged_lessons(), query="")
    app.tutor.session.open(new_game("base", players=3))
    for move in ("P1 settle H4", "P1 road H3", "P2 settle J6"):
        app.tutor.session.play(move)
    app.tutor.session.back()
    assert app.tutor.saved_line.value.startswith("s=")  # a line played from a position
    reloaded = App(packaged_lessons(), query=app.tutor.saved_line.value)
    assert reloaded.tutor.game.position() == app.tutor.game.position()
    assert reloaded.tutor.timeline.current.depth == 2


def test_a_reload_in_a_game_against_the_computer_plays_on_against_it():
    """A learner's finding: a reload ended the game against the computer (every seat human,
    every hand shown, P2 never moved). The saved line carries the computer seats and seed."""
    app = App(packaged_lessons(), query="")
    s = app.tutor.session
    s.open(new_game("base", players=3))
    s.set_computers({1: "greedy", 2: "random"}, seed=7)
    s.set_paused(True)  # the test plays P1's moves itself
    s.play("P1 settle H4")
    line = session.decode(app.tutor.saved_line.value.removeprefix("s="))
    assert line.computers == {1: "greedy", 2: "random"} and line.seed == 7
    reloaded = App(packaged_lessons(), query=app.tutor.saved_line.value)
    r = reloaded.tutor.session
    assert dict(r.computers) == {1: "greedy", 2: "random"} and r.computer_seed == 7
    assert r.against_computer() and reloaded.tutor.game.position() == app.tutor.game.position()


@pytest.mark.parametrize(
    "seats",
    [{"computers": {"5": "greedy"}}, {"computers": {"1": "eval"}}, {"seed": -1}, {"computers": []}],
)
def test_a_saved_session_with_bad_computer_seats_is_refused(seats):
    import base64
    import json
    import zlib

    data = {"v": 1, "moves": [], "lesson": "base_setup", "computers": {"1": "greedy"}, **seats}
    raw = zlib.compress(json.dumps(data).encode())
    with pytest.raises(LinkError, match="saved session"):
        session.decode(base64.urlsafe_b64encode(raw).decode().rstrip("="))


@pytest.mark.parametrize(
    "state", ["%3Cscript%3E", "A" * 40, "eJzLSM3JyQcABiwCFQ", "x" * (session.MAX_STATE_CHARS + 10)]
)
def test_a_damaged_session_state_is_explained_and_the_default_lesson_opens(state):
    app = App(packaged_lessons(), start="Knight displacement", query=f"s={state}")
    assert "could not be restored" in app.status.value
    assert app.tutor.session.lesson_id == "ck_knight_displacement"


def test_session_state_refuses_a_compression_bomb_and_unknown_lessons():
    import base64
    import zlib

    bomb = (
        base64.urlsafe_b64encode(zlib.compress(b'{"v":1,"moves":["' + b"a" * (8 << 20) + b'"]}', 9))
        .decode()
        .rstrip("=")
    )
    assert len(bomb) < session.MAX_STATE_CHARS
    with pytest.raises(LinkError, match="too large"):
        session.decode(bomb)
    state = session.encode(session.Line(lesson="../../etc/passwd"))
    app = App(packaged_lessons(), query="s=" + state)
    assert "no lesson" in app.status.value


def test_session_state_of_an_illegal_line_restores_as_far_as_it_goes():
    start = new_game("base", players=3).position()
    state = session.encode(
        session.Line(position=start, moves=["P1 settle H4", "P1 settle A1", "P1 road H3"])
    )
    app = App(packaged_lessons(), query="s=" + state)
    assert app.tutor.timeline.current.depth == 1
    assert "move 2 of the saved line" in app.tutor.controls.message.value
