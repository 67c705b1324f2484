"""The static site (``make site``) in headless Chromium, with every other host refused.

- size: every file of ``site/``, in MB (what a web host serves);
- cold first screen: from ``page.goto`` to the home screen's Play button as the visitor
  sees it (the progress page gone, which waits 120 ms for the screen to settle), in a new
  browser profile each time (empty cache, as a first visit): Pyodide, the kernel and
  the notebook all start in the visitor's browser;
- second visit: the same, when the visitor comes back: each load in a browser profile of
  its own (as a visitor's browser, which keeps what it compiled; Playwright's usual
  contexts keep nothing of the kind), first the cold visit, which stays on the home
  screen for LINGER_S, then the second visit, measured; the cold first screen is that
  first visit's;
- the parts of each (medians, seconds from the app page's navigation): when the progress page
  was shown, when the page had every file of the runtime and the wheels, when the
  kernel's worker started, when the worker asked for the first and had the last wheel
  (Pyodide's start before, unpacking and importing after), when the kernel was ready
  (Voici executes the notebook) and when the first screen was drawn;
- the kernel's start-up step by step (tools/site/startup.mjs: the same runtime, wheels
  and imports under Node, where each step can be timed): the runtime, unpacking the
  wheels, importing piplite, the kernel (IPython) and the app;
- click round trip: as in the ``app`` section, from a click to the table showing it,
  here with Python running in the page's Web Worker.

Builds the site first when it is missing or older than its sources (needs npm), and
needs Playwright and Chromium.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from ..devtools import (
    CHROMIUM,
    CHROMIUM_ARGS,
    OFFLINE_ARGS,
    chromium_available,
    fresh_site,
    launch_chromium,
    static_server,
)
from . import Settings
from .app import click_ms, click_round_trips

#: The first screen's button: the home screen has been drawn by Python.
HOME = '[data-testid="play"]'


def size_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1e6


def measure(*, loads: int = 3, clicks: int = 10) -> dict[str, Any]:
    """Run the site benchmark; numbers in MB, seconds and milliseconds."""
    from playwright.sync_api import sync_playwright

    folder = fresh_site()
    load = os.getloadavg()[0]
    with static_server(folder) as url, sync_playwright() as p:
        address = f"{url}index.html?lang=en"
        visits = [two_visits(p, address) for _ in range(loads)]
        cold = [first for first, _ in visits]
        second = [again for _, again in visits]
        browser = launch_chromium(p, offline=True)
        context = browser.new_context(viewport=VIEWPORT)
        trips = click_round_trips(context.new_page(), address, clicks)
        browser.close()
    return {
        "size_mb": round(size_mb(folder), 1),
        "cold_first_screen_s": spread([seconds for seconds, _ in cold]),
        "first_screen_parts_s": median_parts([marks for _, marks in cold]),
        "second_visit_s": spread([seconds for seconds, _ in second]),
        "second_visit_parts_s": median_parts([marks for _, marks in second]),
        "kernel_start_in_node_s": kernel_start_parts(folder),
        "click_ms": click_ms(trips),
        # The cold start is CPU work in the browser: other jobs on the machine lengthen it.
        "load_avg_1min_before": round(load, 1),
    }


VIEWPORT = {"width": 1366, "height": 900}
#: How long the first visit stays on the home screen: the browser compiles the runtime's
#: WebAssembly fully and keeps the compiled code meanwhile (a visitor stays far longer).
LINGER_S = 5.0
Visit = tuple[float, dict[str, float]]


def two_visits(playwright: Any, address: str) -> tuple[Visit, Visit]:
    """A visitor's first visit (cold) and second visit, in a browser profile of their own."""
    with tempfile.TemporaryDirectory(prefix="skipbo-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS + OFFLINE_ARGS,
            viewport=VIEWPORT)
        first = first_screen(context, address, stay=LINGER_S)
        again = first_screen(context, address)
        context.close()
    return first, again


def first_screen(context: Any, address: str, *, stay: float = 0.0) -> Visit:
    """Seconds from opening ``address`` in a new page of ``context`` to its first screen
    as the visitor sees it, and the marks of the parts (see first_screen_marks); the page
    is closed ``stay`` seconds later."""
    page = context.new_page()
    t0 = time.perf_counter()
    page.goto(address)
    page.wait_for_selector(HOME, timeout=120_000)
    page.wait_for_function("window.skipboProgress?.home", timeout=120_000)
    seconds = time.perf_counter() - t0
    marks = first_screen_marks(page)
    page.wait_for_timeout(stay * 1000)
    page.close()
    return seconds, marks


def spread(seconds: list[float]) -> dict[str, float]:
    return {"min": round(min(seconds), 2), "median": round(statistics.median(seconds), 2),
            "max": round(max(seconds), 2), "n": len(seconds)}


def median_parts(marks: list[dict[str, float]]) -> dict[str, float]:
    """Each part's median in seconds, for the parts every load reported."""
    return {name: round(statistics.median(m[name] for m in marks) / 1000, 2)
            for name in marks[0] if all(name in m for m in marks)}


#: In the kernel's worker: when it started and what it fetched (its own clock).
WORKER_TIMES = """() => ({origin: performance.timeOrigin,
  wheels: performance.getEntriesByType("resource").filter(e => e.name.endsWith(".whl"))
    .map(e => [e.startTime, e.responseEnd])})"""


def first_screen_marks(page: Any) -> dict[str, float]:
    """Milliseconds from the app page's navigation: the progress page's marks
    (tools/site/progress.html) and the kernel worker's wheels."""
    shown = page.evaluate("({...window.skipboProgress, origin: performance.timeOrigin})")
    origin = shown.pop("origin")
    out = {name: shown[name] for name in
           ("shown", "files", "connected", "executing", "home") if name in shown}
    for worker in page.workers:
        times = worker.evaluate(WORKER_TIMES)
        if times["wheels"]:
            offset = times["origin"] - origin
            out["worker_started"] = offset
            out["first_wheel_asked"] = offset + min(s for s, _ in times["wheels"])
            out["last_wheel_had"] = offset + max(e for _, e in times["wheels"])
    return dict(sorted(out.items(), key=lambda item: item[1]))


def kernel_start_parts(folder: Path) -> dict[str, float]:
    """Seconds of each step of the kernel's start-up, under Node (see tools/site/startup.mjs)."""
    tools = Path(__file__).resolve().parents[2] / "tools" / "site"
    done = subprocess.run(["node", "startup.mjs", str(folder)], cwd=tools, capture_output=True,
                          text=True, check=True, timeout=300)
    parts: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return parts


def run(settings: Settings) -> dict[str, Any]:
    """The ``site`` section (skipped, with the reason, without Chromium or npm)."""
    if not chromium_available():
        return {"skipped": f"no Chromium at {CHROMIUM}"}
    if shutil.which("npm") is None:
        return {"skipped": "no npm to fetch the Pyodide runtime for `make site`"}
    return measure(loads=1 if settings.quick else 5, clicks=5 if settings.quick else 20)
