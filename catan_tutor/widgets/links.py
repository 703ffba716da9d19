"""Links to a lesson at a move, a new game, or any position: the query of the app's address.

A link is what a teacher pastes into a chat: its readable part says what it opens, and only
the learner's moves (and a position) are packed small.

- ``?lesson=4.3&node=N``: a lesson of the library by its number in the course (one the
  course does not number: its file name without ``.catan.yaml``, which is read too:
  ``lesson_numbers.py``) at node ``N`` of its move tree (the ids the file gives when loaded;
  0 is the start);
- ``?variant=ck&players=3&seed=7`` (and ``&board=variable``): a new game; the seed shuffles a
  variable board and seeds the tutor's dice and the computers' choices;
- ``&p2=greedy&p3=playout`` after a new-game or a position link: the computer seats, by the
  player's number (P2, P3) and how the computer plays (``random``, ``greedy``, ``playout``);
  a seat not named is a human's. A position link then takes ``&seed=N``, the computers' seed;
- ``?position=CODE``: a position; CODE is the position text packed small (below);
- ``&moves=CODE`` after a lesson link or a new-game link: moves played from there (a learner's
  variation branching off the lesson at node ``N``, or the game's moves from its start), the
  moves in notation, one a line, packed as positions are (``pack_moves``, with their own
  dictionary ``MOVES_ZDICT``); at most ``MAX_LINK_MOVES`` of them. Opening the link replays
  them through the engine, so the learner's moves come back as a variation of the lesson's
  tree, at its last move (``link_of`` makes these links from the session);
- ``&solved_at=3.7&hints=1`` after a lesson link: the learner's puzzles, in the page's own
  address only (``address.py``; Copy link leaves them out, so a friend meets the question
  at the link's node afresh, those before it on its way passed over but not answered; past
  an answered question, that one only, ``copied_link``): the
  nodes of the lesson's questions answered (a reload lands past them), and the hints taken
  at the question the link opens at;
- ``&again=8`` after a lesson link, in the page's own address only too: the lesson's questions
  asked afresh (*Try again*) and not answered since; the progress this browser keeps does not
  answer them again on a reload (l26, l27: after Try again, a reload showed it solved).

The readable keys come first and ``moves`` last, e.g.
``?variant=base&players=4&seed=7&p2=greedy&p3=greedy&p4=greedy&moves=1XYZ...``.

A link comes from anyone, so reading one is strict: known keys only once each, values of
bounded size matched whole by a pattern, numbers in range, the position through the engine's
own checks. Nothing in a link is ever run, or shown other than as escaped text. A link that
cannot be read raises ``LinkError`` saying why.

Packing a position (version ``1``): the text (printable ASCII) with each progress card name
replaced by one byte above 127, raw DEFLATE at level 9 with a preset dictionary (``ZDICT``:
new-game position texts, so field names and common values cost a few bits), then the low 24
bits of the text's CRC-32 (a damaged or edited code is caught before the engine reads it),
all as URL-safe base64 without padding, behind the version character. A late Cities &
Knights position of about 1,900 characters packs to about 700 (see tests/test_links.py).
``ZDICT`` and ``WORDS`` are part of the format: changing either needs a new version
character.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, urlencode

from .. import new_game
from ..errors import LinkError
from ..game import Game
from ..study.puzzle import MAX_HINTS
from ..variants import VARIANTS, rules_for
from .lesson_numbers import id_of, number_of
from .session_seats import POLICIES

if TYPE_CHECKING:
    from .tutor_session import TutorSession

VERSION = "1"
MAX_QUERY_CHARS = 40_000  # the whole query string read (the session state ?s= is up to 32,000)
MAX_CODE_CHARS = 3_000  # a packed position
MAX_LINK_MOVES = 300  # moves a link carries (a learner's variation, past the lesson's node)
MAX_MOVES_CODE_CHARS = 3_000  # those moves packed (the whole link stays under 4,000)
MAX_MOVES_BYTES = 32_768  # those moves, unpacked
MAX_MOVE_CHARS = 200  # one move in notation
MAX_POSITION_BYTES = 32_768  # a position text, unpacked
MAX_NODE = 999_999
MAX_SOLVED = 50  # questions answered, named in one link (a lesson asks a few)
MAX_SEED = 2**32 - 1  # a new game draws its seed below 2**30 (App.new); saved seats below 2**32
CHECK_BYTES = 3  # of the text's CRC-32, after the compressed text


class _Seats(Mapping[str, tuple[int, ...]]):
    """Per variant, the numbers of players it allows, as its rules declare them; a variant's
    rules are imported when first asked for (not on a base lesson's first paint)."""

    def __getitem__(self, variant: str) -> tuple[int, ...]:
        if variant not in VARIANTS:
            raise KeyError(variant)
        return _seats(variant)

    def __iter__(self) -> Iterator[str]:
        return iter(VARIANTS)

    def __len__(self) -> int:
        return len(VARIANTS)


@cache
def _seats(variant: str) -> tuple[int, ...]:
    return tuple(rules_for(variant).seats)


PLAYERS = _Seats()
BOARDS = ("beginner", "variable", "variable-harbors")
SEAT_KEYS = ("p1", "p2", "p3", "p4")  # a computer seat, by the player's number
KEYS = ("lesson", "node", "solved_at", "solved", "hints", "again", "moves", "variant", "players",
        "board", "seed", "position", *SEAT_KEYS)  # fmt: skip
# ``solved_at`` names the moves whose questions were answered (``solved_at=8``: the question at
# move 8); before s31 it was ``solved``, read as a count ("solved=8" beside "9 of 27 puzzles
# solved", learner s31): still read, never written

_LESSON = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,119}")
_NUMBER = re.compile(r"[0-9]{1,10}")
_NODES = re.compile(rf"[0-9]{{1,6}}(?:\.[0-9]{{1,6}}){{0,{MAX_SOLVED - 1}}}")
_CODE = re.compile(rf"[A-Za-z0-9_-]{{2,{MAX_CODE_CHARS}}}")
_PRINTABLE = re.compile(r"[\x20-\x7e]*")
_MOVE = re.compile(rf"[\x20-\x7e]{{1,{MAX_MOVE_CHARS}}}")

# Progress card names, each packed as one byte (0x80 + index). Fixed for version 1.
WORDS = ("alchemy", "crane", "engineering", "invention", "irrigation", "medicine", "mining",
         "printing", "road-building", "smithing", "commercial-harbor", "guild-dues",
         "merchant-fleet", "merchant", "resource-monopoly", "trade-monopoly", "constitution",
         "diplomacy", "encouragement", "espionage", "intrigue", "sabotage", "taxation",
         "treason", "wedding")  # fmt: skip
_WORD = re.compile("|".join(re.escape(w) for w in sorted(WORDS, key=len, reverse=True)))

# The preset dictionary of version 1: new-game positions of ck-2p and base-dummy (every field
# name of the five variants, the beginner board, the usual empty values). Fixed for version 1.
_ZDICT_TEXT = (
    " ".join(
        (
            "catan ck-2p n=2 colors=red,blue,white,orange phase=setup-settle turn=0 active=P1 setup=0",
            "sv=- terrain=mo,pa,fo,fi,hi,pa,hi,fi,fo,de,fo,mo,fo,mo,fi,pa,hi,fi,pa",
            "numbers=10,2,9,12,6,4,10,9,11,0,3,8,8,3,4,5,5,6,11",
            "harbors=3:1,grain,ore,3:1,wool,3:1,3:1,brick,lumber tiles=- hk=- shuffle=0 robber=-",
            "bank=19,19,19,19,19,12,12,12 deck=0,0,0,0,0 top=-",
            "hands=0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0",
            "dev=0,0,0,0,0/0,0,0,0,0/0,0,0,0,0/0,0,0,0,0 newdev=0,0,0,0,0 knights=0,0,0,0 played=0",
            "settlements=-/-/H4/G6 cities=-/-/-/- roads=-/-/-/- longest=- army=- dice=- rolled=-",
            "discards=0,0,0,0 resume=main victim=- free=0 offer=- winner=- rolloff=- tokens=5,5,0,0",
            "supply=10 tokused=0 kret=0 sums=- nb=- kn=- walls=- levels=0,0,0/0,0,0/0,0,0/0,0,0",
            "metro=-,-,- barb=0 attacked=0 defender=0,0,0,0 pvp=0,0,0,0",
            "pdecks=2,2,1,2,2,2,2,1,2,2:-/2,2,6,2,4,2:-/1,2,2,3,2,2,2,2,2:- phand=-/-/-/-",
            "merchant=- event=- draws=- pillage=- claims=- pdiscards=- relocate=- toppled=- fleet=-",
            "taxed=- treason=- harbor=-",
            "catan base-dummy n=2 colors=red,blue,white phase=setup-settle turn=0 active=P1 setup=0",
            "sv=- terrain=mo,pa,fo,fi,hi,pa,hi,fi,fo,de,fo,mo,fo,mo,fi,pa,hi,fi,pa",
            "numbers=10,2,9,12,6,4,10,9,11,0,3,8,8,3,4,5,5,6,11",
            "harbors=3:1,grain,ore,3:1,wool,3:1,3:1,brick,lumber tiles=- hk=- shuffle=0 robber=J",
            "bank=17,17,17,17,17 deck=14,5,2,2,2 top=- hands=0,0,0,0,0/0,0,0,0,0/2,2,2,2,2",
            "dev=0,0,0,0,0/0,0,0,0,0/0,0,0,0,0 newdev=0,0,0,0,0 knights=0,0,0 played=0",
            "settlements=-/-/- cities=-/-/- roads=-/-/- longest=- army=- dice=- rolled=-",
            "discards=0,0,0 resume=main victim=- free=0 offer=- winner=- rolloff=- droad=0 bids=- tb=-",
        )
    )
    + " "
    + ",".join(WORDS)
)


def _words_to_bytes(text: str) -> bytes:
    return _WORD.sub(lambda m: chr(0x80 + WORDS.index(m.group())), text).encode("latin-1")


ZDICT = _words_to_bytes(_ZDICT_TEXT)

# The preset dictionary of packed moves, version 1: the notation's common lines. Fixed.
MOVES_ZDICT = _words_to_bytes(
    "P1 bank 4 grain for lumber\nP2 offer P3 1 brick for 1 wool\nP3 accept\nP1 pass\n"
    "P1 buy\nP2 knight\nP3 roadbuilding\ndraw knight\ndraw vp\nsteal wool\nsteal grain\n"
    "steal lumber\nsteal brick\nsteal ore\nP1 move N4 O6\nP1 promote G4\nP1 activate G4\n"
    "P1 relocate K\nP1 robber-home\nP1 robber K P2\nharbor 3 3:1\nP1 force all\n"
    "force-draw cloth\nforce-draw coin\nforce-draw paper\nP1 wall C6\nP1 improve trade\n"
    "P1 improve politics\nP1 improve science\nprogress trade merchant\n"
    "progress politics taxation\nprogress science road-building\nP2 play alchemy 3 4\n"
    "P1 recruit D6\nP1 neutral N1 knight D6\nP1 neutral N2 settle C2\n"
    "P1 neutral N1 road H5\ndie tiebreak 4\ndie dev 2\ndie card 3\nevent politics\n"
    "event science\nevent trade\nevent ship\nP2 city A12\nP3 settle C6\nP1 road N5\n"
    "P4 end\nP3 end\nP2 end\nP1 end\nP4 roll\nP3 roll\nP2 roll\ndie white 6\ndie red 5\n"
    "die white 4\ndie red 3\ndie white 2\ndie red 1\nP1 roll"
)


def pack_position(text: str) -> str:
    """The position text as a short URL-safe code (see the module's docstring)."""
    if not _PRINTABLE.fullmatch(text):
        raise LinkError("only printable ASCII text can go into a link")
    return _pack(text, ZDICT)


def unpack_position(code: str) -> str:
    """The position text of a code from :func:`pack_position`; ``LinkError`` when the code is
    damaged, edited, too large or of another version."""
    return _unpack(code, ZDICT, MAX_POSITION_BYTES, MAX_CODE_CHARS, "position")


def pack_moves(moves: list[str] | tuple[str, ...]) -> str:
    """Moves in notation (one line each) as a short URL-safe code, packed as positions are
    with the moves' own preset dictionary (``MOVES_ZDICT``)."""
    if not moves or len(moves) > MAX_LINK_MOVES:
        raise LinkError(f"a link carries from 1 to {MAX_LINK_MOVES} moves")
    if not all(_MOVE.fullmatch(m) for m in moves):
        raise LinkError("a move in a link is one line of printable text")
    code = _pack("\n".join(moves), MOVES_ZDICT)
    if len(code) > MAX_MOVES_CODE_CHARS:
        raise LinkError("these moves are too many to go into a link")
    return code


def unpack_moves(code: str) -> tuple[str, ...]:
    """The moves of a code from :func:`pack_moves`; ``LinkError`` when the code is damaged,
    edited, too large or of another version, or holds too many moves."""
    text = _unpack(code, MOVES_ZDICT, MAX_MOVES_BYTES, MAX_MOVES_CODE_CHARS, "moves", "\n")
    moves = tuple(text.split("\n"))
    if len(moves) > MAX_LINK_MOVES:
        raise LinkError(f"it carries more than {MAX_LINK_MOVES} moves")
    if not all(_MOVE.fullmatch(m) for m in moves):
        raise LinkError("its moves code is damaged or was edited")
    return moves


def _pack(text: str, zdict: bytes) -> str:
    raw = _words_to_bytes(text)
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, zdict)
    packed = deflate.compress(raw) + deflate.flush() + _check(text)
    return VERSION + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def _unpack(
    code: str, zdict: bytes, max_bytes: int, max_chars: int, what: str, extra: str = ""
) -> str:
    """The text of a code from ``_pack``; ``extra`` characters are allowed besides printable
    ASCII and the packed words."""
    damaged = f"its {what} code is damaged or was edited"
    if not isinstance(code, str) or not _CODE.fullmatch(code) or len(code) > max_chars:
        raise LinkError(f"its {what} code is damaged, cut short or too long")
    if code[0] != VERSION:
        raise LinkError(f"its {what} code was made by another version of the tutor")
    body = code[1:]
    if len(body) % 4 == 1 or len(body) < 8:
        raise LinkError(f"its {what} code is damaged or cut short")
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        if base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=") != body:
            raise LinkError(damaged)  # edited in the last character's unused bits
        packed, check = packed[:-CHECK_BYTES], packed[-CHECK_BYTES:]
        inflate = zlib.decompressobj(-15, zdict)
        raw = inflate.decompress(packed, max_bytes)
        if inflate.unconsumed_tail or not inflate.eof or inflate.unused_data:
            raise LinkError(f"its {what} code is damaged, cut short or too large")
    except (binascii.Error, zlib.error, ValueError) as e:
        if isinstance(e, LinkError):
            raise
        raise LinkError(damaged) from None
    out = []
    for b in raw:
        if 0x20 <= b <= 0x7E or chr(b) in extra:
            out.append(chr(b))
        elif 0x80 <= b < 0x80 + len(WORDS):
            out.append(WORDS[b - 0x80])
        else:
            raise LinkError(damaged)
    text = "".join(out)
    if _check(text) != check:
        raise LinkError(damaged)
    return text


def _check(text: str) -> bytes:
    return (zlib.crc32(text.encode("ascii")) & 0xFFFFFF).to_bytes(CHECK_BYTES, "big")


@dataclass(frozen=True)
class Link:
    """What a link opens: a lesson (and a node of it), a new game, or a position text; with
    the computer seats of a game, and the learner's puzzles in a lesson."""

    lesson: str = ""
    node: int = 0
    variant: str = ""
    players: int = 0
    board: str = "beginner"
    seed: int | None = None  # a new game's; a position's computers' (only with computers)
    position: str = ""
    moves: tuple[str, ...] = ()  # played from the lesson's node, or the new game's start
    computers: tuple[tuple[int, str], ...] = ()  # (seat from 0, policy), by seat
    solved: tuple[int, ...] = ()  # the lesson's questions answered (their node ids), sorted
    hints: int = 0  # hints taken at the question the link opens at
    again: tuple[int, ...] = ()  # the lesson's questions asked afresh, not answered since

    @property
    def query(self) -> str:
        """The link's query string, ``?...``: the readable keys first, ``moves`` last."""
        seats = [(f"p{seat + 1}", policy) for seat, policy in self.computers]
        if self.position:
            pairs: list[tuple[str, object]] = [("position", pack_position(self.position))]
            pairs += seats + ([("seed", self.seed)] if seats and self.seed is not None else [])
        elif self.lesson:
            pairs = [("lesson", number_of(self.lesson))]  # "4.3": as the lesson list says
            pairs += [("node", self.node)] if self.node else []
            if self.solved:
                pairs.append(("solved_at", ".".join(map(str, self.solved))))
            if self.hints:
                pairs.append(("hints", self.hints))
            if self.again:
                pairs.append(("again", ".".join(map(str, self.again))))
        else:
            pairs = [("variant", self.variant), ("players", self.players)]
            if self.board != "beginner":
                pairs.append(("board", self.board))
            if self.seed is not None:
                pairs.append(("seed", self.seed))
            pairs += seats
        if self.moves and not self.position:
            pairs.append(("moves", pack_moves(self.moves)))
        return "?" + urlencode(pairs)


def parse(query: str | None) -> Link | None:
    """The link in a page's query string (``?`` optional); None when it names none (other
    parameters, such as ``s``, ``token`` or ``theme``, are left to others); ``LinkError``
    when it is malformed."""
    if not query:
        return None
    if not isinstance(query, str) or len(query) > MAX_QUERY_CHARS:
        raise LinkError("it is too long")
    try:
        values = parse_qs(query.removeprefix("?"), keep_blank_values=True, max_num_fields=40)
    except ValueError:
        raise LinkError("it has too many parameters") from None
    mine = {k: v for k, v in values.items() if k in KEYS}
    if not mine:
        return None
    for k, v in mine.items():
        if len(v) != 1:
            raise LinkError(f"it gives {k} {len(v)} times")
    got = {k: v[0] for k, v in mine.items()}
    if "position" in got:
        _only(got, {"position", "seed", *SEAT_KEYS}, "a position link")
        computers = _computers(got, len(SEAT_KEYS))
        if "seed" in got and not computers:
            raise LinkError("a position link takes a seed only for its computer seats")
        seed = _number(got, "seed", 0, MAX_SEED, None)
        return Link(position=unpack_position(got["position"]), computers=computers, seed=seed)
    if "lesson" in got:
        _only(
            got,
            {"lesson", "node", "solved_at", "solved", "hints", "again", "moves"},
            "a lesson link",
        )
        if "solved_at" in got and "solved" in got:
            raise LinkError("it gives solved_at twice (solved is its older name)")
        if not _LESSON.fullmatch(got["lesson"]):
            raise LinkError("it does not name a lesson")
        node = _number(got, "node", 0, MAX_NODE, 0)
        hints = _number(got, "hints", 1, MAX_HINTS, 0)
        return Link(
            lesson=id_of(got["lesson"]),  # "4.3" or the file's id (links made before)
            node=node,
            moves=_moves(got),
            solved=_solved(got, "solved_at" if "solved_at" in got else "solved"),
            hints=hints,
            again=_solved(got, "again"),
        )
    if "variant" in got:
        _only(got, {"variant", "players", "board", "seed", "moves", *SEAT_KEYS}, "a new-game link")
        variant = got["variant"]
        if variant not in PLAYERS:
            raise LinkError(f"it names no variant ({', '.join(PLAYERS)})")
        allowed = PLAYERS[variant]
        players = _number(got, "players", min(allowed), max(allowed), allowed[-1])
        board = got.get("board", "beginner")
        if board not in BOARDS:
            raise LinkError(f"it names no board ({', '.join(BOARDS)})")
        seed = _number(got, "seed", 0, MAX_SEED, None) if "seed" in got else None
        return Link(
            variant=variant,
            players=players,
            board=board,
            seed=seed,
            moves=_moves(got),
            computers=_computers(got, players),
        )
    raise LinkError(
        "it gives a node, moves, players, board, seed or computer seats without a lesson, "
        "a variant or a position"
    )


def game_of(link: Link) -> Game:
    """The new game a new-game link names (its seed shuffles a variable board)."""
    return new_game(link.variant, players=link.players, board=link.board, seed=link.seed)


def _moves(got: dict[str, str]) -> tuple[str, ...]:
    return unpack_moves(got["moves"]) if "moves" in got else ()


def _computers(got: dict[str, str], players: int) -> tuple[tuple[int, str], ...]:
    """The computer seats a link names (``p2=greedy``), each a seat of ``players``."""
    seats = []
    for key in SEAT_KEYS:
        if key not in got:
            continue
        if got[key] not in POLICIES:
            raise LinkError(
                f"{key} must be a computer: {', '.join(POLICIES)} (a seat not named is a human's)"
            )
        seat = int(key[1:]) - 1
        if seat >= players:
            raise LinkError(f"it names a computer for P{seat + 1} in a game of {players} players")
        seats.append((seat, got[key]))
    return tuple(seats)


def _solved(got: dict[str, str], key: str = "solved") -> tuple[int, ...]:
    """The questions answered a lesson link names (``solved_at=3.7``: node ids, each once); with
    ``key`` "again", those asked afresh (``again=8``)."""
    if key not in got:
        return ()
    if not _NODES.fullmatch(got[key]):
        raise LinkError(f"{key} must be from 1 to {MAX_SOLVED} move numbers joined by dots (3.7)")
    nodes = [int(n) for n in got[key].split(".")]
    if len(set(nodes)) != len(nodes):
        raise LinkError(f"{key} names a question twice")
    return tuple(sorted(nodes))


def _only(got: dict[str, str], allowed: set[str], what: str) -> None:
    extra = sorted(set(got) - allowed)
    if extra:
        raise LinkError(f"{what} takes no {', '.join(extra)}")


def _number(got: dict[str, str], key: str, lo: int, hi: int, default):
    if key not in got:
        return default
    text = got[key]
    if not _NUMBER.fullmatch(text) or not lo <= int(text) <= hi:
        noun = {
            "node": "the move number",
            "players": "the number of players",
            "hints": "the number of hints taken",
        }.get(key, key)
        raise LinkError(f"{noun} must be a whole number from {lo} to {hi}")
    return int(text)


def link_of(session: TutorSession) -> Link:
    """The link to the session's current node: the lesson at this move while the line is the
    lesson's own; off it, the lesson at the move the learner's line leaves it with their
    moves from there; a new game with its moves since its start and its computer seats; else
    the position with its computer seats and their seed (also when the moves would make the
    link too long). The learner's puzzles are not in it (``address.py`` adds them)."""
    s = session
    path = s.timeline.path()
    seats = tuple(sorted(s.computers.items()))
    if s.lesson_id and not seats and s.from_file(path[0]):
        k = 0  # the last node of the path the lesson's file made: where the learner's line leaves
        while k + 1 < len(path) and s.from_file(path[k + 1]):
            k += 1
        if len(path) - k - 1 <= MAX_LINK_MOVES:  # (more: the moves are not even written)
            moves = tuple(str(n.action) for n in path[k + 1 :])
            link = Link(lesson=s.lesson_id, node=path[k].id, moves=moves)
            if _fits(link):
                return link
    elif not s.lesson_id and s.origin is not None:  # a new game: its moves since its start
        at = next((i for i, n in enumerate(path) if n is s.origin_node), None)
        # its seed is the computers' too (App.new): another seed goes with the position
        same_seed = not seats or s.computer_seed == (s.origin.seed or 0)
        if at is not None and same_seed and len(path) - at - 1 <= MAX_LINK_MOVES:
            moves = tuple(str(n.action) for n in path[at + 1 :])
            link = replace(s.origin, moves=moves, computers=seats, solved=(), hints=0, again=())
            if _fits(link):
                return link
    return Link(
        position=s.game.position(), computers=seats, seed=s.computer_seed if seats else None
    )


def copied_link(session: TutorSession) -> Link:
    """Copy link's link (``link_of``): past a question the learner answered, with that
    question (the last on the way) as answered, so that it reopens where copied, the answer
    shown (issue s14: it reopened at the question, unsolved, the learner's answer gone); the
    learner's other puzzles and hints are left out (a question copied at stays open)."""
    link = link_of(session)
    puzzle, here = session.puzzle, session.timeline.current
    asked = [n for n in session.timeline.path(here) if puzzle.puzzle_at(n) is not None]
    if link.lesson and asked and asked[-1] is not here and not puzzle.unanswered(asked[-1]):
        return replace(link, solved=(asked[-1].id,))
    return link


def check_seats(link: Link, players: int) -> None:
    """``LinkError`` when the link names a computer for a seat the game has not."""
    extra = [seat for seat, _ in link.computers if seat >= players]
    if extra:
        raise LinkError(f"it names a computer for P{extra[0] + 1} in a game of {players} players")


def _fits(link: Link) -> bool:
    try:
        return bool(link.query)
    except LinkError:  # too many moves for a link
        return False
