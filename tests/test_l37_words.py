"""What a second fresh learner (l37, session 30) typed and read in the course: the robber
moved to the desert where sending it home is the move (5.13), a kind of move's word misspelt
(1.4's "rode on N3", 4.3's "raod N7"), two cards stolen by trade tokens (11.16)."""

from __future__ import annotations

import pytest

# 1. the robber moved to the desert by its label: sent home (2P-TOKEN-ROBBER)


@pytest.mark.course
@pytest.mark.parametrize("typed", ["move robber to J", "P1 moves the robber to J", "robber to j"])
def test_2P_TOKEN_ROBBER_the_robber_moved_to_the_desert_is_sent_home(typed):
    """l37 at 5.13's second question ("Before rolling, free the hex") typed "move robber to
    J" (J the desert) and was told the robber moves only after a 7 or a Knight: where no 7
    or Knight moves it, the desert's label is its home, as "the desert" is."""
    from puzzle_answers import judged

    j = judged("puzzle_base_2p", 15, typed)
    assert j.read and j.move == "P1 robber-home" and j.correct, j.text
    assert "only after a 7" not in j.text


@pytest.mark.course
def test_BASE_ROBBER_MOVE_another_hex_is_still_a_robber_move():
    """Only the desert's label reads as home: another hex stays the robber's move, refused."""
    from puzzle_answers import judged

    j = judged("puzzle_base_2p", 15, "move robber to K")
    assert j.move == "P1 robber K" and not j.legal and j.rule == "BASE-ROBBER-MOVE", j.text


def test_BASE_ROBBER_MOVE_after_a_7_the_desert_s_label_is_the_robber_s_move():
    """Where the robber is to be moved (a 7), "move the robber to J" is that move, not the
    token action (BASE-ROBBER-MOVE before 2P-TOKEN-ROBBER)."""
    from test_rules_2p import main_game

    from catan_tutor.move_words import read_move

    assert str(read_move(main_game(robber="C", phase="robber"), "robber to J")) == "P1 robber J"
    assert str(read_move(main_game(robber="C"), "robber to J")) == "P1 robber-home"


def test_CK2P_TOKEN_ROBBER_the_desert_by_its_label_in_ck_for_two():
    """C&K for two: the robber moved to the desert's label is sent home once it stands on the
    board; before the first attack the reply is CK2P-TOKEN-ROBBER's (it is off the board),
    not that the robber moves only after a 7."""
    from test_rules_ck2p_turn import load, opening

    from catan_tutor.move_words import read_move
    from catan_tutor.rules.tokens import check_robber_home

    g = load(opening(), attacked=1, robber="K")
    assert str(read_move(g, "move the robber to J")) == "P1 robber-home"
    g.play(read_move(g, "move the robber to J"))
    assert g.state.robber == g.layout.desert()
    g = opening()
    a = read_move(g, "move the robber to J")
    assert str(a) == "P1 robber-home"
    reason = check_robber_home(g.state, a)  # type: ignore[arg-type]
    assert reason is not None and reason.rule == "CK2P-TOKEN-ROBBER"


# 2. a kind of move's word misspelt: "did you mean", and how that move is typed


@pytest.mark.course
@pytest.mark.parametrize(
    ("lesson", "node", "typed", "meant", "how"),
    [
        ("puzzle_base_setup", 1, "rode on N3", "road", "A road is typed as"),
        ("puzzle_base_awards", 1, "raod N7", "road", "A road is typed as"),
        ("puzzle_base_setup", 1, "setlement N3", "settlement", "A settlement is typed as"),
        ("puzzle_base_setup", 1, "citty N3", "city", "A city is typed as"),
        ("puzzle_base_setup", 1, "knigth", "knight", "Playing a Knight card is typed as"),
        ("puzzle_base_setup", 1, "robbr K", "robber", "Moving the robber is typed as"),
        ("puzzle_base_setup", 1, "trdae 4 wool for ore", "trade", "A trade with the bank"),
        ("puzzle_ck_2p", 20, "recriut N3", "recruit", "Recruiting a knight is typed as"),
    ],
)
def test_a_misspelt_kind_word_asks_did_you_mean(lesson, node, typed, meant, how):
    """l37 typed "rode on N3" (1.4) and "raod N7" (4.3) and was told "I cannot read “rode”"
    and every kind's example: a close misspelling of a kind of move's word names the word
    meant and how that move is typed, and is never played."""
    from puzzle_answers import judged

    j = judged(lesson, node, typed)
    assert not j.read and not j.correct, j.text
    assert f"did you mean “{meant}”?" in j.text and how in j.text, j.text
    assert "Type a move like" not in j.text, j.text


@pytest.mark.course
def test_a_word_near_no_kind_gets_no_guess():
    """A word near no kind of move's word is not guessed at: the words the reader takes."""
    from puzzle_answers import judged

    j = judged("puzzle_base_setup", 1, "fly to the moon")
    assert "did you mean" not in j.text and "Type a move like" in j.text, j.text


# 3. "steal 2 cards": the forced draw of the moment; a number where a card kind goes


@pytest.mark.course
@pytest.mark.parametrize("typed", ["steal 2 cards from P2", "steal two cards from P2"])
def test_CK2P_TOKEN_FORCED_TRADE_steal_two_cards_is_the_forced_draw(typed):
    """l37 at 11.16 typed "steal 2 cards from P2" and was told "“2” is not a card kind": two
    cards taken is the forced draw (the robber takes one: BASE-ROBBER-STEAL), read as "take 2
    cards from P2" is (which cards, the move then asks)."""
    from puzzle_answers import judged

    j = judged("puzzle_ck_2p", 8, typed)
    assert j.left_out and j.text.startswith("From which cards"), j.text
    j = judged("puzzle_ck_2p", 8, f"{typed} for 1 token")
    assert j.correct and j.move == "P1 force", j.text


@pytest.mark.course
def test_BASE_ROBBER_STEAL_a_number_where_a_card_kind_goes_is_said_so():
    """Typed "steal 2 wool from P2" reads the robber's steal, whose card has no count: the reply
    says "2" is a number where a card kind is named, and names the kinds."""
    from puzzle_answers import judged

    j = judged("puzzle_ck_2p", 8, "steal 2 wool from P2")
    assert "“2” is a number, where the move names one card kind: brick," in j.text, j.text
    assert "coin." in j.text and "is not a card kind" not in j.text, j.text


# 4. the lessons' texts l37 read


def _step(name: str, move: str):
    from puzzle_answers import lesson

    sc = lesson(name)
    return next(n for n in sc.tree.walk() if n.action is not None and str(n.action) == move)


@pytest.mark.course
@pytest.mark.parametrize(
    ("move", "said"),
    [("P1 play wedding", "P1 plays Wedding: "), ("P1 play sabotage", "P1 plays Sabotage: ")],
)
def test_CK_PC_WEDDING_the_card_played_is_named_at_its_step(move, said):
    """9.1's steps said "Every player with more VP than P1 gives 2 cards" and never that P1
    plays Wedding (l37 on a phone): the step names the card played (CK-PC-WEDDING,
    CK-PC-SABOTAGE)."""
    assert _step("ck_pc_wedding_sabotage", move).comment.startswith(said)


@pytest.mark.course
def test_CK_METRO_TAKE_the_first_bank_trade_is_said_as_plainly_as_the_second():
    """10.1's lumber trade said only "4 lumber buy the first." beside the next step's "P3
    trades 4 grain with the bank for 1 paper"; its goal mixed "its" and "their"."""
    from puzzle_answers import lesson

    first = _step("ck_metropolis_race", "P3 bank 4 lumber for paper").comment
    assert "P3 trades 4 lumber with the bank for the first paper" in first, first
    goal = lesson("ck_metropolis_race").goal
    assert "its metropolis" not in goal and "that track's metropolis" in goal, goal


@pytest.mark.course
def test_BASE_TRADE_HARBOR_two_steps_in_a_row_never_say_the_same():
    """3.1 said "P2 trades 2 wool with the bank for 1 grain (2:1), because …" at two steps in
    a row, so ▶ looked broken (l37): a step repeated says it is again (BASE-TRADE-HARBOR);
    no lesson's step says its previous step's words."""
    from test_lesson_rule_marks import LESSONS, _lesson

    same = [
        f"{name}: {n.action}"
        for name in LESSONS
        for n in _lesson(name).tree.walk()
        if n.parent is not None and n.comment and n.comment == n.parent.comment
    ]
    assert same == []


@pytest.mark.course
def test_BASE_DEV_PLAY_4_3_opens_on_p1s_turn_with_its_question_the_first_step():
    """4.3 opened on P3's turn, P3's Year of Plenty bought that turn said unplayable (l37),
    and its first question came two steps later (s43: background first, then ▶ ▶). It opens
    on P1's turn, and the first step, P1's Road Building (bought on an earlier turn:
    BASE-DEV-PLAY), asks the question."""
    from puzzle_answers import lesson

    from catan_tutor.game import Game

    sc = lesson("puzzle_base_awards")
    g = Game(sc.timeline.rules, sc.root.state)
    assert g.current_player == 0 and g.explain("P1 roadbuilding").legal
    first = sc.root.children[0]
    assert str(first.action) == "P1 roadbuilding" and first.id in sc.puzzles
    assert "cannot play it" not in " ".join(sc.root.tutor.split())
