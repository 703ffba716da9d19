"""A throw of the dice as one row of the Moves tab: the player's Roll and the dice it brings
are nodes of the timeline each (a die can be forced, a variation can start at one), but a
learner reads them at once: "P1 rolls 5 and 5: 10", Cities & Knights adds the event die
("P1 rolls 3 and 5: 8 (event die: ship)"), a turn of two rolls says both ("P1 rolls 3 and 5:
8, then 6 and 3: 9"; 2P-ROLL-TWICE), and a roll-off throw names the player by seat and colour
and no die by its own ("P1 (red) rolls 5 and 4: 9"; BASE-SETUP-FIRST-PLAYER). Plain Python, no
widgets."""

from __future__ import annotations

from collections.abc import Collection

from ..actions import DICE_COLORS, DIE_WORDS, Die, EventDie, Roll
from ..state import ROLLOFF, State
from ..study.timeline import Node
from .dice_shown import CASTLE_COLOURS
from .roll_steps import rolling


def _die(node: Node) -> bool:
    """The move into ``node`` is a die of a throw (a production die or the event die; not the
    dummy's single dice)."""
    a = node.action
    return (isinstance(a, Die) and a.die in DICE_COLORS) or isinstance(a, EventDie)


def die_words(state: State, die: str) -> str:
    """A die as the form offers it (``forms.value_label``). In the roll-off a player
    is "P1 (red)" ("P1 (red) rolls 9"), so a die there is its place in the throw, "first" or
    "second", never a colour a player also has (BASE-SETUP-FIRST-PLAYER); elsewhere it is its
    colour, as the log, the board's dice and the lessons say it ("the red die": in Cities &
    Knights the red die decides the progress draws, CK-EVENT-CASTLE); the dummy's "dev" die
    is its "development" die."""
    if state.phase == ROLLOFF and die in DICE_COLORS:
        return ("first", "second")[DICE_COLORS.index(die)]
    return DIE_WORDS.get(die, die)


def throw_nodes(rules, node: Node, hidden: Collection[int] = frozenset()) -> list[Node]:
    """The nodes one row of the move list writes from ``node`` on: ``node`` alone, or, for a
    Roll or a die, it and the dice that follow it along the first continuation while the
    throw goes on (a die still to come, or a roll under way: the second roll of a two-roll
    turn); none of the ``hidden`` ones."""
    if not (isinstance(node.action, Roll) or _die(node)):
        return [node]
    out = [node]
    n = node
    while n.children:
        nxt = n.children[0]
        if nxt.id in hidden or not _die(nxt) or not (n.state.rolled or rolling(rules, n)):
            break
        out.append(nxt)
        n = nxt
    return out


def throw_words(nodes: list[Node]) -> str:
    """The row's words for ``throw_nodes``: who rolls, each throw's faces and sum, the event
    die; '' when the nodes hold no die (a Roll still to be thrown)."""
    faces: list[int] = []
    throws: list[str] = []

    def thrown(value: int) -> None:
        faces.append(value)
        if len(faces) == 2:
            throws.append(f"{faces[0]} and {faces[1]}: {sum(faces)}")
            faces.clear()

    first = nodes[0]
    if _die(first) and first.parent is not None:  # a variation from a die: the throw so far
        for value in first.parent.state.rolled:
            thrown(value)
    for n in nodes:
        a = n.action
        if isinstance(a, Die) and a.die in DICE_COLORS:
            thrown(a.value)
        elif isinstance(a, EventDie):
            face = a.face if a.face == "ship" else f"{CASTLE_COLOURS[a.face]} {a.face} castle"
            if throws and not faces:  # after the throw it came with
                throws[-1] += f" (event die: {face})"
            else:
                throws.append(f"event die: {face}")
    if faces:  # a throw not finished: its first die
        throws.append(f"{faces[0]} on the first die")
    if not throws:
        return ""
    return f"{_roller(nodes[0])} rolls {', then '.join(throws)}"


def _roller(node: Node) -> str:
    """Who throws: the Roll's player, else the player to act before the first die (in the
    roll-off, before it turns the seats, "P1 (red)")."""
    if isinstance(node.action, Roll):
        return str(node.action).split()[0]
    before = node.parent.state if node.parent is not None else node.state
    cands, totals = getattr(before, "rolloff", ((), ()))
    if before.phase == ROLLOFF and len(totals) < len(cands):
        return before.seat_words(cands[len(totals)])
    return before.name(before.active)
