"""Rule systems: each variant is a rules object the Game delegates to."""

from __future__ import annotations

VARIANTS = ("base", "base-2p", "base-dummy", "ck", "ck-2p")


PREVIEW: tuple[str, ...] = ()  # playable but not complete: new_game(..., preview=True)


def rules_for(variant: str, preview: bool = False):
    """The rules object of ``variant``; raises for unknown or not yet built variants.

    ``preview=True`` also gives the variants of ``PREVIEW``, which are not complete yet.
    """
    if variant == "base":
        from .base import BaseRules

        return BaseRules()
    if variant == "base-2p":
        from .two_player import TwoPlayerRules

        return TwoPlayerRules()
    if variant == "base-dummy":
        from .dummy import DummyRules

        return DummyRules()
    if variant == "ck":
        from .ck import CKRules

        return CKRules()
    if variant == "ck-2p":
        from .ck_two_player import CK2PRules

        return CK2PRules()
    if variant in PREVIEW and not preview:
        raise NotImplementedError(
            f"variant {variant!r} is not complete yet; new_game(..., preview=True) plays it"
        )
    if variant in VARIANTS:
        raise NotImplementedError(f"variant {variant!r} is not built yet")
    raise ValueError(f"unknown variant {variant!r}: choose one of {', '.join(VARIANTS)}")
