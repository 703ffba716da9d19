"""Words for learners (issue 33, scope 5): every message template agrees with its counts and
labels ("1 victory point", "2 victory points", "an 8", "an edge", "P2 and P3 decide"), cards
and actions read as printed, and no internal name reaches the page.

The templates are enumerated where they are built: the "what to notice" table
(``wording.NOTICES``), the sentences of every action kind (``rules.words.say``: each move of
every packaged lesson), the chance and wait phrases, every refusal of the engine (the
positions and moves of ``refusal_table.json``), and each counted note of the page.
"""

from __future__ import annotations

import json
import re
from importlib.resources import files
from pathlib import Path

import pytest

from catan_tutor import grammar, new_game
from catan_tutor.actions import DEV_CARDS
from catan_tutor.board import EDGE_LABELS, HEX_NAMES, VERTEX_LABELS
from catan_tutor.game import Game
from catan_tutor.progress_cards import ALIASES, CARDS
from catan_tutor.rules import words
from catan_tutor.study.library import library
from catan_tutor.study.resources import lessons_dir
from catan_tutor.study.scenario import load_scenario
from catan_tutor.widgets import forms, odds_tables, wording
from catan_tutor.widgets.move_list import move_words

HERE = Path(__file__).parent
COUNTED = (
    "point|card|move|turn|token|settlement|city|road|knight|playout|improvement|hex|edge|"
    "vertex|attack|progress card|victory point|trade token|Defender of Catan point"
)
# (not "all 5 settlement pieces", "2 road spots": the noun qualifies another)
_SINGULAR_AFTER_MANY = re.compile(
    rf"\b(?<![.:,]\d)(0|[2-9]|\d\d+) ({COUNTED})\b(?!\s*\w*:)(?! pieces?| spots?)"
)
_PLURAL_AFTER_ONE = re.compile(rf"(?<![\d.:,–-])\b1 (({COUNTED})(s|es)|cities)\b")
# "a" (or "A" opening a sentence: hex A is a label) before a vowel sound
_A_BEFORE_VOWEL = re.compile(r"(?:\ba|(?:^|[.!?] )A) (8\d*|11|18|[aeiAEI]\w*|o(?!ne)\w*)\b")
_AN_BEFORE_CONSONANT = re.compile(r"\b[Aa]n (?!hour|honest|11\b|18\b|8)([b-df-hj-np-tv-z0-9]\w*)")
_MANY_DECIDES = re.compile(r"\b(P\d|chance)(, P\d)+ decides\b|\band P\d decides\b")


def agreement_errors(text: str) -> list[str]:
    """Where ``text`` gets a count or an article wrong ("1 victory points", "a 8", "an
    road", "P2, P3 decides")."""
    found = []
    for pattern in (
        _SINGULAR_AFTER_MANY,
        _PLURAL_AFTER_ONE,
        _A_BEFORE_VOWEL,
        _AN_BEFORE_CONSONANT,
        _MANY_DECIDES,
    ):
        found += [m[0] for m in pattern.finditer(text)]
    return found


def test_the_agreement_check_finds_what_the_learner_saw():
    """The checker itself: each defect reported in issue 33 is caught, its fix is not."""
    bad = [
        "P1 has 1 victory points.",
        "P2, P3 decides now.",
        "P1 has 1 Defender of Catan points.",
        "Your 1 moves in “Knight displacement” are kept",
        "played on a edge",
        "P1 rolled a 8.",
        "a 11",
        "an road",
        "hand: 2 card",
    ]
    for text in bad:
        assert agreement_errors(text), text
    good = [
        "P1 has 1 victory point.",
        "P2 and P3 decide now.",
        "P1 has 2 Defender of Catan points.",
        "Your 1 move in “Knight displacement” is kept",
        "played on an edge",
        "P1 rolled an 8.",
        "an 11",
        "a road",
        "hand: 2 cards",
        "hand: 0 cards",
    ]
    for text in good:
        assert agreement_errors(text) == [], text


@pytest.mark.parametrize("n", [0, 1, 2])
def test_count_and_article_agree(n):
    for noun in ("victory point", "card", "move", "city", "Defender of Catan point", "turn"):
        said = grammar.count(n, noun)
        assert said.startswith(f"{n} ") and agreement_errors(said) == [], said
        assert said.endswith(noun) == (n == 1), said
    assert grammar.count(n, "wool") == f"{n} wool"  # cards named as on the card


def test_articles_before_numbers_and_words():
    assert [grammar.a(x) for x in ("8", "11", "18", "80", "2", "12", "6")] == [
        "an 8", "an 11", "an 18", "an 80", "a 2", "a 12", "a 6",
    ]  # fmt: skip
    assert [grammar.a(x) for x in ("edge", "vertex", "hex", "road", "one", "hour")] == [
        "an edge", "a vertex", "a hex", "a road", "a one", "an hour",
    ]  # fmt: skip
    assert grammar.and_list(["P2"]) == "P2" and grammar.and_list(["P2", "P3"]) == "P2 and P3"
    assert grammar.and_list(["P1", "P2", "P3"]) == "P1, P2 and P3"


# Punctuation a learner found wrong (issue 33): a doubled "§ §", " - " for a dash, a capital
# after "— " that starts no name, doubled spaces, a space before a mark.
_DOUBLED_MARK = re.compile(r"§[\s\u202f]*§")
_HYPHEN_DASH = re.compile(r"\S - \S")
_QUOTATION = re.compile(r'"[^"]*"|“[^”]*”')
_CAPITAL_AFTER_DASH = re.compile(r"— ([A-Z][a-z]*)\b")
_DOUBLED_SPACE = re.compile(r"\S {2,}\S")
_SPACE_BEFORE_MARK = re.compile(r"\w [.,;:!?](?!\d)")
# Words that may open what follows a dash: names (colours as players, cards, awards, places)
NAMES_AFTER_DASH = frozenset(
    "Red Blue White Orange Green Brown Neutral Longest Largest Defender Catan Cities Knights "
    "Knight Monopoly Victory Road Year Merchant Metropolis Aqueduct Alchemy".split()
)


def punctuation_errors(text: str) -> list[str]:
    """Where ``text`` is punctuated wrong: "§ §", " - " as a dash, "— It is" (a capital
    after a dash that opens no name: ``NAMES_AFTER_DASH``, a seat or a label like P1, J, A4),
    "two  spaces", "a space ."."""
    found = [m[0] for m in _DOUBLED_MARK.finditer(text)]
    # a quotation keeps the printed rules' own hyphen ("5 - Wood", the dummy sheet: seed 002)
    found += [m[0] for m in _HYPHEN_DASH.finditer(_QUOTATION.sub('""', text))]
    found += [
        m[0]
        for m in _CAPITAL_AFTER_DASH.finditer(text)
        if m[1] not in NAMES_AFTER_DASH and not re.fullmatch(r"[A-Z]", m[1])
    ]
    found += [m[0] for p in (_DOUBLED_SPACE, _SPACE_BEFORE_MARK) for m in p.finditer(text)]
    return found


def test_the_punctuation_check_finds_what_the_learner_saw():
    assert punctuation_errors("one road away.§ §") == ["§ §"]
    assert punctuation_errors("away.§\u202f§") == ["§\u202f§"]
    assert punctuation_errors("yourself - the first road") == ["f - t"]
    assert punctuation_errors('the sheet prints "5 - Wood" - a slip') == ['" - a']
    assert punctuation_errors("on K5 — It is P2's move") == ["— It"]
    assert punctuation_errors("on K5 — it is P2's move — Red goes first — J is the desert") == []
    assert punctuation_errors("P1  rolls") == ["1  r"]
    assert punctuation_errors("P1 rolls .") == ["s ."]
    assert punctuation_errors("a 3:1 harbor, 2 : 1 is not") == ["2 :"]


LABELS = ["P1", "P2", "N1", *VERTEX_LABELS, *EDGE_LABELS, *HEX_NAMES]
NUMBER_KEYS = ("vp", "tokens", "barbarians", "defender", "phase")  # a count or a phase, never "-"


@pytest.mark.parametrize("key", sorted(wording.NOTICES))
def test_every_notice_template_agrees_with_counts_0_1_2_and_every_label(key):
    """``wording.NOTICES``: each "what to notice" sentence with the counts 0, 1, 2, each
    label, "-" (nothing) and parties ("P2", "P2, P3", "chance")."""

    def say(k: str, v: str) -> str:  # as the page says it
        return wording._notice(None, key, k, v)  # type: ignore[arg-type]

    values = ["0", "1", "2", "-", "P2", "P2, P3", "P1, P2, P3", "chance", "alchemy, road-building"]
    for k in LABELS:
        for v in values:
            text = say(k, v)
            assert text and not text[0].islower() and text.endswith("."), (key, k, v, text)
            assert agreement_errors(text) == [], (key, k, v, text)
            if v != "-" or key not in NUMBER_KEYS:  # ("-" is no number nor phase)
                assert punctuation_errors(text) == [], (key, k, v, text)
    if key == "vp":
        assert say("P1", "1") == "P1 has 1 victory point."
        assert say("P1", "2") == "P1 has 2 victory points."
    if key == "progress":
        assert say("P3", "alchemy, road-building") == "P3's progress cards: Alchemy, Road Building."


def _lesson_games() -> list[tuple[str, object]]:
    out = []
    for lesson in library(lessons_dir()):
        if not lesson.error:
            out.append((lesson.id, load_scenario(lesson.path).timeline))
    return out


INTERNAL = re.compile(
    r"\b(src|dst|args|listed|vp|roadbuilding|plenty|commo)\b|"
    + "|".join(re.escape(name) for name in ALIASES if "-" in name)
)


def test_every_move_of_every_lesson_reads_in_agreeing_words():
    """``rules.words.say`` for every move of every packaged lesson (every action kind the
    course plays, with its real labels and counts), the chance and wait phrases at each node:
    counts and articles agree, no card id shows (nor in the Moves tab's words)."""
    seen_kinds = set()
    checked = raw_ids = 0  # raw_ids: moves whose notation names a card by its id
    for lid, timeline in _lesson_games():
        for node in timeline.nodes.values():
            state = node.state
            if node.parent is not None and node.action is not None:
                text = words.say(node.parent.state, node.action)
                seen_kinds.add(type(node.action).__name__)
                assert agreement_errors(text) == [], (lid, str(node.action), text)
                assert punctuation_errors(text) == [], (lid, str(node.action), text)
                assert not INTERNAL.search(text), (lid, str(node.action), text)
                listed = move_words(node.action)  # the Moves tab's words for it
                assert not INTERNAL.search(listed), (lid, str(node.action), listed)
                raw_ids += bool(INTERNAL.search(str(node.action)))
                checked += 1
            rules = timeline.game.rules
            for phrase in (words.prompt(rules, state), words.chance_words(rules, state)):
                assert agreement_errors(phrase) == [], (lid, phrase)
    assert checked > 500 and len(seen_kinds) > 30, (checked, sorted(seen_kinds))
    assert raw_ids > 5  # such moves were there to be worded


def test_every_legal_move_at_every_lesson_start_reads_in_agreeing_words():
    """``say`` for each legal move at each lesson's start (the moves a learner is offered
    first, every label they can pick)."""
    for lid, timeline in _lesson_games():
        rules, state = timeline.game.rules, timeline.root.state
        for a in rules.legal_actions(state):
            text = words.say(state, a)
            assert agreement_errors(text) == [] and not INTERNAL.search(text), (lid, text)


def test_every_refusal_of_the_engine_agrees():
    """Every refusal the engine makes (``refusal_table.json``: each refusal function in each
    context, with a position and a move), its reason as the learner reads it."""
    rows = json.loads((HERE / "refusal_table.json").read_text(encoding="utf-8"))
    assert len(rows) > 100
    for row in rows:
        g = Game.from_position(row["position"])
        ex = g.explain(row["action"])
        assert not ex.legal
        assert agreement_errors(ex.reason) == [], (row["refusal"], row["action"], ex.reason)
        assert punctuation_errors(ex.reason) == [], (row["refusal"], row["action"], ex.reason)


def test_the_ck_setup_refusal_names_a_city_in_the_second_round():
    """CK-SETUP-ROUND2: the second placement of Cities & Knights is a city, and a refusal
    during it says so (not "places a settlement")."""
    g = new_game("ck", players=3)
    while g.state.phase in ("board", "rolloff") or g.is_chance():
        g.play(g.legal_actions()[0])
    for _ in range(6):  # the first round: a settlement and a road each
        g.play(g.legal_actions()[0])
    assert g.state.phase == "setup-settle"
    reason = g.explain(f"P{g.state.active + 1} end").reason
    assert "now places a city" in reason, reason
    first = new_game("ck", players=3)
    while first.state.phase in ("board", "rolloff") or first.is_chance():
        first.play(first.legal_actions()[0])
    assert "now places a settlement" in first.explain(f"P{first.state.active + 1} end").reason


@pytest.mark.parametrize("n", [0, 1, 2])
def test_the_counted_notes_of_the_page_agree(n):
    """The notes of the page that count: a hidden hand or cards held, the development
    cards held, the playouts' horizon, the lesson kept with the learner's moves."""
    from catan_tutor.widgets import panels
    from catan_tutor.widgets.app import App

    assert panels._held("progress", None, n) == f"progress: {grammar.count(n, 'card')}"
    assert agreement_errors(panels._held("hand", None, n)) == []
    dev = panels.dev_cards_text((n, n, 0, 0, 0))
    assert agreement_errors(dev) == [] and ("Victory Point card" in dev or n == 0), dev

    assert agreement_errors(odds_tables.horizon_text(n or 1, 0)) == []
    assert agreement_errors(odds_tables.horizon_text(n or 1, n or 1)) == []
    app = App(query="")
    app.open("base_setup")
    session = app.session
    session.first()
    for _ in range(n):
        before = len(session.timeline.nodes)
        session.play(session.legal()[-1])
        assert len(session.timeline.nodes) == before + 1
    assert session.own_moves() == n
    app.open("base_dev_cards")
    note = app.status.value
    assert agreement_errors(note) == [], note
    if n:
        assert f"Your {grammar.count(n, 'move')}" in note
        assert ("is kept" if n == 1 else "are kept") in note


def test_card_names_are_as_printed_in_one_table():
    titles = {c: words.card_title(c) for c in (*DEV_CARDS, *CARDS)}
    assert titles["vp"] == "Victory Point" and titles["roadbuilding"] == "Road Building"
    assert titles["plenty"] == "Year of Plenty" and titles["merchant-fleet"] == "Merchant Fleet"
    assert titles["commercial-harbor"] == "Commercial Harbor"
    assert all(t[0].isupper() and "-" not in t for t in titles.values()), titles
    assert words.card_title(1, dev=True) == "Victory Point"
    assert words.notation_words("P2 play merchant-fleet wool") == "P2 play Merchant Fleet wool"


def test_form_labels_are_words_and_absent_fields_are_not_shown():
    """The form's labels are words ("from", "to"), never the engine's field names; a forced
    trade in base-2p (no commodities) has no commodities field."""
    internal = {"src", "dst", "args", "listed", "vertex", "edge", "value"}
    assert not internal & set(forms.FIELD_LABELS.values())
    assert forms.field_label("src") == "from" and forms.field_label("dst") == "to"
    base2p, ck2p = new_game("base-2p", players=2), new_game("ck-2p", players=2)
    assert forms.absent(base2p, "commodities") and not forms.absent(ck2p, "commodities")


def test_odds_tables_have_plain_headers_and_a_horizon_to_the_end():
    """The Odds tab: headers in words, no DataFrame header row, and a horizon from the
    position: to the end of the game, capped, longer the further the leader is from winning."""
    from catan_tutor.analysis import production_table

    g = new_game("base", players=4)
    html = odds_tables.production_html(production_table(g, per="turn"))
    # a row per card (issue 33: eleven columns ran past the tab), a column per player
    assert "<th scope='col'>Card</th>" in html and "<th scope='col'>P4</th>" in html
    assert ">Total</th>" in html
    assert ">player<" not in html
    start = odds_tables.horizon(g)
    assert 40 <= start <= odds_tables.MAX_HORIZON
    assert "to the end of the game" in odds_tables.horizon_text(start, start)
    assert odds_tables.horizon_text(10, start) == "over the next 10 turns"


def test_rule_texts_on_the_page_carry_no_maintainers_notes():
    """A rule's text on hover (a rule named in a lesson) and its reading box are the rule's,
    not the reference's notes to its maintainers ("Check: terrain counts and the 18 tokens
    match …", "Fix here if …"), which stay in rules.md."""
    from catan_tutor import rulebook
    from catan_tutor.widgets import verdicts

    source = files("catan_tutor.rulebook").joinpath("rules.md").read_text(encoding="utf-8")
    assert "Check: terrain counts" in source  # the note is still there for the maintainers
    for rule_id, r in rulebook.rules().items():
        shown = verdicts.rule_ref_html(rule_id, r.title) + verdicts.reading_html(rule_id)
        assert "Check:" not in shown and "Fix here" not in shown, rule_id
    beginner = verdicts.rule_ref_html("BASE-BOARD-BEGINNER", "Beginner map")
    assert "S is pasture with an 11." in beginner  # the rule's own text is all there


def test_every_kind_of_action_reads_as_a_learner_says_it():
    """The palette's and the greyed buttons' labels (``wording.kind_words``) for every kind
    of every variant: cards as printed, no 'dev', no bare 'desert'; every reworded kind is a
    real one."""
    from catan_tutor.widgets.kinds import variant_kinds

    kinds: set[str] = set()
    for variant, players in (("base", 4), ("base-2p", 2), ("base-dummy", 2), ("ck", 3)):
        kinds |= set(variant_kinds(new_game(variant, players=players)))
    kinds |= set(variant_kinds(new_game("ck-2p", players=2)))
    assert set(wording.KIND_WORDS) <= kinds, set(wording.KIND_WORDS) - kinds
    for kind in kinds:
        said = wording.kind_words(kind)
        assert not INTERNAL.search(said) and "dev" not in said.split(), (kind, said)
        assert said.split()[0] != "desert", (kind, said)
    games = [
        set(variant_kinds(new_game(v, players=n)))
        for v, n in (("base", 4), ("base-2p", 2), ("base-dummy", 2), ("ck", 3), ("ck-2p", 2))
    ]
    for kind in kinds:  # a button found by a kind's name finds no more buttons than before,
        # in a game that has both (C&K for two's forced draw is named as base-2p's forced
        # trade, the lessons' name for it: never in one palette)
        inside = {
            o
            for o in kinds
            if o != kind
            and kind in wording.kind_words(o).lower()
            and any({o, kind} <= g for g in games)
        }
        assert inside <= {o for o in kinds if o != kind and kind in o}, (kind, inside)
    assert wording.kind_words("play plenty") == "Play Year of Plenty"
    assert wording.kind_words("build road") == "Build a road"  # the card's words
    assert wording.kind_words("settle") == "Build a settlement"  # not the kind's name


def test_the_forced_trade_form_has_the_commodities_field_only_where_the_variant_has_them():
    """Catan for two (2P-TOKEN-FORCED-TRADE): no commodities, so no such field, and the form
    still builds a legal move; Cities & Knights for two (CK2P-TOKEN-FORCED-TRADE): the field
    is there, in words: "draw from: resource cards only / whole hand" (l19 at
    11.16: "whole hand: no / yes" said neither what it meant nor what "yes" changed)."""
    from catan_tutor.widgets.app import App

    app = App(query="", start="Forced trade with trade tokens")
    controls = app.tutor.controls
    controls.palette.value = "forced trade"
    form = controls.form
    assert "commodities" not in form.names and form.fixed == {"commodities": False}
    shown = [d.description for d in form.pickers.values()]
    assert "commodities" not in shown and "draw from" not in shown
    form.set(**{n: getattr(form.actions[0], n) for n in form.names})
    assert form.action() == form.actions[0] and not form.play_button.disabled
    app.open(next(k for k in app.lessons if k.endswith("Forced trade with commodities")))
    app.tutor.controls.palette.value = "forced draw"
    form = app.tutor.controls.form
    assert "commodities" in form.names
    picker = form.pickers["commodities"]
    assert picker.description == "draw from"
    assert [label for label, _ in picker.options if label != "— choose —"] == [
        "resource cards only",
        "whole hand",
    ]


def test_a_chance_event_in_a_computers_turn_is_said_in_words():
    """The computer seats' status line while chance is due in a computer's turn: "Next:
    roll the dice, on P1's turn", not "P1's dice: to move" nor "Next: chance: …"."""
    from catan_tutor.widgets.tutor import Tutor

    g = new_game("base", players=3, seed=1)
    while g.state.phase != "pre-roll":
        g.play(g.legal_actions()[0])
    g.play(f"P{g.state.active + 1} roll")
    assert g.is_chance()
    t = Tutor(g)
    t.session.computers = {g.state.active: "greedy"}  # a computer seat, not yet playing
    t.computer._show()
    said = t.computer.status.value
    assert f"Next: roll the dice, on P{g.state.active + 1}&#x27;s turn" in said, said  # escaped '
    assert "to move" not in said
