"""The board editor's controls: a palette of pieces placed or removed by clicking the board,
a hand editor, and a line for any edit operation (``catan_tutor.study.editor``).

The panel only spells operations (``place P1 knight J4 strong active``); the engine applies
and checks them. A refused edit shows the engine's error and changes nothing.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets

from ..board import CARD_NAMES, EDGE_LABELS, HEX_NAMES, VERTEX_LABELS
from ..game import Game
from ..grammar import a, sentence
from ..study.editor import board_pieces
from ..variants.capabilities import Capabilities
from . import icons
from .guard import guarded, shown_in
from .kinds import SPOT_WORDS
from .session_choices import LEVELS, EditChoice, offered

PIECES = (*board_pieces(Capabilities(knights=True, improvements=True)), "remove")  # all
UNOWNED = ("robber", "remove")  # pieces placed (or taken) with no owner to choose
pieces = offered  # the palette of the variant shown (``session_choices.offered``)


def example(game: Game) -> str:
    """An edit operation that works in the variant shown (the edit line's example)."""
    return "barbarians 5" if game.caps.knights else "hand P1 2 brick, 1 ore"


# Every edit operation, each with the variants it works in (``editor._OPS``' checks)
OPS: tuple[tuple[str, Callable[[Capabilities], bool]], ...] = (
    ("place P1 settlement|city|road LABEL (a city on one's own settlement upgrades it)",
     lambda c: True),
    ("place P1 wall LABEL", lambda c: c.improvements),
    ("place P1 knight V strong active", lambda c: c.knights),
    ("remove LABEL", lambda c: True),
    ("hand P1 2 brick, 1 ore", lambda c: True),
    ("dev P1 1 knight", lambda c: c.dev_cards),
    ("deck-top knight, monopoly (the next development cards)", lambda c: c.dev_cards),
    ("progress P1 crane, alchemy", lambda c: c.improvements),
    ("tokens P1 3", lambda c: c.tokens),
    ("defender P1 1", lambda c: c.knights),
    ("vp-cards P1 1", lambda c: c.knights),
    ("robber K", lambda c: True),
    ("merchant K P1", lambda c: c.improvements),
    ("barbarians 5", lambda c: c.knights),
    ("attacked yes", lambda c: c.knights),
    ("level P1 science 3", lambda c: c.improvements),
    ("metropolis science LABEL", lambda c: c.improvements),
    ("turn P2 main 5", lambda c: True),
)  # fmt: skip


def party_options(game: Game) -> tuple[tuple[str, str], ...]:
    """The parties as the Editor's lists offer them: (as the page names them, the notation's
    name): ("Neutral 1", "N1") — never "N1" shown, a corner's label to a learner."""
    return tuple((sentence(game.state.name(p)), n) for p, n in enumerate(game.names))


def help_html(game: Game) -> str:
    """Every edit operation of the variant shown (C&K's only in a C&K game)."""
    ops = []
    for op, works in OPS:
        if not works(game.caps):
            continue
        code, _, note = op.partition(" (")
        ops.append(f"<code>{html.escape(code)}</code>" + (f" ({note}" if note else ""))
    return f"<details><summary>All edit operations</summary>{', '.join(ops)}</details>"


_SPOT = {"road": "edge", "robber": "hex", "merchant": "hex"}
LABELS = {"vertex": VERTEX_LABELS, "edge": EDGE_LABELS, "hex": HEX_NAMES}


def edit_op(
    piece: str, owner: str, spot: tuple[str, int], level: str = "basic", active: bool = False
) -> str | None:
    """The edit operation for a click with ``piece`` chosen, or None if it does not fit the
    spot (a road wants an edge, the robber a hex, the others a vertex)."""
    kind, i = spot
    label = LABELS[kind][i]
    if piece == "remove":
        return f"remove {label}" if kind != "hex" else None
    if _SPOT.get(piece, "vertex") != kind:
        return None
    if piece == "robber":
        return f"robber {label}"
    if piece == "merchant":
        return f"merchant {label} {owner}"
    if piece == "knight":
        return f"place {owner} knight {label} {level}{' active' if active else ''}"
    return f"place {owner} {piece} {label}"


class EditorPanel:
    """``EditorPanel(game, apply, undo, said, choice)``: ``game()`` is the position edited,
    ``apply(op)`` edits it and returns an error text ('' when done), ``undo()`` restores the
    game before the last edit, ``said()`` what an edit done did to the game (a new line...),
    ``choice`` the Editor's choices as the session keeps them (the piece, its owner...: this
    panel shows them, ``sync``, and sends the learner's changes there). ``active_mode`` is
    True while board clicks edit."""

    def __init__(
        self,
        game: Callable[[], Game],
        apply: Callable[[str], str],
        undo: Callable[[], str],
        said: Callable[[], str] = lambda: "",
        choice: EditChoice | None = None,
    ):
        self.game, self.apply, self.undo, self.said = game, apply, undo, said
        self.choice = choice if choice is not None else EditChoice(lambda event: self.sync())
        self.mode = widgets.ToggleButton(
            description="Edit the board",
            icon="pencil",
            tooltip="clicks on the board place or remove pieces",
        )
        self.piece = widgets.ToggleButtons(  # each as wide as its word ("settlement")
            options=PIECES, value="settlement", style={"button_width": "auto"}
        )
        self.piece.add_class("catan-edit-pieces")
        self.owner = widgets.Dropdown(
            description="owner",
            layout=widgets.Layout(width="160px"),
            style={"description_width": "48px"},
        )
        self.level = widgets.Dropdown(
            options=LEVELS,
            description="knight",
            layout=widgets.Layout(width="170px"),
            style={"description_width": "48px"},
        )
        self.active = widgets.Checkbox(
            description="active", indent=False, layout=widgets.Layout(width="auto")
        )
        self.who = widgets.Dropdown(
            description="hand of",
            layout=widgets.Layout(width="160px"),
            style={"description_width": "56px"},
        )
        self.counts = [widgets.BoundedIntText(min=0, max=19, description=name,
                                              layout=widgets.Layout(width="150px"),
                                              style={"description_width": "56px"})
                       for name in CARD_NAMES]  # fmt: skip
        self.status = widgets.HTML()
        safe = lambda fn: guarded(fn, shown_in(self.status))  # noqa: E731
        for name, box in (
            ("piece", self.piece), ("owner", self.owner), ("level", self.level),
            ("active", self.active), ("hand_of", self.who),
        ):  # fmt: skip
            box.observe(safe(self._chooser(name)), names="value")
        self.set_hand = widgets.Button(description="Set hand")
        self.set_hand.on_click(safe(lambda _: self.run(self.hand_op())))
        self.line = widgets.Text(
            placeholder="any edit (all below)",
            layout=widgets.Layout(width="360px", max_width="100%"),
        )
        self.apply_button = widgets.Button(description="Apply")
        self.apply_button.on_click(safe(lambda _: self.run(self.line.value)))
        self.undo_button = widgets.Button(description="Undo edit", icon="undo")
        self.undo_button.on_click(safe(lambda _: self.show(self.undo())))
        self.help = widgets.HTML()  # the variant's operations (sync)
        self.grid = widgets.GridBox(
            [], layout=widgets.Layout(grid_template_columns="repeat(3, 155px)")
        )
        self.widget = widgets.VBox([
            widgets.HBox([self.mode, self.undo_button]), self.piece,
            widgets.HBox([self.owner, self.level, self.active]),
            widgets.HTML("<b>Hand</b>"), widgets.HBox([self.who, self.set_hand]), self.grid,
            widgets.HBox([self.line, self.apply_button]), self.status, self.help,
        ])  # fmt: skip
        self.widget.add_class("catan-editor")

    @property
    def active_mode(self) -> bool:
        return self.mode.value

    def _chooser(self, name: str) -> Callable[[dict], None]:
        """The learner changed a choice: the session keeps it (a value ``None``, while the
        options change, is none)."""

        def chosen(change: dict) -> None:
            if change["new"] is not None:
                self.choice.choose(**{name: change["new"]})

        return chosen

    def sync(self) -> None:
        """Offer the parties, pieces and card kinds of the game; show the choices as the
        session keeps them (``session_choices.EditChoice``) and the chosen party's hand."""
        game = self.game()
        shown = self.choice.shown(game)
        parties = party_options(game)  # a neutral shown "Neutral 1", its value still "N1"
        owners = tuple(o for o in parties if o[1] != "D")
        for box, options in (
            (self.owner, owners), (self.who, parties), (self.piece, offered(game))
        ):  # fmt: skip
            if tuple(box.options) != options:
                box.options = options
        self.owner.value, self.who.value, self.piece.value = shown.owner, shown.hand_of, shown.piece
        self.level.value, self.active.value = shown.level, shown.active
        self.line.placeholder = f"any edit, e.g. {example(game)} (all below)"
        self.help.value = help_html(game)
        # only the choices the piece chosen takes: a knight's strength for a knight, an
        # owner for a player's piece (not the robber, nor "remove": s50)
        knight = game.caps.knights and shown.piece == "knight"
        self.level.layout.display = self.active.layout.display = "" if knight else "none"
        self.owner.layout.display = "none" if shown.piece in UNOWNED else ""
        kinds = len(game.state.bank)
        self.grid.children = self.counts[:kinds]
        p = game.names.index(shown.hand_of)
        for box, n in zip(self.counts, game.state.hands[p], strict=False):
            box.value = n

    def hand_op(self) -> str:
        kinds = len(self.grid.children)
        cards = ", ".join(
            f"{b.value} {CARD_NAMES[k]}" for k, b in enumerate(self.counts[:kinds]) if b.value
        )
        return f"hand {self.choice.shown(self.game()).hand_of} {cards or '-'}"

    def click(self, spot: tuple[str, int]) -> None:
        """A click on the board with the session's choices: the edit operation it spells."""
        chosen = self.choice.shown(self.game())
        op = edit_op(chosen.piece, chosen.owner, spot, chosen.level, chosen.active)
        if op is None:
            self.show(f"{sentence(a(chosen.piece))} does not go on {a(SPOT_WORDS[spot[0]])}.")
        else:
            self.run(op)

    def run(self, op: str) -> None:
        if op.strip():
            error = self.apply(op.strip())
            self.show(error, done=op.strip())

    def show(self, error: str, done: str = "") -> None:
        if error:
            self.status.value = (
                f"<span style='color:#b71c1c'>{icons.NO} {html.escape(error)}</span>"
            )
        elif done:
            note = f" <span class='catan-edit-note'>{html.escape(self.said())}</span>"
            self.status.value = (
                f"<span style='color:#2e7d32'>{icons.OK} {html.escape(done)}</span>"
                f"{note if self.said() else ''}"
            )
        else:
            self.status.value = ""
