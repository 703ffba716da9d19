"""The engine's verdicts and the rules reference as a learner reads them (HTML, no widgets).

A verdict shows whether the move is legal, the engine's reason, and the rule that decides it:
its title, with its text from the packaged rules reference one click away (a ``<details>``
element). Rule IDs never show as text: a verdict carries its rule as a ``data-rule``
attribute, a rule text's cross-references (```BASE-BUILD-DISTANCE```) read as the rules'
titles. ``narrate`` turns a move into a line of the game's log.

Everything put into a page goes through :mod:`markup` (engine text, rule text and whatever a
visitor typed alike).
"""

from __future__ import annotations

import re

from .. import rulebook
from ..actions import Action, bundle_text
from ..game import Explanation, Game
from . import markup

_ID = re.compile(r"\b(?:BASE|2P|DUMMY|CK|CK2P)(?:-[A-Z0-9]+)+\b")
_QUOTED = re.compile(r"`([^`]+)`")
GREEN, RED, GREY = "#2e7d32", "#b71c1c", "#666"


def title_of(rule_id: str) -> str:
    """The rule's title from the reference ('' for an ID it does not have)."""
    try:
        return rulebook.rule(rule_id).title
    except KeyError:
        return ""


def plain(text: str) -> str:
    """Engine text for a learner: any rule ID in it becomes the rule's title."""
    out = _ID.sub(lambda m: title_of(m[0]) or "a rule", text)
    return re.sub(r"\s*\(\s*\)", "", out).strip()


def rule_text_html(text: str) -> str:
    """A rule's text as HTML: escaped; a quoted rule ID reads as that rule's title (in
    italics), other quoted text (notation) as code."""

    def quoted(m: re.Match) -> str:
        inner = m[1]
        if _ID.fullmatch(inner) and title_of(inner):
            return f"<em>{markup.text(title_of(inner))}</em>"
        return f"<code>{inner}</code>"

    return _QUOTED.sub(quoted, markup.text(text))


def rule_details(rule_id: str, opened: bool = False) -> str:
    """The rule's title as a disclosure that opens on its text ('' for an unknown rule)."""
    try:
        r = rulebook.rule(rule_id)
    except KeyError:
        return ""
    return (f"<details class='catan-rule' data-rule='{markup.text(r.id)}'"
            f"{' open' if opened else ''} style='margin:2px 0 0 0'>"
            f"<summary style='cursor:pointer;color:#37474f'>Rule: <b>{markup.text(r.title)}"
            f"</b></summary><div style='margin:2px 0 4px 14px;padding:3px 8px;"
            f"border-left:3px solid #b0bec5;background:#f5f7f8;color:#333'>"
            f"{rule_text_html(r.text)}</div></details>")


def verdict_html(ex: Explanation, *, opened: bool = False, shown: str = "") -> str:
    """The engine's verdict on one move: ✓ legal or ✗ not allowed, the move (``shown``: as
    the learner typed it, else its notation), the reason, and the rule (title; text on
    demand, or already open with ``opened``)."""
    colour = GREEN if ex.legal else RED
    mark = "✓ legal" if ex.legal else "✗ not allowed"
    move = shown.strip() or str(ex.action)
    return (f"<div class='catan-verdict' data-rule='{markup.text(ex.rule)}' "
            f"data-legal='{int(ex.legal)}' style='line-height:1.4'>"
            f"<div><b style='color:{colour}'>{mark}</b>: <code>{markup.text(move)}</code>"
            f"</div><div>{markup.text(plain(ex.reason))}</div>"
            f"{rule_details(ex.rule, opened)}</div>")


def unreadable_html(text: str, error: str) -> str:
    """What the tutor says of text that is not a move at all (the notation's own message)."""
    return (f"<div class='catan-verdict' data-legal='' style='line-height:1.4'>"
            f"<b style='color:{RED}'>✗ not a move</b>: <code>{markup.text(text.strip())}</code>"
            f"<div>{markup.text(plain(error))}</div><div style='color:{GREY}'>Moves read like "
            f"<code>P1 settle J12</code>, <code>P1 road H3</code>, <code>P1 end</code>.</div>"
            "</div>")


# ---------------------------------------------------------------- the game's log
def _changes(before: Game, after: Game) -> list[str]:
    """Cards gained and lost by each party between two positions ("P2 +1 grain")."""
    out = []
    names = after.names
    for p, (old, new) in enumerate(zip(before.state.hands, after.state.hands, strict=False)):
        gain = tuple(max(0, b - a) for a, b in zip(old, new, strict=True))
        loss = tuple(max(0, a - b) for a, b in zip(old, new, strict=True))
        bits = [f"+{bundle_text(gain)}" if any(gain) else "",
                f"−{bundle_text(loss)}" if any(loss) else ""]
        if any(bits):
            out.append(f"{names[p]} " + " ".join(b for b in bits if b))
    return out


def public_vp(game: Game, p: int) -> int:
    """The VP everybody sees (hidden Victory Point cards left out)."""
    return sum(v for k, v in game.vp_breakdown(p).items() if k != "VP cards")


def narrate(before: Game, action: Action, ex: Explanation, after: Game) -> str:
    """One line of the game's log: the move in words (the engine's verdict on it, taken
    before it was played), the cards it moved when chance decided, VP that changed, and what
    the game waits for next."""
    parts = [plain(ex.reason).rstrip(".") + "."]
    if action.is_chance:
        cards = _changes(before, after)
        if cards:
            parts.append("; ".join(cards) + ".")
    vp = [f"{after.names[p]} now has {public_vp(after, p)} VP"
          for p in range(after.players) if public_vp(before, p) != public_vp(after, p)]
    if vp:
        parts.append(", ".join(vp) + ".")
    if after.is_over():
        if after.winner is not None:
            parts.append(f"{after.names[after.winner]} wins!")
    else:
        parts.append(f"Next: {plain(after.prompt())}.")
    return " ".join(parts)
