"""Kinds of action as the tutor offers them: palette labels, the board spot an action is
played on, the move to ask the engine about at a spot, what building costs. Plain Python (no
widgets): the session model and the views share it.
"""

from __future__ import annotations

import re
from dataclasses import fields

from ..actions import Action, spot_fields
from ..board import CARD_NAMES, EDGE_LABELS, HEX_NAMES, VERTEX_LABELS
from ..game import Explanation, Game
from ..rules.common import CITY_COST, DEV_COST, ROAD_COST, SETTLEMENT_COST
from ..rules.improvements import WALL_COST
from ..rules.knights import ACTIVATE_COST, KNIGHT_COST
from ..variants.tables import TableRules

# What a kind of action costs in the main phase (the engine's price lists), shown on its button.
COSTS = {
    "build road": ROAD_COST,
    "settle": SETTLEMENT_COST,
    "build city": CITY_COST,
    "buy dev": DEV_COST,
    "build wall": WALL_COST,
    "recruit": KNIGHT_COST,
    "promote": KNIGHT_COST,
    "activate": ACTIVATE_COST,
}
OWN_BUTTON = frozenset({"roll", "end turn"})  # kinds played by a button of their own

Spot = tuple[str, int]


def clicked_fields(cls: type) -> dict[str, str]:
    """The fields of a kind of action chosen by a click on the board (a knight's ``dst``, not
    its ``src``), each with the kind of spot it names, in the kind's field order (the
    action's ``spot_fields``)."""
    return {name: kind for name, kind, clicked in spot_fields(cls) if clicked}


def target_of(a: Action) -> Spot | None:
    """The board spot an action is played on, if any: its vertex, edge or hex."""
    for name, kind in clicked_fields(type(a)).items():
        x = getattr(a, name, None)
        if isinstance(x, int) and x >= 0:
            return (kind, x)
    return None


# A spot's kind as the page says it (the lessons' words: a corner, an edge, a hex).
SPOT_WORDS = {"vertex": "corner", "edge": "edge", "hex": "hex"}


def spot_label(spot: Spot) -> str:
    """``vertex C6``, ``edge N5``, ``hex H``: a spot as the board labels it."""
    kind, i = spot
    names = VERTEX_LABELS if kind == "vertex" else EDGE_LABELS if kind == "edge" else HEX_NAMES
    return f"{kind} {names[i]}"


def targets_of(actions: list[Action]) -> list[Spot]:
    """The board spots of ``actions``, each once, in a fixed order."""
    return sorted({t for a in actions if (t := target_of(a))})


def kind_name(a: Action) -> str:
    """The palette label of an action's kind: ``BuildRoad`` -> ``build road``."""
    return kind_of(type(a))


_LABELS: dict[type, str] = {}


def kind_of(cls: type) -> str:
    """The palette label of a kind of action (a class): ``BuildRoad`` -> ``build road``."""
    label = _LABELS.get(cls)
    if label is None:
        label = _LABELS[cls] = re.sub(r"(?<!^)([A-Z])", r" \1", cls.__name__).lower()
    return label


_KINDS: dict[type, tuple[tuple[str, type], ...]] = {}


def variant_kinds(game: Game) -> dict[str, type]:
    """Every kind of move a player makes in the game's variant, in the engine's order: the
    kinds its rules apply (chance outcomes left out; the same for every game of a variant)."""
    found = _KINDS.get(type(game.rules))
    if found is None:
        found = _KINDS[type(game.rules)] = tuple(
            (kind_of(cls), cls) for cls in game.rules.applies if not cls.is_chance
        )
    return dict(found)


SETUP_PHASES = ("setup-settle", "setup-road")
TURN_PHASES = ("pre-roll", "main")  # a turn's own moves: every kind a player makes in turn


def price_words(kind: str, phase: str) -> str:
    """What a kind of move costs as its button says it ("brick, lumber"), in a turn's phases
    (``TURN_PHASES``): before the roll too, where a question's palette shows the turn's kinds
    (s31: 11.16's first question, before the roll, showed no price where 6.7 and 8.11 did);
    '' for a kind with no price list, and in the setup, a free road's phase or a decision
    (no price is paid there: BASE-SETUP-FREE, BASE-DEV-ROAD-BUILDING)."""
    cost = COSTS.get(kind)
    return cost_text(cost) if cost is not None and phase in TURN_PHASES else ""


def moment_kinds(game: Game) -> list[str]:
    """The kinds of move of the moment, legal now or not (a puzzle's palette: the legal ones
    would narrow its answer; the kinds of another phase make no sense). Read from the
    variant's tables and the phase's name only: setup's placements (both steps); a
    decision's own kinds (a discard, an answer to an offer, a neutral's build); in a turn,
    before the roll or after it, every kind of the turn alike (before the roll the building
    too, after it the moves before the roll too: a fresh learner, 5.13, saw the eight kinds
    before the roll, "Send the robber home" among them, for "Before rolling, free the hex";
    the robber's move never in the turn itself); else the kinds the phase's options produce
    (the robber's move, free roads). A kind with a button of its own (Roll, End turn) only
    while legal: its button shows that to all, lit or grey, and the palette agrees (a "roll"
    beside a grey Roll after the roll; issue 33)."""
    phase = game.state.phase
    if phase in TURN_PHASES:
        found = [k for p in TURN_PHASES for k in _phase_kinds(game, p)]
        kinds = [k for k in variant_kinds(game) if k in found]
    else:
        kinds = _phase_kinds(game, phase)
    own = [k for k in kinds if k in OWN_BUTTON]
    if own:
        legal = {kind_name(a) for a in game.legal_actions()}
        kinds = [k for k in kinds if k not in OWN_BUTTON or k in legal]
    return kinds


def _phase_kinds(game: Game, phase: str) -> list[str]:
    """The kinds of ``phase`` in the game's variant, a kind with a button of its own too."""
    rules = game.rules
    ours = variant_kinds(game)
    ph = rules.phases.get(phase)
    if ph is None or ph.chance:
        return []
    decided = {cls for p in rules.phases.values() for cls in p.kinds}
    if ph.kinds:
        wanted = set(ph.kinds)
    elif phase in TURN_PHASES:
        wanted = {cls for cls in ours.values() if cls not in decided and _of(rules, cls, phase)}
    else:
        steps = SETUP_PHASES if phase in SETUP_PHASES else (phase,)
        checks = {c for name in steps for c in rules.phases[name].exact}
        wanted = {cls for cls, k in rules.kinds.items() if k.check in checks}
    if not wanted:  # a phase that declares neither: a turn's kinds
        wanted = {cls for cls in ours.values() if cls not in decided}
    return [k for k, cls in ours.items() if cls in wanted]


def _of(rules: TableRules, cls: type, phase: str) -> bool:
    """A kind of a turn's ``phase``: one whose check the phase's options list, or that no
    phase's options list (a card played in turn); not one only other phases play (the roll
    is before it, building after it, the robber's move after a 7 or a knight:
    BASE-TURN-PHASES, CK-TURN-ROLL-PHASE)."""
    kind = rules.kinds.get(cls)
    if kind is None:
        return True
    where = {name for name, ph in rules.phases.items() if kind.check in ph.exact}
    return not where or phase in where


def board_kind(kinds: list[str], game: Game, spot: str) -> str:
    """The one kind of ``kinds`` played on that kind of spot ("vertex", "edge", "hex"): what
    a tap there means when no kind is chosen; '' for none or several (a kind first)."""
    ours = variant_kinds(game)
    found = [k for k in kinds if k in ours and spot_kind(ours[k]) == spot]
    return found[0] if len(found) == 1 else ""


def kinds_of(actions: list[Action]) -> list[str]:
    """The kinds of ``actions``, each once, in their order."""
    out: list[str] = []
    for a in actions:
        if kind_name(a) not in out:
            out.append(kind_name(a))
    return out


def field_names(cls: type) -> list[str]:
    """The fields of a kind of action (every action class is a dataclass)."""
    return [f.name for f in fields(cls)]


def spot_kind(cls: type | None) -> str:
    """The kind of spot (vertex, edge, hex) a kind of action is played on, '' for none."""
    return next(iter(clicked_fields(cls).values()), "") if cls is not None else ""


def acting_seat(game: Game) -> int:
    """The seat a question is asked for: the player to move, else the player on turn."""
    p = game.current_player
    return p if p >= 0 else game.state.active


def probe(game: Game, cls: type, spot: Spot, like: Action | None = None) -> Action | None:
    """The move of kind ``cls`` at ``spot`` to ask the engine about: the fields of ``like``
    (the form's current choice) with the spot put in, else the acting seat with blanks (no
    victim, no knight moved from). None when the kind is not played on that kind of spot."""
    kind, index = spot
    names = field_names(cls)
    field = next((n for n, k in clicked_fields(cls).items() if k == kind), None)
    if field is None:
        return None
    if like is not None and type(like) is cls:
        values = {n: getattr(like, n) for n in names}
    else:
        values = {
            f.name: (
                acting_seat(game)
                if f.name == "player"
                else -1
                if f.name in ("victim", "src", "second")
                else ()
                if str(f.type) in ("Bundle", "tuple")
                else False
                if str(f.type) == "bool"
                else 0
            )
            for f in fields(cls)
        }
    if values.get("src") == -1 and field != "src":  # a knight to move: one of the seat's own
        kn = game.state.kn if game.caps.knights else ()
        own = [v for v, k in enumerate(kn) if k is not None and k[0] == values.get("player")]
        values["src"] = own[0] if own else -1
    values[field] = index
    if kind == "hex" and "victim" in values:
        values["victim"] = -1
    try:
        return cls(**values)
    except (TypeError, ValueError):
        return None


def seat_only(cls: type) -> bool:
    """A kind whose move names nothing but the seat (roll, end turn, buy, pass...)."""
    return field_names(cls) == ["player"]


def cost_text(cost: tuple[int, ...]) -> str:
    """``(1, 1, 0, 0, 0)`` -> ``brick, lumber``; ``(0, 0, 0, 2, 3)`` -> ``2 grain, 3 ore``: a
    kind's button's price (``price_words``), never a sentence's (the engine's reason says
    "it costs 1 brick and 1 lumber": ``rules.common.cost_reason``, which ``unpaid`` reuses)."""
    return ", ".join(
        f"{n} {CARD_NAMES[k]}" if n > 1 else CARD_NAMES[k] for k, n in enumerate(cost) if n
    )


def common_refusal(game: Game, cls: type) -> Explanation | None:
    """The engine's refusal of kind ``cls`` on every spot it is played on, when it is one
    and the same reason everywhere (in setup a city is refused on every corner for one
    reason: say it at once); None when the kind is played on no spot, is legal somewhere,
    or is refused for different reasons in different places (then each spot says its own)."""
    sizes = {"vertex": len(VERTEX_LABELS), "edge": len(EDGE_LABELS), "hex": len(HEX_NAMES)}
    found: Explanation | None = None
    for kind in dict.fromkeys(clicked_fields(cls).values()):
        for i in range(sizes[kind]):
            a = probe(game, cls, (kind, i))
            if a is None:
                continue
            ex = game.explain(a)
            if ex.legal or (found is not None and ex.reason != found.reason):
                return None
            found = found or ex
    return found
