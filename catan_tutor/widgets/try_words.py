"""Try a move's help in a learner's words (issue 33: the box was to be typed as "who, what,
where" with only "e.g. P1 road H3" to go by): what to type, and a worked example taken from
the position shown, written out in words ("P2 road K5" means "P2 builds a road on K5"), in
quotes as a sentence says it, not in code type (a learner read `P1 settle A12` as code).

The example is a move of the player to act on a spot of the board (a settlement, a road, a
city) legal now, else another move legal now ("P1 roll"; a fixed "P1 road H3" was refused
before the roll, beside another's settlement: learner s31), else none (at the dice, once the
game is over): what each part is; while a lesson's question waits for its answer there is
no example at all (any move named there could be the answer), only what each part is. The
example's words are in quotes: the board does not label its spot (``named_words.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import BuildCity, BuildRoad, BuyDev, Settle
from ..board import EDGE_LABELS
from ..errors import CatanError
from ..game import Game
from ..move_words import neutral_forms
from . import markup, verdicts
from .move_list import move_words

if TYPE_CHECKING:
    from .tutor_session import TutorSession

ON_A_SPOT = (Settle, BuildRoad, BuildCity)  # the kinds a worked example is taken from first
HEAD = (
    "<b>Try a move</b> <span style='color:#555;font-size:12px'>to ask whether it is allowed "
    "now, and why (the answer follows as you type). Type who, what and where, the spot by "
    "its label: "
)
# (what Labels shows on every screen: on a phone the corners', or the edges' while edges glow,
# board_tags.label_kinds; "every spot's label" was untrue there)
LABELS = (
    " The Labels button under the board shows the corners' labels, and the edges' labels "
    "where the board has room or while roads can be placed.</span>"
)
# under a question: what each part is, no move
PARTS = (
    "the player (as the page names them), the kind of move (settle, road, city…) and the "
    "spot's label, as the board writes it."
)


def example(game: Game, secret: bool = False) -> str:
    """A move to type, as notation: one legal now on a spot, else another legal now (the
    first: "P1 roll"; buying a card, "P1 buy", only when nothing else is), else ''; '' while
    ``secret`` (a question waits for its answer)."""
    if secret or game.is_over() or game.is_chance():
        return ""
    legal = game.legal_actions()
    ranked = sorted(legal, key=lambda a: (not isinstance(a, ON_A_SPOT), isinstance(a, BuyDev)))
    return str(ranked[0]) if ranked else ""  # ("P1 buy" alone read as cut short: l40)


def answer_placeholder(game: Game) -> str:
    """A puzzle's answer box's placeholder: the form with a move typed in full, a road of the
    first player on an edge no move legal now names, so it names no answer (learner18: "your
    move: who, what, where" alone left the form to guess)."""
    open_ = not (game.is_over() or game.is_chance())
    named = {w for a in game.legal_actions() for w in str(a).split()} if open_ else set()
    label = next((x for x in EDGE_LABELS if x not in named), None)  # (no spot of a move)
    return f"who, what, where: e.g. {game.names[0]} road {label}" if label else "who, what, where"


def try_help(game: Game, secret: bool = False) -> tuple[str, str]:
    """Try a move's heading with what to type (HTML) and the box's placeholder."""
    move = example(game, secret)
    if not move:
        neutral = neutral_forms(game)  # the form of a neutral's piece, no answer in it
        parts = f"{PARTS} {markup.text(neutral)}" if neutral else PARTS
        return f"<div style='line-height:1.45'>{HEAD}{parts}{LABELS}</div>", "who, what, where"
    try:
        words = move_words(game.parse(move), game.state)
    except CatanError:  # an example the variant cannot read: the notation alone
        words = ""
    means = f" means “{markup.text(words)}”" if words else ""
    return (
        f"<div style='line-height:1.45'>{HEAD}for example, “{markup.text(move)}”"
        f"{means}.{LABELS}</div>",
        f"e.g. {move}",
    )


def try_verdict_html(s: TutorSession) -> str:
    """Try a move's reply to the text typed: the engine's verdict, or what keeps the text from
    reading as a move (with an example legal now); at an open question neither says a part
    of its answer (``PuzzleState.kept_back``: "it is P3's move" at 1.4, l40)."""
    ex = s.verdict
    if s.unreadable:
        shown = example(s.game, s.puzzle_secret)  # legal now, or none (s31)
        return verdicts.unreadable_html(
            s.tried_text,
            s.unreadable,
            s.unreadable_word,
            [shown] if shown else [],
            sorted(s.puzzle.secret_labels()),  # (the spots: its kind is said, "road")
        )
    if ex is not None and s.puzzle.seats():  # the question asks who moves: any verdict
        # would tell ("it is not P1's move now", "✓ P3 can build…": l43 at 1.4)
        return f"<div class='catan-verdict catan-try-kept'>{markup.text(WHO_KEPT)}</div>"
    if ex is not None:
        return verdicts.verdict_html(ex, s.game, typed=s.tried_text, hidden=s.puzzle.kept_back())
    return ""


# Try a move's reply while a question asks who moves: whether a move is allowed would say
WHO_KEPT = (
    "Try a move waits for your answer here: whether a move is allowed would tell whose move "
    "it is. Answer the question above (press Hint if you are stuck)."
)
