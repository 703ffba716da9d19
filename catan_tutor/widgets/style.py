"""Colours, sizes and fonts of the board drawing: the names of ``catan_tutor.palette``.

The look lives in the engine-side ``palette`` module so the static SVG renderer
(``catan_tutor.render``) draws with the same colours, glyphs, marks and geometry as the canvas;
this module keeps the widgets' old import path working.
"""

from __future__ import annotations

from ..palette import *  # noqa: F403

# -- the page around the board: JupyterLab's theme -------------------------------------------
# The panels take their colours from JupyterLab's CSS variables (light and dark themes, in
# JupyterLab and in Voilà's ``?theme=dark``). Inline colours written for a light page are
# remapped on a dark one: a body with ``data-jp-theme-light="false"`` (both set it).
DARK = 'body[data-jp-theme-light="false"]'
SCOPES = (".catan-app", ".catan-tutor")
# inline colour -> what it becomes on a dark page (text greys read as the theme's text; the
# reds and greens of verdicts brighter, at least 4.5:1 on the darkest and lightest panels)
DARK_TEXT = {
    "#1a1a1a": "var(--jp-ui-font-color1)", "#333": "var(--jp-ui-font-color1)",
    "#37474f": "var(--jp-ui-font-color1)", "#444": "var(--jp-ui-font-color1)",
    "#555": "var(--jp-ui-font-color1)", "#5c3d00": "var(--jp-ui-font-color1)",
    "#666": "var(--jp-ui-font-color1)", "#777": "var(--jp-ui-font-color2)",
    "#888": "var(--jp-ui-font-color2)", "#b71c1c": "#ff8a80", "#c62828": "#ff8a80",
    "#2e7d32": "#81c784", "#1b5e20": "#81c784", "#8a4b00": "#ffb74d", "#e65100": "#ffb74d",
    "#1b5e9f": "#90caf9", "#0d47a1": "#90caf9", "#4527a0": "#b39ddb",
}  # fmt: skip
DARK_BACKGROUND = {  # "#fff" first: "background:#fff8e1" contains it, the later rule wins
    "#fff": "var(--jp-layout-color1)", "#ffffff": "var(--jp-layout-color1)",
    "#faf8f2": "var(--jp-layout-color1)", "#f5f7f8": "var(--jp-layout-color1)",
    "#fff8e1": "#3a3220", "#fff6e0": "#3a3220", "#f4f4f4": "var(--jp-layout-color1)",
    "#eef3f8": "var(--jp-layout-color1)", "#e8f5e9": "#1f3322", "#ffebee": "#3b2222",
    "#ede7f6": "#2d2640",
}  # fmt: skip
DARK_BORDER = {
    "#ddd": "var(--jp-border-color2)",
    "#ccc": "var(--jp-border-color1)",
    "#b0bec5": "var(--jp-border-color1)",
}


# -- the tutor's layout: board and panels side by side when both fit, else the panels under
# the board (a JupyterLab cell beside the file browser is about 850 px wide; a phone): the
# board keeps at least BOARD_MIN px whenever the page is that wide, grows to BOARD_MAX (its
# natural size), and shrinks to the page's width below that.
BOARD_MIN, BOARD_MAX = 560, 640
SIDE_MIN, SIDE_MAX = 400, 640  # the panels: their seven tab labels need about 380 px
GAP = 14
FOCUS_RING = 6  # px around the board: its focus ring (3 px, 2 px off) shows inside it
TOUCH = 40  # px: the least height of a control on a narrow (phone) page
# px: the least height of what the game waits for over the board on a phone, two lines of
# the title (15 px: variant, turn and phase; the lesson's title is in the list over it) and two
# of the prompt: the board stays put when the phase's words take a line less ("placing the
# starting pieces", then "placing a starting road": 20 px up)
HEAD_RESERVE = 76
TITLE_LINE = 1.35  # em: a line of the title over what the game waits for (its lines kept)
SELECT_ARROW = 28  # px: a list's room for its arrow (ipywidgets draws it 20 px wide)
BAR_ONE_ROW = 1016  # px: from this width on, the page bar keeps one row (a tablet's wraps)
# px: from this width on the page's light/dark switch stands in the bar's row, at its right end
# (catan_page.css), in the room kept for it (its "Dark: off", ~100 px, and a gap)
WIDE_BAR, SWITCH_ROOM = 1280, 116
SWITCH_OVER_TITLE = 600  # px: to this width the switch stands over the title row's right end
NOTE_ROWS = 44  # px: two lines of the chapter's line, the course's summary and a note
NOTE_LINE = 18  # px: a line of the chapter's line (whole pixels: 1.4 em made 44.4 px of 44)
# px: on a phone the chapter's line is not shown (the chapter list over it names the chapter;
# with its goal it took two to four lines by chapter, 80 px kept for them pushed ▶ under the
# fold): one line kept for the course's summary or a note
NOTE_ROWS_PHONE = NOTE_LINE + 4
PHONE_ROW_GAP = 8  # px between the rows of a phone's column (12 put ▶ under the fold)
# px: the lines under a C&K board kept for what the event die did (two lines of 12 px text):
# the caption coming and going moved ▶ 32 px (on a phone it comes under ▶, no room kept)
EVENT_LINES = 34
# px: the puzzle's Hint button as wide as "No more hints" (its words changed the width of the
# answer's row, the field beside it shrank)
HINT_WIDTH = 132
REPLY_GAP = 12  # px under a right answer's reply when the next question follows it
# px of a short window (1024x768) the board leaves to what is over it (the page's heading,
# the lists, the chapter's line: 174 px at 1024) and under it (the step buttons, and a
# puzzle's "Answer the puzzle to go on.": 84 px): the board shrinks to show them unscrolled
BOARD_RESERVE = 258
SHORT = "(min-width:701px) and (max-height:860px)"  # a wide page in a short window
# a page too narrow for the panels beside the board (572 + 14 + 400 px and the page's margins
# of 15 need 1016) in a tall window (a tablet, 768x1024): the panels under the board
TALL = "(min-width:701px) and (max-width:1015px) and (min-height:861px)"
# px of a tall narrow window the board leaves to what is over it (the heading, the lists, the
# chapter's line: 198 px at 768) and under it (342 px: the step buttons, "Answer the puzzle to
# go on.", the title and what the game waits for, then the lesson's goal or a puzzle's
# question, its answer's row and Roll whole): at 768x1024 the question was 320 px under the
# fold (tab_puzzle.png), the board 469 px wide now; a tablet 1194 px tall keeps all 640
# (568: the light/dark switch's row, ~32 px, given to the board: it stands beside the
# title's row, catan_page.css; l33 saw the board 411 px wide, now 442). 533 (s35: 442 px
# left ~300 px of the width beside the board): the page's top margin, the gap over the panels
# and the 28 px line of "Answer the puzzle to go on." given to the board, 476 px wide at
# 768x1024 (9.18's first question, the course's lowest answer's row there: y 1016), 627 at
# 820x1180; where the switch still takes a row (701-739 px and 961-1015 px wide), its 32 px more
TALL_RESERVE, SWITCH_ROW = 533, 32
# a tablet whose light/dark switch takes a row of its own over the bar (catan_page.css)
TALL_SWITCH_ROW = (
    "(min-width:701px) and (max-width:739px) and (min-height:861px),"
    "(min-width:961px) and (max-width:1015px) and (min-height:861px)"
)
# a puzzle's question open (its box shown): the page puts it in reach on a phone
PUZZLE_OPEN = ".catan-tutor:has(.catan-puzzle:not([style*='none']))"
# A phone (style.LAYOUT_CSS): the boxes flattened into the page's column, and the order of
# what they hold, top to bottom: what the game waits for; the board, the why-not line and
# the reply to a tap; the step buttons (◀ ▶, Labels) with "Answer the puzzle to go on." (they
# came after all the lesson's text, ~1,400 px under the board: phone_l11_y2100.png); what
# the event die did (C&K: coming under the board it moved ▶); the actions' message ("choose
# it again on the board, or press Play", "finish the form and press Play": at the page's
# foot, or in a puzzle under its form, a tap scrolled the board away to it,
# phone_l11_after_tap.png); an error and "You left the lesson's line" (or its end:
# 62_phone_nav.png); a question open (a puzzle), then its form with Play and the actions it
# is answered with; the step's story, the lesson's text; Labels while "Answer the puzzle to
# go on." takes its room; the rest (the actions of a lesson, Explore's tabs) in the page's
# order; Copy link last.
# a right answer's verdict shows ("Puzzle · solved ✓ Right", or over the next question it led
# to): the question's box first, then what follows it (the step's words, "This lesson is over.
# ▶▶ Next lesson" came over it: a fresh learner, s17, 1.4 and 6.7), at every width
RIGHT_SHOWN = ".catan-tutor:has(.catan-puzzle-state[data-correct='1'])"
RIGHT_FIRST_CSS = (
    f"@media (min-width:701px){{{RIGHT_SHOWN}>.catan-side>:is(.catan-story,.catan-line,"
    f".catan-lesson){{order:1}}{RIGHT_SHOWN}>.catan-side>.catan-puzzle~*{{order:2}}}}"
    # (the lesson's text last where the window is short or the panels under the board)
    f"@media {TALL},{SHORT}{{{RIGHT_SHOWN}>.catan-side>.catan-lesson{{order:3}}}}"
)
# A short window (1024x768) at a question still open (not yet answered right), the lesson's
# goal with it: the goal stays over the question, under the title, as on a wide page, and the
# lesson's other words come after the actions (LAYOUT_CSS; 5.13's goal came after the build
# buttons and the form they open, s35): the lesson's box gives its parts to the column, the
# goal's block (lesson_goal.goal_block) where the box stood, the rest after the actions
ASKED = (
    ".catan-tutor:has(.catan-puzzle:not([style*='none']))"
    ":not(:has(.catan-puzzle-state[data-correct='1']))>.catan-side>.catan-lesson"
)
GOAL_FIRST_CSS = (
    f"@media {SHORT}{{{ASKED}:has(.catan-lesson-goal),"
    f"{ASKED}:has(.catan-lesson-goal)>.widget-html-content,"
    f"{ASKED}>.widget-html-content>div:has(>.catan-lesson-goal){{display:contents}}"
    f"{ASKED}>.widget-html-content>div>:not(.catan-lesson-goal){{order:1}}"
    # (its lines close, as the story's under it: the form a kind opens still whole over the
    # window's foot, 5.13's Play at y 761 of 768)
    f"{ASKED} .catan-lesson-goal{{margin:0 0 8px}}{ASKED} .catan-lesson-goal>p{{margin:0 0 4px}}}}"
)
# A phone's goal line (lesson_goal.goal_line) after the step's words, not over them: its 3-5
# lines at 375 px stood over every step under the stuck board, and the step's own words began
# low (a fresh learner, 276: little room to read). The key of the marks and "What to notice"
# stay after both. (A flex column keeps each part's bottom margin only.)
GOAL_LINE_LAST = ".catan-tutor>.catan-side>.catan-lesson>.widget-html-content>div"
GOAL_LINE_CSS = (
    f"@media (max-width:700px){{{GOAL_LINE_LAST}:has(>.catan-goal-line){{display:flex;"
    f"flex-direction:column}}{GOAL_LINE_LAST}:has(>.catan-goal-line)>*{{margin-top:0}}"
    f"{GOAL_LINE_LAST}>.catan-goal-line{{order:1}}"
    f"{GOAL_LINE_LAST}>.catan-goal-line>p{{margin:0 0 1em}}"
    f"{GOAL_LINE_LAST}>:is(.catan-marks-key,.catan-notice,.catan-expect){{order:2}}}}"
)
# a note beside the step buttons shows ("Answer the puzzle to go on.": BoardPanel.held_line);
# not what a step did, in a row of its own on a phone (go_on_note.SAID_CLASS): Labels and
# "3/13" stay in the buttons' row (learner 280 at 1.4: the count gone, Labels under the text)
SHOWN_NOTE = ".catan-step-note:not([style*='none']):not(.catan-step-note-said)"
HELD = f".catan-tutor:has({SHOWN_NOTE})"
# "Step 3 of 12" by the step buttons (step_count.py); "3/12" on a phone, whose row of step
# buttons has ~50 px left after Labels (the long words stay for a screen reader)
STEP_COUNT_CSS = (
    ".catan-step-count{margin:0 0 0 12px;font-size:13px}.catan-step-short{display:none}"
    "@media (max-width:700px){.catan-step-count{margin:0;align-self:center;font-size:12px}"
    ".catan-step-long{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);"
    "white-space:nowrap}.catan-step-short{display:inline}"
    # (not beside a note under the step buttons: "Answer the puzzle to go on." went to 3 lines)
    f"{HELD} .catan-step-count{{display:none}}}}"
)
# On a phone and a tablet an open question's "Puzzle" sits in its box's top border, as a
# fieldset's legend: it costs no line (its line put the question under the first screen,
# and it was left out there: a fresh learner, l45, missed it at 6.7 and 10.6)
PUZZLE_HEAD_CSS = (
    f"@media {TALL}{{.catan-app .catan-tutor>.catan-side>.catan-puzzle"
    "{margin-top:10px!important}}"
    # (on a phone it sits in the 9 px between the step buttons and the box: a margin put the
    # answer's field under the first screen at 2.2)
    f"@media (max-width:700px),{TALL}{{.catan-app .catan-tutor>.catan-side>.catan-puzzle{{"
    "position:relative;overflow:visible}"
    # (the question's widget, a Lumino widget, is positioned and clips: not here)
    ".catan-puzzle>.catan-puzzle-prompt,.catan-puzzle>.catan-puzzle-prompt>.widget-html-content"
    "{position:static;overflow:visible}"
    ".catan-puzzle .catan-puzzle-head{position:absolute;top:-0.75em;left:6px;padding:0 4px;"
    "line-height:1.2;font-size:13px;background:var(--jp-layout-color0,#fff)}}"
)
# How to answer, as the pointer is: "Click…" for a mouse, "Tap…" under a finger (puzzle.py)
BY_DEVICE_CSS = (
    ".catan-by-touch{display:none}"
    "@media (pointer:coarse){.catan-by-mouse{display:none}.catan-by-touch{display:block}}"
)
SIDE, COL = ".catan-tutor>.catan-side", ".catan-tutor>.catan-board-col"
STEP_ROW = f"{COL}>.widget-hbox"
ACTIONS = f"{SIDE}>.catan-actions"
PHONE_FLAT = f"{SIDE},{COL},{STEP_ROW},{ACTIONS}"
PHONE_ORDER = (
    (-90, f"{SIDE}>.catan-head"),
    (-80, f"{COL}>*"),
    (-75, f"{STEP_ROW}>*:not(.widget-label),{COL}>.catan-step-note"),
    # the dice's words (C&K: the caption, what the event die did) right under the board,
    # with the dice they speak of (under ◀ ▶ they read apart from them: s11, a fresh look)
    (-79, f"{COL}>.catan-dice-words"),
    # the reply to a tap under ◀ ▶: its lines coming move them not (phone_whynot_tap.png:
    # ◀ ▶ pushed under the fold); why not there shows in the heading (WHY_NOT_CSS)
    (-74, f"{STEP_ROW}>.widget-label"),
    # (the players a tap's reply asks to choose from under it: seat_pick.py)
    (
        -72,
        f"{ACTIONS}>:is(.catan-message,.catan-seat-pick),"
        f"{PUZZLE_OPEN}>.catan-side>.catan-actions>:is(.catan-message,.catan-seat-pick)",
    ),
    (-70, f"{SIDE}>.widget-html:not(.catan-lesson),{SIDE}>.catan-line"),
    # an open question, then the hand it is answered from, then the step that led to it (the
    # dice, what they did) headed "Before this question" (STORY_HEAD_CSS): over the box it put
    # 2.2's question under the fold (s17, s20); bare under it, it read as the reply (l21)
    (-60, f"{PUZZLE_OPEN}>.catan-side>.catan-puzzle"),
    (-58, f"{PUZZLE_OPEN}>.catan-side>.catan-actions>.catan-own-hand"),
    (-57, f"{PUZZLE_OPEN}>.catan-side>.catan-story"),
    # the kinds to answer with, then the form one opens under its button (the form over
    # "Move the robber" that opened it: a fresh learner, s15, m04.png)
    (
        -55,
        f"{PUZZLE_OPEN}>.catan-side>.catan-actions>"
        ":is(.catan-palette,.catan-palette-key,.catan-form-box)",
    ),
    (-50, f"{PUZZLE_OPEN}>.catan-side>.catan-actions>*"),
    (-40, f"{SIDE}>.catan-lesson"),
    (-30, f"{COL}>.catan-link,{HELD}>.catan-board-col>.widget-hbox>.catan-labels-toggle"),
    # Copy link, a tool of the page's, at its foot after the actions (l35 at 10.1: alone on
    # its line between the roll's story and Roll / End turn)
    (40, f"{STEP_ROW}>.catan-copy-link"),
)
# A phone's story under an open question (PHONE_ORDER) says what it is: the step before the
# question, not the reply to an answer (l21 read it as the reply). Its heading is the page's
# words (generated: not in the lesson's text)
STORY_HEAD_CSS = (
    f"{PUZZLE_OPEN}>.catan-side>.catan-story:has(.widget-html-content:not(:empty))"
    "{flex-wrap:wrap;border-top:1px solid var(--jp-border-color2,#ddd);padding-top:4px}"
    f"{PUZZLE_OPEN}>.catan-side>.catan-story:has(.widget-html-content:not(:empty))::before"
    "{content:'Before this question';flex:1 0 100%;font-size:12px;font-weight:600;"
    "color:var(--jp-ui-font-color2,#555)}"
)
# A phone's why-not line (a tap the rules refuse, BoardView.why_not) in the heading, under its
# words (what the game waits for, "P1: place a road"), right over the board: under ◀ ▶ its
# three lines at most fell below a 375x740 screen's foot (phone_whynot_cut.png); over the
# heading's words it hid whose turn it is (issue s14). The eye finds it where it was reading
# what to do, next to the spot tapped; it pushes the board down by its lines until the next
# tap or move, Explore beside the words. The same reason under Try a move (the page's foot,
# below the fold) is not said again while it shows: the reason once, where it is seen.
WHY_NOT_CSS = (
    ".catan-head{position:relative;flex-wrap:wrap}"
    ".catan-head>.catan-why-not{order:1;flex:1 0 100%;margin:2px 0 0 0;min-width:0;"
    "height:auto}"
    ".catan-head>.catan-why-not>.widget-html-content{flex:1 1 auto;min-width:0;height:auto;"
    "line-height:1.4;white-space:normal}"
    "@media (max-width:700px){.catan-tutor:has(.catan-head>.catan-why-not:not([style*='none']))"
    " .catan-try-verdict{display:none}}"
)
# A reply to a finger's tap on the board that is out of sight under it (reply_in_view.js):
# held at the screen's foot, in the page's colours, until the next tap or scroll; the board
# does not move under the finger (a scroll to the reply did, s17: 2.2 at 768x1024); only
# where it covers no words or control (else scrolled to, no farther than it takes: l19)
CLOSE_SIZE = 44  # px: the held reply's close, a finger's target (WCAG 2.5.5)
SOLVED_HEAD = "catan-puzzle-solved-head"  # "Puzzle · solved ✓" over its reply alone (puzzle.py)
HELD_REPLY_CSS = (
    ".catan-app .catan-reply-held{position:fixed;left:0;right:0;bottom:0;z-index:6;margin:0;"
    "padding:8px 16px;height:auto;background:var(--jp-layout-color1,#fff);"
    "border-top:2px solid var(--jp-brand-color1,#1976d2);box-shadow:0 -2px 6px rgba(0,0,0,.25);"
    f"padding-right:{CLOSE_SIZE + 8}px;box-sizing:border-box}}"
    # its close (x), a finger's size, at its top right (reply_in_view.js adds it to the page)
    f".catan-reply-close{{position:fixed;right:4px;z-index:7;width:{CLOSE_SIZE}px;"
    f"height:{CLOSE_SIZE}px;margin:0;padding:0;border:0;border-radius:50%;font-size:20px;"
    "line-height:1;cursor:pointer;background:transparent;"
    "color:var(--jp-ui-font-color1,rgba(0,0,0,.87))}"
    ".catan-reply-close[hidden]{display:none}"
    # a phone: a few lines, over none of what it answers (the page moved to show that over
    # it); a longer reply scrolls inside (s24: ~300 px tall it hid the question, 375x740)
    "@media (max-width:700px){.catan-app .catan-reply-held{max-height:min(9.5em,30vh);"
    "overflow-y:auto;overscroll-behavior:contain;padding-top:6px;padding-bottom:6px}"
    "}"
    # (more under its foot: "more" in the gutter kept for the close, under it, a finger's
    # size: a wider pill lay over the last lines' ends, l31; the cut line fades out)
    f".catan-reply-further{{position:fixed;right:4px;bottom:4px;z-index:7;width:{CLOSE_SIZE}px;"
    f"height:{CLOSE_SIZE}px;margin:0;padding:0;border:1px solid var(--jp-border-color1,#bbb);"
    "border-radius:50%;font-size:11px;line-height:1.05;cursor:pointer;white-space:pre-line;"
    "background:var(--jp-layout-color1,#fff);"
    "color:var(--jp-ui-font-color1,rgba(0,0,0,.87));box-shadow:0 1px 4px rgba(0,0,0,.25)}"
    # (a layer over the words, the box opaque: a mask on the box faded its background too, and
    # the page under it showed through, "Before this question" and Labels over its last line,
    # s34 m07z_sheet.png)
    ".catan-app .catan-reply-held>.widget-html-content{overflow:visible;align-self:flex-start}"
    ".catan-app .catan-reply-held.catan-reply-cut>.widget-html-content::after{content:'';"
    # (to the box's edge, over its padding: a line's top showed under the layer)
    "display:block;position:sticky;bottom:-6px;height:calc(1.4em + 6px);"
    "margin-top:calc(-1.4em - 6px);"
    "pointer-events:none;background:linear-gradient(to bottom,"
    "transparent,var(--jp-layout-color1,#fff))}"
    # its verdict ("✕ Not the answer") stays at its top while the rest scrolls under "more"
    # (it scrolled away and the first line left was cut under the border, s34 m08)
    ".catan-app .catan-reply-held .catan-puzzle-verdict>b:first-child{display:block;"
    "position:sticky;top:-6px;z-index:1;margin-top:-10px;padding-top:10px;"
    "background:var(--jp-layout-color1,#fff)}"
    ".catan-reply-further[hidden]{display:none}"
    # a solved question's box holding its reply alone: gone while the reply is held (l31: an
    # empty "Puzzle · solved ✓" box over the held reply); back with it when it is closed
    f".catan-app .catan-puzzle:has(>.catan-reply-held):has(.{SOLVED_HEAD}){{"
    "border-width:0!important;padding:0!important;margin:0!important}"
    f".catan-app .catan-puzzle:has(>.catan-reply-held)>.catan-puzzle-prompt:has(.{SOLVED_HEAD})"
    "{display:none}"
)
# "Back to the lesson's move: P1 recruits a basic knight on N4; ..." in lines, as wide as the
# box at most (l34 at 7.8, 375x740: one line, 475 px wide, it ran past the screen's right edge,
# its words cut): the button grows down, never wider than its column
MAIN_LINE_CSS = (
    ".catan-app .catan-puzzle-main-line{max-width:100%;height:auto;min-height:"
    "var(--jp-widgets-inline-height,28px);white-space:normal;text-align:left;"
    "line-height:1.35;padding-top:6px;padding-bottom:6px}"
    ".catan-app .catan-puzzle-main-line .widget-label-basic,.catan-app "
    ".catan-puzzle-main-line span{white-space:normal;overflow:visible;text-overflow:clip}"
)
# a phone's ◀ ▶ at the screen's foot while the tutor's are out of sight (step_float.js): a bar
# across it, buttons a finger's size; the page's foot kept clear for it (the last words
# scrolled up over it, none left under it)
STEP_FLOAT_CSS = (
    ".catan-step-float{position:fixed;left:0;right:0;bottom:0;z-index:6;display:flex;"
    "gap:12px;justify-content:center;padding:6px 12px;box-sizing:border-box;"
    "background:var(--jp-layout-color1,#fff);border-top:1px solid var(--jp-border-color1,#bbb);"
    "box-shadow:0 -2px 6px rgba(0,0,0,.2)}"
    ".catan-step-float[hidden]{display:none}"
    f".catan-step-float>button{{min-width:80px;height:{CLOSE_SIZE}px;font-size:18px;"
    "border:1px solid var(--jp-border-color1,#bbb);border-radius:4px;cursor:pointer;"
    "background:var(--jp-layout-color2,#eee);color:var(--jp-ui-font-color1,rgba(0,0,0,.87))}"
    ".catan-step-float>button:disabled{opacity:.45;cursor:default}"
    ".catan-step-float-said{align-self:center;text-align:center;font-size:14px;"
    "color:var(--jp-ui-font-color1,rgba(0,0,0,.87));display:flex;flex-direction:column;"
    "min-width:0;flex:1 1 auto;line-height:1.2}"
    # who acts under the count, two lines at most (the bar keeps its height)
    ".catan-step-float-who{font-size:11px;line-height:1.15;overflow:hidden;display:-webkit-box;"
    "-webkit-line-clamp:2;-webkit-box-orient:vertical}"
    ".catan-step-float-who:empty{display:none}"
    "@media (min-width:701px){.catan-step-float{display:none!important}}"
    f"@media (max-width:700px){{.catan-app>.catan-tutor{{padding-bottom:{CLOSE_SIZE + 16}px}}}}"
)
# the key to the rule marks said once on the page: a lower one saying the same left out
# (marks_once.js; l34)
MARKS_ONCE_CSS = (
    ".catan-app .catan-marks-key.catan-marks-again,.catan-app .catan-marks-key "
    ".catan-marks-again{display:none}"
)
# A tablet (the panels under the board) at an open question: "Puzzle: answer the question
# below" over it left out, as on a phone (the title says "a puzzle", the question follows),
# and no lines kept for the heading: 11.16's answer row began at y 1008 of 1024, under the
# fold (l18, f01.png)
# At any width the heading's "Answer the question below." is left out (l33 at 1280: it
# stood over the question, and "Answer the puzzle to go on." by ▶ said it again)
TABLET_QUESTION_CSS = (
    ".catan-head-prompt:has(>.catan-head-asked){display:none}"
    f"@media {TALL}{{{PUZZLE_OPEN}>.catan-side>.catan-head{{min-height:0}}}}"
)
# A primary button that cannot be pressed (the form's Play this move, a form not finished)
# looks as a greyed Roll does: it stood solid light blue, white words, read as pressable (l19)
DISABLED_PRIMARY_CSS = (
    ".catan-app .jupyter-button.mod-primary:disabled{background-color:var(--jp-layout-color2,"
    "#eee);color:var(--jp-ui-font-color1,rgba(0,0,0,.87));opacity:.45;box-shadow:none;"
    "cursor:not-allowed}"
)
# the keyboard's focus ring: near-black on a light page (3.4:1 on the success green, 6:1 on
# the primary blue, 19:1 on white), white on a dark one (3.1:1 on the primary blue, 16:1 on
# the page)
FOCUS_LIGHT, FOCUS_DARK = "#0b1a33", "#ffffff"
FOCUSABLE = (
    "button", "select", "input", "textarea", "summary", "a[href]", ".lm-TabBar-tab",
    ".catan-rule-ref",
)  # fmt: skip
# A form's counts of cards (forms.py: a bundle's GridBox, one cell a kind): equal cells in
# rows none of which holds one alone, by the width of the form (its row a container). Filled
# as wide as they fit (140 px least each), 5 resources put "ore" alone on a row at 1280 (4 + 1,
# a fresh learner, s31, e04_offer_form.png) and on a phone (2 + 2 + 1): now 5 in a row where
# they fit, else 3 + 2; 8 kinds (C&K's commodities too) 4 + 4, else 3 + 3 + 2
COUNTS_CSS = (
    ".catan-counts-row{container-type:inline-size}"
    ".catan-side .catan-counts{grid-template-columns:repeat(3,minmax(0,1fr))!important}"
    "@container (min-width:540px){"
    ".catan-side .catan-counts-5{grid-template-columns:repeat(5,minmax(0,1fr))!important}}"
    "@container (min-width:440px){"
    ".catan-side .catan-counts-8{grid-template-columns:repeat(4,minmax(0,1fr))!important}}"
)
# A reply's "Rule: ..." (verdicts.py), a finger's 40 px tall on a touch or narrow screen: its
# words in the middle of it, not at its top over an empty band (a solved puzzle's box ended
# in ~24 px of nothing under "Rule:", a fresh learner, s31, h05_phone_32_right.png)
RULE_TAP_CSS = (
    ".catan-app .catan-rule>summary{box-sizing:border-box;"
    f"padding-block:calc(({TOUCH}px - 1lh) / 2)}}"
)
LAYOUT_CSS = (
    # the rows packed at the top: a least height kind_still.js holds (Answer pressed, the
    # page then shorter) is spare room under the panel, not a band between the board's row
    # and the panel's (learner s18, tablet, after 11.16's answer: ~200 px, f06.png)
    f".catan-tutor{{flex-wrap:wrap;gap:12px {GAP}px;align-items:flex-start;"
    "align-content:flex-start}"
    f".catan-tutor>.catan-board-col{{flex:1 1 {BOARD_MIN + 2 * FOCUS_RING}px;"
    f"max-width:{BOARD_MAX + 2 * FOCUS_RING}px;"
    "min-width:0}"
    f".catan-tutor>.catan-side{{flex:1 1 {SIDE_MIN}px;max-width:{SIDE_MAX}px;min-width:0}}"
    # the board's box holds its focus ring: no parent clips it
    f".catan-board{{padding:{FOCUS_RING}px;overflow:visible}}"
    ".catan-side>.widget-tab{margin-top:8px}"
    # nothing wider than the panel: lists, fields and rows of buttons wrap or shrink
    ".catan-side .widget-dropdown,.catan-side .widget-inline-hbox{max-width:100%;min-width:0}"
    ".catan-side .widget-hbox{flex-wrap:wrap}"
    ".catan-side .widget-gridbox{grid-template-columns:repeat(auto-fill,minmax(140px,1fr))"
    "!important}"
    ".catan-side .widget-gridbox>*{width:auto!important;min-width:0;margin-left:0;"
    "margin-right:0}"
    ".catan-side .widget-gridbox .widget-text input{min-width:0}" + COUNTS_CSS +
    # the editor's pieces: each button as wide as its word, none shorter than the rest
    ".catan-edit-pieces .widget-toggle-button{min-width:78px;padding:0 10px}"
    ".catan-app .catan-bar{gap:4px 10px}"
    ".catan-app .catan-bar .widget-dropdown{max-width:100%}"
    # the chapter and lesson lists as wide as their longest entry with room to spare before
    # the arrow (the last letters of a title touched it and read as cut, 67_tablet.png)
    f".catan-app .catan-bar select{{padding-right:{SELECT_ARROW}px}}"
    # on a wide page the bar keeps one row, whatever the lesson: each list as wide as the
    # title shown (not its longest entry), the lesson's list shrinking if it must (its closed
    # title cut, "…": at 1024 the longest few; its entries whole when open). 9.18's list, as
    # wide as chapter 9's longest title, pushed New game onto a row of its own at 1280 (a
    # fresh learner, s31, d43_p918.png), and at 1024 every lesson's did (f01_1024_ch8.png).
    # The help open takes the bar's width, the lists under it, as before; a tablet's bar wraps
    f"@media (min-width:{BAR_ONE_ROW}px){{"
    ".catan-app .catan-bar:not(:has(.catan-help[open])){flex-wrap:nowrap!important;"
    "column-gap:8px}"
    ".catan-app .catan-bar>.widget-html,.catan-app .catan-bar>.catan-new-game{flex:0 0 auto}"
    ".catan-app .catan-bar>.catan-chapter-picker{flex:0 0 auto}"
    ".catan-app .catan-bar>.catan-lesson-picker{flex:0 1 auto;min-width:0}"
    ".catan-app .catan-bar .widget-dropdown>label{width:auto;min-width:0}"
    ".catan-app .catan-bar select{field-sizing:content;min-width:0;text-overflow:ellipsis}}"
    # from 1280 px the Voilà page's light/dark switch stands at the bar's right end
    # (catan_page.css): room kept for it, the lists never under it (the course's longest
    # title, marked done, ends at 1129 px at 1280 as before)
    f"@media (min-width:{WIDE_BAR}px){{[data-voila] .catan-app .catan-bar{{"
    f"padding-right:{SWITCH_ROOM}px}}}}"
    # to 600 px the switch stands at the right end of the title's row (catan_page.css): the
    # title keeps that row to itself, the chapter's list under it (at 580-600 px the list
    # stood beside the title, its right end under the switch: a fresh learner, s35)
    f"@media (max-width:{SWITCH_OVER_TITLE}px){{[data-voila] .catan-app .catan-bar>.widget-html"
    "{flex:1 1 100%}}"
    # a tablet's bar: the page's name and New game on its first row, the two lists on the
    # next, the lesson's taking the room left (l41 at 768: the chapter's list beside the
    # name, the lesson's on a row of its own, each at its own indent); the course's longest
    # title whole at 768
    f"@media (min-width:701px) and (max-width:{BAR_ONE_ROW - 1}px){{"
    ".catan-app .catan-bar:not(:has(.catan-help[open]))::after{content:'';flex:1 0 100%;"
    "order:2}"
    ".catan-app .catan-bar>.catan-new-game{flex:0 0 auto;order:1}"
    ".catan-app .catan-bar>.catan-chapter-picker{flex:0 1 auto;min-width:0;order:3}"
    ".catan-app .catan-bar>.catan-lesson-picker{flex:1 1 0;min-width:0;order:3}"
    ".catan-app .catan-bar .widget-dropdown>label{width:auto;min-width:0}"
    ".catan-app .catan-bar select{min-width:0;text-overflow:ellipsis}"
    ".catan-app .catan-bar>.catan-chapter-picker select{field-sizing:content}}"
    # the help opens in the page, under the page's name, and pushes the page down: over the
    # page it hid a puzzle's heading and question until closed (a fresh learner, s16,
    # t01_p3.png). Open, the name's row takes the bar's width (the lists wrap under the
    # help: what it says to choose comes right after it); "How to use it" stays beside the
    # name, the help's text under both
    ".catan-heading{position:relative}"
    ".catan-help{display:inline-block;font-size:13px}"
    ".catan-help summary{cursor:pointer;color:#1b5e9f;padding:2px 0}"
    # the keyboard's ring round it, not inside (l42: inside, it covered the marker and the
    # last "t" of "How to use it"; room for it would cut the lesson's title at 1024)
    ".catan-app .catan-bar .catan-help>summary:focus-visible{outline-offset:1px!important}"
    ".catan-app .catan-bar>.widget-html:has(.catan-help[open]){flex:1 0 100%}"
    ".catan-heading:has(>.catan-help[open])>b{float:left;line-height:24px}"
    ".catan-help[open]{display:block}"
    ".catan-help[open]>summary{line-height:20px;padding-top:2px;width:fit-content;"
    "overflow:hidden}"  # (beside the name, not under it: a click on it lands on it)
    ".catan-help-body{clear:left;margin:4px 0 2px;"
    "max-width:720px;box-sizing:border-box;padding:6px 12px;"
    "background:var(--jp-layout-color1,#fff);border:1px solid var(--jp-border-color1,#ccc);"
    "border-radius:4px}"
    ".catan-help p{margin:4px 0;line-height:1.45}"
    ".catan-help:not([open]) .catan-help-body{display:none}"
    # the New game form opens in the page under the bar and pushes the page down, as the help
    # does: over the page it hid the board and the lesson (a fresh learner, s17)
    ".catan-new-game-anchor{position:relative;height:auto;min-height:0;overflow:visible!important}"
    ".catan-new-game-anchor>.catan-new-game-box{position:static;margin:2px 0 6px;"
    "width:min(1040px,calc(100vw - 32px));box-sizing:border-box;padding:6px 10px;"
    "background:var(--jp-layout-color1,#fff);border:1px solid var(--jp-border-color1,#ccc);"
    "border-radius:4px;box-shadow:0 4px 14px rgba(0,0,0,.25)}"
    ".catan-seats-heading{font-size:13px;font-weight:600;color:var(--jp-ui-font-color1,#222);"
    "line-height:20px;margin:8px 0 2px}"
    # the chapter's line, the course's summary and a note (a lesson kept...) in two lines
    # kept for them: a note or a longer chapter line does not push the board down
    f"@media (min-width:701px){{.catan-app .catan-note-row{{min-height:{NOTE_ROWS}px;"
    "align-content:flex-start}}"
    # a note ("Your 1 move in ... is kept") in lines as the chapter's (a control's 28 px made
    # the two rows 10 px taller than kept: the board moved)
    ".catan-app .catan-note-row>.widget-html{height:auto;min-height:0}"
    # the chapter's line (and a note under it) in what the course's summary leaves, its
    # room kept at the row's right: its coming moves nothing (on a phone, rows as before)
    "@media (min-width:701px){.catan-app .catan-note-row{display:grid;"
    "grid-template-columns:minmax(0,1fr) auto;align-items:start!important}"
    ".catan-app .catan-note-row>.catan-chapter{grid-area:1/1}"
    ".catan-app .catan-note-row>.catan-progress-row{grid-area:1/2}"
    ".catan-app .catan-note-row>.catan-afresh{grid-column:2}"
    ".catan-progress-summary span{white-space:nowrap}"
    ".catan-progress-summary .catan-unseen{visibility:hidden}}"
    # (a tablet's row, 768 px: the summary's kept room, ~375 px, left the chapter's line ~360,
    # in three lines (l34): the chapter's line the row's width, the summary under it, in a
    # line of its own only once there is progress to say: a new visitor's blank line pushed
    # 11.16's answer row under the fold, s28)
    "@media (min-width:701px) and (max-width:1015px){.catan-app .catan-note-row{"
    "grid-template-columns:minmax(0,1fr)}"
    ".catan-app .catan-note-row>.catan-progress-row{grid-area:2/1;justify-self:start}"
    ".catan-app .catan-note-row>.catan-afresh{grid-column:1}"
    ".catan-progress-summary .catan-unseen{display:none}"
    # the chapter's goal on a line of its own: every chapter's line two lines, the rows kept
    # filled (chapter 1's one line left a 26 px blank band over the board, l35)
    ".catan-chapter-goal{display:block}.catan-chapter-dash{display:none}"
    ".catan-chapter-goal::first-letter{text-transform:uppercase}}"
    # (on a phone the summary comes in the line kept under the lists: none kept unseen)
    "@media (max-width:700px){.catan-progress-summary .catan-unseen{display:none}}"
    f".catan-app .catan-note-row .widget-html-content{{line-height:{NOTE_LINE}px}}"
    # what the event die did, under a C&K board, in the lines kept for it (board_panel)
    f".catan-board-col>.catan-dice-words{{min-height:{EVENT_LINES}px;height:auto}}"
    # the dice's caption in words under the board only where its strip leaves it out (C&K's
    # where it would take more than a line beside the dice, two with none: board_paint's
    # strip, data-caption); shown as a phone's page (up to
    # 700 px) it was said twice on boards 530 to 700 px wide, and at 768 (a 469 px board) never
    ".catan-dice-caption{display:none}"
    ".catan-board-col:has(.catan-drawn[data-caption='out'])>.catan-dice-words .catan-dice-caption"
    "{display:inline}"
    f".catan-puzzle .catan-puzzle-hint{{width:{HINT_WIDTH}px!important}}"
    # a right answer's reply over the next question it led to: room between the two (its
    # "Rule: Recruiting a knight" and the next "Puzzle" ran together, a fresh learner at 1280)
    f".catan-puzzle .catan-puzzle-prompt .catan-puzzle-verdict{{margin-bottom:{REPLY_GAP}px}}"
    ".catan-puzzle>.catan-puzzle-how:has(>.widget-html-content:empty){display:none}"
    ".catan-puzzle>.catan-puzzle-how,.catan-puzzle>.catan-puzzle-how>.widget-html-content{"
    "height:auto;min-height:0}"
    # a game's seats (who plays, Pause) after the form, its Play and its message, before Try
    # a move: the form in sight at 1024x768 (it was under the fold, the seats' 270 px over it);
    # on a phone too, the hand and the moves right under the board and the dice (the seats'
    # 375 px over them put the moves two screens down: a fresh learner, s16, w06)
    ".catan-tutor .catan-computer{order:1}.catan-tutor .catan-try{order:2}"
    # a short window (1024x768): the board no taller than leaves the step buttons in sight
    # (they were under the fold), its width to its height (the canvas keeps its proportions)
    f"@media {SHORT}{{.catan-tutor>.catan-board-col{{max-width:min("
    f"{BOARD_MAX + 2 * FOCUS_RING}px,calc((100vh - {BOARD_RESERVE}px) * {BOARD_MAX / 660:.4f}"
    f" + {2 * FOCUS_RING}px))}}}}"
    # a tall narrow window (a tablet): the board no taller than leaves the step buttons and
    # the lesson's goal or the puzzle's question under it in sight, the panels under it still
    # (a board so much smaller left room for them beside it at 1000 px)
    f"@media {TALL}{{.catan-tutor>.catan-board-col{{max-width:min("
    f"{BOARD_MAX + 2 * FOCUS_RING}px,calc((100vh - {TALL_RESERVE}px) * {BOARD_MAX / 660:.4f}"
    f" + {2 * FOCUS_RING}px))}}.catan-tutor>.catan-side{{flex-basis:100%}}"
    # the rows under the board close, their room the board's (s35: 442 px wide at 768x1024,
    # with ~300 px of the page's width beside it): the panels 4 px under the step buttons,
    # "Answer the puzzle to go on." in a line of its own size (a control's 28 px before)
    f".catan-tutor{{row-gap:4px}}{COL}>.catan-step-note,{COL}>.catan-step-note "
    ".widget-html-content{min-height:0;height:auto;line-height:1.3}"
    # an open question's "Puzzle" in its box's top border (PUZZLE_HEAD_CSS), as on a phone
    ".catan-puzzle .catan-puzzle-head+p{margin-top:0}}"
    f"@media {TALL_SWITCH_ROW}{{.catan-tutor>.catan-board-col{{max-width:min("
    f"{BOARD_MAX + 2 * FOCUS_RING}px,calc((100vh - {TALL_RESERVE + SWITCH_ROW}px) * "
    f"{BOARD_MAX / 660:.4f} + {2 * FOCUS_RING}px))}}}}"
    # a puzzle's question, its answer and the actions (or tools) it is answered with right
    # under what the game waits for, the lesson's text after them, where the window is short
    # (1024x768: the build buttons were cut at its foot) or the panels are under the board (a
    # tablet: the question came after ~230 px of the lesson's text, under the fold)
    # (the question first on a tablet too, as on a phone: after the goal and the turn's story
    # it started at y 1112, under the fold, and it is what the learner must answer)
    f"@media {TALL},{SHORT}{{{PUZZLE_OPEN}>.catan-side>.catan-lesson{{order:1}}}}"
    # a tablet, as a phone: an open question's step (.catan-story) over it, then the kinds
    # (under its box the story read as the reply: l22 at 768x1024)
    f"@media {TALL}{{{PUZZLE_OPEN}>.catan-side>.catan-puzzle~*{{order:1}}"
    f"{PUZZLE_OPEN}>.catan-side>.catan-lesson{{order:2}}}}"
    + RIGHT_FIRST_CSS
    + GOAL_FIRST_CSS
    + GOAL_LINE_CSS
    + STEP_COUNT_CSS
    +
    # an open question's step over it, at every width: its paragraphs close, no blank line
    # over and under them (the story over the box put 11.16's answer row 24 px under the fold
    # at 768x1024; at 1280x900 9.18's form came into sight with the page's bar off the top
    # once the goal's line stood over the question, s41)
    f"{PUZZLE_OPEN}>.catan-side>.catan-story p{{margin:0}}"
    f"{PUZZLE_OPEN}>.catan-side>.catan-story p+p{{margin-top:6px}}" +
    # the form a margin inside its panel (the moves list reached the window's edge at 1024)
    ".catan-side .catan-form .widget-dropdown{max-width:calc(100% - 16px)}"
    # beside the board, a form's lists two to a row where the panel has room (one a row, the
    # bank's four put 9.18's Play under the fold at 1280x900, the page's bar scrolled off
    # to bring it in: s37); its buttons, its line and a card count each a row of their own
    "@media (min-width:1016px){.catan-side .catan-form.widget-vbox{flex-flow:row wrap}"
    ".catan-side .catan-form>*{flex:0 0 100%}"
    ".catan-side .catan-form>.widget-dropdown{flex:0 0 auto;margin-right:8px}}"
    # on a phone "or choose one here:" over its list, the list the form's width (beside it
    # the label took 130 px and squeezed the moves' words: learner 278)
    "@media (max-width:700px){.catan-form .catan-form-listed{flex-wrap:wrap}"
    ".catan-form .catan-form-listed>.widget-label{width:100%!important;text-align:left;"
    "max-width:none}.catan-form .catan-form-listed>select{flex:1 1 100%}}"
    # a page too narrow for the panels beside the board (a tablet): the board in the middle
    "@media (min-width:701px) and (max-width:1100px){.catan-tutor{justify-content:center}}"
    ".catan-app>.catan-top,.catan-app .catan-bar,.catan-app .catan-bar .widget-html,"
    ".catan-app .catan-bar .widget-html-content{overflow:visible}"
    ".catan-lesson,.catan-story{overflow:visible}"
    # the panels beside the board: the board's column stays in sight while the page scrolls
    # to a form under the actions (a fresh learner, s41 at 1024: the board scrolled away
    # while the text said to click it; at 1280 a form opened under the fold, unseen); no
    # box up to the page's scroller may clip (a clipping box is the one it would stick in)
    "@media (min-width:1016px){.jp-OutputArea:has(.catan-app),"
    ".jp-OutputArea-child:has(.catan-app),.jp-OutputArea-output:has(.catan-app),"
    ".catan-app,.catan-app>.catan-tutor{overflow:visible!important}"
    ".catan-app .catan-tutor>.catan-board-col{position:sticky;top:0;align-self:flex-start;"
    "z-index:1}}"
    # the goal's one line over a later step (lesson_goal.goal_line): small, the step's text
    # under it the eye's first stop
    ".catan-lesson .catan-goal-line>p{margin:0 0 6px;font-size:13px;"
    "color:var(--jp-ui-font-color1,#424242)}"
    # the line under the board (the pointer's or the keyboard cursor's spot: "Cursor on A4,
    # a settlement or city spot (a corner). Press Enter for ...") in lines, every word: cut
    # mid-word at 768 ("Build a settle"); one line as tall as the buttons beside it (the
    # phone's, in lines as tall as they are: LAYOUT_CSS's phone block)
    f"@media (min-width:701px){{{STEP_ROW}>.widget-label{{white-space:normal;"
    "text-overflow:clip;height:auto;min-height:var(--jp-widgets-inline-height,28px);"
    "line-height:1.35;display:flex;align-items:center;max-width:100%}}"
    # a question's words, the actions' and what the game waits for in lines as the lesson's
    # (ipywidgets sets an HTML widget's lines to a control's height, 28 px: a question read
    # double-spaced)
    ".catan-puzzle .widget-html-content,.catan-actions .widget-html-content,"
    ".catan-why-not .widget-html-content{line-height:1.4}"
    + WHY_NOT_CSS
    + HELD_REPLY_CSS
    + MAIN_LINE_CSS
    + STEP_FLOAT_CSS
    + MARKS_ONCE_CSS
    + TABLET_QUESTION_CSS
    + DISABLED_PRIMARY_CSS
    # the variant, round and phase after the lesson's title in bold (head_line.py)
    + ".catan-head-where{opacity:.8;font-size:13px}"
    # on a phone in the usual weight: bold, 1.1's title line took a third line, and the board
    # under it moved when the next phase's words took two
    "@media (max-width:700px){.catan-head-lesson b{font-weight:inherit}}"
    ".catan-head .widget-html,.catan-head .widget-html-content{line-height:1.35;"
    "min-height:0;height:auto}"
    # the line naming the lesson, turn and phase in the lines kept for it beside the board
    # (three where the panels are narrower, 1024 px): a phase's words a line shorter move
    # nothing under them (28 px)
    f"@media (min-width:701px){{.catan-head-title{{min-height:{2 * TITLE_LINE:.2f}em}}}}"
    "@media (min-width:701px) and (max-width:1279px){.catan-head-title{"
    f"min-height:{3 * TITLE_LINE:.2f}em}}}}"
    # (two under the board, where the panels are as wide as it: one more was 20 px lost)
    f"@media {TALL}{{.catan-head-title{{min-height:{2 * TITLE_LINE:.2f}em}}}}"
    # the course's summary beside the chapter's line: no taller than it (nothing moves)
    ".catan-app .catan-progress-summary,.catan-app .catan-progress-summary "
    ".widget-html-content{height:auto;min-height:0;line-height:18px}"
    f".catan-app .catan-chapter .widget-html-content{{line-height:{NOTE_LINE}px}}"
    f"@media (max-width:700px){{.catan-app .catan-note-row{{min-height:{NOTE_ROWS_PHONE}px;"
    "align-content:flex-start}.catan-app .catan-chapter{display:none}"
    f".catan-tutor{{row-gap:{PHONE_ROW_GAP}px}}}}"
    # tabs as wide as their labels (ipywidgets gives each 1/7 of the bar, clipping "Players"
    # on a narrow one), onto a second row rather than clipped when the bar is narrower still
    ".catan-tutor .jupyter-widgets.widget-tab>.lm-TabBar .lm-TabBar-content{flex-wrap:wrap}"
    ".catan-tutor .jupyter-widgets.widget-tab>.lm-TabBar .lm-TabBar-tab{flex:0 0 auto;"
    "min-width:0;padding:0 9px}"
    # every control shows where the keyboard is: a 3 px ring along its edge, inside it (a
    # ring outside was cut by the rows round the buttons), in a colour at least 3:1 against
    # the page and the lit buttons (a thin light line on the dark theme's blue End turn was
    # hard to see: a fresh learner, s15; FOCUS_LIGHT, FOCUS_DARK)
    + ",".join(f".catan-app {x}:focus-visible" for x in FOCUSABLE)
    + f"{{outline:3px solid {FOCUS_LIGHT}!important;outline-offset:-3px}}"
    # a phone or a narrow window: the board the page's width, the text under it, controls
    # big enough to tap
    + "@media (max-width:700px){"
    # the title row leaves room for the page's theme switch (at the screen's top right)
    ".catan-heading{padding-right:96px}"
    ".catan-help-body{margin-right:-92px}"  # under the switch: the lists' width
    # the board's column and the panels flow into the page's column (their boxes only
    # group them): the board, then what answers it, then the controls (PHONE_ORDER)
    f"{PHONE_FLAT}{{display:contents}}"
    # the board stays at the screen's top while the words under it scroll under it, as a
    # phone's board on Lichess: the step's words, a tap's reply and a question's verdict are
    # read with the board in sight (they came under ◀ ▶, under the board: reading them
    # scrolled it away, tapping it scrolled them away; a fresh learner at 375x740). What it
    # covers is out of sight to the page's scripts (page_facts.js, catanCover); no box up to
    # the page's scroller may clip (a clipping box is the one it would stick in)
    ".jp-OutputArea:has(.catan-app),.jp-OutputArea-child:has(.catan-app),"
    ".jp-OutputArea-output:has(.catan-app),.catan-app,.catan-app>.catan-tutor"
    "{overflow:visible!important}"
    # (its background up over the gap above it: Voila's box sticks it under its 10 px padding)
    f"{COL}>.catan-board{{position:sticky;top:0;z-index:5;"
    "background:var(--jp-layout-color1,#fff);"  # (the page's: #212121 on a dark one)
    f"box-shadow:0 -{PHONE_ROW_GAP + 2}px 0 var(--jp-layout-color1,#fff)}}"
    # not while a field is typed in: with a phone's keyboard up the stuck board took the screen
    # and the question and its verdict were out of sight under it (learner 278, 375x420)
    ".catan-tutor:has(input:focus,textarea:focus)>.catan-board-col>.catan-board"
    "{position:relative}"
    # the Explore tabs' own order of tabs kept inside their bar (Lumino gives a tab a z-index
    # up to the tabs' count: on a phone they came over the stuck board, l277)
    ".catan-tutor .lm-TabBar{isolation:isolate}"
    # stuck at the screen's top, a shadow on what scrolls under it (board_stuck.js)
    f"{COL}>.catan-board.catan-board-stuck{{box-shadow:0 -{PHONE_ROW_GAP + 2}px 0 "
    "var(--jp-layout-color1,#fff),0 8px 6px -6px rgba(0,0,0,.5)}"
    # what the browser scrolls into view (Tab's control, a word found) under it (board_width.js)
    "html,.lm-BoxPanel-child{scroll-padding-top:var(--catan-board-foot,0px)}"
    # the hand's lines at the page's spacing: its widget's 28 px line doubled them where the
    # hand wraps (Explore's Play tab, 9.2 at 375x740: a fresh learner, s34 m12)
    ".catan-app .catan-own-hand>.widget-html-content{line-height:1.4}"
    # the New game form's choices' row flattened into the form's column
    ".catan-new-game-box>.widget-hbox:first-child{display:contents}"
    # no scroll anchoring in it: the browser keeps the first element in the page's order in
    # place, not the one in the order shown (the step buttons, when they followed the text:
    # a rule's text opened over them scrolled the "§" tapped away from under the finger)
    ".catan-tutor{overflow-anchor:none}"
    # the step buttons (the only things side by side) close together: the room left in
    # their row holds "Answer the puzzle to go on." in two lines
    ".catan-tutor{column-gap:6px}"
    # each its own row, as wide as the column less its margins (100 % plus ipywidgets' 2 px
    # margins scrolled the column 4 px sideways and cut each line's last letters: l32)
    f"{SIDE}>*,{COL}>*,{ACTIONS}>*{{flex:0 1 100%;"
    "max-width:100%;min-width:0}"
    # the step buttons, Labels and Copy link in a row (their box flattened too)
    f"{STEP_ROW}>*{{flex:0 0 auto}}"
    # the reply to a tap ("Nothing there: tap a corner, edge or hex.") right under the board,
    # every word: in lines, as tall as they are
    f"{STEP_ROW}>.widget-label{{flex:0 0 100%;white-space:normal;height:auto;"
    "line-height:1.35}"
    # "Answer the puzzle to go on." beside the step buttons it speaks of, in the row's room
    # (Labels moves down for it): the question under them within ~80 px of the board (a
    # line of its own put it 122 px down)
    f"{COL}>.catan-step-note{{flex:1 1 0%;min-width:0;height:auto;align-self:center}}"
    f"{COL}>.catan-step-note .widget-html-content{{line-height:1.3;height:auto}}"
    f"{STEP_ROW}>.widget-button{{margin-bottom:0}}{SIDE}>.catan-puzzle{{margin-top:0!important}}"
    # what the event die did, right under the board (PHONE_ORDER); the dice's caption only
    # where the board drew the dice without it (data-narrow)
    f"{COL}>.catan-dice-words{{min-height:0}}"
    f"{COL}>.catan-dice-words:not(:has(.catan-event-words)){{display:none}}"
    f".catan-board-col:has(.catan-drawn[data-caption='out'])>.catan-dice-words:has("
    ".catan-dice-caption){display:flex}"
    # a question open: the question and its answer's row before the dice's words (C&K: the
    # caption's line put 6.7's answer row 24 px under the fold, what the event die did 11.16's
    # 56 px): the caption alone ("The dice of the last roll.") left out, the event die's
    # words under the question
    f"{PUZZLE_OPEN}>.catan-board-col>.catan-dice-words:not(:has(.catan-event-words))"
    "{display:none}"
    f"{PUZZLE_OPEN}>.catan-board-col>.catan-dice-words{{order:-59}}"
    # (still there once the question is solved: moved up under the board as the answer is
    # judged, its lines took ◀ ▶ and the verdict ~60 px down under the finger, 10.6: l45)
    # the board in words (for screen readers only) takes no row
    f"{COL}>.widget-html:has(.catan-board-text){{position:absolute}}"
    # nothing said, no line (each row of the column has a gap over it)
    f"{STEP_ROW}>.widget-label:empty,.catan-tutor>.catan-side>.widget-html:has("
    ">.widget-html-content:empty),.catan-tutor>.catan-board-col>.widget-html:has("
    ">.widget-html-content:empty),.catan-actions>.widget-html:has("
    ">.widget-html-content:empty){display:none}"
    + "".join(f"{where}{{order:{n}}}" for n, where in PHONE_ORDER)
    + STORY_HEAD_CSS
    + f"{RIGHT_SHOWN}>.catan-side>.catan-puzzle{{order:-71}}"  # (RIGHT_FIRST_CSS)
    # a question: its heading, its words, then the reply (Right, Not the answer); a right
    # answer's reply over the next question it led to goes under that question's heading.
    # Only there: under a reply the key of its marks stays under it (it went over "Right")
    + ".catan-puzzle>.catan-puzzle-prompt>.widget-html-content:has(>.catan-puzzle-verdict+div)"
    "{display:flex;flex-direction:column}"
    ".catan-puzzle>.catan-puzzle-prompt .catan-puzzle-verdict+div:not(.catan-marks-key){order:-1}"
    # the lesson's title beside Explore in the variant's stead (its name with the title made
    # four lines where three are kept: the board moved when the phase took a line less)
    ".catan-head-variant{display:none}"
    # the chapter's list and New game in one row, the lesson's list under them: the
    # question of a puzzle under the board came into the first screen (phone_puzzle2.png)
    ".catan-app .catan-bar>.catan-chapter-picker{flex:1 1 200px;min-width:0}"
    ".catan-app .catan-bar>.catan-new-game{order:1}"
    # New game says what it does ("+" alone read as nothing: a fresh learner, s15): its
    # words in two lines, in the list's size, no "+", as narrow as the "+" was: the
    # chapter's list keeps the room for every chapter's name (beside "+ New game" two read
    # "4 · Development cards, awards and vi")
    f".catan-app .catan-bar>.catan-new-game{{min-width:{TOUCH}px;max-width:52px;"
    "padding:2px 6px;flex:0 0 auto;white-space:normal;font-size:11.5px;line-height:1.15;"
    "text-align:center}"
    ".catan-app .catan-bar>.catan-new-game>i{display:none}"
    ".catan-app .catan-bar>.catan-lesson-picker{order:2;flex:1 1 100%;min-width:0}"
    # a puzzle's box: the question, its verdict right under it (a tap on the board scrolls
    # nothing to it: reply_in_view.js), the answer's row, then how to answer and the hints.
    # The question stays put as a verdict comes (over it, the verdict pushed the question
    # under the fold); the answer's row on the first screen (the lines of how to answer
    # over it put it 44 px under the fold, phone_puzzle_first.png)
    ".catan-puzzle>.catan-puzzle-prompt{order:-3}.catan-puzzle>.catan-puzzle-result{order:-2}"
    ".catan-puzzle>.catan-puzzle-entry{order:-1}"
    ".catan-puzzle>.catan-puzzle-result:has(>.widget-html-content:empty){display:none}"
    # the hints' line before a hint is taken: no room kept (under a solved puzzle's "Rule:")
    ".catan-puzzle>.widget-html:has(>.widget-html-content:empty){display:none}"
    ".catan-puzzle .catan-puzzle-prompt p:last-child{margin-bottom:0}"
    ".catan-puzzle>.catan-puzzle-prompt{margin-bottom:0}.catan-puzzle-entry>*{margin-top:0}"
    f"{SIDE}>.catan-puzzle{{padding-top:3px!important}}"
    # a question open: "Answer the question below." over the board left out (the
    # title says "a puzzle", "Answer the puzzle to go on." the step buttons, the question
    # follows them), a note over it takes the lines it needs: no lines kept for them (80 px
    # between the heading's words and the board's sea, a three-line question 12 px under the
    # fold, the answer's row under it)
    ".catan-head-prompt:has(>.catan-head-asked){display:none}"
    f"{PUZZLE_OPEN}>.catan-side>.catan-head{{min-height:0}}"
    ".catan-app:has(.catan-puzzle:not([style*='none'])) .catan-note-row{min-height:0}"
    # and the course's summary left out until it is solved (a puzzle solved before, its line
    # put 6.7's answer row 39 px under the fold)
    ".catan-app:has(.catan-puzzle:not([style*='none'])) .catan-note-row>.catan-progress-row"
    "{display:none}"
    # an open question's "Puzzle" in its box's top border (PUZZLE_HEAD_CSS: a line of its
    # own put the question under the first screen)
    ".catan-puzzle .catan-puzzle-head+p{margin-top:0}"
    # Copy link, on a row of its own at the page's foot, in line with Labels over it (its
    # margin beside the step buttons indented it 10 px more: l45)
    f"{STEP_ROW}>.catan-copy-link{{margin-left:var(--jp-widgets-margin,2px)!important}}"
    f".catan-tutor>.catan-side>.catan-head{{min-height:{HEAD_RESERVE}px}}"
    f".catan-app button,.catan-app select,.catan-app input,.catan-app summary,"
    f".catan-app .lm-TabBar-tab{{min-height:{TOUCH}px}}"
    + RULE_TAP_CSS
    # the tabs (ipywidgets sizes them with a more specific rule): as tall, their word centred
    + ".catan-tutor .jupyter-widgets.widget-tab>.lm-TabBar .lm-TabBar-tab"
    f"{{min-height:{TOUCH}px!important;align-items:center}}"
    # Explore's seven tabs on one row at 375 px (9 px each side wrapped "File" alone onto a
    # second row: a fresh learner, s31), every word whole
    ".catan-tutor .jupyter-widgets.widget-tab>.lm-TabBar .lm-TabBar-tab{padding:0 6px}"
    ".catan-app .widget-inline-hbox,.catan-app .widget-toggle-buttons{height:auto}"
    # the lists and fields the width of their box, less the margins ipywidgets gives them
    # (at 100 % they reached 2 px past it and were cut at the right edge)
    ".catan-app .widget-dropdown,.catan-app .widget-text{"
    "width:calc(100% - 2 * var(--jp-widgets-margin, 2px))!important}"
    ".catan-app .widget-label{min-width:0}"
    # the chapter and lesson lists the page's width, their words for screen readers only,
    # their text a little smaller: the longest lesson title shows whole
    ".catan-app .catan-bar .widget-dropdown>label{position:absolute;width:1px;height:1px;"
    "overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}"
    ".catan-app .catan-bar select{font-size:11.5px;padding-left:6px}"
    # a checkbox's words beside its box, level with it ("I pick chance outcomes" sat 16 px
    # under it, like a line of its own: the box is drawn in the middle of its 40 px for a
    # finger, the words were at their foot)
    ".catan-app .widget-checkbox .widget-label-basic{display:inline-flex;align-items:center}"
    ".catan-app .widget-checkbox input[type='checkbox']{flex:0 0 auto;margin:0 8px 0 0}"
    # the moves list scrolls inside itself, the buttons under it stay on screen
    ".catan-app .catan-moves-box{max-height:40vh}"
    # "You left the lesson's line" (or its end) in few lines
    ".catan-line .catan-line-text{font-size:13px;line-height:1.3!important;"
    "padding:3px 6px!important}"
    # a kind's button as wide as the page at most, its words on two lines if they must ("Offer
    # a resource for a commodity (Commercial Harbor" was cut at the edge: a fresh learner, s17)
    ".catan-app .catan-palette .widget-toggle-button{max-width:100%;white-space:normal;"
    "height:auto;line-height:1.3;padding-top:6px;padding-bottom:6px;text-align:left}"
    "}"
    # a touch screen of any width (a tablet): controls big enough for a finger
     + "@media (pointer:coarse){"
    f".catan-app button,.catan-app select,.catan-app input,.catan-app summary,"
    f".catan-app .lm-TabBar-tab{{min-height:{TOUCH}px}}"
    + RULE_TAP_CSS
    + ".catan-tutor .jupyter-widgets.widget-tab>.lm-TabBar .lm-TabBar-tab"
    f"{{min-height:{TOUCH}px!important;align-items:center}}"
    ".catan-app .widget-inline-hbox,.catan-app .widget-toggle-buttons{height:auto}"
    "}"
)


# A phone's board made smaller to read under it (board_size.js: its button at the board's top
# right corner, over the sea, a finger's size; learners 278 and 279 read under a stuck board
# 370 of 740 px tall): about 60 % as wide, centred; the button's "+" shows while it is small
BOARD_SIZE_CSS = (
    ".catan-board-size{display:none}"
    "@media (max-width:700px){.catan-board-size{display:flex;position:absolute;top:2px;"
    f"right:2px;z-index:2;width:{CLOSE_SIZE}px;height:{CLOSE_SIZE}px;padding:0;margin:0;"
    "align-items:center;justify-content:center;border-radius:50%;cursor:pointer;"
    "border:1px solid var(--jp-border-color1,#bbb);background:var(--jp-layout-color1,#fff);"
    "color:var(--jp-ui-font-color1,rgba(0,0,0,.87));box-shadow:0 1px 4px rgba(0,0,0,.25)}"
    ".catan-board.catan-board-small>canvas{max-width:72%!important;align-self:center}}"
    ".catan-size-plus{display:none}.catan-board-small .catan-size-plus{display:inline}"
)


def _scoped(selector: str) -> str:
    return ",".join(f"{DARK} {scope} {selector}" for scope in SCOPES)


def theme_css() -> str:
    """The tutor's theme rules (a ``<style>`` body): the app's own surfaces from JupyterLab's
    variables, and on a dark page every inline light-page colour remapped."""
    from .go_on_note import GO_ON_CSS  # (the step note's "Solved." on a phone only)

    rules = [
        LAYOUT_CSS,
        PUZZLE_HEAD_CSS,
        BOARD_SIZE_CSS,
        BY_DEVICE_CSS,
        GO_ON_CSS,
        ".catan-app,.catan-tutor{color:var(--jp-ui-font-color1)}",
        f"{DARK} .catan-board canvas:focus-visible{{outline-color:var(--jp-brand-color1)}}",
        ",".join(f"{DARK} .catan-app {x}:focus-visible" for x in FOCUSABLE)
        + f"{{outline-color:{FOCUS_DARK}!important}}",
        f"{DARK} .catan-help summary{{color:#90caf9}}",
        # the tab labels (JupyterLab's own grey reads at 4.2-4.4:1 on its tabs) and the
        # lightest greys of light-page notes, in either theme
        ",".join(f"{scope} .lm-TabBar-tab" for scope in SCOPES)
        + "{color:var(--jp-ui-font-color1)!important}",
        ",".join(
            f"{scope} [style*='color:{grey}']" for scope in SCOPES for grey in ("#777", "#888")
        )
        + "{color:#666!important}",
        # a rule named in a lesson text: a button that reads as the words it is, opening the
        # rule's text under it (verdicts.rule_ref_html, rule_refs.js)
        ".catan-rule-ref{text-decoration:underline dotted;text-underline-offset:2px;"
        "cursor:pointer}.catan-rule-ref[aria-expanded='true']{text-decoration-style:solid}"
        ".catan-rule-ref-text{display:block;margin:2px 0 4px 14px;padding:3px 8px;"
        "border-left:3px solid #b0bec5;background:#f5f7f8;color:#333;font-size:12px}"
        ".catan-rule-ref-text[hidden]{display:none}"
        # a rule a bracket cites: a small raised "§" after the words it backs; under a finger
        # a TOUCH px square to tap (an invisible box round it: the "§" looks no bigger)
        ".catan-rule-note{text-decoration:none;font-size:10px;padding:0 1px;"
        "color:var(--jp-content-link-color,#1565c0)}"
        # under a finger or on a phone's width the "§" itself is a TOUCH px box: padding
        # round the same small glyph, a negative margin keeping the words where they were
        f"@media (pointer:coarse),(max-width:700px){{.catan-rule-note{{position:relative;"
        f"padding:{TOUCH // 2 - 5}px {TOUCH // 2 - 2}px;margin:0 {3 - TOUCH // 2}px}}}}",
        f"{DARK} .catan-rule-ref-text{{background:var(--jp-layout-color1);"
        "color:var(--jp-ui-font-color1);border-color:var(--jp-border-color1)}",
        # links in lesson texts and rule references
        _scoped("a") + "{color:var(--jp-content-link-color,#90caf9)}",
        # white on JupyterLab's light success green reads 4.1:1: a darker green, 5.1:1
        ",".join(
            f"body[data-jp-theme-light='true'] {s} .jupyter-button.mod-success" for s in SCOPES
        )
        + "{background-color:#2e7d32}",
        # a step button held by a puzzle not solved yet looks as a disabled one does (a press
        # says why: board_panel.step_buttons)
        ",".join(f"{s} .jupyter-button.catan-step-held" for s in SCOPES)
        + "{opacity:var(--jp-widgets-disabled-opacity,.6);cursor:not-allowed;"
        "box-shadow:none!important}",
        # on a dark page JupyterLab's faded grey button is hardly darker than an active one
        # (dark_1024.png: ◀ at a lesson's start looked as ▶): a disabled or held button is
        # hollow there, a faint dashed outline round dimmed words, a held one's over 4.5:1 (a
        # press says why); a disabled one's in the theme's own disabled grey, 3.3:1 (exempt
        # from the contrast rule, still legible): in a bright rim at 6:1 the Moves tab's
        # greyed buttons read as ones to press (s35)
        ",".join(
            f"{DARK} {s} .jupyter-button{state}"
            for s in SCOPES
            for state in (":disabled", ".catan-step-held")
        )
        + "{opacity:1;background:transparent!important;box-shadow:none!important;"
        "border:1px dashed var(--jp-border-color2);color:var(--jp-ui-font-color2);"
        "cursor:not-allowed}"
        + ",".join(f"{DARK} {s} .jupyter-button:disabled" for s in SCOPES)
        + "{color:var(--jp-ui-font-color3)}",
        # a disabled or held step button pressed, hovered or focused stays greyed: no blue
        # focus ring or shadow that looks pressable (a fresh learner: ▶ on a solved step); the
        # keyboard's focus still shows, as a grey dashed ring
        ",".join(
            f"{s} .jupyter-button{state}{on}"
            for s in SCOPES
            for state in (":disabled", ".catan-step-held")
            for on in (":focus", ":hover", ":active")
        )
        + "{outline:none!important;box-shadow:none!important}"
        + ",".join(
            f"{s} .jupyter-button{state}:focus-visible"
            for s in SCOPES
            for state in (":disabled", ".catan-step-held")
        )
        + "{outline:2px dashed var(--jp-ui-font-color2,#616161)!important}",
        # the greyed "not possible now" kinds stay dimmed but readable: 0.5 read 3.0:1, 0.7 5.5
        ",".join(f"{s} .catan-blocked .widget-toggle-button:not(.mod-active)" for s in SCOPES)
        + "{opacity:.7}",
    ]
    for light, dark in DARK_TEXT.items():
        sel = _scoped(f"[style*='color:{light}']")
        rules.append(f"{sel}{{color:{dark}!important}}")
    for light, dark in DARK_BACKGROUND.items():
        sel = (
            _scoped(f"[style*='background:{light}']")
            + ","
            + _scoped(f"[style*='background-color:{light}']")
        )
        rules.append(f"{sel}{{background:{dark}!important}}")
    for light, dark in DARK_BORDER.items():
        sel = _scoped(f"[style*='solid {light}']")
        rules.append(f"{sel}{{border-color:{dark}!important}}")
    return "\n".join(rules)


THEME_CSS = theme_css()
