"""The tutor: the board with controls to play by clicking, step through a timeline and read
the lesson text. The view holds no rules: every choice offered is a legal action of the engine.

- palette: the kinds of action legal now; choosing one makes its targets glow on the board
- board click: plays the chosen kind's action at the clicked vertex, edge or hex (several
  actions there, e.g. a robber move and its victims: they are offered in the choice list)
- choice list + Play: every legal action of the kind, for the non-spatial ones (trades, cards,
  discards, bids, pending decisions of other players)
- chance: Roll (the seeded sampler picks) or force any outcome from the list
- timeline: first / back / forward / last; a move from an earlier node makes a variation
- texts: pending decisions, the node's tutor text and comment, the log, and "explain"
"""

from __future__ import annotations

import html
import re

import ipywidgets as widgets

from ..actions import Action
from ..game import Game
from ..sampler import Sampler
from ..timeline import Node, Timeline
from .board_view import BoardView


def target_of(a: Action) -> tuple[str, int] | None:
    """The board spot an action is played on, if any: its vertex, edge or hex."""
    for name, kind in (("dst", "vertex"), ("vertex", "vertex"), ("edge", "edge"),
                       ("hex", "hex")):
        x = getattr(a, name, None)
        if isinstance(x, int) and x >= 0:
            return (kind, x)
    return None


def kind_name(a: Action) -> str:
    """The palette label of an action's kind: ``BuildRoad`` -> ``build road``."""
    return re.sub(r"(?<!^)([A-Z])", r" \1", type(a).__name__).lower()


class Tutor:
    """``Tutor(game_or_scenario).widget``; a scenario brings its timeline and lesson texts."""

    def __init__(self, game_or_scenario, *, seed: int | None = 0, width: int = 640,
                 height: int = 600) -> None:
        from ..scenario import Scenario

        if isinstance(game_or_scenario, Scenario):
            self.scenario: Scenario | None = game_or_scenario
            self.timeline = game_or_scenario.timeline
        else:
            self.scenario = None
            self.timeline = Timeline(game_or_scenario)
        self.sampler = Sampler(seed)
        self.view = BoardView(self.timeline.game, width, height)
        self.view.canvas.on_mouse_down(self.click)
        self.kind = ""
        self._build()
        self.refresh()

    # ------------------------------------------------------------ layout
    def _build(self) -> None:
        b = widgets.Button
        self.nav = [b(description=d, tooltip=t, layout=widgets.Layout(width="44px"))
                    for d, t in (("|◀", "first"), ("◀", "back"), ("▶", "forward"), ("▶|", "last"))]
        for button, fn in zip(self.nav, (self.first, self.back, self.forward, self.last),
                              strict=True):
            button.on_click(lambda _, fn=fn: fn())
        self.palette = widgets.ToggleButtons(options=[], value=None, style={"button_width": "auto"})
        self._quiet = False  # set while refresh() rewrites the palette
        self.palette.observe(self._on_palette, names="value")
        self.choices = widgets.Dropdown(options=[], layout=widgets.Layout(width="330px"))
        self.play_button = b(description="Play", button_style="primary")
        self.play_button.on_click(lambda _: self.play_choice())
        self.explain_button = b(description="Explain")
        self.explain_button.on_click(lambda _: self.explain_choice())
        self.roll_button = b(description="Roll (sampler)")
        self.roll_button.on_click(lambda _: self.roll())
        self.pending = widgets.HTML()
        self.lesson = widgets.HTML()
        self.message = widgets.HTML()
        self.log = widgets.HTML(layout=widgets.Layout(max_height="220px", overflow="auto"))
        self.marker = widgets.Label()
        self.marker.add_class("catan-tutor-marker")
        controls = widgets.VBox([
            widgets.HBox(self.nav), self.pending, self.palette,
            widgets.HBox([self.choices, self.play_button, self.explain_button]),
            self.roll_button, self.message, self.lesson, self.log, self.marker,
        ], layout=widgets.Layout(width="480px", margin="0 0 0 12px"))  # fmt: skip
        self.widget = widgets.HBox([self.view.widget, controls])
        self.widget.add_class("catan-tutor")

    # ------------------------------------------------------------ state of the panels
    @property
    def game(self) -> Game:
        return self.timeline.game

    def legal(self) -> list[Action]:
        return self.game.legal_actions()

    def kinds(self) -> list[str]:
        """The kinds of action legal now, in the engine's order."""
        out: list[str] = []
        for a in self.legal():
            if kind_name(a) not in out:
                out.append(kind_name(a))
        return out

    def refresh(self, message: str = "") -> None:
        """Show the current node: pieces, palette, texts, log; clear the chosen kind."""
        g, node = self.game, self.timeline.current
        self.view.game = g
        self.kind = ""
        kinds = self.kinds()
        self._quiet = True
        self.palette.value = None
        self.palette.options = kinds
        self.palette.value = None
        self._quiet = False
        self._offer(self.legal() if g.is_chance() else [])
        self.view.targets = []
        self.view.update()
        owed = "; ".join(str(p) for p in g.pending) or ("game over" if g.is_over() else "")
        self.pending.value = f"<b>Turn {g.state.turn}</b> · {html.escape(owed)}"
        text = "".join(f"<p>{html.escape(x)}</p>" for x in (node.comment, node.tutor) if x)
        self.lesson.value = text
        moves = self.timeline.moves()
        self.log.value = "<br>".join(f"{i + 1}. {html.escape(str(a))}"
                                     for i, a in enumerate(moves[-40:], max(0, len(moves) - 40)))
        self.message.value = html.escape(message)
        self.roll_button.disabled = not g.is_chance()
        self.marker.value = f"node {node.id} depth {node.depth} {g.state.phase}"

    def _offer(self, acts: list[Action]) -> None:
        self.choices.options = [(str(a), a) for a in acts]
        self.choices.value = acts[0] if acts else None

    def _on_palette(self, change) -> None:
        if not self._quiet:
            self.choose_kind(change["new"] or "")

    def choose_kind(self, kind: str) -> None:
        """Offer the legal actions of ``kind``: glowing targets and the choice list."""
        self.kind = kind
        acts = [a for a in self.legal() if kind_name(a) == kind]
        self._offer(acts)
        self.view.show_targets(sorted({t for a in acts if (t := target_of(a))}))

    # ------------------------------------------------------------ acting
    def play(self, action: Action | str) -> Node:
        """Play through the timeline (following an existing move or adding a variation)."""
        node = self.timeline.play(action)
        self.refresh()
        return node

    def play_choice(self) -> None:
        if self.choices.value is not None:
            self.play(self.choices.value)

    def explain_choice(self) -> None:
        if self.choices.value is not None:
            self.message.value = html.escape(str(self.game.explain(self.choices.value)))

    def roll(self) -> None:
        """Let the seeded sampler pick the pending chance outcome."""
        if self.game.is_chance():
            self.play(self.sampler.chance(self.game))

    def click(self, x: float, y: float) -> None:
        """A click on the board at canvas pixel ``(x, y)``."""
        spot = self.view.hit(x, y)
        if spot is None or not self.kind:
            return
        acts = [a for a in self.legal() if kind_name(a) == self.kind and target_of(a) == spot]
        if len(acts) == 1:
            self.play(acts[0])
        elif acts:
            self._offer(acts)
            self.message.value = "Several actions here: choose one and press Play."
        else:
            self.message.value = "Nothing of that kind can be played there."

    # ------------------------------------------------------------ the timeline
    def first(self) -> None:
        self.timeline.first()
        self.refresh()

    def back(self) -> None:
        self.timeline.back()
        self.refresh()

    def forward(self) -> None:
        self.timeline.forward()
        self.refresh()

    def last(self) -> None:
        self.timeline.last()
        self.refresh()
