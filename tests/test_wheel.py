"""What a user gets: the wheel and sdist built from this tree, the wheel installed into a fresh
virtual environment outside the repository, then the installed commands used as a user would:
``catan-tutor check`` finds every packaged lesson, a packaged notebook runs under nbclient, and
``catan-tutor serve`` shows the app with its full lesson list in Chromium.

Slow (a build and an install of every dependency from the package index, a few minutes).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import tarfile
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_harness import ARTIFACTS, open_app
from wheel_build import clean_env, prepare, prepared, run

from catan_tutor.server.serve import _wait_listening, free_port, stop
from catan_tutor.study.resources import START_NOTEBOOK, notebooks_dir, packaged_lessons
from catan_tutor.widgets.app import FREE_GAME_LABEL

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted(p.name for p in packaged_lessons().glob("*.catan.yaml"))
NOTEBOOKS = sorted(p.name for p in notebooks_dir().glob("*.ipynb"))
# What the wheel must hold besides code, as paths inside it.
SHIPPED = [
    *(f"catan_tutor/lessons/{n}" for n in LESSONS),
    *(f"catan_tutor/notebooks/{n}" for n in NOTEBOOKS),
    "catan_tutor/lessons/course.yaml",
    "catan_tutor/rulebook/rules.md",
    "catan_tutor/jupyter-config/voila.json",
    "catan_tutor/share/jupyter/voila/templates/catan/index.html.j2",
    "catan_tutor/jupyter-config/jupyter_server_config.json",
    "catan_tutor/share/jupyter/voila/templates/catan/catan_page.js",
    "catan_tutor/share/jupyter/voila/templates/catan/catan_kernel.js",
    "catan_tutor/share/jupyter/voila/templates/catan/catan_kernel.css",
    "catan_tutor/widgets/board_keys.js",
]


_run, _clean_env = run, clean_env


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Iterator[dict]:
    """The wheel and sdist built, the wheel installed into a fresh venv outside the repo
    (wheel_build.py): made in the background by scripts/test.sh when it names the folder in
    ``CATAN_WHEEL_PREPARED``, else here."""
    folder = os.environ.get("CATAN_WHEEL_PREPARED", "").strip()
    if folder:
        made = prepared(Path(folder))
    else:
        made = prepare(tmp_path_factory.mktemp("wheel"))
    wheel, sdist, site = made["wheel"], made["sdist"], made["site"]
    size = sum(f.stat().st_size for f in site.rglob("*") if f.is_file())
    own = sum(f.stat().st_size for f in (site / "catan_tutor").rglob("*") if f.is_file())
    print(
        f"\nwheel {wheel.stat().st_size / 1024:.0f} KiB, sdist {sdist.stat().st_size / 1024:.0f}"
        f" KiB; installed: catan_tutor {own / 2**20:.1f} MiB, venv site-packages "
        f"{size / 2**20:.0f} MiB"
    )
    yield made


def test_wheel_and_sdist_hold_lessons_notebooks_rules_and_page(installed):
    names = set(zipfile.ZipFile(installed["wheel"]).namelist())
    missing = [n for n in SHIPPED if n not in names]
    assert not missing, missing
    assert any(n.endswith("/licenses/LICENSE") or n.endswith("/LICENSE") for n in names)
    data = [n for n in names if ".data/data/" in n]  # for a Jupyter server that finds it alone
    assert any(n.endswith("share/jupyter/voila/templates/catan/index.html.j2") for n in data)
    assert any(n.endswith("etc/jupyter/voila.json") for n in data)
    assert any(
        n.endswith("etc/jupyter/jupyter_server_config.d/jupyter_server_config.json") for n in data
    )
    meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
    text = zipfile.ZipFile(installed["wheel"]).read(meta).decode()
    assert "License-Expression: BSD-3-Clause" in text
    with tarfile.open(installed["sdist"]) as tar:
        inside = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    assert {"LICENSE", "README.md", "tests/test_wheel.py"} <= inside
    assert all(n in inside for n in SHIPPED), [n for n in SHIPPED if n not in inside]


def test_installed_check_finds_every_packaged_lesson(installed):
    out = _run(
        installed["venv"] / "bin" / "catan-tutor", "check", cwd=installed["tmp"], env=_clean_env()
    )
    summary = out.stdout.strip().splitlines()[-1]
    assert re.fullmatch(
        rf"\d+ passed, 0 failed in {len(LESSONS)} scenario file\(s\) "
        r"\([1-9]\d* puzzle\(s\)\)",
        summary,
    ), summary
    assert str(installed["site"]) in out.stdout  # it read the installed copy


@pytest.mark.kernel
def test_installed_notebook_runs_under_nbclient(installed, tmp_path):
    script = (
        "import nbformat, sys; from nbclient import NotebookClient;"
        "from catan_tutor.study.resources import notebooks_dir;"
        "nb = nbformat.read(notebooks_dir() / '01_knight_displacement.ipynb', 4);"
        "NotebookClient(nb, timeout=300, kernel_name='python3',"
        " resources={'metadata': {'path': sys.argv[1]}}).execute();"
        "print(sum(len(c.get('outputs', [])) for c in nb.cells))"
    )
    out = _run(
        installed["venv"] / "bin" / "python",
        "-c",
        script,
        tmp_path,
        cwd=tmp_path,
        env={**_clean_env(), "PATH": f"{installed['venv'] / 'bin'}:{_clean_env()['PATH']}"},
    )
    assert int(out.stdout.split()[-1]) >= 1


# the lesson list's options once the chapter chosen differs from the one listed before
_NEW_CHAPTER_LISTED = """(before) => {
  const shown = [...document.querySelectorAll('.catan-lesson-picker select option')]
    .map((o) => o.textContent);
  return shown.length > 0 && shown.every((t) => !before.includes(t));
}"""


def _every_lesson_listed(page) -> list[str]:
    """The lesson list's options of every chapter, as a user sees them choosing each chapter
    in turn (the lesson list shows the chosen chapter's lessons; "Free game" lists none)."""
    chapter = page.locator(".catan-chapter-picker select")
    lesson = page.locator(".catan-lesson-picker select option")
    count = chapter.locator("option").count()
    assert count > 1, chapter.locator("option").all_inner_texts()  # the course's chapters
    options: list[str] = []
    for i in range(count):
        if chapter.locator("option").nth(i).get_attribute("value") == FREE_GAME_LABEL:
            continue  # a free game's entry lists no lesson
        if chapter.locator("option").nth(i).get_attribute("value") != chapter.input_value():
            before = lesson.all_text_contents()
            chapter.select_option(index=i)
            page.wait_for_function(_NEW_CHAPTER_LISTED, arg=before)
        options += lesson.all_inner_texts()
    return options


@pytest.mark.browser
@pytest.mark.kernel
def test_installed_serve_shows_the_app_with_every_lesson(installed, new_page):
    port = free_port()
    log = ARTIFACTS / "wheel_serve.log"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with log.open("w") as out:
        proc = subprocess.Popen(
            [
                installed["venv"] / "bin" / "catan-tutor",
                "serve",
                "--port",
                str(port),
                "--no-browser",
            ],
            cwd=installed["tmp"],
            env=_clean_env(),
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        _wait_listening(port, proc, log)
        p = new_page("wheel_serve")
        open_app(p, f"http://127.0.0.1:{port}/")
        options = _every_lesson_listed(p.page)
        titles = {json.dumps(t) for t in options if t.strip()}
        assert len(titles) == len(LESSONS), options
        assert not any("cannot be opened" in t for t in options)
        assert p.outside == []
        p.page.screenshot(path=ARTIFACTS / "wheel_serve.png")
    finally:
        stop(proc)
    assert START_NOTEBOOK in log.read_text() or "Voil" in log.read_text()
