"""The projector view (issue 14, item 3) at 1920 by 1080 in a real Chromium, in every
language: every visible text at least 24 px on the home screen, the setup form, the game
(table and side panel), a lesson, the demo and the hot seat's pass screen; the table at
least 80 % of the screen's height; nothing wider than the screen. ``SKIPBO_SHOTS=DIR``
keeps a screenshot of each screen."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skipbo_widgets.devtools import wait_until_settled
from skipbo_widgets.i18n import LANGUAGES

from .conftest import _page
from .test_app import no_python_errors

Page = Any
PROJECTOR = {"width": 1920, "height": 1080}
MIN_PX = 24

#: Every visible text of the app (text nodes, and what a text box or a list shows) with
#: its computed size, and whether it runs past the screen's right edge.
TEXTS = """min => {
    const small = [], wide = [];
    const check = (el, text, rects) => {
        const shown = [...rects].filter(r => r.width > 0 && r.height > 0);
        if (!shown.length || getComputedStyle(el).visibility === "hidden") return;
        const px = parseFloat(getComputedStyle(el).fontSize);
        if (px < min) small.push(`${px}px: ${text.trim().slice(0, 40)} (${el.className})`);
        if (Math.max(...shown.map(r => r.right)) > innerWidth + 0.5) wide.push(text.slice(0, 40));
    };
    const app = document.querySelector(".sb-app");
    const walker = document.createTreeWalker(app, NodeFilter.SHOW_TEXT);
    let count = 0;
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        // A screen reader's text only (data-unseen) is not on the screen.
        const skip = "option, script, style, [data-unseen]";
        if (!n.textContent.trim() || n.parentElement.closest(skip)) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        check(n.parentElement, n.textContent, range.getClientRects());
        count += 1;
    }
    for (const field of app.querySelectorAll("input[type=text], input[type=number], select")) {
        check(field, field.value || field.name || "field", field.getClientRects());
    }
    return {count, small, wide};
}"""


@pytest.fixture()
def projector_page(browser: Any, voila_url: str) -> Iterator[Any]:
    yield from _page(browser, voila_url, PROJECTOR)


def check_screen(page: Page, name: str) -> None:
    wait_until_settled(page)
    shots = os.environ.get("SKIPBO_SHOTS")
    if shots:
        page.screenshot(path=str(Path(shots) / f"{name}.png"))
    found = page.evaluate(TEXTS, MIN_PX)
    assert found["count"] > 5, name
    assert found["small"] == [], (name, found["small"])
    assert found["wide"] == [], (name, found["wide"])
    assert page.evaluate("document.documentElement.scrollWidth") <= PROJECTOR["width"], name
    no_python_errors(page)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_on_a_projector_every_text_is_large_and_the_table_fills_the_height(
        projector_page: Page, lang: str) -> None:
    page = projector_page
    page.goto(f"{page.base_url}?lang={lang}")
    page.click('[data-testid="projector"]', timeout=60_000)
    page.wait_for_selector(".sb-app.sb-projector")
    check_screen(page, f"{lang}-home")

    page.click('[data-testid="play"]')
    page.wait_for_selector('[data-testid="start-game"]')
    page.fill('[data-testid="seed"]', "5")
    page.wait_for_selector('[data-testid="deal-link"]')
    check_screen(page, f"{lang}-setup")

    # A reload (here: the class link) comes back in the projector view the learner chose.
    page.goto(f"{page.base_url}?lang={lang}&deal=5&players=4")
    page.wait_for_selector('.sb-app.sb-projector [data-testid="hand-card-0"]', timeout=60_000)
    check_screen(page, f"{lang}-game")
    table = page.eval_on_selector('[data-testid="table"]', "e => e.getBoundingClientRect()")
    assert table["height"] >= 0.8 * PROJECTOR["height"], table
    assert table["bottom"] <= PROJECTOR["height"] + 1, table  # all of it on the screen

    page.click('[data-testid="menu"]')
    page.click('[data-testid="learn"]')
    page.wait_for_selector('[data-testid="tutorial-text"]')
    check_screen(page, f"{lang}-lesson")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_on_a_projector_the_demo_and_the_pass_screen_are_large_too(
        projector_page: Page, lang: str) -> None:
    """The two classroom modes a teacher projects: a narrated demo (its narration and
    controls) and a hot seat's pass screen."""
    page = projector_page
    page.goto(f"{page.base_url}?lang={lang}&view=projector")
    page.click('[data-testid="demo"]', timeout=60_000)
    page.wait_for_selector('[data-testid="demo-start"]')
    check_screen(page, f"{lang}-demo-setup")
    page.click('[data-testid="demo-players"] >> text="3"')
    page.fill('[data-testid="seed"]', "7")
    page.click('[data-testid="demo-start"]')
    page.wait_for_selector('[data-testid="hand-card-0"]')
    for _ in range(2):
        page.click('[data-testid="demo-step"]')
        page.wait_for_selector('[data-testid="demo-narration"]')
    check_screen(page, f"{lang}-demo")

    page.click('[data-testid="menu"]')
    page.click('[data-testid="hot-seat"]')
    page.wait_for_selector('[data-testid="hot-name-1"]')
    check_screen(page, f"{lang}-hot-seat-setup")
    page.click('[data-testid="start-game"]')
    page.wait_for_selector('[data-testid="pass-screen"]')
    check_screen(page, f"{lang}-pass-screen")
