"""A one-line key under a question's palette, shown only while some of its buttons look
different from the others (l27, a fresh learner: three looks of the buttons, plain, dotted
and greyed, and nothing said what they meant). A dotted button is a build its player cannot
pay for now (``unpaid``: still pressable, a trade first may pay for it); a greyed one is not
possible now (``kinds_unavailable``). Each word of the key is drawn as its buttons are, so the
key reads at a glance on a phone, where no hover text shows. A screen reader already hears
each button's reason (``kind_marks.js``): the key is hidden from it (``aria-hidden``), not
said twice. Hidden markers for tests: ``data-dotted`` and ``data-greyed``, how many of each.
"""

from __future__ import annotations

import ipywidgets as widgets

KEY_CLASS = "catan-palette-key"
DOTTED, NO_ONE = "{n} {seat} cannot pay for {it} now.", "{n} no player can pay for {it} now."
GREYED = "{n} not possible now."
# the key's words in the looks of the buttons they name (play_panel.PLAY_CSS, unpaid.UNPAID_CSS)
KEY_CSS = (
    f".{KEY_CLASS} .catan-key{{font-size:12px;line-height:1.5;margin:0 0 4px 0;opacity:.85}}"
    f".{KEY_CLASS} .catan-key-look{{display:inline-block;padding:0 5px;"
    "border-radius:2px;line-height:1.3}"
    f".{KEY_CLASS} .catan-key-dotted{{border:1px dotted #7a9bb8;color:#3d5a73;background:#f6f8fa}}"
    f".{KEY_CLASS} .catan-key-greyed{{border:1px dashed #1b5e9f;opacity:.45}}"
    f'body[data-jp-theme-light="false"] .{KEY_CLASS} .catan-key-dotted'
    "{background:#161d26;color:#a9c1d6;border-color:#4f6f8c}"
)


def palette_key() -> widgets.HTML:
    """The key's widget, empty (and so taking no room) until a look needs saying."""
    key = widgets.HTML()
    key.add_class(KEY_CLASS)
    return key


def _look(kind: str, count: int) -> str:
    word = "Dotted" if kind == "dotted" else "Greyed"
    return f"<span class='catan-key-look catan-key-{kind}'>{word}</span> " + (
        "button:" if count == 1 else "buttons:"
    )


def key_html(dotted: int, greyed: int, seat: str) -> str:
    """The key for a palette with ``dotted`` buttons ``seat`` cannot pay for now and
    ``greyed`` buttons not possible now: a sentence for each look present ('' when none);
    ``seat``: the player who answers ('': several, none of whom can pay)."""
    parts = []
    if dotted:
        it = "it" if dotted == 1 else "them"
        parts.append(
            (DOTTED if seat else NO_ONE).format(n=_look("dotted", dotted), seat=seat, it=it)
        )
    if greyed:
        parts.append(GREYED.format(n=_look("greyed", greyed)))
    if not parts:
        return ""
    return (
        f"<div class='catan-key' aria-hidden='true' data-dotted='{dotted}' "
        f"data-greyed='{greyed}'>{' '.join(parts)}</div>"
    )
