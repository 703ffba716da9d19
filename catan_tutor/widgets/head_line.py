"""The title line over the lesson's text and the prompt under it: the lesson's title in bold,
the variant, round and phase after it; who acts and what the game waits for, in the engine's
words (``Game.prompt``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import icons, markup, verdicts, wording
from .panels import swatch
from .status_words import next_words, solved_here, solved_words, status_words
from .turn_words import round_words

if TYPE_CHECKING:
    from .tutor_session import TutorSession


def header_html(session: TutorSession) -> str:
    """Variant, turn and phase in words; who acts and what the game waits for, in the
    engine's words (``Game.prompt``)."""
    g = session.game
    phase = g.state.phase
    secret = session.puzzle_secret  # whose move and what kind: the puzzle's answer
    if secret:
        # (not "Puzzle: …": the title line says "a puzzle", the question's box "Puzzle")
        who = "<span class='catan-head-asked'>Answer the question below.</span>"
    elif g.is_over():
        who = (
            f"<b>{markup.text(g.names[g.winner])} wins</b>" if g.winner is not None else "game over"
        )
    elif g.is_chance():
        prompt = verdicts.plain(g.prompt())
        if prompt.lower().startswith("chance:"):
            prompt = prompt.split(":", 1)[1].strip()
        who = f"{icons.DIE} " + markup.text(prompt[:1].upper() + prompt[1:])
    elif solved := solved_words(session):  # no move until ▶ (status_words.py)
        said = f"{solved} {next_words(session)}".strip()  # what ▶ shows (l45)
        who = f"<span class='catan-head-solved'>{markup.text(said)}</span>"
    else:
        p = g.current_player
        name, sep, rest = verdicts.plain(g.prompt()).partition(": ")
        rest = status_words(session, rest)  # what the page offers (l22)
        # against the computers, whose move it is said (learner20: a computer's "P3: trade,
        # build…" read as the learner's own instruction)
        who_is = ""
        if session.against_computer() and sep and name == g.names[p]:
            who_is = " (computer)" if p in session.computers else " (you)"
        said = (
            f"<b>{markup.text(name)}</b>{who_is}: {markup.text(rest)}"
            if sep and name == g.names[p]
            else markup.text(name + sep + rest)
        )
        # each player the game waits for, in their colour (issue 33: P3's was left out)
        waits = [a for a in g.rules.actors(g.state) if 0 <= a < len(g.colors)] or [p]
        who = f"{''.join(swatch(g.colors[a]) for a in waits)} {said}"
    sc = session.scenario
    # (on a phone the lesson's title stands for the variant's name: style.LAYOUT_CSS)
    # the lesson's title in bold, where it stands in lighter words (learner18: all in one
    # weight, the line read as a list of tags)
    title = (
        f"<span class='catan-head-lesson'><b>{markup.text(sc.title)}</b> · </span>" if sc else ""
    )
    name = markup.text(wording.variant_beside(sc.title if sc else "", g.variant))
    variant = f"<span class='catan-head-variant'>{name} · </span>" if sc else f"{name} · "
    variant = variant if name else ""  # the lesson's title names it already
    mode = " · <b style='color:#b71c1c'>editing</b>" if session.editing else ""
    return (
        f"<div class='catan-head-title' style='font-size:15px'>{title}"
        f"<span class='catan-head-where'>{variant}"
        f"{round_words(g.state)} · "  # (the round, not "turn 31": l33 read it as P1's)
        f"{_doing(secret, session, phase)}{mode}"
        f"</span></div><div class='catan-head-prompt'>{who}</div>"
    )


def _doing(secret: bool, session: TutorSession, phase: str) -> str:
    """The title line's last words: "a puzzle" at an open question, "puzzle solved" at one
    just solved until ▶ (l34 at 1.4 on a phone: "placing the starting pieces", the next
    step's, read as what to do now; "answer shown" when "Show the answer" played it), else
    the phase's."""
    if secret:
        return "a puzzle"
    if solved_here(session):
        return "answer shown" if session.puzzle.answer_shown else "puzzle solved"
    return markup.text(wording.phase_words(phase))
