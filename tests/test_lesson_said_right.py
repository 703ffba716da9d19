"""Sweeps of the course's words for what a fresh learner found wrong or said twice (session
16): a count that the step's move contradicts (3.3: "P1 asks P2 for the brick and lumber of
two roads" for 1 brick and 1 lumber; 2.1: "P1 keeps 7 cards" when the roll had just made it 7;
"P2 holds 8 cards" shown after P2 discarded 4), a step opening with a fragment (4.1: "Before
rolling, which is allowed for development cards."; 3.1: "P1's third settlement, allowed
because …"; 5.1: "The second roll: white 5."), a puzzle's explanation saying its answer again
after the page's "Right: <the answer>." (5.13: "… put the robber back on the desert. With
trade tokens P1 puts the robber back on the desert …"), a goal saying "this tutor's reading"
without naming it, and the dummy sheet quoted with a dash it does not print."""

from __future__ import annotations

import re

import pytest
from test_lesson_rule_marks import LESSONS, _lesson, _Steps
from test_lesson_texts import _VERB

from catan_tutor import rulebook
from catan_tutor.actions import BankTrade, Offer, Roll
from catan_tutor.board import CARD_NAMES
from catan_tutor.game import Game
from catan_tutor.rules.words import say
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import load_scenario
from catan_tutor.study.timeline import Node
from catan_tutor.widgets.said_readings import ID, says_reading

pytestmark = pytest.mark.course  # a sweep over the course (min_versions.sh leaves it out)

_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_NUMBERS |= {"eight": 8, "nine": 9, "ten": 10}
_N = r"(\d+|" + "|".join(_NUMBERS) + ")"


def _num(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBERS[word.lower()]


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+", " ".join(text.split())) if s]


def _texts(node: Node) -> list[str]:
    return [t for t in (node.comment, node.tutor) if t]


# "P2 holds 8 cards", "P1 now holds 7 cards", "P2 held 8 cards", "P1 keeps 7 cards"
_HOLDS = re.compile(rf"\b(P\d) (?:now )?(holds|has|keeps|held|had) (?:exactly )?{_N} cards\b")


def _size(node: Node, p: str) -> int:
    return sum(node.state.hands[int(p[1]) - 1])


def _turn_start(node: Node) -> Node:
    """The node before the roll of the turn ``node`` is in (the root when none)."""
    n = node
    while n.parent is not None and not isinstance(n.action, Roll):
        n = n.parent
    return n.parent or n


def card_counts_wrong(node: Node) -> list[str]:
    """The counts of a player's cards the texts at ``node`` get wrong: "holds N cards" is
    the hand after the step's move, "held N cards" the hand before it, "keeps N cards" a
    hand the turn has not changed since its roll."""
    wrong = []
    for text in _texts(node):
        for m in _HOLDS.finditer(" ".join(text.split())):
            who, verb, n = m[1], m[2], _num(m[3])
            at = node.parent if verb in ("held", "had") and node.parent is not None else node
            sizes = {_size(at, who)}
            if verb == "keeps":
                sizes.add(_size(_turn_start(node), who))
            if sizes != {n}:
                wrong.append(f"{node.action}: {m[0]!r} (the hand: {sorted(sizes)})")
    return wrong


@pytest.mark.parametrize("name", LESSONS)
def test_a_count_of_a_player_s_cards_is_the_hand_the_step_shows(name: str) -> None:
    sc = _lesson(name)
    wrong = [w for node in sc.tree.walk() for w in card_counts_wrong(node)]
    assert wrong == [], f"{name}: {wrong}"


_ROADS = re.compile(rf"\b{_N} (?:more )?roads?\b", re.I)
_CARDS_FOR = re.compile(rf"\b{_N} cards? for {_N}\b")


def trade_counts_wrong(node: Node) -> list[str]:
    """What the comment of a trade (an offer, a bank trade) counts against the trade: "N
    cards for M" its cards given and taken, "N roads" the roads the bricks and lumber it
    takes pay for."""
    a = node.action
    if not isinstance(a, Offer | BankTrade) or not node.comment:
        return []
    if isinstance(a, Offer):
        give, get = a.give, a.get
    else:
        give = tuple(a.count if r == a.give else 0 for r in range(len(CARD_NAMES)))
        get = tuple(1 if r == a.get else 0 for r in range(len(CARD_NAMES)))
    text = " ".join(node.comment.split())
    wrong = []
    for m in _CARDS_FOR.finditer(text):
        if (_num(m[1]), _num(m[2])) != (sum(give), sum(get)):
            wrong.append(f"{a}: {m[0]!r}")
    roads = min(get[CARD_NAMES.index("brick")], get[CARD_NAMES.index("lumber")])
    wrong += [f"{a}: {m[0]!r}" for m in _ROADS.finditer(text) if _num(m[1]) != roads]
    return wrong


@pytest.mark.parametrize("name", LESSONS)
def test_a_trade_s_comment_counts_the_cards_it_trades(name: str) -> None:
    sc = _lesson(name)
    wrong = [w for node in sc.tree.walk() for w in trade_counts_wrong(node)]
    assert wrong == [], f"{name}: {wrong}"


def test_the_counting_sweeps_find_the_learner_s_examples() -> None:
    """3.3's offer comment and 2.1's end of P1's turn, as they read before (session 16)."""
    sc = load_scenario(packaged_lessons() / "base_distance_longest_road.catan.yaml")
    offer = next(n for n in sc.tree.walk() if isinstance(n.action, Offer))
    offer.comment = "P1 asks P2 for the brick and lumber of two roads."
    assert trade_counts_wrong(offer)
    sc = load_scenario(packaged_lessons() / "base_production_robber.catan.yaml")
    end = next(n for n in sc.tree.walk() if str(n.action) == "P1 end")
    end.comment = "P1 keeps 7 cards, P2 and P3 now hold 8 each."
    assert card_counts_wrong(end)


# "the second roll", "a roll": the noun, not the verb the sentence needs
_NOUN_ROLL = re.compile(
    r"\b(?:first|second|the|a|this|that|each|one|next) (?:production )?rolls?\b", re.I
)
_MORE_VERBS = re.compile(r"\b(?:yields?|occup(?:y|ies)|obeys?|faces?)\b", re.I)


def verbless(text: str) -> list[str]:
    """The sentences of ``text`` with no verb ("The second roll: white 5.", "First roll,
    6."); a sentence continued across steps ("…and a grain.") is its step's, not one."""
    return [
        s
        for s in _sentences(text)
        if not (s.startswith("...") or s.endswith("..."))
        and not _VERB.search(_NOUN_ROLL.sub(" ", s))
        and not _MORE_VERBS.search(s)
    ]


def test_verbless_finds_a_roll_said_as_a_noun() -> None:
    assert verbless("The second roll: white 5. Second roll, 7 again.") == [
        "The second roll: white 5.",
        "Second roll, 7 again.",
    ]
    assert verbless("In the second roll the white die shows 5.") == []


@pytest.mark.parametrize("name", LESSONS)
def test_every_sentence_of_a_lesson_has_a_verb(name: str) -> None:
    sc = _lesson(name)
    bare = [f"{n.action}: {s!r}" for n in sc.tree.walk() for t in _texts(n) for s in verbless(t)]
    assert bare == [], f"{name}: {bare}"


# "P1's third settlement, allowed because …", "Before rolling, which is allowed …": a clause
# hung on a phrase with no verb of its own, and no main clause
_HUNG = re.compile(r"^(?:which|allowed|so that|because)\b")
_ADVERBIAL = re.compile(r"^(?:Before|After|When|While|With|Without) \w+$")


def hung_clause(sentence: str) -> bool:
    head, comma, rest = sentence.partition(", ")
    if not comma or head.startswith("...") or ":" in head:
        return False
    if _ADVERBIAL.match(head):
        return rest.startswith("which ")
    return not _VERB.search(head) and bool(_HUNG.match(rest))


def test_hung_clause_finds_the_learner_s_fragments() -> None:
    assert hung_clause("Before rolling, which is allowed for development cards.")
    assert hung_clause("P1's third settlement, allowed because J6 is at the end of P1's road.")
    assert hung_clause("From N6 towards the coast at Q6, so that P1 can settle there.")
    assert not hung_clause("P1 plays a Knight before rolling, which is allowed for them.")
    assert not hung_clause("A 5: brick for P1, because P1's settlement touches Q.")


@pytest.mark.parametrize("name", LESSONS)
def test_no_sentence_is_a_clause_hung_on_a_phrase(name: str) -> None:
    sc = _lesson(name)
    hung = [
        f"{n.action}: {s!r}"
        for n in sc.tree.walk()
        for t in _texts(n)
        for s in _sentences(t)
        if hung_clause(s)
    ]
    assert hung == [], f"{name}: {hung}"


def _words(text: str) -> list[str]:
    return re.findall(r"[\w']+", text.lower())


def shared_run(a: str, b: str) -> str:
    """The longest run of words ``a`` and ``b`` both say."""
    x, y = _words(a), _words(b)
    best: list[str] = []
    for i in range(len(x)):
        for j in range(len(y)):
            k = 0
            while i + k < len(x) and j + k < len(y) and x[i + k] == y[j + k]:
                k += 1
            if k > len(best):
                best = x[i : i + k]
    return " ".join(best)


SAID_AGAIN = 4  # words in a row an explanation may share with the answer's sentence, less one


@pytest.mark.parametrize("name", [n for n in LESSONS if n.startswith("puzzle_")])
def test_a_puzzle_s_explanation_does_not_say_its_answer_again(name: str) -> None:
    """A right answer reads "Right: <the answer in words> <the explanation>" (puzzle.py):
    the explanation says why, not the move again."""
    sc = _lesson(name)
    again = []
    for node in sc.tree.walk():
        puzzle = sc.puzzles.get(node.id)
        if puzzle is None or not puzzle.explain:
            continue
        game = Game(sc.tree.rules, node.state)
        for answer in puzzle.answers:
            run = shared_run(say(node.state, game.parse(answer)), puzzle.explain)
            if len(run.split()) >= SAID_AGAIN:
                again.append(f"{answer}: {run!r}")
    assert again == [], f"{name}: {again}"


@pytest.mark.parametrize("name", LESSONS)
def test_a_goal_that_says_it_is_a_reading_names_the_reading(name: str) -> None:
    """Lesson texts cite the reading they state ("… (CK-BARB-LOSE-CHOICE)"), so the page's
    marker opens it; a goal too."""
    goal = _lesson(name).goal
    if says_reading(goal):
        assert any(rulebook.reading(i) for i in ID.findall(goal)), f"{name}: {goal!r}"


@pytest.mark.parametrize("name", LESSONS)
def test_a_quotation_of_the_rules_keeps_their_hyphens(name: str) -> None:
    """The dummy sheet prints "5 - Wood" (seed 002, line 117); a quotation is not retyped
    with an en dash."""
    sc = _lesson(name)
    quoted = [q for n in sc.tree.walk() for t in _texts(n) for q in re.findall(r'"([^"]+)"', t)]
    assert [q for q in quoted if "–" in q] == [], name


def _grams(sentence: str, n: int = 4) -> set[str]:
    w = _words(sentence)
    return {" ".join(w[i : i + n]) for i in range(len(w) - n + 1)}


def told_twice(texts: list[str]) -> list[str]:
    """What two texts of one step both tell of a party: four words in a row opening with it
    ("P1 builds a road from C6." then "P1 builds a road on C7 …", 5.13's opening and its
    first step)."""
    said = [(i, s) for i, t in enumerate(texts) for s in _sentences(t)]
    twice = set()
    for k, (i, a) in enumerate(said):
        for j, b in said[k + 1 :]:
            if i != j:
                twice |= {g for g in _grams(a) & _grams(b) if re.match(r"(?:p\d|d) ", g)}
    return sorted(twice)


def test_told_twice_finds_5_13_s_opening_and_first_step() -> None:
    opening = "The neutrals started on H4 and G6. P1 builds a road from C6 (2P-ROLL-TWICE)."
    assert told_twice([opening, "P1 builds a road on C7 (P1 pays 1 brick, 1 lumber)."]) == [
        "p1 builds a road"
    ]


@pytest.mark.parametrize("name", LESSONS)
def test_a_step_tells_a_player_s_move_once(name: str) -> None:
    sc = _lesson(name)
    steps = _Steps(sc)
    twice = [f"{n.action}: {t}" for n in sc.tree.walk() if (t := told_twice(steps.texts(n)))]
    assert twice == [], f"{name}: {twice}"
