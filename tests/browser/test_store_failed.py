"""A browser that cannot keep the game, in a real Voilà and Chromium (issue 20, review
loaders-and-store.md defect 8): localStorage filled before the app loads (as the review
did, about 5.2 M characters) or blocked (some private modes). The learner is told at
once in their language, and the file offered in the message opens the game again in a
fresh page. ``SKIPBO_SHOTS=DIR`` keeps a screenshot of each message."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from skipbo_widgets.i18n import t

from .conftest import PageErrors
from .test_app import no_python_errors
from .test_skyjo_app import NEXT

Page = Any

#: Fills this origin's localStorage to the last few characters, once per browser context,
#: before any script of the page runs: big pieces first, then halves until one fits no more.
FILL = """(() => {
  if (localStorage.getItem("filler-0") !== null) return;
  let size = 1 << 20, i = 0;
  while (size >= 8) {
    try { localStorage.setItem(`filler-${i}`, "x".repeat(size)); i += 1; }
    catch (err) { size >>= 1; }
  }
})();"""

#: localStorage refused outright, as a browser that blocks site data does.
BLOCK = """Object.defineProperty(window, "localStorage", {
  get() { throw new DOMException("The access is denied for this document.", "SecurityError"); },
});"""

FILLED_CHARS = """() => Object.keys(localStorage).reduce(
  (n, k) => n + k.length + localStorage.getItem(k).length, 0)"""


def keep_shot(page: Page, name: str) -> None:
    shots = os.environ.get("SKIPBO_SHOTS")
    if shots:
        page.screenshot(path=str(Path(shots) / f"{name}.png"))


def watch(page: Page) -> None:
    """Console errors and uncaught exceptions, as the ``page`` fixture keeps them."""
    page.errors = PageErrors()
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: page.errors.append(f"pageerror: {e}"))


def turn_one(page: Page) -> None:
    """The set-up: turn one of the learner's cards that may be turned."""
    page.wait_for_function(NEXT, timeout=60_000)
    slot = page.locator(".sj-me .sj-legal").first
    name = slot.get_attribute("data-testid")
    slot.click()
    page.wait_for_selector(f'[data-testid="{name}"] [data-card]')


def own_cards(page: Page) -> list[str | None]:
    """The learner's twelve Skyjo cards as the page shows them (a face or nothing)."""
    return [page.get_attribute(f'[data-testid="grid-0-{i}"] [data-card]', "data-card")
            if page.query_selector(f'[data-testid="grid-0-{i}"] [data-card]') else None
            for i in range(12)]


def test_a_full_storage_is_said_and_the_offered_file_opens_the_game_again(
        browser: Any, voila_url: str, tmp_path: Path) -> None:
    lang = "fr"
    context = browser.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True)
    context.add_init_script(FILL)
    page = context.new_page()
    watch(page)
    page.goto(f"{voila_url}?lang={lang}&game=skyjo")
    filled = page.evaluate(FILLED_CHARS)
    assert filled > 5_000_000  # as the review's browser: no room for a game
    page.click('[data-testid="play"]', timeout=90_000)
    page.click(f'[data-testid="mode"] >> text="{t("setup.skyjo.mode.round", lang)}"')
    page.fill('[data-testid="seed"]', "7")
    page.click('[data-testid="start-game"]')
    page.wait_for_selector('[data-testid="grid-0-11"]')

    # A move: the set-up's first card turned.
    turn_one(page)
    warning = page.locator('[data-testid="store-failed"]')
    expect(warning).to_have_text(t("store.failed.game", lang), timeout=30_000)
    expect(page.locator('[data-testid="store-failed-save"]')).to_have_text(
        t("store.failed.save", lang))
    # Another move and its status line: the warning stays, said once.
    turn_one(page)
    expect(warning).to_have_count(1)
    expect(warning).to_be_visible()
    keep_shot(page, "store-failed-skyjo-fr")
    cards = own_cards(page)
    assert sum(card is not None for card in cards) == 2

    with page.expect_download() as download:
        page.click('[data-testid="store-failed-save"]')
    saved = tmp_path / "manche.json"
    download.value.save_as(saved)
    assert '"skipbo-widgets/session"' in saved.read_text(encoding="utf-8")

    # Room again (the filler gone): the next move is kept, and the warning goes.
    page.evaluate("""() => Object.keys(localStorage).filter((k) => k.startsWith("filler-"))
        .forEach((k) => localStorage.removeItem(k))""")
    page.wait_for_function(f"() => ({NEXT})() === 'take'", timeout=60_000)
    page.click('[data-testid="skyjo-discard"]')
    page.locator(".sj-me button.sj-slot:not(:has([data-card]))").first.click()  # face down
    expect(warning).to_have_count(0, timeout=30_000)
    assert page.evaluate("() => localStorage.getItem('skipbo-widgets/session')")
    no_python_errors(page)
    context.close()

    fresh = browser.new_context(viewport={"width": 1280, "height": 800})
    again = fresh.new_page()
    again.goto(f"{voila_url}?lang={lang}")
    again.wait_for_selector('[data-testid="load-file"]', timeout=90_000)
    again.set_input_files('[data-testid="load-file-input"]', str(saved))
    again.wait_for_selector('[data-testid="grid-0-11"]')
    again.wait_for_function("""() => document.querySelectorAll('.sj-me [data-card]').length >= 2""")
    assert own_cards(again) == cards
    assert again.locator('[data-testid="store-failed"]').count() == 0  # this one keeps it
    fresh.close()


def test_blocked_storage_is_said_for_the_game_and_for_the_lessons(
        browser: Any, voila_url: str) -> None:
    lang = "de"
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script(BLOCK)
    page = context.new_page()
    watch(page)
    page.goto(f"{voila_url}?lang={lang}")
    page.click('[data-testid="learn"]', timeout=90_000)
    page.click('[data-testid="tutorial-next"]')  # the place changes: it would be kept now
    lessons = page.locator('[data-testid="store-failed-lessons"]')
    expect(lessons).to_have_text(t("store.failed.lessons", lang), timeout=30_000)
    expect(lessons).to_be_in_viewport(ratio=1)
    keep_shot(page, "store-failed-lessons-de-phone")
    page.click('[data-testid="store-failed-lessons-dismiss"]')
    expect(lessons).to_have_count(0)

    page.click('[data-testid="menu"]')
    page.click('[data-testid="play"]')
    page.fill('[data-testid="seed"]', "5")
    page.click('[data-testid="start-game"]')
    page.wait_for_selector('[data-testid="hand-card-0"]')
    warning = page.locator('[data-testid="store-failed"]')
    expect(warning).to_have_text(t("store.failed.game", lang), timeout=30_000)
    expect(warning).to_be_in_viewport(ratio=1)  # whole, once the smooth scroll is done
    keep_shot(page, "store-failed-skipbo-de-phone")
    page.click('[data-testid="store-failed-dismiss"]')
    expect(warning).to_have_count(0)
    no_python_errors(page)
    context.close()
