"""A puzzle's palette greys the kinds no one can play this turn (s18): at 4.3's and 3.2's
questions "Play a Knight", "Play Monopoly"… looked like moves although P1 holds no such card
(a press said "Not allowed"). The engine decides (legal_actions, explain's rule); the answer's
kind and every kind legal now look alike, so nothing narrows the answer."""

from __future__ import annotations

import pytest
from puzzle_answers import at_question, course_puzzles

from catan_tutor.board import HEX_NAMES
from catan_tutor.game import Game
from catan_tutor.progress_cards import CARDS
from catan_tutor.state import laid
from catan_tutor.study.puzzle import answer_nodes
from catan_tutor.widgets.kinds import kind_name, moment_kinds
from catan_tutor.widgets.kinds_unavailable import (
    FAMILIES,
    KNIGHT_KINDS,
    OFF_CLASS,
    ROBBER_KINDS,
    robber_not_away,
    unavailable,
)
from catan_tutor.widgets.palette_key import GREYED, GREYED_BEFORE_ROLL
from catan_tutor.widgets.tap_choices import enabled_kinds

KEY = GREYED.format(n="Greyed buttons:")
KEY_BEFORE_ROLL = GREYED_BEFORE_ROLL.format(n="Greyed buttons:")


def _asked(lesson: str, node: int | None = None):
    return next(a for a in course_puzzles() if a.lesson == lesson and node in (None, a.node))


@pytest.mark.parametrize(
    ("lesson", "node", "off", "held"),
    [
        # 4.3's second question, before the roll: P1 holds a Knight (the prompt names it) and
        # no other card; buying a card waits for the roll (possible this turn: not greyed), so
        # do the builds
        ("puzzle_base_awards", 18, {"play road building", "play plenty", "play monopoly"},
         "Road Building"),
        # 3.2, after the roll: P1 holds no development card
        ("puzzle_base_trading", None,
         {"play knight", "play road building", "play plenty", "play monopoly"}, "Knight"),
    ],
)  # fmt: skip
def test_a_question_s_palette_greys_the_cards_its_seat_does_not_hold(lesson, node, off, held):
    t = at_question(_asked(lesson, node))
    palette = t.controls.palette
    kinds = [k for _, k in palette.options]
    greyed = {kinds[int(c.removeprefix(OFF_CLASS))] for c in palette._dom_classes
              if c.startswith(OFF_CLASS)}  # fmt: skip
    assert greyed == off
    tips = dict(zip(kinds, palette.tooltips, strict=True))
    seat = 1  # (4.3's P1; 3.2's P1 since s43)
    kind = {"Knight": "play knight", "Road Building": "play road building"}[held]
    assert tips[kind] == f"Not possible this turn: P{seat} holds no {held} card."
    assert all(tips[k] == "" for k in kinds if k not in off)  # (a build not paid for too)


def test_no_question_greys_its_answer_s_kind_nor_a_kind_legal_now():
    """Every puzzle of the course: the kinds greyed are none of the answers' kinds and none
    legal now (those look the same as the right one); at least the cards not held are."""
    greyed_any = 0
    for asked in course_puzzles():
        sc = asked.scenario()
        at = sc.timeline.nodes[asked.node]
        game = Game(sc.timeline.rules, at.state)
        answers = {kind_name(n.action) for n in answer_nodes(asked.puzzle, at, sc.timeline.rules)}
        legal = {kind_name(a) for a in game.legal_actions()}
        off = unavailable(game, moment_kinds(game))
        assert not set(off) & (answers | legal), (asked.lesson, asked.node, off)
        greyed_any += bool(off)
    assert greyed_any >= 2


@pytest.mark.parametrize(
    ("lesson", "node", "off"),
    [
        # 8.11 after the roll: P1 holds no progress card (l20: "Play a progress card" and the
        # Commercial Harbor's offer looked playable); none can come but by playing one
        ("puzzle_ck_barbarians", 1, {"play progress", "harbor offer"}),
        # 9.18: the question's seat holds progress cards: "Play a progress card" stays as
        # the answer's does (the Commercial Harbor's offer: greyed for that card, below)
        ("puzzle_ck_progress", 4, set()),
        # C&K for two before the roll: the roll may bring a card (CK-PC-PLAY)
        ("puzzle_ck_2p", 8, set()),
    ],
)  # fmt: skip
def test_a_c_and_k_question_greys_progress_plays_when_no_card_is_held_after_the_roll(
    lesson, node, off
):
    t = at_question(_asked(lesson, node))
    palette = t.controls.palette
    kinds = [k for _, k in palette.options]
    greyed = {kinds[int(c.removeprefix(OFF_CLASS))] for c in palette._dom_classes
              if c.startswith(OFF_CLASS)}  # fmt: skip
    tips = dict(zip(kinds, palette.tooltips, strict=True))
    no_card = {k for k in greyed if tips[k].endswith(" holds no progress card.")}
    assert no_card & {"play progress", "harbor offer"} == off
    for kind in off:
        assert tips[kind] == "Not possible this turn: P1 holds no progress card."


def test_a_build_the_seat_cannot_pay_for_says_so_when_pressed_at_a_question():
    """l19, l20 and l21 at 3.2: "Build a road" looked playable and its press said "Click the
    spot on the board" though P2 holds 1 lumber and 4 wool. It stays offered (a trade first
    may pay for it), and its press says the price and the hand (both on the page already); a
    kind the seat can pay for, or one with no price list, says nothing of it."""
    t = at_question(_asked("puzzle_base_trading"))
    t.controls.palette.value = "build road"
    said = t.controls.message.value
    assert said == (
        "P1 cannot pay for it now: it costs 1 brick and 1 lumber; "
        "P1 holds 2 wool, 1 grain and 3 ore."
    )  # (s34: one sentence with the engine's reason, not "brick, lumber; … 1 lumber, 4 wool")
    t.controls.palette.value = "bank trade"
    assert "cannot pay" not in t.controls.message.value
    setup = at_question(_asked("puzzle_base_setup"))  # builds are free in the setup
    setup.controls.palette.value = "build road"
    assert "cannot pay" not in setup.controls.message.value


@pytest.mark.parametrize(
    ("lesson", "node"),
    [
        # 7.8 "Put a knight on the board": P1 has no knight; "Activate", "Promote", "Move a
        # knight" and "Chase the robber away" greyed (l22) left "Recruit a knight" the one
        # knight kind lit, the answer read off the palette (l34)
        ("puzzle_ck_knights", 19),
        # 9.18 and 11.16 (C&K for two: "Take a knight off for tokens" too): no knight either
        ("puzzle_ck_progress", 4),
        ("puzzle_ck_2p", 8),
    ],
)
def test_CK_KNIGHT_RECRUIT_no_question_leaves_recruit_the_one_knight_kind_lit(lesson, node):
    """A seat with no knight: the knight kinds are none of them greyed (greying all but
    "Recruit a knight" narrows the answer as a list of the legal kinds would); a press of one
    is judged on the board, as any kind's."""
    t = at_question(_asked(lesson, node))
    palette = t.controls.palette
    kinds = [k for _, k in palette.options]
    greyed = {kinds[int(c.removeprefix(OFF_CLASS))] for c in palette._dom_classes
              if c.startswith(OFF_CLASS)}  # fmt: skip
    knights = {"recruit", "activate", "promote", "move knight", "chase robber"} & set(kinds)
    assert len(knights) == 5 and not greyed & knights, greyed
    tips = dict(zip(kinds, palette.tooltips, strict=True))
    assert not any(tips[k] for k in knights), tips


def test_no_question_lights_one_kind_of_a_family_alone():
    """Every question: the knight kinds offered are lit all or greyed all, never some of each
    (l34 at 7.8: one lit alone; l41 at 8.11: two greyed beside three lit); so are the kinds
    that move the robber away (l37 at 5.13: "Play a Knight" greyed left "Send the robber
    home", the answer, the one lit; 2P-TOKEN-ROBBER)."""
    seen = {family: 0 for family in FAMILIES}
    for asked in course_puzzles():
        t = at_question(asked)
        palette = t.controls.palette
        kinds = [k for _, k in palette.options]
        greyed = {kinds[int(c.removeprefix(OFF_CLASS))] for c in palette._dom_classes
                  if c.startswith(OFF_CLASS)}  # fmt: skip
        away = not robber_not_away(t.session.game)  # (its family: only while on a hex)
        for family in FAMILIES:
            ours = [k for k in kinds if k in family]
            if len(ours) < 2 or (family is ROBBER_KINDS and not away):
                continue
            seen[family] += 1
            lit = [k for k in ours if k not in greyed]
            assert len(lit) in (0, len(ours)), (asked.lesson, asked.node, lit)
    assert seen[KNIGHT_KINDS] >= 5 and seen[ROBBER_KINDS] >= 1, seen
    t = at_question(_asked("puzzle_base_2p", 15))  # the robber on N, P1 holds no Knight card
    kinds = [k for _, k in t.controls.palette.options]
    assert {"play knight", "robber home"} <= set(kinds)
    assert not [c for c in t.controls.palette._dom_classes
                if c in (f"{OFF_CLASS}{kinds.index('play knight')}",
                         f"{OFF_CLASS}{kinds.index('robber home')}")]  # fmt: skip


def test_a_seat_with_a_lying_knight_sees_the_knight_family_lit_whole():
    """7.8's next question (node 20): P1's new knight lies on N4. "Move a knight" and "Chase
    the robber away" greyed beside "Activate" and "Promote" lit told the knight lies down,
    pointing at the answer (l41 at 8.11; l28 had asked them greyed): the knight kinds are
    greyed whole or not at all, so all stay lit, and a press says the puzzle judges the click
    (CK-KNIGHT-ACTION-ELIGIBLE is said of a wrong spot)."""
    t = at_question(_asked("puzzle_ck_knights", 20))
    palette = t.controls.palette
    kinds = [k for _, k in palette.options]
    greyed = {kinds[int(c.removeprefix(OFF_CLASS))] for c in palette._dom_classes
              if c.startswith(OFF_CLASS)}  # fmt: skip
    assert {"activate", "promote", "move knight", "chase robber"} <= set(kinds)
    assert not greyed & KNIGHT_KINDS
    t.session.choose_kind("move knight")
    assert t.session.message.startswith("Click or tap the spot on the board")


def test_the_knight_actions_are_greyed_only_with_their_whole_family_and_say_why():
    """Every C&K question: "Move a knight" and "Chase the robber away" are greyed only where
    every knight kind offered is (never beside a lit one: l41), and then say why (no knight
    of the seat may act this turn, CK-KNIGHT-ACTION-ELIGIBLE, or it has none)."""
    seen = 0
    for asked in course_puzzles():
        t = at_question(asked)
        s, palette = t.session, t.controls.palette
        if not s.game.caps.knights:
            continue
        kinds = [k for _, k in palette.options]
        tips = dict(zip(kinds, palette.tooltips, strict=True))
        greyed = {kinds[int(c.removeprefix(OFF_CLASS))] for c in palette._dom_classes
                  if c.startswith(OFF_CLASS)}  # fmt: skip
        family = [k for k in kinds if k in KNIGHT_KINDS]
        assert not greyed & set(family) or set(family) <= greyed, (asked.lesson, asked.node)
        for kind in {"move knight", "chase robber"} & greyed:
            assert tips[kind].startswith(("Not possible now", "Not possible this turn"))
        seen += len(family) > 1
    assert seen >= 5


def _ck_main_questions():
    out = []
    for asked in course_puzzles():
        sc = asked.scenario()
        game = Game(sc.timeline.rules, sc.timeline.nodes[asked.node].state)
        if game.caps.improvements and game.state.phase == "main":
            out.append(asked)
    return out


def test_the_harbor_offer_is_greyed_where_the_seat_holds_no_commercial_harbor_card():
    """l23 at 9.18: "Offer a resource for a commodity (Commercial Harbor)" looked active
    though P2 holds no Commercial Harbor card (CK-PC-COMMERCIAL-HARBOR: its offers follow
    the card played). Every C&K question of the Action phase: greyed, saying so, exactly
    where no seat the question lets move holds the card and no exchange of it is open; the
    kind never greyed where it is legal."""
    harbor = CARDS.index("commercial-harbor")
    said_card = 0
    for asked in _ck_main_questions():
        t = at_question(asked)
        s, palette = t.session, t.controls.palette
        kinds = [k for _, k in palette.options]
        if "harbor offer" not in kinds:
            continue
        greyed = {kinds[int(c.removeprefix(OFF_CLASS))] for c in palette._dom_classes
                  if c.startswith(OFF_CLASS)}  # fmt: skip
        tip = dict(zip(kinds, palette.tooltips, strict=True))["harbor offer"]
        st = s.game.state
        seats = s.puzzle.seats() or (s.game.current_player,)
        legal = any(kind_name(a) == "harbor offer" for a in s.game.legal_actions())
        held = any(harbor in st.phand[p] for p in seats)
        where = (asked.lesson, asked.node)
        if legal or held or st.harbor:
            assert "harbor offer" not in greyed, where
        elif not any(st.phand[p] for p in seats):  # no card at all: said so (s18)
            assert tip.endswith(" holds no progress card."), (where, tip)
        else:
            assert "harbor offer" in greyed, where
            name = s.game.names[seats[0]]
            assert tip == f"Not possible now: {name} holds no Commercial Harbor card.", where
            said_card += 1
    assert said_card >= 1  # 9.18 among them


@pytest.mark.parametrize(
    ("lesson", "node", "seat"), [("puzzle_ck_progress", 4, "P2"), ("puzzle_ck_2p", 24, "P1")]
)
def test_a_build_the_seat_cannot_pay_for_says_its_price_when_pressed(lesson, node, seat):
    """l24 at 9.18 and 11.16: a build the seat cannot pay for looked playable. It stays
    offered and drawn as the others (a dotted look left the payable kind alone in bold: s23),
    and its press says what it costs and what the seat holds (BASE-BUILD-COSTS)."""
    t = at_question(_asked(lesson, node))
    t.session.choose_kind("build road")
    said = t.session.message
    assert said.startswith(
        f"{seat} cannot pay for it now: it costs 1 brick and 1 lumber; {seat} holds "
    )


def test_sending_the_robber_home_is_greyed_while_the_robber_is_off_the_board_or_home():
    """l24: "Send the robber home" was offered as a move while the robber was not on the board
    (C&K for two, before the first barbarian attack) or already on the desert. Every question
    of the course that offers it: greyed then, with the plain reason; offered else."""
    seen = set()
    for asked in course_puzzles():
        t = at_question(asked)
        palette, state = t.controls.palette, t.session.game.state
        kinds = [k for _, k in palette.options]
        if "robber home" not in kinds:
            continue
        i = kinds.index("robber home")
        greyed = f"{OFF_CLASS}{i}" in palette._dom_classes
        desert = laid(state).desert()
        where = (asked.lesson, asked.node, state.robber)
        if state.robber < 0:
            seen.add("off")
            assert greyed, where
            assert palette.tooltips[i] == "Not possible now: the robber is not on the board yet."
        elif state.robber == desert:
            seen.add("home")
            assert greyed, where
            said = "Not possible now: the robber is already home, on the desert"
            said += f" ({HEX_NAMES[desert]})."
            assert palette.tooltips[i] == said, where
        else:
            seen.add("away")
            assert not greyed and palette.tooltips[i] == "", where
    assert seen == {"off", "home", "away"}


@pytest.mark.parametrize("node", [15, 16])
def test_returning_a_knight_card_is_greyed_while_the_seat_has_none_played(node):
    """l26, l27 at 5.13 (the base game for two): "Return a Knight card" looked
    playable though P1 has no played Knight card (2P-TOKEN-INCOME-KNIGHT). Greyed, saying
    why on hover (and to a screen reader: kind_marks.js); "now", since a Knight card played
    this turn would make one."""
    t = at_question(_asked("puzzle_base_2p", node))
    palette = t.controls.palette
    kinds = [k for _, k in palette.options]
    assert "return knight" in kinds and t.session.game.state.knights[0] == 0
    i = kinds.index("return knight")
    assert f"{OFF_CLASS}{i}" in palette._dom_classes
    assert palette.tooltips[i] == "Not possible now: P1 has no played Knight card to return."
    assert "return knight" not in enabled_kinds(t.session)  # a tap's list leaves it out too


def test_a_seat_with_a_played_knight_card_may_return_it():
    """The same question with a Knight card played by P1: the kind is legal, not greyed."""
    asked = _asked("puzzle_base_2p", 15)
    sc = asked.scenario()
    state = sc.timeline.nodes[asked.node].state.copy()
    state.knights = (1, *state.knights[1:])
    game = Game(sc.timeline.rules, state)
    assert "return knight" in {kind_name(a) for a in game.legal_actions()}
    assert "return knight" not in unavailable(game, moment_kinds(game))


def _key(t) -> tuple[int, str]:
    """The palette's key (palette_key.py): how many greyed buttons it names, its words as
    read ('' and 0 when none shows)."""
    import re

    key = t.controls.key.value
    if not key:
        return 0, ""
    return int(re.search("data-greyed='(\\d+)'", key)[1]), re.sub("<[^>]+>", "", key)


@pytest.mark.parametrize(
    ("lesson", "node", "said"),
    [
        # 3.2, after the roll: P1 holds no development card (the builds it cannot pay for
        # look as the others: s23)
        ("puzzle_base_trading", None, KEY),
        # 4.3's second question, before the roll: three cards P1 does not hold; the builds
        # that wait for the roll look as the others, and the key says so (l44 at 11.16 read
        # them lit as "building now is fine")
        ("puzzle_base_awards", 18, KEY_BEFORE_ROLL),
        ("puzzle_base_setup", 1, ""),  # (every button alike: no key)
    ],
)  # fmt: skip
def test_a_question_s_palette_says_what_its_greyed_buttons_mean(lesson, node, said):
    """l27, a fresh learner: the palette's buttons had looks and nothing said what they meant
    (a hover text shows on no phone). A one-line key under the palette says it while such
    buttons show, counted as the palette marks them, the look named in it as it is drawn; a
    screen reader, which hears each button's reason, is not told it again."""
    t = at_question(_asked(lesson, node))
    greyed, words = _key(t)
    palette = t.controls.palette
    assert greyed == sum(c.startswith(OFF_CLASS) for c in palette._dom_classes)
    assert words == said
    if said:
        key = t.controls.key.value
        assert "aria-hidden='true'" in key and "catan-key-greyed" in key


def test_the_palette_key_goes_when_the_question_is_left():
    """The key speaks of a question's buttons only: stepping back from 3.2's question, the
    lesson's palette has neither look and no key shows."""
    t = at_question(_asked("puzzle_base_trading"))
    assert _key(t)[1]
    t.session.back()
    assert _key(t) == (0, "")


def test_CK2P_TOKEN_KNIGHT_REMOVE_the_button_names_the_move_not_what_it_earns():
    """11.16's third question, "P1 wants one more trade token this turn. Get it.", beside a
    button "Trade a knight for tokens": the answer read off the palette (s37). The button
    says what the move does on the board; that it pays tokens is what the question asks."""
    t = at_question(_asked("puzzle_ck_2p", 24))
    labels = {kind: label for label, kind in t.controls.palette.options}
    assert labels["remove knight"] == "Take a knight off the board"
    assert [label for label in labels.values() if "token" in label.lower()] == []


@pytest.mark.parametrize(
    "typed",
    ["P1 takes its knight off N4", "take their knight off the board at N4", "Take a knight off "
     "the board N4"],
)  # fmt: skip
def test_CK2P_TOKEN_KNIGHT_REMOVE_the_buttons_words_typed_are_the_move(typed: str):
    """The button's words, and a learner's with them ("its knight"), typed at 11.16's third
    question, are the knight taken off (s37: "its" was not understood)."""
    from puzzle_answers import judged

    assert judged("puzzle_ck_2p", 24, typed).correct


def test_a_card_bought_this_turn_says_why_by_its_kind_not_only_under_try_a_move() -> None:
    """Learner 279 in a free game: "Why can't I…?" › "Play Road Building", the card bought that
    turn, said nothing where it was pressed (a kind naming its seat alone had its verdict only
    under Try a move, out of sight). Its reason is said by the kinds too (BASE-DEV-PLAY)."""
    from catan_tutor.widgets import App

    t = App(start="base_dev_cards", query="").tutor
    s = t.session
    drew = next(n for n in s.timeline.walk() if str(n.action) == "draw knight")
    s.goto(drew.id)  # P1 has just bought a Knight card
    assert not s.of_kind("play knight")
    s.choose_kind("play knight")
    said = "P1 bought their Knight card this turn and may play it from the next turn on."
    assert s.message == f"Not possible now: {said}"
    assert said in t.controls.try_verdict.value  # (the move tried too, with its rule)
