"""Each player's victory points under the hands, with the number that wins (BASE-WIN-10,
CK-WIN-13): a learner checked a lesson's "Both players have 9 points" by counting pieces
(learner21 at 5.20: the page showed no score), and a game against the computer showed the
score in the log only. A seat whose hand shows counts its hidden Victory Point cards too
(BASE-DEV-VP); the others, what the table sees (``public_vp``). None at an open question (a
question may be about the points) or one just answered (a phone's tap on the board brings
the reply in: a row coming then moved a step button under the finger), nor while nobody
has one (the board laid out, setup's start). Points not on the board are said where they
come from: "P1 9 (2 from Longest Road)"."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from ..game import Game
from .point_sources import source_words

if TYPE_CHECKING:
    from .tutor_session import TutorSession

ROW_CLASS = "catan-points"
BUILDINGS = ("settlements", "cities")  # (on the board for all to count)


def points_html(s: TutorSession) -> str:
    """The row (``''`` when there is none to show)."""
    g = s.game
    if s.puzzle_secret or s.puzzle.resting():
        return ""  # (a question just answered: its reply's room kept, as the question's)
    seen = s.hand_seats() | {s.own_seat()}
    public = g.observation(s.own_seat())["seats"]
    points = [
        g.victory_points(p) if p in seen else int(public[p]["public_vp"]) for p in range(g.players)
    ]
    if not any(points):
        return ""
    said = " · ".join(
        f"{g.names[p]} {n}{_beyond_buildings(g, p, p in seen)}" for p, n in enumerate(points)
    )
    return (
        f"<div class='{ROW_CLASS}' style='margin:0 0 2px 0;font-size:13px'>"
        f"<b>Victory points</b> ({g.rules.target} to win): {html.escape(said)}</div>"
    )


def _beyond_buildings(g: Game, p: int, seen: bool) -> str:
    """Where ``p``'s points come from besides settlements and cities, in words: " (2 from
    Longest Road)" (learner24: 10.1's P1 showed 4 with a city and a settlement on the board,
    its Printing or Constitution card nowhere; 4.2's awards counted, their holders unsaid);
    a hidden Victory Point card only where its hand shows (BASE-DEV-VP)."""
    ck = g.caps.improvements
    parts = [
        source_words(key, n, ck)
        for key, n in g.vp_breakdown(p).items()
        if n and key not in BUILDINGS and (seen or ck or key != "VP cards")
    ]
    return f" ({', '.join(parts)})" if parts else ""


def without_shown_points(expects: list, s: TutorSession) -> list:
    """``expects`` without the victory points the row says in full (every seat's shown), said
    once: "P1 has 9 victory points." under "What to notice" beside "P1 9 · P2 9"."""
    g = s.game
    full = set(range(g.players)) <= s.hand_seats() | {s.own_seat()}
    if not full or not points_html(s):
        return expects
    return [ex for ex in expects if ex.key != "vp"]
