"""The course: the order of the lessons, in chapters (``lessons/course.yaml``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from .errors import ScenarioError

COURSE_FILE = "course.yaml"
MAX_COURSE_BYTES = 64 * 1024


@dataclass(frozen=True, slots=True)
class Place:
    """Where a lesson sits in the course: chapter number and title, lesson number (from 1)."""

    chapter: int
    chapter_title: str
    number: int

    @property
    def label(self) -> str:
        """"1.2" for the second lesson of chapter 1."""
        return f"{self.chapter}.{self.number}"


def course(folder: str | Path) -> dict[str, Place]:
    """Lesson id -> its place, from ``folder``'s ``course.yaml`` ({} when there is none).

    A malformed file is a ScenarioError naming it and what is wrong; an id named twice too.
    """
    path = Path(folder) / COURSE_FILE
    if not path.is_file():
        return {}
    raw = path.read_bytes()
    if len(raw) > MAX_COURSE_BYTES:
        raise ScenarioError(f"{path.name}: over {MAX_COURSE_BYTES // 1024} KiB")
    try:
        data = yaml.safe_load(raw.decode("utf-8"))
    except (UnicodeDecodeError, yaml.YAMLError) as e:
        raise ScenarioError(f"{path.name}: cannot read it ({type(e).__name__})") from None
    if not isinstance(data, list):
        raise ScenarioError(f"{path.name}: a list of chapters is expected")
    places: dict[str, Place] = {}
    for c, chapter in enumerate(data, 1):
        if (not isinstance(chapter, dict) or set(chapter) != {"chapter", "lessons"}
                or not isinstance(chapter["chapter"], str)
                or not isinstance(chapter["lessons"], list)):
            raise ScenarioError(f"{path.name}: chapter {c} must have a 'chapter' title and "
                                "a list of 'lessons'")
        for n, lesson in enumerate(chapter["lessons"], 1):
            if not isinstance(lesson, str) or not lesson:
                raise ScenarioError(f"{path.name}: chapter {c}, lesson {n} is not an id")
            if lesson in places:
                raise ScenarioError(f"{path.name}: {lesson!r} is named twice")
            places[lesson] = Place(c, chapter["chapter"], n)
    return places
