"""The rules reference, ``catan_tutor/rulebook/rules.md``, as records.

The file ships inside the package (read with ``importlib.resources``) and is parsed once, on
first use. Each bullet ``- `RULE-ID` text [tags]`` becomes a :class:`Rule`; the variant
inheritance comes from the table in the file's §0.

A rule's ``title`` is made from its ID, never typed by hand: drop the variant prefix; replace
the few names that read badly word by word (``_PHRASES``, e.g. ``CK-BARB-LOSE`` "Barbarian
attack: who loses a city"); spell out each remaining word (``_WORDS``: abbreviations, verbs
made nouns, card names capitalised); an area that names a family of rules becomes a heading
before a colon (``_HEADINGS``: ``CK-PC-ALCHEMY`` "Progress card: Alchemy"), any other area
joins the name as one phrase (``CK-KNIGHT-DISPLACE`` "Knight displacement").
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import cache
from importlib.resources import files

__all__ = [
    "Reading",
    "Rule",
    "amended_by",
    "reading",
    "rule",
    "rules",
    "rules_of",
    "text_of",
    "variants",
]


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule of the reference."""

    id: str  # e.g. "CK-KNIGHT-DISPLACE"
    title: str  # short human title, e.g. "Knight displacement"
    text: str  # the rule itself: the bullet without its ID, tags and decision note
    variant: str  # the variant whose section states it: base, base-2p, base-dummy, ck, ck-2p
    section: str  # its subsection heading, e.g. "4.9 Knights"
    sources: tuple[str, ...]  # its tags in order: "std", "004", "003", "decision", ...
    amends: tuple[str, ...]  # the IDs its "Replaces `X`" / "Amends `X`" note names
    decision: str  # the decision note ("Alt: … Why: …"), "" if none
    part: str = ""  # what a "[decision: …]" tag covers, e.g. "the last sentence"


@dataclass(frozen=True, slots=True)
class Reading:
    """A [decision] of the reference as a learner reads it: this tutor's reading of the rules,
    not a rule the sources state. ``part``: the part of the rule it covers ('' for all of it);
    ``basis``: what the sources say ('' when they are silent); ``alternative``: the other
    reading(s); ``why``."""

    part: str
    basis: str
    alternative: str
    why: str


# The seeds, by the names a learner reads (rules.md §0 lists the files).
SOURCE_NAMES = {
    "000": "the Cities & Knights for two variant",
    "001": "the older Cities & Knights summary",
    "002": "the dummy-player rule sheet",
    "003": "the Cities & Knights rulebook",
    "004": "the official two-player rulebook",
}
_SOURCE = re.compile(r"\b(00[0-4])\b('s)?")


def _named(text: str) -> str:
    """``text`` with each seed number (004) replaced by its name for a learner, and each
    sentence starting with a capital."""

    def name(m: re.Match) -> str:
        return SOURCE_NAMES[m[1]] + ("\u2019s" if m[2] else "")

    text = _SOURCE.sub(name, text)
    return re.sub(r"(^|(?<!i\.e)(?<!e\.g)\. )([a-z])", lambda m: m[1] + m[2].upper(), text)


def reading(rule_id: str) -> Reading | None:
    """The rule's [decision] as a ``Reading`` (None for a rule the sources state)."""
    r = rule(rule_id)
    if "decision" not in r.sources:
        return None
    basis, _, rest = r.decision.partition("Alt:")
    basis = basis.strip()
    if r.part and basis.startswith(r.part):
        basis = basis[len(r.part) :].lstrip(". ")
    alternative, _, why = rest.partition("Why:")
    return Reading(*(_named(x.strip().rstrip(".")) for x in (r.part, basis, alternative, why)))


@dataclass(frozen=True, slots=True)
class _Book:
    rules: dict[str, Rule]
    parents: dict[str, tuple[str, ...]]  # variant -> parent variants, from §0's table


_BULLET = re.compile(r"^- `([A-Z0-9]+(?:-[A-Z0-9]+)*)` (.*)$")
_TAG = re.compile(r"\[(std|\d{3}|decision)(?::\s*([^\]]*))?\]")
_AMENDS = re.compile(
    r"\b(?:Replaces|Amends) (?:the [a-z ]+ of )?((?:`[A-Z0-9-]+`(?:,? and |, )?)+)"
)
_QUOTED = re.compile(r"`([^`]+)`")
_VARIANT_ROW = re.compile(r"^\| ([a-z0-9-]+) \| ([^|]+?) \| §(\d+) \|$")

_PHRASES = {  # whole names (prefix dropped) whose words do not read well one by one
    "BOARD-BEGINNER": "Board: beginner map",
    "BOARD-BEGINNER-HARBORS": "Board: beginner map harbors",
    "BOARD-VARIABLE": "Board: random board",
    "BOARD-VARIABLE-SPIRAL": "Board: number token spiral",
    "BOARD-VARIABLE-HARBORS": "Board: harbors on a random board",
    "BOARD-ROBBER-START": "Board: where the robber starts",
    "BOARD-TRACK": "Board: barbarian track",
    "DEF-ADJACENT": "Words: adjacent corners",
    "DEF-COAST": "Words: coast",
    "DEF-DESERT-ADJ": "Words: next to the desert",
    "DEF-CONNECTED": "Words: connected roads",
    "INFO": "Open and hidden information",
    "TURN-OFFTURN": "Turn: what others may do",
    "SEVEN-NOPROD": "The 7: no production",
    "TRADE-DOMESTIC": "Trading with players",
    "TRADE-MARITIME": "Trading with the bank",
    "TRADE-BANK": "Trading with the bank",
    "TRADE-NO-DEV": "Development cards are not traded",
    "TRADE-HOUSE": "Trading House",
    "TRADE-MERCHANT": "Trading with the merchant",
    "BUILD-DISTANCE": "Distance rule",
    "BUILD-DEVCARD": "Buying a development card",
    "BUILD-OCCUPIED": "Building next to knights",
    "WIN-VP": "Victory points",
    "WIN-10": "Victory at 10 VP",
    "WIN-13": "Victory at 13 VP",
    "WIN-OFFTURN": "Victory points reached off turn",
    "VP-SOURCES": "Victory points",
    "SETUP-NO-NEUTRAL-BUILD": "Setup: no neutral builds",
    "SETUP-NOTHING-ON-BOARD": "Setup: the dummy has no pieces",
    "SETUP-TOKENS": "Setup: trade tokens",
    "ROLL": "The dummy's roll",
    "ROLL-DIFFERENT": "Rolling: the second sum differs",
    "ROLL-SAME": "Rolling: what counts as the same result",
    "ROLL-EVENT-RED": "Rolling: red die of the second event",
    "ROLL-AQUEDUCT": "Rolling: Aqueduct after each roll",
    "NEUTRAL-NONE-POSSIBLE": "Neutrals: no legal neutral piece",
    "NEUTRAL-ON-BOARD": "Neutrals: pieces on the board",
    "NEUTRAL-CITIES": "Neutrals: cities, walls and activation",
    "NEUTRAL-PROMOTE-LEVEL": "Neutrals: knight promotion level",
    "TOKEN-VP-COUNT": "Trade tokens: which VP set the price",
    "TOKEN-ONE-PER-TURN": "Trade tokens: one action per turn",
    "TOKEN-ONE-ACTION": "Trade tokens: one action per turn",
    "TOKEN-FORCED-TRADE-MIN": "Trade tokens: forced trade needs 2 cards",
    "TOKEN-ROBBER": "Trade tokens: robber home",
    "TOKEN-INCOME-BOTH": "Trade tokens: income next to desert and coast",
    "TOKEN-KNIGHT-ARMY": "Trade tokens: returned Knight and Largest Army",
    "TOKEN-KNIGHT-ARMY-NEXT": "Trade tokens: who takes the given-up Largest Army",
    "TOKEN-SETUP-CITY": "Trade tokens: income from the setup city",
    "TOKEN-KNIGHT-REMOVE": "Trade tokens: cashing in a knight",
    "TOKEN-KNIGHT-REMOVE-TIMING": "Trade tokens: when a knight is cashed in",
    "EVENT-CARDS": "Event cards",
    "IMMUNE": "The dummy's cards are safe",
    "STEAL-TARGET": "The dummy steals",
    "STEAL-EMPTY": "The dummy steals: empty hand",
    "DEV-DIE": "Development die",
    "AWARD-RECLAIM": "Award: taking a card back from the dummy",
    "COMP-REMOVED": "Components: removed from the base game",
    "COMP-PROGRESS": "Components: progress cards",
    "TURN-ROLL-PHASE": "Turn: Roll Dice phase",
    "TURN-PRODUCTION-PHASE": "Turn: Production phase",
    "TURN-ACTION-PHASE": "Turn: Action phase",
    "PROGRESS-VP-CARDS": "Progress cards: VP cards",
    "PROGRESS-EMPTY": "Progress cards: empty deck",
    "IMPROVE-BUILD": "City improvements: buying a level",
    "IMPROVE-KEEP": "City improvements: kept without a city",
    "IMPROVE-SCIENCE-3": "City improvements: Aqueduct (science 3)",
    "IMPROVE-TRADE-3": "City improvements: Trading House (trade 3)",
    "IMPROVE-POLITICS-3": "City improvements: Fortress (politics 3)",
    "METRO-OWN-LEVEL5": "Metropolis: the holder's level 5",
    "KNIGHT-RECRUIT": "Recruiting a knight",
    "KNIGHT-ACTIVATE": "Activating a knight",
    "KNIGHT-PROMOTE-MIGHTY": "Knight promotion to mighty",
    "KNIGHT-ACTION-ELIGIBLE": "Which knights may act",
    "KNIGHT-ELIGIBLE-IDENTITY": "A promoted knight may still act",
    "KNIGHT-CHASE-ROBBER": "Knight chases the robber",
    "KNIGHT-BLOCKS": "Knights block",
    "BARB-LOSE": "Barbarian attack: who loses a city",
    "BARB-LOSE-CHOICE": "Barbarian attack: which city is lost",
    "BARB-WIN": "Barbarian attack: defenders win",
    "BARB-WIN-ZERO": "Barbarian attack: no reward for 0",
    "BARB-TOKENS": "Barbarian attack: defender tokens",
    "BARB-AFTER": "Barbarian attack: afterwards",
    "PC-NO-TARGET": "Progress card without a target",
    "PC-MERCHANT-DESERT": "Progress card: Merchant on the desert",
    "PC-SABOTAGE-SELF": "Progress card: Sabotage spares its player",
    "PC-DIPLOMACY-NEUTRAL": "Progress card: Diplomacy on a neutral road",
    "PC-OTHERS": "Progress cards: the others",
    "INHERIT": "Two-player rules on top of Cities & Knights",
}
_WORDS = {  # one ID word -> words for a learner; any other word is lowercased
    "COMP": "components",
    "DEF": "words",
    "PROD": "production",
    "DEV": "development card",
    "PC": "progress card",
    "BARB": "barbarian attack",
    "METRO": "metropolis",
    "VP": "VP",
    "DISPLACE": "displacement",
    "RELOCATE": "relocation",
    "PROMOTE": "promotion",
    "ROUND1": "round 1",
    "ROUND2": "round 2",
    "SEVEN": "the 7",
    "BUILD": "building",
    "IMPROVE": "city improvements",
    "WALL": "city wall",
    "TOKEN": "trade tokens",
    "NEUTRAL": "neutrals",
    "ROLL": "rolling",
    "WIN": "victory",
    "ROLLOFF": "roll-off",
    "EVENT": "event die",
    "PROGRESS": "progress cards",
    "MIN": "minimum",
    "SETUP": "setup",
    "SHORTAGE": "bank shortage",
    "TAKE": "taking it",
    "NEEDS": "needs a",
    "FIRST": "first",
    "DRAW": "draw",
    "DECK": "deck",
    "YIELD": "yield",
    "ROAD": "road",
    "KNIGHT": "knight",
    "LEGAL": "legal places",
    "PLACE": "placement",
    "INERT": "never act",
    "CHOOSER": "who chooses",
    "MIRROR": "building for a neutral",
    "DOUBLE": "three dice twice",
    "TWICE": "twice",
}
_NAMES = (
    "Longest Road",
    "Largest Army",
    "Longest Route",
    "Road Building",
    "Year of Plenty",
    "Trade Monopoly",
    "Resource Monopoly",
    "Merchant Fleet",
    "Commercial Harbor",
    "Guild Dues",
)
_HEADINGS = {
    "COMP",
    "BOARD",
    "DEF",
    "SETUP",
    "TURN",
    "DEV",
    "AWARD",
    "CHANCE",
    "TOKEN",
    "PROGRESS",
    "PC",
    "BARB",
    "METRO",
    "IMPROVE",
    "EVENT",
    "NEUTRAL",
    "ROLL",
    "WALL",
    "PROD",
    "SEVEN",
    "ROBBER",
    "TRADE",
    "BUILD",
}
_COMPOUND = {
    "KNIGHT",
    "PROD-ROLL",
    "PROD-YIELD",
    "PROD-SHORTAGE",
    "ROBBER-MOVE",
    "ROBBER-STEAL",
    "ROBBER-BLOCK",
    "BUILD-COSTS",
    "BUILD-LIMITS",
}


def _title(rule_id: str) -> str:
    name = rule_id.split("-", 1)[1] if "-" in rule_id else rule_id
    if name in _PHRASES:
        return _PHRASES[name]
    area, *rest = name.split("-")
    words = " ".join(_WORDS.get(w, w.lower()) for w in rest)
    for proper in _NAMES:  # card and award names keep their capitals
        words = words.replace(proper.lower(), proper)
    if area in ("PC", "DEV") and words and words[0].islower():
        words = words[0].upper() + words[1:]  # a card's name: "Progress card: Alchemy"
    head = _WORDS.get(area, area.lower())
    if not words:
        title = head
    elif area in _HEADINGS and name not in _COMPOUND and area not in _COMPOUND:
        title = f"{head}: {words}"
    else:
        title = f"{head} {words}"
    return title[0].upper() + title[1:]


# A sentence for the reference's maintainers ("Check: terrain counts and the 18 tokens
# match …", "Fix here if …"): kept in rules.md, not in the text or note a learner reads.
_MAINTAINERS = re.compile(r"\s*\b(?:Check: |Fix here )[^.]*\.")


def _split(body: str) -> tuple[str, tuple[str, ...], str, str]:
    """A bullet's text after its ID -> (rule text, source tags, decision note, the part a
    "[decision: …]" tag covers)."""
    text, sources, notes = [], [], []
    part = ""
    pos = 0
    for tag in _TAG.finditer(body):
        text.append(body[pos : tag.start()])
        sources.append(tag[1])
        if tag[2] is not None:  # "[decision: what it covers. Alt: … Why: …]"
            notes.append(tag[2].strip())
            covers = tag[2].partition("Alt:")[0].strip()
            part = part or covers.split(". ", 1)[0].rstrip(".:")
        pos = tag.end()
        if tag[1] == "decision" and tag[2] is None:  # "[decision] note to the end"
            if not _TAG.match(body, pos):
                notes.append(body[pos:].strip())
                pos = len(body)
                break
    text.append(body[pos:])
    clean = _MAINTAINERS.sub("", " ".join(" ".join(text).split())).strip()
    note = _MAINTAINERS.sub("", " ".join(n for n in notes if n)).strip()
    return clean, tuple(sources), note, part


# The dummy seat as rules.md names it ("D", also a hex's letter), and as a learner reads it
_DUMMY = (
    (re.compile(r"\b(?:an imaginary |the )?dummy D\b"), "an imaginary dummy"),
    (re.compile(r"\bper D turn\b"), "per turn of the dummy"),
    (re.compile(r"(?<![\w`-])D(?=['’]s\b|\b)(?![-`])"), "the dummy"),
    (re.compile(r"(^|[.!?] )the dummy"), r"\1The dummy"),
)


def _dummy_named(text: str) -> str:
    """A dummy rule's ``text`` with the dummy seat named "the dummy", as the page names it
    (``State.name``), not "D" (a hex's letter too); its rule IDs and quotations unchanged."""
    parts = re.split(r"(`[^`]*`|\"[^\"]*\")", text)
    for i in range(0, len(parts), 2):
        for pattern, words in _DUMMY:
            parts[i] = pattern.sub(words, parts[i])
    return "".join(parts)


def _parse(source: str) -> _Book:
    parents: dict[str, tuple[str, ...]] = {}
    by_section: dict[str, str] = {}  # "4" -> "ck"
    found: dict[str, Rule] = {}
    variant = section = ""
    for line in source.splitlines():
        if row := _VARIANT_ROW.match(line):
            names = re.split(r",\s*|\s+and\s+", row[2].strip())
            parents[row[1]] = tuple(n for n in names if n not in ("", "–", "-"))
            by_section[row[3]] = row[1]
        elif line.startswith("## "):
            variant = by_section.get(line[3:].split(".", 1)[0], "")
            section = ""
        elif line.startswith("### "):
            section = line[4:].strip()
        elif bullet := _BULLET.match(line):
            rule_id, body = bullet[1], bullet[2]
            if not variant:
                raise ValueError(f"rules.md: {rule_id} outside a variant's section")
            if rule_id in found:
                raise ValueError(f"rules.md: {rule_id} appears twice")
            text, sources, decision, part = _split(body)
            if rule_id.startswith("DUMMY-"):  # the page's name for the seat (l32: "D's ore")
                text, decision, part = (_dummy_named(x) for x in (text, decision, part))
            amends = tuple(i for m in _AMENDS.finditer(text) for i in _QUOTED.findall(m[1]))
            found[rule_id] = Rule(
                rule_id, _title(rule_id), text, variant, section, sources, amends, decision, part
            )
    return _Book(found, parents)


@cache
def _book() -> _Book:
    """The packaged reference, parsed on first use."""
    return _parse(files(__name__).joinpath("rules.md").read_text(encoding="utf-8"))


def rules() -> dict[str, Rule]:
    """Every rule, by ID, in file order (a new dict each call; the records are shared)."""
    return dict(_book().rules)


def rule(rule_id: str) -> Rule:
    """The rule ``rule_id``; ``KeyError`` naming the closest IDs when there is none."""
    found = _book().rules
    if rule_id in found:
        return found[rule_id]
    wanted = rule_id.strip().upper().replace("_", "-")
    if wanted in found:
        close = [wanted]
    else:
        close = difflib.get_close_matches(wanted, found, n=3, cutoff=0.6)
        if not close:  # a unique prefix or part, e.g. "KNIGHT-DISPLACE"
            close = [i for i in found if wanted and wanted in i][:3]
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    raise KeyError(f"no rule {rule_id!r} in the rules reference{hint}")


def text_of(rule_id: str) -> str:
    """The text of rule ``rule_id``."""
    return rule(rule_id).text


def variants() -> dict[str, tuple[str, ...]]:
    """Each variant and its parent variants, as the inheritance table in §0 gives them."""
    return dict(_book().parents)


def rules_of(variant: str) -> dict[str, Rule]:
    """The rules of ``variant``: its own section's and, recursively, its parents', in file
    order. Inherited rules that a child replaces stay in; :func:`amended_by` names them."""
    parents = _book().parents
    if variant not in parents:
        raise KeyError(f"no variant {variant!r}; the variants are {', '.join(parents)}")
    todo, lineage = [variant], set()
    while todo:
        v = todo.pop()
        if v not in lineage:
            lineage.add(v)
            todo.extend(parents[v])
    return {i: r for i, r in _book().rules.items() if r.variant in lineage}


def amended_by(rule_id: str) -> tuple[Rule, ...]:
    """The rules whose "Replaces"/"Amends" note names ``rule_id``, in file order."""
    rule(rule_id)  # unknown IDs raise
    return tuple(r for r in _book().rules.values() if rule_id in r.amends)
