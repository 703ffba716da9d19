"""The pointer's line under the board ("Pointer on hex B, a land tile.") is for screen readers
only: on screen the spot under a mouse is the spot the mouse is on, and the line stayed in
view beside Copy link after the pointer had gone (l23: it read as a note left on the page).
The status line keeps showing what a sighted learner needs: the keyboard cursor's line (what
Enter does there) and a click's or tap's note ("Nothing here…", "Between…")."""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from .spot_sentences import POINTER

SR_ONLY = "catan-sr-only"  # visually hidden, still read out (describe.SR_ONLY_CSS)


def heard_only(label: widgets.Label, guard: Callable[[Callable], Callable]) -> None:
    """Keep ``label`` visually hidden while it holds the pointer's line, shown otherwise
    (``guard`` wraps the handler)."""

    def fit(_change: object = None) -> None:
        if label.value.startswith(POINTER):
            label.add_class(SR_ONLY)
        else:
            label.remove_class(SR_ONLY)

    label.observe(guard(fit), names="value")
    fit()
