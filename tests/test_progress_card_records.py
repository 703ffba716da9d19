"""Each progress card is one record (issue "Code a newcomer can change", scope 4): a ``Card``
declared once, in the module of its deck, and the play dispatch read from the records. The
decks agree with rulebook/rules.md's components rules (CK-PC-COUNTS, CK-COMP-PROGRESS) and
each card's own rule (its count and its older 001 name)."""

from __future__ import annotations

import ast
import re
from dataclasses import replace
from pathlib import Path

import pytest

import catan_tutor
from catan_tutor import new_game, rulebook
from catan_tutor.actions import PlayProgress
from catan_tutor.card_titles import card_title
from catan_tutor.progress_cards import ALIASES, CARDS, COUNT, DECK_KINDS, SCHEMA, TRACKS, VP_CARDS
from catan_tutor.rules import politics_cards, progress_play, science_cards, trade_cards
from catan_tutor.rules.card_record import Card
from catan_tutor.rules.common import Reason
from catan_tutor.state import MAIN

# the rules engine alone: left out of the minimum-versions lane (scripts/min_versions.sh)
pytestmark = pytest.mark.engine

DECK_MODULES = (science_cards, trade_cards, politics_cards)  # in TRACKS order
RULES_MD = Path(catan_tutor.__file__).parent / "rulebook" / "rules.md"


def _counts_rule() -> dict[str, dict[str, int]]:
    """CK-PC-COUNTS as {deck: {card title: count}}."""
    text = rulebook.rule("CK-PC-COUNTS").text
    out = {}
    for deck, body, total in re.findall(r"(Science|Trade|Politics): ([^;]+); (\d+) cards\.", text):
        cards = dict(re.findall(r"([A-Z][A-Za-z ]+?) (\d+)(?:, |$)", body.strip()))
        out[deck.lower()] = {title: int(n) for title, n in cards.items()}
        assert sum(out[deck.lower()].values()) == int(total), deck
    assert re.search(r"(\d+) cards in all\.", text).group(1) == "54"  # type: ignore[union-attr]
    return out


def test_CK_PC_COUNTS_every_card_of_every_deck_is_exactly_one_record():
    counts = _counts_rule()
    assert set(counts) == set(TRACKS)
    names: list[str] = []
    for t, module in enumerate(DECK_MODULES):
        deck = module.CARDS
        assert all(isinstance(c, Card) for c in deck)
        names += [c.name for c in deck]
        # declared in its own deck's module, and that deck is the one it is shuffled into
        assert {c.kind for c in deck} == set(DECK_KINDS[t]), TRACKS[t]
        assert all(c.deck == t for c in deck), TRACKS[t]
        # the deck's cards and counts are CK-PC-COUNTS' for that deck
        assert {card_title(c.kind): COUNT[c.kind] for c in deck} == counts[TRACKS[t]]
        assert sum(COUNT[c.kind] for c in deck) == 18
    assert sorted(names) == sorted(CARDS) and len(names) == len(set(names)) == 25
    assert sum(COUNT) == 54  # CK-COMP-PROGRESS: 54 cards, three decks of 18
    # the dispatch reads these very records, by card kind
    assert len(progress_play.RECORDS) == len(CARDS)
    for k, rec in enumerate(progress_play.RECORDS):
        assert rec.kind == k and rec in DECK_MODULES[rec.deck].CARDS


def test_CK_PC_COUNTS_each_card_rule_is_its_record_rule_count_and_old_name():
    """Each record cites its own rule (CK-PC-<NAME>), listed under its deck in rules.md §4.12,
    whose "(count; older name)" is the card's count and 001 alias."""
    text = RULES_MD.read_text(encoding="utf-8")
    for t, module in enumerate(DECK_MODULES):
        heading = ("Science (green)", "Trade (yellow)", "Politics (blue)")[t]
        part = text.split(heading, 1)[1].split("\n\n", 2)[1]  # the bullets after the heading
        listed = set(re.findall(r"^- `(CK-PC-[A-Z-]+)` \(\d", part, re.M))  # a card, counted
        assert listed == {c.rule for c in module.CARDS}, TRACKS[t]
        for c in module.CARDS:
            assert c.rule == "CK-PC-" + c.name.upper()
            m = re.match(r"\((\d+)(?:; ([A-Za-z ]+))?\)", rulebook.rule(c.rule).text)
            assert m is not None, c.rule
            assert int(m.group(1)) == COUNT[c.kind], c.name
            old = m.group(2)
            aliases = [a for a, k in ALIASES.items() if k == c.kind and a != c.name]
            assert aliases == ([old.lower().replace(" ", "-")] if old else []), c.name


def test_CK_PROGRESS_VP_CARDS_are_records_with_nothing_to_play():
    for rec in progress_play.RECORDS:
        if rec.kind in VP_CARDS:
            assert not rec.played and rec.check is rec.plays is None and rec.args == ()
            assert rec.name not in SCHEMA
        else:
            assert rec.played and callable(rec.check) and callable(rec.plays)
            assert rec.args == SCHEMA[rec.name]
    assert [r.name for r in progress_play.RECORDS if r.before_roll] == ["alchemy"]


def test_CK_PC_PLAY_a_record_twice_missing_or_in_the_wrong_deck_is_refused():
    sci, trade, pol = (m.CARDS for m in DECK_MODULES)
    assert progress_play._by_kind(sci, trade, pol) == progress_play.RECORDS
    with pytest.raises(ValueError, match="exactly one record"):
        progress_play._by_kind(sci + sci[:1], trade, pol)
    with pytest.raises(ValueError, match="exactly one record"):
        progress_play._by_kind(sci[1:], trade, pol)
    with pytest.raises(ValueError, match="wrong deck"):
        progress_play._by_kind(sci[1:], trade + sci[:1], pol)


def test_CK_PC_PLAY_the_play_is_the_records_check_and_effect(monkeypatch):
    """check_play and apply_play call the card's record: swap Irrigation's record and the
    swapped check and effect decide (CK-PC-IRRIGATION)."""
    g = new_game("ck", players=3, seed=3)
    s = g.state.copy()
    k = CARDS.index("irrigation")
    s.phase, s.active = MAIN, 0
    s.phand = (*((k,),), *s.phand[1:])
    a = PlayProgress(0, k, ())
    assert progress_play.check_play(s, a) is None
    calls: list[tuple] = []
    refusal = rulebook.rule("CK-PC-IRRIGATION")
    rec = progress_play.RECORDS[k]
    swapped = replace(
        rec,
        check=lambda s, p: Reason(refusal.id, "swapped"),
        effect=lambda s, p: calls.append((p,)),
    )
    records = tuple(swapped if r is rec else r for r in progress_play.RECORDS)
    monkeypatch.setattr(progress_play, "RECORDS", records)
    bad = progress_play.check_play(s, a)
    assert bad is not None and (bad.rule, bad.text) == ("CK-PC-IRRIGATION", "swapped")
    progress_play.apply_play(s, a)
    assert calls == [(0,)] and k not in s.phand[0]


def _rules_imports() -> dict[str, set[str]]:
    """rules/<module> -> the modules it imports: rules/ siblings by name, others as ``..x``."""
    out: dict[str, set[str]] = {}
    for f in sorted((RULES_MD.parent.parent / "rules").glob("*.py")):
        deps: set[str] = set()
        for n in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(n, ast.ImportFrom) and n.level == 1:
                deps |= {n.module.split(".")[0]} if n.module else {a.name for a in n.names}
            elif isinstance(n, ast.ImportFrom) and n.level == 2:
                deps.add(".." + (n.module or ""))
        out[f.stem] = deps
    return out


def test_the_card_modules_keep_the_layers_and_no_cycle():
    """rules/ imports nothing from widgets/, nor from variants/ but a variant's state
    declaration (``variants/<variant>_state.py``: its phases and fields, beneath the rules),
    and its modules import one another without a cycle: a card's record (card_record) knows
    no deck, a deck knows no dispatch."""
    graph = _rules_imports()
    up = {
        m
        for deps in graph.values()
        for m in deps
        if m.startswith("..widgets") or (m.startswith("..variants") and not m.endswith("_state"))
    }
    assert not up
    assert (
        not {"science_cards", "trade_cards", "politics_cards", "progress_play"}
        & graph["card_record"]
    )
    for deck in ("science_cards", "trade_cards", "politics_cards", "treason"):
        assert "progress_play" not in graph[deck], deck
    done: set[str] = set()

    def visit(m: str, path: tuple[str, ...]) -> None:
        assert m not in path, " -> ".join((*path, m))
        if m in done:
            return
        for d in graph[m]:
            if d in graph:
                visit(d, (*path, m))
        done.add(m)

    for m in graph:
        visit(m, ())
