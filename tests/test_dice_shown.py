"""The strip under the board (``dice_shown.py``, ``board_paint.StripPainter``): after lesson
1.2's first-player roll-off it shows the roll-off's last dice, not "no dice rolled yet"
(BASE-SETUP-FIRST-PLAYER, BASE-CHANCE-ROLLOFF), and a caption says what the dice are."""

from __future__ import annotations

import re

from catan_tutor.study.library import library
from catan_tutor.study.resources import lessons_dir
from catan_tutor.study.scenario import load_scenario
from catan_tutor.widgets import BoardView, Tutor
from catan_tutor.widgets.board_paint import CHAR_WIDTH
from catan_tutor.widgets.dice_shown import NO_DICE, dice_shown


def _rolloff_line():
    found = next(x for x in library(lessons_dir()) if x.id == "base_first_player")
    tl = load_scenario(found.path).timeline
    line, node = [tl.root], tl.root
    while node.children:
        node = node.children[0]
        line.append(node)
    return tl, line


def test_base_setup_first_player_rolloff_dice_stay_shown_after_it():
    _, line = _rolloff_line()
    assert dice_shown(line[0]) == ((), NO_DICE)
    assert dice_shown(line[1]) == ((5,), "P1 (red) is rolling")  # red's first die
    assert dice_shown(line[2]) == ((5, 4), "The roll of P1 (red).")
    done = line[12]  # white's 4 and 1 lose to red's 6: setup starts, the state keeps no dice
    assert done.state.phase == "setup-settle" and not done.state.dice
    assert dice_shown(done) == ((4, 1), "The roll of P3 (white).")


def test_the_strip_draws_the_rolloff_s_dice_and_a_caption(monkeypatch):
    tl, line = _rolloff_line()
    tl.goto(line[12])
    view = BoardView(lambda: tl.game)
    written: list[str] = []
    monkeypatch.setattr(view.pieces, "fill_text", lambda t, *a, **k: written.append(t))
    view.dice = dice_shown(line[12])
    view.draw_pieces()
    assert "The roll of P3 (white)." in written and NO_DICE not in written
    written.clear()
    view.dice = None  # the state's own dice: none here
    view.draw_pieces()
    assert NO_DICE in written


def test_a_game_s_roll_is_captioned_as_the_last_roll():
    found = next(x for x in library(lessons_dir()) if x.id == "ck_knight_recruit")
    node = load_scenario(found.path).timeline.root
    for _ in range(4):  # P1 roll, white 4, red 6, event trade
        node = node.children[0]
    assert dice_shown(node) == ((4, 6), "The dice of the last roll.")


def _die_labels(lesson: str) -> list[tuple[str, list[str]]]:
    """(phase, the die list's labels) of the Die form at each node of ``lesson``'s main line
    where a production die is to be thrown."""
    from catan_tutor.actions import Die
    from catan_tutor.game import Game
    from catan_tutor.widgets.forms import ActionForm

    tl = load_scenario(lessons_dir() / f"{lesson}.catan.yaml").timeline
    out, node = [], tl.root
    while node is not None:
        g = Game(tl.rules, node.state)
        dice = [a for a in g.legal_actions() if isinstance(a, Die) and a.die in ("white", "red")]
        if dice:
            form = ActionForm(g, dice, lambda a: None)
            out.append((g.state.phase, [label for label, _ in form.pickers["die"].options]))
        node = node.children[0] if node.children else None
    return out


def test_BASE_SETUP_FIRST_PLAYER_the_rolloff_form_names_no_die_by_a_players_colour():
    """Issue 33 (lesson 1.2): the roll-off names players "P1 (red)" ("P1 (red) rolls 9"), so its
    form's dice are "first" and "second", in the base game and in Cities & Knights alike."""
    for lesson in ("base_first_player", "ck_setup_first_player"):
        found = _die_labels(lesson)
        rolloff = [labels for phase, labels in found if phase == "rolloff"]
        assert len(rolloff) >= 6, (lesson, found)
        assert all(set(labels) <= {"first", "second"} for labels in rolloff), (lesson, found)


def test_CK_EVENT_CASTLE_after_the_rolloff_the_form_keeps_the_red_die_by_its_colour():
    """Outside the roll-off no player is a colour: the dice keep the names the log and the
    lessons give them ("the red die" decides C&K's progress draws)."""
    found = _die_labels("ck_setup_commodities")
    later = [labels for phase, labels in found if phase != "rolloff"]
    assert later and all(set(labels) <= {"white", "red"} for labels in later), found
    assert any("red" in labels for labels in later), found


def test_2P_ROLL_TWICE_both_rolls_dice_are_the_turn_s_first_throw_then_its_second():
    """Issue 33 (lesson 5.1): after a two-roll turn's second roll the strip draws the first
    roll's dice before the second's, and the first pair is the turn's first throw even when a
    second roll of the same sum was thrown anew in between (CK2P-ROLL-SAME)."""
    from catan_tutor.actions import DICE_COLORS, Die, Roll

    for lesson in ("base_2p_double_roll", "ck_2p_double_roll"):
        node = load_scenario(lessons_dir() / f"{lesson}.catan.yaml").timeline.root
        thrown: list[int] = []  # the production dice of the turn so far
        checked = 0
        while node.children:
            node = node.children[0]
            if isinstance(node.action, Roll):
                thrown = []
            elif isinstance(node.action, Die) and node.action.die in DICE_COLORS:
                thrown.append(node.action.value)
            faces, caption = dice_shown(node)
            if caption.startswith("The dice of both rolls, the first faded"):
                assert faces == (*thrown[:2], *thrown[-2:]), (lesson, faces, thrown)
                checked += 1
        assert checked, lesson


def _strip_words(view: BoardView, monkeypatch) -> list[tuple[str, float, float, float, float]]:
    """The words the strip under the board writes: (text, left, top, right, bottom) in canvas
    pixels, each box from its font's size and about ``CHAR_WIDTH`` of it a character."""
    layer, out = view.pieces, []

    def write(text, x, y, max_width=None):
        if y < view.canvas.height - view.strip:
            return  # on the board, not in the strip
        size = float(re.search(r"(\d+(?:\.\d+)?)px", layer.font).group(1))
        wide = len(text) * CHAR_WIDTH * size
        left = {"left": x, "center": x - wide / 2}.get(layer.text_align, x - wide)
        out.append((text, left, y - size / 2, left + wide, y + size / 2))

    monkeypatch.setattr(layer, "fill_text", write)
    view.draw_pieces()
    return out


def test_a_phone_s_c_and_k_dice_line_says_the_roll_in_words_under_the_board(monkeypatch):
    """Issue 33 (a phone, lesson 6.2): beside three dice and the barbarian track the roll's
    caption had ~70 px: "The last roll was 10." in three lines of 13 px drawn over each other.
    On a phone's C&K board the strip holds the dice and the track, none of its words over
    another, and the caption leads the line of words under the board (wrapped by the page);
    a wide board keeps it in the strip (the line's caption hidden there: style.LAYOUT_CSS)."""
    t = Tutor(load_scenario(lessons_dir() / "ck_knight_recruit.catan.yaml"))
    node = t.session.timeline.root
    for _ in range(4):  # P1 roll, white 4, red 6, event trade
        node = node.children[0]
    t.session.goto(node)
    caption = "The dice of the last roll."
    wide = _strip_words(t.view, monkeypatch)
    assert caption in [w[0] for w in wide], wide
    t.view.set_shown_width("363")  # a 375 px phone's board (board_width.js)
    words = _strip_words(t.view, monkeypatch)
    said = [w[0] for w in words]
    assert caption not in said and "barbarian ship" in said, said
    for i, a in enumerate(words):
        for b in words[i + 1 :]:
            apart = a[3] <= b[1] or b[3] <= a[1] or a[4] <= b[2] or b[4] <= a[2]
            assert apart, (a, b)
    line = t.board.dice_words.value
    lead = re.search(r"<span class='catan-dice-caption'>([^<]*)</span>", line)
    assert lead and lead.group(1).strip() == caption, line
    assert line.index(caption) < line.index("Event die: yellow trade castle."), line


def test_BASE_BOARD_while_the_board_is_laid_out_the_strip_says_so_not_no_dice_yet():
    """Lesson 1.3 (issue 33, a fresh learner): "No dice rolled yet." under a board being laid
    out hex by hex meant nothing; the strip says the board is being laid out."""
    from catan_tutor.state import BOARD

    sc = load_scenario(lessons_dir() / "base_variable_board.catan.yaml")
    node = sc.timeline.root
    laying = []
    while node.children:
        node = node.children[0]
        if node.state.phase == BOARD:
            laying.append(dice_shown(node))
    said = ((), "No dice yet: the board is being laid out.")
    assert laying and all(d == said for d in laying), laying


def test_a_phone_s_strip_says_a_base_game_s_caption_on_one_line(monkeypatch):
    """l31 on a phone at 1.3: "The board is being laid out; the dice come later." took two
    lines in the strip, jammed against its top and foot. Each caption of a base game's strip
    (no event die: it stays in the strip) is one line on a phone's board."""
    from catan_tutor.widgets import dice_shown as shown

    t = Tutor(load_scenario(lessons_dir() / "base_variable_board.catan.yaml"))
    t.view.set_shown_width("333")  # a 375 px phone's board as the page shows it (s26)
    for caption in (shown.LAYING_OUT, shown.NO_DICE, shown.NOT_YET):
        monkeypatch.setattr(t.view, "dice", ((), caption))
        lines = [w for w in _strip_words(t.view, monkeypatch) if w[0] in caption]
        monkeypatch.undo()
        assert [w[0] for w in lines] == [caption], (caption, lines)


def test_a_roll_s_total_is_said_once_by_the_step_s_words_not_by_the_strip():
    """Issue 33 (a C&K roll said twice: "A 10, and a green castle on the event die." in the
    step's text and "The last roll was 10." beside the dice). In every lesson, at every step
    that lands where dice fell (base, C&K, two players, the roll-off), the strip's caption
    names which dice it draws and no number; the step's words say each total of the roll:
    the lesson's, or the dice sentence's (roll_texts.py: "The white die shows 5 and the red
    die 5: a 10." where the lesson says no total)."""
    from catan_tutor import new_game
    from catan_tutor.actions import Die
    from catan_tutor.widgets.roll_steps import roll_nodes
    from catan_tutor.widgets.tutor_session import TutorSession

    steps, added, variants = 0, 0, set()
    for found in library(lessons_dir()):
        if found.error:
            continue
        s = TutorSession(new_game("base", players=3))
        s.open(load_scenario(found.path), lesson_id=found.id)
        s.puzzle.solve_all()
        while s.node.children:
            s.step("forward")
            faces, caption = dice_shown(s.node)
            thrown = [*roll_nodes(s.timeline.rules, s.node), s.node]
            if not faces or not any(isinstance(n.action, Die) for n in thrown[1:]):
                continue  # no dice fell in this step (a deck picked after a roll)
            steps += 1
            variants.add(s.game.state.caps)
            assert not re.search(r"\b\d+\b", caption), (found.id, caption)
            said = " ".join(s.texts())
            st = s.node.state
            sums = st.sums or ((sum(st.dice[:2]),) if st.dice else (sum(faces),))
            if re.search(r"\bwhite \d+ and red \d+\b", said):
                continue  # the lesson sets the dice itself (Alchemy): it names both
            for total in sums:
                assert re.search(rf"\b{total}\b", said), (found.id, total, said)
            added += bool(re.search(r"the red die \d+: an? \d+", said))
    assert steps >= 100 and len(variants) >= 4, (steps, variants)
    assert added >= 10, added  # steps whose lesson said no total: the sentence says it
    s = TutorSession(new_game("base", players=3))
    s.open(load_scenario(lessons_dir() / "ck_barbarian_tie.catan.yaml"), "ck_barbarian_tie")
    s.puzzle.solve_all()
    while not s.node.state.dice:
        s.step("forward")
    assert s.texts()[0].startswith("The white die shows 5 and the red die 5: a 10."), s.texts()


def _dice_boxes(view: BoardView, monkeypatch) -> list[tuple[str, float, float, float, float]]:
    """The dice the strip draws next (as boxes like ``_strip_words``'), filled in as drawn."""
    strip, out = view.painter.strip_painter, []
    for name in ("_draw_die", "_draw_event_die"):
        real = getattr(strip, name)

        def drawn(c, x, y, size, *a, real=real):
            out.append(("die", x, y, x + size, y + size))
            real(c, x, y, size, *a)

        monkeypatch.setattr(strip, name, drawn)
    return out


def test_CK_BARB_STRENGTH_the_track_says_what_its_numbers_count_and_fits(monkeypatch):
    """Issue 33: "barbarians 3 vs knights 0" under the barbarian track left a learner to guess
    what the numbers count. Now "all cities 3 vs active knights 0" (CK-BARB-STRENGTH,
    CK-BARB-DEFENSE), after an attack "last attack: barbarians 5 vs knights 1, Catan fell"
    (CK-BARB-AFTER: said as past, the next turn's "barbarians 3 vs knights 3: Catan held" read
    as stale, l39); at every step of the C&K lessons' main lines, on a wide board, a
    narrower one (a 1024 px window) and a 375 px phone's, none of the strip's words or dice
    lies over another or out of the canvas."""
    t = Tutor(load_scenario(lessons_dir() / "ck_barbarian_tie.catan.yaml"))
    view, said, steps = t.view, set(), 0
    for lesson in ("ck_barbarian_tie", "ck_barbarians_pillage", "ck_2p_double_roll"):
        t.session.open(load_scenario(lessons_dir() / f"{lesson}.catan.yaml"), lesson_id=lesson)
        t.session.puzzle.solve_all()
        while True:
            for width in ("640", "520", "363", "333"):
                view.set_shown_width(width)
                dice = _dice_boxes(view, monkeypatch)
                boxes = _strip_words(view, monkeypatch) + dice
                monkeypatch.undo()
                for i, a in enumerate(boxes):
                    assert a[1] >= 0 and a[3] <= view.canvas.width, (lesson, width, a)
                    for b in boxes[i + 1 :]:
                        apart = a[3] <= b[1] or b[3] <= a[1] or a[4] <= b[2] or b[4] <= a[2]
                        assert apart, (lesson, width, a, b)
                said |= {
                    w[0]
                    for w in boxes
                    if any(x in w[0] for x in ("barbarians", "Barbarians", "attack"))
                }
                steps += 1
            if not t.session.node.children:
                break
            t.session.step("forward")
    assert steps >= 30, steps
    full = re.compile(r"Barbarians \d+ · knights' strength \d+")  # (one wording, l35)
    assert any(full.fullmatch(w) for w in said), said
    past = re.compile(r"last attack: barbarians \d+ vs knights \d+, Catan fell")
    assert any(past.fullmatch(w) for w in said), said
    assert all(w.startswith("last attack") for w in said if "Catan" in w), said
    assert not any(w.endswith(("(held)", "(lost)", ": fell", ": held")) for w in said), said


def _luminance(colour: str) -> float:
    """WCAG relative luminance of "#rrggbb"."""
    c = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    f = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in c]
    return 0.2126 * f[0] + 0.7152 * f[1] + 0.0722 * f[2]


def _over(colour: str, alpha: float, behind: str) -> str:
    """``colour`` at ``alpha`` over ``behind``, as "#rrggbb"."""
    mix = [
        round(alpha * int(colour[i : i + 2], 16) + (1 - alpha) * int(behind[i : i + 2], 16))
        for i in (1, 3, 5)
    ]
    return "#" + "".join(f"{v:02x}" for v in mix)


def _contrast(a: str, b: str) -> float:
    x, y = sorted((_luminance(a), _luminance(b)))
    return (y + 0.05) / (x + 0.05)


class _Strokes:
    """A canvas that keeps each outline stroked (its colour and strength) and each face
    filled as a polygon (the dice's rounded squares)."""

    def __init__(self) -> None:
        self.global_alpha, self.fill_style, self.stroke_style = 1.0, "", ""
        self.rims: list[tuple[str, float]] = []
        self.faces: list[tuple[str, float]] = []
        self.pips: list[tuple[str, float, int]] = []  # (colour, strength, the face's index)

    def stroke_polygon(self, points) -> None:
        self.rims.append((self.stroke_style, self.global_alpha))

    def fill_polygon(self, points) -> None:
        self.faces.append((self.fill_style, self.global_alpha))

    def fill_circle(self, *a) -> None:
        self.pips.append((self.fill_style, self.global_alpha, len(self.faces) - 1))

    def __getattr__(self, name):  # every other drawing call: nothing kept
        return lambda *a, **k: None


def test_CK2P_ROLL_TWICE_a_faded_roll_s_caption_is_never_three_lines_in_the_strip(monkeypatch):
    """Beside five dice and the barbarian track a C&K two-roll turn's caption had the room of
    ten characters: "Faded: the / first / roll." in three lines (1024 dark, a fresh learner,
    s17, j4.png). Where it would take more than two lines the strip leaves it out and the line
    under the board says it (``data-caption='out'``: style.LAYOUT_CSS shows the line's)."""
    t = Tutor(load_scenario(lessons_dir() / "ck_2p_double_roll.catan.yaml"))
    both = "The dice of both rolls, the first faded"  # (with its event die: ..., s33)
    node = t.session.timeline.root
    while node.children and not dice_shown(node)[1].startswith(both):
        node = node.children[0]
    caption = dice_shown(node)[1]
    assert caption.startswith(both)
    t.session.goto(node)
    t.view.set_shown_width("496")  # the board at 1024x768 (board_width.js), not a phone's
    assert not t.view.narrow
    words = [w[0] for w in _strip_words(t.view, monkeypatch)]
    pieces = [w for w in words if w and w in caption]
    assert "barbarian ship" in words, words
    t.view._drawn()
    out = "data-caption='out'" in t.view.marker.value
    assert (not pieces and out) or (len(pieces) <= 2 and not out), (pieces, t.view.marker.value)
    if out:
        lead = re.search(
            r"<span class='catan-dice-caption'>([^<]*)</span>", t.board.dice_words.value
        )
        assert lead and lead.group(1).strip() == caption, t.board.dice_words.value


def test_every_die_of_a_two_roll_turn_reads_against_the_strip_in_both_themes():
    """2P-ROLL-TWICE: the first roll's dice are drawn faded before the second's. At 0.45 the
    red die read 1.4:1 on the dark strip (a fresh learner, s16, v02_1116_p2.png) and its dark
    outline 1.2:1 even unfaded: every die's outline reads at least 3:1 against the strip in
    either theme, and the faded dice still look fainter than the second roll's."""
    from catan_tutor.scene import strip_scene
    from catan_tutor.widgets import style
    from catan_tutor.widgets.board_paint import FADED

    found = next(x for x in library(lessons_dir()) if x.id == "base_2p_double_roll")
    tl = load_scenario(found.path).timeline
    node = tl.root
    while node.children and len(dice_shown(node)[0]) != 4:
        node = node.children[0]
    faces, _ = dice_shown(node)
    assert len(faces) == 4
    tl.goto(node)
    view = BoardView(lambda: tl.game)
    strip = view.painter.strip_painter
    for dark, fill in ((False, style.STRIP_FILL), (True, style.STRIP_FILL_DARK)):
        strip.dark = dark
        c = _Strokes()
        strip.draw(
            c, strip_scene(tl.game.state), None, (faces, "The dice of both rolls, the first faded.")
        )
        dice = c.rims[-4:]
        assert len(dice) == 4, c.rims
        for rim, alpha in dice:
            assert _contrast(_over(rim, alpha, fill), fill) >= 3, (dark, rim, alpha)
        drawn = [a for _, a in c.faces[-4:]]
        assert drawn == [FADED, FADED, 1.0, 1.0] and FADED <= 0.7, drawn
        # each pip at least 3:1 on its die's face as drawn (the faded red die's light pips
        # were 1.9:1 on the light strip: a fresh learner, s17), so are the outlines
        first = len(c.faces) - 4
        pips = [p for p in c.pips if p[2] >= first]
        assert len({p[2] for p in pips}) == 4, c.pips
        for colour, alpha, at in pips:
            face = _over(c.faces[at][0], c.faces[at][1], fill)
            assert _contrast(_over(colour, alpha, face), face) >= 3, (dark, colour, face)


def test_CK2P_ROLL_DOUBLE_the_first_roll_s_event_die_is_drawn_faded_while_the_second_is_thrown():
    """l27: "the first roll's event die is not drawn faded". While a C&K two-roll turn's second
    roll is thrown (its event die comes last, CK2P-ROLL-DOUBLE), the event die the strip shows
    is the first roll's, and it was drawn at full strength beside the second roll's dice, as
    if thrown with them: drawn faded now, as the first roll's dice are. Thrown, the second
    roll's event die is drawn at full strength (and kept through a throw again of the same
    sum: the event die is not thrown again)."""
    from catan_tutor.scene import strip_scene
    from catan_tutor.widgets import style
    from catan_tutor.widgets.board_paint import FADED

    tl = load_scenario(lessons_dir() / "ck_2p_double_roll.catan.yaml").timeline
    view = BoardView(lambda: tl.game)
    strip = view.painter.strip_painter
    seen = {}
    for node in tl.walk():
        s = node.state
        if not s.event:
            continue
        tl.goto(node)
        c = _Strokes()
        strip.draw(c, strip_scene(s), None, dice_shown(node))
        fill = style.EVENT_FILL[s.event]
        (alpha,) = {a for colour, a in c.faces if colour == fill}  # the event die's face
        second = bool(s.rolled) and len(s.sums) == 1  # the second roll under way
        assert alpha == (FADED if second else 1.0), (node.id, s.rolled, s.sums, alpha)
        seen[second] = seen.get(second, 0) + 1
    assert seen.get(True, 0) >= 2 and seen.get(False, 0) >= 3, seen


def test_CK2P_ROLL_DOUBLE_after_both_rolls_each_roll_s_event_die_is_shown_the_first_faded():
    """s33: after a C&K two-roll turn's second roll the strip drew the first roll's dice faded
    beside the second's, but not the first roll's event die, though it was thrown and resolved
    with them (CK2P-ROLL-DOUBLE: each roll has its event die). Lesson 11.3's turn: the first
    roll's event die (blue politics castle) is drawn faded after its dice, the second's (green
    science castle) at full strength after theirs, clear of the barbarian track, and the
    caption names both results, first and second."""
    from catan_tutor.scene import strip_scene
    from catan_tutor.widgets import style
    from catan_tutor.widgets.board_paint import FADED

    tl = load_scenario(lessons_dir() / "ck_2p_double_roll.catan.yaml").timeline
    node = next(n for n in tl.walk() if len(set(n.state.sums)) == 2 and len(dice_shown(n)[0]) == 4)
    shown = dice_shown(node)
    faces, caption = shown
    assert node.state.event == "science"
    assert shown.first_event == "politics" and len(faces) == 4
    said = caption.lower()
    assert "blue politics castle" in said and "green science castle" in said, caption
    assert said.index("politics") < said.index("science"), caption  # first, then second
    assert "event" in said and "faded" in said, caption
    # CK2P-ROLL-SAME: the green castle was thrown with a pair of the first sum, rolled again;
    # the strip draws the pair kept, so the caption says the castle came with the other
    # (learner19 read the castle beside the red 5 as thrown with it: no card on a red 5)
    assert said.endswith(
        "the green science castle came with another white and red pair of the same sum as "
        "the first roll; that pair was rolled again."
    ), caption
    tl.goto(node)
    strip = BoardView(lambda: tl.game).painter.strip_painter
    c = _Strokes()
    strip.draw(c, strip_scene(node.state), None, shown)
    events = [(fill, a) for fill, a in c.faces if fill in style.EVENT_FILL.values()]
    politics, science = style.EVENT_FILL["politics"], style.EVENT_FILL["science"]
    assert events[:2] == [(politics, FADED), (science, 1.0)], events
    # (without the first roll's event die: one event die, the second's)
    c = _Strokes()
    strip.draw(c, strip_scene(node.state), None, (faces, caption))
    assert [f for f, _ in c.faces if f in style.EVENT_FILL.values()][:1] == [science]


def test_DUMMY_ROBBER_TARGET_the_dummys_own_dice_are_drawn_alone_and_said_whose():
    """learner20 at 5.15: the four tie-break rolls ("A rolls a 2", "G rolls a 5", "P1 rolls
    a 4", "P2 rolls a 1") were told while the strip kept the 7 before them as "the last roll",
    and the development die after them was never drawn. Each of the dummy's single dice is
    drawn alone at the step that throws it, said whose (a hex's, for the robber's tie), and
    the strip goes back to the last roll after it."""
    tl = load_scenario(lessons_dir() / "base_dummy_dummy_turn.catan.yaml").timeline
    line = [tl.root]
    while line[-1].children:
        line.append(line[-1].children[0])
    shown = [(str(n.action), dice_shown(n)) for n in line]
    singles = [(a, f, c) for a, (f, c) in shown if len(f) == 1 and not a.startswith("die white")]
    assert singles == [
        ("die tiebreak 2", (2,), "The tie-break die rolled for hex A."),
        ("die tiebreak 5", (5,), "The tie-break die rolled for hex G."),
        ("die tiebreak 4", (4,), "The tie-break die P1 rolled."),
        ("die tiebreak 1", (1,), "The tie-break die P2 rolled."),
        ("die dev 3", (3,), "The dummy's development die."),
    ], singles
    after = next(d for a, d in shown if a.startswith("steal "))
    assert after == ((3, 4), "The dice of the last roll.")
