"""The course's words as a fresh learner reads them (issue 33, "The learner's page"): the
roll-off of lesson 1.2 is one step a player's throw, its players named as in lesson 1.1; the
hands lesson 2.1 lists are the hands the page shows; a step's text says why, not only what.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from test_lesson_line import lesson_session
from test_lesson_rule_marks import LESSONS, _lesson, _Steps

from catan_tutor.widgets.roll_steps import roll_nodes, rolling
from catan_tutor.widgets.tutor_session import TutorSession

pytestmark = pytest.mark.course  # a sweep over the course (min_versions.sh leaves it out)


def _walk_steps(s: TutorSession) -> list[list[str]]:
    """The texts of every ◀ ▶ step of the lesson's line from its start to its end."""
    s.step("first")
    out = [s.texts()]
    while s.can_step("forward"):
        s.step("forward")
        out.append(s.texts())
    return out


@pytest.mark.parametrize(
    "lesson, throwers",
    [
        (
            "base_first_player",
            ["P1 (red)", "P2 (blue)", "P3 (white)", "P4 (orange)"] + ["P1 (red)", "P3 (white)"],
        ),
        (
            "ck_setup_first_player",
            ["P1 (red)", "P2 (blue)", "P3 (white)"] + ["P1 (red)", "P2 (blue)"],
        ),
    ],
)
def test_a_roll_off_is_one_step_per_player_s_throw_named_by_seat(lesson, throwers) -> None:
    """BASE-SETUP-FIRST-PLAYER (lesson 1.2, and its Cities & Knights twin): every player's
    throw, then the tied players' again (BASE-CHANCE-ROLLOFF), one step each, none of them
    half a throw, each naming its thrower "P1 (red)" as lesson 1.1 names players; the tie's
    rule is said to be the tutor's reading (the seeds are silent on a tie)."""
    s = lesson_session(lesson)
    steps = _walk_steps(s)
    assert len(steps) == 1 + len(throwers), [t[:1] for t in steps]
    said = [re.match(r"(P\d \(\w+\)) rolls \d+ (?:too )?\(\d and \d\)", t[0]) for t in steps[1:]]
    assert [m[1] if m else None for m in said] == throwers, steps
    assert not any(re.search(r"\b(Red|Blue|White|Orange) rolls", " ".join(t)) for t in steps)
    assert any("this tutor's reading" in re.sub(r"\s+", " ", " ".join(t)) for t in steps)


def test_roll_off_dice_fold_and_roll_throws_one_player_s_two_dice() -> None:
    """A half-thrown roll-off throw is a roll under way (◀ ▶ and the log pass over it), and
    one click of the roll button throws both of a player's dice, not one."""
    s = lesson_session("base_first_player")
    s.step("forward")
    assert not rolling(s.timeline.rules, s.node) and s.game.state.rolloff[1] == (9,)
    assert rolling(s.timeline.rules, s.node.parent)  # red's first die: a throw half done
    s.step("back")
    assert s.node.depth == 0
    s.step("last")
    assert s.game.state.phase == "setup-settle"
    s.step("first")
    s.play("die white 5")  # the learner's own first die: the roll button throws the second
    s.roll()
    assert s.game.state.rolled == () and len(s.game.state.rolloff[1]) == 1


def test_lesson_2_1_says_the_hands_it_lists_are_shown_as_the_page_shows_them() -> None:
    """BASE-INFO: at a table only a hand's size is public; the lesson's page shows every
    hand (no computer plays, the default), and its opening text says so rather than calling
    the hands hidden while its notes list them."""
    s = lesson_session("base_production_robber")
    assert s.shows_every_hand() and s.hand_seats() == frozenset(range(3))
    text = " ".join(s.texts()).replace("\n", " ")
    assert any(e.key == "hand" for e in s.expects())  # the step lists every hand
    assert "the tutor shows every hand" in text
    hidden = [x for x in re.split(r"(?<=[.:;])\s+", text) if "hidden" in x]
    assert hidden and all("at a real table" in x.lower() for x in hidden), hidden


# What a lesson text would say of the page that shows only some hands ("here you see P1's",
# 4.3's intro, while every hand showed: P2's Victory Point and Monopoly cards, s18)
_SOME_HANDS = re.compile(
    r"\b(?:here|on this page|in this lesson) you see (?:only )?P\d's\b|\byou see only P\d's\b"
    r"|\bonly P\d's (?:cards|hand|development cards) (?:show|are shown)\b",
    re.IGNORECASE,
)


@pytest.mark.parametrize("name", LESSONS)
def test_a_lesson_says_the_hands_shown_as_the_page_shows_them(name: str) -> None:
    """BASE-INFO: a lesson's page shows every hand (no computer plays: the default, 2.1); no
    lesson text says that only one seat's cards show there (4.3 said "here you see P1's")."""
    sc = _lesson(name)
    texts = [sc.goal, *(t for n in sc.tree.walk() for t in (n.comment, n.tutor) if t)]
    said = [m[0] for t in texts for m in _SOME_HANDS.finditer(" ".join(t.split()))]
    assert said == [], said


SHORT = 16  # words: a step's text shorter than this says why, or it is only a statement
_CITED = re.compile(r"\((?:[^()]*?, )?(?:BASE|2P|DUMMY|CK|CK2P)-[A-Z0-9-]+")  # its "§"
_WHY = re.compile(
    r"\b(because|so|since|why|therefore|means|thanks to|reading|by chance|at random)\b"
    r"|^What if\b",  # a variation's question: the step after it answers
    re.IGNORECASE,
)


def _bare_steps(name: str) -> list[str]:
    """The steps of a lesson (a roll with its dice one step; a puzzle's answer aside: the
    puzzle's explanation speaks for it) whose texts are shorter than SHORT words and give no
    reason: no rule cited, no "because", "so", "since"…"""
    sc = _lesson(name)
    steps = _Steps(sc)
    bare = []
    for node in sc.tree.walk():
        if node.children and rolling(sc.tree.rules, node):
            continue  # a die a step passes over
        if node.parent is not None and node.parent.id in sc.puzzles:
            continue
        text = " ".join(steps.texts(node))
        if len(text.split()) < SHORT and not (_CITED.search(text) or _WHY.search(text)):
            bare.append(f"{node.action}: {text!r}")
    return bare


@pytest.mark.parametrize("name", LESSONS)
def test_a_short_step_says_why(name: str) -> None:
    """Issue 33: "P1 keeps 7 cards, P2 and P3 now hold 8 each." told what, not why. A step
    of fewer than SHORT words gives its reason: a rule cited, or a plain "because", "so",
    "since", "by chance" (a die, a draw, a hex laid)."""
    assert _bare_steps(name) == []


_NUMBER = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}
_NUMBER |= {9: "nine", 10: "ten", 11: "eleven", 12: "twelve"}


def _totals_said(text: str, total: int) -> int:
    """How often ``text`` tells a roll's total: a sentence opening "A 7", "the roll is 7",
    "rolled 7", "a 10 in all", "the dice show another 7"…"""
    n = rf"(?:{total}|{_NUMBER[total]})"
    told = (
        rf"(?:^|[.:;!?—]\s+)An?\s+{n}\b",
        rf"\b(?:the roll is|rolled|rolls|roll of|roll,|sum is|sum of|total of|total is)"
        rf"\s+(?:an?\s+)?{n}\b",
        rf"\b{n} in all\b",
        rf"\bdice show (?:an?|another) {n}\b",
    )
    return sum(len(re.findall(p, text, re.IGNORECASE)) for p in told)


def _roll_steps(sc):
    """Each step ◀ ▶ take as one roll (its dice folded in) and the throws it shows."""
    for node in sc.tree.walk():
        folded = roll_nodes(sc.tree.rules, node)
        throws = _throws([*folded, node])
        if folded and throws:
            yield node, throws


def _throws(nodes) -> list[tuple[int, int]]:
    """The white and red dice of each throw the ``nodes`` make (Alchemy's chosen dice too)."""
    out: list[tuple[int, int]] = []
    white = 0
    for n in nodes:
        words = str(n.action).split()
        if words[:2] == ["die", "white"]:
            white = int(words[2])
        elif words[:2] == ["die", "red"]:
            out.append((white, int(words[2])))
        elif words[1:3] == ["play", "alchemy"]:
            out.append((int(words[3]), int(words[4])))
    return out


@pytest.mark.parametrize("name", LESSONS)
def test_a_roll_s_step_says_its_total_once_and_names_both_dice(name: str) -> None:
    """Issue 33 (lesson 6.2: "The red die shows 6: a 10 in all." then "A 10, and a green
    castle on the event die.", the white die's 4 never named): the texts a roll's step shows
    (its dice's texts gathered, a question's prompt with them) tell each throw's total at
    most once, name the white die's number (both dice: said once, by the lesson or by the
    step's opening sentence) and the event die at most once a throw (CK-EVENT-CASTLE)."""
    sc = _lesson(name)
    steps = _Steps(sc)
    said_twice = []
    for node, throws in _roll_steps(sc):
        puzzle = sc.puzzles.get(node.id)
        text = " ".join(steps.texts(node) + ([puzzle.prompt] if puzzle else []))
        text = re.sub(r"\s+", " ", text)
        sums = Counter(w + r for w, r in throws)
        over = {t: k for t in sums if (k := _totals_said(text, t)) > sums[t]}
        w, r = throws[0]  # a roll-off's throw names its dice "(5 and 4)": no colour there
        white = re.search(rf"\bwhite (?:die )?(?:shows )?{w}\b|\({w} and {r}\)", text, re.I)
        events = len(re.findall(r"\bevent die\b", text, re.IGNORECASE))
        if over or not white or events > len(throws):
            said_twice.append(f"{node.id} {node.action}: totals {over} {text[:160]!r}")
    assert said_twice == []


_VERB = re.compile(  # a small list: auxiliaries and the verbs lessons tell moves with
    r"\b(?:is|are|was|were|be|been|has|have|had|does|did|can|cannot|may|must|will|would|"
    r"could|should|might|(?:get|go|stand|move|pay|take|give|hold|roll|show|build|settle|"
    r"place|play|draw|keep|lose|win|stay|stop|become|make|come|start|reach|count|touch|"
    r"own|need|cost|let|block|sit|wait|join|choose|trade|offer|send|fall|attack|produce|"
    r"receive|steal|discard|recruit|promote|activate|chase|displace|return|claim|beat|buy|"
    r"sail|land|follow|mean|say|leave|cut|raise|owe|answer|decide|add|turn|tie|know|tell|"
    r"pass|see|fit|lead|read|meet|bring|find|put|pick|lay|swap|upgrade|remove|defend|hit|"
    r"open|arrive|work|apply|run|close|remain|rest|guard|help|spend|matter|gain|force|"
    r"share|equal|earn|point|replace|shuffle|combine|set|contribute|use|want|name|connect|carry|"
    r"extend|score|double|hand|try|carr|lie|differ|favour|call|ask|look|wake)"
    r"(?:s|es|ed|d|ies|ied|ing)?|went|gone|stood|paid|took|gave|held|built|drew|kept|lost|"
    r"won|became|made|came|sat|chose|sent|fell|stole|bought|meant|said|left|told|led|met|"
    r"brought|found|laid|spent|ran|lay|ends|ended)\b",  # "end": a noun as often
    re.IGNORECASE,
)


def _verbless_openings(name: str) -> list[str]:
    """The steps of a lesson whose text (comment or tutor text) opens with a sentence
    without a verb ("A basic knight at the end of the road N5."); a sentence that goes on
    from the step before ("...and a grain.") is that step's sentence, not an opening."""
    sc = _lesson(name)
    bare = []
    for node in sc.tree.walk():
        for text in (node.comment, node.tutor):
            first = re.split(r"(?<=[.!?])\s+", text.strip())[0] if text else ""
            if first and not first.startswith("...") and not _VERB.search(first):
                bare.append(f"{node.action or 'start'}: {first!r}")
    return bare


@pytest.mark.parametrize("name", LESSONS)
def test_a_step_opens_with_a_sentence_with_a_verb(name: str) -> None:
    """Issue 33: "The mountains N, next to P1's N6, so P1's ore stops while the robber
    stays." (5.1) never said the robber moved there; "A basic knight at the end of the road
    N5." (7.1) said what stands, not what happened. A step's text opens with a plain
    sentence saying what happened: its first sentence has a verb."""
    assert _verbless_openings(name) == []


@pytest.mark.parametrize("name", LESSONS)
def test_a_roll_s_step_names_its_dice_once(name: str) -> None:
    """Lesson 2.1: "Here the white die shows 5 and the red die 6." then the step's own "The
    white die shows 5 and the red die 6." (the lesson's line wrapped between "white" and
    "die"): a step names each throw's white die once; the lesson's sentence wins."""
    sc = _lesson(name)
    steps = _Steps(sc)
    twice = []
    for node, throws in _roll_steps(sc):
        text = re.sub(r"\s+", " ", " ".join(steps.texts(node)))
        for w, r in set(throws):
            named = re.findall(rf"\bwhite (?:die )?(?:shows )?{w} and the red (?:die )?{r}\b", text)
            if len(named) > throws.count((w, r)):
                twice.append(f"{node.id} {node.action}: {text[:200]!r}")
    assert twice == []


@pytest.mark.parametrize("name", LESSONS)
def test_a_rule_the_step_s_text_cites_is_not_opened_again_under_what_to_notice(name) -> None:
    """An opened "§" box in a step's text, then "▶ Rule: Second round of setup, with a city"
    right under it in What to notice: the rule said twice. A notice line's rule opens under
    it only when the texts above do not cite that rule (as the page builds them:
    ``Tutor._panels``)."""
    from catan_tutor.game import Game
    from catan_tutor.widgets.panels import notice_html
    from catan_tutor.widgets.verdicts import lesson_html

    sc = _lesson(name)
    steps = _Steps(sc)
    twice = []
    for node in sc.tree.walk():
        above = "".join(lesson_html(t) for t in steps.texts(node))
        notice = notice_html(Game(sc.tree.rules, node.state), node, steps.expects(node), "", above)
        cited = {r for ids in re.findall(r"data-rule='([^']*)'", above) for r in ids.split()}
        opened = set(re.findall(r"<details class='catan-rule' data-rule='([^']*)'", notice))
        twice += [f"{node.id} {node.action}: {r}" for r in sorted(cited & opened)]
    assert twice == []
