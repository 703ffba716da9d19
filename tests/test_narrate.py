"""Narration (issue 18, scope 5): every action's events agree with the state it changed.
Test names cite the rule each event follows."""

from __future__ import annotations

import random
import re

import pytest
from helpers import to_first_steal

from catan_tutor import Game, new_game, rulebook
from catan_tutor.board import CARD_NAMES, VERTEX_LABELS
from catan_tutor.rules.production import production
from catan_tutor.sampler import choose
from catan_tutor.variants import VARIANTS
from catan_tutor.words import narrate
from catan_tutor.words.narrate import Event

PLAYERS = {"base": 3, "base-2p": 2, "base-dummy": 2, "ck": 3, "ck-2p": 2}
RAW_ID = re.compile(r"\b(BASE|2P|DUMMY|CK|CK2P)-[A-Z0-9-]+")


def _public_vp(g: Game, p: int) -> int:
    """What every seat sees (Game.observation: BASE-INFO, CK-INFO)."""
    return g.observation(0)["seats"][p]["public_vp"]


def _check(g: Game, before: Game, seen: dict[str, int]) -> None:
    """The last action's events agree with the positions before and after it."""
    s0, s1 = before.state, g.state
    evs = g.events
    assert evs and all(isinstance(e, Event) for e in evs)
    own = rulebook.rules_of(g.variant)
    carried: dict[int, list[int]] = {}
    for e in evs:
        seen[e.kind] = seen.get(e.kind, 0) + 1
        assert e.text and not RAW_ID.search(e.text), e
        assert e.rule in own, (g.variant, e)
        for p, d in e.cards:
            assert p not in carried, f"two events carry {p}'s cards: {evs}"
            carried[p] = list(d)
        if e.secret:  # a hidden kind never shows in the public sentence (BASE-INFO)
            assert e.seen_by and not any(f" {k}" in e.text for k in CARD_NAMES), e
    for p, (h0, h1) in enumerate(zip(s0.hands, s1.hands, strict=True)):
        delta = [b - a for a, b in zip(h0, h1, strict=True)]
        assert carried.get(p, [0] * len(delta)) == delta, (str(g.history[-1]), p, evs)
    kinds = {e.kind for e in evs}
    for e in evs:
        if (
            e.kind == "production"
            and e.facts["total"] != 7
            and not e.facts.get("reroll")
            and "settled first" not in e.text
        ):
            owed = production(s1, e.facts["total"])  # after a pillage (CK-BARB-PILLAGE)
            bank_ok = all(sum(v) <= s0.bank[r] for r, v in owed.items())
            if bank_ok:  # BASE-PROD-YIELD: what the board owes, when the bank has it all
                want = {
                    p: tuple(owed.get(r, [0] * s0.n)[p] for r in range(len(s0.bank)))
                    for p in range(s0.n)
                }
                got = e.facts["produced"]
                assert {p: b for p, b in want.items() if any(b)} == got, (e.facts, want, s0.bank)
        if e.kind == "vp":
            assert e.facts["to"] == _public_vp(g, e.player) != _public_vp(before, e.player)
        if e.kind == "award" and e.facts["award"] in ("longest", "army"):
            assert getattr(s1, e.facts["award"]) == e.facts["to"]
        if e.kind == "attack":  # CK-BARB-STRENGTH, CK-BARB-DEFENSE: before the knights lie down
            cities = sum(1 for v, c in enumerate(s0.vcity) if c and s0.vowner[v] < s0.n)
            assert e.facts["barbarians"] == cities
            assert e.facts["won"] == (e.facts["defenders"] >= cities)
            assert s1.barb == 0 and not any(k and k[2] for k in s1.kn)
            for p, v in e.facts["pillaged"].items():
                assert s0.vcity[v] and not s1.vcity[v] and s1.vowner[v] == p
    for p in range(s1.n):
        if _public_vp(g, p) != _public_vp(before, p):
            assert any(e.kind == "vp" and e.player == p for e in evs), evs
    if s1.winner >= 0 and s0.winner < 0:
        assert "winner" in kinds and evs[-1].player == s1.winner
    if s1.longest != s0.longest or s1.army != s0.army:
        assert "award" in kinds


@pytest.mark.parametrize("variant", VARIANTS)
def test_BASE_INFO_a_full_seeded_game_of_every_variant_is_narrated(variant):
    """Every action of seeded games to the end is narrated: each hand change carried by one
    event, production as the board owes it, VP, awards, the attack and the winner agree."""
    seen: dict[str, int] = {}
    for seed in (1, 2):
        g = new_game(variant, players=PLAYERS[variant], seed=seed)
        rng = random.Random(seed)
        for _ in range(12000):  # (a greedy game of C&K for two ran past 8,000: 10,176)
            if g.is_over():
                break
            before = g.clone()
            g.play(choose(rng, g.rules, g.state, rng.random() < 0.7, offers=rng.random() < 0.05))
            _check(g, before, seen)
        assert g.is_over(), variant
    need = {"build", "production", "robber", "steal", "discard", "vp", "winner", "award", "move"}
    if variant in ("ck", "ck-2p"):
        need |= {"attack", "knight"}
    assert need <= set(seen), (need - set(seen), seen)


def test_BASE_PROD_YIELD_a_roll_says_who_gets_what():
    g = new_game("base", players=3, seed=4)
    rng = random.Random(4)
    while not (g.history and any(e.kind == "production" and e.facts["produced"] for e in g.events)):
        g.play(choose(rng, g.rules, g.state, True, offers=False))
    e = next(e for e in g.events if e.kind == "production")
    # each player's share a clause, its cards joined by "and" (s33: "P1 gets 1 wool, 1 cloth,
    # P2 gets 2 grain" read as a word missing)
    cards = r"\d+ \w+(?:(?:, \d+ \w+)* and \d+ \w+)?"
    said = rf"P\d rolled \d+ \(white \d, red \d\): P\d gets {cards}(?:; P\d gets {cards})*\."
    assert re.fullmatch(said, e.text)
    assert e.rule == "BASE-PROD-YIELD"
    total = e.facts["total"]
    assert total == sum(g.state.dice) and str(total) in e.text


def test_BASE_ROBBER_STEAL_the_stolen_kind_is_seen_by_thief_and_victim_only():
    g = to_first_steal(6)
    e = next(e for e in g.events if e.kind == "steal")
    thief, victim = e.seen_by
    kind = CARD_NAMES[g.history[-1].resource]
    assert kind in e.text_for(thief) and kind in e.text_for(victim)
    third = next(p for p in range(3) if p not in e.seen_by)
    assert kind not in e.text_for(third) and kind not in e.text_for(None)
    assert e.text == f"{g.names[thief]} steals a card from {g.names[victim]}."


def _events(game: Game, *moves: str) -> list[Event]:
    """The events of every move played, in order."""
    out = []
    for m in moves:
        out += game.play_narrated(m)[1]
    return out


def _strike(**changes) -> tuple[Game, list[Event]]:
    """The ship one step from the end, then white 1, red 1 and the ship: the attack."""
    from test_rules_ck_pieces import attack_game

    g = attack_game(**changes)
    return g, _events(g, "die white 1", "die red 1", "event ship")


def test_CK_TURN_ROLL_PHASE_the_ship_and_its_attack_are_told_before_the_production():
    """Seed 003: "Resolve the event die before resolving the production dice." The log tells
    the dice, the attack (each lone city pillaged at once) and then what the roll produced,
    the pillaged cities paying as settlements: a 3 pays P1's I4 and P2's K6 a commodity each
    without the attack, none after it (s43: the production was told before the attack)."""
    from test_rules_ck_pieces import attack_game

    def told(barb: int) -> list[Event]:
        return _events(attack_game(barb=barb), "die white 1", "die red 2", "event ship")

    evs = told(2)  # a step, no attack: the ship's sentence, then the production
    assert [e.kind for e in evs[2:]] == ["roll", "ship", "production"], evs
    assert evs[2].text == "P1 rolled 3 (white 1, red 2; the event die shows ship)."
    assert evs[-1].text == (
        "Then the roll of 3 produces: P1 gets 1 ore and 1 coin; P2 gets 1 lumber and 1 paper."
    )
    evs = told(6)  # the attack: every city pillaged before the roll produces
    kinds = [e.kind for e in evs if e.kind in ("roll", "attack", "robber", "production")]
    assert kinds == ["roll", "attack", "robber", "production"], evs
    prod = next(e for e in evs if e.kind == "production")
    assert prod.text == "Then the roll of 3 produces: P1 gets 1 ore; P2 gets 1 lumber."
    assert prod.facts["produced"] == {0: (0, 0, 0, 0, 1, 0, 0, 0), 1: (0, 1, 0, 0, 0, 0, 0, 0)}


def test_CK_BARB_LOSE_the_attack_reports_the_strengths_that_fought():
    """The knights lie down after the attack (CK-BARB-AFTER: 0 active), yet the event keeps
    the strengths that fought: 5 cities against P3's one active knight; the lowest group owning
    a city chooses which it loses (CK-BARB-LOSE-CHOICE)."""
    from test_rules_ck_pieces import per

    from catan_tutor.rules.barbarians import forces

    g, evs = _strike(cities=per("I4,D4", "K6,C6", "A4"), kn="A2:P3:1:a--")
    e = next(e for e in evs if e.kind == "attack")
    assert e.rule == "CK-BARB-LOSE" and not e.facts["won"]
    assert (e.facts["barbarians"], e.facts["defenders"]) == (5, 1)
    assert sum(forces(g.state)[1].values()) == 0  # every knight lies down after it
    assert e.facts["choosing"] == (0, 1) and "P1 chooses a city to lose" in e.text
    assert "barbarians 5 (all cities)" in e.text and "knights 1 (P1 0, P2 0, P3 1)" in e.text
    assert any(x.kind == "knight" and x.rule == "CK-BARB-AFTER" for x in evs)


def test_CK_BARB_PILLAGE_a_lone_city_is_lost_at_once_and_told():
    g, evs = _strike(kn="I6:P1:1:a--,K4:P2:1:a--")
    e = next(e for e in evs if e.kind == "attack")
    assert e.facts["pillaged"] == {2: board_vertex("A4")}
    assert "P3 loses the city on A4" in e.text
    assert any(x.kind == "vp" and x.player == 2 and "(-1)" in x.text for x in evs)


def test_CK_BARB_TOKENS_the_attack_says_no_token_is_left():
    """All 6 defender tokens held: the best defender is named, and told none is left."""
    g, evs = _strike(defender="5,1,0", kn="H6:P1:3:a--")
    e = next(e for e in evs if e.kind == "attack")
    assert e.rule == "CK-BARB-TOKENS", e
    assert "P1 gave the most, but all 6 defender tokens are already held" in e.text
    assert not any(x.kind == "vp" for x in evs)


def test_CK_BARB_WIN_the_defender_of_catan_is_named():
    from test_rules_ck_pieces import per

    g, evs = _strike(cities=per("I4"), kn="I6:P1:2:a--")
    e = next(e for e in evs if e.kind == "attack")
    assert e.rule == "CK-BARB-WIN" and e.facts["won"] and e.facts["defender"] == 0
    assert "P1 is the Defender of Catan" in e.text


def test_CK_BARB_WIN_tied_defenders_each_draw():
    from test_rules_ck_pieces import per

    g, evs = _strike(cities=per("I4"), kn="I6:P1:1:a--,K4:P2:1:a--")
    e = next(e for e in evs if e.kind == "attack")
    assert e.facts["tied"] == (0, 1) and "tie as best defenders" in e.text
    assert g.state.phase == "defender-deck"  # production waits (CK-EVENT-CASTLE wording)
    assert any(x.kind == "production" and "settled first" in x.text for x in evs)


def test_CK_KNIGHT_DISPLACE_the_displaced_knight_and_where_it_goes():
    from test_rules_ck_pieces import knight_game

    g = knight_game(kn="H6:P1:2:a--,H4:P2:1:a--")
    evs = _events(g, "P1 move H6 H4")
    assert evs[0].rule == "CK-KNIGHT-DISPLACE"
    e = next(e for e in evs if e.kind == "knight")
    assert e.rule == "CK-KNIGHT-DISPLACE" and e.player == 1
    assert e.text == "P2's basic knight on H4 is displaced; P2 must move it along their roads."


def test_CK_METRO_TAKE_a_metropolis_gained_and_taken():
    from test_rules_ck_pieces import cards, hands, main_game

    g = main_game(levels="3,0,0/0,0,0/0,0,0", hands=hands(cards(paper=4)))
    e = next(e for e in _events(g, "P1 improve science I4") if e.kind == "award")
    assert e.rule == "CK-METRO-TAKE" and e.text == "P1 takes the science metropolis, now on I4."
    assert e.facts == {"award": "metropolis-science", "from": -1, "to": board_vertex("I4")}


def test_events_are_empty_at_the_start_and_play_narrated_returns_them():
    g = new_game("base", players=3, seed=1)
    assert g.events == []
    a, evs = g.play_narrated(g.legal_actions()[0])
    assert a == g.history[-1] and evs == g.events and evs[0].kind == "build"
    assert g.events_of(0) == evs


# ---------------------------------------------------------------- in the tutor
def _neighbour(label: str) -> str:
    from catan_tutor import board

    v = board.parse_vertex(label)
    u = next(
        u
        for e in range(board.N_EDGES)
        for u in board.EDGE_VERTICES[e]
        if v in board.EDGE_VERTICES[e] and u != v
    )
    return board.VERTEX_LABELS[u]


def test_BASE_BUILD_DISTANCE_a_refused_spot_is_ringed_on_the_board_until_the_next_click():
    from test_tutor import click_at

    from catan_tutor.widgets.tutor import Tutor

    t = Tutor(new_game("base", players=3))
    t.session.play("P1 settle J12")
    t.session.play(t.game.legal_actions()[0])  # P1's road; P2 places a settlement now
    near = _neighbour("J12")
    click_at(t, "vertex", near)
    ex = t.game.explain(t.controls.try_text.value)
    assert not ex.legal and ex.rule == "BASE-BUILD-DISTANCE"
    spot, reason = t.view.refused
    assert spot == ("vertex", board_vertex(near)) and reason and reason[:20] in ex.reason
    assert f"data-spot='vertex {VERTEX_LABELS[board_vertex(near)]}'" in t.view.marker.value
    before = t.game.position()
    assert t.game.position() == before  # asking played nothing
    click_at(t, "vertex", "A4")  # a legal spot: played, the ring goes
    assert t.view.refused is None and "catan-refused" not in t.view.marker.value
    assert t.game.position() != before


def test_BASE_BUILD_DISTANCE_a_hint_asked_takes_the_old_why_not_away():
    """Issue 33: after a refused corner, pressing Hint left the why-not ring and its reason
    on the board beside the hint's suggestion. A new intention (a hint, as a step or a move
    already did) takes the old why-not away: the ring, the verdict under Try a move."""
    from test_tutor import click_at

    from catan_tutor.analysis import InlineExecutor
    from catan_tutor.widgets.tutor import Tutor

    t = Tutor(new_game("base", players=3))
    t.session.play("P1 settle J12")
    t.session.play(t.game.legal_actions()[0])
    click_at(t, "vertex", _neighbour("J12"))
    assert t.view.refused is not None and "BASE-BUILD-DISTANCE" in t.controls.try_verdict.value
    t.hints.executor = InlineExecutor
    t.hints.n.value, t.hints.turns.value = 2, 1
    t.hints.hint_button.click()
    t.hints.stop()
    assert t.view.refused is None and "catan-refused" not in t.view.marker.value
    assert t.controls.try_verdict.value == "" and t.session.verdict is None
    assert t.view.hinted is not None  # the hint's own ring stays
    click_at(t, "vertex", _neighbour("J12"))  # asked again: ringed again, then a step back
    assert t.view.refused is not None
    t.session.step("back")
    assert t.view.refused is None and t.controls.try_verdict.value == ""


def test_BASE_BUILD_DISTANCE_the_why_not_banner_goes_when_another_panel_opens():
    """s33, a fresh learner at 1024x768: the why-not banner stayed over the harbors with the
    New game form open, long after the refused corner. New game opened, another tab, a
    step: each takes the banner away (the ring and its reason: ``view.refused``)."""
    from test_tutor import click_at

    from catan_tutor.widgets.app import App

    app = App(query="", start="Setting up a base game")
    t, s = app.tutor, app.session
    s.forward()
    s.forward()  # P1's settlement (N6) and road: P2 places a settlement
    s.choose_kind("settle")

    def refuse() -> None:
        click_at(t, "vertex", _neighbour("N6"))
        assert t.view.refused is not None and "catan-refused" in t.view.marker.value

    refuse()
    app.new_game.value = True  # the New game form opens: a new intention
    assert t.view.refused is None and "catan-refused" not in t.view.marker.value
    assert t.controls.try_verdict.value == "" and s.verdict is None
    app.new_game.value = False
    refuse()
    t.explore.value = True
    t.tabs.selected_index = 2  # the Moves tab: the Play tab's verdict out of sight
    assert t.view.refused is None and "catan-refused" not in t.view.marker.value
    t.tabs.selected_index = 0
    refuse()
    s.step("back")  # the position changes
    assert t.view.refused is None and "catan-refused" not in t.view.marker.value
    s.step("forward")
    refuse()
    app.open("puzzle_base_setup")  # another lesson (on the same board)
    assert t.view.refused is None and "catan-refused" not in t.view.marker.value


def board_vertex(label: str) -> int:
    from catan_tutor import board

    return board.parse_vertex(label)


def test_CK_BARB_AFTER_the_strip_shows_the_strengths_that_fought():
    """After the attack every knight lies down (0 active); the strip shows the attack's own
    strengths (barbarians 5, knights 1) until the ship moves on."""
    from test_rules_ck_pieces import attack_game, per

    from catan_tutor.widgets.tutor import Tutor

    t = Tutor(attack_game(cities=per("I4,D4", "K6,C6", "A4"), kn="A2:P3:1:a--"))
    assert t.view.last_attack is None
    for move in ("die white 1", "die red 1", "event ship"):
        t.session.play(move)
    facts = t.view.last_attack
    assert facts and (facts["barbarians"], facts["defenders"], facts["won"]) == (5, 1, False)
    assert "data-barbarians='5' data-knights='1'" in t.view.marker.value
    assert "barbarians 5" in t.session.lines[0] and "knights 1" in t.session.lines[0]
    t.session.first()
    assert t.view.last_attack is None


def test_every_ship_on_the_event_die_says_the_ship_moved_in_every_lesson() -> None:
    """Lesson 6.x: "P3 rolled 7 (event die: ship): nobody produces." and the track showed the
    ship a step on: every roll whose event die shows the ship says the ship's step and what is
    left of the track (CK-EVENT-SHIP), in the log's line too; an attack says the attack."""
    from catan_tutor.actions import EventDie
    from catan_tutor.study.resources import packaged_lessons
    from catan_tutor.study.scenario import load_scenario
    from catan_tutor.widgets.path_log import move_line

    seen, unsaid = 0, []
    for path in sorted(packaged_lessons().glob("ck*.catan.yaml")):
        tree = load_scenario(path).tree
        for node in tree.walk():
            a, parent = node.action, node.parent
            if not isinstance(a, EventDie) or a.face != "ship" or parent is None:
                continue
            before, after = parent.state, node.state
            evs = narrate.events(tree.rules, before, a, after)
            kinds = {e.kind for e in evs}
            seen += 1
            if after.barb > before.barb:
                line = move_line(tree, node)
                ship = [e for e in evs if e.kind == "ship"]
                if not ship or ship[0].rule != "CK-EVENT-SHIP" or "barbarian ship" not in line:
                    unsaid.append(f"{path.name} {node.id}: {line}")
            elif "attack" not in kinds:
                unsaid.append(f"{path.name} {node.id}: no attack told")
    assert seen > 10 and unsaid == []


@pytest.mark.parametrize("variant", ["base", "ck"])
def test_BASE_SETUP_ROUND2_the_log_says_what_the_second_placement_takes(variant: str) -> None:
    """l25: the free game's log said only "P1 builds a settlement on B6", and the hand then
    held 2 wool and 1 brick: the second placement's cards are said with it (BASE-SETUP-ROUND2,
    CK-SETUP-ROUND2); the first placement takes nothing and says nothing of cards."""
    g = new_game(variant, players=3)
    said: list[str] = []
    while len(said) < 6:
        a = choose(g, random.Random(len(said))) if g.is_chance() else g.legal_actions()[0]
        before = [list(h) for h in g.state.hands]
        placing = g.state.phase == "setup-settle"
        _, evs = g.play_narrated(str(a))
        if placing:
            p = a.player
            got = [n - o for n, o in zip(g.state.hands[p], before[p], strict=True)]
            text = next(e.text for e in evs if e.kind == "build")
            if any(got):
                assert text.endswith(" from the hexes it touches."), text
                for k, n in enumerate(got):
                    if n:
                        assert f"{n} {CARD_NAMES[k]}" in text, (text, got)
            else:
                assert "takes" not in text, text
            said.append(text)
    assert sum("takes" in t for t in said) >= 1


def test_BASE_SEVEN_NOPROD_a_7_says_what_it_does_in_every_lesson() -> None:
    """s32: a 7's line said "nobody produces" (true, but odd: a 7 moves the robber). Every
    roll of 7 in the course (base, two-player, C&K, C&K for two) says no land produces and
    who moves the robber (BASE-ROBBER-MOVE), the seat that then moves it, after the discards
    when any are owed; in C&K before the first attack, that the robber stays off the board
    (CK-ROBBER-INACTIVE)."""
    from catan_tutor.actions import MoveRobber
    from catan_tutor.game import Game
    from catan_tutor.study.resources import packaged_lessons
    from catan_tutor.study.scenario import load_scenario
    from catan_tutor.widgets.path_log import move_line

    seen: dict[str, int] = {}
    wrong = []
    for path in sorted(packaged_lessons().glob("*.catan.yaml")):
        tree = load_scenario(path).tree
        for node in tree.walk():
            after = node.state
            if node.parent is None or node.action is None or sum(after.dice[:2]) != 7:
                continue
            line = move_line(tree, node)
            if " rolled 7 " not in line or "settled first" in line or "rolled anew" in line:
                continue
            kind = "ck" if after.caps.knights else "2p" if after.caps.double_roll else "base"
            seen[kind] = seen.get(kind, 0) + 1
            who = after.name(after.active)
            if after.caps.knights and not after.attacked:
                said = "no land produces; the robber stays off the board until the barbarians"
            elif any(after.discards):
                said = f"no land produces; after the discards, {who} moves the robber."
            else:
                said = f"no land produces; {who} moves the robber."
            if said not in line or "nobody produces" in line:
                wrong.append(f"{path.name} {node.id}: {line}")
            robbed = next(
                (a for a in Game(tree.rules, after).legal_actions() if isinstance(a, MoveRobber)),
                None,
            )
            if after.phase == "robber" and (robbed is None or after.name(robbed.player) != who):
                wrong.append(f"{path.name} {node.id}: the robber is not {who}'s to move")
    assert seen.get("base", 0) and seen.get("ck", 0) and seen.get("2p", 0), seen
    assert wrong == [], wrong
