"""The key under a text that shows the marks of its rules, in a line of words: "§" (the rules a
sentence follows: ``verdicts.rule_note_html``) and "*" (this tutor's own reading where the
rulebooks are silent: ``verdicts._reading_mark``). A learner reading a lesson meets the marks
there, not under "How to use it" (issue 33); the key says only the marks the text shows, once
on the page (l34: under the lesson's text and again under the question's box; marks_once.js)."""

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


def marks_key(shown: str) -> str:
    """The key of the marks in ``shown`` (HTML), one small grey line ('' when it has none)."""
    said = []  # (each sentence with its mark: one said higher on the page is left out, once
    # on the page: marks_once.js)
    if RULE_MARK in shown:
        said.append(f"<span data-mark='rule'>{RULE_WORDS}</span>")
    if any(mark in shown for mark in READING_MARKS):
        said.append(f"<span data-mark='reading'>{READING_WORDS}</span>")
    if not said:
        return ""
    return (
        "<div class='catan-marks-key' style='color:#666;font-size:12px;margin:4px 0 8px'>"
        f"{' '.join(said)}</div>"
    )
