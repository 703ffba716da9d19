"""A behaviour fingerprint of the engine and the tutor's plain-Python views, for refactors.

Plays seeded games in every variant (a fixed sampler for chance, a fixed seeded policy for
the players) and prints, step by step: the legal actions as notation (and read back), the
pending decisions, the prompt, the position text, each candidate action's sentence and
``explain()`` verdict, malformed notation and off-board actions with their errors, the
narration of the move played, the SVG board and the panels' HTML. Then every lesson of the
course is read, written back and read again. The same code must print the same bytes.

    .venv/bin/python scripts/fingerprint.py OUT.txt   # prints the sha256 of OUT.txt
"""

from __future__ import annotations

import hashlib
import random
import sys
from itertools import product
from pathlib import Path

from catan_tutor import Game, new_game
from catan_tutor import actions as A
from catan_tutor.actions import Action, Offer, Settle
from catan_tutor.board import (
    EDGE_LABELS,
    N_EDGES,
    N_HEXES,
    N_VERTICES,
    VERTEX_LABELS,
    parse_edge,
    parse_vertex,
)
from catan_tutor.errors import CatanError
from catan_tutor.render import svg
from catan_tutor.rules import words
from catan_tutor.sampler import Sampler, greedy_choice
from catan_tutor.study.library import library
from catan_tutor.study.scenario import check_scenario, dumps_scenario, load_scenario, loads_scenario
from catan_tutor.study.scenario_write import lesson_yaml
from catan_tutor.widgets import hint_words, kinds, move_list, panels

GAMES = (  # variant, players, board, seed, policy (seed < 0: the board laid out by moves)
    ("base", 4, "beginner", 1, "greedy"),
    ("base", 3, "variable-harbors", 2, "random"),
    ("base-2p", 2, "beginner", 3, "greedy"),
    ("base-2p", 2, "variable", 4, "random"),
    ("base-dummy", 2, "beginner", 5, "greedy"),
    ("base-dummy", 2, "beginner", 6, "random"),
    ("ck", 4, "beginner", 7, "greedy"),
    ("ck", 3, "variable", 8, "random"),
    ("ck-2p", 2, "beginner", 9, "greedy"),
    ("ck-2p", 2, "beginner", 10, "random"),
    ("base", 4, "variable-harbors", -11, "greedy"),
    ("ck", 4, "variable", -12, "greedy"),
)
TURNS = int(sys.argv[2]) if len(sys.argv) > 2 else 30
MAX_STEPS = 1500
OFFERS = 0.03  # how often the policy may pick an offer to another player
WHY_FIRST = 4  # hint sentences for the first few legal actions only (each plays a move)
# Notation that must fail (and how), and words in odd places.
BAD_NOTATION = (
    "", "   ", "P1", "P9 roll", "P1 fly", "P1 settle", "P1 settle Z99", "P1 road", "P1 road A1 B2",
    "P1 city A1", "P1 bank 4 wool", "P1 bank 4 wool to ore", "P1 bank x wool for ore",
    "P1 bank 4 moon for ore", "P1 offer P2 wool", "P1 offer P2 for ore", "P1 offer P9 wool for ore",
    "P1 plenty", "P1 plenty wool ore brick", "P1 monopoly gold", "P1 robber", "P1 robber Q",
    "P1 robber A P7", "P1 discard", "P1 discard 2", "P1 discard 1234567 wool", "die", "die blue 3",
    "die red 7", "die red six", "draw", "draw joker", "steal", "steal paper", "steal cloth",
    "force-draw coin", "tile", "tile A", "tile A lava", "spiral", "spiral Z", "event", "event sun",
    "progress", "progress art alchemy", "progress science joker", "harbor", "harbor A1 3:1",
    "P1 harbor A1", "P1 neutral", "P1 neutral N3 settle A1", "P1 neutral N1 fly A1",
    "P1 neutral N1 road", "P1 force", "P1 force take wool", "P1 force take wool give",
    "P1 force all give wool", "P1 force give", "P1 return", "P1 return wool", "P1 place A1",
    "P1 place A1 huge", "P1 hand P2", "P1 hand P2 paper", "P1 bid wool", "P1 bid wool for",
    "P1 bid for ore", "P1 recruit", "P1 promote Z1", "P1 move A1", "P1 chase A1", "P1 chase A1 Q",
    "P1 improve", "P1 improve art", "P1 improve trade Z1", "P1 deck", "P1 aqueduct cloth",
    "P1 discard-progress joker", "P1 play", "P1 play joker", "P1 play alchemy", "P1 play alchemy 9",
    "P1 play alchemy 3 x", "P1 play bishop", "P1 play spy", "P1 play spy N1", "P1 play wedding",
    "P1 play merchant", "P1 play merchant Q", "P1 play master-merchant P2",
    "P1 play commercial-harbor", "P1 play resource-monopoly cloth", "P1 play trade-monopoly wool",
    "P1 play diplomat", "P1 play diplomat A1", "P1 play engineer", "P1 play inventor A B",
    "P1 play irrigation x", "roll", "end", "P1 end now", "P1 give", "P1 give 1 moon",
    "P1 roll\x00", "x" * 300, "P1 settle A1,", ",", "P1 offer P2 nothing for nothing",
)  # fmt: skip


def _aliases() -> dict[str, list[str]]:
    """Every short label that names a vertex or edge under another name than its own."""
    out: dict[str, list[str]] = {}
    for letter, n in product("ABCDEFGHIJKLMNOPQRS", range(1, 20)):
        tok = f"{letter}{n}"
        for kind, parse in (("v", parse_vertex), ("e", parse_edge)):
            try:
                out.setdefault(f"{kind}{parse(tok)}", []).append(tok)
            except ValueError:
                pass
    return out


ALIASES = _aliases()


def _line(out: list[str], *parts: object) -> None:
    out.append(" ".join(str(p) for p in parts))


def _digest(text: str) -> str:
    return f"sha256:{hashlib.sha256(text.encode()).hexdigest()[:16]}/{len(text)}"


def _err(fn, *args) -> str:
    try:
        return f"ok {fn(*args)}"
    except CatanError as e:
        return f"{type(e).__name__}: {e}"
    except ValueError as e:  # every error the engine raises is a ValueError
        return f"ValueError {type(e).__name__}: {e}"


def _explain(game: Game, a: Action | str) -> str:
    try:
        e = game.explain(a)
    except CatanError as exc:
        return f"{type(exc).__name__}: {exc}"
    return f"{e} | {e.action!r} | {e.rule_title}"


def _candidates(out: list[str], game: Game, legal: list[Action]) -> None:
    s = game.state
    for a in legal:
        text = str(a)
        back = game.parse(text)
        _line(out, "  act", repr(a), "| reads back:", back == a, "| say:", words.say(s, a))
        _line(out, "    move words:", move_list.move_words(a), "| target:", kinds.target_of(a))
        _line(out, "    explain:", _explain(game, a))
    for a in legal[:WHY_FIRST]:
        if not a.is_chance:
            _line(out, "  why:", _err(hint_words.why, game.clone(), a))
    # A few actions written with other labels for their vertex or edge (echoed back).
    for a in legal[:6]:
        for f, kind in (("vertex", "v"), ("edge", "e"), ("src", "v"), ("dst", "v")):
            x = getattr(a, f, None)
            if isinstance(x, int) and x >= 0:
                canon = (EDGE_LABELS if kind == "e" else VERTEX_LABELS)[x]
                for other in ALIASES.get(f"{kind}{x}", [])[:2]:
                    text = str(a).replace(canon, other, 1)
                    _line(out, "  alias:", text, "->", _explain(game, text))


def _probes(out: list[str], game: Game) -> None:
    """The tutor's questions at board spots: each kind of the variant at a few spots."""
    for label, cls in kinds.variant_kinds(game).items():
        sk = kinds.spot_kind(cls)
        _line(out, "  kind", label, "| spot:", sk, "| seat only:", kinds.seat_only(cls))
        if not sk:
            continue
        size = {"vertex": N_VERTICES, "edge": N_EDGES, "hex": N_HEXES}[sk]
        for i in (0, size // 3, size - 1):
            a = kinds.probe(game, cls, (sk, i))
            _line(out, "    probe", kinds.spot_label((sk, i)), repr(a))
            if a is not None:
                _line(out, "      ", _explain(game, a))


def _bad(out: list[str], game: Game) -> None:
    for text in BAD_NOTATION:
        _line(out, "  bad", repr(text), "->", _err(game.parse, text))
    for a in (Settle(0, N_VERTICES), Settle(0, -5), Settle(0, "A1")):  # type: ignore[arg-type]
        _line(out, "  off", _explain(game, a))
    for cls, args in (
        (A.BuildRoad, (0, N_EDGES + 3)), (A.MoveRobber, (0, N_HEXES, -1)),
        (A.MoveKnight, (0, 1, N_VERTICES)), (A.Improve, (0, 0, -1)), (A.Improve, (0, 9, -1)),
        (A.PlayMonopoly, (0, 11)), (A.DiscardProgress, (0, 99)), (A.PlayProgress, (0, 99, ())),
        (A.PlaceDeserter, (0, 3, 7)), (A.Die, ("red", 9)),
    ):  # fmt: skip
        _line(out, "  off", _explain(game, cls(*args)))


def play_game(out: list[str], variant: str, players: int, board: str, seed: int, policy: str):
    _line(out, f"=== game {variant} {players} {board} seed {seed} {policy}")
    laid = seed < 0  # no seed: the board and the roll-off are chance events played here
    game = new_game(
        variant, players=players, seed=None if laid else seed, board=board, rolloff=laid,
        preview=True,
    )  # fmt: skip
    sampler, rng = Sampler(abs(seed)), random.Random(abs(seed))
    _bad(out, game)
    step = 0
    while not game.is_over() and game.state.turn < TURNS and step < MAX_STEPS:
        s = game.state
        _line(out, f"--- step {step} turn {s.turn} phase {s.phase} ply {game.ply}")
        _line(out, "position:", game.position().replace("\n", "\\n"))
        _line(out, "prompt:", game.prompt())
        for p in game.pending:
            _line(out, "pending:", p, "|", p.kind, p.rule, p.count, "|", p.prompt, "|", *p.options)
        if game.is_chance():
            outcomes = game.chance_outcomes()
            _line(out, "chance:", *(f"{a}@{w:.6f}" for a, w in outcomes))
            _candidates(out, game, [a for a, _ in outcomes])
            a = sampler.chance(game)
        else:
            legal = game.legal_actions()
            _candidates(out, game, legal)
            if step % 5 == 0:
                _probes(out, game)
            pool = [a for a in legal if type(a) is not Offer] or legal
            if rng.random() < OFFERS:
                pool = legal
            a = greedy_choice(rng, s, pool) if policy == "greedy" else rng.choice(pool)
        played, events = game.play_narrated(a)
        _line(out, "played:", played, "|", move_list.move_words(played))
        for e in events:
            _line(out, "event:", e)
        _line(out, "svg:", _digest(svg(game)), _digest(svg(game, labels=True)))
        if step % 3 == 0:
            _line(out, "players:", panels.players_html(game))
            _line(out, "bank:", panels.bank_html(game))
        step += 1
    _line(out, "final svg:", svg(game, labels=True).replace("\n", "\\n"))
    _line(out, "final:", game.position().replace("\n", "\\n"), "| winner", game.winner)
    for p in range(game.players):
        _line(out, "vp", p, game.victory_points(p), game.vp_breakdown(p))


def lessons(out: list[str]) -> None:
    folder = Path(__file__).resolve().parent.parent / "catan_tutor" / "lessons"
    for lesson in library(folder):
        _line(out, "=== lesson", lesson.id, "|", lesson.title, "|", lesson.error)
        if lesson.error:
            continue
        try:
            sc = load_scenario(lesson.path)
        except CatanError as e:
            _line(out, "error:", type(e).__name__, e)
            continue
        for r in check_scenario(sc):
            _line(out, "check:", r)
        written = dumps_scenario(sc)
        again = loads_scenario(written, "<again>")
        _line(out, "dumps round trip:", dumps_scenario(again) == written)
        _line(out, written)
        text = _err(lesson_yaml, sc)
        _line(out, "lesson_yaml:", text)
        for node in _nodes(sc.root):
            if node.action is not None:
                _line(out, "node", node.id, repr(node.action), "|", move_list.node_words(node))
            g = Game(sc.tree.rules, node.state)
            _line(out, "  prompt:", g.prompt(), "| legal:", *g.legal_actions()[:40])


def _nodes(root):
    todo = [root]
    while todo:
        n = todo.pop()
        yield n
        todo.extend(reversed(n.children))


def main(path: str) -> None:
    out: list[str] = []
    for spec in GAMES:
        play_game(out, *spec)
    lessons(out)
    root = str(Path(__file__).resolve().parent.parent) + "/"  # the same in every worktree
    data = ("\n".join(out) + "\n").replace(root, "").encode("utf-8", "backslashreplace")
    Path(path).write_bytes(data)
    print(hashlib.sha256(data).hexdigest(), path, len(data))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "fingerprint.txt")
