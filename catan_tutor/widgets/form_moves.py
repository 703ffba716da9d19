"""What the Play tab's form of the kind chosen offers, and how the dice form's throw is
played: plain functions of the session, out of ``PlayPanel``."""

from __future__ import annotations

from ..actions import Action
from .forms import every_spot
from .kinds import probe, spot_kind, variant_kinds
from .open_values import every_value
from .possible_parts import possible_parts
from .taken_spots import free_spots
from .tutor_session import TutorSession


def form_moves(s: TutorSession, acts: list[Action]) -> list[Action]:
    """The moves the form of the kind chosen lists, from its legal ones ``acts``: a puzzle's
    every spot (any move played, and judged; with no legal move, a probe, so the form asks
    who moves), a lesson's every spot of the kind (a wrong one: why not there), a free
    game's legal ones. No spot a piece holds (issue 33), no part not with it (s18)."""
    secret = s.puzzle_secret
    if not acts and secret and s.puzzle.seats():  # who moves: the form asks
        cls = variant_kinds(s.game).get(s.kind)
        where = spot_kind(cls)
        a = probe(s.game, cls, (where, 0)) if cls is not None and where else None
        acts = [a] if a is not None else []
    if not acts:
        return []
    lesson = s.studying() and not secret
    spots = every_spot(acts, s.puzzle.seats()) if secret else acts
    spots = every_spot(acts, unused_too=False) if lesson else spots
    spots = possible_parts(s.game.state, acts, free_spots(s.game.state, spots) or spots)
    return every_value(s.game, spots) if secret else spots  # every rate (open_values.py)


def throw(s: TutorSession, moves: list[Action]) -> None:
    """The roll and its dice, as the dice form set them, played as one step."""
    with s.in_one_piece():
        for move in moves:
            s.play(move)
