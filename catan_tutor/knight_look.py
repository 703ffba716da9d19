"""How a knight shows its strength and whether it is active, for the board's canvas and its SVG
(``widgets/board_paint.py``, ``render.py``).

s34, a fresh learner at 8.11 ("holding off the barbarians", 1280x900): P1's inactive strong
knight was a disc of the owner's colour at 55 % over the terrain, its two white bars 0.14 of
its radius apart (1.5 px) on the pale red: the "II" read as a basic knight's "I", and the
learner took both knights for basic ones. Now the bars are bolder and clearly apart (a gap
nearly as wide as a bar), and an inactive knight's disc is an opaque light tint of its owner's
colour with dark marks on it (the bars and the owner's mark at least 4.5:1 against it, where
white on the faded red was 2.8:1), under a dashed dark rim; an active one keeps its owner's
colour and a gold rim, its marks in black or white, whichever stands out more. Strength is a
count of bars and the state a fill, a rim and a dash: none of it rests on telling hues apart.
"""

from __future__ import annotations

from .palette import PIECE_EDGE, is_color

BAR_WIDTH = 0.26  # of the knight's radius: a strength bar's width
BAR_STEP = 0.48  # of the radius: from one bar's middle to the next (a clear gap of 0.22)
INACTIVE_TINT = 0.62  # how much white an inactive knight's disc mixes into its owner's colour
INACTIVE_INK = PIECE_EDGE  # its bars and mark
INACTIVE_RIM = 2.0  # CSS px: the dashed rim of an inactive knight (1.5 read as no rim on a phone)


def _rgb(colour: str) -> tuple[int, int, int]:
    colour = colour if is_color(colour) and colour.startswith("#") else "#808080"
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def luminance(colour: str) -> float:
    """The relative luminance of ``#rrggbb`` ``colour`` (WCAG 2)."""

    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two ``#rrggbb`` colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def disc_fill(fill: str, active: bool) -> str:
    """An active knight's disc: its owner's colour; an inactive one's: a light tint of it."""
    if active:
        return fill
    r, g, b = (round(v + (255 - v) * INACTIVE_TINT) for v in _rgb(fill))
    return f"#{r:02x}{g:02x}{b:02x}"


def ink(fill: str, active: bool) -> str:
    """The colour of the bars and the owner's mark on the knight's disc: dark on an inactive
    one's tint; on an active one black or white, whichever contrasts more with its colour."""
    if not active:
        return INACTIVE_INK
    return max(("#ffffff", PIECE_EDGE), key=lambda c: contrast(c, fill))


Rect = tuple[float, float, float, float]


def bars(level: int, r: float, top: float, bottom: float) -> list[Rect]:
    """The strength bars of a knight of radius ``r`` at the origin, as (left, top, width,
    height): ``level`` of them side by side, from ``top`` to ``bottom`` (fractions of ``r``)."""
    w, step = BAR_WIDTH * r, BAR_STEP * r
    return [
        ((i - (level - 1) / 2) * step - w / 2, top * r, w, (bottom - top) * r) for i in range(level)
    ]
