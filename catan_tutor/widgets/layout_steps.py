"""A variable board laid out by chance, step by step (lesson 1.3, ``layout: moves``): ▶| goes
to where it is laid out, and the chance button says what it picks.

l30 at 1.3: off the lesson's line (a tile of the learner's own choosing) ▶| had nowhere to
go, and the rest of the board took about 20 presses of "Let chance pick"; now ▶| lets chance
lay the rest (the session's sampler: the same seed, the same board). And that button's tooltip
spoke of dice while the step lays the board: it names what chance picks at the step."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import SINGLE_DICE, Die, PlaceHarbor, PlaceTile, SpiralStart
from ..game import Game
from ..state import BOARD

if TYPE_CHECKING:
    import ipywidgets as widgets

    from .tutor_session import TutorSession

MAX_LAYOUT_STEPS = 60  # the most chance outcomes a board takes (19 hexes, a spiral, 9 harbors)
# What chance picks at a step of the board's layout (the chance button's tooltip)
PICKS = {
    PlaceTile: "let chance pick the terrain of the next hex on the board",
    SpiralStart: "let chance pick the corner hex where the number tokens start",
    PlaceHarbor: "let chance pick the kind of the next harbor",
}
DRAW_TIP = "let chance pick the card, drawn unseen (to choose it yourself, use the form below)"
# the robber's steal: "Draw a card" read as a development card (learner 278 at 5.1)
STEAL_WORDS = "Steal a card"
STEAL_TIP = "let chance pick the card the robber's mover takes, unseen, from the victim's hand"
CARD_TIPS = {"Draw a card": DRAW_TIP, STEAL_WORDS: STEAL_TIP}
# the kinds of chance a card drawn unseen decides: the button says "Draw a card", not "Roll"
# (s41 at 8.11 played on: "Roll" drew a progress card, and nothing said it drew at random)
CARD_DRAWS = ("DrawDev", "Steal", "DrawProgress", "ForcedCard")
OTHER_PICK = "let chance pick what happens next"
ROLL_TIP = "roll the dice (to set what they show, pick “Set the dice yourself” below)"
# A lesson's roll outside Explore: the lesson's own throw, no form to set the dice (s35: its
# form played the roll alone, the lesson's text then saying dice the panel did not show)
LESSON_ROLL_TIP = "roll the dice (the lesson's own throw; to set what they show, open Explore)"
# a single die of the dummy's (a tie-break, its development, card or resource die): "Let chance
# pick" beside ▶ left a learner asking which to press (learner21 at 5.15)
ONE_DIE = "Roll the die"
DIE_TIP = "roll the die (to set what it shows, use the form below)"
# on a lesson's line the chance button plays the lesson's own outcome, as ▶ does (learner21)
LESSON_PICK = " (the lesson's own: ▶ under the board does the same)"


def laying_out(session: TutorSession) -> bool:
    """The board is still being laid out by chance and no move follows the one shown (off
    the lesson's line, or a lesson whose line stops there): ▶| lays the rest."""
    g = session.game
    return g.state.phase == BOARD and g.is_chance() and not session.timeline.current.children


def lay_out(session: TutorSession) -> None:
    """Lay the rest of the board by chance (``laying_out``), one node a pick."""
    for _ in range(MAX_LAYOUT_STEPS):
        if not laying_out(session):
            return
        session.advance(session.chance(session.game))


def chance_tip(game: Game, dice: bool, lesson: bool = False, follows: bool = False) -> str:
    """The chance button's tooltip: the dice's (``dice``: a roll is due or under way; a
    lesson's own throw outside Explore: ``lesson``), else what chance picks now, said to be
    what ▶ plays where the lesson's own outcome comes next (``follows``)."""
    if follows and game.is_chance() and not dice:
        return chance_tip(game, dice).split(" (")[0] + LESSON_PICK
    words = chance_words(game, dice)
    if words in CARD_TIPS:
        return CARD_TIPS[words]
    if words == ONE_DIE:
        return DIE_TIP
    if dice or not game.is_chance():
        return LESSON_ROLL_TIP if lesson else ROLL_TIP
    picks = [PICKS[k] for k in {type(a) for a in game.legal_actions()} if k in PICKS]
    return picks[0] if len(picks) == 1 else OTHER_PICK


def chance_words(game: Game, dice: bool) -> str:
    """The chance button's words: "Steal a card" for the robber's steal, "Draw a card" where
    chance draws another card unseen (a progress card after the event die too), "Roll"
    while a roll is due or under way (``dice``), "Roll the die" for a single die of the
    dummy's, else "Let chance pick"."""
    if not game.is_chance():
        return "Roll"
    legal = game.legal_actions()
    kinds = {type(a).__name__ for a in legal}
    if kinds == {"Steal"}:
        return STEAL_WORDS
    if kinds and kinds <= set(CARD_DRAWS):
        return "Draw a card"
    if not dice and legal and all(isinstance(a, Die) and a.die in SINGLE_DICE for a in legal):
        return ONE_DIE
    return "Roll" if dice else "Let chance pick"


def chance_button(
    button: widgets.Button, game: Game, dice: bool, lesson: bool = False, follows: bool = False
) -> None:
    """The Roll button, its words as ``chance_words`` says them ("Roll", "Draw a card", "Let
    chance pick"); its tooltip says what it does (``chance_tip``)."""
    button.description = chance_words(game, dice)
    tip = chance_tip(game, dice, lesson, follows)
    if button.tooltip != tip:
        button.tooltip = tip
