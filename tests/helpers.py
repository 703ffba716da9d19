"""What the tests share: an action is legal (and listed), or refused; games and position
fields made for a test; the invariants of any position."""

from __future__ import annotations

import pytest

from catan_tutor import Game, IllegalActionError, new_game
from catan_tutor.board import CARD_NAMES, parse_vertex
from catan_tutor.rules.awards import road_length


def assert_illegal(game: Game, text, rule: str | set[str] | None) -> None:
    """``text`` (notation or an Action) is refused citing ``rule`` (or one of a set; None:
    any rule), by explain and by play, and nothing changes."""
    rules = {rule} if isinstance(rule, str) else rule
    before, n = game.position(), len(game.history)
    exp = game.explain(text)
    assert not exp.legal, f"{text!r} should be illegal: {exp}"
    assert rules is None or exp.rule in rules, f"{text!r}: expected {rule}, got {exp}"
    with pytest.raises(IllegalActionError) as info:
        game.play(text)
    assert info.value.rule == exp.rule
    assert game.position() == before
    assert len(game.history) == n
    assert exp.action not in game.legal_actions()


def assert_legal(game: Game, text, rule: str | None = None, listed: bool = True) -> Game:
    """``text`` is legal (citing ``rule`` if given), listed by legal_actions unless
    ``listed`` is False (bundles beyond the enumerated ones), and is played."""
    exp = game.explain(text)
    assert exp.legal, f"{text!r} should be legal: {exp}"
    if rule is not None:
        assert exp.rule == rule, f"{text!r}: expected {rule}, got {exp}"
    if listed:
        assert exp.action in game.legal_actions(), f"{text!r} is not listed"
    game.play(text)
    return game


def play(game: Game, *actions: str) -> Game:
    """Play the actions in order; the same game back."""
    for a in actions:
        game.play(a)
    return game


def texts(game: Game) -> set[str]:
    """The notation of every legal action."""
    return {str(a) for a in game.legal_actions()}


def cards(**kw: int) -> tuple[int, ...]:
    """An 8-count bundle (resources, then commodities), e.g. cards(wool=1, ore=1)."""
    assert set(kw) <= set(CARD_NAMES)
    return tuple(kw.get(k, 0) for k in CARD_NAMES)


def hand(game: Game, p: int) -> tuple[int, ...]:
    return game.state.hands[p]


def kn(game: Game, label: str):
    """The knight on the vertex ``label`` (None: none)."""
    return game.state.kn[parse_vertex(label)]


def after_setup(variant: str, players: int) -> Game:
    """A seeded game of ``variant`` played through its setup by the first legal actions."""
    g = new_game(variant, players=players, seed=1)
    while g.state.phase != "pre-roll":
        g.play(g.legal_actions()[0])
    return g


def to_first_steal(seed: int = 6) -> Game:
    """A seeded three-player base game played by the sampler up to its first steal."""
    import random

    from catan_tutor.sampler import choose

    g = new_game("base", players=3, seed=seed)
    rng = random.Random(seed)
    while not (g.history and any(e.kind == "steal" for e in g.events)):
        g.play(choose(rng, g.rules, g.state, True, offers=False))
    return g


def fields(game: Game) -> dict[str, str]:
    """The position text's fields by key."""
    return dict(w.split("=", 1) for w in game.position().split()[2:])


def yaml_quote(text: str) -> str:
    """``text`` as a single-quoted YAML scalar."""
    return "'" + text.replace("'", "''") + "'"


def position_fields(base: Game | str, changes: dict) -> tuple[list[str], dict[str, str]]:
    """``base``'s position text split into its head and fields, ``changes`` applied."""
    text = base.position() if isinstance(base, Game) else base
    words = text.split()
    head, f = words[:2], dict(w.split("=", 1) for w in words[2:])
    f.update({k: str(v) for k, v in changes.items()})
    return head, f


def from_fields(head: list[str], f: dict[str, str]) -> Game:
    return Game.from_position(" ".join([*head, *(f"{k}={v}" for k, v in f.items())]))


def conserve_bank(f: dict[str, str]) -> None:
    """The bank recomputed from the hands: 19 of each resource, 12 of each commodity."""
    hs = [[int(x) for x in h.split(",")] for h in f["hands"].split("/")]
    f["bank"] = ",".join(
        str((19 if r < 5 else 12) - sum(h[r] for h in hs)) for r in range(len(hs[0]))
    )


def conserve_ck(f: dict[str, str], *, bank: bool, decks: bool) -> None:
    """Make edited C&K position fields add up again: the bank from the hands (19 of each
    resource, 12 of each commodity) and/or the decks' unseen counts from the progress hands
    and VP cards (empty queues; laid-out VP cards are Printing first)."""
    from catan_tutor.study.editor import complete_progress_decks

    if bank:
        conserve_bank(f)
    if decks:
        complete_progress_decks(f)


def desert_at_a(game: Game) -> str:
    """``game``'s position text with the desert (and a robber standing on it) moved to hex A,
    the mountains 10 to J: every corner of A is next to the desert, A2 and A12 are coastal."""
    from catan_tutor.board import parse_hex

    f = dict(w.split("=", 1) for w in game.position().split()[2:])
    terrain, numbers = f["terrain"].split(","), f["numbers"].split(",")
    j = parse_hex("J")
    terrain[0], terrain[j] = terrain[j], terrain[0]
    numbers[0], numbers[j] = numbers[j], numbers[0]
    text = game.position().replace(f"terrain={f['terrain']}", f"terrain={','.join(terrain)}")
    text = text.replace(f"numbers={f['numbers']}", f"numbers={','.join(numbers)}")
    return text.replace("robber=J", "robber=A")


# ---------------------------------------------------------------- invariants of any position
CARD_TOTALS = (19,) * 5 + (12,) * 3  # BASE-COMP-CARDS, CK-COMP-COMMODITIES, per kind
DEV_TOTALS = (14, 5, 2, 2, 2)  # BASE-COMP-CARDS: knight, vp, roadbuilding, plenty, monopoly


def check_invariants(g: Game) -> None:
    """What every position keeps, played or edited: no negative count; cards, decks, tokens
    and pieces conserved and within their supply; what is owed or bid is held; a finished
    game's winner has won, and an unfinished game has something to do next."""
    s, rules = g.state, g.rules
    counts = [
        s.bank,
        s.deck,
        s.newdev,
        s.knights,
        s.roads,
        s.settlements,
        s.cities,
        s.discards,
        s.road_len,
        *s.hands,
        *s.dev,
    ]
    if rules.tokens:
        counts += [s.tokens, (s.token_supply,)]
    if rules.cities_knights:
        counts += [s.defender, s.pvp, *s.levels, *(c for c, _ in s.pdecks)]
    assert all(x >= 0 for xs in counts for x in xs), "a negative count"
    for r, left in enumerate(s.bank):  # hands + bank = totals
        assert left + sum(h[r] for h in s.hands) == CARD_TOTALS[r], f"card kind {r}"
    if rules.cities_knights:
        _check_progress(s)
    else:
        for c in range(5):  # the deck, the hands and the played Knights
            held = sum(d[c] for d in s.dev) + (sum(s.knights[: s.n]) if c == 0 else 0)
            assert s.deck[c] + held <= DEV_TOTALS[c], f"development card {c}"
            assert s.newdev[c] <= (s.dev[s.active][c] if s.active < s.n else 0)
            assert s.deck_top.count(c) <= s.deck[c]
        assert s.robber >= 0 or not s.layout  # BASE-BOARD-ROBBER-START
    if rules.tokens:  # 2P-SETUP-TOKENS
        assert s.token_supply + sum(s.tokens) == 20
    for p in range(s.n, len(s.names)):  # neutrals and the dummy: no cards, tokens, knights
        assert not sum(s.dev[p]) and not (rules.tokens and s.tokens[p])
        assert p == s.dummy or not sum(s.hands[p])
        assert not s.knights[p] or s.army == p == s.dummy  # DUMMY-AWARD-RECLAIM
        assert p != s.dummy or not s.road_len[p] or s.longest == p
        if rules.cities_knights:
            assert not (s.phand[p] or s.pvp[p] or s.defender[p] or any(s.levels[p]))
    for q in range(s.owners):  # BASE-AWARD-TIMING: every route length is current
        assert s.road_len[q] == road_length(s, q), f"{s.name(q)}'s road length is stale"
    check_board(s)
    _check_owed(s)
    if g.is_over():
        assert g.victory_points(s.winner) >= rules.target
    else:
        assert g.chance_weights() if g.is_chance() else g.legal_actions(), f"stuck: {s.phase}"


def _check_progress(s) -> None:
    """CK-PC-COUNTS: the 54 progress cards in decks, hands or laid out (CK-PROGRESS-VP-CARDS);
    CK-PROGRESS-HAND-LIMIT: at most 4 held off turn; CK-COMP-REMOVED: no development cards."""
    from catan_tutor.progress_cards import COUNT, DECK_KINDS, DECK_OF, VP_CARDS

    assert not any(s.deck) and not any(map(any, s.dev)) and not any(s.knights)
    for k, total in enumerate(COUNT):
        t = DECK_OF[k]
        held = (
            s.pdecks[t][0][DECK_KINDS[t].index(k)]
            + s.pdecks[t][1].count(k)
            + sum(h.count(k) for h in s.phand)
        )
        assert k in VP_CARDS or held == total, f"progress card {k}"
    assert all(DECK_OF[k] == t for t, (_, q) in enumerate(s.pdecks) for k in q)
    in_decks = sum(sum(c) + len(q) for c, q in s.pdecks)
    assert in_decks + sum(map(len, s.phand)) + sum(s.pvp) == 54
    for p in range(s.n):
        own_turn = p == s.active and s.turn > 0
        assert own_turn or p in s.pdiscards or len(s.phand[p]) <= 4, f"P{p + 1}"
        assert not VP_CARDS & set(s.phand[p])
    assert s.merchant[1] < s.n  # CK-PC-MERCHANT: a player's


def check_board(s) -> None:
    """Pieces match the board and stay within the supply (BASE-BUILD-LIMITS, CK-BUILD-LIMITS,
    CK-BARB-PILLAGE)."""
    for p in range(len(s.names)):
        roads = sum(o == p for o in s.eowner)
        settlements = sum(o == p and not c for o, c in zip(s.vowner, s.vcity, strict=True))
        cities = sum(o == p and c for o, c in zip(s.vowner, s.vcity, strict=True))
        toppled = sum(s.vowner[v] == p for v in s.toppled)
        assert (roads, settlements, cities) == (s.roads[p], s.settlements[p], s.cities[p])
        assert roads <= 15 and settlements - toppled <= 5 and cities <= 4
        assert not toppled or settlements - toppled == 5, "a city toppled while pieces are left"
        assert p < s.n or not cities
        assert p != s.dummy or not roads + settlements  # DUMMY-SETUP-NOTHING-ON-BOARD
    assert all(0 <= s.vowner[v] < s.n and not s.vcity[v] for v in s.toppled)
    if not s.kn:
        return
    for p in range(len(s.names)):
        mine = [k[1] for k in s.kn if k and k[0] == p]  # and one displaced, to be moved
        mine += [s.relocate[2]] if s.relocate and s.relocate[0] == p else []
        assert all(mine.count(level) <= 2 for level in (1, 2, 3)), f"{s.name(p)}'s knights"
        assert sum(1 for v, w in enumerate(s.walls) if w and s.vowner[v] == p) <= 3
    assert all(k[1] <= 2 and not k[2] for k in s.kn if k and k[0] >= s.n)  # CK2P-NEUTRAL-*
    assert all(k is None or s.vowner[v] < 0 for v, k in enumerate(s.kn))
    assert all(s.vcity[v] for v, w in enumerate(s.walls) if w)
    metros = [v for v in s.metro if v >= 0]  # CK-METRO-NEEDS-CITY: one per city
    assert len(metros) == len(set(metros)) and all(s.vcity[v] for v in metros)


def _check_owed(s) -> None:
    """What is owed, offered or bid can be paid from the hands; nothing is left open."""
    from catan_tutor.state import MAIN, OFFER, PRE_ROLL, STEAL
    from catan_tutor.variants.ck_state import HARBOR, PROGRESS_DISCARD

    if s.phase in (PRE_ROLL, MAIN):  # nothing owed or open at a turn's start or in its actions
        assert not (
            s.offer
            or s.bids
            or s.tiebreak
            or s.neutral_due
            or s.pillage
            or s.draws
            or s.pdiscards
            or s.claims
            or s.relocate
            or s.taxed
            or s.treason
        ), s.phase
    assert all(d <= sum(h) for d, h in zip(s.discards, s.hands, strict=True)), "discards"
    if s.phase == OFFER:
        assert s.offer[0] != s.active
        assert all(x <= h for x, h in zip(s.offer[1], s.hands[s.active], strict=True))
    for p, bid in enumerate(s.bids):  # DUMMY-TRADE-PROTOCOL: own cards for one of D's
        if bid:
            assert all(x <= h for x, h in zip(bid[0], s.hands[p], strict=True)), f"P{p + 1}"
            assert s.hands[s.dummy][bid[1]] and not bid[0][bid[1]], f"P{p + 1}'s bid"
    if s.tiebreak and s.tiebreak[0] == "steal":  # DUMMY-STEAL-EMPTY
        assert all(sum(s.hands[p]) for p in s.tiebreak[1])
    if s.phase == STEAL:
        assert s.victim != s.active and sum(s.hands[s.victim])
    if s.phase == HARBOR:  # CK-PC-COMMERCIAL-HARBOR: a commodity to return
        assert any(s.hands[s.harbor[1][0]][5:])
    if s.phase == PROGRESS_DISCARD:
        assert all(len(s.phand[p]) > 4 for p in s.pdiscards)


def random_step(g: Game, rng) -> None:
    """Play one step of a seeded random game: a chance outcome by its weight, else any legal
    action, uniformly."""
    if g.is_chance():
        pairs = g.chance_weights()
        g.play(rng.choices([a for a, _ in pairs], [w for _, w in pairs])[0])
    else:
        g.play(rng.choice(g.legal_actions()))


def killed_leaves_nothing(tmp_path, code: str, outlived: str) -> None:
    """Run ``code`` (it prints a child's pid, then SIGKILLs itself); the child must end with
    it (within 30 s: a bound, not a timing; it ends within about half a second), else fail
    with ``outlived``. Its output goes to a file, not a pipe: a process left over would hold a
    pipe open."""
    import subprocess
    import sys

    import psutil

    out = tmp_path / "out"
    with out.open("w") as f:
        assert subprocess.call([sys.executable, "-c", code], stdout=f, timeout=60) == -9
    child = psutil.Process(int(out.read_text().split()[0]))
    try:
        child.wait(timeout=30)
    except psutil.TimeoutExpired:
        child.kill()
        raise AssertionError(outlived) from None
