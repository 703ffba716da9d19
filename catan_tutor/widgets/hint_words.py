"""Why a hinted move is good, in one plain sentence a learner can check on the board: the
dots and resources of a corner (BASE-PROD-ROLL: a number's dots are its ways to be rolled),
the harbor it reaches, the hex and the players the robber blocks, the award or victory
points it wins. Read from the engine (the position before the move and after it); no
statistics (those stay behind the hint's "details").
"""

from __future__ import annotations

from ..actions import (
    Action,
    BuildCity,
    BuildRoad,
    BuyDev,
    Discard,
    EndTurn,
    MoveRobber,
    PlayKnight,
    Settle,
    bundle_words,
)  # fmt: skip
from ..board import (
    EDGE_VERTICES,
    GENERIC,
    HARBOR_NAMES,
    HEX_NAMES,
    HEX_VERTICES,
    RESOURCES,
    TERRAINS,
    VERTEX_HEXES,
    VERTEX_LABELS,
    VERTEX_NEIGHBOURS,
    corner_score,
    pips,
    producing_hexes,
)
from ..errors import CatanError
from ..game import Game
from ..grammar import and_list
from .move_list import move_words


def a_number(n: int) -> str:
    """``a 6``, ``an 8``, ``an 11``."""
    return f"{'an' if n in (8, 11, 18) else 'a'} {n}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def corner(game: Game, v: int) -> tuple[int, str]:
    """(pips, "brick on a 6, grain on an 8") of the hexes at corner ``v`` (no desert, no
    hex without a number)."""
    lay = game.layout
    found = [
        (pips(lay.numbers[h]), RESOURCES[lay.terrain[h]], lay.numbers[h])
        for h in VERTEX_HEXES[v]
        if lay.numbers[h] and lay.terrain[h] < len(RESOURCES)
    ]
    found.sort(key=lambda x: -x[0])
    return sum(x[0] for x in found), ", ".join(f"{r} on {a_number(n)}" for _, r, n in found)


def _harbor(game: Game, v: int) -> str:
    kind = game.layout.vertex_harbor()[v]
    if kind < 0:
        return ""
    return " and a 3:1 harbor" if kind == GENERIC else f" and a 2:1 {HARBOR_NAMES[kind]} harbor"


def _corner_text(game: Game, v: int) -> str:
    total, what = corner(game, v)
    if not total:
        return f"{VERTEX_LABELS[v]} produces nothing yet{_harbor(game, v)}"
    return f"{_plural(total, 'dot')} of production ({what}){_harbor(game, v)}"


def _free(game: Game, v: int) -> bool:
    """Corner ``v`` is empty and has no building next to it (BASE-BUILD-DISTANCE)."""
    owners = game.state.vowner
    return owners[v] < 0 and all(owners[n] < 0 for n in VERTEX_NEIGHBOURS[v])


def _road(game: Game, e: int) -> str:
    """Where the road leads: the best free corner at its far end or one step beyond."""
    near = set(EDGE_VERTICES[e])
    reach = near | {n for v in near for n in VERTEX_NEIGHBOURS[v]}
    free = [v for v in reach if _free(game, v)]
    if not free:
        return "it extends your road network"
    v = max(free, key=lambda x: (corner(game, x)[0], -x))
    total, what = corner(game, v)
    where = f"a free corner with {_plural(total, 'dot')} ({what})" if total else "a free corner"
    return f"it heads for {VERTEX_LABELS[v]}, {where}{_harbor(game, v)}"


def _robber(game: Game, a: MoveRobber) -> str:
    lay, s = game.layout, game.state
    h = a.hex
    hit = sorted(
        {s.vowner[v] for v in HEX_VERTICES[h] if s.vowner[v] >= 0 and s.vowner[v] != a.player}
    )
    if lay.numbers[h] and lay.terrain[h] < len(RESOURCES):
        what = f"{RESOURCES[lay.terrain[h]]} on {a_number(lay.numbers[h])}"
        text = f"it blocks {HEX_NAMES[h]} ({what}, {_plural(pips(lay.numbers[h]), 'dot')})"
    else:
        text = f"it puts the robber on {HEX_NAMES[h]}"
    if hit:
        text += " for " + " and ".join(game.state.name(p) for p in hit)
    elif not any(s.vowner[v] == a.player for v in HEX_VERTICES[h]):  # (l38c: a hex with
        # nobody to rob was hinted without a reason)
        text += "; nobody builds there, so it only keeps the robber off your own hexes"
    if a.victim >= 0:
        text += f" and steals a card from {game.state.name(a.victim)}"
    return text


def _kept(game: Game, a: Discard) -> str:
    """What a discard keeps and what the cards kept build (BASE-BUILD-COSTS): "it keeps 2
    grain and 3 ore, the cards for a city", or the build they come nearest to (learner18:
    a discard's hint said no reason)."""
    from ..rules.common import CITY_COST, DEV_COST, ROAD_COST, SETTLEMENT_COST

    hand = game.state.hands[a.player]
    kept = tuple(h - c for h, c in zip(hand, a.cards, strict=False)) + hand[len(a.cards) :]
    builds = [("a city", CITY_COST), ("a settlement", SETTLEMENT_COST)]
    if not game.caps.improvements:  # (Cities & Knights has no development cards)
        builds.append(("a development card", DEV_COST))
    builds.append(("a road", ROAD_COST))
    short = [sum(max(0, c - k) for c, k in zip(cost, kept, strict=False)) for _, cost in builds]
    said = f"it keeps {bundle_words(kept)}"
    best = min(range(len(builds)), key=lambda i: (short[i], i))
    if short[best] == 0:
        return f"{said}, the cards for {builds[best][0]}"
    if short[best] == 1:
        return f"{said}, one card short of {builds[best][0]}"
    return said


def _gains(before: Game, after: Game, p: int, own: int = 0) -> str:
    """The award and the victory points the move wins for ``p`` (beyond ``own``, the point
    of the building it places)."""
    s0, s1 = before.state, after.state
    won = []
    if s1.longest == p and s0.longest != p:
        won.append("Longest Road")
    if s1.army == p and s0.army != p:
        won.append("Largest Army")
    vp = after.victory_points(p) - before.victory_points(p) - own
    text = f"wins {' and '.join(won)}" if won else ""
    if vp > 0:
        text += (" for " if text else "is worth ") + f"+{_plural(vp, 'victory point')}"
    return text


def why(game: Game, action: Action) -> str:
    """One sentence: the move in words and why it is good, e.g. "P1 builds a settlement on
    C6: 11 dots of production (grain on a 6, ore on an 8, brick on a 4) and a 3:1 harbor."
    (the move alone when there is nothing to say of it: ``reason``)."""
    what, said = move_words(action, game.state), reason(game, action)
    sentence = f"{what}: {said}" if said else what
    return sentence[0].upper() + sentence[1:] + "."


def reason(game: Game, action: Action) -> str:
    """Why ``action`` is good, read from the board ('' when there is nothing to say of it:
    a roll, say); the playouts chose it."""
    p = action.player
    if isinstance(action, Settle):
        reason = _corner_text(game, action.vertex)
    elif isinstance(action, BuildCity):
        res = corner(game, action.vertex)[1]
        reason = f"it doubles what {VERTEX_LABELS[action.vertex]} collects ({res or 'nothing'})"
    elif isinstance(action, BuildRoad):
        reason = _road(game, action.edge)
    elif isinstance(action, MoveRobber):
        reason = _robber(game, action)
    elif isinstance(action, BuyDev):
        reason = "a development card may be a knight, a victory point or a progress card"
    elif isinstance(action, PlayKnight):
        reason = "the robber moves off your hexes or onto a rival's, and your army grows"
    elif isinstance(action, EndTurn):
        reason = "it keeps the cards for the next turn"
    elif isinstance(action, Discard):
        reason = _kept(game, action)
    else:
        reason = _ck_reason(game, action)
    try:
        after = game.clone()
        after.play(action)
        own = 1 if isinstance(action, (Settle, BuildCity)) else 0  # BASE-WIN-VP
        gains = _gains(game, after, p, own) if p >= 0 else ""
    except CatanError:
        gains = ""
    if gains:
        reason = f"{reason}; it {gains}" if reason else f"it {gains}"
    return reason


def _ck_reason(game: Game, action: Action) -> str:
    """Why a Cities & Knights move is good, in plain words (l38c: the hints gave none): what
    an improvement draws (CK-PROGRESS-THRESHOLD), what a knight adds against the barbarians
    (CK-BARB-DEFENSE, CK-KNIGHT-STRENGTH), what a wall keeps (CK-SEVEN-DISCARD); ''
    for the rest."""
    from ..progress_cards import TRACKS
    from ..variants.ck_actions import Activate, BuildWall, Improve, Promote, Recruit
    from .dice_shown import CASTLE_COLOURS

    s = game.state
    if isinstance(action, Improve):
        track = TRACKS[action.track]
        level = s.levels[action.player][action.track] + 1
        faces = (
            "whatever the red die shows" if level >= 5
            else "when the red die shows 1 or 2" if level == 1
            else f"when the red die shows 1 to {level + 1}"
        )  # fmt: skip
        return (
            f"at level {level}, a {CASTLE_COLOURS[track]} castle on the event die draws you a "
            f"{track} progress card {faces}"
        )
    if isinstance(action, Recruit):
        return "once active, a knight counts against the barbarians and can act on later turns"
    if isinstance(action, Activate):
        return "an active knight counts against the barbarians and can move or chase the robber"
    if isinstance(action, Promote):
        return "a stronger knight counts for more against the barbarians"
    if isinstance(action, BuildWall):
        return "a wall lets you hold 2 more cards on a 7"
    return ""


def setup_why(game: Game, action: Settle | BuildCity) -> str:
    """The setup hint in one sentence: the corner, its dots by hex ("hills 6, pasture 4 and
    pasture 2") and that no free corner has more (``analysis.setup_pick``), said as this
    tutor's reading (the rulebooks do not say where to settle)."""
    lay, v = game.layout, action.vertex
    hexes = sorted(producing_hexes(game.layout, v), key=lambda h: -pips(lay.numbers[h]))
    parts = [f"{TERRAINS[lay.terrain[h]]} {lay.numbers[h]}" for h in hexes]
    dots, kinds, _ = corner_score(game.layout, v)
    tied = [
        corner_score(game.layout, a.vertex)
        for a in game.legal_actions()
        if isinstance(a, (Settle, BuildCity)) and a.vertex != v
    ]
    tied = [x for x in tied if x[0] == dots]
    if not tied:
        most = "the most of any corner a settlement may still take"
    elif all(x[1] < kinds for x in tied):
        most = "as many as any other open corner, and more kinds of resource than the others"
    else:
        most = "as many as any other open corner"
    said = f"{_plural(dots, 'dot')} ({and_list(parts)})" if parts else "no dots"
    return (
        f"{move_words(action, game.state)}: {said}{_harbor(game, v)}, {most}. "
        "This tutor's reading: build where the dots are most, as the course teaches."
    )
