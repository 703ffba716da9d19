"""Assertions shared by the rule tests: an action is legal (and listed), or refused."""

from __future__ import annotations

import pytest

from catan_tutor import Game, IllegalActionError


def assert_illegal(game: Game, text, rule: str | set[str] | None) -> None:
    """``text`` (notation or an Action) is refused citing ``rule`` (or one of a set; None:
    any rule), by explain and by play, and nothing changes."""
    rules = {rule} if isinstance(rule, str) else rule
    before, n = game.position(), len(game.history)
    exp = game.explain(text)
    assert not exp.legal, f"{text!r} should be illegal: {exp}"
    assert rules is None or exp.rule in rules, f"{text!r}: expected {rule}, got {exp}"
    with pytest.raises(IllegalActionError) as info:
        game.play(text)
    assert info.value.rule == exp.rule
    assert game.position() == before
    assert len(game.history) == n
    assert exp.action not in game.legal_actions()


def assert_legal(game: Game, text, rule: str | None = None, listed: bool = True) -> Game:
    """``text`` is legal (citing ``rule`` if given), listed by legal_actions unless
    ``listed`` is False (bundles beyond the enumerated ones), and is played."""
    exp = game.explain(text)
    assert exp.legal, f"{text!r} should be legal: {exp}"
    if rule is not None:
        assert exp.rule == rule, f"{text!r}: expected {rule}, got {exp}"
    if listed:
        assert exp.action in game.legal_actions(), f"{text!r} is not listed"
    game.play(text)
    return game


def play(game: Game, *actions: str) -> Game:
    """Play the actions in order; the same game back."""
    for a in actions:
        game.play(a)
    return game


def position_fields(base: Game | str, changes: dict) -> tuple[list[str], dict[str, str]]:
    """``base``'s position text split into its head and fields, ``changes`` applied."""
    text = base.position() if isinstance(base, Game) else base
    words = text.split()
    head, f = words[:2], dict(w.split("=", 1) for w in words[2:])
    f.update({k: str(v) for k, v in changes.items()})
    return head, f


def from_fields(head: list[str], f: dict[str, str]) -> Game:
    return Game.from_position(" ".join([*head, *(f"{k}={v}" for k, v in f.items())]))


def conserve_bank(f: dict[str, str]) -> None:
    """The bank recomputed from the hands: 19 of each resource, 12 of each commodity."""
    hs = [[int(x) for x in h.split(",")] for h in f["hands"].split("/")]
    f["bank"] = ",".join(str((19 if r < 5 else 12) - sum(h[r] for h in hs))
                         for r in range(len(hs[0])))


def conserve_ck(f: dict[str, str], *, bank: bool, decks: bool) -> None:
    """Make edited C&K position fields add up again: the bank from the hands (19 of each
    resource, 12 of each commodity) and/or the decks' unseen counts from the progress hands
    and VP cards (empty queues; laid-out VP cards are Printing first)."""
    from catan_tutor.editor import complete_progress_decks

    if bank:
        conserve_bank(f)
    if decks:
        complete_progress_decks(f)


def desert_at_a(game: Game) -> str:
    """``game``'s position text with the desert (and a robber standing on it) moved to hex A,
    the mountains 10 to J: every corner of A is next to the desert, A2 and A12 are coastal."""
    from catan_tutor.board import parse_hex

    f = dict(w.split("=", 1) for w in game.position().split()[2:])
    terrain, numbers = f["terrain"].split(","), f["numbers"].split(",")
    j = parse_hex("J")
    terrain[0], terrain[j] = terrain[j], terrain[0]
    numbers[0], numbers[j] = numbers[j], numbers[0]
    text = game.position().replace(f"terrain={f['terrain']}", f"terrain={','.join(terrain)}")
    text = text.replace(f"numbers={f['numbers']}", f"numbers={','.join(numbers)}")
    return text.replace("robber=J", "robber=A")
