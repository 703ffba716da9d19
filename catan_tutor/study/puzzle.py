"""Puzzles: a lesson node that asks the learner to find the move.

A scenario marks a node with ``puzzle: {prompt, hints, answers, rule, explain, wrong}``; the
accepted answers are moves of the node's children (its main continuation when ``answers`` is not
given), so that a solved puzzle goes on along the lesson. :func:`judge` says whether a move
played there is an answer, and why, citing a rule: the engine's verdict for an illegal move
(``Game.explain``, the most specific rule, rules/precedence.py), the puzzle's rule for a legal
move that is not the answer, with why it is worse (the author's text when the lesson has
that move as a variation, else :mod:`puzzle_why`'s comparison: dots, the robber's blocked
dots...), in one plain sentence for the learner (never the rule's text; the move in words,
"P1 may build a road on H3", never its notation). A wrong answer says why THAT move is wrong
and never points at the right one: any sentence or clause of its reason that names a part of
the answer (:func:`secrets`: the answer's spot, the seat when the question asks who, a
resource or the kind of move the prompt does not name) is left out. :func:`hint` gives
the hints in order: first where to look (the area of the board or the kind of action), then
the rule.

A puzzle asks either a *rule question* (every legal move of the answer's kind answers it: what
the rules call for is the point) or a *choice question* (the learner chooses among legal
moves): :func:`asks_rule` tells which, from the puzzle's answers and the position. Nothing
glows for either until it is solved: a rule question's legal targets are its answers.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace

from .. import rulebook
from ..actions import Action, BankTrade, PlayProgress, spot_fields
from ..board import CARD_NAMES, EDGE_LABELS, HEX_NAMES, TERRAINS, VERTEX_LABELS
from ..errors import QUOTE_CHARS, CatanError
from ..game import Game
from ..grammar import plural
from ..move_words import INCOMPLETE as INCOMPLETE  # (the tests read it here)
from ..move_words import (
    LevelNotNext,
    MoveWordsError,
    PartLeftOut,
    as_notation,
    asked,
    learner_notation,
)
from ..progress_cards import CARDS as PROGRESS_CARDS
from ..rules.words import can, say, why_not
from ..state import State
from ..typed_forms import FORMS, kind_named
from ..words.metro_holder import holder_named_wrong
from ..words.place_words import seats_by_colour
from ..words.rule_titles import plain_title
from ..words_read_as import read_as, said_read_as
from .bare_spot import spot_move
from .cause_kept import cause_kept, without_allowed
from .kind_refused import spotless_refusal, unpaid_reason
from .one_completion import only_completion, only_piece
from .puzzle_measure import measured
from .puzzle_why import names as _names
from .puzzle_why import other_kind, worse
from .spot_taken import spot_taken
from .timeline import Node
from .typed_names import in_printed_names, own_names

MAX_HINTS = 2  # hints a puzzle offers (the area or kind of action, then the rule)


@dataclass(frozen=True)
class Puzzle:
    """A question at a node: ``prompt`` asks it; ``hints`` (at most two) help in order;
    ``answers`` are the accepted moves as written (the main continuation when empty);
    ``rule`` is the rule the puzzle is about; ``explain`` says why the answer is right."""

    prompt: str
    hints: tuple[str, ...] = ()
    answers: tuple[str, ...] = ()
    rule: str = ""
    explain: str = ""
    # (kind of move as its notation begins, why it does not answer): the author's reason for
    # a wrong kind, in a learner's words, where a reply would only say "not the answer" (l38c
    # at 8.11: "Recruiting a knight is not the answer here" gave no reason)
    wrong: tuple[tuple[str, str], ...] = ()


def kind_word(kind: type) -> str:
    """The word a move of ``kind`` begins with in notation ("force", "recruit")."""
    return FORMS[kind.__name__][2].split()[0] if kind.__name__ in FORMS else ""


def kinds_of(word: str) -> list[type]:
    """The kinds of move whose notation begins with ``word`` (the engine's classes)."""
    from ..actions import REGISTRY

    return [k for k in dict.fromkeys(REGISTRY.values()) if kind_word(k) == word]


@dataclass(frozen=True)
class Judgement:
    """What :func:`judge` says about a move: ``correct`` (an accepted answer), ``legal`` (the
    engine allows it here), the rule cited with its ``title``, the ``text`` for the learner,
    and ``node``: the answer's child node when correct, else None."""

    move: str
    correct: bool
    legal: bool
    rule: str
    text: str
    node: Node | None = None
    reason: str = ""  # a legal wrong move: why it is worse than the answer (puzzle_why.py)
    read: bool = True  # False: the text was not read as a move (no verdict on the idea)
    left_out: bool = False  # read as a move with a part left out, which ``text`` asks for
    none_read: bool = False  # not read, and no word of it names a kind of move ("asdf")

    @property
    def title(self) -> str:
        """The cited rule's title ('' without a rule)."""
        try:
            return plain_title(self.rule, rulebook.rule(self.rule).title) if self.rule else ""
        except KeyError:
            return ""

    @property
    def rule_text(self) -> str:
        """The cited rule's text from the rules reference ('' without a rule)."""
        try:
            return rulebook.rule(self.rule).text if self.rule else ""
        except KeyError:
            return ""


def answer_nodes(puzzle: Puzzle, node: Node, rules) -> list[Node]:
    """The children of ``node`` that answer the puzzle (its first child when it names no
    answers). A named answer that is no child of the node is a ValueError."""
    if not puzzle.answers:
        return node.children[:1]
    game = Game(rules, node.state)
    out = []
    for text in puzzle.answers:
        a = game.parse(text)
        child = next((c for c in node.children if c.action == a), None)
        if child is None:
            raise ValueError(
                f"the answer {text!r} is not a move of the lesson at this node "
                "(write it as the main line or a variation)"
            )
        out.append(child)
    return out


def judge(
    puzzle: Puzzle, node: Node, rules, move: Action | str, chosen: type | None = None
) -> Judgement:
    """Whether ``move`` (an Action, or text: notation or the page's words, ``move_words``)
    answers the puzzle asked at ``node``; nothing is played. An unreadable or illegal move
    is wrong with the engine's reason and rule (and how the kind of move named, else the
    kind ``chosen`` on the page, is typed). A spot typed by another of its names is
    said by its printed label, told once which it is (``typed_names``)."""
    said = _with_wrong(puzzle, _judge(puzzle, node, rules, move, chosen), node, rules)
    if not isinstance(move, str):
        return said
    try:
        action = Game(rules, node.state).parse(said.move)
    except (CatanError, ValueError):
        return said
    if holder := holder_named_wrong(node.state, move, action):  # "from white", P2 holding it
        said = replace(said, text=f"{said.text} {holder}")
    names = own_names(move, action, tuple(node.state.name(p) for p in range(node.state.n)))
    if not names:
        return said
    return replace(said, text=in_printed_names(said.text, names))


def _move_said(sentence: str, explained: bool) -> str:
    """The right answer's move, said before the author's explanation (``explained``): its
    first clause alone where the sentence goes on after a colon to how the move works, which
    the explanation says in its own words (s44 at 11.16: "P1 spends a trade token on a forced
    trade from resource cards only: 2 cards are drawn blind…" stood before the why)."""
    head, colon, _ = sentence.partition(": ")
    return f"{head}." if explained and colon else sentence


def _with_wrong(puzzle: Puzzle, said: Judgement, node: Node, rules) -> Judgement:
    """``said`` with the author's reason for its kind of move (``Puzzle.wrong``) where it
    told only that the kind does not answer (``STUCK``, ``ANOTHER_KIND``)."""
    if said.correct or not puzzle.wrong:
        return said
    try:
        kind: type | None = type(Game(rules, node.state).parse(said.move))
    except (CatanError, ValueError):  # words with a part left out: the kind they named
        kind = next(
            (k for w, _ in puzzle.wrong for k in kinds_of(w)
             if f"{FORMS[k.__name__][0]} is not the answer here." in said.text),
            None,
        )  # fmt: skip
    why = next((r for w, r in puzzle.wrong if kind is not None and kind_word(kind) == w), "")
    if not why or why in said.text:
        return said
    if STUCK in said.text:
        return replace(said, text=said.text.replace(STUCK, why))
    if said.text.rstrip(".").endswith(ANOTHER_KIND.rstrip(".")[4:]):  # (no author's words)
        return replace(said, text=f"{said.text} {why}")
    return said


# The optional parts a move may leave out only when none is due: said as missing then (an
# empty victim is typed too, "rob nobody": refused by its rule, BASE-ROBBER-STEAL)
_LEFT_OUT = {"Improve.vertex": "On which city does the metropolis go?"}
# ... and those a typed move may leave out unless it says "nobody": the robber's victim ("put
# the robber on Q" at 2.2 was told it must rob P2, as if robbing nobody were meant: l23)
_LEFT_OUT_TYPED = {"MoveRobber.victim": "Whom does the robber rob?"}
_NOBODY = re.compile(r"\b(nobody|no one|noone|none|no-one)\b", re.IGNORECASE)


def left_out(game: Game, action: Action, typed: str | None = None) -> str:
    """What an ``action`` refused only for an optional part it leaves empty asks for (l21
    at 10.6: "P1 improve trade", a metropolis due and no city named, was told "Not the
    answer"): its question when a legal move of its kind fills that part, else ''. ``typed``:
    the words it was typed in (a victim left out of them is asked for too)."""
    kind: type = type(action)
    asks = dict(_LEFT_OUT)
    if typed is not None and not _NOBODY.search(typed):
        asks |= _LEFT_OUT_TYPED
    empty = [f.name for f in fields(kind) if getattr(action, f.name) in (-1, None, "", ())]
    if not empty:  # nothing left out: no legal move fills a part of it (skip the scan)
        return ""
    for a in game.legal_actions():
        if type(a) is not type(action):
            continue
        differ = [f.name for f in fields(kind) if getattr(a, f.name) != getattr(action, f.name)]
        if differ and set(differ) <= set(empty):
            return asks.get(f"{kind.__name__}.{differ[0]}", "")
    return ""


def no_move_of(
    game: Game, kind: type | None, hidden: Sequence[str] = (), rule: str = ""
) -> str | None:
    """What a move of ``kind`` with a part left out is told when no move of that kind is
    possible now ("Which corner?" at 11.16 sent l23 looking for a corner for a neutral's
    knight, where none could take one): not the answer, and the price the seat cannot pay
    when that is why and it names none of ``hidden`` (s23 at 8.11: "promote the knight", P1
    holding no wool); else a hint offered (that none is possible was the question's whole
    point at 11.16: l24); a refusal every spot of the kind gets alike (the phase: a knight
    cashed in before the roll at 11.16, l46), unless by ``rule``, the question's own (that
    rule's refusal is the question's point: l24's neutral knight at 11.16); None when one is
    possible (or the kind is not known)."""
    if kind is None or kind.__name__ not in FORMS:
        return None
    if any(isinstance(a, kind) for a in game.legal_actions()):
        return None
    why = keep_secret(unpaid_reason(game, kind), list(hidden))
    ex = None if why else spotless_refusal(game, kind)  # the phase, an owed move (l46)
    if ex is not None and ex.rule != rule:
        why = keep_secret(without_allowed(ex.reason), list(hidden))
        why = why or keep_secret(cause_kept(game.state, ex), list(hidden))
    why = why or STUCK
    return f"{FORMS[kind.__name__][0]} is not the answer here. {why}"


def incomplete(move: str, question: str) -> Judgement:
    """The reply to a move with a part left out (not read: no verdict on the idea), however
    the reader met it: the part's question, then ``INCOMPLETE`` (once: ``asked``)."""
    return Judgement(move, False, False, "", asked(question), read=False, left_out=True)


def _judge(puzzle: Puzzle, node: Node, rules, move: Action | str, chosen: type | None) -> Judgement:
    game = Game(rules, node.state)
    shown = move if isinstance(move, str) else str(move)
    typed = move if isinstance(move, str) else None
    meant = _meant(puzzle, node, rules, chosen) if isinstance(move, str) else []
    if isinstance(move, str) and (spot := spot_move(game, move, meant)):
        if spot[1]:  # a label alone, several kinds of move could go there: which (l28, 1.4)
            return incomplete(shown, spot[1])
        move = spot[0]
    try:  # typed: notation, or the page's words for a move (examples: no answer's spot)
        if isinstance(move, str):
            move = as_notation(game, move, secret_labels(puzzle, node, rules), chosen)
        ex = game.explain(move)
    except PartLeftOut as e:  # a part left out: asked for, as ``left_out`` asks (one reply)
        if (one := only_piece(game, e.kind, shown)) is not None:  # "activate the knight" (l28)
            once = _judge(puzzle, node, rules, one, chosen)
            told = [w for w in secrets(puzzle, node, rules) if not _names(shown, w)]
            if once.correct or not any(_names(once.text, w) for w in told):
                how = read_as(shown, e.kind)  # ("upgrade": how it read, l26)
                return (
                    replace(once, text=f"{how}. {once.text}") if how and not once.correct else once
                )
            # the one piece's spot, filled in, is the answer's (s23 at 11.16: "activate" was
            # told "P1 can activate the basic knight on corner N4", N4 the answer's knight)
            # (no move of it possible: the price the seat cannot pay, s23 at 8.11)
            held = no_move_of(game, e.kind, told, puzzle.rule) or (
                f"{FORMS[type(one).__name__][0]} is not the answer here. {STUCK}"
            )
            return replace(once, text=said_read_as(shown, e.kind, held))
        told = [w for w in secrets(puzzle, node, rules) if w not in _kind_words_of(e.kind)]
        if (none := no_move_of(game, e.kind, told, puzzle.rule)) is not None:  # (l23)
            return Judgement(shown, False, False, "", said_read_as(shown, e.kind, none))
        kinds = {type(c.action) for c in answer_nodes(puzzle, node, rules)}
        if e.kind is not None and kinds and e.kind not in kinds and e.kind.__name__ in FORMS:
            # no completion of it answers: said so, not its part asked for (l42 at 6.7: "P3
            # recruit knight" was asked "Which corner?", a wrong idea coaxed on)
            wrong = f"{FORMS[e.kind.__name__][0]} is not the answer here. {STUCK}"
            said = said_read_as(shown, e.kind, wrong)
            return Judgement(shown, False, False, "", said)
        return incomplete(shown, e.question)
    except LevelNotNext as e:  # read, its level wrong: that level's sentence, as a move read
        return Judgement(e.notation, False, False, "CK-IMPROVE-BUILD", e.why)
    except MoveWordsError as e:  # what was typed, and what is wrong in a learner's words
        typed = shown if len(shown) <= QUOTE_CHARS else shown[:QUOTE_CHARS] + "…"
        # (not the answer's spots: "the edges of hex N are J7, N3, N5…" at 1.4, l40; its
        # kind is said: "did you mean “road”?")
        kept = [w for w in secret_labels(puzzle, node, rules) if not _names(shown, w)]
        why = keep_secret(str(e), kept)
        if why.startswith(whole := f"I cannot read “{shown.strip()}”."):  # said once (s41:
            why = why[len(whole) :].lstrip()  # "That is not a move: “asdf”. I cannot read “asdf”.")
        said = f"That is not a move: “{typed}”. {why}".rstrip()
        return Judgement(
            shown, False, False, "", said, read=False, none_read=_none_read(game, shown, e.meant)
        )
    except CatanError as e:  # an action naming nothing there
        return Judgement(shown, False, False, "", f"That is not a move: {e}", read=False)
    if typed is not None and asks_who(puzzle) and not names_a_seat(game.state, typed):
        return incomplete(shown, WHO_LEFT_OUT)  # the seat to move filled in would answer (s23)
    answers = answer_nodes(puzzle, node, rules)
    hit = next((c for c in answers if c.action == ex.action), None)
    s = game.state
    if hit is not None:
        why = puzzle.explain or hit.tutor or hit.comment or ex.reason
        return Judgement(
            str(ex.action),
            True,
            True,
            puzzle.rule or ex.rule,
            f"Right: {_move_said(say(s, ex.action), bool(puzzle.explain))} {why}".strip(),
            hit,
        )
    own = can(s, ex.action, ex.legal)
    tried = kind_words(ex.action)  # the try's kind is its own to say ("A bank trade gives…")
    hidden = [w for w in secrets(puzzle, node, rules) if not _names(own, w) and w not in tried]
    # typed, in words or in notation (learner22 at 2.2: "P1 robber Q", typed as the box's
    # example shows, was refused for robbing nobody, "robber on Q" judged right); a click or
    # the form names its victim, "nobody" too
    if not ex.legal and (asks := left_out(game, ex.action, typed)):  # "P1 improve trade"
        if (only := only_completion(game, ex.action)) is not None:  # one city: judged (l26)
            return _judge(puzzle, node, rules, only, chosen)
        return incomplete(str(ex.action), asks)
    if asks_who(puzzle):  # who moves is the question (s33 at 1.4)
        hidden.append(s.name(game.acting_seat))
        mine: Action = replace(ex.action, player=game.acting_seat)  # type: ignore[type-var]
        # each part judged on its own, naming neither part of the answer: the move as the
        # seat to move would hear it, then, for another seat, that it is not its turn (l45:
        # "P1 settle E4" told only of E4's dots left P1 believed right)
        seat = ex.action.player
        turn = "" if seat == game.acting_seat else WHO_ELSE.format(s.name(seat))
        if not game.explain(mine).legal:  # (above: the try by the seat to move)
            j = _seat_kept(game, ex, hidden)
            text = turn if j.text == SECRET_WHY and turn else f"{j.text} {turn}"
            return replace(j, text=text.strip())
        if any(c.action == mine for c in answers):
            return Judgement(str(ex.action), False, ex.legal, "", turn or SECRET_WHY)
        reason, other, rule = _why_worse(puzzle, node, game, mine, answers, hidden)
        text = f"{NOT_ASKED} {reason}" if other is None else f"{ANOTHER_KIND} {other}"
        text = f"{text} {turn}"
        return Judgement(str(ex.action), False, ex.legal, rule, text.strip(), reason=reason)
    if not ex.legal:  # what and why in one sentence: "P1 can't build a road on K5: …"
        why = _refusal_why(game, ex, hidden)
        said = f"{own} {why}" if why == SECRET_WHY else why_not(s, ex.action, why)
        return Judgement(str(ex.action), False, False, ex.rule, said)
    allowed = own.rstrip(".")
    reason, other, rule = _why_worse(puzzle, node, game, ex.action, answers, hidden)
    if other is None:
        text = f"{allowed}, but it is not the move the question asks for. {reason}"
    else:
        text = f"{allowed}, but {reason}. {other}"
    return Judgement(str(ex.action), False, True, rule, text.strip(), reason=reason)


WHO_ELSE = "It is not {}'s turn: whose is it?"  # (at a question asking who moves)
NOT_ASKED = "That is not the move the question asks for."
ANOTHER_KIND = "The question asks for another kind of move."


def _why_worse(
    puzzle: Puzzle, node: Node, game: Game, a: Action, answers: list[Node], hidden: list[str]
) -> tuple[str, str | None, str]:
    """Why the legal move ``a`` is not the answer, naming none of ``hidden``: (the reason,
    None) for a move of an answer's kind (the author's words, else a comparison with the
    answer, else by the question's measure); else ("the question asks for another kind of
    move", what the author or the rule says of it); and the rule cited."""
    known = next((c for c in node.children if c.action == a), None)
    said = keep_secret((known.tutor or known.comment) if known is not None else "", hidden)
    theirs = [c.action for c in answers if c.action is not None]
    rule = puzzle.rule or game.explain(a).rule
    if any(type(t) is type(a) for t in theirs):  # why it is worse: the author's, else
        worse_why = worse(puzzle.prompt, puzzle.rule, game.state, a, theirs)  # puzzle_why.py
        reason = said or keep_secret(worse_why, hidden)  # else by the question's measure
        reason = reason or keep_secret(measured(puzzle.prompt, game, a, theirs), hidden)
        return reason or STUCK, None, rule
    noun = FORMS.get(type(a).__name__, ("That move",))[0]
    said = said or keep_secret(other_kind(puzzle.rule, a, noun), hidden)
    return "the question asks for another kind of move", said, rule


def _refusal_why(game: Game, ex, hidden: list[str]) -> str:
    """Why the refused move ``ex`` judged is refused, in words naming none of ``hidden``: the
    engine's reason, else the spot's, else its cause, else ``_refused``'s."""
    s = game.state
    why = keep_secret(without_allowed(ex.reason), hidden)  # (or the spot's own reason)
    taken = keep_secret(spot_taken(s, ex.action), hidden)  # (and before a reason cut
    # short: M12 "already taken by Neutral 1's settlement" says more than "none fits")
    if taken and why != ex.reason.strip():
        why = taken
    why = why or taken or keep_secret(cause_kept(s, ex), hidden)  # (l36 at 5.13)
    return why or _refused(game, ex.action)


def _seat_kept(game: Game, ex, hidden: list[str]) -> Judgement:
    """A move not the answer at a question that asks who moves, by any seat: judged as the same move
    by the seat to move would be, its reason naming none of ``hidden`` (the seat to move
    among them), so that no seat's reply differs from another's (a reason of the spot: "P1
    can't build a settlement on E5: …"), else told only that it is not the answer. Never a
    reason that says whose move it is or is not ("it is not P1's move now" at 1.4 told half
    the answer, in the dummy's setup puzzle all of it; Try a move judges no move there:
    ``widgets.try_words.WHO_KEPT``)."""
    mine = game.explain(replace(ex.action, player=game.acting_seat))
    why = "" if mine.legal else _refusal_why(game, mine, hidden)
    if why == SECRET_WHY:  # a spot taken by the seat to move: by whom left out
        why = re.sub(r" by [^.]+'s (\w+)\.$", r" by a \1.", spot_taken(game.state, mine.action))
    if not why or why == SECRET_WHY:
        return Judgement(str(ex.action), False, False, "", SECRET_WHY)
    return Judgement(str(ex.action), False, False, mine.rule, why_not(game.state, ex.action, why))


def _none_read(game: Game, text: str, meant: str = "") -> bool:
    """No word of ``text`` names a kind of move, in words or notation (l31: "Nothing was
    played: say it another way" under words of which nothing at all was read), nor is taken
    for one (``meant``: the reader's "did you mean" of a kind; l45 at 7.8 read "did you mean
    “city”?" above "No word of it names a move")."""
    if meant:
        return False
    try:
        return learner_notation(game, text) is None and kind_named(text, game) is None
    except CatanError:
        return False


def _meant(puzzle: Puzzle, node: Node, rules, chosen: type | None) -> list[type]:
    """The kinds a label typed alone is read as, first first: the kind chosen on the page,
    then the answers' one kind when the question names it ("places the last settlement")."""
    answers = [c.action for c in answer_nodes(puzzle, node, rules) if c.action is not None]
    kinds = {type(a) for a in answers}
    named = len(kinds) == 1 and any(_names(puzzle.prompt, w) for w in kind_words(answers[0]))
    return [*([chosen] if chosen is not None else []), *(kinds if named else ())]


# A move typed at a question that asks who moves, naming no player: asked for (the seat to
# move, filled in, would be said back: "P3 can build a settlement on A12" at 1.4, s23)
WHO_LEFT_OUT = "Which player makes it?"
_SEAT_WORDS = re.compile(r"\b(?:p\d|player\s*\d)\b", re.IGNORECASE)


def names_a_seat(s: State, text: str) -> bool:
    """``text`` names a player: "P3", "player 3", a seat's own name or its colour as the
    board draws it ("blue puts a settlement on M4" at 1.4: l31 was asked which player)."""
    text = seats_by_colour(s, text)
    return bool(_SEAT_WORDS.search(text)) or any(_names(text, s.name(p)) for p in range(s.n))


def asks_who(puzzle: Puzzle) -> bool:
    """The question asks who moves ("Whose turn is it...?", "Who places next?")."""
    return re.search(r"\bwho(?:se)?\b", puzzle.prompt, re.IGNORECASE) is not None


def hex_words(s: State, h: int) -> str:
    """A hex as the lessons say it: its terrain and number ("hills 5", "desert")."""
    if s.layout is None or not 0 <= h < len(s.layout.terrain):
        return ""
    terrain = TERRAINS[s.layout.terrain[h]]
    n = s.layout.numbers[h]
    return f"{terrain} {n}" if n else terrain


def secrets(puzzle: Puzzle, node: Node, rules) -> list[str]:
    """What a wrong answer's text must not say, the parts of the answer the prompt does not
    give: each answer's spot (its label; a hex also as its terrain and number), the resources
    it names, a bank trade's rate ("2:1") and its kind's words ("city", "end turn"); and its
    seat when the question asks who moves."""
    s = node.state
    out: list[str] = []
    for child in answer_nodes(puzzle, node, rules):
        a = child.action
        if a is None:
            continue
        words = []
        for name, kind, clicked in spot_fields(type(a)):
            x = getattr(a, name, None)
            if not clicked or not isinstance(x, int) or x < 0:
                continue
            labels = {"vertex": VERTEX_LABELS, "edge": EDGE_LABELS, "hex": HEX_NAMES}[kind]
            words.append(labels[x])
            if kind == "hex":
                words.append(hex_words(s, x))
        if asks_who(puzzle) and a.player >= 0 and s.name(a.player) not in out:
            out.append(s.name(a.player))  # (even where the prompt names the seat otherwise)
        text = str(a)
        words += [r for r in CARD_NAMES if re.search(rf"\b{r}\b", text)]
        words += kind_words(a)
        if type(a).__name__ == "Improve":  # its track: "trade", "politics", "science"
            words.append(text.split()[-1])
        if isinstance(a, BankTrade):  # its rate: "P2 trades wool with the bank at 2:1 or
            # 4:1, not 3:1." named 3.2's answer (a learner); any rate a reply states narrows it
            # ("P2 trades grain with the bank at 4:1, not 2:1": no 3:1 harbor, s18)
            words += [f"{n}:1" for n in (2, 3, 4)]
        out += [w for w in words if w and not _said(puzzle.prompt, w) and w not in out]
    return out


def _said(prompt: str, word: str) -> bool:
    """The prompt names ``word``, or its plural: 4.3's "Build the first of the two free
    roads" says the answer is a road (its refusals' reason, "P1 first builds the free roads
    of Road Building", was held back for naming "road")."""
    return _names(prompt, word) or _names(prompt, plural(word))


def kind_words(a: Action) -> list[str]:
    """The words that name ``a``'s kind of move in a sentence: its noun ("settlement") and
    its class's name in words ("bank trade", "end turn")."""
    return _kind_words_of(type(a))


def _kind_words_of(kind: type | None) -> list[str]:
    if kind is None:
        return []
    noun = _KIND_NOUNS.get(kind.__name__, "")
    return [*([noun] if noun else []), re.sub(r"(?<!^)([A-Z])", r" \1", kind.__name__).lower()]


def secret_labels(puzzle: Puzzle, node: Node, rules) -> set[str]:
    """The labels of the answers' spots (corners, edges, hexes), and their seat when the
    question asks who moves, and the answers' moves (their notation): what no example move
    said to a learner there may name."""
    out: set[str] = set()
    for child in answer_nodes(puzzle, node, rules):
        a = child.action
        if a is not None:
            out.add(str(a))
        if a is not None and asks_who(puzzle) and a.player >= 0:
            out.add(node.state.name(a.player))
        if isinstance(a, PlayProgress):  # the card played is the answer too (s17, 9.18)
            out.add(PROGRESS_CARDS[a.card])
        for name, kind, _ in spot_fields(type(a)) if a is not None else ():
            x = getattr(a, name, None)
            if isinstance(x, int) and x >= 0:
                out.add({"vertex": VERTEX_LABELS, "edge": EDGE_LABELS, "hex": HEX_NAMES}[kind][x])
    return out


# The word that names a kind of move in a sentence, where its notation's does not.
_KIND_NOUNS = {
    "Settle": "settlement",
    "BuildRoad": "road",
    "BuildCity": "city",
    "BuildWall": "wall",
    "Roll": "roll",
    "Improve": "improve",
    "Activate": "activate",
    "Recruit": "recruit",
}


def keep_secret(text: str, hidden: list[str]) -> str:
    """``text`` without the sentences and clauses that name any of ``hidden``."""
    kept = []
    for sentence in re.split(r"(?<=[.!?])\s+", text.strip()):
        parts = sentence.split("; ")
        clauses, dropped = [], False
        for c in parts:  # a clause in small letters leans on the one before it ("…; any
            # other move waits until then"): it goes with it (issue: a broken why-not)
            dropped = any(_names(c, w) for w in hidden) or (dropped and c[:1].islower())
            if not dropped:
                clauses.append(c)
        if clauses == parts:  # as written
            kept.append(sentence)
        elif clauses:
            part = "; ".join(clauses)
            kept.append(part if part.endswith((".", "!", "?")) else part.rstrip(",:;") + ".")
    return " ".join(kept)


# Where a wrong try's reason would name the answer, said of the game, not of the tutor (s23:
# "The reason would give the answer away, so ask for a hint." read as the tutor speaking of
# itself): after a try the reply already calls no answer ("…, but it is not the move the
# question asks for.", "… is not the answer here."), ``STUCK``; after a refusal ("P3 can't
# build a settlement on A4."), a sentence of its own, never joined to it by a colon.
STUCK = "Ask for a hint if you are stuck."
SECRET_WHY = f"That is not the answer. {STUCK}"


def not_their_move(game: Game, a: Action) -> str:
    """The seat ``a`` is played for when the game waits for another one ("P1"), else ''."""
    if 0 <= a.player < game.players and a.player != game.acting_seat:
        return game.state.name(a.player)
    return ""


def _refused(game: Game, a: Action) -> str:
    """Why ``a`` is refused, said without the reason the engine gives (which named a part of
    the answer): not that seat's move, or that why would tell the answer."""
    seat = not_their_move(game, a)
    return f"It is not {seat}'s move now." if seat else SECRET_WHY


def asks_rule(puzzle: Puzzle, node: Node, rules) -> bool:
    """Whether the puzzle asks a rule question: every legal move at ``node`` of the kind(s) of
    its answers is an answer (else it asks a choice among legal moves)."""
    answers = {c.action for c in answer_nodes(puzzle, node, rules)}
    kinds = {type(a) for a in answers}
    return answers == {a for a in Game(rules, node.state).legal_actions() if type(a) in kinds}


def hint(puzzle: Puzzle, n: int) -> str:
    """Hint ``n`` (from 0): the author's, in order; '' past the last."""
    return puzzle.hints[n] if 0 <= n < len(puzzle.hints) else ""


def validate(puzzle: Puzzle, node: Node, rules, variant: str) -> str:
    """Why the puzzle cannot be asked at ``node`` ('' when it can): a prompt, at most
    MAX_HINTS hints, a rule of the variant, answers that are legal moves and children of the
    node, and no expectation there that gives an answer away."""
    if not puzzle.prompt.strip():
        return "a puzzle needs a prompt (the question it asks)"
    if len(puzzle.hints) > MAX_HINTS:
        return f"a puzzle offers at most {MAX_HINTS} hints (where to look, then the rule)"
    if puzzle.rule and puzzle.rule not in rulebook.rules_of(variant):
        return f"rule {puzzle.rule!r} is not a rule of {variant}"
    if not node.children:
        return "a puzzle needs its answer as the next move (the node has no move after it)"
    try:
        answers = answer_nodes(puzzle, node, rules)
    except CatanError as e:
        return f"an answer cannot be read: {e}"
    except ValueError as e:
        return str(e)
    if len({c.id for c in answers}) != len(answers):
        return "an answer is named twice"
    given = {str(c.action) for c in answers}
    for word, why in puzzle.wrong:
        if any(kind_word(type(c.action)) == word for c in answers):
            return f"wrong: {word!r} is the answer's kind of move"
        if told := [w for w in secrets(puzzle, node, rules) if _names(why, w)]:
            return f"wrong: the reason for {word!r} names the answer ({told[0]})"
    game = Game(rules, node.state)
    for ex in node.expect:
        if ex.key == "legal" and any(str(game.parse(t)) in given for t in ex.value):
            return (
                f"the expectation 'legal' on line {ex.line} names an answer: the learner "
                "would read it under What to notice"
            )
    return ""
