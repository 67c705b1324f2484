"""The ``class`` section: a teacher's live class view with 30 pupils, on both stores.

For each store (an SQLite file in a temporary folder; a ``redis-server`` of its own, if
installed) a class of 30 pupils works for ``--games`` seconds (five minutes; quick: 40 s):

- the **teacher's kernel**: a process of its own that builds the app as a kernel does
  and starts the class from it (:meth:`ClassViewScreen.start`); its live view runs on
  an asyncio loop as in a kernel. It sends the class to Skip-Bo's first lesson at the
  start, says "eyes on me" at half time and releases ten seconds later.
- **29 pupils** as protocol clients, each a process of its own (each page has its own
  kernel): they join, obey the teacher's orders, and work at a person's pace (a try
  every 2 to 6 s): lesson steps (sometimes a wrong try or a hint first; a step done without
  one is mastered), whole lessons, games against bots (hints, won or lost), saying where
  they are as the pupil's page does (``place``, and ``seen`` every 20 s).
- **one real Chromium pupil** and a **real Chromium teacher page**, each on a Voilà
  server of its own with ``make classroom``'s flags (a pool of one kernel, no refill
  during the run), on the same store: the pupil joins by the link and steps to and fro
  in the lesson by clicks; the teacher's page is the teacher's browser coming back to
  the class (its kept secret).

Reported per store (keys prefixed ``sqlite_`` / ``redis_``):

``pupils``, ``writes``    pupils, and their writes to the store during the run
``errors``                refusals and failures of a pupil or the teacher (must be 0)
``view_ms_p50/_p95/_max`` from a pupil's write (its ``put`` returned) to the teacher's
                          kernel having drawn a view with that record's version or a later
                          one (the table's ``value`` set: in a kernel, the comm message is
                          sent in that assignment)
``unseen``                writes no drawn view had by the end (the last second's)
``view_cpu_ms_per_s``     CPU of the teacher's kernel process per second of the run (it does
                          nothing but the live view and the three commands)
``draws``                 how often that view drew its table
``page_*``                the real pages: from the Chromium pupil's click (``page_click_*``)
                          and from its kernel's write (``page_write_*``) to the teacher's
                          page showing the new place in that pupil's row, p50/p95; the
                          teacher page's kernel CPU per second (``page_kernel_cpu_ms_per_s``,
                          the widget messages to the browser included); left out without
                          Voilà or Chromium
``store_bytes_per_pupil`` SQLite: the file's size over the pupils (its write-ahead journal
                          checkpointed into it first);
                          Redis: the memory Redis reports for the class's keys over the pupils
``record_bytes``          a pupil's record, the mean length of its text
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, cast
from unittest import mock

from ..classes import Classes
from ..classes.records import (
    PUPIL_FORMAT,
    class_prefix,
    parse,
    public_row,
    pupil_id,
    pupil_prefix,
)
from ..rooms import open_store
from ..rooms.redis_server import RedisServer, redis_server_available
from ..rooms.store import Record
from ..tutorials.lesson import all_lessons, course
from . import Settings
from .rooms import _percentile

PUPILS = 30
DURATION, QUICK = 300.0, 40.0
SEEN_EVERY = 20.0


# -- a protocol pupil -------------------------------------------------------------------------

class Pupil:
    """One pupil's page, as the class sees it: its writes with the time each returned."""

    def __init__(self, classes: Classes, code: str, name: str, rng: random.Random) -> None:
        self.classes, self.code, self.rng = classes, code, rng
        self.joined = classes.join(code, name)
        self.key = pupil_prefix(code) + self.joined.pupil
        orders = classes.orders(code, self.joined.token, after=0)
        self.seq, self.version = orders.seq, orders.version
        self.writes: list[tuple[int, float]] = []
        self.errors: list[str] = []
        self.lessons = all_lessons()
        self.lesson, self.step = 0, 0
        self.failed = False
        self.game_left = 0
        self.paused = False
        self.last = time.monotonic()

    def write(self, method: str, *args: Any, **kwargs: Any) -> None:
        try:
            version = getattr(self.classes, method)(self.code, self.joined.token, *args, **kwargs)
        except Exception as err:  # a refusal or a failure: counted, the pupil goes on
            self.errors.append(f"{method}: {err!r}"[:200])
            return
        self.writes.append((version, time.time()))
        self.last = time.monotonic()

    def where(self) -> dict[str, Any]:
        if self.paused:
            return {"screen": "paused"}
        if self.game_left:
            return {"screen": "game", "game": self.lessons[self.lesson].game, "players": 2}
        own = course(self.lessons, self.lesson)
        return {"screen": "lesson", "game": self.lessons[self.lesson].game,
                "lesson": self.lesson - own.start + 1, "step": self.step + 1}

    def obey(self) -> None:
        orders = self.classes.orders(self.code, self.joined.token, after=self.seq)
        self.version = orders.version
        for item in orders.items:
            self.seq = max(self.seq, int(item["seq"]))
            if item["kind"] == "lesson":
                first = next(i for i, x in enumerate(self.lessons)
                             if x.game == item["args"]["game"])
                self.lesson, self.step = first + int(item["args"]["lesson"]) - 1, 0
                self.game_left = 0
        self.paused = orders.paused
        self.write("place", self.where())

    def act(self) -> None:
        """One try at a person's pace: a lesson step, or a moment of a game."""
        rng = self.rng
        if self.game_left:
            self.game_left -= 1
            if rng.random() < 0.15:
                self.write("tried", hints=1)
            if not self.game_left:
                self.write("game_over", self.lessons[self.lesson].game, won=rng.random() < 0.5)
                self.lesson = (self.lesson + 1) % len(self.lessons)
                self.write("place", self.where())
            return
        lesson = self.lessons[self.lesson]
        step = lesson.steps[self.step]
        if rng.random() < 0.2:  # a wrong try, a move shown now and then
            self.failed = True
            self.write("tried", hints=int(rng.random() < 0.3), wrong=1)
            return
        self.write("step_done", list(step.rules), mastered=not self.failed)
        self.failed = False
        self.step += 1
        if self.step == len(lesson.steps):
            self.write("lesson_finished", lesson.game, lesson.id)
            self.step = 0
            if rng.random() < 0.4:
                self.game_left = rng.randint(10, 20)  # a game of about a minute
            else:
                self.lesson = (self.lesson + 1) % len(self.lessons)
        self.write("place", self.where())

    def run(self, until: float) -> None:
        while time.time() < until:
            think = min(self.rng.uniform(2.0, 6.0), max(0.0, until - time.time()))
            try:
                changed = self.classes.wait(self.code, self.version, think)
                if changed:
                    self.obey()
                elif time.time() >= until:
                    break
                elif not self.paused:
                    self.act()
                elif time.monotonic() - self.last > SEEN_EVERY:
                    self.write("seen")
            except Exception as err:
                self.errors.append(repr(err)[:200])
                time.sleep(1.0)


def pupil_client(url: str, code: str, name: str, seed: int) -> dict[str, Any]:
    classes = Classes(open_store(url))
    pupil = Pupil(classes, code, name, random.Random(seed))
    print("ready", flush=True)
    until = float(sys.stdin.readline())
    pupil.run(until)
    return {"key": pupil.key, "writes": pupil.writes, "errors": pupil.errors}


# -- the teacher's kernel -------------------------------------------------------------------------

def teacher_kernel(duration: float) -> dict[str, Any]:
    """The app as a kernel builds it (the store from ``SKIPBO_WIDGETS_STORE``), its class
    started; every draw of the table with the versions it showed, and the CPU spent."""
    from ..widgets.shell.app import App

    app = App(lang="en", animate=False)
    screen = app.class_view
    draws: list[tuple[float, dict[str, int]]] = []
    errors: list[str] = []

    def drawn(_change: Any) -> None:
        if screen.error:
            errors.append(screen.error)
        view = screen.view
        draws.append((time.time(), dict(view.versions) if view is not None else {}))

    def command(action: Any, kind: str, *args: Any) -> None:
        action(*args)
        said = screen.said() if screen.said else ""
        if said != app.tr(f"class.sent.{kind}", count=0):
            errors.append(f"{kind}: {said}")

    async def main() -> float:
        loop = asyncio.get_running_loop()
        problem = screen.start("Bench")
        if problem:
            raise RuntimeError(problem)
        screen.table.observe(drawn, names="value")
        print(json.dumps({"code": screen.code, "secret": screen.secret}), flush=True)
        until = float(await loop.run_in_executor(None, sys.stdin.readline))
        cpu, wall = time.process_time(), time.monotonic()
        await asyncio.sleep(max(0.0, until - time.time() - duration + 1.0))
        command(screen.send_lesson, "lesson", "skipbo", 1)
        await asyncio.sleep(duration / 2)
        command(screen.pause, "pause")
        await asyncio.sleep(10.0)
        command(screen.release, "release")
        await asyncio.sleep(max(0.0, until - time.time() + 2.0))  # the last writes drawn
        return (time.process_time() - cpu) * 1000 / (time.monotonic() - wall)

    cpu = asyncio.run(main())
    return {"draws": draws, "errors": errors, "cpu_ms_per_s": cpu}


def _view_latencies(pupils: list[dict[str, Any]], draws: list[tuple[float, dict[str, int]]]
                    ) -> tuple[list[float], int]:
    """From each write to the first draw showing that version of the record, or a later one;
    and how many writes no draw showed."""
    out: list[float] = []
    unseen = 0
    for pupil in pupils:
        shown = [(t, versions.get(pupil["key"], -1)) for t, versions in draws]
        for version, wrote in pupil["writes"]:
            first = next((t for t, v in shown if v >= version), None)
            if first is None:
                unseen += 1
            else:
                out.append(max(0.0, first - wrote))
    return out, unseen


def _ms(values: list[float], prefix: str) -> dict[str, float]:
    ms = [x * 1000 for x in values]
    return {f"{prefix}_p50": round(_percentile(ms, 0.5), 1),
            f"{prefix}_p95": round(_percentile(ms, 0.95), 1),
            f"{prefix}_max": round(max(ms, default=0.0), 1)}


# -- the store's size ---------------------------------------------------------------------------

def _store_bytes(url: str, code: str) -> int:
    if url.startswith("sqlite:"):
        path = Path(url.split("sqlite://", 1)[1])
        with contextlib.closing(sqlite3.connect(path)) as db:  # the journal into the file
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return path.stat().st_size
    import redis

    from ..rooms.redis_store import COUNTER, NAMESPACE

    client = redis.Redis.from_url(url)
    total = 0
    for key in open_store(url).keys(class_prefix(code)):
        for name in (NAMESPACE + key, COUNTER + key):
            total += int(cast(Any, client.memory_usage(name)) or 0)
    return total


def place(record: Record | None) -> Any:
    return None if record is None else parse(record, PUPIL_FORMAT)["where"]


# -- the real pages -----------------------------------------------------------------------------

#: The teacher page's rows: each change of a pupil's place cell, with the time it showed.
ROWS_SCRIPT = """window.__rows = {};
new MutationObserver(() => {
  for (const row of document.querySelectorAll('[data-testid="class-table"] tr[data-pupil]')) {
    const cell = row.children[1];
    if (!cell) continue;
    const seen = window.__rows[row.dataset.pupil] || (window.__rows[row.dataset.pupil] = []);
    const text = cell.textContent;
    if (!seen.length || seen[seen.length - 1][1] !== text) seen.push([Date.now(), text]);
  }
}).observe(document, {subtree: true, childList: true, characterData: true});"""


class Pages:
    """Two Voilà servers on the store (``make classroom``'s flags, a pool of one kernel each,
    no refill during the run), a Chromium teacher page on one and a Chromium pupil on the
    other."""

    def __init__(self, store_url: str) -> None:
        self.store_url = store_url
        self.stack = contextlib.ExitStack()
        self.teacher: Any = None
        self.pupil: Any = None
        self.teacher_kernel = 0

    @classmethod
    def open(cls, store_url: str) -> Pages | None:
        from ..devtools import browser_available

        if not browser_available():
            return None
        pages = cls(store_url)
        try:
            pages._start()
        except BaseException:
            pages.close()
            raise
        return pages

    def _start(self) -> None:
        from playwright.sync_api import sync_playwright

        from ..devtools import launch_chromium, voila_server
        from .classroom import _kernels, classroom_flags

        flags = [f for f in classroom_flags(1) if "fill_delay" not in f]
        flags.append("--VoilaKernelManager.fill_delay=100000")
        with mock.patch.dict(os.environ, {"SKIPBO_WIDGETS_STORE": self.store_url}):
            self.teacher_url, teacher_server = self.stack.enter_context(
                voila_server(flags=flags, timeout=180))
            self.pupil_url, _ = self.stack.enter_context(voila_server(flags=flags, timeout=180))
        deadline = time.monotonic() + 300
        while not _kernels(teacher_server.pid) and time.monotonic() < deadline:
            time.sleep(0.5)
        self.teacher_kernel = min(_kernels(teacher_server.pid), default=0)
        playwright = self.stack.enter_context(sync_playwright())
        self.browser = launch_chromium(playwright)
        self.stack.callback(self.browser.close)

    def open_pages(self, code: str, secret: str) -> None:
        """The teacher's browser back at its class; the pupil joined by the link, in German."""
        context = self.browser.new_context(viewport={"width": 1920, "height": 1080})
        kept = json.dumps({"role": "teacher", "code": code, "secret": secret})
        context.add_init_script(
            f"localStorage.setItem('skipbo-widgets/class', {json.dumps(kept)});\n{ROWS_SCRIPT}")
        self.teacher = context.new_page()
        self.teacher.goto(self.teacher_url + "?lang=en", wait_until="commit", timeout=300_000)
        self.teacher.wait_for_selector('[data-testid="class-table"] tr[data-pupil]',
                                       timeout=300_000)
        pupil = self.browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        pupil.goto(f"{self.pupil_url}?class={code}&lang=de", wait_until="commit",
                   timeout=300_000)
        pupil.fill('[data-testid="class-pupil-name"]', "Zoë", timeout=300_000)
        pupil.click('[data-testid="class-join-go"]')
        pupil.wait_for_selector('[data-testid="class-line"]', timeout=60_000)
        self.pupil = pupil

    def step(self, until: float, classes: Classes, code: str) -> dict[str, Any]:
        """Until ``until``: once the lesson is open, a click every 3 to 5 s, to the next step
        and back; each new place the pupil's kernel writes, with its click and write times.
        Then from each to the teacher page's row showing it."""
        from ..i18n import t
        from ..widgets.classes.class_table import where_text

        key = pupil_prefix(code) + pupil_id("Zoë")
        rng = random.Random(7)
        steps: list[tuple[float, float, str]] = []  # click, write, the place in words
        forward = True
        errors: list[str] = []
        while time.time() < until - 6:
            button = self.pupil.locator(
                f'[data-testid="{"tutorial-next" if forward else "tutorial-back"}"]')
            if not (button.is_visible() and button.is_enabled()):
                time.sleep(0.5)
                continue
            before = place(classes.store.get(key))
            clicked = time.time()
            button.click()
            forward = not forward
            record = None
            while time.time() < clicked + 10:  # the page's kernel writes its new place
                record = classes.store.get(key)
                if place(record) not in (None, before):
                    break
                time.sleep(0.02)
            if record is None or place(record) == before:
                errors.append("the pupil's page wrote no new place within 10 s of a click")
                continue
            row = public_row(key, parse(record, PUPIL_FORMAT), time.time())
            steps.append((clicked, float(row["seen"]),
                          where_text(row, lambda k, **p: t(k, "en", **p))))
            time.sleep(rng.uniform(3.0, 5.0))

        # The teacher's page has until 10 s after the run to show the last steps (each
        # one's time is the page's own, when it showed it, not when this looks).
        rows = "() => window.__rows"
        pupil = key.rsplit(":", 1)[1]
        shown = self.teacher.evaluate(rows)[pupil]
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(
                _shown_at(shown, text, clicked) is None for clicked, _, text in steps):
            time.sleep(0.25)
            shown = self.teacher.evaluate(rows)[pupil]
        clicks, writes = [], []
        for clicked, wrote, text in steps:
            at = _shown_at(shown, text, clicked)
            if at is None:
                errors.append(f"the teacher's page never showed {text!r}")
                continue
            clicks.append(at - clicked)
            writes.append(max(0.0, at - wrote))
        return {"page_steps": len(steps), "page_errors": errors[:5],
                **_ms(clicks, "page_click_ms"), **_ms(writes, "page_write_ms")}

    def close(self) -> None:
        self.stack.close()


def _shown_at(shown: list[tuple[float, str]], text: str, clicked: float) -> float | None:
    """When (s) the teacher's page first showed ``text`` after ``clicked``, if it did."""
    return next((ms / 1000 for ms, said in shown if said == text and ms / 1000 >= clicked), None)


# -- one store -------------------------------------------------------------------------------------

def _spawn(args: list[str], env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "skipbo_widgets.bench.class_view", *args],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                            env=env)


def _run_store(url: str, duration: float, seed: int, page: bool) -> dict[str, Any]:
    from .classroom import _cpu_seconds

    env = {**os.environ, "SKIPBO_WIDGETS_STORE": url}
    teacher = _spawn(["--teacher", str(duration)], env)
    assert teacher.stdin is not None and teacher.stdout is not None
    opened = json.loads(teacher.stdout.readline())
    code = opened["code"]
    pages = Pages.open(url) if page else None
    try:
        clients = PUPILS - (1 if pages is not None else 0)
        procs = [_spawn(["--pupil", url, code, f"Pupil {k + 1}", str(seed + k)])
                 for k in range(clients)]
        for proc in procs:
            assert proc.stdout is not None
            proc.stdout.readline()
        if pages is not None:
            pages.open_pages(code, opened["secret"])
        load = os.getloadavg()
        until = time.time() + duration
        kernel_cpu = _cpu_seconds([pages.teacher_kernel]) if pages is not None else 0.0
        started = time.monotonic()
        for proc in [teacher, *procs]:
            assert proc.stdin is not None
            proc.stdin.write(f"{until}\n")
            proc.stdin.flush()
        result: dict[str, Any] = {}
        if pages is not None:
            result.update(pages.step(until, Classes(open_store(url)), code))
            result["page_kernel_cpu_ms_per_s"] = round(
                (_cpu_seconds([pages.teacher_kernel]) - kernel_cpu) * 1000
                / (time.monotonic() - started), 1)
        reports = []
        for proc in procs:
            out, _ = proc.communicate(timeout=duration + 600)
            reports.append(json.loads(out) if proc.returncode == 0 else None)
        out, _ = teacher.communicate(timeout=duration + 600)
        seen: dict[str, Any] = json.loads(out) if teacher.returncode == 0 else {
            "draws": [], "errors": ["the teacher's kernel failed"], "cpu_ms_per_s": 0.0}
        size = _store_bytes(url, code)
    finally:
        if pages is not None:
            pages.close()
    done = [r for r in reports if r is not None]
    latencies, unseen = _view_latencies(done, seen["draws"])
    store = Classes(open_store(url)).store
    records = [store.get(k) for k in store.keys(pupil_prefix(code))]
    lengths = [len(r.value) for r in records if r is not None]
    errors = (len(reports) - len(done) + sum(len(r["errors"]) for r in done)
              + len(seen["errors"]) + len(result.get("page_errors", [])))
    return {"pupils": len(lengths), "writes": sum(len(r["writes"]) for r in done),
            "errors": errors, **_ms(latencies, "view_ms"), "unseen": unseen,
            "view_cpu_ms_per_s": round(seen["cpu_ms_per_s"], 1), "draws": len(seen["draws"]),
            **result, "store_bytes_per_pupil": round(size / max(1, len(lengths))),
            "record_bytes": round(sum(lengths) / max(1, len(lengths))),
            "duration_s": duration, "load_average": [round(x, 2) for x in load],
            "errors_seen": sorted({e for r in done for e in r["errors"]}
                                  | set(seen["errors"]))[:5]}


def run(settings: Settings) -> dict[str, Any]:
    """``--games N``: the run's length in seconds (300; quick: 40)."""
    duration = float(settings.games_or(int(DURATION), int(QUICK)))
    page = not settings.quick
    result: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="class-bench-") as folder:
        url = f"sqlite:///{Path(folder) / 'rooms.sqlite3'}"
        result.update({f"sqlite_{k}": v for k, v in
                       _run_store(url, duration, settings.seed, page).items()})
        if redis_server_available():
            with RedisServer(Path(folder) / "redis") as server:
                result.update({f"redis_{k}": v for k, v in
                               _run_store(server.url, duration, settings.seed, page).items()})
        else:
            result["redis_skipped"] = "no redis-server"
    return result


if __name__ == "__main__":
    if sys.argv[1] == "--teacher":
        print(json.dumps(teacher_kernel(float(sys.argv[2]))))
    else:
        print(json.dumps(pupil_client(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]))))
