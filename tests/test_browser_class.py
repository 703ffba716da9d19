"""``catan-tutor serve --class 2`` (issue 35, scope 2): Voilà keeps two kernels ready, each
with the app built and its first lesson drawn; a visitor's link still opens its own lesson.

In Chromium, on one Voilà with ``serve.class_args(2)``: two kernels are ready before anyone
comes; a visitor with a lesson link gets a ready kernel and that lesson, a second visitor
with another link gets the other ready kernel and their own lesson (the first page keeps
its lesson), and the pool fills up again once no page has come for the quiet period
(``CATAN_TUTOR_POOL_QUIET``, 5 s here), one kernel at a time (``server/kernel_pool.py``).

Needs /usr/bin/chromium, skipped without it except under ``CI=true``.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from browser_harness import ARTIFACTS, PAGE_TIMEOUT, WORKER, open_app

from catan_tutor.server.serve import class_args, kernel_processes, voila
from catan_tutor.study.library import library
from catan_tutor.study.resources import START_NOTEBOOK, lessons_dir

READY = 2
QUIET = 5.0  # s without a page before the pool refills (15 by default)
LINKS = ("ck_aqueduct", "base_2p_neutral_builds")  # neither is the first lesson
LOG = ARTIFACTS / f"voila_class{WORKER}.log"


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[str, object]]:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        with pytest.MonkeyPatch.context() as env:
            env.setenv("CATAN_TUTOR_POOL_QUIET", str(QUIET))  # read by the server
            with voila(START_NOTEBOOK, LOG, args=class_args(READY)) as served:
                yield served
    except RuntimeError as e:
        pytest.fail(str(e))


def _title(lesson_id: str) -> str:
    found = next(x for x in library(lessons_dir()) if x.id == lesson_id)
    return f"{' '.join(found.label.split())} · Catan tutor"


def _until(what, limit: float = PAGE_TIMEOUT / 1000) -> None:
    t0 = time.monotonic()
    while not what():
        assert time.monotonic() - t0 < limit, what.__doc__
        time.sleep(0.25)


def _used() -> int:
    return LOG.read_text().count("Using pre-heated kernel")


def _fills() -> int:
    return LOG.read_text().count(f"is filled with {READY} kernel(s)")


@pytest.mark.browser
@pytest.mark.kernel
def test_ready_kernels_open_each_visitor_s_lesson_link(server, new_page) -> None:
    url, proc = server

    def filled() -> bool:
        """the pool is full"""
        return len(kernel_processes(proc)) == READY + _used() and _fills() == 1 + (_used() > 0)

    _until(filled)
    assert _used() == 0
    pages = []
    for n, lesson in enumerate(LINKS, 1):
        p = new_page(f"class_{lesson}")
        open_app(p, f"{url}?lesson={lesson}")
        p.page.wait_for_function("(t) => document.title === t", arg=_title(lesson))
        assert _used() == n  # a ready kernel, not one started for the page
        pages.append(p)
    for p, lesson in zip(pages, LINKS, strict=True):
        assert p.page.title() == _title(lesson)
        chosen = p.page.locator(".catan-lesson-picker select option:checked").inner_text()
        assert chosen.replace("\xa0", " ").strip().endswith(_title(lesson).split(" · ")[0][4:])
    pages[0].page.screenshot(path=ARTIFACTS / "class_first_visitor.png")
    _until(filled)  # two kernels ready again
    text = LOG.read_text()
    starts = re.findall(r"Kernel started: (\S+)", text)
    assert len(starts) == READY + len(LINKS)
    # the refills began after both pages had come, once quiet, one after the other
    pool = [m.start() for m in re.finditer(r"started for the pool", text)]
    ready = [m.start() for m in re.finditer(r"ready for a visitor", text)]
    assert len(pool) == len(ready) == READY + len(LINKS)
    assert text.rindex("Using pre-heated kernel") < pool[READY]
    assert ready[READY] < pool[READY + 1]  # the second refill waited for the first
    waited = [float(s) for s in re.findall(r"started for the pool \(([\d.]+) s after", text)]
    assert len(waited) == len(LINKS) and min(waited) >= QUIET
