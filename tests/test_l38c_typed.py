"""What a fresh learner (l38c, session 39) typed at the puzzles and was not understood, or was
told only "not the answer": the opponent made to give (11.16, 5.13), a hex said by terrain and
letter (9.18), a bid with its card left out (5.21), and the author's reason for a tempting
wrong kind of move (a puzzle's ``wrong:``, 8.11 and 5.13)."""

from __future__ import annotations

import pytest

from catan_tutor.study.scenario import ScenarioError, dumps_scenario, loads_scenario


@pytest.mark.course
def test_CK2P_TOKEN_FORCED_TRADE_the_opponent_made_to_give_is_a_take_not_the_give_back():
    """ "P1 forces P2 to give 2 wool for brick and lumber" at 11.16 was read as P1 giving the
    wool back (a step owed only after a draw): it is P1 taking 2 wool, which the blind draw
    of C&K for two cannot choose, and the reply says so."""
    from puzzle_answers import judged

    for typed in (
        "P1 forces P2 to give 2 wool for brick and lumber",
        "force P2 to give 2 wool for 1 brick and 1 lumber",
        "P1 forces P2 to give 2 wool",
    ):
        j = judged("puzzle_ck_2p", 8, typed)
        assert not j.correct and "force give" not in j.move, (typed, j.move)
        assert "blind" in j.text and "back to P2" not in j.text, (typed, j.text)


@pytest.mark.course
def test_2P_TOKEN_FORCED_TRADE_made_to_give_reads_as_take_give_in_the_base_game():
    """In the base game for two the cards are chosen: "forces P2 to give 2 wool for a brick and
    a grain" is that forced trade, and at 5.13 (P2 holds no ore) the author's reason follows."""
    from puzzle_answers import judged

    j = judged("puzzle_base_2p", 15, "P1 forces P2 to give 2 wool for a brick and a grain")
    assert j.move == "P1 force take 2 wool give 1 brick, 1 grain" and j.legal, j.move
    assert not j.correct and "P2 holds no ore" in j.text, j.text


def test_2P_TOKEN_FORCED_TRADE_made_to_give_rewrites_only_that_phrase():
    from catan_tutor import new_game
    from catan_tutor.forced_trade_typed import made_to_give

    two = new_game("base-2p", players=2, seed=1)
    assert made_to_give(two, "P1 forces P2 to hand over 2 wool in return for 1 ore") == (
        "P1 force take 2 wool give 1 ore"
    )
    assert made_to_give(two, "P1 takes 2 wool from P2's hand for a brick and a grain") == (
        "P1 force take 2 wool give a brick and a grain"
    )
    assert made_to_give(two, "P1 gives P2 2 wool") == "P1 gives P2 2 wool"
    assert made_to_give(two, "P1 takes the longest road from P2") == (
        "P1 takes the longest road from P2"
    )
    assert made_to_give(two, "P1 force") == "P1 force"
    # no forced trade in the game for 3 or 4: the words are left to the other readers
    assert made_to_give(new_game("base", players=3, seed=1), "P1 takes 2 wool from P2") == (
        "P1 takes 2 wool from P2"
    )


@pytest.mark.course
def test_CK2P_TOKEN_FORCED_TRADE_cards_taken_from_the_opponent_are_the_blind_draws_reason():
    """ "P1 takes 2 wool from P2" at 11.16 was told "It does not say which move" (l38c): it is
    a forced trade naming its cards, which the blind draw of C&K for two cannot choose."""
    from puzzle_answers import judged

    for typed in ("P1 takes 2 wool from P2", "take 2 wool from P2 for a brick and a lumber"):
        j = judged("puzzle_ck_2p", 8, typed)
        assert not j.correct and "blind" in j.text, (typed, j.text)


@pytest.mark.course
@pytest.mark.parametrize(
    "typed",
    [
        "P2 plays merchant on the fields O",
        "P2 plays the merchant and puts it on the fields O",
        "P2 play merchant fields O",
    ],
)
def test_CK_PC_MERCHANT_a_hex_said_by_terrain_and_letter_is_that_hex(typed):
    """9.18: "on the fields O" was asked "Which fields?" though O was said."""
    from puzzle_answers import judged

    j = judged("puzzle_ck_progress", 4, typed)
    assert j.correct and j.move == "P2 play merchant O", (j.move, j.text)


@pytest.mark.course
def test_CK_PC_MERCHANT_a_letter_of_another_terrain_is_still_asked():
    """A letter beside a terrain it is not (K is no fields hex) picks nothing: asked."""
    from puzzle_answers import judged

    from catan_tutor.board import HEX_NAMES

    j = judged("puzzle_ck_progress", 4, "P2 plays merchant on the fields K")
    lay = __import__("puzzle_answers").lesson("puzzle_ck_progress").timeline.nodes[4].state.layout
    assert lay.terrain[HEX_NAMES.index("K")] != lay.terrain[HEX_NAMES.index("O")]
    assert not j.correct and "Which fields" in j.text, j.text


@pytest.mark.course
@pytest.mark.parametrize("typed", ["P1 bids 3 grain", "P1 bids 2 grain", "bid 2 grain"])
def test_DUMMY_TRADE_BID_a_bid_without_its_card_asks_for_it(typed):
    """5.21: "P1 bids 3 grain" was told "I cannot read “bids”": the card wanted is asked."""
    from puzzle_answers import judged

    from catan_tutor.trade_card_words import BID_FOR

    j = judged("puzzle_base_dummy", 18, typed)
    assert j.left_out and BID_FOR in j.text, j.text


@pytest.mark.course
@pytest.mark.parametrize("typed", ["P2 recruits a knight", "recruit a knight"])
def test_CK_KNIGHT_RECRUIT_a_wrong_kind_gets_the_authors_reason(typed):
    """8.11's second question: "Recruiting a knight is not the answer here" gave no reason;
    the puzzle's ``wrong: recruit`` says why (every corner P2's roads touch is taken)."""
    from puzzle_answers import judged

    j = judged("puzzle_ck_barbarians", 7, typed)
    assert not j.correct and "nowhere to recruit" in j.text, j.text
    assert "Ask for a hint" not in j.text


@pytest.mark.course
def test_CK_SEVEN_DISCARD_a_legal_move_of_a_wrong_kind_gets_the_authors_reason():
    from puzzle_answers import judged

    j = judged("puzzle_ck_walls", 4, "P3 improve trade")
    assert j.legal and not j.correct and "stays 7" in j.text, j.text


_PUZZLE = """title: t
variant: base
players: 3
puzzle:
  prompt: Place P1's first settlement.
  answers:
  - P1 settle N6
  wrong:
    {key}: {why}
moves:
- move: P1 settle N6
"""


def test_a_puzzles_wrong_reasons_read_back_and_are_checked():
    """``wrong:`` round-trips; a key that is no kind of move, the answer's own kind, or a
    reason that names the answer is refused with the file and line."""
    sc = loads_scenario(_PUZZLE.format(key="road", why="A road comes after the settlement."))
    (p,) = sc.puzzles.values()
    assert p.wrong == (("road", "A road comes after the settlement."),)
    assert loads_scenario(dumps_scenario(sc)).puzzles == sc.puzzles
    for key, why, said in [
        ("roadz", "x", "not a kind of move"),
        ("settle", "x", "the answer's kind"),
        ("road", "Not a road, N6 is better.", "names the answer"),
    ]:
        with pytest.raises(ScenarioError, match=said):
            loads_scenario(_PUZZLE.format(key=key, why=why))


# C&K hints said no reason (l38c): each kind of C&K move gets one, true to its rule


@pytest.mark.parametrize(
    ("level", "faces"),
    [(0, "1 or 2"), (1, "1 to 3"), (3, "1 to 5"), (4, "whatever the red die shows")],
)
def test_CK_PROGRESS_THRESHOLD_an_improvement_hint_says_which_red_die_draws(level, faces):
    from puzzle_answers import lesson

    from catan_tutor.game import Game
    from catan_tutor.variants.ck_actions import Improve
    from catan_tutor.widgets.hint_words import why

    tl = lesson("puzzle_ck_walls").timeline
    s = tl.nodes[4].state.copy()
    s.levels = tuple((level, 0, 0) if p == 2 else lv for p, lv in enumerate(s.levels))
    said = why(Game(tl.rules, s), Improve(2, 0))
    assert f"at level {level + 1}, a green castle" in said and "science progress card" in said
    assert said.endswith(f"{faces}."), said


def test_CK_BARB_DEFENSE_knight_and_wall_hints_say_what_they_do():
    from puzzle_answers import lesson

    from catan_tutor.game import Game
    from catan_tutor.variants.ck_actions import BuildWall, Recruit
    from catan_tutor.widgets.hint_words import reason

    tl = lesson("puzzle_ck_walls").timeline
    g = Game(tl.rules, tl.nodes[4].state)
    kinds = {type(a): a for a in g.legal_actions()}
    assert "against the barbarians" in reason(g, kinds[Recruit])
    assert "2 more cards on a 7" in reason(g, kinds[BuildWall])


def test_BASE_ROBBER_MOVE_a_robber_hint_on_an_empty_hex_says_why():
    """A hinted robber move where nobody builds (l38c, a dummy game) says what it does."""
    from test_rules_2p import main_game

    from catan_tutor.actions import MoveRobber
    from catan_tutor.board import HEX_NAMES, HEX_VERTICES
    from catan_tutor.widgets.hint_words import reason

    g = main_game(robber="C", phase="robber")
    s = g.state
    empty = next(
        h
        for h in range(len(HEX_NAMES))
        if g.layout.numbers[h] and all(s.vowner[v] < 0 for v in HEX_VERTICES[h])
    )
    said = reason(g, MoveRobber(g.acting_seat, empty))
    assert "nobody builds there" in said, said


@pytest.mark.course
@pytest.mark.parametrize(
    ("typed", "move", "right"),
    [
        ("P1 trades wool 2:1 for brick", "P1 bank 2 wool for brick", False),
        ("P1 trades 3:1 ore for brick", "P1 bank 3 ore for brick", True),
        ("P1 trades ore for brick at the 3:1 harbor", "P1 bank 3 ore for brick", True),
    ],
)
def test_BASE_TRADE_MARITIME_a_rate_said_for_the_count_is_that_count(typed, move, right):
    """ "P2 trades wool 4:1 for brick" at 3.2 was asked "How many wool for one brick?" (l38c):
    the rate said is the count of the card given; a count said too leaves the rate as words."""
    from puzzle_answers import judged

    from catan_tutor.trade_card_words import _rate_as_count

    j = judged("puzzle_base_trading", 15, typed)
    assert (j.move, j.correct) == (move, right), (typed, j.move, j.text)
    assert _rate_as_count("P2 trades 4 wool for a brick (4:1)") == (
        "P2 trades 4 wool for a brick (4:1)"
    )
    assert _rate_as_count("P1 offers wool for brick") == "P1 offers wool for brick"


@pytest.mark.course
@pytest.mark.parametrize(
    "typed", ["build a wall under the city", "P3 puts a wall beneath its city on C6"]
)
def test_CK_WALL_BUILD_a_wall_said_under_its_city_is_read(typed):
    """ "build a wall under the city" at 6.7 was told "The word “under” was not understood":
    a wall goes under a city, and the word is read as such."""
    from puzzle_answers import judged

    j = judged("puzzle_ck_walls", 4, typed)
    assert j.move == "P3 wall C6" and j.correct, (typed, j.move, j.text)


@pytest.mark.course
@pytest.mark.parametrize(
    ("lesson", "node", "typed", "asked"),
    [
        ("puzzle_ck_progress", 5, "P2 trades 3 commodities for ore", "Which commodity"),
        ("puzzle_ck_progress", 5, "trade 4 resources for ore", "Which resource"),
        ("puzzle_base_trading", 15, "P1 trades 3 resources for a brick", "Which resource"),
    ],
)
def test_BASE_TRADE_MARITIME_cards_said_by_class_ask_which_kind(lesson, node, typed, asked):
    """ "P2 trades 3 commodities for ore" at 9.18 was told "The word “commodities” was not
    understood": cards said by their class ask which kind (in the base game, "commodities"
    stays a word the game does not know)."""
    from puzzle_answers import judged

    j = judged(lesson, node, typed)
    assert j.text.startswith(asked) and not j.correct, (typed, j.text)
    base = judged("puzzle_base_trading", 15, "P1 trades 2 commodities for a brick")
    assert "not understood" in base.text, base.text


@pytest.mark.course
@pytest.mark.parametrize("typed", ["P1 buys a trade token", "get one more token"])
def test_CK2P_TOKEN_KNIGHT_REMOVE_a_token_asked_for_as_bought_is_told_tokens_are_earned(typed):
    """ "P1 buys a trade token" at 11.16 was told "did you mean “woken”?" and how to activate a
    knight: a token is earned, never a move of its own, and the reply names no way to earn
    one (the question asks for it); a move that earns one, said with its token, is read."""
    from puzzle_answers import judged

    from catan_tutor.move_words import TOKEN_EARNED, misspelt_word

    j = judged("puzzle_ck_2p", 24, typed)
    assert TOKEN_EARNED in j.text and "woken" not in j.text and "knight" not in j.text, j.text
    assert misspelt_word("token") == ""
    right = judged("puzzle_ck_2p", 24, "P1 removes its knight on N4 to get a trade token")
    assert right.correct, right.text
