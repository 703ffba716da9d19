"""A lesson in the page's address by its number in the course ("?lesson=4.3&node=7"), as the
lesson list shows it, not by its file's id (l19 read "?lesson=base_dev_cards&node=7"). A
link with the id (every link made before) opens the same lesson; a lesson the course does
not number keeps its id. Numbers are read as strictly as the rest of a link: one the course
does not have is a ``LinkError`` saying so.
"""

from __future__ import annotations

import re
from functools import cache

from ..errors import LinkError

_NUMBER = re.compile(r"[1-9][0-9]{0,2}\.[1-9][0-9]{0,2}")  # chapter.lesson, as "4.3"


def _numbers() -> dict[str, str]:
    """Lesson id -> its number, for the course of the lessons the page serves (``catan-tutor
    serve --lessons DIR``: its own ``course.yaml``, as its lesson list numbers them)."""
    from ..study.resources import lessons_dir

    return _numbers_in(str(lessons_dir()))


@cache
def _numbers_in(folder: str) -> dict[str, str]:
    from ..study.course import course

    return {key: place.label for key, place in course(folder).items()}


def _ids() -> dict[str, str]:
    return {number: key for key, number in _numbers().items()}


def number_of(lesson: str) -> str:
    """What the address says for the lesson ``lesson`` (its id): its number in the course,
    else the id itself."""
    return _numbers().get(lesson, lesson)


def id_of(value: str) -> str:
    """The lesson id an address's ``lesson=`` names: a number ("4.3") is the course's lesson
    of that number (``LinkError`` when there is none); anything else is an id."""
    if not _NUMBER.fullmatch(value):
        return value
    found = _ids().get(value)
    if found is None:
        raise LinkError(f"there is no lesson {value} in the course")
    return found
