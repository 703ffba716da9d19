"""A grammar-aware fuzzer at every door (issue 23): notation, ``play``/``explain`` arguments,
position texts, editor lines and scenario files, generated from their grammars and by mutating
valid ones (field swaps, truncation, phases of other variants, numbers out of range, unicode
look-alikes), across the five variants.

Asserted for every input: it is accepted, or refused with one of the package's errors
(``CatanError``, a ``ValueError``) and nothing else; a refused input leaves the game as it was
(its position text unchanged); and an accepted position is usable: it lists its actions,
prints itself, round-trips and plays on for a few moves. Positions whose board fields
(numbers, terrain, harbors, robber) or phase and resume phase are bent (issue 31) must
also survive every outcome of their next roll: each face of each die is played from there.

Each hypothesis example tries a batch of inputs (drawn by hypothesis, or mutated by a
``random.Random`` seeded with a number hypothesis draws), so the CI profile (derandomized)
tries the same ~44,000 inputs on every run (its share of each test's examples, conftest's
``CI_FACTOR``: ~88,000 at the whole); the soak profile scales every ``max_examples`` up.
``COUNTS`` records every input by kind and outcome; the last test prints it (run with ``-s``
to see it) and checks the total when the whole file ran.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest
from conftest import CI_FACTOR
from helpers import random_step
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from catan_tutor import Game, new_game
from catan_tutor.actions import (
    DEV_CARDS,
    EVENT_FACES,
    KNIGHT_LEVELS,
    TRACK_NAMES,
    Action,
)  # fmt: skip
from catan_tutor.board import (
    CARD_NAMES,
    EDGE_LABELS,
    HARBOR_NAMES,
    HEX_NAMES,
    TERRAINS,
    VERTEX_LABELS,
)  # fmt: skip
from catan_tutor.errors import CatanError
from catan_tutor.position import variant_keys
from catan_tutor.progress_cards import CARDS
from catan_tutor.state import DICE, END, PHASES
from catan_tutor.study.editor import edit
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import loads_scenario
from catan_tutor.variants import rules_for

pytestmark = pytest.mark.engine  # the engine alone: scripts/min_versions.sh leaves it out

TABLES = {"base": 3, "base-2p": 2, "base-dummy": 2, "ck": 3, "ck-2p": 2}
VARIANT = st.sampled_from(sorted(TABLES))
SEED = st.integers(0, 2**32 - 1)
COUNTS: Counter = Counter()  # (input kind, outcome): number of inputs
KINDS = (
    "notation",
    "notation-mutant",
    "play-argument",
    "position-mutant",
    "position-grammar",
    "position-board",
    "position-resume",
    "editor-line",
    "scenario-file",
    "roll-outcome",
)


def fuzz_settings(n: int) -> settings:
    """Each test's own deliberate number of examples (the profile gives the rest)."""
    return settings(
        max_examples=n,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


def attempt(kind: str, fn, what: object):
    """``fn()``'s result, or None when it refuses with a package error; any other exception
    fails the test naming the input."""
    try:
        out = fn()
    except CatanError as e:
        assert str(e), f"{kind}: an empty message for {what!r}"
        COUNTS[kind, type(e).__name__] += 1
        return None
    except Exception as e:  # noqa: BLE001 - the point: nothing else may come out
        pytest.fail(f"{kind}: {type(e).__name__}: {e} for input {what!r}")
    COUNTS[kind, "accepted"] += 1
    return out


# ---------------------------------------------------------------- a corpus of real games
def _walk(variant: str, seed: int, board: str, steps: int) -> list[str]:
    g = new_game(variant, players=TABLES[variant], board=board, rolloff=seed % 2 == 1)
    rng, out = random.Random(seed), [g.position()]
    for i in range(steps):
        if g.is_over():
            break
        random_step(g, rng)
        if i % 23 == 0 or g.state.phase not in (
            "main",
            "pre-roll",
            "dice",
            "setup-settle",
            "setup-road",
        ):
            out.append(g.position())
    return out


@cache
def corpus(variant: str) -> tuple[str, ...]:
    """Position texts of one variant, at every kind of moment a seeded game reaches."""
    texts = [*_walk(variant, 1, "beginner", 700), *_walk(variant, 2, "variable-harbors", 500)]
    return tuple(dict.fromkeys(texts))


@cache
def all_positions() -> tuple[str, ...]:
    return tuple(t for v in sorted(TABLES) for t in corpus(v))


@cache
def field_values() -> dict[str, tuple[str, ...]]:
    """Every value each field takes in the corpus, over all variants (for swaps)."""
    seen: dict[str, dict[str, None]] = {}
    for text in all_positions():
        for w in text.split()[2:]:
            k, _, v = w.partition("=")
            seen.setdefault(k, {})[v] = None
    return {k: tuple(v) for k, v in seen.items()}


@cache
def game_at(text: str) -> Game:
    return Game.from_position(text)


def mid_game(variant: str, rng: random.Random) -> Game:
    return game_at(rng.choice(corpus(variant)))


def assert_usable(g: Game, rng: random.Random, moves: int = 3) -> None:
    """An accepted position lists what can happen, prints itself, round-trips, plays on."""
    text = g.position()
    assert Game.from_position(text).position() == text
    h = Game(g.rules, g.state)
    for _ in range(moves):
        if h.is_over():
            return
        if h.is_chance():
            options = [a for a, _ in h.chance_weights()]
        else:
            options = h.legal_actions()
        assert options, f"nobody can act in {h.state.phase}: {h.position()}"
        h.play(rng.choice(options))
        h.position()
        h.pending  # noqa: B018 - who is to act must be readable


# ---------------------------------------------------------------- mutations of any text
LOOKALIKES = {
    "0": "０٠۰߀",
    "1": "１①¹١",
    "2": "２②²٢",
    "3": "３③³",
    "4": "４④٤",
    "5": "５⑤",
    "6": "６⑥",
    "7": "７⑦",
    "8": "８⑧",
    "9": "９⑨",
    "P": "РΡＰ",
    "A": "АΑ",
    "B": "ВΒ",
    "E": "ЕΕ",
    "H": "НΗ",
    "K": "КΚ",
    "M": "МΜ",
    "o": "оο",
    "e": "е",
    "a": "а",
    "c": "с",
    "p": "р",
    ",": "，‚",
    " ": "\u00a0\u2003\t\u200b",
    "=": "＝",
    "/": "∕⁄",
    ":": "：",
    "-": "‐−–",
}
BIG = ["9" * 7, "9" * 30, "9" * 5000, "-1", "-0", "+3", "3.0", "1e9", "0x1f", "1_000", "٣", "３"]


def mutate_chars(text: str, rng: random.Random) -> str:
    """One character-level change: a look-alike, a deletion, an insertion or a truncation."""
    if not text:
        return rng.choice(["", " ", "\x00", "é"])
    i = rng.randrange(len(text))
    how = rng.randrange(5)
    if how == 0 and text[i] in LOOKALIKES:
        return text[:i] + rng.choice(LOOKALIKES[text[i]]) + text[i + 1 :]
    if how == 1:
        return text[:i] + text[i + 1 :]
    if how == 2:
        return text[:i] + rng.choice("\x00\n\r\u200b,:/=-.Pé😀 ") + text[i:]
    if how == 3:
        return text[:i]
    digits = [j for j, c in enumerate(text) if c.isdigit()]
    if digits:
        j = rng.choice(digits)
        return text[:j] + rng.choice(BIG) + text[j + 1 :]
    return text.upper() if rng.random() < 0.5 else text.lower()


def mutate_words(words: list[str], pool: list[str], rng: random.Random) -> list[str]:
    """One word-level change: drop, repeat, swap, or replace a word with one from ``pool``."""
    w = list(words)
    if not w:
        return [rng.choice(pool)]
    i, j = rng.randrange(len(w)), rng.randrange(len(w))
    how = rng.randrange(5)
    if how == 0:
        del w[i]
    elif how == 1:
        w.insert(i, w[j])
    elif how == 2:
        w[i], w[j] = w[j], w[i]
    elif how == 3:
        w[i] = rng.choice(pool)
    else:
        w.insert(i, rng.choice(pool))
    return w


# ---------------------------------------------------------------- notation
ACTION_WORDS = [
    "roll", "settle", "city", "road", "buy", "knight", "roadbuilding", "road-building",
    "plenty", "monopoly", "robber", "discard", "bank", "offer", "accept", "decline", "end",
    "neutral", "force", "robber-home", "return", "bid", "pass", "recruit", "promote",
    "activate", "wall", "lose", "relocate", "desert", "remove-knight", "move", "chase",
    "improve", "deck", "aqueduct", "discard-progress", "give", "play", "place", "hand", "die",
    "draw", "steal", "tile", "spiral", "event", "progress", "harbor",
]  # fmt: skip
ARG_WORDS = [
    *VERTEX_LABELS[:12], *EDGE_LABELS[:12], *HEX_NAMES, "H/I/M", "A|B", "Z9", "A2", "A3", "J",
    *CARD_NAMES, "wood", "gold", *TRACK_NAMES, *CARDS[:10], *DEV_CARDS, *EVENT_FACES,
    *KNIGHT_LEVELS, *TERRAINS, *HARBOR_NAMES, "white", "red", "dev", "card", "tiebreak",
    "for", "take", "give", "all", "N1", "N2", "D", "P1", "P2", "P3", "P4", "P9", "P0", "0",
    "1", "2", "3", "4", "6", "7", "12", "-1", "999999", "9999999", "①", "３", "٣",
]  # fmt: skip
SEATS = ["", "P1", "P2", "P3", "P4", "P9", "p1", "N1", "D", "Р1", "P１"]
WORD_POOL = ACTION_WORDS + ARG_WORDS


@st.composite
def notation(draw) -> str:
    """An action from the notation's grammar: [seat] word arguments, any of them bent."""
    words = [draw(st.sampled_from(SEATS)), draw(st.sampled_from(ACTION_WORDS))]
    words += draw(st.lists(st.one_of(st.sampled_from(ARG_WORDS), st.text(max_size=4)), max_size=7))
    sep = draw(st.sampled_from([" ", ", ", "  ", "\t"]))
    return sep.join(w for w in words if w)


def try_notation(kind: str, g: Game, text: object) -> None:
    """Parse, explain and play ``text`` on ``g``; a legal move is undone. Nothing else moves:
    the state is the same object after (a snapshot is never changed in place; the callers
    also compare the position text before and after each batch)."""
    state, n = g.state, len(g.history)
    action = attempt(kind, lambda: g.parse(text), text)
    if action is None:
        assert g.state is state
        return
    exp = g.explain(action)
    try:
        g.play(action)
    except CatanError:
        assert not exp.legal and g.state is state and len(g.history) == n
        return
    assert exp.legal
    g.undo()
    assert g.state is state


def rng_notation(rng: random.Random) -> str:
    """The same grammar as ``notation``, drawn by ``rng`` (cheap: most of the count)."""
    words = [rng.choice(SEATS), rng.choice(ACTION_WORDS)]
    words += [rng.choice(ARG_WORDS) for _ in range(rng.randint(0, 6))]
    return rng.choice([" ", ", ", "\t"]).join(w for w in words if w)


@fuzz_settings(300)
@given(variant=VARIANT, seed=SEED, texts=st.lists(notation(), min_size=3, max_size=6))
def test_notation_from_its_grammar(variant, seed, texts):
    rng = random.Random(seed)
    base = mid_game(variant, rng)
    g = Game(base.rules, base.state)
    before = g.position()
    for text in [*texts, *(rng_notation(rng) for _ in range(40))]:
        try_notation("notation", g, text)
    assert g.position() == before


@fuzz_settings(400)
@given(variant=VARIANT, seed=SEED)
def test_notation_mutated_from_legal_moves(variant, seed):
    rng = random.Random(seed)
    base = mid_game(variant, rng)
    g = Game(base.rules, base.state)
    before = g.position()
    legal = [str(a) for a in (g.legal_actions() or [a for a, _ in g.chance_weights()])]
    for _ in range(50):
        text = rng.choice(legal)
        for _ in range(rng.randint(1, 3)):
            if rng.random() < 0.5:
                text = mutate_chars(text, rng)
            else:
                text = " ".join(mutate_words(text.split(), WORD_POOL, rng))
        try_notation("notation-mutant", g, text)
    assert g.position() == before


# ---------------------------------------------------------------- anything passed to play
FIELD_VALUES = st.one_of(
    # ints in range of every field, past the board (refused at the door) or past any field
    # (refused by the type check at the door)
    st.integers(-1, 3),
    st.integers(-20, 200),
    st.integers(10**6, 10**30),
    st.none(),
    st.booleans(),
    st.floats(allow_nan=True),
    st.text(max_size=3),
    st.binary(max_size=3),
    st.tuples(st.integers(-2, 3), st.integers(-2, 3)),
    st.lists(st.integers(0, 2), max_size=8),
    st.tuples(*[st.integers(0, 2)] * 5),
    st.tuples(*[st.integers(-1, 2)] * 8),
)


def _concrete(cls: type) -> list[type]:
    out = [cls] if "__dataclass_fields__" in cls.__dict__ else []
    for sub in cls.__subclasses__():
        out += _concrete(sub)
    return out


ACTION_TYPES = sorted(set(_concrete(Action)), key=lambda c: c.__name__)


@st.composite
def hostile_action(draw) -> Action:
    """An Action of any kind with fields of any type and size."""
    cls = draw(st.sampled_from(ACTION_TYPES))
    names = list(cls.__dataclass_fields__)
    values = [draw(FIELD_VALUES) for _ in names]
    try:
        return cls(*values)
    except (TypeError, ValueError):  # a field the constructor itself refuses
        return cls(*[0] * len(names))


ANYTHING = st.one_of(
    hostile_action(),
    st.none(),
    st.integers(),
    st.floats(),
    st.binary(max_size=12),
    st.lists(st.text(max_size=3), max_size=3),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    st.builds(object),
    st.sampled_from(
        [
            b"P1 roll",
            bytearray(b"P1 end"),
            ["P1", "roll"],
            ("P1 roll",),
            Ellipsis,
            NotImplemented,
            3.5,
            True,
        ]
    ),
)


@fuzz_settings(250)
@given(variant=VARIANT, seed=SEED, things=st.lists(ANYTHING, min_size=15, max_size=25))
def test_play_explain_and_parse_take_anything(variant, seed, things):
    base = mid_game(variant, random.Random(seed))
    g = Game(base.rules, base.state)
    before, state = g.position(), g.state
    for thing in things:
        exp = attempt("play-argument", lambda t=thing: g.explain(t), thing)
        played = attempt("play-argument", lambda t=thing: g.play(t), thing)
        attempt("play-argument", lambda t=thing: g.parse(t), thing)
        if played is not None:
            assert exp is not None and exp.legal
            g.undo()
        assert g.state is state
    assert g.position() == before


# ---------------------------------------------------------------- position text
def mutate_position(text: str, rng: random.Random) -> str:
    """One change to a position text: a field from elsewhere, a phase of any variant, a
    number out of range, a field dropped, doubled or swapped, a cut, or a look-alike."""
    words = text.split()
    head, fields = words[:2], words[2:]
    if not fields:
        return mutate_chars(text, rng)
    how = rng.randrange(10)
    i = rng.randrange(len(fields))
    key, _, value = fields[i].partition("=")
    values = field_values()
    if how == 0:  # the same field from another position, of any variant
        fields[i] = f"{key}={rng.choice(values.get(key, ('-',)))}"
    elif how == 1:  # a phase of any variant
        fields = [f"phase={rng.choice(PHASES)}" if f.startswith("phase=") else f for f in fields]
    elif how == 2:  # numbers out of range or written oddly
        fields[i] = (
            f"{key}={rng.choice(BIG)}"
            if rng.random() < 0.4
            else f"{key}={value.replace(rng.choice('0123456789'), rng.choice(BIG), 1)}"
        )
    elif how == 3:
        del fields[i]
    elif how == 4:
        fields.insert(rng.randrange(len(fields) + 1), fields[i])
    elif how == 5:  # two fields swap their values
        j = rng.randrange(len(fields))
        k2, _, v2 = fields[j].partition("=")
        fields[i], fields[j] = f"{key}={v2}", f"{k2}={value}"
    elif how == 6:
        head = ["catan", rng.choice([*TABLES, "chess", "CK", "base-3p", ""])]
    elif how == 7:  # a list of one party more or less, or an entry cut
        parts = value.split(rng.choice("/,:"))
        parts = parts[:-1] if rng.random() < 0.5 and len(parts) > 1 else [*parts, parts[-1]]
        fields[i] = f"{key}={'/'.join(parts)}"
    elif how == 8:
        return mutate_chars(text, rng)
    else:
        fields[i] = f"{key}={rng.choice(values[rng.choice(list(values))])}"
    if rng.random() < 0.1:  # the order of the fields does not matter
        rng.shuffle(fields)
    return " ".join([*head, *fields])


def try_position(kind: str, text: str, rng: random.Random) -> None:
    g = attempt(kind, lambda: Game.from_position(text), text)
    if g is not None:
        assert_usable(g, rng)


@fuzz_settings(300)
@given(seed=SEED)
def test_mutated_position_is_refused_or_usable(seed):
    rng = random.Random(seed)
    for _ in range(16):
        text = rng.choice(all_positions())
        for _ in range(rng.choice((1, 1, 1, 2, 3))):
            text = mutate_position(text, rng)
        try_position("position-mutant", text, rng)


@fuzz_settings(200)
@given(seed=SEED, variant=st.sampled_from([*TABLES, "chess"]))
def test_position_from_its_grammar_is_refused_or_usable(seed, variant):
    """``catan VARIANT key=value ...`` with the variant's keys (some missing, some foreign)
    in any order, each value one that field takes somewhere, or any value at all."""
    rng = random.Random(seed)
    keys = list(variant_keys(rules_for(variant if variant in TABLES else "ck-2p")))
    values = field_values()
    for _ in range(12):
        chosen = [k for k in keys if rng.random() < 0.97] + rng.sample(sorted(values), 1)
        rng.shuffle(chosen)
        fields = [f"{k}={rng.choice(values[k]) if k in values else '-'}" for k in chosen]
        try_position("position-grammar", " ".join(["catan", variant, *fields]), rng)


# ---------------------------------------------------------------- board fields and resume
NUMBER_VALUES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 19, 99]
TERRAIN_VALUES = ["hi", "fo", "pa", "fi", "mo", "de", "sea", "-"]
HARBOR_VALUES = ["3:1", "brick", "lumber", "wool", "grain", "ore", "2:1", "-"]


def _listed(value: str) -> list[str]:
    return value.split(",") if value != "-" else []


def mutate_board(text: str, rng: random.Random) -> str:
    """One to three changes to the board fields: a hex's number token (any of 0-14, 19, 99:
    a 7, a 13, a number on the desert) or two hexes' tokens swapped, a terrain set or two
    swapped (the desert moves, its token stays), a harbor's kind set or two swapped, the
    robber on any hex (or beside the board)."""
    words = text.split()
    head, fields = words[:2], dict(w.partition("=")[::2] for w in words[2:])
    for _ in range(rng.choice((1, 1, 2, 3))):
        key = rng.choice(("numbers", "numbers", "numbers", "terrain", "harbors", "robber"))
        if key == "robber":
            fields[key] = rng.choice([*HEX_NAMES, "-", "T"])
            continue
        items = _listed(fields.get(key, "-"))
        if not items:
            continue
        i, j = rng.randrange(len(items)), rng.randrange(len(items))
        if rng.random() < 0.5:
            items[i], items[j] = items[j], items[i]
        else:
            pool = {"numbers": NUMBER_VALUES, "terrain": TERRAIN_VALUES, "harbors": HARBOR_VALUES}[
                key
            ]
            items[i] = str(rng.choice(pool))
        fields[key] = ",".join(items)
    return " ".join([*head, *(f"{k}={v}" for k, v in fields.items())])


def mutate_resume(text: str, rng: random.Random) -> str:
    """The phase, the phase it resumes to, or both, set to any phase of any variant (or
    ``end``), and sometimes the seat on turn changed too."""
    words = text.split()
    head, fields = words[:2], dict(w.partition("=")[::2] for w in words[2:])
    how = rng.randrange(3)
    if how != 1:
        fields["phase"] = rng.choice(PHASES)
    if how != 0:
        fields["resume"] = rng.choice([*PHASES, END])
    if rng.random() < 0.3:
        fields["active"] = rng.choice(["P1", "P2", "P3", "D", "N1"])
    return " ".join([*head, *(f"{k}={v}" for k, v in fields.items())])


def _to_the_roll(h: Game, rng: random.Random, steps: int = 60) -> bool:
    """Play on (a roll or an end of turn first, else any move) until the dice are to be
    rolled; False when the game ends or the roll does not come within ``steps``."""
    for _ in range(steps):
        if h.is_over():
            return False
        if h.state.phase == DICE:
            return True
        if h.is_chance():
            random_step(h, rng)
            continue
        legal = h.legal_actions()
        assert legal, f"nobody can act in {h.state.phase}: {h.position()}"
        first = [a for a in legal if str(a).endswith((" roll", " end"))]
        h.play(rng.choice(first or legal))
    return False


def assert_every_roll_survives(g: Game, rng: random.Random) -> None:
    """From an accepted position, play on to its next roll and resolve every outcome of that
    roll (each face of each die, the event die too): after each the game still lists what
    can happen, prints itself (one in ten read back) and plays one more step."""
    h = Game(g.rules, g.state)
    if not _to_the_roll(h, rng):
        return
    dice = 3 if h.caps.knights else 2  # white, red (and C&K's event die)

    def branch(depth: int) -> None:
        if depth < dice and h.state.phase == DICE and h.is_chance():
            for action, weight in h.chance_weights():
                if weight:
                    h.play(action)
                    branch(depth + 1)
                    h.undo()
            return
        COUNTS["roll-outcome", "resolved"] += 1
        text = h.position()
        if rng.random() < 0.1:  # reading back is the costly part: a sample of the outcomes
            assert Game.from_position(text).position() == text, text
        h.pending  # noqa: B018 - who is to act must be readable
        if h.is_over():
            return
        options = [a for a, _ in h.chance_weights()] if h.is_chance() else h.legal_actions()
        assert options, f"nobody can act in {h.state.phase}: {text}"
        h.play(rng.choice(options))
        h.position()
        h.undo()

    try:
        branch(0)
    except AssertionError:
        raise
    except Exception as e:  # noqa: BLE001 - the point: an accepted position plays every roll
        pytest.fail(
            f"roll-outcome: {type(e).__name__}: {e} after {h.history[-3:]} from {g.position()}"
        )


def try_playable(kind: str, text: str, rng: random.Random) -> None:
    g = attempt(kind, lambda: Game.from_position(text), text)
    if g is not None:
        assert_usable(g, rng)
        assert_every_roll_survives(g, rng)


@fuzz_settings(150)
@given(seed=SEED)
def test_board_fields_mutated_are_refused_or_every_roll_plays(seed):
    """Numbers, terrain, harbors and robber of real positions bent: refused with a package
    error, or every outcome of the next roll plays (a token of 13 raised IndexError)."""
    rng = random.Random(seed)
    for _ in range(4):
        try_playable("position-board", mutate_board(rng.choice(all_positions()), rng), rng)


@fuzz_settings(150)
@given(seed=SEED)
def test_phase_and_resume_mutated_are_refused_or_every_roll_plays(seed):
    """Phase and resume pairs of any variant: refused, or playable through the next roll (a
    base-dummy steal resuming into the bids on a player's turn raised StopIteration)."""
    rng = random.Random(seed)
    for _ in range(4):
        try_playable("position-resume", mutate_resume(rng.choice(all_positions()), rng), rng)


# ---------------------------------------------------------------- editor lines
EDIT_VERBS = [
    "place",
    "remove",
    "hand",
    "dev",
    "deck-top",
    "progress",
    "tokens",
    "defender",
    "vp-cards",
    "robber",
    "merchant",
    "barbarians",
    "attacked",
    "level",
    "metropolis",
    "turn",
    "fly",
    "",
]
EDIT_ARGS = [
    "P1", "P2", "P3", "P4", "N1", "N2", "D", "settlement", "city", "road", "knight", "wall",
    "basic", "strong", "mighty", "active", *VERTEX_LABELS[::5], *EDGE_LABELS[::6], *HEX_NAMES,
    "-", "0", "1", "2", "3", "5", "7", "19", "20", "99", "brick", "ore", "coin", "paper",
    "knight", "monopoly", "vp", "crane", "alchemy", "printing", "science", "trade", "politics",
    "yes", "no", "main", "pre-roll", "pillage", "bids", "over", "①", "９", "9" * 40, ",",
]  # fmt: skip


def edit_line(rng: random.Random) -> str:
    words = [rng.choice(EDIT_VERBS)] + [rng.choice(EDIT_ARGS) for _ in range(rng.randint(0, 5))]
    line = " ".join(words)
    return mutate_chars(line, rng) if rng.random() < 0.2 else line


@fuzz_settings(220)
@given(variant=VARIANT, seed=SEED)
def test_editor_lines_are_refused_or_give_a_usable_game(variant, seed):
    rng = random.Random(seed)
    g = mid_game(variant, rng)
    before = g.position()
    for _ in range(12):
        ops = [edit_line(rng) for _ in range(rng.choice((1, 1, 2, 3)))]
        new = attempt("editor-line", lambda o=ops: edit(g, *o), ops)
        assert g.position() == before
        if new is not None:
            assert_usable(new, rng, moves=2)


# ---------------------------------------------------------------- scenario files
@cache
def lessons() -> tuple[str, ...]:
    return tuple(
        p.read_text(encoding="utf-8") for p in sorted(packaged_lessons().glob("*.catan.yaml"))
    )


def small_scenario(rng: random.Random) -> str:
    """A short scenario from the format's grammar, its values valid or bent."""
    variant = rng.choice([*TABLES, "chess", ""])
    lines = [
        "title: fuzz",
        f"variant: {variant}",
        f"players: {rng.choice(['2', '3', '4', '0', '9' * 5000, '３', '-1', '[3]'])}",
    ]
    if rng.random() < 0.3:
        text = rng.choice(all_positions())
        lines.append(f"position: '{mutate_position(text, rng) if rng.random() < 0.7 else text}'")
    else:
        if rng.random() < 0.3:
            lines.append(f"board: {rng.choice(['beginner', 'variable', 'moon', '{}', '[]'])}")
        lines.append("setup:")
        lines += [f"- {mutate_chars('P1 settle H4', rng)}", "- P1 road H3"]
        if rng.random() < 0.5:
            lines += ["start:", f"- {edit_line(rng)}"]
    lines += [
        "moves:",
        f"- move: {rng.choice(WORD_POOL)} {rng.choice(ARG_WORDS)}",
        f"  expect: {{vp: {{P1: '{rng.choice(BIG)}'}}}}",
    ]
    return "\n".join(lines) + "\n"


def mutate_lesson(text: str, rng: random.Random) -> str:
    lines = text.splitlines()
    for _ in range(rng.randint(1, 3)):
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        how = rng.randrange(6)
        if how == 0:
            del lines[i]
        elif how == 1:
            lines[i], lines[j] = lines[j], lines[i]
        elif how == 2:
            lines = lines[:i]
        elif how == 3:
            lines[i] = mutate_chars(lines[i], rng)
        elif how == 4:
            lines.insert(i, lines[j])
        else:
            lines[i] = lines[i].replace(rng.choice("0123456789"), rng.choice(BIG), 1)
        if not lines:
            return ""
    return "\n".join(lines) + "\n"


@fuzz_settings(60)
@given(seed=SEED)
def test_scenario_files_are_refused_with_file_and_line_or_load(seed):
    rng = random.Random(seed)
    for k in range(6):
        text = small_scenario(rng) if k % 2 else mutate_lesson(rng.choice(lessons()), rng)
        sc = attempt("scenario-file", lambda t=text: loads_scenario(t, "fuzz.catan.yaml"), text)
        if sc is None:
            continue
        game = Game(sc.timeline.rules, sc.root.state)
        assert_usable(game, rng, moves=1)


# ---------------------------------------------------------------- the figures
def test_zz_counts_by_input_kind_and_error(capsys):
    """Print what the fuzzer tried (``-s``); when the whole file ran, check the total."""
    kinds = Counter()
    for (kind, _), n in COUNTS.items():
        kinds[kind] += n
    lines = [
        f"{kind:18} {kinds[kind]:7}  "
        + ", ".join(f"{outcome} {n}" for (k, outcome), n in sorted(COUNTS.items()) if k == kind)
        for kind in KINDS
    ]
    errors = Counter()
    for (_, outcome), n in COUNTS.items():
        errors[outcome] += n
    lines.append(
        f"{'total':18} {sum(kinds.values()):7}  "
        + ", ".join(f"{o} {n}" for o, n in sorted(errors.items()))
    )
    print("\nfuzzed inputs by kind and outcome:\n" + "\n".join(lines))
    if all(kinds[k] for k in KINDS) and settings.get_current_profile_name() == "ci":
        assert sum(kinds.values()) >= 80_000 * CI_FACTOR
