"""HTML of the tutor's panels, read from the engine: players, bank, expectations, move tree.

Pure functions of a game or timeline (no widgets), so they are easy to test and the view
keeps no rules: points, strengths and checks all come from the engine.
"""

from __future__ import annotations

import html
import re
from collections.abc import Collection

from ..actions import TRACK_NAMES
from ..board import CARD_NAMES
from ..game import Game
from ..grammar import count, sentence
from ..rules.knights import strength
from ..rules.words import card_title
from ..study.timeline import Node
from ..words.older_names import held_title
from . import icons, markup, style
from .point_sources import sources_text
from .verdicts import rule_details, rule_refs
from .wording import notice_items


def _held(what: str, shown: str | None, n: int) -> str:
    """ "progress: Alchemy, Crane" for a seat whose cards may be seen, else "progress: 2 cards"."""
    return f"{what}: {shown}" if shown is not None else f"{what}: {count(n, 'card')}"


def dev_cards_text(counts) -> str:
    """Development cards as printed: "1 Knight card, 2 Victory Point cards"."""
    return ", ".join(count(n, f"{card_title(k, dev=True)} card") for k, n in enumerate(counts) if n)


# A player's colour on the page is always framed: a dark rim with a light ring outside it, so
# every colour (white, P3's, and dark blue or brown on a dark page) stands out from any panel.
SWATCH_RIM, SWATCH_RING = "#333333", "#ffffff"
FRAME = f"box-shadow:0 0 0 1px {SWATCH_RIM},0 0 0 2px {SWATCH_RING}"
CHIP_SHADOW = "0 1px 2px 2px rgba(0,0,0,0.35),inset 0 -4px 0 rgba(0,0,0,0.3)"  # a raised token


def swatch(colour: str) -> str:
    """A player's colour as a framed round chip (``catan-swatch``), before their name: a
    raised disc, never taken for an unticked checkbox (P3's white square was)."""
    fill = style.player_fill(colour)
    return (
        f"<span class='catan-swatch' aria-hidden='true' style='display:inline-block;"
        f"width:12px;height:12px;border-radius:50%;background:{fill};{FRAME},{CHIP_SHADOW};"
        "margin:0 3px;vertical-align:middle'></span>"
    )


def colour_bar(colour: str) -> str:
    """The style of a player's card's left edge: their colour, framed as the swatch is."""
    fill = style.player_fill(colour)
    return (
        f"border-left:4px solid {fill};box-shadow:-1px 0 0 {SWATCH_RIM},inset 1px 0 0 {SWATCH_RIM}"
    )


def cards_text(counts, names=CARD_NAMES) -> str:
    text = ", ".join(f"{n} {names[k]}" for k, n in enumerate(counts) if n)
    return text or "nothing"


def players_html(game: Game, show_hands: bool | Collection[int] = True, active: bool = True) -> str:
    """One row per party: VP with where they come from, hand (or its size), development or
    progress cards, knights, C&K levels and defender tokens, trade tokens.

    What a hidden hand shows is what :meth:`Game.observation` lets everybody see (BASE-INFO,
    CK-INFO); ``show_hands`` (every seat, or the seats named) shows a seat as its owner sees
    it; ``active`` marks each seat the game waits for now (a pending decision's: at 9.1 P3
    gives P1 2 cards in P1's turn, and "P1 ◀" was read as P1's move), and says in words when
    the turn is another's (``turn_words``); ``active=False`` marks none (a puzzle's question:
    who acts may be its answer, ``TutorSession.puzzle_secret``)."""
    s, ck = game.state, game.caps.knights
    acting = acting_seats(game) if active else []
    said = turn_words(game) if active else ""
    rows = [f"<div style='margin:4px 0'>{markup.text(said)}</div>"] if said else []
    for p in range(len(game.names)):
        name = s.name(p)  # a neutral: "Neutral 1", never "N1" (a corner's label)
        name = sentence(name)  # ("The dummy", never "D": a hex's letter)
        shown = show_hands is True or (not isinstance(show_hands, bool) and p in show_hands)
        view = game.observation(p if shown else None)["seats"][p]
        bits = []
        neutral = p >= game.players
        if not neutral:
            parts, vp = game.vp_breakdown(p), game.victory_points(p)
            if not shown and view["public_vp"] != vp:  # hidden Victory Point cards
                parts = {k: v for k, v in parts.items() if k != "VP cards"}
                vp = view["public_vp"]
            # "2 from settlements, 1 from cities": points by source, never read as counts
            detail = sources_text(parts, ck)  # no "VP"; C&K's own names (point_sources)
            points = count(vp, "victory point")
            bits.append(f"<b>{points}</b> <span style='color:#666'>({detail})</span>")
        if view["hand_size"] or not neutral:
            hand = view["hand"]
            bits.append(
                f"hand: {cards_text(hand)}"
                if hand is not None
                else f"hand: {count(view['hand_size'], 'card')}"
            )
        if not ck and not neutral and p != s.dummy:
            dev = view["dev"]
            if view["dev_cards"]:
                bits.append(_held("development", dev and dev_cards_text(dev), view["dev_cards"]))
            if view["knights_played"]:
                bits.append(f"knights played: {view['knights_played']}")
        if ck:
            bits.extend(_ck_bits(game, p, view, neutral))
        if game.caps.tokens and (view["tokens"] or not neutral):
            bits.append(f"trade tokens: {view['tokens']}")
        mark = " ◀" if p in acting else ""
        rows.append(
            f"<div style='margin:4px 0;padding:4px 6px;line-height:1.45;"
            f"{colour_bar(game.colors[p])};background:#faf8f2'>"
            f"{swatch(game.colors[p])} <b>{html.escape(name)}</b>{mark}<br>"
            + "<br>".join(bits)
            + "</div>"
        )
    return "".join(rows)


def acting_seats(game: Game) -> list[int]:
    """The seats that act now: those a pending decision waits for (a discard, a Wedding's
    cards), else the seat on turn (also while the dice are to roll); none once it is over."""
    if game.is_over():
        return []
    waits = [a for a in game.rules.actors(game.state) if 0 <= a < len(game.names)]
    return list(dict.fromkeys(waits)) or [game.state.active]  # (the header's swatches too)


def turn_words(game: Game) -> str:
    """When seats other than the one on turn owe a decision, that in words: "P1's turn; P3
    to give" (a Wedding, CK-PC-WEDDING), "P1's turn; P2 and P3 to discard"; else ""."""
    s = game.state
    if game.is_over() or acting_seats(game) == [s.active]:
        return ""
    verbs: dict[str, list[str]] = {}
    for d in game.pending:
        if 0 <= d.player < len(game.names):
            # its verb: "give 2 cards to P1 (Wedding)", "science 3: take a free resource"
            verb = (d.prompt or d.decision).rsplit(": ", 1)[-1].split(" ", 1)[0]
            who = verbs.setdefault(verb, [])
            who += [] if s.name(d.player) in who else [s.name(d.player)]
    doing = "; ".join(f"{' and '.join(who)} to {verb}" for verb, who in verbs.items())
    return f"{sentence(s.name(s.active))}'s turn; {doing}" if doing else ""


def _ck_bits(game: Game, p: int, view: dict, neutral: bool) -> list[str]:
    s, bits = game.state, []
    knights = [k for k in s.kn if k is not None and k.owner == p]
    if knights:
        levels = ("basic", "strong", "mighty")
        text = ", ".join(
            f"{levels[k.level - 1]}{' (active)' if k.active else ''}"
            for k in sorted(knights, key=lambda k: (-k.level, not k.active))
        )
        bits.append(f"knights: {text}; active strength {strength(s, p)}")
    if neutral:
        return bits
    bits.append(
        "improvements: "
        + ", ".join(f"{t} {n}" for t, n in zip(TRACK_NAMES, view["levels"], strict=True))
    )
    cards = view["progress"]
    if view["progress_cards"]:
        bits.append(
            _held("progress", cards and ", ".join(map(held_title, cards)), view["progress_cards"])
        )
    if view["defender"]:
        bits.append(f"defender of Catan: {view['defender']}")
    return bits


def bank_html(game: Game) -> str:
    """The bank's cards, the development deck or progress decks, the token supply."""
    s = game.state
    bits = [f"<b>Bank</b>: {cards_text(s.bank)}"]
    if game.caps.improvements:
        decks = ", ".join(
            f"{t} {sum(d[0]) + len(d[1])}" for t, d in zip(TRACK_NAMES, s.pdecks, strict=True)
        )
        bits.append(f"progress decks: {decks}")
    else:
        bits.append(f"development deck: {sum(s.deck)} cards")
    if game.caps.tokens:
        bits.append(f"trade tokens in the supply: {s.token_supply}")
    return "<div style='line-height:1.45'>" + "<br>".join(bits) + "</div>"


def notice_html(
    game: Game, node: Node, expects: list | None = None, topic: str = "", above: str = ""
) -> str:
    """The lesson's expectations at this node (or ``expects``) as learners read them: "What
    to notice"; a move refused here names its rule, whose text opens on a click, unless the
    texts ``above`` (their HTML) cite it already with a "§" that opens it (the rule said
    twice: an opened "§" box, then "Rule: <title>" under it). ``topic``: the lesson's title
    and goal (``wording.notice_items``)."""
    expects = node.expect if expects is None else expects
    lines = notice_items(game, node, expects, topic) if expects else []
    if not lines:
        return ""
    cited = {r for ids in re.findall(r"data-rule='([^']*)'", above) for r in ids.split()}
    items = "".join(
        f"<li>{rule_refs(markup.text(line))}"
        f"{rule_details(rule) if rule and rule not in cited else ''}</li>"
        for line, rule in lines
    )
    return (
        f"<div class='catan-notice'><b>What to notice</b>"
        f"<ul style='margin:2px 0 0 0;padding-left:18px'>{items}</ul></div>"
    )


def expectations_html(game: Game, node: Node) -> str:
    """For lesson authors: the scenario's expectations at this node, each checked now: ✓ or ✗
    with what was found."""
    if not node.expect:
        return ""
    items = []
    for ex in node.expect:
        ok, found = ex.check(game)
        mark = (
            f"<span style='color:#2e7d32'>{icons.OK}</span>"
            if ok
            else f"<span style='color:#b71c1c'>{icons.NO}</span>"
        )
        value = (
            ex.value
            if not isinstance(ex.value, dict)
            else ", ".join(f"{k}: {v}" for k, v in ex.value.items())
        )
        if isinstance(ex.value, list):
            value = "; ".join(ex.value)
        extra = "" if ok else f" — found {html.escape(found)}"
        items.append(f"<li>{mark} <b>{ex.key}</b> {html.escape(str(value))}{extra}</li>")
    passed = sum(ex.check(game)[0] for ex in node.expect)
    return (
        f"<div class='catan-expect' style='color:#555'><b>Lesson checks</b> "
        f"({passed}/{len(node.expect)} {icons.OK})"
        f"<ul style='margin:2px 0 0 0;padding-left:18px'>{''.join(items)}</ul></div>"
    )
