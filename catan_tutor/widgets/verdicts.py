"""The engine's verdicts and the rules reference as a learner reads them (HTML, no widgets).

A verdict shows whether the move is legal, the engine's reason, and the rule that decides it:
its title, with its text from the packaged rules reference one click away (a ``<details>``
element). Rule IDs never show as text: a verdict carries its rule as a ``data-rule``
attribute, a rule text's cross-references (```BASE-BUILD-DISTANCE```) read as the rules'
titles, and so do the IDs lesson authors write in lesson texts (``lesson_html``): each reads as
its rule's title, the rule's text on hover, the ID in a ``data-rule`` attribute.
``narrate`` turns a move into a line of the game's log.

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
_NAMED = re.compile(rf"\s*\(\s*({_ID.pattern})\s*\)")  # "Distance rule (BASE-BUILD-DISTANCE)"
_TAG = re.compile(r"(<[^>]*>)")
GREEN, RED, GREY = "#2e7d32", "#b71c1c", "#666"


def title_of(rule_id: str) -> str:
    """The rule's title from the reference ('' for an ID it does not have)."""
    try:
        return rulebook.rule(rule_id).title
    except KeyError:
        return ""


def _quoted_title(inner: str) -> str:
    """What a quoted reference in a rule text reads as: a rule ID its rule's title, a set of
    rules (```2P-TOKEN-*```) "the “Trade tokens” rules"; '' for anything else."""
    if _ID.fullmatch(inner):
        return title_of(inner)
    if inner.endswith("*") and _ID.fullmatch(inner.rstrip("-*")):
        heads = {r.title.split(":")[0] for i, r in rulebook.rules().items()
                 if i.startswith(inner[:-1])}
        return f"the “{heads.pop()}” rules" if len(heads) == 1 else "the related rules"
    return ""


def plain(text: str) -> str:
    """Engine text for a learner: any rule ID in it becomes the rule's title."""
    out = _titled(text, lambda rule, shown: shown)
    return re.sub(r"\s*\(\s*\)", "", out).strip()


def _titled(text: str, show, escape=lambda t: t) -> str:
    """``text`` with every rule ID in it replaced by ``show(rule ID, its title)`` (the title
    passed through ``escape``); an unknown ID reads "a rule". An ID in brackets right after
    its own title ("Distance rule (BASE-BUILD-DISTANCE)") is not said twice: the title
    written before it is what ``show`` gets."""

    def ids(part: str) -> str:
        return _ID.sub(lambda m: show(m[0], escape(title_of(m[0]))) if title_of(m[0])
                       else "a rule", part)

    out, at = [], 0
    for m in _NAMED.finditer(text):
        before, title = text[at : m.start()], escape(title_of(m[1]))
        start = len(before) - len(title)
        if (title and start >= 0 and before[start:].lower() == title.lower()
                and (start == 0 or not before[start - 1].isalnum())):
            out += [ids(before[:start]), show(m[1], before[start:])]
        else:
            out.append(ids(text[at : m.end()]))
        at = m.end()
    out.append(ids(text[at:]))
    return "".join(out)


def rule_ref_html(rule_id: str, shown: str) -> str:
    """A rule named in a lesson text: ``shown`` (HTML: the rule's title), its text on hover,
    its ID in ``data-rule``."""
    text = _QUOTED.sub(lambda m: _quoted_title(m[1]) or m[1], rulebook.rule(rule_id).text)
    return (f"<abbr class='catan-rule-ref' data-rule='{markup.text(rule_id)}' "
            f"title='{markup.text(text)}' style='text-decoration:underline dotted;"
            f"cursor:help'>{shown}</abbr>")


def rule_refs(page: str) -> str:
    """HTML (made by :mod:`markup`) with the rule IDs in its text, not in its tags, read as
    the rules' titles (``rule_ref_html``)."""
    return "".join(part if part.startswith("<") else
                   _titled(part, rule_ref_html, markup.text)
                   for part in _TAG.split(page))


def lesson_html(source: str) -> str:
    """A lesson text (goal, comment, tutor text) for the page: ``markup.lesson``, with the
    rule IDs authors write in it read as the rules' titles."""
    return rule_refs(markup.lesson(source))


def rule_text_html(text: str) -> str:
    """A rule's text as HTML: escaped; a quoted rule ID reads as that rule's title (in
    italics), other quoted text (notation) as code."""

    def quoted(m: re.Match) -> str:
        title = _quoted_title(m[1])
        return f"<em>{markup.text(title)}</em>" if title else f"<code>{m[1]}</code>"

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
