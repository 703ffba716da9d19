"""The reading's "*" closes the sentence that is this tutor's reading (issue 33, "The
learner's page"), never a sentence that is a rule of the rulebooks.

A lesson step shows at most one "§" (``test_lesson_rule_marks``): the rules its sentences
cite fold into one marker where the last of its brackets stands. The "*" that says "this
tutor's reading" used to ride on that marker, so it closed whatever sentence ended the step:
in 9.17 (Guild Dues) it followed the metropolis sentence, a rule of the newer rulebook, and
learners l26 and l27 doubted that rule as a mere reading. A bracket citing a reading now
leaves its "*" where it stands, and the step's one "§" opens every rule it cites.
"""

from __future__ import annotations

import re

import pytest

from catan_tutor import rulebook
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import SUFFIX, load_scenario
from catan_tutor.widgets.said_readings import ID
from catan_tutor.widgets.verdicts import lesson_html, title_of

LESSONS = sorted(p.name for p in packaged_lessons().glob(f"*{SUFFIX}"))
_NOTE = "<sup class='catan-rule-ref catan-rule-note'"
_STAR = "<span class='catan-reading-mark'"
_BRACKET = re.compile(r"\(([^()]*)\)")
_END = re.compile(r"[.!?](?=\s|$)")
_SAYS = re.compile(r"\bthis tutor\b", re.I)  # "this tutor's reading", "this tutor decides"


def _plain(page: str) -> str:
    """The page's words as read, a rule's hidden text left out, each mark as "§" or "*"."""
    page = re.sub(r"<span class='catan-rule-ref-text'.*?</span>", "", page, flags=re.S)
    page = re.sub(r"<span class='catan-sr-only'>.*?</span>", "", page)
    return " ".join(re.sub(r"<[^>]+>", "", page).split())


def _before(plain: str, at: int) -> str:
    """The sentence that ends right before ``at`` (its marks aside)."""
    head = plain[:at].rstrip("§*")
    return re.split(r"(?<=[.!?])[§*]*\s", head)[-1]


def test_9_17_marks_guild_dues_wasted_and_the_holders_level_5_as_readings():
    """Guild Dues played with no target is wasted: this tutor's reading (CK-PC-NO-TARGET),
    its "*" right after it. The metropolis sentence (CK-METRO-OWN-LEVEL5: 003 does not say
    whether the holder of a track's metropolis needs another city for level 5; l33 found it
    odd said as a rule) is a reading too: it carries the step's one "§" and its "*"; the "§"
    still opens all three rules."""
    sc = load_scenario(packaged_lessons() / "ck_pc_guild_dues.catan.yaml")
    page = lesson_html(sc.tree.root.tutor)
    plain = _plain(page)
    assert plain.count("*") == 2 and plain.count("§") == 1, plain
    assert _before(plain, plain.index("*")).endswith("it would be wasted.")
    assert "holder of the metropolis." in _before(plain, plain.index("§"))
    assert plain[plain.index("§") + 1] == "*", plain
    note = page[page.index(_NOTE) :].split("</sup>")[0]
    assert _STAR in note
    cited = re.search(r"data-rule='([^']*)'", note)[1].split()
    assert cited == ["CK-PC-NO-TARGET", "CK-METRO-TAKE", "CK-METRO-OWN-LEVEL5"]
    assert "the tutor plays it this way" in page  # the "§" opens the reading as one


def test_a_lesson_texts_brackets_fold_into_one_marker_the_readings_star_stays_put():
    """Two brackets in one text: one "§" where the last stands, opening both rules; the
    reading's "*" (a hidden ``data-rule`` naming it) where its own bracket stood. A reading
    cited last keeps its "*" on the "§"; one bracket reads as before."""
    page = lesson_html("D keeps its cards (DUMMY-IMMUNE). A road is built (BASE-BUILD-ROAD).")
    assert _plain(page) == "D keeps its cards.* A road is built.§"
    assert "data-rule='DUMMY-IMMUNE' " in page.split(_NOTE)[0]
    assert "data-rule='DUMMY-IMMUNE BASE-BUILD-ROAD'" in page.split(_NOTE)[1]
    page = lesson_html("A road is built (BASE-BUILD-ROAD). D keeps its cards (DUMMY-IMMUNE).")
    assert _plain(page) == "A road is built. D keeps its cards.§*"
    assert _plain(lesson_html("A road (BASE-BUILD-ROAD).")) == "A road.§"


def _brackets_marking_a_rule_as_a_reading(name: str):
    """(where, sentence) of each bracket in the lesson's texts that cites a reading beside a
    rule the rulebooks print, in a sentence that does not say it is this tutor's: its "*"
    would mark that sentence as a reading, whichever rule it states."""
    sc = load_scenario(packaged_lessons() / name)
    texts = [("goal", sc.goal)]
    for node in sc.tree.walk():
        where = str(node.action or "start")
        texts += [(where, node.comment), (where, node.tutor)]
        puzzle = sc.puzzles.get(node.id)
        if puzzle is not None:
            texts += [(f"{where} question", t) for t in (puzzle.prompt, *puzzle.hints)]
            texts.append((f"{where} question", puzzle.explain))
    for where, text in texts:
        text = " ".join(text.split())
        for m in _BRACKET.finditer(text):
            ids = [i for i in ID.findall(m[1]) if title_of(i)]
            read = [i for i in ids if rulebook.reading(i) is not None]
            if not read or len(read) == len(ids):
                continue
            start = max((e.end() for e in _END.finditer(text, 0, m.start())), default=0)
            end = _END.search(text, m.end())
            sentence = text[start : end.end() if end else len(text)].strip()
            if not _SAYS.search(sentence):
                yield where, sentence[:90]


@pytest.mark.course
@pytest.mark.parametrize("name", LESSONS)
def test_a_readings_star_closes_a_sentence_that_is_the_reading(name: str) -> None:
    """Every lesson: a bracket that cites one of this tutor's readings cites readings only,
    or its sentence says in words that it is this tutor's (a rule of the rulebooks cited
    with it goes in its own bracket, at the sentence that states it). The "*" then follows
    the reading, never a rule the rulebooks print ("A tie is enough for Catan.*")."""
    found = list(_brackets_marking_a_rule_as_a_reading(name))
    assert found == [], f"{name}: {found}"


def test_a_right_answers_explanation_folds_its_rules_and_stars_the_reading():
    """Puzzle 2P's "Right" (puzzle_base_2p): the neutral's free road and where it may go are
    the two-player rules; the builder choosing the neutral and the spot is this tutor's reading.
    The verdict shows one "§" opening all three, its "*" after the sentence with the reading,
    as a lesson step does (``rule_refs(..., folded=True)``)."""
    from catan_tutor.study.puzzle import Judgement
    from catan_tutor.widgets.puzzle import _judgement_html

    sc = load_scenario(packaged_lessons() / "puzzle_base_2p.catan.yaml")
    (explain,) = [p.explain for p in sc.puzzles.values() if "2P-NEUTRAL-CHOOSER" in p.explain]
    page = _judgement_html(Judgement("P1 road C7", True, True, "2P-NEUTRAL-MIRROR", explain))
    plain = _plain(page)
    assert plain.count("§") == 1 and plain.count("*") == 1, plain
    assert _before(plain, plain.index("§")).endswith("P1 chooses the neutral and the spot.")
    note = page[page.index(_NOTE) :].split("</sup>")[0]
    assert "2P-NEUTRAL-MIRROR 2P-NEUTRAL-LEGAL 2P-NEUTRAL-CHOOSER" in note and _STAR in note
