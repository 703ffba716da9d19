"""A tree of positions: the main line and its variations, as in a study board.

Every node keeps its state snapshot, so jumping to any node costs the same at any depth (no
replay). Chance outcomes are moves like any other: "what if the dice had been 4 + 1" is a
variation. The first child of a node is its main continuation.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from ..actions import Action
from ..errors import TimelineError
from ..game import Game
from ..render import svg
from ..state import State

MAX_COMMENT_CHARS = 4000  # of a move's comment or tutor text typed in the tutor


@dataclass(eq=False)
class Node:
    """One position of the tree; ``action`` is the move that led here (None at the root)."""

    id: int
    state: State
    parent: Node | None = None
    action: Action | None = None
    children: list[Node] = field(default_factory=list)
    comment: str = ""  # a remark on the move, shown beside it (MAX_COMMENT_CHARS typed)
    tutor: str = ""  # the lesson text for this position
    expect: list = field(default_factory=list)  # scenario expectations checked here

    @property
    def depth(self) -> int:
        d, n = 0, self
        while n.parent is not None:
            d, n = d + 1, n.parent
        return d

    def is_main(self) -> bool:
        """On its parent's main line (the root counts as main)."""
        return self.parent is None or self.parent.children[0] is self

    def _repr_svg_(self) -> str:
        """The board at this node as SVG (a notebook shows the picture)."""
        return svg(self.state)

    def __repr__(self) -> str:
        return f"<Node {self.id} {self.action or 'root'} children={len(self.children)}>"


class Timeline:
    """Navigate and grow a tree of positions from a game's current position (or its whole
    history, which becomes the main line, reusing the game's snapshots)."""

    def __init__(self, game: Game, *, with_history: bool = True):
        self.rules = game.rules
        self._next = 0
        self.nodes: dict[int, Node] = {}
        states, actions = game.states, game.history
        if not with_history:
            states, actions = states[-1:], []
        self.root = self._new(states[0])
        node = self.root
        for a, s in zip(actions, states[1:], strict=True):
            node = self._child(node, a, s)
        self.current = node
        self._game: Game | None = None
        self._came_from: dict[int, Node] = {}  # node id -> the child last stepped back from

    def _new(self, state: State, parent: Node | None = None, action: Action | None = None):
        node = Node(self._next, state, parent, action)
        self.nodes[node.id] = node
        self._next += 1
        return node

    def _child(self, node: Node, a: Action, state: State) -> Node:
        child = self._new(state, node, a)
        node.children.append(child)
        return child

    # ------------------------------------------------------------ the current position
    @property
    def game(self) -> Game:
        """A Game at the current node (its own undo reaches back to this node only)."""
        if self._game is None or self._game.state is not self.current.state:
            self._game = Game(self.rules, self.current.state)
        return self._game

    @property
    def state(self) -> State:
        return self.current.state

    def _repr_svg_(self) -> str:
        """The board at the current node as SVG (a notebook shows the picture)."""
        return self.current._repr_svg_()

    def play(self, action_or_text: Action | str) -> Node:
        """Play from the current node: follow the child with that move, or add a variation.

        An illegal move raises ``IllegalActionError`` and changes nothing.
        """
        g = self.game
        a = g.read_action(action_or_text)
        for child in self.current.children:
            if child.action == a:
                self.current = child
                return child
        g.play(a)  # checks, then applies to a copy
        self.current = self._child(self.current, a, g.state)
        return self.current

    # ------------------------------------------------------------ moving around
    def goto(self, node: Node | int) -> Node:
        """Jump to a node (or its id); constant cost at any depth."""
        node = self.nodes[node] if isinstance(node, int) else node
        if self.nodes.get(node.id) is not node:
            raise KeyError(f"node {node.id} is not in this timeline")
        self.current = node
        return node

    def back(self) -> Node | None:
        """One move back; None (and no change) at the root."""
        if self.current.parent is None:
            return None
        self._came_from[self.current.parent.id] = self.current
        self.current = self.current.parent
        return self.current

    def forward(self) -> Node | None:
        """One move forward: back into the line just stepped back from (like redo), else the
        main continuation; None at the end of a line."""
        kids = self.current.children
        if not kids:
            return None
        came = self._came_from.get(self.current.id)
        self.current = came if any(c is came for c in kids) else kids[0]
        return self.current

    def first(self) -> Node:
        self.current = self.root
        return self.root

    def last(self) -> Node:
        """The end of the current line (main continuations from here)."""
        while self.current.children:
            self.current = self.current.children[0]
        return self.current

    # ------------------------------------------------------------ the tree
    def path(self, node: Node | None = None) -> list[Node]:
        """Nodes from the root to ``node`` (default: the current one)."""
        out, n = [], node or self.current
        while n is not None:
            out.append(n)
            n = n.parent
        return out[::-1]

    def moves(self, node: Node | None = None) -> list[Action]:
        """The moves from the root to ``node``."""
        return [n.action for n in self.path(node)[1:] if n.action is not None]  # root: None

    def walk(self, node: Node | None = None) -> Iterator[Node]:
        """Every node under ``node`` (default: the root), depth first, main lines first."""
        todo = [node or self.root]
        while todo:
            n = todo.pop()
            yield n
            todo.extend(reversed(n.children))

    def promote(self, node: Node) -> None:
        """Move a variation one place up among its siblings (to the main line from second)."""
        sibs = self._siblings(node)
        i = sibs.index(node)
        if i > 0:
            sibs[i - 1], sibs[i] = sibs[i], sibs[i - 1]

    def demote(self, node: Node) -> None:
        """Move a variation one place down among its siblings."""
        sibs = self._siblings(node)
        i = sibs.index(node)
        if i < len(sibs) - 1:
            sibs[i + 1], sibs[i] = sibs[i], sibs[i + 1]

    def delete(self, node: Node) -> int:
        """Remove a node and everything under it; the current node moves to its parent if it
        was inside. Returns the place it had among its siblings (for ``undelete``)."""
        sibs = self._siblings(node)
        if any(n is self.current for n in self.walk(node)):
            self.current = node.parent
        at = next(i for i, n in enumerate(sibs) if n is node)
        del sibs[at]
        for n in list(self.walk(node)):
            del self.nodes[n.id]
        return at

    def undelete(self, node: Node, at: int) -> None:
        """Put back a subtree ``delete`` removed, as it was: the same nodes with the same ids
        (ids are never reused), at place ``at`` among its siblings. Refused (ValueError) when
        its parent is gone or now has a child with the same move."""
        parent = node.parent
        if parent is None or self.nodes.get(parent.id) is not parent:
            raise ValueError("the move before it is no longer in this timeline")
        if node.id in self.nodes or any(c.action == node.action for c in parent.children):
            raise ValueError("that move is in the timeline again")
        parent.children.insert(min(at, len(parent.children)), node)
        for n in self.walk(node):
            self.nodes[n.id] = n

    def _siblings(self, node: Node) -> list[Node]:
        if node.parent is None:
            raise TimelineError(
                "the root (the start of the game) is no move: making a main line or a side "
                "line and deleting work on a move (step forward to one first)"
            )
        if self.nodes.get(node.id) is not node:
            raise KeyError(f"node {node.id} is not in this timeline")
        return node.parent.children
