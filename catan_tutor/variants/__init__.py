"""Rule systems: each variant is a rules object the Game delegates to."""

from __future__ import annotations

VARIANTS = ("base", "base-2p", "base-dummy", "ck", "ck-2p")


def rules_for(variant: str):
    """The rules object of ``variant``; raises for unknown or not yet built variants."""
    if variant == "base":
        from .base import BaseRules

        return BaseRules()
    if variant == "base-2p":
        from .two_player import TwoPlayerRules

        return TwoPlayerRules()
    if variant == "base-dummy":
        from .dummy import DummyRules

        return DummyRules()
    if variant in VARIANTS:
        raise NotImplementedError(f"variant {variant!r} is not built yet")
    raise ValueError(f"unknown variant {variant!r}: choose one of {', '.join(VARIANTS)}")
