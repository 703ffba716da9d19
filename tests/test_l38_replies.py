"""What a fresh learner (l38) was told, now said plainly:

- 10.6: "P3 science up" was "I cannot read 'up'", and no example named an improvement;
- 5.13: "P1 forced trade with P2" was headed "Not read as a move" above "A forced trade is not
  the answer here."; "P1 force" (the blind draw of Cities & Knights for two) was told "There
  are no forced trades in this game (Catan for two)", a game with forced trades;
- 5.13: a right answer ended "… before the roll.*§*": a sentence's reading mark beside the
  "§" that carries its own;
- the palette's key named only a price for a lit button that cannot be played now, where
  "Chase the robber away" (no robber out) and "Play a Knight" (no Knight card) stayed lit.
"""

from __future__ import annotations

import re

import pytest
from puzzle_answers import judged, lesson

from catan_tutor.game import Game
from catan_tutor.move_words import examples
from catan_tutor.widgets.palette_key import key_html
from catan_tutor.widgets.puzzle import _heading
from catan_tutor.widgets.verdicts import rule_refs

pytestmark = pytest.mark.course


@pytest.mark.parametrize("typed", ["P3 science up", "science up", "level up science"])
def test_CK_IMPROVE_BUILD_a_track_said_up_is_improved(typed):
    j = judged("puzzle_ck_metropolis", 18, typed)
    assert j.read and j.move == "P3 improve science", j.text


def test_CK_IMPROVE_BUILD_the_examples_name_an_improvement_but_not_the_answers_track():
    tl = lesson("puzzle_ck_metropolis").timeline
    game = Game(tl.rules, tl.nodes[15].state)
    said = examples(game, avoid={"P3 improve science", "P3", "science"})
    assert "“improve politics”" in said and "science" not in said, said
    base = lesson("puzzle_base_setup").timeline
    assert "improve" not in examples(Game(base.rules, base.nodes[1].state))


def test_2P_TOKEN_ONE_PER_TURN_a_kind_read_that_is_not_the_answer_is_headed_not_the_answer():
    j = judged("puzzle_base_2p", 15, "P1 forced trade with P2")
    assert j.read and j.text.startswith("A forced trade is not the answer here."), j.text
    assert "Not the answer" in _heading(j) and "Not read" not in _heading(j)


def test_2P_TOKEN_FORCED_TRADE_a_blind_draw_in_catan_for_two_is_told_how_its_trade_goes():
    j = judged("puzzle_base_2p", 15, "P1 force")
    assert not j.correct and "no forced trades" not in j.text, j.text
    assert "not drawn blind: it names the 2 cards taken and the 2 given" in j.text, j.text


def test_a_sentence_citing_readings_twice_shows_one_reading_mark():
    """Two brackets in one sentence, both citing a [decision]: the "§" at its end carries the
    "*"; no second "*" before it."""
    html = rule_refs(
        "A forced trade cannot bring P1 any (2P-TOKEN-FORCED-TRADE); a token action may "
        "come before the roll (2P-TOKEN-ROBBER, 2P-ROLL-TIMING).",
        folded=True,
    )
    text = re.sub(r"<span class='catan-rule-ref-text'.*?</span>(?=$|<)", "", html, flags=re.S)
    shown = re.sub(r"<[^>]+>", "", text)
    assert shown.count("*") == 1 and shown.rstrip().endswith("roll.§*"), shown


def test_the_palette_key_says_a_lit_button_may_want_a_card_not_held():
    for before in (False, True):
        said = key_html(2, before_the_roll=before)
        assert "a card not held" in said and "may or may not work right now" in said


def test_the_move_lists_comments_say_victory_points_in_words():
    """The Moves tab read "P1 draws Printing: 1 VP." where the lesson says "victory point"."""
    from catan_tutor.widgets import Tutor
    from catan_tutor.widgets.tutor import TABS

    t = Tutor(lesson("ck_2p_public_points"))
    t.tabs.selected_index = TABS.index("Moves")
    t.session.last()
    t.refresh()
    page = t.moves.tree.html.value
    assert "Printing: 1 victory point." in page and " VP" not in page, page


@pytest.mark.parametrize(
    ("die", "value", "said"),
    [
        ("dev", 3, "The dummy's development die shows 3: the dummy plays no card this turn."),
        ("dev", 6, "The dummy's development die shows 6: the dummy plays a card, and a second"),
        ("card", 2, "The dummy's card die shows 2: the dummy plays a Knight."),
        ("card", 4, "The dummy's card die shows 4: the dummy plays Longest Road."),
        ("card", 5, "The dummy's card die shows 5: the dummy plays Largest Army."),
        ("card", 6, "The dummy's card die shows 6: the dummy plays Monopoly, and one more die"),
        ("resource", 5, "The dummy's resource die shows 5: every wool goes to the dummy."),
        ("resource", 6, "The dummy's resource die shows 6: it is rolled again."),
    ],
)
def test_DUMMY_DEV_DIE_the_dummys_dice_say_what_their_face_means(die, value, said):
    """l38's log read "The card die shows 6." and never said which card took its wool."""
    from catan_tutor import new_game
    from catan_tutor.actions import Die

    assert Die(die, value).sentence(new_game("base-dummy", players=2).state).startswith(said)


def test_the_odds_say_why_many_games_have_no_winner_in_plain_words():
    """l38 read "no one had won, 138 turns on" in 57% of the games, "Expected cards per turn
    (exact, robber included)" and "(95 times out of 100)" as the figures being wrong or as
    statistics: the tab says what the figures are, in words."""
    from catan_tutor import new_game
    from catan_tutor.analysis import explore
    from catan_tutor.widgets.odds_panel import CARDS_HEAD
    from catan_tutor.widgets.odds_tables import SLOW_GAMES, outcomes_html

    said = outcomes_html(explore(new_game("base", players=3), n=4, turns=4, seed=0))
    assert "no one had won" in said and SLOW_GAMES in said, said
    assert "times out of 100" not in said and "95" not in said
    assert "Expected" not in CARDS_HEAD and "exact" not in CARDS_HEAD


def _wins(rows: list[tuple[str, float, float, float]], n: int = 100):
    import pandas as pd

    t = pd.DataFrame(
        [("win", p, e, lo, hi, n) for p, e, lo, hi in rows],
        columns=["metric", "party", "estimate", "low", "high", "n"],
    )
    t.attrs.update(players=[p for p, *_ in rows if p != "nobody"], completed=n)
    return t


def test_the_odds_answer_in_one_sentence_who_is_best_placed_or_too_close_to_call():
    """l38c: the Odds tab's Run "tells a beginner little" (a table of percentages and
    ranges): its first line answers the question asked, who is best placed, and says when
    the games played cannot tell the leaders apart (their likely ranges overlap)."""
    from catan_tutor.widgets.odds_tables import outcomes_html, verdict_html

    clear = _wins([("P1", 0.2, 0.13, 0.29), ("P2", 0.6, 0.5, 0.69), ("P3", 0.2, 0.13, 0.29)])
    said = verdict_html(clear)
    assert "P2 is best placed" in said and "60% of the 100 games" in said, said
    assert "next comes P1 with 20%" in said, said
    assert outcomes_html(clear).startswith(said)

    close = _wins([("P1", 0.45, 0.35, 0.55), ("P2", 0.4, 0.3, 0.5), ("P3", 0.15, 0.09, 0.24)])
    said = verdict_html(close)
    assert "Too close to call" in said and "P1 won 45% and P2 40%" in said, said
    assert "P3" not in said and "best placed:" not in said, said

    none = _wins([("P1", 0.0, 0.0, 0.04), ("P2", 0.0, 0.0, 0.04), ("nobody", 1.0, 0.96, 1.0)])
    assert "No winner yet" in verdict_html(none)
