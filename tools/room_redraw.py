"""How long from a click at one page of a room to the other page's table drawn anew.

Two pages' controllers (:class:`RoomController`, each with its own store connection,
as two kernels) play a Skyjo round; each page's kernel task (:meth:`RoomController.watch`)
runs as in Voilà. For every move: from the click (``request``) to the moment the other
page's table ``view`` holds the new version. On an SQLite file and on a redis-server of
its own. ``python tools/room_redraw.py [ROUNDS]``.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from skipbo_widgets.rooms import Rooms, open_store
from skipbo_widgets.rooms.redis_server import RedisServer, redis_server_available
from skipbo_widgets.widgets.rooms.controller import RoomController


async def one_round(url: str, seed: int) -> list[float]:
    owner = Rooms(open_store(url)).create("skyjo", 2, owner_name="Anna")
    ben = Rooms(open_store(url)).join(owner.code, "Ben")
    Rooms(open_store(url)).start(owner.code, owner.token, seed=seed)
    pages = [RoomController(Rooms(open_store(url)), owner.code, token, client=f"b{i}")
             for i, token in enumerate((owner.token, ben.token))]
    tasks = [asyncio.create_task(page.watch()) for page in pages]
    rng = random.Random(seed)
    took: list[float] = []
    await asyncio.sleep(0.3)
    while pages[0].phase != "over":
        mover = next((p for p in pages if p.my_turn), None)
        if mover is None:
            await asyncio.sleep(0.01)
            continue
        other = pages[1 - pages.index(mover)]
        version = mover.version
        start = time.perf_counter()
        mover.request({"type": "move", "move": str(rng.choice(mover.obs.legal_moves))})
        while other.table.view and other.version <= version:
            await asyncio.sleep(0.001)
        took.append(time.perf_counter() - start)
        while pages[0].version != pages[1].version:
            await asyncio.sleep(0.001)
    for page in pages:
        page.close()
    await asyncio.gather(*tasks)
    return took


def report(name: str, took: list[float]) -> None:
    ms = sorted(t * 1000 for t in took)
    print(f"{name}: {len(ms)} moves, click to the other page's redraw: "
          f"p50 {statistics.median(ms):.0f} ms, p95 {ms[int(0.95 * (len(ms) - 1))]:.0f} ms, "
          f"max {ms[-1]:.0f} ms")


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'rooms.sqlite3'}"
        report("sqlite", [t for s in range(rounds) for t in asyncio.run(one_round(url, s))])
        if redis_server_available():
            with RedisServer(Path(folder) / "redis") as server:
                report("redis", [t for s in range(rounds)
                                 for t in asyncio.run(one_round(server.url, s))])


if __name__ == "__main__":
    main()
