"""One test (at least) per CK2P rule on neutral knights and progress cards of rulebook/rules.md §5.3
and §5.5 (``ck-2p``, Cities & Knights for two), each named after its rule.

Positions are built by editing the fields of a ``Game.position()`` text (``load``) taken from a
fixed opening on the beginner board; chance is forced by playing its outcome (``die white 3``,
``event ship``).

Parties: P1, P2 are 0, 1; the neutrals N1, N2 are 2, 3 (N1 starts on H4, N2 on G6, no roads).
The opening (CK2P-SETUP: P1, P2, P2 city, P1 city):
    P1: settlement A4, city D4; roads A3 (A2-A4), D3 (A6-D4)
    P2: settlement C6, city N4; roads C5 (C4-C6), N3 (J6-N4)
Edges used around the neutrals: H3 (D6-H4), H5 (H4-H6), I7 (H4-I6), I5 (I6-I4), D5 (D4-D6),
D7 (D6-D8), G5 (G4-G6), G7 (F4-G6), K3 (G6-K4), K5 (K4-K6), L7 (K4-L6).
Card counts are written in the engine's order: brick, lumber, wool, grain, ore, paper, cloth,
coin.
"""

from __future__ import annotations

from functools import lru_cache

import pytest
from helpers import (
    assert_illegal,
    assert_legal,
    cards,
    conserve_ck,
    from_fields,
    kn,
    play,
    position_fields,
    texts,
)

from catan_tutor import Game, new_game
from catan_tutor.board import CARD_NAMES, parse_edge
from catan_tutor.errors import CatanError

# the rules engine alone: left out of the minimum-versions lane (scripts/min_versions.sh)
pytestmark = pytest.mark.engine

P1, P2, N1, N2 = 0, 1, 2, 3
KINDS = CARD_NAMES  # the 8 card kinds of a C&K hand
ZERO = (0,) * 8
OPENING = (
    "P1 settle A4", "P1 road A3", "P2 settle C6", "P2 road C5",
    "P2 city N4", "P2 road N3", "P1 city D4", "P1 road D3",
)  # fmt: skip
KNIGHT = dict(wool=1, ore=1)  # CK-BUILD-COSTS: recruit or promote


# ---------------------------------------------------------------- helpers
@lru_cache(maxsize=1)
def opening_text() -> str:
    return play(new_game("ck-2p", players=2, seed=0), *OPENING).position()


def hands(p1=ZERO, p2=ZERO) -> str:
    return "/".join(",".join(map(str, h)) for h in (p1, p2, ZERO, ZERO))


def per(p1="", p2="", n1="", n2="") -> str:
    """A per-party field P1/P2/N1/N2 of label lists ('' for none)."""
    return "/".join(x or "-" for x in (p1, p2, n1, n2))


def load(**changes) -> Game:
    """The opening's board in P1's Action phase of turn 1 (sums 3 and 4), some fields replaced.
    Hands are empty unless given; the bank and the progress decks are made to add up."""
    base = {"phase": "main", "sums": "3,4", "dice": "2,2", "event": "ship", "hands": hands()}
    head, f = position_fields(opening_text(), {**base, **changes})
    conserve_ck(f, bank="bank" not in changes, decks="pdecks" not in changes)
    return from_fields(head, f)


def pre_roll(**changes) -> Game:
    """P1 to roll in turn 1 (Alchemy and token actions allowed)."""
    return load(**{"phase": "pre-roll", "sums": "-", "dice": "-", "event": "-", **changes})


def knights(game: Game) -> dict[str, str]:
    """The kn field: VERTEX -> SEAT:LEVEL:FLAGS."""
    text = field(game, "kn")
    return {} if text == "-" else dict(e.split(":", 1) for e in text.split(","))


def field(game: Game, key: str) -> str:
    return dict(w.split("=", 1) for w in game.position().split()[2:])[key]


def eowner(game: Game, label: str) -> int:
    return game.state.eowner[parse_edge(label)]


def pending_seats(game: Game) -> list[int]:
    return [p.player for p in game.pending]


def assert_nothing_owed(game: Game) -> None:
    """Back in the Action phase with no neutral piece owed."""
    assert game.state.phase == "main"
    assert field(game, "nb") == "-"


# ================================================================ 5.3 Neutral knights
def test_CK2P_NEUTRAL_KNIGHT_PLACE_a_recruit_owes_a_basic_neutral_knight_at_once():
    g = load(roads=per("A3,D3", "C5,N3", "I7", "K3"), hands=hands(cards(**KNIGHT)))
    assert_legal(g, "P1 recruit A6")
    assert kn(g, "A6") == (P1, 1, False, True, False)
    # The neutral knight is owed at once, by P1, for either neutral.
    assert g.state.phase == "neutral"
    assert field(g, "nb") == "knight:main:knight"
    assert pending_seats(g) == [P1]
    assert texts(g) == {"P1 neutral N1 knight I6", "P1 neutral N2 knight K4"}
    # Nothing else happens first, and the owed piece is a knight, not a road or settlement.
    assert_illegal(g, "P1 end", "CK2P-NEUTRAL-KNIGHT-PLACE")
    assert_illegal(g, "P1 neutral N1 road H3", "CK2P-NEUTRAL-KNIGHT-PLACE")
    assert_illegal(g, "P1 neutral N2 road K5", "CK2P-NEUTRAL-KNIGHT-PLACE")
    assert_illegal(g, "P1 neutral N1 settle I4", "CK2P-NEUTRAL-KNIGHT-PLACE")
    assert_legal(g, "P1 neutral N1 knight I6", "CK2P-NEUTRAL-KNIGHT-PLACE")
    # A basic knight (same level as the recruit), N1's, never active.
    assert kn(g, "I6") == (N1, 1, False, False, False)
    assert knights(g) == {"A6": "P1:1:-f-", "I6": "N1:1:---"}
    assert_nothing_owed(g)


def test_CK2P_NEUTRAL_KNIGHT_PLACE_each_recruit_of_a_turn_gives_one_for_either_neutral():
    g = load(roads=per("A3,D3", "C5,N3", "I7,I5", "K3"), hands=hands(cards(wool=2, ore=2)))
    play(g, "P1 recruit A6")
    assert_legal(g, "P1 neutral N1 knight I6")
    assert_nothing_owed(g)
    assert_legal(g, "P1 recruit A2")
    assert g.state.phase == "neutral"
    # The second one may go to the same neutral or the other one.
    assert texts(g) == {"P1 neutral N1 knight I4", "P1 neutral N2 knight K4"}
    assert_legal(g, "P1 neutral N2 knight K4")
    assert knights(g) == {"A2": "P1:1:-f-", "A6": "P1:1:-f-", "I6": "N1:1:---", "K4": "N2:1:---"}
    assert_nothing_owed(g)


def test_CK2P_NEUTRAL_KNIGHT_LEGAL_empty_vertex_at_the_end_of_that_neutrals_road():
    # N1's roads H3, I7 end at D6 (P1's knight), H4 (its settlement) and I6 (empty);
    # N2's road K3 ends at G6 (its settlement) and K4 (empty).
    g = load(
        roads=per("A3,D3,D5", "C5,N3", "H3,I7", "K3"),
        kn="D6:P1:1:---",
        hands=hands(cards(**KNIGHT)),
    )
    play(g, "P1 recruit A6")
    assert texts(g) == {"P1 neutral N1 knight I6", "P1 neutral N2 knight K4"}
    rule = "CK2P-NEUTRAL-KNIGHT-LEGAL"
    assert_illegal(g, "P1 neutral N1 knight D6", rule)  # another colour's knight
    assert_illegal(g, "P1 neutral N1 knight H4", rule)  # its own settlement
    assert_illegal(g, "P1 neutral N1 knight K4", rule)  # N2's road, not N1's
    assert_illegal(g, "P1 neutral N2 knight G4", rule)  # by N2's settlement, but no road
    assert_illegal(g, "P1 neutral N1 knight A2", rule)  # P1's road end
    assert_legal(g, "P1 neutral N2 knight K4")
    assert kn(g, "K4") == (N2, 1, False, False, False)


def test_CK2P_NEUTRAL_KNIGHT_LEGAL_a_basic_knight_from_that_neutrals_supply():
    # N1 has both its basic knights on the board (I6, I4); its road end H6 is free.
    roads = per("A3,D3", "C5,N3", "I7,I5,H5", "K3")
    g = load(roads=roads, kn="I6:N1:1:---,I4:N1:1:---", hands=hands(cards(**KNIGHT)))
    play(g, "P1 recruit A6")
    assert texts(g) == {"P1 neutral N2 knight K4"}
    assert_illegal(g, "P1 neutral N1 knight H6", "CK2P-NEUTRAL-KNIGHT-LEGAL")
    # Two strong knights leave both basic ones in supply: H6 is fine then.
    g = load(roads=roads, kn="I6:N1:2:---,I4:N1:2:---", hands=hands(cards(**KNIGHT)))
    play(g, "P1 recruit A6")
    assert texts(g) == {"P1 neutral N1 knight H6", "P1 neutral N2 knight K4"}
    assert_legal(g, "P1 neutral N1 knight H6")
    assert kn(g, "H6") == (N1, 1, False, False, False)


def test_CK2P_NEUTRAL_KNIGHT_FALLBACK_road_when_no_neutral_knight_fits():
    # At the start the neutrals have no road, so no vertex for a knight: a road is owed.
    g = load(hands=hands(cards(**KNIGHT)))
    play(g, "P1 recruit A6")
    assert g.state.phase == "neutral"
    assert field(g, "nb") == "road:main:knight"
    assert texts(g) == {
        "P1 neutral N1 road H3",
        "P1 neutral N1 road H5",
        "P1 neutral N1 road I7",
        "P1 neutral N2 road G5",
        "P1 neutral N2 road G7",
        "P1 neutral N2 road K3",
    }
    rule = "CK2P-NEUTRAL-KNIGHT-FALLBACK"
    assert_illegal(g, "P1 neutral N1 knight D6", rule)
    assert_illegal(g, "P1 neutral N1 settle D8", rule)  # never a settlement
    assert_legal(g, "P1 neutral N2 road K3")
    assert eowner(g, "K3") == N2
    assert g.state.roads[N2] == 1 and not any(k and k[0] >= N1 for k in g.state.kn)
    assert_nothing_owed(g)


def test_CK2P_NEUTRAL_KNIGHT_FALLBACK_road_when_no_basic_knight_is_in_either_supply():
    # Free road ends (N1: H6, N2: L6) but both neutrals have their two basic knights out.
    g = load(
        roads=per("A3,D3", "C5,N3", "I7,I5,H5", "K3,K5,L7"),
        kn="I6:N1:1:---,I4:N1:1:---,K4:N2:1:---,K6:N2:1:---",
        hands=hands(cards(**KNIGHT)),
    )
    play(g, "P1 recruit A6")
    assert field(g, "nb") == "road:main:knight"
    assert texts(g) and all(" road " in t for t in texts(g))
    assert_illegal(g, "P1 neutral N1 knight H6", "CK2P-NEUTRAL-KNIGHT-FALLBACK")
    assert_legal(g, "P1 neutral N1 road H7")
    assert eowner(g, "H7") == N1
    assert_nothing_owed(g)


def test_CK2P_NEUTRAL_KNIGHT_FALLBACK_the_recruit_may_take_the_only_neutral_site():
    # N1's only free road end is D6; P1 recruits there, so no neutral knight fits any more.
    g = load(roads=per("A3,D3,D5", "C5,N3", "H3"), hands=hands(cards(**KNIGHT)))
    play(g, "P1 recruit D6")
    assert field(g, "nb") == "road:main:knight"
    assert "P1 neutral N1 road H5" in texts(g)


def test_CK2P_NEUTRAL_KNIGHT_FALLBACK_nothing_when_no_road_fits_either():
    # Every edge at H4 and G6 has a player's road; the neutrals have none of their own.
    g = load(roads=per("A3,D3,D5,H3,H5,I7", "C5,N3,F3,G7,G5,K3"), hands=hands(cards(**KNIGHT)))
    assert_legal(g, "P1 recruit A6")
    assert_nothing_owed(g)  # the recruit stands, nothing for the neutrals
    assert kn(g, "A6") == (P1, 1, False, True, False)
    assert g.state.roads[N1] == g.state.roads[N2] == 0
    assert knights(g) == {"A6": "P1:1:-f-"}


def test_CK2P_NEUTRAL_KNIGHT_INERT_neutral_knights_never_stand_up_or_act():
    g = load(
        roads=per("A3,D3,D5", "C5,N3", "H3,H5"),
        kn="D6:N1:1:---,A6:P1:1:---",
        hands=hands(cards(grain=2, wool=2, ore=2)),
        phand=per("encouragement"),
    )
    # Nobody may activate, move, promote or cash in a neutral knight.
    for text in ("P1 activate D6", "P1 move D6 H6", "P1 promote D6"):
        assert_illegal(g, text, "CK-KNIGHT-STRENGTH")
    assert_illegal(g, "P1 remove-knight D6", "CK2P-TOKEN-KNIGHT-REMOVE")
    assert not any("D6" in t.split()[2:3] for t in texts(g))
    # Encouragement stands up P1's knights only.
    assert_legal(g, "P1 play encouragement")
    assert knights(g) == {"A6": "P1:1:af-", "D6": "N1:1:---"}
    # Turns pass; the neutral knight stays down and P2 cannot use it either.
    play(
        g,
        "P1 end",
        "P2 roll",
        "die white 1",
        "die red 2",
        "event ship",
        "die white 2",
        "die red 2",
        "event ship",
    )
    assert kn(g, "D6") == (N1, 1, False, False, False)
    assert_illegal(g, "P2 move D6 H6", "CK-KNIGHT-STRENGTH")
    assert_illegal(g, "P2 activate D6", "CK-KNIGHT-STRENGTH")


def test_CK2P_NEUTRAL_KNIGHT_INERT_no_defence_against_the_barbarians():
    # Barbarians 2 (cities D4, N4). P1's active basic knight defends 1; the neutrals' four
    # strong knights would make 9 if they counted. They do not: the barbarians win and P2
    # (contribution 0) loses its city.
    g = pre_roll(
        barb=6,
        roads=per("A3,D3", "C5,N3", "I7,I5", "K3,K5"),
        kn="A6:P1:1:a--,I6:N1:2:---,I4:N1:2:---,K4:N2:2:---,K6:N2:2:---",
    )
    play(g, "P1 roll", "die white 1", "die red 2", "event ship")
    assert g.state.attacked
    assert field(g, "cities") == "D4/-/-/-"
    assert g.state.defender == (0, 0, 0, 0)
    # With a strong knight P1 holds alone (2 >= 2) and takes the defender token.
    g = pre_roll(
        barb=6,
        roads=per("A3,D3", "C5,N3", "I7,I5", "K3,K5"),
        kn="A6:P1:2:a--,I6:N1:2:---,K4:N2:2:---",
    )
    play(g, "P1 roll", "die white 1", "die red 2", "event ship")
    assert field(g, "cities") == "D4/N4/-/-"
    assert g.state.defender == (1, 0, 0, 0)


def test_CK2P_NEUTRAL_KNIGHT_INERT_neutral_knights_block_like_any_colour():
    blocked = load(
        roads=per("A3,D3,D5", "C5,N3", "H3"),
        kn="D6:N1:1:---",
        hands=hands(cards(brick=2, lumber=2, wool=1, grain=1)),
    )
    free = load(
        roads=per("A3,D3,D5", "C5,N3", "H3"), hands=hands(cards(brick=2, lumber=2, wool=1, grain=1))
    )
    # No settlement on it (the knight is cited, not the distance rule) ...
    assert_illegal(blocked, "P1 settle D6", {"CK-BUILD-OCCUPIED", "CK-KNIGHT-BLOCKS"})
    # ... and no road continues past it.
    assert_illegal(
        blocked, "P1 road D7", {"BASE-BUILD-ROAD", "CK-BUILD-OCCUPIED", "CK-KNIGHT-BLOCKS"}
    )
    assert_legal(free, "P1 road D7")
    # P1's knights cannot pass it either.
    roads = per("A3,D3,D5,D7", "C5,N3", "H3")
    assert_illegal(
        load(roads=roads, kn="A6:P1:1:a--,D6:N1:1:---"),
        "P1 move A6 D8",
        "CK2P-NEUTRAL-KNIGHT-INERT",
    )
    assert_legal(load(roads=roads, kn="A6:P1:1:a--"), "P1 move A6 D8")


def test_CK2P_NEUTRAL_KNIGHT_PROMOTE_basic_to_strong_owes_a_neutral_promotion():
    g = load(
        roads=per("A3,D3", "C5,N3", "I7,I5", "K3"),
        kn="A6:P1:1:a--,I6:N1:1:---,I4:N1:1:---,K4:N2:2:---",
        hands=hands(cards(**KNIGHT)),
    )
    assert_legal(g, "P1 promote A6")
    assert kn(g, "A6")[:2] == (P1, 2)
    assert g.state.phase == "neutral"
    assert field(g, "nb") == "promote:main:promote"
    assert pending_seats(g) == [P1]
    assert texts(g) == {"P1 neutral N1 promote I6", "P1 neutral N1 promote I4"}
    # Never mighty: N2's strong knight cannot be promoted.
    assert_illegal(g, "P1 neutral N2 promote K4", "CK2P-NEUTRAL-KNIGHT-PROMOTE")
    assert_illegal(g, "P1 neutral N2 promote I6", "CK2P-NEUTRAL-KNIGHT-PROMOTE")  # N1's
    assert_illegal(g, "P1 end", "CK2P-NEUTRAL-KNIGHT-PROMOTE")
    assert_legal(g, "P1 neutral N1 promote I4", "CK2P-NEUTRAL-KNIGHT-PROMOTE")
    assert knights(g) == {"A6": "P1:2:a-p", "I4": "N1:2:---", "I6": "N1:1:---", "K4": "N2:2:---"}
    assert_nothing_owed(g)


def test_CK2P_NEUTRAL_KNIGHT_PROMOTE_each_promotion_gives_one_nothing_if_impossible():
    g = load(
        roads=per("A3,D3", "C5,N3", "I7", "K3"),
        kn="A6:P1:1:---,A2:P1:1:---,I6:N1:1:---,K4:N2:1:---",
        hands=hands(cards(wool=2, ore=2)),
    )
    play(g, "P1 promote A6")
    assert_legal(g, "P1 neutral N1 promote I6")
    play(g, "P1 promote A2")
    assert texts(g) == {"P1 neutral N2 promote K4"}  # either neutral: N1 has none left
    assert_legal(g, "P1 neutral N2 promote K4")
    assert knights(g)["I6"] == "N1:2:---" and knights(g)["K4"] == "N2:2:---"
    # No neutral basic knight on the board: the promotion stands, nothing replaces the copy.
    g = load(
        roads=per("A3,D3", "C5,N3", "I7", "K3"),
        kn="A6:P1:1:---,I6:N1:2:---",
        hands=hands(cards(**KNIGHT)),
    )
    assert_legal(g, "P1 promote A6")
    assert_nothing_owed(g)
    assert kn(g, "A6")[:2] == (P1, 2)
    assert g.state.roads[N1] == 1 and g.state.roads[N2] == 1  # no road instead
    assert knights(g) == {"A6": "P1:2:--p", "I6": "N1:2:---"}


def test_CK2P_NEUTRAL_PROMOTE_LEVEL_strong_to_mighty_triggers_nothing():
    g = load(
        roads=per("A3,D3", "C5,N3", "I7", "K3"),
        kn="A6:P1:2:a--,I6:N1:1:---",
        levels="0,0,3/0,0,0/0,0,0/0,0,0",
        hands=hands(cards(**KNIGHT)),
    )
    assert_legal(g, "P1 promote A6")
    assert kn(g, "A6")[:2] == (P1, 3)
    assert_nothing_owed(g)
    assert kn(g, "I6") == (N1, 1, False, False, False)


def test_CK2P_NEUTRAL_PROMOTE_LEVEL_needs_a_strong_knight_in_that_neutrals_supply():
    # N1 has both strong knights out, so its basic one on D6 cannot become strong; N2's can.
    roads = per("A3,D3", "C5,N3", "I7,I5,H3", "K3")
    g = load(
        roads=roads,
        kn="A6:P1:1:a--,I6:N1:2:---,I4:N1:2:---,D6:N1:1:---,K4:N2:1:---",
        hands=hands(cards(**KNIGHT)),
    )
    play(g, "P1 promote A6")
    assert texts(g) == {"P1 neutral N2 promote K4"}
    assert_illegal(g, "P1 neutral N1 promote D6", "CK2P-NEUTRAL-PROMOTE-LEVEL")
    assert_legal(g, "P1 neutral N2 promote K4")
    # Without N2's knight no promotion fits at all: nothing is owed.
    g = load(
        roads=roads,
        kn="A6:P1:1:a--,I6:N1:2:---,I4:N1:2:---,D6:N1:1:---",
        hands=hands(cards(**KNIGHT)),
    )
    play(g, "P1 promote A6")
    assert_nothing_owed(g)
    assert kn(g, "D6") == (N1, 1, False, False, False)


def test_CK2P_NEUTRAL_KNIGHT_DISPLACE_a_stronger_knight_drives_a_neutral_one_along_its_roads():
    # P1's strong knight on A6 travels D3, D5 to D6 and pushes N1's basic knight, which P1
    # moves along N1's roads (H3, H5) to H6.
    g = load(roads=per("A3,D3,D5", "C5,N3", "H3,H5"), kn="A6:P1:2:a--,D6:N1:1:---")
    assert_legal(g, "P1 move A6 D6")
    assert kn(g, "D6") == (P1, 2, False, True, False)  # inactive on the new vertex
    assert kn(g, "A6") is None
    assert g.state.phase == "relocate"
    assert field(g, "relocate") == "N1:D6:1:0"
    assert texts(g) == {"P1 relocate H6"}
    assert_illegal(g, "P1 relocate D8", "CK-KNIGHT-RELOCATE")  # not along N1's roads
    assert_illegal(g, "P1 relocate H4", "CK-KNIGHT-RELOCATE")  # N1's settlement
    assert_legal(g, "P1 relocate H6")
    assert kn(g, "H6")[:3] == (N1, 1, False)  # same knight, still inactive
    assert g.state.phase == "main"


def test_CK2P_NEUTRAL_KNIGHT_DISPLACE_only_a_stronger_knight_and_nowhere_to_go_means_removed():
    for mine, theirs in ((1, 1), (2, 2), (1, 2)):
        g = load(
            roads=per("A3,D3,D5", "C5,N3", "H3,H5"),
            kn=f"A6:P1:{mine}:a--,D6:N1:{theirs}:---",
            levels="0,0,3/0,0,0/0,0,0/0,0,0",
        )
        assert_illegal(g, "P1 move A6 D6", "CK-KNIGHT-DISPLACE")
    # N1's only road H3 leads back to its own settlement: the knight goes to its supply.
    g = load(
        roads=per("A3,D3,D5", "C5,N3", "H3"),
        kn="A6:P1:3:a--,D6:N1:2:---",
        levels="0,0,3/0,0,0/0,0,0/0,0,0",
    )
    assert_legal(g, "P1 move A6 D6")
    assert g.state.phase == "main"
    assert field(g, "relocate") == "-"
    assert knights(g) == {"D6": "P1:3:-f-"}


def test_CK2P_NEUTRAL_CHOOSER_the_player_who_recruits_or_promotes_decides():
    g = load(
        roads=per("A3,D3", "C5,N3", "I7", "K3"), kn="A2:P1:1:---", hands=hands(cards(wool=2, ore=2))
    )
    play(g, "P1 recruit A6")
    assert pending_seats(g) == [P1]
    assert_illegal(g, "P2 neutral N1 knight I6", "CK2P-NEUTRAL-CHOOSER")
    assert_illegal(g, "P2 neutral N2 knight K4", "CK2P-NEUTRAL-CHOOSER")
    play(g, "P1 neutral N1 knight I6", "P1 promote A2")
    assert_illegal(g, "P2 neutral N1 promote I6", "CK2P-NEUTRAL-CHOOSER")
    assert_legal(g, "P1 neutral N1 promote I6")
    # On P2's turn P2 decides, and P1 may not.
    g = load(
        active="P2",
        turn=2,
        roads=per("A3,D3", "C5,N3", "I7", "K3"),
        hands=hands(ZERO, cards(**KNIGHT)),
    )
    play(g, "P2 recruit J6")
    assert pending_seats(g) == [P2]
    assert texts(g) == {"P2 neutral N1 knight I6", "P2 neutral N2 knight K4"}
    assert_illegal(g, "P1 neutral N1 knight I6", "CK2P-NEUTRAL-CHOOSER")
    assert_legal(g, "P2 neutral N2 knight K4")
    assert kn(g, "K4") == (N2, 1, False, False, False)


def _displaced_n1_knight() -> Game:
    """P1's strong knight has just pushed N1's basic knight off D6 (N1's roads H3, H5)."""
    return play(
        load(roads=per("A3,D3,D5", "C5,N3", "H3,H5"), kn="A6:P1:2:a--,D6:N1:1:---"), "P1 move A6 D6"
    )


def test_CK2P_NEUTRAL_CHOOSER_the_displacing_player_moves_the_neutral_knight():
    g = _displaced_n1_knight()
    assert pending_seats(g) == [P1]
    assert {a.player for a in g.legal_actions()} == {P1}
    assert not g.explain("P2 relocate H6").legal
    assert_legal(g, "P1 relocate H6")
    assert kn(g, "H6")[0] == N1
    # On P2's turn P2 displaces and relocates (through N1's settlement H4 to D6).
    g = load(
        active="P2",
        turn=2,
        roads=per("A3,D3", "C5,N3,J7,I5", "H3,I7"),
        kn="J6:P2:2:a--,I6:N1:1:---",
    )
    play(g, "P2 move J6 I6")
    assert pending_seats(g) == [P2]
    assert texts(g) == {"P2 relocate D6"}
    assert not g.explain("P1 relocate D6").legal
    assert_legal(g, "P2 relocate D6")
    assert kn(g, "D6")[:3] == (N1, 1, False)


def test_CK2P_NEUTRAL_CHOOSER_wrong_seat_relocation_cites_the_chooser_rule():
    g = _displaced_n1_knight()
    assert_illegal(g, "P2 relocate H6", "CK2P-NEUTRAL-CHOOSER")


def test_CK2P_LONGEST_ROUTE_a_neutral_knight_cuts_a_players_route():
    # P1's route A2-A4-A6-D4-D6-D8-D10 (6 roads) holds Longest Route; N1's road H3 ends at D6.
    g = load(
        roads=per("A3,A5,D3,D5,D7,D9", "C5,N3", "H3"),
        longest="P1",
        hands=hands(cards(**KNIGHT)),
        phand=per("treason"),
    )
    assert g.state.longest == P1 and g.victory_points(P1) == 5
    play(g, "P1 recruit A2")  # P1's own knight cuts nothing
    assert g.state.longest == P1 and g.state.road_len[P1] == 6
    assert texts(g) == {"P1 neutral N1 knight D6"}
    play(g, "P1 neutral N1 knight D6")
    assert g.state.road_len[P1] == 4  # A2..D6, then D6..D10 apart
    assert g.state.longest == -1
    assert g.victory_points(P1) == 3
    # Treason takes the knight away again: the route is whole and P1 holds it again.
    play(g, "P1 play treason N1", "P1 pass")
    assert g.state.road_len[P1] == 6 and g.state.longest == P1


def test_CK2P_LONGEST_ROUTE_a_neutral_may_hold_longest_route():
    # N1's chain H4-H6-H8-H10-D8 (4 roads); P1 builds a road and gives N1 a fifth.
    g = load(roads=per("A3,D3", "C5,N3", "H5,H7,H9,H11"), hands=hands(cards(brick=1, lumber=1)))
    play(g, "P1 road A5")
    assert g.state.longest == -1
    assert_legal(g, "P1 neutral N1 road D7")
    assert g.state.road_len[N1] == 5
    assert g.state.longest == N1
    assert g.victory_points(N1) == 0 and g.victory_points(P1) == 3
    # A neutral also takes it from a player: P1 holds with 5, N1 closes a loop of 6.
    g = load(
        roads=per("A1,A3,A5,A7,A9,D3", "C5,N3", "H5,H7,H9,H11,D7"),
        longest="P1",
        hands=hands(cards(brick=1, lumber=1)),
    )
    assert g.state.road_len[P1] == g.state.road_len[N1] == 5 and g.victory_points(P1) == 5
    play(g, "P1 road B7", "P1 neutral N1 road H3")
    assert g.state.road_len[N1] == 6
    assert g.state.longest == N1
    assert g.victory_points(P1) == 3


# ================================================================ 5.5 Progress cards
def test_CK2P_PC_TREASON_a_neutral_loses_its_weakest_knight():
    # N1: basic I4 and strong I6. Its weakest goes at once, P1 has nothing to choose.
    g = load(
        roads=per("A3,D3", "C5,N3", "I7,I5", "K3"),
        kn="I6:N1:2:---,I4:N1:1:---,K4:N2:1:---",
        phand=per("treason"),
    )
    assert {"P1 play treason N1", "P1 play treason N2", "P1 play treason P2"} <= texts(g)
    assert_legal(g, "P1 play treason N1")
    assert kn(g, "I4") is None and kn(g, "I6") == (N1, 2, False, False, False)
    assert kn(g, "K4") == (N2, 1, False, False, False)
    # P1 may then place a basic knight (the removed one's strength), no stronger.
    assert g.state.phase == "deserter"
    assert texts(g) == {"P1 place A2 basic", "P1 place A6 basic", "P1 pass"}
    assert_illegal(g, "P1 place A6 strong", "CK-PC-TREASON")


def test_CK2P_PC_TREASON_among_equally_weak_neutral_knights_the_player_picks():
    g = load(
        roads=per("A3,D3", "C5,N3", "I7,I5,H5", "K3"),
        kn="I6:N1:1:---,I4:N1:1:---,H6:N1:2:---",
        phand=per("treason"),
    )
    assert_legal(g, "P1 play treason N1")
    assert g.state.phase == "desert"
    assert pending_seats(g) == [P1]
    assert texts(g) == {"P1 desert I6", "P1 desert I4"}
    assert_illegal(g, "P1 desert H6", "CK2P-PC-TREASON")  # not one of the weakest
    assert not g.explain("P2 desert I6").legal
    assert_legal(g, "P1 desert I6")
    assert knights(g) == {"I4": "N1:1:---", "H6": "N1:2:---"}


def test_CK2P_PC_TREASON_wrong_seat_desert_cites_the_ck2p_rule():
    g = load(
        roads=per("A3,D3", "C5,N3", "I7,I5"), kn="I6:N1:1:---,I4:N1:1:---", phand=per("treason")
    )
    play(g, "P1 play treason N1")
    assert_illegal(g, "P2 desert I6", {"CK2P-PC-TREASON", "CK2P-NEUTRAL-CHOOSER"})


def test_CK2P_PC_TREASON_a_neutral_without_knights_loses_nothing():
    g = load(roads=per("A3,D3", "C5,N3", "I7", "K3"), kn="K4:N2:1:---", phand=per("treason"))
    assert_legal(g, "P1 play treason N1")
    assert g.state.phase == "main" and field(g, "treason") == "-"
    assert g.state.phand[P1] == ()  # played all the same
    assert knights(g) == {"K4": "N2:1:---"}


def test_CK2P_PC_TREASON_the_players_placed_knight_owes_no_neutral_knight():
    # Against a neutral ...
    g = load(roads=per("A3,D3", "C5,N3", "I7,I5", "K3"), kn="I6:N1:1:---", phand=per("treason"))
    play(g, "P1 play treason N1")
    assert_legal(g, "P1 place A6 basic")
    assert_nothing_owed(g)
    assert knights(g) == {"A6": "P1:1:-f-"}
    # ... and against the opponent, with free neutral road ends (I4, K4) all the same.
    g = load(roads=per("A3,D3", "C5,N3,N5", "I7,I5", "K3"), kn="N6:P2:1:---", phand=per("treason"))
    play(g, "P1 play treason P2")
    assert_legal(g, "P1 place A6 basic")
    assert_nothing_owed(g)
    assert knights(g) == {"A6": "P1:1:-f-"}


def test_CK2P_PC_DIPLOMACY_rebuilding_ones_own_road_owes_no_neutral_road():
    g = load(roads=per("A3,D3", "C5,N3", "I7", "K3"), phand=per("diplomacy"))
    assert_legal(g, "P1 play diplomacy A3 A5")
    assert eowner(g, "A3") == -1 and eowner(g, "A5") == P1
    assert_nothing_owed(g)
    assert g.state.roads == (2, 2, 1, 1)
    # A built road, by contrast, owes one.
    g = load(roads=per("A3,D3", "C5,N3", "I7", "K3"), hands=hands(cards(brick=1, lumber=1)))
    play(g, "P1 road A5")
    assert field(g, "nb") == "road:main:road"


def test_CK2P_PC_DIPLOMACY_NEUTRAL_an_open_neutral_road_goes_back_to_its_supply():
    # N1's chain H4-I6-I4 (I7, I5): I7 is closed (settlement at H4, I5 at I6), I5 is open.
    g = load(roads=per("A3,D3", "C5,N3", "I7,I5", "K3"), phand=per("diplomacy"))
    assert "P1 play diplomacy I5" in texts(g) and "P1 play diplomacy K3" in texts(g)
    assert_illegal(g, "P1 play diplomacy I7", "CK-PC-DIPLOMACY")
    assert_illegal(g, "P1 play diplomacy I5 A5", "CK-PC-DIPLOMACY")  # no rebuild for P1
    assert_legal(g, "P1 play diplomacy I5")
    assert eowner(g, "I5") == -1
    assert g.state.roads[N1] == 1
    assert_nothing_owed(g)
    # A road at whose open end N1 has a knight is not open.
    g = load(roads=per("A3,D3", "C5,N3", "I7,I5", "K3"), kn="I4:N1:1:---", phand=per("diplomacy"))
    assert "P1 play diplomacy I5" not in texts(g)
    assert_illegal(g, "P1 play diplomacy I5", "CK-PC-DIPLOMACY")


def test_CK2P_PC_INTRIGUE_drives_off_a_neutral_knight_of_any_strength():
    # N1's strong knight on D6 touches P1's road D5; P1 has no knight at all.
    g = load(
        roads=per("A3,D3,D5", "C5,N3", "H3,H5"), kn="D6:N1:2:---", phand=per("intrigue,intrigue")
    )
    assert "P1 play intrigue D6" in texts(g)
    assert_legal(g, "P1 play intrigue D6")
    assert kn(g, "D6") is None
    assert g.state.phase == "relocate" and pending_seats(g) == [P1]
    assert texts(g) == {"P1 relocate H6"}
    assert_legal(g, "P1 relocate H6")
    assert knights(g) == {"H6": "N1:2:-f-"}
    assert g.state.phase == "main"
    # Not touched by P1's roads: refused. With nowhere to go it returns to N1's supply.
    assert_illegal(g, "P1 play intrigue H6", "CK-PC-INTRIGUE")
    g = load(roads=per("A3,D3,D5", "C5,N3", "H3"), kn="D6:N1:1:---", phand=per("intrigue"))
    assert_legal(g, "P1 play intrigue D6")
    assert g.state.phase == "main" and knights(g) == {}


def test_CK2P_PC_ALCHEMY_only_before_the_first_roll_and_the_second_must_differ():
    g = pre_roll(phand=per("alchemy,alchemy"))
    assert_legal(g, "P1 play alchemy 4 6")
    # Only the event die is rolled for the first roll; 10 pays A (P1's A4) and G (P2's C6).
    assert {str(a) for a, _ in g.chance_weights()} == {
        "event ship",
        "event science",
        "event trade",
        "event politics",
    }
    play(g, "event ship")
    assert g.state.sums == (10,)
    assert g.state.hands[P1] == cards(ore=1) and g.state.hands[P2] == cards(brick=1)
    # Between the rolls Alchemy is refused.
    assert g.state.phase == "dice"
    assert_illegal(g, "P1 play alchemy 1 1", "CK2P-PC-ALCHEMY")
    # The second roll uses all three dice; a second 10 rerolls the number dice only.
    play(g, "die white 5", "die red 5", "event ship")
    assert g.state.sums == (10, 10)
    outcomes = {str(a) for a, _ in g.chance_weights()}
    assert "die white 1" in outcomes and not any(o.startswith("event") for o in outcomes)
    play(g, "die white 1", "die red 2")
    assert g.state.sums == (10, 3) and g.state.phase == "main"
    assert_illegal(g, "P1 play alchemy 1 1", {"CK2P-PC-ALCHEMY", "CK-PC-ALCHEMY"})


def test_CK2P_PC_SMITHING_each_basic_to_strong_promotion_owes_a_neutral_one():
    g = load(
        roads=per("A3,D3", "C5,N3", "I7", "K3"),
        kn="A6:P1:1:---,A2:P1:1:---,I6:N1:1:---,K4:N2:1:---",
        phand=per("smithing"),
    )
    assert_legal(g, "P1 play smithing A6 A2")
    assert field(g, "nb") == "promote:main:promote:1"
    assert texts(g) == {"P1 neutral N1 promote I6", "P1 neutral N2 promote K4"}
    assert_legal(g, "P1 neutral N1 promote I6")
    assert g.state.phase == "neutral"  # the second promotion is owed as well
    assert texts(g) == {"P1 neutral N2 promote K4"}
    assert_legal(g, "P1 neutral N2 promote K4")
    assert_nothing_owed(g)
    assert knights(g) == {"A2": "P1:2:--p", "A6": "P1:2:--p", "I6": "N1:2:---", "K4": "N2:2:---"}


def test_CK2P_PC_SMITHING_strong_to_mighty_adds_nothing_and_impossible_ones_lapse():
    # A6 strong -> mighty (politics 3) owes nothing; A2 basic -> strong owes one.
    g = load(
        roads=per("A3,D3", "C5,N3", "I7", "K3"),
        kn="A6:P1:2:---,A2:P1:1:---,I6:N1:1:---,K4:N2:1:---",
        phand=per("smithing"),
        levels="0,0,3/0,0,0/0,0,0/0,0,0",
    )
    play(g, "P1 play smithing A6 A2")
    assert field(g, "nb") == "promote:main:promote"
    play(g, "P1 neutral N2 promote K4")
    assert_nothing_owed(g)
    assert knights(g) == {"A2": "P1:2:--p", "A6": "P1:3:--p", "I6": "N1:1:---", "K4": "N2:2:---"}
    # Two owed, but only one neutral basic knight: the second promotion lapses.
    g = load(
        roads=per("A3,D3", "C5,N3", "I7", "K3"),
        kn="A6:P1:1:---,A2:P1:1:---,I6:N1:1:---",
        phand=per("smithing"),
    )
    play(g, "P1 play smithing A6 A2", "P1 neutral N1 promote I6")
    assert_nothing_owed(g)
    assert knights(g)["I6"] == "N1:2:---"


def test_CK2P_PC_ROAD_BUILDING_two_free_roads_and_two_neutral_roads():
    g = load(phand=per("road-building"))
    assert_legal(g, "P1 play road-building")
    assert_legal(g, "P1 road A5")
    assert g.state.phase == "neutral" and field(g, "nb").startswith("road:road-building")
    assert_legal(g, "P1 neutral N1 road H3")
    assert g.state.phase == "road-building"
    assert_legal(g, "P1 road D5")
    assert g.state.phase == "neutral"
    assert_legal(g, "P1 neutral N1 road H5")  # both for one neutral
    assert_nothing_owed(g)
    assert field(g, "roads") == "A3,A5,D3,D5/C5,N3/H3,H5/-"
    assert g.state.hands[P1] == ZERO  # free
    # Or one for each neutral.
    g = play(
        load(phand=per("road-building")),
        "P1 play road-building",
        "P1 road A5",
        "P1 neutral N1 road I7",
        "P1 road D5",
    )
    assert_legal(g, "P1 neutral N2 road K3")
    assert field(g, "roads") == "A3,A5,D3,D5/C5,N3/I7/K3"


def test_CK2P_PC_OTHERS_cards_never_name_or_reach_a_neutral():
    g = load(
        roads=per("A3,D3", "C5,N3", "I7", "K3"),
        kn="I6:N1:1:---,A6:P1:1:---",
        phand=per(
            "espionage,guild-dues,medicine,merchant,encouragement,commercial-harbor", "wedding"
        ),
        hands=hands(cards(brick=2, grain=1, ore=2), cards(wool=2, cloth=1)),
    )
    for text in ("P1 play espionage N1", "P1 play guild-dues N1 1,0,0,0,0,0,0,0"):
        with pytest.raises(CatanError):
            g.explain(text)
    plays = {t for t in texts(g) if " play " in t}
    assert not any(" N1" in t or " N2" in t for t in plays)
    # No city for a neutral settlement, no merchant by neutral buildings alone.
    assert_illegal(g, "P1 play medicine H4", "CK-PC-MEDICINE")
    assert_illegal(g, "P1 play merchant M", "CK-PC-MERCHANT")  # only N1's H4 on M
    # Encouragement stands up P1's knights only.
    assert_legal(g, "P1 play encouragement")
    assert knights(g) == {"A6": "P1:1:af-", "I6": "N1:1:---"}
    # Commercial Harbor deals with the opponent only.
    assert_legal(g, "P1 play commercial-harbor")
    assert {t.split()[2] for t in texts(g) if t.split()[1] == "hand"} == {"P2"}
    with pytest.raises(CatanError):
        g.explain("P1 hand N1 brick")


def test_CK2P_PC_OTHERS_taxation_robs_players_only():
    # The robber is out (after the first attack). Hex M: N1's H4 and P2's settlement M6.
    g = load(
        attacked=1,
        robber="J",
        settlements=per("A4", "C6,M6", "H4", "G6"),
        phand=per("taxation"),
        hands=hands(cards(brick=1), cards(wool=1)),
    )
    assert_legal(g, "P1 play taxation M")
    assert g.state.robber == 12  # M
    assert g.state.phase == "steal" and g.state.victim == P2
    assert field(g, "taxed") == "-"  # N1 is not in line
    # A hex with only a neutral building: nobody is robbed.
    g = load(
        attacked=1, robber="J", phand=per("taxation"), hands=hands(cards(brick=1), cards(wool=1))
    )
    assert_legal(g, "P1 play taxation H")
    assert g.state.phase == "main"
    assert g.state.hands[P1] == cards(brick=1) and g.state.hands[P2] == cards(wool=1)


def test_CK_AWARD_LONGEST_ROUTE_intrigue_frees_a_route_before_the_knight_is_moved():
    # P1's roads D3-D5-D7 (A6-D4-D6-D8) pass D6, where N1's knight stands (N1's roads H3, H5
    # lead on to H6): P1's route is 2 there. Intrigue takes the knight off at once; the route
    # is whole again while the knight waits to be moved (BASE-AWARD-TIMING), not only after.
    g = load(roads=per("A3,D3,D5,D7", "C5,N3", "H3,H5"), kn="D6:N1:1:---", phand=per("intrigue"))
    assert g.state.road_len[P1] == 2
    assert_legal(g, "P1 play intrigue D6")
    assert g.state.phase == "relocate"
    assert g.state.road_len[P1] == 3
    assert_legal(g, "P1 relocate H6")
    assert g.state.road_len[P1] == 3


def test_CK2P_NEUTRAL_KNIGHT_PROMOTE_an_owed_promotion_is_said_in_words():
    """A move that waits for the promotion owed is told it is made, not placed; a neutral
    piece of another kind is told its cause first, in a clause of its own (a puzzle asking
    what is owed keeps it: l36 at 5.13, 2P-NEUTRAL-MIRROR)."""
    g = load(
        roads=per("A3,D3", "C5,N3", "I7,I5", "K3"),
        kn="A6:P1:1:a--,I6:N1:1:---,I4:N1:1:---,K4:N2:2:---",
        hands=hands(cards(**KNIGHT)),
    )
    play(g, "P1 promote A6")
    waits = g.explain("P1 end").reason
    assert waits.startswith("P1 first makes the neutral knight promotion they owe"), waits
    other = g.explain("P1 neutral N1 road I3")
    assert other.rule == "CK2P-NEUTRAL-KNIGHT-PROMOTE"
    assert other.reason == (
        "A neutral road is owed only when P1 builds a road; "
        "P1 owes a neutral knight promotion, mirroring what they did."
    ), other.reason
