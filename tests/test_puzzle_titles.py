"""A puzzle lesson's title says "Puzzle" for one puzzle, "Puzzles" for more (l28: 2.2, 3.2
and 6.7 were called "Puzzles" and each had one). The title is the one the page shows, in
the lesson list and over the lesson."""

from __future__ import annotations

from collections import Counter

from puzzle_answers import course_puzzles, lesson


def test_a_puzzle_lesson_s_title_counts_its_puzzles():
    counted = Counter(a.lesson for a in course_puzzles())
    wrong = []
    for name, n in sorted(counted.items()):
        title = lesson(name).title
        word = title.split(":")[0]
        if word != ("Puzzle" if n == 1 else "Puzzles"):
            wrong.append(f"{name}: {n} puzzle(s), titled {title!r}")
    assert wrong == []
    assert 1 in counted.values()  # (the singular is tried)
