"""Bad input never gets past the front door (issue 23): each example found by fuzzing the
public API now gets the package's own error naming the input and the place, and the size
caps refuse huge inputs before any parsing."""

from __future__ import annotations

import pytest

from catan_tutor import Game, new_game
from catan_tutor.actions import MAX_NOTATION_CHARS, Die, Settle, Steal
from catan_tutor.cli import main
from catan_tutor.errors import (
    CatanError,
    EditError,
    NotationError,
    OptionError,
    PositionError,
    ScenarioError,
)  # fmt: skip
from catan_tutor.position import MAX_POSITION_CHARS
from catan_tutor.study.editor import MAX_OP_CHARS, edit
from catan_tutor.study.scenario import loads_scenario


def with_fields(text: str, **changes: str) -> str:
    words = text.split()
    out = words[:2] + [
        f"{k}={changes.pop(k, v)}" for k, _, v in (w.partition("=") for w in words[2:])
    ]
    assert not changes
    return " ".join(out)


# ---------------------------------------------------------------- notation and play
@pytest.mark.parametrize(
    "text",
    [
        "P1 bank ④ brick for ore",
        "P1 bank ４ brick for ore",
        "P1 discard ① brick",
        "die white ٣",
        "P1 bank 9999999 brick for ore",
        "P1 discard " + "9" * 200 + " brick",
    ],
)
def test_other_scripts_digits_and_huge_counts_are_notation_errors(text):
    g = new_game("base", players=3)
    with pytest.raises(NotationError, match=r"cannot read .*\(at character \d+"):
        g.parse(text)


@pytest.mark.parametrize(
    "thing",
    [
        None,
        b"P1 settle H4",
        bytearray(b"P1 roll"),
        42,
        3.5,
        ["P1", "roll"],
        object(),
        Settle(0, 3.0),
        Settle(0, None),
        Settle(0, 10**30),
        Die(7, "white"),
    ],
)
def test_play_and_explain_refuse_what_is_no_action_and_change_nothing(thing):
    g = new_game("base", players=3)
    before = g.position()
    for fn in (g.play, g.explain):
        with pytest.raises(NotationError, match="cannot (read|play)"):
            fn(thing)
    assert g.position() == before and not g.history


@pytest.mark.parametrize(
    ("action", "why"),
    [
        (Settle(0, 999), "vertex=999 is not on the board"),
        (Settle(0, 54), "vertex=54 is not on the board"),
        (Settle(0, -2), "vertex=-2 is not on the board"),
        (Steal(8), "a field names nothing that exists"),
    ],
)
def test_an_action_naming_nothing_that_exists_is_a_notation_error(action, why):
    """An Action object must name spots on the board and things that exist."""
    g = new_game("base", players=3)
    before = g.position()
    with pytest.raises(NotationError, match=why):
        g.explain(action)
    with pytest.raises(NotationError, match=why):
        g.play(action)
    assert g.position() == before


@pytest.mark.parametrize("action", [Settle(7, 3), Settle(3, 3), Die("white", 7)])
def test_an_action_of_the_right_types_out_of_range_is_refused_by_a_rule(action):
    g = new_game("base", players=3)
    before = g.position()
    assert not g.explain(action).legal
    with pytest.raises(CatanError):
        g.play(action)
    assert g.position() == before


def test_a_well_formed_action_object_still_plays():
    g = new_game("base", players=3)
    g.play(g.legal_actions()[0])
    assert len(g.history) == 1


def test_notation_over_the_size_cap_is_refused_unread():
    g = new_game("base", players=3)
    with pytest.raises(NotationError, match=f"at most {MAX_NOTATION_CHARS} characters"):
        g.parse("P1 settle " + "H4 " * 1_000_000)


def test_a_message_quotes_at_most_60_characters_of_the_input():
    g = new_game("base", players=3)
    with pytest.raises(NotationError) as info:
        g.parse("P1 fly " + "x" * 200)
    assert "x" * 61 not in str(info.value)


# ---------------------------------------------------------------- new_game
@pytest.mark.parametrize(("kw", "word"), [
    ({"variant": None, "players": 3}, "variant"), ({"variant": "chess", "players": 3}, "chess"),
    ({"players": "3"}, "'3'"), ({"players": 3.0}, "3.0"), ({"players": True}, "True"),
    ({"players": 3, "board": ["beginner"]}, "board"), ({"players": 3, "seed": "7"}, "seed"),
    ({"players": 3, "rolloff": "yes"}, "rolloff"),
])  # fmt: skip
def test_new_game_refuses_bad_options_with_an_option_error(kw, word):
    with pytest.raises(OptionError, match=word):
        new_game(**kw)


def test_cli_reports_a_bad_variant_and_exits_2(capsys):
    assert main(["play", "--variant", "chess", "--players", "3"]) == 2
    assert "chess" in capsys.readouterr().err


# ---------------------------------------------------------------- position text
def test_tiles_of_dashes_is_a_position_error():
    text = new_game("base", players=3).position()
    with pytest.raises(PositionError, match="tiles"):
        Game.from_position(text.replace("tiles=-", "tiles=-,-"))


def ck_main_position() -> str:
    g = new_game("ck", players=3, seed=3)
    from catan_tutor import random_playout

    random_playout(g, 3, policy="greedy")
    while g.state.phase != "main" or g.state.turn < 3:
        g.undo()
    return g.position()


@pytest.mark.parametrize(("phase", "field"), [
    ("pillage", "pillage"), ("deserter", "treason"), ("desert", "treason"),
    ("relocate", "relocate"), ("harbor", "harbor"), ("aqueduct", "claims"),
    ("defender-deck", "draws"), ("progress-draw", "draws"), ("progress-discard", "pdiscards"),
    ("wedding", "discards"), ("sabotage", "discards"),
])  # fmt: skip
def test_a_ck_phase_without_its_pending_data_is_refused(phase, field):
    text = with_fields(ck_main_position(), phase=phase)
    with pytest.raises(PositionError, match=f"field {field}=.*{phase} phase needs"):
        Game.from_position(text)


@pytest.mark.parametrize(
    ("variant", "phase"),
    [
        ("base", "pillage"),
        ("base", "neutral"),
        ("base", "bids"),
        ("ck", "neutral"),
        ("base-2p", "tiebreak"),
        ("ck-2p", "bids"),
    ],
)
def test_a_phase_of_another_variant_is_refused(variant, phase):
    players = 3 if variant in ("base", "ck") else 2
    g = new_game(variant, players=players, seed=1)
    with pytest.raises(PositionError, match=f"has no {phase} phase"):
        Game.from_position(with_fields(g.position(), phase=phase))


@pytest.mark.parametrize("value", ["３", "٣", "+3", "3_0", "9" * 5000, "3.0"])
def test_position_numbers_are_ascii_digits_of_bounded_length(value):
    g = new_game("base", players=3, seed=1)
    with pytest.raises(PositionError, match="turn"):
        Game.from_position(with_fields(g.position(), turn=value))


def test_position_text_over_the_size_cap_is_refused_unread():
    text = new_game("base", players=3).position()
    with pytest.raises(PositionError, match=str(MAX_POSITION_CHARS)):
        Game.from_position(text + " x=" + "1," * MAX_POSITION_CHARS)


# ---------------------------------------------------------------- editor and scenarios
@pytest.mark.parametrize(
    "op",
    [
        None,
        7,
        b"robber J",
        "tokens P1 ３",
        "barbarians ①",
        "level P1 science " + "9" * 5000,
        "hand P1 ٣ brick",
        "robber " + "J" * (MAX_OP_CHARS + 1),
    ],
)
def test_editor_refuses_any_bad_operation_with_an_edit_error(op):
    g = new_game("ck", players=3, seed=1)
    before = g.position()
    with pytest.raises(EditError):
        edit(g, op)
    assert g.position() == before


def test_editor_refuses_what_is_not_a_game():
    with pytest.raises(EditError, match="Game"):
        edit("catan base", "robber J")


@pytest.mark.parametrize("move", ["P1 bank " + "9" * 5000 + " brick for ore", "P1 discard ① brick"])
def test_a_scenario_move_with_a_bad_number_names_file_and_line(move):
    text = f"title: t\nvariant: base\nplayers: 3\nsetup:\n- P1 settle H4\n- {move}\n"
    with pytest.raises(ScenarioError, match=r"^s\.catan\.yaml:6: setup: cannot read"):
        loads_scenario(text, "s.catan.yaml")


def test_every_error_is_a_value_error():
    assert all(
        issubclass(e, ValueError)
        for e in (CatanError, OptionError, NotationError, PositionError, EditError, ScenarioError)
    )


@pytest.mark.parametrize("variant", ["base", "base-dummy", "ck"])
def test_resume_end_is_refused_unless_the_dummy_is_on_turn(variant):
    """Found by the fuzz test (seed 1684760): a human's robber resuming to ``end`` stalled the game.

    Only the dummy's knight (DUMMY-DEV-KNIGHT) moves the robber and then ends the turn at once.
    """
    text = new_game(variant, players=2 if variant == "base-dummy" else 3, seed=1).position()
    with pytest.raises(PositionError, match="field resume=.*only the dummy"):
        Game.from_position(with_fields(text, phase="robber", resume="end"))
