"""Replies to wrong tries a fresh learner found said too little (session 34).

1. 4.3 (BASE-DEV-ROAD-BUILDING): a legal first road that is not the answer ("P1 road Q3") was
   told only "it is not the move the question asks for. Ask for a hint": it now says how far it
   and one more road get towards the forest the question is about
   (``study.puzzle_measure._roads_short``), naming none of the answer's spots or numbers.
2. 11.16 before the roll: "P1 trades a knight for tokens", no knight named, was told only "not
   the answer here", where no knight is cashed in before the roll
   (CK2P-TOKEN-KNIGHT-REMOVE-TIMING): a refusal the engine gives for every spot alike is said
   (``study.kind_refused.spotless_refusal``), unless by the question's own rule (l24).
"""

from __future__ import annotations

import re

import pytest
from puzzle_answers import judged, lesson

from catan_tutor.actions import BuildRoad
from catan_tutor.errors import CatanError
from catan_tutor.game import Game
from catan_tutor.move_words import PartLeftOut

AWARDS, ROADS_NODE = "puzzle_base_awards", 1  # 4.3's "Build the first of the two free roads"
CK2P, FORCE_NODE, OWED_NODE = "puzzle_ck_2p", 8, 20  # 11.16's forced trade, the neutral's move


def _wrong_roads() -> list[str]:
    tl = lesson(AWARDS).timeline
    legal = Game(tl.rules, tl.nodes[ROADS_NODE].state).legal_actions()
    return [str(a) for a in legal if isinstance(a, BuildRoad) and str(a) != "P1 road N7"]


@pytest.mark.parametrize("road", _wrong_roads())
def test_base_dev_road_building_a_wrong_first_road_says_how_far_it_gets(road: str) -> None:
    j = judged(AWARDS, ROADS_NODE, road)
    spot = road.split()[-1]
    assert not j.correct and j.legal
    said = f"{spot} and a second road joined to it reach"  # (not one built elsewhere: l37)
    assert said in j.text and "Ask for a hint" not in j.text, j.text
    short = "2 dots at most" in j.text and "rolled more often" in j.text
    assert short or "reach no free corner beside a forest with a number" in j.text, j.text
    for secret in ("N7", "M5", "M6", " 8", "5 dots"):  # the answer's roads, corner, number
        assert secret not in j.text, (secret, j.text)


def test_ck2p_token_knight_remove_timing_a_knight_typed_without_its_spot_before_the_roll() -> None:
    j = judged(CK2P, FORCE_NODE, "P1 trades a knight for tokens")
    assert not j.correct
    assert "after the roll, not now" in j.text and "Ask for a hint" not in j.text, j.text
    assert j.text.startswith("Taking a knight off for tokens is not the answer here."), j.text


def test_ck2p_neutral_knight_fallback_a_refusal_by_the_question_s_own_rule_is_kept_back() -> None:
    """Owed the neutrals a move at the question on CK2P-NEUTRAL-KNIGHT-FALLBACK, a kind
    refused alike at every spot by that rule is not told why (that no neutral knight fits is
    the question's point: l24, test_l23_replies), whichever kind it is."""
    for typed in ("P1 neutral knight", "P1 recruit knight", "P1 trades a knight for tokens"):
        said = judged(CK2P, OWED_NODE, typed).text
        assert said.endswith("not the answer here. Ask for a hint if you are stuck."), said


def test_a_spot_that_decides_is_not_said_for_the_kind() -> None:
    """Where the spot makes the difference (the knight to cash in), the kind alone is asked
    which one, not told another spot's reason."""
    assert judged(CK2P, 24, "P1 trades a knight for tokens").text == (
        "Which knight? The move does not say."
    )


def test_the_board_s_replies_name_a_tap_as_well_as_a_click() -> None:
    """A phone has no mouse: the replies that send the learner to the board say "click or
    tap" (l44-l46 read "Click…" on a phone; the puzzle's how-to line shows one by device)."""
    from catan_tutor.widgets.card_spots import CARD_FIRST
    from catan_tutor.widgets.tutor_session import ASK_HINT, ASK_PUZZLE

    for said in (ASK_HINT, ASK_PUZZLE, CARD_FIRST):
        assert "click or tap" in said.lower(), said


def test_a_lesson_file_with_questions_unanswered_is_not_handed_out() -> None:
    """l47 at 9.18, before its first question: Download as a lesson file gave every answer
    ("- P2 play merchant O") and hint. Held back while a question of the lesson is not
    answered; with the Lesson author's tools on (every question counted answered) it is
    offered; a lesson with no question always."""
    from catan_tutor.widgets.app import App
    from catan_tutor.widgets.file_panel import DOWNLOAD_LATER

    app = App(query="?lesson=puzzle_ck_progress")
    files = app.tutor.files
    files.show()
    assert DOWNLOAD_LATER in files.download.value and "data:" not in files.download.value
    assert files.position.value  # the position text is given (no question is open here)
    app.tutor.files.author.value = True  # the author's tools: every answer shown
    files.show()
    assert "data:text/yaml" in files.download.value
    plain = App(query="?lesson=base_setup").tutor.files
    plain.show()
    assert "data:text/yaml" in plain.download.value


def test_an_apostrophe_in_a_notation_problem_stays_an_apostrophe() -> None:
    """l47: Try a move said "an edge is named by a hex“s letter … one hex”s name": the
    reader's quotes were curled across two apostrophes. Quoted words are curled, "hex's"
    is not."""
    import html
    import re

    from catan_tutor.widgets.app import App

    app = App(query="?lesson=base_trading_harbors")
    app.session.try_move("P1 road N4 to B3")
    said = html.unescape(re.sub("<[^>]+>", "", app.tutor.controls.try_verdict.value))
    assert "“N4” is not an edge" in said and "a hex's letter" in said, said
    assert "hex“s" not in said and "hex”s" not in said, said


def test_ck_pc_merchant_a_progress_card_s_list_is_called_what_the_card_names() -> None:
    """l47 at 9.18: the Merchant's hex list was labelled "details"; it says what the card
    chosen names (CK-PC-MERCHANT: a hex; Merchant Fleet: a card kind)."""
    from catan_tutor.progress_cards import CARDS
    from catan_tutor.widgets.app import App

    t = App(query="?lesson=puzzle_ck_progress&node=4").tutor
    t.controls.palette.value = "play progress"
    pickers = t.controls.form.pickers
    pickers["card"].value = CARDS.index("merchant")
    assert pickers["args"].description == "hex"
    pickers["card"].value = CARDS.index("merchant-fleet")
    assert pickers["args"].description == "card kind"


def test_base_turn_offturn_a_kind_asked_about_off_turn_says_why_at_once() -> None:
    """l47 at 3.1, P3 answering P1's offer: "Why can't I…? Offer a trade" said "Fill in the
    form and press Play this move…" and showed no form; End the turn's reason read "now
    (answer P1's offer (P1 gives…))". The one reason every such move gets is said at once,
    with one bracket."""
    from catan_tutor.widgets.app import App

    app = App(query="?lesson=base_trading_harbors")
    s, c = app.session, app.tutor.controls
    while "answer" not in s.game.prompt().lower():
        s.step("forward")
    c.why_toggle.value = True
    c.blocked.value = "offer"
    said = c.message.value.replace("&#x27;", "'")
    opening = "Not possible now. It is P1's turn: P3 may only answer P1's offer ("
    assert said.startswith(opening), said
    assert said.endswith(") now.") and "Fill in the form" not in said, said
    assert said.count("(") == 1, said


def test_the_help_says_how_places_are_named_and_its_examples_read() -> None:
    """l47: nothing said how places are named (hex letter and clock hour, corners even,
    edges odd) until an error did. The help says it, and its examples read as moves."""
    from catan_tutor.widgets.app import HELP_HTML, App

    assert "clock face" in HELP_HTML and "corners at the even hours" in HELP_HTML
    s = App(query="?lesson=base_setup").session
    for typed, meant in (("P1 settle E4", "P1 settle E4"), ("build a road on E3", "P1 road E3")):
        s.try_move(typed)
        assert s.verdict is not None and str(s.verdict.action) == meant, (typed, s.unreadable)
    assert "<em>P1 settle E4</em>" in HELP_HTML and "<em>build a road on E3</em>" in HELP_HTML


def test_ck_comp_removed_the_ck_rules_list_says_which_base_rules_are_not_ck_s() -> None:
    """l47 at 7.1: the Rules tab of Cities & Knights listed the Knight card ("counts for
    Largest Army") and Largest Army with nothing saying C&K leaves them out
    (CK-COMP-REMOVED). Each inherited rule another decides in the game shown says so."""
    import re

    from catan_tutor.widgets.rules_panel import rules_html

    html = rules_html("ck")

    def note(rule_id: str) -> str:
        m = re.search(rf"data-rule='{rule_id}'.*?</summary>", html, re.S)
        assert m is not None, rule_id
        return m.group(0)

    for rule_id in ("BASE-DEV-KNIGHT", "BASE-AWARD-LARGEST-ARMY"):
        assert "see “What Cities &amp; Knights leaves out”" in note(rule_id), rule_id
    assert "catan-rule-instead" not in note("BASE-AWARD-LONGEST-ROAD")  # C&K keeps it
    assert "catan-rule-instead" not in rules_html("base")  # the base game's own list


def test_at_an_open_question_the_form_has_no_explain_that_says_nothing() -> None:
    """l47 at 1.4: Explain pressed at the open question showed nothing by the form (a
    verdict there would narrow the answer); it is not offered there, and is again after."""
    from puzzle_answers import at_question, course_puzzles

    asked = next(a for a in course_puzzles() if a.lesson == "puzzle_base_setup" and a.node == 9)
    t = at_question(asked)
    t.controls.palette.value = "settle"
    assert t.controls.form_frame.explain_button.layout.display == "none"
    from catan_tutor.widgets.app import App

    lesson = App(query="?lesson=base_setup").tutor  # a lesson's step: Explain again
    lesson.controls.palette.value = "settle"
    assert lesson.controls.form_frame.explain_button.layout.display == ""
    t.controls.palette.value = None  # (the same page: the next form outside a question)
    t.puzzle.submit(asked.puzzle.answers[0])
    t.session.step("forward")
    t.controls.palette.value = t.controls.palette.options[0][1]
    assert t.controls.form_frame.explain_button.layout.display == ""


def test_a_move_misspelt_twice_is_told_both_words_meant() -> None:
    """l47: "bild a raod at n3" was told only "I cannot read “bild”" and no word meant; each
    slip is answered with the word meant, and how the move it names is typed."""
    said = _replies(
        "base_setup",
        ["bild a raod at n3", "plase a setlment on N6", "xyzzy"],
    )
    assert "I cannot read “bild” and “raod”: did you mean “build” and “road”?" in said[0]
    assert "did you mean “place” and “settlement”?" in said[1], said[1]
    assert "did you mean" not in said[2]  # (no word close to it: none offered)


def _replies(lesson: str, typed: list[str]) -> list[str]:
    """What the move reader says of each of ``typed`` at lesson ``lesson``'s start (each is
    refused)."""
    from catan_tutor.errors import CatanError
    from catan_tutor.move_words import as_notation
    from catan_tutor.widgets.app import App

    g = App(query=f"?lesson={lesson}").session.game
    out = []
    for text in typed:
        with pytest.raises(CatanError) as e:
            as_notation(g, text)
        out.append(str(e.value))
    return out


def test_the_note_about_a_lesson_left_goes_on_the_next_step() -> None:
    """l47 read "Your 1 move in “Setting up a base game” is kept: open it again to go on."
    at the end of lesson 1.4, long after opening it: said on opening, gone on the first
    step or move."""
    from catan_tutor.widgets.app import App

    app = App(query="?lesson=base_setup")
    s = app.session
    s.play("P1 settle E4")  # a move of the learner's own (the lesson plays N6)
    app.open("base_first_player")
    assert "is kept: open it again to go on" in app.status.value
    s.step("forward")
    assert app.status.value == ""


def test_a_word_left_over_that_is_a_slip_is_told_the_word_meant() -> None:
    """l48 at 6.7: "P3 city wal C6" was told only "The word “wal” was not understood here"
    (CK-WALL-BUILD's move is "wall"); a slip of a move's word or verb says the word meant."""
    wal, bild = _replies("puzzle_ck_walls&node=4", ["P3 city wal C6", "bild a road at C3"])
    assert "The word “wal” was not understood here: did you mean “wall”?" in wal, wal
    assert "The word “bild” was not understood here: did you mean “build”?" in bild, bild


def test_ck_wall_build_a_slip_of_wall_is_told_how_a_city_wall_is_typed() -> None:
    """s35 at 6.7: "P3 build a city wal" was told "did you mean “wall”?" and then how a city
    is typed ("city" read as the kind): the words corrected name a city wall (CK-WALL-BUILD),
    whose form follows, with no example at the open question (its answer is a wall on C6)."""
    j = judged("puzzle_ck_walls", 4, "P3 build a city wal")
    assert not j.correct and "did you mean “wall”?" in j.text, j.text
    assert "A city wall is typed as the player, “wall” and a corner." in j.text, j.text
    assert "A city is typed" not in j.text and "C6" not in j.text, j.text
    (tried,) = _replies("puzzle_ck_walls&node=4", ["P3 build a city wal"])  # Try a move
    assert "did you mean “wall”? A city wall is typed as" in tried, tried


def _typed(variant: str, text: str) -> CatanError:
    """The reader's refusal of ``text`` in a fresh game of ``variant``, its set-up played."""
    from catan_tutor import new_game
    from catan_tutor.move_words import as_notation

    g = new_game(variant, players=3, seed=3)
    while g.state.phase != "pre-roll":
        g.play(g.legal_actions()[0])
    with pytest.raises(CatanError) as e:
        as_notation(g, text)
    return e.value


@pytest.mark.parametrize(
    ("variant", "typed", "meant", "how"),
    [
        ("base", "P1 buy a developement card", "development", "Buying a development card is"),
        ("base", "P1 buy a developemnt card", "development", "Buying a development card is"),
        ("base", "P1 play developement card", "development", "Which development card?"),
        ("ck", "P1 improve sciense", "science", "A city improvement is typed as"),
        ("ck", "P1 play merchent", "merchant", "Playing a progress card is typed as"),
    ],
)
def test_a_slip_of_a_word_the_reader_knows_is_told_the_word_meant(variant, typed, meant, how):
    """s35: "P1 buy a developement card" was told only "The word “developement” was not
    understood here" (base), "P1 play developement card" that there are no progress cards: the
    words the reader knows besides a kind's and a verb's (a card's deck and name, a track)
    are matched for a slip as those are, and the reply goes on with how the move is typed."""
    said = str(_typed(variant, typed))
    assert f"did you mean “{meant}”?" in said and how in said, said


@pytest.mark.parametrize(
    ("variant", "typed"),
    [
        ("base", "P1 road with number 5"),  # "number": not "lumber"
        ("base", "P1 build a road all the way"),  # "all": not "wall"
        ("base", "P1 road N5 once more"),  # "once": not "done"
        ("base", "P1 settle on the source of brick"),  # "source": not "resource"
        ("ck", "P1 trade 4 wool for corn"),  # "corn": not "coin"
        ("ck", "P1 trade wool for a reason"),  # "reason": not "treason"
        ("ck", "P1 build a road to the engine"),  # "engine": not "engineer"
        ("ck", "P1 trade my cards"),  # a plural: read, not a slip
    ],
)
def test_an_english_word_near_a_known_word_is_not_corrected(variant, typed):
    """The words a slip is matched against are near English words a learner types: those
    get no "did you mean"."""
    said = str(_typed(variant, typed))
    assert "did you mean" not in said, said


def test_base_dev_play_a_development_card_played_unnamed_is_asked_which() -> None:
    """s35: "P1 play development card" (its spelling corrected) was read as buying one
    ("development" is the buying move's word): a card played and not named is asked which,
    with each card's words (BASE-DEV-PLAY)."""
    for typed in ("P1 play a development card", "P1 plays my dev card", "P1 play a card"):
        e = _typed("base", typed)
        assert isinstance(e, PartLeftOut) and e.question == "Which development card?", typed
        assert "“play road building”" in e.why and "“play monopoly” and a resource" in e.why
    assert "Buying a development card" in str(_typed("base", "P1 buy a developement card"))


def test_a_slip_of_the_answer_s_own_card_or_track_is_not_said() -> None:
    """At an open question, a slip is not answered with the noun of its answer (9.18's
    Merchant, 7.8's politics track: 10.6's science track was one until its second question
    asked for no improvement), as a card misspelt is not (s32)."""
    merchant = judged("puzzle_ck_progress", 4, "P2 play merchent on O").text
    politics = judged("puzzle_ck_knights", 22, "P1 improve politiks").text
    for said, secret in ((merchant, "merchant"), (politics, "politics")):
        assert not re.search(rf"did you mean “{secret}”", said, re.IGNORECASE), said


def test_base_dev_road_building_q3_leads_only_to_the_coast_and_says_so() -> None:
    """l37 at 4.3: "Q3 and one more road reach a free corner beside a forest whose number has
    2 dots at most", of a second road built away from Q3 (N1): the roads on from Q3 reach only
    the coast, and that is what is said (BASE-DEV-ROAD-BUILDING)."""
    j = judged(AWARDS, ROADS_NODE, "P1 road Q3")
    assert j.text.endswith(
        "Q3 and a second road joined to it reach no free corner beside a forest with a number "
        "where P1 could settle."
    ), j.text
