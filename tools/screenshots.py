"""Take the README's screenshots of the app in headless Chromium (``make screenshots``).

Serves notebooks/app.ipynb with Voilà, starts a game with a fixed deal number,
plays the first move of the strong bot's plan, asks for hints up to the whole
plan, and saves PNGs to docs/images/.
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

from skipbo_widgets.bots import hint
from skipbo_widgets.devtools import ROOT, find_deal, launch_chromium, voila_server
from skipbo_widgets.engine import Game, observe

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
        page.goto(f"{url}?lang={lang}")
        page.click('[data-testid="play"]', timeout=90_000)
        page.click(f'[data-testid="players"] >> text="{PLAYERS}"')
        page.fill('[data-testid="seed"]', seed)
        page.click('[data-testid="start-game"]')
        page.wait_for_selector('[data-testid="hand-card-0"]')
        page.wait_for_timeout(500)
        page.screenshot(path=str(out / f"table-{lang}.png"))
        for _ in range(3):
            page.click('[data-testid="hint"]')
            page.wait_for_timeout(400)
        page.screenshot(path=str(out / f"hint-{lang}.png"))
        browser.close()


def main(langs: list[str]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    seed = deal()
    for lang in langs:
        shoot(lang, seed, OUT)
        print(f"docs/images/table-{lang}.png, docs/images/hint-{lang}.png (deal {seed})")


if __name__ == "__main__":
    main(sys.argv[1:] or ["en", "fr"])
