"""Jupyter widgets of the Catan tutor."""

from .board_view import BoardView

__all__ = ["BoardView"]
