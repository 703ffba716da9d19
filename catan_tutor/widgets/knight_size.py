"""A knight's size on the board as shown: a phone shrinks the board (zoom ~0.5), and with it a
knight's disc, its strength bars (1-3) and its active rim, which l20 could not read at 8.11 on
a 375 px screen. As the board's words keep a least size (``ScenePainter.text``), a knight
keeps a least radius as shown, and its rim and ring their widths as shown. So do the robber
and the merchant (s43: on a phone the merchant's bag was ~12 px high, the robber ~11 px)."""

from __future__ import annotations

from collections.abc import Callable

KNIGHT_LEAST_PX = 10.0  # the least radius of a knight's disc as shown (CSS px): bars >= 2 px
# A neutral's knight carries its number over its bars (two-player C&K): its disc a little
# larger where shown small, so that number is written at a size a phone reads (s43 at 375 px:
# its "2" was ~6 px high, 0.6 of a 10 px disc's radius)
LABELLED_LEAST_PX = 13.0
LABEL_LEAST_PX = 10.0  # the least size of that number as shown (CSS px)
# the least unit of the robber's and the merchant's drawings as shown (CSS px; ~0.8 of their
# size on a full-size board: the robber ~17 px high, the merchant's bag ~16 px)
ROBBER_LEAST_UNIT = 5.0
MERCHANT_LEAST_UNIT = 6.8


Sizer = Callable[[float], float]


def knight_size(
    natural: float, ratio: float, zoom: float, labelled: bool = False
) -> tuple[float, Sizer]:
    """The radius (canvas px) of a knight ``natural`` canvas px across at full size (a
    neutral's, with its number: ``labelled``), and how many canvas px a line ``n`` CSS px wide
    as shown takes, on a board shown at ``zoom``."""
    z = min(zoom, 1.0) if zoom > 0 else 1.0
    radius = at_least(natural, LABELLED_LEAST_PX if labelled else KNIGHT_LEAST_PX, ratio, zoom)

    def line(n: float) -> float:
        return n * ratio / z

    return radius, line


def at_least(natural: float, least: float, ratio: float, zoom: float) -> float:
    """``natural`` canvas px, or what shows as ``least`` CSS px on a board shown at ``zoom``
    (with ``ratio`` canvas px per CSS px), whichever is larger."""
    z = min(zoom, 1.0) if zoom > 0 else 1.0
    return max(natural, least * ratio / z)


def label_font(radius: float, ratio: float, zoom: float) -> float:
    """The size (canvas px) of the number a neutral's knight of ``radius`` carries: 0.6 of
    the radius, never shown smaller than ``LABEL_LEAST_PX``."""
    z = min(zoom, 1.0) if zoom > 0 else 1.0
    return max(0.6 * radius, LABEL_LEAST_PX * ratio / z)
