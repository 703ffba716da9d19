"""The position-text fields of the two-player variants (base-2p, ck-2p): trade tokens
(2P-TOKEN-*, 2P-SETUP-TOKENS), the two production rolls (2P-ROLL-TWICE) and the neutral piece
a build owes (2P-NEUTRAL-MIRROR)."""

from __future__ import annotations

from ..position_format import FieldGroup, FieldReader, ints_text
from ..state import (
    DICE,
    DISCARD,
    MAIN,
    NEUTRAL,
    PHASES,
    PRE_ROLL,
    ROAD_BUILDING,
    ROBBER,
    STEAL,
    TOKENS,
    NeutralDue,
    State,
)  # fmt: skip


def _write_tokens(s: State) -> dict[str, str]:
    return {"tokens": ints_text(s.tokens), "supply": str(s.token_supply),
            "tokused": str(int(s.token_used)), "kret": str(int(s.knight_returned))}


def _read_tokens(F: FieldReader, s: State) -> None:
    s.tokens = tuple(F.ints("tokens", len(F.parties)))
    s.token_supply = F.number("supply", 0, TOKENS)
    s.token_used = F.flag("tokused")  # 2P-TOKEN-ONE-PER-TURN
    s.knight_returned = F.flag("kret")


def _check_tokens(F: FieldReader, s: State) -> None:
    if s.token_supply + sum(s.tokens) != TOKENS:
        raise F.bad("supply", f"supply and players hold {s.token_supply + sum(s.tokens)} "
                    f"tokens, not {TOKENS} (2P-SETUP-TOKENS)")


TOKEN_FIELDS = FieldGroup("tokens", ("tokens", "supply", "tokused", "kret"),
                          lambda caps: caps.tokens, _write_tokens, _read_tokens, _check_tokens)


def _read_sums(F: FieldReader, s: State) -> None:
    s.sums = tuple(F.ints("sums", None))
    if len(s.sums) > 2 or any(not 2 <= x <= 12 for x in s.sums):
        raise F.bad("sums", "at most two sums of 2..12")


def _check_sums_phase(F: FieldReader, s: State) -> None:
    if len(s.sums) == 2 and s.sums[0] == s.sums[1]:
        if not s.caps.knights or s.phase != DICE:  # CK2P-ROLL-SAME: only while rerolling
            raise F.bad("sums", "two equal sums mean the number dice are rolled again (C&K for "
                        "two, phase dice)")
    elif s.phase == DICE and len(s.sums) == 2:  # rule="2P-ROLL-TWICE": both rolls are done
        raise F.bad("sums", "both rolls of the turn are done: no third roll (2P-ROLL-TWICE)")
    resumes = s.phase in (DISCARD, ROBBER, STEAL, ROAD_BUILDING)
    if PRE_ROLL in (s.phase, resumes and s.resume) and s.sums:  # rule="2P-ROLL-TWICE"
        raise F.bad("sums", "before the turn's first roll there is no sum yet")
    if s.resume == DICE and s.phase in (DISCARD, ROBBER, STEAL, ROAD_BUILDING) \
            and len(s.sums) != 1:
        raise F.bad("sums", f"the {s.phase} phase goes back to the second roll: one sum so "
                    "far (2P-ROLL-TWICE)")
    if s.phase == MAIN and len(s.sums) == 1:  # rule="2P-ROLL-TWICE"
        raise F.bad("sums", "the second roll follows the first before the Action phase")


SUMS_FIELDS = FieldGroup("double_roll", ("sums",), lambda caps: caps.double_roll,
                         lambda s: {"sums": ints_text(s.sums)}, _read_sums,
                         check_phase=_check_sums_phase)


def _neutral_due_text(s: State) -> str:
    """OWED:PHASE:BUILT, with :MORE when more neutral promotions follow (Smithing)."""
    due = s.neutral_due
    if not due:
        return "-"
    return ":".join(due[:3]) + (f":{due.more}" if due.more else "")


def _read_neutral_due(F: FieldReader, s: State) -> None:
    """rule="2P-NEUTRAL-MIRROR": the piece owed, the phase after it, the piece built."""
    if F.f["nb"] == "-":
        return
    parts = F.f["nb"].split(":")
    kinds = ("settle", "road", "knight", "promote") if s.caps.knights else ("settle", "road")
    more = parts[3] if len(parts) == 4 else "0"
    if (len(parts) not in (3, 4) or parts[0] not in kinds or parts[1] not in PHASES
            or parts[2] not in kinds or more not in ("0", "1")):
        raise F.bad("nb", "expected OWED:PHASE:BUILT[:MORE], e.g. road:main:settle")
    if parts[0] != parts[2] and parts[0] != "road":
        raise F.bad("nb", f"a neutral {parts[0]} is owed only for a {parts[0]}")
    s.neutral_due = NeutralDue(parts[0], parts[1], parts[2], int(more))


def _check_neutral_phase(F: FieldReader, s: State) -> None:
    if (s.phase == NEUTRAL) != bool(s.neutral_due):
        raise F.bad("nb", "a neutral piece is owed in the neutral phase, and only there")


NEUTRAL_FIELDS = FieldGroup("neutrals", ("nb",), lambda caps: bool(caps.neutrals),
                            lambda s: {"nb": _neutral_due_text(s)}, _read_neutral_due,
                            check_phase=_check_neutral_phase, phases=(NEUTRAL,))
