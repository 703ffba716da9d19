"""The parts every move form has, made once per panel and lent to each form in turn: the list
of moves ("or choose one here:"), Play, Explain, Open in Rules, the verdict line and the box
that holds them. A form was made anew at every kind chosen and every move (two a gesture), and
these seven widgets were most of its cost (a widget ~1 ms to make in the kernel, and a view
more for the page to build); now a form makes only its own fields.

Each lending puts every part back as it was made (its traits, its layout's and style's) and
takes the last form's handlers off, so a form finds them as if new (``test_form_shell.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from weakref import WeakKeyDictionary

import ipywidgets as widgets

# What a list to choose from shows while nothing is chosen; the list of every move's label
LIST_LABEL = "or choose one here:"
PLAY_FORM = "Play this move"  # the form's move (Try a move's: "Play the typed move")
# the traits the form sets itself on each lending (the list's options), or none may set
_OWN = frozenset({"index", "_options_labels", "layout", "style", "children"})


class FormShell:
    """``FormShell()``: ``status``, ``listed``, ``play_button``, ``explain_button``,
    ``rule_button``, ``buttons`` (their row) and ``widget`` (the form's box, class
    ``catan-form``). ``lend(clicks, picked)`` readies them for a new form."""

    def __init__(self) -> None:
        self.status = widgets.HTML()
        self.listed = widgets.Dropdown(
            options=[],
            value=None,
            description=LIST_LABEL,
            layout=widgets.Layout(width="420px"),
            style={"description_width": "130px"},
        )
        self.play_button = widgets.Button(
            description=PLAY_FORM, button_style="primary", icon="play"
        )
        self.explain_button = widgets.Button(description="Explain", icon="question")
        self.rule_button = widgets.Button(
            description="Open in Rules",
            icon="book",
            tooltip="read this rule in the Rules tab",
            layout=widgets.Layout(display="none"),
        )
        self.buttons = widgets.HBox([self.play_button, self.explain_button, self.rule_button])
        self.widget = widgets.VBox()
        self.widget.add_class("catan-form")
        self._fresh = [(w, _traits(w)) for w in self._parts()]
        self._clicks: list[tuple[widgets.Button, Callable[..., Any]]] = []
        self._picked: Callable[..., Any] | None = None

    def _parts(self) -> list[widgets.Widget]:
        parts: list[widgets.Widget] = []
        for w in (
            self.status,
            self.listed,
            self.play_button,
            self.explain_button,
            self.rule_button,
            self.buttons,
            self.widget,
        ):
            parts.append(w)
            parts.extend(p for p in (getattr(w, "layout", None), getattr(w, "style", None)) if p)
        return parts

    def lend(
        self,
        clicks: list[tuple[widgets.Button, Callable[..., Any]]],
        picked: Callable[..., Any],
        options: list[tuple[str, object]],
    ) -> None:
        """Ready the parts for a new form: the last form's handlers off, every trait as made,
        the list holding ``options`` (none chosen); then ``clicks`` (button, handler) and
        ``picked`` (the list's value observer) on."""
        for button, handler in self._clicks:
            button.on_click(handler, remove=True)
        if self._picked is not None:
            self.listed.unobserve(self._picked, names="value")
        for w, traits in self._fresh:
            with w.hold_sync():
                for name, value in traits.items():
                    if getattr(w, name) != value:
                        setattr(w, name, value)
        self.listed.index = None  # options set under no value keep it: none chosen
        self.listed.options = options
        self._clicks, self._picked = clicks, picked
        for button, handler in clicks:
            button.on_click(handler)
        self.listed.observe(picked, names="value")


def _traits(w: widgets.Widget) -> dict[str, Any]:
    """The synced traits of ``w`` as they are now (the ones a form sets on lending aside)."""
    return {name: getattr(w, name) for name in w.keys if name not in _OWN}


_LENT: WeakKeyDictionary[object, FormShell] = WeakKeyDictionary()


def shell_of(owner: object) -> FormShell:
    """The shell lent to every form of ``owner`` (a panel), made at its first form."""
    shell = _LENT.get(owner)
    if shell is None:
        shell = _LENT[owner] = FormShell()
    return shell
