"""Which step of a lesson the learner is at, "Step 3 of 12", by the step buttons: a learner
(272) could not tell how much of a lesson was left. The steps are the ones ◀ ▶ stop at on the
lesson's own line: a roll and its dice are one step (``roll_steps``). Off the line (the
learner's own moves, a puzzle's other right answer) it says "Your line" (it was blank: s49);
in a free game there is no count. Plain Python."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .roll_steps import rolling

if TYPE_CHECKING:
    from .tutor_session import TutorSession


def step_of(session: TutorSession) -> tuple[int, int] | None:
    """(the current step, the lesson's steps), counted from 1 on the lesson's line from where
    the learner starts (``TutorSession.start``); None in a free game, for the lesson's author
    (who steps to each die) and off the line."""
    if not session.lesson_id or session.author_view:
        return None
    rules, here = session.timeline.rules, session.timeline.current
    line = [session.start()]
    while kept := [c for c in line[-1].children if session.from_file(c)]:
        line.append(kept[0])
    # (the start and the end are steps even where a roll is under way: |◀ ▶| go there)
    ends = (line[0], line[-1], here)
    steps = [n for n in line if any(n is e for e in ends) or not rolling(rules, n)]
    at = next((i for i, n in enumerate(steps, 1) if n is here), 0)
    return (at, len(steps)) if at else None


def step_count_html(session: TutorSession) -> str:
    """ "Step 3 of 12", "Your line" off the lesson's line, '' in a free game; a phone shows
    "3/12" or "yours" (its row of step buttons has room for no more: ``STEP_COUNT_CSS``)."""
    counted = step_of(session)
    if counted is None and session.lesson_id and not session.author_view:
        return (  # off the lesson's line: the learner's own moves
            "<span class='catan-step-words catan-step-own' style='color:#666' data-step='own'"
            ' title="Your own moves, off the lesson\'s line: ◀ goes back to it">'
            "<span class='catan-step-long'>Your line</span>"
            "<span class='catan-step-short' aria-hidden='true'>yours</span></span>"
        )
    if counted is None:
        return ""
    at, count = counted
    return (
        f"<span class='catan-step-words' style='color:#666'"
        f" data-step='{at}' data-steps='{count}'>"
        f"<span class='catan-step-long'>Step {at} of {count}</span>"
        f"<span class='catan-step-short' aria-hidden='true'>{at}/{count}</span></span>"
    )
