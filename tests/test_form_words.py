"""The page's own words for a move read back as a typed answer (l19: "metropolis on A6", the
improvement form's own label, was told "“metropolis” is not a corner"; "P2 gets a brick for 2
wool" and "P2 gives 4 wool for 2 brick" read "I cannot read …"; "P1 play resource monopoly"
was told "“resource” is not a resource"): a move said as its form says it (the kind's button,
then each field's label and value) types back to that move, for the legal moves of every
node of every packaged lesson; with a part left out, the reply asks for it ("Which corner?").
"""

from __future__ import annotations

from dataclasses import fields
from functools import cache

import pytest
from puzzle_answers import course_puzzles
from test_puzzle_secret import at_question

from catan_tutor.board import CARD_NAMES
from catan_tutor.game import Game
from catan_tutor.move_words import MoveWordsError, as_notation, read_move
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import SUFFIX, load_scenario
from catan_tutor.widgets.forms import NONE, field_label, is_bundle, value_label
from catan_tutor.widgets.kinds import kind_name
from catan_tutor.widgets.wording import kind_words

# Fields a move may leave empty: left out, the move is read without them
OPTIONAL = {"rob from", "second card", "whole hand", "details", "metropolis on"}


def _form_words(g: Game, a) -> tuple[str, list[str]]:
    """The move as its form says it: the player and the kind's button, then "label value"
    per field it fills (as the form shows them: ``field_label``, ``value_label``)."""
    parts = []
    for f in fields(a):
        v = getattr(a, f.name)
        if f.name == "player" or v == NONE:
            continue
        if is_bundle(v):
            shown = ", ".join(f"{n} {CARD_NAMES[i]}" for i, n in enumerate(v) if n)
        else:
            shown = value_label(g, a, f.name, v)
        parts.append(f"{field_label(f.name, type(a))} {shown}")
    head = f"{value_label(g, a, 'player', a.player)} {kind_words(kind_name(a))}"
    return head, parts


@cache
def _moves() -> list[tuple[str, Game, object]]:
    """A legal move of each kind at each packaged lesson (the offers alone are thousands)."""
    out, seen = [], set()
    for path in sorted(packaged_lessons().glob(f"*{SUFFIX}")):
        tl = load_scenario(path).timeline
        if tl is None:
            continue
        for node in tl.nodes.values():
            g = Game(tl.rules, node.state)
            if g.is_over() or g.is_chance():
                continue
            for a in g.legal_actions():
                if (path.name, type(a)) not in seen:
                    seen.add((path.name, type(a)))
                    out.append((path.name, g, a))
    return out


@pytest.mark.course
def test_every_move_said_as_its_form_says_it_reads_back_as_that_move():
    wrong, kinds = [], set()
    for name, g, a in _moves():
        kinds.add(type(a).__name__)
        head, parts = _form_words(g, a)
        for text in (", ".join([head, *parts]), " ".join([head, *parts])):
            try:
                got = read_move(g, text)
            except ValueError as e:
                got = e
            if got != a:
                wrong.append((name, text, str(a), str(got)[:90]))
    assert not wrong, f"{len(wrong)}: {wrong[:5]}"
    assert len(kinds) > 40, sorted(kinds)


@pytest.mark.course
def test_a_part_left_out_of_the_forms_words_is_asked_for():
    wrong, asked = [], 0
    for name, g, a in _moves():
        head, parts = _form_words(g, a)
        for i, part in enumerate(parts):
            if any(part.startswith(f"{x} ") for x in OPTIONAL):
                continue
            text = ", ".join([head, *parts[:i], *parts[i + 1 :]])
            try:
                got = str(read_move(g, text))
            except MoveWordsError as e:
                got = str(e)
            asked += 1
            question = got.split(" The move does not say.")[0]
            if not (question.endswith("?") and "The move does not say." in got):
                wrong.append((name, text, got[:90]))
    assert not wrong, f"{len(wrong)} of {asked}: {wrong[:5]}"
    assert asked > 300


def _game(lesson: str, node: int) -> Game:
    asked = next(a for a in course_puzzles() if (a.lesson, a.node) == (lesson, node))
    return at_question(asked).session.game


@pytest.mark.parametrize(
    ("where", "typed", "notation"),
    [
        (("puzzle_ck_metropolis", 4), "P1 improves trade, metropolis on A6", "P1 improve trade A6"),
        (("puzzle_ck_metropolis", 4), "P1 trade metropolis on A6", "P1 improve trade A6"),
        (("puzzle_ck_metropolis", 4), "P1 Buy a city improvement, track trade", "P1 improve trade"),
        (("puzzle_base_trading", 7), "P2 gets a brick for 2 wool", "P2 bank 2 wool for brick"),
        (("puzzle_base_trading", 7), "P2 gets 1 brick for 3 wool", "P2 bank 3 wool for brick"),
        (
            ("puzzle_base_trading", 7),
            "P2 Trade with the bank, give wool, rate 4, get brick",
            "P2 bank 4 wool for brick",
        ),
    ],
)
def test_l19s_typed_answers_are_read(where, typed, notation):
    assert as_notation(_game(*where), typed) == notation


@pytest.mark.parametrize(
    ("where", "typed", "says"),
    [
        (("puzzle_ck_metropolis", 4), "metropolis on A6", "Which track? The move does not say."),
        (("puzzle_ck_progress", 4), "P2 play resource monopoly", "Which resource?"),
        (("base_dev_cards", 10), "P2 play resource monopoly", "Which resource?"),
        (
            ("puzzle_base_trading", 7),
            "P2 gives 4 wool for 2 brick",
            "A trade with the bank gets one card: 2 brick are 2 trades, each typed alone",
        ),
    ],
)
def test_a_part_missing_or_too_many_cards_get_a_clear_reply(where, typed, says):
    lesson, node = where
    if lesson.startswith("puzzle_"):
        g = _game(lesson, node)
    else:
        g = Game(*_at(lesson, node))
    with pytest.raises(MoveWordsError) as caught:
        read_move(g, typed)
    assert says in str(caught.value) and "is not a resource" not in str(caught.value)
    assert "2 wool" not in str(caught.value)  # 3.2's answer (its typed numbers halved)


def test_resource_monopoly_named_in_base_reads_as_monopoly():
    g = Game(*_at("base_dev_cards", 10))
    assert as_notation(g, "P2 play Resource Monopoly naming wool") == "P2 monopoly wool"


def _at(lesson: str, node: int) -> tuple:
    tl = load_scenario(packaged_lessons() / f"{lesson}{SUFFIX}").timeline
    assert tl is not None
    return tl.rules, tl.nodes[node].state
