"""The line of play a page keeps in its address, ``?s=STATE``, when no link says it
(``address.py``: moves played from a position, an uploaded lesson, a line too long for a link),
so a reload (or a lost kernel) resumes it: a reloaded page passes it back to the kernel in the
query string. STATE is URL-safe base64 of zlib-compressed JSON: where the line starts (a
lesson of the library by its id, or a position text), the moves from there, in notation, and
in a game against the computer its computer seats (seat -> policy) and their seed, so a
reload plays on against the same computers. It comes back from a visitor, so reading it is
strict: bounded sizes, a closed schema, positions and moves through the engine's own checks,
never code.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import parse_qs

from ..errors import LinkError
from ..game import Game
from ..study.timeline import Node, Timeline
from .line_code import LEVEL, head_of, line_code, move_json
from .session_seats import POLICIES

MAX_STATE_CHARS = 32_000  # in the address (browsers and servers take far more)
MAX_JSON_BYTES = 1 << 20  # after decompression
MAX_MOVES = 10_000
MAX_TEXT = 4_000  # one move, a lesson id; a position text may be longer
_STATE = re.compile(r"[A-Za-z0-9_-]*")
_KEYS = {"v", "lesson", "position", "moves", "computers", "seed"}
MAX_SEED = 2**32


@dataclass
class Line:
    """Where a line of play starts (``lesson`` id, else ``position`` text) and its moves."""

    lesson: str = ""
    position: str = ""
    moves: list[str] = field(default_factory=list)
    computers: dict[int, str] = field(default_factory=dict)  # seat -> policy (POLICIES)
    seed: int = 0  # the computers' seed


def _head(line: Line) -> bytes:
    """The line's JSON up to its moves, which come last (``line_code``)."""
    data: dict[str, object] = {"v": 1}
    data.update({"lesson": line.lesson} if line.lesson else {"position": line.position})
    if line.computers:
        data["computers"] = {str(p): v for p, v in sorted(line.computers.items())}
        data["seed"] = line.seed
    return head_of(data)


def _text(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def encode(line: Line) -> str:
    body = _head(line) + b"".join(move_json(m, i == 0) for i, m in enumerate(line.moves))
    return _text(zlib.compress(body + b"]}", LEVEL))


def state_of(
    timeline: Timeline, lesson: str = "", computers: Mapping[int, str] | None = None, seed: int = 0
) -> str:
    """The state string of the timeline's current line: from the lesson's start (or the
    root position) along the moves to the current node, with the computer seats; only the
    current position when that line would not fit in an address."""
    root = "" if lesson else Game(timeline.rules, timeline.root.state).position()
    seats = dict(computers or {})
    text = _text(line_code(timeline, _head(Line(lesson, root, [], seats, seed))))
    if len(text) <= MAX_STATE_CHARS:
        return text
    return encode(Line(position=timeline.game.position(), computers=seats, seed=seed))


def decode(text: str) -> Line:
    """The line in a state string, or a ``LinkError`` saying what is wrong with it."""
    if not isinstance(text, str) or len(text) > MAX_STATE_CHARS:
        raise LinkError(f"saved session: longer than {MAX_STATE_CHARS} characters")
    if not _STATE.fullmatch(text):
        raise LinkError("saved session: unexpected characters")
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        inflate = zlib.decompressobj()
        body = inflate.decompress(raw, MAX_JSON_BYTES)
        if inflate.unconsumed_tail or not inflate.eof:
            raise LinkError("saved session: truncated or too large")
        data = json.loads(body)
    except (binascii.Error, zlib.error, ValueError, RecursionError) as e:
        if isinstance(e, LinkError):
            raise
        raise LinkError("saved session: not readable (damaged or edited)") from None
    if not isinstance(data, dict) or set(data) - _KEYS or data.get("v") != 1:
        raise LinkError("saved session: unknown format")
    lesson, position, moves = data.get("lesson", ""), data.get("position", ""), data.get("moves")
    if (
        not isinstance(moves, list)
        or len(moves) > MAX_MOVES
        or not all(isinstance(m, str) and len(m) <= MAX_TEXT for m in moves)
    ):
        raise LinkError("saved session: the moves are not a list of notation")
    if (
        not isinstance(lesson, str)
        or not isinstance(position, str)
        or bool(lesson) == bool(position)
        or len(lesson) > MAX_TEXT
    ):
        raise LinkError("saved session: expected a lesson or a position to start from")
    return Line(lesson, position, moves, *_computers(data))


def _computers(data: dict) -> tuple[dict[int, str], int]:
    """The computer seats and seed of a saved session (none: a game of humans)."""
    seats, seed = data.get("computers", {}), data.get("seed", 0)
    if (
        not isinstance(seats, dict)
        or len(seats) > 4
        or not all(k in ("0", "1", "2", "3") and v in POLICIES for k, v in seats.items())
    ):
        raise LinkError(f"saved session: computer seats are seat numbers 0-3 and {POLICIES}")
    if type(seed) is not int or not 0 <= seed < MAX_SEED:
        raise LinkError("saved session: the computers' seed is not a whole number")
    return {int(k): v for k, v in seats.items()}, seed


def from_query(query: str | None) -> str:
    """The ``s`` parameter of a page's query string ('' when there is none)."""
    if not query:
        return ""
    try:
        values = parse_qs(query[: MAX_STATE_CHARS + 1000], max_num_fields=20).get("s", [""])
    except ValueError:
        raise LinkError("page address: too many parameters") from None
    return values[-1]


def replay(timeline: Timeline, moves: list[str]) -> str:
    """Play ``moves`` from the timeline's root (following its tree where it has them); stops
    at the first move that cannot be played and returns why ('' when all were played)."""
    timeline.first()
    return play_on(timeline, moves, "the saved line")


def play_on(timeline: Timeline, moves: list[str] | tuple[str, ...], what: str) -> str:
    """Play ``moves`` on from the timeline's current node (following its tree where it has
    them: moves it lacks become a variation); stops at the first move that cannot be played
    and returns why, naming it as a move of ``what`` ('' when all were played)."""
    for i, move in enumerate(moves):
        try:
            timeline.play(move)
        except ValueError as e:  # the package's errors: bad notation, an illegal move
            return f"move {i + 1} of {what} ({move[:60]!r}) cannot be played: {e}"
    return ""


def follow_moves(timeline: Timeline, node: int | None, moves: tuple[str, ...]) -> Node:
    """Go to node ``node`` of ``timeline`` (None: stay) and play a link's ``moves`` on from
    there: the node reached; ``LinkError`` saying which move cannot be played (check on a
    copy first: the timeline is left where it stopped)."""
    if node is not None:
        if node not in timeline.nodes:
            raise LinkError(f"the lesson has no move {node}")
        timeline.goto(node)
    problem = play_on(timeline, moves, "its moves")
    if problem:
        raise LinkError(problem)
    return timeline.current
