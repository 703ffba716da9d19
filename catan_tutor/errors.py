"""Errors raised by the engine; all are ``ValueError`` subclasses whose message names the input."""


class CatanError(ValueError):
    """Base class of the package's input errors."""


class IllegalActionError(CatanError):
    """An action the rules forbid here; the message names the action, the player and the rule."""

    def __init__(self, message: str, rule: str = ""):
        super().__init__(message)
        self.rule = rule


class NotationError(CatanError):
    """Action notation that cannot be read."""


class PositionError(CatanError):
    """Position text that cannot be read or describes an impossible game."""


class EditError(CatanError):
    """A board-editor operation that cannot be read or leaves a position breaking the rules."""

    def __init__(self, op: str, why: str):
        super().__init__(f"edit {op!r}: {why}")
        self.op = op
        self.why = why


class ScenarioError(CatanError):
    """A scenario file that cannot be read; the message names the file, the line and the key."""


class LinkError(CatanError):
    """A link, or the session state a page keeps in its address, that cannot be read."""


class TimelineFullError(CatanError):
    """A move that would grow a move tree past the tutor's limit."""
