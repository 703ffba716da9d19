"""The dice the strip under the board shows at a node of the timeline, with a caption saying
what they are, never their total: the words say a roll's total (a lesson's step, the What
happened log: "P1 rolled 8 (white 2, red 6)"), the strip keeps to the dice's faces, so a roll is
said once (issue 33: "A 10, and a green castle" above, "The last roll was 10." beside the dice).
The captions: the roll in progress, the last roll (its total is what the board produces), the
two rolls of a two-player turn (2P-ROLL-TWICE) with both
rolls' dice drawn, the first pair faded, in the order said (``first_roll``), a second roll
equal to the first drawn after it and said to be rolled again (``equal_roll``,
2P-ROLL-DIFFERENT, CK2P-ROLL-SAME), in Cities & Knights with the first roll's event die
faded beside its dice and both events named (``first_event``, CK2P-ROLL-DOUBLE), or after
the first-player roll-off, whose dice the position does not keep, the roll-off's last roll,
found on the path, said so that no die's colour reads as a player's ("The roll of P1 (red).";
BASE-SETUP-FIRST-PLAYER, BASE-CHANCE-ROLLOFF). In Cities & Knights the
event die's face is said in words under the board, with what it does (``event_words``:
CK-EVENT-SHIP, CK-EVENT-CASTLE)."""

from __future__ import annotations

import re
from typing import Any

from ..actions import DIE_WORDS, SINGLE_DICE, Die, EventDie
from ..board import HEX_NAMES
from ..progress_cards import TRACKS
from ..rules.barbarians import TRACK_END
from ..state import BOARD, ROLLOFF

ROLLOFF_LOOKBACK = 200  # moves back along the path to the roll-off (it opens the game)
NO_DICE = "No dice yet."
LAYING_OUT = "No dice yet: the board is being laid out."
# a turn starts with no dice (BASE-TURN-PHASES); said as NO_DICE is (helper 262, s42: "The
# dice are not rolled yet this turn." beside "No dice rolled yet." read as two things)
NOT_YET = "No dice yet this turn."
# The castle faces of the event die: the colour of their track (palette.EVENT_FILL)
CASTLE_COLOURS = {"science": "green", "trade": "yellow", "politics": "blue"}


class DiceShown(tuple[tuple[int, ...], str]):
    """``(faces, caption)``, and ``first_event``: the event die's face of a C&K two-roll
    turn's first roll, drawn faded beside that roll's faded dice ('': none to draw)."""

    first_event: str

    def __new__(cls, faces: tuple[int, ...], caption: str, first_event: str = "") -> DiceShown:
        shown = super().__new__(cls, (faces, caption))
        shown.first_event = first_event
        return shown


def dice_shown(node: Any) -> DiceShown:
    """``(faces, caption)`` at timeline ``node``: the faces to draw (none: no die) and the
    words beside them; after a C&K two-roll turn's second roll also the first roll's event
    die (``first_event``), faded with its dice, the caption naming both rolls' events
    (CK2P-ROLL-DOUBLE: each roll has its event die, resolved in full; s33: the faded first
    roll was drawn without its event die, as if none had been thrown)."""
    return DiceShown(*_shown(node))


def _shown(node: Any) -> tuple[tuple[int, ...], str] | tuple[tuple[int, ...], str, str]:
    s = node.state
    single = _single_die(node)
    if single:
        return single
    sums = tuple(getattr(s, "sums", ()) or ())
    if s.rolled:
        if s.phase == ROLLOFF:  # a player is "P1 (red)" until the roll-off turns the seats
            cands, totals = s.rolloff
            seat = cands[len(totals)] if len(totals) < len(cands) else -1
            return tuple(s.rolled), f"{_colour(s, seat)} is rolling"
        again = len(sums) == 1 and node.parent is not None and equal_roll(node.parent)
        return tuple(s.rolled), rolling((*sums, *sums) if again else sums)  # thrown again
    if s.dice:
        if equal_roll(node):  # the first pair (faded), then the equal roll thrown again
            first = first_roll(node, equal=True)  # (its event die too, faded)
            return first + tuple(s.dice[:2]), AGAIN, first_event(node) if first else ""
        first = first_roll(node)  # a two-roll turn's first pair, drawn before the second
        faces = first + tuple(s.dice[:2]) if first else tuple(s.dice)
        event = first_event(node) if first else ""
        if event and s.event:  # (C&K: the first roll's event die too, faded)
            caption = events_caption(event, str(s.event)) + rethrown_words(node)
            return faces, caption, event
        return faces, dice_caption(sums, faded=bool(first))
    for _ in range(ROLLOFF_LOOKBACK):
        parent = node.parent
        if parent is None:
            break
        before = parent.state
        if before.phase == ROLLOFF and len(before.rolled) == 1 and isinstance(node.action, Die):
            faces = (before.rolled[0], node.action.value)
            cands, totals = before.rolloff
            seat = cands[len(totals)] if len(totals) < len(cands) else -1
            return faces, f"The roll of {_colour(before, seat)}."  # no die's colour (l37)
        node = parent
    if s.phase == BOARD:  # lesson 1.3: "No dice yet." meant nothing there (issue 33)
        return (), LAYING_OUT
    return (), NOT_YET if s.turn >= 1 else NO_DICE


def _single_die(node: Any) -> tuple[tuple[int, ...], str] | None:
    """The dummy's single die just thrown at ``node`` (a tie-break, its development, card or
    resource die): that die alone, said whose it is (learner20 at 5.15: its four tie-break
    rolls were told, while the strip kept the 7 before them as "the last roll"); else None."""
    a = node.action
    if not isinstance(a, Die) or a.die not in SINGLE_DICE or node.parent is None:
        return None
    if a.die == "tiebreak":
        before = node.parent.state
        purpose, cands, totals = before.tiebreak
        c = cands[len(totals)]
        if purpose == "robber":  # (the hexes tied for the robber roll in turn)
            return (a.value,), f"The tie-break die rolled for hex {HEX_NAMES[c]}."
        return (a.value,), f"The tie-break die {before.name(c)} rolled."
    return (a.value,), f"The dummy's {DIE_WORDS.get(a.die, a.die)} die."


def equal_roll(node: Any) -> bool:
    """``node`` shows a two-roll turn's second roll whose sum equals the first's, thrown again
    (2P-ROLL-DIFFERENT, CK2P-ROLL-SAME): the two-player game keeps the first sum alone, so it
    is the throw's last die with that sum already kept before it; Cities & Knights marks it
    with the sum twice."""
    s = node.state
    sums = tuple(getattr(s, "sums", ()) or ())
    if not s.dice or s.rolled or not sums:
        return False
    if len(sums) == 2:
        return sums[0] == sums[1]
    parent = node.parent
    return (
        len(sums) == 1
        and sum(s.dice[:2]) == sums[0]
        and parent is not None
        and isinstance(node.action, (Die, EventDie))
        and tuple(getattr(parent.state, "sums", ()) or ()) == sums
    )


# The caption of a second roll equal to the first (2P-ROLL-DIFFERENT): said plainly that it is
# thrown again (issue 33: "The first roll was 6." under the discarded dice)
AGAIN = "Same sum as before: rolled again."  # (three short lines beside 5 dice)


def first_roll(node: Any, equal: bool = False) -> tuple[int, ...]:
    """The first roll's two dice when ``node`` shows a two-roll turn's second roll of another
    sum (2P-ROLL-TWICE), or, ``equal``, of the same sum (``equal_roll``), found back along the
    path; else none. The strip draws them before the second roll's, faded: "The rolls were 6,
    then 5" beside a 1 and a 4 alone read as a wrong picture (issue 33, lesson 5.1)."""
    sums = tuple(getattr(node.state, "sums", ()) or ())
    if equal:
        sums = (sums[0], sums[0])
    elif len(sums) != 2 or sums[0] == sums[1]:
        return ()
    turn = node.state.turn
    first: tuple[int, ...] = ()
    while node.parent is not None and node.parent.state.turn == turn:
        node = node.parent
        s = node.state
        if len(getattr(s, "sums", ()) or ()) == 1 and not s.rolled and s.dice:
            first = tuple(s.dice[:2])  # the earliest: a second roll of the same sum was anew
    return first if sum(first) == sums[0] else ()


def first_event(node: Any) -> str:
    """The event die's face of the first roll of the two-roll turn ``node`` shows the second
    roll of (CK2P-ROLL-DOUBLE), found back along the path where the first roll was done;
    '' in a game without an event die."""
    turn, face = node.state.turn, ""
    while node.parent is not None and node.parent.state.turn == turn:
        node = node.parent
        s = node.state
        if len(getattr(s, "sums", ()) or ()) == 1 and not s.rolled and s.dice:
            face = str(getattr(s, "event", "") or "")
    return face


def rethrown_words(node: Any) -> str:
    """After a C&K two-roll turn's second roll thrown again (CK2P-ROLL-SAME: its white and red
    dice matched the first roll's sum and were rolled again, its event die kept), the pair
    thrown away, said: the strip draws the dice kept, and the event die beside them read as
    thrown with them (learner19 at 11.3: the green castle drawn beside a red 5, its card
    drawn on the red 2 thrown away); '' otherwise."""
    turn, sums = node.state.turn, tuple(getattr(node.state, "sums", ()) or ())
    if len(sums) != 2 or sums[0] == sums[1]:
        return ""
    face = event_name(str(getattr(node.state, "event", "") or ""))
    while node.parent is not None and node.parent.state.turn == turn:
        node = node.parent
        s = node.state
        both = tuple(getattr(s, "sums", ()) or ())
        if len(both) == 2 and both[0] == both[1] and not s.rolled and s.dice:
            return (  # (its faces in the step's words: the strip says no number)
                f" The {face} came with another white and red pair of the same sum as the"
                " first roll; that pair was rolled again."
            )
    return ""


def ship_steps(node: Any) -> int:
    """The steps the barbarian ship sailed on the rolls ``node`` shows (CK-EVENT-SHIP): 2
    after a two-roll turn's second roll when both event dice showed a ship and no attack
    came between (it sends the ship back to the start: its track is past 1), else 1."""
    s = node.state
    if len(getattr(s, "sums", ()) or ()) != 2 or str(getattr(s, "event", "")) != "ship":
        return 1
    return 2 if first_event(node) == "ship" and getattr(s, "barb", 0) >= 2 else 1


def event_name(face: str) -> str:
    """An event die's face in words: "ship", "green science castle"."""
    return f"{CASTLE_COLOURS[face]} {face} castle" if face in CASTLE_COLOURS else face


def events_caption(first: str, second: str) -> str:
    """The caption of a C&K two-roll turn's both rolls: the first roll's dice and event die
    faded, and each roll's event die named, first and second (CK2P-ROLL-DOUBLE)."""
    return (
        f"The dice of both rolls, the first faded with its event die: {event_name(first)}, "
        f"then {event_name(second)}."
    )


def dice_caption(sums: tuple[int, ...] = (), faded: bool = True) -> str:
    """The caption of thrown dice, which dice they are and no total: the last roll, or a
    two-roll turn's (its ``sums``: the first, then both, the first pair drawn ``faded``
    before the second; the same sum twice marks a second roll thrown anew, CK2P-ROLL-SAME)."""
    if not sums:
        return "The dice of the last roll."
    if len(sums) == 1:
        return "The dice of the first roll."
    if sums[0] == sums[1]:
        return AGAIN
    if not faded:
        return "The dice of the second roll."
    return "The dice of both rolls, the first faded."


def rolling(sums: tuple[int, ...] = ()) -> str:
    """The caption while the dice are being thrown (a two-roll turn's second roll)."""
    if len(sums) == 1:
        return "The first roll is done; now the second roll."
    if len(sums) == 2 and sums[0] == sums[1]:
        return "Same sum as before: rolling again."
    return "Rolling the dice."


def event_words(state: Any, ships: int = 1) -> str:
    """What the event die shows, in words, with what it does ('' without a thrown event die):
    the ship moves the barbarians a step closer (CK-EVENT-SHIP), ``ships`` steps when both
    rolls of a two-roll turn showed one (CK2P-ROLL-DOUBLE, ``ship_steps``); a castle lets every
    player whose improvements of its colour are high enough for the red die draw a progress card of
    that colour (CK-EVENT-CASTLE, CK-PROGRESS-THRESHOLD)."""
    face = str(getattr(state, "event", "") or "")
    if not face or state.rolled or not state.dice:  # no event die, or a roll under way
        return ""
    if face == "ship":
        head = "Event die: ship. The barbarian ship sails one step closer"
        if ships == 2:  # (s35 at 11.16: "one step" after two ships)
            head = "Event die: ship on both rolls. The barbarian ship sails two steps closer"
        return (
            f"{head} to Catan; when it "
            f"reaches the end of the track ({TRACK_END} steps) the barbarians attack."
        )
    if face not in TRACKS:
        return ""
    colour, red = CASTLE_COLOURS[face], state.dice[1]
    head = f"Event die: {colour} {face} castle. "
    if state.caps.double_roll:  # the red die of the throw the event came with may be gone
        return head + (
            f"Every player whose {face} improvements are high enough for the red die draws "
            f"a {face} progress card (level 1 draws on red 1 or 2, each level one number more)."
        )
    from ..rules.progress import threshold  # (C&K's rules: imported once a C&K roll shows)

    top = 5  # CK-BUILD-COSTS: an improvement track has levels 1 to 5
    level = next(lv for lv in range(1, top + 1) if threshold(lv) >= red)
    at = f"at level {level}" if level == top else f"at level {level} or higher"
    track = TRACKS.index(face)
    nobody = all(red > threshold(lv[track]) for lv in state.levels[: state.n])
    return head + (
        f"The red die shows {red}: every player with {face} improvements {at} "
        f"draws a {face} progress card."
        + (" Nobody is at that level, so no card is drawn." if nobody else "")  # (learner19)
    )


def tells_event(text: str, face: str) -> bool:
    """A lesson's ``text`` tells the event die's ``face`` itself: it names the event die, or
    the face ("the politics castle", "a green castle", "the ship moves on"); the line under
    the board then says nothing (lesson 10.6: "The politics castle with a red 6: only
    politics level 5 would draw a card." above, "Event die: blue politics castle. The red die
    shows 6: ..." below, l22). A castle of another track is another matter ("a politics
    castle with a red 1 or 2 will give P1 a card", after a science castle)."""
    said = " ".join(text.lower().split())
    if "event die" in said:
        return True
    if face in CASTLE_COLOURS:
        return re.search(rf"\b(?:{face}|{CASTLE_COLOURS[face]}) castle\b", said) is not None
    return face == "ship" and re.search(r"\bship\b", said) is not None


def _colour(s: Any, seat: int) -> str:
    """A player in the roll-off, before it turns the seats: "P1 (red)"."""
    return s.seat_words(seat)
