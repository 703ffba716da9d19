"""A token action says the tokens it spends or earns, singular or plural as they are (l28:
"P1 spends trade tokens" when one token was spent). The price is the rules'
(2P-TOKEN-COST: 2 when ahead in public VP, else 1; a forced trade on the whole hand twice
that, CK2P-TOKEN-FORCED-TRADE); a knight taken off earns 1 to 3 by its strength
(CK2P-TOKEN-KNIGHT-REMOVE)."""

from __future__ import annotations

from puzzle_answers import course_puzzles

from catan_tutor.study.puzzle import answer_nodes
from catan_tutor.variants.two_player_actions import ForcedDraw, RobberHome


def _answers() -> dict[tuple[str, int], list[str]]:
    out: dict[tuple[str, int], list[str]] = {}
    for asked in course_puzzles():
        sc = asked.scenario()
        at = sc.timeline.nodes[asked.node]
        for node in answer_nodes(asked.puzzle, at, sc.timeline.rules):
            out.setdefault((asked.lesson, asked.node), []).append(node.action.sentence(at.state))
    return out


def test_the_course_s_token_actions_say_one_token_in_the_singular():
    said = _answers()
    assert said[("puzzle_base_2p", 15)] == [
        "P1 spends a trade token to put the robber back on the desert."
    ]
    assert said[("puzzle_ck_2p", 8)][0].startswith(
        "P1 spends a trade token on a forced trade from resource cards only: "
    )
    assert said[("puzzle_ck_2p", 24)] == [
        "P1 takes their basic knight on N4 off the board for a trade token."
    ]


def test_the_price_follows_the_lead_and_the_whole_hand_doubles_it():
    asked = next(a for a in course_puzzles() if (a.lesson, a.node) == ("puzzle_ck_2p", 8))
    state = asked.scenario().timeline.nodes[asked.node].state
    assert ForcedDraw(0, True).sentence(state).startswith("P1 spends 2 trade tokens on ")
    base = next(a for a in course_puzzles() if (a.lesson, a.node) == ("puzzle_base_2p", 15))
    s = base.scenario().timeline.nodes[base.node].state.copy()
    s.settlements = (s.settlements[0] + 3, *s.settlements[1:])  # P1 now ahead in public VP
    assert RobberHome(0).sentence(s) == (
        "P1 spends 2 trade tokens to put the robber back on the desert."
    )
