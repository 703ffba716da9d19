"""Jupyter widgets of the Catan tutor.

``App``, ``BoardView`` and ``Tutor`` load ipywidgets when first asked for, so the modules
that hold no widgets (``tutor_session``, ``puzzle_state``, ``kinds``, ``links``, ...) import
without Jupyter.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .app import App
    from .board_view import BoardView
    from .tutor import Tutor

__all__ = ["App", "BoardView", "Tutor"]
_WHERE = {"App": ".app", "BoardView": ".board_view", "Tutor": ".tutor"}


def __getattr__(name: str) -> object:
    if name in _WHERE:
        return getattr(import_module(_WHERE[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
