"""Nothing heavy before the first paint (issue 35, scope 1), and the learner's page in two
modes (issue 33, scope 1).

The kernel reads its page's query string from ``QUERY_STRING`` (Voilà sets it for every
kernel) without importing the Jupyter server; the app builds only what the first screen
shows: the board, the lesson's text and the actions the moment needs. The explore mode's
tabs, forms, editor, odds, author panel and rules list are built when first opened, and a
panel built late shows the session as it is then. Measured on lesson 1.1: 526 widget models
at first paint before this change, 237 after, 223 with the puzzle box built when a lesson
first asks a question.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import warnings
from shutil import ignore_patterns

import ipywidgets as widgets

from catan_tutor import new_game
from catan_tutor.widgets import App
from catan_tutor.widgets.tutor import TABS

FIRST_PAINT_MAX = 225  # widget models (with their layouts and styles) the app builds first


def _count() -> int:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        registry = getattr(widgets.Widget, "widgets", None)
        if registry is None:  # ipywidgets 8.0
            registry = widgets.Widget._active_widgets
        return len(registry)


def test_the_first_screen_of_a_lesson_builds_few_widgets() -> None:
    before = _count()
    app = App(start="base_setup", query="")
    built = _count() - before
    assert app.tutor.session.lesson_id == "base_setup"
    assert built <= FIRST_PAINT_MAX, f"{built} widgets at first paint"
    app.tutor.explore.value = True  # every tool, now
    assert _count() - before > built + 20


def test_a_lesson_and_a_game_open_with_the_tools_the_moment_needs() -> None:
    app = App(start="base_setup", query="")
    t = app.tutor
    side = t.side.children
    assert t.lesson in side and t.actions in side and not t.explore.value
    assert t.controls.palette in t.actions.children  # the moment's action is there
    assert all(not isinstance(w, widgets.Tab) for w in side)
    t.explore.value = True
    assert t.tabs in t.side.children and t.actions not in t.side.children
    play = list(t.tabs.children[TABS.index("Play")].children)
    assert t.controls.palette in play  # "Why can't I…?" after the form there too (s50: 5.8)
    assert play.index(t.controls.form_box) < play.index(t.controls.why_toggle)
    assert t.explore.description == "Fewer tools"
    t.explore.value = False
    assert t.tabs not in t.side.children and t.controls.palette in t.actions.children
    app.new()  # a free game: its moves, seats, hint, why-nots and log (every tool: l277)
    moment = t.actions.children
    assert not t.explore.value and t.tabs not in t.side.children and t.actions in t.side.children
    c = t.controls
    assert {t.computer.widget, t.hints.widget, c.why_toggle, c.log, c.palette} <= set(moment)
    assert c.try_text not in moment and t.editor.widget not in t.side.children
    order = list(moment)  # "Why can't I…?" after the form, not between a kind and its form
    assert order.index(c.palette) < order.index(c.form_box) < order.index(c.why_toggle)
    app.open("ck_setup_first_player")  # a lesson again: its own mode
    assert not t.explore.value and t.actions in t.side.children


def test_panels_built_late_show_the_session_as_it_is_then() -> None:
    app = App(start="base_setup", query="")
    t = app.tutor
    t.session.play("P1 settle N6")  # in lesson mode: no move list, no editor yet
    t.explore.value = True
    t.tabs.selected_index = TABS.index("Moves")
    listed = t.tabs.children[TABS.index("Moves")]
    assert listed.children == (t.moves.widget,)
    assert any("N6" in str(getattr(w, "value", "")) for w in _descendants(t.moves.widget))
    t.tabs.selected_index = TABS.index("File")
    assert t.files.position.value == t.game.position()
    t.session.play("P1 road N5")  # a tab shown follows every change
    assert t.files.position.value == t.game.position()


def test_a_verdict_s_rule_base_setup_round1_opens_the_tools_on_the_rules_tab() -> None:
    app = App(start="base_setup", query="")
    t = app.tutor
    t.show_rule("BASE-SETUP-ROUND1")
    assert t.explore.value and t.tabs.selected_index == TABS.index("Rules")
    assert t.rules_panel.chosen == "BASE-SETUP-ROUND1"


def test_the_page_title_names_the_lesson_shown() -> None:
    app = App(start="base_setup", query="")
    assert ">1.1 Setting up a base game · Catan tutor<" in app.title.value
    app.open("ck_setup_first_player")
    assert ">6.1 Who goes first in Cities &amp; Knights · Catan tutor<" in app.title.value  # l36
    app.tutor.session.open(new_game("base", players=3))
    assert ">New game · Catan tutor<" in app.title.value


def test_chapters_list_their_lessons_and_a_chapter_opens_its_first() -> None:
    app = App(start="base_setup", query="")
    ids = [app.lessons[label].id for _, label in app.picker.options]
    assert ids[0] == "base_setup"
    assert {app.lessons[label].place.chapter for _, label in app.picker.options} == {1}
    assert app.chapter_picker.value == 1
    six = next(x for x in app.lessons.values() if x.place and x.place.chapter == 6)
    app.chapter_picker.value = 6
    assert app.tutor.session.lesson_id == six.id
    assert app.picker.value == six.label
    assert {app.lessons[label].place.chapter for _, label in app.picker.options} == {6}
    assert app.chapter_picker.description == "Chapter" and app.picker.description == "Lesson"


def _descendants(w: widgets.Widget) -> list[widgets.Widget]:
    out = [w]
    for child in getattr(w, "children", ()):
        out += _descendants(child)
    return out


QUERY_CODE = """
import sys
from catan_tutor.widgets.app import page_query
print(page_query())
print(sorted(m for m in ("voila.utils", "jupyter_server", "jsonschema") if m in sys.modules))
"""


def test_the_query_string_is_read_without_importing_the_server() -> None:
    env = {**os.environ, "QUERY_STRING": "lesson=base_setup&node=3"}
    out = subprocess.run(
        [sys.executable, "-c", QUERY_CODE],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
        env=env,
    ).stdout.split("\n")
    assert out[:2] == ["lesson=base_setup&node=3", "[]"], out


COMPILED_CODE = """
import importlib._bootstrap_external as be
import sys
compiled = []
plain = be.SourceLoader.source_to_code
def counted(self, data, path, *a, **k):
    compiled.append(path)
    return plain(self, data, path, *a, **k)
be.SourceLoader.source_to_code = counted
from catan_tutor.widgets import App
assert App.__module__ == "catan_tutor.widgets.app"
print(sum(p.startswith(sys.argv[1]) for p in compiled))
"""


def test_a_served_package_is_compiled_once_not_by_every_kernel(tmp_path) -> None:
    """serve.compile_package before a server starts: a kernel run with
    PYTHONDONTWRITEBYTECODE (as here) then compiles none of the tutor's sources."""
    from catan_tutor.server.serve import compile_package
    from catan_tutor.study.resources import package_dir

    shutil.copytree(package_dir(), tmp_path / "catan_tutor", ignore=ignore_patterns("__pycache__"))
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "PYTHONDONTWRITEBYTECODE": "1"}

    def compiled() -> int:
        cmd = [sys.executable, "-c", COMPILED_CODE, str(tmp_path / "catan_tutor")]
        run = dict(capture_output=True, text=True, timeout=300, env=env, cwd=tmp_path, check=True)
        out = subprocess.run(cmd, **run)
        return int(out.stdout.split()[-1])

    assert compiled() > 50  # a fresh copy: every module compiled from source, each time
    assert compile_package(tmp_path / "catan_tutor")
    assert compiled() == 0
