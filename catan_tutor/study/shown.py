"""Which rules a lesson *shows* in play, not only names (``catan-tutor check --coverage``).

A lesson shows a rule when it plays a move where that rule decides:

- a move of its tree (main line, variations, puzzle answers): the rule the engine's verdict
  cites for it (``Game.explain``) and the rules of what it does (``catan_tutor.words.narrate``
  events: production, steals, the barbarians, awards, metropolises, victory points...);
- an expectation ``legal:`` or ``illegal:``: the rule the engine's verdict cites for each move
  it names (what the verdict cites, whatever the expectation says);
- a rule that decides inside a move without a verdict or an event of its own, seen from the
  move's state before and after (``shown_predicates.QUIET``: each names the state change its
  rule makes).
  Among them, components, boards and setup facts where a move turns on them: a chance move
  drawing from a component (a terrain hex, the development deck, a progress deck, the event
  die: what can come is what the box holds), a supply running out (12 of each commodity, 18
  cards a deck, 20 trade tokens), the track's length when the ship lands, the beginner map's
  numbers in a roll that pays and its harbors in a harbor-rate trade, a C&K lay-out leaving the
  robber off, a neutral's first road from its start settlement, the dummy's seat and its
  award scoring nothing; what is public where a token price turns on it (a hidden VP card, a
  face-up progress VP card); and definitions where a move's outcome turns on them (a coastal
  or desert vertex earning tokens, a harbor vertex's rate, a building cutting another
  colour's trail);
- a definition whose terms a shown rule uses to decide (``shown_predicates.DEFINITIONS``:
  adjacency for the distance rule).

A rule only named (the ``rules`` list, tutor text, comments, a puzzle's ``rule``, the start
position) is *cited*, not shown.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ..actions import Action
from ..game import Game
from ..state import State
from .shown_predicates import DEFINITIONS, QUIET


def move_rules(rules, before: State, action: Action, after: State) -> set[str]:
    """The rules that decide a legal move played from ``before`` to ``after``."""
    from ..words.narrate import events  # narrate imports the widgets' words: load it on first use

    evs = events(rules, before, action, after)
    out = {rules.verdict(before, action)[1].rule}
    out |= {e.rule for e in evs if e.rule}
    out |= {
        r
        for r, (seen, variants) in QUIET.items()
        if rules.variant in variants and seen(rules, before, action, after, evs)
    }
    return out


def shown_in(sc) -> set[str]:
    """The rules a loaded scenario (``catan_tutor.study.scenario.Scenario``) shows in play."""
    tl = sc.tree
    out: set[str] = set()
    for node in tl.walk():
        if node.parent is not None:
            out |= move_rules(tl.rules, node.parent.state, node.action, node.state)
        named = [t for ex in node.expect if ex.key in ("legal", "illegal") for t in ex.value]
        if named:
            game = Game(tl.rules, node.state)
            out |= {game.explain(t).rule for t in named}
    return out | {d for d, users in DEFINITIONS.items() if out.intersection(users)}


def shown_rules(files: Iterable[Path]) -> dict[str, set[str]]:
    """Rule ID -> the files (names) that show it in play; files that cannot be read show
    nothing (``catan-tutor check`` reports them)."""
    from ..errors import ScenarioError
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
