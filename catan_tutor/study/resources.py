"""What ships inside the package besides code, found with ``importlib.resources`` so a clone,
an editable install and a wheel behave alike: the lessons (``lessons/*.catan.yaml``), the
notebooks, the Voilà page template and the Voilà settings.

Jupyter and Voilà need real folders, so these are paths on disk (the package is installed
unzipped, as pip always does).
"""

from __future__ import annotations

import os
from importlib.resources import files
from pathlib import Path

from .scenario import Scenario, load_scenario

LESSONS_ENV = "CATAN_TUTOR_LESSONS"  # a folder of lessons to use instead of the packaged ones
START_NOTEBOOK = "00_start_here.ipynb"


def package_dir() -> Path:
    return Path(str(files("catan_tutor")))


def packaged_lessons() -> Path:
    """The packaged lesson library."""
    return package_dir() / "lessons"


def lessons_dir() -> Path:
    """The lesson library the app shows: ``$CATAN_TUTOR_LESSONS`` when set (``catan-tutor
    serve --lessons DIR`` sets it), else the packaged one."""
    chosen = os.environ.get(LESSONS_ENV)
    return Path(chosen) if chosen else packaged_lessons()


def lesson_path(lesson_id: str) -> Path:
    """The packaged lesson ``lesson_id`` (its file name without ``.catan.yaml``)."""
    path = packaged_lessons() / f"{lesson_id}.catan.yaml"
    if "/" in lesson_id or "\\" in lesson_id or not path.is_file():
        known = ", ".join(
            sorted(
                p.name.split(".")[0]
                for p in packaged_lessons().iterdir()
                if p.name.endswith(".catan.yaml")
            )
        )
        raise KeyError(f"no packaged lesson {lesson_id!r}; the lessons are: {known}")
    return path


def notebooks_dir() -> Path:
    """The packaged notebooks (the app, the walkthroughs, the odds notebook)."""
    return package_dir() / "notebooks"


def jupyter_data_dir() -> Path:
    """A Jupyter data folder holding the app's Voilà template (``voila/templates/catan``)."""
    return package_dir() / "share" / "jupyter"


def jupyter_config_dir() -> Path:
    """A Jupyter config folder holding ``voila.json`` (template, no tracebacks, culling),
    read by the ``voila`` command and by Voilà as a Jupyter server extension."""
    return package_dir() / "jupyter-config"


def jupyter_env(
    lessons: str | Path | None = None, base: dict[str, str] | None = None
) -> dict[str, str]:
    """An environment for Voilà or JupyterLab: the packaged Voilà template and settings ahead
    of any installed elsewhere (so a clone, an editable install and a wheel serve the same
    page), and ``lessons`` as the folder the app shows."""
    env = dict(os.environ if base is None else base)
    for key, folder in (
        ("JUPYTER_PATH", jupyter_data_dir()),
        ("JUPYTER_CONFIG_PATH", jupyter_config_dir()),
    ):
        env[key] = os.pathsep.join(filter(None, [str(folder), env.get(key)]))
    if lessons:
        env[LESSONS_ENV] = str(Path(lessons).resolve())
    return env


def load_lesson(lesson_id: str) -> Scenario:
    """The packaged lesson ``lesson_id`` as a scenario: ``load_lesson("ck_alchemy")``."""
    return load_scenario(lesson_path(lesson_id))
