"""The registry of kinds of action (catan_tutor/actions.py): each kind is filed once under
its own notation word(s), reads back what it prints in every variant that has it, declares
the fields that name a board spot, and words itself for a learner."""

from __future__ import annotations

from dataclasses import dataclass, fields

import pytest

from catan_tutor import actions as A
from catan_tutor.actions import REGISTRY, action_classes, parse_action, register, spot_fields
from catan_tutor.board import VERTEX_LABELS
from catan_tutor.progress_cards import ALIASES, CARDS, SCHEMA
from catan_tutor.rules import words
from catan_tutor.variants import VARIANTS, rules_for

# the rules engine alone: left out of the minimum-versions lane (scripts/min_versions.sh)
pytestmark = pytest.mark.engine

# An argument of each SCHEMA kind of a progress card, as a card's ``args`` hold it.
_ARG = {
    "die": 4, "track": 2, "vertex": 14, "hex": 9, "edge": 30, "resource": 3, "commodity": 6,
    "kind": 7, "seat": 1, "party": A.neutral_arg(1), "card": ALIASES["spy"],
}  # fmt: skip


def _bundle(cards: int, *counts: int) -> tuple[int, ...]:
    return tuple(counts[:cards]) + (0,) * (cards - len(counts[:cards]))


def _progress_plays(cards: int) -> list[A.Action]:
    """Every progress card that is played, with all its arguments, and with its optional
    ones left out."""
    out: list[A.Action] = []
    for name, schema in SCHEMA.items():
        full = tuple(
            _bundle(cards, 1, 0, 2) if k.rstrip("?") == "bundle" else _ARG[k.rstrip("?")]
            for k in schema
        )
        bare = tuple(
            ((0,) * cards if k == "bundle?" else -1) if k.endswith("?") else x
            for k, x in zip(schema, full, strict=True)
        )
        out += [A.PlayProgress(1, CARDS.index(name), args) for args in {full, bare}]
    return out


def samples(cards: int) -> list[A.Action]:
    """At least one action of every kind (more where a field changes the notation), with
    bundles of ``cards`` card kinds."""
    b1, b2 = _bundle(cards, 1, 0, 2), _bundle(cards, 0, 3, 0, 0, 1)
    commodity = 6 if cards > 5 else 2  # a commodity where hands hold them
    return [
        A.Die("red", 5), A.Die("tiebreak", 1), A.DrawDev(A.PLENTY), A.Steal(3),
        A.PlaceTile(4, 2), A.SpiralStart(0), A.PlaceHarbor(3, 1),
        A.Roll(0), A.Settle(0, 5), A.BuildRoad(1, 7), A.BuildCity(0, 12), A.BuyDev(1),
        A.PlayKnight(0), A.PlayRoadBuilding(1), A.PlayPlenty(0, 4, 1), A.PlayPlenty(0, 2),
        A.PlayMonopoly(1, 3), A.MoveRobber(0, 4, 1), A.MoveRobber(1, 0), A.Discard(0, b1),
        A.BankTrade(0, 1, 4, 3), A.Offer(0, 1, b1, b2), A.Accept(1), A.Decline(1),
        A.EndTurn(0),
        A.NeutralSettle(0, 1, 5), A.NeutralRoad(1, 0, 9), A.NeutralKnight(0, 0, 8),
        A.NeutralPromote(1, 1, 8), A.ForcedTrade(0, b1, b2), A.ForcedTrade(1, b2, b1, True),
        A.ForcedDraw(0), A.ForcedDraw(1, True), A.ForcedGive(0, b2), A.ForcedCard(commodity),
        A.RobberHome(1), A.ReturnKnight(0), A.Bid(0, b1, 3), A.Pass(1),
        A.EventDie("ship"), A.EventDie("trade"), A.DrawProgress(1, ALIASES["merchant"]),
        A.Recruit(0, 5), A.Promote(1, 6), A.Activate(0, 7), A.BuildWall(0, 12),
        A.Pillage(1, 12), A.Relocate(1, 20), A.Desert(0, 21), A.RemoveKnight(1, 22),
        A.PlaceDeserter(0, 5, 2), A.HarborOffer(0, 1, 2), A.ReturnCommodity(1, 7),
        A.MoveKnight(0, 3, 5), A.ChaseRobber(0, 5, 4, 1), A.ChaseRobber(1, 5, 4),
        A.Improve(0, 2), A.Improve(0, 1, 12), A.ChooseDeck(0, 2), A.Aqueduct(0, 4),
        A.DiscardProgress(0, ALIASES["spy"]), A.Gift(1, b2),
        A.DevTrade(0, "offer", 1, b1, (1, 0, 0, 0, 0, 0), (0,) * cards, (0, 0, 0, 0, 0, 1)),
        A.DevTrade(1, "bank", -1, (0,) * cards, (0, 0, 0, 0, 0, 2), _bundle(cards, 0, 1), (0,) * 6),
        *_progress_plays(cards),
    ]  # fmt: skip


def test_every_kind_is_registered_once_under_words_of_its_own():
    kinds = action_classes()
    assert len(kinds) == len(set(kinds)) == len({k.__name__ for k in kinds})
    assert {type(a) for a in samples(8)} == set(kinds)  # the samples cover every kind
    for word, cls in REGISTRY.items():
        assert word in cls.__dict__["words"], (word, cls)  # filed by its own declaration
        assert word == word.lower() and "  " not in word
    for cls in kinds:
        if cls is A.DevTrade:  # read by the trade words when they name a development card
            continue
        owner = next(c for c in cls.__mro__ if c in REGISTRY.values())
        assert cls in (owner.family() or (owner,)), cls  # reached through its word(s)


def test_a_word_names_one_kind_only():
    @dataclass(frozen=True)
    class Rival(A.Action):
        words = ("shout", "roll")
        player: int

    with pytest.raises(TypeError, match="'roll' names Roll already"):
        register(Rival)
    assert REGISTRY["roll"] is A.Roll and "shout" not in REGISTRY  # nothing filed
    for bad in ("Shout", "shout out loud now"):  # parse_action looks up at most 3 words
        Rival.words = (bad,)
        with pytest.raises(TypeError, match="not lower case in 1-3 words"):
            register(Rival)
    assert "shout" not in REGISTRY


def test_the_variants_own_kinds_live_in_their_modules():
    """C&K's and the two-player variants' kinds come from catan_tutor/variants/."""
    where = {cls.__name__: cls.__module__ for cls in action_classes()}
    assert where["Recruit"] == where["PlayProgress"] == "catan_tutor.variants.ck_actions"
    assert where["NeutralRoad"] == "catan_tutor.variants.two_player_actions"
    assert where["Bid"] == "catan_tutor.variants.dummy_actions"
    assert where["Settle"] == where["Die"] == "catan_tutor.actions"
    assert all(
        m.startswith(("catan_tutor.actions", "catan_tutor.variants.")) for m in where.values()
    )


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_kind_of_a_variant_reads_back_what_it_prints(variant):
    rules = rules_for(variant, preview=True)
    seats, cards = max(rules.seats), rules.caps.card_kinds
    mine = [a for a in samples(cards) if type(a) in rules.applies]
    assert {type(a) for a in mine} == set(rules.applies)
    for a in mine:
        text = str(a)
        assert parse_action(text, -1, seats, cards) == a, text
        assert parse_action(text.upper(), -1, seats, cards) == a, text  # words in any case
        if not a.is_chance:  # without the seat: the player to move's
            rest = text.split(" ", 1)[1]
            assert parse_action(rest, a.player, seats, cards) == a, rest
            assert str(parse_action(rest, a.player, seats, cards)) == text


def test_a_family_word_reads_each_member_and_refuses_others():
    assert REGISTRY["neutral"].family() == (
        A.NeutralSettle, A.NeutralRoad, A.NeutralKnight, A.NeutralPromote,
    )  # fmt: skip
    with pytest.raises(ValueError, match="a neutral gets a settlement, road, knight or"):
        parse_action("P1 neutral N1 city A1", 0, 2, 5)
    # "force" and "return" begin several kinds: the longest registered words win.
    assert type(parse_action("P1 force all take wool give ore", 0, 2, 8)) is A.ForcedTrade
    assert type(parse_action("P1 force all", 0, 2, 8)) is A.ForcedDraw
    with pytest.raises(ValueError, match="expected 'take'"):  # base-2p's open trade
        parse_action("P1 force wool give ore", 0, 2, 5)
    with pytest.raises(ValueError, match="cards blind"):  # C&K for two's draw names no card
        parse_action("P1 force all give wool", 0, 2, 8)
    with pytest.raises(ValueError, match=r"expected 'knight' or a commodity \(paper"):
        parse_action("P1 return wool", 0, 2, 8)


def test_a_kind_without_a_seat_to_move_must_name_one():
    """Chance outcomes need no seat; any other word does when nobody is to move, known or
    not (the message names the place: character 1, the first word)."""
    assert parse_action("die white 3", -1) == A.Die("white", 3)
    for text in ("roll", "force take wool give ore", "fly"):
        with pytest.raises(ValueError, match=r"must name a seat like P1 \(at character 1"):
            parse_action(text, -1)


def test_fields_naming_a_board_spot_declare_it():
    """Every field called vertex, edge, hex, src or dst says which spot it names; a
    knight's ``src`` is not where the move is played (its ``dst`` is)."""
    names = {"vertex": "vertex", "src": "vertex", "dst": "vertex", "edge": "edge", "hex": "hex"}
    for cls in action_classes():
        declared = {name: kind for name, kind, _ in spot_fields(cls)}
        expected = {f.name: names[f.name] for f in fields(cls) if f.name in names}
        assert declared == expected, cls
    assert spot_fields(A.MoveKnight) == (("src", "vertex", False), ("dst", "vertex", True))
    assert [n for n, _, _ in spot_fields(A.ChaseRobber)] == ["vertex", "hex"]


def test_an_action_off_the_board_is_refused_by_its_spot_fields():
    from catan_tutor import new_game
    from catan_tutor.errors import NotationError

    g = new_game("ck", players=3, preview=True)
    with pytest.raises(NotationError, match="dst=99 is not on the board"):
        g.explain(A.MoveKnight(0, 3, 99))
    with pytest.raises(NotationError, match="hex=19 is not on the board"):  # hexes first
        g.explain(A.ChaseRobber(0, 99, 19))


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_player_kind_words_itself(variant):
    """Each kind of player action has a sentence of its own, naming its seat (never the
    fallback "may play"); ``words.say`` is that sentence."""
    rules = rules_for(variant, preview=True)
    s = rules.new_state(min(rules.seats), None)
    for a in samples(rules.caps.card_kinds):
        if type(a) not in rules.applies or a.is_chance:
            continue
        text = words.say(s, a)
        assert text == a.sentence(s) and "may play" not in text, a
        assert text.startswith(A.seat(a.player)) and text.endswith("."), text
    assert words.say(s, A.Settle(1, 5)) == f"P2 builds a settlement on {VERTEX_LABELS[5]}."
