"""What the learner entered in the move form stays after a wrong answer: the question is
asked again at the same step, the kind chosen stays (``TutorSession.show``) and the new form
shows the fields as they were (l30 at 1.4's second question: after "P2 settle M4" was judged
wrong the "at" list was empty again, and the corner had to be picked afresh). A right answer
moves on: its next form starts empty."""

from __future__ import annotations

from .forms import ActionForm

Entered = tuple[type, dict[str, object]]  # the form's kind of move, its fields' values


def entered(form: ActionForm | None) -> Entered | None:
    """The values the fields of ``form`` hold (a list left on "— choose —" left out)."""
    if form is None:
        return None
    values: dict[str, object] = {n: dd.value for n, dd in form.pickers.items()}
    values = {n: v for n, v in values.items() if v is not None}
    values.update({n: tuple(box.value for box in boxes) for n, boxes in form.counts.items()})
    return (form.cls, values)


def refill(form: ActionForm | None, kept: Entered | None) -> ActionForm | None:
    """``form`` with the fields ``kept`` holds set again (a form of the same kind of move);
    returned, to be shown."""
    if form is not None and kept is not None and form.cls is kept[0] and kept[1]:
        form.set(**kept[1])
    return form
