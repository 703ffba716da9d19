"""The Odds tab's tables as a learner reads them (HTML, no widgets): plain headers ("Player",
"Chance to win", "likely between"), percentages rather than raw estimates, one row per player,
in the words of games the computer plays on (no "playouts", no "horizon"); and how far those
games go, chosen from the position (to the end of the game, with a cap).

Every figure comes from ``catan_tutor.analysis`` (exact fractions, or a run's summary table);
this module only lays them out.
"""

from __future__ import annotations

from fractions import Fraction

import pandas as pd

from ..analysis.production import AQUEDUCT
from ..game import Game
from ..grammar import count
from . import markup

# The playouts' horizon: to the end of the game, at most this many turns. Seeded greedy
# playouts of a fresh 4-player base game end after 75 to 195 turns: about 4 rounds per
# victory point still missing, plus a few (5 per point: C&K games run longer).
ROUNDS_PER_POINT, SPARE_ROUNDS, MAX_HORIZON = 5, 6, 160


def horizon(game: Game) -> int:
    """Turns enough for most playouts from ``game`` to reach a winner, capped at
    ``MAX_HORIZON``: the rounds the leader needs for the points still missing (``ROUNDS_PER_POINT``
    each, plus ``SPARE_ROUNDS``) times the players in a round."""
    target = getattr(game.rules, "target", 10)
    lead = max((game.victory_points(p) for p in range(game.players)), default=0)
    rounds = ROUNDS_PER_POINT * max(target - lead, 1) + SPARE_ROUNDS
    return max(1, min(MAX_HORIZON, rounds * game.players))


def horizon_text(turns: int, chosen: int, players: int = 0) -> str:
    """How far the playouts go, after "playouts": "to the end of the game (at most 96
    turns)" for the horizon chosen for the position, else "over the next 10 turns"; with
    the number of ``players``, what a turn is ("each player's turn counts as one: about 24
    rounds of 4 players"), so that the number in the "turns ahead" field is explained."""
    rounds = (
        f"; each player's turn counts as one: about {count(round(turns / players), 'round')}"
        f" of {players} players"
        if players > 1 and turns >= 2 * players
        else ""
    )
    if turns == chosen:
        return f"to the end of the game (at most {count(turns, 'turn')} ahead{rounds})"
    if turns == 1:
        return "over this turn"
    return f"over the next {count(turns, 'turn')}" + (f" ({rounds[2:]})" if rounds else "")


def _table(head: list[str], rows: list[list[str]], first_left: bool = True) -> str:
    """A small table: a header row, then ``rows`` (cells already HTML); the first column is
    the row's name (a header cell, left-aligned)."""
    th = "".join(f"<th scope='col'>{markup.text(h)}</th>" for h in head)
    body = "".join(
        "<tr>"
        + "".join(
            f"<th scope='row' style='text-align:left'>{c}</th>" if k == 0 and first_left
            else f"<td>{c}</td>"
            for k, c in enumerate(r)
        )
        + "</tr>"
        for r in rows
    )  # fmt: skip
    table = f"<table><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>"
    return f"<div class='catan-table'>{table}</div>"


def _decimal(x: Fraction) -> str:
    """An exact figure as two decimals, the fraction on hover."""
    return f"<span title='{markup.text(str(x))}'>{float(x):.2f}</span>"


# Cities & Knights: the table's ``aqueduct`` column is no card but the Aqueduct's effect
# (rule="CK-IMPROVE-SCIENCE-3": science level 3, a resource of the player's choice on a roll
# that brings them nothing); issue 33: it read as a card named "Aqueduct". Its column shows
# only when someone has it, headed in words, with a note under the table.
FREE_CHOICE = "Any"  # (a short header: the note says what it is)
FREE_NOTE = (
    f"{FREE_CHOICE}: a resource of the player's choice, which the Aqueduct (science level 3) "
    "gives on a roll that brings them nothing."
)
# Before any settlement is placed no one gets cards (issue 33: a table of 0.00 at turn 0)
NOT_PLACED = (
    "No one gets cards from the dice yet: nobody has a settlement on the board. The expected "
    "cards show here once the starting settlements are placed."
)


def production_html(table: pd.DataFrame, placed: bool = True) -> str:
    """Expected cards per turn (``analysis.production_table``): a row per card (the
    Aqueduct's free choice when someone has it, then the total), a column per player: narrow
    enough for the tab at any width, each number under its player's name (issue 33: eleven
    columns crowded "0.19 0.14" of grain and ore and ran past the tab at 1024 px).
    ``placed``: some building stands on the board (else a sentence: no one gets cards yet)."""
    if not placed:
        return f"<div class='catan-no-production'>{NOT_PLACED}</div>"
    free = AQUEDUCT in table.columns and any(table[AQUEDUCT])
    kinds = [c for c in table.columns if c != AQUEDUCT or free]
    head = ["Card"] + [str(p) for p in table.index]
    rows = [
        [FREE_CHOICE if k == AQUEDUCT else str(k).capitalize()]
        + [_decimal(table.loc[p, k]) for p in table.index]
        for k in kinds
    ]
    note = f"<div style='color:#555;font-size:12px'>{FREE_NOTE}</div>" if free else ""
    return _table(head, rows) + note


def barbarians_html(odds: dict[int, Fraction]) -> str:
    """The chance the barbarians have attacked by each coming turn (cumulative), as a
    percentage, the exact fraction on hover: a row per turn (narrow enough for the tab). The
    turns the attack cannot have come by are left out (a phone showed six rows of "0%", the
    ship far from Catan: l19); none can be: one line says so."""
    rows = [
        [
            _by_turn(k),
            f"<span title='{markup.text(str(x))}'>{_percent(float(x))}</span>",
        ]
        for k, x in odds.items()
        if x > 0
    ]
    if not rows:
        return f"<div>It cannot come {_by_turn(len(odds))}.</div>"
    return _table(["By", "Chance"], rows)


def attack_when_words(turn: float) -> str:
    """The mean turn of the first attack (1: this turn) in words: "comes this turn on
    average", "comes about 12 turns from now on average"."""
    ahead = round(turn) - 1
    return (
        "comes this turn on average"
        if ahead < 1
        else (f"comes about {count(ahead, 'turn')} from now on average")
    )


def _by_turn(k: int) -> str:
    """Turns 1..``k`` from now in words, this one the first: "this turn", "this turn or the
    next", "this turn or the next 5" (l37 read "in 5 turns" as five rolls, where the figure
    counted this turn's roll too: six)."""
    if k == 1:
        return "this turn"
    return "this turn or the next" + ("" if k == 2 else f" {k - 1}")


def _percent(x: float) -> str:
    return f"{100 * x:.0f}%"


def _range(row: pd.Series, percent: bool = True) -> str:
    fmt = _percent if percent else (lambda v: f"{v:.1f}")
    return f"{fmt(row['low'])}–{fmt(row['high'])}"


def _row(table: pd.DataFrame, metric: str, party: str) -> pd.Series | None:
    hit = table[(table["metric"] == metric) & (table["party"] == party)]
    return hit.iloc[0] if len(hit) == 1 else None


def verdict_html(table: pd.DataFrame) -> str:
    """A run's answer in one sentence, above its table (l38c: "Run tells a beginner little":
    a table of percentages and ranges, no answer): who is best placed, or that the games
    played are too few to tell the leaders apart (their likely ranges overlap); or that no
    one won any of them in the turns played."""
    wins = [
        (p, r) for p in table.attrs.get("players", ()) if (r := _row(table, "win", p)) is not None
    ]
    wins.sort(key=lambda pr: -pr[1]["estimate"])
    if not wins:
        return ""
    (best, top), rest = wins[0], wins[1:]
    games = table.attrs.get("completed") or int(top["n"])
    if top["estimate"] == 0:
        said = (
            f"<b>No winner yet:</b> no one won any of the {count(games, 'game')} in the turns "
            "played. Play them on for more turns to see who is better placed."
        )
    elif not rest or top["low"] > rest[0][1]["high"]:
        nxt = f"; next comes {markup.text(rest[0][0])} with {_percent(rest[0][1]['estimate'])}"
        said = (
            f"<b>{markup.text(best)} is best placed:</b> {markup.text(best)} won "
            f"{_percent(top['estimate'])} of the {count(games, 'game')} the computer played on "
            f"from here{nxt if rest else ''}."
        )
    else:
        close = [(best, top)] + [(p, r) for p, r in rest if r["high"] >= top["low"]]
        shares = [f"{markup.text(p)} {_percent(r['estimate'])}" for p, r in close]
        won = ", ".join(shares[:-1]) + f" and {shares[-1]}"
        said = (
            f"<b>Too close to call:</b> of the {count(games, 'game')} the computer played on "
            f"from here, {won.replace(' ', ' won ', 1)}: too close to say who is better "
            "placed. More games (a larger number in “Play”) give a surer answer."
        )
    return f"<div class='catan-odds-verdict' style='margin:4px 0'>{said}</div>"


LIKELY = "likely between"  # a range's header: the confidence interval, in words
AHEAD = "Ahead at the end"  # the lead's header (``analysis.summary``: tied leaders each count)
# How a tie counts, said once under the table (a fresh learner read 32% + 28% + 46% = 106%
# with nothing to say why)
TIES_NOTE = (
    f"“{AHEAD}”: a player who shares the lead counts as ahead, so with ties this column adds "
    "up to more than 100%."
)


# Why many of the computer's games end with no winner (l38 read "no one had won, 138 turns on"
# in 57% of them, and 6 to 8 points after 46 rounds, as the figures being wrong)
SLOW_GAMES = (
    " The computer's players play simply (each builds what scores at once and trades only "
    "with the bank), so their games last much longer than people's: read the chances as who "
    "is better placed, not as the odds of a real game."
)


def likely_note() -> str:
    """What "likely between" means, in words (its "95 times out of 100" read as statistics,
    l38)."""
    return (
        f"<div style='color:#555;font-size:12px'>“{LIKELY}” (for the final points: in brackets): "
        "where the figure would most likely stay if the computer played many more games.</div>"
    )


def outcomes_html(table: pd.DataFrame) -> str:
    """A run's summary (``analysis.explore``) for a learner: per player the chance to win and
    to be ahead at the end, and the victory points at the end, each with the range it likely
    lies in; then how many games had no winner yet; in Cities & Knights the barbarians."""
    players = list(table.attrs.get("players", ()))
    rows = []
    for p in players:
        win, lead, vp = (_row(table, m, p) for m in ("win", "lead", "vp"))
        if win is None or lead is None or vp is None:
            continue
        rows.append([
            markup.text(p), _percent(win["estimate"]), _range(win),
            _percent(lead["estimate"]),
            f"{vp['estimate']:.1f} <span style='color:#666'>({_range(vp, percent=False)})</span>",
        ])  # fmt: skip
    # five columns fit the tab at 1280 px on one line each (the points' range in brackets)
    head = ["Player", "Chance to win", LIKELY, AHEAD, "Final points"]
    parts = [verdict_html(table), _table(head, rows), likely_note()]
    parts.append(f"<div style='color:#555;font-size:12px'>{TIES_NOTE}</div>")
    nobody = _row(table, "win", "nobody")
    turns = table.attrs.get("turns")
    if nobody is not None and nobody["estimate"] > 0:
        # "No one has won yet 160 turns ahead in 6% of the games" read as machine words
        # (l47: "no one has won after 138 more turns" puzzled: the games stop there)
        ahead = f"when they stopped, {count(int(turns), 'turn')} on" if turns else "yet"
        slow = SLOW_GAMES if nobody["estimate"] >= 0.2 else ""
        parts.append(
            f"<div>In {_percent(nobody['estimate'])} of the games played on from here, no one "
            f"had won {ahead} (likely between {_range(nobody).replace('–', ' and ')}).{slow}</div>"
        )
    arrive = _row(table, "barbarians arrive", "all")
    if arrive is not None:
        when = _row(table, "arrival turn", "all")
        attacks = _row(table, "attacks", "all")
        lines = [
            f"The barbarians attack in {_percent(arrive['estimate'])} of the games "
            f"(likely between {_range(arrive).replace('–', ' and ')})"
        ]
        if when is not None and when["n"]:
            # (turn 1 is this one; "on turn 12.5" read as a turn of the game, l37)
            lines.append(f"the first one {attack_when_words(when['estimate'])}")
        if attacks is not None:
            lines.append(f"attacks per game: {attacks['estimate']:.1f}")
        parts.append("<div>" + "; ".join(lines) + ".</div>")
        pillaged = [(p, _row(table, "pillaged", p)) for p in players]
        parts.append(
            _table(
                ["Player", "Cities lost to the barbarians", LIKELY],
                [
                    [markup.text(p), f"{r['estimate']:.2f}", _range(r, percent=False)]
                    for p, r in pillaged
                    if r is not None
                ],
            )
        )
    return "".join(parts)
