"""The visitor cookie of standalone Voilà: what ``server_limits`` counts a page's kernel under.

A class behind a school router or proxy shares one client address, so the kernel cap per
visitor counts browsers, not addresses: the first page sets ``catan_visitor``, a random,
opaque value (HttpOnly, SameSite=Lax, for the app's base URL, Secure over HTTPS). A request
without a valid one (no cookie, a script that ignores cookies, a value not of the pattern
below) gets a new one and is counted under it; such requests are still bounded by the cap
on all kernels and by the reclaiming of kernels whose page has gone.

The value is checked strictly (32 characters of ``A-Z a-z 0-9 _ -``) and serves only as a
key for counting: it grants nothing, and logs show a short hash of it, never the value.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from typing import Any

COOKIE = "catan_visitor"
LENGTH = 32  # characters of secrets.token_urlsafe(24): 192 random bits
_VALUE = re.compile(rf"[A-Za-z0-9_-]{{{LENGTH}}}")


def fresh() -> str:
    """A new visitor value, unguessable."""
    return secrets.token_urlsafe(LENGTH * 3 // 4)


def valid(value: str | None) -> bool:
    """Whether ``value`` is a visitor value this server could have made."""
    return value is not None and len(value) == LENGTH and _VALUE.fullmatch(value) is not None


def tag(visitor: str) -> str:
    """A short name for ``visitor`` in logs (a hash: the value itself stays out of them)."""
    return hashlib.sha256(visitor.encode()).hexdigest()[:8]


def visitor(handler: Any) -> str:
    """The visitor a page request of ``handler`` (a tornado ``RequestHandler``) counts under:
    its cookie's value when valid, else a new value, set as the cookie on the response."""
    value = handler.get_cookie(COOKIE)
    if valid(value):
        return str(value)
    value = fresh()
    handler.set_cookie(
        COOKIE,
        value,
        path=getattr(handler, "base_url", "") or "/",
        httponly=True,
        samesite="Lax",
        secure=handler.request.protocol == "https",
    )
    return value
