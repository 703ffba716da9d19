"""A one-line key under a question's palette, shown only while some of its buttons look
different from the others (l27, a fresh learner: the buttons' looks and nothing said what they
meant). A greyed button is not possible now (``kinds_unavailable``); no button is set apart
for its cost (s23: a dotted look for "cannot pay" left the answer's kind alone in bold at 7.8
and 8.11). The word of the key is drawn as its buttons are, so the key reads at a glance on a
phone, where no hover text shows. A screen reader already hears each button's reason
(``kind_marks.js``): the key is hidden from it (``aria-hidden``), not said twice. Hidden
marker for tests: ``data-greyed``, how many.
"""

from __future__ import annotations

import ipywidgets as widgets

KEY_CLASS = "catan-palette-key"
# (greyed: refused for the whole turn; a kind refused for the moment, as one not paid for,
# looks as the others: "not possible now" read as "the others are", l32 at 5.13 and 3.2)
# (l37 at 5.13 read "Make a forced trade", not greyed, as possible: a second token action;
# l39 read 9.18's lit "Build a city" with no ore as the page's mistake: say why they look alike)
# (l38 read lit "Chase the robber away" with no robber out, and "Play a Knight" with no
# Knight card, as possible: the key named only the price)
# (s41: two fresh learners read the three-line key twice to parse it: one line, its point
# first)
GREYED = (
    "{n} not possible this turn. The others may or may not work right now (a card not "
    "held, a price not paid): finding out which is part of the question."
)
# before the roll (l44 at 11.16 read the lit builds as "building now is fine"): the buttons
# that wait for the dice look as the others too, and the key says so
GREYED_BEFORE_ROLL = (
    "{n} not possible this turn. The others may or may not work right now (a card not "
    "held, a price not paid, some wait for the roll): finding out which is part of the "
    "question."
)
# the key's word in the look of the buttons it names (play_panel.PLAY_CSS)
KEY_CSS = (
    f".{KEY_CLASS} .catan-key{{font-size:12px;line-height:1.5;margin:0 0 4px 0;opacity:.85}}"
    f".{KEY_CLASS} .catan-key-look{{display:inline-block;padding:0 5px;"
    "border-radius:2px;line-height:1.3}"
    f".{KEY_CLASS} .catan-key-greyed{{border:1px dashed #1b5e9f;opacity:.45}}"
)


def palette_key() -> widgets.HTML:
    """The key's widget, empty (and so taking no room) until a look needs saying."""
    key = widgets.HTML()
    key.add_class(KEY_CLASS)
    return key


def key_html(greyed: int, before_the_roll: bool = False) -> str:
    """The key for a palette with ``greyed`` buttons not possible this turn ('' when none),
    its words for the moment before the dice are rolled when ``before_the_roll``."""
    if not greyed:
        return ""
    look = "<span class='catan-key-look catan-key-greyed'>Greyed</span> " + (
        "button:" if greyed == 1 else "buttons:"
    )
    return (
        f"<div class='catan-key' aria-hidden='true' data-greyed='{greyed}'>"
        f"{(GREYED_BEFORE_ROLL if before_the_roll else GREYED).format(n=look)}</div>"
    )
