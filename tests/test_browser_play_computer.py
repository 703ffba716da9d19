"""End to end (issue 33, scope 6): a short game against the computer in the app's Voilà page.
The learner makes P2-P4 computers and starts; pauses them; asks for a hint (a ring with an
arrow on the board, one plain sentence of why); plays the hinted settlement and road; the
paused computers play nothing; Resume lets them set up; the other seats' hands are hidden.
Then the robber-target overlay (outlined hexes, the terrain readable) and the why-not tag on
the board (wrapped, whole).

Needs /usr/bin/chromium (skipped without it, except under ``CI=true``). Only hidden
``data-*`` markers are read. Screenshots go to tests/artifacts/ (play_computer_*.png).
"""

from __future__ import annotations

import re

import pytest
from browser_harness import (  # noqa: F401
    ARTIFACTS,
    ask_hint,
    browser,
    chromium,
    click_play_typed,
    new_page,
    open_app,
    open_new_game,
    open_tab,
    settle,
)
from test_browser_whynot import _click_spot

pytestmark = [pytest.mark.browser, pytest.mark.kernel, pytest.mark.slow]

DEPTH = "() => +document.querySelector('.catan-state').dataset.depth"


def _computer(page, name: str) -> str:
    return page.locator(".catan-computer-state").first.get_attribute(f"data-{name}")


def _hint(page) -> tuple[str, str]:
    """A hint with few playouts: (the best move's notation, the spot ringed on the board)."""
    done = ask_hint(page)
    spot = done.get_attribute("data-spot")
    ring = page.locator(f".catan-hint-mark[data-spot='{spot}']")
    ring.wait_for(state="attached")  # the board draws the ring there
    return done.get_attribute("data-top"), spot


def _play(page, move: str) -> None:
    before = page.evaluate(DEPTH)
    box = page.locator(".catan-try input[type='text']")
    box.fill(move)
    box.press("Enter")
    click_play_typed(page)
    page.wait_for_function(f"() => ({DEPTH})() > {before}")


def test_a_short_game_against_the_computer_with_pause_and_a_hint_on_the_board(
    new_page,  # noqa: F811
    app_server,
) -> None:
    p = new_page("play_computer")
    page = p.page
    page.set_viewport_size({"width": 1280, "height": 1100})
    open_app(p, app_server)
    open_new_game(page)  # the New game settings: variant, players, board, seats
    for seat in (2, 3, 4):
        page.locator(f".catan-seat-{seat} select").select_option(label="Computer: Greedy builder")
    page.locator(".catan-new-game-box").get_by_role("button", name="Start").click()
    page.wait_for_function(
        "() => document.querySelector('.catan-computer-state')?.dataset.seats"
        " === '2:greedy,3:greedy,4:greedy'"
    )
    page.wait_for_function(f"() => ({DEPTH})() === 0")
    open_tab(page, "Play")
    page.locator(".catan-computer-pause").click()  # Pause, visible in the Play tab
    page.locator(".catan-computer-state[data-paused='1']").wait_for(state="attached")
    assert page.locator(".catan-computer-pause").inner_text().strip() == "Resume"

    # the hint: a ring with an arrow on the corner, one sentence with its dots
    move, spot = _hint(page)
    assert " settle " in move and spot.startswith("vertex ")
    why = page.locator(".catan-hint-why")
    assert (
        why.is_visible()
        and "dots (" in why.inner_text()
        and "as the course teaches" in why.inner_text()
    )
    assert spot.split()[1] in why.inner_text()
    assert not page.locator(".catan-hint-details table, .catan-hint-move").first.is_visible()
    page.locator(".catan-tutor").first.screenshot(path=ARTIFACTS / "play_computer_hint.png")
    # Try a move at the screen's foot (1280x900): its answer, drawn under it as one types, is
    # brought into sight (l36 typed there and the verdict was out of sight)
    page.set_viewport_size({"width": 1280, "height": 900})
    field = page.locator(".catan-try input[type='text']")
    field.evaluate("f => f.focus()")  # (a click would scroll it to the screen's middle)
    assert field.bounding_box()["y"] + field.bounding_box()["height"] > 900 - 60
    field.press_sequentially("P1 settle A")  # (no such corner: a verdict of some lines)
    answer = page.locator(".catan-try .catan-verdict")
    answer.wait_for()
    page.wait_for_function(
        "a => a.getBoundingClientRect().bottom <= window.innerHeight + 1",  # (subpixels)
        arg=answer.element_handle(),
    )
    field.fill("")
    page.set_viewport_size({"width": 1280, "height": 1100})
    _play(page, move)
    road, _ = _hint(page)
    _play(page, road)

    # paused: P2 is due and nothing is played for it, nor timed to be played later (a
    # computer's move is timed on the kernel's loop when the move before it is played)
    settle(page)
    assert _computer(page, "pending") == "0"
    assert page.evaluate(DEPTH) == 2 and _computer(page, "status") == "paused"
    # P2's move: nothing of P1's left on the page (the palette kept its buttons when given
    # none, issue 33), and the line says who moves and how to let it
    assert not page.locator(".catan-palette").is_visible()
    line = page.locator(".catan-computer-line").inner_text()
    assert "P2 (computer) is to move: press Resume to let it play." in line, line
    page.locator(".catan-tutor").first.screenshot(path=ARTIFACTS / "play_computer_paused.png")
    page.locator(".catan-computer-pause").click()  # Resume: P2, P3, P4 set up, a pause apart
    # while a computer's move is timed to come the line says it plays (learner18 read
    # "P3 (computer): to move" as a game stuck)
    page.wait_for_function(
        "() => document.querySelector('.catan-computer-line')?.innerText"
        ".includes('(computer) is playing…')",
        timeout=60_000,
    )
    page.wait_for_function(f"() => ({DEPTH})() === 14", timeout=60_000)
    page.locator(".catan-computer-state[data-status='idle'][data-paused='0']").wait_for(
        state="attached"
    )
    assert "Your move, P1" in page.locator(".catan-computer-line").inner_text()
    assert "Your hand (P1)" in page.locator(".catan-own-hand").inner_text()
    roll = page.locator(".catan-roll")
    assert roll.is_disabled()  # set-up: no dice; the disabled button is not green, and faded
    look = roll.evaluate("b => [getComputedStyle(b).backgroundColor, getComputedStyle(b).opacity]")
    assert not roll.evaluate("b => b.classList.contains('mod-success')"), look
    assert float(look[1]) < 0.6, look
    page.locator(".catan-tutor").first.screenshot(path=ARTIFACTS / "play_computer_resumed.png")

    # the other seats' hands are hidden (BASE-INFO), the teacher's switch is off
    open_tab(page, "Players")
    assert not page.locator(".catan-show-hands input").is_checked()
    seat_rows = page.locator(".catan-tutor div[style*='border-left:4px solid']")
    rows = [seat_rows.nth(i).inner_text() for i in range(seat_rows.count())]
    assert [r.split()[0] for r in rows] == ["P1", "P2", "P3", "P4"], rows
    assert not re.search(r"hand: \d+ cards?", rows[0])  # the learner's own: the cards
    for row in rows[1:]:  # a computer's: how many, not which
        assert re.search(r"hand: \d+ cards?", row), row


def test_a_reload_in_a_game_against_the_computer_plays_on(new_page, app_server) -> None:  # noqa: F811
    """l33 reloaded a game against the computer: it came back paused, and End turn showed
    nothing for 90 s but a line beside Resume. The page's address (``?s=``, what a reload
    opens) of a game where P2-P4 are computers and P2 is due: they play on, unpaused."""
    from catan_tutor import new_game
    from catan_tutor.widgets import Tutor
    from catan_tutor.widgets.session import state_of

    t = Tutor(new_game("base", players=4, seed=1))
    for _ in range(2):  # P1's settlement and road of the set-up: P2 (computer) is due
        t.session.play(t.game.options(0)[0])
    saved = state_of(t.timeline, computers={1: "greedy", 2: "greedy", 3: "greedy"}, seed=4)
    p = new_page("play_computer_reload")
    open_app(p, f"{app_server}?s={saved}")
    page = p.page
    page.locator(".catan-computer-state[data-seats='2:greedy,3:greedy,4:greedy']").wait_for(
        state="attached"
    )
    assert _computer(page, "paused") == "0"
    page.wait_for_function(f"() => ({DEPTH})() > 2", timeout=60_000)  # P2 played


def test_robber_targets_are_outlined_and_the_why_not_tag_is_whole(
    new_page,  # noqa: F811
    app_server,
) -> None:
    """After P1's knight the robber's hexes are outlined (their terrain and numbers still
    show); clicking the robber's own hex says why not in a tag that keeps every word."""
    from test_play_computer import _setup_done

    from catan_tutor.board import HEX_NAMES
    from catan_tutor.study.editor import edit
    from catan_tutor.widgets.links import pack_position

    g = edit(edit(_setup_done(), "turn P1 main 5"), "dev P1 1 knight")
    g.play("P1 knight")
    here = HEX_NAMES[g.state.robber]
    p = new_page("robber_overlay")
    page = p.page
    page.set_viewport_size({"width": 1280, "height": 1300})
    open_app(p, f"{app_server}?position={pack_position(g.position())}")
    page.wait_for_function(
        "() => document.querySelector('.catan-state').dataset.phase === 'robber'"
    )
    open_tab(page, "Play")  # (a game opens without the tools)
    page.locator(".catan-board canvas").last.screenshot(
        path=ARTIFACTS / "play_computer_robber_targets.png"
    )
    _click_spot(page, "hex", here)
    tag = page.locator(f".catan-refused[data-spot='hex {here}']")
    tag.wait_for(state="attached")
    reason = tag.get_attribute("data-reason")
    assert reason and not reason.endswith("…")
    page.locator(".catan-board canvas").last.screenshot(
        path=ARTIFACTS / "play_computer_whynot_tag.png"
    )
