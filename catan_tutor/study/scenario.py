"""Scenario files (``.catan.yaml``): a lesson or puzzle as a start position, a move tree with
comments and tutor text, and expectations checked at any node. A node may ask a question
(``puzzle: {prompt, hints, answers, rule, explain, wrong}``, catan_tutor.study.puzzle), checked
once the tree is read; ``unrealistic: why`` marks a drill whose start no game reaches
(catan_tutor.study.realism).

Read from PyYAML's event stream by a small composer of our own (no tags, no code, no aliases
or anchors, bounded nesting and size); every value is read as text and converted by this
schema, so a malformed or hostile file fails cheaply with ``ScenarioError`` naming the file,
the line and the key, and nothing is half-loaded. ``save_scenario`` writes a canonical form:
write, read, write gives the same bytes. The format is documented in the README.
"""

from __future__ import annotations

import os
import pickle
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import yaml

from .. import new_game
from ..actions import TRACK_NAMES, bundle_text, parse_bundle
from ..board import HEX_NAMES, TERRAIN_CODES, VERTEX_LABELS, parse_edge, parse_vertex
from ..errors import CatanError, ScenarioError
from ..game import Game
from ..position import LAYOUT_KEYS, layout_of
from ..position.validity import validate as validate_state
from ..progress_cards import CARDS
from ..sampler import Sampler
from ..state import ROLLOFF
from .editor import edit
from .puzzle import Puzzle, validate
from .timeline import Node, Timeline

SUFFIX = ".catan.yaml"
_TOP = (
    "title",
    "variant",
    "players",
    "board",
    "layout",
    "rolloff",
    "goal",
    "chapter",
    "unrealistic",
    "labels",
    "rules",
    "setup",
    "start",
    "position",
    "tutor",
    "puzzle",
    "expect",
    "moves",
)
_MOVE = ("move", "comment", "tutor", "puzzle", "expect", "variations")
_PUZZLE = ("prompt", "hints", "answers", "rule", "explain", "wrong")
_PLAIN_TAGS = {
    f"tag:yaml.org,2002:{t}" for t in ("str", "int", "float", "bool", "null", "timestamp")
}  # explicit tags taken as text
_STR, _SEQ, _MAP = (f"tag:yaml.org,2002:{t}" for t in ("str", "seq", "map"))

# caps on what a file may ask for, so that a hostile one is refused before it costs much
MAX_SCENARIO_BYTES = 512 * 1024  # the file
MAX_YAML_NODES = 50_000  # values, lists and mappings in the file
MAX_DEPTH = 64  # lists and mappings inside each other
MAX_TEXT = 32 * 1024  # characters of one value
MAX_DIGITS = 6  # of a number
MAX_TREE_NODES = 10_000  # moves to play: the setup and the move tree with its variations


@dataclass
class Expect:
    """One expectation: ``key`` (vp, legal, illegal, ...), its ``value`` as written, and the
    line it stands on."""

    key: str
    value: object
    line: int = 0

    def check(self, game: Game) -> tuple[bool, str]:
        """(passed, what was found)."""
        return _CHECKS[self.key](game, self.value)


@dataclass
class Scenario:
    title: str
    variant: str
    players: int
    board: str | dict = "beginner"  # a named layout, or {terrain, numbers, harbors}
    rolloff: bool = False  # the game starts at the first-player roll-off, played by the moves
    layout_moves: bool = False  # a variable board is laid out by the moves (layout: moves)
    goal: str = ""
    rules: list[str] = field(default_factory=list)
    setup: list[str] = field(default_factory=list)  # notation from a new game (setup moves)
    start: list[str] = field(default_factory=list)  # board-editor operations after that
    position: str = ""  # or the start as position text (instead of board, setup and start)
    timeline: Timeline | None = None
    path: str = ""
    unrealistic: str = ""  # why the start is a drill no game reaches ('' for a real game)
    start_line: int = 1  # the line that gives the start (position, start, setup or board)
    puzzles: dict[int, Puzzle] = field(default_factory=dict)  # node id -> its question
    chapter: str = ""  # the course chapter the author meant it for (free text)

    @property
    def tree(self) -> Timeline:
        """The timeline (every loaded scenario has one)."""
        assert self.timeline is not None, "the scenario has no timeline yet"
        return self.timeline

    @property
    def root(self) -> Node:
        return self.tree.root

    def _repr_svg_(self) -> str | None:
        """The board at the lesson's current node as SVG (its start once loaded)."""
        return self.timeline._repr_svg_() if self.timeline is not None else None


# ---------------------------------------------------------------- reading
def _quote(text: str, size: int = 40) -> str:
    """``repr`` of text, cut short: messages quote what a file says, not all of it."""
    return repr(text) if len(text) <= size else repr(text[:size]) + "..."


class _Reader:
    """Turns composed YAML nodes into values, with the file and line in every error; ``at`` and
    ``key`` are the last node read and its key, for errors the checks did not foresee."""

    def __init__(self, path: str):
        self.path = path
        self.at: yaml.Node | None = None
        self.key = "file"

    def fail(self, node, key: str, why: str) -> ScenarioError:
        line = node.start_mark.line + 1 if node is not None else 1
        if len(why) > 500:
            why = why[:500] + "..."
        return ScenarioError(f"{self.path}:{line}: {key}: {why}")

    def mapping(self, node, key: str, allowed: tuple[str, ...] | None) -> dict:
        """A mapping's values by key; keys are text, from ``allowed`` (any if None), each once."""
        self.at, self.key = node, key
        if not isinstance(node, yaml.MappingNode):
            raise self.fail(node, key, "expected a mapping of keys to values")
        if node.tag != _MAP:
            raise self.fail(node, key, f"tags like {_quote(node.tag)} are not allowed")
        out = {}
        for k, v in node.value:
            name = self.text(k, key)
            if allowed is not None and name not in allowed:
                raise self.fail(
                    k, key, f"unknown key {_quote(name)} (expected one of {', '.join(allowed)})"
                )
            if name in out:
                raise self.fail(k, key, f"key {_quote(name)} appears twice")
            out[name] = v
        return out

    def sequence(self, node, key: str, what: str = "a list") -> list:
        self.at, self.key = node, key
        if not isinstance(node, yaml.SequenceNode):
            raise self.fail(node, key, f"expected {what}")
        if node.tag != _SEQ:
            raise self.fail(node, key, f"tags like {_quote(node.tag)} are not allowed")
        return node.value

    def text(self, node, key: str) -> str:
        self.at, self.key = node, key
        if not isinstance(node, yaml.ScalarNode):
            raise self.fail(node, key, "expected text")
        if node.tag not in _PLAIN_TAGS:
            raise self.fail(node, key, f"tags like {_quote(node.tag)} are not allowed")
        if len(node.value) > MAX_TEXT:
            raise self.fail(node, key, f"text longer than {MAX_TEXT} characters")
        return node.value

    def texts(self, node, key: str) -> list[str]:
        return [self.text(x, key) for x in self.sequence(node, key)]

    def number(self, node, key: str) -> int:
        t = self.text(node, key)
        if not (t.isascii() and t.isdigit() and len(t) <= MAX_DIGITS):
            raise self.fail(
                node, key, f"expected a number (at most {MAX_DIGITS} digits), got {_quote(t)}"
            )
        return int(t)


def _compose(r: _Reader, text: str) -> yaml.Node | None:
    """The file's one document as YAML nodes, composed from the event stream without recursion;
    refuses aliases and anchors (nothing is expanded), nesting deeper than MAX_DEPTH and more
    than MAX_YAML_NODES nodes as they come. Scalars without a tag are text (tag str)."""
    events = _EVENTS(text)
    try:
        events.get_event()  # stream start
        if events.check_event(yaml.StreamEndEvent):
            return None
        events.get_event()  # document start
        root, count = None, 0
        stack: list[yaml.CollectionNode] = []
        while root is None or stack:
            ev = events.get_event()
            if isinstance(ev, yaml.CollectionEndEvent):
                done = stack.pop()
                done.end_mark = ev.end_mark
                if isinstance(done, yaml.MappingNode):
                    done.value = list(zip(done.value[::2], done.value[1::2], strict=True))
                continue
            where = f"{r.path}:{ev.start_mark.line + 1}: yaml"
            if isinstance(ev, yaml.AliasEvent) or ev.anchor is not None:
                raise ScenarioError(
                    f"{where}: aliases and anchors are not allowed in scenario files"
                )
            count += 1
            if count > MAX_YAML_NODES:
                raise ScenarioError(
                    f"{where}: more than {MAX_YAML_NODES} values, lists and mappings in the file"
                )
            tag = ev.tag if ev.tag not in (None, "!") else None
            if isinstance(ev, yaml.ScalarEvent):
                node = yaml.ScalarNode(
                    tag or _STR, ev.value, ev.start_mark, ev.end_mark, style=ev.style
                )
            elif len(stack) >= MAX_DEPTH:
                raise ScenarioError(
                    f"{where}: lists and mappings nested more than {MAX_DEPTH} deep"
                )
            elif isinstance(ev, yaml.SequenceStartEvent):
                node = yaml.SequenceNode(
                    tag or _SEQ, [], ev.start_mark, None, flow_style=ev.flow_style
                )
            else:
                node = yaml.MappingNode(
                    tag or _MAP, [], ev.start_mark, None, flow_style=ev.flow_style
                )
            if stack:
                stack[-1].value.append(node)
            else:
                root = node
            if not isinstance(ev, yaml.ScalarEvent):
                stack.append(node)
        events.get_event()  # document end
        if not events.check_event(yaml.StreamEndEvent):
            ev = events.peek_event()
            raise ScenarioError(
                f"{r.path}:{ev.start_mark.line + 1}: yaml: expected a single document in the file"
            )
        return root
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        if mark is not None:  # libyaml counts a line after the end of a file
            line = min(mark.line + 1, text.count("\n") + 1)
        else:  # a reader error: a character YAML does not allow
            line = text.count("\n", 0, getattr(e, "position", 0) or 0) + 1
        why = str(getattr(e, "problem", None) or e)[:500]
        if "nesting depth" in why:  # libyaml 0.2.5's own limit, met first by some builds
            why = f"lists and mappings nested more than {MAX_DEPTH} deep"
        raise ScenarioError(f"{r.path}:{line}: yaml: {why}") from None
    finally:
        events.dispose()


# libyaml's parser where PyYAML was built with it (its wheels are), 8 times faster than PyYAML's
# own, which reads the same files but for a few oddities (it refuses some tabs in plain text)
_EVENTS = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _moves_in(r: _Reader, top: dict) -> None:
    """Refuse more than MAX_TREE_NODES moves (setup and tree) before any is played: a cheap
    count over the composed lists, whose shapes are checked later, while reading."""
    count, lines = 0, [top.get("setup"), top.get("moves")]
    while lines:
        line = lines.pop()
        if not isinstance(line, yaml.SequenceNode):
            continue
        for item in line.value:
            count += 1
            if count > MAX_TREE_NODES:
                raise r.fail(
                    item,
                    "moves",
                    f"more than {MAX_TREE_NODES} moves (setup and "
                    "the move tree with its variations)",
                )
            for k, v in item.value if isinstance(item, yaml.MappingNode) else ():
                if k.value == "variations" and isinstance(v, yaml.SequenceNode):
                    lines.extend(v.value)


def load_scenario(path: str | Path) -> Scenario:
    """Read a scenario file; raises ScenarioError (file:line: key: why) on any fault."""
    path = str(path)
    try:
        with open(path, "rb") as f:
            if os.fstat(f.fileno()).st_size > MAX_SCENARIO_BYTES:
                raise _too_big(path)
            data = f.read(MAX_SCENARIO_BYTES + 1)  # no more, whatever the size said
    except OSError as e:
        raise ScenarioError(f"{path}:1: file: cannot read it ({e})") from None
    return loads_scenario(data, path)


def _too_big(path: str) -> ScenarioError:
    return ScenarioError(f"{path}:1: file: larger than {MAX_SCENARIO_BYTES // 1024} KiB")


def loads_scenario(text: str | bytes, path: str = "<scenario>") -> Scenario:
    """Read scenario text, or UTF-8 bytes (see :func:`load_scenario`)."""
    if len(text) > MAX_SCENARIO_BYTES:
        raise _too_big(path)
    if isinstance(text, bytes):
        raw = text
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            line = raw.count(b"\n", 0, e.start) + 1
            raise ScenarioError(f"{path}:{line}: file: not a UTF-8 text file") from None
    elif not text.isascii() and len(text.encode("utf-8", "surrogatepass")) > MAX_SCENARIO_BYTES:
        raise _too_big(path)
    return pickle.loads(_read_once(path, text))


@lru_cache(maxsize=128)
def _read_once(path: str, text: str) -> bytes:
    """The scenario ``text`` read, pickled: read once for the same text (a lesson opened by
    every visitor of a class, and again by each test: ~5 ms a reading, ~0.3 ms to unpickle),
    each caller getting its own copy to change. Only this process's own readings are
    pickled here: nothing from outside is ever unpickled. A fault is raised each time (never
    kept)."""
    r = _Reader(path)
    try:
        scenario = _read(r, text)
    except ScenarioError:
        raise
    except (RecursionError, ValueError, TypeError, KeyError, IndexError, AttributeError) as e:
        # a fault no check foresaw: still a ScenarioError, at the last node read
        raise r.fail(r.at, r.key, f"cannot read it ({type(e).__name__}: {e})") from None
    return pickle.dumps(scenario, pickle.HIGHEST_PROTOCOL)


def _read(r: _Reader, text: str) -> Scenario:
    path = r.path
    root = _compose(_Reader(path), text)
    if root is None:
        raise ScenarioError(f"{path}:1: file: the file is empty")
    top = r.mapping(root, "scenario", _TOP)
    for key in ("title", "variant", "players"):
        if key not in top:
            raise r.fail(root, key, "missing (title, variant and players are required)")
    _moves_in(r, top)
    sc = Scenario(
        r.text(top["title"], "title"),
        r.text(top["variant"], "variant"),
        r.number(top["players"], "players"),
        path=path,
    )
    if "board" in top:
        b = top["board"]
        if isinstance(b, yaml.MappingNode):
            parts = r.mapping(b, "board", LAYOUT_KEYS)
            if set(parts) != set(LAYOUT_KEYS):
                raise r.fail(b, "board", f"a full board gives {', '.join(LAYOUT_KEYS)}")
            sc.board = {k: r.text(parts[k], k) for k in LAYOUT_KEYS}
        else:
            sc.board = r.text(b, "board")
    if "rolloff" in top:
        said = r.text(top["rolloff"], "rolloff")
        if said not in ("yes", "no"):
            raise r.fail(top["rolloff"], "rolloff", f"expected yes or no, got {_quote(said)}")
        sc.rolloff = said == "yes"
    if "labels" in top:  # files written before issue 33 said their text names spots: the
        # board now labels the spots any lesson's words name (every label one click away), so
        # the key is read (checked) and not kept
        said = r.text(top["labels"], "labels")
        if said not in ("yes", "no"):
            raise r.fail(top["labels"], "labels", f"expected yes or no, got {_quote(said)}")
    if "layout" in top:
        said = r.text(top["layout"], "layout")
        if said not in ("moves", "seed"):
            raise r.fail(top["layout"], "layout", f"expected moves or seed, got {_quote(said)}")
        if said == "moves" and not str(sc.board).startswith("variable"):
            raise r.fail(
                top["layout"],
                "layout",
                "only a variable board is laid out by chance (board: variable or variable-harbors)",
            )
        sc.layout_moves = said == "moves"
    sc.goal = r.text(top["goal"], "goal") if "goal" in top else ""
    sc.chapter = r.text(top["chapter"], "chapter") if "chapter" in top else ""
    if "unrealistic" in top:
        sc.unrealistic = r.text(top["unrealistic"], "unrealistic").strip()
        if not sc.unrealistic:
            raise r.fail(top["unrealistic"], "unrealistic", "say why the start is artificial")
    sc.rules = r.texts(top["rules"], "rules") if "rules" in top else []
    sc.setup = r.texts(top["setup"], "setup") if "setup" in top else []
    for key in ("position", "start", "setup", "board"):
        if key in top:
            sc.start_line = top[key].start_mark.line + 1
            break
    sc.start = r.texts(top["start"], "start") if "start" in top else []
    if "position" in top:
        sc.position = r.text(top["position"], "position")
        game = _positioned(r, top, sc)
    else:
        game = _start_game(r, top, sc)
    tl = Timeline(game, with_history=False)
    sc.timeline = tl
    if "tutor" in top:
        tl.root.tutor = r.text(top["tutor"], "tutor")
    if "expect" in top:
        tl.root.expect = _expects(r, top["expect"], tl.root, tl)
    asked: list[tuple[Node, yaml.Node]] = []  # puzzles, checked once the tree is complete
    if "puzzle" in top:
        sc.puzzles[tl.root.id] = _puzzle(r, top["puzzle"])
        asked.append((tl.root, top["puzzle"]))
    if "moves" in top:
        _line(r, tl, tl.root, top["moves"], "moves", sc, asked)
    for node, where in asked:
        why = validate(sc.puzzles[node.id], node, tl.rules, sc.variant)
        if why:
            raise r.fail(where, "puzzle", why)
    tl.goto(tl.root)
    return sc


def _puzzle(r: _Reader, node) -> Puzzle:
    """A node's question: ``prompt`` (required), ``hints``, ``answers``, ``rule``, ``explain``,
    ``wrong``."""
    m = r.mapping(node, "puzzle", _PUZZLE)
    if "prompt" not in m:
        raise r.fail(node, "puzzle", "a puzzle needs a prompt (the question it asks)")
    return Puzzle(
        r.text(m["prompt"], "prompt"),
        tuple(r.texts(m["hints"], "hints")) if "hints" in m else (),
        tuple(r.texts(m["answers"], "answers")) if "answers" in m else (),
        r.text(m["rule"], "rule") if "rule" in m else "",
        r.text(m["explain"], "explain") if "explain" in m else "",
        _wrong(r, m["wrong"]) if "wrong" in m else (),
    )


def _wrong(r: _Reader, node) -> tuple[tuple[str, str], ...]:
    """A puzzle's reasons for wrong kinds of move: kind word (as notation begins) -> reason."""
    from .puzzle import kinds_of

    out = []
    for k, v in r.mapping(node, "wrong", None).items():
        if not kinds_of(k):
            raise r.fail(node, "wrong", f"{_quote(k)} is not a kind of move (as notation begins)")
        out.append((k, r.text(v, "wrong")))
    return tuple(out)


def _start_game(r: _Reader, top: dict, sc: Scenario) -> Game:
    try:
        # named layouts: beginner, variable, variable-harbors (a variable one seeded by 0)
        named = sc.board if isinstance(sc.board, str) else "beginner"
        if sc.layout_moves:  # BASE-BOARD-VARIABLE: the moves lay the board out
            game = new_game(sc.variant, players=sc.players, board=named, rolloff=sc.rolloff)
        elif sc.rolloff:  # BASE-SETUP-FIRST-PLAYER: the board by seed 0, the roll-off by moves
            game = new_game(sc.variant, players=sc.players, board=named, rolloff=True)
            sampler = Sampler(0)
            while game.is_chance() and game.state.phase != ROLLOFF:
                game.play(sampler.chance(game))
        else:
            game = new_game(sc.variant, players=sc.players, board=named, seed=0)
    except (ValueError, NotImplementedError) as e:
        msg = str(e)
        key = "board" if "board" in msg else "players" if " players" in msg else "variant"
        raise r.fail(top.get(key), key, msg) from None
    if isinstance(sc.board, dict):
        game = _laid_out(r, top["board"], game, sc.board)
    for i, move in enumerate(sc.setup):
        try:
            game.play(move)
        except CatanError as e:
            raise r.fail(top["setup"].value[i], "setup", str(e)) from None
    if sc.start:
        try:
            game = edit(game, *sc.start)
        except CatanError as e:
            raise r.fail(top["start"], "start", str(e)) from None
    return Game(game.rules, game.state)  # the start is the root: no history before it


def _positioned(r: _Reader, top: dict, sc: Scenario) -> Game:
    """The start given as position text, which says everything board, setup and start say."""
    node = top["position"]
    for key in ("board", "layout", "rolloff", "setup", "start"):
        if key in top:
            raise r.fail(
                top[key],
                key,
                "a scenario with a position gives no board, layout, rolloff, setup or start",
            )
    try:
        game = Game.from_position(sc.position)
    except CatanError as e:
        raise r.fail(node, "position", str(e)) from None
    if (game.variant, game.players) != (sc.variant, sc.players):
        raise r.fail(
            node,
            "position",
            f"the position is {game.variant} for {game.players} "
            f"players, not {sc.variant} for {sc.players}",
        )
    return game


DESERT_TERRAIN = TERRAIN_CODES.index("de")


def _laid_out(r: _Reader, node, game: Game, board: dict) -> Game:
    """The new game on a full layout (terrain codes, numbers, harbor kinds as in position text);
    the robber starts on its desert."""
    state = game.state.copy()
    try:
        state.layout = layout_of(game.rules, board)
    except CatanError as e:
        raise r.fail(node, "board", str(e)) from None
    if state.robber >= 0 and state.layout is not None:  # C&K: the robber waits beside the board
        terrain = state.layout.terrain
        state.robber = terrain.index(DESERT_TERRAIN) if DESERT_TERRAIN in terrain else -1
    problems = validate_state(game.rules, state)
    if problems:
        raise r.fail(node, "board", problems[0].why)
    return Game(game.rules, state)


def _line(
    r: _Reader, tl: Timeline, parent: Node, node, key: str, sc: Scenario, asked: list
) -> None:
    at = parent
    for item in r.sequence(node, key, "a list of moves"):
        m = r.mapping(item, key, _MOVE)
        if "move" not in m:
            raise r.fail(item, key, "each entry needs 'move'")
        move = r.text(m["move"], "move")
        variations = (
            r.sequence(m["variations"], "variations", "a list of lines")
            if "variations" in m
            else []
        )
        tl.goto(at)
        try:
            child = tl.play(move)
        except CatanError as e:
            raise r.fail(m["move"], "move", str(e)) from None
        for var in variations:
            first = var.value[0] if isinstance(var, yaml.SequenceNode) and var.value else var
            before = len(at.children)
            # alternatives to this move, from its parent
            _line(r, tl, at, var, "variations", sc, asked)
            if len(at.children) == before:  # its first move is already there: no alternative
                raise r.fail(
                    first,
                    "variations",
                    "a variation must start with another move "
                    "than the main line and the other variations",
                )
        child.comment = r.text(m["comment"], "comment") if "comment" in m else ""
        child.tutor = r.text(m["tutor"], "tutor") if "tutor" in m else ""
        child.expect = _expects(r, m["expect"], child, tl) if "expect" in m else []
        if "puzzle" in m:
            sc.puzzles[child.id] = _puzzle(r, m["puzzle"])
            asked.append((child, m["puzzle"]))
        at = child


def _expects(r: _Reader, node, at: Node, tl: Timeline) -> list[Expect]:
    """The expectations at ``at``; each is tried once there so that a bad party, label or
    notation fails now, at its line."""
    r.mapping(node, "expect", tuple(_CHECKS))  # known keys, none twice
    game = Game(tl.rules, at.state)
    out: list[Expect] = []
    for k, v in node.value:
        key = k.value
        if isinstance(v, yaml.ScalarNode):
            value: object = r.text(v, key)
        elif isinstance(v, yaml.SequenceNode):
            value = r.texts(v, key)
        else:
            value = {name: r.text(x, key) for name, x in r.mapping(v, key, None).items()}
        ex = Expect(key, value, k.start_mark.line + 1)
        shape = _SHAPE.get(key, str)
        if not isinstance(value, shape):
            kind = {dict: "a mapping", list: "a list", str: "one value"}[shape]
            raise r.fail(k, key, f"expected {kind}")
        try:
            ex.check(game)
        except (ValueError, KeyError, IndexError) as e:
            raise r.fail(k, key, str(e).strip("'\"")) from None
        out.append(ex)
    return out


# ---------------------------------------------------------------- writing
class _Dumper(yaml.SafeDumper):
    pass


def _str(dumper: yaml.SafeDumper, s: str):
    """Multi-line text as a literal block; other text plain where YAML allows (the reader
    takes every scalar as text, so ``5`` and ``no`` come back as written)."""
    if "\n" in s and s == s.strip(" ") and "\t" not in s:
        return dumper.represent_scalar("tag:yaml.org,2002:str", s, style="|")
    tag = dumper.resolve(yaml.ScalarNode, s, (True, False))
    return dumper.represent_scalar(tag, s)


_Dumper.add_representer(str, _str)


def head_fields(sc: Scenario, board: str | dict | None) -> dict:
    """The keys a scenario file starts with, in their written order (``board``: a board's
    name or its layout, left out when None)."""
    data: dict = {"title": sc.title, "variant": sc.variant, "players": str(sc.players)}
    if board is not None:
        data["board"] = board
    for key in ("goal", "chapter", "unrealistic"):
        if getattr(sc, key):
            data[key] = getattr(sc, key)
    return data


def dumps_scenario(sc: Scenario) -> str:
    """The canonical text of a scenario (its whole timeline, variations included)."""
    tl = sc.tree
    data = head_fields(sc, None if sc.position else sc.board)
    if sc.layout_moves and not sc.position:
        data["layout"] = "moves"
    if sc.rolloff and not sc.position:
        data["rolloff"] = "yes"
    for key in ("rules", "setup", "start"):
        if getattr(sc, key) and not (sc.position and key != "rules"):
            data[key] = list(getattr(sc, key))
    if sc.position:
        data["position"] = sc.position
    if tl.root.tutor:
        data["tutor"] = tl.root.tutor
    if tl.root.id in sc.puzzles:
        data["puzzle"] = puzzle_data(sc.puzzles[tl.root.id])
    if tl.root.expect:
        data["expect"] = expect_data(tl.root.expect)
    if tl.root.children:
        data["moves"] = line_data(tl.root, sc.puzzles)
    return dump_yaml(data)


def dump_yaml(data: dict) -> str:
    """Scenario data (text, lists and mappings) as YAML in the canonical form."""
    return yaml.dump(
        data,
        Dumper=_Dumper,
        sort_keys=False,
        allow_unicode=True,
        width=100,
        default_flow_style=False,
    )


def line_data(parent: Node, puzzles: dict[int, Puzzle]) -> list[dict]:
    out, node = [], parent
    while node.children:
        main, *others = node.children
        item = _item(main, puzzles)
        if others:
            item["variations"] = [[_item(o, puzzles), *line_data(o, puzzles)] for o in others]
        out.append(item)
        node = main
    return out


def _item(node: Node, puzzles: dict[int, Puzzle]) -> dict:
    item: dict = {"move": str(node.action)}
    if node.comment:
        item["comment"] = node.comment
    if node.tutor:
        item["tutor"] = node.tutor
    if node.id in puzzles:
        item["puzzle"] = puzzle_data(puzzles[node.id])
    if node.expect:
        item["expect"] = expect_data(node.expect)
    return item


def puzzle_data(p: Puzzle) -> dict:
    data: dict = {"prompt": p.prompt}
    for key in ("hints", "answers"):
        if getattr(p, key):
            data[key] = list(getattr(p, key))
    for key in ("rule", "explain"):
        if getattr(p, key):
            data[key] = getattr(p, key)
    if p.wrong:
        data["wrong"] = dict(p.wrong)
    return data


def expect_data(expects: list[Expect]) -> dict:
    return {
        e.key: (
            list(e.value)
            if isinstance(e.value, list)
            else dict(e.value)
            if isinstance(e.value, dict)
            else e.value
        )
        for e in expects
    }


def save_scenario(sc: Scenario, path: str | Path) -> None:
    Path(path).write_text(dumps_scenario(sc), encoding="utf-8")


# ---------------------------------------------------------------- checking
@dataclass
class Result:
    path: str
    line: int
    node: Node
    expect: Expect
    passed: bool
    found: str

    def __str__(self) -> str:
        where = " ".join(str(a) for a in _moves(self.node)[-1:]) or "the start"
        mark = "ok  " if self.passed else "FAIL"
        found = "" if self.passed else f": found {self.found}"
        return (
            f"{self.path}:{self.line}: {mark} {self.expect.key} "
            f"{_show(self.expect.value)} (after {where}){found}"
        )


def _moves(node: Node) -> list:
    out = []
    while node.parent is not None:
        out.append(node.action)
        node = node.parent
    return out[::-1]


def _show(value) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}: {v}" for k, v in value.items())
    if isinstance(value, list):
        return "; ".join(value)
    return str(value)


def check_scenario(sc: Scenario) -> list[Result]:
    """Evaluate every expectation at its node, in file order (main lines first)."""
    tl = sc.tree
    out = []
    for node in tl.walk():
        if not node.expect:
            continue
        game = Game(tl.rules, node.state)
        for ex in node.expect:
            ok, found = ex.check(game)
            out.append(Result(sc.path, ex.line, node, ex, ok, found))
    return sorted(out, key=lambda r: r.line)


# ---------------------------------------------------------------- the expectations
def _int(text: str) -> int:
    """A count as an expectation writes it: ASCII digits, a few of them (``int`` would also
    take signs, underscores, other scripts' digits and thousands of digits)."""
    t = text.strip()
    if not (t.isascii() and t.isdigit() and len(t) <= MAX_DIGITS):
        raise ValueError(f"expected a number (at most {MAX_DIGITS} digits), got {_quote(text)}")
    return int(t)


def _party(game: Game, name: str) -> int:
    if name not in game.names:
        raise KeyError(f"{name!r} is not a party ({', '.join(game.names)})")
    return game.names.index(name)


def _name(game: Game, p: int) -> str:
    return game.names[p] if p >= 0 else "-"


def _vp(game: Game, value: dict) -> tuple[bool, str]:
    got = {k: game.victory_points(_party(game, k)) for k in value}
    return all(got[k] == _int(v) for k, v in value.items()), _show(got)


def _legal(game: Game, value: list) -> tuple[bool, str]:
    bad = [f"{t}: {game.explain(t)}" for t in value if not game.explain(t).legal]
    return not bad, "; ".join(bad)


def _illegal(game: Game, value: dict) -> tuple[bool, str]:
    bad = []
    for text, rule in value.items():
        exp = game.explain(text)
        if exp.legal or (rule != "any" and exp.rule != rule):
            bad.append(f"{text}: {exp}")
    return not bad, "; ".join(bad)


def _pending(game: Game, value: str) -> tuple[bool, str]:
    owed = sorted({_name(game, p.player) if p.player >= 0 else "chance" for p in game.pending})
    want = sorted(x.strip() for x in value.split(","))
    return owed == want, ", ".join(owed) or "nothing"


def _phase(game: Game, value: str) -> tuple[bool, str]:
    return game.state.phase == value, game.state.phase


def _holder(attr: str):
    def check(game: Game, value: str) -> tuple[bool, str]:
        got = _name(game, getattr(game.state, attr))
        return got == value, got

    return check


def _number(attr: str):
    def check(game: Game, value: str) -> tuple[bool, str]:
        got = getattr(game.state, attr)
        return got == _int(value), str(got)

    return check


def _winner(game: Game, value: str) -> tuple[bool, str]:
    got = _name(game, game.state.winner)
    return got == value, got


def _cards(game: Game, text: str) -> tuple[int, ...]:
    return parse_bundle(text, len(game.state.bank))


def _hand(game: Game, value: dict) -> tuple[bool, str]:
    got = {k: game.state.hands[_party(game, k)] for k in value}
    ok = all(got[k] == _cards(game, v) for k, v in value.items())
    return ok, "; ".join(f"{k}: {hand_text(h)}" for k, h in got.items())


def hand_text(h: tuple[int, ...]) -> str:
    """Cards as expectations write them, like notation (``actions.bundle_text``)."""
    return bundle_text(h)


def _tokens(game: Game, value: dict) -> tuple[bool, str]:
    got = {k: game.state.tokens[_party(game, k)] for k in value}
    return all(got[k] == _int(v) for k, v in value.items()), _show(got)


def _knight_text(game: Game, v: int) -> str:
    k = game.state.kn[v] if game.caps.knights else None
    if k is None:
        return "-"
    level = ("basic", "strong", "mighty")[k.level - 1]
    return f"{_name(game, k.owner)} {level}{' active' if k.active else ''}"


def _knight(game: Game, value: dict) -> tuple[bool, str]:
    got = {k: _knight_text(game, parse_vertex(k)) for k in value}
    return all(got[k] == v for k, v in value.items()), _show(got)


def _building_text(game: Game, v: int) -> str:
    o = game.state.vowner[v]
    return "-" if o < 0 else f"{_name(game, o)} {'city' if game.state.vcity[v] else 'settlement'}"


def _building(game: Game, value: dict) -> tuple[bool, str]:
    got = {k: _building_text(game, parse_vertex(k)) for k in value}
    return all(got[k] == v for k, v in value.items()), _show(got)


def _road(game: Game, value: dict) -> tuple[bool, str]:
    got = {k: _name(game, game.state.eowner[parse_edge(k)]) for k in value}
    return all(got[k] == v for k, v in value.items()), _show(got)


def _robber(game: Game, value: str) -> tuple[bool, str]:
    r = game.state.robber
    got = HEX_NAMES[r] if r >= 0 else "-"
    return got == value, got


def _per_party(fn):
    """A {party: text} expectation, each party's value shown by ``fn(game, p)``."""

    def check(game: Game, value: dict) -> tuple[bool, str]:
        got = {k: fn(game, _party(game, k)) for k in value}
        return all(got[k] == v for k, v in value.items()), _show(got)

    return check


def _progress_text(game: Game, p: int) -> str:
    return ", ".join(sorted(CARDS[c] for c in game.state.phand[p])) or "nothing"


def _levels_text(game: Game, p: int) -> str:
    return ", ".join(f"{t} {x}" for t, x in zip(TRACK_NAMES, game.state.levels[p], strict=True))


def _metropolis(game: Game, value: dict) -> tuple[bool, str]:
    s = game.state
    got = {}
    for track in value:
        if track not in TRACK_NAMES:
            raise KeyError(f"{track!r} is not a track ({', '.join(TRACK_NAMES)})")
        v = s.metro[TRACK_NAMES.index(track)]
        got[track] = "-" if v < 0 else f"{_name(game, s.vowner[v])} {VERTEX_LABELS[v]}"
    want = {
        k: v if v == "-" else f"{v.split()[0]} {VERTEX_LABELS[parse_vertex(v.split()[-1])]}"
        for k, v in value.items()
    }  # any alias of the city's vertex
    return got == want, _show(got)


def _wall(game: Game, value: dict) -> tuple[bool, str]:
    got = {k: "yes" if game.state.walls[parse_vertex(k)] else "no" for k in value}
    return all(got[k] == v for k, v in value.items()), _show(got)


_CHECKS = {
    "vp": _vp, "legal": _legal, "illegal": _illegal, "pending": _pending, "phase": _phase,
    "longest": _holder("longest"), "army": _holder("army"), "winner": _winner,
    "barbarians": _number("barb"), "hand": _hand, "tokens": _tokens, "knight": _knight,
    "building": _building, "road": _road, "robber": _robber,
    "progress": _per_party(_progress_text), "levels": _per_party(_levels_text),
    "defender": _per_party(lambda g, p: str(g.state.defender[p])),
    "metropolis": _metropolis, "wall": _wall, "supply": _number("token_supply"),
}  # fmt: skip
_SHAPE = {
    "vp": dict,
    "legal": list,
    "illegal": dict,
    "hand": dict,
    "tokens": dict,
    "knight": dict,
    "building": dict,
    "road": dict,
    "progress": dict,
    "levels": dict,
    "defender": dict,
    "metropolis": dict,
    "wall": dict,
}
