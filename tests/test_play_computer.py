"""Playing against the computer like a game (issue 33, scope 6), at the session and widget
level: Pause stops the computers and Resume lets them go on; a seat changed takes effect at
once (in the Play tab and in the new-game form, for the game it started); the other seats'
hands are hidden by default against the computer (a teacher can show them) and the learner's
own hand is on the Play tab; chance resolves itself after a move (BASE-DEV-BUY draws the
card at once) and can still be forced; disabled buttons look disabled and the kinds not
possible now sit behind one "Why can't I…?" toggle.

No event loop runs here, so computers play at once (``computer.py``).
"""

from __future__ import annotations

import asyncio
import html
import re

import pytest

from catan_tutor import new_game
from catan_tutor.actions import BuildRoad, BuyDev, MoveRobber
from catan_tutor.analysis import InlineExecutor
from catan_tutor.analysis.setup_pick import setup_corner
from catan_tutor.board import (
    EDGE_LABELS,
    HEX_NAMES,
    HEX_VERTICES,
    RESOURCES,
    TERRAINS,
    VERTEX_HEXES,
    VERTEX_LABELS,
    pips,
)
from catan_tutor.game import Game
from catan_tutor.players import choose
from catan_tutor.study.editor import edit
from catan_tutor.widgets import Tutor
from catan_tutor.widgets.hint_words import a_number, why

COMPUTERS = {1: "greedy", 2: "random", 3: "greedy"}


def _setup_done(seed: int = 1) -> Game:
    """A base game after its set-up (every seat placed by the greedy player)."""
    g = new_game("base", players=4, seed=seed)
    while g.state.phase != "pre-roll" or g.is_chance():
        if g.is_chance():
            g.play(g.rules.chance_outcomes(g.state)[0][0])
        else:
            g.play(choose(g, "greedy", 0))
    return g


def _p1_can_buy() -> Game:
    """P1's main phase with exactly the price of a development card (BASE-DEV-BUY)."""
    g = _setup_done()
    for op in ("hand P1 1 wool, 1 grain, 1 ore", "turn P1 main 5"):
        g = edit(g, op)
    return g


def _first_setup_moves(t: Tutor) -> None:
    """P1's settlement and road of the set-up (the first legal ones)."""
    for _ in range(2):
        t.session.play(t.game.options(0)[0])


# ---------------------------------------------------------------- pause and seats
def test_pause_stops_the_computers_moves_and_resume_lets_them_play():
    t = Tutor(new_game("base", players=4, seed=1))
    t.computer.set_seats(COMPUTERS, seed=4)
    t.computer.pause_button.click()
    assert t.session.paused and t.computer.pause_button.description == "Resume"
    _first_setup_moves(t)  # BASE-SETUP-ORDER: P2 is due now, but the computers are paused
    assert len(t.timeline.moves()) == 2 and t.game.rules.actors(t.game.state) == [1]
    assert t.computer.due() is None
    assert not t.controls.palette.options  # P2's moves are not offered to the learner
    assert t.controls.end_button.disabled and t.controls.roll_button.disabled
    assert t.controls.form is None and not t.session.kind  # no form filled with P2's move
    assert not t.controls.blocked.options  # nor "why not" for them
    assert "data-status='paused'" in t.computer.marker.value
    # said where the learner looks, and no palette left on the page (issue 33: the page kept
    # P1's last buttons when given none, and "end turn" there did nothing)
    assert "P2 (computer) is to move: press Resume to let it play." in t.computer.status.value
    # the title's prompt says whose move it is (learner20: a computer's "P2: place a
    # settlement" read as the learner's own instruction)
    assert "<b>P2</b> (computer): place a settlement" in t.header.value, t.header.value
    assert t.controls.palette.layout.display == "none"
    t.computer.pause_button.click()  # Resume: P2, P3, P4, P4, P3, P2 set up at once
    assert not t.session.paused and t.computer.pause_button.description == "Pause"
    assert [a.player for a in t.timeline.moves()[2:]] == [1, 1, 2, 2, 3, 3, 3, 3, 2, 2, 1, 1]
    assert t.game.rules.actors(t.game.state) == [0]
    assert "Your move, P1" in t.computer.status.value
    assert "<b>P1</b> (you): place a settlement" in t.header.value, t.header.value
    assert t.controls.palette.layout.display == ""  # P1's kinds offered again


def test_a_paced_computer_s_move_is_marked_pending_and_none_is_timed_while_paused():
    """In a kernel a computer's move is timed on the event loop; the hidden marker says so
    (``data-pending``), which lets the browser test see that a paused game times nothing."""

    async def paced() -> tuple[str, str, int]:
        t = Tutor(new_game("base", players=4, seed=1))
        t.computer.set_seats(COMPUTERS, seed=4)
        _first_setup_moves(t)  # P2 is due: its move timed, not played yet
        timed = t.computer.marker.value
        t.computer._cancel_wait()
        t2 = Tutor(new_game("base", players=4, seed=1))
        t2.computer.set_seats(COMPUTERS, seed=4, paused=True)
        _first_setup_moves(t2)
        return timed, t2.computer.marker.value, len(t2.timeline.moves())

    timed, paused, moves = asyncio.run(paced())
    assert "data-pending='1'" in timed
    assert "data-pending='0'" in paused and "data-status='paused'" in paused and moves == 2


def test_a_hint_while_a_computer_is_to_move_says_so_and_advises_nobody():
    """Issue 33 (a fresh learner): with the computers paused and P2 (computer) to move, Hint
    suggested P2's move without saying whose it was. It now says whose move it is and that
    hints are for the learner's turns, rings nothing, and the words go with the position; on
    the learner's turn Hint suggests P1's move again."""
    t = Tutor(new_game("base", players=4, seed=1))
    t.computer.set_seats(COMPUTERS, seed=4)
    t.hints.executor = InlineExecutor
    t.hints.n.value, t.hints.turns.value = 4, 1
    t.session.set_paused(True)
    _first_setup_moves(t)  # P2 (computer) is due, paused
    t.hints.run(wait=True)
    said = t.hints.result.value
    assert "P2 (computer) is to move: hints are for your turns." in said
    # a note, not an error (issue 33: it showed in the red "refused" style, with a cross)
    assert "catan-hint-note" in said and "#b71c1c" not in said and "catan-icon-no" not in said
    assert "data-status='refused'" in t.hints.marker.value and "data-top=''" in t.hints.marker.value
    assert t.view.hinted is None and t.hints.ranking is None
    t.session.set_paused(False)  # the computers place; P1's second settlement is due
    assert t.game.rules.actors(t.game.state) == [0]
    assert "hints are for your turns" not in t.hints.result.value  # gone with the position
    t.hints.run(wait=True)
    assert "data-status='done'" in t.hints.marker.value
    assert f"data-top='{setup_corner(t.game)}'" in t.hints.marker.value


def test_a_seat_set_back_to_human_stops_playing_at_once():
    t = Tutor(new_game("base", players=4, seed=1))
    t.computer.set_seats(COMPUTERS, seed=4)
    t.session.set_paused(True)
    _first_setup_moves(t)
    picker = t.computer.pickers[1]  # P2's seat picker in the Play tab
    assert picker.value == "greedy"
    assert not t.controls.palette.options  # P2 is a computer: nothing offered
    picker.value = "human"  # takes effect now: P2 is due and is no computer any more
    assert dict(t.session.computers) == {2: "random", 3: "greedy"}
    assert t.controls.palette.options  # P2's moves, now a human's, offered at once
    t.session.set_paused(False)
    assert len(t.timeline.moves()) == 2  # nobody played for P2
    assert "data-seats='3:random,4:greedy'" in t.computer.marker.value
    picker.value = "random"  # and back to a computer: it plays at once
    assert len(t.timeline.moves()) == 14 and t.game.rules.actors(t.game.state) == [0]


def test_the_new_game_forms_seat_applies_to_the_game_it_started():
    from catan_tutor.widgets.app import App

    app = App(query="")
    assert [d.value for d in app.seats.pickers] == ["human", "greedy", "greedy", "greedy"]
    app.seats.pickers[1].value = "greedy"
    app.seats.pickers[2].value = app.seats.pickers[3].value = "human"
    app.start_button.click()
    s = app.session
    assert dict(s.computers) == {1: "greedy"} and app.tutor.computer.pickers[1].value == "greedy"
    app.seats.pickers[2].value = "random"  # in the form: the game shown follows at once
    assert dict(s.computers) == {1: "greedy", 2: "random"}
    app.tutor.computer.pickers[1].value = "human"  # in the Play tab: the form follows
    assert app.seats.pickers[1].value == "human" and dict(s.computers) == {2: "random"}
    app.open(next(iter(app.lessons.values())).id)  # a lesson: every seat human
    assert not s.computers and app.tutor.computer.widget.layout.display == "none"


# ---------------------------------------------------------------- hands
def test_other_hands_hidden_by_default_against_the_computer_and_own_hand_on_play_tab():
    g = edit(_p1_can_buy(), "dev P2 1 knight")
    t = Tutor(g)
    assert t.show_hands.value  # no computer: every hand shows (a hot-seat game)
    assert "development: 1 Knight card" in t.players.value
    t.computer.set_seats(COMPUTERS)
    assert not t.show_hands.value and not t.session.shows_every_hand()
    rows = t.players.value.split("border-left")[1:]
    assert "hand: 1 wool, 1 grain, 1 ore" in rows[0]  # P1, the learner: their own hand
    hidden = sum(g.state.hands[1])
    assert f"hand: {hidden} cards" in rows[1] and "knight" not in rows[1]  # BASE-INFO
    assert "development: 1 card<" in rows[1]  # one card, counted right
    assert "Your hand (P1)" in t.controls.hand.value
    assert "1 wool, 1 grain, 1 ore" in t.controls.hand.value
    t.show_hands.value = True  # the teacher's view
    assert t.session.every_hand and "development: 1 Knight card" in t.players.value


# ---------------------------------------------------------------- chance
def test_a_bought_card_resolves_itself_against_the_computer():
    t = Tutor(_p1_can_buy(), seed=3)
    t.computer.set_seats(COMPUTERS)
    deck = sum(t.game.state.deck)
    t.session.play(BuyDev(0))  # BASE-DEV-BUY: the card is drawn by the seeded sampler
    g = t.game
    assert not g.is_chance() and sum(g.state.dev[0]) == 1 and sum(g.state.deck) == deck - 1
    moves = t.timeline.moves()
    assert isinstance(moves[-2], BuyDev) and moves[-1].is_chance  # the draw is a move
    assert t.session.kind == ""  # no "which card?" form waits
    assert "Your hand (P1)" in t.controls.hand.value and "development" in t.controls.hand.value


def test_a_bought_card_can_still_be_forced():
    t = Tutor(_p1_can_buy(), seed=3)
    t.computer.set_seats(COMPUTERS)
    t.computer.chance.value = True  # "I pick chance outcomes": one click
    assert t.session.force_chance
    t.session.play(BuyDev(0))
    g = t.game
    assert g.is_chance() and t.session.kind  # the draw waits; its form is offered
    outcomes = t.session.of_kind()
    monopoly = next(a for a in outcomes if "monopoly" in str(a))
    t.session.play(monopoly)
    assert t.game.state.dev[0][4] == 1  # the card forced (DEV_CARDS: monopoly last)


def test_BASE_PROD_ROLL_roll_leaves_the_dice_to_a_learner_who_picks_chance_outcomes():
    """l37: "I pick chance outcomes" ticked, Roll still threw the dice (a 7 came, only the
    stolen card was the learner's). Roll plays the roll; the dice wait, the die's form open;
    each die set, the next waits, till the roll is done (BASE-PROD-ROLL)."""
    g = edit(_setup_done(), "turn P1 pre-roll 5")
    t = Tutor(g, seed=3)
    t.computer.set_seats(COMPUTERS)
    t.computer.chance.value = True
    t.session.roll()
    assert t.game.is_chance() and str(t.timeline.current.action) == "P1 roll"
    assert t.session.kind == "die"
    t.session.play("die white 2")
    assert t.game.is_chance() and t.session.kind == "die"
    t.session.play("die red 3")
    assert not t.game.is_chance() and t.game.state.phase == "main"
    assert [str(a) for a in t.timeline.moves()[-2:]] == ["die white 2", "die red 3"]


def test_chance_waits_in_a_game_without_computers():
    t = Tutor(_p1_can_buy(), seed=3)
    t.session.play(BuyDev(0))
    assert t.game.is_chance()  # a lesson or hot-seat game: the learner sees the draw


@pytest.mark.parametrize("seed", [2, 5])
def test_dice_and_other_chance_resolve_themselves_in_computer_turns(seed):
    """Two rounds against three computers: every chance event (dice, steals, draws) is
    played by the sampler; the learner never stops at one (BASE-PROD-ROLL)."""
    t = Tutor(new_game("base", players=4, seed=seed), seed=seed)
    t.computer.set_seats(COMPUTERS, seed=1)
    mine = 0
    while t.game.state.turn < 9:
        g = t.game
        assert not g.is_chance() and t.computer.due() is None
        t.session.play(choose(g, "greedy", mine, player=0))
        mine += 1
    chance = [a for a in t.timeline.moves() if a.is_chance]
    assert len(chance) >= 16  # at least two dice for each of eight turns


# ---------------------------------------------------------------- buttons
def test_disabled_buttons_look_disabled_and_why_not_kinds_are_folded_away():
    t = Tutor(_p1_can_buy())
    c = t.controls
    assert c.roll_button.disabled and c.roll_button.button_style == ""  # main phase
    assert not c.end_button.disabled and c.end_button.button_style == "primary"
    assert c.blocked.options and c.blocked.layout.display == "none"  # folded away
    assert c.why_toggle.layout.display == ""
    c.why_toggle.value = True
    assert c.blocked.layout.display == ""
    c.why_toggle.value = False
    t.session.choose_kind(c.blocked.options[0][1])  # (label, kind): stays shown once chosen
    assert c.blocked.layout.display == ""
    t.session.play(t.game.options(0)[-1])  # End turn: P2's roll
    assert not c.roll_button.disabled and c.roll_button.button_style == "success"
    assert c.end_button.disabled and c.end_button.button_style == ""


# ---------------------------------------------------------------- hints on the board
def test_the_hint_rings_a_spot_on_the_board_and_says_why_in_words():
    """The best setup settlement: a ring with an arrow on its corner, and one sentence with
    its dots and hexes, read from the board (BASE-COMP-NUMBERS: a number's pips); the games
    played on stay behind "details"."""
    g = new_game("base", players=3, seed=1)
    t = Tutor(g)
    t.hints.executor = InlineExecutor
    t.hints.n.value, t.hints.turns.value = 4, 1
    t.hints.run(wait=True)
    best = setup_corner(g)  # in setup: the most dots (analysis.setup_pick)
    assert best is not None
    v = best.vertex
    label = VERTEX_LABELS[v]
    assert t.view.hinted == ("vertex", v) and t.hints.spot == ("vertex", v)
    assert f"data-spot='vertex {label}'" in t.view.marker.value  # the ring, on the board
    assert f"data-spot='vertex {label}'" in t.hints.marker.value
    said = t.hints.result.value.split("catan-hint-details")[0]
    lay = g.layout
    total = sum(pips(lay.numbers[h]) for h in VERTEX_HEXES[v])
    assert f"builds a settlement on {label}: {total} dots (" in said
    for h in VERTEX_HEXES[v]:
        if lay.numbers[h]:
            assert f"{TERRAINS[lay.terrain[h]]} {lay.numbers[h]}" in said
    assert "games played" not in said and "games played on" in t.hints.result.value  # details
    t.session.play(best)  # another position: the hint and its ring go
    assert t.view.hinted is None and "catan-hint-mark" not in t.view.marker.value


def test_hint_words_name_the_robbers_hex_its_victims_and_the_award():
    """BASE-ROBBER-BLOCK: the hex blocked, with its resource and number, and whom it hits;
    BASE-WIN-VP: a road that takes Longest Road says so."""
    g = _setup_done()
    s = g.state
    h = next(
        h
        for h in range(19)
        if g.layout.numbers[h] and any(s.vowner[v] == 1 for v in HEX_VERTICES[h])
    )
    text = why(g, MoveRobber(0, h, 1))
    res = RESOURCES[g.layout.terrain[h]]
    assert f"blocks {HEX_NAMES[h]} ({res} on {a_number(g.layout.numbers[h])}" in text
    assert "P2" in text and "steals a card from P2" in text
    # P1 builds the roads that lengthen its road most until one takes Longest Road
    g = edit(edit(g, "hand P1 9 brick, 9 lumber"), "turn P1 main 5")
    for _ in range(8):
        roads = [a for a in g.legal_actions() if isinstance(a, BuildRoad)]
        after = {}
        for a in roads:
            after[a] = g.clone()
            after[a].play(a)
        winner = next((a for a in roads if after[a].state.longest == 0), None)
        if winner is not None:
            break
        g.play(max(roads, key=lambda a: (after[a].state.road_len[0], -a.edge)))
    assert winner is not None
    text = why(g, winner)
    assert text.startswith(f"P1 builds a road on {EDGE_LABELS[winner.edge]}")
    assert "wins Longest Road for +2 victory points" in text


def test_a_hint_after_setup_says_the_computers_games_chose_it_and_whose_reading_the_why_is():
    """Issue 33: after setup the hint follows the computer's games. Its sentence is plain (no
    "playouts", never "<move> scored best"), says the computer's games chose the move, and
    that the reason given is this tutor's reading; with one move to make it says so instead."""
    g = _p1_can_buy()
    t = Tutor(g)
    t.hints.executor = InlineExecutor
    t.hints.n.value, t.hints.turns.value = 6, 2
    t.hints.run(wait=True)
    said = html.unescape(re.sub(r"<[^>]+>", "", t.hints.result.value.split("<details")[0]))
    assert t.hints.ranking is not None and t.hints.ranking.distinct > 1
    best = t.hints.ranking[0].action
    assert f"Suggested: {why(g, best)} " in said, said
    assert said.endswith(
        "The computer's games played on from here chose it (see details); the reason given "
        "is this tutor's reading."
    )
    assert "playout" not in said.lower() and "scored best" not in said
    t.session.play(best)  # on to a position with only the roll (or the end of the turn)
    for _ in range(50):
        if len({type(a) for a in t.game.legal_actions()}) == 1 and not t.game.is_chance():
            break
        t.session.play(t.game.legal_actions()[-1])
    t.hints.run(wait=True)
    said = html.unescape(re.sub(r"<[^>]+>", "", t.hints.result.value.split("<details")[0]))
    assert t.hints.ranking is not None and t.hints.ranking.distinct == 1
    assert said.endswith("is the only move now.") and "tutor's reading" not in said, said


def test_the_why_not_tag_keeps_every_word_in_lines_that_fit():
    from catan_tutor.widgets.board_paint import wrap

    reason = (
        "A road must join one of your roads, settlements or cities; this edge touches none "
        "of them, and at least two roads lead away from it"
    )
    lines = wrap(reason, 30)
    assert " ".join(lines) == reason and all(len(x) <= 30 for x in lines) and len(lines) > 3


def test_a_steal_resolves_itself_against_the_computer():
    """BASE-ROBBER-STEAL: the card taken is chance; against the computer the sampler takes
    it at once, and the learner's hand shows it."""
    g = edit(edit(_p1_can_buy(), "dev P1 1 knight"), "hand P2 2 brick")
    g.play("P1 knight")
    h = next(h for h in range(19) if g.state.robber != h and 1 in _owners(g, h))
    t = Tutor(g, seed=3)
    t.computer.set_seats(COMPUTERS)
    t.session.play(MoveRobber(0, h, 1))
    g = t.game
    assert not g.is_chance() and g.state.hands[0][0] == 1 and sum(g.state.hands[1]) == 1
    assert "1 brick" in t.controls.hand.value
    assert type(t.timeline.moves()[-1]).__name__ == "Steal"


def _owners(g: Game, h: int) -> set[int]:
    return {g.state.vowner[v] for v in HEX_VERTICES[h]}


def test_a_bad_seat_or_player_is_refused_and_changes_nothing():
    t = Tutor(new_game("base", players=3, seed=1))
    t.computer.set_seats({1: "greedy"})
    for seat, policy in ((1, "smart"), (5, "greedy")):
        with pytest.raises(ValueError, match=f"seat P{seat + 1}"):
            t.session.set_seat(seat, policy)
    with pytest.raises(ValueError, match="unknown seat or policy"):
        t.session.set_computers({3: "greedy"})
    assert dict(t.session.computers) == {1: "greedy"}


def test_the_move_list_names_a_drawn_card_only_to_a_hand_that_sees_it():
    """BASE-INFO: a development card drawn is named in the Moves tab (words and tooltip) only
    for the seats whose hands show; against the computer, another seat's card is not."""
    from catan_tutor.widgets.move_list import moves_html, rows

    t = Tutor(_p1_can_buy(), seed=3)
    t.computer.set_seats(COMPUTERS)
    t.session.play(BuyDev(0))
    card = str(t.timeline.moves()[-1]).split()[-1]  # the card the sampler drew, e.g. "knight"
    own = [w.lower() for w, _ in rows(t.timeline, seen=t.session.hand_seats())]
    assert any(card in w for w in own)  # P1's own card, named to P1
    others = moves_html(t.timeline, seen=frozenset({1}))  # as a seat that does not see it
    assert "a development card drawn" in others and f"draw {card}" not in others
    assert card not in " ".join(w for w, _ in rows(t.timeline, seen=frozenset({1}))).lower()
    t.moves.show()  # the tab as P1 sees it (written when opened)
    assert card in t.moves.tree.html.value.lower()


def test_end_turn_is_offered_once_by_its_own_button_not_again_in_the_palette():
    """Issue 33 (a fresh learner after a C&K roll): "End turn" and "End the turn" side by side
    did the same. End turn has its own button (BASE-TURN-END); the palette of the kinds legal
    now leaves it out, and keeps Roll (its form forces the dice)."""
    g = new_game("base", players=3)
    while g.state.phase != "main" or g.is_chance():  # setup, then the first roll and its dice
        g.play(g.legal_actions()[0])
    t = Tutor(g)
    kinds = [k for _, k in t.controls.palette.options]
    assert "end turn" in t.session.kinds() and "end turn" not in kinds and kinds
    assert not t.controls.end_button.disabled


def test_the_palette_s_roll_says_it_lets_the_dice_be_chosen_not_a_second_roll_button():
    """Learner 14: a free game showed the green "Roll" and the palette's "Roll the dice", which
    only opened a form: the palette's roll is for choosing what the dice show, and says so;
    its form's Play plays the roll alone, and the dice wait for the learner's choice."""
    g = new_game("base", players=3)
    while g.state.phase != "pre-roll" or g.is_chance():
        g.play(g.legal_actions()[0])
    t = Tutor(g)
    labels = dict((k, label) for label, k in t.controls.palette.options)
    assert (
        labels["roll"] == "Set the dice yourself (for practice)"
        and t.controls.roll_button.description == "Roll"
    )
    t.controls.palette.value = "roll"
    form = t.controls.form  # a list per die, their Play off till both are chosen (l280)
    assert list(form.pickers) == ["white die", "red die"] and form.play_button.disabled
    form.set(**{"white die": 5, "red die": 5})
    t.controls.form.play_button.click()
    assert t.game.state.dice == (5, 5) and not t.game.is_chance()  # as the learner set them


def test_set_the_dice_yourself_against_the_computer_waits_for_the_learner_s_dice():
    """Learner 279, a free game against the computer: "Set the dice yourself (for practice)",
    then Play this move, and the dice fell by themselves (chance resolves itself against the
    computer); the form to set them showed only after ◀. The roll played by that kind waits
    for each die the learner sets (BASE-CHANCE-EVENTS: a user can force any outcome)."""
    t = Tutor(_setup_done(), seed=3)
    t.computer.set_seats(COMPUTERS)
    s = t.session
    t.controls.palette.value = "roll"  # both dice in one form (l280: one form a die)
    t.controls.form.set(**{"white die": 3, "red die": 4})
    t.controls.form_frame.play_button.click()
    assert s.game.state.dice == (3, 4)  # as set, not thrown by the sampler
    assert s.game.state.phase in ("robber", "discard")  # 3 and 4: a 7
    # a throw under way (typed), its dice still the learner's: the form sets the rest
    t1 = Tutor(_setup_done(), seed=3)
    t1.computer.set_seats(COMPUTERS)
    t1.controls.palette.value = "roll"
    t1.session.play(t1.session.game.legal_actions()[0])  # the Roll alone
    assert t1.session.kind == "die" and list(t1.controls.form.pickers) == ["white die", "red die"]
    t1.session.play("die white 6")
    assert t1.session.game.is_chance() and list(t1.controls.form.pickers) == ["red die"]
    # the Roll button still throws them at once
    t2 = Tutor(_setup_done(), seed=3)
    t2.computer.set_seats(COMPUTERS)
    t2.session.roll()
    assert not t2.session.game.is_chance()
