"""The course file: every packaged lesson has its place, in chapters a learner takes in order."""

from pathlib import Path

import pytest

from catan_tutor.course import course
from catan_tutor.errors import ScenarioError
from catan_tutor.resources import packaged_lessons
from catan_tutor.scenario import load_scenario

SUFFIX = ".catan.yaml"


def test_every_packaged_lesson_has_one_place_in_the_course():
    places = course(packaged_lessons())
    ids = {p.name[: -len(SUFFIX)] for p in packaged_lessons().glob(f"*{SUFFIX}")}
    assert set(places) == ids
    numbers = [(p.chapter, p.number) for p in places.values()]
    assert len(set(numbers)) == len(numbers)


def test_the_course_starts_with_the_base_game_and_ends_with_cities_and_knights_for_two():
    places = sorted(course(packaged_lessons()).items(), key=lambda kv: (kv[1].chapter,
                                                                       kv[1].number))
    first = places[0]
    assert first[0] == "base_setup" and first[1].label == "1.1"
    variants = [load_scenario(packaged_lessons() / f"{i}{SUFFIX}").variant for i, _ in places]
    assert variants[0] == "base" and variants[-1] == "ck-2p"
    # all base-game lessons before any Cities & Knights lesson
    assert max(i for i, v in enumerate(variants) if v.startswith("base")) < min(
        i for i, v in enumerate(variants) if v.startswith("ck"))


def test_a_folder_without_a_course_file_has_no_course(tmp_path: Path):
    assert course(tmp_path) == {}


@pytest.mark.parametrize(("text", "why"), [
    ("chapter: x", "a list of chapters"),
    ("- chapter: A\n  lessons: x", "a list of 'lessons'"),
    ("- chapter: A\n  lessons: [a, a]", "'a' is named twice"),
    ("- chapter: A\n  lessons: [1]", "lesson 1 is not an id"),
    ("- chapter: A\n  lessons: [a]\n  extra: 1", "chapter 1 must have"),
    ("- &x chapter: [", "cannot read it"),
    ("- !!python/object:os.system x", "cannot read it"),
])
def test_a_malformed_course_file_is_a_scenario_error_naming_it(tmp_path: Path, text, why):
    (tmp_path / "course.yaml").write_text(text)
    with pytest.raises(ScenarioError, match=why) as info:
        course(tmp_path)
    assert "course.yaml" in str(info.value)


def test_the_app_lists_lessons_in_course_order_with_their_numbers(tmp_path: Path):
    from catan_tutor.widgets.app import library

    shown = library(packaged_lessons())
    assert shown[0].id == "base_setup" and shown[0].label == "1.1  Setting up a base game"
    assert [x.place.label for x in shown[:2]] == ["1.1", "1.2"]
    # a lesson the course does not name comes after, by title; a broken course is listed
    for name in ("base_setup", "ck_alchemy"):
        (tmp_path / f"{name}{SUFFIX}").write_bytes((packaged_lessons() / f"{name}{SUFFIX}")
                                                   .read_bytes())
    (tmp_path / "course.yaml").write_text("- chapter: One\n  lessons: [ck_alchemy]\n")
    assert [x.label for x in library(tmp_path)] == ["1.1  Alchemy sets the dice",
                                                    "Setting up a base game"]
    (tmp_path / "course.yaml").write_text("nonsense: [")
    broken = library(tmp_path)
    assert broken[-1].id == "course" and "course.yaml" in broken[-1].error
    assert [x.label for x in broken[:2]] == ["Alchemy sets the dice", "Setting up a base game"]
