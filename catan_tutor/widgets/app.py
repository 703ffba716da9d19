"""The tutor as an app: a bar to open a lesson from the scenario library or start a new game,
above the tutor. ``App().widget`` is what the start notebook (and its Voilà page) shows."""

from __future__ import annotations

import html
from pathlib import Path

import ipywidgets as widgets

from .. import new_game
from ..errors import CatanError
from ..scenario import SUFFIX, load_scenario
from ..variants import VARIANTS
from .tutor import Tutor

PLAYERS = {"base": (3, 4), "base-2p": (2,), "base-dummy": (2,), "ck": (3, 4), "ck-2p": (2,)}


def library(folder: str | Path) -> list[tuple[str, Path]]:
    """(title, path) of every scenario file in ``folder``, by title."""
    out = []
    for path in sorted(Path(folder).glob(f"*{SUFFIX}")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("title:"):
                out.append((line.split(":", 1)[1].strip().strip("'\""), path))
                break
    return sorted(out)


class App:
    """``App(folder, start=None)``: the library of ``folder`` (default: ``scenarios/`` beside
    the notebooks) and a tutor opened on ``start`` (a scenario title) or a new game."""

    def __init__(self, folder: str | Path | None = None, start: str | None = None,
                 seed: int = 0) -> None:
        self.folder = Path(folder) if folder else _default_folder()
        self.lessons = library(self.folder)
        titles = [t for t, _ in self.lessons]
        self.picker = widgets.Dropdown(options=titles, value=start if start in titles else None,
                                       description="Lesson",
                                       layout=widgets.Layout(width="420px"))
        self.picker.observe(lambda ch: ch["new"] and self.open(ch["new"]), names="value")
        self.variant = widgets.Dropdown(options=VARIANTS, value="base", description="New game",
                                        layout=widgets.Layout(width="220px"))
        self.players = widgets.Dropdown(options=PLAYERS["base"], value=4,
                                        layout=widgets.Layout(width="64px"))
        self.variant.observe(self._players, names="value")
        self.board = widgets.Dropdown(options=("beginner", "variable"), value="beginner",
                                      layout=widgets.Layout(width="110px"))
        self.start_button = widgets.Button(description="Start", icon="play")
        self.start_button.on_click(lambda _: self.new())
        self.status = widgets.HTML()
        first = new_game("base", players=4)
        self.tutor = Tutor(first, seed=seed)
        if self.picker.value:
            self.open(self.picker.value)
        bar = widgets.HBox([self.picker, self.variant, self.players, self.board,
                            self.start_button], layout=widgets.Layout(flex_flow="row wrap"))
        self.widget = widgets.VBox([bar, self.status, self.tutor.widget])
        self.widget.add_class("catan-app")

    def _players(self, change) -> None:
        self.players.options = PLAYERS[change["new"]]
        self.players.value = self.players.options[-1]

    def open(self, title: str) -> None:
        """Open the lesson called ``title``."""
        path = dict(self.lessons)[title]
        try:
            sc = load_scenario(path)
        except CatanError as e:  # a broken file in the library: say so, keep the game
            self.status.value = f"<span style='color:#b71c1c'>✗ {html.escape(str(e))}</span>"
            return
        self.tutor.open(sc)
        self.status.value = ""

    def new(self) -> None:
        """Start a new game of the chosen variant (a variable board is shuffled by the
        tutor's seeded sampler)."""
        seed = self.tutor.sampler.rng.randrange(1 << 30) if self.board.value != "beginner" else None
        game = new_game(self.variant.value, players=self.players.value, board=self.board.value,
                        seed=seed)
        self.tutor.open(game)
        self.picker.value = None


def _default_folder() -> Path:
    """``scenarios/`` in the working directory or the one above (notebooks/ runs there)."""
    for base in (Path.cwd(), Path.cwd().parent, Path(__file__).resolve().parents[2]):
        if (base / "scenarios").is_dir():
            return base / "scenarios"
    return Path.cwd() / "scenarios"
