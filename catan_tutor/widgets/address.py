"""The page's address: what is on screen, so a reload (or a lost kernel) comes back to it.

The tutor writes the query into a hidden element (class ``catan-session``); the page's script
(the ``catan`` Voilà template) puts it in the address, first removing every key the tutor
owns (``OWN_KEYS``: nothing stale stays, such as the ``lesson=`` of the lesson left), and
keeping the page's other parameters (a token, the theme). The query, readable where it can be:

- a lesson: its link (``links.py``), ``lesson=ID&node=N`` with the learner's own moves packed
  in ``&moves=``, and their puzzles: ``&solved_at=3.7`` (the lesson's questions answered, so a
  reload lands past them), ``&hints=1`` (the hints taken at the question shown) and
  ``&again=8`` (the questions asked afresh with *Try again*, not answered since: a reload
  keeps them open, whatever the browser's progress says: ``solved_again.asked_afresh``);
- a new game: its link, with its computer seats (``&p2=greedy``) and its moves;
- a position nothing was played from (a position link opened): its link;
- anything else (moves played from a position, an uploaded lesson, a line too long for a
  link): the saved line, ``s=STATE`` (``session.py``), which an address from before keeps
  opening too.

Copy link (``links.copied_link``) gives the same link without the learner's puzzles (but
the question it is copied past, when answered).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..errors import LinkError
from . import links
from .answer_kept import keep_answer
from .back_note import landing
from .links import Link, link_of
from .session import follow_moves, state_of
from .solved_again import asked_afresh
from .tutor_session import timeline_of

if TYPE_CHECKING:
    from ..study.scenario import Scenario
    from .tutor_session import TutorSession

OWN_KEYS = ("s", *links.KEYS)  # = OWN_KEYS in catan_page.js


def address_of(session: TutorSession) -> str:
    """The query (without ``?``) the page's address keeps for what ``session`` shows."""
    s = session
    link = link_of(s)
    try:
        if link.lesson:
            puzzles = replace(link, solved=solved_in(s), hints=hints_at(s), again=again_in(s))
            return puzzles.query[1:]
        if link.variant or (link.position and s.timeline.current is s.timeline.root):
            return link.query[1:]
    except LinkError:  # a position too large for a link
        pass
    return "s=" + state_of(s.timeline, s.lesson_id, s.computers, s.computer_seed)


def solved_in(session: TutorSession) -> tuple[int, ...]:
    """The node ids of the questions of the lesson shown that the learner answered."""
    sc, puzzle = session.scenario, session.puzzle
    if sc is None or not puzzle.asks():
        return ()
    key = session.lesson_id
    return tuple(sorted(n for k, n in puzzle.solved if k == key and n in sc.puzzles))[
        : links.MAX_SOLVED
    ]


def again_in(session: TutorSession) -> tuple[int, ...]:
    """The node ids of the questions of the lesson shown asked afresh (*Try again*) and not
    answered since."""
    sc, puzzle = session.scenario, session.puzzle
    if sc is None or not puzzle.asks():
        return ()
    key = session.lesson_id
    return tuple(
        sorted(n for k, n in puzzle.afresh - puzzle.solved if k == key and n in sc.puzzles)
    )[: links.MAX_SOLVED]


def hints_at(session: TutorSession) -> int:
    """The hints taken at the question the current node asks, while it is open (else 0)."""
    puzzle, node = session.puzzle, session.timeline.current
    return puzzle.hints if puzzle.at == node.id and puzzle.holds(node) else 0


def check_lesson_link(sc: Scenario, link: Link) -> None:
    """``LinkError`` when the lesson link cannot be followed in the lesson ``sc`` (a copy of
    the shown one: its tree changes): its node, its moves, the questions it says were
    answered and the question its hints are for."""
    copy = timeline_of(sc)
    reached = follow_moves(copy, link.node, link.moves)
    for key, nodes in (("solved_at", link.solved), ("again", link.again)):
        for n in nodes:
            if n not in sc.puzzles:
                raise LinkError(f"{key} names move {n}, which asks no question in this lesson")
    if not link.hints:
        return
    puzzle = sc.puzzles.get(reached.id)
    if puzzle is None or reached.id in link.solved:
        raise LinkError("it gives hints where no question is open")
    if link.hints > len(puzzle.hints):
        raise LinkError(f"the question there has {len(puzzle.hints)} hints, not {link.hints}")
    # questions before it not answered are passed over (follow_lesson_link), hints and all


def follow_lesson_link(session: TutorSession, link: Link) -> None:
    """In the lesson ``link`` names, just opened in ``session`` (after ``check_lesson_link``):
    its questions answered, then its node with its moves (a variation; the questions on its
    way but the last are passed over, not answered: a copied link, which names none, opens
    at its question; inside the answer of the last, still open, that question instead), then
    the hints taken there."""
    target = None
    if link.node or link.moves or link.solved:
        start = session.origin_node  # where the file starts (not its first question)
        node = link.node if link.node is not None or start is None else start.id
        target = follow_moves(session.timeline, node, link.moves)
    # answered for the opener, not by them: not their progress (l40); the question the link
    # stands at is not (an address bar shared opened a stranger's page at "Puzzle · solved
    # ✓, Right: P1 activates the strong knight on O6", l47 at 8.11): it opens as a copied
    # link's does, and counts as answered where this browser's progress says so (a reload's
    # own: progress.py); a question the link is past shows its answer on the board anyway
    past = [n for n in link.solved if target is None or n != target.id]
    if past:
        given = {(session.lesson_id, n) for n in past} - session.puzzle.solved
        session.puzzle.solved |= given
        session.puzzle.given |= given
    asked_afresh(session, link.again)  # (the browser's progress answers them not: progress.py)
    if target is not None:
        session.puzzle.pass_to(target)  # the questions on the way to it: passed over
        landing(session, target)  # (at a question before it: the step note says so)
        keep_answer(session.puzzle, target)  # on a solved question's answer: its "Right"
        session.reach(target)
    puzzle = session.puzzle
    if link.hints and puzzle.at == session.node.id and puzzle.holds():
        puzzle.hints = link.hints
        session.emit("puzzle")
