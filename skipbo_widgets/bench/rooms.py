"""The ``rooms`` section: two-seat rooms played by protocol clients on both stores.

For each store (an SQLite file in a temporary folder; a ``redis-server`` of its own
on a Unix socket, if installed), ``N`` rooms (``--games N``, default 15, quick 2) of
two people each play a whole Skyjo round, then ``N`` others a whole Skip-Bo game
(stock 10). Every seat is a separate process, as every page has its own kernel (one
process holds a seat of a Skyjo room, then the same seat of a Skip-Bo room): it
observes, moves when it may, and otherwise waits for the room to change
(:meth:`Rooms.wait`); all start together once every process is ready. Reported per
store (keys prefixed ``sqlite_`` / ``redis_``):

``moves``            moves written
``errors``           refusals other than ``stale_version``, and client failures
``lost``/``doubled`` moves the clients saw accepted but the room does not count, or
                     the reverse
``latency_ms_*``     from a move's write (its ``move`` call returned) to the other
                     seat's first observation of that version or a later one: p50,
                     p95, max
``wall_s``           from the moment every seat's process is ready to the last one's end
``idle_cpu_ms_per_s`` CPU a client spends waiting on a room where nothing happens
``page_*``           one of the seats is a real Chromium page of the Voilà app
                     (``make classroom``'s flags, the same store), playing by clicks:
                     its moves, and from the other seat's write to the page showing
                     that version (``page_latency_ms_p50``/``_p95``: kernel, websocket
                     and drawing included); left out without Voilà or Chromium
``kernel_*``         a kernel's cost on that store, in a process of its own that builds
                     the app as a kernel does: its memory at a room's table against the same app
                     at a game against the computer (``kernel_rss_mb_with_room``,
                     ``_without_room``, ``kernel_room_extra_mb``; of it
                     ``kernel_store_mb``: opening the store, its client library and
                     connection included), and the CPU of the
                     table's waiting task on a room where nothing happens
                     (``kernel_idle_cpu_ms_per_s``: waits, heartbeats)

Then ``one_process_*``: 100 rooms (``--games``: 100, quick 4; half Skyjo, half
Skip-Bo) against Redis, every seat a thread of one process of protocol clients.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any
from unittest import mock

from ..rooms import Rooms, open_store
from ..rooms.redis_server import RedisServer, redis_server_available
from . import Settings

SKIPBO_OPTIONS = {"stock_size": 10}
WAIT = 5.0


def choose(view: dict[str, Any], rng: random.Random) -> str:
    """A person's move from the page's view: Skip-Bo plays from the stock pile first,
    then any play, then a discard; Skyjo at random."""
    moves: list[str] = view["legal_moves"]
    if "hand" in view:
        for wanted in (("s-", "ps-"), ("h", "d", "pd")):
            plays = [m for m in moves if m.startswith(wanted) and "-b" in m]
            if plays:
                return rng.choice(plays)
    return rng.choice(moves)


def play_seat(rooms: Rooms, code: str, token: str, rng: random.Random,
              report: dict[str, Any]) -> dict[str, dict[int, float]]:
    """One seat plays its room to the end: the versions it wrote and saw, with times."""
    written: dict[int, float] = {}
    seen: dict[int, float] = {}
    while True:
        obs = rooms.observe(code, token)
        seen.setdefault(obs["version"], time.time())
        if obs["phase"] == "over":
            return {"written": written, "seen": seen}
        view = obs["view"]
        if view and view["legal_moves"]:
            done = rooms.move(code, token, choose(view, rng), obs["version"])
            if not done.refused:
                written[done.version] = time.time()
                report["moves"] += 1
            elif done.reason != "stale_version":
                report["errors"] += 1
            continue
        rooms.wait(code, obs["version"], WAIT)


def client(url: str, seats: list[tuple[str, str]], seed: int) -> dict[str, Any]:
    """One seat's kernel for each room in turn: the versions it wrote and saw, with times."""
    rooms = Rooms(open_store(url))
    rng = random.Random(seed)
    report: dict[str, Any] = {"moves": 0, "errors": 0, "rooms": {}}
    # Started and connected; play when every seat is (a process starting late on a
    # busy machine would count its start-up as the time to see a move).
    print("ready", flush=True)
    sys.stdin.readline()
    for code, token in seats:
        report["rooms"][code] = play_seat(rooms, code, token, rng, report)
    return report


def _percentile(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p * (len(ordered) - 1)))]


def _latencies(mine: dict[str, Any], other: dict[str, Any]) -> list[float]:
    seen = sorted((int(v), t) for v, t in other["seen"].items())
    out = []
    for version, wrote in mine["written"].items():
        later = [t for v, t in seen if v >= int(version)]
        if later:
            out.append(max(0.0, min(later) - wrote))
    return out


def _ms(latencies: list[float], prefix: str = "latency_ms") -> dict[str, float]:
    ms = [x * 1000 for x in latencies]
    return {f"{prefix}_p50": round(_percentile(ms, 0.5), 2),
            f"{prefix}_p95": round(_percentile(ms, 0.95), 2),
            f"{prefix}_max": round(max(ms, default=0.0), 2)}


def _idle_cpu(rooms: Rooms, code: str, token: str, seconds: float) -> float:
    """CPU milliseconds per second of a wait on a room where nothing happens."""
    version = rooms.observe(code, token)["version"]
    cpu, wall = time.process_time(), time.monotonic()
    rooms.wait(code, version, seconds)
    return (time.process_time() - cpu) * 1000 / (time.monotonic() - wall)


def _make_rooms(rooms: Rooms, n: int, seed: int) -> tuple[list[list[tuple[str, str]]], list[str]]:
    """``n`` Skyjo and ``n`` Skip-Bo rooms of two, started: each of ``2 n`` people holds
    a seat of a Skyjo room, then the same seat of a Skip-Bo room."""
    seats: list[list[tuple[str, str]]] = [[] for _ in range(2 * n)]
    codes = []
    for game, options in (("skyjo", {}), ("skipbo", SKIPBO_OPTIONS)):
        for i in range(n):
            owner = rooms.create(game, 2, owner_name="Anna", options=options)
            guest = rooms.join(owner.code, "Ben")
            rooms.start(owner.code, owner.token, seed=seed + i)
            seats[2 * i].append((owner.code, owner.token))
            seats[2 * i + 1].append((owner.code, guest.token))
            codes.append(owner.code)
    return seats, codes


def _tally(rooms: Rooms, n: int, seats: list[list[tuple[str, str]]], codes: list[str],
           reports: list[dict[str, Any] | None], page: bool = False) -> dict[str, Any]:
    """Errors, moves lost or doubled, and the latencies of the pairs that both reported
    (not of the first pair when its second seat is a page: those are ``page_*``)."""
    errors = sum(1 for r in reports if r is None) + sum(r["errors"] for r in reports if r)
    latencies: list[float] = []
    counted = 0
    for i in range(n):
        pair = [reports[2 * i], reports[2 * i + 1]]
        for code in {c for c, _ in seats[2 * i]}:
            if None in pair:
                continue
            a, b = (r["rooms"][code] for r in pair if r)
            if not (page and i == 0):
                latencies += _latencies(a, b) + _latencies(b, a)
            counted += len(a["written"]) + len(b["written"])
    stored = 0
    for code in codes:
        record = rooms.store.get(f"room:{code}")
        stored += json.loads(record.value)["moves"] if record else 0
    return {"rooms": 2 * n, "moves": stored, "errors": errors,
            "lost": max(0, counted - stored), "doubled": max(0, stored - counted),
            **_ms(latencies)}


def _run_store(url: str, n: int, seed: int, idle: float, page: bool) -> dict[str, Any]:
    rooms = Rooms(open_store(url))
    seats, codes = _make_rooms(rooms, n, seed)
    # The second person of the first rooms is a Chromium page, if there can be one.
    browser = RoomPage.open(url) if page else None
    try:
        return _play_store(rooms, url, n, seed, idle, seats, codes, browser)
    finally:
        if browser is not None:
            browser.close()


def _play_store(rooms: Rooms, url: str, n: int, seed: int, idle: float,
                seats: list[list[tuple[str, str]]], codes: list[str],
                browser: RoomPage | None) -> dict[str, Any]:
    clients = range(2 * n) if browser is None else [k for k in range(2 * n) if k != 1]
    procs = {k: subprocess.Popen([sys.executable, "-m", "skipbo_widgets.bench.rooms", url,
                                  json.dumps(seats[k]), str(seed + k)],
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
             for k in clients}
    for proc in procs.values():
        assert proc.stdout is not None
        proc.stdout.readline()
    if browser is not None:
        browser.ready(seats[1][0])
    start = time.monotonic()
    for proc in procs.values():
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
    reports: list[dict[str, Any] | None] = [None] * (2 * n)
    page_result: dict[str, Any] = {}
    if browser is not None:
        reports[1], page_result = browser.play(rooms, seats[1])
    for k, proc in procs.items():
        out, _ = proc.communicate(timeout=3600)
        reports[k] = json.loads(out) if proc.returncode == 0 else None
    wall = time.monotonic() - start
    result = _tally(rooms, n, seats, codes, reports, page=browser is not None)
    if browser is not None and reports[0] is not None and reports[1] is not None:
        anna, page_seat = reports[0]["rooms"], reports[1]["rooms"]
        page_result.update(_ms([x for c, _ in seats[1] for x in
                                _latencies(anna[c], page_seat[c])], "page_latency_ms"))
    idle_room = rooms.create("skyjo", 2, owner_name="Idle")
    return {**result, **page_result, "wall_s": round(wall, 2),
            "idle_cpu_ms_per_s": round(_idle_cpu(rooms, idle_room.code, idle_room.token, idle),
                                       3)}


def _one_process(url: str, n: int, seed: int) -> dict[str, Any]:
    """``n`` rooms (half Skyjo, half Skip-Bo), every seat a thread of this one process."""
    rooms = Rooms(open_store(url))
    half = max(1, n // 2)
    seats, codes = _make_rooms(rooms, half, seed)
    pairs = [(k, code, token) for k in range(2 * half) for code, token in seats[k]]
    reports: list[dict[str, Any] | None] = [
        {"moves": 0, "errors": 0, "rooms": {}} for _ in range(2 * half)]
    go = threading.Barrier(len(pairs) + 1)

    def seat(k: int, code: str, token: str) -> None:
        own = Rooms(open_store(url))
        report = reports[k]
        assert report is not None
        go.wait()
        try:
            report["rooms"][code] = play_seat(own, code, token, random.Random(seed + k), report)
        except Exception:  # a failed seat counts as an error, the others go on
            reports[k] = None
        finally:
            own.store.close()

    threads = [threading.Thread(target=seat, args=p, daemon=True) for p in pairs]
    for thread in threads:
        thread.start()
    go.wait()
    start = time.monotonic()
    for thread in threads:
        thread.join(3600)
    wall = time.monotonic() - start
    return {**_tally(rooms, half, seats, codes, reports), "threads": len(threads),
            "wall_s": round(wall, 2)}


# -- a kernel's cost -----------------------------------------------------------------------

def _rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def kernel(url: str, with_room: bool, seconds: float) -> dict[str, float]:
    """What a kernel holds, measured in this process: the app at a room's table (its
    waiting task running on a room where nothing happens), or the app at a Skyjo game
    against the computer."""
    import asyncio
    import gc

    from ..widgets.shell.app import App
    from ..widgets.skyjo.settings import SkyjoSettings

    app = App(lang="en", animate=False)
    if not with_room:
        app.choose_game("skyjo")
        app.start(SkyjoSettings())
        gc.collect()
        return {"rss_mb": _rss_mb()}
    gc.collect()
    before = _rss_mb()
    rooms = Rooms(open_store(url))  # the store's client library and a connection
    store_mb = _rss_mb() - before
    owner = rooms.create("skyjo", 2, owner_name="Anna")
    guest = rooms.join(owner.code, "Ben")
    rooms.start(owner.code, owner.token, seed=1)
    app.room_flow._rooms = Rooms(open_store(url))  # the page's own connection
    app.room_flow._enter(owner.code, guest.token)  # Ben's page, at the table, Anna to play
    table = app.room_flow.controller
    assert table is not None

    async def idle() -> float:
        task = asyncio.create_task(table.watch())
        await asyncio.sleep(1.0)  # the task's thread and connection are up
        cpu, wall = time.process_time(), time.monotonic()
        await asyncio.sleep(seconds)
        spent = (time.process_time() - cpu) * 1000 / (time.monotonic() - wall)
        table.close()
        await asyncio.wait_for(task, 10)
        return spent

    cpu = asyncio.run(idle())
    gc.collect()
    return {"rss_mb": _rss_mb(), "store_mb": store_mb, "idle_cpu_ms_per_s": cpu}


def _kernel_costs(url: str, seconds: float) -> dict[str, Any]:
    def measure(with_room: bool) -> dict[str, float]:
        out = subprocess.run([sys.executable, "-m", "skipbo_widgets.bench.rooms", "--kernel",
                              url, "room" if with_room else "game", str(seconds)],
                             capture_output=True, text=True, check=True).stdout
        return dict(json.loads(out.splitlines()[-1]))

    without, with_room = measure(False), measure(True)
    return {"kernel_rss_mb_without_room": round(without["rss_mb"], 1),
            "kernel_rss_mb_with_room": round(with_room["rss_mb"], 1),
            "kernel_room_extra_mb": round(with_room["rss_mb"] - without["rss_mb"], 1),
            "kernel_store_mb": round(with_room["store_mb"], 1),
            "kernel_idle_cpu_ms_per_s": round(with_room["idle_cpu_ms_per_s"], 3)}


# -- one seat in a real browser ----------------------------------------------------------------

SKYJO_NEXT = """() => document.querySelector('.sj-me .sj-legal') ? "setup"
  : document.querySelector('[data-testid="skyjo-discard"].sj-can') ? "take" : null"""


def skyjo_turn(page: Any) -> bool:
    """If it is this page's turn, one move by clicks (a set-up card, or the discard pile's
    card onto a face-down card of one's own); True if it clicked."""
    now = page.evaluate(SKYJO_NEXT)
    if now == "setup":
        page.locator(".sj-me .sj-legal").first.click()
        return True
    if now == "take":
        page.click('[data-testid="skyjo-discard"]')
        down = page.locator(".sj-me button.sj-slot:has(.sj-back)")
        target = down.first if down.count() else \
            page.locator(".sj-me button.sj-slot:not(.sj-cleared)").first
        target.click()
        return True
    return False


MY_SOURCES = """() => {
  const table = document.querySelector('[data-testid="table"]');
  if (!table || table.classList.contains('sb-waiting')) return null;
  const mine = [...table.querySelectorAll('.sb-mine [data-source]')].map(b => b.dataset.source);
  return [...new Set(mine)];
}"""


def skipbo_turn(page: Any) -> bool:
    """If it is this page's turn, one move by clicks: the stock's card onto a building
    pile if it fits, else a hand card, else a discard pile's card; if none fits, a hand
    card onto a discard pile (the turn's end). True if it clicked a move."""
    sources = page.evaluate(MY_SOURCES)
    if not sources:
        return False
    order = sorted(sources, key=lambda s: {"s": 0, "h": 1}.get(s[0], 2))
    for wanted, targets in (("shd", "b"), ("h", "d")):
        for source in (s for s in order if s[0] in wanted):
            page.click(f'.sb-mine [data-source="{source}"]')
            legal = page.locator(f'.sb-legal[data-target^="{targets}"]')
            if legal.count():
                legal.first.click()
                return True
            page.click(f'.sb-mine [data-source="{source}"]')  # put it back
    raise RuntimeError(f"no move found from {sources}")


TURNS = {"skyjo": skyjo_turn, "skipbo": skipbo_turn}

#: Each version of the room the page shows, with the time it first showed it.
SEEN_SCRIPT = """window.__seen = {};
new MutationObserver(() => {
  const e = document.querySelector('[data-testid="room-turn"] [data-version]');
  if (e && !(e.dataset.version in window.__seen)) window.__seen[e.dataset.version] = Date.now();
}).observe(document, {subtree: true, childList: true, attributes: true});"""


def page_versions(rooms: Rooms, code: str, seat: int) -> set[int]:
    """The versions of the room that ``seat`` wrote with a move id (a page's moves)."""
    record = rooms.store.get(f"room:{code}")
    recent = json.loads(record.value)["recent"] if record else []
    return {int(version) for _id, version, by in recent if by == seat}


class RoomPage:
    """A Voilà app server on the bench's store and one Chromium page of it, holding a
    seat the way a browser keeps it (``localStorage``), playing by clicks."""

    def __init__(self, stack: contextlib.ExitStack, url: str, browser: Any) -> None:
        self.stack, self.url, self.browser = stack, url, browser
        self.page: Any = None

    @classmethod
    def open(cls, store_url: str) -> RoomPage | None:
        from ..devtools import ROOT, browser_available, launch_chromium, voila_server

        if not browser_available():
            return None
        from playwright.sync_api import sync_playwright

        stack = contextlib.ExitStack()
        # Two pre-heated kernels: one for the page at each of its two rooms.
        flags = subprocess.run(["make", "-s", "classroom-flags", "POOL=2"], cwd=ROOT,
                               check=True, capture_output=True, text=True).stdout.split()
        with mock.patch.dict(os.environ, {"SKIPBO_WIDGETS_STORE": store_url}):
            url, _proc = stack.enter_context(voila_server(flags=flags))
        playwright = stack.enter_context(sync_playwright())
        browser = launch_chromium(playwright)
        stack.callback(browser.close)
        return cls(stack, url, browser)

    def ready(self, seat: tuple[str, str]) -> None:
        """The page at its first room's table, before the start signal."""
        self._sit(*seat)

    def _sit(self, code: str, token: str) -> None:
        """A browser that kept the seat (``localStorage``) opens the app: its table."""
        if self.page is not None:
            self.page.context.close()
        context = self.browser.new_context(viewport={"width": 1280, "height": 900})
        kept = json.dumps({"code": code, "token": token, "client": "bench-page"})
        context.add_init_script(
            f"localStorage.setItem('skipbo-widgets/room', {json.dumps(kept)});\n{SEEN_SCRIPT}")
        self.page = context.new_page()
        self.page.goto(self.url + "?lang=de", wait_until="commit", timeout=180_000)
        self.page.wait_for_selector('[data-testid="room-turn"] [data-version]',
                                    timeout=180_000)

    def play(self, rooms: Rooms, seats: list[tuple[str, str]]
             ) -> tuple[dict[str, Any], dict[str, Any]]:
        """The page plays each room to its end; a client's report, and the page's own."""
        report: dict[str, Any] = {"moves": 0, "errors": 0, "rooms": {}}
        clicks = 0
        for i, (code, token) in enumerate(seats):
            if i:
                self._sit(code, token)
            written: dict[int, float] = {}
            turn = TURNS[rooms.observe(code, token)["game"]]
            while True:
                obs = rooms.observe(code, token)
                # The versions this seat wrote: its kernel sends each move with an id, which
                # the room keeps with the version and the seat (a Skyjo set-up's flips are
                # made by both seats at once, so "the next version" need not be this seat's).
                for version in page_versions(rooms, code, obs["seat"]) - written.keys():
                    written[version] = time.time()
                    report["moves"] += 1
                if obs["phase"] == "over":
                    break
                if self._shows(obs["version"]) and turn(self.page):
                    clicks += 1
                    rooms.wait(code, obs["version"], 30)
                else:
                    rooms.wait(code, obs["version"], 0.2)
            self.page.wait_for_function(
                "v => (window.__seen || {})[v] !== undefined", arg=str(obs["version"]),
                timeout=60_000)
            seen = {int(v): t / 1000 for v, t in self.page.evaluate("() => window.__seen").items()}
            report["rooms"][code] = {"written": written, "seen": seen}
        return report, {"page_clicked_moves": report["moves"], "page_clicks": clicks}

    def _shows(self, version: int) -> bool:
        return bool(self.page.evaluate(
            """v => { const e = document.querySelector('[data-testid="room-turn"] [data-version]');
                      return !!e && +e.dataset.version === v }""", version))

    def close(self) -> None:
        self.stack.close()


def run(settings: Settings) -> dict[str, Any]:
    n = settings.games_or(15, quick=2)
    many = 4 if settings.quick else 100
    idle = 1.0 if settings.quick else 5.0
    result: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="rooms-bench-") as folder:
        url = f"sqlite:///{Path(folder) / 'rooms.sqlite3'}"
        page = not settings.quick
        result.update({f"sqlite_{k}": v for k, v in
                       _run_store(url, n, settings.seed, idle, page).items()})
        result.update({f"sqlite_{k}": v for k, v in _kernel_costs(url, idle).items()})
        if redis_server_available():
            with RedisServer(Path(folder) / "redis") as server:
                result.update({f"redis_{k}": v for k, v in
                               _run_store(server.url, n, settings.seed, idle, page).items()})
                result.update({f"redis_{k}": v for k, v in
                               _kernel_costs(server.url, idle).items()})
                result.update({f"one_process_{k}": v for k, v in
                               _one_process(server.url, many, settings.seed).items()})
        else:
            result["redis_skipped"] = "no redis-server"
    return result


if __name__ == "__main__":
    if sys.argv[1] == "--kernel":
        print(json.dumps(kernel(sys.argv[2], sys.argv[3] == "room", float(sys.argv[4]))))
    else:
        print(json.dumps(client(sys.argv[1], [tuple(s) for s in json.loads(sys.argv[2])],
                                int(sys.argv[3]))))
