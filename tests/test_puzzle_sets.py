"""Puzzles checked like puzzles (issue 34, scope 4): at every puzzle of the packaged lessons
every legal move is judged, and the accepted set must be exactly the moves the prompt asks
for. What the prompt asks is written here as a criterion computed from the position (dots,
bids played out, hands after the move), never as the list of answers; a puzzle whose prompt
has no criterion here fails, so a new or reworded prompt is checked too. Hints that name a
place on the board ("on the right", "at the bottom") are checked against its geometry.

The moves judged are ``legal_actions()`` plus, at a sealed bid, every bid of the bidder's
hand (legal_actions lists the one-card bids only, as it lists one-for-one offers).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from functools import cache

import pytest
from puzzle_answers import lesson

from catan_tutor import Game, board
from catan_tutor.actions import (
    BankTrade,
    Bid,
    BuildCity,
    BuildRoad,
    NeutralRoad,
    Offer,
    Recruit,
    Settle,
)
from catan_tutor.study.puzzle import Puzzle, judge
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import SUFFIX
from catan_tutor.study.timeline import Node

pytestmark = pytest.mark.course  # a sweep over the course (min_versions.sh leaves it out)

CARDS = board.CARD_NAMES


@cache
def puzzles() -> list[tuple[str, Node, Puzzle, object]]:
    """(lesson id, node, puzzle, rules) of every puzzle of every packaged lesson."""
    out = []
    for path in sorted(packaged_lessons().glob(f"*{SUFFIX}")):
        sc = lesson(path.name[: -len(SUFFIX)])
        for node_id, p in sc.puzzles.items():
            out.append(
                (path.name[: -len(SUFFIX)], sc.timeline.nodes[node_id], p, sc.timeline.rules)
            )
    return out


def moves(g: Game) -> list:
    """The legal moves judged: the listed ones, and every bid of the bidder's whole hand."""
    out = list(g.legal_actions())
    if not any(isinstance(a, Bid) for a in out):
        return out
    p = g.current_player
    hand = g.state.hands[p]
    wanted = sorted({a.get for a in out if isinstance(a, Bid)})
    for counts in itertools.product(*(range(k + 1) for k in hand)):
        if sum(counts) < 2:
            continue
        give = ", ".join(f"{k} {CARDS[i]}" for i, k in enumerate(counts) if k)
        for w in wanted:
            e = g.explain(f"{g.names[p]} bid {give} for {CARDS[w]}")
            if e.legal and e.action not in out:
                out.append(e.action)
    return out


def after(g: Game, *actions) -> Game:
    c = g.clone()
    for a in actions:
        c.play(a)
    return c


def vertex(label: str) -> int:
    return board.parse_vertex(label)


def dots(g: Game, v: int) -> int:
    """The dots (BASE-COMP-NUMBERS) of the numbers on the hexes around corner ``v``."""
    return sum(board.pips(g.layout.numbers[h]) for h in board.VERTEX_HEXES[v])


def blocked(g: Game, h: int, p: int) -> int:
    """Dots of ``p``'s production the robber blocks on hex ``h``: per building, a city twice."""
    s = g.state
    return board.pips(g.layout.numbers[h]) * sum(
        2 if s.vcity[v] else 1 for v in board.HEX_VERTICES[h] if s.vowner[v] == p
    )


def most(g: Game, acts: list, key: Callable) -> set:
    best = max(key(a) for a in acts)
    return {a for a in acts if key(a) == best}


def card(name: str) -> int:
    return CARDS.index(name)


# ---------------------------------------------------------------- what each prompt asks
def neutral_road_of(name: str):
    """Every legal road for that neutral (a road owed to the neutrals, built for it)."""
    return lambda g, ms: {
        a for a in ms if isinstance(a, NeutralRoad) and f"N{a.neutral + 1}" == name
    }


def at_corner(label: str):
    """Every legal move that puts a piece on that corner."""
    return lambda g, ms: {
        a
        for a in ms
        if getattr(a, "vertex", None) == vertex(label) and isinstance(a, (Settle, BuildCity))
    }


def pays_at_once(*names: str):
    """Every legal move after which the player to move holds exactly those cards more, one of
    each (a setup piece's first cards: CK-SETUP-RESOURCES), and nothing else changed hands."""
    want = [names.count(c) for c in CARDS]

    def pick(g, ms):
        p = g.current_player
        out = set()
        for a in ms:
            hands = after(g, a).state.hands
            gained = [x - y for x, y in zip(hands[p], g.state.hands[p], strict=True)]
            others = [q for q in range(g.players) if q != p]
            if gained == want and all(hands[q] == g.state.hands[q] for q in others):
                out.add(a)
        return out

    return pick


def spends_on_own(name: str):
    """Every legal move after which the player to move holds fewer of that card and no other
    seat's hand changed (spent on the player's own things, not given away in a trade)."""

    def pick(g, ms):
        p, hands = g.current_player, g.state.hands
        out = set()
        for a in ms:
            now = after(g, a).state.hands
            if now[p][card(name)] < hands[p][card(name)] and all(
                now[q] == hands[q] for q in range(len(hands)) if q != p
            ):
                out.add(a)
        return out

    return pick


def most_dots(g, ms):
    """Of the legal settlements of the seat to move, those on the corner with most dots."""
    settles = [a for a in ms if isinstance(a, Settle)]
    return most(g, settles, lambda a: dots(g, a.vertex))


def robber_most_on_p2(g, ms):
    """Robber moves stealing from P2, on a hex without P1's buildings, blocking most of P2."""
    s = g.state
    ok = [
        a
        for a in ms
        if getattr(a, "victim", -1) == 1
        and all(s.vowner[v] != 0 for v in board.HEX_VERTICES[a.hex])
    ]
    return most(g, ok, lambda a: blocked(g, a.hex, 1))


def frees_the_robber_hex(g, ms):
    """Moves after which the robber has left its hex at once (no roll, no chance first)."""
    return {a for a in ms if after(g, a).state.robber != g.state.robber}


def all_moves(g, ms):
    return set(ms)


def dummy_ore_or_end(g, ms):
    """A move that gets P1 the dummy's ore for a grain; when there is none, P1 wants nothing
    else (no build, no offer to P2), so what is left is to end the turn."""
    ore = {a for a in ms if isinstance(a, Bid) and a.get == card("ore")}
    if ore:
        return ore
    return {a for a in ms if not isinstance(a, (Offer, Settle, BuildRoad, BuildCity))}


def smallest_grain_bid(g, ms):
    """Bids paying only grain for the dummy's ore that win against P2's one card without a
    roll-off (played out), and of those the fewest grain."""
    grain_only = [
        a
        for a in ms
        if isinstance(a, Bid) and a.get == card("ore") and sum(a.give) == a.give[card("grain")]
    ]
    wins = []
    for a in grain_only:
        out = after(g, a, "P2 bid 1 wool for ore")
        if out.state.hands[0][card("ore")] > g.state.hands[0][card("ore")]:  # no roll-off
            wins.append(a)
    return most(g, wins, lambda a: -sum(a.give))


def cheapest_bank_brick(g, ms):
    """Bank trades that get a brick, giving the fewest cards."""
    trades = [a for a in ms if isinstance(a, BankTrade) and a.get == card("brick")]
    return most(g, trades, lambda a: -a.count)


def gains_tokens(g, ms):
    p = g.current_player
    return {a for a in ms if after(g, a).state.tokens[p] > g.state.tokens[p]}


def recruits(g, ms):
    return {a for a in ms if isinstance(a, Recruit)}


def readies(label: str):
    """Moves after which the knight on that corner is active."""
    v = vertex(label)
    return lambda g, ms: {
        a
        for a in ms
        if (k := after(g, a).state.kn[v]) is not None and k.active and not g.state.kn[v].active
    }


def raises_hand_limit(g, ms):
    """Moves after which the seat keeps more cards on a 7 (CK-SEVEN-DISCARD)."""
    from catan_tutor.rules.production import _hand_limits

    p = g.current_player
    return {a for a in ms if _hand_limits(after(g, a).state)[p] > _hand_limits(g.state)[p]}


def cheapest_forced_trade(g, ms):
    """Forced trades (they start with the blind draws) that spend the fewest tokens."""
    p = g.current_player
    forced = [a for a in ms if after(g, a).state.phase == "force-draw"]
    return most(g, forced, lambda a: after(g, a).state.tokens[p])


def first_of_two_roads_beside_the_likeliest_forest(g, ms):
    """Free roads after which a second free road ends on a corner where the player may settle,
    reached by neither road before, beside the forest whose number is rolled most often
    (BASE-DEV-ROAD-BUILDING, BASE-BUILD-DISTANCE, BASE-PROD-YIELD). (l19 at 4.3: its first
    question asked for a harbor corner, and P1's settlement on R4 already stood on that
    harbor's kind, 3:1: the answer gained nothing.)"""
    from catan_tutor.rules.building import distance_ok

    p, lay = g.current_player, g.state.layout
    forest = board.TERRAINS.index("forest")
    forests = [h for h in range(board.N_HEXES) if lay.terrain[h] == forest]
    best = max(board.pips(lay.numbers[h]) for h in forests)
    likeliest = {h for h in forests if board.pips(lay.numbers[h]) == best}
    assert len(likeliest) == 1  # the prompt's "the forest"
    beside = {v for v in range(board.N_VERTICES) if likeliest & set(board.VERTEX_HEXES[v])}

    def ends(s) -> set[int]:
        return {v for e, o in enumerate(s.eowner) if o == p for v in board.EDGE_VERTICES[e]}

    def settles(s) -> set[int]:
        return {v for v in ends(s) & beside if s.vowner[v] < 0 and distance_ok(s, v)}

    before = settles(g.state)
    return {
        a
        for a in ms
        if any(settles(after(g, a, b).state) - before for b in after(g, a).legal_actions())
    }


def reaches_four_points_else_rolls(g, ms):
    """The moves before the roll after which the player has 4 victory points; if none, the
    roll (4.3: a third Knight only ties P2's 3, and Largest Army stays with P2:
    BASE-AWARD-LARGEST-ARMY)."""
    p = g.current_player
    up = {a for a in ms if after(g, a).victory_points(p) >= 4}
    return up or {a for a in ms if str(a) == f"{g.names[p]} roll"}


def defence_holds(g, ms):
    """Moves after which the active knights are at least as strong as the barbarians, who
    were stronger before (CK-BARB-DEFENSE)."""
    from catan_tutor.rules.barbarians import forces

    def holds(s):
        barbarians, share = forces(s)
        return sum(share.values()) >= barbarians

    return {a for a in ms if holds(after(g, a).state) and not holds(g.state)}


def ties_best_defender(g, ms):
    """Moves after which the player's knights are as strong as the strongest other
    player's, who was ahead before (CK-BARB-WIN: tied best defenders take no point)."""
    from catan_tutor.rules.barbarians import forces

    p = g.current_player

    def level(s):
        share = forces(s)[1]
        return share[p] >= max(v for q, v in share.items() if q != p)

    return {a for a in ms if level(after(g, a).state) and not level(g.state)}


def gains_vp(g, ms):
    p = g.current_player
    return {a for a in ms if after(g, a).victory_points(p) > g.victory_points(p)}


def bank_gets(name: str):
    return lambda g, ms: {a for a in ms if isinstance(a, BankTrade) and a.get == card(name)}


def metropolises(s, p: int) -> set[int]:
    """The tracks whose metropolis stands on the player's city."""
    return {t for t, v in enumerate(s.metro) if v >= 0 and s.vowner[v] == p}


def takes_a_metropolis(g, ms):
    p = g.current_player
    return {a for a in ms if metropolises(after(g, a).state, p) - metropolises(g.state, p)}


def takes_the_metropolis_or_ends(track: str):
    """Moves after which the player holds ``track``'s metropolis, taken from another player;
    when no move takes it (CK-METRO-TAKE: the first to reach level 5 keeps it for good, a
    later arrival at level 5 gains nothing), ending the turn."""
    from catan_tutor.actions import EndTurn

    t = ("science", "trade", "politics").index(track)

    def pick(g, ms):
        p = g.current_player
        held = g.state.metro[t]
        assert held >= 0 and g.state.vowner[held] != p  # another player's now
        took = {a for a in ms if t in metropolises(after(g, a).state, p)}
        return took or {a for a in ms if isinstance(a, EndTurn)}

    return pick


# (lesson, prompt) -> the set of legal moves the prompt asks for.
ASKS: dict[tuple[str, str], Callable] = {
    (
        "puzzle_base_2p",
        "P1 has built a road, and the game waits for P1 again. Build what P1 "
        "owes now, for Neutral 1.",
    ): neutral_road_of("N1"),
    (
        "puzzle_base_2p",
        "P1 is short of ore; P2 holds 1 brick, 4 wool and 1 grain. Before rolling, P1 may spend "
        "trade tokens on a token action. Which token action can bring P1 ore?",
    ): frees_the_robber_hex,  # (s36: a choice of token actions; "free the hex" was the kind's)
    (
        "puzzle_base_2p",
        "The robber is home. P1 would like a forced trade with P2 too, before "
        "rolling. What can P1 do now?",
    ): all_moves,
    (
        "puzzle_base_dummy",
        "P2 has placed a settlement and a road. Who places next? Put that "
        "player's settlement on corner P6.",
    ): at_corner("P6"),
    (
        "puzzle_base_dummy",
        "P1 would like one of the dummy's ore right now, for a grain, and "
        "wants nothing else this turn: no building, no trade with P2. Play P1's move.",
    ): dummy_ore_or_end,
    (
        "puzzle_base_dummy",
        "It is the dummy's turn, the only time to trade with it "
        "(DUMMY-TRADE-WINDOW). P1 wants the dummy's ore and keeps its brick and wool, so it bids "
        "grain only; P2 will bid one card for the ore. Make P1's smallest bid that still wins "
        "without a die roll.",
    ): smallest_grain_bid,
    (
        "puzzle_base_robber",
        "Put the robber where it blocks the most of P2's "
        "production, on a hex without P1's settlements, and steal from P2.",
    ): robber_most_on_p2,
    (
        "puzzle_base_setup",
        "P1 has placed the first settlement on N4. Now place P1's first road.",
    ): all_moves,
    (
        "puzzle_base_setup",
        "Whose turn is it to place? Play that player's second settlement on the corner "
        "with the most dots under its numbers, of the corners where a settlement is still "
        "allowed.",
    ): most_dots,
    (
        "puzzle_base_setup",
        "P1 places the last settlement of the setup, which pays P1 its first cards. Of the "
        "corners where a settlement is still allowed, which has the most dots?",
    ): most_dots,
    (
        "puzzle_base_trading",
        "P1 holds 2 wool, a grain and 3 ore, and wants a brick. Get it from the bank at the "
        "best rate P1 may use.",
    ): cheapest_bank_brick,  # (3.1 played P2's 2:1 wool trade: s43; the wool harbor is P2's)
    (
        "puzzle_ck_2p",
        "Before rolling, P1 wants two of P2's cards, whether P2 agrees or not; P2 holds 2 wool "
        "and a grain. Get them for the fewest trade tokens.",
    ): cheapest_forced_trade,
    (
        "puzzle_ck_2p",
        "P1 has recruited a knight. What does P1 owe the neutrals now? Build it for Neutral 1.",
    ): neutral_road_of("N1"),
    (
        "puzzle_ck_2p",
        "P1 wants one more trade token this turn. Get it.",
    ): gains_tokens,
    (
        "puzzle_ck_knights",
        "Round 1 is over, and P3 places again straight away. Place P3's second piece so that it "
        "brings P3 a brick, a lumber and a wool at once.",
    ): pays_at_once("brick", "lumber", "wool"),
    (
        "puzzle_ck_knights",
        "P1 holds a wool for the first time. Spend it, with cards P1 already had, on a new "
        "piece for the board.",
    ): recruits,
    (
        "puzzle_ck_knights",
        "The new knight lies on its side and cannot act. Make it ready.",
    ): readies("M4"),
    (
        "puzzle_ck_knights",
        "The 10 on the mountains A paid P1's city on A6 an ore and a coin. "
        "P1 still holds the coin; spend it on the city's future.",
    ): spends_on_own("coin"),
    (
        "puzzle_ck_walls",
        "Nobody held more than 7 cards, so nobody discards. Build what lets P3 hold more "
        "cards through a 7.",
    ): raises_hand_limit,
    (
        "puzzle_base_awards",
        "None of P1's buildings is paid lumber by the dice. Build the first of the two free "
        "roads so that the two reach a corner where P1 could settle and be paid lumber on the "
        "number that pays lumber most often.",
    ): first_of_two_roads_beside_the_likeliest_forest,
    (
        "puzzle_base_awards",
        "P1 has 2 victory points and has played 2 Knights; P2 has played 3 and holds Largest "
        "Army. Can P1 reach 4 victory points before rolling? Play the move that gets there, "
        "or roll if no move does.",
    ): reaches_four_points_else_rolls,
    (
        "puzzle_ck_barbarians",
        "The barbarians will count 3, one for each city on the board, and Catan's defence is "
        "now 1. It is P1's turn. Bring Catan's defence up to 3 this turn.",
    ): defence_holds,
    (
        "puzzle_ck_barbarians",
        "If Catan holds, a victory point goes to the player adding the most to its defence with "
        "active knights, and P1's knight adds more than P2's. Stop P1 from taking the point "
        "alone.",
    ): ties_best_defender,
    (
        "puzzle_ck_progress",
        "P2 has 3 victory points. Gain a victory point this turn with one of P2's progress cards.",
    ): gains_vp,
    (
        "puzzle_ck_progress",
        "P2 wants an ore and has no harbor. Get one from the bank without playing another "
        "progress card.",
    ): bank_gets("ore"),  # (a Merchant Fleet then a 2:1 trade is ruled out: s35)
    (
        "puzzle_ck_metropolis",
        "Take a metropolis from another player with the cards P1 holds now.",
    ): (takes_a_metropolis),
    (
        "puzzle_ck_metropolis",
        "P3 is at trade level 4 and could now pay for level 5. Take the trade metropolis from "
        "P1 if any move can; if no move can, end P3's turn.",
    ): takes_the_metropolis_or_ends("trade"),
}


def _ids():
    return [f"{lesson}@{node.id}" for lesson, node, _, _ in puzzles()]


@pytest.mark.parametrize("at", range(len(puzzles())), ids=_ids())
def test_every_puzzle_accepts_exactly_what_its_prompt_asks(at):
    """Every legal move is judged; the accepted ones are the moves the prompt's criterion
    picks, and every refused legal move is refused citing a rule."""
    lesson, node, p, rules = puzzles()[at]
    ask = ASKS.get((lesson, p.prompt))
    assert ask is not None, f"{lesson}: no criterion for the prompt {p.prompt!r}"
    g = Game(rules, node.state)
    ms = moves(g)
    verdicts = {a: judge(p, node, rules, a) for a in ms}
    accepted = {a for a, j in verdicts.items() if j.correct}
    refused = {a for a, j in verdicts.items() if not j.correct}
    assert all(j.legal for j in verdicts.values())
    assert all(verdicts[a].rule for a in refused)
    asked = ask(g, ms)
    assert asked, f"{lesson}: the prompt asks for no legal move"
    assert accepted == asked, (
        f"{lesson} {p.prompt!r}\n accepted: {sorted(map(str, accepted))}\n"
        f" asked:    {sorted(map(str, asked))}"
    )


def test_every_criterion_belongs_to_a_puzzle():
    asked = {(lesson, p.prompt) for lesson, _, p, _ in puzzles()}
    assert set(ASKS) <= asked, sorted(set(ASKS) - asked)


def test_the_fewest_grain_puzzle_is_computed_against_every_bid():
    """Error 5: bids without grain (1 brick, 1 wool) also win; the prompt now asks for grain
    only, and the computed answer is 2 grain, not 1 (a roll-off) or 3 (more than needed)."""
    lesson, node, p, rules = next(
        x for x in puzzles() if x[0] == "puzzle_base_dummy" and "smallest bid" in x[2].prompt
    )
    g = Game(rules, node.state)
    ms = moves(g)
    texts = {str(a) for a in ms}
    assert {"P1 bid 1 brick, 1 wool for ore", "P1 bid 3 grain for ore"} <= texts
    assert {str(a) for a in smallest_grain_bid(g, ms)} == {"P1 bid 2 grain for ore"}
    tie = after(g, "P1 bid 1 grain for ore", "P2 bid 1 wool for ore")
    assert tie.state.phase == "tiebreak" and tie.state.hands[0][card("ore")] == 0
    other = after(g, "P1 bid 1 brick, 1 wool for ore", "P2 bid 1 wool for ore")
    assert other.state.hands[0][card("ore")] == 1  # wins outright, with no grain


# ---------------------------------------------------------------- places named in hints
PLACE_WORD = re.compile(r"\b(left|right|middle|centre|center|top|bottom|upper|lower)\b")
NOT_PLACES = ("move is left", "right after", "right now")  # the words in other senses

# (lesson, the phrase in a prompt, hint or explanation, the hex or corner it places)
PLACES: list[tuple[str, str, str]] = [
    ("puzzle_base_2p", "Neutral 1's settlement on H4, on the left of the board", "H4"),
    ("puzzle_base_robber", "the bottom left of the board, where P2 settled twice", "Q"),
    ("puzzle_base_setup", "the mountains 8, on the right of the board", "L"),
    ("puzzle_ck_2p", "Neutral 1's settlement on H4, on the left of the board", "H4"),
]


def area(label: str) -> set[str]:
    """Where a hex or corner lies: the third of the board's width (left, middle, right) and
    of its height (top, middle, bottom), hex centres being 1 apart edge to edge."""
    xy = (
        board.hex_centre_xy(board.parse_hex(label))
        if len(label) == 1
        else board.vertex_xy(vertex(label))
    )
    xs = [board.hex_centre_xy(h)[0] for h in range(len(board.HEX_NAMES))]
    ys = [board.hex_centre_xy(h)[1] for h in range(len(board.HEX_NAMES))]
    w = (max(xs) + 3**0.5 / 2) / 3  # half of the middle third of the width
    h = (max(ys) + 1) / 3
    x, y = xy
    return {
        "h:" + ("left" if x < -w else "right" if x > w else "middle"),
        "v:" + ("top" if y < -h else "bottom" if y > h else "middle"),
    }


def said(phrase: str) -> set[str]:
    """The places a phrase names: "lower right" both ways, "the middle" both ways."""
    words = set(PLACE_WORD.findall(phrase))
    out = {"h:" + w for w in words & {"left", "right"}}
    out |= {"v:top" for _ in words & {"top", "upper"}} | {
        "v:bottom" for _ in words & {"bottom", "lower"}
    }
    if words & {"middle", "centre", "center"}:
        out |= {x for x in ("h:middle", "v:middle") if x[0] not in {y[0] for y in out}}
    return out


def texts(p: Puzzle) -> list[str]:
    return [p.prompt, *p.hints, p.explain]


def place_words(text: str) -> list[str]:
    for x in NOT_PLACES:
        text = text.replace(x, "")
    return PLACE_WORD.findall(text)


@pytest.mark.parametrize(("lesson", "phrase", "label"), PLACES)
def test_a_place_named_in_a_puzzle_is_where_the_board_has_it(lesson, phrase, label):
    assert any(phrase in t for x, _, p, _ in puzzles() if x == lesson for t in texts(p)), (
        lesson,
        phrase,
    )
    assert said(phrase) and said(phrase) <= area(label), (phrase, label, area(label))


def test_every_place_word_in_a_puzzle_is_checked():
    unchecked = [
        (lesson, t)
        for lesson, _, p, _ in puzzles()
        for t in texts(p)
        if place_words(t) and not any(x == lesson and phrase in t for x, phrase, _ in PLACES)
    ]
    assert not unchecked, unchecked


@pytest.mark.parametrize(
    ("label", "where"),
    [
        ("G6", {"h:right", "v:middle"}),
        ("H4", {"h:left", "v:middle"}),
        ("J", {"h:middle", "v:middle"}),
        ("R", {"h:middle", "v:bottom"}),
        ("A", {"h:left", "v:top"}),
        ("P", {"h:right", "v:bottom"}),
    ],
)
def test_the_board_areas_follow_the_drawing(label, where):
    """x grows to the right and y downward, as the board is drawn (render.py)."""
    assert area(label) == where


def test_the_hand_limit_question_reads_one_way():
    """A fresh learner (s17, 6.7): "Build what keeps more of P3's cards safe from the next 7"
    let a settlement read as right too (P3 would hold 3 cards, all safe). Building anything
    else also keeps cards from a 7 by spending them; the question asks for holding more cards
    through a 7, which only the hand limit decides, and its first hint names that limit
    without naming the piece or its spot."""
    _, node, p, rules = next(x for x in puzzles() if x[0] == "puzzle_ck_walls")
    g = Game(rules, node.state)
    ms = moves(g)
    seat = g.current_player
    spends = {a for a in ms if sum(after(g, a).state.hands[seat]) < sum(g.state.hands[seat])}
    assert any(isinstance(a, (Settle, BuildRoad)) for a in spends - raises_hand_limit(g, ms))
    assert "safe" not in p.prompt and "hold more cards through a 7" in p.prompt
    first = p.hints[0].lower()
    assert "limit" in first and not any(w in first for w in ("wall", "c6", "brick"))


def test_5_13_asks_which_token_action_not_whether_one_exists():
    """l50 at 5.13: "Before rolling, free the hex." beside the palette's "Send the robber
    home" was answered by the button's name. The question is now a choice between the two
    token actions the palette offers alike, both legal: a forced trade is judged wrong by the
    hand the prompt gives (P2 holds no ore: 2P-TOKEN-FORCED-TRADE), the robber's return right."""
    sc = lesson("puzzle_base_2p")
    node = next(sc.timeline.nodes[n] for n, p in sc.puzzles.items() if "short of ore" in p.prompt)
    game = Game(sc.timeline.rules, node.state)
    kinds = {type(a).__name__ for a in game.legal_actions()}
    assert {"ForcedTrade", "RobberHome"} <= kinds
    puzzle = sc.puzzles[node.id]
    assert "P2 holds 1 brick, 4 wool and 1 grain" in puzzle.prompt  # (its hand is not shown)
    assert game.state.hands[1][board.CARD_NAMES.index("ore")] == 0
    trade = judge(puzzle, node, sc.timeline.rules, "P1 force take 2 wool give 1 brick, 1 grain")
    assert trade.legal and not trade.correct
    assert judge(puzzle, node, sc.timeline.rules, "P1 robber-home").correct
