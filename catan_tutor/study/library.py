"""The lesson library: every scenario file of a folder with its title and place in the course,
in course order, and which lessons cite which rule. Reads titles only (no lesson is played)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..errors import ScenarioError
from .course import COURSE_FILE, Place, cited_rules, course
from .scenario import MAX_SCENARIO_BYTES, SUFFIX


@dataclass(frozen=True)
class Lesson:
    """A scenario file of the library: its id (the file name without ``.catan.yaml``), its
    title, and why it cannot be opened ('' when it can)."""

    id: str
    title: str
    path: Path
    error: str = ""
    place: Place | None = None  # where the course puts it (lessons/course.yaml)

    @property
    def label(self) -> str:
        if self.error:
            return f"{self.id} (cannot be opened)"
        return f"{self.place.label}  {self.title}" if self.place else self.title


def _order(x: Lesson) -> tuple:
    """The course's order first, then the lessons it does not name by title; broken last."""
    at = (x.place.chapter, x.place.number) if x.place else (1 << 30, 0)
    return (bool(x.error), at, x.title.lower())


def library(folder: str | Path) -> list[Lesson]:
    """Every scenario file in ``folder``, in the order of its course (``course.yaml``, see
    catan_tutor.study.course) and then by title; a file that cannot be read is listed with its
    error (and opening it shows that error), never breaks the list."""
    out = []
    try:
        places = course(folder)
    except (OSError, ScenarioError) as e:
        places = {}
        out.append(Lesson("course", "course", Path(folder) / COURSE_FILE, str(e)))
    for path in sorted(Path(folder).glob(f"*{SUFFIX}")):
        ident = path.name[: -len(SUFFIX)]
        try:
            if path.stat().st_size > MAX_SCENARIO_BYTES:
                raise ScenarioError(f"{path.name}: larger than {MAX_SCENARIO_BYTES} bytes")
            title = next(
                (
                    line.split(":", 1)[1].strip().strip("'\"")
                    for line in path.read_text(encoding="utf-8").splitlines()
                    if line.startswith("title:")
                ),
                "",
            )
            if not title:
                raise ScenarioError(f"{path.name}: no title")
            out.append(Lesson(ident, title, path, place=places.get(ident)))
        except (OSError, UnicodeDecodeError, ScenarioError) as e:
            why = "not a UTF-8 text file" if isinstance(e, UnicodeDecodeError) else str(e)
            out.append(Lesson(ident, ident, path, why))
    return sorted(out, key=_order)


@lru_cache(maxsize=8)
def _citing(folder: str) -> dict[str, tuple[Lesson, ...]]:
    lessons = {x.id: x for x in library(folder) if not x.error}
    by_file = {x.path.name: x for x in lessons.values()}
    cited = cited_rules([x.path for x in lessons.values()])
    return {
        rule_id: tuple(sorted((by_file[f] for f in files), key=_order))
        for rule_id, files in cited.items()
    }


def lessons_citing(folder: str | Path, rule_id: str) -> tuple[Lesson, ...]:
    """The readable lessons of ``folder`` that cite ``rule_id``, in course order (cached per
    folder for the life of the process: the packaged library does not change)."""
    return _citing(str(Path(folder).resolve())).get(rule_id, ())
