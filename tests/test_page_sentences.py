"""Issue 33 ("The learner's page", words): what a fresh learner read as notation now reads as
sentences — the pointer's and the cursor's line under the board, the form's "choose" line and
its list, the why-not verdict (what and why in one sentence), What to notice (the lesson's
moves allowed or refused, the pieces it points at) and "VP" in rule and lesson texts."""

from __future__ import annotations

import re

from catan_tutor import board, new_game
from catan_tutor.actions import BuildRoad, Settle
from catan_tutor.game import Game
from catan_tutor.grammar import after_dash, spelled_out
from catan_tutor.rules.words import can, why_not
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import SUFFIX, load_scenario
from catan_tutor.widgets import verdicts, wording
from catan_tutor.widgets.forms import LIST_LABEL, ActionForm
from catan_tutor.widgets.spot_sentences import cursor_words, pointer_words
from catan_tutor.widgets.wording import kind_words, notice_lines


def _spot(kind: str, label: str) -> tuple[str, int]:
    parse = {"vertex": board.parse_vertex, "edge": board.parse_edge, "hex": board.parse_hex}
    return (kind, parse[kind](label))


def test_the_pointer_line_names_the_spot_and_what_goes_there():
    """ "Under the pointer: edge N7" was a code: the line says the label and what the spot is
    for (a road on an edge, BASE-BUILD-ROAD; buildings on corners; knights too in C&K)."""
    assert pointer_words(_spot("edge", "N7")) == "Pointer on N7, a road spot (an edge)."
    corner = pointer_words(_spot("vertex", "N4"))
    assert corner == "Pointer on N4, a settlement or city spot (a corner)."
    knights = pointer_words(_spot("vertex", "N4"), knights=True)
    assert knights == "Pointer on N4, a spot for a settlement, city or knight (a corner)."
    assert pointer_words(_spot("hex", "K")) == "Pointer on hex K, a land tile."
    assert pointer_words(None) == ""


def test_a_spot_line_says_its_kind_once():
    """s18 (i02.png): "Pointer on hex M, a land tile (a hex)." said hex twice. Every kind of
    spot, with knights or not, by pointer and cursor: its kind's word once."""
    for kind, label in (("edge", "N7"), ("vertex", "N4"), ("hex", "K")):
        for knights in (False, True):
            for said in (
                pointer_words(_spot(kind, label), knights),
                cursor_words(_spot(kind, label), None, "", target=False, knights=knights),
            ):
                words = re.findall(r"\b(hex|corner|edge)s?\b", said)
                assert len(words) == len(set(words)) == 1, said


def test_the_cursor_line_says_what_enter_does_in_a_sentence():
    """The keyboard cursor's line: the spot, then what Enter does — the chosen kind by its
    button's words, a why-not, or what to do first; the editor's piece placed."""
    n5 = _spot("edge", "N5")
    said = cursor_words(n5, None, "build road", target=True)
    assert said == "Cursor on N5, a road spot (an edge). Press Enter for “Build a road”."
    assert cursor_words(n5, None, "build road", target=False).endswith(
        "Press Enter to see why “Build a road” is not possible here."
    )
    # the dice set by hand: played by the form, no why-not on a hex (learner 280)
    dice = cursor_words(_spot("hex", "A"), None, "roll", target=False, on_board=False)
    assert dice.endswith("is not played on the board: use its form.") and "why" not in dice
    assert cursor_words(n5, None, "", target=False).endswith(". Choose what to do first.")
    placed = cursor_words(_spot("vertex", "A4"), "city", "", target=False)
    assert placed.endswith("Press Enter to place a city there.")
    robber = cursor_words(_spot("hex", "K"), "robber", "", target=False)
    assert robber.endswith("Press Enter to move the robber there.")
    for line in (said, placed, robber):
        assert "·" not in line and "cursor:" not in line and "Enter:" not in line, line


def test_the_kind_buttons_say_the_cards_words():
    """ "settle", "road", "city" were the engine's names: the buttons say what the building
    costs card says ("Build a settlement", "Build a road", "Build a city", "Buy a development
    card"), with a capital as Roll and End turn have."""
    assert kind_words("settle") == "Build a settlement"
    assert kind_words("build road") == "Build a road"
    assert kind_words("build city") == "Build a city"
    assert kind_words("buy dev") == "Buy a development card"
    assert all(w[0].isupper() for w in wording.KIND_WORDS.values())


def test_a_road_form_asks_where_the_road_goes_and_lists_moves_as_a_choice():
    """ "Choose an edge" meant nothing to a newcomer: the form says where the road goes, and
    what an edge is; the list is "or choose one here:" (not "or pick")."""
    g = new_game("base", players=3)
    g.play("P1 settle J12")
    form = ActionForm(g, [a for a in g.legal_actions() if isinstance(a, BuildRoad)], print)
    shown = form.status.value
    assert "Choose where the road goes: an edge, the side of a hex" in shown, shown
    assert "(on the board, where the allowed ones glow, or in" in shown  # (learner18)
    asked = ActionForm(g, [a for a in g.legal_actions() if isinstance(a, BuildRoad)], print,
                       any_move=True)  # fmt: skip
    assert "(on the board, or in" in asked.status.value  # (a puzzle's: nothing glows)
    assert form.listed.description == LIST_LABEL == "or choose one here:"
    settle = ActionForm(new_game("base", players=3), [Settle(0, 0), Settle(0, 1)], print)
    assert "Choose where the settlement goes: a corner, where hexes meet" in settle.status.value


def test_a_refused_move_says_what_and_why_in_one_sentence():
    """The why-not verdict was "P1 may not build a road on N5" with its reason below: now
    "P1 can't build a road on K5: <the engine's reason in small letters>." — in the verdict
    under Try a move and in the form."""
    g = new_game("base", players=3)
    g.play("P1 settle N4")
    k5 = BuildRoad(0, board.parse_edge("K5"))
    ex = g.explain(k5)
    assert not ex.legal
    said = why_not(g.state, k5, ex.reason)
    assert said.startswith("P1 can't build a road on K5: ") and said.endswith("."), said
    assert after_dash(ex.reason).rstrip(".") in said
    assert can(g.state, BuildRoad(0, board.parse_edge("N5")), True) == (
        "P1 can build a road on N5."
    )
    shown = verdicts.verdict_html(ex, g)
    assert "Not allowed.</b>" in shown and "P1 can&#x27;t build a road on K5: " in shown, shown
    assert "may not" not in shown


def test_what_to_notice_reads_as_sentences_not_rule_checks():
    """Lesson 5.1 (two rolls a turn) showed "No road on H3." and "Not allowed here: …": its
    lines are sentences a learner reads, the refused move with its reason after a colon, and
    no "Allowed here:", "Road on X: P1" or "Knight on X: P1 strong active"."""
    sc = load_scenario(packaged_lessons() / f"base_2p_double_roll{SUFFIX}")
    lines = {
        line
        for node in sc.tree.nodes.values()
        for line in notice_lines(Game(sc.tree.rules, node.state), node)
    }
    assert not any(x.startswith("There is no road") for x in lines), sorted(lines)  # (l36)
    assert "Here P1 may build a road on C7." in lines, sorted(lines)
    refused = [x for x in lines if x.startswith("P1 may not build a road on C7: ")]
    assert refused and all(x.endswith(".") for x in refused), refused
    for line in lines:
        assert not re.match(r"(?:Not a|A)llowed here:|[A-Z][a-z]+ on [A-S]\d+: ", line), line
        assert " — " not in line, line


def test_the_pieces_a_lesson_points_at_are_said_in_sentences():
    """A lesson's knights, buildings, roads, walls and metropolises: who has what where."""

    def say(key: str, k: str, v: str) -> str:
        return wording._notice(None, key, k, v)  # type: ignore[arg-type]

    assert say("knight", "N4", "P1 strong active") == "P1's strong knight on N4 is active."
    assert say("knight", "D6", "N1 basic") == "Neutral 1's basic knight on D6 is inactive."
    assert say("knight", "G2", "-") == "There is no knight on G2."
    assert say("building", "K4", "P2 city") == "P2 has a city on K4."
    assert say("building", "H8", "N1 settlement") == "Neutral 1 has a settlement on H8."
    assert say("road", "I3", "P1") == "P1 has a road on I3."
    assert say("road", "H3", "-") == "There is no road on H3."
    assert say("wall", "A6", "yes") == "The city on A6 has a city wall."
    assert say("wall", "H4", "no") == "There is no city wall on H4."
    assert say("metropolis", "trade", "P1 A6") == "P1's trade metropolis is on A6."
    assert say("metropolis", "science", "-") == "Nobody has the science metropolis yet."


def test_vp_is_said_in_words_in_rule_and_lesson_texts():
    """ "VP" in the rules' and the lessons' texts reaches the page in words (the sources
    keep theirs): a count, the card by its printed name, a defender's token."""
    assert spelled_out("worth 2 VP.") == "worth 2 victory points."
    assert spelled_out("1 VP for good") == "1 victory point for good"
    assert spelled_out("VP cards are never in hand") == "Victory Point cards are never in hand"
    assert spelled_out("a defender VP token (1 VP)") == (
        "a defender victory point token (1 victory point)"
    )
    assert spelled_out("with more VP than you") == "with more victory points than you"
    assert spelled_out("(2P-TOKEN-VP-COUNT) and CK-PROGRESS-VP-CARDS") == (
        "(2P-TOKEN-VP-COUNT) and CK-PROGRESS-VP-CARDS"
    )  # rule IDs are read as titles later
    assert (
        spelled_out('003 lists "6 VP tokens"; 1 VP') == '003 lists "6 VP tokens"; 1 victory point'
    )

    assert "VP" not in verdicts.rule_text_html("A player with 13+ VP at any moment wins.")
    assert "VP" not in verdicts.lesson_html("P1 has 3 VP on the board.")
    assert "VP" not in verdicts.title_of("CK-WIN-13")


def test_lesson_1_1_start_notices_say_no_turn_no_phase_no_robber():
    """Issue 33 (a fresh learner, lesson 1.1): "What to notice" opened on "P1 decides now. /
    Now: placing the starting pieces. / The robber is on hex J.", what the header and the
    intro already say; it keeps what teaches: the move allowed and the refused ones with
    their reasons (BASE-SETUP-ORDER: it is P1's move)."""
    sc = load_scenario(packaged_lessons() / f"base_setup{SUFFIX}")
    root = sc.tree.root
    lines = notice_lines(Game(sc.tree.rules, root.state), root, f"{sc.title} {sc.goal}")
    assert "Here P1 may build a settlement on N6." in lines, lines
    assert any(x.startswith("P2 may not build a settlement on K4: ") for x in lines), lines
    for line in lines:
        assert "decides now" not in line and not line.startswith("Now:"), lines
        assert "robber" not in line, lines


def test_no_lesson_start_notice_repeats_the_header():
    """Every lesson's first position: no "What to notice" line says whose move it is or the
    phase (the header's "turn 0 · placing the starting pieces" and "P1: place a
    settlement"); the robber only in a lesson about it."""
    found = []
    for path in sorted(packaged_lessons().glob(f"*{SUFFIX}")):
        sc = load_scenario(path)
        root = sc.tree.root
        game = Game(sc.tree.rules, root.state)
        topic = f"{sc.title} {sc.goal}"
        header = (wording.phase_words(game.state.phase), verdicts.plain(game.prompt()))
        for line in notice_lines(game, root, topic):
            said = line.rstrip(".").lower()
            if (
                re.search(r"\bdecides? now\b|a decision to make|^now: ", said)
                or any(h.rstrip(".").lower() in said for h in header if h)
                or ("robber" in said and "robber" not in topic.lower())
            ):
                found.append(f"{path.name}: {line!r}")
    assert found == [], "\n".join(found)
