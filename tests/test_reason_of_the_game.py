"""A wrong try's reply says the game's reason whenever it names nothing of the answer, and where
one is held back it speaks of the game, not of the tutor (s23, two fresh learners at 8.11:
"Promoting a knight is not the answer here. The reason would give the answer away, so ask for
a hint." hid that P1 holds no wool, and read as the tutor talking about itself). Swept over
every question of the course: no reply to a kind typed without its spot names a part of the
answer (beyond the kind typed), and no reply says the old sentence (CK-BUILD-COSTS).
"""

from __future__ import annotations

import re

import pytest
from puzzle_answers import Asked, course_puzzles, found, told_by_a_wrong_try

from catan_tutor.game import Game
from catan_tutor.study.puzzle import SECRET_WHY, STUCK, judge
from catan_tutor.typed_forms import FORMS
from catan_tutor.widgets.kinds import variant_kinds

PUZZLES = course_puzzles()
IDS = [f"{a.lesson}@{a.node}" for a in PUZZLES]
OLD = "give the answer away"


def _reply(lesson: str, node: int, tried: str) -> str:
    asked = next(a for a in PUZZLES if (a.lesson, a.node) == (lesson, node))
    sc = asked.scenario()
    return judge(asked.puzzle, sc.timeline.nodes[node], sc.timeline.rules, tried).text


@pytest.mark.parametrize("typed", ["promote the knight", "P1 promote", "promote"])
def test_promoting_at_8_11_without_wool_says_p1_holds_no_wool(typed: str) -> None:
    said = _reply("puzzle_ck_barbarians", 1, typed)
    assert said == (
        "Promoting a knight is not the answer here. P1 cannot pay for a promotion: it costs "
        "1 wool and 1 ore; P1 holds no wool."
    ), said


def test_a_reason_held_back_reads_as_about_the_game() -> None:
    """8.11: moving a knight (P1's one knight lies down: saying so would point at activating
    it); 6.7: a settlement next to C6, the answer's corner, says its cause without the
    corner (study/cause_kept.py, l36); 4.3: a road that is legal but not the road asked
    for says how far it gets, by the question's measure (l46: test_s34_words)."""
    moved = _reply("puzzle_ck_barbarians", 1, "P1 move knight")
    assert moved == f"Moving a knight is not the answer here. {STUCK}", moved
    refused = _reply("puzzle_ck_walls", 4, "P3 settle B4")
    assert refused == (
        "P3 can't build a settlement on B4: B4 is next to a building, and settlements need at "
        "least two road lengths between them."
    ), refused
    assert "C6" not in refused
    assert SECRET_WHY == "That is not the answer. Ask for a hint if you are stuck."
    legal = _reply("puzzle_base_awards", 1, "P1 road J5")
    said = "but it is not the move the question asks for. J5 and a second road joined to it reach"
    assert said in legal, legal
    assert STUCK not in legal, legal


def _typed_kinds(game: Game) -> list[tuple[str, set[str]]]:
    """Each kind of the variant typed by its word alone ("promote", "settle"), with the words
    that name it (the try's own to say: the typed word, the kind's words in a reply, its
    class's name in words)."""
    out = []
    for cls in dict.fromkeys(variant_kinds(game).values()):
        form = FORMS.get(cls.__name__)
        word = form[2].split("{")[0].strip() if form else ""
        if not word or "player" not in getattr(cls, "__dataclass_fields__", {}):
            continue
        name = re.sub(r"(?<!^)([A-Z])", r" \1", cls.__name__).lower()
        own = {word.lower(), name, *form[0].lower().split(), *name.split(), *word.lower().split()}
        out.append((word, own))
    return out


@pytest.mark.parametrize("asked", PUZZLES, ids=IDS)
def test_a_kind_typed_alone_is_told_nothing_of_the_answer(asked: Asked) -> None:
    sc = asked.scenario()
    node, rules = sc.timeline.nodes[asked.node], sc.timeline.rules
    game = Game(rules, node.state)
    secret = told_by_a_wrong_try(asked)
    for word, own in _typed_kinds(game):
        j = judge(asked.puzzle, node, rules, word)
        assert OLD not in j.text, (word, j.text)
        if j.correct:
            continue
        leaks = [w for w in found(secret, j.text) if w.lower() not in own]
        assert not leaks, (word, j.text, leaks)
