"""In the page: every click and file gets an answer, two tabs never lose a game silently,
and the new-game form fits a laptop screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from skipbo_widgets import devtools
from skipbo_widgets.i18n import explain, t
from skipbo_widgets.skipbo.engine import Reason, SaveError
from skipbo_widgets.skipbo.engine.save import MAX_SAVE_SIZE
from skipbo_widgets.widgets.shell.settings import BOT_NAMES

Page = Any


def no_python_errors(page: Page) -> None:
    assert "Traceback" not in page.inner_text("body")
    assert page.errors.real() == []


def test_the_tab_title_and_a_file_over_the_websocket_limit(page: Page, tmp_path: Path) -> None:
    page.goto(f"{page.base_url}?lang=nl")
    page.wait_for_selector('[data-testid="load-file"]', timeout=60_000)
    page.wait_for_function(f"document.title === {t('app.title', 'nl')!r}")

    big = tmp_path / "groot.json"
    big.write_bytes(b" " * (12 * 1024 * 1024))  # over Tornado's 10 MiB message limit
    page.set_input_files('[data-testid="load-file-input"]', str(big))
    notice = page.wait_for_selector('[data-testid="notice"]', timeout=15_000)
    refusal = SaveError(Reason.SAVE_TOO_LARGE, size=big.stat().st_size, max=MAX_SAVE_SIZE)
    assert notice.inner_text().strip() == t("home.load_failed", "nl",
                                            reason=explain(refusal, "nl"))
    # The connection is still there: the app still answers a click.
    page.click('[data-testid="play"]')
    page.wait_for_selector('[data-testid="start-game"]')
    no_python_errors(page)


def test_a_click_on_an_opponents_pile_or_the_draw_pile_is_answered(page: Page) -> None:
    devtools.start_game(page, f"{page.base_url}?lang=de", "12", timeout=60_000)
    page.click('[data-testid="stock-1"]')
    status = page.wait_for_selector('[data-testid="status"]')
    assert status.inner_text().strip() == t("status.not_your_pile", "de", player=1,
                                             names=["Du", *BOT_NAMES])
    page.click('[data-testid="draw-pile"]')
    page.wait_for_function(
        "text => document.querySelector('[data-testid=\"status\"]')?.innerText.trim() === text",
        arg=t("status.draw_pile", "de"))
    no_python_errors(page)


def test_a_second_tab_that_saves_another_game_is_announced(page: Page) -> None:
    devtools.start_game(page, f"{page.base_url}?lang=fr", "5", timeout=60_000)
    other = page.context.new_page()
    devtools.start_game(other, f"{page.base_url}?lang=fr", "9", players=3, timeout=60_000,
                        replace=True)  # the first tab's game is kept: asked first
    box = page.wait_for_selector('[data-testid="written-elsewhere"]', timeout=15_000)
    assert box.inner_text().strip() == t("elsewhere.text", "fr")
    page.click('[data-testid="take-other-game"]')
    page.wait_for_selector('[data-testid="player-2"]')  # the other tab's three players
    no_python_errors(page)


def test_at_1280x800_the_start_button_is_on_the_screen(browser: Any, voila_url: str) -> None:
    """The form's two columns sit side by side on a laptop: no scrolling to start."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        page.goto(f"{voila_url}?lang=fr")
        page.click('[data-testid="play"]', timeout=60_000)
        page.click('[data-testid="players"] >> text="6"')
        page.click('[data-testid="teams"]')
        page.wait_for_selector('[data-testid="partner-note"] .sb-form-note')
        start = page.eval_on_selector('[data-testid="start-game"]',
                                      "e => e.getBoundingClientRect().bottom")
        assert start <= 800
    finally:
        context.close()
