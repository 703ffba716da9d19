"""The move list of the Moves tab (widgets/move_list.py): words, turns, comments, variations,
clicks and keys, a variable board's set-up in one line, long games cut to a window."""

from __future__ import annotations

import html
import re

from puzzle_answers import lesson

from catan_tutor import new_game
from catan_tutor.study.timeline import Timeline
from catan_tutor.widgets import App, Tutor
from catan_tutor.widgets.move_list import (
    LESSON_ANSWERS,
    MoveList,
    move_words,
    moves_html,
    node_of,
    rows,
    start_node,
)
from catan_tutor.widgets.tutor import TABS


def click(t: Tutor, node: int) -> None:
    """What ipyevents sends for a click on a move: the class of the element clicked."""
    t.moves.tree._on_event({"type": "click", "target": {"className": f"catan-mv catan-mv-{node}"}})


def test_moves_read_in_words_with_their_labels() -> None:
    g = new_game("base", players=3)
    a = g._action("P1 settle J12")  # an alias: the list writes the board's label, E4
    assert move_words(a) == "P1 builds a settlement on E4"
    g.play(a)
    assert move_words(g._action("P1 road F7")) == "P1 builds a road on F7"
    assert node_of("catan-mv catan-mv-current catan-mv-12") == 12
    assert node_of("catan-mv-turn") is None and node_of("") is None


def test_turns_comments_and_variations_inline() -> None:
    t = Tutor(new_game("base", players=3))
    t.tabs.selected_index = TABS.index("Moves")
    t.session.play("P1 settle J12")
    t.session.play("P1 road J1")
    t.session.first()
    t.session.play("P1 settle A4")  # a variation of the first move
    t.timeline.current.comment = "<b>near</b> the desert"
    t.refresh()
    page = t.moves.tree.html.value
    assert (
        page.index("P1 builds a settlement on E4")
        < page.index("catan-mv-var")
        < page.index("P1 builds a settlement on A4")
        < page.index("P1 builds a road on F7")
    )  # the variation after its move
    assert "&lt;b&gt;near&lt;/b&gt; the desert" in page  # a comment is text, not markup
    assert ">Setup<span class='catan-mv-stop'>.</span></span>" in page  # its stop its own
    current = t.timeline.current.id
    assert f"catan-mv catan-mv-current catan-mv-{current}' data-node='{current}'" in page
    assert page.count("aria-current") == 1
    assert [w for w, _ in rows(t.timeline)] == [
        "Start of the game",
        "P1 builds a settlement on E4",
        "P1 builds a settlement on A4",
        "P1 builds a road on F7",
    ]


def test_a_click_jumps_and_keys_step() -> None:
    t = Tutor(new_game("base", players=3))
    t.tabs.selected_index = TABS.index("Moves")
    for move in ("P1 settle J12", "P1 road J1", "P2 settle A4"):
        t.session.play(move)
    first = t.timeline.root.children[0]
    click(t, first.id)
    assert t.timeline.current is first
    assert f"catan-mv-current catan-mv-{first.id}'" in t.moves.tree.html.value
    t.moves.tree._on_event({"type": "keydown", "key": "ArrowRight"})
    assert t.timeline.current.depth == 2
    t.moves.tree._on_event({"type": "keydown", "key": "End"})
    assert t.timeline.current.depth == 3
    t.moves.tree._on_event({"type": "keydown", "key": "Home"})
    assert t.timeline.current is t.timeline.root
    t.moves.tree._on_event({"type": "click", "target": {"className": "catan-mv-turn"}})
    assert t.timeline.current is t.timeline.root  # a turn number is no move


def test_a_variable_board_starts_laid_out() -> None:
    """The tiles and numbers chance lays out are one line, "board laid out"; |◀ (first) goes
    there and ◀ (back) stops there: the game starts on the laid-out board."""
    g = new_game("base", players=3, board="variable", seed=3)
    t = Tutor(g)
    laid = t.timeline.current
    assert laid.depth > 0 and laid.state.phase == "setup-settle"
    assert start_node(t.timeline) is laid
    assert rows(t.timeline) == [("Board laid out", laid.id)]
    t.session.play("P1 settle J12")
    t.session.first()
    assert t.timeline.current is laid
    t.session.back()
    assert t.timeline.current is laid
    t.timeline.goto(t.timeline.root)  # stepped into the shuffle by other means
    html = moves_html(t.timeline)
    # the set-up line is lit, saying where the laying out stands, as the heading does (l45:
    # "board laid out" lit beside "8 of 19 hexes laid out")
    said = "Laying out the board: 0 of 19 hexes laid out"
    assert "catan-mv-current" in html.split(said)[0] and "Board laid out" not in html
    t.tabs.selected_index = TABS.index("Moves")
    t.session.goto(laid)
    assert all(b.disabled for b in t.moves.tree_buttons)  # the start cannot be deleted


def test_a_long_game_shows_a_window_around_the_current_move() -> None:
    g = new_game("base", players=3)
    tl = Timeline(g)
    for move in ("P1 settle J12", "P1 road J1"):
        tl.play(move)
    node = tl.current
    for _ in range(40):  # a long line of cheap steps: the same two positions
        node.children.append(type(node)(tl._next, node.state, node, node.action))
        tl.nodes[tl._next] = node.children[0]
        tl._next += 1
        node = node.children[0]
    tl.goto(tl.root.children[0].children[0].children[0].children[0].children[0])
    shown = rows(tl)
    html = moves_html(tl, limit=10)
    assert len(html.split("data-node=")) - 1 <= 11  # the start and ten moves
    assert f"data-node='{tl.current.id}'" in html and "catan-mv-more" in html  # "… N moves"
    assert len(shown) == len(tl.nodes)  # under the default limit: every move


def test_move_list_calls_back_with_the_node() -> None:
    picked: list[int] = []
    steps: list[str] = []
    ml = MoveList(picked.append, steps.append)
    ml._on_event({"type": "click", "target": {"className": "catan-mv catan-mv-7"}})
    ml._on_event({"type": "keydown", "key": "ArrowLeft"})
    ml._on_event({"type": "keydown", "key": "a"})
    assert picked == [7] and steps == ["back"]


def test_a_long_variation_is_cut_unless_the_current_move_is_in_it() -> None:
    g = new_game("base", players=3)
    tl = Timeline(g)
    tl.play("P1 settle J12")
    tl.first()
    tl.play("P1 settle A4")  # a variation, made long below
    node = tl.current
    for _ in range(60):
        child = type(node)(tl._next, node.state, node, node.action)
        node.children.append(child)
        tl.nodes[tl._next] = child
        tl._next += 1
        node = child
    tl.goto(tl.root.children[0])  # on the main line: the variation is cut
    cut = moves_html(tl, limit=10)
    assert len(cut.split("data-node=")) - 1 <= 2 * 10 + 3 and "catan-mv-more" in cut
    tl.goto(node)  # at its end: every move up to it is shown
    whole = moves_html(tl, limit=10)
    assert f"data-node='{node.id}'" in whole


def test_the_moves_tab_shows_a_comment_as_text_and_writes_it_behind_a_button() -> None:
    """Issue 33: the comment on the current move showed in an open text box (it read as a
    form to fill in) and the buttons said "main line" / "side line" (a chess study's words).
    The comment reads as text; "Edit the comment" opens its box, "Done" closes it, and
    another move shows closed; no button or tooltip of the tab says "line"."""
    from test_page_words import page_text

    t = Tutor(new_game("base", players=3))
    t.tabs.selected_index = TABS.index("Moves")
    t.session.play("P1 settle J12")
    first = t.timeline.current
    first.comment = "a <b>fine</b> corner"
    t.session.play("P1 road J1")
    t.session.goto(first)
    t.refresh()
    panel = t.moves
    shown = page_text(panel.widget)
    said = panel.comment_text.value
    assert "About this move:" in said and "a &lt;b&gt;fine&lt;/b&gt; corner" in said  # text
    assert panel.comment.layout.display == "none"  # no box to fill in
    assert panel.edit_comment.description == "Edit the comment"
    assert not re.search(r"\b(main|side) line\b|\bline\b", shown), shown
    panel.edit_comment.click()  # the box opens with the comment in it
    assert panel.comment.layout.display == "" and panel.comment.value == first.comment
    assert panel.edit_comment.description == "Done" and "About this move" not in page_text(
        panel.widget
    )
    panel.comment.value = "the best corner"
    assert first.comment == "the best corner"
    panel.edit_comment.click()  # Done: the comment reads as text again
    assert panel.comment.layout.display == "none"
    assert "the best corner" in panel.comment_text.value
    panel.edit_comment.click()
    t.session.step("forward")  # another move: its own comment (none), the box closed
    t.refresh()
    assert panel.comment.layout.display == "none" and t.session.commenting is None
    assert panel.edit_comment.description == "Write a comment"
    assert "About this move" not in page_text(panel.widget)


def test_every_kind_of_move_reads_as_a_sentence_not_as_notation() -> None:
    """Issue 33 (every word of the Moves tab): random games of the variants with a robber,
    neutral pieces, knights, steals and cards drawn; each move reads in words: "P1 builds a
    free road for Neutral 2 on G7", never "builds for N2: road G7", "stolen: grain", "card
    drawn: …", "event die: …" or an arrow between two labels."""
    import random

    notation = re.compile(r"→|\bbuilds for N\d:|^(stolen|card drawn|event die):|^progress card")
    kinds: set[str] = set()
    for variant, players in (("base", 3), ("base-dummy", 2), ("ck", 3), ("ck-2p", 2)):
        for seed in range(4):
            g = new_game(variant, players=players, seed=seed)
            rng = random.Random(seed)
            for _ in range(700):
                legal = [] if g.is_over() else g.legal_actions()
                if not legal:
                    break
                action = rng.choice(legal)
                said = move_words(action, g.state)
                assert not notation.search(said), (str(action), said)
                if type(action).__name__ == "MoveRobber":
                    assert " the robber to hex " in said, said
                kinds.add(type(action).__name__)
                g.play(action)
    assert {"MoveRobber", "NeutralRoad", "Steal", "DrawDev", "EventDie"} <= kinds, kinds


def test_no_lesson_s_moves_tab_repeats_a_move_in_its_comment():
    """The Moves tab listed "P1 ends the turn." then its comment "P1 ends the turn; the two
    players take turns…": a comment opening with its row's words says only what it adds
    ("The two players take turns…"; after a comma it goes on from the row: "P1 builds a road
    on Q5, touching…"), every lesson's rows checked."""
    import html as html_lib

    from catan_tutor.study.resources import packaged_lessons
    from catan_tutor.study.scenario import SUFFIX, load_scenario
    from catan_tutor.widgets.move_list import moves_html, node_words

    repeated, rows = [], 0
    for path in sorted(packaged_lessons().glob(f"*{SUFFIX}")):
        tree = load_scenario(path).tree
        shown = html_lib.unescape(re.sub(r"<[^>]+>", "", moves_html(tree, limit=100_000)))
        for node in tree.walk():
            if not node.comment or node.action is None:
                continue
            words = re.escape(node_words(node)[0])
            rows += 1
            if re.search(rf"\b{words}\. {words}\b", shown, re.IGNORECASE):
                repeated.append(f"{path.name}: {node.comment}")
    assert rows > 1000 and repeated == []


def test_no_lesson_s_moves_tab_shows_a_rule_id():
    """s45's learner read "P1 takes an ore (CK-IMPROVE-SCIENCE-3)." in 10.6's Moves tab: a
    comment's rule ID, which the step's text turns into a § mark, was shown as typed there.
    Every lesson's whole tree is listed without one (the comments that cite one counted)."""
    from catan_tutor.study.resources import packaged_lessons
    from catan_tutor.study.scenario import SUFFIX, load_scenario
    from catan_tutor.widgets.said_readings import ID

    shown, citing = [], 0
    for path in sorted(packaged_lessons().glob(f"*{SUFFIX}")):
        tree = load_scenario(path).tree
        citing += sum(bool(n.comment and ID.search(n.comment)) for n in tree.walk())
        shown += [f"{path.name}: {i}" for i in ID.findall(moves_html(tree, limit=100_000))]
    assert citing >= 3 and shown == []


def test_no_lesson_s_moves_tab_retells_a_move_in_other_words():
    """The Moves tab listed "P1 moves the robber to hex A and robs P2." then "P1 moves the
    robber to A, because…", and "P1 builds a free road for Neutral 2 on G5." then "P1 builds
    Neutral 2's free road on G5, next to…": a comment opening with the row's move in other
    words (its subject and verb, nothing the row does not name) goes on from the row
    ("…and robs P2, because…"). Every lesson's rows checked."""
    import html as html_lib

    from catan_tutor.study.resources import packaged_lessons
    from catan_tutor.study.scenario import SUFFIX, load_scenario
    from catan_tutor.widgets.move_list import moves_html, node_words

    filler = {"a", "an", "the", "and", "hex", "of"}

    def words(text: str) -> set[str]:
        return {w.lower() for w in re.findall(r"[\w:']+", text)} - filler

    retold, shown_all = [], ""
    for path in sorted(packaged_lessons().glob(f"*{SUFFIX}")):
        tree = load_scenario(path).tree
        shown = html_lib.unescape(re.sub(r"<[^>]+>", "", moves_html(tree, limit=100_000)))
        shown_all += shown
        for node in tree.walk():
            if not node.comment or node.action is None:
                continue
            row = node_words(node)[0]
            first = re.split(r"[,;:.](?:\s|$)", node.comment.strip())[0]
            same = first.split()[:2] == row.split()[:2] and words(first) <= words(row)
            if same and f"{row}. {first}" in shown:
                retold.append(f"{path.name}: {row}. {node.comment}")
    assert retold == []
    assert "P1 moves the robber to hex A and robs P2, because P2 has a building" in shown_all
    assert "P1 builds a free road for Neutral 2 on G5, next to Neutral 2's settlement" in (
        shown_all
    )


def test_no_lesson_s_moves_tab_retells_a_roll_in_its_comment():
    """l40 read "P1 (red) rolls 5 and 4: 9." then "P1 (red) rolls 9 (5 and 4), so 9 is the
    total…": a comment retelling its roll's row in other words says only what it adds. Every
    lesson's roll rows checked."""
    import html as html_lib

    from catan_tutor.study.resources import packaged_lessons
    from catan_tutor.study.scenario import SUFFIX, load_scenario

    row = re.compile(
        r"(P\d(?: \(\w+\))?) rolls (\d) and (\d): (\d+)\. (P\d(?: \(\w+\))?) rolls (\d+)"
    )
    retold, rolls = [], 0
    for path in sorted(packaged_lessons().glob(f"*{SUFFIX}")):
        tree = load_scenario(path).tree
        shown = html_lib.unescape(re.sub(r"<[^>]+>", "", moves_html(tree, limit=100_000)))
        rolls += shown.count(" rolls ")
        retold += [f"{path.name}: {m[0]}" for m in row.finditer(shown) if m[1] == m[5]]
    assert rolls > 100 and retold == []
    first = load_scenario(packaged_lessons() / f"base_first_player{SUFFIX}").tree
    shown = html_lib.unescape(re.sub(r"<[^>]+>", "", moves_html(first, limit=100_000)))
    assert "P1 (red) rolls 5 and 4: 9. So 9 is the highest total so far." in shown


def test_every_lesson_s_moves_tab_tooltips_are_words_not_notation():
    """l19 hovered a move of the Moves tab and read "P1 R A2": each move's tooltip is the
    narration's sentence (a roll's row: each die's), never its notation."""
    import html as html_lib

    from catan_tutor.study.resources import packaged_lessons
    from catan_tutor.study.scenario import SUFFIX, load_scenario

    notation, titles = [], 0
    for path in sorted(packaged_lessons().glob(f"*{SUFFIX}")):
        tree = load_scenario(path).tree
        shown = moves_html(tree, limit=100_000)
        said = {str(n.action) for n in tree.walk() if n.action is not None}
        for m in re.finditer(r"data-node='(\d+)' role='button' title='([^']*)'", shown):
            title = html_lib.unescape(m[2])
            titles += 1
            if any(x in said for x in (title, *title.split(" · "))):
                notation.append(f"{path.name}: {title}")
            node = tree.nodes[int(m[1])]
            if node.action is not None and type(node.action).__name__ == "BuildRoad":
                assert title.endswith(".") and " builds " in title, title
    assert titles > 500 and notation == [], notation[:5]


def test_the_list_begins_with_a_plain_line_saying_whose_start_it_is() -> None:
    """l28 in Explore: a lesson's Moves list began "start." (the start of the move list,
    lower case, no sentence). A lesson's list begins "Start of the lesson.", a game's "Start
    of the game."."""
    t = Tutor(lesson("puzzle_ck_barbarians"))
    t.tabs.selected_index = TABS.index("Moves")
    t.refresh()
    shown = t.moves.tree.html.value
    assert ">Start of the lesson</span><span class='catan-mv-stop'>.</span>" in shown
    assert ">start<" not in shown
    g = Tutor(new_game("base", players=3))
    g.tabs.selected_index = TABS.index("Moves")
    g.refresh()
    game_list = g.moves.tree.html.value
    assert ">Start of the game</span><span class='catan-mv-stop'>.</span>" in game_list


def test_a_comment_going_on_from_its_move_has_no_gap_before_its_comma() -> None:
    """s33, a fresh learner's Moves tab: "P1 trades 3 grain … (3:1) , because R4 stands on the
    3:1 harbor": the move's box padded 4 px on its right put a gap before the comment's
    comma. A move whose sentence its comment goes on ends at its last letter (1 px)."""
    from catan_tutor.study.resources import packaged_lessons
    from catan_tutor.study.scenario import load_scenario
    from catan_tutor.widgets.move_list import MOVES_CSS

    tree = load_scenario(packaged_lessons() / "base_trading_harbors.catan.yaml").tree
    shown = moves_html(tree, limit=100_000)
    # each comment going on from its move (", because…", ": the wool harbor…", " P1's
    # offer."): right after its move's box, of that class
    going = re.findall(r"<span class='([^']*)'[^>]*>[^<]*</span><span class='catan-mv-comment"
                       r" catan-mv-said-on'>([,:; ])", shown)  # fmt: skip
    assert {c for _, c in going} >= {",", ":", " "}, going
    assert all("catan-mv-goes-on" in cls.split() for cls, _ in going), going
    assert ".catan-mv-goes-on{padding-right:1px}" in MOVES_CSS
    # the others keep their padding on both sides
    assert shown.count("catan-mv-goes-on") == len(going)


def test_a_right_answer_beside_the_line_is_listed_as_the_learners_not_the_lessons():
    """l37 at 1.4: the learner's right answer O7 (one of the lesson's own variations) stood
    under "The lesson's other answers", after the page said "yours, O7, is kept under
    Explore › Moves": it is listed as the learner's, the lesson's other answer under them."""
    app = App(start="puzzle_base_setup")
    s = app.session
    while not s.puzzle.holds():
        s.forward()
    app.tutor.puzzle.submit("P1 road O7")
    s.goto(s.puzzle.main_line().id)  # the lesson's line goes on: its own answer, N3
    app.tutor.moves.show()
    said = html.unescape(re.sub(r"<[^>]+>", " ", app.tutor.moves.tree.html.value))
    mine, aside, theirs = (said.index(x) for x in ("road on O7", LESSON_ANSWERS, "road on N5"))
    assert mine < aside < theirs, said[:400]
