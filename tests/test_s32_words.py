"""Typed moves a fresh learner got unhelpful or lower-case replies to (session 32).

1. A card's name misspelt in a typed move ("P1 offers 1 lumbr for 1 ore") was asked "Which
   cards are given?", which does not say what was wrong: a card misspelt gets the "did you
   mean" a kind of move's word gets ("“lumbr” is not a card name: did you mean “lumber”?"),
   never naming an open question's answer; an offer with no player asked asks for the player.
2. The Try a move box's reply began "not a move": every part of its reply starts a sentence.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from puzzle_answers import at_question, course_puzzles

from catan_tutor import board, new_game
from catan_tutor.game import Game
from catan_tutor.move_words import MoveWordsError, PartLeftOut, read_move
from catan_tutor.study.editor import edit
from catan_tutor.widgets.tutor import Tutor


def _main(variant: str = "base") -> Game:
    """P1's main phase (after the set-up, the roll made) of a fresh game of ``variant``."""
    g = new_game(variant, players=3, seed=3)
    while g.state.phase != "main":
        g.play(g.legal_actions()[0])
    return g


def _reply(game: Game, typed: str, avoid=()) -> MoveWordsError:
    with pytest.raises(MoveWordsError) as e:
        read_move(game, typed, avoid)
    return e.value


@pytest.mark.parametrize(
    ("typed", "word", "meant"),
    [
        ("P1 offers 1 lumbr for 1 ore", "lumbr", "lumber"),
        ("P1 offer P2 1 lumbr for 1 ore", "lumbr", "lumber"),
        ("offers P2 2 brik for 1 ore", "brik", "brick"),
        ("trade 4 wol for 1 ore", "wol", "wool"),
        ("P1 bank 4 grian for ore", "grian", "grain"),
        ("monopoly oer", "oer", "ore"),
        ("discard 1 lumbr", "lumbr", "lumber"),
    ],
)
def test_a_misspelt_card_asks_did_you_mean(typed: str, word: str, meant: str) -> None:
    e = _reply(_main(), typed)
    said = f"“{word}” is not a card name: did you mean “{meant}”?"
    assert e.why.startswith(said), e.why
    assert e.word == word and "Which cards" not in e.why, e.why


def test_a_misspelt_commodity_asks_did_you_mean_in_ck() -> None:
    """C&K's hand holds commodities too (CK-COMP-COMMODITIES): "clth" is cloth; the base
    game has none, so there a word near "cloth" is no card of it."""
    g = edit(new_game("ck", players=3), "place P1 settlement J12", "turn P1 main 3")
    e = _reply(g, "P1 offer P2 1 clth for 1 ore")
    assert e.why.startswith("“clth” is not a card name: did you mean “cloth”?"), e.why
    assert "did you mean “cloth”" not in _reply(_main(), "P1 offer P2 1 clth for 1 ore").why


def test_plural_and_other_spellings_of_cards_are_read_not_corrected() -> None:
    assert str(read_move(_main(), "offer P2 2 bricks for 1 ore")) == "P1 offer P2 2 brick for 1 ore"
    assert str(read_move(_main(), "P1 offers P2 1 lumber for 1 ore")) == (
        "P1 offer P2 1 lumber for 1 ore"
    )


def test_an_offer_to_nobody_asks_for_the_player_not_the_cards() -> None:
    """BASE-TRADE-DOMESTIC: an offer is made to a player; "P1 offer 1 lumber for 1 ore" names
    its cards and no player, and was asked "Which cards are given?"."""
    for typed in ("P1 offer 1 lumber for 1 ore", "P1 offers 1 lumber for 1 ore"):
        with pytest.raises(PartLeftOut) as e:
            read_move(_main(), typed)
        assert e.value.question == "To which player?", e.value.why


def test_a_card_in_an_open_questions_answer_is_not_named_by_did_you_mean() -> None:
    """At an open question (``avoid``: its answers' moves, ``secret_labels``) the card meant
    is not confirmed when the answer names it: the cards are listed, none singled out."""
    g = _main()
    e = _reply(g, "trade 4 wol for 1 ore", avoid=["P1 bank 4 wool for ore"])
    assert "did you mean" not in e.why, e.why
    assert e.why.startswith("“wol” is not a card name: the cards are brick, lumber, wool,")
    e = _reply(g, "trade 4 wol for 1 ore", avoid=["P1 bank 4 grain for ore"])
    assert "did you mean “wool”?" in e.why, e.why


def test_a_misspelt_card_at_a_course_question_keeps_its_answer() -> None:
    """3.2 (base_trading_harbors' bank question): its answer's cards are never confirmed by a
    misspelling's reply, whatever card is misspelt."""
    from puzzle_answers import judged

    from catan_tutor.study.puzzle import secret_labels

    asked = next(a for a in course_puzzles() if a.lesson == "puzzle_base_trading")
    tl = asked.scenario().timeline
    labels = secret_labels(asked.puzzle, tl.nodes[asked.node], tl.rules)
    cards = [c for c in board.RESOURCES if any(re.search(rf"\b{c}\b", w) for w in labels)]
    assert cards, labels
    for card in cards:
        typo = card[0] + card[2:]  # a letter left out: "wol", "bick"
        j = judged(asked.lesson, asked.node, f"trade 4 {typo} for 1 {card}")
        assert f"did you mean “{card}”" not in j.text, j.text


# 2. every part of the Try a move box's reply starts with a capital letter


class _Parts(HTMLParser):
    """The text of each block (``div``) and head (``b``) of a reply, as a learner reads it."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._open: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in ("div", "b"):
            self.parts.append("")
            self._open.append(tag)

    def handle_endtag(self, tag):
        if tag in ("div", "b") and self._open:
            self._open.pop()

    def handle_data(self, data):
        if self._open and not self.parts[-1].strip():
            self.parts[-1] += data


BAD = [
    "fly to the moon", "xyz", "P1 fly H3", "settlement Z9", "P1 settlement", "road",
    "trade 4 wol for 1 ore", "P1 offers 1 lumbr for 1 ore", "it is P2's turn", "?", "brick",
    "rode on N3", "P9 road A1", "robber", "12345",
]  # fmt: skip


def test_every_reply_of_the_try_box_starts_with_a_capital() -> None:
    t = Tutor(new_game("base", players=3))
    low = []
    for typed in BAD:
        t.controls.try_text.value = typed
        shown = t.controls.try_verdict.value
        assert shown, typed
        p = _Parts()
        p.feed(shown)
        for part in (x.strip() for x in p.parts if x.strip()):
            first = part.lstrip("“\"'")  # a learner's own word quoted may start it
            if part[0] not in "“\"'" and not first[:1].isupper():
                low.append(f"{typed!r}: {part!r}")
    assert low == [], low


# 3. a trade said as buying a card is told how a trade is typed, not a development card


@pytest.mark.parametrize(
    ("typed", "kind"),
    [
        ("buy a brick", "A trade with the bank is typed"),
        ("P1 buy brick", "A trade with the bank is typed"),
        ("buy 1 ore from P2", "A trade offer is typed"),
    ],
)
def test_buying_a_card_is_asked_as_a_trade(typed: str, kind: str) -> None:
    """BASE-TRADE-MARITIME, BASE-TRADE-DOMESTIC: "buy a brick" names the card wanted; what is
    given is asked, with a trade's example (it was told how a development card is bought,
    "like “P1 buy”"). A development card bought stays "buy"."""
    with pytest.raises(PartLeftOut) as e:
        read_move(_main(), typed)
    why = e.value.why
    assert why.startswith("Which cards are given?") and kind in why, why
    assert "development" not in why and "P1 buy" not in why, why
    assert str(read_move(_main(), "buy a development card")) == "P1 buy"


# 4. a solved question offers no hint of its own


def test_a_solved_question_offers_no_hint() -> None:
    """1.4's first question, a hint taken, then solved: its Hint button said "Hint (1 left)"
    and stayed enabled (s32). Solved, the question's Hint is off and gives nothing, where the
    lesson goes on and back at the question (◀); the tools' Hint, hidden while it was open,
    is for the position shown (the lesson's next move, where ▶ goes on from)."""
    from catan_tutor.study.puzzle import answer_nodes

    asked = next(a for a in course_puzzles() if a.lesson == "puzzle_base_setup")
    t = at_question(asked)
    s, p = t.session, t.puzzle
    tools = t.hints
    assert tools.widget.layout.display == "none"  # open: the tools' Hint would answer it
    assert p.take_hint() and not p.hint_button.disabled
    tl = s.timeline
    right = answer_nodes(asked.puzzle, tl.nodes[asked.node], tl.rules)[0].action
    p.submit(str(right))
    assert tl.current.id != asked.node and not s.puzzle_secret
    for where in ("on", "back"):
        if where == "back":
            s.step("back")
            assert tl.current.id == asked.node
        assert p.hint_button.disabled and "left" not in p.hint_button.description, where
        hints = s.puzzle.hints
        assert p.take_hint() == "" and s.puzzle.hints == hints, where
        assert tools.widget.layout.display == "" and tools.game() is s.game, where


@pytest.mark.parametrize(
    "typed", ["roll once more", "build one more road on N5", "I gain a brick", "trade more wool"]
)
def test_an_english_word_near_a_card_is_not_taken_for_one(typed: str) -> None:
    """ "more" is near "ore", "gain" near "grain": words where no card goes, or words of
    English, get no "did you mean" a card."""
    with pytest.raises(MoveWordsError) as e:
        read_move(_main(), typed)
    assert "is not a card name" not in e.value.why, e.value.why


def test_try_a_move_s_example_is_not_a_bare_card_purchase() -> None:
    """l40 read "Moves read like “P1 buy”." as cut short: with no move on a spot legal, the
    example is another legal move (a trade, the turn's end), buying a card only when nothing
    else is."""
    from catan_tutor.actions import BuyDev
    from catan_tutor.widgets.try_words import example

    sc = _trading_after_roll()
    game = Game(sc.timeline.rules, sc.timeline.nodes[3].state)
    legal = game.legal_actions()
    assert any(isinstance(a, BuyDev) for a in legal) and isinstance(legal[0], BuyDev)
    shown = example(game)
    assert shown and shown != "P1 buy" and game.parse(shown) in legal


def _trading_after_roll():
    from catan_tutor.study.resources import lessons_dir
    from catan_tutor.study.scenario import load_scenario

    return load_scenario(lessons_dir() / "base_trading_harbors.catan.yaml")


@pytest.mark.parametrize("typed", ["build more road on N3", "P1 also builds a road on N3"])
def test_more_and_also_are_read_as_filler(typed: str) -> None:
    """A learner's "build more road on N5" was told "The word “more” was not understood
    here.": words that say nothing the move needs are passed over."""
    sc = _trading_after_roll()
    game = Game(sc.timeline.rules, sc.timeline.nodes[3].state)
    assert str(read_move(game, typed)) == "P1 road N3"


def test_a_lesson_s_spot_list_offers_the_allowed_spots_first() -> None:
    """l41 at 7.1 (Recruit a knight): the "at" list held ~48 free corners in the board's
    order, the two the board lights among them; in a lesson (not at a question) the allowed
    spots come first, every other free spot after them (a wrong one: why not there)."""
    from catan_tutor.study.resources import lessons_dir
    from catan_tutor.study.scenario import load_scenario

    t = Tutor(load_scenario(lessons_dir() / "ck_knight_recruit.catan.yaml"))
    s = t.session
    s.lesson_id = "ck_knight_recruit"
    for _ in range(3):
        s.step("forward")
    assert "recruit" in s.kinds() and not s.puzzle_secret
    s.choose_kind("recruit")
    form = t.controls.form
    allowed = sorted({a.vertex for a in s.of_kind("recruit")})
    values = [v for _, v in form.pickers["vertex"].options if v is not None]
    assert len(values) > len(allowed) >= 1
    assert sorted(values[: len(allowed)]) == allowed


def test_cards_in_a_sentence_are_a_list_with_and_notation_keeps_its_commas() -> None:
    """l41 at 3.1: "P1 can offer P3 2 grain for 1 brick, 1 lumber" read as a word missing:
    a sentence lists the cards with "and"; the notation (typed, read back) keeps commas."""
    from catan_tutor.actions import Offer, bundle_text, bundle_words

    g = new_game("base", players=3)
    offer = Offer(0, 2, (0, 0, 0, 2, 0), (1, 1, 0, 0, 0))
    assert bundle_words((1, 1, 1, 0, 0)) == "1 brick, 1 lumber and 1 wool"
    assert bundle_text((1, 1, 0, 0, 0)) == "1 brick, 1 lumber"
    assert offer.sentence(g.state) == (
        "P1 offers P3 2 grain for 1 brick and 1 lumber; now P3 accepts or declines it."
    )
    assert str(offer) == "P1 offer P3 2 grain for 1 brick, 1 lumber"


def test_a_part_left_out_of_a_kind_no_answer_has_is_told_not_the_answer() -> None:
    """l42 at 6.7 ("Build what lets P3 hold more cards through a 7", a wall): "P3 recruit
    knight" was asked "Which corner?", coaxing a wrong idea on; no corner would answer, so it
    is told not the answer. A part left out of the answer's own kind is still asked for."""

    from catan_tutor.study.puzzle import judge

    asked = next(a for a in course_puzzles() if a.lesson == "puzzle_ck_walls" and a.node == 4)
    sc = asked.scenario()
    node, rules = sc.timeline.nodes[asked.node], sc.timeline.rules
    wrong = judge(asked.puzzle, node, rules, "P3 recruit knight")
    assert not wrong.correct and not wrong.left_out
    assert wrong.text.startswith("Recruiting a knight is not the answer here."), wrong.text
    right_kind = judge(asked.puzzle, node, rules, "P3 wall")
    assert right_kind.correct or right_kind.left_out, right_kind.text


def test_try_a_move_at_a_who_question_judges_no_seat() -> None:
    """l43 at 1.4's "Whose turn is it to place?": Try a move told "P1 can't …: it is not
    P1's move now", then "✓ Allowed. P3 can build a settlement on C6", the answer for free.
    At every question asking who moves, Try a move judges no move of any seat till it is
    answered."""
    import html

    from catan_tutor.study.puzzle import asks_who
    from catan_tutor.widgets.try_words import WHO_KEPT

    seen = 0
    for asked in course_puzzles():
        if not asks_who(asked.puzzle):
            continue
        t = at_question(asked)
        game = t.session.game
        spot = next(a for a in game.legal_actions() if hasattr(a, "vertex"))
        for seat in range(game.players):
            typed = f"P{seat + 1} " + str(spot).split(" ", 1)[1]
            t.controls.check_try(typed)
            said = html.unescape(re.sub(r"<[^>]+>", " ", t.controls.try_verdict.value))
            assert WHO_KEPT in said and "Allowed" not in said and "move now" not in said, said
            seen += 1
    assert seen >= 3


def test_the_file_tab_warns_that_the_author_s_tools_show_an_open_question_s_answer() -> None:
    """l43 at 4.3: "Lesson author's tools" ticked at the open question listed "Answers: P1
    road N7", unwarned. A teacher needs them at a question (test_browser_authoring); the
    File tab says, while one is open, that they show its answer."""

    from catan_tutor.widgets.tutor import TABS

    asked = next(a for a in course_puzzles() if a.lesson == "puzzle_base_awards")
    t = at_question(asked)
    t.tabs.selected_index = TABS.index("File")
    assert "author's tools below show its answer" in t.files.download.value
    t.session.puzzle.submit(asked.puzzle.answers[0])
    assert not t.session.puzzle_secret
    t.tabs.selected_index = TABS.index("Moves")
    t.tabs.selected_index = TABS.index("File")
    assert "show its answer" not in t.files.download.value  # (no question open now; the
    # file is held back while the lesson's second question is unanswered: l47)


def test_a_neutral_written_as_one_word_is_read() -> None:
    """l43 at 5.13: "road neutral1 H3" was told "“neutral1” is not an edge"; it reads as
    "neutral 1"."""

    from catan_tutor.study.puzzle import judge

    asked = next(a for a in course_puzzles() if a.lesson == "puzzle_base_2p" and a.node == 1)
    sc = asked.scenario()
    j = judge(asked.puzzle, sc.timeline.nodes[1], sc.timeline.rules, "road neutral1 H3")
    assert j.correct, j.text
