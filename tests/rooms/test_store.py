"""One suite for every store back end (SQLite, Redis), each against a real server."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from skipbo_widgets.rooms import store as store_module
from skipbo_widgets.rooms.redis_server import RedisServer, _running
from skipbo_widgets.rooms.sqlite_store import SQLiteStore
from skipbo_widgets.rooms.store import Record, Store, StoreUnavailable, open_store

Connect = Callable[[], Store]


def test_create_get_put_delete(store: Store) -> None:
    assert store.get("room:A") is None
    assert store.create("room:A", "one", ttl=60) == 1
    assert store.create("room:A", "other", ttl=60) is None
    assert store.get("room:A") == Record("one", 1)
    assert store.put("room:A", "two", version=1, ttl=60) == 2
    assert store.put("room:A", "stale", version=1, ttl=60) is None
    assert store.put("room:B", "absent", version=1, ttl=60) is None
    assert store.get("room:A") == Record("two", 2)
    assert store.get("room:B") is None
    assert store.delete("room:A") is True
    assert store.delete("room:A") is False
    assert store.get("room:A") is None
    assert store.put("room:A", "gone", version=2, ttl=60) is None


def test_a_record_made_again_goes_on_from_the_old_version(store: Store) -> None:
    store.create("room:A", "one", ttl=60)
    store.put("room:A", "two", version=1, ttl=60)
    store.delete("room:A")
    again = store.create("room:A", "new", ttl=60)
    assert again is not None and again > 2
    assert store.put("room:A", "from a stale page", version=2, ttl=60) is None


def test_values_keep_every_character(store: Store) -> None:
    text = '{"name": "Zoë ß ĳ — \\"quoted\\"", "nul": "\\u0000"}\n' + "x" * 100_000
    store.create("room:A", text, ttl=60)
    assert store.get("room:A") == Record(text, 1)


def test_keys_by_prefix(store: Store) -> None:
    for key in ("room:B", "room:A", "seen:A:0", "roomy"):
        store.create(key, "v", ttl=60)
    assert store.keys("room:") == ["room:A", "room:B"]
    assert store.keys("seen:A:") == ["seen:A:0"]
    assert store.keys("") == ["room:A", "room:B", "roomy", "seen:A:0"]
    assert store.keys("r_om") == []  # "_" is no wildcard


@pytest.mark.parametrize("key", ["", "room A", "room:*", "room:[A]", "x" * 201, "ä"])
def test_a_bad_key_is_a_bug_of_the_caller(store: Store, key: str) -> None:
    with pytest.raises(ValueError):
        store.get(key)
    with pytest.raises(ValueError):
        store.create(key, "v", ttl=60)


@pytest.mark.parametrize("ttl", [0, -1, float("nan"), 10**9])
def test_a_bad_time_to_live_is_refused(store: Store, ttl: float) -> None:
    with pytest.raises(ValueError):
        store.create("room:A", "v", ttl=ttl)
    assert store.get("room:A") is None


#: A time to live that ends within the test, yet long enough that the step right after
#: the write still sees the record on a machine at load 6 (0.3 s was a stall away from
#: failing).
SHORT_TTL = 1.0


def test_expiry(store: Store) -> None:
    store.create("room:A", "short", ttl=SHORT_TTL)
    store.create("room:B", "long", ttl=60)
    assert store.get("room:A") == Record("short", 1)
    time.sleep(SHORT_TTL + 0.3)
    assert store.get("room:A") is None
    assert store.keys("room:") == ["room:B"]
    assert store.put("room:A", "late", version=1, ttl=60) is None
    assert store.touch("room:A", 60) is False
    again = store.create("room:A", "new", ttl=60)
    assert again is not None
    assert store.get("room:A") == Record("new", again)


def test_touch_keeps_a_record_without_a_new_version(store: Store) -> None:
    store.create("room:A", "v", ttl=SHORT_TTL)
    assert store.touch("room:A", 60) is True
    time.sleep(SHORT_TTL + 0.3)
    assert store.get("room:A") == Record("v", 1)
    assert store.touch("room:missing", 60) is False


def test_a_put_sets_the_new_time_to_live(store: Store) -> None:
    store.create("room:A", "v", ttl=60)
    store.put("room:A", "w", version=1, ttl=0.3)
    time.sleep(0.6)
    assert store.get("room:A") is None


def test_two_threads_racing_give_exactly_one_change(connect: Connect) -> None:
    first, second = connect(), connect()
    first.create("room:A", "0", ttl=60)
    def write(store: Store, name: str, text: str, version: int, barrier: threading.Barrier,
              results: dict[str, int | None]) -> None:
        barrier.wait()
        results[name] = store.put("room:A", text + name, version=version, ttl=60)

    for round_ in range(20):
        version = first.get("room:A")
        assert version is not None
        barrier = threading.Barrier(2)
        results: dict[str, int | None] = {}
        threads = [threading.Thread(target=write, args=(s, n, f"{round_}:", version.version,
                                                        barrier, results))
                   for s, n in ((first, "a"), (second, "b"))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        winners = [n for n, r in results.items() if r is not None]
        assert len(winners) == 1, results
        after = second.get("room:A")
        assert after == Record(f"{round_}:{winners[0]}", version.version + 1)


_COUNTER = """
import sys, time
from skipbo_widgets.rooms.store import open_store
url, start, times = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
store = open_store(url)
while time.time() < start:
    time.sleep(0.001)
wins = losses = 0
while wins < times:
    record = store.get("counter")
    if store.put("counter", str(int(record.value) + 1), record.version, ttl=60):
        wins += 1
    else:
        losses += 1
print(wins, losses)
"""


def test_two_processes_racing_lose_no_write(store: Store, store_url: str) -> None:
    """Two processes add 1 to a counter 150 times each with compare-and-set: the
    counter ends at 300, one version per write (the SQLite file shared by both)."""
    store.create("counter", "0", ttl=60)
    start = time.time() + 1.5  # both started and connected before they race
    procs = [subprocess.Popen([sys.executable, "-c", _COUNTER, store_url, str(start), "150"],
                              stdout=subprocess.PIPE, text=True) for _ in range(2)]
    outputs = [p.communicate(timeout=120)[0].split() for p in procs]
    assert [p.returncode for p in procs] == [0, 0]
    assert store.get("counter") == Record("300", 301)
    assert all(int(wins) == 150 for wins, _ in outputs)


def test_wait_wakes_on_a_change(connect: Connect) -> None:
    watcher, writer = connect(), connect()
    writer.create("room:A", "v", ttl=60)
    written = threading.Event()

    def write_later() -> None:
        time.sleep(0.2)
        written.set()
        writer.put("room:A", "w", version=1, ttl=60)

    thread = threading.Thread(target=write_later)
    thread.start()
    assert watcher.wait("room:A", 1, timeout=30) is True
    assert written.is_set()
    thread.join()
    assert watcher.get("room:A") == Record("w", 2)


def test_wait_returns_at_once_when_already_changed_or_gone(store: Store) -> None:
    store.create("room:A", "v", ttl=60)
    store.put("room:A", "w", version=1, ttl=60)
    assert store.wait("room:A", 1, timeout=30) is True
    assert store.wait("room:missing", 1, timeout=30) is True


def test_wait_wakes_on_a_deletion(connect: Connect) -> None:
    watcher, writer = connect(), connect()
    writer.create("room:A", "v", ttl=60)
    timer = threading.Timer(0.2, writer.delete, args=("room:A",))
    timer.start()
    assert watcher.wait("room:A", 1, timeout=30) is True
    timer.join()


def test_wait_without_a_change_times_out(store: Store) -> None:
    store.create("room:A", "v", ttl=60)
    assert store.wait("room:A", 1, timeout=0.3) is False
    assert store.get("room:A") == Record("v", 1)


def test_redis_stopped_and_started_again(redis_server: RedisServer) -> None:
    """A stopped server is a typed error the caller can retry; after the restart the
    same store works again and the append-only file kept the data."""
    store = open_store(redis_server.url)
    store.create("room:A", "v", ttl=600)
    assert store.put("room:A", "w", version=1, ttl=600) == 2
    redis_server.stop()
    with pytest.raises(StoreUnavailable):
        store.get("room:A")
    with pytest.raises(StoreUnavailable):
        store.put("room:A", "x", version=2, ttl=600)
    with pytest.raises(StoreUnavailable):
        store.wait("room:A", 2, timeout=1)
    redis_server.start()
    assert store.get("room:A") == Record("w", 2)
    # The write refused while the server was down was not applied: a retry works once.
    assert store.put("room:A", "x", version=2, ttl=600) == 3
    assert store.put("room:A", "x", version=2, ttl=600) is None
    assert store.wait("room:A", 3, timeout=0.2) is False  # waiting works again too
    timer = threading.Timer(0.2, open_store(redis_server.url).put, args=("room:A", "y", 3, 600))
    timer.start()
    assert store.wait("room:A", 3, timeout=30) is True
    timer.join()
    store.close()


def test_a_stopped_server_has_ended(redis_server: RedisServer) -> None:
    """stop() returns once the process has ended, its socket removed, so the server can be
    started again at once without the old one removing the new one's socket."""
    assert _running(os.getpid())
    for _ in range(3):
        pid = int(redis_server.pidfile.read_text())
        redis_server.stop()
        assert not _running(pid) and not redis_server.socket.exists()
        redis_server.start()


class _GoneOnRead(type(Path())):  # type: ignore[misc]
    """A pid file that is there when looked at and gone when read, as when redis-server
    (already sent SIGTERM) removes it in between."""

    def exists(self, *args: object, **kwargs: object) -> bool:
        return True


def test_stopping_a_server_that_is_already_exiting(tmp_path: Path) -> None:
    server = RedisServer(tmp_path)
    server.pidfile = _GoneOnRead(tmp_path / "r.pid")
    server.stop()  # no error: there is nothing left to stop


def test_a_locked_sqlite_file_is_a_typed_error(tmp_path: Path) -> None:
    path = tmp_path / "rooms.sqlite3"
    store = SQLiteStore(path, busy_timeout=0.1)
    store.create("room:A", "v", ttl=60)
    other = SQLiteStore(path)
    other._db.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreUnavailable):
            store.put("room:A", "w", version=1, ttl=60)
    finally:
        other._db.execute("ROLLBACK")
    assert store.put("room:A", "w", version=1, ttl=60) == 2
    store.close()
    other.close()


def test_sqlite_sweep_deletes_expired_records(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "rooms.sqlite3")
    store.create("room:A", "v", ttl=0.1)
    store.create("room:B", "v", ttl=60)
    time.sleep(0.3)
    assert store.sweep() == 1
    rows = store._db.execute("SELECT key FROM records").fetchall()
    assert rows == [("room:B",)]
    store.close()


def test_sqlite_is_in_wal_mode(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "rooms.sqlite3")
    assert store._db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    store.close()


def test_open_store_chooses_from_the_environment(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(store_module.STORE_VARIABLE, raising=False)
    monkeypatch.setenv(store_module.DATA_VARIABLE, str(tmp_path / "data"))
    store = open_store()
    assert isinstance(store, SQLiteStore)
    assert store.path == tmp_path / "data" / "rooms.sqlite3"
    store.close()
    monkeypatch.setenv(store_module.STORE_VARIABLE, f"sqlite:///{tmp_path / 'other.db'}")
    store = open_store()
    assert isinstance(store, SQLiteStore) and store.path == tmp_path / "other.db"
    store.close()
    monkeypatch.setenv(store_module.STORE_VARIABLE, "mysql://somewhere")
    with pytest.raises(ValueError):
        open_store()


def test_the_default_data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(store_module.DATA_VARIABLE, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert store_module.data_folder() == tmp_path / "skipbo-widgets"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert store_module.data_folder() == tmp_path / "home" / ".local" / "share" / "skipbo-widgets"


def test_open_store_chooses_redis(redis_server: RedisServer,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from skipbo_widgets.rooms.redis_store import RedisStore

    monkeypatch.setenv(store_module.STORE_VARIABLE, redis_server.url)
    store = open_store()
    assert isinstance(store, RedisStore)
    store.close()
