"""The saved line's code (``session.state_of``) kept up to date a move at a time.

The page's address is written after every step; coding the whole line again each time cost a
long game's every step the whole game (a ck-2p game of 2,465 moves spent 20 s in it). The
code is zlib-compressed JSON whose moves come last, so the compressor of the line shown is
kept: a move played after it is fed to that compressor, and the code is its output so far
plus a copy of it finishing the list. Any other step (back, a jump, another variation) codes
the line afresh, as before.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass, field
from typing import Any
from weakref import WeakKeyDictionary

from ..study.timeline import Node, Timeline

LEVEL = 9


def head_of(data: dict[str, Any]) -> bytes:
    """The JSON of ``data`` (without moves) opening its ``moves`` list, which comes last."""
    return json.dumps(data, separators=(",", ":")).encode()[:-1] + b',"moves":['


def move_json(move: str, first: bool) -> bytes:
    """One move as an item of the JSON list (a comma before all but the first)."""
    return (b"" if first else b",") + json.dumps(move).encode()


@dataclass
class _Chain:
    """A line fed to a compressor: its head, its nodes (the root's children on), the output."""

    head: bytes
    root: Node
    nodes: list[Node] = field(default_factory=list)
    at: dict[int, int] = field(default_factory=dict)  # id(node) -> its index in ``nodes``
    comp: Any = None
    out: bytearray = field(default_factory=bytearray)
    moves: int = 0  # the moves written (a node without a move writes none, as Timeline.moves)

    def __post_init__(self) -> None:
        self.comp = zlib.compressobj(LEVEL)
        self.out += self.comp.compress(self.head)

    def feed(self, node: Node) -> None:
        self.at[id(node)] = len(self.nodes)  # (the chain holds its nodes: no id is reused)
        self.nodes.append(node)
        if node.action is not None:
            self.out += self.comp.compress(move_json(str(node.action), not self.moves))
            self.moves += 1

    def code(self) -> bytes:
        """The compressed JSON of the line fed: the output so far and a copy finishing it."""
        end = self.comp.copy()
        return bytes(self.out) + end.compress(b"]}") + end.flush()


_chains: WeakKeyDictionary[Timeline, _Chain] = WeakKeyDictionary()


def line_code(timeline: Timeline, head: bytes) -> bytes:
    """The compressed JSON of ``head`` with the moves from the root to the current node: the
    moves since the line last coded for ``timeline`` fed on, when it is an ancestor."""
    chain = _chains.get(timeline)
    new, n = [], timeline.current
    if chain is not None and (chain.head != head or chain.root is not timeline.root):
        chain = None  # another head (computers seated since: a reload lost them) or root
    if chain is not None:
        while n.parent is not None and id(n) not in chain.at:
            new.append(n)
            n = n.parent
        known = chain.at[id(n)] + 1 if n.parent is not None else 0
        if known != len(chain.nodes):  # back, or another line: coded afresh
            chain = None
    if chain is None:
        chain = _chains[timeline] = _Chain(head, timeline.root)
        new = timeline.path()[1:][::-1]
    for node in reversed(new):
        chain.feed(node)
    return chain.code()
