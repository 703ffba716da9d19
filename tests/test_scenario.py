"""Scenario files: the library checks green, exact round trips, every error path names
file:line:key, and the loader never crashes or half-loads on malformed input."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from catan_tutor import Game, new_game, random_playout
from catan_tutor.errors import ScenarioError
from catan_tutor.study.editor import edit
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import (
    SUFFIX,
    Scenario,
    check_scenario,
    dumps_scenario,
    load_scenario,
    loads_scenario,
)  # fmt: skip
from catan_tutor.study.timeline import Timeline

ROOT = Path(__file__).resolve().parent.parent
LIBRARY = sorted((packaged_lessons()).glob(f"*{SUFFIX}"))
SETTINGS = dict(deadline=None)  # the rest from the profile (conftest.py)
# A random game's seed replays it exactly; shrinking it only swaps one game for another.
NO_SHRINK = [Phase.explicit, Phase.reuse, Phase.generate]

GOOD = """\
title: A small lesson
variant: base
players: 3
board: beginner
goal: Build a road.
rules:
- BASE-BUILD-ROAD
start:
- place P1 settlement J12
- place P1 road J1
- place P2 settlement A4
- place P2 road A3
- place P3 settlement S4
- place P3 road S3
- hand P1 1 brick, 1 lumber
- turn P1 main 3
tutor: P1 can build a road next to their own road.
expect:
  legal:
  - P1 road J3
  illegal:
    P1 road S5: BASE-BUILD-ROAD
moves:
- move: P1 road J3
  comment: From J2 on.
  expect:
    road:
      J3: P1
    hand:
      P1: nothing
  variations:
  - - move: P1 road J11
      tutor: The other way round works too.
- move: P1 end
  expect:
    pending: P2
"""


def run_check(*paths: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "catan_tutor.cli", "check", *paths],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )


# ---------------------------------------------------------------- the library
def test_library_has_scenarios_and_checks_green():
    assert LIBRARY, "the packaged lessons are missing"
    out = run_check(str(packaged_lessons()))
    assert out.returncode == 0, out.stdout + out.stderr
    assert " 0 failed" in out.stdout and "FAIL" not in out.stdout


@pytest.mark.parametrize("path", LIBRARY, ids=lambda p: p.name)
def test_library_file_round_trips_and_teaches(path):
    sc = load_scenario(path)
    text = dumps_scenario(sc)
    assert dumps_scenario(loads_scenario(text)) == text
    assert sc.goal and sc.rules and sc.root.tutor
    assert any(r in sc.root.tutor for r in sc.rules), "the tutor text cites its rule IDs"
    results = check_scenario(sc)
    assert results and all(r.passed for r in results), [str(r) for r in results if not r.passed]


# ---------------------------------------------------------------- reading and writing
def test_good_scenario_loads_with_tree_comments_and_expectations():
    sc = loads_scenario(GOOD, "good.catan.yaml")
    tl = sc.timeline
    assert tl.current is tl.root and sc.players == 3 and sc.rules == ["BASE-BUILD-ROAD"]
    main, var = tl.root.children
    assert str(main.action) == "P1 road J3" and main.comment == "From J2 on."
    assert var.tutor == "The other way round works too." and not var.is_main()
    assert [str(a) for a in tl.moves(main.children[0])] == ["P1 road J3", "P1 end"]
    results = check_scenario(sc)
    assert [r.line for r in results] == [19, 21, 27, 29, 36] and all(r.passed for r in results)


def test_write_read_write_gives_the_same_bytes(tmp_path):
    from catan_tutor.study.scenario import save_scenario

    sc = loads_scenario(GOOD)
    first = tmp_path / f"a{SUFFIX}"
    save_scenario(sc, first)
    again = tmp_path / f"b{SUFFIX}"
    save_scenario(load_scenario(first), again)
    assert first.read_bytes() == again.read_bytes()


@settings(max_examples=15, phases=NO_SHRINK, **SETTINGS)
@given(
    seed=st.integers(0, 2**32 - 1),
    variant=st.sampled_from(["base", "base-2p", "base-dummy", "ck", "ck-2p"]),
)
def test_random_scenarios_from_random_games_round_trip(seed, variant):
    """A scenario whose tree is a random game plus random variations saves, reads back to the
    same positions, and saves to the same bytes."""
    rng = random.Random(seed)
    players = 2 if variant in ("base-2p", "base-dummy", "ck-2p") else 3
    g = new_game(variant, players=players, seed=seed)
    try:
        random_playout(g, seed, policy="greedy", max_actions=rng.randint(20, 300))
    except RuntimeError:
        pass  # stopped part-way: that is the point
    tl = Timeline(g)
    for node in rng.sample(list(tl.walk()), 3):  # a few variations
        tl.goto(node)
        legal = tl.game.legal_actions()
        if legal:
            tl.play(rng.choice(legal)).comment = f"what if #{node.id}"
    tl.root.tutor = "Line one.\nLine two: 5 and no."
    sc = Scenario("random", variant, players, "beginner", timeline=tl)
    text = dumps_scenario(sc)
    back = loads_scenario(text)
    assert dumps_scenario(back) == text
    want = [n.state for n in tl.walk()]
    got = [n.state for n in back.timeline.walk()]
    from catan_tutor.position import encode

    assert [encode(tl.rules, s) for s in got] == [encode(tl.rules, s) for s in want]


# ---------------------------------------------------------------- errors name file:line:key
BAD = [
    ("title: [unclosed", 1, "yaml"),
    ("", 1, "file"),
    ("- a list\n- not a mapping", 1, "scenario"),
    ("title: x\nvariant: base\n", 1, "players"),
    ("title: x\nvariant: chess\nplayers: 3\n", 2, "variant"),
    ("title: x\nvariant: base\nplayers: three\n", 3, "players"),
    ("title: x\nvariant: base\nplayers: 7\n", 3, "players"),
    ("title: x\nvariant: base\nplayers: 3\nboard: moon\n", 4, "board"),
    ("title: x\nvariant: base\nplayers: 3\ncolour: red\n", 4, "scenario"),
    ("title: x\nvariant: base\nplayers: 3\ntitle: y\n", 4, "scenario"),
    ("title: x\nvariant: base\nplayers: 3\nsetup:\n- P1 settle A4\n- P1 road S3\n", 6, "setup"),
    ("title: x\nvariant: base\nplayers: 3\nstart:\n- place P1 knight A4\n", 5, "start"),
    ("title: x\nvariant: base\nplayers: 3\nmoves:\n- move: P1 end\n", 5, "move"),
    ("title: x\nvariant: base\nplayers: 3\nmoves:\n- comment: no move\n", 5, "moves"),
    ("title: x\nvariant: base\nplayers: 3\nmoves: P1 end\n", 4, "moves"),
    ("title: x\nvariant: base\nplayers: 3\nexpect:\n  colour: red\n", 5, "expect"),
    ("title: x\nvariant: base\nplayers: 3\nexpect:\n  vp: 3\n", 5, "vp"),
    ("title: x\nvariant: base\nplayers: 3\nexpect:\n  vp:\n    P7: 3\n", 5, "vp"),
    ("title: x\nvariant: base\nplayers: 3\nexpect:\n  legal:\n  - P1 fly\n", 5, "legal"),
    ("title: x\nvariant: base\nplayers: 3\nexpect:\n  knight:\n    Z9: P1 basic\n", 5,
     "knight"),
    ("title: x\nvariant: base\nplayers: 3\nexpect:\n  barbarians: many\n", 5, "barbarians"),
    ("title: x\nvariant: base\nplayers: 3\nrules: CK-WIN-13\n", 4, "rules"),
    ("title: !!python/object:os.system x\nvariant: base\nplayers: 3\n", 1, "title"),
    ("title: x\nvariant: base\nplayers: 3\nsetup: [P1 settle A4, P1 road A3]\nmoves:\n"
     "- move: P2 settle J12\n  variations:\n  - - move: P2 settle J12\n", 8, "variations"),
    ("title: x\nvariant: base\nplayers: 3\nexpect:\n  metropolis:\n    magic: '-'\n", 5,
     "metropolis"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "line", "key"), BAD)
def test_malformed_scenarios_name_file_line_and_key(text, line, key):
    with pytest.raises(ScenarioError) as info:
        loads_scenario(text, "lesson.catan.yaml")
    msg = str(info.value)
    assert msg.startswith(f"lesson.catan.yaml:{line}: {key}:"), msg
    assert isinstance(info.value, ValueError)


def test_unreadable_file_is_a_scenario_error(tmp_path):
    missing = tmp_path / f"none{SUFFIX}"
    with pytest.raises(ScenarioError, match=f"{missing}:1: file"):
        load_scenario(missing)
    binary = tmp_path / f"bin{SUFFIX}"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(ScenarioError, match=":1: file"):
        load_scenario(binary)


@settings(max_examples=200, **SETTINGS)
@given(data=st.data())
def test_fuzzed_scenario_text_gives_a_scenario_or_a_scenario_error(data):
    """Random cuts, insertions and swaps of a good file never raise anything else."""
    text = GOOD
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(text)))
        op = data.draw(st.sampled_from(["cut", "insert", "dup"]))
        if op == "cut":
            text = text[:i] + text[i + data.draw(st.integers(1, 20)) :]
        elif op == "insert":
            text = (
                text[:i]
                + data.draw(
                    st.sampled_from(
                        [
                            ":",
                            "- ",
                            "\n",
                            "  ",
                            "[",
                            "{",
                            "'",
                            "P9",
                            "!!binary x",
                            "&a *a",
                            "#",
                            "\t",
                            "ore",
                            "J5",
                            "12",
                        ]
                    )
                )
                + text[i:]
            )
        else:
            j = data.draw(st.integers(0, len(text)))
            text = text[:i] + text[min(i, j) : max(i, j)] + text[i:]
    try:
        sc = loads_scenario(text, "fuzz.catan.yaml")
    except ScenarioError as e:
        assert str(e).startswith("fuzz.catan.yaml:")
        return
    check_scenario(sc)  # a file that loads can be checked
    assert dumps_scenario(loads_scenario(dumps_scenario(sc))) == dumps_scenario(sc)


# ---------------------------------------------------------------- the checker
def test_check_reports_failures_with_file_and_line(tmp_path):
    bad = tmp_path / f"wrong{SUFFIX}"
    bad.write_text(GOOD.replace("    pending: P2", "    pending: P3"))
    out = run_check(str(bad))
    assert out.returncode == 1
    assert f"{bad}:36: FAIL pending P3" in out.stdout and "found P2" in out.stdout
    assert "4 passed, 1 failed" in out.stdout


def test_check_reports_a_malformed_file_and_fails(tmp_path):
    broken = tmp_path / f"broken{SUFFIX}"
    broken.write_text("title: x\nvariant: base\nplayers: 3\nmoves:\n- move: P1 end\n")
    out = run_check(str(broken))
    assert out.returncode == 1 and f"{broken}:5: move:" in out.stderr
    missing = run_check(str(tmp_path / f"nothing-here{SUFFIX}"))
    assert missing.returncode == 1 and "nothing-here" in missing.stderr
    empty = tmp_path / "empty"
    empty.mkdir()
    assert run_check(str(empty)).returncode == 2


def test_readme_example_loads_and_checks_green():
    import re

    text = re.search(r"```yaml\n(.*?)```", (ROOT / "README.md").read_text(), re.S).group(1)
    sc = loads_scenario(text, "README.md")
    results = check_scenario(sc)
    assert len(results) == 5 and all(r.passed for r in results)
    assert len(sc.root.children) == 2  # the main move and its alternative


def test_cities_and_knights_expectation_keys():
    text = """\
title: keys
variant: ck
players: 3
start:
- place P1 city J12
- place P1 road J1
- place P1 wall J12
- place P2 settlement A4
- place P2 road A3
- place P3 settlement S4
- place P3 road S3
- level P1 science 4
- metropolis science J12
- progress P2 crane, alchemy
- defender P3 1
- turn P1 main 4
expect:
  progress: {P2: 'alchemy, crane', P1: nothing}
  levels: {P1: 'science 4, trade 0, politics 0'}
  defender: {P3: '1', P1: '0'}
  metropolis: {science: P1 J12, trade: '-'}
  wall: {J12: 'yes', A4: 'no'}
"""
    results = check_scenario(loads_scenario(text))
    assert len(results) == 5 and all(r.passed for r in results), [str(r) for r in results]
    wrong = text.replace("P1 J12, trade", "P2 J12, trade").replace("J12: 'yes'", "J12: 'no'")
    bad = [r for r in check_scenario(loads_scenario(wrong)) if not r.passed]
    assert [r.expect.key for r in bad] == ["metropolis", "wall"]


def test_a_full_board_layout_loads_round_trips_and_bad_ones_name_the_line():
    g = new_game("base", players=3, board="variable", seed=5)
    f = dict(w.split("=", 1) for w in g.position().split()[2:])
    text = (
        f"title: t\nvariant: base\nplayers: 3\nboard:\n  terrain: {f['terrain']}\n"
        f"  numbers: {f['numbers']}\n  harbors: {f['harbors']}\n"
    )
    sc = loads_scenario(text)
    assert sc.timeline.state.layout == g.state.layout and sc.timeline.state.robber == g.state.robber
    assert dumps_scenario(loads_scenario(dumps_scenario(sc))) == dumps_scenario(sc)
    bad = text.replace(",de,", ",fo,", 1)
    with pytest.raises(ScenarioError, match=r"^x:5: board: .*BASE-COMP-TERRAIN"):
        loads_scenario(bad, "x")
    with pytest.raises(ScenarioError, match=r"^x:5: board: a full board gives"):
        loads_scenario("\n".join(text.splitlines()[:-1]), "x")


def test_a_scenario_may_start_from_a_position_text():
    """What the tutor's download writes: position instead of board/setup/start; it reads
    back to the same bytes and the same start."""
    g = edit(
        new_game("ck-2p", players=2),
        "place P1 city J12",
        "place P1 road J1",
        "tokens P1 3",
        "turn P1 main 4",
    )
    tl = Timeline(g, with_history=False)
    tl.play("P1 end")
    tl.current.comment = "pass the turn"
    sc = Scenario("From a position", "ck-2p", 2, position=g.position(), timeline=tl)
    text = dumps_scenario(sc)
    assert "position: " in text and "board:" not in text and "start:" not in text
    back = loads_scenario(text)
    assert dumps_scenario(back) == text
    assert Game(back.timeline.rules, back.timeline.root.state).position() == g.position()
    assert back.timeline.root.children[0].comment == "pass the turn"


@pytest.mark.parametrize(
    ("extra", "error"),
    [
        ("board: beginner\n", "board: a scenario with a position gives no board"),
        ("start:\n- tokens P1 1\n", "start: a scenario with a position gives no board"),
    ],
)
def test_position_excludes_board_setup_and_start(extra: str, error: str):
    base3 = new_game("base", players=3).position()
    text = f"title: x\nvariant: base\nplayers: 3\n{extra}position: {base3}\n"
    with pytest.raises(ScenarioError, match=error):
        loads_scenario(text)


def test_position_must_match_variant_and_players():
    base3 = new_game("base", players=3).position()
    text = f"title: x\nvariant: base\nplayers: 4\nposition: {base3}\n"
    with pytest.raises(ScenarioError, match=r"<scenario>:4: position: the position is base for 3"):
        loads_scenario(text)
    with pytest.raises(ScenarioError, match=r"<scenario>:4: position: position text"):
        loads_scenario("title: x\nvariant: base\nplayers: 3\nposition: catan base junk\n")


def test_labels_yes_of_an_older_file_is_read_not_kept_and_the_board_opens_without_labels():
    """Files written before issue 33 say ``labels: yes`` when their text names corners by code:
    still read (a bad value refused), not written back. The tutor opens every lesson with the
    labels off (about 120 codes hid the pieces); the spots its words name are labelled
    (``board_view.named``) and every label is one click away (Labels), kept as the learner set
    them from lesson to lesson."""
    from catan_tutor.study.scenario_write import lesson_yaml
    from catan_tutor.widgets.tutor import Tutor

    head = "title: t\nvariant: base\nplayers: 3\ngoal: Settle on K4.\n"
    sc = loads_scenario(head + "labels: yes\nmoves:\n- move: P1 settle K4\n")
    for text in (dumps_scenario(sc), lesson_yaml(sc)):
        assert "labels" not in text and len(list(loads_scenario(text).tree.walk())) == 2
    with pytest.raises(ScenarioError, match="labels: expected yes or no"):
        loads_scenario(head + "labels: sometimes\n")
    assert not Tutor(sc).view.labels and not Tutor(sc).view.labels_button.value
    t = Tutor(loads_scenario(head))
    t.view.labels_button.value = True  # the learner's Labels stay as they set them
    t.session.open(sc, "t")  # another lesson opened in the same tutor
    assert t.view.labels
