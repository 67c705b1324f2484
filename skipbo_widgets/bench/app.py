"""The app's speed and memory in a real Voilà server and a real headless Chromium.

- first render: from ``page.goto`` to the first widget on screen, for a bare
  ipywidgets notebook, a notebook showing a card table, and the app's home
  screen, all served by one Voilà server in the same run; the table's ratio
  to the bare notebook is the number to watch;
- click round trip: from a click in the page to the table showing the new
  state (a move, then an undo), timed inside the browser, and where its time goes
  (the page's handler, the Python, the way there and back, the page's drawing:
  :mod:`.app_parts`);
- the same for Skyjo with 8 players: the first render of an 8-player Skyjo
  table, and the round trip of a draw and its undo (a practice game, where
  whole turns can be taken back) in the app opened with ``?game=skyjo``;
- memory: the resident size of one visitor's kernel after a game started.

Needs Voilà, Playwright and Chromium (``make test`` installs the first two,
``.ci/run`` the last).
"""

from __future__ import annotations

import json
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from ..devtools import (
    APP_NOTEBOOK,
    CHROMIUM,
    child_pids,
    chromium_available,
    find_deal,
    launch_chromium,
    rss_mb,
    start_game,
    voila_server,
)
from ..skipbo.engine import WILD
from . import Settings
from .app_parts import WIRE_PROBE, Clicks, Parts, summary

BARE = "import ipywidgets as w\nw.Button(description='ok')"
TABLE = (
    "from skipbo_widgets.skipbo.engine import Game, Rules\n"
    "from skipbo_widgets.widgets.table.controller import TableController\n"
    "TableController(Game.new(Rules(), seed=1, dealer=1), seat=0).table"
)
SKYJO_TABLE = (
    "from skipbo_widgets.skyjo.engine import Round, Rules\n"
    "from skipbo_widgets.widgets.table.controller import TableController\n"
    "TableController(Round.new(Rules(players=8), seed=1), seat=0).table"
)
SKYJO_PLAYERS = 8

# Clicks ``selector`` and resolves with the milliseconds until what ``watch`` names changes
# (-1 if it has not after 10 s), and when the click was made and its answer shown (ms since
# 1970, for :func:`app_parts.click_parts`). ``"hand"``: the number of cards in the hand
# (``before`` is the number before the move's first click); ``"drawn"``: the drawn card's
# text, its face and label (a draw shows the card, an undo takes it away).
_ROUND_TRIP = """async ([selector, watch, before]) => {
  const seen = {
    hand: () => document.querySelectorAll('[data-testid^="hand-card-"]').length,
    drawn: () => document.querySelector('[data-testid="skyjo-drawn"]')?.textContent,
  }[watch];
  const was = before ?? seen();
  const t0 = performance.now();
  const done = () => [performance.now() - t0, performance.timeOrigin + t0,
                      performance.timeOrigin + performance.now()];
  return await new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (seen() !== was) { observer.disconnect(); resolve(done()); }
    });
    const attributes = watch === "drawn";  // a label changes, not only the cards
    observer.observe(document.body, { subtree: true, childList: true, attributes });
    setTimeout(() => { observer.disconnect(); resolve([-1]); }, 10000);
    const clickAt = performance.now();
    document.querySelector(selector).click();
    window.__handlerMs = performance.now() - clickAt;
  });
}"""


def _notebook(source: str) -> str:
    cell: dict[str, object] = {"cell_type": "code", "id": "cell", "metadata": {},
                               "execution_count": None, "outputs": [], "source": source}
    kernel = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return json.dumps({"cells": [cell], "metadata": {"kernelspec": kernel},
                       "nbformat": 4, "nbformat_minor": 5})


def _first_render(page: Any, url: str, selector: str) -> float:
    t0 = time.perf_counter()
    page.goto(url)
    page.wait_for_selector(selector, timeout=90_000)
    return time.perf_counter() - t0


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _learner_deal() -> tuple[str, int]:
    """A deal number where the learner starts with a 1 or a SKIP-BO card, and that card."""
    seed, game = find_deal(lambda g: bool({1, WILD} & set(g.hand_cards(0))), tries=1000)
    return seed, 1 if 1 in game.hand_cards(0) else WILD


def click_round_trips(page: Any, address: str, clicks: int,
                      parts: list[Parts] | None = None) -> list[float]:
    """Open the app at ``address``, start a game and time ``clicks`` moves and as many
    undos, each from the click to the table showing it (milliseconds); with ``parts``
    (a page with :data:`~.app_parts.WIRE_PROBE` in it), each click's parts added to it."""
    seed, card = _learner_deal()
    start_game(page, address, seed)
    source = f'[data-source="h{"W" if card == 0 else card}"]'
    trips = Clicks(page, parts)
    for _ in range(clicks):
        hand = page.eval_on_selector_all('[data-testid^="hand-card-"]', "e => e.length")
        page.click(source)
        build = '[data-testid="build-0"]'
        trips.time(_ROUND_TRIP, [build, "hand", hand], build)
        # Undo's enabled state comes in its own message, just after the table's.
        page.wait_for_selector('[data-testid="undo"]:not([disabled])')
        trips.time(_ROUND_TRIP, ['[data-testid="undo"]', "hand", hand - 1], "undo")
        page.wait_for_selector(source)
    return trips.ms


def skyjo_round_trips(page: Any, address: str, clicks: int,
                      parts: list[Parts] | None = None) -> list[float]:
    """Open the app at ``address`` with Skyjo chosen, start an 8-player practice game,
    turn two cards, let the bots play until the learner's turn, then time ``clicks``
    draws and as many undos, each from the click until the drawn card shows it
    (``parts`` as for :func:`click_round_trips`)."""
    page.goto(f"{address}&game=skyjo")
    page.click('[data-testid="play"]', timeout=90_000)
    page.click(f'[data-testid="players"] >> text="{SKYJO_PLAYERS}"')
    page.click('[data-testid="practice"]')
    page.fill('[data-testid="seed"]', "1")
    page.click('[data-testid="start-game"]')
    for _ in range(2):
        page.wait_for_selector(".sj-me .sj-legal", timeout=60_000)
        slot = page.locator(".sj-me .sj-legal").first
        name = slot.get_attribute("data-testid")
        slot.click()
        page.wait_for_selector(f'[data-testid="{name}"]:not(.sj-legal)')
    draw = '[data-testid="skyjo-draw"].sj-can'
    while not page.locator(draw).count():
        # The bots may finish between a look and a click: the page clicks only if enabled.
        page.evaluate("""document.querySelector('[data-testid="skip"]:not([disabled])')
                         ?.click()""")
        page.wait_for_timeout(200)
    trips = Clicks(page, parts)
    for _ in range(clicks):
        trips.time(_ROUND_TRIP, [draw, "drawn", None], draw)
        page.wait_for_selector('[data-testid="undo"]:not([disabled])')
        trips.time(_ROUND_TRIP, ['[data-testid="undo"]', "drawn", None], "undo")
        page.wait_for_selector(draw)
    return trips.ms


def click_ms(trips: list[float]) -> dict[str, float]:
    return {"p50": round(_percentile(trips, 0.5), 1), "p95": round(_percentile(trips, 0.95), 1),
            "max": round(max(trips), 1), "n": len(trips)}


def measure(*, loads: int = 3, clicks: int = 10) -> dict[str, Any]:
    """Run the app benchmark; numbers in seconds, milliseconds and MB."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name, source in (("bare", BARE), ("table", TABLE), ("skyjo_table", SKYJO_TABLE)):
            (folder / f"{name}.ipynb").write_text(_notebook(source))
        (folder / "app.ipynb").write_text(APP_NOTEBOOK.read_text())
        with voila_server(folder) as (url, server), sync_playwright() as p:
            browser = launch_chromium(p)
            page = browser.new_page(viewport={"width": 1366, "height": 900})
            pages = {
                "bare": (f"{url}voila/render/bare.ipynb", ".jupyter-button"),
                "table": (f"{url}voila/render/table.ipynb", '[data-testid="table"]'),
                "skyjo_table": (f"{url}voila/render/skyjo_table.ipynb",
                                f'[data-testid="grid-{SKYJO_PLAYERS - 1}-11"]'),
                "app_home": (f"{url}voila/render/app.ipynb", '[data-testid="play"]'),
            }
            render: dict[str, list[float]] = {name: [] for name in pages}
            for round_ in range(loads + 1):  # interleaved, so drift affects all alike
                for name, (address, selector) in pages.items():
                    seconds = _first_render(page, address, selector)
                    if round_:  # the first round only warms the browser's cache up
                        render[name].append(seconds)
            page.close()  # let those visitors' kernels go

            page = browser.new_page(viewport={"width": 1366, "height": 900})
            page.add_init_script(WIRE_PROBE)
            parts: list[Parts] = []
            trips = click_round_trips(page, f"{url}voila/render/app.ipynb?lang=en", clicks,
                                      parts)
            page.close()
            # A new visitor (a browser context of its own): this one's browser keeps the
            # Skip-Bo game, and the app would first ask whether to give it up.
            page = browser.new_page(viewport={"width": 1366, "height": 900})
            page.add_init_script(WIRE_PROBE)
            skyjo_parts: list[Parts] = []
            skyjo_trips = skyjo_round_trips(page, f"{url}voila/render/app.ipynb?lang=en",
                                            clicks, skyjo_parts)
            kernels = [pid for pid in child_pids(server.pid)
                       if b"ipykernel" in Path(f"/proc/{pid}/cmdline").read_bytes()]
            kernel_rss = max((rss_mb(pid) for pid in kernels), default=0.0)
            server_rss = rss_mb(server.pid)
            browser.close()

    medians = {name: statistics.median(values) for name, values in render.items()}
    return {
        "first_render_s": {name: round(v, 3) for name, v in medians.items()},
        "table_vs_bare": round(medians["table"] / medians["bare"], 3),
        "app_home_vs_bare": round(medians["app_home"] / medians["bare"], 3),
        "skyjo_table_vs_bare": round(medians["skyjo_table"] / medians["bare"], 3),
        "loads": loads,
        "click_ms": click_ms(trips),
        "click_parts": summary(parts),
        "skyjo_click_ms": click_ms(skyjo_trips),
        "skyjo_click_parts": summary(skyjo_parts),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "kernel_rss_mb": round(kernel_rss, 1),
        "server_rss_mb": round(server_rss, 1),
    }


def run(settings: Settings) -> dict[str, Any]:
    """The ``app`` section (skipped, with the reason, where there is no Chromium)."""
    if not chromium_available():
        return {"skipped": f"no Chromium at {CHROMIUM}"}
    return measure(loads=1 if settings.quick else 5, clicks=5 if settings.quick else 20)
