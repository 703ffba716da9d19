"""The Author panel (File tab, shown with the Author view): a teacher makes a lesson in the app.

- the lesson: title, goal, chapter (free text, or one of the course's chapters) and the rules
  it teaches (rule IDs of its variant, the ``rules:`` list), then Save;
- the current move: its comment and tutor text (the lesson text shown at this position);
- "Lesson starts here": the lesson starts at the current position (the moves before it are
  written as ``setup:`` when the game began as a new game, scenario_write.py);
- a puzzle at the current position: a prompt, up to two hints, the rule, the explanation the
  learner reads once it is solved, and which of the moves after it are accepted answers
  (catan_tutor.study.puzzle checks it);
- an expectation from the current position in one click (VP of each player, phase, hand,
  robber, awards, the last move or the move under Try a move legal or illegal), each true
  when added and checked again by ``catan-tutor check`` once the lesson is saved.

The download link of the File tab writes the lesson with ``scenario_write.verify``: readable
YAML that reads back as the same lesson. A bad input (a title too long or on two lines, HTML
in a text, a puzzle with no answer) is refused with the reason, and nothing changes. Every
text the panel shows is escaped. Nothing for tests shows: the lesson's title, start node,
puzzles and a digest of the download are ``data-*`` attributes of a hidden element (class
``catan-author-state``).
"""

from __future__ import annotations

import hashlib
import html
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

import ipywidgets as widgets

from .. import rulebook
from ..board import HEX_NAMES
from ..errors import CatanError, ScenarioError
from ..game import Game
from ..study.course import course
from ..study.puzzle import MAX_HINTS, Puzzle, validate
from ..study.resources import packaged_lessons
from ..study.scenario import Expect, Scenario, dumps_scenario, hand_text
from ..study.scenario_write import lesson_yaml, verify
from ..study.timeline import MAX_COMMENT_CHARS, Node
from . import icons
from .tutor_session import start_node

if TYPE_CHECKING:
    from .tutor_session import TutorSession

MAX_TITLE = 120  # characters of a lesson's title (one line)
MAX_CHAPTER = 120  # of its chapter (one line)
MAX_GOAL = 1000  # of its goal
MAX_NODE_TEXT = MAX_COMMENT_CHARS  # of a comment, tutor text, puzzle prompt, hint, explanation
MAX_RULES = 100  # rule IDs in a lesson's rules list
RULE_SEPARATORS = re.compile(r"[\s,;]+")
HTML_TAG = re.compile(r"<\s*/?\s*[A-Za-z!?]")  # the start of an HTML tag or comment
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
RED, GREEN = "#b71c1c", "#2e7d32"


def title_digest(title: str) -> str:
    """What the hidden marker carries for a title: a short digest, never the text itself."""
    return hashlib.sha256(title.encode()).hexdigest()[:16]


class AuthorError(ScenarioError):
    """A teacher's input the lesson cannot take (nothing was changed)."""


def check_text(
    what: str, text: str, limit: int, *, one_line: bool = False, required: bool = False
) -> str:
    """``text`` stripped, or an AuthorError saying why it cannot go into a lesson."""
    text = text.strip()
    if required and not text:
        raise AuthorError(f"{what}: give it some text")
    if len(text) > limit:
        raise AuthorError(f"{what}: {len(text):,} characters, at most {limit:,}")
    if one_line and "\n" in text:
        raise AuthorError(f"{what}: one line only")
    if CONTROL.search(text):
        raise AuthorError(f"{what}: control characters are not allowed")
    if HTML_TAG.search(text):
        raise AuthorError(
            f"{what}: HTML is not allowed in lesson texts; write plain text or "
            "Markdown (*emphasis*, **bold**, `code`, [links](https://…))"
        )
    return text


def check_rules(text: str, variant: str) -> list[str]:
    """The rule IDs in ``text`` (separated by commas, semicolons, spaces or lines; any case),
    in order, each once, every one a rule of ``variant``; else an AuthorError naming the
    first that is not (and the closest IDs, when there are some)."""
    text = check_text("rules", text, MAX_RULES * 40)
    known = rulebook.rules_of(variant)
    out: list[str] = []
    for word in RULE_SEPARATORS.split(text):
        if not word:
            continue
        rule_id = word.upper().replace("_", "-")
        if rule_id not in known:
            try:
                rulebook.rule(rule_id)
            except KeyError as e:  # no such rule: the message names the closest IDs
                raise AuthorError(f"rules: {e.args[0]}") from None
            raise AuthorError(f"rules: {rule_id} is not a rule of {variant}")
        if rule_id not in out:
            out.append(rule_id)
    if len(out) > MAX_RULES:
        raise AuthorError(f"rules: {len(out)} rule IDs, at most {MAX_RULES}")
    return out


def chapters() -> list[str]:
    """The chapter titles of the packaged course, in order."""
    try:
        places = course(packaged_lessons())
    except CatanError:
        return []
    out: list[str] = []
    for place in sorted(places.values(), key=lambda p: p.chapter):
        if place.chapter_title not in out:
            out.append(place.chapter_title)
    return out


def offers(game: Game, node: Node, tried: str = "") -> list[tuple[str, Node, Expect]]:
    """The expectations one click adds at the current ``node``: (label, the node it goes on,
    the expectation), each true there now. ``tried``: the move under Try a move."""
    s = game.state
    seats = game.names[: game.players]
    out: list[tuple[str, Node, Expect]] = []

    def add(label: str, key: str, value: object, at: Node = node) -> None:
        out.append((label, at, Expect(key, value)))

    vp = {n: str(game.victory_points(p)) for p, n in enumerate(seats)}
    add("VP of each player: " + ", ".join(f"{k} {v}" for k, v in vp.items()), "vp", vp)
    add(f"phase: {s.phase}", "phase", s.phase)
    owed = sorted({game.names[p.player] if p.player >= 0 else "chance" for p in game.pending})
    if owed:
        add(f"the game waits for: {', '.join(owed)}", "pending", ", ".join(owed))
    if not game.is_over() and not game.is_chance():
        p = game.current_player
        hand = hand_text(s.hands[p])
        add(f"hand of {game.names[p]}: {hand}", "hand", {game.names[p]: hand})
    if s.robber >= 0:
        add(f"robber on {HEX_NAMES[s.robber]}", "robber", HEX_NAMES[s.robber])
    for key, attr, what in (
        ("longest", "longest", "Longest Road"),
        ("army", "army", "Largest Army"),
    ):
        holder = getattr(s, attr)
        name = game.names[holder] if holder >= 0 else "-"
        add(f"{what}: {name if holder >= 0 else 'nobody'}", key, name)
    if game.is_over():
        add(f"winner: {game.names[s.winner]}", "winner", game.names[s.winner])
    if game.caps.knights:
        add(f"barbarians at {s.barb}", "barbarians", str(s.barb))
    if node.parent is not None and node.action is not None:
        add(f"the last move was legal: {node.action}", "legal", [str(node.action)], node.parent)
    if tried.strip():
        try:
            ex = game.explain(tried.strip())
        except CatanError:
            ex = None
        if ex is not None and ex.legal:
            add(f"the move tried is legal: {ex.action}", "legal", [str(ex.action)])
        elif ex is not None:
            add(
                f"the move tried is illegal: {ex.action} ({ex.rule or 'any rule'})",
                "illegal",
                {str(ex.action): ex.rule or "any"},
            )
    return out


def merged(expects: list[Expect], new: Expect) -> list[Expect]:
    """``expects`` with ``new`` added (a key once: mappings and lists are merged)."""
    out = [Expect(e.key, e.value, e.line) for e in expects]
    old = next((e for e in out if e.key == new.key), None)
    if old is None:
        return [*out, Expect(new.key, new.value)]
    if isinstance(old.value, dict) and isinstance(new.value, dict):
        old.value = {**old.value, **new.value}
    elif isinstance(old.value, list) and isinstance(new.value, list):
        old.value = [*old.value, *(v for v in new.value if v not in old.value)]
    else:
        old.value = new.value
    return out


class AuthorPanel:
    """The Author panel of the lesson ``session`` shows: its ``widget``, shown with the Author
    view (``session.author_view``); ``guard`` wraps its handlers."""

    def __init__(self, session: TutorSession, guard: Callable[[Callable], Callable]) -> None:
        self.session = session
        self.start: Node | None = None  # the lesson's start (None: the timeline's start)
        self._shown: tuple | None = None  # (timeline, scenario) the lesson fields show
        self._node: Node | None = None  # the node the node fields show
        self.text = ""  # the last download text
        lay, b = widgets.Layout, widgets.Button
        full = lay(width="100%")
        self.title = widgets.Text(description="Title", layout=full)
        self.title.add_class("catan-author-title")
        self.goal = widgets.Textarea(description="Goal", layout=lay(width="100%", height="48px"))
        self.chapter = widgets.Combobox(
            description="Chapter",
            options=chapters(),
            ensure_option=False,
            layout=full,
            placeholder="a chapter of the course, or your own",
        )
        self.rules = widgets.Textarea(
            description="Rules",
            layout=lay(width="100%", height="44px"),
            placeholder="the rule IDs it teaches, e.g. BASE-BUILD-DISTANCE, BASE-SETUP-ROUND1",
        )
        self.rules.add_class("catan-author-rules")
        self.comment = widgets.Textarea(
            description="Comment",
            layout=lay(width="100%", height="44px"),
            placeholder="on the move that led here",
        )
        self.comment.add_class("catan-author-comment")
        self.tutor_text = widgets.Textarea(
            description="Tutor text",
            layout=lay(width="100%", height="44px"),
            placeholder="the lesson text at this position",
        )
        for w in (self.title, self.goal, self.chapter, self.rules, self.comment, self.tutor_text):
            w.style.description_width = "72px"
        self.save_button = b(
            description="Save lesson text",
            icon="save",
            button_style="primary",
            layout=lay(width="auto"),
        )
        self.save_button.add_class("catan-author-save")
        self.save_button.on_click(guard(lambda _: self.save()))
        self.start_button = b(
            description="Lesson starts here",
            icon="flag",
            layout=lay(width="auto"),
            tooltip="the lesson starts at this position; the moves before it are its setup",
        )
        self.start_button.add_class("catan-author-start")
        self.start_button.on_click(guard(lambda _: self.start_here()))
        self.start_label = widgets.HTML()
        # a puzzle at the current position
        self.prompt = widgets.Text(
            description="Puzzle", placeholder="the question it asks", layout=full
        )
        self.prompt.add_class("catan-author-prompt")
        self.hint_texts = [
            widgets.Text(
                description=f"Hint {i + 1}",
                layout=full,
                placeholder=("where to look" if i == 0 else "the rule"),
            )
            for i in range(MAX_HINTS)
        ]
        self.rule = widgets.Text(
            description="Rule", placeholder="e.g. BASE-BUILD-DISTANCE", layout=full
        )
        self.explain = widgets.Textarea(
            description="Explain",
            layout=lay(width="100%", height="44px"),
            placeholder="why the answer is right (shown once solved)",
        )
        self.explain.add_class("catan-author-explain")
        for w in (self.prompt, *self.hint_texts, self.rule, self.explain):
            w.style.description_width = "72px"
        self.answers = widgets.SelectMultiple(
            options=[], rows=3, description="Answers", layout=full
        )
        self.answers.style.description_width = "72px"
        self.mark_button = b(
            description="Mark puzzle here", icon="question-circle", layout=lay(width="auto")
        )
        self.mark_button.add_class("catan-author-puzzle")
        self.mark_button.on_click(guard(lambda _: self.mark_puzzle()))
        self.unmark_button = b(description="Remove puzzle", icon="times", layout=lay(width="auto"))
        self.unmark_button.on_click(guard(lambda _: self.remove_puzzle()))
        # expectations in one click
        self.expect_choice = widgets.Dropdown(options=[], layout=lay(width="auto", flex="1 1 auto"))
        self.expect_button = b(
            description="Add expectation",
            icon="check-square-o",
            layout=lay(width="auto", flex="0 0 auto"),
        )
        self.expect_button.add_class("catan-author-expect")
        self.expect_button.on_click(guard(lambda _: self.add_expectation()))
        self.clear_button = b(
            description="Clear here",
            icon="eraser",
            tooltip="remove the expectations at this position",
            layout=lay(width="auto", flex="0 0 auto"),
        )
        self.clear_button.on_click(guard(lambda _: self.clear_expectations()))
        self.status = widgets.HTML()
        self.status.add_class("catan-author-status")
        self.marker = widgets.HTML(layout=lay(display="none"))
        self.widget = widgets.VBox(
            [
                widgets.HTML(
                    "<b>Author</b> <span style='color:#777;font-size:12px'>make this "
                    "game a lesson; Download as a lesson file writes it</span>"
                ),
                self.title,
                self.goal,
                self.chapter,
                self.rules,
                widgets.HTML("<b style='font-size:13px'>At this position</b>"),
                self.comment,
                self.tutor_text,
                widgets.HBox(
                    [self.save_button, self.start_button, self.start_label],
                    layout=lay(align_items="center", flex_flow="row wrap"),
                ),
                self.prompt,
                *self.hint_texts,
                self.rule,
                self.explain,
                self.answers,
                widgets.HBox([self.mark_button, self.unmark_button]),
                widgets.HBox([self.expect_choice, self.expect_button, self.clear_button]),
                self.status,
                self.marker,
            ],
            layout=lay(
                display="none", border_top="1px solid #ddd", padding="6px 0 0 0", margin="6px 0 0 0"
            ),
        )
        self.widget.add_class("catan-author")
        self._offers: list[tuple[str, Node, Expect]] = []
        session.on("author", self.refresh)

    # ------------------------------------------------------------ the lesson being made
    @property
    def scenario(self) -> Scenario | None:
        """The lesson shown, when the tutor shows one (a game is not a lesson yet)."""
        t = self.session
        sc = t.scenario
        return sc if sc is not None and sc.timeline is t.timeline else None

    def lesson(self) -> Scenario:
        """The lesson shown; a game becomes one (``TutorSession.make_lesson``)."""
        return self.session.make_lesson()

    def start_node(self) -> Node:
        """Where the lesson starts: the node chosen, else the timeline's start."""
        tl = self.session.timeline
        if self.start is not None and tl.nodes.get(self.start.id) is self.start:
            return self.start
        self.start = None
        return start_node(tl)

    def _ok(self, text: str) -> str:
        self.status.value = f"<span style='color:{GREEN}'>{icons.OK} {html.escape(text)}</span>"
        return ""

    def _refuse(self, why: str) -> str:
        self.status.value = f"<span style='color:{RED}'>{icons.NO} {html.escape(why)}</span>"
        return why

    # ------------------------------------------------------------ actions
    def _variant(self) -> str:
        sc = self.scenario
        return sc.variant if sc is not None else self.session.game.variant

    def save(self) -> str:
        """Title, goal, chapter, rules, and the current move's comment and tutor text;
        returns why not ('' when saved). Nothing changes when any field is refused."""
        node = self.session.timeline.current
        try:
            title = check_text("title", self.title.value, MAX_TITLE, one_line=True, required=True)
            goal = check_text("goal", self.goal.value, MAX_GOAL)
            chapter = check_text("chapter", self.chapter.value, MAX_CHAPTER, one_line=True)
            rules = check_rules(self.rules.value, self._variant())
            comment = check_text("comment", self.comment.value, MAX_NODE_TEXT)
            text = check_text("tutor text", self.tutor_text.value, MAX_NODE_TEXT)
        except AuthorError as e:
            return self._refuse(str(e))
        if comment and node.action is None:
            return self._refuse(
                "comment: the start has no move to comment on; write a tutor text instead"
            )
        sc = self.lesson()
        sc.title, sc.goal, sc.chapter, sc.rules = title, goal, chapter, rules
        node.comment, node.tutor = comment, text
        self.rules.value = ", ".join(rules)  # as written to the file
        self._solve_all()
        self.session.show()
        return self._ok("saved")

    def start_here(self) -> str:
        """The lesson starts at the current position."""
        self.start = self.session.timeline.current
        self.refresh()
        return self._ok("the lesson starts here")

    def mark_puzzle(self) -> str:
        """The current position asks the puzzle in the fields (prompt, hints, rule,
        explanation, the answers chosen, else the main move after it); returns why not ('' when
        marked)."""
        node = self.session.timeline.current
        try:
            prompt = check_text("puzzle", self.prompt.value, MAX_NODE_TEXT, required=True)
            hints = tuple(
                h
                for h in (
                    check_text(f"hint {i + 1}", w.value, MAX_NODE_TEXT)
                    for i, w in enumerate(self.hint_texts)
                )
                if h
            )
            rule = check_text("rule", self.rule.value, 60, one_line=True)
            explain = check_text("explanation", self.explain.value, MAX_NODE_TEXT)
        except AuthorError as e:
            return self._refuse(str(e))
        shown = self.session.scenario  # (its reasons for wrong kinds kept: the file's only)
        was = shown.puzzles.get(node.id) if shown is not None else None
        puzzle = Puzzle(
            prompt, hints, tuple(self.answers.value), rule, explain, was.wrong if was else ()
        )
        why = validate(puzzle, node, self.session.timeline.rules, self._variant())
        if why:
            return self._refuse(f"puzzle: {why}")
        sc = self.lesson()
        sc.puzzles[node.id] = puzzle
        self._solve_all()
        self.session.show()
        return self._ok("puzzle marked")

    def remove_puzzle(self) -> str:
        sc = self.scenario
        if sc is None or sc.puzzles.pop(self.session.timeline.current.id, None) is None:
            return self._refuse("there is no puzzle at this position")
        self.session.show()
        return self._ok("puzzle removed")

    def add_expectation(self, label: str | None = None) -> str:
        """Add the expectation chosen (or the one whose label starts with ``label``)."""
        self._offers = offers(
            self.session.game, self.session.timeline.current, self.session.tried_text
        )
        want = label if label is not None else self.expect_choice.value
        found = next((o for o in self._offers if want and o[0].startswith(want)), None)
        if found is None:
            return self._refuse("choose an expectation first")
        _, node, new = found
        expects = merged(node.expect, new)
        game = Game(self.session.timeline.rules, node.state)
        for ex in expects:
            ok, got = ex.check(game)
            if not ok:
                return self._refuse(f"{ex.key}: not true here (found {got})")
        sc = self.lesson()
        puzzle = sc.puzzles.get(node.id)
        if puzzle is not None:
            old, node.expect = node.expect, expects
            why = validate(puzzle, node, self.session.timeline.rules, sc.variant)
            node.expect = old
            if why:
                return self._refuse(f"{new.key}: {why}")
        node.expect = expects
        self.session.show()
        return self._ok(f"expectation added: {found[0]}")

    def clear_expectations(self) -> str:
        node = self.session.timeline.current
        if not node.expect:
            return self._refuse("there is no expectation at this position")
        node.expect = []
        self.session.show()
        return self._ok("expectations removed here")

    def _solve_all(self) -> None:
        """The author sees the lesson's puzzles as solved: the moves after them stay open."""
        self.session.puzzle.solve_all()

    # ------------------------------------------------------------ showing
    def download_text(self) -> str:
        """The File tab's download: the lesson as readable YAML that reads back the same
        (checked node by node while the Author view is on; a lesson that cannot be written so
        says why, and the plain form is offered)."""
        t = self.session
        sc = t.as_scenario()
        try:  # the whole lesson read back while authoring; else the start form only
            write = verify if t.author_view else lesson_yaml
            text = write(sc, self.start_node())
        except CatanError as e:
            self._refuse(f"the lesson cannot be written as it is: {e}")
            text = dumps_scenario(sc)
        self.text = text
        self.refresh()
        return text

    def refresh(self) -> None:
        """Show the lesson's fields (when another lesson or position is shown)."""
        t = self.session
        self.widget.layout.display = "" if t.author_view else "none"
        if not t.author_view:
            return self._marker()
        sc, node = self.scenario, t.timeline.current
        if self._shown != (t.timeline, sc):
            self._shown = (t.timeline, sc)
            self.title.value = sc.title if sc else ""
            self.goal.value = sc.goal if sc else ""
            self.chapter.value = sc.chapter if sc else ""
            self.rules.value = ", ".join(sc.rules) if sc else ""
            self.status.value = ""
            self._solve_all()
        if self._node is not node:
            self._node = node
            self.comment.value, self.tutor_text.value = node.comment, node.tutor
            puzzle = sc.puzzles.get(node.id) if sc else None
            self.answers.options = [str(c.action) for c in node.children]
            self.prompt.value = puzzle.prompt if puzzle else ""
            for i, w in enumerate(self.hint_texts):
                w.value = puzzle.hints[i] if puzzle and i < len(puzzle.hints) else ""
            self.rule.value = puzzle.rule if puzzle else ""
            self.explain.value = puzzle.explain if puzzle else ""
            self.answers.value = tuple(
                a for a in (puzzle.answers if puzzle else ()) if a in self.answers.options
            )
        moves = [str(c.action) for c in node.children]
        if list(self.answers.options) != moves:  # a move was added or deleted after it
            chosen = tuple(a for a in self.answers.value if a in moves)
            self.answers.options = moves
            self.answers.value = chosen
        self._offers = offers(t.game, node, t.tried_text)
        labels = [label for label, _, _ in self._offers]
        if list(self.expect_choice.options) != labels:
            self.expect_choice.options = labels
        start = self.start_node()
        where = f"after {start.action}" if start.action is not None else "at the start"
        self.start_label.value = (
            f"<span style='color:#555;font-size:12px'>the lesson starts {html.escape(where)}</span>"
        )
        self._marker()

    def _marker(self) -> None:
        """The hidden element tests read: digests of the title and of the download, the start
        node, the puzzles (no text a visitor typed goes into an attribute)."""
        sc, start = self.scenario, self.start_node()
        digest = hashlib.sha256(self.text.encode()).hexdigest()[:16] if self.text else ""
        puzzles = len(sc.puzzles) if sc else 0
        self.marker.value = (
            f"<span class='catan-author-state' data-title='"
            f"{title_digest(sc.title if sc else '')}' "
            f"data-start='{start.id}' data-puzzles='{puzzles}' "
            f"data-digest='{digest}' hidden></span>"
        )
