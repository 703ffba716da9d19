"""s17: the palette's buttons, at a puzzle's question (every kind of the turn, so the answer is
one of many) and outside one: each reads as its action's or card's printed name ("Play Year of
Plenty", "Treason: place a knight", "Take a resource (Aqueduct)"), with its price while
building costs, never an engine's kind name ("play plenty", "buy dev") or card id."""

from __future__ import annotations

import re

from puzzle_answers import at_question, course_puzzles

from catan_tutor.card_titles import CARD_TITLES
from catan_tutor.widgets.kinds import moment_kinds
from catan_tutor.widgets.wording import KIND_WORDS, palette_words

# Card and improvement names a button may name, as printed (capitalised words in a label)
PRINTED = set(CARD_TITLES.values()) | {"Commercial Harbor", "Aqueduct", "Wedding", "Treason"}


def _check(labels: list[tuple[str, str]], where: str) -> None:
    for label, kind in labels:
        name = label.split(" · ")[0]
        # its own words, not the kind's name made a sentence ("Buy dev")
        assert kind in KIND_WORDS and name == palette_words(kind), (where, label)
        assert name[0].isupper() and not re.search(r"[_<>{}-]|\bdev\b", name), (where, label)
        # a card named in a button is named as printed: "Play Road Building", "(Aqueduct)"
        named = re.findall(r"^Play (?:a )?(.+)$|\(([A-Z][\w ]+)\)$|^([A-Z]\w+):", name)
        for card in named:
            printed = next(c for c in card if c)
            assert printed in PRINTED or printed == "progress card", (where, label)


def test_every_puzzles_palette_names_the_turns_kinds_as_printed():
    """At every question: the palette offers every kind of the moment (not only the legal:
    the answer stays one of many), each by its printed name."""
    for asked in course_puzzles():
        t = at_question(asked)
        s = t.session
        labels = list(t.controls.palette.options)
        kinds = [k for k in moment_kinds(s.game) if k != "end turn"]
        assert [k for _, k in labels] == kinds, (asked.lesson, labels, kinds)
        _check(labels, f"{asked.lesson} at its question")
        # once answered (the answer's node shown), the palette is the legal kinds, named alike
        if s.timeline.current.children:
            s.goto(s.timeline.current.children[0].id)
        _check(list(t.controls.palette.options), f"{asked.lesson} after its question")


def test_every_kinds_palette_words_are_a_learners():
    """Every kind's button words, whatever the variant: printed names, no engine word."""
    _check([(palette_words(k), k) for k in KIND_WORDS], "every kind")


def test_a_chance_step_s_die_button_says_what_it_does():
    """s31, a fresh learner on a phone at 1.2 (who goes first): the palette's one button read
    "Die", the engine's word, where a roll's says "Set the dice yourself (for practice)": it
    sets one die's face, and says so (wrapped on a phone: PLAY_CSS)."""
    from catan_tutor.study.resources import packaged_lessons
    from catan_tutor.study.scenario import load_scenario
    from catan_tutor.widgets import Tutor

    t = Tutor(load_scenario(packaged_lessons() / "base_first_player.catan.yaml"))
    labels = dict((k, label) for label, k in t.controls.palette.options)
    assert labels["die"] == "Set the dice yourself (for practice)", labels  # two dice
    assert palette_words("die") != "Die" and "yourself" in palette_words("die")


def test_the_die_button_says_a_die_for_one_die_left_and_the_dice_for_more():
    """The dice form sets every die still to fall: a base roll under way (white and red to
    fall, as the roll-off's first and second) says "the dice"; with one die left, "a die"."""
    from catan_tutor.study.resources import packaged_lessons
    from catan_tutor.study.scenario import load_scenario
    from catan_tutor.widgets import Tutor
    from catan_tutor.widgets.dice_form import palette_label, throw_dice

    t = Tutor(load_scenario(packaged_lessons() / "base_first_player.catan.yaml"))
    g = t.session.game
    assert [name for name, _ in throw_dice(g)] == ["first die", "second die"]
    assert palette_label(g, "die") == "Set the dice yourself (for practice)"
    g.play(throw_dice(g)[0][1][2])  # the first die shows 3
    assert len(throw_dice(g)) == 1
    assert palette_label(g, "die") == "Set a die yourself (for practice)"
    assert palette_label(g, "roll") == "Set the dice yourself (for practice)"
