"""A fresh learner's fourth look at the words (issue 33, "The learner's page"), read without a
browser: a roll is one row of the Moves tab in words, the rows and turn headings never run
together; the roll-off says who rolls what without a die's colour reading as a player's; a
wait for several players is one sentence; a hint adds what the wrong answer did not say; a
bracket of rules is one "§"; a puzzle's success text cites its rule with the marker; no " - "
for a dash, no capital after one that opens no name, no doubled spaces or marks in any
lesson's text or notice; "turns ahead" says what it means."""

from __future__ import annotations

import difflib
import html
import re

import ipywidgets as widgets
from test_rules_base import hands_text, load, roll, setup_game
from test_words import punctuation_errors

from catan_tutor import new_game
from catan_tutor.game import Game
from catan_tutor.grammar import after_dash, waits
from catan_tutor.study.course import course
from catan_tutor.study.puzzle import judge
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import SUFFIX, load_scenario
from catan_tutor.study.timeline import Timeline
from catan_tutor.widgets import verdicts
from catan_tutor.widgets.app import chapter_line
from catan_tutor.widgets.hint_panel import HintPanel
from catan_tutor.widgets.move_list import moves_html, rows
from catan_tutor.widgets.odds_panel import OddsPanel
from catan_tutor.widgets.path_log import move_line
from catan_tutor.widgets.puzzle import _judgement_html
from catan_tutor.widgets.wording import notice_lines


def _read(page: str) -> str:
    """The text a page gives a screen reader (and ``innerText``): tags out, nothing hidden
    from sight left out (the rows' full stops are out of sight on purpose)."""
    page = re.sub(r"<style>.*?</style>", "", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", page))


def _shown(page: str) -> str:
    """The words a lesson text shows before anything is opened."""
    page = re.sub(r"<span class='catan-rule-ref-text'[^>]*hidden>.*?</span>", "", page)
    return html.unescape(re.sub(r"<[^>]+>", "", page)).strip()


def _rolled(variant: str, *moves: str, **kw) -> Timeline:
    g = new_game(variant, **kw)
    while g.state.phase != "pre-roll":
        g.play(g.legal_actions()[0])
    tl = Timeline(g)
    for move in moves:
        tl.play(move)
    return tl


# ---------------------------------------------------------------- the Moves tab's rows
def test_a_roll_and_its_dice_are_one_row_in_words():
    """Issue 33 item 1: "P1 rolls the white die shows 5 the red die shows 5" was three rows
    run together; now one row, landing where the dice fell (BASE-PROD-ROLL)."""
    tl = _rolled("base", "P1 roll", "die white 5", "die red 5", players=3)
    listed = rows(tl)
    last = tl.current
    assert ("P1 rolls 5 and 5: 10", last.id) in listed, listed
    assert not any("die shows" in w or w == "P1 rolls" for w, _ in listed), listed
    page = moves_html(tl)
    assert page.count("aria-current") == 1 and f"catan-mv-current catan-mv-{last.id}'" in page
    tl.goto(last.parent)  # between the two dice: the row is the move shown
    assert f"catan-mv-current catan-mv-{last.id}'" in moves_html(tl)
    read = _read(moves_html(tl))
    assert "Round 1 · P1's turn. P1 rolls 5 and 5: 10." in read, read  # (l33: the round)
    assert not re.search(r"[a-z0-9](?:Turn|Setup|P\d)", read), read  # rows never run on
    assert "  " not in read.strip(), read


def test_a_cities_and_knights_roll_adds_the_event_die():
    tl = _rolled("ck", "P1 roll", "die white 3", "die red 5", "event ship", players=3)
    assert rows(tl)[-1][0] == "P1 rolls 3 and 5: 8 (event die: ship)", rows(tl)
    tl.back()
    tl.play("event trade")  # a variation: the other face
    listed = [w for w, _ in rows(tl)]
    assert "P1 rolls 3 and 5: 8 (event die: yellow trade castle)" in listed, listed


def test_the_two_rolls_of_a_two_player_turn_are_one_row():
    """2P-ROLL-TWICE: both throws of the turn in one row."""
    tl = _rolled(
        "base-2p", "P1 roll", "die white 3", "die red 5", "die white 6", "die red 3", players=2
    )
    assert rows(tl)[-1][0] == "P1 rolls 3 and 5: 8, then 6 and 3: 9", rows(tl)


def test_the_roll_off_names_the_player_by_colour_and_no_die_by_its_own():
    """Issue 33 item 2 (lesson 1.2): "Red rolls 5 on the white die… and 4 on the red die"
    mixed a die's colour with a player's; now "P1 (red) rolls 9 (5 and 4)", the player named
    as lesson 1.1 names them (BASE-SETUP-FIRST-PLAYER, BASE-CHANCE-ROLLOFF): the lesson's
    comments, the Moves tab, the engine's own sentence."""
    sc = load_scenario(packaged_lessons() / f"base_first_player{SUFFIX}")
    texts = " ".join(n.comment + n.tutor for n in sc.tree.nodes.values())
    assert not re.search(r"\b(white|red) die\b", texts), texts
    assert "P1 (red) rolls 9 (5 and 4)" in texts
    listed = [w for w, _ in rows(sc.tree)]
    assert listed[1:4] == [
        "P1 (red) rolls 5 and 4: 9",
        "P2 (blue) rolls 2 and 2: 4",
        "P3 (white) rolls 6 and 3: 9",
    ]
    first, second = sc.tree.root.children[0], sc.tree.root.children[0].children[0]
    said = [move_line(sc.tree, n) for n in (first, second)]
    assert said[0].startswith("P1 (red) rolls to see who goes first: the first die shows 5."), said
    assert said[1].startswith("P1 (red) rolls 9 (5 and 4)."), said
    assert not any(re.search(r"\b(white|red) die\b", s) for s in said), said


# ---------------------------------------------------------------- generated sentences
def test_a_wait_for_several_players_is_one_sentence():
    """ "Waiting for P2: discard 4 cards; P3: discard 4 cards first." (BASE-SEVEN-DISCARD)."""
    assert waits([("P2", "discard 4 cards"), ("P3", "discard 4 cards")]) == (
        "P2 and P3 to discard 4 cards each"
    )
    assert waits([("P2", "discard 4 cards"), ("P3", "discard 3 cards")]) == (
        "P2 to discard 4 cards and P3 to discard 3 cards"
    )
    assert waits([("P2", "science 3: take a free resource")]) == (
        "P2 to take a free resource (science 3)"
    )
    down = "discard progress cards down to 4"
    assert waits([("P2", down), ("P3", down)]) == f"P2 and P3 to {down}"
    g = load(  # a 7 with two hands over 7 cards
        setup_game(),
        hands=hands_text((2, 1, 1, 1, 0), (3, 2, 2, 1, 1), (2, 2, 2, 2, 0), (2, 2, 1, 1, 1)),
    )
    roll(g, 5, 2)
    assert g.prompt() == "P2 and P3: discard 4 cards each"  # the header's and the log's "Next:"
    reason = g.explain("P1 robber K P2").reason
    assert "Waiting for P2 and P3 to discard 4 cards each" in reason, reason
    assert "; P3:" not in reason and punctuation_errors(reason) == [], reason


def test_BASE_SEVEN_DISCARD_the_header_shows_the_colour_of_each_player_waited_for():
    """Issue 33: the header said "P2 and P3: discard 4 cards each" with P2's colour only."""
    from catan_tutor.widgets import style
    from catan_tutor.widgets.tutor import Tutor

    g = load(
        setup_game(),
        hands=hands_text((2, 1, 1, 1, 0), (3, 2, 2, 1, 1), (2, 2, 2, 2, 0), (2, 2, 1, 1, 1)),
    )
    roll(g, 5, 2)
    head = Tutor(g).header.value
    assert "P2 and P3" in head and head.count("catan-swatch") == 2
    shown = [style.player_fill(g.colors[p]) for p in (1, 2)]
    assert all(f"background:{fill}" in head for fill in shown), head
    assert style.player_fill(g.colors[0]) not in head  # P1, who rolled, waits


def test_after_a_dash_a_sentence_goes_on_in_small_letters_and_a_name_keeps_its_capital():
    """ "P2 may not build a settlement on K4: It is P1's move" (lesson 1.1; once "Not allowed
    here: … — It is …"): after the colon the reason goes on in small letters; the chapter
    line's goal after its dash too."""
    assert after_dash("It is P1's move.") == "it is P1's move."
    assert after_dash("Red goes first.") == "Red goes first."
    assert after_dash("P2 has no road.") == "P2 has no road."
    sc = load_scenario(packaged_lessons() / f"base_setup{SUFFIX}")
    rules = sc.tree.rules
    lines = [x for n in sc.tree.nodes.values() for x in notice_lines(Game(rules, n.state), n)]
    refused = [x for x in lines if x.startswith("P2 may not build a settlement on K4")]
    assert refused and all(": it is P1's move" in x for x in refused), refused
    places = course(packaged_lessons())
    line = _read(chapter_line(places["base_setup"]))
    assert "A first game of Catan — set up a game of Catan" in line, line


def test_every_notice_of_every_lesson_is_punctuated():
    """Each "what to notice" line at every node of every lesson (the engine's reasons after
    "— " among them)."""
    found = []
    for path in sorted(packaged_lessons().glob(f"*{SUFFIX}")):
        sc = load_scenario(path)
        for node in sc.tree.nodes.values():
            game = Game(sc.tree.rules, node.state)
            for line in notice_lines(game, node):
                found += [f"{path.name}: {e!r} in {line!r}" for e in punctuation_errors(line)]
    assert found == [], "\n".join(found[:30])


def _lesson_texts():
    """(where, text as the page shows it) for every text of every packaged lesson: its goal,
    tutor texts, comments, and each puzzle's prompt, hints and explanation; and the chapter
    lines with their goals."""
    for path in sorted(packaged_lessons().glob(f"*{SUFFIX}")):
        sc = load_scenario(path)
        yield path.name, _shown(verdicts.lesson_html(sc.goal))
        for node in sc.tree.nodes.values():
            for text in (node.tutor, node.comment):
                if text:
                    yield f"{path.name} node {node.id}", _shown(verdicts.lesson_html(text))
        for node_id, p in sc.puzzles.items():
            for text in (p.prompt, *p.hints, p.explain):
                yield f"{path.name} puzzle {node_id}", _shown(verdicts.lesson_html(text))
    for lesson, place in course(packaged_lessons()).items():
        yield f"chapter of {lesson}", _read(chapter_line(place))


def test_every_lesson_text_is_punctuated():
    """Issue 33 item 3: no "§ §" (lesson 1.1), no " - " as a dash (puzzle goals), no capital
    after "— " opening no name, no doubled spaces, no space before a mark."""
    found = [
        f"{where}: {e!r}"
        for where, text in _lesson_texts()
        for e in punctuation_errors(re.sub(r"\s*\n\s*", " ", text))  # a line break: a space
    ]
    assert found == [], "\n".join(found[:40])


def test_a_bracket_citing_several_rules_is_one_marker():
    page = verdicts.lesson_html(
        "No building one road away (BASE-BUILD-DISTANCE, BASE-DEF-ADJACENT). Then build."
    )
    assert _shown(page) == "No building one road away.§ Then build."
    notes = re.findall(r"<sup class='catan-rule-ref catan-rule-note'([^>]*)>", page)
    assert len(notes) == 1, notes
    assert "aria-label='Rules: Distance rule; " in notes[0]
    assert "data-rule='BASE-BUILD-DISTANCE BASE-DEF-ADJACENT'" in notes[0]
    opened = re.search(r"<span class='catan-rule-ref-text' role='note' hidden>(.*?)</span>", page)
    assert opened and opened[1].count("<strong>") == 2, page


def test_a_puzzles_success_text_cites_its_rule_with_the_marker_not_a_bracketed_title():
    sc = load_scenario(packaged_lessons() / f"puzzle_base_setup{SUFFIX}")
    node_id, puzzle = min(sc.puzzles.items())
    node = sc.tree.nodes[node_id]
    right = judge(puzzle, node, sc.tree.rules, "P1 road N3")
    assert right.correct
    html = _judgement_html(right)
    shown = _shown(html.split("<details")[0])
    assert "(Setup: round 1)" not in shown, shown
    # cited once, by the "Rule:" line under it (a "§" beside it said it twice: l33)
    assert "§" not in shown and "Rule:" in _shown(html), html
    wrong = judge(puzzle, node, sc.tree.rules, "P1 road K5")
    shown = _shown(_judgement_html(wrong))
    assert not wrong.correct and "(" not in shown and "§" not in shown, shown


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", verdicts.plain(verdicts.uncited(text)).lower())


def test_a_hint_adds_what_the_wrong_answer_did_not_say():
    """ "Hint 2: Setup: round 1 says the setup road must touch the settlement just placed"
    repeated the wrong answer's text word for word, after a second colon. No hint opens with a
    rule (its title after "Hint 2:"); no hint of a packaged puzzle shares a run
    of 6 words with the text of a wrong answer its lesson expects, nor with a hint before it."""
    found = []
    for path in sorted(packaged_lessons().glob(f"*{SUFFIX}")):
        sc = load_scenario(path)
        for node_id, puzzle in sc.puzzles.items():
            node = sc.tree.nodes[node_id]
            said = [
                judge(puzzle, node, sc.tree.rules, move).text
                for ex in node.expect
                if ex.key == "illegal" and isinstance(ex.value, dict)
                for move in ex.value
            ]
            for i, hint in enumerate(puzzle.hints):
                if re.match(r"(?:BASE|2P|DUMMY|CK|CK2P)-", hint):  # "Hint 2: Setup: round 1 says"
                    found.append(f"{path.name} hint {i + 1} opens with a rule's title")
                mine = _words(hint)
                for other in [*said, *puzzle.hints[:i]]:
                    theirs = _words(other)
                    m = difflib.SequenceMatcher(None, mine, theirs, autojunk=False)
                    run = m.find_longest_match(0, len(mine), 0, len(theirs))
                    if run.size >= 6:
                        same = " ".join(mine[run.a : run.a + run.size])
                        found.append(f"{path.name} hint {i + 1}: {same!r}")
    assert found == [], "\n".join(found)


# ---------------------------------------------------------------- turns ahead
def test_turns_ahead_is_said_plainly_with_what_it_means():
    """Issue 33 item 4: the Hint's settings read "Games after each move: [200] each played [10]
    turns ahead" (not "games per move … looks"), and the Hint says what that means once its
    settings are open."""
    g = new_game("base", players=3)
    panel = HintPanel(lambda: g)
    assert (panel.n.description, panel.turns.description) == (
        "Games after each move:",
        "each played",
    )
    row = panel.settings.children[0].children
    assert [getattr(w, "value", None) for w in row][-1] == "turns ahead"
    assert panel.ahead.value == ""
    panel.settings_button.value = True
    said = _read(panel.ahead.value)
    assert said.startswith("Looks 10 turns ahead: each game the tutor plays on stops after"), said
    assert "about 3 rounds of 3 players" in said
    panel.turns.value = 1
    assert _read(panel.ahead.value).startswith("Looks 1 turn ahead"), panel.ahead.value
    odds = OddsPanel(lambda: g)
    assert "turns" in odds.turns.tooltip


def test_the_odds_row_reads_as_a_sentence():
    """Issue 33 (the Odds tab): "games 100 looks 153 turns ahead" was a row of labels; it
    reads "Play 100 games, each played 153 turns ahead", the words the fields' own labels (a
    field without one kept a hidden label, which axe-core refuses)."""
    g = new_game("base", players=3)
    odds = OddsPanel(lambda: g)
    row = next(w for w in odds.widget.children if odds.turns in getattr(w, "children", ()))
    words = [
        f"{w.description} {w.value}".strip() if w in (odds.n, odds.turns) else w.value
        for w in row.children
        if isinstance(w, (widgets.Label, widgets.BoundedIntText))
    ]
    said = " ".join(words)
    assert said == f"Play 100 games, each played {odds.turns.value} turns ahead", said
    assert odds.n.description and odds.turns.description  # a visible label each


_HEDGE = re.compile(r"(?:this|the) tutor's (?:reading|choice)|\bits reading", re.IGNORECASE)


def test_a_lesson_step_says_a_reading_of_the_rules_once_and_for_a_learner():
    """Issue 33 (lesson 5.1): "The rules text this tutor follows does not name the two spots:
    H4 and G6 are this tutor's reading … (this tutor's reading)": a step says once, in a
    learner's words, what the rules leave open and what the tutor does."""
    found = []
    for where, shown in _lesson_texts():
        text = " ".join(shown.split())
        if "rules text this tutor follows" in text:
            found.append(f"{where}: 'rules text this tutor follows'")
        if len(_HEDGE.findall(text)) > 1:
            found.append(f"{where}: {_HEDGE.findall(text)}")
    assert found == [], "\n".join(found)


def test_a_lesson_named_in_a_lesson_is_in_quotes_with_its_number():
    """Issue 33 (lesson 7.1): "…needs politics level 3: the lesson The fortress and the mighty
    knight plays it." read as broken grammar: another lesson is named "lesson 7.5, “The
    fortress and the mighty knight”", its number and title those of the course."""
    titles = {
        (p.chapter, p.number): load_scenario(packaged_lessons() / f"{lesson}{SUFFIX}").title
        for lesson, p in course(packaged_lessons()).items()
    }
    found, cited = [], 0
    for where, shown in _lesson_texts():
        text = " ".join(shown.split())
        found += [f"{where}: {m[0]!r}" for m in re.finditer(r"\bthe lesson [A-Z]\w*", text)]
        for m in re.finditer(r"\blesson (\d+)\.(\d+)(?:, “([^”]+)”)?", text):
            cited += 1
            title = titles.get((int(m[1]), int(m[2])))
            if title is None or (m[3] and m[3] != title):
                found.append(f"{where}: {m[0]!r} but the course has {title!r}")
    assert found == [] and cited, "\n".join(found)
