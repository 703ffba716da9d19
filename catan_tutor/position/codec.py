"""Position text: one line of ``key=value`` fields that restores a game state exactly.

Example (abridged)::

    catan base n=4 colors=red,blue,white,orange phase=main turn=3 active=P3 ... robber=J
    bank=17,18,19,16,19 hands=1,0,0,2,0/... settlements=H4,E2/... roads=H3,E1/...

Per-seat lists are separated by ``/`` and cover every party (players, then neutrals N1, N2,
then the dummy D); a ``-`` means empty or none. Every field of the variant is always written,
in a fixed order, so equal states give equal texts.

The grammar is in ``position/format.py``; the fields come in groups, one module per variant
that has them (``position/fields_*.py``): the base fields, then trade tokens, two rolls,
neutrals, the dummy and Cities & Knights. This module drives them: ``encode`` and ``decode``.
Whether the state read keeps the rules is ``validity.validate``'s question, asked apart from
the text."""

from __future__ import annotations

from functools import cache

from ..board import Layout
from ..errors import PositionError, quote
from ..state import State
from ..variants import VARIANTS, rules_for
from ..variants.capabilities import Capabilities
from .fields_base import BASE_FIELDS, new_state, read_layout, write_layout
from .fields_ck import CK_FIELDS
from .fields_dummy import DUMMY_FIELDS
from .fields_two_player import NEUTRAL_FIELDS, SUMS_FIELDS, TOKEN_FIELDS
from .format import FieldGroup, FieldReader
from .validity import validate

# Every group of fields, in the order the text lists them; a variant has those it applies to.
FIELD_GROUPS = (BASE_FIELDS, TOKEN_FIELDS, SUMS_FIELDS, NEUTRAL_FIELDS, DUMMY_FIELDS, CK_FIELDS)
KEYS = BASE_FIELDS.keys
EXTRA_KEYS = {g.name: g.keys for g in FIELD_GROUPS[1:]}
MAX_POSITION_CHARS = 8192  # the longest position a game writes is about 2,000 characters


@cache
def field_groups(caps: Capabilities) -> tuple[FieldGroup, ...]:
    """The groups of fields a variant with ``caps`` writes, in order."""
    return tuple(g for g in FIELD_GROUPS if g.applies(caps))


@cache
def _keys(caps: Capabilities) -> tuple[str, ...]:
    return tuple(k for g in field_groups(caps) for k in g.keys)


def variant_keys(rules) -> tuple[str, ...]:
    """Every field of ``rules``' variant, in the order the text lists them."""
    return _keys(rules.caps)


def encode(rules, s: State) -> str:
    f: dict[str, str] = {}
    for group in field_groups(rules.caps):
        f |= group.write(s)
    return " ".join(["catan", rules.variant, *(f"{k}={f[k]}" for k in _keys(rules.caps))])


LAYOUT_KEYS = ("terrain", "numbers", "harbors")


def layout_of(rules, fields: dict[str, str]) -> Layout | None:
    """The board that ``fields`` terrain, numbers and harbors give, written as in position
    text (a scenario's full board); PositionError naming the field at fault."""
    words = " ".join(f"{k}={fields[k]}" for k in LAYOUT_KEYS).split()
    return read_layout(FieldReader(words, rules.variant, rules, LAYOUT_KEYS))


def layout_fields(layout: Layout | None) -> dict[str, str]:
    """``layout`` as the fields terrain, numbers and harbors (what ``layout_of`` reads)."""
    return write_layout(layout)


def _reader(text: str) -> FieldReader:
    """The text's fields, once its head names a variant and every field is there once."""
    words = text.split()
    if len(words) < 2 or words[0] != "catan":
        raise PositionError(f"position text must start with 'catan <variant>': {quote(text)}")
    variant = words[1]
    try:
        rules = rules_for(variant, preview=True)
    except (ValueError, NotImplementedError):
        raise PositionError(
            f"position text: unknown variant {quote(variant)} "
            f"(word 2): one of {', '.join(VARIANTS)}"
        ) from None
    return FieldReader(words[2:], variant, rules, variant_keys(rules))


def decode(text: str) -> tuple[str, State]:
    """Read position text; raises PositionError naming the field at fault: a field that is
    no valid text, or the first problem of the state it gives (``validity.validate``)."""
    if not isinstance(text, str):
        raise PositionError(f"position text must be a string, not {quote(text)}")
    if len(text) > MAX_POSITION_CHARS:
        raise PositionError(
            f"position text of {len(text)} characters, more than "
            f"{MAX_POSITION_CHARS}: {quote(text)}"
        )
    F = _reader(text)
    groups = field_groups(F.rules.caps)
    s = new_state(F)
    for group in groups:
        group.read(F, s)
    for group in groups:
        group.finish(F, s)
    problems = validate(F.rules, s)
    if problems:
        raise F.bad(problems[0].field, problems[0].why)
    try:  # a state that reads writes back (its text codec's own promise)
        encode(F.rules, s)
    except (ArithmeticError, LookupError, TypeError, ValueError, AttributeError) as e:
        raise F.bad(
            "phase",
            f"the {s.phase} phase cannot go on from this position "
            f"({type(e).__name__}: {quote(str(e))})",
        ) from None
    return F.variant, s
