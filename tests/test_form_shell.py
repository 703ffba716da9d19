"""A move form's list of moves, buttons, verdict line and box are made once per panel and lent
to each form (form_shell.py): a form on a lent shell must read, look and act as one made
anew, whatever the forms before it did (a verdict shown, a rule opened, a move listed, a
puzzle's hidden verdict line), and the last form's buttons must no longer act."""

from __future__ import annotations

import ipywidgets as widgets

from catan_tutor import new_game
from catan_tutor.actions import Action, BuildRoad, Settle
from catan_tutor.widgets.form_shell import FormShell
from catan_tutor.widgets.forms import ActionForm


def looks(w: widgets.Widget) -> object:
    """What the page is told of ``w`` and everything under it: each widget's kind, synced
    traits, layout's and style's (ids left out: a new widget has a new one)."""

    def traits(x: widgets.Widget) -> dict[str, object]:
        return {
            k: getattr(x, k) for k in sorted(x.keys) if k not in ("layout", "style", "children")
        }

    return (
        type(w).__name__,
        traits(w),
        traits(w.layout) if isinstance(getattr(w, "layout", None), widgets.Widget) else None,
        traits(w.style) if isinstance(getattr(w, "style", None), widgets.Widget) else None,
        [looks(c) for c in getattr(w, "children", ())],
    )


def _forms(g, kind: type, shell: FormShell | None, played: list[Action], **kw) -> ActionForm:
    acts = [a for a in g.legal_actions() if isinstance(a, kind)]
    return ActionForm(g, acts, played.append, print, shell=shell, **kw)


def test_a_form_on_a_lent_shell_is_as_one_made_anew():
    """Forms of another kind before it, each left as a learner leaves one (a move chosen from
    the list and explained, its rule button shown; a puzzle's with its list hidden and its
    verdict line hidden by the panel): the next form, on the same shell, tells the page
    exactly what a new form tells it."""
    g = new_game("base", players=3, seed=5)
    shell, played = FormShell(), []
    first = _forms(g, Settle, shell, played)
    first.listed.value = first.listed.options[3][1]
    first.explain()
    assert first.rule_button.layout.display == ""  # (a rule to open: shown)
    first.close()
    puzzle = _forms(g, Settle, shell, played, any_move=True)
    puzzle.status.layout.display = "none"  # (the panel's, at an open question)
    puzzle.set(vertex=puzzle.offered("vertex")[0])
    puzzle.close()
    g.play(next(a for a in g.legal_actions() if isinstance(a, Settle)))
    lent = _forms(g, BuildRoad, shell, played)
    anew = _forms(g, BuildRoad, None, played)
    assert looks(lent.widget) == looks(anew.widget)
    assert lent.widget is first.widget and lent.play_button is first.play_button
    assert first.play_button.comm is not None  # the shell stays open for the next form
    lent.set(edge=lent.offered("edge")[0])
    anew.set(edge=anew.offered("edge")[0])
    assert looks(lent.widget) == looks(anew.widget)


def test_only_the_form_shown_acts_on_its_shells_buttons():
    """Play, Explain and the list act for the form that holds the shell now: the form
    before it (still referenced, its fields closed) plays nothing."""
    g = new_game("base", players=3, seed=5)
    shell, played = FormShell(), []
    old = _forms(g, Settle, shell, played)
    old.set(vertex=old.offered("vertex")[0])
    new = _forms(g, Settle, shell, played)
    old.close()
    new.set(vertex=new.offered("vertex")[1])
    new.play_button.click()
    assert played == [new.action()] and new.action().vertex == new.offered("vertex")[1]
    new.listed.value = new.listed.options[0][1]  # the list fills the new form's fields
    assert new.action() == new.listed.options[0][1]
    assert all(dd.comm is None for dd in old.pickers.values())  # (its own fields closed)
    assert shell.play_button.comm is not None
