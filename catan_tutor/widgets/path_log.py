"""What happened: the narration of the path from the game's start to the node shown, newest
first. The log is the position: it is computed from the timeline's path on every step, jump
and branch, never appended to, so stepping back takes later moves out of it and another line
of play tells its own moves. Each move's line comes from the position before it, the move and
the position after it (the engine's verdict on the move, then its events: ``verdicts.narrate``),
so it is the same whenever it is told; lines are cached per node, so a step costs one line.
A roll is told once (``roll_steps.py``): the line of the node it ends on says the dice and who
got what ("P2 rolled 3 + 3 = 6: P1 gets 1 grain."); its nodes under way are told only while
one is the node shown; a robber's move and the steal it brings are told so too, and a card
bought and drawn (``words/buy_draw.py``: "… buys a development card (…) and draws one."). Only the
newest line says what the game waits for next ("Next, it is up to P3 to place a road.")."""

from __future__ import annotations

from ..errors import CatanError
from ..game import Game
from ..state import OVER, STEAL
from ..study.timeline import Node, Timeline
from ..words.buy_draw import buying, folded
from . import verdicts
from .roll_steps import roll_nodes, rolling

MAX_LOG = 40  # lines the What happened log shows (the latest moves of the path)
BEFORE_LISTED = "… and "  # how its last line begins where moves before those are not listed
MAX_CACHED = 20_000  # lines kept; past this the cache starts again (a long study's worth)
SETUP_PHASE = "board"  # the engine's phase while chance lays out a variable board


def told(node: Node) -> bool:
    """The move into ``node`` is one the log tells: not the root, not chance laying out a
    variable board (the game starts with the board laid out)."""
    return (
        node.parent is not None
        and node.action is not None
        and node.parent.state.phase != SETUP_PHASE
    )


def stealing(node: Node) -> bool:
    """The robber has moved and chance is to draw the card it steals at ``node``: the move
    and its steal are told in one line (issue 33: "P2 moves the robber to H and steals a card
    from P4", then "P2 steals a card from P4" again)."""
    return node.action is not None and node.state.phase == STEAL


def move_line(timeline: Timeline, node: Node, seen: frozenset[int] = frozenset()) -> str:
    """The line telling the move into ``node``: the engine's verdict on it in the position
    before it (states are snapshots), then what changed ('' for a move the engine does not
    call legal there, which a timeline never holds); for the last die of a roll, the whole
    roll at once."""
    if node.parent is None or node.action is None:
        return ""
    before = Game(timeline.rules, node.parent.state)
    try:
        ex = before.explain(node.action)
    except CatanError:
        return ""
    if not ex.legal:
        return ""
    after = Game(timeline.rules, node.state)
    under_way = stealing(node.parent) or buying(
        node.parent.action, node.parent.state
    )  # a steal's, a card's draw
    # (a node under way is told only where it is the one shown: the roll so far with it)
    told_with = roll_nodes(timeline.rules, node, so_far=True) or (
        [node.parent] if under_way else []
    )
    steps = [
        (Game(timeline.rules, n.parent.state), n.action, Game(timeline.rules, n.state))
        for n in told_with
        if n.parent is not None and n.action is not None
    ]
    return folded(  # a card bought and drawn: one sentence (words/buy_draw.py)
        verdicts.narrate_steps(
            [*steps, (before, node.action, after)], ex, seen or None, next_too=False
        )
    )


class PathLog:
    """The log of one session: ``lines(timeline)`` for the node the timeline shows."""

    def __init__(self) -> None:
        self._timeline: Timeline | None = None
        self._said: dict[int, tuple[Node, str]] = {}  # id(node) -> (node, its line)
        self._counts: dict[int, tuple[Node, int]] = {}  # id(node) -> (node, lines to it)
        # the seats whose own secrets the lines tell (a card they stole or drew): the seats
        # whose hands show (``SessionSeats.hand_seats``, the hidden-hand rule; l22: the free
        # game's human read "P1 steals a card from P2" of the card P1 holds)
        self._seen: frozenset[int] = frozenset()

    def _fresh(self, timeline: Timeline, seen: frozenset[int] | None = None) -> None:
        """Caches for ``timeline`` (emptied for another one, when full, or for other seats
        ``seen``)."""
        other = seen is not None and seen != self._seen
        if timeline is not self._timeline or len(self._said) + len(self._counts) > MAX_CACHED:
            self._timeline, self._said, self._counts = timeline, {}, {}
        elif other:
            self._said = {}
        if seen is not None:
            self._seen = seen

    def count(self, timeline: Timeline, node: Node) -> int:
        """How many lines of their own the moves on the path to ``node`` are told in (a roll
        or a steal under way is told by the node it ends on); cached per node, so a step
        costs one node, not the whole path."""
        self._fresh(timeline)
        todo: list[Node] = []
        n: Node | None = node
        total = 0
        while n is not None and told(n):
            hit = self._counts.get(id(n))
            if hit is not None and hit[0] is n:
                total = hit[1]
                break
            todo.append(n)
            n = n.parent
        for m in reversed(todo):
            total += not (rolling(timeline.rules, m) or stealing(m) or buying(m.action, m.state))
            self._counts[id(m)] = (m, total)
        return total

    def line(self, timeline: Timeline, node: Node) -> str:
        """The move into ``node`` in words (cached: the same node tells the same move)."""
        self._fresh(timeline)
        hit = self._said.get(id(node))
        if hit is not None and hit[0] is node:
            return hit[1]
        text = move_line(timeline, node, self._seen)
        self._said[id(node)] = (node, text)
        return text

    def lines(
        self,
        timeline: Timeline,
        node: Node | None = None,
        seen: frozenset[int] = frozenset(),
        next_too: bool = True,
    ) -> list[str]:
        """What happened on the path to ``node`` (default: the current one), newest first:
        the last ``MAX_LOG`` moves, then how many earlier ones are not listed; a card stolen
        or drawn named where a seat of ``seen`` may read it; the newest says what the game
        waits for next unless ``next_too`` is False (an open question's: it named whose turn
        it is at 1.4's "Whose turn is it to place?", l36)."""
        self._fresh(timeline, seen)
        out: list[str] = []
        earlier = 0
        n = node or timeline.current
        shown = n
        while n is not None and told(n):
            if len(out) >= MAX_LOG:
                earlier = self.count(timeline, n)
                break
            if n is not shown and (
                rolling(timeline.rules, n) or stealing(n) or buying(n.action, n.state)
            ):
                pass  # a roll or a steal under way: told by the line of the node it ends on
            else:
                text = self.line(timeline, n)
                if text and n is shown and next_too and n.state.phase != OVER:  # the newest
                    text += " " + verdicts.next_sentence(Game(timeline.rules, n.state))
                if text:
                    out.append(text)
            n = n.parent
        if earlier:
            out.append(f"{BEFORE_LISTED}{earlier:,} earlier {'move' if earlier == 1 else 'moves'}.")
        return out
