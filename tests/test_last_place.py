"""A new visit on a bare address opens the lesson and step the learner was last at (l30: a new
browser session, its storage kept, opened lesson 1.1; the solved counts were kept, the place
was not): the page sends the last place with the stored progress (catan_page.js); an address
that names something, or a learner who moved since the page opened, keeps what is shown."""

from __future__ import annotations

import json

from catan_tutor.widgets import App
from catan_tutor.widgets.last_place import last_of

LAST = "lesson=base_trading_harbors&node=2"


def page_sends(app: App, last: str = LAST) -> None:
    """The page script's first message: the stored progress, the last place with it."""
    app.progress.into.value = json.dumps({"done": ["base_setup"], "solved": {}, "last": last})


def test_a_bare_address_opens_the_last_lesson_and_step() -> None:
    app = App(start="base_setup", query="")
    assert app.session.lesson_id == "base_setup"
    page_sends(app)
    s = app.session
    assert s.lesson_id == "base_trading_harbors" and s.timeline.current.id == 2
    assert "base_setup" in app.progress.store.done  # the progress merged as before
    assert app.picker.value == app.lesson(s.lesson_id).label  # the list follows


def test_an_address_naming_a_lesson_keeps_it() -> None:
    app = App(start="base_setup", query="lesson=ck_knight_displacement")
    page_sends(app)
    assert app.session.lesson_id == "ck_knight_displacement"


def test_a_learner_who_moved_keeps_what_they_see() -> None:
    app = App(start="base_setup", query="")
    app.session.forward()  # a step before the page's message came
    node = app.session.timeline.current.id
    page_sends(app)
    assert app.session.lesson_id == "base_setup" and app.session.timeline.current.id == node


def test_a_damaged_last_place_is_ignored_quietly() -> None:
    app = App(start="base_setup", query="")
    page_sends(app, "lesson=no_such_lesson&node=2")
    assert app.session.lesson_id == "base_setup" and app.status.value == ""
    assert last_of('{"last": 3}') == last_of("not json") == last_of("{}") == ""
