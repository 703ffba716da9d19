"""What a fresh learner (l35) met on the page, checked without a browser (the page's own
checks: test_browser_l34_page.py): the lesson's other answers set apart from the learner's
own move in the Moves tab; ..."""

from __future__ import annotations

import html
import re

from puzzle_answers import course_puzzles

from catan_tutor.widgets.move_list import LESSON_ANSWERS
from catan_tutor.widgets.tutor import Tutor


def _text(value: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", value)).split())


def _opened_at(lesson: str, k: int = 0) -> Tutor:
    """The tutor on the packaged ``lesson`` opened as the course opens it (its own nodes
    known), at its question ``k``."""
    asked = [a for a in course_puzzles() if a.lesson == lesson][k]
    t = Tutor(asked.scenario(), show=False)  # (as the app opens a lesson)
    s = t.session
    s.open(asked.scenario(), asked.lesson)
    for node in s.timeline.path(s.timeline.nodes[asked.node])[:-1]:  # the questions before
        if node.id in s.scenario.puzzles:
            s.puzzle.solved.add(s.puzzle.key(node))
    s.goto(asked.node)
    assert s.timeline.current.id == asked.node
    return t


def test_the_lesson_s_other_answers_are_set_apart_from_the_learner_s_own_move():
    """l35 at 9.18 (CK-PC-MERCHANT): after "Merchant on S" the Moves tab listed the lesson's
    "Merchant on K, L, O" beside it in the same style, as if the learner had played them."""
    t = _opened_at("puzzle_ck_progress")
    t.moves.show()
    assert "Merchant on K" not in _text(t.moves.tree.html.value)  # a secret until solved
    t.puzzle.submit("P2 play merchant S")
    t.moves.show()
    listed = t.moves.tree.html.value
    own, _, aside = listed.partition("data-lesson-moves")
    assert "merchant on hex S" in _text(own) and "merchant on hex K" not in _text(own)
    assert _text(aside).count("merchant on hex") == 3 and "on hex S" not in _text(aside)
    assert LESSON_ANSWERS in html.unescape(aside)


def _page(t: Tutor) -> str:
    """The lesson's text and the question's box as the page shows them."""
    p = t.puzzle
    return t.story.value + t.lesson.value + p.prompt.value + p.hint_box.value + p.result.value


def test_what_the_rule_mark_means_is_said_once_a_page_view():
    """l35 (1.4 and 10.6 on a phone, 9.18 at 1280): "Click or tap a § to read the rule behind
    the sentence before it." came again in the lesson text, in each solved box and under the
    hints: it is said in the first place that needs it, and there again only."""
    asked = [a for a in course_puzzles() if a.lesson == "puzzle_base_setup"][0]
    t = Tutor(asked.scenario(), show=False)  # (as the app opens a lesson)
    s = t.session
    s.open(asked.scenario(), asked.lesson)
    keyed, marked = [], 0
    for node in s.timeline.path(s.timeline.nodes[max(asked.scenario().puzzles)]):
        s.goto(node.id)
        views = [_page(t)]
        while s.puzzle.holds() and t.puzzle.hint_button.description != "No more hints":
            t.puzzle.take_hint()
            views.append(_page(t))
        if s.puzzle.holds():
            s.play(str(node.children[0].action))  # its "Right", in the solved box
            views.append(_page(t))
        marked += sum("catan-rule-note" in v for v in views)
        keyed += [node.id for v in views if "data-mark='rule'" in v]
    assert marked > 1 and len(set(keyed)) == 1, (marked, keyed)
    s.goto(keyed[0])  # back where it was said: said there again
    assert "data-mark='rule'" in _page(t)


def _runs(text: str, n: int = 4) -> set[tuple[str, ...]]:
    words = re.findall(r"[a-z0-9]+", _text(text).lower())
    return {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}


def test_1_4_s_hints_go_general_to_specific_and_never_say_the_reply_again():
    """l35 at 1.4 (375x740): the third question's first hint named the spot ("the corners
    around the mountains 8") and its second gave the general count; the first question's
    hint 1 said again what the reply to a tap off N4 had just said ("the settlement just
    placed", BASE-SETUP-ROUND1)."""
    first, _, third = (a for a in course_puzzles() if a.lesson == "puzzle_base_setup")
    t = _opened_at("puzzle_base_setup")
    t.puzzle.submit("P1 road Q3")  # the learner's tap, off the settlement
    reply = t.puzzle.result.value
    assert "must touch" in _text(reply)
    assert not _runs(reply) & _runs(first.puzzle.hints[0]), first.puzzle.hints[0]
    spot = re.compile(r"\b(hills|forest|mountains|fields|pasture) \d+")
    general, specific = third.puzzle.hints
    assert not spot.search(general) and "dots" in general, general
    assert spot.search(specific), specific


def test_CK_BARB_STRENGTH_the_track_s_words_stay_one_wording_before_and_after_a_roll():
    """l35 at 7.8 and 10.1 (phone): "barbarians 4 (all cities) vs active knights 3" before a
    roll, "all cities 4 vs active knights 3" once the dice stood beside it."""
    from catan_tutor import new_game, scene
    from catan_tutor.widgets.board_paint import StripPainter

    strip = scene.strip_scene(new_game("ck", players=3, seed=1).state)
    painter = StripPainter.__new__(StripPainter)
    painter._small = lambda h: 1.0  # type: ignore[method-assign]
    said = {
        painter._track_text(1.0, strip, None, room=room, short=short)
        for room in (1e9, 40.0, 1.0)  # no dice yet; the dice beside it; a phone's two rolls
        for short in (False, True)
    }
    assert said == {scene.track_words(strip.barbarians, strip.defenders)}, said
    assert said == {f"Barbarians {strip.barbarians} · knights' strength {strip.defenders}"}


def _title(t: Tutor) -> str:
    """The title line's words."""
    found = re.search(r"<div class='catan-head-title'[^>]*>(.*?)</div>", t.header.value, re.S)
    assert found is not None
    return _text(found[1])


def test_a_lesson_ending_on_a_question_just_solved_says_solved_in_its_title():
    """l35: at a lesson's end on the answer just given (9.18's second question, CK-PC-PLAY)
    the title line said the turn's task ("trading and building"), not that it was solved."""
    t = _opened_at("puzzle_ck_progress", 1)
    node = t.session.timeline.current
    assert node.children and not node.children[0].children  # the lesson ends on its answer
    t.puzzle.submit(str(node.children[0].action))
    assert t.session.puzzle.right is not None and not t.session.node.children
    assert _title(t).endswith("· puzzle solved"), _title(t)


def test_CK_PC_the_lesson_list_gives_a_card_s_older_name_beside_it():
    """l35: chapter 9's list named progress cards by the newer rulebook only ("Taxation",
    "Guild Dues"), which a learner with the older box could not match to a card."""
    from catan_tutor.widgets import App

    app = App(query="")
    app.chapter_picker.value = 9
    shown = {value: label for label, value in app.picker.options}
    assert shown["9.13  Taxation"] == "9.13  Taxation (Bishop)", shown
    assert shown["9.17  Guild Dues"] == "9.17  Guild Dues (Master Merchant)", shown
    assert shown["9.3  The merchant on the desert"] == "9.3  The merchant on the desert"
    app.picker.value = "9.13  Taxation"  # the list's value still opens the lesson
    assert app.tutor.session.lesson_id and "Taxation" in app.tutor.session.scenario.title


def _over_letters(lesson: str, k: int, tapped: str) -> list[tuple[str, str]]:
    """At ``lesson``'s question ``k`` answered ``tapped`` on a phone's 333 px board: each
    named label whose tag, or the line back to its spot, lies over a hex's letter as drawn
    (its text, the hex)."""
    from test_label_tokens import PHONE, crosses

    from catan_tutor import board
    from catan_tutor.widgets.label_places import _letter_disc, hits
    from catan_tutor.widgets.letter_room import LETTER_EM

    t = _opened_at(lesson, k)
    t.puzzle.submit(tapped)
    view = t.view
    view.set_shown_width(str(PHONE))
    tags: list[tuple[float, float, float, float]] = []
    lines, texts = [], []
    layer = view.label_layer
    layer.fill_rects = lambda xs, ys, ws, h: tags.extend(  # type: ignore[method-assign]
        (x, y, x + w, y + h) for x, y, w in zip(xs, ys, ws, strict=True)
    )
    layer.stroke_line = lambda *a: lines.append(a)  # type: ignore[method-assign]
    layer.fill_text = lambda s, *a, **kw: texts.append(s)  # type: ignore[method-assign]
    view._draw_targets()
    size = view.painter.text(LETTER_EM)
    glyphs = [_letter_disc(view.vp, h, 0.4 * size) for h in range(board.N_HEXES)]  # as drawn
    found = [
        (text, board.HEX_NAMES[h])
        for tag, text in zip(tags, texts, strict=True)
        for h, d in enumerate(glyphs)
        if hits(tag, d)
    ]
    return found + [
        ("line", board.HEX_NAMES[h])
        for a, b, p, q in lines
        for h, d in enumerate(glyphs)
        if crosses((a, b), (p, q), d)
    ]


def test_no_label_nor_its_line_hides_a_hex_s_letter_on_a_phone():
    """l35 on a phone: "C4"'s line down over G's letter at 1.4 (and "E4"'s over J's), "Q3"'s
    over R's, "A4"'s over E's at 7.8: the hex's name hidden where the learner looked for it."""
    assert _over_letters("puzzle_base_setup", 2, "P1 settle E4") == []
    assert _over_letters("puzzle_base_setup", 0, "P1 road Q3") == []
    assert _over_letters("puzzle_ck_knights", 0, "P1 recruit A4") == []


def test_CK_PC_MERCHANT_the_merchant_is_a_figure_with_a_gold_coin_not_a_plain_triangle():
    """l35 at 9.18: the merchant, a plain triangle in its holder's colour, read as a knight's
    or a player's mark; it has a head and a gold coin on the board and in the SVG."""
    from catan_tutor.palette import MERCHANT_GOLD
    from catan_tutor.render import svg

    t = _opened_at("puzzle_ck_progress")
    t.puzzle.submit("P2 play merchant S")
    game = t.view.game
    assert t.session.game.state.merchant[0] >= 0
    drawn = svg(game)
    assert MERCHANT_GOLD in drawn[drawn.index('class="merchant"') :]  # (drawn after it)
    assert drawn.count(MERCHANT_GOLD) == 1, drawn.count(MERCHANT_GOLD)
    fills: list[str] = []
    layer = t.view.pieces
    layer.fill_circle = lambda *a: fills.append(layer.fill_style)  # type: ignore[method-assign]
    t.view.draw_pieces()
    assert MERCHANT_GOLD in fills, fills
