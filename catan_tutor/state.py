"""The game state: flat lists indexed by seat, vertex and edge, copied cheaply for snapshots."""

from __future__ import annotations

from .board import N_EDGES, N_VERTICES, Layout

# Phases. Chance phases wait for a chance outcome; the others for a player's decision.
BOARD = "board"  # laying out a variable board (chance)
ROLLOFF = "rolloff"  # first-player roll-off (chance)
SETUP_SETTLE = "setup-settle"
SETUP_ROAD = "setup-road"
PRE_ROLL = "pre-roll"
DICE = "dice"  # (chance)
DISCARD = "discard"
ROBBER = "robber"
STEAL = "steal"  # (chance)
MAIN = "main"
ROAD_BUILDING = "road-building"
DRAW = "draw"  # (chance)
OFFER = "offer"
OVER = "over"
PHASES = (BOARD, ROLLOFF, SETUP_SETTLE, SETUP_ROAD, PRE_ROLL, DICE, DISCARD, ROBBER, STEAL, MAIN,
          ROAD_BUILDING, DRAW, OFFER, OVER)  # fmt: skip
CHANCE_PHASES = frozenset((BOARD, ROLLOFF, DICE, STEAL, DRAW))

# rule="BASE-COMP-PIECES", rule="BASE-COMP-CARDS"
ROADS, SETTLEMENTS, CITIES = 15, 5, 4
RESOURCE_CARDS = 19
DEV_DECK = (14, 5, 2, 2, 2)  # knight, vp, roadbuilding, plenty, monopoly


class State:
    """Everything that decides the game from here on. Lists are copied by ``copy()``."""

    __slots__ = (
        "n", "colors", "layout", "phase", "turn", "active", "setup_step", "setup_vertex",
        "robber", "vowner", "vcity", "eowner", "hands", "bank", "deck", "deck_top", "dev",
        "newdev", "knights", "dev_played", "roads", "settlements", "cities", "road_len",
        "longest", "army", "dice", "rolled", "discards", "resume", "victim",
        "free_roads", "offer", "winner", "rolloff", "tiles", "harbor_kinds", "shuffle_harbors",
    )  # fmt: skip

    def __init__(self, n: int, layout: Layout | None, colors: tuple[str, ...]):
        self.n = n
        self.colors = colors
        self.layout = layout
        self.phase = SETUP_SETTLE
        self.turn = 0  # 0 during setup, then 1, 2, ...
        self.active = 0
        self.setup_step = 0
        self.setup_vertex = -1
        self.robber = layout.desert() if layout else -1  # rule="BASE-BOARD-ROBBER-START"
        self.vowner = [-1] * N_VERTICES
        self.vcity = [False] * N_VERTICES
        self.eowner = [-1] * N_EDGES
        self.hands = [[0] * 5 for _ in range(n)]
        self.bank = [RESOURCE_CARDS] * 5
        self.deck = list(DEV_DECK)
        self.deck_top: list[int] = []  # forced next cards, drawn before the shuffled rest
        self.dev = [[0] * 5 for _ in range(n)]  # unplayed development cards (VP included)
        self.newdev = [0] * 5  # cards the active player bought this turn
        self.knights = [0] * n  # played Knight cards
        self.dev_played = False
        self.roads = [0] * n
        self.settlements = [0] * n
        self.cities = [0] * n
        self.road_len = [0] * n
        self.longest = -1
        self.army = -1
        self.dice: tuple[int, ...] = ()  # faces of the last complete roll
        self.rolled: list[int] = []  # faces of the roll in progress
        self.discards = [0] * n  # cards still owed
        self.resume = MAIN  # phase to return to after the robber or Road Building
        self.victim = -1
        self.free_roads = 0
        self.offer: tuple | None = None  # (to, give, get)
        self.winner = -1
        self.rolloff: tuple[tuple[int, ...], list[int]] = ((), [])  # candidates, totals so far
        self.tiles: list[int] = []  # variable board being laid: terrain per hex, -1 = not yet
        self.harbor_kinds: list[int] = []
        self.shuffle_harbors = False

    def copy(self) -> State:
        s = State.__new__(State)
        for name in _SCALARS:
            setattr(s, name, getattr(self, name))
        s.vowner = self.vowner[:]
        s.vcity = self.vcity[:]
        s.eowner = self.eowner[:]
        s.hands = [h[:] for h in self.hands]
        s.bank = self.bank[:]
        s.deck = self.deck[:]
        s.deck_top = self.deck_top[:]
        s.dev = [d[:] for d in self.dev]
        s.newdev = self.newdev[:]
        s.knights = self.knights[:]
        s.roads = self.roads[:]
        s.settlements = self.settlements[:]
        s.cities = self.cities[:]
        s.road_len = self.road_len[:]
        s.rolled = self.rolled[:]
        s.discards = self.discards[:]
        s.rolloff = (self.rolloff[0], self.rolloff[1][:])
        s.tiles = self.tiles[:]
        s.harbor_kinds = self.harbor_kinds[:]
        return s


_SCALARS = ("n", "colors", "layout", "phase", "turn", "active", "setup_step", "setup_vertex",
            "robber", "dev_played", "longest", "army", "dice", "resume", "victim",
            "free_roads", "offer", "winner", "shuffle_harbors")  # fmt: skip
