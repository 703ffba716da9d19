"""The Players tab marks the seat that acts now, the pending decision's (a fresh learner,
s31, 9.1 "Wedding and Sabotage" on a phone: the header said "P3: give 2 cards to P1
(Wedding)", the Players tab "P1 ◀"), and says in words when the turn is another's; at a
puzzle's open question it marks none and says nothing of it (``players_html``'s ``active``,
the tutor's ``puzzle_secret``: who acts may be the answer)."""

from __future__ import annotations

import html
import re

from puzzle_answers import lesson

from catan_tutor.game import Game
from catan_tutor.widgets.panels import players_html, turn_words


def _marked(page: str) -> list[str]:
    """The names the Players tab marks with ◀, in seat order."""
    return re.findall(r"<b>([^<]*)</b> ◀", page)


def _words(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def _at(name: str, node: int) -> Game:
    tl = lesson(name).timeline
    return Game(tl.rules, tl.nodes[node].state)


def test_CK_PC_WEDDING_the_giver_is_marked_and_the_turn_said_in_words():
    """9.1, node 5: P1 played a Wedding in P1's turn, and P3 (more points) gives 2 cards
    (CK-PC-WEDDING): P3 ◀, with "P1's turn; P3 to give"; before it, in P1's own move, P1 ◀
    and no such words."""
    g = _at("ck_pc_wedding_sabotage", 5)
    assert g.state.active == 0 and g.prompt().startswith("P3: give 2 cards to P1")
    page = players_html(g)
    assert _marked(page) == ["P3"]
    assert "P1's turn; P3 to give" in _words(page) and turn_words(g) == "P1's turn; P3 to give"
    before = players_html(_at("ck_pc_wedding_sabotage", 4))
    assert _marked(before) == ["P1"] and "'s turn;" not in _words(before)


def test_CK_PC_SABOTAGE_every_seat_that_owes_a_discard_is_marked():
    """9.1, node 7: Sabotage in P1's turn, P2 and P3 each discard (CK-PC-SABOTAGE): both are
    marked, P1 not, and the words name both with one verb."""
    g = _at("ck_pc_wedding_sabotage", 7)
    page = players_html(g)
    assert _marked(page) == ["P2", "P3"]
    assert "P1's turn; P2 and P3 to discard" in _words(page)


def test_no_seat_is_marked_nor_the_turn_said_where_a_question_hides_who_acts():
    """``active=False`` (the tutor passes ``not puzzle_secret``): no ◀ and no words on whose
    turn it is, even where another seat than the turn's owes the decision."""
    page = players_html(_at("ck_pc_wedding_sabotage", 5), active=False)
    assert _marked(page) == [] and "◀" not in page and "'s turn" not in _words(page)
