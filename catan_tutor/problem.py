"""``Problem``: one way a game state breaks the rules, as ``validity.validate`` reports it."""

from __future__ import annotations

import re
from dataclasses import dataclass

_RULE_ID = re.compile(r"\b(?:BASE|CK2P|CK|2P|DUMMY)(?:-[A-Z0-9]+)+\b")


@dataclass(frozen=True)
class Problem:
    """What is wrong (``why``, in learner words, ending with the rule ID in brackets where a
    rule decides) and where: ``field``, the position-text field that holds it (the position
    reader quotes that field; the board editor shows ``why`` alone)."""

    field: str
    why: str

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule IDs ``why`` cites (none for a shape no rule needs to name)."""
        return tuple(_RULE_ID.findall(self.why))

    def __str__(self) -> str:
        return self.why
