"""The Rules tab: the rules of the current variant from the packaged reference
(``rulebook.rules_of``), grouped by section (each an ``h3`` heading), with a text filter,
each rule with the packaged lessons that cite it. A verdict's rule opens here: that rule
shows first, open, above the list. A rule that is this tutor's reading of the sources (a
[decision] of the reference) is marked with a small "*" (its tooltip says what that means), with
what the sources say and the other reading (``reading_html``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import ipywidgets as widgets

from .. import rulebook
from ..rulebook import Rule
from ..rules import precedence
from ..study.library import lessons_citing
from ..study.resources import lessons_dir
from ..words.older_names import card_count_words, with_older_name
from ..words.rule_titles import plain_title
from . import markup
from .guard import guarded, shown_in
from .verdicts import READING_BADGE, reading_html, repeats_title, rule_text_html
from .wording import variant_name

MAX_SHOWN = 400  # rules listed at most (every variant has fewer)
MAX_LESSONS = 6  # lessons named under a rule
# A section of the list is a heading (h3, so the page's outline and a screen reader's heading
# keys find it), shown on its disclosure's line, larger than the rules under it.
SECTION_HEADING = "display:inline;margin:0;font-size:15px;font-weight:700;line-height:1.6"


# British spellings a learner may search with; the rules reference spells them the American way
# (l50 searched for "harbour" and found nothing)
_SPELLINGS = {"harbour": "harbor", "neighbour": "neighbor", "colour": "color", "armour": "armor"}


def matches(r: Rule, query: str) -> bool:
    """Every word of ``query`` is in the rule's title, text, section or ID (any case; a
    British spelling as the American one)."""
    title = with_older_name(r.id, plain_title(r.id, r.title))  # (a search for "Bishop")
    hay = f"{r.title} {title} {r.text} {r.section} {r.id}".lower()
    words = query.lower().split()
    for british, american in _SPELLINGS.items():
        words = [w.replace(british, american) for w in words]
    return all(word in hay for word in words)


def lessons_line(rule_id: str, folder: Path | None = None) -> str:
    """ "Lessons: 7.3 Knight displacement · 7.6 …" for the lessons that cite the rule ('' for
    none), so a learner reading a rule knows where to see it played."""
    found = lessons_citing(folder or lessons_dir(), rule_id)
    if not found:
        return ""
    names = " · ".join(markup.text(x.label) for x in found[:MAX_LESSONS])
    more = f" and {len(found) - MAX_LESSONS} more" if len(found) > MAX_LESSONS else ""
    return (
        f"<div class='catan-rule-lessons' style='margin:0 0 4px 14px;color:#555;"
        f"font-size:12px'>Lessons: {names}{more}</div>"
    )


def _instead(variant: str, r: Rule) -> str:
    """The note on an inherited rule that a rule of ``variant`` decides instead ("In Cities
    & Knights, see “What Cities & Knights leaves out”": l47 read the C&K list's Knight card
    and Largest Army as C&K's own), '' for none."""
    deciding = precedence.table(variant).get(r.id, r.id)
    if deciding == r.id:
        return ""
    other = rulebook.rule(deciding)
    title = plain_title(other.id, other.title)
    return (
        f"<span class='catan-rule-instead' style='color:#666;font-size:12px'> · in "
        f"{markup.text(variant_name(variant))}, see “{markup.text(title)}”</span>"
    )


def _rule_html(r: Rule, opened: bool, chosen: bool, instead: str = "") -> str:
    mark = "background:#fff8e1;border-left:3px solid #f9a825;" if chosen else ""
    badge = READING_BADGE if "decision" in r.sources else ""
    text, title = card_count_words(r.text), with_older_name(r.id, plain_title(r.id, r.title))
    body = (
        ""
        if repeats_title(r.id)
        else f"<div style='margin:2px 0 4px 14px;color:#333'>{rule_text_html(text)}</div>"
    )
    return (
        f"<details class='catan-rule-entry' data-rule='{markup.text(r.id)}'"
        f"{' open' if opened else ''} style='margin:1px 0;padding:1px 4px;{mark}'>"
        f"<summary style='cursor:pointer'><b>{markup.text(title)}</b>"
        f"{badge}{instead}</summary>"
        f"{body}{reading_html(r.id)}{lessons_line(r.id)}</details>"
    )


# The reference's section numbers ("1.1 Components", "4.9 Knights"): not shown, they read as
# lessons' numbers and jumped from 1.13 to 4.1 (l32); each game's sections are headed by its name
_NUMBER = re.compile(r"^\d+(\.\d+)*\s+")
GAME_HEADING = (
    "font-weight:700;font-size:16px;margin:12px 0 2px 0;padding-bottom:2px;color:#444;"
    "border-bottom:1px solid #ddd"
)


def _game(v: str) -> str:
    """The heading of game ``v``'s own rules in the list."""
    return markup.text(f"The rules of {variant_name(v)}")


def rules_html(variant: str, query: str = "", chosen: str = "") -> str:
    """The rules of ``variant`` matching ``query``, by section (sections closed while there
    is no query), with the ``chosen`` rule first and open."""
    book = rulebook.rules_of(variant)
    query = query.strip()
    found = [r for r in book.values() if matches(r, query)][:MAX_SHOWN]
    parts = []
    if chosen in book:
        parts.append(
            "<div class='catan-rule-chosen' style='margin:0 0 8px 0'>"
            "<div style='color:#777;font-size:12px'>The rule you asked about:</div>"
            f"{_rule_html(book[chosen], True, True)}</div>"
        )
    if not found:
        parts.append(
            f"<div style='color:#666'>No rule of {markup.text(variant_name(variant))}"
            f" mentions “{markup.text(query)}”.</div>"
        )
    sections: dict[tuple[str, str], list[Rule]] = {}
    for r in found:
        sections.setdefault((r.variant, r.section), []).append(r)
    games = {v for v, _ in sections}
    shown_game = ""
    for (v, section), items in sections.items():
        if len(games) > 1 and v != shown_game:  # each game's sections under its name
            shown_game = v
            parts.append(f"<div class='catan-rule-game' style='{GAME_HEADING}'>{_game(v)}</div>")
        heading = _NUMBER.sub("", section) or variant_name(v)
        body = "".join(
            _rule_html(r, bool(query) and len(found) <= 12, r.id == chosen, _instead(variant, r))
            for r in items
        )
        parts.append(
            f"<details class='catan-rule-section'{' open' if query else ''} "
            f"style='margin:6px 0 2px 0'><summary style='cursor:pointer'>"
            f"<h3 style='{SECTION_HEADING}'>{markup.text(heading)}</h3> <span "
            f"style='color:#666'>({len(items)})</span>"
            f"</summary><div style='margin-left:10px'>{body}</div></details>"
        )
    return "<div style='line-height:1.35;font-size:13px'>" + "".join(parts) + "</div>"


class RulesPanel:
    """``RulesPanel(variant_of)``: the Rules tab of the tutor; ``show(rule_id)`` opens one."""

    def __init__(self, variant_of: Callable[[], str]) -> None:
        self.variant_of = variant_of
        self.chosen = ""
        self.search = widgets.Text(
            placeholder="search the rules: e.g. robber, distance",
            continuous_update=False,
            layout=widgets.Layout(width="96%"),
        )
        self.intro = widgets.HTML()
        self.search.observe(guarded(lambda _: self.refresh(), shown_in(self.intro)), names="value")
        self.list = widgets.HTML()
        box = widgets.Box([self.list], layout=widgets.Layout(max_height="560px", overflow="auto"))
        self.widget = widgets.VBox([self.search, self.intro, box])
        self.widget.add_class("catan-rules")

    def show(self, rule_id: str) -> None:
        """Put ``rule_id`` first, open (the filter is cleared)."""
        self.chosen = rule_id
        if self.search.value:
            self.search.value = ""  # refreshes
        else:
            self.refresh()

    def refresh(self) -> None:
        variant = self.variant_of()
        n = len(rulebook.rules_of(variant))
        self.intro.value = (
            f"<div style='color:#555;margin:2px 0 4px 0;line-height:1.4'>The {n} rules of "
            f"<b>{markup.text(variant_name(variant))}</b>; open a section, "
            "then a rule, to read it. A rule marked <b>*</b> is this tutor's reading, "
            "one the rulebooks do not settle: the tutor plays it the way it says.</div>"
        )
        self.list.value = rules_html(variant, self.search.value, self.chosen)
