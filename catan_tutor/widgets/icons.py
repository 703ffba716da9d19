"""The page's icons, drawn as inline SVG in the text's colour: no emoji or pictograph that
depends on the system's fonts (stock Chromium has no colour-emoji font: 🎲 shows as a box).

Each icon is hidden from screen readers (the words next to it say what it means) and carries
its name in a class (``catan-icon-ok``...), which tests read. Where no markup can go (a list
option, a checkbox label, the canvas) the page says it in words instead.
"""

from __future__ import annotations


def _svg(name: str, body: str) -> str:
    return (
        f"<svg class='catan-icon catan-icon-{name}' viewBox='0 0 16 16' width='1em' "
        "height='1em' aria-hidden='true' focusable='false' style='vertical-align:-0.125em;"
        "overflow:visible' fill='none' stroke='currentColor' stroke-width='2' "
        f"stroke-linecap='round' stroke-linejoin='round'>{body}</svg>"
    )


OK = _svg("ok", "<path d='M2.5 8.5l3.5 3.5 7.5-8'/>")  # a check mark: legal, right, done
NO = _svg("no", "<path d='M3.5 3.5l9 9M12.5 3.5l-9 9'/>")  # a cross: refused, wrong, failed
DOWNLOAD = _svg("download", "<path d='M8 2v9M4 7.5l4 4 4-4M3 14h10'/>")
DIE = _svg(
    "die",
    "<rect x='1.5' y='1.5' width='13' height='13' rx='3'/>"
    "<g fill='currentColor' stroke='none'><circle cx='5' cy='5' r='1.3'/>"
    "<circle cx='8' cy='8' r='1.3'/><circle cx='11' cy='11' r='1.3'/></g>",
)  # chance: the dice, a card drawn blind
ALL = {"ok": OK, "no": NO, "download": DOWNLOAD, "die": DIE}
