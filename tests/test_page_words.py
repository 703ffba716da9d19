"""The page's words at the start of every lesson of the course (issue 33, scope 5), read from
the widgets without a browser: no internal name (``src``, ``dst``, ``args``, ``listed``, card
ids like ``merchant-fleet`` or ``vp``, variant codes), no emoji or pictograph that depends on
the system's fonts, and counts and articles that agree.

The text is what the page shows: HTML widgets' text (not their tags, style sheets or hidden
``data-*`` markers), labels, button and field descriptions, tooltips, list options and tab
titles, of every widget that is not hidden. Move notation to type (``<code>``: the editor's
command list, a verdict's move) is the notation's own and is left out.
"""

from __future__ import annotations

import html
import re

import ipywidgets as widgets
import pytest
from test_words import INTERNAL, agreement_errors

from catan_tutor.widgets.app import App

# Words the engine uses inside that must not reach the page (whole words), besides the card
# ids of ``test_words.INTERNAL``: field names, variant codes, the old form's list label; and
# the codes a newcomer met where a sentence would do (issue 33): the verdict's "legal:", the
# form's "or pick", "VP", the pointer's "Under the pointer", the cursor's "cursor:", What to
# notice's rule checks "Allowed here:" / "Not allowed here:".
INTERNAL_WORDS = re.compile(
    r"\b(src|dst|args|listed|commo|vp|base-2p|base-dummy|ck-2p|roadbuilding|plenty|"
    r"setup-settle|pre-roll|robber-home|discard-progress|force-draw|VP|or pick)\b|"
    r"\blegal:|Under the pointer|\bcursor:|\b(?:Not a|A)llowed here:"
)
# The kinds of move by the engine's names (``kinds.kind_of``): a button says the card's words
# ("Build a settlement"), never these ("settle", "build road", "buy dev").
RAW_KINDS = {"settle", "build road", "build city", "buy dev", "roll", "end turn", "move robber"}
# Emoji and pictographs (issue 33: the 🎲 shows as a missing-glyph box in stock Chromium).
PICTOGRAPHS = re.compile(
    "[\U0001f300-\U0001faff\u2600-\u27bf\u2b00-\u2bff\U0001f000-\U0001f2ff\ufe0f]"
)
_BLOCK = re.compile(r"(?is)<(style|script|code)\b.*?</\1>")
_TAG = re.compile(r"<[^>]+>")


def html_text(value: str) -> str:
    """What an HTML widget shows: its text, each tag a break."""
    return html.unescape(_TAG.sub(" | ", _BLOCK.sub(" | ", value)))


def page_text(root: widgets.Widget) -> str:
    """Every word the page shows under ``root`` (hidden widgets left out)."""
    out: list[str] = []
    todo, seen = [root], set()
    while todo:
        w = todo.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        layout = getattr(w, "layout", None)
        if layout is not None and getattr(layout, "display", None) == "none":
            continue
        if isinstance(w, widgets.HTML | widgets.HTMLMath):
            out.append(html_text(str(w.value)))
        elif isinstance(w, widgets.Label):
            out.append(str(w.value))
        for attr in ("description", "tooltip", "placeholder"):
            said = getattr(w, attr, None)
            if isinstance(said, str) and said:
                out.append(said)
        out.extend(getattr(w, "tooltips", None) or ())
        if isinstance(w, widgets.widgets.widget_selection._Selection):
            out.extend(str(label) for label in w._options_labels)
        if isinstance(w, widgets.Tab):
            out.extend(t for t in w.titles if t)
        todo.extend(getattr(w, "children", ()))
    return "\n".join(out)


@pytest.fixture(scope="module")
def app() -> App:
    return App(query="")


def _lessons() -> list[str]:
    return list(App(query="").lessons)


def test_the_page_text_reader_sees_what_a_learner_sees(app):
    """The reader itself: a form's labels and options, a tooltip, a tab title are read; a
    hidden widget and a hidden marker are not."""
    app.open(_lessons()[0])
    text = page_text(app.widget)
    assert "Lesson" in text and "Play" in text  # a field's description, a tab title
    assert "data-" not in text and "<" not in text
    hidden = widgets.HTML("secret-word", layout=widgets.Layout(display="none"))
    assert "secret-word" not in page_text(widgets.VBox([hidden]))
    shown = widgets.Dropdown(options=[("from", 1)], description="to", tooltip="tip")
    assert {"from", "to", "tip"} <= set(page_text(widgets.VBox([shown])).split())


@pytest.mark.course
@pytest.mark.parametrize("label", _lessons())
def test_no_internal_word_or_pictograph_at_a_lessons_start(app, label):
    """Every lesson of the course, opened at its start: the page's words are a learner's."""
    app.open(label)
    text = page_text(app.widget)
    assert not INTERNAL_WORDS.findall(text), (label, INTERNAL_WORDS.findall(text))
    assert not INTERNAL.findall(text), (label, INTERNAL.findall(text))
    assert not PICTOGRAPHS.findall(text), (label, PICTOGRAPHS.findall(text))
    assert agreement_errors(text) == [], (label, agreement_errors(text))
    controls = app.tutor.controls
    buttons = [label for label, _ in (*controls.palette.options, *controls.blocked.options)]
    assert not RAW_KINDS & {b.split(" · ")[0] for b in buttons}, (label, buttons)


def test_the_internal_names_list_catches_the_codes_a_newcomer_met():
    """The list itself: each code the learner met (issue 33) is caught, and its sentence is
    not, so that none can come back unseen."""
    met = [
        "✓ legal: P1 may build a road on N3.",
        "or pick",
        "P1 has 3 VP",
        "Under the pointer: edge N5",
        "cursor: corner N4 · Enter: settle",
        "Allowed here: P1 road N5.",
        "Not allowed here: P1 may not build a road on K5 — …",
    ]
    for code in met:
        assert INTERNAL_WORDS.search(code), code
    said = [
        "✓ Allowed. P1 can build a road on N3.",
        "or choose one here:",
        "P1 has 3 victory points",
        "Pointer on N5, a road spot (an edge).",
        "Cursor on N4, a settlement or city spot (a corner). Press Enter for “Build a settlement”.",
        "Here P1 may build a road on N5.",
        "Each of these is allowed here: P2 may build a settlement on O6; P2 may build …",
        "P1 may not build a road on K5: the setup road must touch the settlement just placed.",
    ]
    for sentence in said:
        assert not INTERNAL_WORDS.search(sentence), sentence


@pytest.mark.parametrize("label", ["Knight displacement", "Forced trade with trade tokens"])
def test_the_odds_tab_reads_in_words(label):
    """The Odds tab of a C&K and a two-player lesson, with a short run's results: headers in
    words (no DataFrame's ``metric party estimate low high n``), the horizon said."""
    from concurrent.futures import ThreadPoolExecutor

    from catan_tutor.widgets.tutor import TABS

    app = App(query="", start=label)
    tutor = app.tutor
    tutor.tabs.selected_index = TABS.index("Odds")
    odds = tutor.odds
    assert odds is not None
    odds.executor = lambda: ThreadPoolExecutor(1)
    odds.n.value, odds.turns.value = 4, 2
    odds.run(wait=True)
    text = page_text(odds.widget)
    assert "Chance to win" in text and "likely between" in text and "over the next 2 turns" in text
    # issue 33: no statistician's words ("95% range", "playouts", "the horizon"), headers
    # that fit on one line, at a readable size; the games with no winner said plainly
    assert not re.search(r"\b(playouts?|horizon)\b|\d+% range", text), text
    assert "4 games played on by the computer" in text
    assert (
        "In 100% of the games played on from here, no one had won when they stopped, "
        "2 turns on (likely" in text
    )
    css = odds.result.value
    assert "font-size:13px" in css and "thead th{white-space:normal" not in css
    for raw in ("metric", "party", "estimate", " low ", " high ", "player\n"):
        assert raw not in text, (raw, text)
    assert not INTERNAL_WORDS.findall(text) and not INTERNAL.findall(text)
    assert agreement_errors(text) == [], agreement_errors(text)


# Words of the engine's machinery a learner met in Explore's tabs (the issue "The learner's
# page"): Monte-Carlo terms, the tree's Promote/Demote, "Author view", "pips" where the lessons
# say "dots", a "chance:" before the dice, the notation reader's character offsets, the
# computer's policy names; a chess study's "main line" and "side line" (the Moves tab's
# buttons said them: the way ▶ goes, another way).
MACHINERY = re.compile(
    r"\b(playouts?|seeded|sampler|seed|pips?|Pips|Promote|Demote|Author view|policy|greedy|"
    r"playout|[Mm]ain line|[Ss]ide line)\b|\bchance: |at character \d"
)


@pytest.mark.parametrize(
    "label",
    [
        "Production, the 7 and the robber",
        "Knight displacement",
        "Forced trade with trade tokens",
    ],
)
def test_every_explore_tab_reads_in_a_learners_words(label):
    """A base, a Cities & Knights and a two-player lesson, each tab of Explore shown in turn
    (its folds closed): no machinery word, no internal name, counts that agree. The Rules
    tab is the rules' own text ("Promote a knight" is a rule): there only "pips" is checked."""
    from catan_tutor.widgets.tutor import TABS

    app = App(query="", start=label)
    t = app.tutor
    t.explore.value = True
    for i, tab in enumerate(TABS):
        t.tabs.selected_index = i
        text = page_text(t.tabs.children[i])
        assert text.strip(), (label, tab)
        if tab == "Rules":
            assert not re.search(r"\b[Pp]ips?\b", text), (label, tab)
            continue
        assert not MACHINERY.findall(text), (label, tab, MACHINERY.findall(text))
        assert not INTERNAL_WORDS.findall(text), (label, tab, INTERNAL_WORDS.findall(text))
        assert not INTERNAL.findall(text), (label, tab, INTERNAL.findall(text))
        assert agreement_errors(text) == [], (label, tab, agreement_errors(text))
