"""The engine's verdicts and the rules reference as a learner reads them (HTML, no widgets).

A verdict shows whether the move is legal, the engine's reason, and the rule that decides it:
its title, with its text from the packaged rules reference one click away (a ``<details>``
element). Rule IDs never show as text: a verdict carries its rule as a ``data-rule``
attribute, a rule text's cross-references (```BASE-BUILD-DISTANCE```) read as the rules'
titles, and so do the IDs lesson authors write in lesson texts (``lesson_html``): each reads as
its rule's title, a button that opens the rule's text, the ID in a ``data-rule`` attribute.
``narrate`` turns a move into a line of the game's log.

Everything put into a page goes through :mod:`markup` (engine text, rule text and whatever a
visitor typed alike).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .. import rulebook
from ..actions import Action, Roll
from ..game import Explanation, Game
from ..grammar import spelled_out
from ..rules.barbarians import TRACK_END
from ..rules.words import can, say, why_not
from ..study.cause_kept import cause_kept
from ..study.puzzle import keep_secret, kind_words, not_their_move
from ..study.puzzle_why import names as said_in
from ..study.typed_names import in_printed_names, own_names
from ..words.narrate import attack_facts, events
from ..words.older_names import card_count_words, with_older_name
from ..words.rule_titles import plain_title
from . import icons, markup, said_readings

Viewer = int | frozenset[int] | None  # the seats whose secret sentences a text may tell

_ID = said_readings.ID
_QUOTED = re.compile(r"`([^`]+)`")
_NAMED = re.compile(rf"\s*\(\s*({_ID.pattern})\s*\)")  # "Distance rule (BASE-BUILD-DISTANCE)"
_TAG = re.compile(r"(<[^>]*>)")
GREEN, RED, GREY = "#2e7d32", "#b71c1c", "#666"


def title_of(rule_id: str) -> str:
    """The rule's title in plain words (``plain_title``: never a heading such as "Turn: Roll
    Dice phase"); '' for an ID the reference does not have."""
    try:
        return plain_title(rule_id, rulebook.rule(rule_id).title)
    except KeyError:
        return ""


def _quoted_title(inner: str) -> str:
    """What a quoted reference in a rule text reads as: a rule ID its rule's title, a set of
    rules (```2P-TOKEN-*```) "the “Trade tokens” rules"; '' for anything else."""
    if _ID.fullmatch(inner):
        return title_of(inner)
    if inner.endswith("*") and _ID.fullmatch(inner.rstrip("-*")):
        heads = {
            r.title.split(":")[0] for i, r in rulebook.rules().items() if i.startswith(inner[:-1])
        }
        return f"the “{heads.pop()}” rules" if len(heads) == 1 else "the related rules"
    return ""


def plain(text: str) -> str:
    """Engine text for a learner: any rule ID in it becomes the rule's title."""
    out = _titled(spelled_out(text), lambda rule, shown: shown)
    return re.sub(r"\s*\(\s*\)", "", out).strip()


_CITES = re.compile(rf"\s*\(\s*{_ID.pattern}(?:\s*,\s*{_ID.pattern})*\s*\)")


def uncited(text: str) -> str:
    """``text`` without its brackets that only cite rules ("… touching it
    (BASE-SETUP-ROUND1)." -> "… touching it."): where no marker can show them."""
    return _CITES.sub("", text)


def _titled(text: str, show, escape=lambda t: t) -> str:
    """``text`` with every rule ID in it replaced by ``show(rule ID, its title)`` (the title
    passed through ``escape``); an unknown ID reads "a rule". An ID in brackets right after
    its own title ("Distance rule (BASE-BUILD-DISTANCE)") is not said twice: the title
    written before it is what ``show`` gets."""

    def ids(part: str) -> str:
        return _ID.sub(
            lambda m: show(m[0], escape(title_of(m[0]))) if title_of(m[0]) else "a rule", part
        )

    out, at = [], 0
    for m in _NAMED.finditer(text):
        before, title = text[at : m.start()], escape(title_of(m[1]))
        start = len(before) - len(title)
        if (
            title
            and start >= 0
            and before[start:].lower() == title.lower()
            and (start == 0 or not before[start - 1].isalnum())
        ):
            out += [ids(before[:start]), show(m[1], before[start:])]
        else:
            out.append(ids(text[at : m.end()]))
        at = m.end()
    out.append(ids(text[at:]))
    return "".join(out)


def repeats_title(rule_id: str) -> bool:
    """Whether the rule's text says no more than its title ("A 7 produces nothing" / "A 7
    produces nothing."): a panel then shows the title once, not the same words twice."""

    def words(t: str) -> str:
        return " ".join(re.findall(r"[a-z0-9]+", t.lower()))

    return words(rulebook.rule(rule_id).text) == words(title_of(rule_id))


# "Replaces `X`" / "Amends the city part of `X`": the reference's note of a rule it changes
_AMENDS = re.compile(r"\b(Replaces|Amends) (the [a-z ]+ of )?(?=`)")
_MORE = re.compile(r"`[^`]+`(?:,? and |, )`")


_GAME_OF = {  # whose rule a rule changes, as a learner says it
    "base": "the base game's",
    "base-2p": "the two-player game's",
    "base-dummy": "the dummy game's",
    "ck": "Cities & Knights'",
    "ck-2p": "Cities & Knights for two's",
}


def _amends_in_words(text: str) -> str:
    """A rule text's "Replaces `X`" / "Amends `X`" said as a sentence naming whose rule it
    changes: "This replaces the base game's rule X" / "This changes the base game's rules X
    and Y" (a rule may share its title with the rule it changes)."""

    def said(m: re.Match) -> str:
        verb = "This replaces" if m[1] == "Replaces" else "This changes"
        rules = "rules" if _MORE.match(text, m.end()) else "rule"
        first = _QUOTED.match(text, m.end())
        try:
            game = _GAME_OF[rulebook.rule(first[1]).variant] if first else "the"
        except KeyError:
            game = "the"
        return f"{verb} {m[2] or ''}{game} {rules} "

    return _AMENDS.sub(said, text)


def _opened_text(rule_ids: str | list[str], heading: bool = False) -> str:
    """A reference's text, hidden until its button opens it: for each rule, its title
    (``heading``: for a marker that does not show it), for a [decision] what "our reading"
    means and the other reading, then the rule's text."""
    parts = []
    read = False  # "This tutor's reading: …" said once for all the rules opened (l34, 5.1)
    for rule_id in [rule_ids] if isinstance(rule_ids, str) else rule_ids:
        said = spelled_out(_amends_in_words(card_count_words(rulebook.rule(rule_id).text)))
        text = _QUOTED.sub(lambda m: _quoted_title(m[1]) or m[1], said)
        if heading:
            parts.append(
                f"<strong>{markup.text(with_older_name(rule_id, title_of(rule_id)))}</strong>"
            )
        found = rulebook.reading(rule_id)
        if found is not None:
            other = _QUOTED.sub(lambda m: _quoted_title(m[1]) or m[1], found.alternative)
            other = spelled_out(other)
            note = READING_AGAIN if read else f"{READING_SHOWN}: {READING_NOTE}"
            note += f" Another reading: {other}." if other else ""
            parts.append(f"<em>{markup.text(note)}</em>")
            read = True
        if not (heading and repeats_title(rule_id)):
            parts.append(markup.text(text))
    return f"<span class='catan-rule-ref-text' role='note' hidden>{'<br>'.join(parts)}</span>"


def _reading_mark(rule_id: str, raised: bool = True) -> str:
    """A [decision]'s quiet mark: a small asterisk (``raised`` beside words; inside a raised
    marker it stays level with the "§") whose tooltip says what it means (the button's name
    says "our reading"; its opened text says it again)."""
    if rulebook.reading(rule_id) is None:
        return ""
    lift = "vertical-align:super;" if raised else ""
    return (
        f"<span class='catan-reading-mark' title='{markup.text(READING_NOTE)}' "
        f"style='color:#4527a0;font-size:10px;margin-left:1px;{lift}'>*</span>"
    )


def _said_mark(rule_ids: list[str] | None = None) -> str:
    """The raised "*" after a sentence that says it is this tutor's reading without citing
    the rule, or cites it where the step's one "§" does not stand (``rule_ids``, kept in a
    hidden ``data-rule``): the mark alone, its tooltip saying what it means; the "§" opens
    the rule."""
    style = "style='color:#4527a0;font-size:10px;margin-left:1px;vertical-align:super'"
    if rule_ids:  # named, not worded: no "our reading" written beside the sentence
        return (
            f"<span class='catan-reading-mark' data-rule='{markup.text(' '.join(rule_ids))}' "
            f"role='img' aria-label='{READING_WORD}' title='{markup.text(READING_NOTE)}' "
            f"{style}>*</span>"
        )
    return (
        f"<span class='catan-reading-mark' title='{markup.text(READING_NOTE)}' {style}>*"
        f"<span class='catan-sr-only'> ({READING_WORD})</span></span>"
    )


def _heard_title(rule_id: str) -> str:
    """A rule's title for a screen reader, ", our reading" right after it for a [decision]."""
    reading = ", our reading" if rulebook.reading(rule_id) is not None else ""
    return f"{title_of(rule_id)}{reading}"


def _ref_name(rule_id: str) -> str:
    """A reference button's name for a screen reader: "Rule: <title>", ", our reading" for a
    [decision]."""
    return markup.text(f"Rule: {_heard_title(rule_id)}")


def rule_ref_html(rule_id: str, shown: str) -> str:
    """A rule named inside a sentence of a lesson text: ``shown`` (HTML: the rule's title) as
    a button that opens the rule's text under it and closes it again (``aria-expanded``; by
    mouse, keyboard or touch: ``rule_refs.js``), its ID in ``data-rule``. An inline element
    with the button's role, in the tab order, so a long title wraps with the sentence (a
    ``<button>`` cannot). A rule that is this tutor's reading (a [decision]) carries a small
    raised mark (``_reading_mark``) and its name says "our reading"; its opened text starts
    with what that means (``READING_NOTE``), then the other reading."""
    return (
        f"<span class='catan-rule-ref' role='button' tabindex='0' "
        f"data-rule='{markup.text(rule_id)}' aria-label='{_ref_name(rule_id)}' "
        f"aria-expanded='false'>{shown}{_reading_mark(rule_id)}</span>{_opened_text(rule_id)}"
    )


def rule_note_html(rule_ids: str | list[str], marked: list[str] | None = None) -> str:
    """The rules a lesson text cites in one bracket ("… touching it (BASE-SETUP-ROUND1).")
    as one unobtrusive raised marker after the words they back: "§" (with ``_reading_mark``
    when one is a [decision]), a button named "Rule: <title>" ("Rules: <title>; <title>"
    for several, never "§ §"; ", our reading" right after each [decision]'s title) whose
    tooltip is the titles and which opens each rule's title and text under it, as
    ``rule_ref_html`` does; ``data-rule`` holds the IDs, spaced. ``marked``: the rules whose
    reading the "*" may stand for (default all): those the sentence before it cites."""
    ids = [rule_ids] if isinstance(rule_ids, str) else list(rule_ids)
    # each reading said next to its own rule, in the bracket's order (s18: "Rules: A; B; C,
    # our reading" put it last, as if C were the reading when A was)
    name = (
        _ref_name(ids[0])
        if len(ids) == 1
        else markup.text(f"Rules: {'; '.join(map(_heard_title, ids))}")
    )
    title = markup.text("; ".join(map(title_of, ids)))
    marks = (_reading_mark(i, raised=False) for i in (ids if marked is None else marked))
    mark = next((m for m in marks if m), "")
    return (
        f"<sup class='catan-rule-ref catan-rule-note' role='button' tabindex='0' "
        f"data-rule='{markup.text(' '.join(ids))}' aria-label='{name}' "
        f"title='{title}' aria-expanded='false'>§{mark}</sup>"
        f"{_opened_text(ids, heading=True)}"
    )


# A bracket in a lesson text that cites rules: "(BASE-SETUP-ROUND1)", "(BASE-BUILD-DISTANCE,
# BASE-DEF-ADJACENT)", "(CK-PC-MINING, like Irrigation for fields)", "(2P-ROLL-TIMING, this
# tutor's reading)". The IDs at its start or end become markers; the words left stay in it.
_GROUP = re.compile(r"\s*\(([^()]*)\)")
_LEAD = re.compile(rf"\s*({_ID.pattern})\s*(?:[,;:]\s*|$)")
_TRAIL = re.compile(rf"[,;]\s*({_ID.pattern})\s*$")
_SAID_READING = re.compile(r"^(?:it is\s+|in\s+)?this\s+tutor(?:'|&#x27;|&#39;)s\s+reading$", re.I)


def _cited(inner: str) -> tuple[list[str], str]:
    """The rule IDs a bracket's text cites at its start and its end, and the words left."""
    ids: list[str] = []
    rest = inner
    while m := _LEAD.match(rest):
        ids.append(m[1])
        rest = rest[m.end() :]
    tail: list[str] = []
    while m := _TRAIL.search(rest):
        tail.insert(0, m[1])
        rest = rest[: m.start()]
    return ids + tail, rest.strip()


# Where a sentence ends: its full stop (or ! ?) before a space or the end of the text.
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)")


class _Fold:
    """A lesson text's rule brackets folded into one "§" (issue 33: at most one a step),
    where its last bracket stands, opening every rule the text cites; an earlier bracket
    citing a reading leaves the reading's "*" where it stands, so the "*" closes the
    sentence that is the reading, never the one that happens to end the step (9.17: it
    followed the metropolis sentence, a rule of the rulebooks)."""

    def __init__(self, brackets: list[list[str]]):
        self.left = len(brackets)
        self.ids = list(dict.fromkeys(i for b in brackets for i in b))

    def notes(self, known: list[str]) -> str:
        """What a bracket citing ``known`` shows where it stands."""
        self.left -= 1
        if self.left <= 0:
            return rule_note_html(self.ids, marked=known)
        read = [i for i in known if rulebook.reading(i) is not None]
        return _said_mark(read) if read else ""


def _known(inner: str) -> list[str]:
    """The rules the reference has among those a bracket's text cites."""
    return [i for i in _cited(inner)[0] if title_of(i)]


# A reading's "*" alone (``_said_mark``), not a "§" marker
_BARE_MARK = "<span class='catan-reading-mark'"


def _notes(part: str, fold: _Fold | None = None) -> str:
    """A text part (escaped HTML) with its brackets of rule IDs as markers (``rule_note_html``)
    and every other rule ID in it read as its rule's title (``rule_ref_html``). A marker
    stands at the end of the sentence it backs, as a footnote's, never inside it ("… it
    touches (BASE-SETUP-RESOURCES): lumber, ore and brick." -> "… lumber, ore and brick.§").
    A bracket that only says "this tutor's reading" beside a [decision] is dropped: the mark
    says it. Where the words say it too, the "*" still shows: the key under the text says the
    "*" marks each of this tutor's readings, so a reading without it reads as a rule."""
    out: list[str] = []
    held: list[str] = []  # markers waiting for the end of their sentence

    def words(chunk: str) -> None:
        if held and (end := _SENTENCE_END.search(chunk)):
            out.append(_titled(chunk[: end.end()], rule_ref_html, markup.text))
            out.extend(held)
            held.clear()
            chunk = chunk[end.end() :]
        out.append(_titled(chunk, rule_ref_html, markup.text))

    at = 0
    for m in _GROUP.finditer(part):
        ids, rest = _cited(m[1])
        known = [i for i in ids if title_of(i)]
        if not known:
            continue
        decided = any(rulebook.reading(i) is not None for i in known)
        if decided and _SAID_READING.match(rest):
            rest = ""
        # one "§" however many rules the bracket cites (a lesson text: however many brackets)
        notes = fold.notes(known) if fold else rule_note_html(known)
        words(part[at : m.start()])
        if rest:
            out.append(f" ({_titled(rest, rule_ref_html, markup.text)})")
        at = m.end()
        if _SENTENCE_END.match(part, at) or part[at:].strip() == "":
            stop = at + (part[at : at + 1] in (".", "!", "?"))
            if "catan-reading-mark" in notes:  # its "*" says it: not "*§*" (l38 at 5.13)
                held[:] = [h for h in held if not h.startswith(_BARE_MARK)]
            out += [part[at:stop], *held, notes]
            held.clear()
            at = stop
        else:  # the sentence goes on: its marker waits for its end
            held.append(notes)
    words(part[at:])
    out.extend(held)
    return "".join(out)


def rule_refs(page: str, folded: bool = False) -> str:
    """HTML (made by :mod:`markup`) with the rule IDs in its text, not in its tags: those a
    bracket cites as raised markers (``rule_note_html``; ``folded``: the page's brackets as
    one, ``_Fold``), any other read as its rule's title (``rule_ref_html``)."""
    parts = _TAG.split(page)
    fold = None
    if folded:
        texts = [p for p in parts if not p.startswith("<")]
        fold = _Fold([k for t in texts for m in _GROUP.finditer(t) if (k := _known(m[1]))])
    return "".join(part if part.startswith("<") else _notes(part, fold) for part in parts)


def lesson_html(source: str) -> str:
    """A lesson text (goal, comment, tutor text) for the page: ``markup.lesson``, with the
    rule IDs authors write in it read as the rules' titles; a sentence that says it is this
    tutor's reading ends with the "*" mark (``said_readings``) whether it cites one or not."""
    page = rule_refs(markup.lesson(said_readings.placed(spelled_out(source))), folded=True)
    return page.replace(said_readings.PLACE, _said_mark())


def rule_text_html(text: str) -> str:
    """A rule's text as HTML: escaped; a quoted rule ID reads as that rule's title (in
    italics), other quoted text (notation) as code."""

    def quoted(m: re.Match) -> str:
        title = _quoted_title(m[1])
        return f"<em>{markup.text(title)}</em>" if title else f"<code>{m[1]}</code>"

    return _QUOTED.sub(quoted, markup.text(spelled_out(_amends_in_words(text))))


# A rule that is this tutor's reading of a point the rulebooks leave open (a [decision] of
# the reference) is tagged with these words wherever it is named, the tag's tooltip saying
# what they mean; the rule's text, opened, says it again with the other reading.
READING_WORD = "our reading"
# ... and in the words shown, as the lessons say it ("this tutor's reading": s18 read "(our
# reading)" in one place and "this tutor's reading" elsewhere)
READING_SHOWN = "This tutor's reading"
READING_NOTE = "The rulebooks do not settle this; the tutor plays it this way."
# ... said of each reading after the first among the rules one "§" opens (l34 read "This
# tutor's reading" four times under 5.1's one "§")
READING_AGAIN = "The rulebooks do not settle this either."
# Beside a rule's title (a verdict's rule, the Rules tab) the same quiet mark: a small raised
# "*", its tooltip saying what it means, "our reading" for a screen reader.
READING_BADGE = (
    f"<span class='catan-reading-badge' title='{markup.text(READING_NOTE)}' "
    "style='margin-left:2px;color:#4527a0;font-size:10px;vertical-align:super'>*"
    f"<span class='catan-sr-only'> ({READING_WORD})</span></span>"
)


def reading_html(rule_id: str) -> str:
    """'' for a rule the sources state; for a [decision], the box that says it is this tutor's
    reading: what that means (``READING_NOTE``), what the rulebooks say (when they say
    anything), the other reading, and why this one."""
    found = rulebook.reading(rule_id)
    if found is None:
        return ""
    part = f" of one part ({rule_text_html(found.part.lower())})" if found.part else ""
    rows = [f"<b>{READING_SHOWN}{part}:</b> {markup.text(READING_NOTE)}"]
    if found.basis:
        rows.append(f"<em>What the rulebooks say:</em> {rule_text_html(found.basis)}.")
    if found.alternative:
        rows.append(f"<em>Another reading:</em> {rule_text_html(found.alternative)}.")
    if found.why:
        rows.append(f"<em>Why this one:</em> {rule_text_html(found.why)}.")
    return (
        "<div class='catan-reading' style='margin:2px 0 4px 14px;padding:3px 8px;"
        "border-left:3px solid #7e57c2;background:#f6f2fc;color:#333;font-size:12px'>"
        + "<br>".join(rows)
        + "</div>"
    )


def rule_details(rule_id: str, opened: bool = False) -> str:
    """The rule's title as a disclosure that opens on its text ('' for an unknown rule)."""
    try:
        r = rulebook.rule(rule_id)
    except KeyError:
        return ""
    body = (
        ""
        if repeats_title(r.id)
        else "<div style='margin:2px 0 4px 14px;padding:3px 8px;border-left:3px solid #b0bec5;"
        f"background:#f5f7f8;color:#333'>{rule_text_html(r.text)}</div>"
    )
    return (
        f"<details class='catan-rule' data-rule='{markup.text(r.id)}'"
        f"{' open' if opened else ''} style='margin:2px 0 0 0'>"
        f"<summary style='cursor:pointer;color:#37474f'>Rule: <b>{markup.text(title_of(r.id))}"
        f"</b>{READING_BADGE if 'decision' in r.sources else ''}</summary>{body}"
        f"{reading_html(r.id)}</details>"
    )


def verdict_html(
    ex: Explanation,
    game: Game,
    *,
    opened: bool = False,
    typed: str = "",
    hidden: Sequence[str] = (),
) -> str:
    """The engine's verdict on one move of ``game``: ✓ allowed or ✗ not allowed, the move and
    why in one sentence ("P1 can build a settlement on A12.", "P1 can't build a road on K5:
    the setup road must touch…", ``rules.words.can``/``why_not``; never its notation), and
    the rule (title; text on demand, or already open with ``opened``). A spot ``typed`` (the
    move's words) names otherwise is said by its printed label, first told which it is ("“F11”
    is edge B5 on the board. P1 can't build a road on B5: …": s31, l39, ``typed_names``)."""
    colour = GREEN if ex.legal else RED
    mark = f"{icons.OK} Allowed." if ex.legal else f"{icons.NO} Not allowed."  # (its own
    # sentence: "not allowed: P2 can't discard 1 lumber: P2 must…" had two colons; issue 33)
    reason = plain(ex.reason)
    # (the try's kind is its own, and what its sentence says: "(3:1)", l45 at 9.18, whose
    # "P2 has no 3:1 rate for cloth" was kept back for naming a rate)
    own = can(game.state, ex.action, ex.legal)
    told = [w for w in hidden if w not in kind_words(ex.action) and not said_in(own, w)]
    if ex.legal:
        move = can(game.state, ex.action, True)
        if reason == say(game.state, ex.action):  # the move's words already say it
            reason = ""
        reason = keep_secret(reason, told) if told else reason
    else:
        if told:  # an open question's answer kept back (l40 at 1.4: "it is P3's move")
            reason = keep_secret(reason, told) or keep_secret(cause_kept(game.state, ex), told)
            reason = reason or _kept_back(game, ex.action)
        move, reason = why_not(game.state, ex.action, reason), ""
    if typed and (
        names := own_names(typed, ex.action, tuple(map(game.state.name, range(game.state.n))))
    ):
        move, reason = in_printed_names(move, names), in_printed_names(reason, names, note=False)
    if ex.legal and reason:  # nothing is played yet: the move's words again are no news
        # ("P1 builds a road on N1 (J7)" under "P1 can build a road on J7"), anything else is
        # what playing it would do (it read as played: "P1 builds a road on J7.", s32)
        reason = "" if reason == say(game.state, ex.action) else f"Playing it: {reason}"
    return (
        f"<div class='catan-verdict' data-rule='{markup.text(ex.rule)}' "
        f"data-legal='{int(ex.legal)}' style='line-height:1.4'>"
        f"<div><b style='color:{colour}'>{mark}</b> <span class='catan-verdict-move'>"
        f"{markup.text(move)}</span></div>"
        f"{f'<div>{markup.text(reason)}</div>' if reason else ''}"
        f"{rule_details(ex.rule, opened)}</div>"
    )


def _kept_back(game: Game, a: Action) -> str:
    """A refusal's reason at an open question when the engine's names a part of its answer:
    not that seat's move (whose it is, kept), else kept back until the question is answered."""
    seat = not_their_move(game, a)
    return (
        f"it is not {seat}'s move now"
        if seat
        else "why is kept back until the question is answered"
    )


def unreadable_html(
    text: str,
    problem: str,
    word: str = "",
    moves: Sequence[str] = (),
    hidden: Sequence[str] = (),
) -> str:
    """What the tutor says of text that is not a move at all: the text typed, the ``word`` at
    fault marked in it, what is wrong (``problem``: a learner's sentence, without a clause
    naming ``hidden``, an open question's secrets the text does not: "the edges of hex N are
    …, N3, N5", l40) and ``moves`` as examples (legal now: a fixed "P1 road H3" was refused
    there, learner s31), else the form without one."""
    typed = text.strip()
    told = [w for w in hidden if not re.search(rf"\b{re.escape(w)}\b", typed, re.I)]
    problem = keep_secret(problem, told) if told else problem
    at = _word_at(typed, word)
    shown = (
        markup.text(typed[:at])
        + "<mark class='catan-bad-word'>"
        + markup.text(word)
        + "</mark>"
        + markup.text(typed[at + len(word) :])
        if at >= 0
        else markup.text(typed)
    )
    like = (
        f"Moves read like {', '.join(_example(m) for m in moves)}."
        if moves
        else "Moves read as the player, the kind of move and its spot's label where it has one."
    )
    return (
        f"<div class='catan-verdict' data-legal='' style='line-height:1.4'>"
        f"<b style='color:{RED}'>{icons.NO} Not a move:</b> <code>{shown}</code>"
        f"<div>{markup.text(problem)}</div><div style='color:{GREY}'>{like}</div>"
        "</div>"
    )


def _example(move: str) -> str:
    """An example move in code type; the board labels no spot of it (``named_words``: l36's
    free game showed "H3" on the board after "Moves read like … P1 road H3")."""
    return f"<code class='{markup.EXAMPLE}'>{markup.text(move)}</code>"


def _word_at(text: str, word: str) -> int:
    """Where ``word`` stands as a whole word in ``text`` (-1: nowhere, or no word)."""
    if not word:
        return -1
    m = re.search(rf"(?<![^\s,]){re.escape(word)}(?![^\s,])", text)
    return m.start() if m else -1


# ---------------------------------------------------------------- the game's log
def narrate(
    before: Game, action: Action, ex: Explanation, after: Game, viewer: Viewer = None
) -> str:
    """One line of the game's log: what the move did, told by the engine's events
    (catan_tutor.words.narrate: "P1 rolled 5 + 3 = 8: P2 gets 1 brick, P3 gets 2 grain.", the
    attack's strengths, knights displaced, awards, VP), as ``viewer`` may read them (None: what
    everybody sees), then what the game waits for next. ``ex`` is the engine's verdict on
    the move, taken before it was played: its reason opens the line when no event does."""
    return narrate_steps([(before, action, after)], ex, viewer)


def event_sentences(
    before: Game, action: Action, after: Game, viewer: Viewer = None, moves: bool = True
) -> list[str]:
    """What the move did, by the engine's events, each a sentence ([] when no event);
    without ``moves``, not the move itself in words ("The white die shows 3."): only what it
    brought (production, an attack, cards)."""
    told = events(before.rules, before.state, action, after.state)
    moved = " ".join(e.text for e in told if e.kind == "move")
    said = [
        plain(e.text_for(viewer))
        for e in told
        if (moves or e.kind != "move") and not (e.kind == "robber" and _named(e.text, moved))
    ]
    return [s if s.endswith((".", "!")) else s + "." for s in said if s]


def _named(robber: str, moved: str) -> bool:
    """ "The robber moves to H." after "P2 moves the robber to H and steals…": said once
    (issue 33)."""
    m = re.fullmatch(r"The robber moves to (\w+)\.", robber)
    return m is not None and re.search(rf"\bthe robber to {m[1]}\b", moved) is not None


def narrate_steps(
    steps: list[tuple[Game, Action, Game]],
    ex: Explanation,
    viewer: Viewer = None,
    next_too: bool = True,
) -> str:
    """One line of the log for moves told at once (a roll and its dice: ``roll_steps.py``):
    what each step brought, in order, and the last move in full (the last move's verdict
    ``ex`` when no event tells anything), then (``next_too``) what the game waits for after
    the last (``next_sentence``)."""
    parts: list[str] = []
    for i, (before, action, after) in enumerate(steps):
        for said in event_sentences(before, action, after, viewer, moves=_told(action, i, steps)):
            told = re.match(r"\S+ (.+)\.$", said)  # "P2 steals a card from P4." once only
            if told and any(told[1] in p for p in parts):
                continue
            if not _card_named(said, parts) and not _metropolis_named(said, parts):
                parts.append(said)
    if not parts:
        parts = [plain(ex.reason).rstrip(".") + "."]
    after = steps[-1][2]
    if after.is_over():
        if after.winner is not None and not any("wins" in s for s in parts):
            parts.append(f"{after.names[after.winner]} wins!")
    elif next_too:
        parts.append(next_sentence(after))
    return " ".join(parts)


def _card_named(said: str, parts: list[str]) -> bool:
    """A stolen card's kind, for a viewer who may read it ("P2 steals 1 wool from P4."),
    names the card in the move's own sentence, said once ("P2 moves the robber to H and steals
    1 wool from P4."); True when it did so."""
    m = re.fullmatch(r"\S+ steals (1 \w+) from (\S+)\.", said)
    if m is None:
        return False
    return _said_instead(parts, f"steals a card from {m[2]}", f"steals {m[1]} from {m[2]}")


def _metropolis_named(said: str, parts: list[str]) -> bool:
    """A metropolis's event ("P1 takes the trade metropolis from P2, now on A6.") said by the
    move's own sentence already ("P1 improves trade to level 5 and takes the trade metropolis
    from P2 onto P1's city on A6": l34 read it twice in 10.3); True when it was so
    (CK-METRO-TAKE)."""
    m = re.fullmatch(r"\S+ takes the (\w+) metropolis(?: from (\S+))?, now on (\S+)\.", said)
    if m is None:
        return False
    gone = f" from {re.escape(m[2])}" if m[2] else ""
    told = re.compile(
        rf"\b(?:takes|puts) the {m[1]} metropolis{gone} (?:on|onto) \S+ city "
        rf"on (?:corner )?{m[3]}\b"  # (a label like a seat's said "corner P4")
    )
    return any(told.search(p) for p in parts)


def _said_instead(parts: list[str], public: str, full: str) -> bool:
    """The first of ``parts`` saying ``public`` says ``full`` there instead; True when one did."""
    for i, p in enumerate(parts):
        if public in p:
            parts[i] = p.replace(public, full)
            return True
    return False


def next_sentence(game: Game) -> str:
    """What the game waits for, as the log's last sentence: "Next, it is up to P3 to place a
    road.", "Next, roll the dice." (the engine's "P3: place a road" would make "Next: P3:
    place a road", a colon after a colon; issue 33)."""
    names = set(game.names)
    parts = []
    for part in plain(game.prompt()).split("; "):
        who, sep, what = part.partition(": ")
        seats = re.split(r", | and ", who)
        parts.append(f"it is up to {who} to {what}" if sep and names >= set(seats) else part)
    return f"Next, {'; '.join(parts).rstrip('.')}."


def _told(action: Action, i: int, steps: list) -> bool:
    """Step ``i`` of moves told at once says its move in words: the last does, and a move
    somebody chose (an end of turn the dice follow); a die or the Roll that began the roll
    does not (the roll's own line says the dice)."""
    return i == len(steps) - 1 or not (action.is_chance or isinstance(action, Roll))


def short_reason(ex: Explanation) -> str:
    """The verdict's reason cut to its first sentence, whole (the board's banner wraps it),
    for the why-not banner on the board."""
    text = plain(ex.reason)
    return re.split(r"(?<=[.!?])\s", text, maxsplit=1)[0]


ATTACK_LOOKBACK = 400  # timeline steps searched back for the last attack


def last_attack(node) -> dict | None:
    """The barbarian attack since which the ship has not moved on (timeline ``node`` and its
    parents): its facts (``barbarians``, ``defenders``, ``won``...; catan_tutor.words.narrate),
    or None. The strip shows these strengths, not the knights active now (CK-BARB-AFTER:
    all lie down after the attack)."""
    for _ in range(ATTACK_LOOKBACK):
        parent = getattr(node, "parent", None)
        if parent is None or not node.state.caps.improvements or node.state.barb != 0:
            return None
        if parent.state.barb == TRACK_END - 1 and parent.state.phase == "dice":
            return attack_facts(parent.state, node.state)
        node = parent
    return None
