"""The free game's log names a stolen card to the seats whose hands show (l22: the human who
stole read "P1 steals a card from P2", the card in P1's own hand unnamed): thief and victim
see it (BASE-ROBBER-STEAL, BASE-INFO), as the hidden-hand rule decides what a seat may see
(``SessionSeats.hand_seats``: the human seats against the computer; every seat with "show
every hand"); a computer's steal from another computer stays hidden."""

from __future__ import annotations

import re

from helpers import to_first_steal

from catan_tutor import new_game
from catan_tutor.board import CARD_NAMES
from catan_tutor.widgets.tutor_session import TutorSession


def _at_a_steal() -> tuple[TutorSession, int, int, str]:
    """A session at the first steal of a seeded three-player game: (session, thief, victim,
    the stolen card's name)."""
    g = to_first_steal(6)
    steal = next(e for e in g.events if e.kind == "steal")
    thief, victim = steal.seen_by
    s = TutorSession(new_game("base", players=3, seed=6))
    for a in g.history[len(s.game.history) :]:
        s.advance(a)
    s.show()
    return s, thief, victim, CARD_NAMES[g.history[-1].resource]


def _robber_line(s: TutorSession) -> str:
    return next(line for line in s.lines if "the robber to" in line)


def test_the_human_who_stole_reads_the_card_once_in_the_robbers_line():
    s, thief, victim, card = _at_a_steal()
    names = s.game.names
    s.set_computers({p: "greedy" for p in range(3) if p != thief})
    line = _robber_line(s)
    assert f"steals 1 {card} from {names[victim]}" in line, line
    assert "steals a card" not in line and line.count("steals") == 1, line


def test_a_steal_between_others_stays_hidden_unless_every_hand_shows():
    s, thief, victim, card = _at_a_steal()
    names = s.game.names
    third = next(p for p in range(3) if p not in (thief, victim))
    s.set_computers({p: "greedy" for p in range(3) if p != third})
    line = _robber_line(s)
    assert f"steals a card from {names[victim]}" in line and card not in line, line
    s.set_every_hand(True)  # a teacher's view: every hand, so every card
    line = _robber_line(s)
    assert re.search(rf"steals 1 {card} from {names[victim]}", line), line
