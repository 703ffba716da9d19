"""Under a lesson's text, a view of the session: where the learner left the lesson's line (their
moves kept as a variation of their own) with one way back, *Back to the lesson*; at the end of
the lesson, that it is over (with ``extra`` beside it: the app's *Next lesson*). Its widgets are
built the first time either is to be said (``built`` then tells the tutor to place them)."""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from . import markup
from .own_choice import own_choice
from .progress import lesson_done
from .tutor_session import TutorSession

LEFT = (
    "You are trying moves of your own. The lesson's moves are kept, and its text waits where "
    "you left it."
)
OVER = "This lesson is over."
# the end reached by ▶| past steps not read: not yet counted as done (l36)
SKIPPED = "It counts as done once you have stepped through it with ▶."
# ... where the game goes on: what the moves under it are for (l32 at 5.21: "This lesson is
# over." then the dummy's die's form, never explained)
# (no "Go on to the next lesson": the course's last has none, l40 at 11.16; the Next lesson
# button beside it offers one where there is)
PLAY_ON = "You can play on from here with the moves below."
# a lesson with questions, at its end (reopened from the lists once done, l41 at 9.18 found
# its questions answered and no way to practise one again)
AGAIN = "To try a question again, step back to it with ◀ and press Try again."


class LinePanel:
    """``LinePanel(session, guard, built)``: ``widget`` is None until something is to be said
    (then ``built()`` is called once)."""

    def __init__(
        self,
        session: TutorSession,
        guard: Callable[[Callable], Callable],
        built: Callable[[], object],
    ) -> None:
        self.session, self.guard, self.built = session, guard, built
        # what is shown beside "This lesson is over", asked for when the row is first built
        self.extra: Callable[[], widgets.Widget] | None = None
        self.widget: widgets.HBox | None = None
        session.on("shown", self.render)

    def said(self) -> tuple[str, str]:
        """What to say now and its state (``left``, ``over`` or ''). Off the line, what the
        learner's last move did follows (the lesson's text says nothing of it): a roll's dice
        and who got what."""
        s = self.session
        if s.left_lesson_at() is not None and s.puzzle.main_line() is None:
            last = s.lines[:1]  # a question's answer off the line has its own way back
            told = (  # (none: a board's layout logs no line, and 1.3's own tile failed here)
                f"<div class='catan-line-last'>Last move: {markup.text(last[0])}</div>"
                if last
                else ""
            )
            chose = own_choice(s)  # a choice the lesson makes otherwise there (l36 at 9.1)
            return (markup.text(chose) if chose else LEFT) + told, "left"
        if lesson_done(s):
            over = f"{OVER} {SKIPPED}" if s.skipped else OVER
            over = f"{over} {PLAY_ON}" if s.legal() else over
            asks = s.scenario is not None and bool(s.scenario.puzzles)
            return (f"{over} {AGAIN}" if asks else over), "over"
        return "", ""

    def _build(self) -> widgets.HBox:
        lay = widgets.Layout
        self.text = widgets.HTML()
        self.back = widgets.Button(
            description="Back to the lesson",
            icon="undo",
            tooltip="show the lesson's move where your own moves began (your moves stay)",
            layout=lay(width="auto"),
        )
        self.back.add_class("catan-back-to-lesson")
        self.back.on_click(self.guard(lambda _: self.session.back_to_lesson()))
        extra = (self.extra(),) if self.extra is not None else ()
        self.widget = widgets.HBox(
            [self.text, self.back, *extra],
            layout=lay(align_items="center", flex_flow="row wrap", margin="4px 0"),
        )
        self.widget.add_class("catan-line")
        self.built()
        return self.widget

    def render(self) -> None:
        said, state = self.said()
        if self.widget is None and not said:
            return
        box = self.widget or self._build()
        self.text.value = (
            f"<div class='catan-line-text' data-line='{state}' style='color:#5c3d00;"
            f"background:#fff8e1;padding:4px 8px;border-radius:4px;line-height:1.4'>{said}</div>"
        )
        self.back.layout.display = "" if state == "left" else "none"  # extra: its own
        box.layout.display = "" if said else "none"
