"""Hypothesis profiles for the property tests.

- ``ci`` (loaded when ``CI`` is set to a true value, as ``.ci/run`` does): the same examples
  on every run (``derandomize``), no example database, a ``@reproduce_failure`` blob printed
  for any failure, no deadline. CI passes or fails by the code, never by chance.
- ``dev`` (the default elsewhere): random exploration, failures kept in ``.hypothesis/`` and
  replayed first on the next run, no deadline (a random game's length varies a lot).
- ``soak`` (``HYPOTHESIS_PROFILE=soak``, or ``--hypothesis-profile=soak``): a separate, long,
  random run. Every property test runs ``HYPOTHESIS_SOAK_FACTOR`` (default 20) times its own
  ``max_examples``; tests that set none run 2,000.

Under ``ci`` each property test runs ``HYPOTHESIS_CI_FACTOR`` (default 0.3) times its own
``max_examples`` (at least 1): the same examples every run, the suite within its time budget
(they were a tenth of its CPU; 0.5 until s41, when the run passed 900 s); the soak explores
~67 times as many.

``HYPOTHESIS_PROFILE`` wins over ``CI``; pytest's ``--hypothesis-profile`` wins over both.

Each test keeps its own deliberate ``max_examples`` (and ``phases``) in its ``@settings``;
every setting a test leaves out (``derandomize``, ``database``, ``print_blob``...) comes from
the profile loaded here, because this file is imported before any test module builds its
``settings`` objects.

Reproduce a CI failure locally: ``CI=true pytest tests/test_x.py::test_y`` (the same
examples, in the same order), or paste the printed ``@reproduce_failure`` decorator.
"""

from __future__ import annotations

import os

# New games in the tutor (and the servers the browser tests start, which inherit this) draw
# their seeds from the session's seeded draws, not the system's: the same games every run
os.environ.setdefault("CATAN_TUTOR_SEEDED", "1")
import re
import warnings
from pathlib import Path

import pytest
from course_sample import sampled
from first_cases import cases_per_test, first_cases
from hypothesis import settings
from module_marks import module_marks, none_selected

SOAK_FACTOR = int(os.environ.get("HYPOTHESIS_SOAK_FACTOR", "20"))
CI_FACTOR = float(os.environ.get("HYPOTHESIS_CI_FACTOR", "0.3"))

# All three from hypothesis's own defaults: not from whatever profile importing hypothesis
# loaded (it loads its built-in "ci" profile whenever a CI variable is set, even empty).
DEFAULT = settings.get_profile("default")
settings.register_profile(
    "ci", DEFAULT, derandomize=True, database=None, print_blob=True, deadline=None
)
settings.register_profile("dev", DEFAULT, derandomize=False, deadline=None)
settings.register_profile(
    "soak", DEFAULT, derandomize=False, deadline=None, print_blob=True, max_examples=2000
)


def _profile_name() -> str:
    chosen = os.environ.get("HYPOTHESIS_PROFILE", "").strip()
    if chosen:
        return chosen
    ci = os.environ.get("CI", "").strip().lower()
    return "ci" if ci not in ("", "0", "false", "no", "off") else "dev"


settings.load_profile(_profile_name())


def pytest_ignore_collect(collection_path: Path, config) -> bool | None:
    """A test module that ``-m`` leaves out whole by its ``pytestmark`` (the fast lane's
    browser modules, the minimum-versions lane's engine and course sweeps) is not imported:
    collecting it costs seconds in every worker for tests that would all be deselected."""
    markexpr = config.option.markexpr
    if not markexpr or not collection_path.name.startswith("test_"):
        return None
    if collection_path.suffix != ".py" or not collection_path.is_file():
        return None
    try:  # pytest's own reading of ``-m``; without it, every module is collected
        from _pytest.mark.expression import Expression

        selects = Expression.compile(markexpr).evaluate
    except Exception:  # noqa: BLE001 - a pytest without it: collect as usual
        return None
    source = collection_path.read_text(encoding="utf-8")
    if "pytestmark" not in source:
        return None
    marks = module_marks(source)
    known = set(re.findall(r"[A-Za-z_]\w*", markexpr)) - {"and", "or", "not"}
    return True if marks and none_selected(marks, selects, known) else None


def pytest_collection_modifyitems(config, items) -> None:
    n = cases_per_test()  # the minimum-versions lane's: each test's first cases
    if n:
        items[:], left = first_cases(items, n)
        config.hook.pytest_deselected(items=left)
    # the course's sweeps: an even third of their cases (all in the soak, course_sample.py)
    items[:], left = sampled(items, lambda item: item.get_closest_marker("course") is not None)
    if left:
        config.hook.pytest_deselected(items=left)
    _heaviest_first(config, items)
    _scale_for_soak(items)


# Test modules started first under pytest-xdist, heaviest first: the run waits for the last,
# so a heavy module dealt late is a long tail on one worker while the other idles. Ordered by
# their measured time (the run's module seconds, tests/worker_times.py: s25's clean clone, 2
# workers): seconds in brackets. The browser modules come first, together: xdist deals the
# first modules to the workers in turn, and a worker's browser modules one after another keep
# one Playwright and Chromium (browser_harness._KEPT: a module's own cost ~2-3 CPU-s). The
# modules not listed (each under ~20 s) follow in name order and fill the end.
FIRST = (
    "test_browser_layout.py",  # 136 (s25's clean clone, 2 workers)
    "test_browser_puzzle_secret.py",  # 92
    "test_browser_hostile.py",  # 91
    "test_browser_axe.py",  # 64 (one page since s26)
    "test_browser_hosting.py",  # 56 (one culling wait fewer since s26)
    "test_browser_page.py",  # 55
    "test_browser_puzzle.py",  # 52 (one load fewer since s26)
    "test_browser_phone.py",  # 49
    "test_browser_whynot.py",  # 46 (two loads since s26)
    "test_browser_keyboard.py",  # 43 (one load fewer since s26)
    "test_browser_theme.py",  # 39 (two loads fewer since s26)
    "test_browser.py",  # 36
    "test_browser_study_link.py",  # 34
    "test_browser_chapter.py",  # 29
    "test_browser_play_computer.py",  # 27
    "test_browser_words.py",  # 23
    "test_browser_class.py",  # 22
    "test_jupyterlab.py",  # 20
    "test_browser_authoring.py",  # (each under ~20 s)
    "test_browser_colour_vision.py",
    "test_browser_harness.py",
    "test_browser_hints.py",
    "test_browser_l34_page.py",
    "test_browser_palette_alike.py",
    "test_browser_phone_reply.py",
    "test_browser_said_once.py",
    "test_browser_tablet_room.py",
    "test_tutor_games.py",  # 82 (less since s26-perf)
    "test_board_tags.py",  # 65
    "test_puzzle_secret.py",  # 64
    "test_server_limits.py",  # 56 (its first tests start no browser)
    "test_hub.py",  # 33 (as test_server_limits.py)
    "test_properties.py",  # 33
    "test_hand_said_once.py",  # 32
    "test_rule_coverage.py",  # 25
    "test_form_asks.py",  # 22
    "test_cli_api.py",  # 20
    # the minimum-versions lane's heaviest (its 14, 11, 8 and 8 s; dealt in name order,
    # test_watchdog.py came last and ran alone for 8 s)
    "test_watchdog.py",
    "test_hub_prestart.py",
    "test_notebooks.py",
    "test_links.py",
    # 23 s: its wheel is built and installed in the background meanwhile (scripts/test.sh,
    # wheel_build.py; it waits for it), so late
    "test_wheel.py",
)


def _heaviest_first(config, items) -> None:
    """On an xdist worker (scripts/test.sh runs ``-n 2 --dist loadfile
    --no-loadscope-reorder``: each module whole on one worker, in its order, so a module's
    fixtures are made once and tests sharing one page keep their order), the FIRST modules
    come first; the others keep their order."""
    if hasattr(config, "workerinput"):
        rank = {name: i for i, name in enumerate(FIRST)}
        items.sort(
            key=lambda i: rank.get(i.nodeid.split("::", 1)[0].rsplit("/", 1)[-1], len(FIRST))
        )


def _scale_for_soak(items) -> None:
    """Under ``soak`` (or ``ci``), scale each property test's own ``max_examples`` up (down).

    A ``@settings(max_examples=n)`` on a test beats any profile, so the profile alone
    cannot change it: the test's settings object is swapped for a child with ``n`` times
    ``SOAK_FACTOR`` (``CI_FACTOR``) examples (everything else inherited from its settings)."""
    profile = settings.get_current_profile_name()
    factor = {"soak": SOAK_FACTOR, "ci": CI_FACTOR}.get(profile)
    if factor is None or factor == 1:
        return
    done: set[int] = set()
    for item in items:
        fn = getattr(getattr(item, "obj", None), "__func__", getattr(item, "obj", None))
        if not getattr(fn, "is_hypothesis_test", False) or id(fn) in done:
            continue
        done.add(id(fn))
        own = getattr(fn, "_hypothesis_internal_use_settings", None)
        if own is None:  # hypothesis changed where it keeps a test's settings
            warnings.warn(f"{profile}: cannot scale max_examples of {item.nodeid}", stacklevel=1)
            continue
        if profile == "soak" and own.max_examples == settings.get_profile("soak").max_examples:
            continue  # no max_examples of its own: it already runs the soak profile's
        fn._hypothesis_internal_use_settings = settings(
            own, max_examples=max(1, round(own.max_examples * factor))
        )


# Chromium fixtures (browser, new_page) for the browser tests.
pytest_plugins = ["browser_harness", "worker_times"]

# In the engine's tests (marked ``engine``: the rules, random and seeded games, every lesson's
# positions in test_exact_options.py) every legal-action list is also filtered by the full
# check and compared: options a phase declares legal by construction (``Phase.exact``) must
# pass their check. The page's and the course's sweeps leave it off: the same lists again,
# ~12 % of their CPU (s29: test_puzzle_secret.py).
from catan_tutor.variants.base import BaseRules  # noqa: E402


@pytest.fixture(autouse=True)
def _verify_exact(request):
    if request.node.get_closest_marker("engine") is None:
        yield
        return
    BaseRules.verify_exact = True
    try:
        yield
    finally:
        BaseRules.verify_exact = False


def pytest_configure(config) -> None:
    """Each worker imports nbformat (and so jsonschema) as it collects: without rfc3987_syntax's
    grammars built (~3 CPU-s a process), as the voila command starts (lazy_iri.py). (In a hook:
    an engine module that imports this file loads nothing of the server.)"""
    from catan_tutor.server import lazy_iri

    lazy_iri.install()
    if os.environ.get("CATAN_WIDGET_STATE", "") in ("", "0"):  # (1: ipywidgets' own)
        _no_front_end()  # (in the hook too: an engine module imports this file, l. above)


def _no_front_end() -> None:
    """In the test process no front end listens to the widgets (the page's kernel, in the
    browser tests and Voilà, is another process and sends as ever). ipywidgets still
    serialized each widget's whole state as it opened its comm, and each trait's change,
    for a ``DummyComm`` that drops them unsent (never JSON-encoded: nothing is checked by
    it): test_puzzle_secret.py took 82.8 CPU-s, 59.7 without it (s32; test_tutor_games.py
    39.6, 34.2). Here a widget opens a comm that says it has no kernel, as ipywidgets reads
    it: nothing is serialized for it, no message built; it closes as ever (``comm`` None);
    every trait is still validated as it is set. (ipywidgets 8.1 on, whose widgets make
    their comm with the ``comm`` package; the minimum-versions lane's 8.0 is left as it is.)"""
    try:
        import comm
        from ipywidgets import comm as _shim  # noqa: F401 - 8.1 on: widgets use ``comm``
        from ipywidgets.widgets import widget
    except ImportError:
        return

    class NoFrontEnd(comm.DummyComm):
        kernel = None

    def open_quietly(self) -> None:  # (Widget.open, its state left out: no one reads it)
        if self.comm is None:
            args = {"target_name": "jupyter.widget", "data": {"state": {}, "buffer_paths": []}}
            if getattr(self, "_model_id", None) is not None:
                args["comm_id"] = self._model_id
            self.comm = NoFrontEnd(**args)

    _KEPT.update(create_comm=comm.create_comm, open=widget.Widget.open)
    comm.create_comm = NoFrontEnd
    widget.Widget.open = open_quietly


_KEPT: dict = {}  # ipywidgets' own comm and open, for a test that watches what is sent


@pytest.fixture
def widget_state(monkeypatch: pytest.MonkeyPatch) -> None:
    """Widgets made in the test serialize and send their state as ipywidgets does (a test of
    what reaches the page: ``_no_front_end`` leaves it out elsewhere)."""
    if _KEPT:
        import comm
        from ipywidgets.widgets import widget

        monkeypatch.setattr(comm, "create_comm", _KEPT["create_comm"])
        monkeypatch.setattr(widget.Widget, "open", _KEPT["open"])
