"""Errors raised by the engine; all are ``ValueError`` subclasses whose message names the input,
and the helpers that quote an input and read its numbers."""


class CatanError(ValueError):
    """Base class of the package's input errors."""


class IllegalActionError(CatanError):
    """An action the rules forbid here; the message names the action, the player and the rule."""

    def __init__(self, message: str, rule: str = ""):
        super().__init__(message)
        self.rule = rule


class NotationError(CatanError):
    """Action notation that cannot be read: ``why`` it cannot, and the ``word`` at fault (''
    when something is missing at the end)."""

    why: str = ""
    word: str = ""


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


class TimelineError(CatanError):
    """A change to a move tree that cannot be made: the root moved or deleted, a comment
    past its limit."""


class TimelineFullError(CatanError):
    """A move that would grow a move tree past the tutor's limit."""


class OptionError(CatanError):
    """An option of ``new_game`` (or the command line) that names no variant, table or board."""


QUOTE_CHARS = 60  # of an input quoted in a message


def quote(value: object, size: int = QUOTE_CHARS) -> str:
    """``repr`` of an input, cut to ``size`` characters: a message names it, not all of it."""
    if isinstance(value, str):
        return repr(value) if len(value) <= size else repr(value[:size]) + "…"
    try:
        text = f"{type(value).__name__} {value!r}"
    except Exception:  # noqa: BLE001 - a hostile __repr__: name the type only
        text = type(value).__name__
    return text if len(text) <= size else text[:size] + "…"


def ascii_count(text: str, digits: int = 6) -> int:
    """A count written in ASCII digits (at most ``digits`` of them); else ``ValueError``.

    ``int`` also takes signs, spaces, underscores, other scripts' digits and thousands of
    digits: none of them is notation, position text or an edit."""
    if not (isinstance(text, str) and text.isascii() and text.isdigit() and len(text) <= digits):
        raise ValueError(f"expected a number of at most {digits} ASCII digits, got {quote(text)}")
    return int(text)
