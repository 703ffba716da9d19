"""The key under a text that shows the marks of its rules, in a line of words: "§" (the rules a
sentence follows: ``verdicts.rule_note_html``) and "*" (this tutor's own reading where the
rulebooks are silent: ``verdicts._reading_mark``). A learner reading a lesson meets the marks
there, not under "How to use it" (issue 33); the key says only the marks the text shows, once
on the page (l34: under the lesson's text and again under the question's box; marks_once.js),
and once per page view (``MarksSaid``: l35 met it again in every lesson text, solved box and
hint list of 1.4, 9.18 and 10.6): in the first place that needs it, and there again when the
learner comes back to it."""

from __future__ import annotations

RULE_MARK = "catan-rule-note"  # the class of a "§" marker
READING_MARKS = ("catan-reading-mark", "catan-reading-badge")  # the classes of a "*"

# each mark in its own colour, as it shows after a sentence (style.THEME_CSS: either theme)
RULE_WORDS = (
    "Click or tap a <b style='color:var(--jp-content-link-color,#1565c0)'>§</b> to read the "
    "rule behind the sentence before it."
)
READING_WORDS = (
    "<b style='color:#4527a0'>*</b> marks this tutor's own reading where the rulebooks are silent."
)


class MarksSaid:
    """Where each mark's key was said first in this page view (a place: which box, at which
    node): said there, and there only, from then on."""

    def __init__(self) -> None:
        self.first: dict[str, object] = {}  # mark ("rule", "reading") -> its place

    def says(self, mark: str, place: object) -> bool:
        """Whether the key of ``mark`` is said at ``place`` (claimed by the first asking)."""
        return self.first.setdefault(mark, place) == place


def marks_key(shown: str, said_at: tuple[MarksSaid, object] | None = None) -> str:
    """The key of the marks in ``shown`` (HTML), one small grey line ('' when it has none);
    with ``said_at`` (the page view's ``MarksSaid`` and this place), only the marks whose
    key this place says."""
    said = []  # (each sentence with its mark: one said higher on the page is left out, once
    # on the page: marks_once.js)
    keep = (lambda mark: said_at[0].says(mark, said_at[1])) if said_at else (lambda mark: True)
    if RULE_MARK in shown and keep("rule"):
        said.append(f"<span data-mark='rule'>{RULE_WORDS}</span>")
    if any(mark in shown for mark in READING_MARKS) and keep("reading"):
        said.append(f"<span data-mark='reading'>{READING_WORDS}</span>")
    if not said:
        return ""
    return (
        "<div class='catan-marks-key' style='color:#666;font-size:12px;margin:4px 0 8px'>"
        f"{' '.join(said)}</div>"
    )
