"""Layer 2 of the board (``BoardView``): a glow on each of the moment's targets and the labels
over it, each beside its spot clear of the pieces, the rings and each other
(``board_tags.draw_labels``). Placing the labels is the dearest part of a step's drawing (a
search round each spot), and the same board, pieces, rings and words give the same places:
a layer drawn once is drawn again from what it drew (``canvas_record``), its places with it
(a page stepping back and forth, the learners of one lesson on one server)."""

from __future__ import annotations

from copy import copy
from dataclasses import fields
from typing import TYPE_CHECKING

from ..scene import board_scene
from .board_marks import draw_glow
from .board_tags import draw_labels, label_kinds
from .canvas_record import Drawings, Recorder
from .harbor_marks import harbor_marks
from .label_places import LabelPlaces
from .letter_room import LETTER_EM

if TYPE_CHECKING:
    from .board_view import BoardView

_LAYERS = Drawings()  # layer 2 as drawn, by what it was drawn from


def draw_targets(view: BoardView) -> None:
    """A glow on each vertex and edge target; a legal hex (the robber's, a knight's...) gets
    an outline ring instead, so its terrain and number stay readable. Then the labels: every
    one (the Labels toggle) or those of the spots the words name; ``view.places`` keeps
    where they went."""
    c, game, pieces = view.highlight, view.game, view.painter.pieces()
    refused = view.refused[0] if view.refused else None
    ringed = tuple(s for s in (view.chosen, view.hinted, refused) if s is not None)
    labelled = view.labels or bool(view.named)
    scene = board_scene(game.state, game.layout) if labelled else None
    key = (view.vp, view.ratio, view.zoom, view.strip, c.width, c.height, tuple(view.targets),
           pieces, view.labels, tuple(view.named.items()), ringed, game.layout is None,
           scene)  # fmt: skip
    places = _LAYERS.draw(c, key, lambda rec: _draw(view, rec, list(ringed)))
    if places is not None:  # (its own copy: the next drawing's are another's)
        view.places = _copy(places)


def _copy(places: LabelPlaces) -> LabelPlaces:
    """``places`` with lists of its own."""
    out = copy(places)
    for f in fields(out):
        if isinstance(value := getattr(out, f.name), list):
            setattr(out, f.name, list(value))
    return out


def _draw(view: BoardView, c: Recorder, ringed: list) -> LabelPlaces | None:
    """Layer 2 drawn on ``c`` (``draw_targets``); where the labels went, if any."""
    c.clear()
    pieces = view.painter.pieces()
    if view.targets:
        draw_glow(c, view.vp, view.ratio, view.targets, pieces)
        # the letters of the hexes ringed, over their rings (on a phone the robber's rings
        # crossed D, E, F, H, M and S at 5.1: learner 276)
        view.painter.keep_letters(c, [t for t in view.targets if t[0] == "hex"], pieces)
    if not (view.labels or view.named):
        return None
    lay = view.game.layout  # (none while a variable board is laid)
    places = LabelPlaces.of(
        view.vp, view.ratio, pieces, ringed,
        [h for h, n in enumerate(lay.numbers) if n] if lay else [], harbor_marks(view.painter),
        (0, 0, c.width, c.height - view.strip), view.painter.text(LETTER_EM), view.words_zoom,
    )  # fmt: skip
    z, r = view.words_zoom, view.ratio
    if view.labels:  # both kinds, or on a phone the kind aimed at (board_tags.label_kinds)
        kinds = label_kinds(view.vp, z, r, view.targets)  # (own: named as the words name it)
        draw_labels(c, view.vp, pieces.taken, z, r, kinds, places=places, own=view.named,
                    aimed=view.targets)  # fmt: skip
        if view.narrow:  # a phone's tags are large: none cuts a harbor's word
            view.painter.draw_harbor_discs(c)
    else:  # the spots the page's words name (both kinds)
        draw_labels(c, view.vp, pieces.taken, z, r, named=view.named, places=places)
    return places
