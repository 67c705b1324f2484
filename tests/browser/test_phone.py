"""The app on a phone (390 by 844 pixels) in a real Chromium: nothing runs off the screen,
and a lesson's task and the cards it names are on the first screen."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from skipbo_widgets.devtools import find_deal, start_game, wait_until_settled
from skipbo_widgets.i18n import LANGUAGE_NAMES, LANGUAGES, t
from skipbo_widgets.skipbo.engine import WILD
from skipbo_widgets.skyjo.engine import Move as SkyjoMove
from skipbo_widgets.tutorials import load_lessons
from skipbo_widgets.widgets.skyjo.view import PAGE_ORDER
from skipbo_widgets.widgets.table.controller import default_names

from .conftest import PHONE
from .test_app import no_python_errors
from .test_axe import axe, findings

__all__ = ["axe"]  # axe-core's script, for the settings menu's check

Page = Any
DE = "de"
#: The smallest caption on the table a child or a grandparent should have to read.
READABLE_PX = 14


#: What a press of Next can change: the step, its text, or the answer ("do the task first").
STEP_STATE = """() => ["tutorial-progress", "tutorial-text", "tutorial-feedback"]
    .map((id) => document.querySelector(`[data-testid="${id}"]`)?.innerText ?? "").join("|")"""


def box(page: Page, selector: str) -> dict[str, float]:
    return dict(page.eval_on_selector(selector, """e => {
        const r = e.getBoundingClientRect();
        return {left: r.left, right: r.right, top: r.top, bottom: r.bottom};
    }"""))


def test_the_open_file_button_shows_its_label_without_a_file_count(phone_page: Page) -> None:
    page = phone_page
    page.goto(f"{page.base_url}?lang={DE}")
    upload = page.wait_for_selector('[data-testid="load-file"]', timeout=60_000)
    wait_until_settled(page)
    assert upload.inner_text().strip() == t("home.load_file", DE)  # not "… (0)"
    no_python_errors(page)


def test_on_a_phone_the_lesson_list_fits_the_screen(phone_page: Page) -> None:
    page = phone_page
    page.goto(f"{page.base_url}?lang={DE}")
    page.click('[data-testid="learn"]', timeout=60_000)
    picker = 'select[data-testid="lesson-picker"]'
    page.wait_for_selector(picker)
    lessons = load_lessons()
    titles = [t(lesson.title_key, DE) for lesson in lessons]
    longest = max(range(len(titles)), key=lambda i: len(titles[i]))
    page.select_option(picker, index=longest)
    expect(page.locator('[data-testid="tutorial-text"]')).to_contain_text(titles[longest])
    wait_until_settled(page)
    select, row = box(page, picker), box(page, ".sb-tutorial-top")
    assert row["left"] <= select["left"] and select["right"] <= row["right"]
    assert select["right"] <= PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    no_python_errors(page)


def test_a_click_on_the_learners_empty_stock_pile_is_answered(phone_page: Page) -> None:
    """The team lesson's last step: the learner's stock is empty, the partner's is not."""
    page = phone_page
    lesson = next(i for i, x in enumerate(load_lessons()) if x.id == "teams")
    page.goto(f"{page.base_url}?lang={DE}")
    page.click('[data-testid="learn"]', timeout=60_000)
    page.select_option('select[data-testid="lesson-picker"]', index=lesson)
    win = t("tut.teams.win", DE)[:40]
    for _ in range(12):  # next, next (the first press on an unsolved task only asks)
        if win in page.inner_text('[data-testid="tutorial-text"]'):
            break
        before = page.evaluate(STEP_STATE)
        page.click('[data-testid="tutorial-next"]')
        page.wait_for_function(f"before => ({STEP_STATE})() !== before", arg=before)
    assert win in page.inner_text('[data-testid="tutorial-text"]')
    assert page.inner_text('[data-testid="stock-count-0"]').strip() == "0"
    page.click('[data-testid="stock-0"]')
    partner = default_names(4, 0, DE)[2]
    expected = t("status.stock_empty", DE, partner=partner)
    # The status line first says the step's task: wait for the answer to the click.
    page.wait_for_function(
        "text => document.querySelector('[data-testid=\"status\"]')?.innerText.trim() === text",
        arg=expected)
    assert page.inner_text('[data-testid="stock-count-0"]').strip() == "0"
    no_python_errors(page)


#: Every box on the card table and, apart from it, the text in it (a caption's text
#: may run past its own box): what it is, its left and right edges, and whether it
#: lies in the learner's own panel.
TABLE_PARTS = """t => {
    const parts = [];
    const me = t.querySelector('[data-testid="player-0"]');
    const add = (node, what, r) => {
        if (r.width || r.height) {
            parts.push({what, left: r.left, right: r.right, mine: me.contains(node)});
        }
    };
    for (const e of t.querySelectorAll("*")) {
        add(e, e.dataset.testid || e.className || e.tagName, e.getBoundingClientRect());
    }
    const texts = document.createTreeWalker(t, NodeFilter.SHOW_TEXT);
    for (let n = texts.nextNode(); n; n = texts.nextNode()) {
        // A screen reader's text only (data-unseen) is not on the screen.
        if (!n.textContent.trim() || n.parentElement.closest("[data-unseen]")) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        add(n, `text "${n.textContent}"`, range.getBoundingClientRect());
    }
    return parts;
}"""

#: The captions above the learner's stock pile and discard piles: text, edges, size.
CAPTIONS = """t => [...t.querySelectorAll('[data-testid="player-0"] .sb-label')].map(e => {
    const range = document.createRange();
    range.selectNodeContents(e);
    const r = range.getBoundingClientRect();
    return {text: e.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom,
            px: parseFloat(getComputedStyle(e).fontSize)};
})"""


#: The captions under the four building piles ("starts with 1 or SKIP-BO", "needs 5"):
#: text, the edges of the text and of its pile's column, the column's top, size, lines,
#: and the words broken over two lines (a caption may wrap only between words).
BUILDING_CAPTIONS = """t => [...t.querySelectorAll('.sb-build')].map(column => {
    const caption = column.querySelector('[data-testid^="build-needs-"]');
    const text = caption.firstChild;
    const range = document.createRange();
    range.selectNodeContents(caption);
    const r = range.getBoundingClientRect(), c = column.getBoundingClientRect();
    const lines = rects => new Set([...rects].map(x => Math.round(x.top))).size;
    const broken = [];
    let at = 0;
    for (const word of text.textContent.split(" ")) {
        const w = document.createRange();
        w.setStart(text, at);
        w.setEnd(text, at + word.length);
        if (lines(w.getClientRects()) > 1) broken.push(word);
        at += word.length + 1;
    }
    return {text: caption.textContent, left: r.left, right: r.right,
            column: [c.left, c.right], top: c.top, lines: lines(range.getClientRects()),
            broken, px: parseFloat(getComputedStyle(caption).fontSize)};
})"""


def check_building_captions(page: Page, lang: str, *, min_px: float = READABLE_PX) -> list[str]:
    """The four building piles side by side, each caption's text whole, readable
    (>= ``min_px``, 14 px on a phone), on at most three lines broken between words,
    inside its pile's column."""
    captions = page.eval_on_selector('[data-testid="table"]', BUILDING_CAPTIONS)
    assert len(captions) == 4
    assert max(c["top"] for c in captions) - min(c["top"] for c in captions) < 1, captions
    for left, right in pairwise(captions):
        assert left["column"][1] <= right["column"][0] + 0.5, (left, right)
    for caption in captions:
        assert caption["px"] >= min_px, caption
        assert not caption["broken"] and caption["lines"] <= 3, caption
        column_left, column_right = caption["column"]
        assert column_left - 0.5 <= caption["left"] and caption["right"] <= column_right + 0.5, (
            lang, caption)
    return [c["text"] for c in captions]


def start_game_with(page: Page, lang: str, players: int) -> None:
    seed, _game = find_deal(lambda game: True, players=players,
                            levels=("medium",) * (players - 1))
    start_game(page, f"{page.base_url}?lang={lang}", seed, players=players, timeout=60_000)
    page.wait_for_selector('[data-testid="build-needs-3"]')
    wait_until_settled(page)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_on_a_phone_every_pile_and_caption_lies_on_the_table(
        phone_page: Page, lang: str, players: int) -> None:
    """German's "Spielerstapel" above the stock pile once pushed the fourth discard
    pile past the learner's panel and the table's edge (377.8 px against 375)."""
    page = phone_page
    start_game_with(page, lang, players)
    table = box(page, '[data-testid="table"]')
    mine = box(page, '[data-testid="player-0"]')
    assert table["left"] >= 0 and table["right"] <= PHONE["width"]
    parts = page.eval_on_selector('[data-testid="table"]', TABLE_PARTS)
    assert len(parts) > 50
    for part in parts:
        assert table["left"] - 0.5 <= part["left"] and part["right"] <= table["right"] + 0.5, part
        if part["mine"]:
            assert mine["left"] - 0.5 <= part["left"] and part["right"] <= mine["right"] + 0.5, part
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    # Both captions are there in full, large enough to read, and not over one another.
    stock, discards = page.eval_on_selector('[data-testid="table"]', CAPTIONS)
    assert stock["text"] == t("pile.stock", lang)
    assert discards["text"] == t("table.discard_piles", lang)
    assert stock["px"] >= READABLE_PX and discards["px"] >= READABLE_PX
    assert (stock["right"] <= discards["left"] or discards["right"] <= stock["left"]
            or stock["bottom"] <= discards["top"] or discards["bottom"] <= stock["top"])

    # The building piles' captions: French's "commence" once ran over its pile's edges.
    starts = t("table.starts", lang, needs=1, wild=WILD)
    assert check_building_captions(page, lang) == [starts] * 4
    no_python_errors(page)


def open_tips_lesson(page: Page, lang: str) -> None:
    """The strategy tips' first step: started building piles beside empty ones."""
    lesson = next(i for i, x in enumerate(load_lessons()) if x.id == "tips")
    page.goto(f"{page.base_url}?lang={lang}")
    page.click('[data-testid="learn"]', timeout=60_000)
    page.select_option('select[data-testid="lesson-picker"]', index=lesson)
    page.wait_for_selector('[data-testid="build-needs-3"]')
    wait_until_settled(page)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_on_a_phone_the_building_piles_captions_fit_their_piles(phone_page: Page,
                                                                 lang: str) -> None:
    """A lesson with started piles and empty ones: "il faut : 4" beside "commence
    par 1 ou SKIP-BO", each caption readable and inside its own pile's column."""
    page = phone_page
    open_tips_lesson(page, lang)
    texts = check_building_captions(page, lang)
    starts = t("table.starts", lang, needs=1, wild=WILD)
    assert starts in texts and any(text != starts for text in texts)  # both kinds
    assert box(page, '[data-testid="table"]')["right"] <= PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    no_python_errors(page)


@pytest.mark.parametrize("lang", ["nl", "de"])
def test_on_a_phone_the_setup_form_fits_and_its_lines_do_not_overlap(phone_page: Page,
                                                                      lang: str) -> None:
    page = phone_page
    page.goto(f"{page.base_url}?lang={lang}")
    page.click('[data-testid="play"]', timeout=60_000)
    page.wait_for_selector('[data-testid="start-game"]')
    wait_until_settled(page)
    form = box(page, ".sb-setup")
    rows = page.eval_on_selector_all(
        ".sb-setup > .widget-html, .sb-setup > .widget-hbox:last-child, .sb-setup-col > *", """es =>
        es.filter(e => e.offsetParent !== null).map(e => {
            const r = e.getBoundingClientRect();
            return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                    text: e.innerText.slice(0, 40)};
        })""")
    assert len(rows) > 8
    for row in rows:  # nothing wider than the form
        assert form["left"] - 1 <= row["left"] and row["right"] <= form["right"] + 1, row
    for upper, lower in pairwise(rows):  # a wrapped label pushes the next line down
        assert upper["bottom"] <= lower["top"] + 1, (upper, lower)
    # the checkboxes' labels are as large as the rest of the form
    sizes = page.eval_on_selector_all(".sb-setup .widget-checkbox span",
                                      "es => es.map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert sizes and min(sizes) >= 16
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    no_python_errors(page)


def test_on_a_phone_turn_hint_and_undo_stay_on_screen_by_the_hand(phone_page: Page) -> None:
    """The table is taller than a phone: whose turn it is, hint and undo stick to the foot
    of the screen, and a message scrolled into sight stops above them."""
    page = phone_page
    start_game_with(page, DE, 2)
    height = PHONE["height"]
    for name in ("hint", "undo"):
        button = box(page, f'[data-testid="{name}"]')
        assert button["top"] >= 0 and button["bottom"] <= height, name
    page.click('[data-testid="stock-1"]')  # Mia's pile: the answer comes at the table's foot
    # The answer is scrolled smoothly into sight, above the bar: wait until it is there.
    page.wait_for_function("""() => {
        const status = document.querySelector('[data-testid="status"]');
        const bar = document.querySelector('.sb-actions');
        return status && bar
            && status.getBoundingClientRect().bottom <= bar.getBoundingClientRect().top + 1;
    }""")
    bar = box(page, ".sb-actions")
    assert bar["bottom"] <= height + 1
    # The learner discards; Mia plays while the table's middle is off screen: the bar
    # says what she did last.
    page.click('[data-testid="hand-card-0"]')
    page.click('[data-testid="discard-0-0"]')
    last = page.wait_for_selector('.sb-actions [data-testid="last-move"]', timeout=30_000)
    assert last.is_visible() and last.inner_text().startswith("Mia")
    assert box(page, '.sb-actions [data-testid="last-move"]')["bottom"] <= height + 1
    no_python_errors(page)


def first_card(move: Any) -> str:
    """The card or pile a lesson's move starts from, as the learner taps it."""
    if isinstance(move, SkyjoMove):
        if move.kind == "draw":
            return "skyjo-draw"
        if move.kind == "take":
            return "skyjo-discard"
        return f"grid-0-{PAGE_ORDER.index(move.place)}"
    return {"s": "stock-0", "d": f"discard-0-{move.index}"}[move.source]


#: Whether every element named lies whole on the screen, the page not scrolled sideways.
ON_SCREEN = """ids => ids.every(id => {
    const e = document.querySelector(`[data-testid="${id}"]`);
    const r = e?.getBoundingClientRect();
    return r && r.height > 0 && r.top >= -1 && r.bottom <= innerHeight + 1
        && r.left >= -1 && r.right <= innerWidth + 1;
})"""


@pytest.mark.parametrize("game", ["skipbo", "skyjo"])
def test_on_a_phone_a_lessons_task_and_its_card_share_the_first_screen(
        phone_page: Page, game: str) -> None:
    """A child reads "tap your 1" and sees the 1 without scrolling: the settings once took
    the first screen, the lesson's text and buttons the rest, the table began below it.
    The first step of the game's first lesson that asks for a move, reached with "next"
    (which then stands below the table: the new step's text is brought back into sight)."""
    page = phone_page
    lesson = load_lessons(game)[0]
    number, step = next((i, s) for i, s in enumerate(lesson.steps) if s.task is not None)
    assert step.task is not None
    page.goto(f"{page.base_url}?lang={DE}&game={game}")
    page.click('[data-testid="learn"]', timeout=60_000)
    expect(page.locator('[data-testid="tutorial-text"]')).to_contain_text(t(lesson.title_key, DE))
    for _ in range(number):
        before = page.evaluate(STEP_STATE)
        page.click('[data-testid="tutorial-next"]')
        page.wait_for_function(f"before => ({STEP_STATE})() !== before", arg=before)
    expect(page.locator('[data-testid="tutorial-task"]')).to_contain_text(t(step.key + ".task", DE))
    wait_until_settled(page)
    # The step's whole text (its task last in it) and the card the task starts from.
    wanted = ["tutorial-text", first_card(step.task.solution[0])]
    try:  # a smooth scroll may still be under way
        page.wait_for_function(ON_SCREEN, arg=wanted, timeout=5_000)
    except PlaywrightTimeout:
        boxes = {name: box(page, f'[data-testid="{name}"]') for name in wanted}
        pytest.fail(f"off the {PHONE} screen: {boxes}")
    no_python_errors(page)


def test_on_a_phone_the_settings_fold_behind_one_button(phone_page: Page, axe: str) -> None:
    """The projector view, card size and language in a menu beside the title, its button
    named in the learner's language and saying whether it is open; axe-core finds nothing
    serious with it closed or open."""
    page = phone_page
    page.goto(f"{page.base_url}?lang={DE}")
    menu = page.wait_for_selector('[data-testid="view-menu"]', timeout=60_000)
    wait_until_settled(page)
    assert menu.get_attribute("aria-expanded") == "false"
    assert not page.is_visible('[data-testid="language"]')
    button, title = box(page, '[data-testid="view-menu"]'), box(page, ".sb-title")
    assert button["top"] < title["bottom"] and title["top"] < button["bottom"]  # one row
    found = findings(page, axe, "phone-menu-closed")
    menu.click()
    expect(page.locator('[data-testid="view-menu"]')).to_have_attribute("aria-expanded", "true")
    expect(page.locator('[data-testid="language"]')).to_be_visible()  # once Python opened it
    found += findings(page, axe, "phone-menu-open")
    assert not found, "\n".join(found)
    for lang in [DE, *(code for code in LANGUAGES if code != DE)]:
        page.click(f'[data-testid="language"] >> text="{LANGUAGE_NAMES[lang]}"')
        expect(page.locator('[data-testid="view-menu"]')).to_have_accessible_name(
            t("view.menu", lang))
        expect(page.locator('[data-testid="card-size"]')).to_be_visible()  # still open
    menu.click()
    expect(page.locator('[data-testid="view-menu"]')).to_have_attribute("aria-expanded", "false")
    expect(page.locator('[data-testid="projector"]')).to_be_hidden()  # once Python closed it
    no_python_errors(page)
