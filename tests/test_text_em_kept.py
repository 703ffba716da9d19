"""The board's words are measured once per text (``board_tags.text_em`` keeps its widths: a
redraw measured the same labels and words again): a kept width is the one measured anew."""

from __future__ import annotations

from catan_tutor import board
from catan_tutor.widgets.board_tags import text_em


def test_a_kept_width_is_the_width_measured_anew() -> None:
    texts = [*board.VERTEX_LABELS, *board.EDGE_LABELS, "3:1", "lumber", "P1 rolled 8 (3 + 5)"]
    for text in texts + texts:  # (the second time: kept)
        assert text_em(text) == text_em.__wrapped__(text)
    assert text_em("W") != text_em("i") and text_em("") == 0
