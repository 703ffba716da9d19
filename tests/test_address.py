"""The page's address (catan_tutor/widgets/address.py; issue "The learner's page: links carry
the study"): it reads as what is on screen (a lesson and its move, a new game and its seats;
an opaque code only for the learner's own moves), the page script replaces every key the
tutor owns (nothing stale stays from a lesson left), and a reload comes back to it: the
lesson's node and the learner's moves, the puzzles answered and the hints taken."""

from __future__ import annotations

import re
from urllib.parse import parse_qs

import pytest

from catan_tutor import new_game
from catan_tutor.server.serve import DATA_DIR, TEMPLATE
from catan_tutor.widgets import App, links
from catan_tutor.widgets.address import OWN_KEYS
from catan_tutor.widgets.progress import lesson_done as progress_done

LESSON = "ck_knight_displacement"
PUZZLES = "puzzle_base_setup"


def address(app: App) -> str:
    """What the page's script puts in the address (the hidden element's text)."""
    return app.tutor.saved_line.value


def keys(query: str) -> dict[str, list[str]]:
    return parse_qs(query, keep_blank_values=True)


def own_move(app: App) -> str:
    """Steps along the lesson to the first move after its start where the learner may play a
    legal move the lesson's tree does not have there: that move."""
    s = app.session
    while True:
        s.forward()
        lesson = {str(c.action) for c in s.node.children}
        own = [str(a) for a in s.legal() if str(a) not in lesson]
        if own and not s.game.is_chance():
            return own[0]


# ---------------------------------------------------------------- readable (finding 1)
def test_a_lessons_address_reads_as_the_lesson_and_its_move():
    app = App(query=f"?lesson={LESSON}")
    assert address(app) == "lesson=7.3"  # its number, as the lesson list says it (l19)
    for _ in range(3):
        app.session.forward()
    node = app.session.node
    assert address(app) == f"lesson=7.3&node={node.id}"  # no opaque code at all
    reloaded = App(query=address(app))
    r = reloaded.session
    assert (r.lesson_id, r.node.id) == (LESSON, node.id)
    assert r.game.position() == app.session.game.position() and reloaded.status.value == ""


def test_only_the_learners_own_moves_are_packed_and_they_come_back_as_a_variation():
    app = App(query=f"?lesson={LESSON}")
    s = app.session
    move = own_move(app)
    left = s.node.id
    s.play(move)
    query = keys(address(app))
    assert list(query) == ["lesson", "node", "moves"]  # the readable part first
    assert query["lesson"] == ["7.3"] and query["node"] == [str(left)]
    assert links.unpack_moves(query["moves"][0]) == (str(s.node.action),)
    reloaded = App(query=address(app))
    r = reloaded.session
    assert r.game.position() == s.game.position()
    assert r.left_lesson_at() is not None and r.left_lesson_at().id == left  # a variation


def test_a_new_games_address_is_its_link_and_a_played_positions_is_the_saved_line():
    app = App(query="?variant=base&players=3&board=variable&seed=7")
    assert address(app) == "variant=base&players=3&board=variable&seed=7"
    for move in ("P1 settle J12", "P1 road J1"):
        app.session.play(move)
    assert address(app).startswith("variant=base&players=3&board=variable&seed=7&moves=")
    assert App(query=address(app)).session.game.position() == app.session.game.position()
    # a position opened: its position link; moves played from it: the saved line (s=)
    app.session.open(new_game("base", players=3))
    assert list(keys(address(app))) == ["position"]
    app.session.play("P1 settle H4")
    assert list(keys(address(app))) == ["s"]
    reloaded = App(query=address(app))
    assert reloaded.session.game.position() == app.session.game.position()
    assert reloaded.session.node.depth == 1  # the move, not only the position


# ---------------------------------------------------------------- what is on screen (finding 2)
def test_the_page_script_replaces_every_key_the_tutor_owns():
    """The page's script removes OWN_KEYS before writing the tutor's query (so another
    lesson's ``lesson=`` cannot stay), and they are every key an address holds."""
    script = (DATA_DIR / "voila" / "templates" / TEMPLATE / "catan_page.js").read_text()
    listed = re.search(r"var OWN_KEYS = \[([^\]]*)\];", script)
    assert listed is not None and re.findall(r"'(\w+)'", listed[1]) == list(OWN_KEYS)
    assert f"var MAX_QUERY_CHARS = {links.MAX_QUERY_CHARS};" in script
    assert set(OWN_KEYS) == {"s", *links.KEYS}


def test_after_another_lesson_the_address_names_only_it():
    app = App(query=f"?lesson={LESSON}")
    app.session.forward()
    app.open(PUZZLES)  # at its first question (its first step asks one): that node
    opening = app.session.timeline.root.children[0]
    assert keys(address(app)) == {"lesson": ["1.4"], "node": [str(opening.id)]}  # PUZZLES
    app.new()
    assert "lesson" not in keys(address(app)) and keys(address(app))["variant"] == ["base"]


# ---------------------------------------------------------------- puzzles (finding 3)
def _at_question(query: str = f"?lesson={PUZZLES}") -> App:
    app = App(query=query)
    app.session.last()  # stops at the first question not answered
    assert app.session.puzzle.holds()
    return app


def test_a_puzzles_hints_survive_a_reload():
    app = _at_question()
    asked = app.session.node.id
    app.tutor.puzzle.take_hint()
    assert keys(address(app))["hints"] == ["1"]
    reloaded = App(query=address(app))
    r, view = reloaded.session, reloaded.tutor.puzzle
    assert r.node.id == asked and r.puzzle.holds() and r.puzzle.hints == 1
    assert "Hint 1: " in view.hint_box.value and "Hint 2" not in view.hint_box.value
    assert view.hint_button.description == "Hint (1 left)"
    assert reloaded.status.value == ""
    assert keys(address(reloaded))["hints"] == ["1"]  # and the reloaded page keeps them


def test_a_reload_past_an_answered_question_stays_there_with_its_line_listed():
    app = _at_question()
    s = app.session
    asked = s.node
    s.play(asked.children[0].action)  # the lesson's own answer: right
    assert not s.puzzle.holds(asked)
    assert keys(address(app))["solved_at"] == [str(asked.id)]
    reloaded = App(query=address(app))
    r = reloaded.session
    assert r.node.id == s.node.id and r.message == ""  # not sent back to the question
    assert r.node.id not in r.puzzle.hidden()  # the Moves list shows the line played
    assert r.puzzle.holds() is s.puzzle.holds()


def test_copy_link_leaves_the_learners_puzzles_out():
    app = _at_question()
    app.tutor.puzzle.take_hint()
    copied = app.tutor.board.link()
    assert copied.hints == 0 and copied.solved == ()
    assert "hints" not in keys(copied.query.lstrip("?"))


def test_a_link_copied_past_an_answered_question_reopens_there_answered():
    """Issue s14: answered, then Copy link at the answer (and a move after it) reopened at
    the question, unsolved. Copied past the answer it names that question answered (only
    it: no hints) and reopens at the node copied, the answer shown; a question copied at
    itself stays open (test below)."""
    for query in (f"?lesson={PUZZLES}", "?lesson=puzzle_base_robber"):
        app = _at_question(query)
        s = app.session
        asked = s.node
        s.play(asked.children[0].action)  # the lesson's own answer: right
        for steps in range(2):
            if steps:
                s.forward()
            here = s.node.id
            copied = app.tutor.board.link()
            assert copied.solved == (asked.id,) and copied.hints == 0, (query, copied)
            # the question's move, named as one: "solved=8" read as a count (learner s31)
            assert f"solved_at={asked.id}" in copied.query.split("&")
            assert "solved" not in keys(copied.query.lstrip("?"))
            fresh = App(query=copied.query)
            f = fresh.session
            assert fresh.status.value == "" and f.node.id == here, (query, steps, f.node.id)
            assert not f.puzzle.holds(f.timeline.nodes[asked.id])  # answered, not asked again
            assert not ({n.id for n in f.timeline.path()} & f.puzzle.hidden())  # answer shown
            # answered for its opener, not by them: not in their course's count (l40: a
            # fresh browser read "1 of 27 puzzles solved")
            assert fresh.progress.store.solved == {}, fresh.progress.store.solved
            assert "0 of " in fresh.progress.summary.value, fresh.progress.summary.value
            assert "solved_at" in keys(address(fresh))


def test_puzzle_keys_that_do_not_fit_the_lesson_are_explained():
    app = _at_question()
    asked = app.session.node.id
    for query, why in (
        (f"?lesson={PUZZLES}&hints=1", "it gives hints where no question is open"),
        (f"?lesson={PUZZLES}&solved=0", "solved_at names move 0, which asks no question"),
        (f"?lesson={PUZZLES}&again=0", "again names move 0, which asks no question"),
        (f"?lesson={PUZZLES}&node={asked}&solved={asked}&hints=1", "where no question is open"),
    ):
        opened = App(start="Knight displacement", query=query)
        assert "This link could not be opened: " in opened.status.value, query
        assert why in opened.status.value, (query, opened.status.value)
        assert opened.session.lesson_id == LESSON  # nothing of the link was opened


# ---------------------------------------------------------------- a copied link to a question
@pytest.mark.parametrize("lesson", ["puzzle_ck_2p", PUZZLES])
def test_a_copied_link_opens_at_its_question_still_unsolved(lesson: str):
    """A teacher copies the link at each question of a lesson with several (11.16 gave
    ``node=17`` for its puzzle 3, which opened at puzzle 1): in a fresh page it opens at that
    question, the questions before it passed over but not counted as answered, its own
    still open, its answer hidden (the Moves list's hidden lines, no glowing spot)."""
    app = App(query=f"?lesson={lesson}")
    s = app.session
    questions = sorted(s.scenario.puzzles)
    assert len(questions) >= 3
    for q in questions:
        node = s.timeline.nodes[q]
        for n in s.timeline.path(node)[:-1]:  # as the teacher reached it: each one answered
            if n.id in s.scenario.puzzles:
                s.puzzle.solved.add(s.puzzle.key(n))
        s.goto(q)
        copied = app.tutor.board.link()
        assert (copied.node, copied.solved, copied.moves) == (q, (), ())
        fresh = App(query=copied.query)
        f = fresh.session
        assert f.node.id == q and fresh.status.value == "", (q, f.node.id)
        assert f.puzzle.holds() and f.puzzle_secret and not f.puzzle.solved
        assert {c.id for c in f.node.children} <= f.puzzle.hidden()
        assert fresh.tutor.board.view.targets == []
        assert not progress_done(f)
        assert not {"solved", "solved_at"} & set(keys(address(fresh)))  # passed over again
        assert App(query=address(fresh)).session.node.id == q
        answer = node.children[0]  # a link into its answer line: the question instead
        if answer.id not in s.scenario.puzzles:
            peek = App(query=f"?lesson={lesson}&node={answer.id}").session
            assert peek.node.id == q and peek.puzzle.holds()


def test_a_question_passed_over_is_asked_again_when_the_lesson_opens_afresh():
    app = App(query="?lesson=puzzle_ck_2p&node=24")
    assert app.session.node.id == 24
    assert app.open("Puzzles: Cities & Knights for two")
    s = app.session
    assert s.puzzle.holds(s.timeline.nodes[8]) and not s.puzzle.passed  # open again
    s.reach(s.timeline.nodes[24])  # a node past it: the first question instead
    assert s.node.id == 8


def test_a_hint_taken_at_a_question_a_link_opened_comes_back_on_a_reload():
    """The learner takes a hint at the teacher's question: the reload's address names the
    hint at a question whose earlier ones were passed over, not answered."""
    app = App(query="?lesson=puzzle_ck_2p&node=24")
    app.tutor.puzzle.take_hint()
    assert "hints=1" in address(app) and "solved" not in address(app)
    reloaded = App(query=address(app))
    r = reloaded.session
    assert reloaded.status.value == "" and r.node.id == 24 and r.puzzle.hints == 1


def test_a_visitors_new_games_each_get_their_own_seed_the_suites_stay_the_same(monkeypatch):
    """learner19: three New games on fresh pages threw the same rolls in the same order (the
    seed was drawn from the page's sampler, seeded the same each time), where the help says
    a game's dice fall at random. A visitor's New game takes its seed from the system's
    randomness (``secrets``), and the game's address carries it (Copy link replays it); the
    test suite's (``SEEDED_ENV`` set, tests/conftest.py) from the seeded draws, the same on
    every run."""
    import secrets

    from catan_tutor.widgets.app import SEEDED_ENV

    picked = iter([123_456, 654_321])
    monkeypatch.setattr(secrets, "randbelow", lambda n: next(picked))
    monkeypatch.delenv(SEEDED_ENV)
    seeds = []
    for _ in range(2):
        app = App(query=f"?lesson={LESSON}")
        app.new()
        seeds.append(keys(address(app))["seed"])
    assert seeds == [["123456"], ["654321"]]
    monkeypatch.setenv(SEEDED_ENV, "1")
    again = []
    for _ in range(2):
        app = App(query=f"?lesson={LESSON}")
        app.new()
        again.append(keys(address(app))["seed"])
    assert again[0] == again[1] and again[0] not in seeds
