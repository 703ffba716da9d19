"""The course: the order of the lessons, in chapters (``lessons/course.yaml``)."""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from pathlib import Path

import yaml

from .. import rulebook
from ..errors import ScenarioError

COURSE_FILE = "course.yaml"
MAX_COURSE_BYTES = 64 * 1024


MAX_GOAL_CHARS = 200  # a chapter's goal: one line the app shows above the lesson


@dataclass(frozen=True, slots=True)
class Place:
    """Where a lesson sits in the course: chapter number, title and goal (the sentence the
    learner reads: what the chapter teaches; '' when the course gives none), lesson number
    (from 1)."""

    chapter: int
    chapter_title: str
    number: int
    chapter_goal: str = ""

    @property
    def label(self) -> str:
        """ "1.2" for the second lesson of chapter 1."""
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
        # libyaml's safe loader where PyYAML has it (as scenario.py): read by every page
        data = yaml.load(raw.decode("utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (UnicodeDecodeError, yaml.YAMLError) as e:
        raise ScenarioError(f"{path.name}: cannot read it ({type(e).__name__})") from None
    if not isinstance(data, list):
        raise ScenarioError(f"{path.name}: a list of chapters is expected")
    places: dict[str, Place] = {}
    for c, chapter in enumerate(data, 1):

        def where(key: str | None = None, c: int = c) -> str:
            return f"{path.name}:{_line(raw, c, key)}: chapter {c}"

        if (
            not isinstance(chapter, dict)
            or not {"chapter", "lessons"} <= set(chapter)
            or not set(chapter) <= {"chapter", "goal", "lessons"}
            or not isinstance(chapter["chapter"], str)
            or not isinstance(chapter["lessons"], list)
        ):
            raise ScenarioError(
                f"{where()} must have a 'chapter' title, a list of 'lessons' "
                "and may have a 'goal' (no other key)"
            )
        goal = chapter.get("goal", "")
        if "goal" in chapter and (
            not isinstance(goal, str)
            or not goal.strip()
            or "\n" in goal.strip()
            or len(goal) > MAX_GOAL_CHARS
        ):
            raise ScenarioError(
                f"{where('goal')}: goal: "
                f"one line of text of at most {MAX_GOAL_CHARS} characters "
                "is expected"
            )
        for n, lesson in enumerate(chapter["lessons"], 1):
            if not isinstance(lesson, str) or not lesson:
                raise ScenarioError(f"{where()}, lesson {n} is not an id")
            if lesson in places:
                raise ScenarioError(f"{where()}: {lesson!r} is named twice")
            places[lesson] = Place(c, chapter["chapter"], n, goal.strip())
    return places


def _line(raw: bytes, chapter: int, key: str | None = None) -> int:
    """The line (from 1) of chapter number ``chapter`` in the course file, or of its ``key``'s
    value; for error messages only (the file has already been read safely)."""
    top = yaml.compose(raw.decode("utf-8"), Loader=yaml.SafeLoader)
    node = top.value[chapter - 1]
    if key is not None and isinstance(node, yaml.MappingNode):
        node = next((v for k, v in node.value if k.value == key), node)
    return node.start_mark.line + 1


# ---------------------------------------------------------------- which rules the lessons cite
RULE_ID = re.compile(r"\b((?:BASE|2P|DUMMY|CK|CK2P)-[A-Z0-9]+(?:-[A-Z0-9]+)*)(?![-*A-Z0-9])")


def cited_rules(files: list[Path]) -> dict[str, set[str]]:
    """Rule ID -> the files (names) that cite it: in their rules list, texts, puzzles or
    expectations. Only IDs of the rules reference count."""
    known = rulebook.rules()
    out: dict[str, set[str]] = {}
    for f in files:
        for rule_id in RULE_ID.findall(Path(f).read_text(encoding="utf-8", errors="replace")):
            if rule_id in known:
                out.setdefault(rule_id, set()).add(Path(f).name)
    return out


@dataclass(frozen=True)
class Coverage:
    """Which rule IDs the lessons show in play (``catan_tutor.study.shown``: a move where the rule
    decides) and which they only cite (name in text or lists), per variant section of
    rules.md: ``shown``, ``cited`` (cited but not shown) and ``neither``, each a list of IDs in
    file order by section; ``sizes``: the rules of each section."""

    shown: dict[str, list[str]]
    cited: dict[str, list[str]]
    neither: dict[str, list[str]]
    sizes: dict[str, int]

    @property
    def total(self) -> int:
        return sum(self.sizes.values())

    def count(self, kind: str) -> int:
        """How many IDs are ``kind`` ("shown", "cited" or "neither") over every section."""
        return sum(map(len, getattr(self, kind).values()))

    def report(self, width: int = 100) -> str:
        """The text ``catan-tutor check --coverage`` prints."""
        shown, total = self.count("shown"), self.total
        lines = [
            f"coverage: {shown} of {total} rule IDs shown by a lesson's move "
            f"({100 * shown / max(total, 1):.0f}%), {self.count('cited')} only cited, "
            f"{self.count('neither')} neither"
        ]
        for variant, size in self.sizes.items():
            cited, neither = self.cited[variant], self.neither[variant]
            lines.append(
                f"{variant}: {len(self.shown[variant])} of {size} shown, "
                f"{len(cited)} only cited, {len(neither)} neither"
            )
            for what, ids in (("only cited", cited), ("neither", neither)):
                if ids:
                    lines += textwrap.wrap(
                        f"{what}: " + " ".join(ids),
                        width,
                        initial_indent="  ",
                        subsequent_indent="    ",
                        break_on_hyphens=False,
                    )
        return "\n".join(lines)


def coverage(files: list[Path]) -> Coverage:
    """Which rule IDs the lessons among ``files`` show, only cite, or neither, per variant
    section (a file that cannot be read shows nothing but may still cite)."""
    from .shown import shown_rules  # loads the engine: only when asked

    cited, shown = cited_rules(files), shown_rules(files)
    out: list[dict[str, list[str]]] = [{v: [] for v in rulebook.variants()} for _ in range(3)]
    sizes = dict.fromkeys(out[0], 0)
    for rule_id, r in rulebook.rules().items():
        sizes[r.variant] += 1
        kind = 0 if rule_id in shown else 1 if rule_id in cited else 2
        out[kind][r.variant].append(rule_id)
    return Coverage(out[0], out[1], out[2], sizes)
