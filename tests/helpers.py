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
