"""A shared store for rooms: small text records, each with a version, behind one interface.

Every kernel of a Voilà server (or of several servers) opens its own :class:`Store`
on the same SQLite file or Redis server. A record is a text value, a version that
starts at 1 and grows by one with every write, and a time after which it is gone.
Writes are compare-and-set on the version, so two kernels writing at once give
exactly one change; the loser learns it from a ``None`` and reads again.

>>> import tempfile, pathlib
>>> store = open_store("sqlite:///" + str(pathlib.Path(tempfile.mkdtemp()) / "r.sqlite3"))
>>> store.create("room:ABC", "first", ttl=60)
1
>>> store.create("room:ABC", "again", ttl=60) is None         # it exists: nothing changes
True
>>> store.put("room:ABC", "second", version=1, ttl=60)
2
>>> store.put("room:ABC", "late", version=1, ttl=60) is None  # someone else wrote version 2
True
>>> store.get("room:ABC")
Record(value='second', version=2)
>>> store.close()

Both back ends (:mod:`.sqlite_store`, :mod:`.redis_store`) pass the same tests
(``tests/rooms/test_store.py``), each against a real server.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import NamedTuple, Protocol

#: The environment variable that chooses the store: ``redis://…``, ``rediss://…``,
#: ``unix://…`` (Redis), ``sqlite:///path`` (an SQLite file); unset: the default file.
STORE_VARIABLE = "SKIPBO_WIDGETS_STORE"
#: The environment variable naming the data folder of the default SQLite file.
DATA_VARIABLE = "SKIPBO_WIDGETS_DATA"
DEFAULT_FILE = "rooms.sqlite3"
#: Keys are ours, never a visitor's text: letters, digits and ``:_.-`` (no glob characters).
KEY_PATTERN = re.compile(r"[A-Za-z0-9:_.\-]{1,200}")


class Record(NamedTuple):
    """A stored value and its version (1 when created, one more for each write)."""

    value: str
    version: int


class StoreUnavailable(Exception):
    """The store cannot be reached or is busy (Redis stopped, the SQLite file locked).

    Nothing was written, or the write is safe to retry: a write is a compare-and-set
    on a version, so a retried write that had already been applied is refused as stale.
    """


class Store(Protocol):
    """What the rooms need from a store; ``ttl`` and ``timeout`` are seconds."""

    def get(self, key: str) -> Record | None:
        """The record, or ``None`` if there is none (or it expired)."""
        ...

    def create(self, key: str, value: str, ttl: float) -> int | None:
        """Store ``value`` if ``key`` has no record; its version, or ``None`` if one exists."""
        ...

    def put(self, key: str, value: str, version: int, ttl: float) -> int | None:
        """Compare-and-set: replace the record if it is at ``version``; the new version,
        or ``None`` (and nothing changed) if it is at another version or gone."""
        ...

    def delete(self, key: str) -> bool:
        """Remove the record; ``False`` if there was none."""
        ...

    def touch(self, key: str, ttl: float) -> bool:
        """Keep the record ``ttl`` seconds from now, without a new version."""
        ...

    def wait(self, key: str, version: int, timeout: float) -> bool:
        """Block until the record is no longer at ``version`` (a write, a deletion):
        ``True``; or ``False`` after ``timeout`` seconds without a change."""
        ...

    def keys(self, prefix: str) -> list[str]:
        """The keys of live records that begin with ``prefix``, sorted (for sweeping)."""
        ...

    def close(self) -> None: ...


def check_key(key: str) -> str:
    """``key`` if it is a valid key, else ``ValueError`` (a bug of the caller)."""
    if not isinstance(key, str) or not KEY_PATTERN.fullmatch(key):
        raise ValueError(f"not a store key: {key!r:.60}")
    return key


def check_prefix(prefix: str) -> str:
    """``prefix`` if it may begin a key (or is empty), else ``ValueError``."""
    if prefix and not KEY_PATTERN.fullmatch(prefix):
        raise ValueError(f"not a key prefix: {prefix!r:.60}")
    return prefix


def check_ttl(ttl: float) -> float:
    if not (isinstance(ttl, (int, float)) and 0 < ttl <= 365 * 86400):
        raise ValueError(f"not a time to live: {ttl!r}")
    return float(ttl)


def data_folder() -> Path:
    """Where the default SQLite file lives: ``$SKIPBO_WIDGETS_DATA``, else
    ``$XDG_DATA_HOME/skipbo-widgets``, else ``~/.local/share/skipbo-widgets``."""
    if os.environ.get(DATA_VARIABLE):
        return Path(os.environ[DATA_VARIABLE])
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "skipbo-widgets"


def open_store(url: str | None = None) -> Store:
    """The store ``url`` names, else ``$SKIPBO_WIDGETS_STORE``, else the default file
    ``data_folder() / "rooms.sqlite3"`` (the folder is made if missing)."""
    if url is None:
        url = os.environ.get(STORE_VARIABLE, "")
    if url.startswith(("redis://", "rediss://", "unix://")):
        from .redis_store import RedisStore

        return RedisStore(url)
    from .sqlite_store import SQLiteStore

    if url.startswith("sqlite:///"):
        return SQLiteStore(Path(url[len("sqlite:///"):]))
    if url:
        raise ValueError(f"{STORE_VARIABLE} must start with redis://, rediss://, unix:// "
                         f"or sqlite:///, not {url[:20]!r}")
    folder = data_folder()
    folder.mkdir(parents=True, exist_ok=True)
    return SQLiteStore(folder / DEFAULT_FILE)
