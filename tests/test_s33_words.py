"""Words a fresh learner tripped on (session 33).

1. Narration listed cards without "and" ("P1 gets 1 wool, 1 cloth, P2 gets 2 grain" at 11.16):
   a list of cards is said as a sentence says it ("1 wool and 1 cloth", "1 brick, 1 lumber and
   1 wool", ``actions.bundle_words``), each player's share its own clause ("; P2 gets …"), in
   every line of What happened and in every lesson's own texts.
2. 11.16 said "on corner N4" and then "on N4" in one line ("P1's basic knight on N4 leaves the
   board"): a label that looks like a party is said with its noun in every line of What
   happened, the pieces a move's consequences name too (l24's rule, ``rules.spot_nouns``).
"""

from __future__ import annotations

import re
from functools import cache

import pytest
import yaml
from puzzle_answers import course_timelines
from test_lesson_labels import PROSE, bare_party_labels, texts

from catan_tutor.board import CARD_NAMES
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import SUFFIX
from catan_tutor.variants.two_player_actions import DRAWN_BLIND
from catan_tutor.widgets.path_log import move_line, told

_ITEM = rf"\d+ (?:{'|'.join(CARD_NAMES)})\b"
_RUN = re.compile(rf"{_ITEM}(?:(?:, | and ){_ITEM})+")
_DIE_FACES = re.compile(r"^, 6\s+roll again")  # the dummy's Monopoly die: faces, not counts


def lists_without_and(text: str) -> list[str]:
    """Each list of cards in ``text`` not said as a sentence says it: its last two joined by
    "and", the others by commas."""
    out = []
    for m in _RUN.finditer(text):
        if _DIE_FACES.match(text[m.end() :]):
            continue
        joins = re.findall(rf"(, | and )(?={_ITEM})", m.group())
        if joins[-1] != " and " or " and " in joins[:-1]:
            out.append(m.group())
    return out


def test_the_scan_finds_a_list_without_and():
    assert lists_without_and("P1 gets 1 wool, 1 cloth, P2 gets 2 grain.") == ["1 wool, 1 cloth"]
    assert lists_without_and("P1 pays 1 brick, 1 lumber, 1 wool and 1 grain.") == []
    assert lists_without_and("P1 gets 1 wool and 1 cloth; P2 gets 2 grain.") == []
    assert lists_without_and("1 wool and 1 grain and 1 ore") == ["1 wool and 1 grain and 1 ore"]
    assert lists_without_and("a die: 1 brick, 2 grain, 3 lumber, 4 ore, 5 wool, 6 roll again") == []


@cache
def _log_lines() -> tuple[tuple[str, str, str, frozenset[str]], ...]:
    """(lesson, move, its What happened line, the parties of its game) for every move of
    every packaged lesson (hands shown: the cards are named)."""
    out = []
    for name, tl in course_timelines():
        for node in tl.nodes.values():
            if not told(node) or node.parent is None:
                continue
            s = node.parent.state
            seats = frozenset({*s.names[: s.n], *(["N1", "N2"] if s.caps.neutrals else [])})
            line = move_line(tl, node, frozenset(range(s.n)))
            out.append((name, str(node.action), line, seats))
    return tuple(out)


def test_every_what_happened_line_lists_cards_with_and():
    lines = _log_lines()
    assert len(lines) > 1000
    bad = [(name, move, line) for name, move, line, _ in lines if lists_without_and(line)]
    assert bad == [], bad[:5]


def test_11_16_s_roll_says_each_player_s_cards_in_a_clause_of_their_own():
    line = next(t for n, m, t, _ in _log_lines() if n.startswith("puzzle_ck_2p") and "4 (" in t)
    assert "P1 gets 1 wool and 1 cloth; P2 gets 2 grain." in line, line


def test_a_cost_and_guild_dues_list_their_cards_with_and():
    lines = {t for _, _, t, _ in _log_lines()}
    assert any("(P1 pays 1 brick, 1 lumber, 1 wool and 1 grain)" in t for t in lines)
    assert any("buys a development card (1 wool, 1 grain and 1 ore)" in t for t in lines)
    guild = next(t for t in lines if "Guild Dues" in t)
    assert "P2 plays the progress card Guild Dues, taking 1 ore and 1 cloth from P3." in guild


@pytest.mark.course  # (a sweep over the lessons: an even third in the suite)
@pytest.mark.parametrize(
    "path", sorted(packaged_lessons().glob(f"*{SUFFIX}")), ids=lambda p: p.name[: -len(SUFFIX)]
)
def test_a_lesson_s_own_texts_list_cards_with_and(path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    bad = [
        f"{where}: {text.strip()[:90]}"
        for where, text in texts(data)
        if re.sub(r"\[\d+\]$", "", where.rsplit("/", 1)[-1]) in PROSE and lists_without_and(text)
    ]
    assert bad == [], bad


def test_every_what_happened_line_names_a_party_like_label_with_its_noun():
    """l24's rule in every line, not only the move's own sentence: 11.16 said "P1 takes their
    basic knight on corner N4 off the board … P1's basic knight on N4 leaves the board"."""
    bad = [(n, m, t) for n, m, t, seats in _log_lines() if bare_party_labels(t, seats)]
    assert bad == [], bad[:5]
    line = next(t for n, m, t, _ in _log_lines() if m == "P1 remove-knight N4")
    assert "P1's basic knight on corner N4 leaves the board." in line, line


# 3. A question asking who moves (1.4's "Whose turn is it to place?") told a wrong seat "P1
#    can't build a settlement on M4: it is not P1's move now." in the answer box, half the
#    answer (all of it with two players, the dummy's setup puzzle), while Try a move there
#    judges no move at all (``widgets.try_words.WHO_KEPT``). Now a refused try is told what
#    the same try by the seat to move would be told, naming no seat but the one typed (a
#    reason of the spot), else only that it is not the answer.
def _who_questions():
    from puzzle_answers import course_puzzles

    from catan_tutor.study.puzzle import asks_who

    return [a for a in course_puzzles() if asks_who(a.puzzle)]


@pytest.mark.parametrize("asked", _who_questions(), ids=lambda a: f"{a.lesson}@{a.node}")
def test_at_a_who_question_each_part_of_a_try_is_judged_naming_no_part_of_the_answer(asked):
    """1.4 (s33): "it is not P1's move now" told a rule, not the answer's parts, and Try a
    move judged none; then every seat got one reply, and l45, told of E4's dots alone after
    "P1 settle E4", believed P1 right. Each part is judged on its own: the move as the seat to
    move would hear it (the same words for every seat), then, for another seat, "It is not
    P1's turn: whose is it?"; no reply names the seat to move, and the answer's move by another
    seat is told only the turn (its corner not confirmed)."""
    from dataclasses import replace

    from test_puzzle_secret import tries_at

    from catan_tutor.game import Game
    from catan_tutor.study.puzzle import WHO_ELSE, answer_nodes, judge

    tl = asked.scenario().timeline
    node = tl.nodes[asked.node]
    game = Game(tl.rules, node.state)
    names = [game.state.name(p) for p in range(game.players)]
    answers = answer_nodes(asked.puzzle, node, tl.rules)
    by_move: dict[str, dict[int, str]] = {}
    for a in tries_at(game, True):
        j = judge(asked.puzzle, node, tl.rules, a)
        mine = game.explain(replace(a, player=game.acting_seat))
        if j.correct:
            continue
        said, own = j.text, names[a.player]
        turn = WHO_ELSE.format(own) if a.player != game.acting_seat else ""
        assert said.endswith(turn), (str(a), said)  # (the turn last, for another seat)
        part = said.removesuffix(turn).strip()
        assert not re.search(r"move now|'s move|'s turn|not P\d's", part), (str(a), said)
        others = [n for n in names if n != own]
        owner = r"'s (?:settlement|city|road|knight)\b"  # a piece's owner: the board's
        named = [n for n in others if re.search(rf"(?<!edge )(?<!corner )\b{n}\b(?!{owner})", said)]
        assert named == [], (str(a), said)
        if mine.legal:  # the seat to move may: why it is worse, in words naming no seat
            assert not part.startswith(tuple(names)), (str(a), said)
            if any(c.action == mine.action for c in answers):  # the answer's move: the turn
                assert part == "" and turn, said
        head = re.sub(rf"^{own}\b", "P?", part)
        by_move.setdefault(str(replace(a, player=0)), {})[a.player] = head
    assert len(by_move) > 50
    differ = {m: d for m, d in by_move.items() if len(set(d.values()) - {""}) > 1}
    assert differ == {}, list(differ.items())[:3]  # the move's part the same for every seat


# 4. 11.16's forced trade in the words its question and explanation use ("force a trade",
#    "resource cards", "take 2 cards", "gives back …"): "P1 force resource cards" was "not
#    understood", "P1 forced trade for 2 wool" told "“wool” does not fit here: “take” goes
#    there", a word of base-2p's open trade, which C&K for two has not (CK2P-TOKEN-FORCED-TRADE).
def _at_11_16(move: str):
    from puzzle_answers import lesson

    from catan_tutor.game import Game

    tl = lesson("puzzle_ck_2p").timeline
    node = next(n for n in tl.nodes.values() if str(n.action).startswith(move)).parent
    return tl, node, Game(tl.rules, node.state)


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("P1 force resource cards", "P1 force"),
        ("P1 force resources", "P1 force"),
        ("P1 force a trade for resource cards", "P1 force"),
        ("P1 take 2 resource cards from P2", "P1 force"),
        ("P1 forces P2 to give 2 resource cards", "P1 force"),
        ("P1 force a trade for the whole hand", "P1 force all"),
    ],
)
def test_11_16_s_forced_trade_reads_in_its_question_s_words(typed: str, read: str):
    from puzzle_answers import judged

    from catan_tutor.move_words import read_move

    tl, node, game = _at_11_16("P1 force")
    assert str(read_move(game, typed)) == read
    assert judged("puzzle_ck_2p", node.id, typed).correct == (read == "P1 force")


@pytest.mark.parametrize("typed", ["P1 forced trade for 2 wool", "P1 force 2 wool"])
def test_a_forced_trade_naming_cards_in_ck_for_two_is_told_the_draw_is_blind(typed: str):
    from puzzle_answers import judged

    tl, node, game = _at_11_16("P1 force")
    j = judged("puzzle_ck_2p", node.id, typed)
    said = f"does not fit here: {DRAWN_BLIND}."
    assert not j.correct and said in j.text, j.text
    assert "“take”" not in j.text and "“P1 force”" not in j.text, j.text  # (no answer named)


@pytest.mark.parametrize(
    "typed",
    [
        "P1 gives back 1 brick and 1 lumber",
        "P1 give back 1 brick, 1 lumber",
        "give back a brick and a lumber",
        "P1 gives 1 brick and 1 lumber back",
    ],
)
def test_the_cards_given_back_read_as_the_forced_trade_s_give_back(typed: str):
    from catan_tutor.move_words import read_move

    _, _, game = _at_11_16("P1 force give")
    assert str(read_move(game, typed)) == "P1 force give 1 brick, 1 lumber"


def test_gives_back_with_no_card_asks_which_and_base_2p_gives_back_too():
    from test_forced_trade_typed import _before

    from catan_tutor.move_words import PartLeftOut, read_move

    _, _, game = _at_11_16("P1 force give")
    with pytest.raises(PartLeftOut) as e:
        read_move(game, "P1 gives back")
    assert e.value.question == "Which cards are given?"
    g = _before("base_2p_forced_trade", "P1 force")
    said = "P1 forced trade: take 1 ore, give back 1 wool"
    assert str(read_move(g, said)) == "P1 force take 1 ore give 1 wool"


@pytest.mark.parametrize(
    ("notation", "kinds", "said"),
    [
        (
            "P1 bank 4 wool ore",
            5,
            "“ore” does not fit here: “for” goes there, between the cards given and the card"
            " wanted.",
        ),
        (
            "P1 force wool",
            5,
            "“wool” does not fit here: “take” goes there, right after “force”, before the cards"
            " taken.",
        ),
        (
            "P1 force wool",
            8,
            f"“wool” does not fit here: {DRAWN_BLIND}.",
        ),
        (
            "P1 return wool",
            8,
            "“wool” does not fit here: “knight” or a commodity (paper, cloth or coin) goes there.",
        ),
    ],
)
def test_a_word_in_the_wrong_place_is_told_what_goes_there(notation, kinds, said):
    """Every word of the notation's own the reader wants where another stands says what goes
    there and where, in a sentence (``Reader.word``'s place; was "“ore” does not fit here:
    “for” goes there", and at 11.16 "“take” goes there", a word C&K for two has not)."""
    from catan_tutor.actions import parse_action
    from catan_tutor.errors import CatanError
    from catan_tutor.typed_forms import plain_reason

    with pytest.raises(CatanError) as e:
        parse_action(notation, 0, 2, kinds)
    assert plain_reason(e.value) == said
