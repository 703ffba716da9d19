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
from catan_tutor.board import HEX_NAMES
from catan_tutor.game import Game
from catan_tutor.study.editor import edit
from catan_tutor.widgets import verdicts
from catan_tutor.widgets.card_spots import first_spot_arg, names_spots
from catan_tutor.widgets.forms import SPOT_FIELDS
from catan_tutor.widgets.kinds import spot_kind, variant_kinds
from catan_tutor.widgets.puzzle import NONE_READ, SAY_AGAIN, _judgement_html
from catan_tutor.widgets.tutor import Tutor


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
    j = judged("puzzle_base_awards", 1, "P1 settle A4")
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


def test_CK_PC_MERCHANT_the_merchants_hex_list_at_a_question_offers_every_land_hex():
    """l45 at 9.18's first question: the Merchant's "details" list offers every land hex in
    the board's order (the robber's list does; K, L, O, P and S alone, the hexes by P2's
    buildings, narrowed the answer to five), the Merchant Fleet's every card."""
    asked = next(a for a in course_puzzles() if (a.lesson, a.node) == ("puzzle_ck_progress", 4))
    t = at_question(asked)
    t.session.choose_kind("play progress")
    form = t.controls.form
    assert form is not None
    form.set(card=12)  # the Merchant
    assert [label for label, v in form.pickers["args"].options if v is not None] == list(HEX_NAMES)
    form.set(card=13)  # the Merchant Fleet: a card kind
    assert len(form.offered("args")) == len(t.session.game.state.bank)


def _own_pieces(game: Game, field: str, spots: set) -> bool:
    """Every one of ``spots`` (corners) holds a piece of the seat to move: a list of the
    pieces a move acts on (a knight moved, a city's metropolis), all there are."""
    if dict(SPOT_FIELDS).get(field) != "vertex":
        return False
    s, p = game.state, game.acting_seat
    corners = [v for v in spots if v >= 0]  # (no spot: "none")
    knights = [s.kn[v] if s.caps.knights else None for v in corners]
    return all(
        s.vowner[v] == p or (k is not None and k.owner == p)
        for v, k in zip(corners, knights, strict=True)
    )


def test_at_every_question_each_spot_list_offers_more_than_the_legal_spots():
    """At each open question of the course, each kind's form (each progress card held, its
    card chosen) lists in each spot field (and a card's spot) more values than the legal
    moves of the kind use, wherever the board has more (a list of the mover's own knights
    or cities holds all there are): no list is the answer's shortlist."""
    seen, checked = set(), 0
    t = Tutor(new_game("base", players=3))  # one tutor, each lesson opened in it (the time)
    s = t.session
    for asked in course_puzzles():
        if s.lesson_id != asked.lesson:
            s.open(asked.scenario(), asked.lesson)
        tl = s.timeline
        for node in tl.path(tl.nodes[asked.node])[:-1]:  # the questions before it solved
            if node.id in s.scenario.puzzles:
                s.puzzle.solved.add(s.puzzle.key(node))
        s.goto(asked.node)
        assert s.puzzle_secret
        ours = variant_kinds(s.game)
        for kind in s.kinds():
            if not spot_kind(ours.get(kind)) and not names_spots(ours.get(kind)):
                continue  # (no spot listed: the sweep's time)
            s.choose_kind(kind)
            form = t.controls.form
            if form is None:
                continue
            legal = s.of_kind()
            cards = form.offered("card") if "card" in form.pickers else [None]
            for card in cards:
                if card is not None:
                    form.set(card=card)
                fields = [n for n, _ in SPOT_FIELDS if n in form.pickers]
                fields += ["args"] if isinstance(card, int) and first_spot_arg(card) else []
                for n in fields:
                    offered = set(form.offered(n))
                    used = {
                        getattr(a, n) for a in legal if card in (None, getattr(a, "card", None))
                    }
                    if len(used) <= 1 or not used <= offered:
                        continue  # (one move, or none: nothing to narrow)
                    if _own_pieces(s.game, n, offered):
                        continue  # (the mover's own knights or cities: the board has no more)
                    assert offered > used, (asked.lesson, asked.node, kind, card, n, used)
                    seen.add(n)
                    checked += 1
    assert checked >= 12 and "args" in seen, (checked, seen)  # (9.18's Merchant among them)
