"""The Moves tab's move list, read like an analysis board (a Lichess study): turn numbers, the
moves in words, each comment after its move, variations inline in brackets under the move they
replace, the current move highlighted; a click on a move jumps there.
A roll and its dice are one row in words ("P1 rolls 5 and 5: 10": ``roll_words.py``), landing
at the node where the dice fell; each row and turn heading ends, out of sight, with a full stop
for a screen reader, so the rows never read as one run-on string.

A variable board's set-up (the tiles, numbers and harbors chance lays out before the first
settlement) shows as one line, "board laid out": the game starts at the laid-out board
(``start_node``), which is where |◀ / Home returns to.

Below a lesson's question not answered yet nothing is written (``hidden``: the answer line and
every variation after the question, ``PuzzleState.hidden``): the list stops at the question.

Clicks and keys reach the kernel through ipyevents (as the board's pointer does), so the list
works the same in Voilà and in a notebook: each move is a ``<span>`` whose class names its node
(``catan-mv-<id>``, also ``data-node``); ipyevents sends the class of the element clicked.
Nothing is a link, nothing runs in the page.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Collection

import ipywidgets as widgets
from ipyevents import Event

from ..actions import Action, DrawDev, DrawProgress, ForcedCard, Steal
from ..grammar import count, sentence, spelled_out
from ..move_words import SAYINGS
from ..rules.words import board_words, notation_words
from ..state import State
from ..study.timeline import Node, Timeline
from ..variants.tables import TableRules as Rules
from . import markup
from .guard import guarded, shown_in
from .roll_steps import said_by_move
from .roll_texts import dice_only
from .roll_words import throw_nodes, throw_words
from .row_comments import beyond_row
from .turn_words import round_heading
from .tutor_session import SETUP_PHASE, start_node
from .verdicts import uncited

MAX_SHOWN = 600  # moves written into the list at most (a window around the current move)
LIST_KEYS = {
    "ArrowLeft": "back",
    "ArrowUp": "back",
    "ArrowRight": "forward",
    "ArrowDown": "forward",
    "Home": "first",
    "End": "last",
}
_NODE_CLASS = re.compile(r"\bcatan-mv-(\d+)\b")
# After each row and turn heading, for a screen reader and the text a page copies: a full stop
# and a space, out of sight (rows are spans side by side; without it they run together); inline,
# so the page's text keeps the row on its line ("Turn 2. P1 rolls 5 and 5: 10.").
_STOP = "<span class='catan-mv-stop'>.</span> "
# a move whose sentence its comment goes on (", because…"): no padding before the comma
_GOES_ON = ("<span class='catan-mv ", "<span class='catan-mv catan-mv-goes-on ")
# The list's first line, the position it starts from, in plain words (l28: a lesson's list
# began "start.")
START_OF_GAME, START_OF_LESSON = "Start of the game", "Start of the lesson"

# Above the lesson's own variations the learner is not on, set apart from the learner's own
# (l35 at 9.18: the lesson's "Merchant on K, L, O" read as moves the learner had played)
LESSON_ANSWERS, LESSON_LINES = "The lesson's other answers:", "The lesson's other moves here:"

# The list's look: the page's theme colours (JupyterLab's CSS variables, light fallbacks).
MOVES_CSS = """<style>
.catan-moves-box{max-height:360px;overflow:auto;padding:6px 8px;line-height:1.7;
 border:1px solid var(--jp-border-color2,#ddd);border-radius:4px;font-size:13px;
 background:var(--jp-layout-color1,#fff);color:var(--jp-ui-font-color1,#1a1a1a)}
.catan-moves-box:focus-visible{outline:3px solid var(--jp-brand-color1,#1b5e9f);
 outline-offset:1px}
.catan-mv{cursor:pointer;padding:1px 4px;border-radius:3px}
.catan-mv:hover{background:var(--jp-layout-color3,#e3e8ee)}
.catan-mv-current{background:#1565c0;color:#fff;font-weight:600}
.catan-mv-goes-on{padding-right:1px}
.catan-mv-current:hover{background:#0d47a1}
.catan-mv-turn{display:block;color:var(--jp-ui-font-color2,#666);font-size:12px;
 font-weight:600;margin:6px 0 1px 0;white-space:nowrap}
.catan-mv-chance{font-style:italic}
.catan-mv-comment{display:block;color:var(--jp-ui-font-color2,#555);font-style:italic;
 margin:0 0 3px 16px}
.catan-mv-comment.catan-mv-said-on{display:inline;margin:0 4px 0 0}
.catan-mv-var{display:block;margin:2px 0 2px 14px;padding-left:8px;font-size:12.5px;
 border-left:2px solid var(--jp-border-color1,#bbb);color:var(--jp-ui-font-color1,#333)}
.catan-mv-lesson{color:var(--jp-ui-font-color2,#666);border-left-style:dotted}
.catan-mv-lesson .catan-mv{font-style:italic}
.catan-mv-aside{display:block;font-size:12px;color:var(--jp-ui-font-color2,#666)}
.catan-mv-more{color:var(--jp-ui-font-color2,#666);font-size:12px}
.catan-mv-stop{display:inline-block;width:1px;height:1px;margin:-1px;overflow:hidden;
 clip-path:inset(50%);white-space:nowrap}
</style>"""


def _player_move(verb: str) -> Callable[[list[str]], str]:
    """``P1 settle J12`` -> ``P1 <verb> J12``."""
    return lambda t: " ".join([t[0], verb, *t[2:]]).strip()


def _forced(t: list[str]) -> str:
    """``P1 force take 1 wool give 1 brick`` -> ``P1 forces a trade: takes 1 wool, gives 1
    brick``."""
    take, _, give = " ".join(t[3:]).partition(" give ")
    return f"{t[0]} forces a trade: takes {take}, gives {give}"


# The notation of each kind of move (``str(action)``), reworded for learners; the labels of
# vertices, edges and hexes stay as the board and the notation write them.
WORDS: dict[str, Callable[[list[str]], str]] = {
    "Settle": _player_move("builds a settlement on"),
    "BuildRoad": _player_move("builds a road on"),
    "BuildCity": _player_move("builds a city on"),
    "BuildWall": _player_move("builds a city wall on"),
    "Roll": lambda t: f"{t[0]} rolls",
    "EndTurn": lambda t: f"{t[0]} ends the turn",
    "MoveRobber": lambda t: (
        f"{t[0]} moves the robber to hex {t[2]}" + (f" and robs {' '.join(t[3:])}" if t[3:] else "")
    ),
    "MoveKnight": lambda t: (
        f"{t[0]} moves the knight on {t[2]} to {t[3]}" + (f" {' '.join(t[4:])}" if t[4:] else "")
    ),
    "BuyDev": lambda t: f"{t[0]} buys a development card",
    "PlayKnight": lambda t: f"{t[0]} plays a Knight card",  # (the card, as printed: s42)
    "Accept": lambda t: f"{t[0]} accepts",
    "Decline": lambda t: f"{t[0]} declines",
    "Recruit": _player_move("recruits a knight on"),
    "Activate": _player_move("activates the knight on"),
    "Promote": _player_move("promotes the knight on"),
    "Improve": _player_move("improves"),
    "Pass": lambda t: f"{t[0]} passes",
    "Discard": lambda t: f"{t[0]} discards {' '.join(t[2:])}",
    "Relocate": lambda t: f"{t[0]} moves the displaced knight to {' '.join(t[2:])}",
    "ForcedTrade": lambda t: _forced(t),
    "Die": lambda t: f"the {' '.join(t[1:-1])} die shows {t[-1]}",
    # a neutral's pieces, the event die, a steal and a card drawn: the engine's sentence
    # ("P1 builds a free road for Neutral 2 on G7", "P3 steals 1 grain from P2"), not
    # "builds for N2: road G7" or "stolen: grain" (issue 33: every word of the Moves tab)
}


# Chance moves that deal a hidden card (BASE-INFO, CK-INFO): to a seat that does not see it,
# the move says that a card moved, never which.
HIDDEN_CARD: dict[type, Callable[[list[str]], str]] = {
    DrawDev: lambda t: "a development card drawn",
    DrawProgress: lambda t: f"a progress card drawn ({t[1]})" if len(t) > 2 else "a card drawn",
    Steal: lambda t: "a card stolen",
    ForcedCard: lambda t: "a card drawn blind",
}


def card_seen(node: Node, seen: Collection[int] | None) -> bool:
    """Whether the seats ``seen`` (None: every seat) see the card the move into ``node``
    dealt: the drawer's hand, a steal's two hands, a blind draw's two hands."""
    if seen is None or node.parent is None or type(node.action) not in HIDDEN_CARD:
        return True
    before = node.parent.state
    parties = {before.active}
    if isinstance(node.action, Steal):
        parties.add(before.victim)
    elif isinstance(node.action, ForcedCard):
        parties.add(1 - before.active)
    return bool(parties & set(seen))


def node_words(
    node: Node, seen: Collection[int] | None = None, rules: Rules | None = None
) -> tuple[str, str]:
    """The move into ``node`` in words and as its tooltip (the narration's sentence under
    ``rules``, never the notation: l19 read "P1 R A2"), for the seats ``seen``: a hidden
    card's name is in neither unless they see it."""
    if node.action is None:
        return "start", "start"
    if card_seen(node, seen):
        before = node.parent.state if node.parent is not None else None
        words = move_words(node.action, before)
        return words, narration(rules, node) or sentence(words)
    words = HIDDEN_CARD[type(node.action)](str(node.action).split())
    return words, words


def narration(rules: Rules | None, node: Node) -> str:
    """The narration's sentence for the move into ``node`` ('' when there is none)."""
    if rules is None or node.parent is None or node.action is None:
        return ""
    try:
        return rules.describe(node.parent.state, node.action).text.strip()
    except (IndexError, KeyError, TypeError, ValueError, AttributeError):
        return ""


def move_words(action: Action, before: State | None = None) -> str:
    """A move as the list shows it: ``P1 settle J12`` -> ``P1 builds a settlement on J12``; a
    kind without its own short wording says what it does, as the engine words it from the
    position ``before`` it ("P2 trades 4 grain with the bank for 1 lumber (4:1)"), never its
    notation (that is the move's tooltip); with no position, its notation's words."""
    text = notation_words(str(action))  # cards as printed (rules/words.py)
    word = WORDS.get(type(action).__name__)
    if word is None:
        return _sentence(action, before) or text
    try:
        return word(text.split())
    except IndexError:  # notation shorter than the kind's usual: keep it as written
        return text


SAYINGS.append(move_words)  # the Moves tab's words read back in the answer box (move_words.py)


def _sentence(action: Action, before: State | None) -> str:
    """The engine's sentence for ``action`` from ``before`` without its full stop ('' when
    there is no position or it cannot be worded there)."""
    if before is None:
        return ""
    try:
        said = action.sentence(before)
    except (IndexError, KeyError, TypeError, ValueError, AttributeError):
        return ""
    return said[:-1] if said.endswith(".") else said


def node_of(class_name: str) -> int | None:
    """The node id a move's class names (``catan-mv catan-mv-12`` -> 12), else None."""
    m = _NODE_CLASS.search(class_name or "")
    return int(m.group(1)) if m else None


def moves_html(
    tl: Timeline,
    limit: int = MAX_SHOWN,
    hidden: Collection[int] = frozenset(),
    seen: Collection[int] | None = None,
    start_words: str = START_OF_GAME,
    lesson: Collection[int] = frozenset(),
    asked: Collection[int] = frozenset(),
) -> str:
    """The move tree as HTML: the start (``start_words``; the laid-out board for a variable
    one), then the
    main line with turn numbers, comments and variations; at most ``limit`` moves, a window
    around the current move (the rest summed up as "… N moves"); none of the ``hidden``
    node ids (the lines below a question not answered yet); a hidden card's name only when
    the seats ``seen`` (None: every seat) see it. The variations of the ``lesson``'s own
    nodes off the line shown are set apart, after the learner's own, under "The lesson's
    other answers" at a question (the ``asked`` nodes), else "other moves here"."""
    start, current = start_node(tl), tl.current
    on_path = {id(n) for n in tl.path()}
    budget = _Budget(tl, start, limit, hidden)
    budget.seen, budget.lesson, budget.asked = seen, lesson, asked
    out: list[str] = [_start_html(tl, start, current, start_words) + _STOP]
    if start.children and start.children[0].id not in hidden:
        _line(start.children[0], current, on_path, budget, out, top=True)
    return "".join(out)


class _Budget:
    """Which moves of a long main line are written: a window of ``limit`` around the
    current move's place on the main line (every move when the tree is small), none of the
    ``hidden`` ones."""

    def __init__(
        self, tl: Timeline, start: Node, limit: int, hidden: Collection[int] = frozenset()
    ) -> None:
        self.limit = limit
        self.used = 0
        self.hidden = hidden
        self.seen: Collection[int] | None = None  # the seats whose hidden cards are named
        self.lesson: Collection[int] = frozenset()  # the lesson's own nodes
        self.asked: Collection[int] = frozenset()  # the lesson's questions
        self.rules = tl.rules  # (which nodes are a roll under way)
        main: list[Node] = []
        n = start
        while n.children and n.children[0].id not in hidden:
            n = n.children[0]
            main.append(n)
        self.lo, self.hi = 0, len(main)
        if len(tl.nodes) > limit:
            at = next((i for i, m in enumerate(main) if m is tl.current), None)
            if at is None:  # the current move is in a variation: where it leaves the main line
                ids = {id(m): i for i, m in enumerate(main)}
                at = next((ids[id(p)] for p in reversed(tl.path()) if id(p) in ids), 0)
            self.lo = max(0, min(at - limit // 2, len(main) - limit))
            self.hi = self.lo + limit
        self.main = {id(m): i for i, m in enumerate(main)}


def _start_html(tl: Timeline, start: Node, current: Node, words: str) -> str:
    laid = start is not tl.root
    inside = laid and current.state.phase == SETUP_PHASE  # stepped into the set-up itself
    # stepped into it (lesson 1.3), the line says where the laying out stands, as the board
    # and the heading do ("board laid out" beside "8 of 19 hexes laid out": l45)
    label = f"laying out the board: {board_words(current.state)}" if inside else words
    label = "board laid out" if laid and not inside else label
    cls = "catan-mv catan-mv-start" + (" catan-mv-current" if current is start or inside else "")
    title = (
        "the board as chance laid it out (its tiles, numbers and harbors): click to see it whole"
        if laid
        else "the position the game starts from"
    )
    return _move_span(start, label, cls, title, current is start or inside)


def _move_span(node: Node, text: str, cls: str, title: str, current: bool) -> str:
    aria = " aria-current='step'" if current else ""
    text = text[:1].upper() + text[1:]  # a row is a sentence (l38c: "the dummy rolls 3 and 4")
    return (
        f"<span class='{cls} catan-mv-{node.id}' data-node='{node.id}' role='button'"
        f" title='{markup.text(title)}'{aria}>{markup.text(text)}</span>"
    )


def _line(
    first: Node,
    current: Node,
    on_path: set[int],
    budget: _Budget,
    out: list[str],
    top: bool = False,
) -> None:
    """One line of play from ``first`` along its main continuations: each move, its
    comment, and after it the other moves that could have been played there (variations)."""
    node: Node | None = first
    turn_shown = -1
    skipped = 0
    while node is not None and node.id not in budget.hidden:
        if not top and budget.used >= 2 * budget.limit and id(node) not in on_path:
            out.append(" <span class='catan-mv-more'>…</span>")  # a long variation, cut
            break
        at = budget.main.get(id(node)) if top else None
        if at is not None and not budget.lo <= at < budget.hi:
            skipped += 1
            node = node.children[0] if node.children else None
            continue
        if skipped:
            out.append(f" <span class='catan-mv-more'>… {count(skipped, 'move')} …</span> ")
            skipped, turn_shown = 0, -1
        turn = node.parent.state.turn if node.parent is not None else 0
        if turn != turn_shown:
            before = node.parent.state if node.parent is not None else None
            heading = round_heading(before, before.active) if before is not None else "Setup"
            # its full stop inside its line (l38c's list read "Round 4 · P1's turn" then
            # ". P1 rolls" on the next line once the heading stood on its own)
            out.append(f"<span class='catan-mv-turn'>{heading}{_STOP.rstrip()}</span> ")
            turn_shown = turn
        group = throw_nodes(budget.rules, node, budget.hidden)  # a roll and its dice: one row
        last, lit = group[-1], any(n is current for n in group)
        chance = all(n.action is not None and n.action.is_chance for n in group)
        cls = (
            "catan-mv"
            + (" catan-mv-chance" if chance else "")
            + (" catan-mv-current" if lit else "")
        )
        thrown = throw_words(group)
        text, title = (
            (thrown, " ".join(narration(budget.rules, n) for n in group).strip() or thrown)
            if thrown
            else node_words(node, budget.seen, budget.rules)
        )
        out.append(_move_span(last, text, cls, title, lit) + _STOP)
        budget.used += 1
        for member in group:  # a die's comment that only says what the row says: left out
            if member.comment and not (
                len(group) > 1
                and (
                    member.comment.strip() == said_by_move(budget.rules, member).strip()
                    or dice_only(member.comment)
                )
            ):
                # a comment opening with the row's own words says only what it adds
                rest, goes_on = beyond_row(text, member.comment)
                if not rest:
                    continue
                if goes_on and out[-1].endswith(_STOP):  # "P2 accepts P1's offer."
                    # (the move's box ends at its last letter: its padding put a gap before
                    # the comment's ", because…", s33)
                    out[-1] = out[-1].removesuffix(_STOP).replace(*_GOES_ON, 1)
                elif goes_on:  # after another comment: this one whole
                    rest, goes_on = member.comment.strip(), False
                # "1 VP" in words, as the lesson (l38); no rule's ID (the step's text marks it
                # with a §: here "(CK-IMPROVE-SCIENCE-3)" showed as typed, s45's learner)
                said = markup.text(spelled_out(uncited(rest)))
                # each comment on a line of its own under its move (l38: the tab read as one
                # run-on paragraph); one going on from its move (", because…") on its line
                on = " catan-mv-said-on" if goes_on else ""
                end = _stop(said)  # a comment's stop inside its line, as a heading's
                out.append(f"<span class='catan-mv-comment{on}'>{said}{end.rstrip()}</span> ")
        others = [o for m in group for o in _variations(m) if o.id not in budget.hidden]
        if others:
            theirs = [o for o in others if o.id in budget.lesson and id(o) not in on_path]
            for other in [o for o in others if all(o is not t for t in theirs)]:
                out.append("<span class='catan-mv-var'>")
                _variation(other, top, current, on_path, budget, out)
                out.append("</span>")
            if theirs:
                asked = theirs[0].parent is not None and theirs[0].parent.id in budget.asked
                out.append(
                    "<span class='catan-mv-var catan-mv-lesson' data-lesson-moves='1'>"
                    f"<span class='catan-mv-aside'>{LESSON_ANSWERS if asked else LESSON_LINES}"
                    "</span>"
                )
                for other in theirs:
                    out.append("<span class='catan-mv-aside-line' style='display:block'>")
                    _variation(other, top, current, on_path, budget, out)
                    out.append("</span>")
                out.append("</span>")
            turn_shown = -1
        node = last.children[0] if last.children else None
    if skipped:
        out.append(f" <span class='catan-mv-more'>… {count(skipped, 'move')}</span>")


def _variation(
    other: Node, top: bool, current: Node, on_path: set[int], budget: _Budget, out: list[str]
) -> None:
    """One variation: its line, or past the budget its first move and how many follow."""
    if top and budget.used > budget.limit and id(other) not in on_path:
        n = sum(1 for _ in _walk(other))
        words = node_words(other, budget.seen)[0]
        title = "other moves tried here (click to open)"
        out.append(_move_span(other, f"{words} (+{n - 1})", "catan-mv", title, False))
    else:
        _line(other, current, on_path, budget, out)


def _stop(said: str) -> str:
    """What follows a comment: a space after its own full stop, else ``_STOP``."""
    return " " if said.rstrip().endswith((".", "!", "?", "…")) else _STOP


def _variations(node: Node) -> list[Node]:
    """The other moves played instead of the move into ``node`` when it is its parent's first
    (main) continuation, else none (a variation's own siblings are listed where it starts)."""
    parent = node.parent
    if parent is None or parent.children[0] is not node:
        return []
    return parent.children[1:]


def _walk(node: Node):
    todo = [node]
    while todo:
        n = todo.pop()
        yield n
        todo.extend(n.children)


def rows(
    tl: Timeline,
    hidden: Collection[int] = frozenset(),
    seen: Collection[int] | None = None,
    start_words: str = START_OF_GAME,
    lesson: Collection[int] = frozenset(),
    asked: Collection[int] = frozenset(),
) -> list[tuple[str, int]]:
    """The list's moves as (words, node id), in the order shown (for tests and screen
    readers' sake: what a visitor can click)."""
    text = moves_html(
        tl, hidden=hidden, seen=seen, start_words=start_words, lesson=lesson, asked=asked
    )
    found = re.findall(r"data-node='(\d+)'[^>]*>([^<]*)</span>", text)
    return [(html.unescape(text), int(n)) for n, text in found]


class MoveList:
    """The move list widget: ``show(timeline)`` writes it; a click on a move (or the arrow
    keys, Home and End while the list has focus) calls ``on_pick(node_id)`` or
    ``on_step(name)`` ("back", "forward", "first", "last")."""

    def __init__(self, on_pick: Callable[[int], None], on_step: Callable[[str], None]) -> None:
        self.on_pick, self.on_step = on_pick, on_step
        self.html = widgets.HTML()
        self.html.add_class("catan-moves")
        self.failure = widgets.HTML()  # an unexpected error's id (guard), else empty
        self.widget = widgets.VBox(
            [widgets.HTML(MOVES_CSS), self.html, self.failure], layout=widgets.Layout(width="100%")
        )
        self.events = Event(
            source=self.html, watched_events=["click", "keydown"], prevent_default_action=False
        )
        self.events.on_dom_event(guarded(self._on_event, shown_in(self.failure)))
        self.shown = ""

    def show(
        self,
        tl: Timeline,
        hidden: Collection[int] = frozenset(),
        seen: Collection[int] | None = None,
        start_words: str = START_OF_GAME,
        lesson: Collection[int] = frozenset(),
        asked: Collection[int] = frozenset(),
    ) -> None:
        """Write the tree of ``tl`` without the ``hidden`` nodes, hidden cards named only
        for the seats ``seen``, its first line ``start_words``, the ``lesson``'s own
        variations set apart (only what changed reaches the page)."""
        listed = moves_html(
            tl, hidden=hidden, seen=seen, start_words=start_words, lesson=lesson, asked=asked
        )
        body = (
            "<div class='catan-moves-box' tabindex='0' role='group' aria-label='Moves: "
            "click a move to go there; arrow keys step, Home and End'>"
            f"{listed}</div>"
        )
        if body != self.shown:
            self.shown = self.html.value = body

    def _on_event(self, event: dict) -> None:
        if not isinstance(event, dict):
            return
        target = event.get("target")
        if event.get("type") == "click" and isinstance(target, dict):
            node = node_of(str(target.get("className", "")))
            if node is not None:
                self.on_pick(node)
        elif (
            event.get("type") == "keydown"
            and isinstance(event.get("key"), str)
            and event["key"] in LIST_KEYS
        ):
            self.on_step(LIST_KEYS[event["key"]])
