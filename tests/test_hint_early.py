"""Complaint: the Hint said "thinking…" for about 10 s. While its games are played the page
says what it does (the games played of all it plays), names the setup corner by its dots at
once (the games never change it) and, out of setup, the best move of the games played so far
(``rank_actions(..., glimpse=)``), which the final answer refines: the same playouts, so the
same final ranking with or without glimpses."""

from __future__ import annotations

from catan_tutor import new_game
from catan_tutor.analysis import InlineExecutor, rank_actions
from catan_tutor.analysis.setup_pick import setup_corner
from catan_tutor.game import Game
from catan_tutor.players import options, play_game
from catan_tutor.widgets.hint_panel import SO_FAR, HintPanel, playing_html


def _main_phase() -> Game:
    """A seeded game of greedy computers stopped where the player on turn has 3 moves or
    more to compare (as benchmarks/hints.py picks its positions)."""

    def ready(g: Game) -> bool:
        if g.is_chance() or g.state.phase != "main":
            return False
        return len(options(g, g.rules.actors(g.state)[0])) > 3

    g = new_game("base", players=3, seed=0)
    play_game(g, ["greedy"] * 3, seed=0, stop=ready)
    return g


def test_glimpses_show_the_ranking_so_far_and_change_nothing_of_the_final_one():
    g = _main_phase()
    seen = []
    final = rank_actions(g, n=40, turns=2, executor=InlineExecutor(), batch=5, glimpse=seen.append)
    assert final == rank_actions(g, n=40, turns=2, executor=InlineExecutor(), batch=5)
    assert not final.partial
    counts = [max(r.playouts for r in ranking) for ranking in seen]
    assert counts == [5, 10, 20]  # after 1, 2 and 4 of the 8 rounds (not the last)
    assert all(ranking.partial and len(ranking) == len(final) for ranking in seen)


def test_a_setup_hint_names_the_corner_at_once_and_counts_its_games():
    g = new_game("base", players=3, seed=0)
    panel = HintPanel(lambda: g, executor=InlineExecutor)
    panel._work = lambda *args: None  # the games never end: what shows while they run
    panel.run()
    pick = setup_corner(g)
    assert pick is not None and panel.status == "running"
    assert "catan-hint-early" in panel.result.value and "Suggested:" in panel.result.value
    assert panel.spot == ("vertex", pick.vertex)  # ringed on the board at once
    assert "thinking" not in panel.result.value
    panel._progress(400, 2000)
    assert "400 of 2,000 games played" in panel.result.value
    assert "each of 10 moves" in panel.result.value
    assert "catan-hint-early" in panel.result.value  # the corner stays said


def test_a_main_phase_hint_shows_the_best_so_far_then_the_final_answer():
    g = _main_phase()
    panel = HintPanel(lambda: g, executor=InlineExecutor)
    panel.n.value, panel.turns.value = 16, 1
    shown: list[str] = []
    real = panel._glimpse

    def glimpse(game, key, ranking):
        real(game, key, ranking)
        shown.append(panel.early)

    panel._glimpse = glimpse
    panel.run(wait=True)
    assert panel.status == "done"
    assert shown and all(SO_FAR in said for said in shown)  # an early answer, said as such
    assert "catan-hint-early" not in panel.result.value  # the final answer replaced it
    assert "catan-hint-why" in panel.result.value


def test_the_playing_line_before_any_game_counts_nothing():
    said = playing_html(0, 0, 0, 10)
    assert "the moves" in said and "of 0" not in said and "10 turns ahead" in said
