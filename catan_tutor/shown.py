"""Which rules a lesson *shows* in play, not only names (``catan-tutor check --coverage``).

A lesson shows a rule when it plays a move where that rule decides:

- a move of its tree (main line, variations, puzzle answers): the rule the engine's verdict
  cites for it (``Game.explain``) and the rules of what it does (``catan_tutor.narrate``
  events: production, steals, the barbarians, awards, metropolises, victory points...);
- an expectation ``legal:`` or ``illegal:``: the rule the engine's verdict cites for each move
  it names (what the verdict cites, whatever the expectation says);
- a rule that decides inside a move without a verdict or an event of its own, seen from the
  move's state before and after (``_QUIET``: each names the state change its rule makes).

A rule only named (the ``rules`` list, tutor text, comments, a puzzle's ``rule``, the start
position) is *cited*, not shown.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from . import rulebook
from .actions import Action, Improve
from .game import Game
from .state import State

Quiet = Callable[[object, State, Action, State], bool]


def _neutral_award(attr: str) -> Quiet:
    """A neutral (base-2p, ck-2p) or the dummy takes an award: the rule letting it compete."""
    def seen(rules, before: State, action: Action, after: State) -> bool:
        holder = getattr(after, attr)
        return holder != getattr(before, attr) and holder >= after.n
    return seen


def _level5_kept(rules, before: State, action: Action, after: State) -> bool:
    """The metropolis holder buys level 5 of its track: the metropolis stays put."""
    if not isinstance(action, Improve):
        return False
    t = action.track
    v = before.metro[t]
    return (before.levels[action.player][t] == 4 and v >= 0
            and before.vowner[v] == action.player and after.metro[t] == v)


def _offturn_13(rules, before: State, action: Action, after: State) -> bool:
    """A player not on turn reaches the target without winning there and then."""
    if after.winner >= 0:
        return False
    active = after.active
    return any(p != active and rules.victory_points(after, p) >= rules.target
               and rules.victory_points(before, p) < rules.target
               for p in range(after.n))


def _defenders_past_6(rules, before: State, action: Action, after: State) -> bool:
    """A seventh (or later) defender token: their number is not capped."""
    return any(b < a and a > 6 for b, a in zip(before.defender, after.defender, strict=True))


_QUIET: dict[str, Quiet] = {
    "2P-NEUTRAL-LONGEST-ROAD": _neutral_award("longest"),
    "CK2P-LONGEST-ROUTE": _neutral_award("longest"),
    "DUMMY-DEV-LONGEST-ROAD": _neutral_award("longest"),
    "DUMMY-DEV-LARGEST-ARMY": _neutral_award("army"),
    "CK-METRO-OWN-LEVEL5": _level5_kept,
    "CK-WIN-OFFTURN": _offturn_13,
    "CK-BARB-TOKENS": _defenders_past_6,
}


def move_rules(rules, before: State, action: Action, after: State) -> set[str]:
    """The rules that decide a legal move played from ``before`` to ``after``."""
    from .narrate import events  # narrate imports the widgets' words: load it on first use

    out = {rules.verdict(before, action)[1].rule}
    out |= {e.rule for e in events(rules, before, action, after) if e.rule}
    own = rulebook.rules_of(rules.variant)
    out |= {r for r, seen in _QUIET.items() if r in own and seen(rules, before, action, after)}
    return out


def shown_in(sc) -> set[str]:
    """The rules a loaded scenario (``catan_tutor.scenario.Scenario``) shows in play."""
    tl = sc.tree
    out: set[str] = set()
    for node in tl.walk():
        if node.parent is not None:
            out |= move_rules(tl.rules, node.parent.state, node.action, node.state)
        named = [t for ex in node.expect if ex.key in ("legal", "illegal") for t in ex.value]
        if named:
            game = Game(tl.rules, node.state)
            out |= {game.explain(t).rule for t in named}
    return out


def shown_rules(files: Iterable[Path]) -> dict[str, set[str]]:
    """Rule ID -> the files (names) that show it in play; files that cannot be read show
    nothing (``catan-tutor check`` reports them)."""
    from .errors import ScenarioError
    from .scenario import load_scenario

    out: dict[str, set[str]] = {}
    for f in files:
        try:
            rules = shown_in(load_scenario(f))
        except ScenarioError:
            continue
        for rule_id in rules:
            out.setdefault(rule_id, set()).add(Path(f).name)
    return out
