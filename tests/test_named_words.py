"""The board labels the spots the page's words name in the same update as the words (issue 33:
the page read its words and the kernel labelled them a round trip late, so a step showed the
step before's labels, at a puzzle's question once the lesson start's "G5", an answer).
named_words.py reads the words in the kernel, from the widgets' own text."""

from __future__ import annotations

import asyncio
import re

from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import SUFFIX, load_scenario
from catan_tutor.widgets.named_words import page_spots, shown_text, spots_named
from catan_tutor.widgets.tutor import Tutor


def _tutor(lesson: str) -> Tutor:
    t = Tutor(load_scenario(packaged_lessons() / f"{lesson}{SUFFIX}"))
    t.session.lesson_id = lesson
    return t


def test_the_words_are_read_as_the_page_shows_them():
    """A label in the words counts once, in order; not in quotes, a hidden element, a closed
    rule's text (its summary does), a style; a seat's name only after "on" or "at". A spot is
    given by its printed label, the one the board's Labels draws ("P1" is the edge L7, "L8"
    the corner K4: s31)."""
    fragment = (
        "<p>A road on K5.</p><p>N6<span hidden>G5</span></p>"
        "<details><summary>Rule at A1</summary>its text names B3</details>"
        "<details open><summary>Open</summary>C5 here</details>"
        '<style>.x{}</style>"Q3" as an example, P2 builds at P1, <b>L8</b>, K5 again'
    )
    assert spots_named([shown_text(fragment)]) == "K5,N6,A1,C5,L7,K4"
    assert spots_named([shown_text("N6</p><p>K5")]) == "N6,K5"  # no two words run together


def _labels_drawn(t: Tutor, step) -> list[str]:
    """The labels the board draws while ``step`` runs as in a kernel (a running event loop:
    the labels follow once the message's work is done)."""
    drawn: list[str] = []
    layer = t.view.label_layer
    fill = layer.fill_text

    def record(text, *args, **kwargs):
        drawn.append(text)
        return fill(text, *args, **kwargs)

    layer.fill_text = record

    async def run() -> None:
        step()
        await asyncio.sleep(0)  # the follow-up asked for with call_soon

    try:
        asyncio.run(run())
    finally:
        layer.fill_text = fill
    return drawn


def test_a_step_s_labels_come_with_its_words_and_never_the_step_before_s():
    """Along lesson 1.1's setup and the two-player puzzles' line to their first question,
    each step: the board labels exactly the spots the words now name (its hidden marker
    too), drawn in the step's own update, and no label only the step before's words named is
    drawn on the way (each setup step names other corners than the one before)."""
    dropped = 0
    for lesson in ("base_setup", "puzzle_base_2p"):
        t = _tutor(lesson)
        s = t.session
        for _ in range(8):
            if not s.node.children or s.puzzle_secret:
                break
            before = set(filter(None, page_spots(t.widget).split(",")))
            drawn = _labels_drawn(t, s.forward)
            now = page_spots(t.widget)
            named = set(filter(None, now.split(",")))
            assert sorted(t.view.named.values()) == sorted(named), (lesson, s.node.id, now)
            assert set(drawn) <= named, (lesson, s.node.id, drawn, now)  # nothing stale
            if named:
                assert f"data-spots='{' '.join(t.view.named.values())}'" in t.view.marker.value
            dropped += bool(before - named)
    assert s.puzzle_secret, "the puzzles' line reaches its question"
    assert dropped >= 3, dropped  # steps that left labels behind were checked


def test_a_tap_s_reply_under_the_board_labels_its_spot():
    """Words that change outside a step (the pointer's line under the board) are followed."""
    t = _tutor("puzzle_base_2p")
    t.board.pointer.value = "Pointer on M4, a settlement or city spot (a corner)."
    assert "M4" in t.view.named.values()


def test_the_moves_tab_s_current_move_and_try_a_move_s_verdict_are_labelled_when_shown():
    """Explore (issue 33): "P1 builds a settlement on N6" in the Moves tab, a typed move's
    verdict: their spots are labelled; of the move list the current move only, and a tab's
    words only while it is the tab shown."""
    from catan_tutor.widgets.tutor import TABS

    fragment = (
        "<span class='catan-mv'>P1 builds a road on B2</span> "
        "<span class='catan-mv catan-mv-current'>P2 builds a <b>settlement</b> on N2</span>"
        " <span class='catan-mv'>P3 builds a road on Q3</span>"
    )
    assert spots_named([shown_text(fragment, "catan-mv-current")]) == "J6"  # (N2's label)
    t = _tutor("base_setup")
    t.explore.value = True
    t.tabs.selected_index = TABS.index("Moves")
    t.moves.tree.html.value = fragment  # (the list as the page would hold it at some move)
    assert "J6" in page_spots(t.widget).split(",") and "B2" not in page_spots(t.widget)
    t.tabs.selected_index = TABS.index("Play")
    assert "J6" not in page_spots(t.widget).split(",")  # a tab not shown says nothing
    t.controls.try_verdict.value = "P1 may not build a road on Q3: too far."
    assert "Q3" in page_spots(t.widget).split(",")
    assert "Q3" in t.view.named.values()  # and the board labels it


def test_without_an_event_loop_each_event_labels_once_what_its_words_finally_name():
    """A script or a test (no event loop): the labels follow each of the session's events
    once, at its end (not at each word box it changes: 5-10 times a step), and they are the
    labels the words then name, after a move, a step back, a jump and a kind chosen."""
    t = _tutor("base_setup")
    s = t.session
    asked: list[str] = []
    label = t.spots.label
    t.spots.label = lambda text: (asked.append(text), label(text))[1]
    moves = 0
    for act in (s.forward, s.forward, s.back, lambda: s.goto(s.timeline.root), s.forward):
        asked.clear()
        act()
        assert len(asked) == 1, asked
        assert asked[0] == page_spots(t.widget) and sorted(t.view.named.values()) == sorted(
            filter(None, asked[0].split(","))
        )
        moves += bool(asked[0])
    asked.clear()
    s.choose_kind(s.kinds()[0])  # a form made: its spot ringed, its words read once
    assert len(asked) == 1 and asked[0] == page_spots(t.widget)
    t.controls.try_text.value = "P1 settle A1"  # outside an event: followed at once
    assert asked[-1] == page_spots(t.widget)
    assert moves >= 2  # steps whose words name spots were checked


def test_an_example_move_in_a_reply_labels_no_spot_but_the_typed_one_does():
    """l36 in a free game typed "build a settlment on E4": the board labelled E4, and H3 of the
    reply's "Moves read like … P1 road H3" too, a spot the position has nothing to do with."""
    t = _tutor("base_setup")
    t.controls.try_text.value = "build a settlment on E4"
    said = t.controls.try_verdict.value
    shown = re.findall(r"<code class='catan-example'>P1 \w+ (\w+)</code>", said)
    assert shown and shown[0] != "E4" and "E4" in said, said  # (a move legal now: s31)
    named = page_spots(t.widget).split(",")
    assert "E4" in named and shown[0] not in named, named
    assert shown[0] not in t.view.named.values()
