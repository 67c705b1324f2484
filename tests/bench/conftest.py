"""What the sections run on both stores share in their tests."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest

from skipbo_widgets.rooms.redis_server import redis_server_available

ByStore = Callable[[dict[str, Any]], dict[str, dict[str, Any]]]


@pytest.fixture
def by_store() -> ByStore:
    """A section's result split by store (its keys without the ``sqlite_``/``redis_``
    prefix); the Redis half must be there wherever ``redis-server`` is (and on CI)."""

    def split(result: dict[str, Any]) -> dict[str, dict[str, Any]]:
        stores = ["sqlite", "redis"]
        if not redis_server_available():
            if os.environ.get("CI"):
                pytest.fail("redis-server is missing: .ci/run should have installed it")
            assert result["redis_skipped"]
            stores = ["sqlite"]
        return {store: {k[len(store) + 1:]: v for k, v in result.items()
                        if k.startswith(store + "_")} for store in stores}

    return split
