"""Jupyter widgets of the Catan tutor."""

from .app import App
from .board_view import BoardView
from .tutor import Tutor

__all__ = ["App", "BoardView", "Tutor"]
