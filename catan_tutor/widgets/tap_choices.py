"""The moves a tap on a spot may mean, at an open question: those legal with that spot.

A fresh learner (768x1024, lesson 5.13 "Build what P1 owes now, for Neutral 2"): a tap on
G5, the one legal edge for Neutral 2, left two moves there (a road for Neutral 1, one for
Neutral 2: a question's form offers every move, legal or not); the page asked to finish the
form ("for" blank, Neutral 1 offered) and Play stayed grey. The spot is the learner's
choice; which of its moves the rules allow there gives nothing of the answer away (the
prompt names the neutral; a wrong spot is judged, why not said, as before), so a tap keeps
the legal ones, and one left is judged at once, as a click with one move is.

Whom a move touches stays the learner's to pick: where the question asks who moves
(``study.puzzle.asks_who``: "Whose turn is it to place?") the seat is the secret (a tap
leaving one seat's move only would answer it), and where the moves at the spot differ in
the seat that moves or is robbed (2.2: the form asks whom to rob, ``WHOM``), the form asks,
as before. A tap narrows only what the rules decide about the spot alone (which neutral may
build there).

What the form already names counts too (s16, 1.4 puzzle 2: P3 picked in the form, then M4
clicked, and the page asked to "choose the player"): the fields above the spot's list, as
the learner chose them, narrow the moves a tap means (``agreeing``), and the form asks only
what is still open. The fields below the spot's are the tap's to narrow (a victim taken for
the last hex clicked is no choice for the next one).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..actions import Action
from ..game import Game
from .kinds import SPOT_WORDS, clicked_fields, moment_kinds, spot_kind, variant_kinds
from .kinds_unavailable import unavailable
from .wording import kind_words

if TYPE_CHECKING:
    from .forms import ActionForm
    from .tutor_session import TutorSession

# The fields naming a seat a move is for or against: the form asks them (never narrowed)
WHOM = ("player", "victim", "target")


def legal_with_spot(game: Game, acts: list[Action], asks_who: bool) -> list[Action]:
    """Of the moves ``acts`` a tap on one spot may mean, the legal ones (all of them when
    none is legal, when the question asks who moves, when they differ in a seat, ``WHOM``,
    or there is one move only)."""
    if len(acts) < 2 or asks_who or any(_whom(a) != _whom(acts[0]) for a in acts):
        return acts
    legal = [a for a in acts if game.explain(a).legal]
    return legal or acts


def _whom(a: Action) -> tuple[object, ...]:
    return tuple(getattr(a, n, None) for n in WHOM)


def chosen_above(values: Mapping[str, object], cls: type) -> dict[str, object]:
    """The form's values (its lists' ``values``, in the form's order) above the first list a
    click fills for a move of kind ``cls``; those with nothing chosen (None) left out."""
    clicked = clicked_fields(cls)
    out: dict[str, object] = {}
    for name, value in values.items():
        if name in clicked:
            break
        if value is not None:
            out[name] = value
    return out


def agreeing(acts: list[Action], form: ActionForm | None) -> list[Action]:
    """Of the moves ``acts`` a tap may mean, those with the values chosen in the ``form``
    above the spot's list (all of them when none has: the tap then asks, as before)."""
    if not acts or form is None:
        return acts
    chosen = chosen_above({n: dd.value for n, dd in form.pickers.items()}, type(acts[0]))
    kept = [a for a in acts if all(getattr(a, n, v) == v for n, v in chosen.items())]
    return kept or acts


def enabled_kinds(session: TutorSession) -> list[str]:
    """The kinds a tap on the board may mean now: at an open question the moment's kinds but
    those greyed as no one's to play now (``kinds_unavailable``: l24, a tap's list named
    "Move a knight" while it was greyed), else the kinds legal now."""
    if not session.puzzle_secret:
        return session.kinds()
    kinds = moment_kinds(session.game)
    off = unavailable(session.game, kinds, session.puzzle.seats())
    return [k for k in kinds if k not in off]


NOTHING_HERE = "Nothing is played on that spot now: use the buttons and the step controls."


# Named when none plays on the spot tapped, up to this many (a hex tapped at a C&K turn named
# thirteen buttons, none of them played on a hex)
FEW_KINDS = 3


def kinds_named(session: TutorSession, where: str) -> tuple[str, bool]:
    """The buttons that would play on that kind of spot, as they read ("“Build a settlement”
    or “Build a city”"), and True; when none does, the moment's kinds (none greyed) if there
    are a few (a bid or a pass), else none, and False."""
    kinds = enabled_kinds(session)
    ours = variant_kinds(session.game)
    here = [k for k in kinds if spot_kind(ours.get(k)) == where]
    shown = here or (kinds if len(kinds) <= FEW_KINDS else [])
    named = [f"“{kind_words(k)}”" for k in shown]
    words = " or ".join([", ".join(named[:-1]), named[-1]] if len(named) > 1 else named)
    return words, bool(here)


def kinds_at_words(session: TutorSession, where: str) -> str:
    """The reply to a tap on a spot of kind ``where`` with no kind chosen where several kinds
    of the moment may be meant; chance's moment has none the learner's (a dice roll's step
    said "Choose what to do first: “Die”.", l27 on a phone at 2.2, a tap on a harbor). The
    spot is promised only when a kind named plays on it (``TutorSession.tapped_spot`` keeps
    it for that kind's button; a hex tapped where only corners' kinds play is not theirs)."""
    named, here = ("", False) if session.game.is_chance() else kinds_named(session, where)
    if not named:
        return NOTHING_HERE
    there = f", and it goes on the {SPOT_WORDS[where]} you tapped" if here else ""
    return f"Choose what to do first: {named}{there}."
