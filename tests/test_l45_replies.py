"""Replies a fresh learner (l45) found wrong.

1. 9.18's second question ("P2 wants an ore and has no harbor. Get one from the bank."): "P2
   trade 2 cloth for ore" read "P2 can't trade 2 cloth with the bank for 1 ore (2:1)." and
   no reason: the engine's names the rates P2 has (the answer's), and the cause kept apart
   was said for harbors only (BASE-TRADE-MARITIME, not CK-TRADE-BANK). Every bank trade
   refused for its rate now says the rate missing, whatever rule sets it (``cause_kept``).
2. 7.8's first question: "P3 citty F4" read "did you mean “city”?" above "No word of it names
   a move": a did-you-mean of a kind is a word naming a move (``Judgement.none_read``).
3. 9.18's first question: the Merchant's "details" listed K, L, O, P and S, the hexes where it
   may go (the answer among five), where the robber's list offers every land hex: at an open
   question a card's spot list offers every spot of its kind (``open_values.every_value``).
"""

from __future__ import annotations

import re

from puzzle_answers import at_question, course_puzzles, judged

from catan_tutor import new_game
from catan_tutor.game import Game
from catan_tutor.study.editor import edit
from catan_tutor.widgets import verdicts
from catan_tutor.widgets.puzzle import NONE_READ, SAY_AGAIN, _judgement_html


def _page(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def test_CK_TRADE_BANK_a_rate_refused_at_9_18_says_the_rate_missing_in_the_answer_box():
    """l45 at 9.18: the typed trade at a rate P2 lacks says so (CK-TRADE-BANK), as does a
    rate the merchant's grain lacks (CK-TRADE-MERCHANT), naming neither 4:1 nor the
    merchant's 2:1 for grain (the answer); the answer box shows the reason."""
    j = judged("puzzle_ck_progress", 5, "P2 trade 2 cloth for ore")
    assert j.rule == "CK-TRADE-BANK"
    assert j.text == (
        "P2 can't trade 2 cloth with the bank for 1 ore (2:1): P2 has no 2:1 rate for cloth."
    ), j.text
    assert "P2 has no 2:1 rate for cloth." in _page(_judgement_html(j))
    grain = judged("puzzle_ck_progress", 5, "P2 bank 3 grain for ore")
    assert grain.rule == "CK-TRADE-MERCHANT"
    assert grain.text.endswith("(3:1): P2 has no 3:1 rate for grain."), grain.text
    for said in (j.text, grain.text):
        assert "4:1" not in said and "merchant" not in said.lower(), said


def test_a_rate_refused_says_why_at_the_trading_house_and_after_the_merchant_fleet():
    """CK-TRADE-HOUSE (trade level 3: cloth at 2:1) and CK-PC-MERCHANT-FLEET (the card's
    kind at 2:1 this turn): a rate the seat lacks is told in Try a move with the rate missing,
    at an open question too (its rates kept back: "4:1" named the answer at 9.18)."""
    g = edit(
        new_game("ck", players=3), "place P1 settlement J12", "level P1 trade 3",
        "hand P1 4 cloth, 4 wool", "turn P1 main 3",
    )  # fmt: skip
    house = g.explain("P1 bank 3 cloth for ore")
    assert house.rule == "CK-TRADE-HOUSE" and not house.legal
    page = _page(verdicts.verdict_html(house, g, hidden=["2:1", "4:1"]))
    assert "P1 has no 3:1 rate for cloth." in page and "4:1" not in page, page
    asked = next(a for a in course_puzzles() if (a.lesson, a.node) == ("puzzle_ck_progress", 5))
    t = at_question(asked)
    fleet = Game(t.session.game.rules, t.session.game.state)
    fleet.play("P2 play merchant-fleet cloth")
    ex = fleet.explain("P2 bank 3 cloth for ore")
    assert ex.rule == "CK-PC-MERCHANT-FLEET" and not ex.legal
    page = _page(verdicts.verdict_html(ex, fleet, hidden=t.session.puzzle.kept_back()))
    assert "P2 has no 3:1 rate for cloth." in page, page


def test_a_refusal_kept_back_for_the_answer_still_says_its_cause():
    """The sweep that found 9.18's (test_puzzle_secret: every refused try says why) found
    two more kept back whole: at 5.13 and 11.16 (what P1 owes the neutrals is the answer) any
    other move now says a move is owed first, not which (2P-NEUTRAL-MIRROR); at 4.3, whose
    prompt says "the two free roads", the free roads' reason is no secret (BASE-DEV-ROAD-
    BUILDING; "road" was kept back as the answer's kind though the prompt says "roads")."""
    for name, node in (("puzzle_base_2p", 1), ("puzzle_ck_2p", 20)):
        j = judged(name, node, "P1 bank 4 brick for lumber")
        assert j.text.endswith(": P1 owes the neutrals a move first; any other move waits."), j
        assert "road" not in j.text, j.text
    j = judged("puzzle_base_awards", 2, "P1 settle A4")
    assert j.text.endswith(
        ": P1 first builds the free roads of Road Building (2 left); a settlement waits until then."
    ), j.text


def test_a_kind_misspelt_is_not_told_no_word_names_a_move():
    """l45 at 7.8: "P3 citty F4" is told "did you mean “city”?" and, under it, to say it
    another way (``SAY_AGAIN``), not that no word of it names a move (``NONE_READ``), which
    "asdf" is still told."""
    j = judged("puzzle_ck_knights", 6, "P3 citty F4")
    assert "did you mean “city”?" in j.text and not j.read and not j.none_read
    page = _judgement_html(j)
    assert SAY_AGAIN in page and NONE_READ not in page
    nothing = judged("puzzle_ck_knights", 6, "asdf")
    assert nothing.none_read and NONE_READ in _judgement_html(nothing)
