"""Links to a lesson at a move, a new game or a position (catan_tutor/widgets/links.py), read
by the app: round trips for every variant, a mid-game Cities & Knights position in a link of
under 1,000 characters, and strict refusal of anything malformed or tampered with."""

from __future__ import annotations

import base64
import html
import random
import zlib
from dataclasses import replace
from functools import cache
from urllib.parse import parse_qs, urlencode

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from catan_tutor import Game, new_game
from catan_tutor.errors import LinkError
from catan_tutor.players import choose
from catan_tutor.sampler import random_playout
from catan_tutor.widgets import App, links
from catan_tutor.widgets.back_note import BACK
from catan_tutor.widgets.links import Link, pack_position, parse, unpack_position

VARIANTS = [("base", 4), ("base-2p", 2), ("base-dummy", 2), ("ck", 4), ("ck-2p", 2)]
# A long address the app may be served under (JupyterHub, Binder), before the query.
HOSTED = "https://hub.example.org/user/someone-with-a-long-name/voila/render/00_start_here.ipynb"


@cache
def midgame(variant: str, players: int, seed: int = 1, share: float = 0.9) -> str:
    """The position ``share`` of the way through a seeded greedy game on a variable board."""
    done = random_playout(
        new_game(variant, players=players, seed=seed, board="variable"), seed=seed, policy="greedy"
    )
    g = new_game(variant, players=players, seed=seed, board="variable")
    for a in done.history[len(g.history) : int(len(done.history) * share)]:
        g.play(a)
    return g.position()


@pytest.mark.parametrize(("variant", "players"), VARIANTS)
def test_position_link_round_trip_in_every_variant(variant: str, players: int) -> None:
    for text in (
        new_game(variant, players=players).position(),
        midgame(variant, players, share=0.5),
        midgame(variant, players),
    ):
        query = Link(position=text).query
        assert query.startswith("?position=1")
        assert parse(query) == Link(position=text)
        assert Game.from_position(parse(query).position).position() == text


def test_a_mid_game_cities_and_knights_link_is_under_1000_characters() -> None:
    """The longest of several late C&K positions (4 players, every piece and progress deck
    in play) still fits, even under a long hosted address."""
    sizes = []
    for seed in (1, 2, 3):
        text = midgame("ck", 4, seed, 0.95)
        sizes.append((len(HOSTED + Link(position=text).query), len(text)))
    sizes.append((len(HOSTED + Link(position=midgame("ck-2p", 2, 1, 0.95)).query), 0))
    print("link characters (under a long address), position characters:", sizes)
    assert max(n for n, _ in sizes) < 1000
    plain = zlib.compress(midgame("ck", 4, 1, 0.95).encode(), 9)
    assert len(base64.urlsafe_b64encode(plain)) > max(n for n, _ in sizes) - len(HOSTED)


def test_new_game_and_lesson_links_read_back() -> None:
    for link in (
        Link(variant="ck", players=3, seed=7),
        Link(variant="base-2p", players=2),
        Link(variant="base", players=4, board="variable-harbors", seed=0),
        Link(lesson="ck_knight_displacement", node=3),
        Link(lesson="x.y-z_1"),
    ):
        assert parse(link.query) == link, link.query
    assert Link(variant="ck", players=3, seed=7).query == "?variant=ck&players=3&seed=7"
    assert parse("?variant=ck") == Link(variant="ck", players=4)
    assert parse("lesson=a&theme=dark&token=abc&s=xyz") == Link(lesson="a")
    assert parse("") is None and parse("?theme=dark&s=abc") is None


@pytest.mark.parametrize(
    "query",
    [
        "?lesson=a&lesson=b",
        "?lesson=../etc/passwd",
        "?lesson=<script>",
        "?lesson=",
        "?node=3",
        "?lesson=a&node=-1",
        "?lesson=a&node=1e3",
        "?lesson=a&node=%EF%BC%91",
        "?lesson=a&seed=1",
        "?variant=chess",
        "?variant=ck&players=2",
        "?variant=base-2p&players=4",
        "?variant=ck&seed=12345678901",
        "?variant=ck&board=hexagon",
        "?variant=ck&lesson=a",
        "?position=",
        "?position=1",
        "?position=2abc",
        "?position=1ab$",
        "?position=1AAAAA",
        "?position=1" + "A" * 4000,
        "?position=abc&lesson=a",
        "?" + "x=1&" * 50,
        "?lesson=a&p2=greedy",  # a lesson has no computer seats
        "?variant=base&players=3&p4=greedy",
        "?variant=base&p2=human",
        "?variant=base&p2=eval",
        "?variant=base&p2=greedy&p2=random",
        "?variant=base&hints=1",
        "?lesson=a&hints=0",
        "?lesson=a&hints=3",
        "?lesson=a&solved=",
        "?lesson=a&solved=1.1",
        "?lesson=a&solved=1..2",
        "?lesson=a&solved=-1",
        "?lesson=a&solved=" + ".".join(map(str, range(links.MAX_SOLVED + 1))),
        "?lesson=a&again=",
        "?lesson=a&again=8.8",
        "?variant=base&again=8",
        "?p2=greedy",
    ],
)
def test_malformed_links_are_refused(query: str) -> None:
    with pytest.raises(LinkError):
        parse(query)


def test_computer_seats_and_puzzles_read_back_in_readable_words() -> None:
    position = new_game("base", players=3).position()
    for link in (
        Link(variant="base", players=3, seed=7, computers=((1, "greedy"), (2, "playout"))),
        Link(position=position, computers=((2, "random"),), seed=12),
        Link(position=position, computers=((0, "greedy"),)),
        Link(lesson="puzzle_base_setup", node=4, solved=(1, 4), hints=2),
        Link(lesson="puzzle_base_setup", node=4, solved=(1,), again=(4,)),
    ):
        assert parse(link.query) == link, link.query
    assert (
        Link(variant="base", players=3, seed=7, computers=((1, "greedy"), (2, "random"))).query
        == "?variant=base&players=3&seed=7&p2=greedy&p3=random"
    )
    assert (
        Link(lesson="a", node=4, solved=(1, 4), hints=1).query
        == "?lesson=a&node=4&solved_at=1.4&hints=1"
    )
    assert parse("?lesson=a&solved_at=7.3") == Link(lesson="a", solved=(3, 7))
    assert parse("?lesson=a&solved=7.3") == Link(lesson="a", solved=(3, 7))  # its older name
    assert Link(lesson="a", node=4, again=(4,)).query == "?lesson=a&node=4&again=4"
    assert parse(f"?variant=base&seed={2**30 + 5}").seed == 2**30 + 5  # a seed App.new may draw
    with pytest.raises(LinkError, match="a position link takes a seed only for its computer"):
        parse(Link(position=position).query + "&seed=3")
    with pytest.raises(LinkError, match="p2 must be a computer: random, greedy, playout"):
        parse("?variant=base&p2=human")


def test_tampered_position_codes_raise_link_error() -> None:
    """Random edits of a code: a LinkError (the check catches nearly all), or some printable
    text for the engine to check; never anything else, never a huge text."""
    code = pack_position(midgame("ck", 4))
    rng = random.Random(5)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    outcomes = {"error": 0, "text": 0}
    for _ in range(400):
        chars = list(code)
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(1, len(chars))
            chars[at] = rng.choice(alphabet)
        if rng.random() < 0.2:
            del chars[rng.randrange(1, len(chars)) :]
        try:
            text = unpack_position("".join(chars))
        except LinkError:
            outcomes["error"] += 1
            continue
        outcomes["text"] += 1
        assert text.isascii() and text.isprintable() and len(text) <= links.MAX_POSITION_BYTES
    assert outcomes["error"] >= 396, outcomes  # (nearly all; the rest printable text, above)


def test_a_compressed_bomb_is_refused() -> None:
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, links.ZDICT)
    bomb = deflate.compress(b"a" * 2_000_000) + deflate.flush()
    code = "1" + base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    assert len(code) < links.MAX_CODE_CHARS
    with pytest.raises(LinkError, match="too large"):
        unpack_position(code)


# ---------------------------------------------------------------- the app follows links
def test_copied_lesson_link_reopens_the_same_node() -> None:
    app = App(start="Knight displacement", query="")
    t = app.tutor
    t.session.forward()
    t.session.forward()
    node = t.timeline.current
    t.board.show_link()
    query = t.board.link().query
    assert query == f"?lesson=7.3&node={node.id}"  # the lesson's number (l19)
    assert f"data-link='{query.replace('&', '&amp;')}'" in t.board.link_box.value
    assert "catan-link-input" in t.board.link_box.value
    again = App(start="Knight displacement", query=query)
    assert again.tutor.timeline.current.id == node.id and again.status.value == ""
    assert again.tutor.game.position() == t.game.position()


def test_a_learners_own_move_is_linked_as_a_variation_of_the_lesson() -> None:
    app = App(start="Knight displacement", query="")
    t = app.tutor
    t.session.play("P1 end")  # not a move of the lesson
    link = t.board.link()
    assert (link.lesson, link.node, link.moves) == ("ck_knight_displacement", 0, ("P1 end",))
    again = App(start="Knight displacement", query=link.query)
    assert again.tutor.game.position() == t.game.position()
    assert again.tutor.session.lesson_id == "ck_knight_displacement" and again.status.value == ""
    assert again.tutor.session.own_moves() == 1


def lesson_variation(app: App) -> list[str]:
    """In 5.7 (forced trade with trade tokens): after the lesson's first roll, the learner's
    own dice (BASE-DICE, 2P-ROLL-TWICE) and turn: a variation of five moves."""
    s = app.session
    s.goto(s.timeline.root.children[0])  # the lesson's P1 roll (a step takes its dice too)
    own = ["die white 6", "die red 6", "die white 2", "die red 3", "P1 end"]
    for move in own:
        s.play(move)
    return own


def test_a_variation_link_reopens_the_lesson_the_moves_and_the_node() -> None:
    """Copy link inside a learner's variation: a fresh app opens the lesson, the learner's moves
    as a variation of its tree (the lesson's own line stays its main line, one click away) and
    the node; the log tells the same path."""
    app = App(start="base_2p_forced_trade", query="")
    own = lesson_variation(app)
    s = app.session
    s.back()  # a node inside the variation, not its end
    link = app.tutor.board.link()
    assert link.lesson == "base_2p_forced_trade" and link.moves == tuple(own[:-1])
    branch = s.timeline.path()[-len(link.moves) - 1]
    assert link.node == branch.id and s.is_lesson_node(branch)
    assert len(link.query) < 200  # compact: lesson id, node and 4 moves
    fresh = App(query=link.query)
    f = fresh.session
    assert fresh.status.value == "" and f.lesson_id == "base_2p_forced_trade"
    assert [str(a) for a in f.timeline.moves()] == [str(a) for a in s.timeline.moves()]
    assert f.game.position() == s.game.position() and f.lines == s.lines
    assert f.own_moves() == 4 and not f.is_lesson_node(f.node)
    at = f.timeline.nodes[link.node]
    assert f.is_lesson_node(at.children[0]) and not at.children[-1].is_main()
    f.goto(at.children[0])  # the lesson's own line: one click in the move list
    assert f.is_lesson_node(f.node) and str(f.node.action) == "die white 1"
    assert fresh.tutor.board.link().moves == ()  # back on the lesson's line: a plain link


def test_a_variation_too_long_for_a_link_is_linked_by_its_position(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = App(start="base_2p_forced_trade", query="")
    lesson_variation(app)
    monkeypatch.setattr(links, "MAX_LINK_MOVES", 3)
    assert app.tutor.board.link().query.startswith("?position=")


def test_a_game_link_carries_its_moves() -> None:
    app = App(query="?variant=base&players=3&board=variable&seed=7")
    for move in ("P1 settle J12", "P1 road J1"):
        app.session.play(move)
    link = app.tutor.board.link()
    played = tuple(str(n.action) for n in app.session.timeline.path()[-2:])
    assert link.seed == 7 and link.moves == played and played[0].startswith("P1 settle")
    again = App(query=link.query)
    assert again.tutor.game.position() == app.tutor.game.position()
    assert again.session.lines == app.session.lines and len(again.session.lines) == 2


@pytest.mark.parametrize(
    ("moves", "why"),
    [
        (["die white 6", "die red 6", "P1 city H4"], "move 3 of its moves ('P1 city H4')"),
        (["die white 6", "die white 6"], "move 2 of its moves ('die white 6')"),
        (["P1 fly away"], "move 1 of its moves ('P1 fly away') cannot be played"),
    ],
)
def test_a_link_whose_moves_cannot_be_played_says_which_and_changes_nothing(
    moves: list[str], why: str
) -> None:
    query = Link(lesson="base_2p_forced_trade", node=1, moves=tuple(moves)).query
    app = App(start="Knight displacement", query=query)
    said = html.unescape(app.status.value)
    assert "This link could not be opened" in said and why in said, said
    s = app.session
    assert s.lesson_id == "ck_knight_displacement" and s.own_moves() == 0
    assert all(kept[2] != "base_2p_forced_trade" for kept in s.edits)  # never opened


def test_tampered_and_oversized_moves_codes_are_refused() -> None:
    code = links.pack_moves(["P1 roll", "die white 3", "die red 4"])
    assert links.unpack_moves(code) == ("P1 roll", "die white 3", "die red 4")
    with pytest.raises(LinkError, match="from 1 to 300 moves"):
        links.pack_moves(["P1 end"] * 301)
    with pytest.raises(LinkError, match="one line of printable text"):
        links.pack_moves(["P1 end\nP2 end"])
    packed = links._pack("\n".join(["P1 end"] * 301), links.MOVES_ZDICT)  # made by hand
    with pytest.raises(LinkError, match="more than 300 moves"):
        links.unpack_moves(packed)
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY)
    bomb = deflate.compress(b"P1 end\n" * 200_000) + deflate.flush()
    with pytest.raises(LinkError, match="too"):
        links.unpack_moves("1" + base64.urlsafe_b64encode(bomb).decode().rstrip("="))
    for query, why in (
        (f"?lesson=base_2p_forced_trade&moves={code}x", "damaged"),
        (f"?lesson=base_2p_forced_trade&moves={code[:-3]}", "damaged"),
        (f"?lesson=base_2p_forced_trade&moves=2{code[1:]}", "another version"),
        (f"?lesson=base_2p_forced_trade&moves={code}&moves={code}", "moves 2 times"),
        (
            f"?position={pack_position(new_game('base', players=3).position())}&moves={code}",
            "takes no",
        ),
        (f"?lesson=base_2p_forced_trade&node=999&moves={code}", "has no move 999"),
    ):
        app = App(start="Knight displacement", query=query)
        said = html.unescape(app.status.value)
        assert "This link could not be opened" in said and why in said, (query, said)
        assert app.session.lesson_id == "ck_knight_displacement", query


def test_random_edits_to_a_moves_code_are_refused_or_change_nothing() -> None:
    rng = random.Random(33)
    code = links.pack_moves(["P1 roll", "die white 3", "die red 4", "P1 road C3", "P1 end"])
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    moves = links.unpack_moves(code)
    refused = 0
    for _ in range(400):
        chars = list(code)
        at = rng.randrange(1, len(chars))
        chars[at] = rng.choice(alphabet.replace(chars[at], ""))
        try:  # read: only when the edit fell in the deflate stream's unused last bits
            assert links.unpack_moves("".join(chars)) == moves
        except LinkError:
            refused += 1
    assert refused >= 390


def test_new_game_link_gives_the_same_board_and_dice() -> None:
    query = "?variant=base&players=3&board=variable&seed=7"
    one, two = App(query=query), App(query=query)
    assert one.tutor.game.position() == two.tutor.game.position()
    assert one.tutor.board.link().query == query  # at its start, the game's link is its own
    for app in (one, two):
        for move in ("P1 settle J12", "P1 road J1"):
            app.tutor.session.play(move)
    assert one.tutor.board.link().query.startswith(query + "&moves=")
    assert one.tutor.game.position() == two.tutor.game.position()


def test_the_start_button_makes_a_game_its_link_repeats() -> None:
    app = App(query="")
    app.variant.value, app.board.value = "ck", "variable"
    app.new()
    link = app.tutor.board.link()
    assert link.variant == "ck" and link.seed is not None and link.board == "variable"
    assert App(query=link.query).tutor.game.position() == app.tutor.game.position()


def _game_against_the_computer() -> App:
    """A new three-player game from the New game box, P2 and P3 computers, after P1's first
    settlement (the computers have not moved yet)."""
    app = App(query="")
    app.players.value = 3
    app.seats.pickers[1].value, app.seats.pickers[2].value = "greedy", "random"
    app.new()
    app.session.play("P1 settle H4")
    return app


def test_copy_link_of_a_game_against_the_computer_carries_its_seats() -> None:
    """A learner's finding: Copy link dropped the computer seats, so a friend opening it had
    every seat to play. The link names them (and its seed seeds them): the friend's
    computers answer the same move with the same moves."""
    app = _game_against_the_computer()
    s = app.session
    link = app.tutor.board.link()
    assert link.computers == ((1, "greedy"), (2, "random")) and link.seed == s.computer_seed
    assert "&p2=greedy&p3=random&moves=" in link.query
    friend = App(query=link.query)
    f = friend.session
    assert dict(f.computers) == {1: "greedy", 2: "random"}
    assert f.computer_seed == s.computer_seed and f.game.position() == s.game.position()
    assert f.paused  # opened from a link: paused until Resume
    f.set_paused(False)
    humans = App(query=replace(link, computers=()).query).session  # the link as it was
    for session in (s, f, humans):
        session.play("P1 road H3")  # the computers place theirs at once
    assert f.game.position() == s.game.position() and f.node.depth == s.node.depth > 2
    assert humans.node.depth == 2  # without the seats P2 is a human: nobody moved
    assert keys_of(app.tutor.saved_line.value) >= {"p2", "p3"}  # the address keeps them too


def test_a_position_link_carries_the_computers_and_their_seed() -> None:
    app = _game_against_the_computer()
    s = app.session
    s.set_computers({1: "greedy"}, seed=99)  # another seed than the game's: its position
    link = app.tutor.board.link()
    assert link.position and link.computers == ((1, "greedy"),) and link.seed == 99
    opened = App(query=link.query).session
    assert dict(opened.computers) == {1: "greedy"} and opened.computer_seed == 99
    app2 = App(start="Knight displacement", query=replace(link, computers=((3, "greedy"),)).query)
    assert "it names a computer for P4 in a game of 3 players" in app2.status.value


def keys_of(query: str) -> set[str]:
    return set(parse_qs(query))


@pytest.mark.parametrize(
    "query",
    [
        "?lesson=no_such_lesson",
        "?lesson=ck_knight_displacement&node=999",
        "?lesson=99.9&node=3",  # a number the course does not have
        "?lesson=7.3&node=999",
        "?position=1" + "Q" * 60,
        "?variant=ck&players=9",
        "?lesson=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
    ],
)
def test_a_bad_link_says_so_and_opens_the_default_lesson(query: str) -> None:
    app = App(start="Knight displacement", query=query)
    assert "This link could not be opened" in app.status.value
    assert "<img" not in app.status.value
    assert app.tutor.session.lesson_id == "ck_knight_displacement"


def test_a_position_link_the_engine_refuses_says_so() -> None:
    text = new_game("base", players=3).position().replace("n=3", "n=7")
    app = App(start="Knight displacement", query=Link(position=text).query)
    assert "This link could not be opened: the position in it cannot be read" in app.status.value
    assert app.tutor.session.lesson_id == "ck_knight_displacement"


MOVE_LINES = st.sampled_from(
    ["P1 roll", "die white 3", "die red 4", "P1 road C3", "P1 end", "P2 settle C6", "x" * 200]
)


@settings(max_examples=150)
@given(
    moves=st.lists(MOVE_LINES | st.text(min_size=1, max_size=30), min_size=1, max_size=8),
    cut=st.integers(0, 40),
    extra=st.text(max_size=12),
)
def test_any_moves_parameter_reads_as_moves_or_says_why(
    moves: list[str], cut: int, extra: str
) -> None:
    """A moves code, whole, cut short or with text added (the parameter as a visitor may send
    it): ``parse`` gives the moves packed, or a ``LinkError``; never another exception."""
    try:
        code = links.pack_moves(moves)
    except LinkError:
        assert not all(m.isascii() and m.isprintable() and len(m) <= 200 for m in moves)
        return
    assert parse(f"?lesson=base_setup&moves={code}") == Link(
        lesson="base_setup", moves=tuple(moves)
    )
    for bent in (code[: len(code) - cut], code + extra, extra + code[cut:]):
        try:
            got = parse("?" + urlencode({"lesson": "base_setup", "moves": bent}))
        except LinkError:
            continue
        assert got is not None and got.moves == tuple(moves)  # only an edit that reads the same


def test_a_link_into_a_hidden_answer_opens_at_the_question() -> None:
    """A link to a node in the answer line of a puzzle not solved in this page (1.4's first
    question) opens at the question, its answer still hidden; the link's moves stay in the
    tree, not on show. The note by ▶ says why (back_note.py), said once: no message too."""
    app = App(query="?lesson=puzzle_base_setup")
    s = app.session
    asked = next(n for n in s.timeline.walk() if s.puzzle.holds(n))
    answer = asked.children[0]
    for link in (
        Link(lesson="puzzle_base_setup", node=answer.id),
        Link(lesson="puzzle_base_setup", node=answer.id, moves=(str(answer.children[0].action),)),
    ):
        fresh = App(query=link.query)
        f = fresh.session
        assert fresh.status.value == "" and f.node.id == asked.id and f.puzzle.holds()
        note = fresh.tutor.board.held_note
        assert f.message == "" and note is not None and BACK in note.value


def _paused_at_p2s_turn_against_three_greedy_builders() -> App:
    """The learner's game (1280, a free game against three "Greedy builder" computers): P1
    plays the set-up and turn 1, pauses the computers and ends the turn: turn 2, P2 to act."""
    app = App(query="")
    app.players.value = 4
    for seat in (1, 2, 3):
        app.seats.pickers[seat].value = "greedy"
    app.new()
    s = app.session
    for _ in range(200):  # the set-up: P1 places as a greedy builder would, the others reply
        g = s.game
        if g.state.phase not in ("setup-settle", "setup-road") or s.computer_to_move():
            break
        s.play(choose(g, "greedy", 5, player=g.state.active))
    s.roll()
    s.set_paused(True)
    s.end_turn()
    assert s.game.state.turn == 2 and s.game.state.active == 1 and s.paused
    return app


def _log(session) -> list[str]:
    return [str(n.action) for n in session.timeline.path()[1:]]


def test_a_copied_link_of_a_game_against_computers_reopens_the_position_paused_and_rolls_on_alike():
    """A learner's finding: paused at turn 2 (P2 to act), Copy link opened at turn 5 in a
    fresh page: the computers had played on, and their dice were the game's opening rolls
    again (the sampler started afresh after the link's moves were replayed). Opened from a
    link the game shows the position copied, paused (the learner presses Resume), with the
    same seats; and the dice are drawn from the seed and the position (BASE-PROD-ROLL), so
    from there both games go on alike."""
    app = _paused_at_p2s_turn_against_three_greedy_builders()
    s = app.session
    link = app.tutor.board.link()
    assert link.variant == "base" and link.moves
    assert link.computers == ((1, "greedy"), (2, "greedy"), (3, "greedy"))
    fresh = App(query=link.query).session
    assert fresh.game.position() == s.game.position() and _log(fresh) == _log(s)
    assert dict(fresh.computers) == dict(s.computers) and fresh.paused
    assert "press Resume" in App(query=link.query).tutor.computer.status.value
    for session in (s, fresh):
        session.set_paused(False)  # Resume: P2, P3 and P4 play turns 2 to 4 at once
    assert s.game.state.turn == 4 + 1 and s.game.state.active == 0
    assert fresh.game.position() == s.game.position() and _log(fresh) == _log(s)


def test_a_lesson_link_names_the_lesson_by_its_number_and_old_links_still_open() -> None:
    """l19 read "?lesson=base_dev_cards&node=7": the address names a lesson by its number in
    the course ("?lesson=4.1&node=7"), as the lesson list does; a link with the file's id
    (every link made before) opens the same lesson; a number the course has not is refused
    with a reason, and a lesson the course does not number keeps its id."""
    assert Link(lesson="base_dev_cards", node=7).query == "?lesson=4.1&node=7"
    assert parse("?lesson=4.1&node=7") == Link(lesson="base_dev_cards", node=7)
    assert parse("?lesson=base_dev_cards&node=7") == Link(lesson="base_dev_cards", node=7)
    assert Link(lesson="my_own").query == "?lesson=my_own"
    with pytest.raises(LinkError, match="there is no lesson 99.9 in the course"):
        parse("?lesson=99.9")
    new, old = (App(query=f"?lesson={x}&node=3") for x in ("7.3", "ck_knight_displacement"))
    for app in (new, old):
        assert app.status.value == "" and app.session.lesson_id == "ck_knight_displacement"
        assert app.session.node.id == 3
    bad = App(start="Knight displacement", query="?lesson=99.9&node=3")
    assert "there is no lesson 99.9 in the course" in bad.status.value


def test_a_served_lesson_folder_numbers_its_lessons_by_its_own_course(tmp_path, monkeypatch):
    """``catan-tutor serve --lessons DIR``: the address numbers a lesson as that folder's
    lesson list does (its own course.yaml), not as the packaged course (4.1 there)."""
    import shutil

    from catan_tutor.study.resources import LESSONS_ENV, packaged_lessons

    shutil.copy(packaged_lessons() / "base_dev_cards.catan.yaml", tmp_path)
    (tmp_path / "course.yaml").write_text(
        "- chapter: Cards first\n  goal: Play a card.\n  lessons:\n    - base_dev_cards\n"
    )
    monkeypatch.setenv(LESSONS_ENV, str(tmp_path))
    assert Link(lesson="base_dev_cards", node=7).query == "?lesson=1.1&node=7"
    assert parse("?lesson=1.1&node=7") == Link(lesson="base_dev_cards", node=7)
    with pytest.raises(LinkError, match="there is no lesson 4.1 in the course"):
        parse("?lesson=4.1")
