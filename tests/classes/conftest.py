"""The class model runs on both store back ends, each against a real server: the
rooms' own fixtures (``store_url``, ``connect``, ``store``, ``redis_server``), reused."""

import importlib.util
from pathlib import Path

_spec = importlib.util.spec_from_file_location(
    "rooms_store_fixtures", Path(__file__).parents[1] / "rooms" / "conftest.py")
assert _spec is not None and _spec.loader is not None
_rooms = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_rooms)

connect, redis_server, store, store_url = (
    _rooms.connect, _rooms.redis_server, _rooms.store, _rooms.store_url)
need_redis_server = _rooms.need_redis_server
