"""One test (at least) per progress-card rule of Cities & Knights (rulebook/rules.md §4.12, plus
CK-TRADE-MERCHANT; ``ck``, a preview variant), each named after its rule. Each card's test
checks its effect and its limits.

Positions are built by editing the fields of a ``Game.position()`` text (``load``) taken from
a fixed opening on the beginner board; chance is forced by playing its outcome (``die white
3``, ``event science``, ``progress science printing``, ``steal ore``).

The opening (hex terrain and number in brackets), 3 VP each:
    P1: settlement A4 (A mountains 10, B pasture 2, E hills 6), city D4 (D fields 12, E,
        I forest 11); roads A3 (A2-A4), D3 (A6-D4)
    P2: settlement C6 (C forest 9, F pasture 4, G hills 10), city H4 (H fields 9, I,
        M forest 8); roads C5 (C4-C6), H3 (D6-H4)
    P3: settlement K6 (K forest 3, O fields 4, P pasture 5), city N6 (N mountains 3,
        Q hills 5, R fields 6); roads K5 (K4-K6), N5 (N4-N6)
Card counts are written in the engine's order: brick, lumber, wool, grain, ore, paper, cloth,
coin.
"""

from __future__ import annotations

from functools import lru_cache

import pytest
from helpers import assert_illegal, assert_legal, cards, conserve_ck, from_fields, kn, play

from catan_tutor import Game, new_game
from catan_tutor.actions import HarborOffer, PlayProgress
from catan_tutor.board import parse_hex, parse_vertex
from catan_tutor.errors import CatanError
from catan_tutor.progress_cards import CARDS, COUNT, DECK_KINDS, DECK_OF, VP_CARDS

# the rules engine alone: left out of the minimum-versions lane (scripts/min_versions.sh)
pytestmark = pytest.mark.engine

P1, P2, P3 = 0, 1, 2
SCIENCE, TRADE, POLITICS = 0, 1, 2
KINDS = ("brick", "lumber", "wool", "grain", "ore", "paper", "cloth", "coin")
ZERO = (0,) * 8
OPENING = (
    "P1 settle A4", "P1 road A3", "P2 settle C6", "P2 road C5", "P3 settle K6", "P3 road K5",
    "P3 city N6", "P3 road N5", "P2 city H4", "P2 road H3", "P1 city D4", "P1 road D3",
)  # fmt: skip


# ---------------------------------------------------------------- helpers
@lru_cache(maxsize=1)
def opening_text() -> str:
    return play(new_game("ck", players=3, preview=True), *OPENING).position()


def card(name: str) -> int:
    return CARDS.index(name)


def hands(p1=ZERO, p2=ZERO, p3=ZERO) -> str:
    return "/".join(",".join(map(str, h)) for h in (p1, p2, p3))


def load(**changes) -> Game:
    """The opening's position with some fields replaced (hands empty unless given).

    The bank is recomputed so that every kind is conserved (19 per resource, 12 per
    commodity); unless ``pdecks`` is given, the decks' unseen counts are recomputed (empty
    queues) so that all 54 progress cards are accounted for (VP cards laid out: Printing
    first)."""
    words = opening_text().split()
    head, f = words[:2], dict(w.split("=", 1) for w in words[2:])
    f["hands"] = hands()
    f.update({k: str(v) for k, v in changes.items()})
    conserve_ck(f, bank="bank" not in changes, decks="pdecks" not in changes)
    return from_fields(head, f)


def main_game(**changes) -> Game:
    """The opening's board in P1's Action phase of turn 1 (after 1+2, a politics castle)."""
    return load(**{"phase": "main", "dice": "1,2", "event": "politics", **changes})


def pre_roll(**changes) -> Game:
    """P1 to roll in turn 1 (Alchemy may be played)."""
    return load(**{"phase": "pre-roll", "dice": "-", "event": "-", **changes})


def knights(game: Game) -> dict[str, tuple]:
    """The field kn of the position: VERTEX:SEAT:LEVEL:FLAGS per knight."""
    text = dict(w.split("=", 1) for w in game.position().split()[2:])["kn"]
    return (
        {} if text == "-" else {e.split(":")[0]: tuple(e.split(":")[1:]) for e in text.split(",")}
    )


def phand(game: Game, p: int) -> list[str]:
    return [CARDS[k] for k in game.state.phand[p]]


def queue(game: Game, deck: int) -> list[str]:
    return [CARDS[k] for k in game.state.pdecks[deck][1]]


def assert_played(before: Game, after: Game, name: str, p: int = P1) -> None:
    """``name`` left p's hand and went face down at the bottom of its deck (CK-PC-PLAY)."""
    k = card(name)
    left = list(before.state.phand[p])
    left.remove(k)
    assert sorted(after.state.phand[p]) == sorted(left)
    deck = DECK_OF[k]
    assert queue(after, deck) == [*queue(before, deck), name]


def copy(game: Game) -> Game:
    return Game.from_position(game.position())


def outcomes(game: Game) -> set[str]:
    return {str(a) for a, _ in game.chance_weights()}


# ================================================================ general
def test_CK_PC_PLAY_active_player_action_phase_any_number_cards_go_under_their_deck():
    g = main_game(phand="irrigation,mining,crane/crane/-")
    # Only the active player, only cards held, only in the Action phase.
    assert_illegal(g, "P2 play crane science", {"BASE-TURN-OFFTURN", "CK-PC-PLAY"})
    assert_illegal(g, "P1 play medicine A4", "CK-PC-PLAY")
    assert_illegal(g, "P1 play encouragement", "CK-PC-PLAY")
    # Any number per turn; each played card goes to the bottom of its deck, in order.
    before = copy(g)
    assert_legal(g, "P1 play irrigation")
    assert_played(before, g, "irrigation")
    assert g.state.hands[P1] == cards(grain=2)
    before = copy(g)
    assert_legal(g, "P1 play mining")
    assert_played(before, g, "mining")
    assert queue(g, SCIENCE) == ["irrigation", "mining"]
    assert g.state.hands[P1] == cards(grain=2, ore=2)
    assert_legal(g, "P1 play crane science")
    assert g.state.phand[P1] == () and queue(g, SCIENCE) == ["irrigation", "mining", "crane"]
    assert g.state.levels[P1][SCIENCE] == 1
    assert g.state.phand[P2] == (card("crane"),)
    # Not before rolling (except Alchemy), nor while a decision is pending.
    g = pre_roll(phand="irrigation/-/-")
    assert_illegal(g, "P1 play irrigation", "CK-TURN-ROLL-PHASE")
    g = main_game(phand="road-building,irrigation/-/-")
    g.play("P1 play road-building")
    assert g.state.phase == "road-building"
    assert_illegal(g, "P1 play irrigation", None)


def test_CK_PC_PLAY_a_card_drawn_this_turn_may_be_played_at_once():
    g = pre_roll(levels="1,0,0/0,0,0/0,0,0")
    play(g, "P1 roll", "die white 2", "die red 1", "event science")
    assert g.state.phase == "progress-draw"
    g.play("progress science irrigation")
    assert phand(g, P1) == ["irrigation"] and g.state.phase == "main"
    grain = g.state.hands[P1][3]
    assert_legal(g, "P1 play irrigation")
    assert g.state.hands[P1][3] == grain + 2
    assert queue(g, SCIENCE) == ["irrigation"]


def test_CK_PC_PLAY_a_card_without_benefit_still_counts_as_played():
    g = main_game(
        phand="encouragement,irrigation/-/-", settlements="A4/C6/K6", cities="-/H4/N6"
    )  # no knights, no fields hex
    before = copy(g)
    assert_legal(g, "P1 play encouragement")
    assert_played(before, g, "encouragement")
    assert_legal(g, "P1 play irrigation")
    assert g.state.hands == before.state.hands and g.state.kn == before.state.kn
    assert queue(g, POLITICS) == ["encouragement"] and queue(g, SCIENCE) == ["irrigation"]
    assert g.state.phand[P1] == ()


def test_CK_PC_COUNTS_18_per_deck_54_in_all():
    want = {
        "alchemy": 2, "crane": 2, "engineering": 1, "invention": 2, "irrigation": 2,
        "medicine": 2, "mining": 2, "printing": 1, "road-building": 2, "smithing": 2,
        "commercial-harbor": 2, "guild-dues": 2, "merchant": 6, "merchant-fleet": 2,
        "resource-monopoly": 4, "trade-monopoly": 2,
        "constitution": 1, "diplomacy": 2, "encouragement": 2, "espionage": 3, "intrigue": 2,
        "sabotage": 2, "taxation": 2, "treason": 2, "wedding": 2,
    }  # fmt: skip
    assert dict(zip(CARDS, COUNT, strict=True)) == want
    for t, names in enumerate((list(want)[:10], list(want)[10:16], list(want)[16:])):
        assert [CARDS[k] for k in DECK_KINDS[t]] == names
        assert sum(want[n] for n in names) == 18
    assert sum(COUNT) == 54
    assert {CARDS[k] for k in VP_CARDS} == {"printing", "constitution"}
    g = new_game("ck", players=3, preview=True)
    assert [sum(c) for c, q in g.state.pdecks] == [18, 18, 18]
    assert all(q == () for _, q in g.state.pdecks) and g.state.phand == ((), (), ())
    # A position must account for all 54 cards: a card more in a hand is refused.
    words = main_game().position().replace("phand=-/-/-", "phand=crane/-/-")
    with pytest.raises(CatanError):
        Game.from_position(words)


def test_CK_PC_NO_TARGET_targeted_cards_without_target_count_as_played():
    # Wedding: nobody has more VP.
    g = main_game(phand="wedding/-/-", hands=hands(ZERO, cards(ore=5), cards(wool=5)))
    before = copy(g)
    assert_legal(g, "P1 play wedding")
    assert_played(before, g, "wedding")
    assert g.state.phase == "main" and g.state.hands == before.state.hands
    # Sabotage: nobody has as many VP as P1 (the merchant's 1 VP).
    g = main_game(
        phand="sabotage/-/-", merchant="A:P1", hands=hands(ZERO, cards(ore=8), cards(wool=8))
    )
    before = copy(g)
    assert_legal(g, "P1 play sabotage")
    assert_played(before, g, "sabotage")
    assert g.state.phase == "main" and g.state.hands == before.state.hands
    # Treason: P2 has no knight.
    g = main_game(phand="treason/-/-", kn="A2:P3:1:a--")
    before = copy(g)
    assert_legal(g, "P1 play treason P2")
    assert_played(before, g, "treason")
    assert g.state.phase == "main" and g.state.kn == before.state.kn
    # Espionage: P2 holds no progress card.
    g = main_game(phand="espionage/-/-")
    before = copy(g)
    assert_legal(g, "P1 play espionage P2")
    assert_played(before, g, "espionage")
    assert g.state.phand == ((), (), ())
    # Commercial Harbor: nobody holds a commodity; the resource comes back.
    g = main_game(phand="commercial-harbor/-/-", hands=hands(cards(brick=2), cards(ore=1)))
    before = copy(g)
    assert_legal(g, "P1 play commercial-harbor")
    assert_played(before, g, "commercial-harbor")
    assert_legal(g, "P1 hand P2 brick")
    assert g.state.phase == "main" and g.state.hands == before.state.hands
    # Taxation: only P1's own buildings touch E; the robber moves, nobody is robbed.
    g = main_game(
        phand="taxation/-/-",
        attacked=1,
        robber="J",
        hands=hands(cards(ore=2), cards(ore=2), cards(ore=2)),
    )
    before = copy(g)
    assert_legal(g, "P1 play taxation E")
    assert_played(before, g, "taxation")
    assert g.state.robber == parse_hex("E")
    assert g.state.phase == "main" and g.state.hands == before.state.hands


def test_CK_PC_NO_TARGET_guild_dues_without_a_richer_player_counts_as_played():
    g = main_game(phand="guild-dues/-/-", hands=hands(ZERO, cards(ore=2), cards(wool=2)))
    plays = [
        a for a in g.legal_actions() if isinstance(a, PlayProgress) and a.card == card("guild-dues")
    ]
    assert plays, "Guild Dues may be played with no valid target"
    before = copy(g)
    g.play(plays[0])
    assert_played(before, g, "guild-dues")
    assert g.state.hands == before.state.hands


# ================================================================ science
def test_CK_PC_ALCHEMY_chosen_dice_only_event_rolled_red_decides_draws():
    # 6+6: only the event die is rolled; D (fields 12) pays P1's city 2 grain; a red 6 is
    # above science level 1's draws (red 1-2).
    g = pre_roll(phand="alchemy/-/-", levels="1,0,0/0,0,0/0,0,0")
    before = copy(g)
    assert_legal(g, "P1 play alchemy 6 6")
    assert_played(before, g, "alchemy")
    assert g.state.phase == "dice"
    assert outcomes(g) == {"event ship", "event science", "event trade", "event politics"}
    assert_illegal(g, "die white 3", None)
    g.play("event science")
    assert g.state.dice == (6, 6) and g.state.phase == "main"
    assert g.state.hands[P1] == cards(grain=2) and g.state.phand[P1] == ()
    # 5+1: the chosen red 1 draws for P1 (science 1); E (hills 6) pays A4 1 + D4 2 brick.
    g = pre_roll(phand="alchemy/-/-", levels="1,0,0/0,0,0/0,0,0")
    play(g, "P1 play alchemy 5 1", "event science")
    assert g.state.phase == "progress-draw"
    g.play("progress science mining")
    assert phand(g, P1) == ["mining"]
    assert g.state.hands[P1] == cards(brick=3)
    # A chosen 7 is allowed: the 7 is resolved (P2 discards 4 of 8).
    g = pre_roll(phand="alchemy/-/-", hands=hands(ZERO, cards(ore=8)))
    play(g, "P1 play alchemy 3 4", "event trade")
    assert sum(g.state.dice) == 7
    assert g.state.phase == "discard" and g.state.discards == (0, 4, 0)


def test_CK_PC_ALCHEMY_only_before_rolling_each_die_1_to_6():
    g = main_game(phand="alchemy/-/-")
    assert_illegal(g, "P1 play alchemy 3 4", "CK-PC-ALCHEMY")
    g = pre_roll(phand="alchemy/-/-")
    for bad in ((7, 1), (0, 3), (2, 9)):
        assert_illegal(g, PlayProgress(P1, card("alchemy"), bad), {"CK-PC-ALCHEMY", "CK-PC-PLAY"})
    with pytest.raises(CatanError):
        g.explain("P1 play alchemy 7 1")
    g.play("P1 roll")
    assert_illegal(g, "P1 play alchemy 3 4", None)  # the dice are being rolled
    g = pre_roll(phand="crane/-/-")
    assert_illegal(g, "P1 play alchemy 3 4", "CK-PC-PLAY")  # not held


def test_CK_PC_CRANE_one_commodity_less_per_improvement():
    g = main_game(phand="crane,crane/-/-", hands=hands(cards(paper=1)))
    assert_legal(g, "P1 play crane science")  # level 1 costs 1: free
    assert g.state.levels[P1] == (1, 0, 0) and g.state.hands[P1] == cards(paper=1)
    assert_legal(g, "P1 play crane science")  # level 2 costs 2: 1 paper
    assert g.state.levels[P1] == (2, 0, 0) and g.state.hands[P1] == ZERO
    assert queue(g, SCIENCE) == ["crane", "crane"]
    # One Crane, one commodity: level 3 costs 3, with a Crane exactly 2.
    g = main_game(phand="crane/-/-", levels="2,0,0/0,0,0/0,0,0", hands=hands(cards(paper=1)))
    assert_illegal(g, "P1 play crane science", "CK-PC-CRANE")  # the card's price, not the table's
    assert "With Crane one commodity less" in g.explain("P1 play crane science").reason
    g = main_game(phand="crane/-/-", levels="2,0,0/0,0,0/0,0,0", hands=hands(cards(paper=5)))
    assert_legal(g, "P1 play crane science")
    assert g.state.levels[P1] == (3, 0, 0) and g.state.hands[P1] == cards(paper=3)
    # The level that wins a metropolis names the city.
    g = main_game(phand="crane/-/-", levels="0,0,3/0,0,0/0,0,0", hands=hands(cards(coin=3)))
    assert_illegal(g, "P1 play crane politics", "CK-METRO-TAKE")
    assert_illegal(g, "P1 play crane politics A4", "CK-METRO-TAKE")  # a settlement
    assert_legal(g, "P1 play crane politics D4")
    assert g.state.levels[P1] == (0, 0, 4) and g.state.hands[P1] == ZERO
    assert g.state.metro[POLITICS] == parse_vertex("D4") and g.victory_points(P1) == 5
    # Without a city no track can be raised, Crane or not.
    g = main_game(phand="crane/-/-", settlements="A4,D4/C6/K6", cities="-/H4/N6")
    assert_illegal(g, "P1 play crane science", {"CK-IMPROVE-KEEP", "CK-IMPROVE-BUILD"})


def test_CK_PC_ENGINEERING_one_free_city_wall():
    g = main_game(phand="engineering/-/-")
    assert_illegal(g, "P1 play engineering A4", "CK-WALL-BUILD")  # a settlement
    assert_illegal(g, "P1 play engineering H4", "CK-WALL-BUILD")  # P2's city
    before = copy(g)
    assert_legal(g, "P1 play engineering D4")
    assert_played(before, g, "engineering")
    assert g.state.walls[parse_vertex("D4")] and g.state.hands[P1] == ZERO
    # A walled city takes no second wall; at most 3 walls.
    g = main_game(phand="engineering/-/-", walls="D4")
    assert_illegal(g, "P1 play engineering D4", "CK-WALL-BUILD")
    g = main_game(
        phand="engineering/-/-",
        cities="A4,D4,H8,L2/H4/N6",
        settlements="-/C6/K6",
        walls="A4,H8,L2",
        hands=hands(cards(brick=2)),
    )
    assert_illegal(g, "P1 play engineering D4", "CK-BUILD-LIMITS")


def test_CK_PC_INVENTION_swaps_two_tokens_not_2_6_8_12_robber_stays():
    a, c = parse_hex("A"), parse_hex("C")
    g = main_game(phand="invention,invention/-/-", attacked=1, robber="J")
    before = copy(g)
    assert_legal(g, "P1 play invention A C")
    assert_played(before, g, "invention")
    assert (g.state.layout.numbers[a], g.state.layout.numbers[c]) == (9, 10)
    assert g.state.robber == parse_hex("J")
    # No building of P1's is needed: P (5) and S (11).
    assert_legal(g, "P1 play invention P S")
    assert g.state.layout.numbers[parse_hex("S")] == 5
    # Production follows the swapped tokens: a 9 pays A (P1's A4), no longer C (P2's C6).
    play(g, "P1 end", "P2 roll", "die white 4", "die red 5", "event politics")
    assert g.state.hands[P1] == cards(ore=1)
    assert g.state.hands[P2] == cards(grain=2)  # H4 on H (fields 9); C (now 10) pays nothing
    # Limits: 2, 6, 8 and 12 stay; the desert has no token; two different hexes.
    g = main_game(phand="invention/-/-")
    for pair in ("B C", "E C", "L C", "D C", "C L", "J C", "C C"):
        assert_illegal(g, f"P1 play invention {pair}", "CK-PC-INVENTION")


def test_CK_PC_IRRIGATION_two_grain_per_fields_hex_not_per_building():
    # P1's D4 and D8 both touch D (fields), D8 also H (fields): 2 hexes, 4 grain, the robber
    # on D changing nothing; P1's knight on O4 (O fields) is no building.
    g = main_game(
        phand="irrigation,irrigation/-/-",
        settlements="A4,D8/C6/K6",
        attacked=1,
        robber="D",
        kn="O4:P1:1:a--",
    )
    before = copy(g)
    assert_legal(g, "P1 play irrigation")
    assert_played(before, g, "irrigation")
    assert g.state.hands[P1] == cards(grain=4)
    assert g.state.bank[3] == 15
    # If the supply runs short, what is left.
    g = main_game(
        phand="irrigation/-/-", settlements="A4,D8/C6/K6", hands=hands(ZERO, cards(grain=16))
    )
    assert g.state.bank[3] == 3
    assert_legal(g, "P1 play irrigation")
    assert g.state.hands[P1] == cards(grain=3) and g.state.bank[3] == 0


def test_CK_PC_MINING_two_ore_per_mountains_hex_robber_irrelevant():
    # A4 touches A, L2 touches L (both mountains), the robber on A; a knight on I6 (N) is
    # no building; N (P3's city) is not P1's.
    g = main_game(
        phand="mining,mining/-/-",
        settlements="A4,L2/C6/K6",
        attacked=1,
        robber="A",
        kn="I6:P1:1:a--",
    )
    before = copy(g)
    assert_legal(g, "P1 play mining")
    assert_played(before, g, "mining")
    assert g.state.hands[P1] == cards(ore=4)
    assert g.state.hands[P3] == ZERO
    # Short supply: the last ore.
    g = main_game(phand="mining/-/-", settlements="A4,L2/C6/K6", hands=hands(ZERO, cards(ore=18)))
    assert_legal(g, "P1 play mining")
    assert g.state.hands[P1] == cards(ore=1) and g.state.bank[4] == 0


def test_CK_PC_MEDICINE_settlement_to_city_for_one_grain_two_ore():
    g = main_game(phand="medicine,medicine/-/-", hands=hands(cards(grain=1, ore=2, wool=1)))
    assert_illegal(g, "P1 play medicine D4", "CK-PC-MEDICINE")  # a city already
    assert_illegal(g, "P1 play medicine C6", "CK-PC-MEDICINE")  # P2's settlement
    assert_illegal(g, "P1 play medicine A2", "CK-PC-MEDICINE")  # empty
    before = copy(g)
    assert_legal(g, "P1 play medicine A4")
    assert_played(before, g, "medicine")
    assert g.state.vcity[parse_vertex("A4")] and g.state.cities[P1] == 2
    assert g.state.hands[P1] == cards(wool=1)
    assert g.victory_points(P1) == 4
    # 1 grain + 2 ore are needed.
    g = main_game(phand="medicine/-/-", hands=hands(cards(ore=3)))
    assert_illegal(g, "P1 play medicine A4", "CK-PC-MEDICINE")
    g = main_game(phand="medicine/-/-", hands=hands(cards(grain=2, ore=1)))
    assert_illegal(g, "P1 play medicine A4", "CK-PC-MEDICINE")
    # The city limit applies: 4 cities on the board.
    g = main_game(
        phand="medicine/-/-",
        settlements="A4/C6/K6",
        cities="D4,H8,L2,S4/H4/N6",
        hands=hands(cards(grain=1, ore=2)),
    )
    assert_illegal(
        g, "P1 play medicine A4", {"CK-PC-MEDICINE", "CK-BUILD-LIMITS", "BASE-BUILD-LIMITS"}
    )


def test_CK_PC_MEDICINE_next_city_must_stand_up_a_toppled_city():
    g = main_game(
        phand="medicine,medicine/-/-",
        settlements="A4,D4,H8,L2,S4/C6/K6",
        cities="-/H4/N6",
        toppled="D4",
        hands=hands(cards(grain=4, ore=7)),
    )
    assert_illegal(g, "P1 play medicine H8", {"CK-BARB-PILLAGE", "CK-PC-MEDICINE"})
    assert_legal(g, "P1 play medicine D4")
    assert g.state.toppled == ()
    assert_legal(g, "P1 city H8")  # the next city may stand anywhere again


def test_CK_PC_PRINTING_laid_out_when_drawn_one_vp_never_played():
    g = pre_roll(levels="1,0,0/0,0,0/0,0,0", phand="crane,crane,mining,irrigation/-/-")
    play(g, "P1 roll", "die white 2", "die red 2", "event science")
    assert "progress science printing" in outcomes(g)
    g.play("progress science printing")
    assert g.state.pvp[P1] == 1 and g.victory_points(P1) == 4
    assert "printing" not in phand(g, P1) and len(phand(g, P1)) == 4  # outside the limit
    assert g.state.pdecks[SCIENCE][0][DECK_KINDS[SCIENCE].index(card("printing"))] == 0
    assert g.state.phase == "main"
    with pytest.raises(CatanError):
        g.explain("P1 play printing")
    assert_illegal(g, PlayProgress(P1, card("printing")), "CK-PC-PLAY")
    # Drawn off turn it is laid out too.
    g = pre_roll(levels="0,0,0/1,0,0/0,0,0")
    play(g, "P1 roll", "die white 2", "die red 1", "event science", "progress science printing")
    assert g.state.pvp == (0, 1, 0) and g.state.phand == ((), (), ())


def test_CK_PC_ROAD_BUILDING_two_free_roads_under_normal_rules():
    g = main_game(phand="road-building/-/-")
    before = copy(g)
    assert_legal(g, "P1 play road-building")
    assert_played(before, g, "road-building")
    assert g.state.phase == "road-building"
    assert_illegal(g, "P1 road K3", "BASE-BUILD-ROAD")  # not connected
    assert_legal(g, "P1 road B7")
    assert g.state.phase == "road-building"
    assert_legal(g, "P1 road E3")  # continues the first free road
    assert g.state.phase == "main" and g.state.roads[P1] == 4
    assert g.state.hands[P1] == ZERO
    assert_illegal(g, "P1 road E5", "CK-BUILD-COSTS")  # a third road is paid for


def test_CK_PC_ROAD_BUILDING_one_road_when_only_one_is_legal():
    # P2's roads wall P1 in: only A1 (A2-A12) is legal, and nothing after it.
    boxed = "A3/C5,H3,D5,E7,D3,A5,B7,B11,A11/K5,N5"
    g = main_game(phand="road-building/-/-", roads=boxed)
    g.play("P1 play road-building")
    assert g.state.phase == "road-building"
    assert [str(a) for a in g.legal_actions()] == ["P1 road A1"]
    g.play("P1 road A1")
    assert g.state.phase == "main" and g.state.roads[P1] == 2
    # No legal road at all: the card is still played.
    g = main_game(phand="road-building/-/-", roads=boxed.replace("A11", "A11,A1"))
    before = copy(g)
    assert_legal(g, "P1 play road-building")
    assert_played(before, g, "road-building")
    assert g.state.phase == "main" and g.state.roads[P1] == 1
    # The 15-road limit: with 14 on the board, one free road.
    many = "A3,D3,A1,A5,A7,A9,A11,B7,B5,B3,B1,B11,C7,C11/C5,H3/K5,N5"
    g = main_game(phand="road-building/-/-", roads=many)
    assert g.state.roads[P1] == 14
    g.play("P1 play road-building")
    g.play("P1 road E3")
    assert g.state.phase == "main" and g.state.roads[P1] == 15


def test_CK_PC_SMITHING_promotes_up_to_two_knights_free():
    g = main_game(
        phand="smithing,smithing/-/-",
        kn="A2:P1:1:a--,A6:P1:2:---,C4:P2:1:a--",
        hands=hands(cards(wool=1, ore=1)),
    )
    # Strong to mighty needs politics 3; each knight once; only P1's knights.
    assert_illegal(g, "P1 play smithing A2 A6", "CK-KNIGHT-PROMOTE-MIGHTY")
    assert_illegal(g, "P1 play smithing A2 A2", "CK-PC-SMITHING")
    assert_illegal(g, "P1 play smithing C4", {"CK-KNIGHT-STRENGTH", "CK-PC-SMITHING"})
    assert_illegal(g, "P1 play smithing A2 A12", {"CK-KNIGHT-STRENGTH", "CK-PC-SMITHING"})
    before = copy(g)
    assert_legal(g, "P1 play smithing A2")  # one knight is enough
    assert_played(before, g, "smithing")
    assert kn(g, "A2") == (P1, 2, True, False, True)  # same status, promoted this turn
    assert g.state.hands[P1] == cards(wool=1, ore=1)  # free
    assert_illegal(g, "P1 play smithing A2", "CK-KNIGHT-PROMOTE")  # once per turn
    # With politics 3: two knights at once, free, status kept.
    g = main_game(phand="smithing/-/-", kn="A2:P1:1:a--,A6:P1:2:---", levels="0,0,3/0,0,0/0,0,0")
    assert_legal(g, "P1 play smithing A2 A6")
    assert kn(g, "A2")[:3] == (P1, 2, True) and kn(g, "A6")[:3] == (P1, 3, False)
    assert g.state.hands[P1] == ZERO
    # The supply limit: both strong knights are on the board.
    g = main_game(phand="smithing/-/-", kn="A2:P1:1:a--,A6:P1:2:---,A12:P1:2:---")
    assert_illegal(g, "P1 play smithing A2", "CK-KNIGHT-PROMOTE")


def test_CK_PC_SMITHING_a_legal_double_promotion_is_listed():
    # A12 (strong) was promoted this turn; both strong knights are on the board, so A2 can
    # become strong only after A6 becomes mighty: 'A6 A2' is the one double promotion.
    g = main_game(
        phand="smithing/-/-", kn="A2:P1:1:a--,A6:P1:2:---,A12:P1:2:a-p", levels="0,0,3/0,0,0/0,0,0"
    )
    assert g.explain("P1 play smithing A6 A2").legal
    two = [a for a in g.legal_actions() if isinstance(a, PlayProgress) and -1 not in a.args]
    assert {frozenset(a.args) for a in two} == {frozenset(g.parse("P1 play smithing A6 A2").args)}


def test_CK_PC_INVENTION_every_legal_swap_is_listed():
    g = main_game(phand="invention/-/-")
    a = g.parse("P1 play invention S P")
    assert g.explain(a).legal
    assert a in g.legal_actions()


# ================================================================ trade
def test_CK_PC_COMMERCIAL_HARBOR_resource_for_a_commodity_once_per_player():
    g = main_game(
        phand="commercial-harbor/-/-",
        hands=hands(cards(brick=2, lumber=1), cards(paper=1, cloth=2), cards(brick=3)),
    )
    assert_illegal(g, "P1 hand P2 brick", "CK-PC-COMMERCIAL-HARBOR")  # not played yet
    before = copy(g)
    assert_legal(g, "P1 play commercial-harbor")
    assert_played(before, g, "commercial-harbor")
    assert_illegal(g, "P1 hand P2 ore", "CK-PC-COMMERCIAL-HARBOR")  # not held
    assert_illegal(g, HarborOffer(P1, P2, 5), "CK-PC-COMMERCIAL-HARBOR")  # a commodity
    assert_illegal(g, "P1 hand P1 brick", "CK-PC-COMMERCIAL-HARBOR")
    assert_legal(g, "P1 hand P2 brick")
    assert g.state.phase == "harbor"
    assert_illegal(g, "P1 end", None)  # P2 must answer first
    assert_illegal(g, "P2 return coin", "CK-PC-COMMERCIAL-HARBOR")  # not held
    assert_illegal(g, "P3 return cloth", None)
    assert_legal(g, "P2 return cloth")  # P2's choice
    assert g.state.hands[P1] == cards(brick=1, lumber=1, cloth=1)
    assert g.state.hands[P2] == cards(brick=1, paper=1, cloth=1)
    assert_illegal(g, "P1 hand P2 lumber", "CK-PC-COMMERCIAL-HARBOR")  # once per player
    # P3 holds no commodity: the resource comes back, nothing happens.
    assert_legal(g, "P1 hand P3 lumber")
    assert g.state.phase == "main"
    assert g.state.hands[P1] == cards(brick=1, lumber=1, cloth=1)
    assert g.state.hands[P3] == cards(brick=3)
    # The player may stop early; the offer ends with the turn.
    g = main_game(
        phand="commercial-harbor/-/-", hands=hands(cards(brick=2), cards(cloth=2), cards(cloth=2))
    )
    play(g, "P1 play commercial-harbor", "P1 hand P2 brick", "P2 return cloth")
    assert_legal(g, "P1 end")
    assert g.state.harbor == ()


def test_CK_PC_GUILD_DUES_two_cards_of_the_players_choice_from_a_richer_player():
    # P2 has 5 VP (two cities), P3 3 like P1.
    g = main_game(
        phand="guild-dues,guild-dues/-/-",
        settlements="A4/-/K6",
        cities="D4/H4,C6/N6",
        hands=hands(ZERO, cards(brick=2, ore=1, paper=1), cards(brick=4)),
    )
    assert_illegal(g, "P1 play guild-dues P3 2 brick", "CK-PC-GUILD-DUES")  # not richer
    assert_illegal(g, "P1 play guild-dues P1 2 brick", "CK-PC-GUILD-DUES")
    assert_illegal(g, "P1 play guild-dues P2 1 brick", "CK-PC-GUILD-DUES")  # 2 cards
    assert_illegal(g, "P1 play guild-dues P2 2 brick, 1 ore", "CK-PC-GUILD-DUES")
    assert_illegal(g, "P1 play guild-dues P2 2 coin", "CK-PC-GUILD-DUES")  # not held
    assert_illegal(g, "P1 play guild-dues P2 2 ore", "CK-PC-GUILD-DUES")
    before = copy(g)
    assert_legal(g, "P1 play guild-dues P2 1 brick, 1 paper")
    assert_played(before, g, "guild-dues")
    assert g.state.hands[P1] == cards(brick=1, paper=1)
    assert g.state.hands[P2] == cards(brick=1, ore=1)
    # All VP count (a VP card makes P3 richer); one card only if that is all they hold.
    g = main_game(phand="guild-dues/-/-", pvp="0,0,1", hands=hands(ZERO, ZERO, cards(ore=1)))
    assert_illegal(g, "P1 play guild-dues P3 2 ore", "CK-PC-GUILD-DUES")
    assert_legal(g, "P1 play guild-dues P3 1 ore")
    assert g.state.hands[P1] == cards(ore=1) and g.state.hands[P3] == ZERO


def test_CK_PC_GUILD_DUES_empty_handed_richer_player_notation_round_trips():
    g = main_game(phand="guild-dues/-/-", pvp="0,1,0")
    plays = [a for a in g.legal_actions() if isinstance(a, PlayProgress)]
    assert [str(a) for a in plays] == ["P1 play guild-dues", "P1 play guild-dues P2"]
    for a in plays:  # P2 is richer but holds nothing: the bundle is empty
        assert g.parse(str(a)) == a


def test_CK_PC_MERCHANT_next_to_own_building_one_vp_until_another_merchant():
    g = main_game(
        phand="merchant,merchant/merchant/-",
        kn="B2:P1:1:a--",
        attacked=1,
        robber="A",
        hands=hands(cards(ore=3), cards(ore=3)),
    )
    assert g.state.merchant == (-1, -1) and g.victory_points(P1) == 3
    assert_illegal(g, "P1 play merchant S", "CK-PC-MERCHANT")  # far from P1
    assert_illegal(g, "P1 play merchant C", "CK-PC-MERCHANT")  # only P1's knight (B2)
    before = copy(g)
    assert_legal(g, "P1 play merchant A")  # the robber's hex: no matter
    assert_played(before, g, "merchant")
    assert g.state.merchant == (parse_hex("A"), P1) and g.victory_points(P1) == 4
    # Playing another Merchant moves it.
    assert_legal(g, "P1 play merchant E")
    assert g.state.merchant == (parse_hex("E"), P1) and g.victory_points(P1) == 4
    assert queue(g, TRADE) == ["merchant", "merchant"]
    # Another player's Merchant takes it, and the VP.
    g = main_game(phand="-/merchant/-", merchant="A:P1", active="P2")
    assert g.victory_points(P1) == 4
    assert_illegal(g, "P2 play merchant A", "CK-PC-MERCHANT")
    assert_legal(g, "P2 play merchant I")
    assert g.state.merchant == (parse_hex("I"), P2)
    assert g.victory_points(P1) == 3 and g.victory_points(P2) == 4


def test_CK_PC_MERCHANT_DESERT_one_vp_no_two_for_one():
    g = main_game(
        phand="merchant/-/-", settlements="A4,E4/C6/K6", hands=hands(cards(brick=4, ore=2))
    )
    assert g.victory_points(P1) == 4
    assert_legal(g, "P1 play merchant J")
    assert g.state.merchant == (parse_hex("J"), P1) and g.victory_points(P1) == 5
    for k in ("brick", "ore"):
        assert_illegal(
            g,
            f"P1 bank 2 {k} for wool",
            {"BASE-TRADE-MARITIME", "CK-TRADE-BANK", "CK-TRADE-MERCHANT"},
        )
    assert_legal(g, "P1 bank 4 brick for wool")


def test_CK_TRADE_MERCHANT_controller_trades_its_resource_two_for_one():
    # The merchant on A (mountains): ore 2:1, for a resource or a commodity; the robber on A
    # does not matter.
    g = main_game(
        merchant="A:P1", attacked=1, robber="A", hands=hands(cards(ore=4, coin=2, brick=2))
    )
    assert_legal(g, "P1 bank 2 ore for coin")
    assert_legal(g, "P1 bank 2 ore for brick")
    assert g.state.hands[P1] == cards(brick=3, coin=3)
    merchant_rules = {"BASE-TRADE-MARITIME", "CK-TRADE-BANK", "CK-TRADE-MERCHANT"}
    assert_illegal(g, "P1 bank 2 coin for ore", merchant_rules)  # never commodities
    assert_illegal(g, "P1 bank 2 brick for ore", merchant_rules)  # only the hex's resource
    # Only the controller trades at 2:1.
    g = main_game(merchant="A:P1", active="P2", hands=hands(ZERO, cards(ore=4)))
    assert_illegal(g, "P2 bank 2 ore for brick", merchant_rules)
    assert_legal(g, "P2 bank 4 ore for brick")


def test_CK_PC_MERCHANT_FLEET_two_for_one_in_the_named_kind_this_turn():
    g = main_game(phand="merchant-fleet/-/-", hands=hands(cards(paper=4, brick=2), cards(paper=4)))
    before = copy(g)
    assert_legal(g, "P1 play merchant-fleet paper")
    assert_played(before, g, "merchant-fleet")
    assert_legal(g, "P1 bank 2 paper for ore")
    assert_legal(g, "P1 bank 2 paper for cloth")  # as often as wanted, any kind
    assert g.state.hands[P1] == cards(brick=2, ore=1, cloth=1)
    assert_illegal(g, "P1 bank 2 brick for ore", None)  # only the named kind
    # Only for the rest of P1's turn.
    g.play("P1 end")
    assert g.state.fleet == ()
    play(g, "P2 roll", "die white 1", "die red 1", "event politics")
    assert_illegal(g, "P2 bank 2 paper for ore", None)
    # A resource may be named too.
    g = main_game(phand="merchant-fleet/-/-", hands=hands(cards(wool=2)))
    g.play("P1 play merchant-fleet wool")
    assert_legal(g, "P1 bank 2 wool for coin")
    assert g.state.hands[P1] == cards(coin=1)


def test_CK_PC_MERCHANT_FLEET_two_fleets_in_one_turn_both_last_the_turn():
    g = main_game(phand="merchant-fleet,merchant-fleet/-/-", hands=hands(cards(wool=2, paper=2)))
    play(g, "P1 play merchant-fleet paper", "P1 play merchant-fleet wool")
    assert_legal(g, "P1 bank 2 wool for ore")
    assert_legal(g, "P1 bank 2 paper for ore")  # paper's fleet lasts the rest of the turn
    assert g.state.hands[P1] == cards(ore=2)


def test_CK_PC_RESOURCE_MONOPOLY_two_of_the_resource_from_each_other_player():
    g = main_game(
        phand="resource-monopoly/-/-",
        hands=hands(cards(ore=1), cards(ore=3, wool=1), cards(ore=1, brick=2)),
    )
    before = copy(g)
    assert_legal(g, "P1 play resource-monopoly ore")
    assert_played(before, g, "resource-monopoly")
    assert g.state.hands[P1] == cards(ore=4)
    assert g.state.hands[P2] == cards(ore=1, wool=1)
    assert g.state.hands[P3] == cards(brick=2)
    # A resource, never a commodity.
    g = main_game(phand="resource-monopoly/-/-", hands=hands(ZERO, cards(paper=3)))
    assert_illegal(
        g,
        PlayProgress(P1, card("resource-monopoly"), (5,)),
        {"CK-PC-PLAY", "CK-PC-RESOURCE-MONOPOLY"},
    )
    with pytest.raises(CatanError):
        g.explain("P1 play resource-monopoly paper")


def test_CK_PC_TRADE_MONOPOLY_one_of_the_commodity_from_each_other_player():
    g = main_game(
        phand="trade-monopoly/-/-", hands=hands(ZERO, cards(cloth=3, coin=1), cards(coin=2, ore=4))
    )
    before = copy(g)
    assert_legal(g, "P1 play trade-monopoly coin")
    assert_played(before, g, "trade-monopoly")
    assert g.state.hands[P1] == cards(coin=2)
    assert g.state.hands[P2] == cards(cloth=3)
    assert g.state.hands[P3] == cards(coin=1, ore=4)
    g = main_game(phand="trade-monopoly/-/-", hands=hands(ZERO, cards(ore=3)))
    assert_legal(g, "P1 play trade-monopoly cloth")  # nobody has cloth: nothing
    assert g.state.hands[P2] == cards(ore=3) and g.state.hands[P1] == ZERO
    g = main_game(phand="trade-monopoly/-/-", hands=hands(ZERO, cards(ore=3)))
    assert_illegal(
        g, PlayProgress(P1, card("trade-monopoly"), (4,)), {"CK-PC-PLAY", "CK-PC-TRADE-MONOPOLY"}
    )
    with pytest.raises(CatanError):
        g.explain("P1 play trade-monopoly ore")


# ================================================================ politics
def test_CK_PC_CONSTITUTION_laid_out_when_drawn_even_off_turn_outside_the_limit():
    g = pre_roll(levels="0,0,0/0,0,1/0,0,0", phand="espionage/crane,crane,mining,wedding/-")
    play(g, "P1 roll", "die white 2", "die red 2", "event politics")
    assert g.state.phase == "progress-draw"
    g.play("progress politics constitution")
    assert g.state.pvp == (0, 1, 0) and g.victory_points(P2) == 4
    assert len(phand(g, P2)) == 4 and "constitution" not in phand(g, P2)
    assert g.state.phase == "main"  # no hand-limit discard for a VP card
    assert_illegal(g, PlayProgress(P2, card("constitution")), None)
    # It is never stolen by Espionage.
    assert_illegal(g, "P1 play espionage P2 constitution", "CK-PC-ESPIONAGE")


def test_CK_PC_DIPLOMACY_removes_an_open_road_own_one_may_be_rebuilt():
    # P1's A3 is closed (A4 settlement, A1 road at A2), A1 open (A12); P2's C5 closed by
    # P2's knight on C4, H3 open (D6 empty).
    roads = "A3,D3,A1/C5,H3/K5,N5"
    g = main_game(phand="diplomacy,diplomacy/-/-", roads=roads, kn="C4:P2:1:a--")
    assert_illegal(g, "P1 play diplomacy A3", "CK-PC-DIPLOMACY")
    assert_illegal(g, "P1 play diplomacy C5", "CK-PC-DIPLOMACY")
    assert_illegal(g, "P1 play diplomacy E5", "CK-PC-DIPLOMACY")  # no road there
    assert_illegal(g, "P1 play diplomacy H3 B7", "CK-PC-DIPLOMACY")  # not P1's own road
    assert_illegal(g, "P1 play diplomacy A1 A11", "CK-PC-DIPLOMACY")  # cut off without A1
    assert_illegal(g, "P1 play diplomacy A1 K3", "CK-PC-DIPLOMACY")
    # Another colour's road goes back to its owner.
    h = copy(g)
    before = copy(h)
    assert_legal(h, "P1 play diplomacy H3")
    assert_played(before, h, "diplomacy")
    assert h.state.roads == (3, 1, 2)
    assert h.state.eowner[h.parse("P1 road H3").edge] == -1
    # Own road: removed, then at once one free road.
    assert_legal(g, "P1 play diplomacy A1 B7")
    assert g.state.roads == (3, 2, 2) and g.state.hands[P1] == ZERO
    e = g.parse("P1 road B7").edge
    assert g.state.eowner[e] == P1 and g.state.eowner[g.parse("P1 road A1").edge] == -1
    # Or removed without rebuilding.
    g = main_game(phand="diplomacy/-/-", roads=roads)
    assert_legal(g, "P1 play diplomacy A1")
    assert g.state.roads == (2, 2, 2)
    # Removing the open end of P2's 5-road route C4-C6-F4-F6-J4-J6 ends its Longest Route.
    g = main_game(phand="diplomacy/-/-", roads="A3,D3/C5,F3,F5,J3,J5,H3/K5,N5", longest="P2")
    assert g.victory_points(P2) == 5
    assert_illegal(g, "P1 play diplomacy F5", "CK-PC-DIPLOMACY")  # mid-route
    assert_legal(g, "P1 play diplomacy J5")
    assert g.state.longest == -1 and g.victory_points(P2) == 3


def test_CK_PC_ENCOURAGEMENT_activates_all_own_knights_free_they_cannot_act():
    g = main_game(
        phand="encouragement/-/-",
        kn="A2:P1:1:---,A6:P1:2:a--,C4:P2:1:---",
        roads="A3,D3,A1/C5,H3/K5,N5",
        hands=hands(cards(grain=1)),
    )
    before = copy(g)
    assert_legal(g, "P1 play encouragement")
    assert_played(before, g, "encouragement")
    assert kn(g, "A2")[:3] == (P1, 1, True)
    assert kn(g, "A6") == before.state.kn[parse_vertex("A6")]  # already active
    assert kn(g, "C4") == (P2, 1, False, False, False)  # not P2's
    assert g.state.hands[P1] == cards(grain=1)  # free
    assert_illegal(g, "P1 move A2 A12", "CK-KNIGHT-ACTION-ELIGIBLE")


def test_CK_PC_ESPIONAGE_takes_one_progress_card_from_another_player():
    g = main_game(phand="espionage,espionage/crane,wedding/-", pvp="0,1,0")
    assert_illegal(g, "P1 play espionage P2 mining", "CK-PC-ESPIONAGE")  # not held
    assert_illegal(g, "P1 play espionage P2 printing", "CK-PC-ESPIONAGE")  # laid out
    assert_illegal(g, "P1 play espionage P1", "CK-PC-ESPIONAGE")
    assert_illegal(g, "P1 play espionage P3 crane", "CK-PC-ESPIONAGE")
    assert_legal(g, "P1 play espionage P2 crane")
    assert queue(g, POLITICS) == ["espionage"]
    assert phand(g, P1) == ["crane", "espionage"] and phand(g, P2) == ["wedding"]
    assert_legal(g, "P1 play crane science")  # the taken card is P1's now
    # Looking without taking.
    assert_legal(g, "P1 play espionage P2")
    assert phand(g, P2) == ["wedding"] and g.state.phand[P1] == ()


def test_CK_PC_INTRIGUE_displaces_a_foreign_knight_on_own_road_vertex():
    # P2's mighty knight on A2 (end of P1's A3); P2's road B11 leads on to B12.
    g = main_game(phand="intrigue/-/-", kn="A2:P2:3:a--,A6:P1:1:a--", roads="A3,D3/C5,H3,B11/K5,N5")
    assert_illegal(g, "P1 play intrigue A6", "CK-PC-INTRIGUE")  # own knight
    assert_illegal(g, "P1 play intrigue A12", "CK-PC-INTRIGUE")  # empty
    before = copy(g)
    assert_legal(g, "P1 play intrigue A2")
    assert_played(before, g, "intrigue")
    assert kn(g, "A2") is None and g.state.phase == "relocate"
    assert kn(g, "A6") == before.state.kn[parse_vertex("A6")]  # no knight of P1 is used
    assert_illegal(g, "P1 relocate B12", None)
    assert_legal(g, "P2 relocate B12")
    assert kn(g, "B12")[:3] == (P2, 3, True) and kn(g, "A2") is None
    # Not on a vertex P1's roads do not touch.
    g = main_game(phand="intrigue/-/-", kn="C4:P2:1:a--,D6:P2:2:a--")
    assert_illegal(g, "P1 play intrigue C4", "CK-PC-INTRIGUE")
    assert_illegal(g, "P1 play intrigue D6", "CK-PC-INTRIGUE")  # next to D4, no road
    # Nowhere to go: the knight returns to its owner's supply.
    g = main_game(phand="intrigue/-/-", kn="A2:P2:1:---")
    assert_legal(g, "P1 play intrigue A2")
    assert g.state.phase == "main" and knights(g) == {}


def test_CK_PC_INTRIGUE_knight_sent_to_supply_no_longer_cuts_a_route():
    # P2's knight on A10 cuts P1's 6 roads A4-A2-A12-A10-A8-A6-D4 into 3 + 3; P2 has no road
    # there, so Intrigue sends it home and P1's route is whole (CK-AWARD-LONGEST-ROUTE).
    g = main_game(phand="intrigue/-/-", roads="A3,A1,A11,A9,A7,D3/C5,H3/K5,N5", kn="A10:P2:1:a--")
    assert g.state.longest == -1 and g.victory_points(P1) == 3
    g.play("P1 play intrigue A10")
    assert knights(g) == {} and g.state.phase == "main"
    assert g.state.longest == P1 and g.victory_points(P1) == 5


def test_CK_PC_SABOTAGE_players_with_at_least_as_many_vp_discard_half():
    # P1 has 4 VP (merchant), P2 4 (VP card), P3 5 (two VP cards).
    g = main_game(
        phand="sabotage/-/-",
        merchant="A:P1",
        defender="0,1,2",
        hands=hands(cards(ore=9), cards(brick=3, wool=2), cards(coin=7)),
    )
    before = copy(g)
    assert_legal(g, "P1 play sabotage")
    assert_played(before, g, "sabotage")
    assert g.state.phase == "sabotage" and g.state.discards == (0, 2, 3)
    assert_illegal(g, "P2 discard 1 brick", None)  # half, rounded down
    assert_illegal(g, "P2 discard 3 brick", None)
    assert_illegal(g, "P2 discard 2 ore", None)  # not held
    assert_illegal(g, "P1 end", None)
    assert_legal(g, "P2 discard 1 brick, 1 wool")  # their choice
    assert_legal(g, "P3 discard 3 coin")
    assert g.state.phase == "main"
    assert g.state.hands == (cards(ore=9), cards(brick=2, wool=1), cards(coin=4))
    # A player with fewer VP keeps everything; one card halves to nothing.
    g = main_game(
        phand="sabotage/-/-",
        merchant="A:P1",
        pvp="0,1,0",
        hands=hands(ZERO, cards(brick=1), cards(coin=9)),
    )
    assert_legal(g, "P1 play sabotage")
    assert g.state.phase == "main" and g.state.hands[P3] == cards(coin=9)
    assert g.state.hands[P2] == cards(brick=1)


def test_CK_PC_SABOTAGE_SELF_the_player_never_discards():
    g = main_game(phand="sabotage/-/-", hands=hands(cards(ore=10), cards(brick=4)))
    assert_legal(g, "P1 play sabotage")
    assert g.state.discards == (0, 2, 0)
    assert_illegal(g, "P1 discard 5 ore", None)
    g.play("P2 discard 2 brick")
    assert g.state.phase == "main" and g.state.hands[P1] == cards(ore=10)


def test_CK_PC_SABOTAGE_discards_cite_the_sabotage_rule():
    g = main_game(phand="sabotage/-/-", hands=hands(ZERO, cards(brick=4)))
    g.play("P1 play sabotage")
    assert g.explain("P2 discard 1 brick").rule == "CK-PC-SABOTAGE"
    assert g.explain("P2 discard 2 brick").rule == "CK-PC-SABOTAGE"


def test_CK_PC_TAXATION_after_the_attack_robber_moves_one_card_per_player():
    # K: P2's G6 and P3's K6; G: P2's C6 and G6 (one steal only).
    hs = hands(cards(ore=1), cards(brick=1, paper=2), cards(ore=3))
    g = main_game(phand="taxation,taxation/-/-", settlements="A4/C6,G6/K6", hands=hs)
    assert_illegal(g, "P1 play taxation K", "CK-PC-TAXATION")  # before the first attack
    g = main_game(
        phand="taxation,taxation/-/-", settlements="A4/C6,G6/K6", hands=hs, attacked=1, robber="J"
    )
    assert_illegal(g, "P1 play taxation J", "CK-PC-TAXATION")  # the card: "to another hex"
    before = copy(g)
    assert_legal(g, "P1 play taxation K")
    assert_played(before, g, "taxation")
    assert g.state.robber == parse_hex("K")
    assert g.state.phase == "steal" and g.state.victim == P2
    assert dict((str(a), w) for a, w in g.chance_weights()) == {"steal brick": 1, "steal paper": 2}
    g.play("steal paper")
    assert g.state.phase == "steal" and g.state.victim == P3
    g.play("steal ore")
    assert g.state.phase == "main"
    assert g.state.hands == (cards(ore=2, paper=1), cards(brick=1, paper=1), cards(ore=2))
    # Two buildings of one player: still one card.
    assert_legal(g, "P1 play taxation G")
    assert g.state.victim == P2
    g.play("steal brick")
    assert g.state.phase == "main" and g.state.hands[P2] == cards(paper=1)
    # An empty hand is skipped.
    g = main_game(
        phand="taxation/-/-",
        settlements="A4/C6,G6/K6",
        attacked=1,
        robber="J",
        hands=hands(ZERO, ZERO, cards(ore=1)),
    )
    g.play("P1 play taxation K")
    assert g.state.victim == P3 and outcomes(g) == {"steal ore"}


def test_CK_PC_TREASON_victim_removes_a_knight_player_may_place_one_no_stronger():
    g = main_game(phand="treason,treason/-/-", kn="C4:P2:1:a--,D6:P2:2:a--")
    assert_illegal(g, "P1 play treason P1", "CK-PC-TREASON")
    before = copy(g)
    assert_legal(g, "P1 play treason P2")
    assert_played(before, g, "treason")
    assert g.state.phase == "desert"
    assert_illegal(g, "P3 desert C4", "CK-PC-TREASON")
    assert_illegal(g, "P1 desert C4", "CK-PC-TREASON")
    assert_illegal(g, "P2 desert A2", "CK-PC-TREASON")
    assert_legal(g, "P2 desert D6")  # P2's choice: the strong one
    assert kn(g, "D6") is None and kn(g, "C4") is not None
    assert g.state.phase == "deserter"
    assert_illegal(g, "P1 place A2 mighty", "CK-PC-TREASON")  # stronger than removed
    assert_illegal(g, "P1 place A12 strong", "CK-PC-TREASON")  # not at a P1 road end
    assert_illegal(g, "P1 place A4 strong", "CK-PC-TREASON")  # a settlement
    assert_illegal(g, "P2 place A2 strong", None)
    assert_legal(g, "P1 place A2 strong")
    assert kn(g, "A2")[:3] == (P1, 2, True)  # the removed knight's status
    assert_illegal(g, "P1 move A2 A12", "CK-KNIGHT-ACTION-ELIGIBLE")
    # One knight goes at once; a lower strength may be chosen; or nothing placed.
    g = main_game(phand="treason/-/-", kn="C4:P2:2:---")
    g.play("P1 play treason P2")
    assert knights(g) == {} and g.state.phase == "deserter"
    assert_legal(g, "P1 place A6 basic")
    assert kn(g, "A6")[:3] == (P1, 1, False)
    g = main_game(phand="treason/-/-", kn="C4:P2:1:a--")
    g.play("P1 play treason P2")
    assert_legal(g, "P1 pass")
    assert knights(g) == {} and g.state.phase == "main"


def test_CK_PC_TREASON_mighty_needs_no_politics_3_supply_limits_apply():
    g = main_game(phand="treason/-/-", kn="C4:P2:3:---")
    assert g.state.levels[P1][POLITICS] == 0
    g.play("P1 play treason P2")
    assert_legal(g, "P1 place A2 mighty")
    assert kn(g, "A2")[:3] == (P1, 3, False)
    # Both of P1's strong knights are on the board: only a basic one can come.
    g = main_game(
        phand="treason/-/-",
        kn="C4:P2:2:a--,A12:P1:2:---,B12:P1:2:---",
        roads="A3,D3,A1/C5,H3/K5,N5",
    )
    g.play("P1 play treason P2")
    assert_illegal(g, "P1 place A2 strong", "CK-PC-TREASON")
    assert_legal(g, "P1 place A2 basic")
    # Even if P1 can place nothing (no road), P2 loses the knight.
    g = main_game(phand="treason/-/-", kn="C4:P2:1:a--", roads="-/C5,H3/K5,N5")
    g.play("P1 play treason P2")
    assert knights(g) == {} and g.state.phase == "main"


def test_CK_PC_WEDDING_richer_players_give_two_cards_of_their_choice():
    # P2 5 VP (two cities), P3 3 like P1.
    g = main_game(
        phand="wedding,wedding/-/-",
        settlements="A4/-/K6",
        cities="D4/H4,C6/N6",
        hands=hands(ZERO, cards(brick=2, ore=1, cloth=1), cards(wool=4)),
    )
    before = copy(g)
    assert_legal(g, "P1 play wedding")
    assert_played(before, g, "wedding")
    assert g.state.phase == "wedding" and g.state.discards == (0, 2, 0)
    assert_illegal(g, "P3 give 2 wool", "CK-PC-WEDDING")  # not richer
    assert_illegal(g, "P2 give 1 brick", "CK-PC-WEDDING")
    assert_illegal(g, "P2 give 2 brick, 1 ore", "CK-PC-WEDDING")
    assert_illegal(g, "P2 give 2 ore", "CK-PC-WEDDING")  # not held
    assert_illegal(g, "P1 end", None)
    assert_legal(g, "P2 give 1 ore, 1 cloth")  # P2's choice
    assert g.state.phase == "main"
    assert g.state.hands == (cards(ore=1, cloth=1), cards(brick=2), cards(wool=4))
    # Everyone richer gives; with fewer than 2 cards, all of them.
    g = main_game(
        phand="wedding/-/-", defender="0,1,2", hands=hands(ZERO, cards(coin=1), cards(brick=3))
    )
    g.play("P1 play wedding")
    assert g.state.discards == (0, 1, 2)
    assert_illegal(g, "P2 give 2 coin", "CK-PC-WEDDING")
    play(g, "P3 give 2 brick", "P2 give 1 coin")
    assert g.state.phase == "main"
    assert g.state.hands == (cards(brick=2, coin=1), ZERO, cards(brick=1))


# ================================================================ names
def test_CK_PC_aliases_older_001_names_parse_and_print_003_names():
    g = main_game(
        phand="treason,guild-dues/-/-",
        settlements="A4/-/K6",
        cities="D4/H4,C6/N6",
        kn="C4:P2:1:a--",
        hands=hands(ZERO, cards(brick=1, ore=1)),
    )
    pairs = {
        "P1 play alchemist 3 4": "P1 play alchemy 3 4",
        "P1 play engineer D4": "P1 play engineering D4",
        "P1 play inventor A C": "P1 play invention A C",
        "P1 play smith A2 A6": "P1 play smithing A2 A6",
        "P1 play master-merchant P2 1 brick, 1 ore": "P1 play guild-dues P2 1 brick, 1 ore",
        "P1 play commodity-monopoly coin": "P1 play trade-monopoly coin",
        "P1 play diplomat A3": "P1 play diplomacy A3",
        "P1 play warlord": "P1 play encouragement",
        "P1 play spy P2": "P1 play espionage P2",
        "P1 play spy P2 smith": "P1 play espionage P2 smithing",
        "P1 play saboteur": "P1 play sabotage",
        "P1 play bishop K": "P1 play taxation K",
        "P1 play deserter P2": "P1 play treason P2",
    }
    for old, new in pairs.items():
        a = g.parse(old)
        assert str(a) == new and a == g.parse(new)
    for old, new in (
        ("science alchemist", "alchemy"),
        ("science printer", "printing"),
        ("politics spy", "espionage"),
    ):
        d = g.parse(f"progress {old}")
        assert str(d).endswith(new)
    # Played under their old names.
    assert_legal(g, "P1 play master-merchant P2 1 brick, 1 ore")
    assert g.state.hands[P1] == cards(brick=1, ore=1)
    assert str(g.history[-1]) == "P1 play guild-dues P2 1 brick, 1 ore"
    assert_legal(g, "P1 play deserter P2")
    assert kn(g, "C4") is None
    assert str(g.history[-1]) == "P1 play treason P2"
