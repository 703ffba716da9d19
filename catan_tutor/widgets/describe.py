"""The board in words, for screen readers: a text alternative to the canvas.

``describe(game)`` reads the position (no rules: what is on the board, the dice, and whose turn
it is in the engine's own words, ``Game.prompt``); ``board_text_html`` wraps it in an element
that is hidden from sight but read by assistive technology (class ``catan-sr-only``).
"""

from __future__ import annotations

from ..board import EDGE_LABELS, HARBOR_NAMES, HEX_NAMES, N_HEXES, TERRAINS, VERTEX_LABELS
from ..game import Game
from ..grammar import a, plural, sentence
from ..rules.barbarians import ship_place
from . import markup, verdicts
from .dice_shown import NO_DICE
from .turn_words import round_words

# Hidden from sight, not from screen readers (the page template has the same rule).
SR_ONLY_CSS = (
    ".catan-sr-only{position:absolute!important;width:1px!important;"
    "height:1px!important;padding:0!important;margin:-1px!important;"
    "overflow:hidden!important;clip:rect(0,0,0,0)!important;"
    "white-space:nowrap!important;border:0!important}"
)
LEVELS = ("basic", "strong", "mighty")


def _list(words: list[str]) -> str:
    return ", ".join(words)


def _harbor(kind: int) -> str:
    name = HARBOR_NAMES[kind]
    return name if name == "3:1" else f"{name} 2:1"


def describe(game: Game, secret: bool = False) -> list[str]:
    """Sentences on the position: whose turn, the dice, the robber (and merchant, barbarians),
    each party's pieces by their labels, then the hexes and harbors. ``secret``: a puzzle's
    answer is hidden, so whose move it is and what it is are not said."""
    s, layout = game.state, game.layout
    lines: list[str] = []
    if game.is_over():
        lines.append(
            f"{game.names[game.winner]} has won."
            if game.winner is not None
            else "The game is over."
        )
    elif secret:
        lines.append(f"{sentence(round_words(s))}. A puzzle asks for the next move.")
    else:
        prompt = verdicts.plain(game.prompt()).rstrip(".")
        lines.append(f"{sentence(round_words(s))}. {sentence(prompt)}.")
    faces = s.rolled or s.dice
    if faces:
        total = f" (total {sum(faces[:2])})" if len(faces) >= 2 else ""
        lines.append(f"Dice: {' and '.join(map(str, faces))}{total}.")
    else:
        lines.append(NO_DICE)
    if getattr(s, "event", ""):
        lines.append(f"Event die: {s.event}.")
    if s.robber >= 0:
        lines.append(f"Robber on hex {HEX_NAMES[s.robber]}.")
    else:
        lines.append("The robber is not on the board yet.")
    kn = s.kn if s.caps.knights else ()
    if s.caps.improvements:  # the merchant and the barbarians
        if s.merchant[0] >= 0:
            lines.append(f"Merchant on hex {HEX_NAMES[s.merchant[0]]}, {s.name(s.merchant[1])}'s.")
        lines.append(f"Barbarian ship {ship_place(s.barb)}.")
    parties = sorted(
        {p for p in s.vowner if p >= 0}
        | {p for p in s.eowner if p >= 0}
        | {k[0] for k in kn if k is not None}
        | set(range(len(game.names)))
    )
    walls = s.walls if s.caps.improvements else ()
    metros = {v for v in s.metro if v >= 0} if s.caps.improvements else set()
    for p in parties:
        colour = f" ({game.colors[p]})" if p < len(game.colors) else ""
        parts = []
        settlements = [
            VERTEX_LABELS[v] for v, o in enumerate(s.vowner) if o == p and not s.vcity[v]
        ]
        cities = [
            VERTEX_LABELS[v]
            + (" with a metropolis" if v in metros else "")
            + (" with a wall" if walls and walls[v] else "")
            for v, o in enumerate(s.vowner)
            if o == p and s.vcity[v]
        ]
        roads = [EDGE_LABELS[e] for e, o in enumerate(s.eowner) if o == p]
        knights = [  # "a strong knight on N4, active"
            f"{a(LEVELS[k[1] - 1])} knight on {VERTEX_LABELS[v]}, "
            f"{'active' if k[2] else 'inactive'}"
            for v, k in enumerate(kn)
            if k is not None and k[0] == p
        ]
        for name, spots in (
            ("settlement", settlements),
            ("city", cities),
            ("road", roads),
        ):
            if spots:  # "settlements on N6 and K4", "a city on A6"
                said = f"{plural(name)} on" if len(spots) > 1 else f"{a(name)} on"
                parts.append(f"{said} {_list(spots)}")
        parts.extend(knights)  # each its own part: its ", active" would run into the next
        said = "; ".join(parts) if parts else "no pieces"
        lines.append(f"{sentence(s.name(p))}{colour}: {said}.")  # ("The dummy": l32)
    if layout is None:  # a variable board being laid out: the hexes placed so far
        tiles = tuple(getattr(s, "tiles", ()) or (-1,) * N_HEXES)
        laid = [f"{HEX_NAMES[h]} {TERRAINS[t]}" for h, t in enumerate(tiles) if t >= 0]
        lines.append(f"Hexes laid so far: {_list(laid)}." if laid else "No hex is laid yet.")
        return lines
    hexes = [
        f"{HEX_NAMES[h]} {TERRAINS[layout.terrain[h]]}"
        + (f" {layout.numbers[h]}" if layout.numbers[h] else "")
        for h in range(N_HEXES)
    ]
    lines.append(f"Hexes: {_list(hexes)}.")
    if layout.harbors:
        lines.append(
            "Harbors: "
            + _list([f"{_harbor(k)} at {EDGE_LABELS[e]}" for e, k in layout.harbors])
            + "."
        )
    return lines


def board_text_html(game: Game, secret: bool = False) -> str:
    """The description as a visually hidden region next to the board."""
    body = "".join(f"<p>{markup.text(line)}</p>" for line in describe(game, secret))
    return (
        f"<section class='catan-sr-only catan-board-text' aria-label='The board in words'>"
        f"{body}</section>"
    )
