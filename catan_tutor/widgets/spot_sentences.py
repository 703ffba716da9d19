"""The line under the board in sentences a newcomer reads: the spot under the pointer or the
keyboard's cursor named as the board labels it and said what it is for ("Pointer on N7, a
road spot (an edge)."), and what Enter does at the cursor. Plain Python (no widgets)."""

from __future__ import annotations

from ..grammar import a
from .editor_panel import LABELS
from .kinds import SPOT_WORDS, Spot
from .wording import kind_words

# What each kind of spot is for, as a newcomer is told it (BASE-BUILD-ROAD: a road on an
# edge; BASE-BUILD-SETTLEMENT, BASE-BUILD-CITY: buildings on corners, CK-KNIGHT-RECRUIT: knights
# too; the robber on a hex).
SPOT_USE = {
    "edge": "a road spot (an edge)",
    "vertex": "a settlement or city spot (a corner)",
    "hex": "a land tile",  # "hex K" says hex already (s18: "hex M, a land tile (a hex)")
}
KNIGHTS_CORNER = "a spot for a settlement, city or knight (a corner)"  # Cities & Knights
POINTER = "Pointer on"  # the status line's opening words for the spot under the pointer
CURSOR = "Cursor on"  # ... and for the keyboard's cursor


def spot_words(spot: Spot) -> str:
    """A spot as the page says it: "corner N4", "edge P7", "hex K"."""
    return f"{SPOT_WORDS[spot[0]]} {LABELS[spot[0]][spot[1]]}"


def spot_sentence(spot: Spot, knights: bool = False) -> str:
    """A spot named and said what it is, without the full stop: "N7, a road spot (an edge)";
    a hex: "hex K, a land tile"; a corner where ``knights`` stand too says so."""
    kind, label = spot[0], LABELS[spot[0]][spot[1]]
    use = KNIGHTS_CORNER if knights and kind == "vertex" else SPOT_USE[kind]
    return f"{'hex ' if kind == 'hex' else ''}{label}, {use}"


def pointer_words(spot: Spot | None, knights: bool = False) -> str:
    """The status line under the board for the spot under the pointer: "Pointer on N7, a
    road spot (an edge)." ('' off the board)."""
    return f"{POINTER} {spot_sentence(spot, knights)}." if spot is not None else ""


# What Enter does at an open puzzle's question: the spot is judged, right or wrong, and
# nothing says which (every spot alike: "why not here" on the answer read as a refusal)
TRY_SPOT = "Press Enter to try this spot: the puzzle judges it."


def cursor_words(
    spot: Spot,
    piece: str | None,
    kind: str,
    target: bool,
    knights: bool = False,
    judged: bool = False,
    on_board: bool = True,
) -> str:
    """The status line for the keyboard's cursor at ``spot``, with what Enter does there:
    place the editor's ``piece``, play the chosen ``kind`` (on one of its ``target`` spots),
    or ask why not; no kind chosen: choose one first. ``judged``: an open puzzle's question,
    where Enter answers with the spot (``TRY_SPOT``, the same on every spot); a kind not
    ``on_board`` (the dice set by hand) is played by its form (learner 280: "Press Enter to
    ask why not here" on hex A, the dice chosen, nothing tried)."""
    said = f"{CURSOR} {spot_sentence(spot, knights)}."
    if piece is not None:
        what = (
            "remove what is there"
            if piece == "remove"
            else f"move the {piece} there"
            if piece in ("robber", "merchant")
            else f"place {a(piece)} there"
        )
        return f"{said} Press Enter to {what}."
    if kind and judged:
        return f"{said} {TRY_SPOT}"
    if kind and target:
        return f"{said} Press Enter for “{kind_words(kind)}”."
    if kind and not on_board:
        return f"{said} “{kind_words(kind)}” is not played on the board: use its form."
    if kind:
        return f"{said} Press Enter to see why “{kind_words(kind)}” is not possible here."
    return f"{said} Choose what to do first."
