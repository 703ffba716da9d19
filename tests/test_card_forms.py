"""Card forms (discards, offers): the counts start at 0 and the form says what to choose,
then counts as the learner picks (issue 33: lesson 2.1's discard form came filled with a
discard the learner had not chosen, "✓ allowed" under it)."""

from __future__ import annotations

import re

from catan_tutor import new_game
from catan_tutor.study.editor import edit
from catan_tutor.widgets import Tutor


def _text(value: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", value)).strip()


def test_lesson_2_1_discard_form_chooses_no_card_and_counts_the_cards_picked():
    """BASE-SEVEN-DISCARD: at lesson 2.1's "A 7 pays nothing." P2 (1 lumber, 5 wool, 2 ore)
    must discard 4; the form offers no discard: every count 0, and it asks who discards (P2
    and P3 both owe: the lesson's next move is not filled in); P2 picked, "Choose 4 cards to
    discard", Play off; then "1 of 4 cards chosen. Choose 3 more cards.", the engine's verdict
    once enough are counted (too many: why not), and Play once 4 are legal."""
    from catan_tutor.widgets import App
    from catan_tutor.widgets.forms import MANY

    app = App(start="base_production_robber", query="")
    s = app.tutor.session
    while not (s.node.comment or "").startswith("A 7 pays nothing."):
        s.forward()
    assert s.kinds() == ["discard"] and s.game.state.hands[1] == (0, 1, 5, 0, 2)
    app.tutor.controls.palette.value = "discard"
    form = app.tutor.controls.form
    assert [box.value for box in form.counts["cards"]] == [0, 0, 0, 0, 0]
    # its 18 sets of 4 cards are counted in the boxes, not listed (s41 at 6.4: dozens of lines)
    assert len(form.listed.options) > MANY and form.listed.layout.display == "none"
    assert form.pickers["player"].value is None
    # the list only: no spot on the board names who discards (l36 looked there for it)
    assert _text(form.status.value) == "Choose the player (in the “player” list)."
    form.set(player=1)
    status = _text(form.status.value)
    assert status == "Choose 4 cards to discard: set how many of each above."
    assert form.play_button.disabled and "allowed" not in status
    form.set(cards=(0, 1, 0, 0, 0))
    status = _text(form.status.value)
    # still counting: no verdict yet (s41 at 6.4 read "✕ Not allowed … not 4" while the
    # last card was still to come), only what is left to choose
    assert status == "1 of 4 cards chosen. Choose 3 more cards.", status
    assert form.play_button.disabled
    form.set(cards=(0, 1, 2, 0, 0))
    assert _text(form.status.value) == "3 of 4 cards chosen. Choose 1 more card."
    form.set(cards=(0, 1, 5, 0, 1))  # too many: the engine's verdict
    assert "must discard exactly 4" in _text(form.status.value)
    assert form.play_button.disabled
    form.set(cards=(0, 1, 3, 0, 0))
    assert _text(form.status.value).startswith("4 of 4 cards chosen. Allowed.")
    assert not form.play_button.disabled


def test_an_offer_form_starts_with_no_card_given_or_asked():
    """BASE-TRADE-DOMESTIC: an offer's give and get counts start at 0 (the engine's first
    listed offer is not suggested), and the form asks for the cards."""
    g = edit(new_game("base", players=3), "hand P1 2 brick", "hand P2 1 ore", "turn P1 main 3")
    t = Tutor(g)
    t.controls.palette.value = "offer"
    form = t.controls.form
    form.set(to=1)
    assert all(box.value == 0 for n in ("give", "get") for box in form.counts[n])
    assert _text(form.status.value) == "Choose the cards: set how many of each above."
    assert form.play_button.disabled


def test_a_card_count_is_counted_as_it_is_typed_not_when_the_field_is_left():
    """A fresh learner (a 7 in a free game): the grain field showed 1 while the form said "4
    of 5 cards chosen" and "Not allowed … not 4" until Tab. Every card count of a form sends
    its value as it is typed, so the count and the verdict follow what the field shows."""
    from catan_tutor.widgets import App

    app = App(start="base_production_robber", query="")
    s = app.tutor.session
    while not (s.node.comment or "").startswith("A 7 pays nothing."):
        s.forward()
    app.tutor.controls.palette.value = "discard"
    form = app.tutor.controls.form
    boxes = [box for b in form.counts.values() for box in b]
    assert len(boxes) == 5 and all(box.continuous_update for box in boxes)


def test_a_progress_card_s_details_show_once_the_card_is_chosen_and_only_its_own():
    """CK-PC-MERCHANT, CK-PC-MERCHANT-FLEET: at 9.18's first question (P2 holds the
    Merchant and the Merchant Fleet) the form's "details" list mixed the Merchant's hexes and
    the Fleet's resources before a card was chosen (a fresh learner on a phone, l24): now it
    is hidden until a card is chosen, then lists that card's own (hexes, or resources);
    unchosen again, hidden again. A card that needs no details shows none."""
    import ipywidgets as widgets

    from catan_tutor.widgets import App
    from catan_tutor.widgets.card_details import needs_details

    app = App(query="?lesson=puzzle_ck_progress&node=4")
    app.tutor.controls.palette.value = "play progress"
    form = app.tutor.controls.form
    details = form.pickers["args"]
    assert details.layout.display == "none"
    form.set(card=12)  # the Merchant: a hex, any land hex at a question (l45: not K, L, O,
    # P and S alone, where it may go: the answer among five)
    assert details.layout.display != "none"
    assert [label for label, v in details.options if v is not None] == list("ABCDEFGHIJKLMNOPQRS")
    form.set(card=13)  # the Merchant Fleet: a card kind
    assert details.layout.display != "none"
    assert "brick" in {label for label, _ in details.options}
    assert "K" not in {label for label, _ in details.options}
    form.pickers["card"].index = 0  # "— choose —" again
    assert details.layout.display == "none"
    # a card that needs nothing (its one "value" is no details)
    card = widgets.Dropdown(options=[("Irrigation", 1)], value=1)
    nothing = widgets.Dropdown(options=[("—", ())], value=())
    assert not needs_details({"card": card, "args": nothing})
