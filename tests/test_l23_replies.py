"""What a fresh learner (l23) was told at the course's questions, now said plainly:

- 11.16: "force a trade" was judged right though the question is which of the two forced
  trades; a wrong one ("pays 2 tokens") was told in the same words as the right one.
- 11.16's second question: "a knight for Neutral 1" was asked "Which corner?" where no corner
  can take one (CK2P-NEUTRAL-KNIGHT-FALLBACK: a road is owed instead), a dead end; said "not
  possible now", it gave the question's point away (l24): not the answer, why kept back.
- 2.2: "put the robber on Q" (no victim named) was told P1 must rob P2, as if robbing nobody
  were meant (BASE-ROBBER-STEAL); "nobody" said is still refused by that rule. (Since l28
  the one player who can be robbed there is robbed; whom is asked where two could be.)
"""

from __future__ import annotations

import pytest
from puzzle_answers import judged

from catan_tutor.forced_trade_typed import WHICH_CARDS
from catan_tutor.study.puzzle import INCOMPLETE, STUCK

pytestmark = pytest.mark.course


def test_a_forced_trade_that_does_not_say_which_cards_is_asked_not_judged():
    j = judged("puzzle_ck_2p", 8, "force a trade")
    assert not j.read and not j.correct and j.text == f"{WHICH_CARDS} {INCOMPLETE}"
    assert judged("puzzle_ck_2p", 8, "force a trade on resources only").correct
    whole = judged("puzzle_ck_2p", 8, "P1 forces a blind draw on P2's whole hand")
    assert whole.read and not whole.correct
    # the wrong one said as itself, not as the right one is
    assert whole.text.startswith(
        "P1 can spend 2 trade tokens on a forced trade from the whole hand"
    )
    right = judged("puzzle_ck_2p", 8, "P1 force")  # (notation says it: plain "force")
    assert right.text.startswith("Right: P1 spends a trade token on a forced trade from resource")
    odd = judged("puzzle_ck_2p", 8, "force a trade for 3 tokens")
    assert not odd.read and "not 3 tokens" in odd.text


@pytest.mark.parametrize("typed", ["knight for Neutral 1", "P1 places a knight for Neutral 1"])
def test_a_kind_with_no_move_now_is_said_so_not_asked_where(typed):
    j = judged("puzzle_ck_2p", 20, typed)
    # not the answer, the reason kept back: that none can be placed is the question's point
    said = f"A knight for a neutral is not the answer here. {STUCK}"  # (l24; s23's words)
    assert j.read and not j.correct and j.text == said


def test_a_robber_move_typed_without_its_victim_robs_the_one_there_base_robber_steal():
    """Q touches P2's buildings only: the rules choose P2 (l28; where two could be robbed,
    whom is asked: test_l28_typed); "nobody" said is refused by that rule."""
    j = judged("puzzle_base_robber", 3, "put the robber on Q")
    assert j.correct and "steals a card from P2" in j.text, j.text
    said = judged("puzzle_base_robber", 3, "robber on Q, rob nobody")
    assert said.read and not said.correct and "steals from P2" in said.text


def test_a_player_named_after_from_is_the_player_not_a_corner():
    """l24 at 10.6: "P1 takes the trade metropolis from P2" was read with the metropolis on
    corner P2 (said as "on L6", not P1's city) and refused with level 5 named. A player's
    name after "from" is the player: the city left out is the one that can take it (A6
    alone: l26); a robber's victim after "from" is still the victim."""
    j = judged("puzzle_ck_metropolis", 5, "P1 takes the trade metropolis from P2")
    assert j.correct and "on A6" in j.text, j.text
    assert "L6" not in j.text
    assert judged("puzzle_base_robber", 3, "move the robber to Q and steal from P2").correct
