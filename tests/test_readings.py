"""Readings are visible (issue 34, scope 2): every [decision] of rulebook/rules.md is shown
to the learner as this tutor's reading, with what the sources say and the other reading, in
the Rules tab, under a verdict's rule and wherever a lesson text names the rule."""

from __future__ import annotations

import re

import pytest

from catan_tutor import rulebook
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.variants import VARIANTS
from catan_tutor.widgets.rules_panel import rules_html
from catan_tutor.widgets.verdicts import lesson_html, reading_html, rule_details

DECISIONS = [rid for rid, r in rulebook.rules().items() if "decision" in r.sources]
BADGE = "class='catan-reading-badge'"
BOX = "class='catan-reading'"


def test_the_reference_has_decisions_and_each_reads_as_a_reading_with_an_alternative():
    assert len(DECISIONS) >= 50
    for rid in DECISIONS:
        found = rulebook.reading(rid)
        assert found is not None and found.alternative and found.why, rid
        said = " ".join((found.part, found.basis, found.alternative, found.why))
        assert not re.search(r"\b00[0-4]\b|base-2p|ck-2p|base-dummy", said, re.I), rid
    assert rulebook.reading("BASE-BUILD-DISTANCE") is None


@pytest.mark.parametrize("variant", VARIANTS)
def test_rules_tab_marks_every_reading_of_the_variant_and_nothing_else(variant):
    book = rulebook.rules_of(variant)
    html = rules_html(variant)
    expected = sum("decision" in r.sources for r in book.values())
    assert expected and html.count(BADGE) == expected and html.count(BOX) == expected
    for entry in re.findall(r"<details class='catan-rule-entry'.*?</details>", html, re.S):
        rid = re.search(r"data-rule='([^']+)'", entry)[1]
        assert (BADGE in entry) == ("decision" in book[rid].sources), rid
        assert rid not in entry.split("</summary>", 1)[1], rid  # the ID stays an attribute


def test_a_reading_shows_the_seed_text_it_interprets_and_the_other_reading():
    box = reading_html("2P-TOKEN-FORCED-TRADE")
    note = "The rulebooks do not settle this; the tutor plays it this way."
    assert f"This tutor's reading:</b> {note}" in box
    assert "by his choice" in box and "official two-player rulebook" in box
    assert "Another reading:" in box and "Blind draw of 2" in box
    box = reading_html("CK-PC-SABOTAGE-SELF")
    assert "as many or more VPs as you" in box and "They discard too" in box
    # 003's "If you do not have an available city, you may not purchase the level 4 (or level
    # 5) improvement" does not say whether it holds for the holder of that track's metropolis
    # (l33 found it odd said as a rule): a reading, quoting 003
    box = reading_html("CK-METRO-OWN-LEVEL5")
    assert "you may not purchase the level 4 (or level 5) improvement" in box
    assert "Another reading:" in box and "with no other city" in box
    box = reading_html("CK-BARB-TOKENS")
    assert "6 VP tokens" in box
    # A reading of one part of a rule says which part; a silent source says so.
    assert "of one part (the last sentence)" in reading_html("2P-TOKEN-ROBBER")
    silent = reading_html("CK-PROGRESS-EMPTY")  # no source text to quote: not said
    assert "do not settle this" in silent and "What the rulebooks say" not in silent
    assert reading_html("BASE-BUILD-DISTANCE") == ""


def test_a_verdicts_rule_and_a_lesson_texts_rule_name_are_marked_as_readings():
    assert BOX in rule_details("DUMMY-IMMUNE") and BADGE in rule_details("DUMMY-IMMUNE")
    assert BOX not in rule_details("BASE-ROBBER-STEAL")
    text = lesson_html("The dummy keeps its cards (DUMMY-IMMUNE); a road (BASE-BUILD-ROAD).")
    assert text.count("catan-reading-mark") == 1
    assert "Another reading: Treat the dummy like a real player for Monopoly." in text  # (l32)


def test_dummy_immune_no_longer_rests_on_the_sentence_about_discarding():
    """DUMMY-IMMUNE: 002's "never gives up cards" is about the 7; the reading says so."""
    r = rulebook.rule("DUMMY-IMMUNE")
    assert r.part == "Monopoly" and "002" in r.sources
    assert "about discarding" in r.decision


@pytest.mark.parametrize(
    "rid, source_says",
    [
        ("CK-PC-CRANE", "cannot be combined together"),
        ("CK-PROGRESS-HAND-LIMIT", "lets a player hold only 5"),
    ],
)
def test_rules_that_001_states_otherwise_cite_003_and_say_where_001_differs(rid, source_says):
    """The text a learner reads names the two rulebooks in words (issue 33), not by number."""
    r = rulebook.rule(rid)
    assert r.sources == ("003",) and source_says in r.text
    assert "An older summary of the game" in r.text and "the newer rulebook" in r.text
    assert not re.search(r"\b00[0-4]\b", r.text)


# Lessons that teach a point the sources leave open say in their own words that it is this
# tutor's reading (the lesson, the rule it teaches).
TAUGHT_READINGS = [
    ("base_2p_forced_trade", "2P-TOKEN-FORCED-TRADE"),
    ("base_2p_double_roll", "2P-ROLL-TIMING"),
    ("base_2p_token_income", "2P-TOKEN-INCOME-BOTH"),
    ("base_2p_neutral_builds", "2P-TOKEN-INCOME-NEUTRAL"),
    ("base_dummy_knight", "DUMMY-IMMUNE"),
    ("base_dummy_monopoly", "DUMMY-IMMUNE"),
    ("base_dummy_dummy_turn", "DUMMY-ROBBER-CANDIDATES"),
    ("ck_pc_wedding_sabotage", "CK-PC-SABOTAGE-SELF"),
    ("ck_barbarian_defender", "CK-BARB-TOKENS"),
    ("base_2p_token_income", "2P-SETUP-NEUTRAL-POSITIONS"),
    ("base_dummy_dummy_turn", "DUMMY-TRADE-PROTOCOL"),
    ("ck_2p_setup", "CK2P-SETUP"),
    ("ck_2p_neutral_knights", "CK2P-NEUTRAL-PROMOTE-LEVEL"),
    ("ck_pc_merchant", "CK-PC-MERCHANT-DESERT"),
    ("ck_barbarians_pillage", "CK-BARB-LOSE-CHOICE"),
    ("base_dummy_setup", "DUMMY-SETUP-PLACEMENT"),
    ("base_2p_knight_tokens", "2P-TOKEN-INCOME-KNIGHT"),
]


@pytest.mark.parametrize("lesson, rid", TAUGHT_READINGS)
def test_a_lesson_teaching_a_reading_says_it_is_this_tutors_reading(lesson, rid):
    text = " ".join((packaged_lessons() / f"{lesson}.catan.yaml").read_text("utf-8").split())
    assert "decision" in rulebook.rule(rid).sources
    taught = [m.start() for m in re.finditer(rf"\({rid}\b|\b{rid}\)|, {rid}\b", text)]
    # "this tutor's reading", or in a learner's words what it does (issue 33: "this tutor
    # puts them on H4 and G6")
    said = [
        m.start() for m in re.finditer(r"this tutor(?:'s)? read|this tutor [a-z]+s\b", text, re.I)
    ]
    assert taught, f"{lesson} does not name {rid} in its text"
    assert any(abs(s - t) <= 300 for t in taught for s in said), (
        f"{lesson} teaches {rid} without saying, right there, that it is this tutor's reading"
    )


def _lesson_texts():
    """(lesson, field, text) of every text a learner reads in a packaged lesson, its goal and
    move comments aside (they name no rule, so they can carry no mark)."""
    import yaml

    def walk(node, path):
        if isinstance(node, dict):
            for k, v in node.items():
                yield from walk(v, f"{path}.{k}")
        elif isinstance(node, list):
            for i, v in enumerate(node):
                yield from walk(v, f"{path}[{i}]")
        elif isinstance(node, str):
            yield path, " ".join(node.split())

    for f in sorted(packaged_lessons().glob("*.catan.yaml")):
        for path, text in walk(yaml.safe_load(f.read_text("utf-8")), ""):
            if not path.startswith((".setup", ".rules", ".position", ".goal", ".title")):
                if not path.endswith(".comment"):
                    yield f.name, path, text


_SAYS_READING = re.compile(r"tutor's reading|its own reading")
_IDS = re.compile(r"\b(?:BASE|CK|2P|CK2P|DUMMY)-[A-Z0-9-]+\b")


def _steps_calling_a_point_a_reading_without_its_id():
    """(lesson, where) of each step (a move's comment and tutor text, shown together) and each
    puzzle question, hint or explanation (each shown on its own) that says "this tutor's
    reading" but names no [decision] rule there, so the page shows no "§" to open the reading
    (the goal, a one-line summary above the opening step, aside)."""
    from catan_tutor.study.scenario import load_scenario

    for f in sorted(packaged_lessons().glob("*.catan.yaml")):
        sc = load_scenario(f)
        for node in sc.tree.walk():
            said = [" ".join((node.comment, node.tutor))]
            puzzle = sc.puzzles.get(node.id)
            if puzzle is not None:
                said += [puzzle.prompt, *puzzle.hints, puzzle.explain]
            for text in said:
                if _SAYS_READING.search(text) and not set(_IDS.findall(text)) & set(DECISIONS):
                    yield f.name, f"{node.action or 'start'}: {' '.join(text.split())[:70]}"


def test_a_step_calling_a_point_this_tutors_reading_names_that_reading():
    """Where a lesson step or a puzzle text says "this tutor's reading", it names the
    [decision] rule, so the page marks it with the reading's "*" and opens the reading (puzzle_ck_2p
    named only CK2P-TOKEN-KNIGHT-REMOVE, a rule of 000, beside "once per turn, in the Action
    phase, is this tutor's reading"; five lesson steps named none: 2P-ROLL-TIMING in
    base_2p_double_roll, DUMMY-TURN-SEQUENCE in base_dummy_setup, CK2P-ROLL-EVENT-RED in
    ck_2p_double_roll, CK-PC-MINING in ck_pc_mining, CK2P-NEUTRAL-CHOOSER in a comment of
    ck_2p_forced_trade_leading)."""
    assert list(_steps_calling_a_point_a_reading_without_its_id()) == []


def test_no_reading_goes_against_what_a_rulebook_prints():
    """A reading is only for where the rulebooks are silent: where one prints the rule, the
    rule follows it (CK-METRO-OWN-LEVEL5 once let the holder buy level 5 "against 003")."""
    for rid in DECISIONS:
        assert "goes against" not in rulebook.rule(rid).text, rid
    said_otherwise = [
        (name, path)
        for name, path, text in _lesson_texts()
        if re.search(r"printed rule|rulebook asks for", text, re.I) and "reading" in text
    ]
    assert not said_otherwise


def test_lesson_3_2_marks_the_harbors_as_a_reading_and_not_the_production_rule():
    """Learner s17 at 3.2: "… one for each settlement on it *" marked a plain rule's sentence
    (BASE-PROD-YIELD) with the reading's "*": its bracket, citing the beginner map's harbors
    (BASE-BOARD-BEGINNER-HARBORS, a reading) too, closed the production sentence. The "*"
    closes the harbor's sentence; the sentence before it carries no mark."""
    from catan_tutor.study.scenario import load_scenario

    sc = load_scenario(packaged_lessons() / "puzzle_base_trading.catan.yaml")
    page = lesson_html(sc.tree.root.tutor)
    note = page.index("<sup class='catan-rule-ref catan-rule-note'")
    assert "catan-reading-mark" in page[note:]
    marked = page[:note].rsplit(". ", 1)[-1]  # the sentence the marker closes
    assert "harbor" in marked and "one for each settlement" not in marked, marked
