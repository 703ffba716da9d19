"""Hostile scenario files are refused before anything is built, each with a ScenarioError
naming the file, the line and what is wrong: alias bombs, oversized files, deep nesting, huge
numbers, tags, bad bytes. An upload in the app shows that message (as text)."""

from __future__ import annotations

import pytest

from catan_tutor import new_game
from catan_tutor.errors import ScenarioError
from catan_tutor.study.scenario import (
    MAX_SCENARIO_BYTES,
    MAX_TEXT,
    MAX_TREE_NODES,
    MAX_YAML_NODES,
    loads_scenario,
)  # fmt: skip
from catan_tutor.widgets import Tutor
from catan_tutor.widgets.icons import NO

HEAD = "title: t\nvariant: base\nplayers: 3\n"
# 9 levels of 9 aliases each: 387,420,489 moves if the aliases were expanded
BOMB = (
    HEAD
    + "moves:\n- &a {move: P1 settle H4}\n"
    + "".join(f"- &b{i} [{', '.join(['*a' if i == 0 else f'*b{i - 1}'] * 9)}]\n" for i in range(9))
)
ALIASES = "yaml: aliases and anchors are not allowed"
# name: (file text, what the message says after "hostile.catan.yaml:")
HOSTILE = {
    "alias bomb in the move tree": (BOMB, f"5: {ALIASES}"),
    "alias bomb in expectations": (
        HEAD + "expect: &e {vp: {P1: 0}}\nmoves:\n- move: P1 settle H4\n  expect: *e\n",
        f"4: {ALIASES}",
    ),
    "an anchor alone": (HEAD + "goal: &g hello\n", f"4: {ALIASES}"),
    "a merge key": (HEAD + "<<: {goal: hi}\n", "4: scenario: unknown key '<<'"),
    "over the size cap": (
        HEAD + "goal: '" + "x" * MAX_SCENARIO_BYTES + "'\n",
        "1: file: larger than 512 KiB",
    ),
    "10 MiB of text": ("#" * (10 << 20), "1: file: larger than 512 KiB"),
    "a value over the text cap": (
        HEAD + "goal: " + "x" * (MAX_TEXT + 1) + "\n",
        f"4: goal: text longer than {MAX_TEXT} characters",
    ),
    "lists 10,000 deep": (
        HEAD + "goal: " + "[" * 10_000 + "]" * 10_000 + "\n",
        "4: yaml: lists and mappings nested more than 64 deep",
    ),
    "mappings 10,000 deep": (
        HEAD + "goal: " + "{a: " * 10_000 + "1" + "}" * 10_000 + "\n",
        "4: yaml: lists and mappings nested more than 64 deep",
    ),
    "more values than the cap": (
        HEAD + "rules: [" + ",".join("a" * (MAX_YAML_NODES + 1)) + "]\n",
        f"4: yaml: more than {MAX_YAML_NODES} values",
    ),
    "a 5,000-digit player count": (
        "title: t\nvariant: base\nplayers: " + "9" * 5000 + "\n",
        "3: players: expected a number (at most 6 digits)",
    ),
    "full-width digits": (
        "title: t\nvariant: base\nplayers: ３\n",
        "3: players: expected a number",
    ),
    "a python tag on a list": (
        HEAD + "goal: !!python/object/apply:os.system ['true']\n",
        "4: goal: expected text",
    ),
    "a python tag on a text": (
        HEAD + "goal: !!python/name:os.system ''\n",
        "4: goal: tags like 'tag:yaml.org,2002:python/name:os.system' are not allowed",
    ),
    "a python tag on a mapping": (
        HEAD + "board: !!python/object/new:os.system {}\n",
        "4: board: tags like",
    ),
    "a binary tag": (HEAD + "goal: !!binary aGVsbG8=\n", "4: goal: tags like"),
    "a custom tag": (HEAD + "goal: !pwn hello\n", "4: goal: tags like '!pwn' are not allowed"),
    "duplicate keys": (HEAD + "title: again\n", "4: scenario: key 'title' appears twice"),
    "a NUL byte": (HEAD + "goal: a\x00b\n", "4: yaml: unacceptable character"),
    "empty": ("", "1: file: the file is empty"),
    "only a comment": ("# nothing\n", "1: file: the file is empty"),
    "a list at the top": ("- title: t\n", "1: scenario: expected a mapping"),
    "an unknown variant": (
        "title: t\nvariant: chess\nplayers: 3\n",
        "2: variant: unknown variant 'chess'",
    ),
    "players out of range": (
        "title: t\nvariant: base\nplayers: 9\n",
        "3: players: variant 'base' is for 3 or 4 players",
    ),
    "a mapping for a list": (HEAD + "moves: {move: P1 settle H4}\n", "4: moves: expected a list"),
    "a list for a text": (HEAD + "goal: [a, b]\n", "4: goal: expected text"),
    "too many moves": (
        HEAD + "moves:\n" + "- move: P1 end\n" * (MAX_TREE_NODES + 1),
        f"{MAX_TREE_NODES + 5}: moves: more than {MAX_TREE_NODES} moves",
    ),
    "broken YAML": (HEAD + "moves: [\n", "5: yaml: did not find expected node content"),
}


@pytest.mark.parametrize("text, said", HOSTILE.values(), ids=HOSTILE.keys())
def test_hostile_scenario_is_refused_with_its_file_line_and_reason(text, said):
    with pytest.raises(ScenarioError) as info:
        loads_scenario(text, "hostile.catan.yaml")
    assert str(info.value).startswith(f"hostile.catan.yaml:{said}"), str(info.value)


def test_non_utf8_bytes_are_refused_with_the_file_and_line():
    with pytest.raises(ScenarioError, match=r"^hostile\.catan\.yaml:4: file: not a UTF-8"):
        loads_scenario(HEAD.encode() + b"goal: caf\xe9\n", "hostile.catan.yaml")


@pytest.mark.parametrize(
    "name",
    [
        "alias bomb in the move tree",
        "10 MiB of text",
        "mappings 10,000 deep",
        "a python tag on a text",
    ],
)
def test_an_upload_shows_why_its_file_is_refused_and_keeps_the_game(name):
    """What the File tab says of a hostile upload that reached the kernel (the page refuses
    files over 512 KiB before sending them; this is the kernel's own check)."""
    text, said = HOSTILE[name]
    t = Tutor(new_game("base", players=3))
    before = t.game.position()
    content = memoryview(text.encode())
    t.files.on_upload({"new": [{"name": "hostile.catan.yaml", "content": content}]})
    shown = t.files.file_status.value
    assert shown.startswith(f"<span style='color:#b71c1c'>{NO} hostile.catan.yaml:"), shown
    assert said.split(": ", 1)[1].replace("'", "&#x27;")[:30] in shown, shown
    assert t.game.position() == before


def test_a_non_utf8_upload_names_its_file_and_line_and_keeps_the_game():
    t = Tutor(new_game("base", players=3))
    before = t.game.position()
    raw = HEAD.encode() + b"goal: caf\xe9\n"
    t.files.on_upload({"new": [{"name": "hostile.catan.yaml", "content": memoryview(raw)}]})
    assert "hostile.catan.yaml:4: file: not a UTF-8 text file" in t.files.file_status.value
    assert t.game.position() == before
