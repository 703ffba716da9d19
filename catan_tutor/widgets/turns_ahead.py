"""What "looks N turns ahead" means, said beside the field where the Hint (behind its
Settings) and the Odds tab let a learner choose it: every game the tutor plays on stops after
that many turns, each player's turn counting as one."""

from __future__ import annotations

from ..grammar import count

AHEAD_TIP = "how many turns each game the tutor plays on from here lasts at most"


def ahead_text(turns: int, players: int = 0) -> str:
    """The line under the field: "Looks 10 turns ahead: each game the tutor plays on stops
    after 10 turns, or sooner if someone wins. Each player's turn counts as one (about 3
    rounds of 3 players)." """
    span = count(turns, "turn")
    rounds = (
        f" (about {count(round(turns / players), 'round')} of {players} players)"
        if players > 1 and turns >= 2 * players
        else ""
    )
    return (
        f"Looks {span} ahead: each game the tutor plays on stops after {span}, or sooner if "
        f"someone wins. Each player's turn counts as one{rounds}."
    )
