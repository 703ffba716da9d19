"""The packaged rules reference: parsed records, lookups, inheritance and amendments."""

import pytest

from catan_tutor import rulebook

# the rules engine alone: left out of the minimum-versions lane (scripts/min_versions.sh)
pytestmark = pytest.mark.engine


def test_the_reference_holds_the_254_rules_once_each() -> None:
    found = rulebook.rules()
    assert len(found) == 254
    assert {r.variant for r in found.values()} == set(rulebook.variants())
    for r in found.values():
        assert r.text and r.title and r.section, r.id
        assert r.sources, f"{r.id} has no source tag"
        assert r.id not in r.text and "[std]" not in r.text, r.id


def test_rule_gives_text_title_section_and_sources() -> None:
    r = rulebook.rule("CK-KNIGHT-DISPLACE")
    assert r.title == "Knight displacement"
    assert r.variant == "ck" and r.section == "4.9 Knights"
    assert r.text.startswith("Travelling as in a move, the knight ends on a corner")
    assert r.sources == ("003", "001")
    assert rulebook.text_of("BASE-BUILD-DISTANCE") == rulebook.rule("BASE-BUILD-DISTANCE").text
    assert "adjacent" in rulebook.text_of("BASE-BUILD-DISTANCE")


def test_a_decision_note_is_kept_apart_from_the_rule_text() -> None:
    r = rulebook.rule("CK2P-TOKEN-KNIGHT-REMOVE-TIMING")
    assert r.text == "Only in the owner's Action phase, once per turn."
    assert "decision" in r.sources
    assert r.decision.startswith("Alt: any time")


def test_an_unknown_id_names_the_closest_ones() -> None:
    with pytest.raises(KeyError, match="did you mean CK-KNIGHT-DISPLACE"):
        rulebook.rule("CK-KNIGHT-DISPLAC")
    with pytest.raises(KeyError, match="did you mean CK-KNIGHT-DISPLACE"):
        rulebook.rule("ck_knight_displace")
    with pytest.raises(KeyError, match="no rule 'NOPE'"):
        rulebook.rule("NOPE")


def test_variants_inherit_as_the_table_says() -> None:
    assert rulebook.variants() == {
        "base": (),
        "base-2p": ("base",),
        "base-dummy": ("base",),
        "ck": ("base",),
        "ck-2p": ("ck", "base-2p"),
    }
    ck2p = rulebook.rules_of("ck-2p")
    assert "BASE-BUILD-DISTANCE" in ck2p and "2P-ROLL-TWICE" in ck2p and "CK-WIN-13" in ck2p
    assert not any(i.startswith("DUMMY-") for i in ck2p)
    assert set(rulebook.rules_of("base")) == {i for i in rulebook.rules() if i.startswith("BASE-")}
    with pytest.raises(KeyError, match="no variant 'chess'"):
        rulebook.rules_of("chess")


def test_amendments_point_from_the_general_rule_to_the_specific_one() -> None:
    assert [r.id for r in rulebook.amended_by("BASE-WIN-10")] == ["CK-WIN-13"]
    assert {r.id for r in rulebook.amended_by("BASE-BUILD-ROAD")} == {"CK-BUILD-OCCUPIED"}
    assert rulebook.rule("CK2P-ROLL-DOUBLE").amends == ("2P-ROLL-TWICE", "2P-ROLL-DIFFERENT")
    for r in rulebook.rules().values():
        for general in r.amends:
            assert general in rulebook.rules(), f"{r.id} amends unknown {general}"


@pytest.mark.parametrize(
    "rule_id, title",
    [
        ("CK-PC-ALCHEMY", "Progress card: Alchemy"),
        ("BASE-ROBBER-MOVE", "Robber move"),
        ("CK-BARB-LOSE", "Barbarian attack: who loses a city"),
        ("2P-TOKEN-ROBBER", "Trade tokens: robber home"),
    ],
)
def test_titles_are_made_for_a_learner(rule_id: str, title: str) -> None:
    assert rulebook.rule(rule_id).title == title
