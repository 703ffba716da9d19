"""A knight's size on the board as shown: a phone shrinks the board (zoom ~0.5), and with it a
knight's disc, its strength bars (1-3) and its active rim, which l20 could not read at 8.11 on
a 375 px screen. As the board's words keep a least size (``ScenePainter.text``), a knight
keeps a least radius as shown, and its rim and ring their widths as shown."""

from __future__ import annotations

from collections.abc import Callable

KNIGHT_LEAST_PX = 10.0  # the least radius of a knight's disc as shown (CSS px): bars >= 2 px
# A neutral's knight carries its number over its bars (two-player C&K): its disc a little
# larger where shown small, so that number is written at a size a phone reads (s43 at 375 px:
# its "2" was ~6 px high, 0.6 of a 10 px disc's radius)
LABELLED_LEAST_PX = 13.0
LABEL_LEAST_PX = 10.0  # the least size of that number as shown (CSS px)


Sizer = Callable[[float], float]


def knight_size(
    natural: float, ratio: float, zoom: float, labelled: bool = False
) -> tuple[float, Sizer]:
    """The radius (canvas px) of a knight ``natural`` canvas px across at full size (a
    neutral's, with its number: ``labelled``), and how many canvas px a line ``n`` CSS px wide
    as shown takes, on a board shown at ``zoom``."""
    z = min(zoom, 1.0) if zoom > 0 else 1.0
    radius = max(natural, (LABELLED_LEAST_PX if labelled else KNIGHT_LEAST_PX) * ratio / z)

    def line(n: float) -> float:
        return n * ratio / z

    return radius, line


def label_font(radius: float, ratio: float, zoom: float) -> float:
    """The size (canvas px) of the number a neutral's knight of ``radius`` carries: 0.6 of
    the radius, never shown smaller than ``LABEL_LEAST_PX``."""
    z = min(zoom, 1.0) if zoom > 0 else 1.0
    return max(0.6 * radius, LABEL_LEAST_PX * ratio / z)
