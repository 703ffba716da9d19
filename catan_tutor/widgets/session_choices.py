"""The learner's choices in the tools, as the session keeps them (issue 33: they lived in the
widgets, so no view could tell what they were and another game kept the last one's). Plain
Python, no widgets; the Editor (``editor_panel.py``) and the Hint's settings
(``hint_panel.py``) show them and send the learner's changes here.

- ``EditChoice``: the piece a click on the board places, its owner, a knight's strength and
  whether it is active, and whose hand the hand editor shows. Per game: another game (a
  lesson, a new game) starts them afresh; an edit of this game keeps them.
- ``HintSettings``: how hard the Hint thinks (games after each move, turns ahead). The learner's
  own for the whole visit: another game keeps them.

Each change emits ``choices`` (a view shows the values again).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING

from ..study.editor import board_pieces

if TYPE_CHECKING:
    from ..game import Game

PIECE, LEVELS = "settlement", ("basic", "strong", "mighty")
HINT_GAMES, HINT_TURNS = 200, 10  # the Hint's settings at first


def offered(game: Game) -> tuple[str, ...]:
    """The Editor's palette in ``game``'s variant: its pieces (``editor.board_pieces``: no
    walls, knights or merchant in the base game), and "remove"."""
    return (*board_pieces(game.caps), "remove")


@dataclass(frozen=True)
class EditValues:
    """The Editor's choices as they apply to one game (``EditChoice.shown``)."""

    piece: str
    owner: str
    level: str
    active: bool
    hand_of: str


class EditChoice:
    """The Editor's choices; '' (or the default) until the learner chooses."""

    def __init__(self, emit: Callable[[str], object]) -> None:
        self.emit = emit
        self.reset()

    def reset(self) -> None:
        """Another game: every choice afresh (no event: the session's ``opened`` follows)."""
        self.piece, self.owner, self.level, self.active, self.hand_of = (
            PIECE,
            "",
            "basic",
            False,
            "",
        )

    def choose(self, **chosen: object) -> None:
        """The learner chose (``piece="road"``, ``owner="P2"``...): kept, ``choices`` emitted
        when anything changed; an unknown name is refused."""
        names = {f.name for f in fields(EditValues)}
        unknown = set(chosen) - names
        if unknown:
            raise ValueError(f"no such choice in the Editor: {sorted(unknown)}")
        changed = {k: v for k, v in chosen.items() if getattr(self, k) != v}
        for name, value in changed.items():
            setattr(self, name, value)
        if changed:
            self.emit("choices")

    def shown(self, game: Game) -> EditValues:
        """The choices as they apply to ``game``: a piece its variant has (else a
        settlement), an owner among its seats and a hand among its parties (else the first),
        a knight's strength among the three."""
        owners = [n for n in game.names if n != "D"]
        return EditValues(
            self.piece if self.piece in offered(game) else PIECE,
            self.owner if self.owner in owners else owners[0],
            self.level if self.level in LEVELS else "basic",
            bool(self.active),
            self.hand_of if self.hand_of in game.names else game.names[0],
        )


class HintSettings:
    """How hard the Hint thinks: ``games`` played on after each move, ``turns`` ahead."""

    def __init__(self, emit: Callable[[str], object]) -> None:
        self.emit = emit
        self.games, self.turns = HINT_GAMES, HINT_TURNS

    def choose(self, games: int | None = None, turns: int | None = None) -> None:
        """Set either (None: left as it is); ``choices`` emitted when anything changed. The
        values are checked when a hint is asked (``run_limits.HINT``: one out of its limits
        refuses the hint, saying why)."""
        new = (self.games if games is None else games, self.turns if turns is None else turns)
        if new != (self.games, self.turns):
            self.games, self.turns = new
            self.emit("choices")
