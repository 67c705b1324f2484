"""A bounded burst of first visits to the app, against a Voilà server on 127.0.0.1 only.

Each visitor is a page of one headless Chromium (Debian's, as in the browser
tests), all opened at once: Voilà starts a kernel for each and executes
notebooks/app.ipynb, and the browsers render on the same cores, as in a classroom
served from one small machine. A page that does not show the home screen's "Play"
button within the limit is counted as blank, and so are the server log's
"Timeout waiting for IOPub output" lines. The server (and with it every kernel it
started) and the browser are stopped at the end.

    .venv/bin/python tools/burst.py                            # Voilà's own defaults
    .venv/bin/python tools/burst.py -- $(make -s voila-flags)  # what `make app` runs

Options before ``--``: ``--pages N`` (20), ``--limit S`` (seconds a page may take, 300),
``--http`` (plain HTTP requests instead of browsers: only the servers' work).
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from skipbo_widgets.devtools import launch_chromium, voila_server

WIDGET = b"application/vnd.jupyter.widget-view+json"
IOPUB_TIMEOUT = "Timeout waiting for IOPub output"


def fetch(url: str, limit: float) -> tuple[bool, float]:
    """Whether the page's HTML came with the app's widget, and the seconds it took."""
    started = time.monotonic()
    try:
        with urllib.request.urlopen(url, timeout=limit) as answer:
            body: bytes = answer.read()
    except OSError:
        body = b""
    return WIDGET in body, time.monotonic() - started


async def browse(url: str, pages: int, limit: float) -> list[tuple[bool, float]]:
    """Open ``pages`` Chromium pages at once; for each, whether "Play" showed, and when."""
    from playwright.async_api import async_playwright

    async def visit(browser: Any) -> tuple[bool, float]:
        context = await browser.new_context()
        page = await context.new_page()
        started = time.monotonic()
        try:
            await page.goto(url, timeout=limit * 1000)
            left = limit - (time.monotonic() - started)
            await page.wait_for_selector('[data-testid="play"]', timeout=max(left, 0) * 1000)
            shown = True
        except Exception:  # Playwright's timeout, or a page that failed to load
            shown = False
        seconds = time.monotonic() - started
        await context.close()
        return shown, seconds

    async with async_playwright() as p:
        browser = await launch_chromium(p)  # the async API: launch() gives a coroutine
        results = await asyncio.gather(*(visit(browser) for _ in range(pages)))
        await browser.close()
    return list(results)


def burst(pages: int, limit: float, flags: list[str], http: bool) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "voila.log"
        with voila_server(log=log, flags=flags) as (url, _server):
            if http:
                with concurrent.futures.ThreadPoolExecutor(pages) as pool:
                    results = list(pool.map(lambda _: fetch(url, limit), range(pages)))
            else:
                results = asyncio.run(browse(url, pages, limit))
        timeouts = log.read_text(errors="replace").count(IOPUB_TIMEOUT)
    seconds = sorted(s for _, s in results)
    return {
        "visitors": f"{pages} {'HTTP requests' if http else 'Chromium pages'}",
        "blank": sum(1 for shown, _ in results if not shown),
        "iopub_timeouts_in_log": timeouts,
        "seconds_median": round(seconds[len(seconds) // 2], 1),
        "seconds_max": round(seconds[-1], 1),
        "flags": " ".join(flags) or "(Voilà's defaults)",
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=20)
    parser.add_argument("--limit", type=float, default=300)
    parser.add_argument("--http", action="store_true")
    parser.add_argument("flags", nargs="*", help="Voilà options, after --")
    args = parser.parse_args()
    for key, value in burst(args.pages, args.limit, args.flags, args.http).items():
        print(f"{key}: {value}")


if __name__ == "__main__":
    main()
