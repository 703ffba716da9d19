"""Options a phase declares legal by construction (``Phase.exact``) really are legal.

``legal_actions`` skips the check of the kinds a phase's generator already guarantees
(BASE-TURN-PHASES: the main phase's builds, trades, offers and development cards). These tests
play seeded games of every variant, offers included, with ``BaseRules.verify_exact`` on (set
for the whole suite in conftest.py): every list is also filtered by the full check and must
come out the same. A generator that lists one action too many is caught.
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

import pytest

from catan_tutor import new_game
from catan_tutor.actions import BuildCity, Offer, make
from catan_tutor.rules import trade
from catan_tutor.state import MAIN
from catan_tutor.variants.base import BaseRules

pytestmark = pytest.mark.engine  # the engine alone: scripts/min_versions.sh leaves it out

VARIANTS = [("base", 4), ("base-2p", 2), ("base-dummy", 2), ("ck", 3), ("ck-2p", 2)]


def _play(variant: str, players: int, seed: int, steps: int) -> int:
    """Play a seeded random game, offers included; return the main-phase decisions checked."""
    g = new_game(variant, players=players, seed=seed)
    rng = random.Random(seed)
    checked = 0
    for _ in range(steps):
        if g.winner is not None:
            break
        if g.is_chance():
            pairs = g.chance_weights()
            g.play(rng.choices([a for a, _ in pairs], [w for _, w in pairs])[0])
            continue
        acts = g.legal_actions()  # verify_exact compares with the fully checked list
        checked += g.state.phase == MAIN
        for a in acts[:: max(1, len(acts) // 4)]:
            assert g.explain(a).legal, (variant, seed, str(a))
        g.play(rng.choice(acts))
    return checked


@pytest.mark.parametrize(("variant", "players"), VARIANTS)
def test_base_turn_phases_exact_options_pass_their_checks(variant: str, players: int) -> None:
    assert BaseRules.verify_exact
    checked = sum(_play(variant, players, seed, 1500) for seed in (3, 11))
    assert checked > 100


def test_base_turn_phases_a_wrong_exact_option_is_caught(monkeypatch) -> None:
    """A generator that offers a card the player does not hold fails the comparison."""
    g = new_game("base", players=3, seed=5)
    rng = random.Random(5)
    while g.state.phase != MAIN:
        pairs = g.chance_weights()
        if pairs:
            g.play(rng.choices([a for a, _ in pairs], [w for _, w in pairs])[0])
        else:
            g.play(rng.choice(g.legal_actions()))
    s = g.state
    p = s.active
    missing = next(r for r in range(5) if not s.hands[p][r])
    bogus = make(
        Offer,
        p,
        (p + 1) % 3,
        tuple(int(r == missing) for r in range(5)),
        tuple(int(r == (missing + 1) % 5) for r in range(5)),
    )
    real = trade.offer_options
    monkeypatch.setattr(trade, "offer_options", lambda s, p: [*real(s, p), bogus])
    with pytest.raises(AssertionError, match="fail their check"):
        g.legal_actions()
    monkeypatch.setattr(BaseRules, "verify_exact", False)
    assert bogus in g.legal_actions()  # what the check would have caught
    assert not g.explain(bogus).legal


def test_base_build_city_candidates_follow_the_toppled_city() -> None:
    """CK-BARB-PILLAGE: while a player's city lies on its side, their next city stands it up;
    the city candidates (declared exact) list only that one."""
    g = new_game("ck", players=3, seed=2)
    rng = random.Random(2)
    while not (g.state.phase == MAIN and g.state.turn > 3):
        pairs = g.chance_weights()
        g.play(
            rng.choices([a for a, _ in pairs], [w for _, w in pairs])[0]
            if pairs
            else rng.choice(g.legal_actions())
        )
    s = g.state
    p = s.active
    own = [v for v, o in enumerate(s.vowner) if o == p and not s.vcity[v]]
    assert own
    from catan_tutor.rules.building import city_candidates

    s.toppled = (own[-1],)
    assert city_candidates(s, p) == [own[-1]]
    if len(own) > 1:
        assert g.explain(make(BuildCity, p, own[0])).rule == "CK-BARB-PILLAGE"


# Progress cards whose options are narrowed before the check: every play the check accepts,
# over the whole range of the card's arguments, must be listed (CK-PC-PLAY).
NARROWED = (
    "smithing",
    "medicine",
    "engineering",
    "intrigue",
    "crane",
    "merchant",
    "taxation",
    "guild-dues",
)
# every bundle of up to 2 of the 8 kinds of card (Guild Dues takes 2, all if fewer)
BUNDLES = [
    tuple(picked.count(k) for k in range(8))
    for n in range(3)
    for picked in combinations_with_replacement(range(8), n)
]


def _all_args(kinds: tuple[str, ...], players: int) -> list[tuple]:
    ranges = {
        "vertex": range(54),
        "track": range(3),
        "hex": range(19),
        "seat": range(players),
        "bundle": BUNDLES,
    }
    out: list[tuple] = [()]
    for kind in kinds:
        values = [*ranges[kind.rstrip("?")], *((-1,) if kind.endswith("?") else ())]
        out = [(*x, y) for x in out for y in values]
    return out


@pytest.mark.parametrize("variant", ["ck", "ck-2p"])
def test_ck_pc_play_narrowed_options_list_every_legal_play(variant: str) -> None:
    from catan_tutor.actions import PlayProgress
    from catan_tutor.progress_cards import CARDS, SCHEMA

    players = 2 if variant == "ck-2p" else 3
    rules = new_game(variant, players=players, seed=1).rules
    cards = tuple(CARDS.index(name) for name in NARROWED)
    checked = legal = 0
    for seed in (4, 9):
        g = new_game(variant, players=players, seed=seed)
        rng = random.Random(seed)
        for step in range(2500):
            if g.winner is not None:
                break
            if g.state.phase == MAIN and step % 60 == 0:
                s = g.state.copy()
                p = s.active
                s.phand = tuple(cards if q == p else h for q, h in enumerate(s.phand))
                listed = {
                    a for a in rules.legal_actions(s, offers=False) if type(a) is PlayProgress
                }
                for card in cards:
                    for args in _all_args(SCHEMA[CARDS[card]], players):
                        a = make(PlayProgress, p, card, args)
                        ok = rules.check(s, a) is None
                        assert ok == (a in listed), (variant, seed, step, str(a))
                        checked += 1
                        legal += ok
            if g.is_chance():
                pairs = g.chance_weights()
                g.play(rng.choices([a for a, _ in pairs], [w for _, w in pairs])[0])
            else:
                g.play(rng.choice(g.legal_actions()))
    assert checked > 10_000 and legal > 20, (checked, legal)


def test_base_turn_phases_exact_options_pass_their_checks_at_every_lesson_position() -> None:
    """The positions learners meet: every node of every packaged lesson (edited and composed
    positions, not only those a game reaches) lists the same moves with the full check."""
    from catan_tutor.game import Game
    from catan_tutor.study.resources import packaged_lessons
    from catan_tutor.study.scenario import SUFFIX, load_scenario

    assert BaseRules.verify_exact
    nodes = 0
    for path in sorted(packaged_lessons().glob(f"*{SUFFIX}")):
        tl = load_scenario(path).timeline
        assert tl is not None
        for node in tl.nodes.values():
            Game(tl.rules, node.state).legal_actions()
            nodes += 1
    assert nodes > 500
