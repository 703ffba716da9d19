"""The tutor as an app: a bar to open a lesson from the scenario library or start a new game,
above the tutor. ``App().widget`` is what the start notebook (and its Voilà page) shows.

Leaving a lesson (for another lesson, a new game or a link) in which the learner made moves of
their own keeps it as it is for the session: opening it again shows it as it was left, with a
button to start it afresh instead.

The page's address opens what it names, and always says what is on screen (``address.py``):
a link (``links.py``): ``?lesson=ID&node=N``, ``?variant=ck&players=3&seed=7&p2=greedy``,
``?position=CODE``, with the learner's moves and puzzles; else ``?s=`` (the line of play a
reloaded page keeps, ``session.py``). A link that cannot be read is explained above the tutor,
which opens the default lesson. A kernel Voilà preheated (``catan-tutor serve
--class N``) draws the default lesson first and opens the address when its visitor arrives
(``preheat.py``)."""

from __future__ import annotations

import html
import os
import secrets
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import ipywidgets as widgets

from .. import new_game
from ..errors import CatanError, LinkError, ScenarioError
from ..game import Game
from ..grammar import count, verb
from ..sampler import Sampler
from ..study.course import Place
from ..study.library import Lesson, library
from ..study.resources import lessons_dir
from ..study.scenario import load_scenario
from ..study.timeline import Timeline
from ..variants import VARIANTS
from . import address, icons, links, preheat, session
from .app_note import AppNote
from .computer import SeatPicker
from .guard import guarded, shown_in
from .last_place import LastPlace
from .links import PLAYERS, Link
from .progress import CourseProgress
from .tutor import Tutor
from .tutor_session import TutorSession
from .wording import variant_name

# The page's name and its help: short, closed until asked for.
# Set (to anything), a New game's seed comes from the session's seeded draws, not the system's
# randomness: the test suite sets it (tests/conftest.py), so its games are the same every run
SEEDED_ENV = "CATAN_TUTOR_SEEDED"
HELP_HTML = (
    "<div class='catan-heading'><b style='font-size:18px;margin-right:10px'>Catan tutor</b>"
    "<details class='catan-help'><summary>How to use it</summary>"
    "<div class='catan-help-body'><p>Choose a chapter and a "
    "lesson (<em>done</em> marks the lessons you have done; your browser keeps them). "
    "◀ ▶ under the board step through the lesson (a roll and its dice are one step). In a "
    "lesson <b>Roll</b> throws the lesson's own dice, the same each time; in a game of your "
    "own the dice fall at random. To make a move, choose an action (its places glow), then "
    "click or tap a glowing spot. In a "
    "<b>puzzle</b> a click on the board is your answer (or type it in the puzzle's box). "
    "<b>Explore</b> opens every tool: the "
    "moves, with those you tried yourself, why a move is not allowed, the editor, odds, the rules."
    "</p><p><b>Names of places</b> (the <b>Labels</b> button under the board shows them): "
    "a hex is a letter, A to S; a corner or an edge is its hex's letter and the hour where "
    "it sits on that hex, read as a clock face: corners at the even hours (E4), edges at the "
    "odd ones (E3). A place shared by hexes goes by one hex's name on the board, but any of "
    "them is understood. Type an answer the way the lesson says moves, e.g. "
    "<em>P1 settle E4</em> or <em>build a road on E3</em> (in Explore, <b>Try a move</b> "
    "reads moves typed so too)."
    "</p><p>A small <b>§</b> after a lesson's text stands for the rules behind it: click "
    "or tap it to read them. A <b>*</b> beside one marks this tutor's reading of a point the "
    "rulebooks leave open.</p><p><b>Keyboard</b>: Tab to the board (a blue ring shows it "
    "has focus); the arrow "
    "keys move a cursor over the glowing spots, Enter plays there, Escape takes the cursor "
    "away; PageUp and PageDown step through the moves, Home and End go to the first and "
    "last. Off the board, ← and → (or [ and ]) step back and forward.</p></div></details></div>"
)


class NewGameForm:
    """A new game's variant, number of players, board and seats (Human or Computer), and
    Start (``shown`` shows an unexpected error of its handlers)."""

    def __init__(self, shown: Callable[[str], None]) -> None:
        lay = widgets.Layout
        self.variant = widgets.Dropdown(
            options=[(variant_name(v), v) for v in VARIANTS], value="base", description="Variant"
        )
        self.players = widgets.Dropdown(
            options=PLAYERS["base"], value=4, description="Players", layout=lay(width="150px")
        )
        self.variant.observe(guarded(self._players, shown), names="value")
        self.seats = SeatPicker(self.players)  # Human or Computer per seat (computer.py)
        self.board = widgets.Dropdown(
            options=(("Beginner map", "beginner"), ("Variable map", "variable")),
            value="beginner",
            description="Board",
            layout=lay(width="240px"),  # ("Beginner map" whole: at 190 px, "Beginner ma")
        )
        self.start_button = widgets.Button(description="Start", icon="play", button_style="primary")
        self.start_button.add_class("catan-new-game-start")
        row = widgets.HBox(
            [self.variant, self.players, self.board],
            layout=lay(flex_flow="row wrap", align_items="center"),
        )
        # Start after the seats it starts the game with (s34 m15), on every width
        self.widget = widgets.VBox([row, self.seats.widget, self.start_button])
        self.widget.add_class("catan-new-game-box")
        # where it opens: a box of no height under the bar; the form shows over the page
        # (as the help does), so nothing under it moves
        self.anchor = widgets.Box([self.widget])
        self.anchor.add_class("catan-new-game-anchor")

    def _players(self, change) -> None:
        self.players.options = PLAYERS[change["new"]]
        self.players.value = self.players.options[-1]


class App:
    """``App(folder, start=None)``: the library of ``folder`` (default: the packaged lessons,
    or the folder ``catan-tutor serve --lessons`` names) and a tutor opened on ``start`` (a
    lesson's title or id) or a new game; a page address carrying a saved line resumes it."""

    def __init__(
        self,
        folder: str | Path | None = None,
        start: str | None = None,
        seed: int = 0,
        query: str | None = None,
    ) -> None:
        self.folder = Path(folder) if folder else lessons_dir()
        self.lessons = {x.label: x for x in library(self.folder)}
        self.status = widgets.HTML()
        self.title = widgets.HTML(layout=widgets.Layout(display="none"))  # the tab's title
        # the course by chapter: a chapter list, and the lessons of the chapter chosen
        self.chapters = {_chapter_of(x): x.place for x in self.lessons.values()}
        self.chapter_picker = widgets.Dropdown(
            # a free game (no lesson) shows "Free game" here, not a chapter it is not in
            options=[(FREE_GAME_LABEL, FREE_GAME)]
            + [(_chapter_label(n, place), n) for n, place in self.chapters.items()],
            value=next(iter(self.chapters), None),  # a game shows the first chapter's list
            description="Chapter",
            layout=widgets.Layout(width="auto", max_width="100%"),
        )
        self.chapter_picker.add_class("catan-chapter-picker")
        # the picker's handler, guarded; the same object to unobserve (progress.py too)
        self.pick_handler = guarded(self.on_pick, shown_in(self.status))
        self.picker = widgets.Dropdown(
            options=[],
            value=None,
            description="Lesson",  # as wide as its longest title, none cut short
            layout=widgets.Layout(width="auto", max_width="100%"),
        )
        self.picker.add_class("catan-lesson-picker")
        self.picker.observe(self.pick_handler, names="value")
        self.new_game = widgets.ToggleButton(
            description="New game",
            icon="plus",
            tooltip="start a new game of any variant, with computer seats if you like",
            layout=widgets.Layout(width="auto"),
        )
        self.new_game.add_class("catan-new-game")
        self.new_game.observe(guarded(self._show_new_game, shown_in(self.status)), names="value")
        self._new_form: NewGameForm | None = None  # built when first opened
        self.start = start
        self.chapter = widgets.HTML()  # the lesson's chapter and its goal (course.yaml)
        self.chapter.add_class("catan-chapter")
        self._kept: dict[str, tuple] = {}  # lesson id -> the lesson as the learner left it
        self._afresh: widgets.Button | None = None  # built when a lesson is left with moves
        self.note: widgets.HBox | None = None
        first = new_game("base", players=4)  # shown only if no lesson or link opens
        self.tutor = Tutor(first, seed=seed, show=False)
        self.session.on("shown", self._show_chapter)
        self.notes = AppNote(self.status, self.session)  # (it goes on the next step)
        # ✓ in the list, Next lesson (progress.py); the list: the chapter's lessons
        self.progress = CourseProgress(
            self.session, self.lessons, self.picker, self.open, self.tutor.safe, listed=self.listed
        )
        # at a lesson's end, Next lesson beside "This lesson is over" under the lesson's text
        self.tutor.line.extra = lambda: self.progress.next_button
        self.chapter_picker.observe(guarded(self.on_chapter, shown_in(self.status)), names="value")
        preheated = query is None and preheat.waiting()  # its visitor is not here yet
        asked = page_query() if query is None else query
        opened = self.resume(asked)
        if not opened and start:
            why = self.status.value  # a session that could not be restored says so
            opened = self.open(start)
            self.status.value = why or self.status.value
        if not opened:
            self.session.show()
        self.last = LastPlace(self.session)  # a bare address: the last place (last_place.py)
        self.last.opened(not asked and not preheated)
        self.progress.on_last = guarded(self.reopen_last, shown_in(self.status))
        bar = widgets.HBox(
            [widgets.HTML(HELP_HTML), self.chapter_picker, self.picker, self.new_game],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        bar.add_class("catan-bar")
        # the chapter's line, the course's summary on it (its first showing moves nothing)
        # and a note on the lesson opened (or why it could not be); Start afresh joins it
        # when first needed
        # the course's summary at the row's right, its room kept from the start (it came
        # with the first puzzle solved and, under a long chapter line, pushed the board
        # down: puz1_solved.png); the chapter's line and the note beside it (style.py)
        afresh: list[widgets.Widget] = [self._afresh] if self._afresh is not None else []
        self.note = widgets.HBox(
            [self.chapter, self.progress.widget, self.status, *afresh],
            layout=widgets.Layout(align_items="center", flex_flow="row wrap"),
        )
        self.note.add_class("catan-note-row")  # two lines kept for it (style.LAYOUT_CSS)
        self.top = widgets.VBox([bar, self.note])
        self.top.add_class("catan-top")
        self.widget = widgets.VBox([self.top, self.tutor.widget, self.title])
        self.widget.add_class("catan-app")
        if preheated:  # the page is drawn now; its address is applied when it is asked for
            preheat.await_visitor(guarded(self.visit, shown_in(self.status)))

    def visit(self, query: str) -> None:
        """A preheated kernel's visitor arrived (preheat.py): open what their page's
        address names, as a page opened afresh would; the lesson shown stays if it names
        nothing."""
        if query:
            self.resume(query)
        self.last.opened(not query)

    def reopen_last(self, query: str) -> None:
        """The place the learner was last at, from the page: opened when the page's address
        named nothing and nothing was done since it opened (``LastPlace``); one that cannot
        be opened leaves the page as it was."""
        if self.last.due() and not self.resume(query):
            self.status.value = ""

    @property
    def afresh(self) -> widgets.Button:
        """Start this lesson afresh, beside the note above the tutor (built the first time a
        lesson opens as the learner left it: issue 35)."""
        if self._afresh is None:
            self._afresh = widgets.Button(
                description="Start this lesson afresh",
                icon="refresh",
                tooltip="the lesson as its file has it (your moves in it "
                "are dropped; Undo edit brings them back)",
                layout=widgets.Layout(width="auto", display="none"),
            )
            self._afresh.add_class("catan-afresh")
            self._afresh.on_click(
                self.tutor.safe(lambda _: self.open(self.session.lesson_id, fresh=True))
            )
            if self.note is not None:
                self.note.children = (*self.note.children, self._afresh)
        return self._afresh

    def _show_afresh(self, shown: bool) -> None:
        if shown:
            self.afresh.layout.display = ""
        elif self._afresh is not None:
            self._afresh.layout.display = "none"

    # ------------------------------------------------------------ a new game's settings
    def _show_new_game(self, change) -> None:
        """The New game button: its settings under the bar (built the first time)."""
        box = self.new_form.widget
        box.layout.display = "" if change["new"] else "none"
        if change["new"]:  # a new intention: the last why-not (its banner over the board) goes
            self.session.forget_tried()  # (s33: it stayed over the harbors, the form open)
        if change["new"] and self.new_form.anchor not in self.top.children:
            anchor = self.new_form.anchor  # no height: the form opens over the page
            self.top.children = (self.top.children[0], anchor, *self.top.children[1:])

    @property
    def new_form(self) -> NewGameForm:
        """The new game's settings (built when first asked for)."""
        if self._new_form is None:
            self._new_form = NewGameForm(shown_in(self.status))
            self._new_form.start_button.on_click(self.tutor.safe(lambda _: self.new()))
            # a seat changed applies to the game shown at once
            self._new_form.seats.follow(self.session)
        return self._new_form

    @property
    def variant(self) -> widgets.Dropdown:
        return self.new_form.variant

    @property
    def players(self) -> widgets.Dropdown:
        return self.new_form.players

    @property
    def board(self) -> widgets.Dropdown:
        return self.new_form.board

    @property
    def seats(self) -> SeatPicker:
        return self.new_form.seats

    @property
    def start_button(self) -> widgets.Button:
        return self.new_form.start_button

    # ------------------------------------------------------------ the course by chapter
    def listed(self) -> list[str]:
        """The labels of the lessons of the chapter chosen (the lesson list's options)."""
        chosen = self.chapter_picker.value
        return [k for k, x in self.lessons.items() if _chapter_of(x) == chosen]

    def on_chapter(self, change) -> None:
        """A chapter chosen: its lessons listed; its first lesson opens unless the lesson
        shown is one of them (the list follows the lesson shown, too)."""
        self.progress.marks()
        # a free game lists no lesson: no empty list that does nothing
        self.picker.layout.display = "none" if change["new"] == FREE_GAME else ""
        shown = self.lesson(self.session.lesson_id) if self.session.lesson_id else None
        if change["new"] == FREE_GAME and (shown or self.session.scenario is not None):
            # a free game chosen while a lesson shows: one starts at once, with the New game
            # settings (the lesson's question and chapter line stayed until Start)
            self.tutor.safe(self.new)()
            return
        if (
            change["new"] in (None, FREE_GAME)
            or shown is not None
            and _chapter_of(shown) == change["new"]
        ):
            return
        first = next(x for x in self.lessons.values() if _chapter_of(x) == change["new"])
        self.tutor.safe(self.open)(first.id)

    @property
    def session(self) -> TutorSession:
        return self.tutor.session

    def on_pick(self, change) -> None:
        """A lesson picked in the list (not the one shown: the list follows the lesson)."""
        found = self.lesson(change["new"]) if change["new"] else None
        if found is None or found.id != self.session.lesson_id:
            if change["new"]:
                self.tutor.safe(self.open)(change["new"])

    def lesson(self, key: str) -> Lesson | None:
        """The lesson with this title, label or id."""
        return self.lessons.get(key) or next(
            (x for x in self.lessons.values() if key in (x.id, x.title)), None
        )

    def open(self, key: str, fresh: bool = False) -> bool:
        """Open the lesson called ``key`` (title or id): as the learner left it this session,
        if they made moves of their own in it (unless ``fresh``), else as its file has it; a
        broken one shows its error and the game stays."""
        found = self.lesson(key)
        if found is None:
            return self._say(f"There is no lesson {key!r} here.")
        kept = None if fresh else self._kept.get(found.id)
        if kept is None:
            try:
                if found.error:
                    raise ScenarioError(f"{found.path.name}: {found.error}")
                sc = load_scenario(found.path)
            except CatanError as e:  # a broken file in the library: say so, keep the game
                return self._say(str(e))
        same = self.session.lesson_id == found.id
        left = "" if fresh and same else self._leave(found.id)
        kept = self._kept.pop(found.id, None)
        if kept is not None and not fresh:
            self.session.reopen(kept)
        else:
            kept = None
            self.session.open(sc, lesson_id=found.id)
        self.chapter_picker.value = _chapter_of(found)  # lists the chapter's lessons
        self.picker.value = found.label
        self._show_chapter()
        own = self.session.own_moves() if kept is not None else 0
        mine = f"Your {count(own, 'move')} in this lesson {verb(own, 'is', 'are')} as you left "
        self._note(left, f"{mine}{verb(own, 'it', 'them')}." if own else "")
        self._show_afresh(bool(own))
        return True

    def _leave(self, going_to: str | None = None) -> str:
        """Before another lesson or game is shown: keep the lesson shown if the learner made
        moves of their own in it (dropped if they made none). Returns what to tell them."""
        t = self.session
        if not t.lesson_id or t.lesson_id == going_to:
            if t.lesson_id and t.own_moves():
                self._kept[t.lesson_id] = t.kept()
            return ""
        own = t.own_moves()
        if not own:
            self._kept.pop(t.lesson_id, None)
            return ""
        self._kept[t.lesson_id] = t.kept()
        left = self.lesson(t.lesson_id)
        title = left.title if left else t.lesson_id
        mine = f"Your {count(own, 'move')} in “{title}” {verb(own, 'is', 'are')} kept"
        return f"{mine}: open it again to go on."

    def _show_chapter(self) -> None:
        """The chapter line above the tutor for the lesson it shows ('' for a game), and the
        page's title (the browser tab) naming the lesson."""
        shown = self.session.lesson_id
        found = next((x for x in self.lessons.values() if x.id == shown), None) if shown else None
        line = chapter_line(found.place if found else None)
        if self.chapter.value != line:
            self.chapter.value = line
        sc = self.session.scenario
        named = " ".join(found.label.split()) if found else sc.title if sc else "New game"
        title = page_title(named)
        if self.title.value != title:
            self.title.value = title

    def _note(self, *texts: str) -> None:
        """A remark above the tutor (not an error); '' clears it (``AppNote``)."""
        self.notes.say(*texts)

    def resume(self, query: str) -> bool:
        """Resume the line of play a reloaded page carries in its address (``?s=``), else
        open the link in it; a damaged or unknown one is explained and ignored."""
        try:
            text = session.from_query(query)
            if not text:
                return self.follow(query)
            line = session.decode(text)
            if line.lesson:
                if not self.open(line.lesson):
                    return False
                timeline = self.session.timeline
            else:
                self.session.open(Game.from_position(line.position))
                timeline = self.session.timeline
            problem = session.replay(timeline, line.moves)
            if line.computers:  # a game against the computer plays on as it did (l33:
                # restored paused, End turn then showed nothing for 90 s but a line beside
                # Resume; a reload is the learner's own game, not a position shown to them)
                self.tutor.computer.set_seats(line.computers, line.seed)
        except (CatanError, ValueError) as e:
            return self._say(f"Your saved session could not be restored ({e}).")
        self.session.show(problem and f"Restored as far as it goes: {problem}")
        return True

    def follow(self, query: str) -> bool:
        """Open what the link in ``query`` names (False when it names nothing, or cannot be
        opened: then the reason shows above the tutor)."""
        try:
            link = links.parse(query)
            if link is None:
                return False
            if link.position:
                try:
                    game = Game.from_position(link.position)
                except (ValueError, LookupError, TypeError) as e:  # the engine's checks
                    raise LinkError(f"the position in it cannot be read ({e})") from None
                links.check_seats(link, game.players)
                self._leave_for_game(game)
                if link.computers:  # paused: the position shared shows until Resume
                    self.tutor.computer.set_seats(dict(link.computers), link.seed or 0, True)
            elif link.lesson:
                found = self.lesson(link.lesson)
                if found is None or found.id != link.lesson:
                    raise LinkError("there is no such lesson here")
                if link != Link(lesson=link.lesson):  # checked on a copy first: changes nothing
                    address.check_lesson_link(load_scenario(found.path), link)
                if not self.open(found.id):
                    return False
                address.follow_lesson_link(self.session, link)  # its node, moves and puzzles
            else:
                if link.moves:
                    session.follow_moves(Timeline(links.game_of(link)), None, link.moves)
                self.new(replace(link, computers=()))
                if link.moves:
                    session.follow_moves(self.session.timeline, None, link.moves)
                if link.computers:  # seated once the moves are played, paused: the game
                    # shows what was shared until the learner presses Resume
                    self.tutor.computer.set_seats(dict(link.computers), link.seed or 0, True)
                self.session.show()
        except CatanError as e:
            instead = " Here is the first lesson instead." if self.start else ""
            return self._say(f"This link could not be opened: {str(e).rstrip('.')}.{instead}")
        return True

    def _say(self, text: str) -> bool:
        self.status.value = f"<span style='color:#b71c1c'>{icons.NO} {html.escape(text)}</span>"
        return False

    def new(self, link: Link | None = None) -> None:
        """Start a new game: the one ``link`` names (with its computer seats), else the
        variant and seats chosen in the New game settings (P1 human, the others computers
        unless changed) with a seed drawn by the tutor's sampler. The seed shuffles a variable
        board and seeds the dice and the computers, so the game's link (Copy link) gives the
        same game against the same computers."""
        seats = self.seats.seats() if link is None else dict(link.computers)
        if link is None:
            link = Link(
                variant=self.variant.value,
                players=self.players.value,
                board=self.board.value,
                seed=fresh_seed(self.session.sampler),
            )
        game = links.game_of(link)
        self.session.sampler = Sampler(link.seed)
        self._leave_for_game(game, link)
        self.tutor.computer.set_seats(seats, link.seed or 0)
        self.new_game.value = False  # the game started: its settings fold away
        self.tutor.tabs.selected_index = 0  # and its Play tab shows, where its moves are
        # with the tools its moves need, its seats, hint and log (every tool: learner 277)
        self.tutor.explore.value = False

    def _leave_for_game(self, game: Game, origin: Link | None = None) -> None:
        """Show ``game`` instead of the lesson or game shown (a lesson with moves of the
        learner's own is kept, said when it is opened again: a new game names no lesson)."""
        self._leave()
        self.session.open(game, origin=origin)
        self.chapter_picker.value = FREE_GAME  # in no chapter: no lesson listed
        self.picker.value = None
        self._show_chapter()
        self._note()
        self._show_afresh(False)


def chapter_line(place: Place | None) -> str:
    """The line above a lesson naming its chapter and the chapter's goal, as HTML: "Chapter 7 ·
    Knights — recruit, …" ('' for a lesson the course does not name)."""
    if place is None:
        return ""
    said = place.chapter_goal[:1].lower() + place.chapter_goal[1:]  # a goal opens with a verb
    # (on a tablet the goal takes a line of its own: style.py)
    goal = (
        f"<span class='catan-chapter-goal'><span class='catan-chapter-dash'> — </span>"
        f"{html.escape(said)}</span>"
        if said
        else ""
    )
    return (
        f"<div class='catan-chapter-line' style='color:#37474f'><b>Chapter "
        f"{place.chapter} · {html.escape(place.chapter_title)}</b>{goal}</div>"
    )


def page_title(name: str) -> str:
    """The hidden element whose text the page's script makes the browser tab's title:
    "NAME · Catan tutor" (text, never markup or an attribute)."""
    text = html.escape(f"{name} · Catan tutor")
    return f"<span class='catan-page-title' hidden>{text}</span>"


FREE_GAME = -1  # the chapter list's entry for a game that is no lesson
FREE_GAME_LABEL = "Free game (no lesson)"


def _chapter_of(lesson: Lesson) -> int:
    """The lesson's chapter number (0: a lesson no chapter of the course names)."""
    return lesson.place.chapter if lesson.place else 0


def _chapter_label(number: int, place: Place | None) -> str:
    return f"{number} · {place.chapter_title}" if place else "Other lessons"


def page_query() -> str:
    """The query string of the Voilà page this kernel serves ('' in a notebook, and in a
    preheated kernel until its visitor arrives: see ``App.visit``). Voilà sets
    ``QUERY_STRING`` in the environment of every kernel it starts for a page."""
    return os.environ.get("QUERY_STRING", "")


def fresh_seed(sampler: Sampler) -> int:
    """A New game's seed: the system's randomness, so each game a visitor starts has its own
    board and dice (learner19: three New games threw the same rolls, where the help says the
    dice fall at random); ``sampler``'s seeded draws where ``SEEDED_ENV`` is set (the test
    suite: the same games every run)."""
    if os.environ.get(SEEDED_ENV):
        return sampler.rng.randrange(1 << 30)
    return secrets.randbelow(1 << 30)
