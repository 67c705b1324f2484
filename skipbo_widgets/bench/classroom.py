"""A class of pupils arriving at one small server: ``make classroom`` under load.

The server is started with the options ``make classroom`` gives Voilà (read from
``make -s classroom-flags``), on 127.0.0.1 only, with shorter culling so that the
class's kernels can be seen going within the run. Once its pool of pre-heated
kernels is full, N lightweight visitors (:mod:`.visitor`) arrive spread over a few
seconds, asking for the four languages in turn, and one real Chromium page
(one of the N, in the middle, ``?lang=fr``) must show the home screen's buttons in French.
Then the class leaves and the kernels the visitors used must be shut down by the
culler. Everything is bounded in count and time; the server and its kernels stop
at the end. ``SKIPBO_CLASSROOM_LOG=path`` keeps the server's log there.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from ..devtools import ROOT, child_pids, chromium_available, launch_chromium, rss_mb, voila_server
from ..i18n import LANGUAGES, t
from . import Settings
from .app import _percentile
from .visitor import Visit, visit

CULL = "--MappingKernelManager.cull_"
POOL_READY = "Kernel pool of"  # Voilà's log line once the pool is filled


def classroom_flags(pool: int) -> list[str]:
    """The options of ``make classroom`` with a pool of ``pool`` kernels."""
    done = subprocess.run(["make", "-s", "classroom-flags", f"POOL={pool}"], cwd=ROOT,
                          capture_output=True, text=True, check=True)
    return done.stdout.split()


def _kernels(server_pid: int) -> dict[int, str]:
    """The server's kernel processes and their command lines (which name the kernel id)."""
    found = {}
    for pid in child_pids(server_pid):
        try:
            line = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if "ipykernel" in line:
            found[pid] = line
    return found


def _cpu_seconds(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def _quiet(server_pid: int, seconds: float = 2.0) -> bool:
    """Whether the server and its kernels used under a tenth of a core for ``seconds``:
    the pool's kernels have executed the notebook."""
    pids = [server_pid, *child_pids(server_pid)]
    before = _cpu_seconds(pids)
    time.sleep(seconds)
    return _cpu_seconds(pids) - before < 0.1 * seconds


def _wait_for(condition: Any, limit: float, step: float = 0.5) -> float | None:
    started = time.monotonic()
    while time.monotonic() - started < limit:
        if condition():
            return time.monotonic() - started
        time.sleep(step)
    return None


async def _chromium_visit(browser: Any, base: str, lang: str, limit: float) -> Visit:
    """One real page: the home screen's two buttons shown, "Play" in the language asked for."""
    page = await browser.new_page(viewport={"width": 1366, "height": 900})
    started = time.monotonic()
    try:
        await page.goto(f"{base}?lang={lang}", timeout=limit * 1000)
        await page.wait_for_selector('[data-testid="play"]', timeout=limit * 1000)
        seconds = time.monotonic() - started
        learn = await page.is_visible('[data-testid="learn"]')
        play = (await page.inner_text('[data-testid="play"]')).strip()
    except Exception as err:  # Playwright's timeout, or a page that failed to load
        return Visit(False, time.monotonic() - started, blank=True, error=f"chromium: {err!r}")
    finally:
        await page.close()
    if not (learn and play == t("home.play", lang)):
        return Visit(False, seconds, blank=True, error=f"chromium: home screen said {play!r}")
    return Visit(True, seconds)


async def _class_arrives(base: str, visitors: int, spread: float, limit: float,
                         browser: bool) -> tuple[list[Visit], int | None]:
    """Every visitor's visit, and which one was the real Chromium page (the middle one)."""
    real = visitors // 2 if browser else None

    async def pupil(i: int, chromium: Any) -> Visit:
        await asyncio.sleep(i * spread / visitors)
        lang = LANGUAGES[i % len(LANGUAGES)]
        if i == real:
            lang = "fr"  # not the default language: the query must have reached the kernel
            return await _chromium_visit(chromium, base, lang, limit)
        return await visit(base, f"lang={lang}", t("home.play", lang), limit)

    if real is None:
        return list(await asyncio.gather(*(pupil(i, None) for i in range(visitors)))), None
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        chromium = await launch_chromium(p)  # before the class: its start is not a visit
        results = await asyncio.gather(*(pupil(i, chromium) for i in range(visitors)))
        await chromium.close()
    return list(results), real


def measure(*, visitors: int = 30, pool: int | None = None, spread: float = 10.0,
            limit: float = 120.0, browser: bool = True, idle: int = 60,
            reclaim_limit: float = 180.0) -> dict[str, Any]:
    """Run the class; seconds and MB. ``pool``: one kernel per visitor unless given
    (``make classroom`` has 30, for a class of 30). The culler looks every 5 s for
    kernels ``idle`` s without a page (``make classroom``: every 60 s, 15 minutes)."""
    pool = visitors if pool is None else pool
    culling = [f"{CULL}interval=5", f"{CULL}idle_timeout={idle}"]
    flags = [f for f in classroom_flags(pool)
             if not f.startswith((f"{CULL}interval=", f"{CULL}idle_timeout="))] + culling
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(os.environ.get("SKIPBO_CLASSROOM_LOG", Path(tmp) / "voila.log"))
        with voila_server(log=log, flags=flags, timeout=120) as (url, server):
            ready = _wait_for(lambda: POOL_READY in log.read_text(errors="replace"),
                              limit=60 + 10 * pool)
            if ready is not None:  # the pool is started; now let it execute the notebook
                ready += _wait_for(lambda: _quiet(server.pid), limit=60 + 10 * pool) or 0.0
            load = os.getloadavg()
            started = time.monotonic()
            results, real = asyncio.run(_class_arrives(url, visitors, spread, limit, browser))
            arrived_within = time.monotonic() - started
            kernels = _kernels(server.pid)
            kernel_rss = [rss_mb(pid) for pid in kernels if Path(f"/proc/{pid}").exists()]
            server_rss = rss_mb(server.pid)
            used = {v.kernel_id for v in results if v.kernel_id}
            reclaimed = _wait_for(lambda: not any(k in line for k in used
                                                  for line in _kernels(server.pid).values()),
                                  limit=reclaim_limit, step=2)
            kernels_left = len(_kernels(server.pid))
    shown = sorted(v.seconds for v in results if v.shown)
    return {
        "visitors": visitors,
        "errors": sum(1 for v in results if v.error),
        "blank": sum(1 for v in results if v.blank),
        "first_screen_p50_s": round(_percentile(shown, 0.5), 2) if shown else None,
        "first_screen_p95_s": round(_percentile(shown, 0.95), 2) if shown else None,
        "kernel_rss_mb": round(max(kernel_rss, default=0.0), 1),
        "server_rss_mb": round(server_rss, 1),
        "chromium": ({"first_screen_s": round(results[real].seconds, 2),
                      "complete": results[real].shown} if real is not None
                     else {"skipped": "no Chromium"}),
        "pool": pool,
        "pool_ready_s": round(ready, 1) if ready is not None else None,
        "kernels_during_class": len(kernels),
        "reclaimed": reclaimed is not None,
        "reclaimed_after_s": round(reclaimed, 1) if reclaimed is not None else None,
        "kernels_left": kernels_left,
        "arrivals_s": spread,
        "class_done_s": round(arrived_within, 1),
        "load_average_before": [round(x, 2) for x in load],
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
        "errors_seen": sorted({v.error for v in results if v.error})[:5],
    }


def run(settings: Settings) -> dict[str, Any]:
    """The ``classroom`` section: ``--games N`` sets the number of visitors (30)."""
    visitors = settings.games_or(30, 10)
    return measure(visitors=visitors, browser=chromium_available())
