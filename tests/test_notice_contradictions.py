"""What to notice never says a move is allowed and refused at once. Lesson 10.1 (C&K, the
step after the bank trades) read "P3 may buy science level 4, the metropolis on C6." and
then "P3 may not buy science level 4, because … name one of P3's cities": the refusal of a
form without its city (CK-METRO-TAKE) only said a field is missing. Swept over every step
of every lesson."""

from __future__ import annotations

import re

import pytest

from catan_tutor.game import Game
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import SUFFIX, load_scenario
from catan_tutor.widgets.missing_field import only_missing
from catan_tutor.widgets.wording import notice_lines

pytestmark = pytest.mark.course  # a sweep over the course (min_versions.sh leaves it out)

LESSONS = sorted(p.name for p in packaged_lessons().glob(f"*{SUFFIX}"))
# the refused move, up to its reason (": …", ", because …"): "Smithing, promoting the knights
# on N4 and O6: no strong knight left" is not "Smithing, promoting the knight on N4" (s37)
_MAY_NOT = re.compile(r"^(\S+) may not (.+?)(?:(?:: |, because ).*)?\.?$")


def _allowed(lines: list[str]) -> list[str]:
    """Each move a line allows ("Here P1 may build…", "Each of these is allowed here: a; b")."""
    out = []
    for line in lines:
        choice = re.match(r"^(\S+) may [^:]* here, for example: (.*)$", line)
        if choice:  # "P3 may take any one resource here, for example: take …; or take …."
            parts = [re.sub(r"^or ", "", p) for p in choice[2].split("; ")]
            out += [f"{choice[1]} may {p.strip().rstrip('.')}" for p in parts]
            continue
        body = re.sub(
            r"^(Here |Each of these is allowed here: |Among the moves allowed here: )", "", line
        )
        out += [part.strip().rstrip(".") for part in body.split("; ") if " may " in part]
    return out


@pytest.mark.parametrize("name", LESSONS)
def test_no_notice_refuses_a_move_another_allows(name: str) -> None:
    sc = load_scenario(packaged_lessons() / name)
    bad = []
    for node in sc.tree.nodes.values():
        if not node.expect:
            continue
        lines = notice_lines(Game(sc.tree.rules, node.state), node)
        allowed = _allowed(lines)
        for line in lines:
            m = _MAY_NOT.match(line)
            if m is None:
                continue
            said = f"{m[1]} may {m[2]}"
            bad += [(line, a) for a in allowed if a == said or a.startswith(said + ",")]
    assert bad == []


def test_a_refusal_for_a_field_left_out_only_is_found() -> None:
    """The lesson 10.1 step: "P3 improve science" beside "P3 improve science C6"."""
    sc = load_scenario(packaged_lessons() / f"ck_metropolis_race{SUFFIX}")
    node = next(n for n in sc.tree.nodes.values() if any(e.key == "illegal" for e in n.expect))
    game = Game(sc.tree.rules, node.state)
    assert only_missing(game, "P3 improve science")
    assert not only_missing(game, "P3 improve science C6")
    assert not any(only_missing(game, str(a)) for a in game.legal_actions())
