"""A small form for one kind of action: a field per part of the action, offering only values
that occur in the engine's legal actions (each list narrowed by the choices above it), and a
count per card for card bundles (discards, offers, bids, gifts, forced trades), which the
engine lists only in part. Fields are labelled in words (``FIELD_LABELS``: "from", "to",
never ``src``), cards as printed; a field the variant does not have is left out, and so is an
optional one no move fills (an improvement that wins no metropolis names no city). The list of
moves ("or choose one here:", shown where the move has more than one part to choose) says
each in words ("P1 builds a road on H3"), not in notation;
an empty field asks where the piece goes ("Choose where the road goes: an edge, …"). Every
built action is checked by ``game.explain``: the form shows the engine's verdict ("✓ allowed:
P1 can build a road on H3.") with the rule's title (its text on a click, ``verdicts.py``)
and enables Play only for a legal action; "Open in Rules" shows that rule in the Rules tab.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Collection
from dataclasses import fields, is_dataclass

import ipywidgets as widgets

from ..actions import KNIGHT_LEVELS, TRACK_NAMES, Action, DrawDev
from ..board import CARD_NAMES, EDGE_LABELS, HEX_NAMES, TERRAINS, VERTEX_LABELS
from ..errors import CatanError
from ..form_words import FIELD_LABELS as FIELD_LABELS  # the labels, as the tests read them
from ..form_words import KIND_FIELD_LABELS, field_label
from ..game import Game
from ..grammar import count
from ..rules.knights import road_corner
from ..rules.words import card_title, notation_words
from ..words.older_names import held_title
from . import forced_trade_words, icons
from .card_details import DETAILS, show_details
from .form_frame import PLAY_FORM as PLAY_FORM  # (the tests read it here)
from .form_frame import FormFrame
from .kinds import clicked_fields
from .roll_words import die_words
from .verdicts import verdict_html

_NAMES = {
    "vertex": VERTEX_LABELS, "src": VERTEX_LABELS, "dst": VERTEX_LABELS, "edge": EDGE_LABELS,
    "hex": HEX_NAMES, "give": CARD_NAMES, "get": CARD_NAMES, "resource": CARD_NAMES,
    "first": CARD_NAMES, "second": CARD_NAMES, "commodity": CARD_NAMES, "track": TRACK_NAMES,
    "terrain": TERRAINS,
}  # fmt: skip
# The fields naming a card kind: listed in the game's order (CARD_NAMES), "none" last
CARD_FIELDS = frozenset(n for n, names in _NAMES.items() if names is CARD_NAMES)
# The fields naming a seat: listed in seat order, as players read them (P2, P3, …), an empty
# one ("nobody", a robber's victim where BASE-ROBBER-STEAL lets none be chosen) last (s31:
# 2.2's "rob from" listed "nobody, P3, P2", the order the hexes met them)
SEAT_FIELDS = frozenset({"player", "to", "victim"})


def card_order(value: object) -> tuple[bool, int]:
    """Where a card field's value is listed: the game's order, "none" (-1) after the cards."""
    v = value if isinstance(value, int) else NONE
    return (v < 0, v)


LIST_LABEL = "or choose one here:"  # the list of every legal move of the kind
MANY = 8  # sets of cards beyond which a card form lists none: its boxes count them
# the two Play buttons say what each plays (issue 33: the Play tab made three "Play"s): the
# form's move (PLAY_FORM, on the panel's form frame) and Try a move's
PLAY_TYPED = "Play the typed move"  # Try a move's
# What a list to choose from shows while nothing is chosen (a blank field read as broken, 2.2's
# "rob from" after a refused try): its first option, worth nothing (``None``)
CHOOSE_LABEL = "— choose —"
NONE = -1  # the value of an optional field left empty (no victim, no second card, no city)
# The fields that name a spot on the board, and its kind: the spot the form names is ringed
SPOT_FIELDS = (("vertex", "vertex"), ("edge", "edge"), ("hex", "hex"), ("dst", "vertex"),
               ("src", "vertex"))  # fmt: skip


def unused(actions: list[Action], name: str) -> bool:
    """An optional field every action leaves empty: an improvement that wins no metropolis
    (no city to choose), a robber with nobody to rob. The form leaves it out: a list that
    shows nothing and cannot be changed tells the learner nothing."""
    return all(getattr(a, name) == NONE for a in actions)


def option_words(game: Game, a: Action) -> str:
    """A move as the moves list says it: the kind's sentence for a learner ("P1 builds a
    road on H3"), never its notation; the notation's words only for a move no sentence
    fits (one the position cannot have)."""
    try:
        said = a.sentence(game.state)
    except (IndexError, KeyError, TypeError, ValueError):
        said = ""
    return said.rstrip(".") or notation_words(str(a))


def option_labels(game: Game, actions: list[Action]) -> list[str]:
    """The moves list's words for ``actions``: each sentence up to its first "; " (what
    follows says what else happens: a knight displaced "...; P1 moves it along..."), unless
    that leaves two moves alike; then the whole sentences."""
    full = [option_words(game, a) for a in actions]
    short = [words.split("; ")[0] for words in full]
    return short if len(set(short)) == len(set(full)) else full


def absent(game: Game, name: str) -> bool:
    """A field the variant does not have: the commodities of a forced trade without
    commodities (base-2p)."""
    return name == "commodities" and not game.caps.commodities


def is_bundle(value: object) -> bool:
    """A count per card kind (5 resources, or 8 with commodities)."""
    return (
        isinstance(value, tuple) and len(value) in (5, 8) and all(isinstance(x, int) for x in value)
    )


def value_label(game: Game, a: Action, name: str, value: object) -> str:
    """How a field's value reads in a form: labels as on the board, names of cards and seats."""
    if value == NONE and name == "victim":
        return "nobody"
    if value == NONE and name in ("second", "vertex"):
        return "none"
    if name in ("player", "to", "victim") and isinstance(value, int):
        return game.state.name(value) if 0 <= value < len(game.names) else str(value)
    if name == "neutral" and isinstance(value, int):
        return f"Neutral {value + 1}"  # as the page names it: "N1" is a corner's label
    if name == "level" and isinstance(value, int):
        return KNIGHT_LEVELS[value - 1]
    if name == "card" and isinstance(value, int):  # a progress card with its older name too
        return card_title(value, dev=True) if isinstance(a, DrawDev) else held_title(value)
    if name in _NAMES and isinstance(value, int):
        return _NAMES[name][value]
    if name == "die" and isinstance(value, str):
        return die_words(game.state, value)
    if name == forced_trade_words.FIELD and (said := forced_trade_words.commodities_words(value)):
        return said  # C&K for two's forced trade: what the cards are drawn from
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | str):
        return str(value)
    # anything else (a progress card's arguments): the action's text after the common words
    words, base = str(a).split(), str(type(a)(**{**_values(a), name: _blank(value)}))
    common = 0
    for x, y in zip(words, base.split(), strict=False):
        if x != y:
            break
        common += 1
    return notation_words(" ".join(words[common:])) or "—"


# what the form asks for, small, in lines of their own height (l46: at the widget's 28 px
# line height the two lines of "Choose where the settlement goes…" stood far apart)
_CHOOSE_SPAN = (
    "<span class='catan-form-choose' "
    "style='color:#555;font-size:12px;display:inline-block;line-height:1.4'>"
)


# What an empty list asks for, said so that a newcomer knows what the spot is: by kind and
# field ("Choose where the road goes: an edge, the side of a hex"), else by field.
_CHOOSE_KIND = {
    ("Settle", "vertex"): "where the settlement goes: a corner, where hexes meet",
    ("NeutralSettle", "vertex"): "where the neutral settlement goes: a corner, where hexes meet",
    ("BuildCity", "vertex"): "which settlement becomes a city",
    ("BuildRoad", "edge"): "where the road goes: an edge, the side of a hex",
    ("NeutralRoad", "edge"): "where the neutral road goes: an edge, the side of a hex",
    ("MoveRobber", "hex"): "the hex the robber moves to",
    ("ChaseRobber", "hex"): "the hex the robber is chased to",
    ("Recruit", "vertex"): "where the knight goes: " + road_corner("your"),
    ("BuildWall", "vertex"): "the city that gets the wall",
}
_CHOOSE = {"vertex": "a corner, where hexes meet", "dst": "the corner it moves to",
           "src": "the knight to move", "edge": "an edge, the side of a hex",
           "hex": "a hex", "victim": "whom to rob", "to": "whom to offer it to",
           "neutral": "the neutral player it is for", "give": "what to give",
           "get": "what to get", "take": "what to take", "value": "what the die shows",
           "commodities": "what to draw from"}  # fmt: skip
# (a field's label alone read "choose the for" for a neutral's road; s19)


def _choose(name: str, cls: type | None = None, phase: str = "") -> str:
    if cls is not None and cls.__name__ == "BuildCity" and phase.startswith("setup"):
        return "where the city goes: a corner, where hexes meet"  # C&K's setup city (l19)
    if cls is not None and (cls.__name__, name) in _CHOOSE_KIND:
        return _CHOOSE_KIND[cls.__name__, name]
    if cls is not None and (cls.__name__, name) in KIND_FIELD_LABELS:
        return f"the {KIND_FIELD_LABELS[cls.__name__, name]}"
    return _CHOOSE.get(name, f"the {field_label(name)}")


def every_spot(
    actions: list[Action], seats: tuple[int, ...] = (), unused_too: bool = True
) -> list[Action]:
    """``actions`` with each spot field (corner, edge, hex) over every spot of the board, and
    with each of ``seats`` as the mover: a puzzle's form lists them all (the legal ones only
    would narrow the answer; a question who moves names no seat), in the board's order (the
    legal ones first would narrow it too); a lesson's too, so that a wrong spot can be
    asked about. ``unused_too=False``: an optional spot no move fills stays empty (a
    lesson's improvement that wins no metropolis names no city)."""
    out = dict.fromkeys(actions)
    sizes = {"vertex": len(VERTEX_LABELS), "edge": len(EDGE_LABELS), "hex": len(HEX_NAMES)}
    left_out = {n for a in actions[:1] for n in clicked_fields(type(a)) if unused(actions, n)}
    done: set[tuple] = set()  # (a kind, a field, the other fields' values): spread once
    for a in actions:
        values = _values(a)
        for n, kind in clicked_fields(type(a)).items():
            key = (type(a), n, *(v for k, v in values.items() if k != n))
            if (not unused_too and n in left_out) or key in done:
                continue
            done.add(key)
            out.update(dict.fromkeys(type(a)(**{**values, n: i}) for i in range(sizes[kind])))
    if seats:
        for a in list(out):
            values = _values(a)
            out.update(dict.fromkeys(type(a)(**{**values, "player": p}) for p in seats))
    spots = list(clicked_fields(type(actions[0]))) if actions else []
    return sorted(out, key=lambda a: (a.player, [getattr(a, n) for n in spots], str(a)))


# after an allowed spot in a lesson's list of every spot (never at an open question: its
# form lists no allowed moves, tests/test_puzzle_secret.py)
ALLOWED = " (allowed)"  # (words: a list shows no icon; ✓ is a pictograph, test_page_words)
# after the others of a list that marks some allowed (learner18: the untagged ones read as
# not known either way); picking one still says why not
NOT_ALLOWED = " (not allowed)"
# what the glow on the board means, said where a spot is asked for (learner18: only the help
# said it); never at an open question, where nothing glows (``any_move``)
GLOWING = ", where the allowed ones glow"


def allowed_marked(
    allowed: Collection[Action],
    name: str,
    chosen: dict[str, object],
    seen: Collection,
    every_spot: bool = False,
) -> set:
    """The values of field ``name`` a list marks allowed: those of the ``allowed`` moves that
    agree with the fields ``chosen`` above it; none when the list (``seen``) holds no other
    (a free game's lists hold the legal spots only: every one marked would say nothing) but
    in a lesson's list of ``every_spot`` (its other lists mark theirs: 1.1's first corner,
    every one allowed, unmarked, read as none known to be, helper 262)."""
    ok = {
        getattr(a, name)
        for a in allowed
        if all(getattr(a, k) == x for k, x in chosen.items() if x is not None)
    }
    return ok if every_spot or any(v not in ok for v in seen) else set()


def _mark(value: object, marked: Collection) -> str:
    """What follows a value in a list: allowed, not allowed where others are, else nothing."""
    return "" if not marked else ALLOWED if value in marked else NOT_ALLOWED


def cards_needed(actions: list[Action], bundles: list[str]) -> int:
    """How many cards every listed move's one card count holds (a discard after a 7: 4),
    0 when they differ (an offer) or the form has no count or several."""
    if len(bundles) != 1 or not actions:
        return 0
    sums = {sum(getattr(a, bundles[0])) for a in actions}
    return sums.pop() if len(sums) == 1 else 0


def bundle_prompt(actions: list[Action], bundles: list[str]) -> str:
    """What a card form asks before any card is counted (its boxes start at 0: the form
    chooses no card for the learner, issue 33): "Choose 4 cards to discard."; with no
    fixed number, to set the counts."""
    need = cards_needed(actions, bundles)
    verb = _BUNDLE_VERBS.get(type(actions[0]).__name__, "") if actions else ""
    if need:
        return f"Choose {count(need, 'card')}{verb}: set how many of each above."
    return "Choose the cards: set how many of each above."


_BUNDLE_VERBS = {"Discard": " to discard"}


def short_count_html(got: int, need: int) -> str:
    """A card count short of the ``need``: how many are chosen, and how many more to choose."""
    return (
        f"<div class='catan-form-count'>{got} of {count(need, 'card')} chosen.</div>"
        f"{_CHOOSE_SPAN}Choose {count(need - got, 'more card')}.</span>"
    )


def field_names(a: Action) -> list[str]:
    """The names of an action's fields (every action is a dataclass)."""
    assert is_dataclass(a)
    return [f.name for f in fields(a)]


def _values(a: Action) -> dict:
    return {n: getattr(a, n) for n in field_names(a)}


def _blank(value: object) -> object:
    return () if isinstance(value, tuple) else value


class ActionForm:
    """``ActionForm(game, actions, on_play)``: ``actions`` are the moves of one kind its
    lists offer: the legal ones, or in a lesson every spot of them (``every_spot``: a wrong
    one gets the engine's why-not, and Play stays off); ``listed``: the "or choose one here:" list's
    moves (default: ``actions``).

    The lists start empty ("choose a corner"): the form suggests no move the learner did not
    pick (a lesson's next move neither: ▶ plays it), except ``filled`` and a list with one
    value only. With
    ``any_move`` (a puzzle) Play sends whatever the fields spell, legal or not, to
    ``on_play`` (which judges it). ``on_spot`` hears the spot the fields name (``spot``)
    whenever they change; ``on_explain`` the move Explain gives its verdict on.

    ``frame``: the panel's ``FormFrame`` (Play, Explain, Open in Rules, the verdict line and
    the box, made once a panel), taken over by this form; none: one of its own."""

    def __init__(
        self,
        game: Game,
        actions: list[Action],
        on_play: Callable[[Action], None],
        on_rule: Callable[[str], None] | None = None,
        *,
        filled: Action | None = None,
        any_move: bool = False,
        listed: list[Action] | None = None,
        every_spot: bool = False,
        on_spot: Callable[[tuple[str, int] | None], None] | None = None,
        on_explain: Callable[[Action], None] | None = None,
        frame: FormFrame | None = None,
    ):
        self.game, self.actions, self.on_play, self.on_rule = game, actions, on_play, on_rule
        self.on_spot, self.on_explain = on_spot, on_explain
        self.any_move = any_move
        self.rule = ""  # the rule of the verdict shown
        proto = actions[0]
        self.cls = type(proto)
        self.fixed = {
            n: getattr(proto, n)
            for n in field_names(proto)
            if absent(game, n) or unused(actions, n)
        }
        self.names = [n for n in field_names(proto) if n not in self.fixed]
        self.bundles = [n for n in self.names if is_bundle(getattr(proto, n))]
        self.pickers: dict[str, widgets.Dropdown] = {}
        self.counts: dict[str, list[widgets.BoundedIntText]] = {}
        self._own_frame = frame is None  # (a form alone: closed with it)
        self.frame = frame = frame or FormFrame()
        frame.take(self)  # its buttons act on this form; its line says nothing yet
        self.status, self.play_button = frame.status, frame.play_button
        self.explain_button, self.rule_button = frame.explain_button, frame.rule_button
        self._guard = frame.guard
        rows: list[widgets.Widget] = []
        for n in self.names:
            if n in self.bundles:
                kinds = len(getattr(proto, n))
                # each key typed counts at once (a learner's grain showed 1 while the form
                # said "4 of 5 cards chosen" and "Not allowed" until Tab left the field)
                boxes = [widgets.BoundedIntText(value=0, min=0, max=19,  # none chosen yet
                                                continuous_update=True,
                                                description=CARD_NAMES[k],
                                                layout=frame.layout(width="150px"),
                                                style=frame.style("56px"))
                         for k in range(kinds)]  # fmt: skip
                for box in boxes:
                    box.observe(self._guard(lambda _: self._check()), names="value")
                self.counts[n] = boxes
                title = widgets.HTML(f"<b>{html.escape(field_label(n, self.cls))}</b>")
                # equal cells in rows none of which holds one alone (style.COUNTS_CSS)
                grid = widgets.GridBox(
                    boxes, layout=frame.layout(grid_template_columns="repeat(3, 155px)")
                )
                grid.add_class("catan-counts")
                grid.add_class(f"catan-counts-{kinds}")
                row = widgets.VBox([title, grid])
                row.add_class("catan-counts-row")
                rows.append(row)
            else:
                dd = widgets.Dropdown(
                    description=field_label(n, self.cls),
                    # (the details' own: shown only once a card needs them, card_details.py)
                    layout=widgets.Layout(width="260px")
                    if n == DETAILS
                    else frame.layout(width="260px"),
                    style=frame.style("90px"),
                )
                dd.observe(
                    self._guard(lambda change, n=n: self._picked(n, change["new"])), names="value"
                )
                if n == DETAILS:  # (its label is what the card names: card_details.py)
                    dd.add_class("catan-card-details")
                self.pickers[n] = dd
                rows.append(dd)
        picks = [] if any_move else actions if listed is None else listed  # a puzzle: none
        self.allowed = set(picks)  # the legal moves: their spots first in the lists
        self.every_spot = every_spot  # a lesson's lists: every spot, legal or not
        # a puzzle: no list of complete moves (it would narrow the answer); one part to
        # choose ("at"): the list would offer it again
        # cards counted in boxes (a discard): a list of every set of cards is no choice one
        # reads (s41 at 6.4: dozens of "P2 discards 2 wool, 2 grain and 1 ore" lines)
        hidden = any_move or self.one_choice() or (bool(self.bundles) and len(picks) > MANY)
        listed_ = list(zip(option_labels(game, picks), picks, strict=True))
        self.listed = widgets.Dropdown(  # "— choose —" first, as the others (l36: blank, broken)
            options=[(CHOOSE_LABEL, None), *listed_] if listed_ else [],
            index=0 if listed_ else None,  # (value None would show no option: blank)
            description=LIST_LABEL,
            layout=frame.layout(width="420px", **({"display": "none"} if hidden else {})),
            style=frame.style("130px"),
        )
        self.listed.add_class("catan-form-listed")  # (its label over it on a phone: style.py)
        self.listed.observe(self._guard(self._pick_listed), names="value")
        self.chosen: dict[str, object] = {}  # each list's value, as the form last set it
        if filled is not None and filled in actions:
            self.chosen = {n: getattr(filled, n) for n in self.names}
        self._narrow(after=None)
        # a move of its seat alone, one seat to make it ("Play a Knight"): its Play alone (s41)
        lone = self.names == ["player"] and self.pickers["player"].disabled
        self.parts = [*rows, self.listed]  # the form's own widgets, in the frame's box
        frame.show(self, self.parts[1:] if lone else self.parts)
        self.widget = frame.widget

    def one_choice(self) -> bool:
        """The move has one part to choose, a list of spots or values ("at"): a second list of
        the same moves in words ("or choose one here:") would offer that choice twice (l33
        at 1.1 on a tablet: "at" every corner, and the list below it). A part with one value
        (the player of a setup's settlement, filled in) is no choice."""
        varying = [n for n in self.names if len({getattr(a, n) for a in self.actions}) > 1]
        return bool(self.names) and not self.bundles and len(varying) <= 1

    def close(self) -> None:
        """Close the form's own widgets (a form is made per position and kind: closing the
        one replaced keeps the kernel and the page from holding every form ever shown); the
        frame's, shared by the next form, stay (its buttons, its line, the shared Layouts),
        unless it is the form's own."""
        self.frame.release(self)
        shared = set() if self._own_frame else {id(w) for w in self.frame.shared.values()}
        stack = [*self.parts, *(self.frame.parts() if self._own_frame else ())]
        while stack:
            w = stack.pop()
            stack.extend(getattr(w, "children", ()))
            for part in (getattr(w, "layout", None), getattr(w, "style", None)):
                if isinstance(part, widgets.Widget) and id(part) not in shared:
                    part.close()
            w.close()

    def open_rule(self) -> None:
        """Open in Rules: the rule of the verdict shown, in the Rules tab."""
        if self.on_rule and self.rule:
            self.on_rule(self.rule)

    # ------------------------------------------------------------ reading the fields
    def action(self) -> Action | None:
        """The action the fields spell out (None while a list is empty)."""
        values = dict(self.fixed)
        for n in self.names:
            if n in self.counts:
                values[n] = tuple(box.value for box in self.counts[n])
            elif self.pickers[n].value is None:
                return None
            else:
                values[n] = self.pickers[n].value
        return self.cls(**values)

    def set(self, **values: object) -> None:
        """Set fields (e.g. the spot clicked on the board); the lists below narrow."""
        for n in self.names:
            if n not in values:
                continue
            v = values[n]
            if n in self.counts:
                assert isinstance(v, tuple)
                for box, x in zip(self.counts[n], v, strict=True):
                    box.value = x
            elif any(v == o[1] for o in self.pickers[n].options):
                self.pickers[n].value = v
        self._check()

    def point_at(self, spot: tuple[str, int]) -> bool:
        """Name a spot clicked where the move is refused in its list (the "at" list keeps
        showing it, not a blank; issue 33), the verdict left to the panel under the form;
        False when no list holds it (a free game's lists hold the legal spots only)."""
        for name, kind in SPOT_FIELDS:
            dd = self.pickers.get(name)
            if kind == spot[0] and dd is not None and any(spot[1] == o[1] for o in dd.options):
                self.set(**{name: spot[1]})
                self.status.value, self.rule_button.layout.display = "", "none"
                return True
        return False

    def asks(self, among: list[Action] | None = None) -> str:
        """What the form still asks the learner to choose, in words ("whom to rob"; the
        cards of a count; '' when every field is filled). ``among``: the moves a click left
        open, which differ in it (a field the lists filled with their first value too)."""
        empty = [n for n, dd in self.pickers.items() if dd.value is None]
        if among:
            empty = [n for n in self.pickers if len({getattr(a, n) for a in among}) > 1] or empty
        if empty:
            return _choose(empty[0], self.cls, self.game.state.phase)
        if self.bundles and not any(self._chosen_cards()):
            need = cards_needed(self.actions, self.bundles)
            verb = _BUNDLE_VERBS.get(self.cls.__name__, "")
            return f"{count(need, 'card')}{verb}" if need else "the cards"
        return ""

    def chosen_now(self, among: list[Action]) -> str:
        """The words of the value the form's lists already hold in the first field the moves
        ``among`` differ in ("P2"), '' when it is empty (l50: "choose whom to rob" read as
        wrong with P2 already in the list)."""
        for n, dd in self.pickers.items():
            if len({getattr(a, n) for a in among}) > 1:
                return (
                    next((str(k) for k, v in dd.options if v == dd.value), "")
                    if (dd.value is not None)
                    else ""
                )
        return ""

    def offered(self, name: str) -> list:
        """The values a list offers (its placeholder left out)."""
        return [v for _, v in self.pickers[name].options if v is not None]

    def spot(self) -> tuple[str, int] | None:
        """The spot on the board the fields name so far (a corner, edge or hex; None)."""
        for name, kind in SPOT_FIELDS:
            dd = self.pickers.get(name)
            if dd is not None and isinstance(dd.value, int) and dd.value >= 0:
                return (kind, dd.value)
        return None

    def matching(self) -> list[Action]:
        """The listed legal actions that agree with every list field."""
        return [
            a
            for a in self.actions
            if all(getattr(a, n) == dd.value for n, dd in self.pickers.items())
        ]

    # ------------------------------------------------------------ keeping the lists legal
    def _picked(self, name: str, value: object) -> None:
        """A value chosen in a list (not the one the form set there): the lists below it
        narrow."""
        if value is None and self.pickers[name].options[:1] == ((CHOOSE_LABEL, None),):
            self.pickers[name].index = 0  # the placeholder chosen: it shows, not a blank
        if value is not None and value != self.chosen.get(name):
            self.chosen[name] = value
            self._narrow(after=name)
        show_details(self.pickers)  # (no card chosen again: no details)

    def _narrow(self, after: str | None) -> None:
        """Refill the lists below ``after`` with the values legal given the ones above (an
        empty list above narrows nothing). Each keeps its value where it is still possible;
        at first (``after`` None) a list stays empty unless it has one value only, below a
        value chosen it takes the first possible one (not in a puzzle's form)."""
        chosen: dict[str, object] = {}
        below = after is None
        for n, dd in self.pickers.items():
            if below:
                seen: dict = {}  # value -> an action that has it
                marked: set = set()  # the values marked allowed (a lesson's spots)
                for a in self.actions:
                    v = getattr(a, n)
                    if v not in seen and all(
                        getattr(a, k) == x for k, x in chosen.items() if x is not None
                    ):
                        seen[v] = a
                if n in CARD_FIELDS:  # the game's resource order in every list (a bank
                    # trade's "get" began where its first "give" left off: lumber, ..., brick)
                    seen = dict(sorted(seen.items(), key=lambda kv: card_order(kv[0])))
                elif n in SEAT_FIELDS and all(isinstance(v, int) for v in seen):
                    seen = dict(sorted(seen.items(), key=lambda kv: (kv[0] < 0, kv[0])))
                elif n in clicked_fields(self.cls) and self.allowed:
                    # a lesson's lists hold every free spot (a wrong one: why not there); the
                    # allowed ones first (l41 at 7.1: the two lit corners among 48 others),
                    # marked (s33: where they ended was not to be told)
                    ok = {getattr(a, n) for a in self.allowed}
                    seen = dict(sorted(seen.items(), key=lambda kv: kv[0] not in ok))
                    marked = allowed_marked(self.allowed, n, chosen, seen, self.every_spot)
                old = self.chosen.get(n)
                # a puzzle's lists offer every value: none taken for the learner (2.2's "rob
                # from" took "none" below the hex chosen, and the refusal followed)
                takes = after is not None and not self.any_move
                # nor the one spot a list holds (s23 at 8.11: "Activate" filled in "at O6"
                # and the board ringed it, the answer's spot): the learner picks it
                open_one = self.any_move and n in clicked_fields(self.cls) and len(seen) == 1
                one = len(seen) == 1 and not open_one
                first = next(iter(seen), None) if takes or one else None
                keep = old if old in seen else first
                self.chosen[n] = keep
                dd.index = None  # options set under no value keep it: no value in between
                blank = [(CHOOSE_LABEL, None)] if len(seen) > 1 or open_one else []
                dd.options = blank + [
                    (value_label(self.game, a, n, v) + _mark(v, marked), v) for v, a in seen.items()
                ]
                if keep is None and blank:
                    dd.index = 0  # the placeholder shown: its value None, nothing chosen
                else:
                    dd.value = keep
                dd.disabled = len(seen) <= 1 and not open_one
            chosen[n] = self.chosen.get(n)
            below = below or n == after
        show_details(self.pickers)  # a progress card's details once the card needs them
        self._check()

    def _pick_listed(self, change) -> None:
        """Copy a listed action into the fields, top to bottom (each narrows the next)."""
        a = change["new"]
        if a is None and self.listed.options[:1] == ((CHOOSE_LABEL, None),):
            self.listed.index = 0  # the placeholder shows, not a blank
        if a is not None:
            self.set(**{n: getattr(a, n) for n in self.names})

    def _check(self, pressed: bool = False) -> None:
        """The verdict on the move chosen, else what to choose (``pressed``: Explain with
        nothing chosen says so first; s35: it seemed to do nothing)."""
        first = "Nothing to explain yet: c" if pressed else "C"
        if self.on_spot is not None:
            self.on_spot(self.spot())
        a = self.action()
        if a is not None and self.bundles and not any(self._chosen_cards()):
            self.status.value = (  # no card counted yet: what to choose, nothing suggested
                f"{_CHOOSE_SPAN}{html.escape(bundle_prompt(self.actions, self.bundles))}</span>"
            )
            self.play_button.disabled = True
            self.rule, self.rule_button.layout.display = "", "none"
            return
        need = cards_needed(self.actions, self.bundles) if a is not None else 0
        if need and (got := sum(self._chosen_cards())) < need:  # still counting: no verdict
            # yet (s41 at 6.4: "✕ Not allowed … not 4" while the fifth card was to come)
            self.status.value = short_count_html(got, need)
            self.play_button.disabled = True
            self.rule, self.rule_button.layout.display = "", "none"
            return
        if a is None:  # what to choose first, where the verdict will be
            empty = next(n for n, dd in self.pickers.items() if dd.value is None)
            # the board only where a click fills it: a rate, a card or a player to discard
            # has no spot there (l36 looked on the board for "the rate")
            # the list by its label (s41: "in a list above" of the list beside the form)
            named = self.pickers[empty].description
            where = f"the “{named}” list" if named else "its list"
            board = "on the board" if self.any_move else f"on the board{GLOWING}"
            where = f"{board}, or in {where}" if empty in clicked_fields(self.cls) else where
            where = where if where.startswith("on ") else f"in {where}"
            self.status.value = (
                f"{_CHOOSE_SPAN}{first}hoose "
                f"{_choose(empty, self.cls, self.game.state.phase)} ({html.escape(where)}).</span>"
            )
            self.play_button.disabled = True
            self.rule, self.rule_button.layout.display = "", "none"
            return
        try:
            ex = self.game.explain(a)
        except CatanError as e:  # counts that spell no action (e.g. nothing asked for)
            self.play_button.disabled = True
            self.status.value = (
                f"<span style='color:#b71c1c'>{icons.NO} {html.escape(str(e))}</span>"
            )
            return
        self.play_button.disabled = not (ex.legal or self.any_move)
        self._show(ex)

    def _chosen_cards(self) -> list[int]:
        return [box.value for n in self.bundles for box in self.counts[n]]

    def _show(self, ex, opened: bool = False) -> None:
        """The verdict, and the rule button once there is a rule to open; under a card count
        the form asks for (a discard), how many are chosen so far."""
        need = cards_needed(self.actions, self.bundles)
        tally = (
            f"<div class='catan-form-count'>{sum(self._chosen_cards())} of "
            f"{count(need, 'card')} chosen.</div>"
            if need
            else ""
        )
        self.status.value = tally + verdict_html(ex, self.game, opened=opened)
        self.rule = ex.rule
        self.rule_button.layout.display = "" if self.on_rule else "none"

    # ------------------------------------------------------------ acting
    def _explain(self, a: Action):
        try:
            return self.game.explain(a)
        except CatanError:
            return None

    def play(self) -> None:
        a = self.action()
        ex = self._explain(a) if a is not None else None
        if a is not None and ex is not None and (ex.legal or self.any_move):
            self.on_play(a)

    def explain(self) -> None:
        """The engine's verdict in words with the rule's title, its text open."""
        a = self.action()
        ex = self._explain(a) if a is not None else None
        if ex is None:
            self._check(pressed=a is None)
            return
        if self.on_explain is not None and a is not None:
            self.on_explain(a)
        self._show(ex, opened=True)
