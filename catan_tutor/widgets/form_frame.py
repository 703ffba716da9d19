"""What every move form of a panel shares, made once a panel and not once a form: the box the
form shows in (``.catan-form``), Play this move, Explain, Open in Rules, the verdict line
under them, and the Layout and style of each kind of field. A kind chosen builds only its
form's own fields (``ActionForm``) and puts them first in the frame's box; the buttons
and the line stay, their handlers acting on the form shown.

Each widget model costs the kernel its making and the page its comm message and drawing: a
form made whole (about 25 models: three Buttons with their Layout and style, the line, the
boxes) took 39 % of the kernel's time over a game played by gestures
(``benchmarks/form_steps.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets
from ipywidgets.widgets.widget_description import DescriptionStyle

from .guard import guarded, shown_in
from .kinds import spot_kind

if TYPE_CHECKING:
    from .forms import ActionForm

PLAY_FORM = "Play this move"  # the form's move (Try a move's says "Play the typed move")
# the frame's class while its form is of a kind played by a click on the board (a spot kind):
# kind_still.js then leaves the page where it is while the board is in sight (l45)
SPOT_FORM = "catan-form-spot"


class FormFrame:
    """``FormFrame()``: ``widget`` (the ``.catan-form`` box: a form's fields, the buttons, the
    verdict line ``status``); ``take(form)`` makes ``form`` the one shown, its state afresh
    (no verdict, Open in Rules, or hidden line of the form before: a puzzle hides the line)."""

    def __init__(self) -> None:
        self.form: ActionForm | None = None
        self.status = widgets.HTML()
        guard = self.guard
        self.play_button = widgets.Button(
            description=PLAY_FORM, button_style="primary", icon="play"
        )
        self.play_button.on_click(guard(lambda _: self._act("play")))
        self.play_button.add_class("catan-form-play")  # (reply_in_view.js: an unfinished form)
        self.explain_button = widgets.Button(description="Explain", icon="question")
        self.explain_button.on_click(guard(lambda _: self._act("explain")))
        self.rule_button = widgets.Button(
            description="Open in Rules",
            icon="book",
            tooltip="read this rule in the Rules tab",
            layout=widgets.Layout(display="none"),
        )
        self.rule_button.on_click(guard(lambda _: self._act("open_rule")))
        # the form's own fields go first in the box, replaced form by form (in the box
        # itself, not a box of their own: one widget view fewer a page, issue 35's budget)
        self.buttons = widgets.HBox([self.play_button, self.explain_button, self.rule_button])
        self.widget = widgets.VBox([self.buttons, self.status])
        self.widget.add_class("catan-form")
        # one Layout and style per kind of field, shared by every form's fields (ipywidgets
        # lets many widgets share one Layout model): each field then makes one model, not 3
        self.shared: dict[str, widgets.Widget] = {}

    def _act(self, what: str) -> None:
        """A button pressed: ``what`` the form shown does (play, explain, open_rule)."""
        if self.form is not None:
            getattr(self.form, what)()

    def guard(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """``fn`` as a handler of the form: an error said in the verdict line."""
        return guarded(fn, shown_in(self.status))

    def layout(self, **traits: str) -> widgets.Layout:
        """A Layout with ``traits`` shared by the fields that ask for the same (never one
        whose traits a form changes: the progress card's details, shown and hidden)."""
        return self._shared(widgets.Layout, traits)

    def style(self, width: str) -> DescriptionStyle:
        """A field's description style of ``width``, shared."""
        return self._shared(DescriptionStyle, {"description_width": width})

    def _shared(self, cls: type, traits: dict[str, str]) -> Any:
        key = f"{cls.__name__} {sorted(traits.items())}"
        if key not in self.shared:
            self.shared[key] = cls(**traits)
        return self.shared[key]

    def parts(self) -> list[widgets.Widget]:
        """Every widget of the frame (its box and what it holds), and the shared Layouts and
        styles: what closes with a form that had a frame of its own."""
        return [self.widget, *self.shared.values()]

    def take(self, form: ActionForm) -> None:
        """``form`` is the one the buttons act on; the line and the buttons start afresh."""
        self.form = form
        self.status.value = ""
        self.status.layout.display = ""
        self.rule_button.layout.display = "none"
        self.play_button.disabled = True
        self.play_button.description = getattr(form, "play_words", PLAY_FORM)
        if spot_kind(form.cls):
            self.widget.add_class(SPOT_FORM)
        else:
            self.widget.remove_class(SPOT_FORM)

    def show(self, form: ActionForm, parts: list[widgets.Widget]) -> None:
        """``parts``, the fields of ``form`` (the one taken), in the box."""
        if self.form is form:
            self.widget.children = (*parts, self.buttons, self.status)

    def release(self, form: ActionForm) -> None:
        """``form`` closed: its fields out of the box (the frame shows no closed widget)."""
        if self.form is form:
            self.form = None
            self.widget.children = (self.buttons, self.status)
            self.status.value = ""
