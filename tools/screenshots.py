"""Take the README's screenshots of the app in headless Chromium (``make screenshots``).

Serves notebooks/app.ipynb with Voilà, starts a game with a fixed deal number,
asks for hints up to the whole plan, shows the same deal with the largest cards,
opens a lesson and makes a wrong move twice, plays the first turns of a Skyjo game
with a hint lit up, and saves PNGs to docs/images/.
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

from skipbo_widgets.devtools import (
    ROOT,
    find_deal,
    launch_chromium,
    start_game,
    voila_server,
    wait_until_settled,
)
from skipbo_widgets.skipbo.bots import hint
from skipbo_widgets.skipbo.engine import Game, observe
from skipbo_widgets.tutorials import load_lessons
from skipbo_widgets.widgets.skipbo.view import band

OUT = ROOT / "docs" / "images"
PLAYERS = 3


def deal() -> str:
    """A deal number where the learner starts and the best plan plays a stock card."""
    def wanted(game: Game) -> bool:
        plan = hint(observe(game, 0)).plan
        return len([m for m in plan if m.is_play]) >= 2 and any(m.source == "s" for m in plan)

    return find_deal(wanted, players=PLAYERS, levels=("medium", "strong"))[0]


def shoot(lang: str, seed: str, out: Path) -> None:
    with voila_server() as (url, _server), sync_playwright() as p:
        browser = launch_chromium(p)
        page = browser.new_page(viewport={"width": 1440, "height": 960})
        start_game(page, f"{url}?lang={lang}", seed, players=PLAYERS)
        wait_until_settled(page)
        page.screenshot(path=str(out / f"table-{lang}.png"))
        for _ in range(3):  # a nudge, then the card and the pile, then the whole plan
            wait_until_settled(page, click='[data-testid="hint"]')
        page.screenshot(path=str(out / f"hint-{lang}.png"))
        browser.close()


def shoot_lesson(lang: str, out: Path) -> None:
    """The first strategy tip after two tries with the wrong 4: why, and the move lit up."""
    lessons = load_lessons()
    lesson = next(i for i, x in enumerate(lessons) if x.id == "tips")
    with voila_server() as (url, _server), sync_playwright() as p:
        browser = launch_chromium(p)
        page = browser.new_page(viewport={"width": 1440, "height": 960})
        page.goto(f"{url}?lang={lang}")
        page.click('[data-testid="learn"]', timeout=90_000)
        page.select_option('select[data-testid="lesson-picker"]', index=lesson)
        page.wait_for_selector('[data-testid="tutorial-task"]')
        for _ in range(2):  # the 4 is refused as soon as it is picked up (docs/lessons.md)
            wait_until_settled(page, click='[data-source="h4"]')
        page.screenshot(path=str(out / f"lesson-{lang}.png"))
        browser.close()


def shoot_skyjo(lang: str, out: Path) -> None:
    """Skyjo with four players: the learner's two cards turned, the bots' first turns,
    then the hint's second step (the move in words, its place lit up on the table)."""
    with voila_server() as (url, _server), sync_playwright() as p:
        browser = launch_chromium(p)
        page = browser.new_page(viewport={"width": 1440, "height": 960})
        page.goto(f"{url}?lang={lang}&game=skyjo")
        page.click('[data-testid="play"]', timeout=90_000)
        page.click('[data-testid="players"] >> text="4"')
        page.fill('[data-testid="seed"]', "2026")
        page.click('[data-testid="start-game"]')
        for _ in range(2):
            slot = page.locator(".sj-me .sj-legal").first
            slot.wait_for(timeout=60_000)
            name = slot.get_attribute("data-testid")
            slot.click()
            page.wait_for_selector(f'[data-testid="{name}"]:not(.sj-legal)')
        page.wait_for_selector('[data-testid="skyjo-discard"].sj-can', timeout=60_000)
        for _ in range(2):  # a nudge, then the move with its place lit up
            wait_until_settled(page, click='[data-testid="hint"]')
        page.screenshot(path=str(out / f"skyjo-{lang}.png"))
        browser.close()


def all_bands_deal() -> str:
    """A deal number where the learner starts with a card of each band in hand."""
    def wanted(game: Game) -> bool:
        return {band(c) for c in observe(game, 0).hand} >= {"low", "mid", "high"}

    return find_deal(wanted, players=PLAYERS, levels=("medium", "strong"))[0]


def shoot_large(lang: str, seed: str, out: Path) -> None:
    """Skip-Bo with the largest cards (XL, large print) on a tablet held sideways, the
    opponents scrolled away: the building piles, the learner's piles and hand, a card of
    each band (its shape under the number) in it."""
    with voila_server() as (url, _server), sync_playwright() as p:
        browser = launch_chromium(p)
        page = browser.new_page(viewport={"width": 1180, "height": 820})
        start_game(page, f"{url}?lang={lang}", seed, players=PLAYERS)
        page.click('[data-testid="card-size"] >> text="XL"')
        page.wait_for_selector(".sb-app.sb-cards-xl")
        wait_until_settled(page)
        page.eval_on_selector(".sb-center", "e => e.scrollIntoView({block: 'start'})")
        wait_until_settled(page)
        page.screenshot(path=str(out / f"large-cards-{lang}.png"))
        browser.close()


def main(langs: list[str]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    seed = deal()
    for lang in langs:
        shoot(lang, seed, OUT)
        print(f"docs/images/table-{lang}.png, docs/images/hint-{lang}.png (deal {seed})")
    shoot_large("de", all_bands_deal(), OUT)
    print("docs/images/large-cards-de.png")
    shoot_lesson("de", OUT)
    print("docs/images/lesson-de.png")
    shoot_skyjo("de", OUT)
    print("docs/images/skyjo-de.png")


if __name__ == "__main__":
    main(sys.argv[1:] or ["en", "fr"])
