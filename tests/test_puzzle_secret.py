"""Puzzles keep their secret (issue 33, scope 2), in the tutor without a browser: at each of
the course's puzzles, until it is solved, no text of the tutor (header, lesson text, every
tab, the board's hidden markers) holds the answer, the Moves tab stops at the question, no
kind of move is chosen for the learner and nothing glows on a choice question; a wrong answer
says why in one plain sentence (never the rule's text); a right answer stays as played, the
lesson's line one click away; once solved the line and the explanation show.

The answer is read from the puzzle's accepted moves (``puzzle_answers.py``), never written
here. The browser sweep of the same puzzles is ``test_browser_puzzle_secret.py``.
"""

from __future__ import annotations

import dataclasses
import html
import re
from functools import cache

import ipywidgets as widgets
import pytest
from puzzle_answers import (
    LABELS,
    WHO,
    Asked,
    answer_facts,
    answer_words,
    at_question,
    course_puzzles,
    found,
    lesson,
    says,
    told_by_a_wrong_try,
)

from catan_tutor import board, new_game, rulebook
from catan_tutor.actions import Action, BankTrade, Die, EventDie
from catan_tutor.game import Game
from catan_tutor.rules.words import can
from catan_tutor.study.course import course
from catan_tutor.study.puzzle import (
    SECRET_WHY,
    Judgement,
    answer_nodes,
    asks_rule,
    asks_who,
    hex_words,
    judge,
)
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import SUFFIX, load_scenario
from catan_tutor.widgets import App, verdicts, wording
from catan_tutor.widgets.forms import ALLOWED, NOT_ALLOWED, SPOT_FIELDS
from catan_tutor.widgets.forms import CHOOSE_LABEL as CHOOSE
from catan_tutor.widgets.kinds import (
    acting_seat,
    kind_name,
    moment_kinds,
    probe,
    seat_only,
    spot_kind,
    target_of,
    variant_kinds,
)
from catan_tutor.widgets.move_list import rows
from catan_tutor.widgets.odds_panel import CARDS_HEAD, CARDS_KEPT
from catan_tutor.widgets.odds_panel import where as odds_where
from catan_tutor.widgets.open_values import every_value
from catan_tutor.widgets.panels import turn_words
from catan_tutor.widgets.possible_parts import possible_parts
from catan_tutor.widgets.puzzle_state import GO_ON, SHOWN_GO_ON
from catan_tutor.widgets.roll_steps import rolling
from catan_tutor.widgets.roll_words import throw_nodes
from catan_tutor.widgets.shown_answer import TRIES_TO_SHOW
from catan_tutor.widgets.status_words import solved_words
from catan_tutor.widgets.taken_spots import idle_metro, others_piece, taken
from catan_tutor.widgets.turn_words import round_words
from catan_tutor.widgets.tutor import TABS, Tutor

pytestmark = pytest.mark.course  # a sweep over the course (min_versions.sh leaves it out)

TEXT_TRAITS = ("value", "description", "placeholder", "tooltip", "tooltips", "titles", "options")


def widget_text(
    w: widgets.Widget, static: frozenset[str] = frozenset(), folded: bool = True
) -> str:
    """Every text a widget and those inside it put on the page (values, labels, options,
    tooltips, tab titles), tags and entities read as text; the ``static`` ones left out;
    ``folded=False``: without the hidden text a click opens (a rule named in a text)."""
    text = "\n".join(widget_texts(w) - static)
    if not folded:
        text = re.sub(r"<span[^>]*\shidden>.*?</span>", " ", text)
    return html.unescape(re.sub(r"<[^>]+>", " ", text))


def widget_texts(w: widgets.Widget) -> set[str]:
    """The texts of ``widget_text``, each as the widget holds it."""
    out: list[str] = []
    todo = [w]
    while todo:
        x = todo.pop()
        for name in TEXT_TRAITS:
            v = getattr(x, name, None)
            if isinstance(v, str):
                out.append(v)
            elif isinstance(v, (tuple, list)):
                out.extend(str(o[0] if isinstance(o, tuple) else o) for o in v)
        todo.extend(getattr(x, "children", ()) or ())
    return set(out)


@cache
def static_texts(variant: str, players: int) -> frozenset[str]:
    """The texts a tutor shows whatever the position (labels, placeholders, examples): those
    of a new game of the variant, in every tab. They cannot hold a puzzle's answer."""
    t = Tutor(new_game(variant, players=players))
    t.puzzle.build()  # its answer field's example too (built when a lesson asks a question)
    out: set[str] = set()
    for i, _ in enumerate(TABS):
        t.tabs.selected_index = i
        out |= widget_texts(t.widget)
    return frozenset(out)


def every_tab_text(t: Tutor) -> str:
    """The tutor's text with each tab shown in turn (a tab is written when shown), but for
    the texts a new game shows too (``static_texts``)."""
    g = t.session.game
    static = static_texts(g.variant, g.players)
    texts = []
    for i, _ in enumerate(TABS):  # the Odds tab's too (s31: its "This position" line)
        t.tabs.selected_index = i
        texts.append(widget_text(t.widget, static))
        # the tab itself: in a lesson the page holds no tab until Explore opens (s31: the
        # sweep read the lesson's page only, never the Odds' or the File tab's words)
        texts.append(widget_text(t.tabs.children[i], static))
    return "\n".join(texts)


PUZZLES = course_puzzles()
IDS = [f"{a.lesson}@{a.node}" for a in PUZZLES]


def test_the_course_asks_twenty_seven_puzzles():
    assert len(PUZZLES) == 27


def test_every_chapter_has_a_puzzle_lesson_at_its_end():
    """A fresh learner (s17): chapters 4, 8, 9 and 10 had no puzzle, every other chapter
    ended with one. Every chapter has a puzzle lesson, and the last lesson of chapters 4, 8, 9
    and 10 is theirs, with two questions or more."""
    places = course(packaged_lessons())
    asked: dict[int, dict[str, int]] = {}
    for a in PUZZLES:
        by_lesson = asked.setdefault(places[a.lesson].chapter, {})
        by_lesson[a.lesson] = by_lesson.get(a.lesson, 0) + 1
    assert set(asked) == {p.chapter for p in places.values()}
    for chapter in (4, 8, 9, 10):
        last = max((p for p in places.values() if p.chapter == chapter), key=lambda p: p.number)
        name = next(n for n, p in places.items() if p == last)
        assert asked[chapter].get(name, 0) >= 2, (chapter, name, asked[chapter])


def _said_before(asked: Asked) -> str:
    """What the lesson's author wrote that the learner has read on the way to the question:
    the lesson's introduction and the comment and text of every step up to the question."""
    tl = asked.scenario().timeline
    path = tl.path(tl.nodes[asked.node])
    return " ".join(" ".join(filter(None, (n.comment, n.tutor))) for n in path)


@pytest.mark.parametrize("asked", PUZZLES, ids=IDS)
def test_no_question_is_answered_by_the_lessons_own_text_before_it(asked: Asked):
    """A fresh learner (s17, 1.4): "Round 1 is over. Whose turn is it to place?" was answered
    by the lesson's introduction ("…from P1 to P3, and then again from P3 back to P1"; 5.21's
    "the order is P1, P2, P2, P1" answered its "Who places next?" likewise). The texts read
    before a question name no answer's spot or move (``answer_words``); when it asks who moves,
    neither the introduction nor the question's own step names the seat that answers it (a
    step's comment may say who has just played)."""
    assert found(set(answer_words(asked)), _said_before(asked)) == [], asked
    assert found(answer_facts(asked), _said_before(asked)) == [], asked  # s18 at 3.2
    if asks_who(asked.puzzle):
        tl = asked.scenario().timeline
        node = tl.nodes[asked.node]
        seats = {
            node.state.name(c.action.player)
            for c in answer_nodes(asked.puzzle, node, tl.rules)
            if getattr(c.action, "player", None) is not None
        }
        intro = f"{tl.root.tutor or ''} {node.tutor or ''}"
        assert seats and found(seats, intro) == [], f"{asked.lesson}@{asked.node}: {intro}"


def _played_before(name: str) -> dict[tuple[str, str], str]:
    """Each (position text, move) the main line of a lesson before ``name`` in the course
    plays, with the lesson's number ("5.1")."""
    places = course(packaged_lessons())
    at = (places[name].chapter, places[name].number)
    out: dict[tuple[str, str], str] = {}
    for other, place in places.items():
        if (place.chapter, place.number) < at:
            out.update(dict.fromkeys(_main_line(other), place.label))
    return out


@cache
def _main_line(name: str) -> tuple[tuple[str, str], ...]:
    """The (position text, move) of each step of a packaged lesson's main line."""
    tl = lesson(name).timeline
    node, out = tl.root, []
    while node.children:
        step = node.children[0]
        out.append((Game(tl.rules, node.state).position(), str(step.action)))
        node = step
    return tuple(out)


# Questions an earlier lesson plays out at the very position: none left (s31 moved 7.8's, at
# 6.2's and 7.1's positions, and 9.18's, at 9.2's). One added here must say why it may.
KNOWN_REPEATS: dict[tuple[str, int], str] = {}


def test_no_question_is_a_position_an_earlier_lesson_played_its_answer_at():
    """A fresh learner (s31, g07_tablet_51_next.png, d36_p513.png): 5.13's first question
    ("Build what P1 owes now, for Neutral 2") stood at 5.1's very position (the same dice,
    hand and road on C7), where 5.1 had just played its answer ("P1 builds Neutral 2's free
    road on G5"); its robber question too. No question's position, with one of its accepted
    answers, is a step of the main line of a lesson before it in the course (position text
    and move alike), but for ``KNOWN_REPEATS``."""
    repeats = {}
    for a in PUZZLES:
        tl = a.scenario().timeline
        node = tl.nodes[a.node]
        position = Game(tl.rules, node.state).position()
        played = _played_before(a.lesson)
        for answer in answer_nodes(a.puzzle, node, tl.rules):
            if (label := played.get((position, str(answer.action)))) is not None:
                repeats[(a.lesson, a.node)] = label
    assert repeats == KNOWN_REPEATS


def test_no_two_questions_of_the_course_test_the_same_fact():
    """A fresh learner (s17): 7.8's and 11.16's first questions both asked that the second
    setup piece is a city, and both lessons asked to spend a commodity on an improvement. No
    two questions of the course cite the same rule for the same kind of move."""
    seen: dict[tuple[str, tuple[str, ...]], str] = {}
    twice = []
    for a in PUZZLES:
        node = a.scenario().timeline.nodes[a.node]
        rules = a.scenario().timeline.rules
        kinds = tuple(
            sorted({type(c.action).__name__ for c in answer_nodes(a.puzzle, node, rules)})
        )
        key = (a.puzzle.rule, kinds)
        if key in seen:
            twice.append((key, seen[key], f"{a.lesson}@{a.node}"))
        seen.setdefault(key, f"{a.lesson}@{a.node}")
    assert twice == []


def _offered_by_prompt(asked: Asked) -> bool:
    """Every answer to ``asked`` is a kind of move its prompt names itself ("roll")."""
    sc = asked.scenario()
    at = sc.timeline.nodes[asked.node]
    kinds = {kind_name(n.action) for n in answer_nodes(asked.puzzle, at, sc.timeline.rules)}
    return all(says(k, asked.puzzle.prompt) for k in kinds)


@pytest.mark.parametrize("asked", PUZZLES, ids=IDS)
def test_no_text_of_the_tutor_holds_the_answer_before_it_is_solved(asked: Asked):
    t = at_question(asked)
    s = t.session
    words = answer_words(asked)
    text = every_tab_text(t)
    assert asked.puzzle.prompt.split(" (")[0][:40] in text
    assert found(words, text) == [], f"{asked.lesson}: the page gives away {found(words, text)}"
    # an answer the prompt offers itself (4.3: "…or roll if no move does") has no words to
    # hide: its secret is why the other moves fail, the author's reasons for them, which no
    # text may hold before a try
    reasons = {why.split(":")[0].split(".")[0] for _, why in asked.puzzle.wrong}
    assert words or (_offered_by_prompt(asked) and reasons), asked
    assert [r for r in reasons if r in text] == [], f"{asked.lesson}: the page says a reason"
    how = html.unescape(re.sub(r"<[^>]+>", "\n", t.puzzle.how.value)).split("\n")
    tapped = [line for line in how if line.startswith("Tap your") or ", then tap its" in line]
    how = [line for line in how if line.startswith(("Choose a move", "Click your"))]
    how = [line for line in how if "click" in line.lower()]  # (said for a mouse)
    # and said for a finger: "Tap" (a phone said "Click…": l45), one of them shown
    assert [line.replace("tap", "click").replace("Tap", "Click") for line in tapped] == how
    shape = (  # one plain short sentence: what to do first, then where, or how to type it
        r"(Choose a move below(, its player in its form)?, then click its spot on the board"
        r"( if it has one)?|Click your move's spot on the board), or type it and press Answer\."
    )
    assert len(how) == 1 and re.fullmatch(shape, how[0]), how  # issue 33: 1.4 puzzle 2's
    # the header, the board in words and the players say nothing of whose move or what
    _, _, said = verdicts.plain(s.game.prompt()).partition(": ")
    assert said and said not in widget_text(t.header)
    assert said not in t.board.board_text.value and "◀" not in t.players.value
    assert wording.phase_words(s.game.state.phase) not in widget_text(t.header)
    assert t.hints.widget.layout.display == "none"  # the engine's best moves: no hint
    # the Moves tab stops at the question: no move after it is listed, or can be reached
    listed = {n for _, n in rows(s.timeline, s.puzzle.hidden())}
    assert asked.node in listed
    below = {n.id for c in s.timeline.current.children for n in s.timeline.walk(c)}
    assert below and not listed & below
    for step in ("forward", "last"):
        s.step(step)
        assert s.timeline.current.id == asked.node
    # nothing is chosen for the learner, so no form is filled in and nothing glows
    assert s.kind == "" and t.controls.form is None and t.board.view.targets == []
    # the kinds of the phase are offered alike, legal now or not: the answer's among them,
    # none of another phase (no Monopoly in setup); Roll and End turn only where they are
    assert t.controls.blocked.options == ()
    # (ending the turn is offered by its own End turn button, never again in the palette: it
    # counts with the palette's kinds; the button shows in every turn, lit when legal)
    offered = [k for _, k in t.controls.palette.options]
    assert "end turn" not in offered
    if "end turn" in moment_kinds(s.game):
        assert t.controls.end_button.layout.display != "none"
        offered.append("end turn")
    assert sorted(offered) == sorted(moment_kinds(s.game)) and set(s.kinds()) <= set(offered)
    answers = answer_nodes(asked.puzzle, s.timeline.current, s.timeline.rules)
    assert {kind_name(n.action) for n in answers if n.action} <= set(offered)
    if s.game.state.phase.startswith("setup"):
        assert set(offered) <= {"settle", "build road", "build city"}
        assert t.controls.roll_button.disabled and t.controls.end_button.disabled


@pytest.mark.parametrize("asked", PUZZLES, ids=IDS)
def test_no_explore_tab_says_who_acts_at_an_open_question(asked: Asked):
    """A fresh learner (s31, d17_p14_odds.png): at 1.4's "Whose turn is it to place?" the
    header and the Players tab hid whose move it was, but Explore → Odds said "This position:
    setup, P3 to act (placing the starting pieces)", and File's position text "active=P3".
    At every question no tab says more of who acts than the header ("a puzzle"): no seat "to
    act", no position text; the Odds tab says the round and "a puzzle", as the header. (The
    sweep of every tab's text for the answer, ``test_no_text_of_the_tutor_holds_the_answer_
    before_it_is_solved``, reads each tab's own words now, the Odds tab's too.)"""
    t = at_question(asked)
    g = t.session.game
    text = every_tab_text(t)
    told = {f"{g.state.name(p)} to act" for p in range(len(g.names))}
    told |= {odds_where(g), g.position()}  # ("setup, P3 to act (placing the starting pieces)")
    told |= {turn_words(g)} - {""}  # the Players tab's "P1's turn; P3 to give"
    assert found(told, text) == []
    assert not re.search(r"\bactive=", text), asked
    t.tabs.selected_index = TABS.index("Odds")
    assert t.odds is not None
    head = widget_text(t.header)
    shown = html.unescape(re.sub(r"<[^>]+>", " ", t.odds.exact.value))
    assert f"This position: {round_words(g.state)}, a puzzle " in shown, shown
    # no expected cards either: 2.2's table put P2's brick highest, its hex the answer (l40)
    kept = f"{CARDS_HEAD}<div>{CARDS_KEPT}</div>"
    assert kept in t.odds.exact.value, shown
    assert round_words(g.state) in head and "a puzzle" in head


def in_a_row(tl, node, listed: set[int], hidden) -> bool:
    """Whether the Moves list shows ``node``: its own row, or the row of the roll whose dice
    it is (a roll and its dice are one row, listed at the node where they land)."""
    start = node
    while start.parent is not None and isinstance(start.action, (Die, EventDie)):
        start = start.parent
    return node.id in listed or any(n.id in listed for n in throw_nodes(tl.rules, start, hidden))


@pytest.mark.parametrize("asked", PUZZLES, ids=IDS)
def test_a_solved_puzzle_shows_its_line_and_explanation(asked: Asked):
    t = at_question(asked)
    s = t.session
    answer = answer_nodes(asked.puzzle, s.timeline.current, s.timeline.rules)[0]
    question = s.timeline.current
    assert asked.puzzle.explain.split(" (")[0][:40] not in widget_text(t.widget)
    t.puzzle.submit(str(answer.action))
    # past the chance it brings, as the lesson has it (a steal or a forced trade's blind
    # draws: random), a roll thrown on to
    # where its dice fall where the lesson's line stops in it; never mid-roll
    path = s.timeline.path(s.timeline.current)
    assert answer in path and not s.puzzle.holds(question)
    past = path[path.index(answer) + 1 :]
    assert all(n.action is not None and n.action.is_chance for n in past)
    assert not past or answer.state.phase in ("steal", "force-draw", "dice")
    assert not rolling(s.timeline.rules, s.timeline.current)
    if answer.id not in s.scenario.puzzles:  # (else the next question is asked there)
        assert not s.puzzle_secret
    result = widget_text(t.puzzle.widget)
    assert "Right" in result
    assert asked.puzzle.explain.split(" (")[0][:40] in result
    hidden = s.puzzle.hidden()
    listed = {n for _, n in rows(s.timeline, hidden)}
    for node in (question, answer, question.children[0]):
        assert in_a_row(s.timeline, node, listed, hidden), (node.id, listed)


@pytest.mark.parametrize("asked", PUZZLES, ids=IDS)
def test_a_wrong_answer_says_why_in_a_sentence_never_the_rules_text(asked: Asked):
    """Every legal move that is not an answer, and every move the page offers that the
    engine refuses (each kind of the moment, on every spot of its kind), gets one plain
    sentence with its reason: no rule text, no "P1..Pn", never "That is not the answer."
    alone. (It tried legal moves only: l36 at 5.13 tried a settlement for Neutral 2, a kind
    the page offered there, refused under 2P-NEUTRAL-MIRROR, and was told no reason.)"""
    t = at_question(asked)
    s = t.session
    node, rules = s.timeline.current, s.timeline.rules
    texts = {r.text for r in rulebook.rules_of(s.game.variant).values() if len(r.text) > 30}
    judged = dict(_tries_judged(asked))  # (the same judgements, made once a process)

    def said_of(a: Action) -> Judgement:  # (a move no try of the sweep's: judged here)
        return judged[a] if a in judged else judge(asked.puzzle, node, rules, a)

    wrong = [a for a in s.game.legal_actions() if not said_of(a).correct]
    refused = refused_tries(s.game)
    for a in wrong[:6] + refused[:2]:
        t.puzzle.submit(str(a))
        static = static_texts(s.game.variant, s.game.players)
        shown = widget_text(t.puzzle.widget, static, folded=False)  # the rule's text: a click
        assert "Not the answer" in shown and s.timeline.current is node
        assert "..P" not in shown and not any(x in shown for x in texts), shown
        assert found(answer_words(asked), shown) == []
    for a in refused:  # (the engine's reason held back whole: its cause still said)
        said = said_of(a)
        assert said.read and not said.legal, (str(a), said.text)
        assert not said.text.endswith(SECRET_WHY), (str(a), said.text)
        assert not any(x in said.text for x in texts), said.text


def refused_tries(game: Game) -> list[Action]:
    """The moves the page offers now that the engine refuses: each kind of the moment, by
    the acting seat, on every spot of its kind (or with its seat alone), one per reason."""
    kinds, out, reasons = variant_kinds(game), [], set()
    sizes = {"vertex": len(board.VERTEX_LABELS), "edge": len(board.EDGE_LABELS)}
    sizes["hex"] = len(board.HEX_NAMES)
    for k in moment_kinds(game):
        cls, where = kinds[k], spot_kind(kinds[k])
        if where:
            tries = [probe(game, cls, (where, i)) for i in range(sizes[where])]
        else:
            tries = [cls(acting_seat(game))] if seat_only(cls) else []
        for a in tries:
            ex = game.explain(a) if a is not None else None
            if ex is not None and not ex.legal and (ex.rule, ex.reason) not in reasons:
                reasons.add((ex.rule, ex.reason))
                out.append(ex.action)
    return out


def test_a_right_answer_is_never_taken_for_moves_of_the_learners_own():
    """A fresh learner, 5.13's third puzzle: "P1 rolls", right, showed "You are trying moves
    of your own" beside its "Right" (the lesson's line stops in the roll; the dice the answer
    threw on were not the lesson's). Every accepted answer of every puzzle, played as a
    learner reaches it (the lesson opened, the questions before it solved): "Right" shows,
    never the box of the learner's own moves, and the page says how to go on (▶, the lesson's
    move beside the answer, or the lesson is over)."""
    app = App(query="?lesson=puzzle_base_setup")
    met = {"thrown on": 0, "beside the line": 0, "over": 0}
    for asked in PUZZLES:
        sc = asked.scenario()
        assert sc.timeline is not None
        at = sc.timeline.nodes[asked.node]
        for k, answer in enumerate(answer_nodes(asked.puzzle, at, sc.timeline.rules)):
            app.open(asked.lesson)
            s, t = app.session, app.tutor
            s.puzzle.solved.clear()
            for node in s.timeline.path(s.timeline.nodes[asked.node])[:-1]:
                if node.id in s.scenario.puzzles:
                    s.puzzle.solved.add(s.puzzle.key(node))
            s.goto(asked.node)
            assert s.puzzle_secret
            t.puzzle.submit(str(answer.action))
            where = f"{asked.lesson}@{asked.node}: {answer.action}"
            assert "Right" in widget_text(t.puzzle.widget), where
            said, state = t.line.said()
            assert state != "left" and "moves of your own" not in said, where
            assert s.left_lesson_at() is None or s.puzzle.main_line() is not None, where
            ahead = s.can_step("forward") or s.puzzle.main_line() is not None
            assert ahead or state == "over" or s.puzzle_secret, where
            met["thrown on"] += s.timeline.current.depth > at.depth + 1
            met["beside the line"] += k > 0
            met["over"] += state == "over"
    assert all(met.values()), met


def test_a_right_answer_off_the_main_line_stays_as_played_the_line_one_click_away():
    """Lesson puzzle_base_setup, the first road: N5 is right, and stays on the board (the
    lesson's line goes on from N3, one click away: the button, or the Moves tab)."""
    asked = next(a for a in PUZZLES if a.lesson == "puzzle_base_setup")
    t = at_question(asked)
    s = t.session
    question = s.timeline.current
    t.puzzle.submit("P1 road N5")
    here = s.timeline.current
    assert str(here.action) == "P1 road N5" and here.parent is question
    assert question.children[0] is not here  # a variation, as played
    assert t.board.view.game.state.eowner == here.state.eowner  # the board shows N5
    shown = widget_text(t.puzzle.widget)
    assert "Right" in shown and "P1 builds a road on N3" in shown and "P1 road N3" not in shown
    t.tabs.selected_index = TABS.index("Moves")
    assert ("P1 builds a road on N5", here.id) in rows(s.timeline, s.puzzle.hidden())
    t.puzzle.main_button.click()
    assert s.timeline.current is question.children[0]
    assert str(s.timeline.current.action) == "P1 road N3"
    s.last()
    assert s.timeline.current.id != question.children[0].id  # the line goes on from there


def test_forward_from_an_answer_beside_the_line_goes_to_the_lessons_next_step_and_says_so():
    """Issue 33 (a fresh learner): after N5, right beside the lesson's N3, the first ▶ only
    swapped N5 for N3 (the same board) and said nothing. ▶ now goes on to the step after the
    line's own answer, and the line under the step buttons says what happened; the next step
    takes the line away; the learner's N5 stays in the tree."""
    asked = next(a for a in PUZZLES if a.lesson == "puzzle_base_setup")
    t = at_question(asked)
    s = t.session
    question = s.timeline.current
    main = question.children[0]
    assert str(main.action) == "P1 road N3" and not (main.tutor or main.comment)
    t.puzzle.submit("P1 road N5")
    own = s.timeline.current
    assert str(own.action) == "P1 road N5" and s.can_step("forward")
    s.step("forward")
    assert s.timeline.current is main.children[0]  # the lesson's next step, not N3 again
    said = (
        "Yours, N5, was right too. The lesson goes on with its own, N3; "
        "to see yours again, open Explore, then Moves."
    )
    note = t.board.held_note
    assert note is not None and note.layout.display != "none"
    assert said in html.unescape(note.value) and s.puzzle.step_note() == said
    assert own in question.children  # kept, a variation (the Moves tab lists it)
    s.step("forward")
    assert s.timeline.current is main.children[0].children[0]
    assert s.puzzle.step_note() == "" and note.layout.display == "none"
    t = at_question(asked)  # from N5 ▶| goes on too, past the line's N3, with the same words
    t.puzzle.submit("P1 road N5")
    t.session.step("last")
    assert t.session.timeline.current.depth > main.depth + 1
    assert t.session.puzzle.step_note() == said


def test_a_lessons_words_on_its_answers_go_when_another_lesson_or_a_new_game_opens():
    """A learner's finding: in lesson 3.1, under the board, "The lesson goes on with its own
    answer, N3; yours, N5, is kept under Moves." -- from puzzle 1.4, answered before (kept by
    node id, and 3.1 has a node of the same id). Opening another lesson (or a new game) takes
    every word said of the last one's questions away; the questions solved stay solved."""
    said = (
        "Yours, N5, was right too. The lesson goes on with its own, N3; "
        "to see yours again, open Explore, then Moves."
    )
    for leave in ("lesson", "new game"):
        app = App(query="?lesson=puzzle_base_setup")
        s = app.session
        app.tutor.puzzle.submit("P1 road N5")
        assert s.puzzle.answered == s.timeline.current.id and s.puzzle.right is not None
        s.step("forward")
        here = s.timeline.current.id
        assert s.puzzle.step_note() == said
        if leave == "lesson":
            app.open("base_trading_harbors")  # 3.1
        else:
            app.new()
            for _ in range(here):  # a game as deep as the node the words were said at
                s.play(s.legal()[0])
        assert here in s.timeline.nodes
        s.goto(here)
        note = app.tutor.board.held_note
        assert s.puzzle.step_note() == "" and (note is None or note.layout.display == "none")
        assert said not in widget_text(app.tutor.widget)
        assert s.puzzle.answered is None and s.puzzle.right is None and s.puzzle.verdict is None
        assert ("puzzle_base_setup", 1) in s.puzzle.solved


def test_nothing_glows_at_an_open_question_rule_or_choice_on_any_screen_or_input():
    """Issue 33 (a fresh learner): at 1.4's first road, on a phone, choosing "build road"
    made the legal edges glow: a rule question (asks_rule), whose three legal edges are its
    three answers. Until a question is solved nothing glows, whatever it asks: its kind
    chosen by its button on a phone's narrow board (every puzzle) and on a wide one (1.4),
    its form listing every spot of the kind, the keyboard's cursor walking every spot of the
    kind, the hidden marker saying no glow. Solved, the legal targets glow again."""
    sizes = {"vertex": len(board.VERTEX_LABELS), "edge": len(board.EDGE_LABELS),
             "hex": len(board.HEX_NAMES)}  # fmt: skip
    kinds = {}
    for k, asked in enumerate(PUZZLES):
        for width in ("360", "1000") if k == 0 else ("360",):  # a phone's board, a desktop's
            t = at_question(asked)
            s = t.session
            t.board.view.set_shown_width(width)
            node, rules = s.timeline.current, s.timeline.rules
            kinds[asked.lesson, asked.node] = asks_rule(asked.puzzle, node, rules)
            answer = answer_nodes(asked.puzzle, node, rules)[0].action
            kind = kind_name(answer)
            if kind in [o[1] for o in t.controls.palette.options]:
                t.controls.palette.value = kind  # its button
            else:  # (roll, end turn: buttons of their own)
                s.choose_kind(kind)
            assert s.kind == kind and t.board.view.targets == [], (asked.lesson, width)
            assert "data-glow='0'" in t.puzzle.marker.value
            where = spot_kind(type(answer))
            if where:
                form = t.controls.form
                assert form is not None
                spots = ("vertex", "edge", "hex", "dst")
                field = next((n for n in form.pickers if n in spots), None)
                if field is None:  # an improvement that wins no metropolis names no corner
                    assert idle_metro(s.game.state, dataclasses.replace(answer, vertex=0))
                    continue
                free = [  # (issue 33: a spot a piece holds is never an answer: not listed;
                    i  # nor a city's or a wall's corner another party holds, l20)
                    for i in range(sizes[where])
                    if not taken(st := s.game.state, a := dataclasses.replace(answer, **{field: i}))
                    and not others_piece(st, a)
                    and not idle_metro(st, a)  # a metropolis: the seat's free cities (l23)
                ]
                # a knight's move only where the mover has a knight for it (s18, 8.11: all
                # 54 corners listed; ``possible_parts``, test_form_parts)
                legal = [a for a in s.game.legal_actions() if type(a) is type(answer)]
                each = [dataclasses.replace(answer, **{field: i}) for i in free]
                if not hasattr(answer, "victim"):  # (a robber's hexes: every one still)
                    free = [getattr(a, field) for a in possible_parts(s.game.state, legal, each)]
                assert [v for v in form.offered(field) if v >= 0] == free
                # nothing marked allowed (a lesson's mark out of a question)
                assert not any(
                    ALLOWED in lb or NOT_ALLOWED in lb
                    for p in form.pickers.values()
                    for lb, _ in p.options
                )
                assert len(t.board.cursor_spots()) == sizes[where]  # the keyboard's spots
    first = PUZZLES[0]
    assert first.lesson == "puzzle_base_setup" and kinds[first.lesson, first.node]  # 1.4's road
    assert any(kinds.values()) and not all(kinds.values())
    t = at_question(first)
    t.session.choose_kind("build road")
    t.puzzle.submit("P1 road N5")  # solved: the next move's legal corners glow
    t.session.choose_kind("settle")
    assert t.board.view.targets and "data-glow='1'" in t.puzzle.marker.value


def test_a_learner_answers_on_the_board_a_wrong_kind_judged_then_the_right_one():
    """ "Put P3's second piece on F4" (C&K): nothing is chosen; settle at F4 is a wrong answer
    with the engine's reason (nothing played), a city at F4 is right. The form of the kind
    chosen shows no "✓ legal" before the puzzle judges the move."""
    asked = next(a for a in PUZZLES if a.lesson == "puzzle_ck_knights")
    t = at_question(asked)
    s = t.session
    question = s.timeline.current
    f4 = ("vertex", board.parse_vertex("F4"))
    s.choose_kind("settle")  # none legal now: not said (it would narrow the answer)
    assert t.board.view.targets == [] and "can be played now" not in t.controls.message.value
    t.controls.act_at(f4)
    assert s.timeline.current is question and s.puzzle.tries == 1
    shown = widget_text(t.puzzle.widget)
    assert "Not the answer" in shown and "P3 can't build a settlement on F4" in shown
    s.choose_kind("build city")
    assert t.controls.form is not None
    assert t.controls.form.status.layout.display == "none"
    assert t.board.view.targets == []  # a choice question: nothing glows
    t.controls.act_at(f4)
    assert str(s.timeline.current.action) == "P3 city F4" and s.puzzle.holds(question) is False


def test_roll_and_end_turn_look_disabled_when_not_legal_and_are_judged_when_pressed():
    """Issue 33: a button whose move is not legal now looks disabled, a puzzle's too (puzzle
    6.5's Roll stayed green after the roll, and pressing it was "not the answer"). The dice
    thrown or not is for all to see, so this tells nothing of the answer, and the palette
    agrees: no "roll" beside a grey Roll (it offered one). In setup neither is a move of the
    phase; at the dummy's ore question (dice rolled) Roll is grey, End turn enabled but not
    lit (at an open question no button stands out as the move to make: End turn's blue read so
    at 3.2, a bank trade, s17) and a click on it judged right."""
    setup = at_question(next(a for a in PUZZLES if a.lesson == "puzzle_base_setup"))
    assert setup.controls.roll_button.disabled and setup.controls.end_button.disabled
    assert "roll" not in [k for _, k in setup.controls.palette.options]
    walls = at_question(next(a for a in PUZZLES if a.lesson == "puzzle_ck_walls"))
    roll = walls.controls.roll_button
    assert roll.disabled and roll.button_style == "" and "roll" not in walls.session.kinds()
    assert not walls.controls.end_button.disabled
    assert "roll" not in [k for _, k in walls.controls.palette.options]  # as its button
    ore = next(a for a in PUZZLES if a.lesson == "puzzle_base_dummy" and a.node == 11)
    dummy = at_question(ore)
    assert dummy.controls.roll_button.disabled and not dummy.controls.end_button.disabled
    assert dummy.controls.end_button.button_style == ""
    dummy.controls.end_button.click()
    assert str(dummy.session.timeline.current.action) == "P1 end"
    assert "Right" in widget_text(dummy.puzzle.widget)
    before = next(a for a in PUZZLES if a.lesson == "puzzle_base_2p" and a.node == 16)
    two = at_question(before)  # before the roll: Roll lit, End turn not (BASE-TURN-PHASES)
    assert not two.controls.roll_button.disabled and two.controls.end_button.disabled


def test_a_variation_holding_a_later_answer_is_hidden_but_not_while_it_is_played():
    """In puzzle_base_setup a variation has P3 settle first on G6, the third question's
    corner: while the third is open the variation is not listed (nor reached), unless the
    learner played it and stands on it."""
    _, _, third = [a for a in PUZZLES if a.lesson == "puzzle_base_setup"]
    t = at_question(third)
    s = t.session
    g6 = next(n for n in s.timeline.walk() if str(n.action) == "P3 settle G6")
    assert g6.id not in {n for _, n in rows(s.timeline, s.puzzle.hidden())}
    s.goto(g6)
    assert s.timeline.current.id == third.node
    assert g6.parent is not None
    s.goto(g6.parent)
    s.play("P3 settle G6")
    assert str(s.timeline.current.action) == "P3 settle G6"  # played as played
    assert ("P3 builds a settlement on G6", s.timeline.current.id) in rows(
        s.timeline, s.puzzle.hidden()
    )


@pytest.mark.parametrize("asked", PUZZLES, ids=IDS)
def test_the_hand_row_does_not_name_whose_turn_it_is_before_it_is_solved(asked: Asked):
    """A puzzle may ask whose turn it is (1.4: "Whose turn is it to place?"): the learner's
    hand row names no seat while the question is open, and names it again once solved (where
    no other question follows at once)."""
    t = at_question(asked)
    s = t.session
    # nor does What happened (l36 at 1.4: "P3 builds a road on L5. Next, it is up to P3 to
    # place a settlement." under "Whose turn is it to place?"): no "Next, ..." while it is open
    assert not [x for x in s.lines if "Next, " in x], s.lines
    row = html.unescape(re.sub(r"<[^>]+>", "", t.controls.hand.value))
    seat = s.own_seat()
    if not 0 <= seat < s.game.players:
        assert row == ""  # nobody's hand to show
        return
    assert "Hand of the player to move" in row and f"{s.game.names[seat]}'s" not in row
    answer = answer_nodes(asked.puzzle, s.timeline.current, s.timeline.rules)[0]
    t.puzzle.submit(str(answer.action))
    if not s.puzzle_secret:  # solved, and no other question open: the seat named again
        assert "Hand of the player to move" not in t.controls.hand.value
        over = s.game.is_over()
        assert over or "Next, " in s.lines[0], s.lines  # and what comes next


SIZES = {"vertex": len(board.VERTEX_LABELS), "edge": len(board.EDGE_LABELS), "hex": 19}


def tries_at(game: Game, who: bool) -> list[Action]:
    """Every move a learner can try at a question: each legal one, the same by another seat,
    and each kind of the palette (the phase's) on every spot of its kind, or by its seat
    alone; by every seat when the question asks who moves, else by the one to move; and every
    value a question's form offers (``every_value``: a bank trade at every rate, of every card
    for every other; a progress card on every spot of its kind: l45 at 9.18)."""
    seats = range(game.players) if who else (acting_seat(game),)
    out = dict.fromkeys(game.legal_actions())
    for a in list(out):
        out.update(dict.fromkeys(dataclasses.replace(a, player=p) for p in range(game.players)))
    ours = variant_kinds(game)
    for kind in moment_kinds(game):
        cls = ours[kind]
        where = spot_kind(cls)
        made = [probe(game, cls, (where, i)) for i in range(SIZES[where])] if where else []
        made += [cls(acting_seat(game))] if seat_only(cls) else []
        for a in made:
            if a is not None:
                out.update(dict.fromkeys(dataclasses.replace(a, player=p) for p in seats))
    # (of a bank trade's, one card got for each card given at each rate: the card got
    # changes no refusal's reason, and the sweep's time stays)
    trades = {(a.player, a.give, a.count) for a in out if isinstance(a, BankTrade)}
    for a in every_value(game, list(out)):
        if isinstance(a, BankTrade) and a not in out:
            if (a.player, a.give, a.count) in trades:
                continue
            trades.add((a.player, a.give, a.count))
        out.setdefault(a, None)
    return list(out)


@cache
def _tries_judged(asked: Asked) -> tuple[tuple[Action, Judgement], ...]:
    """Every move a learner can try at the question (``tries_at``), each with its judgement
    (made once a process: every sweep of the tries reads them; ``judge`` reads nothing but
    the puzzle, the node and the rules)."""
    sc = asked.scenario()
    assert sc.timeline is not None
    node, rules = sc.timeline.nodes[asked.node], sc.timeline.rules
    game = Game(rules, node.state)
    tries = tries_at(game, bool(WHO.search(asked.puzzle.prompt)))
    return tuple((a, judge(asked.puzzle, node, rules, a)) for a in tries)


@pytest.mark.parametrize("asked", PUZZLES, ids=IDS)
def test_a_wrong_try_names_no_part_of_the_answer(asked: Asked):
    """Issue: a wrong try gave the answer away ("It is P3's move, not P1's."; the robber's
    "...the hills 5 pay two brick"). Every move a learner can try that is not an answer,
    legal or refused, is told why it is wrong in words that hold no part of the answer (its
    spot, the seat when the question asks who, a resource the prompt does not name) beyond
    what the try itself says."""
    sc = asked.scenario()
    assert sc.timeline is not None
    node = sc.timeline.nodes[asked.node]
    secret = told_by_a_wrong_try(asked) | answer_words(asked)
    assert secret or _offered_by_prompt(asked)  # (nothing to hide: the prompt offers it)
    tried = 0
    for a, j in _tries_judged(asked):
        if j.correct:
            continue
        tried += 1
        text = verdicts.plain(j.text)
        own = can(node.state, a, j.legal)
        told = [w for w in secret if says(w, text) and not says(w, own)]
        assert told == [], f"{a}: {text!r} tells {told}"
        if text.startswith("That is not a move") or (
            asks_who(asked.puzzle) and not text.startswith(own.split()[0])
        ):  # (the latter: where the question asks who moves, a try is told in words naming
            continue  # no seat, s33: test_s33_words)
        # (the move's cost in brackets is said by a reason that says it: ``said_once``)
        head = re.sub(r" \([^()]*\)$", "", own.rstrip("."))
        assert text.startswith(head) and len(text) > len(own) + 10  # and why
    assert tried >= 5  # (before the roll the phase's kinds are few: puzzle_base_2p@16 has 5)


@pytest.mark.parametrize("asked", PUZZLES, ids=IDS)
def test_a_legal_wrong_answer_says_why_it_is_worse_without_naming_the_answer(asked: Asked):
    """Issue 33 (a fresh learner, 1.4): "P3 may build a settlement on E4, but it is not the
    move the question asks for." said nothing of why E4 is worse. Every legal move that is not
    an answer now gets a reason (``Judgement.reason``, in the reply): a move of another kind
    than the answer's says so; one of the same kind compares it with the answer (dots, the
    robber's blocked dots, a trade's card or rate, the spot or neutral the question names, a
    bid) or names the rule that decides; never a part of the answer the prompt does not say."""
    sc = asked.scenario()
    assert sc.timeline is not None
    node, rules = sc.timeline.nodes[asked.node], sc.timeline.rules
    secret = told_by_a_wrong_try(asked) | answer_words(asked)
    kinds = {type(c.action) for c in answer_nodes(asked.puzzle, node, rules)}
    for a in Game(rules, node.state).legal_actions():
        j = judge(asked.puzzle, node, rules, a)
        if j.correct:
            continue
        assert j.legal and j.reason and j.reason.rstrip(".") in j.text, (str(a), j.text)
        told = [w for w in secret if says(w, j.reason) and not says(w, str(a))]
        assert told == [], f"{a}: {j.reason!r} tells {told}"
        if type(a) in kinds:  # the same kind: a comparison, not only "not the move"
            assert "another kind" not in j.reason and len(j.reason.split()) >= 5, j.reason
        else:
            assert j.reason == "the question asks for another kind of move"


def test_a_wrong_corner_or_robber_hex_is_compared_with_the_answer_in_dots():
    """1.4's second question (P3's corner with the most dots, M4: 11): E4 has 8; 2.2's robber
    (the hex that blocks most of P2's dots, Q: 8): R blocks one settlement on a 6 (5 dots)."""
    t = at_question([a for a in PUZZLES if a.lesson == "puzzle_base_setup"][1])
    t.puzzle.submit("P3 settle E4")
    shown = widget_text(t.puzzle.widget)
    assert "E4 has 8 dots; a corner a settlement may still take has more." in shown
    assert not says("M4", shown) and t.session.puzzle.holds()
    robber = at_question(next(a for a in PUZZLES if a.lesson == "puzzle_base_robber"))
    robber.puzzle.submit("P1 robber R P2")
    shown = widget_text(robber.puzzle.widget)
    said = "On hex R, the robber blocks 5 dots of P2's production; there is a hex where it blocks"
    assert said in shown and not says("Q", shown)


def test_the_wrong_tries_the_learner_met_say_why_without_the_answer():
    """The learner's two: 1.4's "P1 settle E4" (the turn is P3's), 2.2's robber on M. 1.4
    asks whose turn it is: each part is judged, naming neither part of the answer (s33):
    why E4 is worse, as the seat to move would hear it, then that it is not P1's turn (l45,
    told of the dots alone, believed P1 right)."""
    t = at_question([a for a in PUZZLES if a.lesson == "puzzle_base_setup"][1])
    t.puzzle.submit("P1 settle E4")
    shown = widget_text(t.puzzle.widget)
    said = (
        "That is not the move the question asks for. E4 has 8 dots; a corner a settlement "
        "may still take has more. It is not P1's turn: whose is it?"
    )
    assert "Not the answer" in shown and said in shown, shown
    assert "move now" not in shown and "can't" not in shown, shown
    assert not says("P3", shown)
    robber = at_question(next(a for a in PUZZLES if a.lesson == "puzzle_base_robber"))
    robber.puzzle.submit("P1 robber M P2")
    shown = widget_text(robber.puzzle.widget)
    assert "forest 8" in shown and "hills 5" not in shown and not says("Q", shown)
    assert "Hint (2 left)" in shown


def test_a_click_on_the_board_plays_the_one_kind_of_the_moment_and_the_kind_stays():
    """2.2: nothing chosen, a click on hex M plays the robber's move there (the only kind of
    the phase; only P2 can be robbed on M, s18), judged wrong; the kind stays chosen for the
    next try, its form shown."""
    t = at_question(next(a for a in PUZZLES if a.lesson == "puzzle_base_robber"))
    s = t.session
    at = s.timeline.current
    assert "Click your move's spot on the board" in t.puzzle.how.value
    t.controls.act_at(("hex", board.HEX_NAMES.index("M")))
    assert s.timeline.current is at and s.puzzle.tries == 1
    assert s.kind == "move robber" and t.controls.form is not None
    assert t.controls.palette.value == "move robber"
    assert "Not the answer" in widget_text(t.puzzle.widget)


def test_a_question_who_moves_asks_the_player_in_the_form_and_names_none():
    """1.4 asks whose turn it is: a click plays for nobody; the form asks the player (every
    seat offered, none chosen), and the prompt says so."""
    t = at_question([a for a in PUZZLES if a.lesson == "puzzle_base_setup"][1])
    s = t.session
    at = s.timeline.current
    assert "Choose a move below, its player in its form, then" in t.puzzle.how.value
    t.controls.act_at(("vertex", board.VERTEX_LABELS.index("E4")))
    assert s.puzzle.tries == 0 and s.kind == "settle" and s.timeline.current is at
    form = t.controls.form
    assert form is not None and form.pickers["player"].value is None
    assert [label for label, _ in form.pickers["player"].options] == [CHOOSE, "P1", "P2", "P3"]
    assert not says("P3", widget_text(t.puzzle.widget) + t.controls.message.value)
    form.pickers["player"].value = 0
    form.play()
    assert s.puzzle.tries == 1 and s.timeline.current is at
    shown = widget_text(t.puzzle.widget)
    assert "Not the answer" in shown and "move now" not in shown, shown  # (s33)
    assert not says("P3", shown)


def test_chance_after_a_right_answer_resolves_itself_as_the_lesson_has_it():
    """2.2: after the robber's move the steal is random: it is not offered as P1's choice
    (no steal form, no "P1 steals 1 grain"); the lesson's outcome is played, the "right"
    stays shown."""
    t = at_question(next(a for a in PUZZLES if a.lesson == "puzzle_base_robber"))
    s = t.session
    question = s.timeline.current
    t.puzzle.submit("P1 robber Q P2")
    assert not s.game.is_chance()
    assert s.timeline.current.parent is question.children[0]
    assert str(s.timeline.current.action) == "steal grain"
    assert "Right" in widget_text(t.puzzle.widget)
    assert "steal" not in [k for _, k in t.controls.palette.options]
    assert "steals 1 grain" not in widget_text(t.controls.form_box)


def named_answer_kinds(asked: Asked) -> set[str]:
    """The names of the answer's kinds a lesson's words could give it away with: a kind of
    two words whole ("neutral road", "robber home") and the thing a build kind builds
    ("wall" of "build wall"); a one-word verb ("roll") is left out (a past roll is told)."""
    sc = asked.scenario()
    assert sc.timeline is not None
    at = sc.timeline.nodes[asked.node]
    kinds = {kind_name(n.action) for n in answer_nodes(asked.puzzle, at, sc.timeline.rules)}
    out = {k for k in kinds if " " in k and not k.startswith("build ")}
    return out | {k.removeprefix("build ") for k in kinds if k.startswith("build ")}


# goals naming their answer, in lessons reworded on another branch (issue 33: to drop on merge)


@pytest.mark.parametrize(
    "asked",
    [
        a
        for a in PUZZLES
        if named_answer_kinds(a)  # (a one-word verb: nothing to look for)
    ],
    ids=lambda a: f"{a.lesson}@{a.node}",
)
def test_the_goal_and_intro_before_a_puzzle_do_not_name_its_answer(asked: Asked):
    """Issue 33 (puzzle 6.5 said "city walls raise that limit" before asking for a wall): the
    lesson's goal and opening text, shown before the question, do not name the kind of move
    or the piece that answers it, unless the question names it itself."""
    sc = asked.scenario()
    assert sc.timeline is not None
    intro = f"{sc.goal}\n{sc.timeline.root.tutor}"
    names = named_answer_kinds(asked)
    assert names
    named = sorted(
        w
        for w in names
        if re.search(rf"\b{re.escape(w)}s?\b", intro, re.IGNORECASE)
        and not re.search(rf"\b{re.escape(w)}s?\b", asked.puzzle.prompt, re.IGNORECASE)
    )
    assert named == [], f"{asked.lesson}: its goal or intro names the answer: {named}"


# What decides a puzzle's answer, in the words its lesson's goal (shown before the question)
# would give it away with, unless the question says them itself: 2.2's goal said "see that a
# hex two settlements touch pays (and loses) twice" (a fresh learner), 3.2's "from a
# settlement on a 2:1 harbor", 5.13's "how trade tokens free a hex from the robber".
DECIDING = {
    "puzzle_base_setup": ("turns back", "backwards", "reverse", "again"),
    "puzzle_base_robber": ("twice", "two settlements", "both", "pays"),
    "puzzle_base_trading": ("harbor", "3:1", "r4"),  # (P1's 3:1 trade since s43)
    "puzzle_base_2p": ("token", "robber home", "desert", "one token action"),
    "puzzle_base_dummy": ("d's turn", "dummy's turn", "twice in a row"),
    "puzzle_ck_2p": ("forced", "no neutral knight", "neutral road", "knight for"),
    "puzzle_ck_knights": ("city", "improvement", "politics", "activat"),
    "puzzle_ck_walls": ("wall", "limit", "raise"),
    "puzzle_base_awards": ("road building", "knight", "largest army", "third"),
    "puzzle_ck_barbarians": ("activ", "promot", "strong", "tie", "knight"),
    "puzzle_ck_progress": ("merchant", "pasture", "wool", "2 for 1"),
    "puzzle_ck_metropolis": ("level 5", "science", "trade", "cloth", "paper", "for good", "first"),
}


@pytest.mark.parametrize("asked", PUZZLES, ids=IDS)
def test_a_lessons_goal_names_neither_an_answers_spot_nor_what_decides_it(asked: Asked):
    """The goal over a puzzle lesson says what its questions are about, never an answer's
    spot or move (``answer_words``) nor what decides it (``DECIDING``), unless the question
    names it itself."""
    sc = asked.scenario()
    goal, prompt = sc.goal.lower(), asked.puzzle.prompt.lower()
    named = [w for w in found(answer_words(asked), sc.goal) if w.lower() not in prompt]
    named += [w for w in DECIDING[asked.lesson] if w in goal and w not in prompt]
    assert named == [], f"{asked.lesson}: its goal gives away {named}: {sc.goal}"


def test_a_solved_question_asks_no_move_until_the_step_button_goes_on():
    """Issue 33 (a fresh learner, lesson 1.4): after the first road was answered right, the
    form under it asked where P2's settlement goes, while the lesson wanted ▶. Until ▶, a
    solved question offers nothing to play (no palette, greyed kinds, form or glow; Roll and
    End turn grey), says the lesson goes on with ▶, and a click on the board plays nothing;
    ▶ goes on and the moves are offered again. Both right answers of 1.4's first question
    (the lesson's own and one beside its line with a move after it), then every question's
    own answer: where it asks again at once, the next question is offered as usual. (A right
    answer beside the line with no move after it is played on: test_go_on_note.py, s31.)"""
    first = next(a for a in PUZZLES if a.lesson == "puzzle_base_setup")
    t = at_question(first)
    node = t.session.timeline.current
    answers = answer_nodes(first.puzzle, node, t.session.timeline.rules)
    assert len(answers) >= 2 and answers[0] is node.children[0]
    for k in (0, 1):
        t = at_question(first)
        s, c = t.session, t.controls
        t.puzzle.submit(str(answers[k].action))
        assert s.timeline.current.id == answers[k].id
        if not answers[k].children:  # the learner's own line: played on (s31, 9.18)
            assert not s.puzzle.resting() and c.palette.options and GO_ON not in t.header.value
            continue
        assert c.palette.layout.display == "none" and c.blocked.options == ()
        assert c.form is None and s.kind == "" and t.board.view.targets == []
        assert s.puzzle.resting()
        assert c.roll_button.disabled and c.end_button.disabled
        # said once, on the status line (l22: it offered "end the turn" under a grey End turn)
        assert GO_ON in html.unescape(t.header.value) and c.message.value == ""
        t.act_at(("vertex", board.parse_vertex("H6")))  # a free corner: nothing played, nor
        # "Solved. Press ▶" said again under the buttons (l34: said anew at every tap)
        assert s.timeline.current.id == answers[k].id and c.message.value == ""
        s.step("forward")
        assert not s.puzzle.resting() and c.message.value == ""
        assert [o for o in c.palette.options] and t.board.view.targets
    met = {"asked again": 0, "resting": 0}
    for asked in PUZZLES:
        t = at_question(asked)
        s, c = t.session, t.controls
        rules = s.timeline.rules
        own = answer_nodes(asked.puzzle, s.timeline.current, rules)[0]
        s.play(own.action)
        if s.puzzle_secret:  # asked again here: the new question's kinds, as ever
            assert not s.puzzle.resting()
            assert [k for _, k in c.palette.options] == [
                k for k in moment_kinds(s.game) if k != "end turn"
            ]
            met["asked again"] += 1
        elif s.timeline.current.children:
            assert s.puzzle.resting() and c.form is None, asked.lesson
            assert c.palette.layout.display == "none" and GO_ON in html.unescape(t.header.value)
            met["resting"] += 1
    assert all(met.values()), met


@pytest.mark.parametrize("asked", PUZZLES, ids=IDS)
def test_a_first_hint_does_not_name_the_answer(asked: Asked):
    """The first hint helps without giving the answer away (puzzle "keeping cards on a 7":
    "It goes under P3's city on C6."): it names neither the answer's move, its words, the
    spot it is played on (a piece there or not) nor the piece it builds, unless the question
    names it itself or the move acts on the knight standing there (a question about "the new
    knight" points at it). The second hint may."""
    first = asked.puzzle.hints[0]
    sc = asked.scenario()
    assert sc.timeline is not None
    at = sc.timeline.nodes[asked.node]
    knights = at.state.kn or ()
    spots = {
        LABELS[s[0]][s[1]]
        for n in answer_nodes(asked.puzzle, at, sc.timeline.rules)
        if (s := target_of(n.action)) is not None and s[0] != "hex"
        if not (s[0] == "vertex" and knights and knights[s[1]] is not None)
    }
    # a hex also by its terrain and number ("the hills 5", lesson 2.2) where no other hex
    # of the board has that pair
    s = at.state
    pairs = [hex_words(s, h) for h in range(len(s.layout.terrain))] if s.layout else []
    spots |= {
        w
        for n in answer_nodes(asked.puzzle, at, sc.timeline.rules)
        if (x := target_of(n.action)) is not None and x[0] == "hex"
        if (w := hex_words(s, x[1])) and pairs.count(w) == 1
    }
    named = [
        w
        for w in found(answer_words(asked) | spots, first)
        if not re.search(rf"\b{re.escape(w)}\b", asked.puzzle.prompt, re.IGNORECASE)
    ]
    named += sorted(
        w
        for w in named_answer_kinds(asked)
        if re.search(rf"\b{re.escape(w)}s?\b", first, re.IGNORECASE)
        and not re.search(rf"\b{re.escape(w)}s?\b", asked.puzzle.prompt, re.IGNORECASE)
    )
    # nor the answer's kind as its button says it ("Nothing with the dummy now; end the turn."
    # for P1's "End the turn")
    for n in answer_nodes(asked.puzzle, at, sc.timeline.rules):
        said = wording.kind_words(kind_name(n.action)).lower() if n.action else ""
        if said and said in first.lower() and said not in asked.puzzle.prompt.lower():
            named.append(said)
    assert named == [], f"{asked.lesson}: its first hint names the answer: {named}"


def test_the_hand_limit_puzzle_is_a_review_question_not_an_elimination():
    """Puzzle "keeping cards on a 7" was answered by elimination: its goal and opening said a
    piece raises the limit, it came right after the wall lesson, and P3's hand bought only a
    road, a trade improvement or the wall. Its goal and opening say only what a 7 does
    (CK-SEVEN-DISCARD); P3's hand pays for a road, a settlement, a knight, an improvement and
    the wall, and at least three kinds of build besides the answer are legal at the question
    (CK-BUILD-COSTS); the puzzle closes its chapter, after the aqueduct and the trading
    house, not the line after the walls."""
    asked = next(a for a in PUZZLES if a.lesson == "puzzle_ck_walls")
    sc = asked.scenario()
    assert sc.timeline is not None
    intro = f"{sc.goal}\n{sc.timeline.root.tutor}"
    assert "CK-SEVEN-DISCARD" in intro
    told = re.findall(r"\b(?:rais\w*|piece\w*|build\w*|keep\w* more|limit\w*)\b", intro, re.I)
    assert told == [], intro
    node = sc.timeline.nodes[asked.node]
    g = Game(sc.timeline.rules, node.state)
    p = g.current_player
    brick, lumber, wool, grain, ore, _paper, cloth, _coin = g.state.hands[p]
    assert sum(g.state.hands[p]) <= 7  # nobody discards on this 7
    assert min(brick, lumber, wool, grain) >= 1 and min(wool, ore) >= 1 and cloth >= 1
    assert brick >= 2  # road, settlement, knight, trade level 1 and the wall: all paid
    answers = {kind_name(n.action) for n in answer_nodes(asked.puzzle, node, sc.timeline.rules)}
    builds = {kind_name(a) for a in g.legal_actions()} - {"offer", "end turn"} - answers
    assert len(builds) >= 3, builds
    places = course(packaged_lessons())
    here = places["puzzle_ck_walls"]
    chapter = sorted((q.number, n) for n, q in places.items() if q.chapter == here.chapter)
    assert chapter[-1][1] == "puzzle_ck_walls"
    assert {"ck_aqueduct", "ck_trading_house_fortress"} <= {n for _, n in chapter[:-1]}
    after = dict((q.number, n) for n, q in places.items() if q.chapter == here.chapter)
    assert after[here.number - 1] != "ck_city_walls_seven"


# the pieces of a turn's other phase: not before the roll (BASE-TURN-PHASES, CK-TURN-ROLL-PHASE)
BUILT_AFTER_THE_ROLL = {"settle", "build road", "build city", "buy dev", "bank trade", "offer"}


def palette_agrees_with_the_buttons(t: Tutor) -> list[str]:
    """What the palette offers that the moment does not allow (none expected): a kind with a
    button of its own (Roll, End turn) offered while its button is grey or missing while it
    is lit (End turn counts with the palette), the robber's move outside the robber's phase,
    a roll after the roll; outside a question, building before the roll, a kind not legal
    now (at a question every kind of the turn is offered, before the roll or after it:
    ``test_a_questions_palette_is_the_same_whatever_its_answer``)."""
    s, c = t.session, t.controls
    offered = [k for _, k in c.palette.options] if c.palette.layout.display != "none" else []
    phase = s.game.state.phase
    wrong = []
    if offered and ("roll" in offered) == c.roll_button.disabled and not s.game.is_chance():
        wrong.append(
            f"roll offered {'roll' in offered}, its button lit {not c.roll_button.disabled}"
        )
    ends = "end turn" in (moment_kinds(s.game) if s.puzzle_secret else s.kinds())
    if offered and ends == c.end_button.disabled:
        wrong.append(f"end turn offered {ends}, its button lit {not c.end_button.disabled}")
    if "move robber" in offered and phase != "robber":
        wrong.append(f"move robber in {phase}")
    if phase == "main" and "roll" in offered:
        wrong.append("roll after the roll")
    if phase == "pre-roll" and not s.puzzle_secret:
        wrong += [f"{k} before the roll" for k in offered if k in BUILT_AFTER_THE_ROLL]
    if not s.puzzle_secret:
        wrong += [f"{k} not legal" for k in offered if k not in s.kinds()]
    return wrong


@pytest.mark.parametrize("asked", PUZZLES, ids=IDS)
def test_a_questions_palette_offers_nothing_its_buttons_and_phase_do_not_allow(asked: Asked):
    """Puzzle "keeping cards on a 7" offered "Roll the dice" in its palette while the Roll
    button was grey (the palette had both phases of a turn, and the robber's move). At every
    question the palette and the buttons agree, and the palette keeps to the phase: kinds not
    legal now are still offered (the legal ones alone would narrow the answer), but none the
    phase never plays, and the answer's kind among them."""
    t = at_question(asked)
    assert palette_agrees_with_the_buttons(t) == []
    s = t.session
    offered = {k for _, k in t.controls.palette.options} | {"end turn"}
    answers = answer_nodes(asked.puzzle, s.timeline.current, s.timeline.rules)
    assert {kind_name(n.action) for n in answers if n.action} <= offered


def _turn_palettes(variant: str, players: int) -> dict[str, set[str]]:
    """The kinds a question's palette offers in a turn of ``variant``, before the roll and
    after it (a game played on with the first legal move to each; Roll and End turn left
    out: their own buttons say whether they are legal, for all to see)."""
    g = new_game(variant, players=players)
    out: dict[str, set[str]] = {}
    for i in range(400):
        phase = g.state.phase
        if phase in ("pre-roll", "main") and phase not in out:
            out[phase] = set(moment_kinds(g)) - {"roll", "end turn"}
        if len(out) == 2:
            break
        if g.is_chance():
            outcomes = g.chance_outcomes()  # (not always the first: some throws are thrown again)
            g.play(outcomes[i % len(outcomes)][0])
            continue
        legal = g.legal_actions()
        roll = [a for a in legal if kind_name(a) == "roll"]
        g.play((roll or legal)[0])
    return out


@pytest.mark.parametrize("asked", PUZZLES, ids=IDS)
def test_a_questions_palette_is_the_same_whatever_its_answer(asked: Asked):
    """A fresh learner, 5.13 ("Before rolling, free the hex"): the palette before the roll
    had eight kinds, "Send the robber home" among them, word for word the answer. At every
    question the palette offers the kinds of the moment alike, whatever the answer: in a turn,
    before the roll or after it, every kind of the variant's turn (the building too before
    the roll, the moves before the roll too after it), the answer's one among them; Roll and
    End turn as their own buttons show them. Questions of one variant in a turn offer one and
    the same list."""
    t = at_question(asked)
    s = t.session
    g = s.game
    offered = {k for _, k in t.controls.palette.options}
    answers = answer_nodes(asked.puzzle, s.timeline.current, s.timeline.rules)
    kinds = {kind_name(n.action) for n in answers if n.action}
    assert kinds <= offered | {"end turn"}
    if g.state.phase not in ("pre-roll", "main"):
        return
    turn = _turn_palettes(g.variant, g.players)
    assert set(turn) == {"pre-roll", "main"}
    assert turn["pre-roll"] == turn["main"], turn
    assert offered - {"roll"} == turn["main"], (asked.lesson, asked.node)
    assert ("roll" in offered) == (not t.controls.roll_button.disabled)
    assert {"settle", "build road", "build city", "bank trade"} <= offered
    assert len(offered) >= 10


@pytest.mark.parametrize(
    "lesson", ["base_production_robber", "base_2p_double_roll", "ck_city_walls_seven"]
)
def test_a_lessons_palette_offers_only_what_its_step_allows(lesson: str):
    """At every step of a few lessons (lesson mode, as a learner steps with ▶), the palette
    offers the kinds legal now only, and Roll and End turn agree with it."""
    sc = load_scenario(packaged_lessons() / f"{lesson}{SUFFIX}")
    t = Tutor(sc)
    s = t.session
    s.lesson_id = lesson
    assert s.timeline is not None
    met = 0
    for node in list(s.timeline.walk()):
        s.goto(node)
        if s.puzzle_secret:
            continue
        assert palette_agrees_with_the_buttons(t) == [], (lesson, node.id, str(node.action))
        met += bool(t.controls.palette.options)
    assert met >= 3


def _form_text(t: Tutor) -> str:
    """What the form says but its spot lists (they offer every spot: the answer's among
    them, as on the board)."""
    form = t.controls.form
    assert form is not None
    spots = {n for n, _ in SPOT_FIELDS}
    lists = [dd for n, dd in form.pickers.items() if n not in spots]
    return "\n".join(
        [widget_text(dd) for dd in lists] + [widget_text(form.listed), form.status.value]
    )


@pytest.mark.parametrize("asked", PUZZLES, ids=IDS)
def test_the_form_of_the_answers_kind_neither_lists_moves_nor_narrows_the_answer(asked):
    """A fresh learner, puzzle 3.2 "Get it from the bank at the best rate": after "Trade with
    the bank" the rate list offered only 2 and 4 (the legal rates: the answer is the
    smaller) and "or choose one here" opened with the answer. While a question waits, a
    form lists no complete move, and its lists are not the legal values alone."""
    t = at_question(asked)
    s = t.session
    words = answer_words(asked)
    answers = answer_nodes(asked.puzzle, s.timeline.current, s.timeline.rules)
    for kind in sorted({kind_name(n.action) for n in answers if n.action}):
        s.choose_kind(kind)
        form = t.controls.form
        if form is None:  # a kind naming only its seat: judged at once
            continue
        assert form.listed.options == () and form.listed.layout.display == "none"
        assert found(words, _form_text(t)) == [], (kind, found(words, _form_text(t)))
        if "count" in form.pickers and kind == "bank trade":  # every rate: BASE-TRADE-MARITIME
            rates = form.offered("count")
            assert rates == [2, 3, 4], rates
        if "give" in form.pickers and kind == "bank trade":
            assert len(form.offered("give")) == len(s.game.state.bank)
        if "track" in form.pickers:  # every track (CK-IMPROVE-BUILD)
            assert len(form.offered("track")) == 3


def test_BASE_ROBBER_STEAL_a_puzzles_rob_from_list_starts_empty_below_the_hex_chosen():
    """A fresh learner, 2.2: after the hex Q was chosen in the form, "rob from" stood on
    "none" (a puzzle's form offers every value, and a list below a choice took its first),
    and Play sent a move that robs nobody. In a puzzle's form no value is taken for the
    learner; the victim left out reads "nobody"."""
    asked = next(a for a in PUZZLES if a.lesson == "puzzle_base_robber")
    t = at_question(asked)
    s = t.session
    s.choose_kind("move robber")
    form = t.controls.form
    assert form is not None and "victim" in form.pickers
    form.set(hex="Q")
    victim = form.pickers["victim"]
    assert victim.value is None, victim.value
    labels = [label for label, _ in victim.options]
    assert "P2" in labels and "nobody" in labels and "none" not in labels, labels
    assert form.action() is None  # nothing to play until the learner picks


def test_a_refusal_whose_reason_is_secret_is_two_plain_sentences(monkeypatch):
    """A fresh learner: "P3 can't build a settlement on A4: saying why would give the answer
    away; a hint helps." read awkwardly (a verdict, a colon, then not a reason). Every wrong
    try whose reason is kept secret reads as two sentences: the verdict, then
    ``SECRET_WHY``. No try of the course comes to it since its causes are said apart
    (study/cause_kept.py, l36 at 5.13): one whose cause is kept back too shows it."""
    for asked in PUZZLES:
        sc = asked.scenario()
        assert sc.timeline is not None
        node = sc.timeline.nodes[asked.node]
        for a, j in _tries_judged(asked):
            if j.correct or j.legal or SECRET_WHY not in j.text:
                continue
            if j.text == SECRET_WHY and asks_who(asked.puzzle):  # "P1 can't" would say whose
                continue  # move it is not (s33)
            assert j.text == f"{can(node.state, a, False)} {SECRET_WHY}", j.text
    from catan_tutor.study import puzzle

    monkeypatch.setattr(puzzle, "cause_kept", lambda s, ex: "")  # no cause apart: held back
    asked = next(a for a in PUZZLES if a.lesson == "puzzle_ck_walls")
    tl = asked.scenario().timeline
    assert tl is not None
    bare = dataclasses.replace(asked.puzzle, wrong=())  # (no author's reason for the kind)
    j = judge(bare, tl.nodes[asked.node], tl.rules, "P3 settle B4")
    assert j.text == f"P3 can't build a settlement on B4. {SECRET_WHY}", j.text


def test_every_refused_try_at_every_question_says_why():
    """l45 at 9.18: "P2 trade 2 cloth for ore" read "P2 can't trade 2 cloth with the bank for
    1 ore (2:1)." and no more on the page (its "That is not the answer" is the heading's):
    the rate P2 lacks went unsaid for the rules of C&K's rates (CK-TRADE-BANK,
    CK-TRADE-MERCHANT…). Every try refused at every question of the course (``tries_at``:
    a bank trade at every rate among them) says why: no reason is kept back whole, each
    said without the answer's part (study/cause_kept.py)."""
    held = [
        f"{asked.lesson}@{asked.node} {a}: {j.text}"
        for asked in PUZZLES
        for a, j in _tries_judged(asked)
        if not j.correct and not j.legal and SECRET_WHY in j.text
    ]
    assert held == [], held[:5]


# The card a move plays (a development card's index, a progress card's name), for the hand row
_PLAYED_DEV = {"PlayKnight": 0, "PlayRoadBuilding": 2, "PlayPlenty": 3, "PlayMonopoly": 4}


def _played_card(a: Action) -> str:
    """The title of the card ``a`` plays ('' for a move that plays none)."""
    from catan_tutor.card_titles import card_title

    name = type(a).__name__
    if name in _PLAYED_DEV:
        return card_title(_PLAYED_DEV[name], dev=True)
    return card_title(a.card) if name == "PlayProgress" else ""  # type: ignore[attr-defined]


@pytest.mark.parametrize("asked", PUZZLES, ids=IDS)
def test_the_hand_row_does_not_answer_which_card_to_play(asked: Asked):
    """s18, 4.3: "P1 never produces lumber, yet wants two more roads" under a hand row listing
    "development cards: 1 Road Building card", P1's only card: the row answered it. Where an
    answer plays a card the prompt does not name, the hand row of the seat to move lists
    another card that may be played too (a Victory Point card is never played), or not the
    answer's card at all."""
    from catan_tutor.widgets.play_panel import own_hand_html

    sc = asked.scenario()
    assert sc.timeline is not None
    node = sc.timeline.nodes[asked.node]
    g = Game(sc.timeline.rules, node.state)
    seat = g.current_player if g.current_player >= 0 else g.state.active
    row = html.unescape(re.sub(r"<[^>]+>", "", own_hand_html(g, seat, False, unnamed=True)))
    held = set(re.findall(r"\d+ ([A-Z][\w ]*?) cards?\b", row))
    if "progress cards: " in row:
        held |= {t.strip() for t in row.split("progress cards: ", 1)[1].split(",")}
    held -= {"Victory Point", "Constitution", "Printing"}  # (laid out or kept, never played)
    for child in answer_nodes(asked.puzzle, node, sc.timeline.rules):
        card = _played_card(child.action) if child.action is not None else ""
        if card and card.lower() not in asked.puzzle.prompt.lower() and card in held:
            assert held - {card}, f"{asked.lesson}: the hand row {row!r} answers it"


# The commodity each track is paid with (CK-BUILD-COSTS: paper, cloth, coin)
_TRACK_COMMODITY = {"science": "paper", "trade": "cloth", "politics": "coin"}


@pytest.mark.parametrize("asked", PUZZLES, ids=IDS)
def test_the_hand_row_does_not_answer_which_track_to_improve(asked: Asked):
    """The sweep above looks at the cards an answer plays; an answer may also spend a
    commodity on a track (CK-IMPROVE-BUILD). Where the prompt names neither the track nor
    its commodity, the hand row (and the levels under it) must leave another track
    affordable too: a hand whose only commodity pays for the answer's track answers it."""
    from catan_tutor.actions import TRACK_NAMES

    sc = asked.scenario()
    assert sc.timeline is not None
    node = sc.timeline.nodes[asked.node]
    g = Game(sc.timeline.rules, node.state)
    prompt = asked.puzzle.prompt.lower()
    affordable = {TRACK_NAMES[a.track] for a in g.legal_actions() if type(a).__name__ == "Improve"}
    for child in answer_nodes(asked.puzzle, node, sc.timeline.rules):
        if type(child.action).__name__ != "Improve":
            continue
        track = TRACK_NAMES[child.action.track]  # type: ignore[attr-defined]
        if track in prompt or _TRACK_COMMODITY[track] in prompt:
            continue
        assert affordable - {track}, f"{asked.lesson}@{asked.node}: only {track} is affordable"


@pytest.mark.parametrize("asked", PUZZLES, ids=IDS)
def test_try_a_move_names_no_part_of_the_answer_at_an_open_question(asked: Asked):
    """A fresh learner (l40, 1.4's "Whose turn is it to place?"): Explore's Try a move said
    "P1 can't build a settlement on E4: it is P3's move, not P1's." where the Answer box keeps
    it back. At every question, Try a move's verdict on every move a learner can try (the
    sweep's ``tries_at``) says no part of the answer beyond what the try itself says; a
    refusal still says why, but where the question asks who moves Try a move judges none."""
    t = at_question(asked)
    g = t.session.game
    hidden = t.session.puzzle.kept_back()
    secret = told_by_a_wrong_try(asked) | answer_words(asked)
    for a, j in _tries_judged(asked):
        if j.correct:
            continue
        shown = verdicts.verdict_html(g.explain(a), g, hidden=hidden)
        text = html.unescape(re.sub(r"<[^>]+>", " ", shown)).split(" Rule: ")[0]  # (the rule's
        # own title and text, a disclosure, are the rulebook's: the same whatever the answer)
        own = can(g.state, a, j.legal)
        told = [w for w in secret if says(w, text) and not says(w, own)]
        assert told == [], f"{a}: {text!r} tells {told}"
    if asked.lesson == "puzzle_base_setup" and "Whose turn" in asked.puzzle.prompt:
        t.controls.check_try("P1 settle E4")  # (who moves is the question: no verdict at
        # all, "it is not P1's move now" told half of it, l43; test_s32_words)
        said = html.unescape(re.sub(r"<[^>]+>", " ", t.controls.try_verdict.value))
        assert "move now" not in said and "P3" not in said, said


@pytest.mark.parametrize("asked", PUZZLES, ids=IDS)
def test_a_spot_misnamed_is_not_answered_with_the_hexs_spots(asked: Asked):
    """A fresh learner (l40, 1.4's first road): "road n6" was told "…; the edges of hex N are
    J7, N3, N5, N7, M3 and I5", two of them the answer. At every question a hex's letter with
    an hour that names no spot, typed as a road or a settlement on every hex, is told how
    spots are named without a list holding any part of the answer."""
    sc = asked.scenario()
    assert sc.timeline is not None
    node, rules = sc.timeline.nodes[asked.node], sc.timeline.rules
    secret = told_by_a_wrong_try(asked) | answer_words(asked)
    for letter in board.HEX_NAMES:
        for typed in (f"road {letter}8", f"settle {letter}7"):  # (no edge, no corner)
            text = judge(asked.puzzle, node, rules, typed).text
            told = [w for w in secret if says(w, text) and not says(w, typed)]
            assert told == [], f"{typed}: {text!r} tells {told}"
    # and Try a move, under Explore (its reply is the judge's, the same clause dropped): at
    # the hexes whose edges' list would hold a spot of the answer, the only ones it could tell
    t = at_question(asked)
    edges = [{board.EDGE_LABELS[e] for e in board.HEX_EDGES[h]} for h in range(board.N_HEXES)]
    near = [board.HEX_NAMES[h] for h in range(board.N_HEXES) if edges[h] & secret]
    for letter in near or board.HEX_NAMES[:1]:
        t.controls.check_try(f"P1 road {letter}8")
        text = html.unescape(re.sub(r"<[^>]+>", " ", t.controls.try_verdict.value))
        told = [w for w in secret if says(w, text) and not says(w, f"P1 road {letter}8")]
        assert told == [], f"{letter}8: {text!r} tells {told}"
    t.controls.check_try("P1 raod N7")  # the kind misspelt is still asked after (l37)
    text = html.unescape(re.sub(r"<[^>]+>", " ", t.controls.try_verdict.value))
    assert "did you mean “road”?" in text, text


# Slips a learner makes in every kind of move (a misspelt card, a kind with a part left out)
SLIPS = (
    "P1 bank 2 wol for brik", "trade wool for brik", "P2 bank 4 grain for oar", "road",
    "settle", "city", "P1 offer P2", "P2 play", "monopoly", "knight", "force", "P1 buy brik",
)  # fmt: skip
_QUOTED = re.compile(r"“([^”]+)”")


@pytest.mark.parametrize("asked", PUZZLES, ids=IDS)
def test_a_slip_at_a_question_is_told_the_form_without_a_move_legal_there(asked: Asked):
    """l41 at 3.2: "p2 bank 2 wool for 1 brik" was told "…like “P2 bank 2 wool for lumber”",
    the 2:1 rate the question asks for. At every question, no reply to a slip (answer box
    or Try a move) quotes a move the position allows: the form is said in words only."""
    sc = asked.scenario()
    assert sc.timeline is not None
    node, rules = sc.timeline.nodes[asked.node], sc.timeline.rules
    game = Game(rules, node.state)
    legal = {str(a) for a in game.legal_actions()}
    t = at_question(asked)
    shown: list[str] = []
    for typed in SLIPS:
        t.controls.check_try(typed)
        tried = html.unescape(re.sub(r"<[^>]+>", " ", t.controls.try_verdict.value))
        for text in (judge(asked.puzzle, node, rules, typed).text, tried):
            shown += [f"{typed}: {q}" for q in _QUOTED.findall(text) if q in legal]
    assert shown == []


def _at_4_3_first_question() -> App:
    """The app at lesson 4.3's first question (its Road Building roads)."""
    app = App(start="puzzle_base_awards")
    for _ in range(40):
        if app.session.puzzle.holds():
            break
        app.session.forward()
    return app


def test_an_empty_answer_says_to_type_a_move_naming_no_answer():
    """s35 (a fresh learner at 4.3): Answer with an empty box did nothing. It says to type a
    move first, with an example that names none of the question's answer (its labels and
    move: ``secret_labels``); nothing is judged (no try counted)."""
    app = _at_4_3_first_question()
    s, p = app.session, app.tutor.puzzle
    assert s.puzzle.holds()
    p.answer.value = ""
    p.answer_button.click()
    said = html.unescape(re.sub(r"<[^>]+>", " ", p.result.value))
    assert "Type your move in the box first" in said and "like “" in said, said
    example = said.split("like “", 1)[1].split("”", 1)[0]
    for label in s.puzzle.secret_labels():
        assert label not in example, (label, example)
    assert s.puzzle.tries == 0 and s.puzzle.holds()


def test_show_the_answer_comes_once_the_hints_are_used_up_and_counts_as_seen():
    """s35 (a fresh learner at 4.3): after both hints "No more hints", ▶ and ▶| greyed, and
    no way on. "Show the answer" shows only once every hint was shown; it plays the lesson's
    answer (BASE-DEV-ROAD-BUILDING's road there) with its why, headed "The answer" (not
    "Right"), and the course's progress does not count the question solved."""
    app = _at_4_3_first_question()
    s, p = app.session, app.tutor.puzzle
    question = s.node
    puzzle = s.puzzle.puzzle_at(question)
    assert s.puzzle.holds() and puzzle is not None and len(puzzle.hints) >= 1
    for _ in puzzle.hints:
        assert p.show_button.layout.display == "none"  # not before the hints are used up
        p.hint_button.click()
    assert p.hint_button.description == "No more hints"
    assert p.show_button.layout.display == "" and p.show_button.description == "Show the answer"
    p.show_button.click()
    assert s.node.parent is question and s.is_lesson_node(s.node)
    assert str(s.node.action) in puzzle.answers or not puzzle.answers
    said = html.unescape(re.sub(r"<[^>]+>", " ", p.result.value))
    assert "The answer" in said and "Right" not in said, said
    assert "answer shown" in p.prompt.value and not s.puzzle.holds(question)
    assert s.puzzle.key(question) in s.puzzle.given  # seen, not solved by the learner
    assert question.id not in app.progress.store.solved.get("puzzle_base_awards", set())
    # the title line and the note by ▶ say the answer was shown, not "solved" (s35's look)
    head = html.unescape(app.tutor.header.value)
    assert "answer shown" in head and "puzzle solved" not in head, head
    assert solved_words(s) == SHOWN_GO_ON


def test_show_the_answer_comes_after_three_tries_hints_taken_or_not():
    """Learners 272 and 276 had tried three times and still had to take each hint before
    they could see the answer: after ``TRIES_TO_SHOW`` wrong tries it shows, no hint taken."""
    app = _at_4_3_first_question()
    s, p = app.session, app.tutor.puzzle
    for k in range(TRIES_TO_SHOW):
        assert p.show_button.layout.display == "none", k  # (not before)
        p.answer.value = f"P1 road A{2 * k + 1}"  # (another each time: one again is no try)
        p.answer_button.click()
        assert s.puzzle.tries == k + 1 and s.puzzle.holds()
    assert s.puzzle.hints == 0 and p.show_button.layout.display == ""


@pytest.mark.parametrize("asked", course_puzzles(), ids=lambda a: f"{a.lesson}@{a.node}")
def test_an_answer_shown_is_headed_so_not_solved(asked):
    """s45, a fresh learner at 2.2: "Show the answer" played the robber's move and the
    steal's draw after it; the box then read "Puzzle · solved ✓" over "The answer" (the
    draw's parent, not the question, was looked up). Every question's shown answer is
    headed "answer shown"."""
    t = at_question(asked)
    s, p = t.session, t.puzzle
    question = s.timeline.current
    for _ in s.puzzle.puzzle_at(question).hints:
        p.hint_button.click()
    if p.show_button.layout.display == "none":
        pytest.skip("no answer to show here")
    p.show_button.click()
    assert not s.puzzle.holds(question)
    head = html.unescape(re.sub(r"<[^>]+>", " ", p.prompt.value))
    if s.puzzle.holds():  # led on to the next question: the answer said above it
        assert head.lstrip().startswith("Previous question: The answer"), head
    else:
        assert "answer shown" in head and "solved" not in head, (s.timeline.current.action, head)
