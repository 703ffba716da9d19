"""What a fresh learner (l36, session 30) found in the course's words: a lesson's text counting
the game's turns beside a header that counts rounds (3.1's header "round 4" over "at the start
of turn 10"; 2.1's "nine turns later" under "round 4"): every lesson text says rounds as the
header does (``widgets/turn_words.py``: the round, each seat's turn once from P1)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from test_lesson_rule_marks import LESSONS, _lesson

from catan_tutor.study.timeline import Node
from catan_tutor.widgets.turn_words import round_of, round_words

pytestmark = pytest.mark.course  # a sweep over the course (min_versions.sh leaves it out)

_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_COUNT = r"(\d+|" + "|".join(_WORDS) + ")"
# The game's turns counted: "turn 10", "nine turns later", "31 turns in", "Twelve turns into a
# game", "Third turn of a game", "the game's third turn" (a seat's own turns are not: "P1's
# first turn", "last turn")
_MANY = (
    r"(?:\d+|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\w+teen|"
    r"twenty|thirty|forty|fifty)(?:-\w+)?)"
)
_TURNS = re.compile(
    rf"\bturn \d+\b|\b{_MANY} turns (?:in|into|later|earlier|ago)\b"
    r"|\b(?:second|third|fourth|fifth|\d+(?:st|nd|rd|th)) turn of (?:a|the)\b"
    r"|\bgame's \w+ turn\b",
    re.IGNORECASE,
)
# A round of the game named ("round 4"; the setup's own rounds are said as the setup's)
_ROUND = re.compile(r"(?<!setup )\bround (\d+)\b(?! of (?:the )?setup)", re.IGNORECASE)
_ROUNDS_IN = re.compile(rf"\b{_COUNT} rounds? in\b", re.IGNORECASE)


def _num(word: str) -> int:
    return int(word) if word.isdigit() else _WORDS.index(word.lower()) + 1


def _texts(name: str) -> Iterator[tuple[str, str, Node]]:
    """Every text of lesson ``name`` a learner reads, where it is read: the goal, each step's
    comment and text, each question's prompt, hints and explanation."""
    sc = _lesson(name)
    yield "goal", sc.goal, sc.root
    for node in sc.tree.walk():
        for text in (node.comment, node.tutor):
            if text:
                yield str(node.action or "start"), text, node
    for at, p in sc.puzzles.items():
        for text in (p.prompt, *p.hints, p.explain):
            if text:
                yield f"question at {at}", text, sc.tree.nodes[at]


@pytest.mark.parametrize("name", LESSONS)
def test_BASE_SETUP_FREE_a_lesson_counts_rounds_as_its_header_does(name):
    """No lesson text counts the game's turns (the header counts rounds: turn 10 of three
    players is round 4, and l36 could not tell them apart); a round it names where the header
    says one is that round ("round 4", "one round in" in round 2); the setup's rounds are
    called the setup's where the header says a round of the game (BASE-SETUP-FREE: P1 starts
    the game's first turn after the setup)."""
    wrong = []
    for where, text, node in _texts(name):
        flat = " ".join(text.split())
        wrong += [f"{where}: {m[0]!r}" for m in _TURNS.finditer(flat)]
        if node.state.turn <= 0:  # the header says "setup": its rounds are the setup's
            continue
        header = round_words(node.state)
        for m in _ROUND.finditer(flat):
            if int(m[1]) != round_of(node.state):
                wrong.append(f"{where}: {m[0]!r} under the header's {header!r}")
        for m in _ROUNDS_IN.finditer(flat):
            if _num(m[1]) + 1 != round_of(node.state):
                wrong.append(f"{where}: {m[0]!r} under the header's {header!r}")
    assert wrong == [], wrong


def test_BASE_PROD_ROLL_lesson_2_1_says_what_roll_does_in_a_lesson():
    """2.1 said '"Roll" lets the dice fall at random' where a lesson's Roll throws the
    lesson's own dice (``session_line.chance``): Roll at its first step throws the dice the
    text names; that they are the lesson's, not at random, is the page's help's to say, not
    a rule lesson's (a fresh learner: app mechanics in 2.1's text)."""
    from catan_tutor.widgets import App
    from catan_tutor.widgets.app import HELP_HTML

    app = App(query="?lesson=base_production_robber")
    s = app.session
    s.roll()
    said = " ".join(
        " ".join(t for t in (n.comment, n.tutor) if t) for n in s.timeline.path(s.timeline.current)
    )
    assert "The white die shows 5." in said and "5 and 6 make 11" in said
    assert [str(n.action) for n in s.timeline.path(s.timeline.current)[-2:]] == [
        "die white 5",
        "die red 6",
    ]
    assert "Roll" not in said and "▶" not in said  # the app's controls: the help's
    assert "<b>Roll</b> throws the lesson's own dice, the same each time" in HELP_HTML


@pytest.mark.parametrize("name", LESSONS)
def test_what_to_notice_says_no_piece_only_where_the_step_took_it_away(name):
    """5.1's What to notice read "There is no road on H3." "There is no road on G5." (its
    text had said the neutrals have no roads yet) and 7.1's "There is no knight on N4." (P1
    recruits there later): an expectation that a spot holds no road, knight or building is
    the author's check, no notice, unless the step emptied the spot; then the notice says the
    spot is free now and what has gone from it."""
    from catan_tutor.game import Game
    from catan_tutor.widgets.wording import notice_lines

    sc = _lesson(name)
    for node in sc.tree.walk():
        absent = [e for e in node.expect if e.key in ("road", "knight", "building")]
        if not absent:
            continue
        lines = notice_lines(Game(sc.tree.rules, node.state), node)
        where = node.action or "start"
        assert not [x for x in lines if re.match(r"There is no (road|knight)\b", x)], where
        assert not [x for x in lines if x.startswith("Nothing is built on")], where


def test_lesson_5_1_and_7_1_notice_no_absent_piece_and_7_3_says_the_corner_is_free():
    """The learner's two lessons, and one where the step moves a knight away (7.3, N4)."""
    from catan_tutor.game import Game
    from catan_tutor.widgets.wording import notice_lines

    for name in ("base_2p_double_roll", "ck_knight_recruit"):
        sc = _lesson(f"{name}.catan.yaml")
        lines = notice_lines(Game(sc.tree.rules, sc.root.state), sc.root)
        assert not any("There is no" in x for x in lines), (name, lines)
    sc = _lesson("ck_knight_displacement.catan.yaml")
    node = next(n for n in sc.tree.walk() if str(n.action) == "P1 move N4 O6")
    lines = notice_lines(Game(sc.tree.rules, node.state), node)
    assert "The corner N4 is free now: its knight has gone." in lines, lines


def test_CK_SETUP_FIRST_PLAYER_chapter_6_opens_with_cities_and_knights_own_setup():
    """l36 took 6.1 "Who goes first" under "Cities & Knights: improvements" for a repeat of
    1.2: on a phone the header shows the lesson's title in the variant's stead (the variant's
    name is hidden there: style.py), and the two titles were one. The chapter says it sets a
    game up, 6.1's title names its variant (in the part of the header a phone shows), and no
    two lessons of the course share a title."""
    from catan_tutor.study.course import course
    from catan_tutor.study.resources import packaged_lessons
    from catan_tutor.widgets import App

    places = course(packaged_lessons())
    six = places["ck_setup_first_player"]
    assert (six.chapter, six.number) == (6, 1)
    assert "setup" in six.chapter_title.lower() and six.chapter_goal.startswith("Set up a")
    app = App(query="?lesson=ck_setup_first_player")
    head = app.tutor.header.value
    shown = re.search(r"<span class='catan-head-lesson'>(.*?)</span>", head)
    assert shown and "Cities &amp; Knights" in shown[1], head
    titles = [_lesson(n).title for n in LESSONS]
    assert sorted(t for t in titles if titles.count(t) > 1) == [], "titles said twice"


def _left_by(lesson: str, before: str, played: str) -> tuple[str, str, Any, Any]:
    """Lesson ``lesson`` at the step before its move ``before``, ``played`` there instead:
    what the line's panel says, its state, the session and the panel."""
    from catan_tutor.widgets import App

    app = App(query=f"?lesson={lesson}")
    s = app.session
    at = next(n for n in s.timeline.walk() if any(str(c.action) == before for c in n.children))
    s.goto(at.id)
    s.play(played)
    said, state = app.tutor.line.said()
    return re.sub(r"<[^>]+>", " ", said), state, s, app.tutor.line


def test_CK_PC_WEDDING_a_gift_of_ones_own_choice_is_told_legal_with_the_lessons_own():
    """l36 at 9.1 gave 1 brick and 1 lumber for P3 (a legal choice: CK-PC-WEDDING lets the
    giver choose) and read only "You are trying moves of your own…": the reply says the
    choice is legal, what the lesson gives there (1 wool and 1 grain), and the way back."""
    said, state, s, line = _left_by(
        "ck_pc_wedding_sabotage", "P3 give 1 wool, 1 grain", "P3 give 1 brick, 1 lumber"
    )
    assert state == "left"
    assert said.startswith(
        "Your choice is legal, and not the lesson&#x27;s: here the lesson plays "
        "“P3 gives 1 wool and 1 grain to P1 (Wedding)”."
    ), said
    assert "Back to the lesson returns to its moves" in said and "moves of your own" not in said
    assert "Last move: P3 gives 1 brick and 1 lumber to P1 (Wedding)." in said
    gift = s.timeline.current
    # the note belongs to the move it was said at (s32 at 3.1: after P3 accepted the learner's
    # own offer it still read "here the lesson plays “P1 offers P3 …”")
    s.play(s.game.legal_actions()[0])
    later, state = line.said()
    assert state == "left" and "not the lesson" not in later, later
    assert "You are trying moves of your own" in later
    s.goto(gift.id)  # back at it, it is said again
    assert "here the lesson plays “P3 gives 1 wool and 1 grain" in line.said()[0]
    left = s.left_lesson_at()
    s.back_to_lesson()
    assert s.timeline.current is left


def test_BASE_SETUP_ROUND1_a_placement_of_ones_own_is_told_legal_with_the_lessons_own():
    """Any step whose move the learner replaces by another of the same kind, by the same
    seat, is told so (1.1's first settlement on another corner); a move of another kind
    keeps the plain words (7.1's End turn: tests/test_lesson_line.py)."""
    said, state, _, _ = _left_by("base_setup", "P1 settle N6", "P1 settle A2")
    assert state == "left" and "Your choice is legal" in said, said
    assert "here the lesson plays “P1 builds a settlement on N6" in said, said


def test_BASE_SETUP_FREE_the_notebooks_count_rounds_as_their_lessons_do():
    """The notebooks' words over a lesson's board said "six turns in", "Two turns into a
    two-player game": no markdown cell counts the game's turns (the board's header counts
    rounds)."""
    import json

    from catan_tutor.study.resources import notebooks_dir

    wrong = []
    for nb in sorted(notebooks_dir().glob("*.ipynb")):
        for cell in json.loads(nb.read_text("utf-8"))["cells"]:
            if cell["cell_type"] == "markdown":
                text = " ".join("".join(cell["source"]).split())
                wrong += [f"{nb.name}: {m[0]!r}" for m in _TURNS.finditer(text)]
    assert wrong == [], wrong
