"""Colours, sizes and fonts of the board drawing: the names of ``catan_tutor.palette``.

The look lives in the engine-side ``palette`` module so the static SVG renderer
(``catan_tutor.render``) draws with the same colours, glyphs, marks and geometry as the canvas;
this module keeps the widgets' old import path working.
"""

from __future__ import annotations

from ..palette import *  # noqa: F403
