"""What a fresh learner (s31) found in the course's words and forms: one wording for where a
knight may go (CK-KNIGHT-RECRUIT: 7.8's wrong try said "not at the end of one of P1's roads"
beside the answer's "a corner one of P1's roads touches")."""

from __future__ import annotations

import json
from pathlib import Path

from puzzle_answers import course_puzzles, judged

from catan_tutor import Game, rulebook
from catan_tutor.rules.knights import road_corner

_REFUSALS = json.loads((Path(__file__).parent / "refusal_table.json").read_text())


def _asked(name: str, rule: str):
    return next(a for a in course_puzzles() if a.lesson == name and a.puzzle.rule == rule)


def _first(name: str):
    return next(a for a in course_puzzles() if a.lesson == name)


# ---------------------------------------------------------------- 1. a knight's corner
def test_CK_KNIGHT_RECRUIT_7_8_wrong_try_says_the_corner_as_the_answer_does():
    """7.8's recruit question: a knight on a corner none of P1's roads touches is refused in
    the words the answer's explanation and the rule use ("a corner one of P1's roads
    touches"), not "not at the end of one of P1's roads"."""
    asked = _asked("puzzle_ck_knights", "CK-KNIGHT-RECRUIT")
    said = judged(asked.lesson, asked.node, "P1 recruit J6")
    assert not said.legal and said.rule == "CK-KNIGHT-RECRUIT"
    assert said.text.endswith(f"J6 is not {road_corner('P1')}."), said.text
    assert "corner one of P1's roads touches" in asked.puzzle.explain
    assert any("corner one of P1's roads touches" in h for h in asked.puzzle.hints)
    assert "corner one of the recruiter's roads touches" in rulebook.rule("CK-KNIGHT-RECRUIT").text


def test_CK_KNIGHT_RECRUIT_every_knight_placing_rule_says_the_corner_one_way():
    """The rules that place a knight by the recruiting rule (a neutral's knight, Treason's
    new knight, Intrigue's target) say its corner as recruiting does, in the rules
    reference and in their refusals (CK2P-NEUTRAL-KNIGHT-LEGAL, CK-PC-TREASON,
    CK-PC-INTRIGUE)."""
    for rule, owner in (
        ("CK2P-NEUTRAL-KNIGHT-LEGAL", "that neutral's"),
        ("CK-PC-INTRIGUE", "the player's"),
    ):
        assert f"corner one of {owner} roads touches" in rulebook.rule(rule).text, rule
    reasons = {}
    for r in _REFUSALS:
        if r["refusal"].endswith(("treason.py:check_deserter", "politics_cards.py:_intrigue")):
            reasons[Game.from_position(r["position"]).explain(r["action"]).reason] = r["action"]
    assert "H6 is not a corner one of P1's roads touches." in reasons
    assert (
        "A knight of strength 2 or lower, from P1's supply, on an empty corner one of P1's "
        "roads touches." in reasons
    )
    row = next(r for r in _REFUSALS if r["refusal"].endswith("neutral.py:check_knight"))
    g = Game.from_position(row["position"])
    said = g.explain("P1 neutral N1 knight S4").reason
    assert said == "S4 is not a corner one of Neutral 1's roads touches.", said


# ---------------------------------------------------------------- 2. a metropolis taken
def test_CK_METRO_TAKE_10_6_answer_says_the_metropolis_goes_onto_P1s_city():
    """10.6's answer read "takes the trade metropolis on A6", as if a metropolis stood on A6
    already: the metropolis leaves P2's city for P1's city on A6, and the answer says so as
    CK-METRO-TAKE does ("taking it (onto one of their cities) from a level-4 holder"); one
    won from nobody is put on the city ("puts its metropolis on one of their cities")."""
    from catan_tutor.rules.words import say

    asked = _asked("puzzle_ck_metropolis", "CK-METRO-TAKE")
    said = judged(asked.lesson, asked.node, "P1 improve trade A6")
    assert said.correct
    at = asked.scenario().timeline.nodes[asked.node]
    (answer,) = [c for c in at.children if str(c.action) == "P1 improve trade A6"]
    assert say(at.state, answer.action) == (
        "P1 improves trade to level 5 and takes the trade metropolis from P2 onto P1's city on A6."
    )


# ---------------------------------------------------------------- 3. one printed name a spot
def test_try_a_move_says_a_typed_edge_by_the_label_the_board_prints():
    """ "N9" is a real edge (hex N's side at 9 o'clock) but the Labels draw it "M3" (an edge
    between two hexes is printed by the first hex's letter): it is read, and the reply says
    M3, told once which label "N9" is, never "also called" (s31 saw "L11 (also called G5)");
    the board tags M3 (``named_words.spots_named``)."""
    from catan_tutor import new_game
    from catan_tutor.board import EDGE_LABELS, parse_edge
    from catan_tutor.widgets.named_words import shown_text, spots_named
    from catan_tutor.widgets.verdicts import verdict_html

    assert EDGE_LABELS[parse_edge("N9")] == "M3" and EDGE_LABELS[parse_edge("L11")] == "G5"
    g = new_game("base", players=3, seed=0)
    for typed, label in (("P1 road N9", "M3"), ("P1 road L11", "G5")):
        page = verdict_html(g.explain(typed), g, typed=typed)
        said = " ".join(shown_text(page).split())
        assert f"P1 can't build a road on {label}: " in said, said
        assert said.count(typed.split()[-1]) == 1 and "also called" not in said, said
        assert f"“{typed.split()[-1]}” is the edge the board labels {label} (an edge" in said, said
        assert spots_named([said]) == label  # (the typed name in quotes: no tag of its own)
    assert spots_named(["a road on N9, a settlement on N8"]) == "M3,M4"


def test_a_hex_letter_and_an_hour_naming_no_edge_lists_that_hex_s_edges():
    """ "N8" is no edge (an even hour is a corner) and "N13" no spot at all: the reply lists
    hex N's edges by their printed labels, clockwise from 1 o'clock; a corner's likewise."""
    import pytest

    from catan_tutor.board import LabelError, parse_edge, parse_vertex

    for typed in ("N8", "N13"):
        with pytest.raises(LabelError) as e:
            parse_edge(typed)
        said = "; the edges of hex N are J7, N3, N5, N7, M3 and I5"
        assert f"{said} (a shared edge" in str(e.value)  # (which name: l46, test_l46_replies)
    with pytest.raises(LabelError) as e:
        parse_vertex("N9")
    assert "; the corners of hex N are I4, J6, N4, N6, M4 and I6 (a shared corner" in str(e.value)
    with pytest.raises(LabelError) as e:
        parse_edge("Z9")
    assert "hex Z" not in str(e.value)


# ---------------------------------------------------------------- 4. prices on the buttons
def test_BASE_BUILD_COSTS_every_buying_button_says_its_price_in_a_turn():
    """11.16's first question (before the roll: the palette shows the turn's kinds) showed no
    prices where 6.7's and 8.11's did (after the roll): every buying kind's button says its
    price wherever a turn's kinds show; none in the setup, nor for Road Building's free roads
    (BASE-SETUP-FREE, BASE-DEV-ROAD-BUILDING)."""
    from puzzle_answers import at_question

    from catan_tutor.widgets.kinds import COSTS, price_words

    shown = {}
    for name, rule in (("puzzle_ck_2p", "CK2P-TOKEN-FORCED-TRADE"), ("puzzle_ck_walls", "")):
        t = at_question(_asked(name, rule) if rule else _first(name))
        labels = dict((k, label) for label, k in t.controls.palette.options)
        priced = [k for k in labels if k in COSTS]
        assert len(priced) >= 5, labels
        shown[(name, t.session.game.state.phase)] = [labels[k] for k in priced]
    assert ("puzzle_ck_2p", "pre-roll") in shown, shown
    for labels in shown.values():
        assert "Build a road · brick, lumber" in labels and all(" · " in x for x in labels)
    assert price_words("build road", "setup-road") == ""
    assert price_words("build road", "road-building") == ""
    assert price_words("settle", "pre-roll") == "brick, lumber, wool, grain"


# ---------------------------------------------------------------- 5. whom the robber robs
def test_BASE_ROBBER_STEAL_rob_from_lists_seats_in_order_and_nobody_only_where_allowed():
    """2.2's "rob from" listed "nobody, P3, P2" (the order the hexes met them): the seats in
    seat order, "nobody" last; on a hex where an opponent has a building one of them must be
    robbed (BASE-ROBBER-STEAL: "nobody" is not offered there), on one with none only
    "nobody" is."""
    from puzzle_answers import at_question

    from catan_tutor.board import HEX_NAMES

    t = at_question(_first("puzzle_base_robber"))
    t.session.choose_kind("move robber")
    form = t.controls.form
    assert form is not None

    def listed() -> list[str]:
        return [label for label, _ in form.pickers["victim"].options]

    assert listed() == ["— choose —", "P2", "P3", "nobody"]
    form.set(hex=HEX_NAMES.index("M"))  # P2's settlement touches M
    assert listed() == ["P2"]
    form.set(hex=HEX_NAMES.index("A"))  # nobody's building
    assert listed() == ["nobody"]
