"""A fresh learner's findings on the page (issue "The learner's page"), the parts a kernel
alone can check: a rule named in a lesson opens by keyboard and touch, the Rules tab's
sections are headings, a player's colour is framed on any page, and the neutrals of the
two-player games are never named like a corner. The browser's side (the theme switch, the
rule's text opened with the keyboard) is in test_browser_theme.py."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

import ipywidgets as widgets
import pytest

from catan_tutor import new_game, rulebook
from catan_tutor.actions import parse_action
from catan_tutor.board import EDGE_LABELS, VERTEX_LABELS
from catan_tutor.colors import COLOR_NAMES
from catan_tutor.rules.words import say
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import load_scenario
from catan_tutor.widgets import panels, style
from catan_tutor.widgets.rules_panel import rules_html
from catan_tutor.widgets.tutor import Tutor
from catan_tutor.widgets.verdicts import lesson_html
from catan_tutor.widgets.wording import variant_name


class _Tags(HTMLParser):
    """Every start tag with its attributes, and the text inside each ``h3``."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.headings: list[str] = []
        self._in_heading = False

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag == "h3":
            self._in_heading = True
            self.headings.append("")

    def handle_endtag(self, tag):
        if tag == "h3":
            self._in_heading = False

    def handle_data(self, data):
        if self._in_heading:
            self.headings[-1] += data


def _parse(page: str) -> _Tags:
    tags = _Tags()
    tags.feed(page)
    return tags


# ---------------------------------------------------------------- rule references
def test_a_rule_named_in_a_lesson_is_a_button_that_opens_its_text():
    """A rule ID in a lesson text reads as the rule's title on a button (role "button" in the
    tab order, an inline element so the title wraps with its sentence; opened by Enter, Space,
    a click or a tap: rule_refs.js), closed at first, with the rule's text right after it,
    hidden until opened: not in a hover-only ``title``. (A rule cited in brackets is a small
    raised marker instead: test_words_for_learners.)"""
    page = lesson_html("Mind BASE-BUILD-DISTANCE here.")
    tags = _parse(page)
    refs = [a for _, a in tags.tags if a.get("class") == "catan-rule-ref"]
    assert len(refs) == 1
    ref = refs[0]
    assert ref["role"] == "button" and ref["tabindex"] == "0"
    assert ref["aria-expanded"] == "false" and ref["data-rule"] == "BASE-BUILD-DISTANCE"
    assert "title" not in ref  # the text is on demand, not on hover only
    title = rulebook.rule("BASE-BUILD-DISTANCE").title
    folded = re.search(
        rf">{re.escape(html.escape(title))}</span><span class='catan-rule-ref-text' "
        r"role='note' hidden>(.*?)</span>",
        page,
    )
    assert folded, page
    text = rulebook.rule("BASE-BUILD-DISTANCE").text
    assert html.unescape(folded[1]).startswith(text.split("`")[0][:40])


def test_a_rule_read_as_this_tutors_reading_says_so_in_its_opened_text():
    page = lesson_html("The dummy keeps its cards (DUMMY-IMMUNE).")
    folded = re.search(r"<span class='catan-rule-ref-text'[^>]*>(.*?)</span>", page)
    assert folded and folded[1].split("<br>")[1].startswith(
        "<em>This tutor&#x27;s reading: The rulebooks do not settle this; the tutor plays it "
        "this way."
    )
    assert "Another reading" in folded[1]


def test_the_rule_references_open_and_close_from_the_page_script():
    """The page script the board carries opens a reference's text (rule_refs.js)."""
    from catan_tutor.widgets.board_view import KEYS_JS

    assert ".catan-rule-ref" in KEYS_JS and "aria-expanded" in KEYS_JS
    assert ".catan-rule-ref-text[hidden]{display:none}" in style.THEME_CSS


# ---------------------------------------------------------------- the Rules tab's headings
@pytest.mark.parametrize("variant", ["base", "ck-2p"])
def test_the_rules_tabs_sections_are_headings(variant):
    """Each section of the Rules tab's list is an ``h3`` (the page's outline and a screen
    reader's heading keys find it), larger and bolder than the rules under it."""
    tags = _parse(rules_html(variant))
    book = rulebook.rules_of(variant)
    want, seen = [], set()
    for r in book.values():  # each game's sections, without the reference's numbers
        if (r.variant, r.section) not in seen:
            seen.add((r.variant, r.section))
            want.append(re.sub(r"^\d+(\.\d+)*\s+", "", r.section) or variant_name(r.variant))
    assert [h.strip() for h in tags.headings] == want
    for tag, attrs in tags.tags:
        if tag == "h3":
            size = re.search(r"font-size:(\d+)px", attrs["style"] or "")
            assert size and int(size[1]) > 13 and "font-weight:700" in attrs["style"]


# ---------------------------------------------------------------- player swatches
def _luminance(hex_colour: str) -> float:
    def f(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b)


def _contrast(a: str, b: str) -> float:
    x, y = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (x + 0.05) / (y + 0.05)


# the panels a swatch sits on: the light page and the players' cards, JupyterLab dark's
PAGES = ("#ffffff", "#faf8f2", "#111111", "#212121", "#3a3a3a")


@pytest.mark.parametrize("colour", COLOR_NAMES)
def test_every_player_swatch_is_framed_to_show_on_every_page(colour):
    """P3's white (and any colour) never vanishes: the swatch has a dark rim and a light ring
    around it, one of which stands out 3:1 (non-text contrast) from every panel, light or
    dark; a white or light fill is set off by the dark rim."""
    page = panels.swatch(colour)
    frame = re.search(r"box-shadow:0 0 0 1px (#\w{6}),0 0 0 2px (#\w{6})", page)
    assert frame, page
    rim, ring = frame[1], frame[2]
    for ground in PAGES:
        assert max(_contrast(rim, ground), _contrast(ring, ground)) >= 3, (colour, ground)
    fill = style.player_fill(colour)
    if _luminance(fill) > 0.5:
        assert _contrast(fill, rim) >= 3, colour


def test_the_prompt_and_the_players_cards_show_framed_swatches():
    """Every place a player's colour shows as a swatch uses the framed one: the prompt over
    the lesson and each player's card (its coloured edge framed too)."""
    g = new_game("base", players=4)
    cards = panels.players_html(g)
    for p, colour in enumerate(g.colors):
        assert panels.swatch(colour) in cards, p
        assert panels.colour_bar(colour) in cards, p
    t = Tutor(g)
    assert panels.swatch(g.colors[0]) in t.header.value


# ---------------------------------------------------------------- neutral names
CORNER_LIKE = re.compile(r"\bN[12]\b")
# The notation may keep N1/N2 (the move list, "Allowed here: P1 neutral N1 road H5")
NOTATION = re.compile(r"\b(?:P\d|D) neutral N[12] (?:road|settle|knight|Knight|promote) \w+")


def _page_text(root: widgets.Widget) -> str:
    """The text a learner sees: HTML widgets' text without their hidden parts, and the
    labels of lists and buttons."""
    out, todo, seen = [], [root], set()
    while todo:
        w = todo.pop()
        if id(w) in seen or w.layout.display == "none":
            continue
        seen.add(id(w))
        if isinstance(w, widgets.HTML):
            value = re.sub(r"<style>.*?</style>", " ", w.value, flags=re.S)
            value = re.sub(r"<span[^>]*\shidden>.*?</span>", " ", value)
            out.append(html.unescape(re.sub(r"<[^>]+>", " ", value)))
        if isinstance(w, widgets.widgets.widget_selection._Selection):
            out.extend(str(label) for label in w._options_labels)
        out.append(getattr(w, "description", "") or "")
        todo.extend(getattr(w, "children", ()))
    return "\n".join(out)


def test_a_neutral_is_never_named_like_a_corner_in_the_engines_words():
    """The engine's words for a learner name the neutrals "Neutral 1" and "Neutral 2"; the
    notation (the position text, the moves) keeps N1 and N2."""
    assert "N1" not in VERTEX_LABELS + EDGE_LABELS  # yet "N1" reads as hex N's side 1
    g = new_game("base-2p", players=2)
    s = g.state
    assert (s.name(2), s.name(3)) == ("Neutral 1", "Neutral 2")
    assert s.names[2:] == ("N1", "N2") and "longest=-" in g.position()
    cards = panels.players_html(g)
    assert "Neutral 1" in cards and "Neutral 2" in cards and not CORNER_LIKE.search(cards)
    words = say(s, parse_action("P1 neutral N1 road H5", 0, seats=2))
    assert "Neutral 1" in words and not CORNER_LIKE.search(words), words


@pytest.mark.parametrize(
    "lesson", ["base_2p_neutral_builds", "base_2p_neutral_longest_road", "puzzle_base_2p"]
)
def test_a_base_2p_lessons_page_names_no_neutral_like_a_corner(lesson):
    """Through a whole base-2p lesson, step by step, nothing on the page (lesson texts, what
    to notice, the prompt, the players' cards, the forms' lists) names a neutral "N1" or "N2"
    outside the notation of a move; "Neutral 1" and "Neutral 2" are named."""
    t = Tutor(load_scenario(packaged_lessons() / f"{lesson}.catan.yaml"))
    seen = ""
    for node in list(t.timeline.walk()):
        t.session.goto(node)
        text = NOTATION.sub("", _page_text(t.widget))
        assert not CORNER_LIKE.findall(text), (
            node.id,
            re.findall(r".{0,40}\bN[12]\b.{0,20}", text),
        )
        seen += text
    assert "Neutral 1" in seen and "Neutral 2" in seen


def test_what_happened_scrolls_in_whole_lines_and_swatches_are_round_chips():
    """Issue 33 (ng_paused0.png): "What happened" was cut mid-line at its box's foot (150 px
    of 17.55 px lines); l34: a box of whole lines still scrolled with no sign of it. Its
    newest lines show whole, the older ones folded under "N earlier lines", nothing
    scrolls; and P3's white square swatch read as an unticked checkbox: swatches are round
    chips with a shadow."""
    t = Tutor(new_game("base", players=3))
    for _ in range(12):  # enough lines to scroll
        legal = t.session.game.legal_actions()
        if not legal:
            break
        t.session.play(legal[0])
    log = t.controls.log.value
    assert log.count("<li") >= 9, log
    assert "max-height" not in log and "overflow" not in log  # nothing scrolls, nor is cut
    newest, older = log.split("<details", 1)
    assert newest.count("<li") == 8
    assert re.search(rf"<summary>{log.count('<li') - 8} earlier lines?</summary>", older)
    chip = panels.swatch("white")
    assert "border-radius:50%" in chip and "rgba(0,0,0,0.35)" in chip, chip


def test_a_long_game_s_log_fold_says_the_moves_it_does_not_list():
    """learner23: "33 earlier lines" stayed the same turn after turn and read as the whole
    game (the log lists the path's last moves, path_log.MAX_LOG): past them, the fold says
    how many moves came before ("…, 120 earlier moves before them")."""
    from catan_tutor.widgets.path_log import MAX_LOG

    t = Tutor(new_game("base", players=3, seed=2))
    while len(t.session.game.history) < 3 * MAX_LOG:
        t.session.play(t.session.game.legal_actions()[0])
    older = t.controls.log.value.split("<details", 1)[1]
    summary = re.search(r"<summary>(.*?)</summary>", older)[1]
    assert re.fullmatch(r"\d+ earlier lines, [\d,]+ earlier moves before them", summary), summary
