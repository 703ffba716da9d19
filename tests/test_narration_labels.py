"""The narration says a corner or edge whose label looks like a party with its noun (l24:
"road on N5", "settlement on P6" in a game for two read as a player or a neutral): every
kind of move with a corner or an edge, met at any node of the packaged lessons, said by its
sentence, the verdicts' "can"/"can't" and the narration's (``rules.describe``) with each such
label, names it "corner P6" / "edge N5". And an improvement reads like a person: "P1
improves trade to level 5 and puts the trade metropolis on P1's city on A6." (was "P1 buys
trade level 5, the metropolis on A6."; s31: not "takes the … metropolis on A6")."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from test_lesson_labels import bare_party_labels

from catan_tutor.actions import Action, spot_fields
from catan_tutor.board import EDGE_LABELS, VERTEX_LABELS, parse_edge, parse_vertex
from catan_tutor.errors import CatanError
from catan_tutor.game import Game
from catan_tutor.rules.spot_nouns import with_nouns
from catan_tutor.rules.words import can, say
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import SUFFIX, load_scenario

PARTY_LIKE = {"vertex": [v for v in VERTEX_LABELS if v[0] in "PN"], "edge": []}
PARTY_LIKE["edge"] = [e for e in EDGE_LABELS if e[0] in "PN"]
PARSE = {"vertex": parse_vertex, "edge": parse_edge}


@cache
def _kinds() -> tuple:
    """One (rules, state, action) for each kind of move with a corner or an edge met at a
    node of the packaged lessons (a game for two's first where it has one: its neutrals)."""
    seen: dict[tuple[type, bool], tuple] = {}
    for path in sorted(packaged_lessons().glob(f"*{SUFFIX}")):
        tl = load_scenario(path).timeline
        if tl is None:
            continue
        for node in tl.nodes.values():
            if node.action is None or not any(
                k in PARSE for _, k, _ in spot_fields(type(node.action))
            ):
                continue
            parent = node.parent
            if parent is None:
                continue
            s = parent.state
            seen.setdefault((type(node.action), s.caps.neutrals > 0), (tl.rules, s, node.action))
    return tuple(seen.values())


def _said(rules, s, a: Action) -> list[str]:
    out = []
    for say_it in (lambda: say(s, a), lambda: can(s, a, True), lambda: can(s, a, False)):
        try:
            out.append(say_it())
        except (IndexError, KeyError, TypeError, ValueError, AttributeError):
            continue
    try:
        if Game(rules, s).explain(a).legal:
            out.append(rules.describe(s, a).text)
    except (CatanError, IndexError, KeyError, ValueError):
        pass
    return out


def test_every_kind_with_a_spot_names_a_party_like_label_with_its_noun() -> None:
    kinds = _kinds()
    assert len({type(a) for _, _, a in kinds}) >= 12
    bad = []
    for rules, s, a in kinds:
        seats = frozenset({*s.names[: s.n], *(["N1", "N2"] if s.caps.neutrals else [])})
        for name, kind, _ in spot_fields(type(a)):
            if kind not in PARSE or getattr(a, name, -1) in (-1, None):
                continue
            for label in PARTY_LIKE[kind]:
                moved = replace(a, **{name: PARSE[kind](label)})
                for text in _said(rules, s, moved):
                    if bare_party_labels(text, seats):
                        bad.append((type(a).__name__, label, text))
    assert not bad, bad[:6]


def test_a_label_with_its_noun_or_no_party_look_stays() -> None:
    rules, s, a = next(k for k in _kinds() if type(k[2]).__name__ == "BuildRoad")
    road = replace(a, edge=parse_edge("A3"))
    assert with_nouns(s, road, "P1 builds a road on A3.") == "P1 builds a road on A3."
    road = replace(a, edge=parse_edge("P5"))
    assert with_nouns(s, road, "P1 builds a road on edge P5.") == "P1 builds a road on edge P5."
    assert with_nouns(s, road, "P1 builds a road on P5.") == "P1 builds a road on edge P5."


def test_an_improvement_reads_like_a_person() -> None:
    from catan_tutor.actions import Improve

    rules, s, _ = next(k for k in _kinds() if k[1].caps.improvements)
    level = s.levels[0][1] + 1  # (tracks: science, trade, politics)
    assert say(s, Improve(0, 1, parse_vertex("A6"))) == (
        f"P1 improves trade to level {level} and puts the trade metropolis on P1's city on A6."
    )
    assert say(s, Improve(0, 0)) == f"P1 improves science to level {s.levels[0][0] + 1}."
