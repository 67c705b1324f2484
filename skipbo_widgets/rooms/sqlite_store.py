"""The store in one SQLite file (standard library ``sqlite3``, WAL mode): the default.

Every kernel on the machine opens the same file; WAL lets many read while one
writes. One table::

    CREATE TABLE records (key TEXT PRIMARY KEY, value TEXT NOT NULL,
                          version INTEGER NOT NULL, expires REAL NOT NULL)

``expires`` is a Unix time: a record past it is treated as absent at once and
deleted by the next write that meets it (or :meth:`SQLiteStore.sweep`). A
compare-and-set is one ``UPDATE … WHERE version = ?``, which SQLite runs alone.
Waiting for a change polls the version (every 50 ms by default).
"""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

from .store import Record, StoreUnavailable, check_key, check_prefix, check_ttl

SCHEMA = """CREATE TABLE IF NOT EXISTS records (
    key TEXT PRIMARY KEY, value TEXT NOT NULL,
    version INTEGER NOT NULL, expires REAL NOT NULL)"""
#: How long a writer waits for another's lock before the store counts as unavailable.
BUSY_TIMEOUT = 5.0
POLL = 0.05


class SQLiteStore:
    """A :class:`~skipbo_widgets.rooms.store.Store` in the SQLite file ``path``."""

    def __init__(self, path: Path | str, *, poll: float = POLL,
                 busy_timeout: float = BUSY_TIMEOUT) -> None:
        self.path = Path(path)
        self.poll = poll
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(str(self.path), timeout=busy_timeout,
                                       isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute(SCHEMA)
        except sqlite3.Error as err:
            raise StoreUnavailable(f"sqlite: {err}") from err

    def _run(self, sql: str, args: tuple[object, ...] = ()) -> sqlite3.Cursor:
        try:
            with self._lock:
                return self._db.execute(sql, args)
        except sqlite3.OperationalError as err:  # locked, busy, disk I/O, file gone
            raise StoreUnavailable(f"sqlite: {err}") from err

    def get(self, key: str) -> Record | None:
        row = self._run("SELECT value, version FROM records WHERE key = ? AND expires > ?",
                        (check_key(key), time.time())).fetchone()
        return None if row is None else Record(row[0], row[1])

    def create(self, key: str, value: str, ttl: float) -> int | None:
        now = time.time()
        # An expired record counts as absent; its version goes on, so a page holding
        # the old version can never write over the new record.
        row = self._run(
            "INSERT INTO records (key, value, version, expires) VALUES (?, ?, 1, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value, "
            "version = records.version + 1, expires = excluded.expires "
            "WHERE records.expires <= ? RETURNING version",
            (check_key(key), value, now + check_ttl(ttl), now)).fetchone()
        return None if row is None else int(row[0])

    def put(self, key: str, value: str, version: int, ttl: float) -> int | None:
        now = time.time()
        row = self._run(
            "UPDATE records SET value = ?, version = version + 1, expires = ? "
            "WHERE key = ? AND version = ? AND expires > ? RETURNING version",
            (value, now + check_ttl(ttl), check_key(key), version, now)).fetchone()
        return None if row is None else int(row[0])

    def delete(self, key: str) -> bool:
        # Kept as expired (until a sweep) so that a record made again goes on from its version.
        now = time.time()
        cur = self._run("UPDATE records SET expires = ? WHERE key = ? AND expires > ?",
                        (now, check_key(key), now))
        return cur.rowcount == 1

    def touch(self, key: str, ttl: float) -> bool:
        now = time.time()
        cur = self._run("UPDATE records SET expires = ? WHERE key = ? AND expires > ?",
                        (now + check_ttl(ttl), check_key(key), now))
        return cur.rowcount == 1

    def wait(self, key: str, version: int, timeout: float) -> bool:
        end = time.monotonic() + timeout
        while True:
            record = self.get(key)
            if record is None or record.version != version:
                return True
            left = end - time.monotonic()
            if left <= 0:
                return False
            time.sleep(min(self.poll, left))

    def keys(self, prefix: str) -> list[str]:
        # "_" is a LIKE wildcard: compare the prefix itself.
        check_prefix(prefix)
        rows = self._run("SELECT key FROM records WHERE substr(key, 1, ?) = ? AND expires > ? "
                         "ORDER BY key", (len(prefix), prefix, time.time())).fetchall()
        return [row[0] for row in rows]

    def sweep(self) -> int:
        """Delete every expired record; how many there were."""
        return self._run("DELETE FROM records WHERE expires <= ?", (time.time(),)).rowcount

    def close(self) -> None:
        with self._lock:
            self._db.close()
