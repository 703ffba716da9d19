"""The status line's words (the header's "who acts and what", the engine's ``Game.prompt``)
as the page lets the learner act: it never offers what the page greys (a fresh learner, l22 at
9.18, 2.2, 5.13 and 10.6: after a right answer the line said "P1: trade, build, play a card
or end the turn" under a grey End turn and no palette).

- A question just solved (``PuzzleState.resting``): no move is offered until ▶, and the line
  says so (``GO_ON``, there only: a click on the board plays nothing and says nothing more,
  l34) in place of the engine's words.
- The turn's choices after the roll (BASE-TURN-PHASES, CK-TURN-ACTION-PHASE): the engine's
  "trade, build, play a card or end the turn" keeps only the choices with a kind offered now
  (``offered``): "P1: trade or end the turn" where nothing can be built and no card played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..grammar import sentence
from .puzzle_state import GO_ON, SHOWN_GO_ON

if TYPE_CHECKING:
    from .tutor_session import TutorSession

TURN_SAYS = "trade, build, play a card or end the turn"  # (variants/base.py, main phase)

# each choice the engine names, and the kinds of move (widgets.kinds) it stands for; building
# takes in the development card bought (BASE-BUILD-DEVCARD: bought as a building is) and C&K's
# knights, walls and city improvements
_CHOICES: tuple[tuple[str, frozenset[str]], ...] = (
    ("trade", frozenset({"bank trade", "offer", "harbor offer", "forced trade"})),
    (
        "build",
        frozenset(
            {
                "settle",
                "build road",
                "build city",
                "build wall",
                "buy dev",
                "recruit",
                "promote",
                "improve",
            }
        ),
    ),
    ("play a card", frozenset()),  # every "play ..." kind
    ("end the turn", frozenset({"end turn"})),
)


def _names(choice: str, kinds: frozenset[str], offered: list[str]) -> bool:
    if choice == "play a card":
        return any(k.startswith("play ") for k in offered)
    return any(k in kinds for k in offered)


def choices_words(said: str, offered: list[str]) -> str:
    """``said`` (the engine's words after "P1: ") with the turn's choices cut to those
    offered: "trade or end the turn"; other words as they are. None offered: as said."""
    if said.rstrip(".") != TURN_SAYS:
        return said
    kept = [c for c, kinds in _CHOICES if _names(c, kinds, offered)]
    if not kept:
        return said
    return kept[0] if len(kept) == 1 else f"{', '.join(kept[:-1])} or {kept[-1]}"


def solved_words(session: TutorSession) -> str | None:
    """The status line of a question just solved (``GO_ON``: no move until ▶), else None."""
    if not session.puzzle.resting():
        return None
    return SHOWN_GO_ON if session.puzzle.answer_shown else GO_ON


# the kinds whose button words read wrong after a seat's name ("P1 moves your displaced
# knight", "P1 treason: take…"): "P1 moves next" says it
_NOT_A_VERB = (":", " your ", "(")


def _third_person(words: str) -> str:
    """``Build a road`` -> ``builds a road`` (the button's verb said of a seat)."""
    verb, _, rest = words.partition(" ")
    verb = verb.lower()
    verb += "es" if verb.endswith(("s", "sh", "ch", "x")) else "s"
    return f"{verb} {rest}".strip()


def next_words(session: TutorSession) -> str:
    """After a question just solved, who plays the lesson's move ▶ plays and its kind, not
    where ("P2 builds a settlement next."), '' elsewhere. Without it, "Press ▶ to go on"
    named nothing and no control moved the robber (l45 at 4.3); with the move whole ("Next:
    P2 builds a settlement on H6.") three fresh learners (s41, s42) read it as the answer
    given away. A chance step says what chance does ("A card is drawn next.")."""
    if not session.puzzle.resting():
        return ""
    node = session.timeline.current
    if not node.children or (a := node.children[0].action) is None:
        return ""
    st = node.state
    if a.is_chance:
        said = CHANCE_NEXT.get(type(a).__name__, "Chance decides the next step")
        said = said.replace("{victim}", st.name(st.victim))
        return f"{sentence(said.replace('{thief}', st.name(st.active)))}."
    from .kinds import kind_name  # (kinds imports the engine: imported when needed)
    from .wording import kind_words

    words = kind_words(kind_name(a))
    who = st.name(a.player)
    if any(w in words for w in _NOT_A_VERB):
        return f"{sentence(who)} moves next."
    return f"{sentence(who)} {_third_person(words)} next."


# what a chance step ▶ plays does, said without its outcome (``next_words``)
CHANCE_NEXT = {
    "Die": "The dice are rolled next",
    "DrawDev": "A development card is drawn next",
    "Steal": "{thief} takes a card from {victim} next",
    "PlaceTile": "A hex is laid next",
    "PlaceHarbor": "A harbor is laid next",
    "SpiralStart": "The number tokens are laid next",
    "EventDie": "The dice are rolled next",
    "DrawProgress": "A progress card is drawn next",
    "ForcedCard": "A card is drawn blind next",
}


def solved_here(session: TutorSession) -> bool:
    """A right answer to the question asked before the node shown is what it shows: until ▶,
    and at the lesson's end when it ends on that answer (l35: the title line said the turn's
    task there)."""
    st, node = session.puzzle, session.timeline.current
    return st.answered == node.id and st.right is not None and not st.holds(node)


def status_words(session: TutorSession, said: str) -> str:
    """What the status line says after the player's name: ``said`` (the engine's), cut to
    what the page offers the learner now (a computer's move, or the editor: as said)."""
    if session.editing or session.computer_to_move():
        return said
    return choices_words(said, session.kinds())
