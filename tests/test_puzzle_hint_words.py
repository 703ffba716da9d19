"""A puzzle's words, swept over every packaged puzzle. Lesson 7.8 asked about "the coin from
the mountains of the city on A6" (which hex? how?): a prompt names a hex by its terrain and
letter, "the mountains A", as the lessons' comments do. After a wrong "settlement" answer its
first hint only said "It is not a settlement.": a hint adds something, never a bare "not"."""

from __future__ import annotations

import re

from puzzle_answers import course_puzzles

from catan_tutor.board import TERRAINS

# words of the page, not of the game: what a page shows differs with the screen and the moment
# (5.13's "Look at the buttons, not the board — only one kind of move is left" beside eight)
_PAGE_WORDS = re.compile(
    r"\b(buttons?|glow\w*|palette|lit|highlight\w*|gre[ye]\w*|click\w*|tap\w*|screen|"
    r"page|menu|list|kinds? of moves?)\b",
    re.IGNORECASE,
)
_NEGATION = re.compile(r"^(?:it is not|it's not|not|nothing|no)\b", re.IGNORECASE)


def test_a_prompt_names_a_hex_by_terrain_and_letter() -> None:
    bad = []
    for asked in course_puzzles():
        if re.search(rf"\b({'|'.join(TERRAINS)})\b(?! [A-S]\b)", asked.puzzle.prompt):
            bad.append(f"{asked.lesson}: {asked.puzzle.prompt}")
    assert bad == []


def test_every_hint_says_more_than_what_the_answer_is_not() -> None:
    bad = []
    for asked in course_puzzles():
        for hint in asked.puzzle.hints:
            parts = [p.strip() for p in re.split(r"[.;—]", hint) if p.strip()]
            if all(_NEGATION.match(p) for p in parts):
                bad.append(f"{asked.lesson}: {hint}")
    assert bad == []


def test_no_hint_or_prompt_speaks_of_the_pages_buttons_or_glows() -> None:
    """A fresh learner, 5.13's third puzzle: its first hint said "Look at the buttons, not
    the board — only one kind of move is left" while fourteen kinds of move showed (a
    question offers every kind of the moment, kinds.moment_kinds). A puzzle's words speak of
    the game (the board, the hands, the rules), never of what the page shows."""
    bad = []
    for asked in course_puzzles():
        for text in (asked.puzzle.prompt, *asked.puzzle.hints):
            if m := _PAGE_WORDS.search(text):
                bad.append(f"{asked.lesson}@{asked.node}: {m[0]!r} in {text}")
    assert bad == []


_LITTLE = frozenset(
    "a an and the of on in at to for is it its that this than be by or with from as can".split()
)


def _runs(text: str) -> set[tuple[str, ...]]:
    """``text``'s runs of four words that carry at least two words of weight."""
    w = re.findall(r"[a-z0-9']+", text.lower())
    runs = (tuple(w[i : i + 4]) for i in range(len(w) - 3))
    return {r for r in runs if sum(x not in _LITTLE for x in r) >= 2}


def test_a_first_hint_does_not_say_the_question_again() -> None:
    """l32 at 6.7: its first hint ("On a 7, a hand of more than 7 cards loses half; P3 can
    build something that raises that limit") said the prompt again ("Nobody held more than 7
    cards ... Build what lets P3 hold more cards through a 7"): a first hint says where to
    look, in words of its own."""
    bad = []
    for asked in course_puzzles():
        if asked.puzzle.hints and (
            same := _runs(asked.puzzle.prompt) & _runs(asked.puzzle.hints[0])
        ):
            bad.append(f"{asked.lesson}: {sorted(same)}")
    assert bad == []
