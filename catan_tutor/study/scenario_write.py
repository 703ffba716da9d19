"""Writing a lesson made in the app as readable scenario YAML.

``lesson_yaml(sc, start)`` writes the lesson whose start is the node ``start`` of the
scenario's timeline (its root by default): title, variant, players, goal, chapter, the start,
the lesson texts, puzzles and expectations of ``start`` and of every move after it. The start
is written in the most readable form that gives exactly the same position, tried in order:

1. the file's own ``board`` / ``setup`` / ``start`` (a lesson read from a file, started at its
   root);
2. ``setup:`` moves from a new game, when the timeline reaches ``start`` from a new game (a
   named board, or a variable board as chance laid it out, written as a full ``board``);
3. editor operations (``start:``, catan_tutor.study.editor) on a new game, when they are shorter
   than the ``position:`` line;
4. the ``position:`` line.

Each form is read back with the scenario reader before it is used, so the file always reads
back to the same start; ``verify`` reads the whole text back and compares every node.
"""

from __future__ import annotations

from .. import new_game
from ..actions import DEV_CARDS, TRACK_NAMES
from ..board import CARD_NAMES, EDGE_LABELS, HEX_NAMES, VERTEX_LABELS
from ..errors import CatanError, ScenarioError
from ..game import Game
from ..position import layout_fields
from ..progress_cards import CARDS
from ..state import MAIN, PRE_ROLL, State
from .scenario import (
    Scenario,
    dump_yaml,
    expect_data,
    head_fields,
    line_data,
    loads_scenario,
    puzzle_data,
)
from .timeline import Node

NAMED_BOARDS = ("beginner", "variable", "variable-harbors")
SETUP_PHASE = "board"  # a variable board's set-up (chance lays out the tiles)


def lesson_yaml(sc: Scenario, start: Node | None = None) -> str:
    """The lesson as scenario text, starting at ``start`` (default: the timeline's root)."""
    tl = sc.tree
    start = start or tl.root
    head = start_fields(sc, start)
    data = head_fields(sc, head.get("board"))
    if sc.rules:
        data["rules"] = list(sc.rules)
    for key in ("layout", "rolloff", "setup", "start", "position"):
        if key in head:
            data[key] = head[key]
    if start.tutor:
        data["tutor"] = start.tutor
    if start.id in sc.puzzles:
        data["puzzle"] = puzzle_data(sc.puzzles[start.id])
    if start.expect:
        data["expect"] = expect_data(start.expect)
    if start.children:
        data["moves"] = line_data(start, sc.puzzles)
    return _dump(data)


def _dump(data: dict) -> str:
    return dump_yaml(data)


# ---------------------------------------------------------------- the start
def start_fields(sc: Scenario, start: Node) -> dict:
    """The keys that give the start (``board``, ``setup``, ``start`` or ``position``), in the
    first form of the module docstring that reads back to ``start``'s position."""
    tl = sc.tree
    want = Game(tl.rules, start.state).position()
    forms: list[dict] = []
    if start is tl.root and not sc.position:
        forms.append(_own(sc))
    forms += _from_new_game(sc, start)
    for form in forms:
        if _reads_back(sc, form, want):
            return form
    position = {"position": want}
    ops = _as_edits(sc, start)
    if ops is not None and len(_dump(ops)) < len(_dump(position)) and _reads_back(sc, ops, want):
        return ops
    return position


def _own(sc: Scenario) -> dict:
    out: dict = {"board": sc.board}
    if sc.layout_moves:
        out["layout"] = "moves"
    if sc.rolloff:
        out["rolloff"] = "yes"
    if sc.setup:
        out["setup"] = list(sc.setup)
    if sc.start:
        out["start"] = list(sc.start)
    return out


def _from_new_game(sc: Scenario, start: Node) -> list[dict]:
    """Setup moves from the new game the timeline starts with: from its root (a named board),
    or from the board as chance laid it out (a full ``board``)."""
    tl = sc.tree
    path = tl.path(start)  # root .. start
    laid = next((i for i, n in enumerate(path) if n.state.phase != SETUP_PHASE), None)
    if laid is None:
        return []
    base = path[laid]
    moves = [str(n.action) for n in path[laid + 1 :]]
    forms: list[dict] = []
    if laid == 0:
        forms += [{"board": b, "setup": moves} for b in NAMED_BOARDS[:1]]
    forms.append({"board": _layout(Game(tl.rules, base.state)), "setup": moves})
    for form in forms:
        if not form["setup"]:
            del form["setup"]
    return forms


def _layout(game: Game) -> str | dict:
    """The board as a scenario writes it: ``beginner`` when it is, else its full layout."""
    beginner = new_game(game.variant, players=game.players, preview=True).state.layout
    return "beginner" if game.state.layout == beginner else layout_fields(game.state.layout)


def _reads_back(sc: Scenario, form: dict, want: str) -> bool:
    """The start ``form`` gives exactly the position ``want`` (read by the scenario reader)."""
    head = {"title": "t", "variant": sc.variant, "players": str(sc.players), **form}
    try:
        got = loads_scenario(_dump(head), "<start>")
    except CatanError:
        return False
    return got.tree.game.position() == want


# ---------------------------------------------------------------- the start as edits
def _as_edits(sc: Scenario, start: Node) -> dict | None:
    """Editor operations that set a new game to ``start``'s position: the pieces, hands,
    development cards, knights, tokens, the robber and whose turn it is (None when the
    position is not in a turn the editor can start)."""
    game = Game(sc.tree.rules, start.state)
    s = game.state
    if s.phase not in (PRE_ROLL, MAIN):
        return None
    names = s.names
    ops: list[str] = []
    fresh = new_game(game.variant, players=game.players, preview=True).state
    for piece, city in (("settlement", False), ("city", True)):
        ops += [
            f"place {names[p]} {piece} {VERTEX_LABELS[v]}"
            for p in range(len(names))
            for v, o in enumerate(s.vowner)
            if o == p and s.vcity[v] == city and (fresh.vowner[v], fresh.vcity[v]) != (p, city)
        ]
    ops += [
        f"place {names[p]} road {EDGE_LABELS[e]}"
        for p in range(len(names))
        for e, o in enumerate(s.eowner)
        if o == p and fresh.eowner[e] != p
    ]
    caps = game.caps
    if caps.knights:
        for v, k in enumerate(s.kn):
            if k is not None:
                active = " active" if k.active else ""
                level = ("basic", "strong", "mighty")[k.level - 1]
                ops.append(f"place {names[k.owner]} knight {VERTEX_LABELS[v]} {level}{active}")
        ops += [f"place {names[0]} wall {VERTEX_LABELS[v]}" for v, w in enumerate(s.walls) if w]
        ops += _ck_edits(s)
    for p, hand in enumerate(s.hands):
        if any(hand):
            ops.append(
                f"hand {names[p]} "
                + ", ".join(f"{n} {CARD_NAMES[i]}" for i, n in enumerate(hand) if n)
            )
    for p, dev in enumerate(s.dev):
        if any(dev):
            ops.append(
                f"dev {names[p]} "
                + ", ".join(f"{n} {DEV_CARDS[i]}" for i, n in enumerate(dev) if n)
            )
    if caps.tokens and s.tokens != fresh.tokens:
        ops += [f"tokens {names[p]} {n}" for p, n in enumerate(s.tokens)]
    if s.robber != fresh.robber:
        ops.append(f"robber {HEX_NAMES[s.robber] if s.robber >= 0 else '-'}")
    if caps.knights and s.barb:
        ops.append(f"barbarians {s.barb}")
    ops.append(f"turn {names[s.active]} {s.phase} {s.turn}")
    return {"board": _layout(game), "start": ops}


def _ck_edits(s: State) -> list[str]:
    """Cities & Knights: whether the barbarians attacked yet, improvement levels,
    metropolises, the merchant, progress cards, defender tokens and laid-out VP cards, as
    editor operations."""
    names = s.names
    ops = ["attacked yes"] if s.attacked else []  # before the robber moves
    for p, levels in enumerate(s.levels):
        ops += [f"level {names[p]} {TRACK_NAMES[t]} {x}" for t, x in enumerate(levels) if x]
    ops += [
        f"metropolis {TRACK_NAMES[t]} {VERTEX_LABELS[v]}" for t, v in enumerate(s.metro) if v >= 0
    ]
    if s.merchant[1] >= 0:
        ops.append(f"merchant {HEX_NAMES[s.merchant[0]]} {names[s.merchant[1]]}")
    ops += [
        f"progress {names[p]} {', '.join(CARDS[k] for k in hand)}"
        for p, hand in enumerate(s.phand)
        if hand
    ]
    for key, verb in (("defender", "defender"), ("pvp", "vp-cards")):
        ops += [f"{verb} {names[p]} {n}" for p, n in enumerate(getattr(s, key)) if n]
    return ops


# ---------------------------------------------------------------- reading back
def same_lesson(a: Scenario, b: Scenario, a_start: Node | None = None) -> str:
    """Where lesson ``b`` differs from lesson ``a`` started at ``a_start`` ('' when they are
    the same): title, goal, chapter, and node by node the move, position, comment, tutor
    text, expectations and puzzle (the start has no move, so no comment)."""
    for key in ("title", "variant", "players", "goal", "chapter", "unrealistic", "rules"):
        if getattr(a, key) != getattr(b, key):
            return f"{key}: {getattr(a, key)!r} != {getattr(b, key)!r}"
    first = a_start or a.tree.root
    todo = [(first, b.tree.root)]
    while todo:
        x, y = todo.pop()
        where = f"the node after {y.action}" if y.action is not None else "the start"
        if x is not first and (str(x.action), x.comment) != (str(y.action), y.comment):
            return f"{where}: the move or its comment differs"
        if Game(a.tree.rules, x.state).position() != Game(b.tree.rules, y.state).position():
            return f"{where}: the positions differ"
        if x.tutor != y.tutor:
            return f"{where}: the tutor text differs"
        if expect_data(x.expect) != expect_data(y.expect):
            return f"{where}: the expectations differ"
        if a.puzzles.get(x.id) != b.puzzles.get(y.id):
            return f"{where}: the puzzles differ"
        if len(x.children) != len(y.children):
            return f"{where}: {len(x.children)} moves after it, not {len(y.children)}"
        todo += list(zip(x.children, y.children, strict=True))
    return ""


def verify(sc: Scenario, start: Node | None = None) -> str:
    """The lesson's text, checked: it reads back as the same lesson (else ScenarioError)."""
    text = lesson_yaml(sc, start)
    again = loads_scenario(text, "<download>")
    diff = same_lesson(sc, again, start)
    if diff:
        raise ScenarioError(f"the lesson does not read back as written: {diff}")
    return text
