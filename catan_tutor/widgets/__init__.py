"""Jupyter widgets of the Catan tutor."""

from .board_view import BoardView
from .tutor import Tutor

__all__ = ["BoardView", "Tutor"]
