"""Both store back ends, each against a real server: an SQLite file, and a
``redis-server`` started here on a Unix socket in a temporary folder.

Without ``redis-server`` the Redis cases are skipped on a developer's machine and
fail in CI (``CI`` set), where ``.ci/run`` installs it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from skipbo_widgets.rooms.redis_server import RedisServer, redis_server_available
from skipbo_widgets.rooms.store import Store, open_store

BACKENDS = ["sqlite", "redis"]


def need_redis_server() -> None:
    if not redis_server_available():
        if os.environ.get("CI"):
            pytest.fail("redis-server is missing: .ci/run should have installed it")
        pytest.skip("no redis-server (apt-get install redis-server)")


@pytest.fixture()
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    """A redis-server of this test's own (short folder: a socket path has ~100 bytes)."""
    need_redis_server()
    server = RedisServer(tmp_path_factory.mktemp("redis"))
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=BACKENDS)
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The address of a fresh, empty store of each kind (``open_store`` takes it)."""
    if request.param == "redis":
        server: RedisServer = request.getfixturevalue("redis_server")
        return server.url
    return f"sqlite:///{tmp_path / 'rooms.sqlite3'}"


@pytest.fixture()
def connect(store_url: str) -> Iterator[Callable[[], Store]]:
    """Opens another connection to the same store, as another kernel would."""
    opened: list[Store] = []

    def _open() -> Store:
        opened.append(open_store(store_url))
        return opened[-1]

    yield _open
    for store in opened:
        store.close()


@pytest.fixture()
def store(connect: Callable[[], Store]) -> Store:
    return connect()
