"""The course file: every packaged lesson has its place, in chapters a learner takes in order."""

import re
from pathlib import Path

import pytest

from catan_tutor.errors import ScenarioError
from catan_tutor.study.course import MAX_GOAL_CHARS, course
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import load_scenario

SUFFIX = ".catan.yaml"


def test_every_packaged_lesson_has_one_place_in_the_course():
    places = course(packaged_lessons())
    ids = {p.name[: -len(SUFFIX)] for p in packaged_lessons().glob(f"*{SUFFIX}")}
    assert set(places) == ids
    numbers = [(p.chapter, p.number) for p in places.values()]
    assert len(set(numbers)) == len(numbers)


def test_the_course_starts_with_the_base_game_and_ends_with_cities_and_knights_for_two():
    places = sorted(
        course(packaged_lessons()).items(), key=lambda kv: (kv[1].chapter, kv[1].number)
    )
    first = places[0]
    assert first[0] == "base_setup" and first[1].label == "1.1"
    variants = [load_scenario(packaged_lessons() / f"{i}{SUFFIX}").variant for i, _ in places]
    assert variants[0] == "base" and variants[-1] == "ck-2p"
    # all base-game lessons before any Cities & Knights lesson
    assert max(i for i, v in enumerate(variants) if v.startswith("base")) < min(
        i for i, v in enumerate(variants) if v.startswith("ck")
    )


def test_a_folder_without_a_course_file_has_no_course(tmp_path: Path):
    assert course(tmp_path) == {}


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("chapter: x", "a list of chapters"),
        ("- chapter: A\n  lessons: x", "a list of 'lessons'"),
        ("- chapter: A\n  lessons: [a, a]", "'a' is named twice"),
        ("- chapter: A\n  lessons: [1]", "lesson 1 is not an id"),
        ("- chapter: A\n  lessons: [a]\n  extra: 1", "course.yaml:1: chapter 1 must have"),
        (
            "- chapter: A\n  lessons: [a]\n- chapter: B\n  goal: Go.\n  lessons: [b]\n  extra: 1",
            "course.yaml:3: chapter 2 must have",
        ),
        ("- chapter: A\n  goal: Go.", "chapter 1 must have"),
        ("- &x chapter: [", "cannot read it"),
        ("- !!python/object:os.system x", "cannot read it"),
    ],
)
def test_a_malformed_course_file_is_a_scenario_error_naming_it(tmp_path: Path, text, why):
    (tmp_path / "course.yaml").write_text(text)
    with pytest.raises(ScenarioError, match=why) as info:
        course(tmp_path)
    assert "course.yaml" in str(info.value)


def test_every_packaged_chapter_has_a_goal_for_the_learner():
    chapters = {p.chapter: p for p in course(packaged_lessons()).values()}
    assert len(chapters) == 11
    for p in chapters.values():
        goal = p.chapter_goal
        assert goal and goal[0].isupper() and goal.endswith("."), (p.chapter_title, goal)
        assert len(goal) <= MAX_GOAL_CHARS and "\n" not in goal
    assert chapters[7].chapter_title == "Knights" and "displace" in chapters[7].chapter_goal


def test_a_chapter_goal_is_read_and_may_be_left_out(tmp_path: Path):
    (tmp_path / "course.yaml").write_text(
        "- chapter: One\n  goal: '  Learn the one thing. '\n  lessons: [a]\n"
        "- chapter: Two\n  lessons: [b]\n"
    )
    places = course(tmp_path)
    assert places["a"].chapter_goal == "Learn the one thing."
    assert places["b"].chapter_goal == "" and places["b"].label == "2.1"


@pytest.mark.parametrize(
    "goal",
    [
        "1",
        "[Learn, this]",
        "''",
        "'   '",
        "null",
        "|\n    two\n    lines",
        "x" * 201,
    ],
)
def test_a_bad_chapter_goal_is_refused_with_file_line_and_key(tmp_path: Path, goal):
    (tmp_path / "course.yaml").write_text(
        f"- chapter: One\n  lessons: [a]\n- chapter: Two\n  lessons: [b]\n  goal: {goal}\n"
    )
    with pytest.raises(ScenarioError) as info:
        course(tmp_path)
    assert str(info.value).startswith(
        f"course.yaml:5: chapter 2: goal: one line of text of at most {MAX_GOAL_CHARS} characters"
    )


def test_a_goal_at_the_length_cap_is_accepted(tmp_path: Path):
    (tmp_path / "course.yaml").write_text(
        f"- chapter: One\n  goal: {'x' * MAX_GOAL_CHARS}\n  lessons: [a]\n"
    )
    assert course(tmp_path)["a"].chapter_goal == "x" * MAX_GOAL_CHARS


def test_the_app_lists_lessons_in_course_order_with_their_numbers(tmp_path: Path):
    from catan_tutor.study.library import library

    shown = library(packaged_lessons())
    assert shown[0].id == "base_setup" and shown[0].label == "1.1  Setting up a base game"
    assert [x.place.label for x in shown[:2]] == ["1.1", "1.2"]
    # a lesson the course does not name comes after, by title; a broken course is listed
    for name in ("base_setup", "ck_alchemy"):
        (tmp_path / f"{name}{SUFFIX}").write_bytes(
            (packaged_lessons() / f"{name}{SUFFIX}").read_bytes()
        )
    (tmp_path / "course.yaml").write_text("- chapter: One\n  lessons: [ck_alchemy]\n")
    assert [x.label for x in library(tmp_path)] == [
        "1.1  Alchemy sets the dice",
        "Setting up a base game",
    ]
    (tmp_path / "course.yaml").write_text("nonsense: [")
    broken = library(tmp_path)
    assert broken[-1].id == "course" and "course.yaml" in broken[-1].error
    assert [x.label for x in broken[:2]] == ["Alchemy sets the dice", "Setting up a base game"]


def test_the_app_shows_the_chapter_and_its_goal_above_the_lesson():
    from catan_tutor.widgets.app import App

    def said() -> str:  # the line's words (its goal in a span of its own: a tablet's line)
        return re.sub(r"<[^>]+>", "", app.chapter.value)

    app = App(start="ck_knight_displacement")
    assert "Chapter 7 · Knights — recruit, promote and use knights" in said()
    app.open("base_setup")
    assert "Chapter 1 · A first game of Catan — set up a game" in said()
    app.new()  # a game is in no chapter
    assert app.chapter.value == ""
    assert any(app.chapter in row.children for row in app.top.children[1:])  # above the tutor
    assert app.widget.children.index(app.top) == app.widget.children.index(app.tutor.widget) - 1
