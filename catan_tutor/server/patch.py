"""Wrapping a method of a library class once, for the server's patches (issue 36)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

GUARDED = "_catan_tutor_guarded"  # set on every wrapper this package puts in place


def wrap_method(
    owner: type, name: str, make: Callable[[Callable[..., Any]], Callable[..., Any]]
) -> Callable[..., Any] | None:
    """Put ``make(current)`` in place of ``owner.name`` (it keeps the current one's name and
    docstring), unless a wrapper of ours is there already; the method replaced, or None."""
    current = getattr(owner, name)
    if getattr(current, GUARDED, False):
        return None
    wrapper = functools.wraps(current)(make(current))
    setattr(wrapper, GUARDED, True)
    setattr(owner, name, wrapper)
    return current


def is_wrapped(owner: type, name: str) -> bool:
    """Whether ``owner.name`` is a wrapper of ours."""
    return getattr(getattr(owner, name), GUARDED, False)
