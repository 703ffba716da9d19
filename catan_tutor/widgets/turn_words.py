"""What the page's turn count counts, said so: a round, each seat's turn once from P1.

The engine numbers every seat's turn through the game (``State.turn``: turn 1 is P1's first,
turn 2 the next seat's; BASE-SETUP-FREE "Then P1 starts turn 1"). The header said "turn 31" in
a three-player game, and l33 read it as P1's 31st turn. The page says the round instead
("round 11": P1, P2 and P3 have each had 10 turns before it), and whose turn it is where a
line has room for it; turn 0 is the setup.
"""

from __future__ import annotations

from ..rules.common import turn_seats
from ..state import State


def round_of(s: State) -> int:
    """The round ``s`` is in: 1 from P1's first turn, one more each time every seat that
    takes turns (the players, and the dummy after them) has had one; 0 in the setup."""
    return 0 if s.turn <= 0 else (s.turn - 1) // max(turn_seats(s), 1) + 1


def round_words(s: State) -> str:
    """ "round 11", or "setup" before turn 1."""
    return f"round {round_of(s)}" if s.turn > 0 else "setup"


def round_heading(s: State, seat: int) -> str:
    """A turn's heading in the Moves tab: "Round 11 · P1's turn", "Setup" before turn 1."""
    if s.turn <= 0:
        return "Setup"
    return f"Round {round_of(s)} · {s.name(seat)}'s turn"
