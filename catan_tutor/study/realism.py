"""Could a lesson's start arise in a game? The checks ``catan-tutor check`` runs on every
scenario's start, each naming the rule a real game keeps:

- pieces, cards and tokens within the supply, every road joined to its owner's pieces and
  every knight on a corner one of its owner's roads touches: the board editor's strict reading
  of the position (``validity.validate(strict=True)``: BASE-COMP-*, BASE-BUILD-LIMITS,
  BASE-BUILD-ROAD, CK-KNIGHT-RECRUIT, 2P-SETUP-TOKENS);
- after setup, every player has the pieces setup gave them: two buildings with a road at each
  (BASE-SETUP-ROUND1, BASE-SETUP-ROUND2), in Cities & Knights one of them a city until the
  barbarians have attacked (CK-SETUP-ROUND2, CK-BARB-LOSE), and each neutral its start
  settlement (2P-SETUP-NEUTRAL-SETTLEMENTS);
- every player's building touches one of their roads (BASE-BUILD-SETTLEMENT);
- victory points that fit: nobody has already won in a game still going (BASE-WIN-10,
  CK-WIN-13), Longest Road and Largest Army held as the awards give them
  (BASE-AWARD-LONGEST-ROAD, BASE-AWARD-LARGEST-ARMY), a metropolis only on a city of a
  player at level 4 or more of its track (CK-METRO-TAKE).

A scenario that is a deliberately artificial drill says why with ``unrealistic: <why>``, and
is not checked.
"""

from __future__ import annotations

from ..board import VERTEX_EDGES, VERTEX_LABELS
from ..game import Game
from ..position.validity import validate
from ..state import BOARD, OVER, ROLLOFF, SETUP_ROAD, SETUP_SETTLE

SETUP_PHASES = frozenset({BOARD, ROLLOFF, SETUP_SETTLE, SETUP_ROAD})
TRACKS = ("science", "trade", "politics")


def problems(game: Game) -> list[str]:
    """Why ``game``'s position could not arise in a game played from a new one, each
    reason ending with its rule ID in brackets; [] when it could."""
    found = validate(game.rules, game.state, strict=True)
    if found:
        return [p.why for p in found]
    s = game.state
    out: list[str] = []
    if s.phase not in SETUP_PHASES:
        out += _setup_pieces(game)
    out += _buildings_on_roads(game)
    out += _points(game)
    return out


def _buildings(s, p: int) -> list[int]:
    return [v for v, o in enumerate(s.vowner) if o == p]


def _setup_pieces(game: Game) -> list[str]:
    """What setup gave each party, still on the board."""
    s, out = game.state, []
    ck = game.caps.knights
    for p in range(game.players):
        mine = _buildings(s, p)
        name = s.name(p)
        if len(mine) < 2:
            out.append(
                f"{name} has {len(mine)} building(s); setup gives every player two "
                f"[{'CK-SETUP-ROUND2' if ck else 'BASE-SETUP-ROUND2'}]"
            )
        if ck and not s.attacked and not any(s.vcity[v] for v in mine):  # pillaged later
            out.append(
                f"{name} has no city; setup gives every player a city in Cities & "
                "Knights [CK-SETUP-ROUND2]"
            )
        roads = sum(1 for o in s.eowner if o == p)
        if roads < 2 and not ck:  # C&K's Diplomacy can take an open road away
            out.append(
                f"{name} has {roads} road(s); setup gives every player two [BASE-SETUP-ROUND1]"
            )
    for p in range(game.players, s.owners):
        if not _buildings(s, p):
            out.append(
                f"{s.name(p)} has no settlement; setup puts one on the board "
                "[2P-SETUP-NEUTRAL-SETTLEMENTS]"
            )
    return out


def _buildings_on_roads(game: Game) -> list[str]:
    """Every player's building touches one of their roads (a neutral's start settlement has
    none); during setup, all but the settlement placed last."""
    s, out = game.state, []
    for v, p in enumerate(s.vowner):
        if p < 0 or p >= game.players or (s.phase == SETUP_ROAD and v == s.setup_vertex):
            continue
        if not any(s.eowner[e] == p for e in VERTEX_EDGES[v]):
            what = "city" if s.vcity[v] else "settlement"
            out.append(
                f"{s.name(p)}'s {what} on {VERTEX_LABELS[v]} touches none of "
                f"{s.name(p)}'s roads; a building must touch one of its owner's "
                "roads [BASE-BUILD-SETTLEMENT]"
            )
    return out


def _points(game: Game) -> list[str]:
    s, out = game.state, []
    ck = game.caps.knights
    target = getattr(game.rules, "target", 10)
    if s.phase != OVER:
        for p in range(game.players):
            vp = game.victory_points(p)
            if vp >= target:
                out.append(
                    f"{s.name(p)} has {vp} VP in a game still going; {target} wins "
                    f"[{'CK-WIN-13' if ck else 'BASE-WIN-10'}]"
                )
    award = "CK-AWARD-LONGEST-ROUTE" if ck else "BASE-AWARD-LONGEST-ROAD"
    lengths = [s.road_len[p] for p in range(s.owners)]
    best = max(lengths, default=0)
    if game.caps.dummy:  # DUMMY-DEV-LONGEST-ROAD: D takes the awards by rules of its own
        pass
    elif s.longest >= 0 and (lengths[s.longest] < 5 or lengths[s.longest] < best):
        out.append(
            f"{s.name(s.longest)} holds Longest Road with a road of "
            f"{lengths[s.longest]}, not the longest of 5 or more [{award}]"
        )
    elif s.longest < 0 and best >= 5 and lengths.count(best) == 1:
        leader = s.name(lengths.index(best))
        out.append(
            f"nobody holds Longest Road, though {leader} has the only road of {best} [{award}]"
        )
    if game.caps.dev_cards and not game.caps.dummy:  # DUMMY-DEV-LARGEST-ARMY: D may hold it
        played = [s.knights[p] for p in range(game.players)]
        most = max(played, default=0)
        if s.army >= 0 and (played[s.army] < 3 or played[s.army] < most):
            out.append(
                f"{s.name(s.army)} holds Largest Army with {played[s.army]} Knights "
                "played, not the most of 3 or more [BASE-AWARD-LARGEST-ARMY]"
            )
        if s.army < 0 and most >= 3 and played.count(most) == 1:
            out.append(
                f"nobody holds Largest Army, though {s.name(played.index(most))} has "
                f"played {most} Knights [BASE-AWARD-LARGEST-ARMY]"
            )
    if game.caps.improvements:
        for track, v in enumerate(s.metro):
            if v < 0:
                continue
            p = s.vowner[v]
            if p < 0 or not s.vcity[v] or s.levels[p][track] < 4:
                out.append(
                    f"the {TRACKS[track]} metropolis on {VERTEX_LABELS[v]} is not on a "
                    f"city of a player at level 4 of {TRACKS[track]} [CK-METRO-TAKE]"
                )
    return out
