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
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

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
        written: dict[int, float] = {}
        seen: dict[int, float] = {}
        while True:
            obs = rooms.observe(code, token)
            seen.setdefault(obs["version"], time.time())
            if obs["phase"] == "over":
                break
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
        report["rooms"][code] = {"written": written, "seen": seen}
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


def _idle_cpu(rooms: Rooms, code: str, token: str, seconds: float) -> float:
    """CPU milliseconds per second of a wait on a room where nothing happens."""
    version = rooms.observe(code, token)["version"]
    cpu, wall = time.process_time(), time.monotonic()
    rooms.wait(code, version, seconds)
    return (time.process_time() - cpu) * 1000 / (time.monotonic() - wall)


def _run_store(url: str, n: int, seed: int, idle: float) -> dict[str, Any]:
    rooms = Rooms(open_store(url))
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
    procs = [subprocess.Popen([sys.executable, "-m", "skipbo_widgets.bench.rooms", url,
                               json.dumps(s), str(seed + k)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
             for k, s in enumerate(seats)]
    for proc in procs:
        assert proc.stdout is not None
        proc.stdout.readline()
    start = time.monotonic()
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
    reports: list[dict[str, Any] | None] = []
    for proc in procs:
        out, _ = proc.communicate(timeout=3600)
        reports.append(json.loads(out) if proc.returncode == 0 else None)
    wall = time.monotonic() - start
    errors = sum(1 for r in reports if r is None) + sum(r["errors"] for r in reports if r)
    latencies: list[float] = []
    counted = 0
    for i in range(n):
        for code in {c for c, _ in seats[2 * i]}:
            pair = [reports[2 * i], reports[2 * i + 1]]
            if None in pair:
                continue
            a, b = (r["rooms"][code] for r in pair if r)
            latencies += _latencies(a, b) + _latencies(b, a)
            counted += len(a["written"]) + len(b["written"])
    stored = 0
    for code in codes:
        record = rooms.store.get(f"room:{code}")
        stored += json.loads(record.value)["moves"] if record else 0
    idle_room = rooms.create("skyjo", 2, owner_name="Idle")
    ms = [x * 1000 for x in latencies]
    return {
        "rooms": 2 * n, "moves": stored, "errors": errors,
        "lost": max(0, counted - stored), "doubled": max(0, stored - counted),
        "latency_ms_p50": round(_percentile(ms, 0.5), 2),
        "latency_ms_p95": round(_percentile(ms, 0.95), 2),
        "latency_ms_max": round(max(ms, default=0.0), 2),
        "wall_s": round(wall, 2),
        "idle_cpu_ms_per_s": round(_idle_cpu(rooms, idle_room.code, idle_room.token, idle), 3),
    }


def run(settings: Settings) -> dict[str, Any]:
    n = settings.games_or(15, quick=2)
    idle = 1.0 if settings.quick else 5.0
    result: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="rooms-bench-") as folder:
        url = f"sqlite:///{Path(folder) / 'rooms.sqlite3'}"
        result.update({f"sqlite_{k}": v for k, v in
                       _run_store(url, n, settings.seed, idle).items()})
        if redis_server_available():
            with RedisServer(Path(folder) / "redis") as server:
                result.update({f"redis_{k}": v for k, v in
                               _run_store(server.url, n, settings.seed, idle).items()})
        else:
            result["redis_skipped"] = "no redis-server"
    return result


if __name__ == "__main__":
    print(json.dumps(client(sys.argv[1], [tuple(s) for s in json.loads(sys.argv[2])],
                            int(sys.argv[3]))))
