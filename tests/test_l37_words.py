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
        ("puzzle_base_awards", 2, "raod N7", "road", "A road is typed as"),
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
