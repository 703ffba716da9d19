"""The dice of one throw set in one form: "Set the dice yourself (for practice)", or a throw
under way whose dice are the learner's to force, shows a list per die still to fall (the
white and the red die, Cities & Knights' event die, a roll-off's first and second) and one
button that plays the roll and every die at once (BASE-PROD-ROLL, BASE-CHANCE-EVENTS: a user
can force any outcome). It was a form per die: the roll's Play, then the white die's list
and its Play, then the red's: five clicks for one throw, with the log saying "Next, roll the
dice." between them (learner 280).

The form takes the panel's ``FormFrame`` as ``ActionForm`` does, and answers the same few
questions the panel asks of a form (``cls``, ``pickers``, ``set``, ``point_at``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as widgets

from ..actions import Action, Die, Roll
from ..game import Game
from ..variants.ck_actions import EventDie
from .dice_shown import event_name
from .form_frame import FormFrame
from .forms import CHOOSE_LABEL, value_label
from .roll_words import die_words
from .wording import palette_words

THROW_WORDS = "Roll these dice"
MAX_DICE = 4  # the dice one throw holds at most (white, red, event; a guard on the walk)
Die_ = tuple[str, list[Action]]  # a die's name in words, the faces it may show


def _die_name(a: Action) -> str | None:
    if isinstance(a, Die):
        return a.die
    return "event" if isinstance(a, EventDie) else None


def throw_dice(game: Game, roll: Action | None = None) -> list[Die_]:
    """The dice of the throw ``roll`` starts (none: the throw under way), each with its
    faces, in the order they fall; [] when no die is to fall (chance decides something
    else: a card, a tile)."""
    g = Game(game.rules, game.state)
    if roll is not None:
        g.play(roll)
    out: list[Die_] = []
    seen: set[str] = set()
    while g.is_chance() and len(out) < MAX_DICE:
        faces = [a for a, _ in g.chance_outcomes()]
        names = {_die_name(a) for a in faces}
        name = names.pop() if len(names) == 1 else None
        if name is None or name in seen:  # not a die, or the next throw's
            break
        seen.add(name)
        label = "event die" if name == "event" else f"{die_words(g.state, name)} die"
        out.append((label, faces))
        g.play(faces[0])
        if not g.state.rolled:  # the throw is whole (a roll-off's next throw is another's)
            break
    return out


def palette_label(game: Game, kind: str) -> str:
    """``kind``'s palette words: "Set a die yourself" with one die left to fall, "Set the
    dice yourself" with more (the form sets every die left)."""
    return palette_words(kind, len(throw_dice(game)) if kind == "die" else 1)


def dice_first(game: Game, kind: str, legal: Sequence[Action]) -> list[Action] | None:
    """What the dice form of ``kind`` plays before its dice: [the Roll] (the "roll" kind), []
    (a throw under way); None: ``kind``'s form is not the dice form."""
    if kind == "roll" and legal and isinstance(legal[0], Roll) and throw_dice(game, legal[0]):
        return [legal[0]]
    return [] if kind == "die" and throw_dice(game) else None


class DiceForm:
    """``DiceForm(game, first, on_play, frame)``: a list per die of the throw ``first`` (the
    Roll, or nothing: the throw under way) starts; its button plays ``first`` and the dice
    chosen, in order, through ``on_play`` (given the list of moves)."""

    cls: type = Roll
    play_words = THROW_WORDS  # the frame's Play button says it (``FormFrame.take``)
    actions: list[Action] = []
    counts: dict = {}

    def __init__(
        self,
        game: Game,
        first: list[Action],
        on_play: Callable[[list[Action]], None],
        frame: FormFrame,
    ):
        self.game, self.first, self.on_play, self.frame = game, first, on_play, frame
        frame.take(self)  # type: ignore[arg-type]  # (the frame's buttons act on this form)
        self.status, self.play_button = frame.status, frame.play_button
        self.explain_button, self.rule_button = frame.explain_button, frame.rule_button
        frame.explain_button.layout.display = "none"  # every throw is allowed: nothing to ask
        self.dice = throw_dice(game, first[0] if first else None)
        self.pickers: dict[str, widgets.Dropdown] = {}
        for label, faces in self.dice:
            dd = widgets.Dropdown(
                options=[(CHOOSE_LABEL, None)] + [(_face_words(game, a), _face(a)) for a in faces],
                index=0,  # "— choose —" (value None would show a blank list)
                description=label,
                layout=frame.layout(width="260px"),
                style=frame.style("90px"),
            )
            dd.observe(frame.guard(lambda _: self._check()), names="value")
            self.pickers[label] = dd
        self.parts = list(self.pickers.values())
        frame.show(self, self.parts)  # type: ignore[arg-type]
        self.widget = frame.widget
        self._check()

    def moves(self) -> list[Action] | None:
        """The roll and the dice as chosen (None while a list is on "— choose —")."""
        out = list(self.first)
        for label, faces in self.dice:
            v = self.pickers[label].value
            if v is None:
                return None
            out.append(next(a for a in faces if _face(a) == v))
        return out

    def action(self) -> Action | None:
        """The throw's first move, once every die is chosen (None before)."""
        moves = self.moves()
        return moves[0] if moves else None

    def _check(self) -> None:
        moves = self.moves()
        self.play_button.disabled = moves is None
        faces = [d.value for d in moves or [] if isinstance(d, Die)]
        total = f": {sum(faces)}" if len(faces) == 2 else ""
        shown = " and ".join(str(f) for f in faces)
        self.status.value = f"The dice will show {shown}{total}." if faces else ""

    def play(self) -> None:
        moves = self.moves()
        if moves is not None:
            self.on_play(moves)

    def explain(self) -> None:  # (its button hidden: every throw is allowed)
        pass

    def open_rule(self) -> None:
        pass

    def set(self, **values: object) -> None:
        """Set dice by their label (a wrong answer's form refilled)."""
        for label, v in values.items():
            dd = self.pickers.get(label)
            if dd is not None and any(v == o[1] for o in dd.options):
                dd.value = v
        self._check()

    def point_at(self, spot: tuple[str, int]) -> bool:
        return False  # a die has no spot on the board

    def close(self) -> None:
        self.frame.release(self)  # type: ignore[arg-type]
        for dd in self.parts:
            dd.close()


def _face_words(game: Game, a: Action) -> str:
    """A face as the list offers it: "3", "green science castle"."""
    return event_name(a.face) if isinstance(a, EventDie) else value_label(game, a, "die", _face(a))


def _face(a: Action) -> object:
    return a.value if isinstance(a, Die) else getattr(a, "face", None)
