"""The board editor keeps every invariant of a position, or refuses the edit.

A property test drives random sequences of editor operations, built from the editor's own
grammar (every verb, every party including neutrals and the dummy, labels near the pieces and
anywhere, absurd counts), over positions of played games of all five variants in every phase
they reach. After an accepted edit the position must keep the invariants
(``helpers.check_invariants``), read back from its text and play on; a refused edit raises an
``EditError`` and leaves the game as it was.
"""

from __future__ import annotations

import functools
import itertools
import os
import random
from collections import defaultdict

import pytest
from helpers import (
    DEV_TOTALS,
    after_setup,
    check_invariants,
    conserve_bank,
    conserve_ck,
    from_fields,
    position_fields,
)  # fmt: skip
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from catan_tutor import Game, new_game, random_playout
from catan_tutor.actions import DEV_CARDS, KNIGHT_LEVELS, TRACK_NAMES
from catan_tutor.board import (
    CARD_NAMES,
    EDGE_LABELS,
    EDGE_VERTICES,
    HEX_NAMES,
    VERTEX_EDGES,
    VERTEX_LABELS,
)  # fmt: skip
from catan_tutor.errors import PositionError
from catan_tutor.position import encode
from catan_tutor.progress_cards import ALIASES
from catan_tutor.sampler import choose
from catan_tutor.state import PHASES
from catan_tutor.study.editor import EditError, edit

# the rules engine alone: left out of the minimum-versions lane (scripts/min_versions.sh)
pytestmark = pytest.mark.engine

TABLES = (("base", 3), ("base", 4), ("base-2p", 2), ("base-dummy", 2), ("ck", 3), ("ck", 4),
          ("ck-2p", 2))  # fmt: skip
SEEDS = (1, 2, 3)  # 1: beginner board; 2: variable board, roll-off; 3: greedy player
PER_PHASE = 3  # positions kept per phase reached in a game
OFFER_RATE = 0.05  # how often the driver may make a trade offer
MAX_STEPS = 20_000


# ---------------------------------------------------------------- positions of played games
def drive(g: Game, rng: random.Random, steps: int, greedy: bool = False):
    """Play up to ``steps`` actions (chance by its odds, players at random), yielding the
    game after each."""
    for _ in range(steps):
        if g.is_over():
            return
        g.play(choose(rng, g.rules, g.state, greedy, rng.random() < OFFER_RATE))
        yield g


@functools.cache
def positions() -> tuple[str, ...]:
    """Position texts of seeded games of every table, up to PER_PHASE per phase reached (the
    seed-2 games start at the variable board and the first-player roll-off)."""
    out = []
    for (variant, players), seed in itertools.product(TABLES, SEEDS):
        if seed == 2:
            g = new_game(variant, players=players, board="variable", rolloff=True)
        else:
            g = new_game(variant, players=players, seed=seed)
        seen = defaultdict(list)
        seen[g.state.phase].append(g.state)
        for _ in drive(g, random.Random(seed), MAX_STEPS, greedy=seed == 3):
            seen[g.state.phase].append(g.state)
        for states in seen.values():
            picks = {states[i * len(states) // PER_PHASE] for i in range(PER_PHASE)}
            out += sorted(
                text for text in map(functools.partial(encode, g.rules), picks) if reads_back(text)
            )
    return tuple(out)


def reads_back(text: str) -> bool:
    """Whether the position text of a played game reads back (a game won while C&K for two
    rerolls equal sums does not: ``sums=9,9`` outside the dice phase; an engine issue)."""
    try:
        Game.from_position(text)
    except PositionError:
        return False
    return True


# ---------------------------------------------------------------- the editor's grammar
ALL_PARTIES = ("P1", "P2", "P3", "P4", "N1", "N2", "D", "p2", "P0", "N3", "X")
ABSURD = ("0", "-1", "x", "3.5", "999", str(10**20), "")
PIECES = ("settlement", "city", "road", "wall", "knight", "castle")
VERBS = ("place", "remove", "hand", "dev", "deck-top", "progress", "tokens", "defender",
         "vp-cards", "robber", "merchant", "barbarians", "attacked", "level", "metropolis",
         "turn", "frobnicate")  # fmt: skip
CK_VERBS = ("progress", "defender", "vp-cards", "merchant", "barbarians", "attacked", "level",
            "metropolis")  # fmt: skip


def verbs_of(g: Game) -> list[str]:
    """The verbs that make sense in ``g``'s variant."""
    ck = g.rules.cities_knights
    return [v for v in VERBS[:-1] if (v in CK_VERBS) == ck or v in ("place", "remove", "hand",
            "robber", "turn") or (v == "tokens" and g.rules.tokens)
            if not (ck and v in ("dev", "deck-top"))]  # fmt: skip


def counts(tame: bool) -> st.SearchStrategy[int]:
    if tame:
        return st.integers(0, 3)
    return st.one_of(st.integers(0, 25), st.sampled_from([99, 10**20]))


def numbers(tame: bool) -> st.SearchStrategy[str]:
    return counts(tame).map(str) if tame else st.sampled_from(ABSURD)


def places(g: Game, p: int) -> tuple[list[str], list[str], list[str]]:
    """Party p's pieces and the free vertices and edges next to them (edits that may stand)."""
    s = g.state
    mine = {v for v, o in enumerate(s.vowner) if o == p}
    mine |= {v for v, k in enumerate(s.kn) if k is not None and k[0] == p}
    ends = {w for e, o in enumerate(s.eowner) if o == p for w in EDGE_VERTICES[e]}
    edges = {f for v in mine | ends for f in VERTEX_EDGES[v] if s.eowner[f] < 0}
    free = [v for v in sorted(ends - mine) if s.vowner[v] < 0]
    return (
        [VERTEX_LABELS[v] for v in sorted(mine)] or ["H4"],
        [VERTEX_LABELS[v] for v in free] or ["H4"],
        [EDGE_LABELS[e] for e in sorted(edges)] or ["H3"],
    )


@st.composite
def ops(draw, g: Game) -> list[str]:
    """One or two editor operations for ``g``: mostly well formed, sometimes not (wild)."""
    tame = draw(st.integers(0, 4)) > 0
    names = g.names if tame else ALL_PARTIES
    party = draw(st.sampled_from(names))
    p = g.names.index(party) if party in g.names else 0
    own, free, edges = places(g, p)
    if tame:
        vertex = draw(st.sampled_from(free + own))
        edge = draw(st.sampled_from(edges))
        verb = draw(st.sampled_from(verbs_of(g)))
    else:
        vertex = draw(st.sampled_from([*VERTEX_LABELS, "Z9", "H3", "A13", "H/I/M"]))
        edge = draw(st.sampled_from([*EDGE_LABELS, "H4"]))
        verb = draw(st.sampled_from(VERBS))
    hexes = draw(st.sampled_from(HEX_NAMES if tame else [*HEX_NAMES, "-", "Z", "AB"]))

    def cards(kinds) -> str:
        xs = draw(
            st.lists(
                st.tuples(st.one_of(st.none(), counts(tame)), st.sampled_from(kinds)), max_size=4
            )
        )
        return ", ".join(name if n is None else f"{n} {name}" for n, name in xs) or "-"

    if verb == "place":
        piece = draw(st.sampled_from(PIECES[:5] if tame else PIECES))
        if piece == "city" and tame and draw(st.booleans()):  # upgrade a settlement
            where = draw(st.sampled_from(own))
            return [f"remove {where}", f"place {party} city {where}"]
        extra = draw(
            st.lists(st.sampled_from([*KNIGHT_LEVELS, "active", "fast"][: 4 + tame]), max_size=2)
        )
        return [" ".join(["place", party, piece, edge if piece == "road" else vertex, *extra])]
    if verb == "remove":
        return [
            draw(
                st.sampled_from(
                    [f"remove {vertex}", f"remove {edge}", f"remove wall {vertex}", "remove"][
                        : 3 + tame
                    ]
                )
            )
        ]
    if verb == "hand":
        kinds = CARD_NAMES[: len(g.state.bank)] if tame else [*CARD_NAMES, "wood", "gold"]
        return [f"hand {party} {cards(kinds)}"]
    if verb == "dev":
        return [f"dev {party} {cards(DEV_CARDS if tame else [*DEV_CARDS, 'crane'])}"]
    if verb == "deck-top":
        top = draw(st.lists(st.sampled_from(DEV_CARDS), max_size=3))
        return [f"deck-top {', '.join(top) or '-'}"]
    if verb == "progress":  # a few kinds, repeated: more of a kind than exist, now and then
        kinds = draw(
            st.lists(
                st.sampled_from([*ALIASES, "gold"][: len(ALIASES) + 1 - tame]),
                min_size=1,
                max_size=3,
            )
        )
        names = draw(st.lists(st.sampled_from(kinds), max_size=6 - 2 * tame))
        return [f"progress {party} {', '.join(names) or '-'}"]
    if verb in ("tokens", "defender", "vp-cards"):
        return [f"{verb} {party} {draw(numbers(tame))}"]
    if verb == "robber":
        return [f"robber {hexes}"]
    if verb == "merchant":
        return [f"merchant {hexes} {party}"]
    if verb == "barbarians":
        return [f"barbarians {draw(numbers(tame))}"]
    if verb == "attacked":
        return [f"attacked {draw(st.sampled_from(['yes', 'no', 'maybe'][: 2 + tame]))}"]
    if verb == "level":
        track = draw(st.sampled_from(TRACK_NAMES if tame else [*TRACK_NAMES, "magic"]))
        level = draw(st.integers(0, 6).map(str) if tame else numbers(tame))
        return [f"level {party} {track} {level}"]
    if verb == "metropolis":
        track = draw(st.sampled_from(TRACK_NAMES if tame else [*TRACK_NAMES, "magic"]))
        return [f"metropolis {track} {draw(st.sampled_from([*own, '-']))}"]
    if verb == "turn":
        phase = draw(st.sampled_from(["", "pre-roll", "main"] if tame else [*PHASES, "soon"]))
        number = draw(st.sampled_from(["", "1", "12"] if tame else ["0", "-3", str(10**20)]))
        return [" ".join(x for x in ("turn", party, phase, number if phase else "") if x)]
    return [f"{verb} {party}"]


# ---------------------------------------------------------------- the property
CI = os.environ.get("CI", "").strip().lower() == "true"


@pytest.mark.slow  # a sweep: the fast lane leaves it out
@settings(
    max_examples=300,
    deadline=None,
    **({"derandomize": True} if CI else {}),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_every_edit_keeps_the_invariants_or_is_refused(data):
    """Up to 8 rounds of 1-6 operations on a played position: an accepted round keeps every
    invariant, reads back and plays on (up to 20 random actions, checked after each); a
    refused one raises an EditError and changes nothing."""
    g = Game.from_position(data.draw(st.sampled_from(positions()), label="position"))
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1), label="seed"))
    for _ in range(data.draw(st.integers(1, 8), label="rounds")):
        batch = sum(data.draw(st.lists(ops(g), min_size=1, max_size=3), label="ops"), [])
        before = g.position()
        try:
            edited = edit(g, *batch)
        except EditError as e:  # anything else (a foreign exception) fails the test
            assert e.why and str(e).startswith(f"edit {e.op!r}: "), e
            assert g.position() == before
            continue
        assert g.position() == before
        check_edited(edited)
        g = edited
        for _ in drive(g, rng, data.draw(st.integers(0, 20), label="steps")):
            check_invariants(g)


def check_edited(g: Game) -> None:
    """An edited game: the invariants, every card accounted for, text read back, playable."""
    check_invariants(g)
    s = g.state
    if g.rules.cities_knights:  # decks rebuilt from the hands, with empty queues
        assert all(not q for _, q in s.pdecks)
    else:  # a new root: every card not held or played as a Knight is back in the deck
        for c in range(5):
            played = sum(s.knights[: s.n]) if c == 0 else 0
            assert s.deck[c] + sum(d[c] for d in s.dev) + played == DEV_TOTALS[c], c
    text = g.position()
    back = Game.from_position(text)
    assert back.position() == text
    assert back.legal_actions() == g.legal_actions()
    assert g.history == []


# ---------------------------------------------------------------- pinned cases
def at(g: Game, **changes: str) -> Game:
    """``g`` with position fields replaced; the bank and the progress decks made to add up."""
    head, f = position_fields(g, changes)
    conserve_bank(f)
    if g.rules.cities_knights:
        conserve_ck(f, bank=False, decks="phand" in changes or "pvp" in changes)
    return from_fields(head, f)


@functools.cache
def tables() -> dict[str, Game]:
    """Setups and mid-turn positions the pinned cases edit (see their comments)."""
    ck, dummy, base = after_setup("ck", 3), after_setup("base-dummy", 2), after_setup("base", 3)
    # ck: P1 A12 + C12 (city), P2 A4 + B4 (city), P3 A8 + B12 (city); roads A1,C1/A3,B3/A7,B1
    five = edit(ck, *(f"place P1 settlement {v}" for v in ("S6", "Q8", "O6", "L10")))
    science = ("alchemy, alchemy, crane, crane, engineering, invention, invention, irrigation, "
               "irrigation, medicine, medicine, mining, mining, road-building, road-building, "
               "smithing, smithing")  # fmt: skip
    return {
        "ck": ck, "ck-2p": after_setup("ck-2p", 2), "base": base,
        # D's turn: P1 has bid 1 ore for D's brick, P2 is to answer
        "bids": at(dummy, phase="bids", active="D", bids="0,0,0,0,1:brick/?",
                   hands="0,0,1,0,1/0,0,0,1,1/2,2,2,2,2"),
        # D holds Largest Army with its number 4; P1 played 3 Knights and holds one
        "dummy army": at(dummy, knights="3,0,4", army="D", deck="10,5,2,2,2",
                         dev="1,0,0,0,0/0,0,0,0,0/0,0,0,0,0"),
        # D's 7: the robber's roll-off goes back to D's trading window
        "steal roll-off": at(dummy, phase="tiebreak", active="D", tb="steal:P1,P2:-",
                             resume="bids"),
        # P1 bought a Knight this turn
        "bought": at(base, phase="main", newdev="1,0,0,0,0", deck="13,5,2,2,2",
                     dev="1,0,0,0,0/0,0,0,0,0/0,0,0,0,0"),
        "toppled": at(five, toppled="S6"),  # P1's city on S6 lies on its side
        "empty deck": edit(at(ck, phase="progress-draw", draws="P1:science", dice="3,1",
                              event="science"), f"progress P1 {science}"),
        "harbor": at(ck, phase="harbor", harbor="P3:P2:brick",
                     hands="0,1,0,0,0,0,0,0/1,1,2,0,0,1,0,0/0,0,1,0,0,0,0,0"),
        "pillage": at(ck, phase="pillage", pillage="P2", dice="3,2", event="ship"),
        "progress discard": at(ck, phase="progress-discard", pdiscards="P2",
                               phand="-/alchemy,crane,mining,medicine,smithing/-"),
        "sabotage": at(ck, phase="sabotage", discards="0,1,0"),
        "relocate": at(ck, phase="relocate", relocate="P2:B2:1:0", kn="A2:P2:1:---",
                       roads="A1,C1/A3,B3,B5/A7,B1"),  # P2's basic knight displaced from B2
        "treason": at(ck, phase="desert", treason="P2:0:0", kn="A2:P2:1:---,B2:P2:1:---"),
    }  # fmt: skip


@pytest.mark.parametrize(("table", "ops", "words"), [
    ("ck", ["progress P1 crane, crane, crane"], ["3 crane", "2 that exist", "CK-PC-COUNTS"]),
    ("ck", ["progress P1 printing"], ["printing", "vp-cards", "CK-PROGRESS-VP-CARDS"]),
    ("ck", ["progress P2 crane, alchemy, mining, medicine, smithing"],
     ["P2 holds 5", "off turn", "CK-PROGRESS-HAND-LIMIT"]),
    ("bids", ["hand D 2 ore"], ["P1's open bid", "brick", "DUMMY-TRADE-PROTOCOL"]),
    ("bids", ["hand P1 1 wool"], ["P1's open bid", "DUMMY-TRADE-PROTOCOL"]),
    ("steal roll-off", ["hand P1 -"], ["P1", "DUMMY-STEAL-EMPTY"]),
    ("ck-2p", ["progress N1 crane"], ["N1", "2P-SETUP-PLAYERS"]),
    ("ck-2p", ["defender N2 1"], ["N2", "2P-SETUP-PLAYERS"]),
    ("ck-2p", ["vp-cards N1 1"], ["N1", "2P-SETUP-PLAYERS"]),
    ("ck-2p", ["level N1 science 1"], ["N1", "2P-SETUP-PLAYERS"]),
    ("ck-2p", ["merchant K N1"], ["N1", "CK-PC-MERCHANT"]),
    ("ck-2p", ["tokens P1 12", "tokens P2 9"], ["21 trade tokens", "20 that exist",
                                                 "2P-SETUP-TOKENS"]),
    ("ck", ["remove A12", "place P1 city A12", "place P1 city S6", "place P1 city Q8",
            *(f"place P1 wall {v}" for v in ("A12", "C12", "S6", "Q8"))],
     ["A12, C12, Q8, S6", "more than 3", "CK-BUILD-LIMITS"]),
    ("ck", ["level P1 science 4", "level P1 trade 4", "metropolis science C12",
            "metropolis trade C12"], ["both on C12", "CK-METRO-NEEDS-CITY"]),
    ("relocate", ["place P2 knight B6 basic"], ["P2", "strength 1", "CK-BUILD-LIMITS"]),
    ("toppled", ["remove Q8"], ["S6", "CK-BARB-PILLAGE"]),
    ("empty deck", ["vp-cards P1 1"], ["science deck is empty", "CK-PROGRESS-EMPTY"]),
    ("harbor", ["hand P2 1 brick"], ["P2", "commodity", "CK-PC-COMMERCIAL-HARBOR"]),
    ("pillage", ["remove B4", "place P2 settlement B4"], ["P2", "CK-BARB-LOSE-CHOICE"]),
    ("progress discard", ["progress P2 crane"], ["P2", "holds 1", "CK-PROGRESS-HAND-LIMIT"]),
    ("sabotage", ["hand P2 -"], ["P2 owes 1", "holds 0"]),
    ("treason", ["remove A2", "remove B2"], ["nobody can act", "desert"]),
    ("base", ["robber -"], ["BASE-BOARD-ROBBER-START"]),
    ("base", ["remove wall A12"], ["Cities & Knights"]),
])  # fmt: skip
def test_edits_that_break_an_invariant_are_refused(table, ops, words):
    """Each case was accepted once and left a broken position; now it names what and where."""
    g = tables()[table]
    before = g.position()
    with pytest.raises(EditError) as info:
        edit(g, *ops)
    for w in words:
        assert w in str(info.value), (w, str(info.value))
    assert g.position() == before


def test_progress_cards_beyond_the_deck_CK_PC_COUNTS():
    """Regression: 'progress P1 crane, crane, crane' left the science deck with -1 Cranes."""
    g = tables()["ck"]
    with pytest.raises(EditError, match=r"3 crane cards, more than the 2 .*CK-PC-COUNTS"):
        edit(g, "progress P1 crane, crane, crane")
    both = edit(g, "progress P1 crane, crane")
    check_edited(both)
    assert both.state.pdecks[0][0][1] == 0  # no Crane left in the science deck


def test_dummy_hand_keeps_the_open_bids_DUMMY_TRADE_PROTOCOL():
    """Regression: emptying D's brick while P1's bid for brick was open left D with -1 brick
    once the bids resolved. Now refused; an edit that keeps a brick plays on and conserves."""
    g = tables()["bids"]
    with pytest.raises(EditError, match="asks for brick.*DUMMY-TRADE-PROTOCOL"):
        edit(g, "hand D 2 ore")
    kept = edit(g, "hand D 1 brick, 2 ore")
    check_edited(kept)
    kept.play("P2 pass")  # P1's bid is carried out
    check_invariants(kept)
    assert kept.state.hands[2] == (0, 0, 0, 0, 3) and kept.state.hands[0][0] == 1


def test_dummy_army_number_is_no_knight_card_DUMMY_AWARD_RECLAIM():
    """D's army number (DUMMY-DEV-LARGEST-ARMY) took that many Knights out of the deck."""
    g = edit(tables()["dummy army"], "hand P1 1 brick")
    check_edited(g)
    assert g.state.deck[0] == 14 - 3 - 1 and g.state.knights[2] == 4


def test_removing_a_toppled_city_clears_its_mark_CK_BARB_PILLAGE():
    g = edit(tables()["toppled"], "remove S6")
    check_edited(g)
    assert g.state.toppled == ()


def test_over_the_hand_limit_only_on_own_turn_CK_PROGRESS_HAND_LIMIT():
    five = "progress P1 crane, alchemy, mining, medicine, smithing"
    check_edited(edit(tables()["ck"], five))  # P1's turn: play or discard before it ends
    setup = new_game("ck", players=3, seed=1)
    with pytest.raises(EditError, match="P1 holds 5 progress cards off turn"):
        edit(setup, five)


def test_cards_bought_this_turn_follow_the_hand():
    g = tables()["bought"]
    assert edit(g, "dev P1 -").state.newdev == (0,) * 5
    assert edit(g, "dev P1 2 knight").state.newdev == (1, 0, 0, 0, 0)
    assert edit(g, "turn P2 main").state.newdev == (0,) * 5  # P2 bought nothing


@pytest.mark.parametrize("table", ["bids", "pillage", "relocate", "treason", "harbor"])
def test_a_turn_starts_with_nothing_owed_or_open(table):
    g = edit(tables()[table], "turn P1 main 9")
    check_edited(g)
    assert (g.state.phase, g.state.active, g.state.turn) == ("main", 0, 9)


def test_a_finished_game_is_edited_by_starting_a_turn():
    g = random_playout(new_game("base", players=3, seed=4), 4)
    w = f"P{g.state.winner + 1}"
    cities = [VERTEX_LABELS[v] for v, c in enumerate(g.state.vcity) if c and g.state.vowner[v]
              == g.state.winner]  # fmt: skip
    downgrade = [op for v in cities for op in (f"remove {v}", f"place {w} settlement {v}")]
    with pytest.raises(
        EditError, match=r"has won with \d victory points, fewer than 10.*BASE-WIN-10"
    ):
        edit(g, f"dev {w} -", *downgrade)
    check_edited(edit(g, "turn P1 main"))
