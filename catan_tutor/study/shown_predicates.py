"""The rules that decide inside a move without a verdict or an event of their own
(catan_tutor.study.shown): each predicate sees a move's state before and after and says whether its
rule made the change (``QUIET``: rule ID -> predicate and the variants it is looked for in);
``DEFINITIONS``: definitions shown where a rule phrased in their terms decides."""

from __future__ import annotations

from collections.abc import Callable

from ..actions import (
    DEV_CARDS,
    EVENT_FACES,
    Accept,
    Action,
    Activate,
    Aqueduct,
    BankTrade,
    Bid,
    BuildCity,
    BuildRoad,
    BuildWall,
    ChaseRobber,
    Die,
    DrawDev,
    DrawProgress,
    EndTurn,
    EventDie,
    ForcedDraw,
    ForcedTrade,
    Improve,
    MoveKnight,
    MoveRobber,
    NeutralKnight,
    NeutralRoad,
    NeutralSettle,
    PlaceHarbor,
    PlaceTile,
    PlayMonopoly,
    PlayProgress,
    PlayRoadBuilding,
    Promote,
    Recruit,
    Relocate,
    RemoveKnight,
    ReturnKnight,
    RobberHome,
    Settle,
    SpiralStart,
)
from ..board import (
    BEGINNER,
    COASTAL_VERTICES,
    EDGE_VERTICES,
    GENERIC,
    HEX_VERTICES,
    RESOURCES,
    VERTEX_HEXES,
)
from ..progress_cards import CARDS
from ..rules import production, progress
from ..rules.barbarians import TRACK_END
from ..rules.improvements import free_cities
from ..rules.neutral import NEUTRAL_STARTS
from ..rules.precedence import most_specific
from ..state import (
    MAIN,
    PRE_ROLL,
    ROAD_BUILDING,
    ROADS,
    ROBBER,
    ROLLOFF,
    SETUP_ROAD,
    SETUP_SETTLE,
    State,
    laid,
)
from ..variants.dummy_state import BIDS, CARD_DIE, DEV_DIE
from ..variants.two_player_state import NEUTRAL, NeutralDue

Quiet = Callable[[object, State, Action, State, list], bool]  # rules, before, move, after, events


def _neutral_award(attr: str) -> Quiet:
    """A neutral (base-2p, ck-2p) or the dummy takes an award: the rule letting it compete."""

    def seen(rules, before: State, action: Action, after: State, evs: list) -> bool:
        holder = getattr(after, attr)
        return holder != getattr(before, attr) and holder >= after.n

    return seen


def _level5_kept(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """The metropolis holder buys level 5 of its track: only with a city free of a metropolis,
    as anyone (003), and the metropolis stays put."""
    if not isinstance(action, Improve):
        return False
    p, t = action.player, action.track
    v = before.metro[t]
    return (
        before.levels[p][t] == 4
        and v >= 0
        and before.vowner[v] == p
        and bool(free_cities(before, p))
        and after.metro[t] == v
    )


def _offturn_target(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A player not on turn reaches the target without winning there and then."""
    return after.winner < 0 and any(
        p != after.active
        and rules.victory_points(after, p) >= rules.target > rules.victory_points(before, p)
        for p in range(after.n)
    )


def _no_token_left(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A single best defender takes no token: all 6 in the box are held (the attack's words
    name the rule)."""
    rule = most_specific(rules.variant, "CK-BARB-TOKENS")
    return any(e.kind == "attack" and e.rule == rule for e in evs)


def _empty_deck_draw(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A progress card due from an empty deck: the event die's castle with no card left in
    its deck, or a draw that empties a deck others still wait on (its 18 cards are all out)."""
    if isinstance(action, EventDie) and action.face in EVENT_FACES[1:]:
        t = EVENT_FACES.index(action.face) - 1
        red = before.rolled[1] if len(before.rolled) > 1 else before.dice[1]
        return progress.deck_empty(before, t) and any(
            red <= progress.threshold(levels[t]) for levels in before.levels[: before.n]
        )
    if isinstance(action, DrawProgress):
        t = before.draws[0].track
        return progress.deck_empty(after, t) and any(d.track == t for d in before.draws[1:])
    return False


def _robbed_empty_hand(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """D's robber lands where a player with no card has a building: D robs the other one."""
    h = after.robber
    if before.active != before.dummy or h == before.robber or h < 0:
        return False
    return any(
        not sum(before.hands[p])
        for p in range(before.n)
        if any(before.vowner[v] == p for v in HEX_VERTICES[h])
    )


def _no_neutral_build(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A player's road or settlement after setup owes the neutrals nothing: none fits."""
    return (
        isinstance(action, BuildRoad | Settle)
        and before.phase == MAIN
        and after.phase == MAIN
        and after.winner < 0
    )


def _neutral_road_removed(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """Diplomacy takes away a neutral's open road."""
    return (
        isinstance(action, PlayProgress)
        and CARDS[action.card] == "diplomacy"
        and bool(action.args)
        and before.n <= before.eowner[action.args[0]] < before.owners
    )


def _card_road_mirrored(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A free road from a Road Building card owes a neutral road too."""
    return (
        isinstance(action, BuildRoad) and before.phase == ROAD_BUILDING and after.phase == NEUTRAL
    )


def _settlement_tokens(where: str) -> Quiet:
    """A settlement (in setup too, or a neutral's built by a player) earns its builder tokens:
    ``where`` is "desert" (beside it, not on the coast), "coast" (not beside the desert),
    "both", "neutral" (a neutral's settlement, anywhere) or "any"."""

    def seen(rules, before: State, action: Action, after: State, evs: list) -> bool:
        if (
            not isinstance(action, Settle | NeutralSettle | BuildCity)
            or after.tokens[action.player] <= before.tokens[action.player]
        ):
            return False
        if isinstance(action, BuildCity) and before.phase != SETUP_SETTLE:
            return False
        v = action.vertex
        desert = laid(before).desert() in VERTEX_HEXES[v]
        coast = v in COASTAL_VERTICES
        return {
            "desert": desert and not coast,
            "coast": coast and not desert,
            "both": desert and coast,
            "neutral": isinstance(action, NeutralSettle),
            "any": True,
        }[where]

    return seen


def _income_cut_short(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A settlement owes its builder more tokens than the supply holds (20 tokens in all): the
    builder takes the last ones."""
    if not isinstance(action, Settle | NeutralSettle):
        return False
    v, p = action.vertex, action.player
    due = 2 * (laid(before).desert() in VERTEX_HEXES[v]) + (v in COASTAL_VERTICES)
    earned = after.tokens[p] - before.tokens[p]
    return after.token_supply == 0 and 0 <= earned < due


def _setup_city_tokens(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """The C&K setup city earns tokens as a setup settlement would."""
    return (
        isinstance(action, BuildCity)
        and before.phase == SETUP_SETTLE
        and after.tokens[action.player] > before.tokens[action.player]
    )


def _tokens_paid(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A token action is paid: its price (1, or 2 when ahead) goes back to the supply."""
    p = action.player
    return (
        isinstance(action, ForcedTrade | ForcedDraw | RobberHome)
        and 0 <= p < before.n
        and after.tokens[p] < before.tokens[p]
        and after.token_supply > before.token_supply
    )


def _tokens_paid_leading(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A token action costs 2 because its player leads in points others can see."""
    return _tokens_paid(rules, before, action, after, evs) and (
        before.tokens[action.player] - after.tokens[action.player] >= 2
    )


def _hidden_lead_unpaid(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A token action costs 1 although its player leads counting hidden Victory Point cards:
    the cards others cannot see do not count."""
    p = getattr(action, "player", -1)
    if not _tokens_paid(rules, before, action, after, evs):
        return False
    mine = rules.victory_points(before, p)
    return before.tokens[p] - after.tokens[p] == 1 and all(
        mine > rules.victory_points(before, q) for q in range(before.n) if q != p
    )


def _public_lead_paid(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A token action costs the leader's price because of face-up points (progress VP cards,
    defender tokens): in Cities & Knights every point is public."""
    p = getattr(action, "player", -1)
    if not _tokens_paid(rules, before, action, after, evs):
        return False
    mine, face_up = rules.victory_points(before, p), before.pvp[p] + before.defender[p]
    others = [rules.victory_points(before, q) for q in range(before.n) if q != p]
    return all(mine > o >= mine - face_up for o in others)


def _first_neutral_road(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A neutral's first road: it can only start at that neutral's start settlement, which
    stands alone (no road) on its fixed corner."""
    if not isinstance(action, NeutralRoad):
        return False
    owner = before.n + action.neutral
    return (
        owner not in before.eowner and NEUTRAL_STARTS[action.neutral] in EDGE_VERTICES[action.edge]
    )


def _dummy_award_scores_nothing(
    rules, before: State, action: Action, after: State, evs: list
) -> bool:
    """The dummy takes an award: it has no points, so the award's 2 VP go to nobody."""
    return any(getattr(after, a) == after.dummy != getattr(before, a) for a in ("longest", "army"))


def _beginner_production(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A roll pays out on the beginner map: its terrain and numbers decide who gets what."""
    rolled, board = _production(evs), before.layout
    return (
        rolled is not None
        and bool(rolled[1])
        and board is not None
        and board.terrain == BEGINNER.terrain
        and board.numbers == BEGINNER.numbers
    )


def _production(evs: list) -> tuple[int, dict] | None:
    """The roll that produced in this move (its total and who got what), if any."""
    for e in evs:
        facts = e.facts
        if (
            e.kind == "production"
            and "produced" in facts
            and not facts.get("reroll")
            and e.rule != "CK-EVENT-CASTLE"
        ):
            return facts["total"], facts["produced"]
    return None


def _robber_blocks(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A production roll hits the robber's hex, where a building stands: it produces nothing."""
    rolled, h = _production(evs), before.robber
    return (
        rolled is not None
        and rolled[0] != 7
        and h >= 0
        and laid(before).numbers[h] == rolled[0]
        and any(before.vowner[v] >= 0 for v in HEX_VERTICES[h])
    )


def _producing_sites(before: State, total: int) -> list[int]:
    """The vertices of the hexes a roll of ``total`` makes produce (the robber's excepted)."""
    numbers = laid(before).numbers
    return [
        v
        for h, n in enumerate(numbers)
        if n == total and h != before.robber
        for v in HEX_VERTICES[h]
    ]


def _short(commodity: bool) -> Quiet:
    """A production roll owes more cards of one kind (a resource, or a commodity) than the
    bank holds: nobody gets that kind, or the only player owed it takes what is left (the
    box's 12 cards of each commodity have run out in the bank)."""

    def seen(rules, before: State, action: Action, after: State, evs: list) -> bool:
        rolled = _production(evs)
        if rolled is None or rolled[0] == 7:
            return False
        owed = production.production(before, rolled[0])
        return any(
            sum(need) > before.bank[r]
            for r, need in owed.items()
            if (r >= len(RESOURCES)) == commodity
        )

    return seen


def _commodities_produced(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A city on forest, pasture or mountains yields a commodity with its resource."""
    rolled = _production(evs)
    return rolled is not None and any(any(got[len(RESOURCES) :]) for got in rolled[1].values())


def _settlement_produced(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A settlement on a producing hex yields its 1 resource (C&K as in the base game)."""
    rolled = _production(evs)
    if rolled is None or rolled[0] == 7:
        return False
    return any(
        before.vowner[v] in rolled[1] and not before.vcity[v]
        for v in _producing_sites(before, rolled[0])
    )


def _seven_robber_asleep(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A 7 before the first barbarian attack: the robber stays off the board."""
    rolled = _production(evs)
    return (
        rolled is not None
        and rolled[0] == 7
        and not after.attacked
        and after.robber < 0
        and after.phase != ROBBER
    )


def _ship_advances(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """The event die shows the ship: the barbarians come one step closer (or attack)."""
    return isinstance(action, EventDie) and action.face == EVENT_FACES[0]


def _castle_draws(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """The event die shows a castle and the red die is low enough for someone's level."""
    if not (isinstance(action, EventDie) and action.face in EVENT_FACES[1:]):
        return False
    t = EVENT_FACES.index(action.face) - 1
    red = before.rolled[1] if len(before.rolled) > 1 else before.dice[1]
    return any(red <= progress.threshold(levels[t]) for levels in before.levels[: before.n])


def _attack(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """The barbarians attack: cities against active knights' strength."""
    return any(e.kind == "attack" for e in evs)


def _attack_with_neutral_knights(
    rules, before: State, action: Action, after: State, evs: list
) -> bool:
    """An attack while neutral knights stand on the board: they do not defend."""
    return _attack(rules, before, action, after, evs) and any(
        k is not None and before.n <= k.owner < before.owners for k in before.kn
    )


def _wall_lost(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A pillaged city's wall goes back to its owner."""
    return any(b and not a for b, a in zip(before.walls, after.walls, strict=True))


def _metropolis_placed(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A metropolis is put on a city (or moves to another): 2 VP more for that city."""
    placed = [v for v in after.metro if v >= 0]
    return bool(placed) and after.metro != before.metro


def _trading_house(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A 2:1 commodity trade with the bank at trade level 3 or more."""
    return (
        isinstance(action, BankTrade)
        and action.count == 2
        and action.give >= len(RESOURCES)
        and before.levels[action.player][1] >= 3
    )


def _mighty(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A strong knight promoted to mighty (politics level 3 or more)."""
    k = before.kn[action.vertex] if isinstance(action, Promote) else None
    return k is not None and k.level == 2


def _ck_paid(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A knight, its promotion or activation, a wall or an improvement is paid for."""
    p = getattr(action, "player", -1)
    return (
        isinstance(action, Recruit | Promote | Activate | BuildWall | Improve)
        and 0 <= p < before.n
        and sum(after.hands[p]) < sum(before.hands[p])
    )


def _setup_no_neutral(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A setup placement: nothing is built for the neutrals."""
    return before.phase in (SETUP_SETTLE, SETUP_ROAD) and after.phase != NEUTRAL


def _setup_resources(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """The second setup building pays a resource per land hex it touches."""
    p = getattr(action, "player", -1)
    return (
        before.phase == SETUP_SETTLE
        and 0 <= p < before.n
        and sum(after.hands[p]) > sum(before.hands[p])
    )


def _army_given_up(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A returned Knight card costs its player Largest Army."""
    return (
        isinstance(action, ReturnKnight)
        and before.army == action.player
        and after.army != action.player
    )


def _vp_card(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A Victory Point card is drawn: a hidden point for its buyer."""
    return isinstance(action, DrawDev) and DEV_CARDS[action.card] == "vp"


def _dummy_turn_step(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """D's turn goes from its roll to the trading window, or from there to the card die."""
    return (
        before.active == before.dummy
        and after.phase in (BIDS, DEV_DIE)
        and before.phase != after.phase
    )


def _dummy_robber(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """D's robber moves: to one of the candidate hexes only (not its hex, not the desert)."""
    return before.active == before.dummy and after.robber != before.robber


def _sabotage(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """Sabotage is played: its player does not discard."""
    return isinstance(action, PlayProgress) and CARDS[action.card] == "sabotage"


def _won(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """The move ends the game with a winner: the variant's own victory rule decides it."""
    return after.winner >= 0 > before.winner


def _produces(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A roll is settled: a 7, or production and then the science level 3 claims."""
    return _production(evs) is not None


def _no_neutral_city(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A city, a wall or an activated knight owes the neutrals nothing."""
    p = getattr(action, "player", -1)
    return (
        isinstance(action, BuildCity | BuildWall | Activate)
        and before.phase == MAIN
        and 0 <= p < before.n
        and after.phase != NEUTRAL
    )


def _neutral_piece(kinds: tuple[type, ...]) -> Quiet:
    """A player builds a neutral's piece: where it may stand and who chooses it."""

    def seen(rules, before: State, action: Action, after: State, evs: list) -> bool:
        return isinstance(action, kinds)

    return seen


def _knight_mirror_road(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A recruited knight owes a neutral knight, but none fits: a neutral road, or nothing."""
    if not isinstance(action, Recruit) or before.phase != MAIN:
        return False
    owed = after.neutral_due
    return after.phase == MAIN or (
        after.phase == NEUTRAL and isinstance(owed, NeutralDue) and owed.owed == "road"
    )


def _promotion_mirrored(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A player's promotion: basic to strong promotes a neutral knight, strong to mighty none."""
    return isinstance(action, Promote) and before.phase == MAIN


def _castle_in_two_player(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """The event die's castle is settled at once with the red die thrown with it."""
    return _castle_draws(rules, before, action, after, evs)


def _aqueduct(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A science level 3 claim after a production that gave its player nothing."""
    return isinstance(action, Aqueduct)


def _before_first_roll(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A token action or Alchemy before the turn's first roll."""
    return before.phase == PRE_ROLL and (
        isinstance(action, ForcedTrade | RobberHome | RemoveKnight)
        or (isinstance(action, PlayProgress) and CARDS[action.card] == "alchemy")
    )


def _first_player(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """The first-player roll-off ends: the highest total becomes P1."""
    return before.phase == ROLLOFF and after.phase != ROLLOFF


def _second_player_twice(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """P2 places its second setup building straight after its first (P1, P2, P2, P1)."""
    return (
        isinstance(action, Settle | BuildCity)
        and before.phase == SETUP_SETTLE
        and action.player == 1
        and before.vowner.count(1) == 1
    )


def _chance_move(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A die, a drawn card, a stolen card or a board permutation, played as a move."""
    return action.is_chance


def _production_to_action(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """The roll is settled and produced: the turn goes on to its Action phase."""
    return _production(evs) is not None and after.phase == MAIN


def _laid(kind: type) -> Quiet:
    """A step of a variable board's lay-out: a terrain hex, a harbor kind or the spiral's start
    (the box's pieces, placed by chance)."""

    def seen(rules, before: State, action: Action, after: State, evs: list) -> bool:
        return isinstance(action, kind)

    return seen


def _robber_kept_off(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """The lay-out is done and the robber stays off the board (Cities & Knights)."""
    return isinstance(action, SpiralStart) and after.layout is not None and after.robber < 0


def _ck_board(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A C&K board is the base game's: a variable one laid hex by hex, or the beginner map's
    harbors deciding a trade's rate."""
    return isinstance(action, PlaceTile) or _beginner_harbor_trade(
        rules, before, action, after, evs
    )


def _robber_on_desert(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """The lay-out is done and the robber goes on the desert."""
    return isinstance(action, SpiralStart) and before.robber < 0 <= after.robber


def _card(*names: str) -> Quiet:
    """A progress card among ``names`` is played."""

    def seen(rules, before: State, action: Action, after: State, evs: list) -> bool:
        return isinstance(action, PlayProgress) and CARDS[action.card] in names

    return seen


def _vp_progress(name: str) -> Quiet:
    """The progress VP card ``name`` is drawn: it is laid out at once for 1 VP."""

    def seen(rules, before: State, action: Action, after: State, evs: list) -> bool:
        return isinstance(action, DrawProgress) and CARDS[action.card] == name

    return seen


def _card_under_deck(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A played progress card goes face down under its deck, after the cards already known."""
    return isinstance(action, PlayProgress) and any(
        len(a.queue) > len(b.queue) for b, a in zip(before.pdecks, after.pdecks, strict=True)
    )


def _commodity_traded(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """Two players trade, and commodities change hands."""
    if not isinstance(action, Accept):
        return False
    k = len(RESOURCES)
    return any(
        b[k:] != a[k:]
        for b, a in zip(before.hands[: before.n], after.hands[: after.n], strict=True)
    )


def _dummy_seven(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A 7 with the dummy holding more than 7 cards: D never discards."""
    rolled = _production(evs)
    return rolled is not None and rolled[0] == 7 and sum(before.hands[before.dummy]) > 7


def _dummy_knight(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """The card die shows 1 to 3: D plays a Knight, which builds no army for D."""
    return isinstance(action, Die) and before.phase == CARD_DIE and 1 <= action.value <= 3


def _single_bid(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """The trading window closes with one bid only: that player trades with D."""
    if before.phase != BIDS or after.phase == BIDS:
        return False
    bidders = {p for p, b in enumerate(before.bids) if b and p != getattr(action, "player", -1)}
    if isinstance(action, Bid):
        bidders.add(action.player)
    return len(bidders) == 1 and after.hands[after.dummy] != before.hands[before.dummy]


def _monopoly_skips_dummy(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A player's Monopoly names a resource the dummy holds: D keeps it."""
    return isinstance(action, PlayMonopoly) and before.hands[before.dummy][action.resource] > 0


def _road_length_award(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """Longest Road (Route) changes hands by the lengths of the trails (not by a dummy card)."""
    return after.longest != before.longest and before.phase != CARD_DIE


def _route_cut_by_knight(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A knight placed or moved shortens another colour's route."""
    if not isinstance(action, Recruit | MoveKnight | NeutralKnight | Relocate):
        return False
    p = action.player
    return any(
        q != p and a < b
        for q, (b, a) in enumerate(zip(before.road_len, after.road_len, strict=True))
    )


def _short_of_roads(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """Road Building with fewer than 2 roads left in supply."""
    return isinstance(action, PlayRoadBuilding) and before.roads[action.player] > ROADS - 2


def _city_toppled(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A pillaged city with no settlement left in supply is laid on its side."""
    return bool(set(after.toppled) - set(before.toppled))


def _road_to_a_knight(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A road ends at a vertex holding another colour's knight (allowed; it goes no further)."""
    if not isinstance(action, BuildRoad):
        return False
    knights = [before.kn[v] for v in EDGE_VERTICES[action.edge]]
    return any(k is not None and k.owner != action.player for k in knights)


def _promoted_knight_acts(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A knight promoted this turn acts: promotion kept its eligibility."""
    if not isinstance(action, MoveKnight | ChaseRobber):
        return False
    v = action.src if isinstance(action, MoveKnight) else action.vertex
    k = before.kn[v]
    return k is not None and k.promoted


def _no_target(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A card aimed at others is played where it finds nobody: it counts as played."""
    if not (isinstance(action, PlayProgress) and CARDS[action.card] in _TARGETED):
        return False
    others = [q for q in range(before.n) if q != action.player]
    return after.phase == MAIN and all(
        after.hands[q] == before.hands[q] and after.phand[q] == before.phand[q] for q in others
    )


_TARGETED = (
    "guild-dues",
    "treason",
    "espionage",
    "wedding",
    "sabotage",
    "commercial-harbor",
    "taxation",
)


def _award_moves_off_turn(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """An award changes hands through someone else's move: it is re-evaluated at once."""
    p = getattr(action, "player", -1)
    return before.phase != CARD_DIE and any(
        getattr(after, a) != getattr(before, a) and p != getattr(after, a)
        for a in ("longest", "army")
    )


def _neutral_piece_counts(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A neutral's piece cuts a player's road, or the robber goes where only neutrals build."""
    if isinstance(action, NeutralRoad | NeutralSettle):
        return any(
            a < b
            for b, a in zip(before.road_len[: before.n], after.road_len[: after.n], strict=True)
        )
    if isinstance(action, MoveRobber):
        owners = {before.vowner[v] for v in HEX_VERTICES[action.hex] if before.vowner[v] >= 0}
        return bool(owners) and all(o >= before.n for o in owners)
    return False


def _dummy_award_back(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A player beats the dummy's number and takes an award back from D."""
    return any(
        getattr(before, a) == before.dummy and 0 <= getattr(after, a) < after.n
        for a in ("longest", "army")
    )


def _ship_lands(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """The ship steps onto the track's last space: the track's length decides that the
    barbarians attack now."""
    return (
        isinstance(action, EventDie)
        and action.face == EVENT_FACES[0]
        and before.barb == TRACK_END - 1
        and _attack(rules, before, action, after, evs)
    )


def _drawn(kind: type) -> Quiet:
    """A chance move draws from one of the box's components (the development deck, a progress
    deck, the event die): what can come is what that component holds."""

    def seen(rules, before: State, action: Action, after: State, evs: list) -> bool:
        return isinstance(action, kind)

    return seen


def _neutral_unpaid(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A production roll hits a hex where a neutral settlement stands: the neutral, no player,
    takes nothing."""
    rolled = _production(evs)
    return (
        rolled is not None
        and rolled[0] != 7
        and any(
            before.n <= before.vowner[v] < before.owners
            for v in _producing_sites(before, rolled[0])
        )
    )


def _dummy_seat(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """The last player ends the turn and the dummy's turn begins: D always sits last."""
    return (
        isinstance(action, EndTurn)
        and before.active == before.n - 1
        and after.active == after.dummy
    )


def _first_improvement(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A player with every cube still at level 0, where setup put them, buys a level: the
    level bought is 1 and costs 1 commodity."""
    if not isinstance(action, Improve):
        return False
    p = action.player
    return before.levels[p] == (0, 0, 0) and after.levels[p][action.track] == 1


_DUMMY_START = (2,) * 5  # DUMMY-SETUP-HAND: 2 of each resource


def _dummy_gives_a_start_card(
    rules, before: State, action: Action, after: State, evs: list
) -> bool:
    """The dummy, still holding its starting hand untouched, gives a card: a card it holds
    only because it started with 2 of each resource (it never produces)."""
    d = before.dummy
    if tuple(before.hands[d][:5]) != _DUMMY_START:
        return False
    return any(a < b for a, b in zip(after.hands[d], before.hands[d], strict=True))


def _mirrored_in_ck(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A player's road or settlement in C&K for two owes a neutral piece: the base game for
    two applies on top of Cities & Knights."""
    return (
        isinstance(action, BuildRoad | Settle) and before.phase == MAIN and after.phase == NEUTRAL
    )


def _harbor_trade(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A bank trade at a harbor rate (3:1 generic, 2:1 its resource): the player's building
    stands on a harbor vertex, an end of a harbor's coastal edge."""
    if not isinstance(action, BankTrade):
        return False
    kinds = {
        k
        for v, k in enumerate(laid(before).vertex_harbor())
        if k >= 0 and before.vowner[v] == action.player
    }
    return (action.count == 3 and GENERIC in kinds) or (action.count == 2 and action.give in kinds)


def _beginner_harbor_trade(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A harbor-rate trade on the beginner map's harbors: where that map puts them and their
    kinds decide the rate."""
    return _harbor_trade(rules, before, action, after, evs) and (
        laid(before).harbors == BEGINNER.harbors
    )


def _coastal(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """What a coastal vertex is decides the move: a harbor-rate trade, or a settlement's coast
    tokens (two-player games)."""
    return _harbor_trade(rules, before, action, after, evs) or (
        rules.variant in ("base-2p", "ck-2p")
        and (
            _settlement_tokens("coast")(rules, before, action, after, evs)
            or _settlement_tokens("both")(rules, before, action, after, evs)
        )
    )


def _by_the_desert(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A settlement on one of the desert's six corners earns desert tokens (two-player games)."""
    return _settlement_tokens("desert")(rules, before, action, after, evs) or _settlement_tokens(
        "both"
    )(rules, before, action, after, evs)


def _building_cuts_trail(rules, before: State, action: Action, after: State, evs: list) -> bool:
    """A settlement stands on another colour's road: that colour's trail no longer goes on
    through the vertex, and its length drops."""
    if not isinstance(action, Settle | NeutralSettle):
        return False
    builder = after.vowner[action.vertex]
    return any(
        q != builder and a < b
        for q, (b, a) in enumerate(zip(before.road_len, after.road_len, strict=True))
    )


_BASE_FAMILY = ("base", "base-2p", "base-dummy")
_ALL = (*_BASE_FAMILY, "ck", "ck-2p")

# rule ID -> (what it decides inside a move, the variants where that decides under this ID)
QUIET: dict[str, tuple[Quiet, tuple[str, ...]]] = {
    "2P-NEUTRAL-LONGEST-ROAD": (_neutral_award("longest"), ("base-2p",)),
    "CK2P-LONGEST-ROUTE": (_neutral_award("longest"), ("ck-2p",)),
    "DUMMY-DEV-LONGEST-ROAD": (_neutral_award("longest"), ("base-dummy",)),
    "DUMMY-DEV-LARGEST-ARMY": (_neutral_award("army"), ("base-dummy",)),
    "DUMMY-STEAL-EMPTY": (_robbed_empty_hand, ("base-dummy",)),
    "2P-NEUTRAL-NONE-POSSIBLE": (_no_neutral_build, ("base-2p", "ck-2p")),
    "2P-NEUTRAL-ROAD-BUILDING": (_card_road_mirrored, ("base-2p",)),
    "2P-TOKEN-INCOME-DESERT": (_settlement_tokens("desert"), ("base-2p",)),
    "2P-TOKEN-INCOME-COAST": (_settlement_tokens("coast"), ("base-2p",)),
    "2P-TOKEN-INCOME-BOTH": (_settlement_tokens("both"), ("base-2p",)),
    "2P-TOKEN-INCOME-NEUTRAL": (_settlement_tokens("neutral"), ("base-2p", "ck-2p")),
    "CK2P-TOKEN-INCOME": (_settlement_tokens("any"), ("ck-2p",)),
    "CK2P-TOKEN-SETUP-CITY": (_setup_city_tokens, ("ck-2p",)),
    "2P-TOKEN-SUPPLY": (_tokens_paid, ("base-2p",)),
    "2P-TOKEN-COST": (_tokens_paid, ("base-2p", "ck-2p")),
    "2P-TOKEN-VP-COUNT": (_tokens_paid_leading, ("base-2p",)),
    "CK2P-PC-DIPLOMACY-NEUTRAL": (_neutral_road_removed, ("ck-2p",)),
    "CK-METRO-OWN-LEVEL5": (_level5_kept, ("ck", "ck-2p")),
    "CK-WIN-OFFTURN": (_offturn_target, ("ck", "ck-2p")),
    "CK-BARB-TOKENS": (_no_token_left, ("ck", "ck-2p")),
    "CK-PROGRESS-EMPTY": (_empty_deck_draw, ("ck", "ck-2p")),
    "CK-PC-COUNTS": (_empty_deck_draw, ("ck", "ck-2p")),
    "BASE-ROBBER-BLOCK": (_robber_blocks, ("base", "base-2p", "base-dummy")),
    "CK-PROD-ROBBER": (_robber_blocks, ("ck", "ck-2p")),
    "BASE-PROD-SHORTAGE": (_short(False), ("base", "base-2p", "base-dummy", "ck", "ck-2p")),
    "CK-PROD-SHORTAGE": (_short(True), ("ck", "ck-2p")),
    "CK-COMP-COMMODITIES": (_short(True), ("ck", "ck-2p")),
    "CK-PROD-CITY": (_commodities_produced, ("ck", "ck-2p")),
    "CK-PROD-SETTLEMENT": (_settlement_produced, ("ck", "ck-2p")),
    "CK-ROBBER-INACTIVE": (_seven_robber_asleep, ("ck", "ck-2p")),
    "CK-EVENT-SHIP": (_ship_advances, ("ck", "ck-2p")),
    "CK-PROGRESS-THRESHOLD": (_castle_draws, ("ck", "ck-2p")),
    "CK-BARB-STRENGTH": (_attack, ("ck", "ck-2p")),
    "CK-BARB-DEFENSE": (_attack, ("ck", "ck-2p")),
    "CK-KNIGHT-STRENGTH": (_attack, ("ck", "ck-2p")),
    "CK2P-NEUTRAL-KNIGHT-INERT": (_attack_with_neutral_knights, ("ck-2p",)),
    "CK-WALL-LOSS": (_wall_lost, ("ck", "ck-2p")),
    "CK-METRO-VALUE": (_metropolis_placed, ("ck", "ck-2p")),
    "CK-IMPROVE-TRADE-3": (_trading_house, ("ck", "ck-2p")),
    "CK-IMPROVE-POLITICS-3": (_mighty, ("ck", "ck-2p")),
    "CK-BUILD-COSTS": (_ck_paid, ("ck", "ck-2p")),
    "2P-SETUP-NO-NEUTRAL-BUILD": (_setup_no_neutral, ("base-2p", "ck-2p")),
    "BASE-SETUP-RESOURCES": (_setup_resources, ("base", "base-2p", "base-dummy")),
    "CK-SETUP-RESOURCES": (_setup_resources, ("ck", "ck-2p")),
    "2P-TOKEN-KNIGHT-ARMY": (_army_given_up, ("base-2p",)),
    "2P-TOKEN-KNIGHT-ARMY-NEXT": (_army_given_up, ("base-2p",)),
    "BASE-DEV-VP": (_vp_card, ("base", "base-2p", "base-dummy")),
    "DUMMY-TURN-SEQUENCE": (_dummy_turn_step, ("base-dummy",)),
    "DUMMY-ROBBER-CANDIDATES": (_dummy_robber, ("base-dummy",)),
    "CK-PC-SABOTAGE-SELF": (_sabotage, ("ck", "ck-2p")),
    "2P-SETUP-PLACEMENT": (_second_player_twice, ("base-2p", "ck-2p")),
    "DUMMY-SETUP-PLACEMENT": (_second_player_twice, ("base-dummy",)),
    "BASE-CHANCE-EVENTS": (_chance_move, ("base", "base-2p", "base-dummy", "ck", "ck-2p")),
    "CK-TURN-PHASES": (_production_to_action, ("ck", "ck-2p")),
    "BASE-COMP-TERRAIN": (_laid(PlaceTile), _BASE_FAMILY),
    "BASE-COMP-HARBORS": (_laid(PlaceHarbor), _BASE_FAMILY),
    "BASE-BOARD-VARIABLE-HARBORS": (_laid(PlaceHarbor), _BASE_FAMILY),
    "BASE-COMP-NUMBERS": (_laid(SpiralStart), _BASE_FAMILY),
    "BASE-BOARD-VARIABLE-SPIRAL": (_laid(SpiralStart), _BASE_FAMILY),
    "BASE-BOARD-ROBBER-START": (_robber_on_desert, _BASE_FAMILY),
    "BASE-SETUP-FIRST-PLAYER": (_first_player, ("base", "base-2p", "base-dummy")),
    "CK-SETUP-FIRST-PLAYER": (_first_player, ("ck", "ck-2p")),
    "CK-BUILD-OCCUPIED": (_road_to_a_knight, ("ck", "ck-2p")),
    "CK-KNIGHT-ELIGIBLE-IDENTITY": (_promoted_knight_acts, ("ck", "ck-2p")),
    "CK-PC-NO-TARGET": (_no_target, ("ck", "ck-2p")),
    "BASE-AWARD-TIMING": (_award_moves_off_turn, ("base", "base-2p", "base-dummy", "ck", "ck-2p")),
    "2P-NEUTRAL-ON-BOARD": (_neutral_piece_counts, ("base-2p", "ck-2p")),
    "DUMMY-AWARD-RECLAIM": (_dummy_award_back, ("base-dummy",)),
    "2P-WIN": (_won, ("base-2p",)),
    "DUMMY-WIN": (_won, ("base-dummy",)),
    "CK2P-WIN": (_won, ("ck-2p",)),
    "CK-TURN-PRODUCTION-PHASE": (_produces, ("ck", "ck-2p")),
    "CK2P-NEUTRAL-CITIES": (_no_neutral_city, ("ck-2p",)),
    "2P-NEUTRAL-LEGAL": (_neutral_piece((NeutralRoad, NeutralSettle)), ("base-2p", "ck-2p")),
    "2P-NEUTRAL-CHOOSER": (_neutral_piece((NeutralRoad, NeutralSettle)), ("base-2p",)),
    "CK2P-NEUTRAL-KNIGHT-LEGAL": (_neutral_piece((NeutralKnight,)), ("ck-2p",)),
    "CK2P-NEUTRAL-KNIGHT-FALLBACK": (_knight_mirror_road, ("ck-2p",)),
    "CK2P-NEUTRAL-PROMOTE-LEVEL": (_promotion_mirrored, ("ck-2p",)),
    "CK2P-ROLL-EVENT-RED": (_castle_in_two_player, ("ck-2p",)),
    "CK2P-PC-ALCHEMY": (_card("alchemy"), ("ck-2p",)),
    "CK2P-ROLL-AQUEDUCT": (_aqueduct, ("ck-2p",)),
    "CK2P-ROLL-TIMING": (_before_first_roll, ("ck-2p",)),
    "CK2P-PC-OTHERS": (
        _card(
            "wedding",
            "sabotage",
            "taxation",
            "espionage",
            "guild-dues",
            "commercial-harbor",
            "resource-monopoly",
            "trade-monopoly",
            "master-merchant",
        ),
        ("ck-2p",),
    ),
    "CK-PC-PRINTING": (_vp_progress("printing"), ("ck", "ck-2p")),
    "CK-PC-CONSTITUTION": (_vp_progress("constitution"), ("ck", "ck-2p")),
    "CK-PROGRESS-DECK-MODEL": (_card_under_deck, ("ck", "ck-2p")),
    "CK-TRADE-DOMESTIC": (_commodity_traded, ("ck", "ck-2p")),
    "DUMMY-SEVEN-DISCARD": (_dummy_seven, ("base-dummy",)),
    "DUMMY-DEV-KNIGHT": (_dummy_knight, ("base-dummy",)),
    "DUMMY-DEV-KNIGHT-ARMY": (_dummy_knight, ("base-dummy",)),
    "DUMMY-TRADE-SINGLE": (_single_bid, ("base-dummy",)),
    "DUMMY-IMMUNE": (_monopoly_skips_dummy, ("base-dummy",)),
    "BASE-AWARD-ROAD-LENGTH": (
        _road_length_award,
        ("base", "base-2p", "base-dummy", "ck", "ck-2p"),
    ),
    "CK-KNIGHT-BLOCKS": (_route_cut_by_knight, ("ck", "ck-2p")),
    "BASE-BUILD-LIMITS": (_short_of_roads, ("base", "base-2p", "base-dummy")),
    "CK-BUILD-LIMITS": (_city_toppled, ("ck", "ck-2p")),
    "CK-BOARD-TRACK": (_ship_lands, ("ck", "ck-2p")),
    "BASE-COMP-CARDS": (_drawn(DrawDev), _BASE_FAMILY),
    "CK-COMP-PROGRESS": (_drawn(DrawProgress), ("ck", "ck-2p")),
    "CK-COMP-DICE": (_drawn(EventDie), ("ck", "ck-2p")),
    "2P-SETUP-PLAYERS": (_neutral_unpaid, ("base-2p", "ck-2p")),
    "DUMMY-SETUP-SEATS": (_dummy_seat, ("base-dummy",)),
    "DUMMY-SETUP-HAND": (_dummy_gives_a_start_card, ("base-dummy",)),
    "CK-SETUP-IMPROVEMENTS": (_first_improvement, ("ck", "ck-2p")),
    "CK2P-TOKEN-SUPPLY": (_tokens_paid, ("ck-2p",)),
    "CK2P-INHERIT": (_mirrored_in_ck, ("ck-2p",)),
    "BASE-BOARD-BEGINNER-HARBORS": (_beginner_harbor_trade, _BASE_FAMILY),
    "CK-BOARD-MAP": (_ck_board, ("ck", "ck-2p")),
    "CK-SETUP-ROBBER": (_robber_kept_off, ("ck", "ck-2p")),
    "2P-SETUP-BOARD": (_laid(PlaceTile), ("base-2p", "ck-2p")),
    "BASE-INFO": (_hidden_lead_unpaid, ("base-2p",)),
    "2P-SETUP-TOKENS": (_income_cut_short, ("base-2p",)),
    "2P-SETUP-NEUTRAL-SETTLEMENTS": (_first_neutral_road, ("base-2p", "ck-2p")),
    "2P-SETUP-NEUTRAL-POSITIONS": (_first_neutral_road, ("base-2p", "ck-2p")),
    "DUMMY-SETUP-NOTHING-ON-BOARD": (_dummy_award_scores_nothing, ("base-dummy",)),
    "BASE-BOARD-BEGINNER": (_beginner_production, _BASE_FAMILY),
    "CK-INFO": (_public_lead_paid, ("ck-2p",)),
    "BASE-DEF-CONNECTED": (_building_cuts_trail, _ALL),
    "BASE-DEF-COAST": (_coastal, _ALL),
    "BASE-DEF-DESERT-ADJ": (_by_the_desert, ("base-2p", "ck-2p")),
}

# A definition is shown where a rule phrased in its terms refuses or decides a move: the
# definition settles which vertices that rule looks at (definition -> those rules).
DEFINITIONS: dict[str, tuple[str, ...]] = {
    "BASE-DEF-ADJACENT": ("BASE-BUILD-DISTANCE",),
}
