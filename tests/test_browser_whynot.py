"""End to end, "why not?" (issue 18, scope 4): a learner opens a lesson by its link
(``?lesson=ID&node=N``; in the same page the next cases' lessons are picked from the lists
and stepped to with ▶, as a learner goes on), chooses a kind of action, clicks a spot
where it cannot be played, and reads why: the verdict in the panel with the rule's title
and text, and a red ring with the short reason on the board (a hidden ``.catan-refused``
marker says where). Nothing is played. Four cases: a base build, a knight displacement, a
barbarian pillage choice and a forced trade (typed under Try a move: a forced trade is not
played on a spot).

The spot and the verdict expected are found in Python with the same Tutor, headless, so the
test follows the lessons as they change. Needs /usr/bin/chromium (skipped without it, except
under ``CI=true``). Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import pytest
from browser_harness import ARTIFACTS, PAGE_TIMEOUT, Page, pick_lesson, settle

from catan_tutor import board, rulebook
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import load_scenario
from catan_tutor.widgets import style
from catan_tutor.widgets.spot_sentences import pointer_words
from catan_tutor.widgets.verdicts import title_of
from catan_tutor.widgets.wording import kind_words

pytestmark = [pytest.mark.browser, pytest.mark.kernel]

STATE_JS = """() => {
  const e = document.querySelector('.catan-tutor .catan-state');
  return e ? `node ${e.dataset.node} ${e.dataset.phase}` : '';
}"""


@dataclass
class Case:
    query: str  # the link's query: "lesson=ID&node=N" (or "position=CODE")
    node: int
    kind: str  # the kind chosen (a palette or greyed button)
    spot: tuple[str, str]  # ("vertex", "J4"); ("", "") for a move typed under Try a move
    typed: str  # the move asked about
    rule: str  # the rule of the verdict expected


def _tutor_at(lesson: str, node_id: int):
    from catan_tutor.widgets.tutor import Tutor

    t = Tutor(load_scenario(packaged_lessons() / f"{lesson}.catan.yaml"))
    t.session.goto(node_id)
    return t if t.timeline.current.id == node_id else None


def _nodes(lesson: str):
    return list(load_scenario(packaged_lessons() / f"{lesson}.catan.yaml").timeline.nodes.values())


def _ask(t, kind: str, spot: tuple[str, int]):
    """Choose ``kind`` (legal or greyed) and click ``spot``: the refusal, or None."""
    if kind in [o[1] if isinstance(o, tuple) else o for o in t.controls.palette.options]:
        t.controls.palette.value = kind
    elif kind in [o[1] for o in t.controls.blocked.options]:
        t.controls.blocked.value = kind
    else:
        return None
    if spot in t.view.targets:
        return None
    t.act_at(spot)
    if t.view.refused is None or t.view.refused[0] != spot:
        return None
    return t.game.explain(t.controls.try_text.value)


def _find(lessons: list[str], phases: set[str], kind: str, spots, want: set[str]) -> Case | None:
    """The first (lesson, node, spot) where choosing ``kind`` and clicking the spot is refused
    under one of the ``want`` rules."""
    for lesson in lessons:
        for node in _nodes(lesson):
            if node.state.phase not in phases:
                continue
            t = _tutor_at(lesson, node.id)
            if t is None:
                continue
            for spot in spots(t.game.state):
                ex = _ask(t, kind, spot)
                if ex is not None and not ex.legal and ex.rule in want:
                    label = (
                        board.VERTEX_LABELS
                        if spot[0] == "vertex"
                        else board.EDGE_LABELS
                        if spot[0] == "edge"
                        else board.HEX_NAMES
                    )
                    return Case(
                        f"lesson={lesson}&node={node.id}",
                        node.id,
                        kind,
                        (spot[0], label[spot[1]]),
                        t.controls.try_text.value,
                        ex.rule,
                    )
                t.session.goto(node.id)  # as it was (the click played nothing)
    return None


def _next_to_buildings(s):
    built = [v for v, o in enumerate(s.vowner) if o >= 0]
    return [
        ("vertex", u)
        for v in built
        for e in range(board.N_EDGES)
        if v in board.EDGE_VERTICES[e]
        for u in board.EDGE_VERTICES[e]
        if u != v
    ][:8]


def _knights(s):
    return [("vertex", v) for v, k in enumerate(s.kn or ()) if k is not None]


def _cities(s):
    return [("vertex", v) for v, c in enumerate(s.vcity) if c]


PILLAGE_RULES = {"CK-METRO-VALUE", "CK-BARB-LOSE", "CK-BARB-LOSE-CHOICE"}


def _pillage_by_position() -> Case:
    """No lesson stops at a pillage choice: the position of one, by its link. The barbarians
    (5 cities) beat P3's one knight; P1 chooses which city to lose; P2's K6 carries the
    science metropolis (CK-METRO-VALUE: never pillaged)."""
    from test_rules_ck_pieces import attack_game, per, strike

    from catan_tutor.widgets.links import pack_position
    from catan_tutor.widgets.tutor import Tutor

    g = strike(
        attack_game(
            cities=per("I4,D4", "K6,C6", "A4"),
            kn="A2:P3:1:a--",
            metro="K6,-,-",
            levels="0,0,0/4,0,0/0,0,0",
        )
    )
    t = Tutor(g)
    spot = ("vertex", board.parse_vertex("K6"))
    ex = _ask(t, "pillage", spot)
    assert ex is not None and ex.rule in PILLAGE_RULES, ex
    return Case(
        f"position={pack_position(g.position())}",
        0,
        "pillage",
        ("vertex", "K6"),
        t.controls.try_text.value,
        ex.rule,
    )


def _distance_by_link() -> Case:
    """A new base game after P1's first settlement and road: P2 asks for the corner next to
    it (BASE-BUILD-DISTANCE)."""
    from catan_tutor import new_game
    from catan_tutor.widgets.links import pack_position
    from catan_tutor.widgets.tutor import Tutor

    g = new_game("base", players=3)
    g.play("P1 settle J12")
    g.play(g.legal_actions()[0])
    t = Tutor(g)
    spot = _next_to_buildings(g.state)[0]
    ex = _ask(t, "settle", spot)
    assert ex is not None and ex.rule == "BASE-BUILD-DISTANCE", ex
    return Case(
        f"position={pack_position(g.position())}",
        0,
        "settle",
        ("vertex", board.VERTEX_LABELS[spot[1]]),
        t.controls.try_text.value,
        ex.rule,
    )


def _displace_by_position() -> Case:
    """No lesson shows a displacement refused: P1's strong knight against P2's strong one
    (CK-KNIGHT-DISPLACE: only a weaker knight is displaced), by the position's link."""
    from test_rules_ck_pieces import knight_game

    from catan_tutor.widgets.links import pack_position
    from catan_tutor.widgets.tutor import Tutor

    g = knight_game(kn="H6:P1:2:a--,H4:P2:2:a--")
    t = Tutor(g)
    ex = _ask(t, "move knight", ("vertex", board.parse_vertex("H4")))
    assert ex is not None and ex.rule == "CK-KNIGHT-DISPLACE", ex
    return Case(
        f"position={pack_position(g.position())}",
        0,
        "move knight",
        ("vertex", "H4"),
        t.controls.try_text.value,
        ex.rule,
    )


def _lessons(prefix: str) -> list[str]:
    names = sorted(f.name.split(".")[0] for f in packaged_lessons().glob("*.catan.yaml"))
    return [n for n in names if n.startswith(prefix)]


@pytest.fixture(scope="module")
def cases() -> dict[str, Case]:
    out = {
        "build": _find(
            ["base_setup"],
            {"setup-settle", "main"},
            "settle",
            _next_to_buildings,
            {"BASE-BUILD-DISTANCE"},
        )
        or _distance_by_link(),
        "knight": _find(
            ["ck_knight_displacement"], {"main"}, "move knight", _knights, {"CK-KNIGHT-DISPLACE"}
        )
        or _displace_by_position(),
        "pillage": _find(_lessons("ck_"), {"pillage"}, "pillage", _cities, PILLAGE_RULES)
        or _pillage_by_position(),
    }
    assert all(out.values()), out
    lesson = "base_2p_forced_trade"
    node = next(
        n
        for n in _nodes(lesson)
        if n.state.phase in ("main", "pre-roll")
        and n.state.tokens
        and n.state.tokens[n.state.active] >= 2
    )
    t = _tutor_at(lesson, node.id)
    assert t is not None
    typed = f"{t.game.names[t.game.state.active]} force take 1 brick give 1 ore"
    ex = t.game.explain(typed)
    assert not ex.legal
    out["forced trade"] = Case(
        f"lesson={lesson}&node={node.id}", node.id, "", ("", ""), typed, ex.rule
    )
    return out


def _spot_xy(page, kind: str, label: str) -> tuple[float, float]:
    from catan_tutor.widgets.board_view import Viewport

    box = page.locator(".catan-board canvas").last.bounding_box()
    ratio = 2
    vp = Viewport.fit(
        round(box["width"]) * ratio, round(box["height"]) * ratio - style.STRIP_HEIGHT * ratio
    )
    parse = {"vertex": board.parse_vertex, "edge": board.parse_edge, "hex": board.parse_hex}
    xy = {"vertex": board.vertex_xy, "edge": board.edge_xy, "hex": board.hex_centre_xy}
    x, y = vp.px(xy[kind](parse[kind](label)))
    return box["x"] + x / ratio, box["y"] + y / ratio


def _pointer_on(spot) -> str:
    """The pointer line's head for ``spot`` ("Pointer on N4,"; what the spot is for follows,
    a corner's with knights in Cities & Knights)."""
    said = pointer_words(spot)
    assert said.startswith("Pointer on ") and said.endswith("."), said
    return said.split(",")[0] + ","


def _click_spot(page, kind: str, label: str) -> None:
    """Click the spot once the pointer over it names it (the tutor's pointer label): the page
    may still be laying out when the board is first drawn."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    parse = {"vertex": board.parse_vertex, "edge": board.parse_edge, "hex": board.parse_hex}
    said = _pointer_on((kind, parse[kind](label)))  # "Pointer on N4, a settlement or…"
    name = page.locator(".catan-tutor .widget-label").get_by_text(said)
    # The first click on the board focuses it, and the page scrolls it into view under the
    # pointer: bring it into view and give it focus first, with a click on the strip under the
    # board (no spot there).
    page.locator(".catan-board canvas").last.scroll_into_view_if_needed()
    box = page.locator(".catan-board canvas").last.bounding_box()
    page.mouse.click(box["x"] + 8, box["y"] + box["height"] - 8)
    settle(page)
    for _ in range(8):
        xy = _spot_xy(page, kind, label)
        page.mouse.move(xy[0] + 1, xy[1])
        page.mouse.move(*xy)
        try:
            name.first.wait_for(timeout=5_000)
        except PlaywrightTimeout:
            continue
        settle(page)  # a late line above the board moves it: look again
        if _spot_xy(page, kind, label) == xy:
            page.mouse.click(*xy)
            return
    raise AssertionError(f"the pointer never named {said}")


def _read_rule(page, case: Case) -> None:
    """The verdict under Try a move: not allowed, under the expected rule, whose title opens
    on its text."""
    verdict = page.locator(f".catan-try .catan-verdict[data-legal='0'][data-rule='{case.rule}']")
    verdict.wait_for()
    rule = rulebook.rule(case.rule)
    details = verdict.locator(f"details.catan-rule[data-rule='{case.rule}']")
    details.locator("summary").filter(has_text=title_of(case.rule)).click()  # plain words
    words = rule.text.replace("`", "").split()[:4]
    details.get_by_text(" ".join(words), exact=False).first.wait_for()


def _on_line(query: str) -> str | None:
    """The lesson of a ``lesson=ID&node=N`` link whose node is on the lesson's own line (▶
    from its start reaches it), else None."""
    q = dict(x.split("=", 1) for x in query.split("&"))
    if set(q) != {"lesson", "node"}:
        return None
    sc = load_scenario(packaged_lessons() / f"{q['lesson']}.catan.yaml")
    node = sc.timeline.nodes[int(q["node"])]
    while node.parent is not None:
        if node.parent.children[0] is not node:
            return None
        node = node.parent
    return q["lesson"]


def _reach(page, url: str, case: Case, first: bool) -> None:
    """Open the page at ``case``: by its link the first time (or when the lesson's line does
    not lead there); after, in the same page, as a learner goes there: the lesson picked
    from the lists, ▶ to the node (a page load a case cost ~5 CPU-s)."""
    lesson = None if first else _on_line(case.query)
    if lesson is None:
        page.goto(f"{url}?{case.query}", timeout=PAGE_TIMEOUT)
    else:
        from catan_tutor.study.library import library

        found = next(x for x in library(packaged_lessons()) if x.id == lesson)
        pick_lesson(page, found.title)
        assert found.place is not None  # (the tab's title starts with the lesson's number)
        number = f"{found.place.chapter}.{found.place.number} "
        page.wait_for_function("(n) => document.title.startsWith(n)", arg=number)
        page.wait_for_function(f"() => ({STATE_JS})().startsWith('node 0 ')")
        forward = page.get_by_title("forward (], or PageDown on the board)", exact=True)
        for _ in range(case.node):
            now = page.evaluate(STATE_JS)
            if now.startswith(f"node {case.node} "):
                break
            forward.click()
            page.wait_for_function(f"(s) => ({STATE_JS})() !== s", arg=now)
    page.wait_for_function(
        f"() => ({STATE_JS})().startsWith('node {case.node} ')", timeout=PAGE_TIMEOUT
    )
    # nothing of the case before it: no ring, no verdict under Try a move
    assert not page.locator(".catan-refused, .catan-try .catan-verdict").count()


def test_a_learner_reads_why_not_on_the_board_and_in_the_panel(
    chromium, browser, app_server, cases
):
    started = time.perf_counter()
    p = Page(browser, "whynot")
    page = p.page
    page.set_viewport_size({"width": 1280, "height": 1400})  # the whole board in view
    # the cases a link opens at a lesson's node last: each reached in the page from the last
    order = sorted(cases.items(), key=lambda c: _on_line(c[1].query) is not None)
    retyped = False
    try:
        for i, (name, case) in enumerate(order):
            _reach(page, app_server, case, first=i == 0)
            before = page.evaluate(STATE_JS)
            explore = page.locator(".catan-explore")  # the tools: Try a move, every kind
            if "mod-active" not in (explore.get_attribute("class") or ""):  # a lesson's link
                explore.click()
            page.locator(".catan-try").wait_for()
            if case.spot[0]:
                button = kind_words(case.kind)  # the kind's label on the page
                kind = page.get_by_role("button", name=button, exact=True)
                if not kind.count():  # a kind not possible now: behind "Why can't I…?"
                    page.locator(".catan-why-toggle").click()
                kind.first.click()
                _click_spot(page, *case.spot)
                ring = page.locator(f".catan-refused[data-spot='{case.spot[0]} {case.spot[1]}']")
                ring.wait_for(state="attached")
                assert ring.get_attribute("data-reason"), name
                assert page.locator(".catan-try input[type='text']").input_value() == case.typed
            else:  # typed: a forced trade is played from its form, not on a spot
                box = page.locator(".catan-try input[type='text']")
                box.fill(case.typed)
                box.press("Enter")
            _read_rule(page, case)
            if case.spot[0] and not retyped:  # typing after the tap replaces its text (s32:
                # "P1 settle M4build a settlement at e4", "“M4build” is not a corner")
                retyped = True
                box = page.locator(".catan-try input[type='text']")
                box.click()
                page.keyboard.type(case.typed)
                settle(page)
                assert box.input_value() == case.typed, name
                _read_rule(page, case)
            assert page.evaluate(STATE_JS) == before, name  # asking played nothing
            page.locator(".catan-tutor").first.screenshot(
                path=ARTIFACTS / f"whynot_{name.replace(' ', '_')}.png"
            )
        assert p.outside == []
    finally:
        p.close()
    print(f"\nwhy-not browser test: {time.perf_counter() - started:.1f} s")


def _canvas_point(page, p: tuple[float, float]) -> tuple[float, float]:
    """Where board point ``p`` shows on the page: the canvas's pixels as drawn (its natural
    size), scaled to the box it shows in, as a click is reckoned (ipycanvas)."""
    from catan_tutor.widgets.board_view import Viewport

    canvas = page.locator(".catan-board canvas").last
    box = canvas.bounding_box()
    w, h = canvas.evaluate("c => [c.width, c.height]")  # its pixels (ratio 2)
    x, y = Viewport.fit(w, h - style.STRIP_HEIGHT * 2).px(p)
    return box["x"] + x * box["width"] / w, box["y"] + y * box["height"] / h


def test_the_pointer_names_the_spot_a_click_is_judged_on_at_1024x768(browser, app_server):
    """Issue 33 (a fresh learner): in a free game at 1024x768 the pointer's label said "edge
    N5" where the click was judged a hex: the label was reckoned in the box around the board
    (its focus ring's padding, and a width the canvas does not have), a few pixels off the
    click's, which decided near the line between an edge and a hex. Now one hit test on the
    canvas's own box: at points either side of that line, beside the edge Q7 on the lower
    left (where the old reckoning was most off), the label names what the board's hit test
    finds there, and a click there is judged on that spot (a why-not ring on the edge; a
    road on the hex: "goes on an edge")."""
    from catan_tutor import new_game
    from catan_tutor.widgets.board_tags import EDGE_PICK, hit_test
    from catan_tutor.widgets.links import pack_position

    g = new_game("base", players=3)
    g.play("P1 settle J12")
    g.play(g.legal_actions()[0])
    p = Page(browser, "pointer_1024")
    page = p.page
    page.set_viewport_size({"width": 1024, "height": 768})
    try:
        page.goto(f"{app_server}?position={pack_position(g.position())}", timeout=PAGE_TIMEOUT)
        page.wait_for_function(f"() => ({STATE_JS})().startsWith('node 0 ')", timeout=PAGE_TIMEOUT)
        before = page.evaluate(STATE_JS)
        page.locator(".catan-why-toggle").click()  # a road is no move now: asked why not
        page.get_by_role("button", name=kind_words("build road"), exact=True).first.click()
        canvas = page.locator(".catan-board canvas").last
        canvas.scroll_into_view_if_needed()
        box = canvas.bounding_box()
        page.mouse.click(box["x"] + 8, box["y"] + box["height"] - 8)  # focus: the strip
        settle(page)
        label = page.locator(".catan-tutor .widget-label").filter(has_text="Pointer on")
        edge, hexagon = board.parse_edge("Q7"), board.parse_hex("Q")
        (ex, ey), (hx, hy) = board.edge_xy(edge), board.hex_centre_xy(hexagon)
        length = math.dist((ex, ey), (hx, hy))
        for off in (-0.05, 0.05):  # inside the edge's reach, then just past it
            t = (EDGE_PICK + off) / length
            at = (ex + (hx - ex) * t, ey + (hy - ey) * t)
            spot = hit_test(at)
            assert spot == (("edge", edge) if off < 0 else ("hex", hexagon))
            x, y = _canvas_point(page, at)
            page.mouse.move(x + 3, y)
            page.mouse.move(x, y)
            label.get_by_text(_pointer_on(spot)).wait_for(timeout=10_000)
            # for screen readers only: not on screen (l23: it stood beside Copy link)
            settle(page)
            seen = label.first.evaluate(
                "e => [getComputedStyle(e).clip, getComputedStyle(e).position, e.offsetWidth]"
            )
            assert seen == ["rect(0px, 0px, 0px, 0px)", "absolute", 1], seen
            page.mouse.click(x, y)
            if spot[0] == "edge":
                ring = page.locator(f".catan-refused[data-spot='edge {board.EDGE_LABELS[edge]}']")
                ring.wait_for(state="attached", timeout=10_000)
            else:
                page.get_by_text("This move goes on an edge, not on a hex").wait_for(timeout=10_000)
        page.locator(".catan-tutor").first.screenshot(path=ARTIFACTS / "pointer_1024.png")
        assert page.evaluate(STATE_JS) == before  # asking played nothing
        assert p.outside == []
    finally:
        p.close()
