"""Accepted means playable (issue 31): number tokens are 2-6 and 8-12 on producing hexes and
none on the desert (BASE-COMP-NUMBERS) in the position reader, the board editor and scenario
boards, refused with an error naming the hex; a phase that resumes goes back to a phase that
fits the turn (DUMMY-TURN-SEQUENCE); every action prints, its default fields included."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil

import pytest
from helpers import conserve_bank, from_fields, play, position_fields

import catan_tutor
from catan_tutor import Game, PositionError, new_game
from catan_tutor.actions import Action, Chance
from catan_tutor.board import BEGINNER, DESERT, HEX_NAMES, TERRAIN_CODES
from catan_tutor.errors import EditError, ScenarioError
from catan_tutor.study.editor import edited_position
from catan_tutor.study.scenario import loads_scenario

DESERT_HEX = BEGINNER.terrain.index(DESERT)  # J on the beginner board
A_HEX = 0  # A: mountains 10 on the beginner board


def numbers_with(hex_: int, value: int) -> str:
    nums = list(BEGINNER.numbers)
    nums[hex_] = value
    return ",".join(map(str, nums))


def laid_out(variant: str = "base", players: int = 3, **changes) -> tuple[list[str], dict]:
    """A new game's fields with the beginner layout written out (terrain, numbers, harbors)."""
    g = new_game(variant, players=players, board="variable", seed=3)
    return position_fields(g, changes)


@pytest.mark.parametrize(
    ("hex_", "value", "why"),
    [
        (A_HEX, 13, "hex A needs a number token of 2-6 or 8-12, not 13"),
        (A_HEX, 7, "hex A needs a number token of 2-6 or 8-12, not 7"),
        (A_HEX, 1, "hex A needs a number token of 2-6 or 8-12, not 1"),
        (A_HEX, 0, "hex A needs a number token of 2-6 or 8-12, not 0"),
        (A_HEX, 99, "hex A needs a number token of 2-6 or 8-12, not 99"),
    ],
)
def test_BASE_COMP_NUMBERS_reader_refuses_a_token_outside_2_to_12_or_a_7(hex_, value, why):
    head, f = laid_out()
    terrain = f["terrain"].split(",")
    nums = f["numbers"].split(",")
    producing = next(h for h, t in enumerate(terrain) if t != TERRAIN_CODES[DESERT])
    nums[producing] = str(value)
    f["numbers"] = ",".join(nums)
    why = why.replace("hex A", f"hex {HEX_NAMES[producing]}")
    with pytest.raises(PositionError, match=f"field numbers=.*{why}"):
        from_fields(head, f)


def test_BASE_COMP_NUMBERS_reader_refuses_a_number_on_the_desert():
    head, f = laid_out()
    terrain = f["terrain"].split(",")
    nums = f["numbers"].split(",")
    desert = terrain.index(TERRAIN_CODES[DESERT])
    nums[desert] = "5"
    f["numbers"] = ",".join(nums)
    with pytest.raises(
        PositionError,
        match=f"hex {HEX_NAMES[desert]} is the desert and carries no number token, not 5",
    ):
        from_fields(head, f)


def test_BASE_COMP_NUMBERS_editor_refuses_the_token_and_names_the_hex():
    game = new_game("base", players=3, board="variable", seed=3)
    head, f = position_fields(game, {})
    nums = f["numbers"].split(",")
    h = next(i for i, n in enumerate(nums) if n != "0")
    nums[h] = "13"
    bad = " ".join([*head, *(f"{k}={v}" for k, v in {**f, "numbers": ",".join(nums)}.items())])
    with pytest.raises(EditError, match=f"hex {HEX_NAMES[h]} needs a number token"):
        edited_position(bad, "robber J")


@pytest.mark.parametrize(
    ("where", "value", "why"),
    [
        (A_HEX, 13, "hex A needs a number token of 2-6 or 8-12, not 13"),
        (DESERT_HEX, 6, "hex J is the desert and carries no number token, not 6"),
    ],
)
def test_BASE_COMP_NUMBERS_scenario_board_refuses_the_token_with_its_line(where, value, why):
    terrain = ",".join(TERRAIN_CODES[t] for t in BEGINNER.terrain)
    harbors = new_game("base", players=3).position().split("harbors=")[1].split()[0]
    text = (
        f"title: t\nvariant: base\nplayers: 3\nboard:\n  terrain: {terrain}\n"
        f"  numbers: '{numbers_with(where, value)}'\n  harbors: {harbors}\n"
    )
    with pytest.raises(ScenarioError, match=f"^s\\.catan\\.yaml:5: board: .*{why}"):
        loads_scenario(text, "s.catan.yaml")


# ---------------------------------------------------------------- a phase and its resume
# P1 and P2 settled (DUMMY-SETUP-PLACEMENT); P2's G6 touches hex G.
DUMMY_SETUP = (
    "P1 settle A4",
    "P1 road A3",
    "P2 settle C6",
    "P2 road C5",
    "P2 settle G6",
    "P2 road G5",
    "P1 settle D4",
    "P1 road D3",
)


def _dummy_steal(active: str, resume: str) -> str:
    """A base-dummy game with the robber on G, P2 (one brick) to be robbed, on ``active``'s
    turn, going back to ``resume`` after the steal."""
    g = play(new_game("base-dummy", players=2), *DUMMY_SETUP)
    head, f = position_fields(
        g,
        {
            "phase": "steal",
            "active": active,
            "turn": 4,
            "setup": 4,
            "victim": "P2",
            "robber": "G",
            "resume": resume,
            "hands": "0,0,0,0,0/1,0,0,0,0/2,2,2,2,2",
        },
    )
    conserve_bank(f)
    return " ".join([*head, *(f"{k}={v}" for k, v in f.items())])


@pytest.mark.parametrize("phase", ["steal", "robber"])
def test_DUMMY_TURN_SEQUENCE_a_players_robber_never_resumes_into_the_dummys_bids(phase):
    text = _dummy_steal("P1", "bids").replace("phase=steal", f"phase={phase}")
    with pytest.raises(
        PositionError,
        match="field resume='bids': .* does not fit P1's turn "
        r"\(DUMMY-TURN-SEQUENCE\)",
    ):
        Game.from_position(text)


def test_DUMMY_TURN_SEQUENCE_the_steal_phases_that_fit_the_turn_are_accepted_and_play_on():
    game = Game.from_position(_dummy_steal("P1", "main"))
    assert game.legal_actions()  # the steal is a chance event: its outcomes are listed
    for action, _ in game.chance_outcomes():
        child = Game.from_position(game.position())
        child.play(action)
        assert child.state.phase == "main" and child.legal_actions()
    dummy = Game.from_position(_dummy_steal("D", "bids"))
    for action, _ in dummy.chance_outcomes():
        child = Game.from_position(dummy.position())
        child.play(action)
        assert child.state.active == 2 and child.legal_actions()  # D's trading, then its die
    with pytest.raises(PositionError, match="resume='main': .* does not fit the dummy's turn"):
        Game.from_position(_dummy_steal("D", "main"))


# ---------------------------------------------------------------- every action prints
def _action_classes() -> list[type]:
    for m in pkgutil.walk_packages(catan_tutor.__path__, "catan_tutor."):
        if not m.name.startswith(
            (
                "catan_tutor.widgets",
                "catan_tutor.analysis",
                "catan_tutor.server.voila_guard",
                "catan_tutor.server.serve",
            )
        ):
            importlib.import_module(m.name)
    out, todo = [], [Action]
    while todo:
        c = todo.pop()
        out.append(c)
        todo.extend(c.__subclasses__())
    return sorted(set(out), key=lambda c: c.__name__)


def _zero(field: dataclasses.Field):
    kind = str(field.type)
    if "Bundle" in kind or "tuple" in kind:
        return (0,) * 5
    return "" if kind == "str" else 0


@pytest.mark.parametrize("cls", _action_classes(), ids=lambda c: c.__name__)
def test_every_action_class_prints_with_default_fields(cls):
    """``str(Chance())`` and ``repr(Action())`` recursed until RecursionError."""
    if dataclasses.is_dataclass(cls):
        obj = cls(
            **{
                f.name: _zero(f)
                for f in dataclasses.fields(cls)
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
            }
        )
    else:
        obj = cls()
    text, rep = str(obj), repr(obj)
    assert text and rep.startswith(f"<{cls.__name__}") and rep.endswith(">")
    if cls in (Action, Chance):
        assert (text, rep) == (cls.__name__, f"<{cls.__name__}>")


@pytest.mark.parametrize(
    ("variant", "resume"),
    [("base-2p", "dev-die"), ("ck", "wedding"), ("base", "dice"), ("ck-2p", "bids")],
)
def test_a_robber_goes_back_only_to_a_phase_its_variant_resumes_into(variant, resume):
    """Found by the fuzzer: a base-2p robber resuming into the dummy's dev-die phase was
    accepted and ``pending`` raised KeyError (and, by the soak, a neutral road of Road
    Building resuming to ``pillage``): whatever the phase, the one to go back to is one the
    variant goes back to. Only base-2p and ck-2p go back to a second roll (2P-ROLL-TWICE)."""
    players = 3 if variant in ("base", "ck") else 2
    head, f = position_fields(
        new_game(variant, players=players, seed=1),
        {"phase": "robber", "turn": 4, "setup": 2 * players, "resume": resume},
    )
    with pytest.raises(
        PositionError,
        match=f"field resume='{resume}': the phase to go back to is one of pre-roll, main",
    ):
        from_fields(head, f)


def test_2P_ROLL_TWICE_no_third_roll_once_both_sums_are_in():
    """Found by the fuzzer: a base-2p position in the dice phase with both sums of the turn
    was accepted, and its roll made a third sum the position could not print."""
    head, f = position_fields(
        new_game("base-2p", players=2, seed=1),
        {"phase": "dice", "turn": 16, "setup": 4, "sums": "9,5"},
    )
    with pytest.raises(
        PositionError,
        match="field sums='9,5': both rolls of the turn are "
        r"done: no third roll \(2P-ROLL-TWICE\)",
    ):
        from_fields(head, f)


def test_DUMMY_TRADE_PROTOCOL_a_trading_window_with_every_bid_in_is_refused():
    """Found by the soak (seed 2716): the bids phase with both players' bids in was
    accepted, and ``legal_actions()`` raised StopIteration (nobody left to answer)."""
    g = play(new_game("base-dummy", players=2), *DUMMY_SETUP)
    head, f = position_fields(
        g,
        {
            "phase": "bids",
            "active": "D",
            "turn": 6,
            "setup": 4,
            "hands": "0,1,0,0,0/0,1,0,0,0/2,2,2,2,2",
            "bids": "0,1,0,0,0:brick/0,1,0,0,0:brick",
        },
    )
    conserve_bank(f)
    with pytest.raises(PositionError, match="field bids=.*every player has answered"):
        from_fields(head, f)
    f["bids"] = "0,1,0,0,0:brick/?"
    assert from_fields(head, f).legal_actions()  # P2 still to answer: fine


def test_BASE_SETUP_FIRST_PLAYER_a_rolloff_after_setup_began_is_refused():
    """Found by the soak (seed 51408): a roll-off with the setup already at step 4 was
    accepted, and the roll-off's end indexed past the setup order (IndexError)."""
    g = new_game("base-dummy", players=2, rolloff=True)
    assert g.state.phase == "rolloff"
    head, f = position_fields(g, {"setup": 4})
    with pytest.raises(
        PositionError,
        match=r"field setup='4': in rolloff nothing is placed "
        r"yet: turn 0 and setup=0",
    ):
        from_fields(head, f)
    assert from_fields(*position_fields(g, {})).legal_actions()


def test_dice_of_a_roll_in_progress_only_while_rolling():
    """Found by the soak (seed 424272): a base-2p robber phase holding two dice of a roll
    (rolled=5,3) was accepted; its resumed second roll took a third die (IndexError)."""
    head, f = position_fields(
        new_game("base-2p", players=2, seed=1),
        {"phase": "main", "turn": 9, "setup": 4, "sums": "7,9", "rolled": "5,3"},
    )
    with pytest.raises(
        PositionError,
        match="field rolled='5,3': dice of a roll in progress only while rolling, not in main",
    ):
        from_fields(head, f)


def test_CK_ROBBER_INACTIVE_no_robber_phase_before_the_first_attack():
    """Found by the soak (seed 1049): a ck-2p robber phase before the first barbarian attack
    was accepted; the robber then stood on a hex and the position no longer read back."""
    head, f = position_fields(
        new_game("ck", players=3, seed=1), {"phase": "robber", "turn": 5, "setup": 6, "attacked": 0}
    )
    with pytest.raises(
        PositionError,
        match="no robber phase before the first barbarian "
        r"attack: .*\(CK-ROBBER-INACTIVE\)",
    ):
        from_fields(head, f)


def test_2P_ROLL_TWICE_a_turn_not_yet_rolled_has_no_sums():
    """Found by the fuzzer (seed 15434): a base-2p pre-roll phase with both sums of a turn
    was accepted, and its roll made a third sum."""
    head, f = position_fields(
        new_game("base-2p", players=2, seed=1),
        {"phase": "pre-roll", "turn": 16, "setup": 4, "sums": "10,6"},
    )
    with pytest.raises(
        PositionError, match="field sums='10,6': before the turn's first roll there is no sum yet"
    ):
        from_fields(head, f)


def test_DUMMY_ROBBER_CANDIDATES_a_robber_rolloff_goes_back_into_the_dummys_turn():
    """Found by the soak (seed 482433): D's robber roll-off resuming to ``wedding`` (a C&K
    phase) was accepted and ``pending`` raised KeyError."""
    g = play(new_game("base-dummy", players=2), *DUMMY_SETUP)
    head, f = position_fields(
        g,
        {
            "phase": "tiebreak",
            "active": "D",
            "turn": 3,
            "setup": 4,
            "tb": "robber:A,C:-",
            "resume": "wedding",
        },
    )
    with pytest.raises(
        PositionError,
        match="field resume='wedding': the phase to go back to "
        "is one of pre-roll, main, bids, end, not wedding",
    ):
        from_fields(head, f)
    f["resume"] = "main"  # a phase of the variant, but not of D's turn
    with pytest.raises(
        PositionError,
        match="resume='main': tiebreak goes back to main, which does not fit the dummy's turn",
    ):
        from_fields(head, f)


def test_2P_ROLL_TWICE_a_knight_before_the_roll_goes_back_to_a_turn_without_sums():
    """Found by the soak (seed 964866): a steal going back to the pre-roll phase with both
    sums of a turn in was accepted; the roll then made a third sum."""
    head, f = position_fields(
        new_game("base-2p", players=2, seed=1),
        {"phase": "pre-roll", "turn": 6, "setup": 4, "sums": "4,7"},
    )
    f["phase"], f["resume"], f["robber"] = "robber", "pre-roll", "B"
    with pytest.raises(PositionError, match="field sums='4,7': before the turn's first roll"):
        from_fields(head, f)
