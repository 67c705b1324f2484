"""Skyjo in the app, in a real Voilà and Chromium: chosen on the home screen, a whole round
played by clicking to its end with the scores shown, a phone, 8 players at 1280 px and on a
projector."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from skipbo_widgets.devtools import wait_until_settled
from skipbo_widgets.i18n import t

from .conftest import PHONE
from .test_app import no_python_errors
from .test_projector import MIN_PX, TEXTS

Page = Any
EN = "en"

#: What the learner can do now: turn a card in the set-up, take the discard pile's card,
#: or nothing more (the round is over).
NEXT = """() => document.querySelector('[data-testid="game-over"]') ? "over"
  : document.querySelector('.sj-me .sj-legal') ? "setup"
  : document.querySelector('[data-testid="skyjo-discard"].sj-can') ? "take" : null"""


def open_skyjo(page: Page, *, players: int = 2, seed: str = "7") -> None:
    """Home screen, choose Skyjo, its form (players, deal number, one round), start."""
    page.goto(f"{page.base_url}?lang={EN}")
    page.click('[data-testid="game-skyjo"]', timeout=60_000)
    expect(page.locator("h1")).to_contain_text(t("app.title.skyjo", EN))
    page.click('[data-testid="play"]')
    page.click(f'[data-testid="players"] >> text="{players}"')
    page.click(f'[data-testid="mode"] >> text="{t("setup.skyjo.mode.round", EN)}"')
    page.fill('[data-testid="seed"]', seed)
    page.click('[data-testid="start-game"]')
    page.wait_for_selector('[data-testid="skyjo-table"]')
    page.wait_for_selector('[data-testid="grid-0-11"]')


def play_round_by_clicks(page: Page) -> int:
    """Turn two cards, then each turn take the discard pile's card onto a face-down
    card of one's own (so that the learner ends the round), until the round is over."""
    for clicks in range(80):
        page.wait_for_function(NEXT, timeout=60_000)
        now = page.evaluate(NEXT)
        if now == "over":
            return clicks
        if now == "setup":
            slot = page.locator(".sj-me .sj-legal").first
            name = slot.get_attribute("data-testid")
            slot.click()
            page.wait_for_selector(f'[data-testid="{name}"]:not(.sj-legal)')
        else:
            page.click('[data-testid="skyjo-discard"]')
            down = page.locator(".sj-me button.sj-slot").filter(
                has=page.get_by_text("face down"))
            target = down.first if down.count() else \
                page.locator(".sj-me button.sj-slot:not(.sj-cleared)").first
            target.click()
            page.wait_for_function("""() => !document.querySelector(
                '[data-testid="skyjo-discard"].sj-can') ||
                document.querySelector('[data-testid="game-over"]')""", timeout=60_000)
    raise AssertionError("the round did not end")


def test_skyjo_is_chosen_on_the_home_screen_and_a_round_is_played_by_clicks(page: Page) -> None:
    open_skyjo(page)
    clicks = play_round_by_clicks(page)
    assert clicks >= 3
    scores = page.locator('[data-testid="round-scores"]')
    expect(scores).to_be_visible()
    expect(scores).to_contain_text(t("score.skyjo.total", EN))
    expect(page.locator('[data-testid="skyjo-result"]')).to_be_visible()
    assert page.locator('[data-testid="next-game"]').count() == 0  # one round was asked for
    no_python_errors(page)


def test_a_disabled_undo_says_why_to_the_mouse_and_the_screen_reader(page: Page) -> None:
    open_skyjo(page)
    undo = page.locator('[data-testid="undo"]')
    expect(undo).to_be_disabled()
    slot = page.locator(".sj-me .sj-legal").first
    slot.click()  # a set-up card turned over: no taking it back
    said = t("game.undo_shown.turned", EN)
    expect(undo).to_have_attribute("title", said)
    expect(undo).to_have_accessible_description(said)
    expect(undo).to_be_disabled()


def test_skyjo_on_a_phone_fits_the_screen(phone_page: Page) -> None:
    page = phone_page
    open_skyjo(page, players=4)
    wait_until_settled(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for name in ("grid-0-0", "grid-0-11", "skyjo-draw", "skyjo-discard", "hint"):
        expect(page.locator(f'[data-testid="{name}"]')).to_be_visible()
    play_round_by_clicks(page)  # and at the round's end, with the scoreboard shown
    expect(page.locator('[data-testid="round-scores"]')).to_be_visible()
    wait_until_settled(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    no_python_errors(page)


def test_eight_players_fit_a_1280_pixel_screen(browser: Any, voila_url: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.base_url = voila_url
    page.errors = []
    try:
        open_skyjo(page, players=8)
        page.wait_for_selector('[data-testid="grid-7-11"]')
        wait_until_settled(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= 1280
        assert page.locator('[data-testid^="player-"]').count() == 8
    finally:
        context.close()


def test_eight_players_on_a_projector_the_whole_table_on_the_screen(
        browser: Any, voila_url: str) -> None:
    """Two rows of opponents: the learner's grid gives way so that the room sees it all,
    and no text is under 24 px."""
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.base_url = voila_url
    page.errors = []
    try:
        page.goto(f"{voila_url}?lang=nl&game=skyjo&view=projector")
        page.click('[data-testid="play"]', timeout=60_000)
        page.click('[data-testid="players"] >> text="8"')
        page.fill('[data-testid="seed"]', "7")
        page.click('[data-testid="start-game"]')
        page.wait_for_selector('[data-testid="grid-7-11"]')
        wait_until_settled(page)
        box = page.locator('[data-testid="skyjo-table"]').bounding_box()
        assert box is not None and box["y"] + box["height"] <= 1080, box
        found = page.evaluate(TEXTS, MIN_PX)
        assert found["small"] == [] and found["wide"] == [], found
    finally:
        context.close()
