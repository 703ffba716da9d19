"""HTML of the tutor's panels, read from the engine: players, bank, expectations, move tree.

Pure functions of a game or timeline (no widgets), so they are easy to test and the view
keeps no rules: points, strengths and checks all come from the engine.
"""

from __future__ import annotations

import html

from ..actions import TRACK_NAMES
from ..board import CARD_NAMES
from ..game import Game
from ..progress_cards import CARDS
from ..timeline import Node, Timeline
from . import markup, style
from .verdicts import rule_details, rule_refs
from .wording import notice_items

_DEV_LABELS = ("knight", "VP", "road building", "plenty", "monopoly")


def _swatch(colour: str) -> str:
    fill = style.player_fill(colour)
    return (f"<span style='display:inline-block;width:12px;height:12px;border-radius:3px;"
            f"background:{fill};border:1px solid #444;vertical-align:middle'></span>")


def _cards(counts, names=CARD_NAMES) -> str:
    text = ", ".join(f"{n} {names[k]}" for k, n in enumerate(counts) if n)
    return text or "nothing"


def players_html(game: Game, show_hands: bool = True) -> str:
    """One row per party: VP with where they come from, hand (or its size), development or
    progress cards, knights, C&K levels and defender tokens, trade tokens."""
    s, ck = game.state, game.caps.knights
    rows = []
    for p, name in enumerate(game.names):
        bits = []
        neutral = p >= game.players
        if not neutral:
            if show_hands:
                parts = game.vp_breakdown(p)
                vp = game.victory_points(p)
            else:  # hidden cards stay hidden: Victory Point development cards left out
                parts = {k: v for k, v in game.vp_breakdown(p).items() if k != "VP cards"}
                vp = sum(parts.values())
            detail = ", ".join(f"{k} {v}" for k, v in parts.items()) or "none yet"
            bits.append(f"<b>{vp} VP</b> <span style='color:#666'>({detail})</span>")
        hand = s.hands[p]
        if sum(hand) or not neutral:
            shown = show_hands or p == s.dummy
            bits.append(f"hand: {_cards(hand)}" if shown else f"hand: {sum(hand)} cards")
        if not ck and not neutral and p != s.dummy:
            dev = s.dev[p]
            if sum(dev):
                bits.append(f"development: {_cards(dev, _DEV_LABELS)}" if show_hands
                            else f"development: {sum(dev)} cards")
            if s.knights[p]:
                bits.append(f"knights played: {s.knights[p]}")
        if ck:
            bits.extend(_ck_bits(game, p, show_hands, neutral))
        if game.caps.tokens and (s.tokens[p] or not neutral):
            bits.append(f"trade tokens: {s.tokens[p]}")
        mark = " ◀" if p == s.active and not game.is_over() else ""
        rows.append(f"<div style='margin:4px 0;padding:4px 6px;line-height:1.45;"
                    f"border-left:4px solid {style.player_fill(game.colors[p])};"
                    f"background:#faf8f2'>"
                    f"{_swatch(game.colors[p])} <b>{html.escape(name)}</b>{mark}<br>"
                    + "<br>".join(bits) + "</div>")
    return "".join(rows)


def _ck_bits(game: Game, p: int, show_hands: bool, neutral: bool) -> list[str]:
    from ..rules.knights import strength

    s, bits = game.state, []
    knights = [k for k in s.kn if k is not None and k[0] == p]
    if knights:
        levels = ("basic", "strong", "mighty")
        text = ", ".join(f"{levels[k[1] - 1]}{' (active)' if k[2] else ''}"
                         for k in sorted(knights, key=lambda k: (-k[1], not k[2])))
        bits.append(f"knights: {text}; active strength {strength(s, p)}")
    if neutral:
        return bits
    bits.append("improvements: " + ", ".join(f"{t} {n}" for t, n in zip(TRACK_NAMES,
                                                                        s.levels[p],
                                                                        strict=True)))
    cards = s.phand[p]
    if cards:
        bits.append(f"progress: {', '.join(CARDS[c] for c in cards)}" if show_hands
                    else f"progress: {len(cards)} cards")
    if s.defender[p]:
        bits.append(f"defender of Catan: {s.defender[p]}")
    return bits


def bank_html(game: Game) -> str:
    """The bank's cards, the development deck or progress decks, the token supply."""
    s = game.state
    bits = [f"<b>Bank</b>: {_cards(s.bank)}"]
    if game.caps.improvements:
        decks = ", ".join(f"{t} {sum(d[0]) + len(d[1])}" for t, d in zip(TRACK_NAMES, s.pdecks,
                                                                         strict=True))
        bits.append(f"progress decks: {decks}")
    else:
        bits.append(f"development deck: {sum(s.deck)} cards")
    if game.caps.tokens:
        bits.append(f"trade tokens in the supply: {s.token_supply}")
    return "<div style='line-height:1.45'>" + "<br>".join(bits) + "</div>"


def notice_html(game: Game, node: Node) -> str:
    """The lesson's expectations at this node as learners read them: "What to notice"; a
    move refused here names its rule, whose text opens on a click."""
    lines = notice_items(game, node) if node.expect else []
    if not lines:
        return ""
    items = "".join(f"<li>{rule_refs(markup.text(line))}"
                    f"{rule_details(rule) if rule else ''}</li>" for line, rule in lines)
    return (f"<div class='catan-notice'><b>What to notice</b>"
            f"<ul style='margin:2px 0 0 0;padding-left:18px'>{items}</ul></div>")


def expectations_html(game: Game, node: Node) -> str:
    """For lesson authors: the scenario's expectations at this node, each checked now: ✓ or ✗
    with what was found."""
    if not node.expect:
        return ""
    items = []
    for ex in node.expect:
        ok, found = ex.check(game)
        mark = ("<span style='color:#2e7d32'>✓</span>" if ok
                else "<span style='color:#b71c1c'>✗</span>")
        value = ex.value if not isinstance(ex.value, dict) else ", ".join(
            f"{k}: {v}" for k, v in ex.value.items())
        if isinstance(ex.value, list):
            value = "; ".join(ex.value)
        extra = "" if ok else f" — found {html.escape(found)}"
        items.append(f"<li>{mark} <b>{ex.key}</b> {html.escape(str(value))}{extra}</li>")
    passed = sum(ex.check(game)[0] for ex in node.expect)
    return (f"<div class='catan-expect' style='color:#555'><b>Lesson checks</b> "
            f"({passed}/{len(node.expect)} ✓)"
            f"<ul style='margin:2px 0 0 0;padding-left:18px'>{''.join(items)}</ul></div>")


def tree_rows(tl: Timeline, limit: int = 300) -> list[tuple[str, int]]:
    """The move tree as (label, node id) rows for a list: main line first, each variation
    indented under the move it replaces, ``*`` on the current node; at most ``limit`` rows,
    a window around the current node (long games stay cheap to send to the browser)."""
    rows: list[tuple[str, int]] = [("start" + (" *" if tl.current is tl.root else ""), 0)]

    def line(first: Node, indent: int) -> None:
        node: Node | None = first
        while node is not None:
            mark = " *" if node is tl.current else ""
            pad = "\u2003" * indent + ("↳ " if indent and node is first else "")
            rows.append((f"{pad}{node.depth}. {node.action}{mark}", node.id))
            parent = node.parent
            if parent is not None and node.is_main():
                for other in parent.children[1:]:
                    line(other, indent + 1)
            node = node.children[0] if node.children else None

    if tl.root.children:
        line(tl.root.children[0], 0)
    if len(rows) <= limit:
        return rows
    at = next(i for i, (_, n) in enumerate(rows) if n == tl.current.id)
    lo = max(0, min(at - limit // 2, len(rows) - limit))
    return rows[lo : lo + limit]

