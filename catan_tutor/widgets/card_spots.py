"""The board spot a played progress card names (CK-PC-*): a click on the board fills it.

A fresh learner (l23, 9.18 at 1280x900) chose "Play a progress card", picked the Merchant in
the form and clicked hex P: the page replied "This move is not made on the board: type it in
the puzzle's box above…", though the Merchant is a piece placed on a hex. A card's move keeps
what it names in one field (``PlayProgress.args``, by the card's ``SCHEMA``), not in a field
marked as a spot, so the click found no move there. Here: the first spot a card names (the
Merchant's hex, the Bishop's (taxation) hex, Intrigue's knight, Diplomacy's road, Medicine's
and Engineering's city, Invention's first hex, Smithing's first knight, the Crane's city),
and the move of a card chosen in the form at a spot clicked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..actions import Action
from ..game import Game
from ..progress_cards import CARDS, SCHEMA
from .kinds import acting_seat, clicked_fields, probe, target_of

if TYPE_CHECKING:
    from .forms import ActionForm
    from .tutor_session import TutorSession

Spot = tuple[str, int]
SPOT_KINDS = ("vertex", "edge", "hex")


def first_spot_arg(card: int) -> tuple[int, str] | None:
    """Where the first spot a card names sits in its arguments, and its kind; None for a card
    naming no spot (Merchant Fleet, Resource Monopoly, Irrigation…)."""
    schema = SCHEMA.get(CARDS[card], ()) if 0 <= card < len(CARDS) else ()
    for i, kind in enumerate(schema):
        if kind.rstrip("?") in SPOT_KINDS:
            return i, kind.rstrip("?")
    return None


def card_spot(a: Action) -> Spot | None:
    """The board spot a card's move names first (the Merchant's hex), if it is a card's move
    naming one."""
    card, args = getattr(a, "card", None), getattr(a, "args", None)
    if not isinstance(card, int) or not isinstance(args, tuple):
        return None
    found = first_spot_arg(card)
    if found is None or len(args) <= found[0]:
        return None
    x = args[found[0]]
    return (found[1], x) if isinstance(x, int) and x >= 0 else None


def names_spots(cls: type | None) -> bool:
    """A kind of move that is a card played, whose cards may name a spot (``PlayProgress``)."""
    return cls is not None and cls.__name__ == "PlayProgress"


def card_probe(cls: type, player: int, card: object, spot: Spot) -> Action | None:
    """The move of card ``card`` (chosen in the form) at ``spot``: the spot in its first spot
    argument, the others left out (an optional one) or None when the card names no spot of
    that kind or needs more than the spot (the form asks for the rest)."""
    if not isinstance(card, int):
        return None
    found = first_spot_arg(card)
    if found is None or found[1] != spot[0]:
        return None
    schema = SCHEMA[CARDS[card]]
    args: list[object] = []
    for i, kind in enumerate(schema):
        if i == found[0]:
            args.append(spot[1])
        elif kind.endswith("?"):
            args.append(-1)
        else:
            return None
    return cls(player, card, tuple(args))


def _card_chosen(form: ActionForm | None) -> tuple[object, object]:
    """The seat and card the form names so far (None for a list still empty)."""
    if form is None:
        return None, None
    values = {**form.fixed, **{n: dd.value for n, dd in form.pickers.items()}}
    return values.get("player"), values.get("card")


# The spots clicked so far for a card naming several (the Inventor's two hexes, Smithing's
# second knight, Diplomacy's second road: l24, the Inventor could not be finished by
# clicks): kept on the form they were clicked for (a new form starts afresh)
CLICKED = "card_spots_clicked"


def _spot_args(a: Action) -> tuple[Spot, ...]:
    """The spots a card's move names, in its arguments' order (one left out: none after)."""
    card, args = getattr(a, "card", None), getattr(a, "args", None)
    if not isinstance(card, int) or not isinstance(args, tuple) or not 0 <= card < len(CARDS):
        return ()
    out: list[Spot] = []
    for kind, x in zip(SCHEMA.get(CARDS[card], ()), args, strict=False):
        if kind.rstrip("?") in SPOT_KINDS:
            if not isinstance(x, int) or x < 0:
                break
            out.append((kind.rstrip("?"), x))
    return tuple(out)


def _named_next(pool: list[Action], card: object, so_far: tuple[Spot, ...], spot: Spot):
    """The moves of card ``card`` naming the spots ``so_far`` and then ``spot``: those naming
    no more first (Smithing's one knight moved), else all of them."""
    want = (*so_far, spot)
    moves = [
        a for a in pool if getattr(a, "card", None) == card and _spot_args(a)[: len(want)] == want
    ]
    exact = [a for a in moves if len(_spot_args(a)) == len(want)]
    return exact if len(exact) == 1 and len(moves) > 1 and len(so_far) else moves


def remember_click(form: ActionForm | None, acts: list[Action], spot: Spot) -> None:
    """After a click left several moves of one card (``acts``): the spot it named, for the
    next click to name the card's next spot."""
    if form is None:
        return
    cards = {getattr(a, "card", None) for a in acts}
    so_far = getattr(form, CLICKED, ())
    done = (
        (*so_far, spot)
        if all(_spot_args(a)[: len(so_far) + 1] == (*so_far, spot) for a in acts)
        else (spot,)
    )
    more = len(cards) == 1 and any(len(_spot_args(a)) > len(done) for a in acts)
    setattr(form, CLICKED, done if more else ())


def at_spot(pool: list[Action], spot: Spot, form: ActionForm | None) -> list[Action]:
    """The moves of ``pool`` a click on ``spot`` may mean: those played there, a card's move
    naming it first too (of the card the form names, when it names one); after a click on
    a card's first spot, those naming it and then ``spot`` (``remember_click``)."""
    _, card = _card_chosen(form)
    so_far = getattr(form, CLICKED, ()) if form is not None else ()
    if so_far and card is not None:
        later = _named_next(pool, card, so_far, spot)
        if later:
            return later
    return [
        a
        for a in pool
        if target_of(a) == spot
        or (card_spot(a) == spot and (card is None or getattr(a, "card", None) == card))
    ]


def spot_values(acts: list[Action], spot: Spot) -> dict[str, object]:
    """What a click on ``spot`` fills in the form, the moves there being ``acts``: the
    field naming the spot, for a card's moves the card (the rest the form asks)."""
    a = acts[0]
    names = [n for n in clicked_fields(type(a)) if getattr(a, n) == spot[1]]
    if names:
        return {names[0]: spot[1]}
    if len(acts) == 1 and hasattr(a, "args"):  # one move there: its card and what it names
        return {"card": getattr(a, "card", None), "args": a.args}
    if len({getattr(x, "card", None) for x in acts}) == 1 and hasattr(a, "card"):
        return {"card": a.card}
    return {}


def probe_at(game: Game, cls: type | None, spot: Spot, form: ActionForm | None) -> Action | None:
    """The move of kind ``cls`` at ``spot`` to ask the engine about (``kinds.probe``), for a
    card's move the card the form names played there."""
    if cls is None:
        return None
    if names_spots(cls):
        player, card = _card_chosen(form)
        seat = player if isinstance(player, int) else acting_seat(game)
        return card_probe(cls, seat, card, spot)
    return probe(game, cls, spot, form.action() if form is not None else None)


CARD_FIRST = "Choose the card in the form first, then click or tap where it is played."


def card_first(cls: type | None, form: ActionForm | None, spot: Spot) -> str:
    """The reply to a click for a card's move while the form names no card yet, when one of
    the cards it offers is played on such a spot ('' else: the reply as before)."""
    if not names_spots(cls) or form is None or _card_chosen(form)[1] is not None:
        return ""
    offered = form.offered("card") if "card" in form.pickers else []
    named = [first_spot_arg(c) for c in offered if isinstance(c, int)]
    return CARD_FIRST if any(f is not None and f[1] == spot[0] for f in named) else ""


def knight_then_robber(
    session: TutorSession, cls: type | None, spot: Spot, act_at: Callable[[Spot], None]
) -> bool:
    """A tap on a hex with "Play a Knight" chosen: the card played, then the robber's move
    at that hex (one tap for both, as at a table: l37 tapped a hex after "Play a Knight" and
    nothing was played; BASE-DEV-KNIGHT, BASE-ROBBER-MOVE). False (nothing done) for any
    other kind or spot, at a question (its answer is judged, not played), or when the card
    may not be played now."""
    if cls is None or cls.__name__ != "PlayKnight" or spot[0] != "hex" or session.puzzle_secret:
        return False
    knight = next((a for a in session.of_kind() if isinstance(a, cls)), None)
    if knight is None:
        return False
    session.play(knight)
    if session.kind:  # (the robber's move, the one kind now: at the hex tapped)
        act_at(spot)
    return True
