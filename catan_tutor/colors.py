"""Player colours: the closed set a game, a position text, a scenario or a link may use.

A colour is one of the names in ``COLOR_NAMES`` or a ``#rrggbb`` hex triple, nothing else:
colours end up in drawings and in the tutor's page, so anything outside this set is refused
when it is read (``PositionError``), never passed on.
"""

from __future__ import annotations

import re

from .errors import PositionError

COLOR_NAMES = ("red", "blue", "white", "orange", "green", "brown")
DEFAULT_COLORS = COLOR_NAMES[:4]
_HEX = re.compile(r"#[0-9a-fA-F]{6}")


def is_color(text: object) -> bool:
    """True for a colour name of ``COLOR_NAMES`` or a ``#rrggbb`` triple."""
    return isinstance(text, str) and (text in COLOR_NAMES or _HEX.fullmatch(text) is not None)


def color_problem(colors: object, parties: int) -> str:
    """Why ``colors`` cannot be the colours of ``parties`` parties ('' when they can): one
    distinct valid colour per party."""
    if isinstance(colors, str) or not isinstance(colors, tuple | list):
        return f"expected {parties} colours, got {_show(colors)}"
    if len(colors) != parties:
        return f"expected {parties} colours, got {len(colors)}"
    for c in colors:
        if not is_color(c):
            return f"{_show(c)} is not a colour: use one of {', '.join(COLOR_NAMES)} or #rrggbb"
    if len(set(map(str.lower, colors))) != len(colors):
        return "two parties share a colour"
    return ""


def check_colors(colors: object, parties: int) -> tuple[str, ...]:
    """``colors`` as a tuple, or a ``PositionError`` saying which colour is wrong."""
    why = color_problem(colors, parties)
    if why:
        raise PositionError(f"colors: {why}")
    return tuple(colors)  # type: ignore[arg-type]


def _show(x: object, limit: int = 40) -> str:
    text = repr(x)
    return text if len(text) <= limit else text[: limit - 1] + "…"
