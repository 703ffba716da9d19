"""The Play tab's controls, a view of the session: Roll and End turn (coloured only while they
can be pressed, and not at an open question: End turn lit read as 3.2's answer, s17), the
learner's own hand, the palette of the kinds legal now (choosing one
makes its targets glow), the other kinds of the variant behind one "Why can't I…?" toggle,
the form of the kind chosen, Try a move (notation or the page's words, the engine's verdict,
Play when legal) and What happened (the log, newest first).
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets

from ..actions import Action, EndTurn, Roll
from ..errors import CatanError
from ..game import Game
from ..grammar import a as a_
from ..grammar import count
from ..state import BOARD, ROLLOFF
from ..typed_forms import how_to_type
from ..words.older_names import held_title
from . import markup, verdicts
from .card_spots import (
    at_spot,
    card_first,
    knight_then_robber,
    probe_at,
    remember_click,
    spot_values,
)
from .city_levels import levels_html
from .describe import SR_ONLY_CSS
from .dice_form import DiceForm, dice_first, palette_label
from .form_frame import FormFrame
from .form_kept import entered, refill
from .form_moves import form_moves, throw
from .forms import PLAY_TYPED, ActionForm
from .go_on_note import OFF_LINE, form_message
from .held_tokens import held_tokens
from .kinds import (
    SPOT_WORDS,
    Spot,
    acting_seat,
    board_kind,
    moment_kinds,
    price_words,
    seat_only,
    spot_kind,
    variant_kinds,
)
from .kinds_unavailable import offer_kinds
from .merchant_key import merchant_aside, pieces_key_html
from .palette_key import KEY_CSS, palette_key
from .panels import cards_text, dev_cards_text
from .path_log import BEFORE_LISTED
from .place_words import OFF_BOARD_SHORT, off_board
from .points_row import points_html
from .seat_pick import ASK, SeatPick, by_seat_only, with_pick
from .tap_choices import agreeing, enabled_kinds, kinds_at_words, legal_with_spot
from .try_words import try_help, try_verdict_html
from .turn_buttons import turn_buttons
from .tutor_session import TutorSession
from .wording import kind_words

# A greyed kind's hover text, but for a kind naming only its seat: its press says why
ASK_WHY = "Not possible now: choose it, then click or tap a spot to see why."
SEVERAL = "Several moves here: finish the form ({}) and press Play this move."


def several(form: ActionForm, acts: list[Action]) -> str:
    """A click with several moves (``acts``) at the spot: the form to finish, naming what is
    left to choose ("choose whom to rob"; issue s14: "finish the form" named nothing)."""
    asks = form.asks(acts)
    if not asks:
        return SEVERAL.replace(" ({})", "")
    now = form.chosen_now(acts)
    return SEVERAL.format(f"choose {asks}" + (f": {now} is chosen now" if now else ""))


# "What happened" shows its LOG_LINES newest lines whole, the older ones folded under "12
# earlier lines": its box scrolled, and a line cut at its foot read "Next: P1: roll or pla…"
# (ng_paused0.png); kept to whole lines, it still scrolled with no sign that it did (l34 at
# 1280x900: the scrollbar drawn only while scrolling, the last line cut mid-sentence)
LOG_LINE, LOG_LINES = 18, 8
LOG_CSS = (
    ".catan-log-older>summary{cursor:pointer;color:var(--jp-ui-font-color2,#555);"
    "font-size:12px;margin:2px 0 0 0}"
)


# The moves one can make stand out (the palette, an enabled Roll or End turn); what cannot be
# pressed looks it; the greyed "why not?" kinds; the log's box (the page's own look). Try a
# move's field in the page's font, as the puzzle's answer field is (its typewriter font read
# as another kind of box: a fresh learner, s31).
PLAY_CSS = (
    "<style>.catan-palette .widget-toggle-button{font-weight:600;height:32px;"
    "background:#e3f2fd;color:#0d3c61;border:1px solid #1b5e9f;margin:2px 4px 2px 0}"
    ".catan-palette .widget-toggle-button.mod-active{background:#1b5e9f;color:#fff}"
    # on a dark page the kinds follow the theme: a pale blue patch stood out of the dark page
    # (a fresh learner, s16: "Offer a trade", n02_phone_dark_700.png); light words on a dark
    # blue (12:1), the one chosen the same blue as on a light page
    'body[data-jp-theme-light="false"] .catan-palette .widget-toggle-button'
    ":not(.mod-active){background:#172a3d;color:#d6ebfc;border-color:#64b5f6}"
    ".catan-turn-buttons .jupyter-button:disabled{opacity:.45;box-shadow:none}"
    # a puzzle's kind no one can play this turn (kind_marks.js): greyed, as Roll is
    '.catan-palette .widget-toggle-button[aria-disabled="true"]{opacity:.45;font-weight:400;'
    "border-style:dashed;cursor:not-allowed}"
    ".catan-turn-buttons .jupyter-button:not(:disabled){font-weight:600}"
    ".catan-blocked .widget-toggle-button{opacity:.5;font-size:12px;"
    "height:24px;line-height:22px}"
    ".catan-blocked .widget-toggle-button.mod-active{opacity:1;"
    "box-shadow:inset 0 0 0 2px #b71c1c}"
    ".catan-board canvas:focus{outline:none}"
    ".catan-board canvas:focus-visible{outline:3px solid #1b5e9f;outline-offset:2px}"
    + SR_ONLY_CSS
    + KEY_CSS  # the key to those looks under the palette (palette_key.py)
    + LOG_CSS
    + "</style>"
)
Guard = Callable[[Callable], Callable]


class PlayPanel:
    """``PlayPanel(session, guard, show_rule, ring)``: ``show_rule(id)`` opens a rule in the
    Rules tab, ``ring(spot, reason)`` rings a spot on the board (why not there; None: no
    ring). ``top``, ``middle`` and ``bottom`` are its parts, laid out by the tutor."""

    def __init__(
        self,
        session: TutorSession,
        guard: Guard,
        show_rule: Callable[[str], None],
        ring: Callable[[Spot | None, str], None],
    ) -> None:
        self.session, self.guard, self.show_rule, self.ring = session, guard, show_rule, ring
        b, lay = widgets.Button, widgets.Layout
        self.form: ActionForm | DiceForm | None = None
        self.palette = widgets.ToggleButtons(options=[], value=None, style={"button_width": "auto"})
        self.palette.add_class("catan-palette")
        self.palette.observe(guard(self._on_choice), names="value")
        self.key = palette_key()  # under it: what its greyed buttons mean (l27)
        self.roll_button = b(
            description="Roll",
            icon="random",
            button_style="success",  # its tooltip: layout_steps.chance_button
        )
        self.roll_button.add_class("catan-roll")
        self.roll_button.on_click(guard(lambda _: self._seat_button(Roll, session.roll)))
        self.end_button = b(description="End turn", icon="step-forward", tooltip="end the turn")
        self.end_button.add_class("catan-end-turn")
        self.end_button.on_click(guard(lambda _: self._seat_button(EndTurn, session.end_turn)))
        # every other kind of the variant, greyed: choosing one asks why not
        self.blocked = widgets.ToggleButtons(options=[], value=None, style={"button_width": "auto"})
        self.blocked.add_class("catan-blocked")
        self.blocked.observe(guard(self._on_choice), names="value")
        self.blocked_label = widgets.HTML(
            "<div style='color:#555;font-size:12px;margin-top:4px'>Not possible now: choose "
            "one to ask why not.</div>"
        )
        # the kinds not possible now stay out of the way, behind one toggle
        self.why_toggle = widgets.ToggleButton(
            value=False,
            description="Why can't I…?",
            icon="question-circle",
            tooltip="ask why another kind of move is not possible now",
            layout=lay(width="auto", margin="6px 0 0 0", align_self="flex-start"),
        )
        self.why_toggle.add_class("catan-why-toggle")
        self.why_toggle.observe(guard(lambda _: self._why_shown()), names="value")
        self.hand = widgets.HTML()
        self.hand.add_class("catan-own-hand")
        self.form_box = widgets.VBox()
        self.form_box.add_class("catan-form-box")
        # the form's box, buttons and verdict line, made once: each form its own fields only
        self.form_frame = FormFrame()
        self.puzzle_note: Callable[[str], None] | None = None  # a reply in the question's box
        self.message = widgets.HTML()
        self.message.add_class("catan-message")
        self.seat_pick = SeatPick(guard, session)  # under it: whose move (a tap's)

        # Try a move: the verdict follows the text as it is typed (each keystroke a round trip)
        self.try_text = widgets.Text(
            placeholder="who, what, where",  # (the position's own example: try_words.py)
            continuous_update=True,
            layout=lay(width="auto", flex="1 1 auto"),
        )
        self.try_text.observe(guard(self._on_typed), names="value")
        self.try_check = b(
            description="Check",
            icon="question",
            tooltip="is this move allowed now, and why (Enter)",
            layout=lay(width="auto", flex="0 0 auto"),
        )
        self.try_check.on_click(guard(lambda _: self.check_try()))
        self.try_play = b(
            description=PLAY_TYPED,
            icon="play",
            button_style="primary",
            disabled=True,
            tooltip="play the move checked (when it is legal)",
            layout=lay(width="auto", flex="0 0 auto"),
        )
        self.try_play.on_click(guard(lambda _: session.play_tried()))
        self.try_rule = b(
            description="Open in Rules",
            icon="book",
            layout=lay(width="auto", display="none", margin="2px 0 0 0", align_self="flex-start"),
            tooltip="read this rule in the Rules tab",
        )
        self.try_rule.on_click(guard(lambda _: self.show_rule(self.tried_rule)))
        self.try_verdict = widgets.HTML()
        self.try_verdict.add_class("catan-try-verdict")  # its spots labelled (named_words.py)
        self.try_help = widgets.HTML()  # what to type, a worked example (try_words.py)
        trying = widgets.VBox(
            [
                self.try_help,
                widgets.HBox([self.try_text, self.try_check, self.try_play]),
                self.try_verdict,
                self.try_rule,
            ],
            layout=lay(margin="8px 0 0 0", padding="6px 0 0 0", border_top="1px solid #ddd"),
        )
        trying.add_class("catan-try")
        self.log = widgets.HTML()
        self.log.add_class("catan-log")
        turn = widgets.HBox([self.roll_button, self.end_button])
        turn.add_class("catan-turn-buttons")
        self.top = [turn, self.hand]  # its look: PLAY_CSS, with the board's (board_view)
        self.bottom = [  # "Why can't I…?" after the form, as outside Explore (s50: 5.8)
            self.palette,
            self.key,
            self.form_box,
            self.message,
            self.why_toggle,
            self.blocked_label,
            self.blocked,
            trying,
            self.log,
        ]
        self._variant_kinds: dict[str, type] = {}
        session.subscribe(self._on_session)

    def _seat_button(self, cls: type[Roll] | type[EndTurn], act: Callable[[], None]) -> None:
        """Roll or End turn; while a puzzle's answer is hidden, an answer (judged)."""
        if not self.session.puzzle.seat_move(cls):
            act()

    @property
    def tried_rule(self) -> str:
        v = self.session.verdict
        return v.rule if v is not None else ""

    # ------------------------------------------------------------ rendering
    def _on_session(self, event: str) -> None:
        if event != "message":  # (the players to choose were for the last tap's spot)
            self.seat_pick.clear()
        if event == "shown":
            self._show_all()
        elif event == "kind":
            self._choices()
            self._set_form(self._form(self.session.of_kind()))
            self.message.value = form_message(self.session)
        elif event == "tried":
            self._tried()
        elif event == "message":
            self.message.value = form_message(self.session)
        elif event == "seats":  # a seat now human or computer: its moves offered or not
            self._show_all()
        elif event == "opened":  # another game: "Why can't I…?" folded again (issue 33)
            self.why_toggle.value = False

    def _show_all(self) -> None:
        s = self.session
        kinds = legal = s.kinds()
        if s.puzzle_secret and not s.editing:  # the kinds legal now would narrow the answer:
            kinds = moment_kinds(s.game)  # the moment's kinds (a turn's all), legal or not
        elif s.computer_to_move() or s.puzzle.resting() or s.lesson_throw():
            kinds = []  # a computer's move (even paused), a question solved, the lesson's throw
        kept = entered(self.fields) if s.again else None  # a wrong answer: its fields stay
        self.palette.value = None
        # End turn has its own button and nothing to choose: not again in the palette ("End
        # turn" beside "End the turn" after a roll; issue 33). Roll stays: its form forces dice,
        # but in a lesson outside Explore, where the lesson throws its own (s35: the form played
        # the roll alone, "not rolled yet" beside the lesson's dice; Explore keeps the forcing)
        offered = [k for k in kinds if k != "end turn" and not (k == "roll" and s.lesson_mode())]
        offer_kinds(self.palette, s, [self._kind_option(k) for k in offered], self.key)  # (s18)
        # none: no room taken (the page's ToggleButtons keep their old buttons when given
        # none: a computer's turn showed the learner's "offer" and "end turn", dead; issue 33)
        self.palette.layout.display = "" if offered else "none"
        self._blocked_kinds(kinds)
        self._choices()
        self._set_form(None)
        # Roll and End turn lit only when legal now, a puzzle's too: the dice are thrown or not
        # for all to see (a Roll still green after the roll said "roll"; issue 33)
        self._buttons(legal if kinds or s.lesson_throw() else [])
        hand = own_hand_html(s.game, s.own_seat(), s.against_computer(), unnamed=s.puzzle_secret)
        g = s.game
        if not (s.puzzle_secret or s.against_computer() or g.caps.dummy):
            if all(held_nothing(g, p) for p in range(g.players)):  # (the setup: l34, "P2's
                hand = ""  # hand: nothing" said nothing; learner22: a row that came and went
            # beside "Other hands: P3: nothing" read as the panel failing; a game against the
            # computer keeps "Your hand (P1): nothing": the learner's own)
        hand += other_hands_html(s) + points_html(s) + levels_html(s.game, merchant_aside(s))
        self.hand.value = hand + pieces_key_html(s)
        self.message.value = form_message(s)
        self.try_help.value, self.try_text.placeholder = try_help(s.game, s.puzzle_secret)
        self._tried()
        self._log()
        if s.kind and not s.computer_to_move():  # (a kind chosen before a seat changed)
            form = self._form(s.of_kind())
            self._set_form(refill(form, kept) if isinstance(form, ActionForm) else form)

    def _choices(self) -> None:
        """The palette and the greyed kinds show the kind chosen (where it is one of them)."""
        kind = self.session.kind or None
        self.palette.value = kind if kind in [o[1] for o in self.palette.options] else None
        self.blocked.value = kind if kind in [o[1] for o in self.blocked.options] else None
        self._why_shown()

    def _why_shown(self) -> None:
        """The kinds not possible now show while "Why can't I…?" is on, or one is chosen."""
        others = bool(self.blocked.options)
        self.why_toggle.layout.display = "" if others else "none"
        open_ = others and (self.why_toggle.value or self.blocked.value is not None)
        self.blocked.layout.display = self.blocked_label.layout.display = "" if open_ else "none"

    def _on_choice(self, change) -> None:
        """A kind chosen in the palette or among the greyed ones (not one shown already)."""
        if change["new"] and change["new"] != self.session.kind:
            self.session.choose_kind(change["new"])
            if (spot := self.session.tapped_spot(change["new"])) is not None:
                self.act_at(spot)  # a tap kept for a kind: its move there (s44)

    def _form(self, acts: list[Action]) -> ActionForm | DiceForm | None:
        s = self.session
        first = dice_first(s.game, s.kind, acts) if not s.puzzle_secret else None
        if first is not None:  # the dice of a throw, set at once (learner 280: five clicks)
            return DiceForm(s.game, first, self.guard(lambda m: throw(s, m)), self.form_frame)
        spots = form_moves(s, acts)  # what its lists offer
        if not spots:
            return None
        secret = s.puzzle_secret  # every spot listed, any move played (and judged)
        form = ActionForm(
            s.game,
            spots,
            self.guard(s.play),
            self.guard(self.show_rule),
            any_move=secret,
            listed=None if secret else acts,
            every_spot=s.studying() and not secret,
            on_spot=s.choose_spot,  # the board rings the spot it names
            on_explain=_said_once(s, self.ring),
            frame=self.form_frame,
        )
        if secret:  # no "✓ legal" on the move chosen: the puzzle judges it
            form.status.layout.display = "none"
        # nor Explain, which could say nothing there (l47 at 1.4 pressed it: nothing showed
        # by it, and the reason it could not be told stood far below, under Try a move)
        self.form_frame.explain_button.layout.display = "none" if secret else ""
        return form

    @property
    def fields(self) -> ActionForm | None:
        """The form shown, when it is a move's (not the dice form)."""
        return self.form if isinstance(self.form, ActionForm) else None

    def _set_form(self, form: ActionForm | DiceForm | None) -> None:
        """Show ``form`` (or none); the one it replaces is closed (its widgets freed)."""
        old, self.form = self.form, form
        self.form_box.children = (form.widget,) if form else ()
        if old is not None:
            old.close()

    def _blocked_kinds(self, kinds: list[str]) -> None:
        """The greyed kinds: every kind of the variant not legal now (none at a chance event,
        once the game is over, while editing, while a computer is to move or a puzzle's
        question is open: its palette has the phase's kinds alike); a kind that
        names only its seat has the engine's reason as its tooltip."""
        s = self.session
        g = s.game
        held = s.editing or s.computer_to_move() or s.puzzle_secret or s.puzzle.resting()
        if g.is_chance() or g.is_over() or held:
            others: list[str] = []
        else:
            self._variant_kinds = variant_kinds(g)
            others = [k for k in self._variant_kinds if k not in kinds]
        self.blocked.value = None
        self.blocked.options = [(kind_words(k), k) for k in others]
        self.blocked.tooltips = [self._why_not(k) for k in others]
        self._why_shown()

    def _why_not(self, kind: str) -> str:
        """The hover text of a greyed kind: the engine's reason, for a kind naming only its
        seat; else how to ask (its press says why: ``kind_refusal`` probes every spot, ~40 s
        of a CI run's gesture games when worked out for every greyed kind at every step)."""
        cls = self._variant_kinds[kind]
        g = self.session.game
        if seat_only(cls):
            try:
                return verdicts.plain(g.explain(cls(acting_seat(g))).reason)
            except CatanError:
                pass
        return ASK_WHY

    def _kind_option(self, kind: str) -> tuple[str, str]:
        """A palette button (label, kind): the kind, with its price in a turn (``price_words``)."""
        g = self.session.game
        words, price = palette_label(g, kind), price_words(kind, g.state.phase)
        return (f"{words} · {price}" if price else words, kind)

    def _buttons(self, kinds: list[str]) -> None:
        """Roll while a roll or chance is due; End turn while ending the turn is legal."""
        turn_buttons(self.roll_button, self.end_button, kinds, self.session)

    def _tried(self) -> None:
        """Try a move: the text, the engine's verdict on it, Play for a legal one."""
        s = self.session
        if self.try_text.value != s.tried_text:
            self.try_text.value = s.tried_text
        ex = s.verdict
        if ex is None:  # no verdict (none asked, or forgotten): no why-not ring either
            self.ring(None, "")
        self.try_play.disabled = s.tried is None
        self.try_rule.layout.display = "" if ex is not None else "none"
        self.try_verdict.value = try_verdict_html(s)

    def _on_typed(self, change) -> None:
        if change["new"] != self.session.tried_text:
            self.ring(None, "")  # a typed move: the tap's why-not goes (its verdict shows)
            self.session.try_move(change["new"])

    def check_try(self, text: str | None = None) -> None:
        """The engine's verdict on the move typed (or on ``text``, then shown in the box)."""
        self.session.try_move(self.try_text.value if text is None else text)

    def _log(self) -> None:
        lines = self.session.lines
        if not lines:
            self.log.value = ""
            return
        self.log.value = (
            "<div style='margin-top:8px;border-top:1px solid #ddd;"
            "padding-top:4px'><b>What happened</b> <span style='color:#777;"
            f"font-size:12px'>(newest first)</span>{log_rows(lines)}</div>"
        )

    # ------------------------------------------------------------ acting on the board
    def act_at(self, spot: Spot) -> None:
        """A click (or Enter) at a spot: play the chosen kind's move there; several moves
        there fill the form; none: why not there."""
        s = self.session
        self.ring(None, "")  # the last why-not ring goes on the next click
        if s.puzzle.resting():  # a question just solved: no move asked until ▶, as the title
            return None  # and the line by ▶ say (l34: each tap said "Solved. Press ▶" again)
        s.forget_tried()  # the last tap's verdict goes (s45: K5's refusal stayed under N7's ✓)
        self.seat_pick.clear()  # and the players it offered, with their question
        only = enabled_kinds(s)  # none greyed (tap_choices)
        kind = board_kind(only, s.game, spot[0])
        if s.kind_tapped and kind and kind != s.kind:  # a kind a tap chose, another kind of
            s.choose_kind(kind, tapped=True)  # spot tapped: that spot's (s42 at 1.4, N3)
        if not s.kind:  # the one kind played on such a spot: of the question's (a puzzle's
            # answer stays hidden: the moment's kinds, legal or not), else of the legal ones
            if not kind and len(only) == 1 and spot_kind(variant_kinds(s.game).get(only[0])):
                s.choose_kind(only[0])  # the one kind, played on another kind of spot: said so
                return self.ask_at(spot)
            if not kind:  # several kinds (or none) on such a spot: named, the spot kept
                s.waiting = (s.timeline.current, spot)  # the kind's button plays it there
                return self._reply(kinds_at_words(s, spot[0]))
            s.choose_kind(kind, tapped=True)
        # a click's moves: any while a puzzle judges it, else the legal; as the form says
        form = self.fields  # (the dice form has no spot)
        pool = (form.actions if s.puzzle_secret else s.of_kind()) if form else []
        acts = agreeing(at_spot(pool, spot, form), form)
        if s.puzzle_secret:  # those legal with the spot, unless the seat is the secret
            acts = legal_with_spot(s.game, acts, bool(s.puzzle.seats()))
        # off the lesson's line: chosen first (ringed), played on a second click or Play
        if len(acts) == 1 and (not s.leaves_line(acts[0]) or s.chosen == spot):
            if s.puzzle_secret and form is not None:  # a wrong answer keeps the spot
                form.set(**spot_values(acts, spot))  # tapped (l277: C6 kept, M4 tapped)
            s.play(acts[0])
        elif acts and form is not None:
            form.set(**spot_values(acts, spot))  # off the lesson's line: Play confirms it
            remember_click(form, acts, spot)  # a card's next spot: the next click's
            if by_seat_only(acts):  # who moves: the players' buttons under the reply
                self.seat_pick.offer(acts)
            who = ASK if by_seat_only(acts) else several(form, acts)
            s.say(OFF_LINE if len(acts) == 1 else who)
        else:
            self.ask_at(spot)

    def _reply(self, said: str) -> None:
        """A tap's reply: with an open question's (not out of sight under ◀ ▶), else here."""
        note = self.puzzle_note if self.session.puzzle_secret else None
        (note or self.session.say)(said)

    def ask_at(self, spot: Spot) -> None:
        """Why the chosen kind cannot be played at ``spot``: the engine's verdict on that
        move, under Try a move (nothing is played), and a red ring on the board."""
        s = self.session
        cls = variant_kinds(s.game).get(s.kind)
        a = probe_at(s.game, cls, spot, self.fields)  # a card's move: the card the form names
        if a is None:  # ("Play a Knight" chosen, a hex tapped: both played, l37)
            said = card_first(cls, self.fields, spot)
            said = said or wrong_spot(spot_kind(cls), spot[0], *off_board_how(s, cls))
            return None if knight_then_robber(s, cls, spot, self.act_at) else self._reply(said)
        s.say("")
        if s.puzzle_secret:  # an answer to the question: judged there (nothing played)
            s.puzzle.submit(str(a))
            return s.drop_tapped_kind() if s.puzzle_secret else None
        s.try_move(str(a))
        ex = s.game.explain(a)
        if not ex.legal:  # the verdict on the board too: a red ring with its short reason
            if self.form is not None:  # the form's list names the spot, where it can
                self.form.point_at(spot)
            self.ring(spot, verdicts.short_reason(ex))


def wrong_spot(where: str, tapped: str, how: str = "", off: str = "") -> str:
    """The reply to a tap on the wrong kind of spot for the move (``where``: its kind, ''
    for a move not made on the board: then ``off``, where to make it, a place shown now
    (``place_words.off_board``), and ``how`` it is typed)."""
    if not where:
        return f"{off or off_board(False, True)} {how}".strip()
    kind = a_(SPOT_WORDS[where])
    return f"This move goes on {kind}, not on {a_(SPOT_WORDS[tapped])}: pick {kind} on the board."


def off_board_how(s: TutorSession, cls: type | None) -> tuple[str, str]:
    """For a tap's reply on a move not made on the board: how it is typed (not again at a
    question when the kind's button said it: the tap's reply goes in the puzzle's box, the
    button's stays under the palette), and where to make it, a place shown now."""
    how = typed_how(s, cls)
    if s.puzzle_secret and how in s.message:
        return "", OFF_BOARD_SHORT  # (the button's reply says the rest under the palette)
    return how, off_board(s.puzzle_secret, s.exploring)


def typed_how(s: TutorSession, cls: type | None) -> str:
    """How a move of kind ``cls`` is typed, its example naming no open question's answer."""
    return how_to_type(s.game, cls, s.puzzle.secret_labels())


def moment_widgets(c: PlayPanel, tools: list[widgets.Widget], free: bool) -> list[widgets.Widget]:
    """The Play tab's controls the moment needs, with ``tools`` (a game against the computer:
    its pause; a free game: its Hint) after Roll and the hand: outside Explore. A lesson's:
    its actions, and why a spot is refused (Try a move's verdict and rule); a free game's,
    which opens so too, "Why can't I…?" and What happened as well (it opened in Explore with
    every tool, the editor and Try a move among them: learner 277); "Why can't I…?" after
    the form, not between a kind's button and its form."""
    why = [c.why_toggle, c.blocked_label, c.blocked] if free else []
    parts = [*c.top, *tools, c.palette, c.key, c.form_box, c.message, *why]
    parts += [c.try_verdict, c.try_rule, *([c.log] if free else [])]
    return with_pick(parts, c.message, c.seat_pick)  # (who moves: seat_pick.py)


def _said_once(
    session: TutorSession, ring: Callable[[Spot | None, str], None]
) -> Callable[[Action], None]:
    """The form's Explain on the move a tap on the board already judged (its verdict under
    the form, with Try a move's): that verdict goes, the form's stays (issue 33: lesson 1.1
    said "not allowed: P2 can't build a settlement on M4…" twice). A move refused is also
    said on the board, as a tap's is: the red ring on the spot the form names, and on a phone
    its reason under ◀ ▶ beside the board (issue 33: the verdict under Explain was ~900 px
    below the board, the spot out of sight while reading why, phone_whynot.png)."""

    def forget(a: Action) -> None:
        if session.verdict is not None and session.verdict.action == a:
            session.forget_tried()
        ex = session.game.explain(a)
        if not ex.legal and session.chosen is not None and not session.puzzle_secret:
            ring(session.chosen, verdicts.short_reason(ex))

    return forget


def own_hand_html(game: Game, seat: int, against_computer: bool, unnamed: bool = False) -> str:
    """The learner's own hand (``seat``) as its owner sees it: cards, then development or
    progress cards (BASE-INFO, CK-INFO). ``unnamed``: a puzzle's open question, where the
    seat's name would tell whose turn it is."""
    if game.is_over() or not 0 <= seat < game.players or game.state.phase in (BOARD, ROLLOFF):
        return ""  # (laying out the board, the roll-off: nobody holds a seat's hand yet)
    name = html.escape(game.names[seat])
    who = f"Your hand ({name})" if against_computer else f"{name}'s hand"
    if unnamed:
        who = "Hand of the player to move"
    return (
        "<div style='margin:6px 0 2px 0;font-size:13px'>"
        f"<b>{who}:</b> {html.escape('; '.join(hand_bits(game, seat)))}</div>"
    )


def hand_bits(game: Game, seat: int) -> list[str]:
    """A seat's hand as its owner sees it, in words: its cards, then its development or
    progress cards and, in the games for two, its trade tokens."""
    view = game.observation(seat)["seats"][seat]
    bits = [cards_text(view["hand"])]
    if any(view.get("dev") or ()):
        bits.append("development cards: " + dev_cards_text(view["dev"]))
    if view.get("progress"):
        bits.append("progress cards: " + ", ".join(map(held_title, view["progress"])))
    return bits + held_tokens(game, view)


def other_hands_html(s: TutorSession) -> str:
    """The other seats' hands under the one to move, in a lesson whose hands all show (they
    were in Explore's Players tab only: learner 276 could not see whom a robber would rob);
    none at an open question (matched with the unnamed hand, they would tell whose turn it
    is), against the computer or while they hold nothing."""
    g, own = s.game, s.own_seat()
    # the dummy's cards are face up: shown too, and every hand in the dummy's own turn
    # (learner19: they were in Explore's Players tab only, its trades and steals unchecked)
    dummy = g.state.dummy
    if (
        not s.studying()
        or s.puzzle_secret
        or not s.shows_every_hand()
        or not (own == dummy >= 0 or own_hand_html(g, own, False))
    ):
        return ""
    others = [p for p in range(g.players) if p != own]
    if all(held_nothing(g, p) for p in others) and dummy < 0:
        return ""  # (the set-up's "P2: nothing · P3: nothing" says nothing)
    rows = [f"{g.names[p]}: {'; '.join(hand_bits(g, p))}" for p in others]
    if dummy >= 0:
        hand = g.observation(dummy)["seats"][dummy]["hand"]
        rows.append(f"the dummy: {cards_text(hand)}")
    head = "Hands" if own == dummy else "Other hands"
    return (
        "<div class='catan-other-hands' style='margin:0 0 2px 0;font-size:13px'>"
        f"<b>{head}:</b> {html.escape(' · '.join(rows))}</div>"
    )


def log_rows(lines: list[str]) -> str:
    """The log's lines, newest first: the ``LOG_LINES`` newest in a list, the older ones in a
    fold saying how many ("12 earlier lines", "32 earlier lines, 120 earlier moves before
    them")."""

    def rows(part: list[str], first: int) -> str:
        items = "".join(
            f"<li style='color:{'#1a1a1a' if first + i == 0 else '#666'}'>{markup.text(x)}</li>"
            for i, x in enumerate(part)
        )
        return (
            "<ul style='margin:2px 0 0 0;padding-left:18px;font-size:13px;"
            f"line-height:{LOG_LINE}px'>{items}</ul>"
        )

    newest, older = lines[:LOG_LINES], lines[LOG_LINES:]
    if not older:
        return rows(newest, 0)
    head = count(len(older), "earlier line")
    if older[-1].startswith(BEFORE_LISTED):  # (learner23: "33 earlier lines" read as all)
        head = f"{count(len(older) - 1, 'earlier line')}, {older[-1][len(BEFORE_LISTED) :]}"
        head = head.rstrip(".") + " before them"
    fold = f"<summary>{head}</summary>{rows(older, LOG_LINES)}"
    return rows(newest, 0) + f"<details class='catan-log-older'>{fold}</details>"


def held_nothing(game: Game, seat: int) -> bool:
    """Whether ``seat`` holds nothing its hand row would name (no card of any kind, no trade
    token): outside an open question, the row is left out."""
    if not 0 <= seat < game.players:
        return False
    view = game.observation(seat)["seats"][seat]
    return not (
        any(view["hand"]) or any(view.get("dev") or ()) or view.get("progress")
        or held_tokens(game, view)
    )  # fmt: skip
