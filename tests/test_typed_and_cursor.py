"""A fresh learner's findings on the typed box, the form and the keyboard cursor (s16): the
cursor at an open puzzle says what Enter does without judging the spot; a click counts what
the form already names; the bank trade's lists keep the game's resource order; a notation
error reads for a learner, with the form of the kind of move meant."""

from __future__ import annotations

import re

import pytest
from helpers import after_setup, conserve_bank, from_fields, position_fields
from puzzle_answers import answer_words, course_puzzles, found
from test_puzzle_secret import at_question

from catan_tutor import board, new_game
from catan_tutor.actions import REGISTRY
from catan_tutor.board import CARD_NAMES
from catan_tutor.errors import CatanError
from catan_tutor.move_words import as_notation
from catan_tutor.rules.absent_kinds import GAME_NAMES
from catan_tutor.study.puzzle import answer_nodes, secret_labels
from catan_tutor.typed_forms import FORMS, example, how_to_type, kind_named
from catan_tutor.variants import VARIANTS
from catan_tutor.widgets.kinds import moment_kinds, target_of, variant_kinds
from catan_tutor.widgets.spot_sentences import TRY_SPOT
from catan_tutor.widgets.tutor import Tutor


def _asked(lesson: str, n: int):
    return [p for p in course_puzzles() if p.lesson == lesson][n]


def test_the_cursor_at_an_open_puzzle_says_enter_tries_the_spot_on_every_spot():
    """1.4 puzzle 3 (a learner, t04_kbd_g6.png): the cursor said "Press Enter to ask why not
    here" on every corner, the answer G6 too (where Enter plays and solves it), which read as
    if no corner were legal. At the open question every corner says the same: Enter tries the
    spot and the puzzle judges it (no corner told apart: the answer stays secret); Enter on
    the answer solves it (outside a puzzle the line is as before: test_page_sentences)."""
    asked = _asked("puzzle_base_setup", 2)
    t = at_question(asked)
    s = t.session
    answer = next(
        target_of(c.action)
        for c in answer_nodes(asked.puzzle, s.timeline.current, s.timeline.rules)
    )
    assert answer is not None
    s.choose_kind("settle")
    other = next(sp for sp in t.board.cursor_spots() if sp != answer and sp[0] == answer[0])
    for spot in (answer, other):
        t.view.set_cursor(spot)
        t.board.cursor_status()
        said = t.board.pointer.value
        assert said.endswith(TRY_SPOT) and "why not" not in said, said
    t.act_at(answer)  # what the line said: Enter tried the spot, and it was the answer
    assert s.puzzle.right, s.message


def test_the_bank_trades_give_and_get_lists_share_the_games_resource_order():
    """A bank trade's "give" listed brick, lumber, wool, grain, ore but its "get" lumber,
    wool, grain, ore, brick (the order its first move met them): both in the game's order."""
    head, f = position_fields(after_setup("base", 4), {"phase": "main", "dice": "3,4"})
    f["hands"] = "4,4,3,5,4/1,1,0,0,0/0,1,0,0,0/0,1,2,0,0"
    conserve_bank(f)
    t = Tutor(from_fields(head, f))
    t.session.choose_kind("bank trade")
    form = t.controls.form
    assert form is not None
    for name in ("give", "get"):
        assert [label for label, v in form.pickers[name].options if v is not None] == list(
            CARD_NAMES[:5]
        ), name


def test_a_click_counts_the_player_already_chosen_in_the_form():
    """1.4 puzzle 2 (a learner, b10_answer.png): P3 picked in the form, then corner M4
    clicked, and the page said "Several moves here: finish the form (choose the player)". The
    player chosen and the corner clicked name one move: it is judged at once (here the
    answer, which the learner had found), the form asking nothing more."""
    asked = _asked("puzzle_base_setup", 1)
    t = at_question(asked)
    s = t.session
    s.choose_kind("settle")
    form = t.controls.form
    assert form is not None
    form.pickers["player"].value = 2  # P3
    tries = s.puzzle.tries
    t.act_at(("vertex", board.parse_vertex("M4")))
    said = t.controls.message.value
    assert "Several moves" not in said and "choose the player" not in said, said
    assert s.puzzle.tries == tries + 1 and s.puzzle.verdict is not None
    assert s.puzzle.verdict.move == "P3 settle M4" and s.puzzle.verdict.correct


GAMES = {v: new_game(v, players=2 if v != "base" and v != "ck" else 4, seed=1) for v in VARIANTS}
# Words of a developer, never in a message a learner reads (the reader's own: "A count (ASCII
# digits, at most 6), got “improves” was expected here.")
DEVELOPER = re.compile(
    r"(?i:ASCII|digit|expected|\bgot\b|unexpected|character|notation|pars(?:e|ing|er)|"
    r"\.\.|\bNone\b|\bargs?\b|schema|\berror\b)|(?<!\w)'|'(?!\w)|\b[A-Z][a-z]+[A-Z]\w*"
)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_kind_of_move_has_a_form_whose_example_is_read_as_that_kind(variant):
    """Every kind a player makes in the variant is said how to type: a general pattern and
    an example the reader takes as a move of that kind; the example said is a move legal
    now (learner s31), else none is said."""
    g = GAMES[variant]
    for kind, cls in variant_kinds(g).items():
        assert cls.__name__ in FORMS, kind
        shown = example(g, cls, legal=False)
        assert shown and type(g.parse(shown)) is cls, (kind, shown)
        how = how_to_type(g, cls)
        legal = example(g, cls)
        assert not DEVELOPER.search(how), how
        if legal:
            assert f"like “{legal}”" in how and g.explain(as_notation(g, legal)).legal, how
        else:
            assert "like “" not in how, how


def _malformed(word: str) -> list[str]:
    """Inputs a learner may type for the kind whose notation word is ``word``: the word
    alone, with junk, with too many words, numbers where labels go and labels where numbers go,
    an unknown seat."""
    return [
        f"P1 {word}",
        f"{word} zzz",
        f"P1 {word} improves trade",
        f"P1 {word} 1234567 brick",
        f"P1 {word} H4 J12 K P2 1 brick for 2 ore give 3 wool extra words",
        f"P9 {word} H4",
        f"P1 {word} level 1",
        f"P1 {word} 2 brick for",
    ]


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_notation_error_reads_for_a_learner_with_the_form_of_the_kind_named(variant):
    """s16 (7.8 puzzle 4): "P1 improves trade" read `A count (ASCII digits, at most 6), got
    “improves” was expected here.`. Malformed inputs for every kind of the variant: each
    refusal says what was not understood in plain words (none of ``DEVELOPER``), and, where
    the kind is the variant's, how that kind is typed with an example the reader takes."""
    g = GAMES[variant]
    ours = set(variant_kinds(g).values())
    said = 0
    for word, cls in REGISTRY.items():
        chance = [f"{word} red x", f"{word} zz 9"] if cls.is_chance else []  # "die red 5"
        for typed in _malformed(word) + chance:
            try:
                as_notation(g, typed)
            except CatanError as e:
                text = str(e)
                assert not DEVELOPER.search(text), (typed, text)
                assert not re.search(r"[<>]|&lt;|&gt;", text), (typed, text)  # no "P<n>" (s17)
                if cls in ours and "is typed as " not in text:  # a form, else its own reason
                    assert re.search(r"is not a|^“P9”|^There .* in this game \(", text), (
                        typed,
                        text,
                    )
                if cls not in ours and cls.__name__ in FORMS and "is typed as " not in text:
                    # a kind of another game (not read as one of ours: "knight" in C&K)
                    assert text.endswith(f" in this game ({GAME_NAMES[variant]})."), (typed, text)
                said += 1
    assert said > 100


def test_the_learners_words_for_a_city_improvement_and_a_forced_trade_are_read():
    """The learner's tries (7.8 puzzle 4, 5.13 puzzle 3): "P1 improves trade", "P1 trade level
    1" name a city improvement; "P1 makes a forced trade with P2" a forced trade, whose
    form is said (its cards not given)."""
    ck = GAMES["ck"]
    for typed in ("P1 improves trade", "P1 trade level 1", "P1 buys trade level 1"):
        assert as_notation(ck, typed) == "P1 improve trade", typed
    with pytest.raises(CatanError) as caught:
        as_notation(GAMES["base-2p"], "P1 makes a forced trade with P2")
    text = str(caught.value)
    forced = "the player, “force take”, the cards taken, “give” and the cards given"
    assert f"A forced trade is typed as {forced}" in text, text
    legal = re.findall(r"like “([^”]*)”", text)  # an example legal now, or none (s31)
    assert all(GAMES["base-2p"].explain(m).legal for m in legal) and not DEVELOPER.search(text)
    assert as_notation(GAMES["ck-2p"], "P1 makes a forced trade with P2") == "P1 force"
    # the values a place takes are said once: in the form, not again in the reason
    for game, typed, listed in (
        (ck, "P1 improve", "politics"),
        (GAMES["base"], "P1 monopoly x", "lumber"),
    ):
        with pytest.raises(CatanError) as caught:
            as_notation(game, typed)
        assert str(caught.value).count(listed) == 1, str(caught.value)


def test_no_example_in_a_puzzles_refusals_gives_its_answer_away():
    """At every puzzle's open question, each kind of the moment typed wrong (and each asked
    by its button) is said how to type it, with an example that names no part of the
    answer: not its spot, not its move for another seat ("P2 monopoly ore" for P1's)."""
    for asked in course_puzzles():
        t = at_question(asked)
        s = t.session
        node = s.timeline.current
        secret = answer_words(asked)
        moves = {
            str(c.action).split(" ", 1)[1]
            for c in answer_nodes(asked.puzzle, node, s.timeline.rules)
            if c.action is not None
        }
        avoid = secret_labels(asked.puzzle, node, s.timeline.rules)
        for kind, cls in variant_kinds(s.game).items():
            if kind not in moment_kinds(s.game):
                continue
            how = how_to_type(s.game, cls, avoid)
            typed = f"P1 {cls.words[0] if cls.words else kind} zzz"
            try:
                s.puzzle.read(typed)
                texts = [how]
            except CatanError as e:
                texts = [how, str(e)]
            for text in texts:
                assert not found(secret, text), (asked.lesson, kind, text)
                shown = re.findall(r"like “P\d ([^”]*)”", text)
                assert not set(shown) & moves, (asked.lesson, kind, text)


def test_words_typed_at_a_puzzle_with_a_kind_chosen_get_that_kinds_form():
    """A kind chosen (its button), then words the reader cannot take typed in the answer box:
    the reply says how that kind is typed, not only the general examples."""
    asked = _asked("puzzle_base_trading", 0)
    t = at_question(asked)
    s = t.session
    s.choose_kind("play monopoly")
    t.puzzle.submit("grab all of it")
    j = s.puzzle.verdict
    assert j is not None and not j.correct
    said = "I cannot read “grab”. Playing Monopoly is typed as the player, “monopoly”"
    assert said in j.text, j.text


def test_a_tap_on_the_board_for_a_move_made_off_it_says_how_it_is_typed():
    """Monopoly chosen, then a hex tapped: "type it under Try a move" says what to type."""
    head, f = position_fields(after_setup("base", 4), {"phase": "main", "dice": "3,4"})
    t = Tutor(from_fields(head, f))
    t.session.choose_kind("play monopoly")
    t.act_at(("hex", board.HEX_NAMES.index("K")))
    said = t.controls.message.value
    assert "type it under Try a move. Playing Monopoly is typed as the player, “monopoly”" in said


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_move_of_another_game_is_said_to_be_none_of_this_one_by_name(variant):
    """s17: "P1 roll level 1" in standard Catan read "A city improvement is no move of this
    game", and a well-typed "P1 improve trade" got "That is a move of another variant of
    Catan". Every kind of another game, typed well or not here, is said plainly to be none of
    this game, the game named: "There are no city improvements in this game (standard
    Catan)." (where this variant says it with a rule of its own, that rule's words stand)."""
    g = GAMES[variant]
    ours = set(variant_kinds(g).values())
    name = GAME_NAMES[variant]
    seen = 0
    for other in VARIANTS:
        for cls in set(variant_kinds(GAMES[other]).values()) - ours:
            typed = "P1 " + example(GAMES[other], cls, legal=False).split(" ", 1)[1]  # P1 moves
            word = typed.split()[1]
            for text in (typed, f"P1 {word} zzz"):
                try:
                    said = g.explain(as_notation(g, text)).reason
                except CatanError as e:
                    said = str(e)
                named = kind_named(text, g)
                if "is typed as " in said or any(issubclass(c, named or cls) for c in ours):
                    continue  # read as a kind of ours ("knight" in C&K; "neutral" in 2P)
                # (C&K's own rule: "Cities & Knights has no development cards…")
                assert name.removesuffix(" for two") in said, (text, said)
                if said.startswith("There "):
                    assert said.endswith(f" in this game ({name})."), (text, said)
                seen += 1
    assert seen >= 4
    with pytest.raises(CatanError, match=r"^There are no city improvements in this game"):
        as_notation(GAMES["base"], "P1 roll level 1")
