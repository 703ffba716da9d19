"""Hostile scenario files are refused before anything is built, each with a ScenarioError
naming the file: alias bombs, oversized files, deep nesting, huge numbers, tags, bad bytes."""

from __future__ import annotations

import pytest

from catan_tutor.errors import ScenarioError
from catan_tutor.scenario import MAX_SCENARIO_BYTES, MAX_TREE_NODES, loads_scenario

HEAD = "title: t\nvariant: base\nplayers: 3\n"
BOMB = HEAD + "moves:\n- &a {move: P1 settle H4}\n" + "".join(
    f"- &b{i} [{', '.join(['*a' if i == 0 else f'*b{i - 1}'] * 9)}]\n" for i in range(9))
HOSTILE = {
    "alias bomb in the move tree": BOMB,
    "alias bomb in expectations": HEAD + "expect: &e {vp: {P1: 0}}\nmoves:\n- move: P1 settle H4\n"
                                  "  expect: *e\n",
    "an anchor alone": HEAD + "goal: &g hello\n",
    "over the size cap": HEAD + "goal: '" + "x" * MAX_SCENARIO_BYTES + "'\n",
    "lists 10,000 deep": HEAD + "goal: " + "[" * 10_000 + "]" * 10_000 + "\n",
    "mappings 10,000 deep": HEAD + "goal: " + "{a: " * 10_000 + "1" + "}" * 10_000 + "\n",
    "a 5,000-digit player count": "title: t\nvariant: base\nplayers: " + "9" * 5000 + "\n",
    "full-width digits": "title: t\nvariant: base\nplayers: ３\n",
    "a python tag": HEAD + "goal: !!python/object/apply:os.system ['true']\n",
    "a binary tag": HEAD + "goal: !!binary aGVsbG8=\n",
    "a custom tag": HEAD + "goal: !pwn hello\n",
    "duplicate keys": HEAD + "title: again\n",
    "a NUL byte": HEAD + "goal: a\x00b\n",
    "empty": "",
    "only a comment": "# nothing\n",
    "a list at the top": "- title: t\n",
    "an unknown variant": "title: t\nvariant: chess\nplayers: 3\n",
    "players out of range": "title: t\nvariant: base\nplayers: 9\n",
    "a mapping for a list": HEAD + "moves: {move: P1 settle H4}\n",
    "a list for a text": HEAD + "goal: [a, b]\n",
    "too many moves": HEAD + "moves:\n" + "- move: P1 end\n" * (MAX_TREE_NODES + 1),
    "broken YAML": HEAD + "moves: [\n",
}


@pytest.mark.parametrize("text", HOSTILE.values(), ids=HOSTILE.keys())
def test_hostile_scenario_is_refused_with_its_file(text):
    with pytest.raises(ScenarioError, match=r"^hostile\.catan\.yaml"):
        loads_scenario(text, "hostile.catan.yaml")


def test_non_utf8_bytes_are_refused_with_the_file():
    with pytest.raises(ScenarioError, match="hostile.catan.yaml"):
        loads_scenario(HEAD.encode() + b"goal: caf\xe9\n", "hostile.catan.yaml")
