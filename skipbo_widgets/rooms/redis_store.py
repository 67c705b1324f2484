"""The store on a Redis server (PyPI ``redis``), for kernels on several machines.

Chosen by ``SKIPBO_WIDGETS_STORE=redis://host:6379/0`` (or ``rediss://``, or
``unix:///path/redis.sock``). Each record is a hash ``skipbo-widgets:<key>`` with
the fields ``v`` (the value) and ``n`` (the version), and Redis's own expiry
(``PEXPIRE``). Every write is a Lua script, so the version check and the write
are one step on the server; each change is published on the channel
``skipbo-widgets-changed:<key>``, which :meth:`RedisStore.wait` subscribes to.
Turn on Redis's append-only file (``appendonly yes``) so a restart keeps the rooms.
"""

from __future__ import annotations

import contextlib
import threading
import time
from typing import Any

from .store import Record, StoreUnavailable, check_key, check_prefix, check_ttl

NAMESPACE = "skipbo-widgets:"
CHANNEL = "skipbo-widgets-changed:"
#: The last version given to a key, kept as long as the record: a record made again
#: after a deletion goes on from it.
COUNTER = "skipbo-widgets-version:"

# KEYS[1] the record, ARGV: value, ttl in ms, channel. A new record's version goes on
# from an old one's (KEYS[2], the COUNTER key) so a stale page never matches.
_CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local n = redis.call('INCR', KEYS[2])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
redis.call('HSET', KEYS[1], 'v', ARGV[1], 'n', n)
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('PUBLISH', ARGV[3], n)
return n
"""
# ARGV: value, expected version, ttl in ms, channel.
_PUT = """
local n = redis.call('HGET', KEYS[1], 'n')
if not n or n ~= ARGV[2] then return 0 end
n = redis.call('INCR', KEYS[2])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('HSET', KEYS[1], 'v', ARGV[1], 'n', n)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PUBLISH', ARGV[4], n)
return n
"""
_DELETE = """
local gone = redis.call('DEL', KEYS[1])
if gone == 1 then redis.call('PUBLISH', ARGV[1], 0) end
return gone
"""


class RedisStore:
    """A :class:`~skipbo_widgets.rooms.store.Store` on the Redis server at ``url``."""

    def __init__(self, url: str, *, timeout: float = 5.0) -> None:
        import redis  # only when Redis is chosen: the SQLite store needs no library

        self._errors: tuple[type[Exception], ...] = (redis.ConnectionError, redis.TimeoutError)
        self._redis: Any = redis.Redis.from_url(
            url, decode_responses=True, socket_timeout=timeout,
            socket_connect_timeout=timeout, retry_on_timeout=False)
        self._create = self._redis.register_script(_CREATE)
        self._put = self._redis.register_script(_PUT)
        self._delete = self._redis.register_script(_DELETE)
        self._local = threading.local()
        self._subscribers: list[Any] = []

    def _call(self, what: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return what(*args, **kwargs)
        except self._errors as err:
            raise StoreUnavailable(f"redis: {err}") from err

    @staticmethod
    def _names(key: str) -> list[str]:
        check_key(key)
        return [NAMESPACE + key, COUNTER + key]

    def get(self, key: str) -> Record | None:
        found = self._call(self._redis.hmget, self._names(key)[0], "v", "n")
        value, version = found
        return None if value is None or version is None else Record(value, int(version))

    def create(self, key: str, value: str, ttl: float) -> int | None:
        ms = int(check_ttl(ttl) * 1000)
        n = self._call(self._create, keys=self._names(key), args=[value, ms, CHANNEL + key])
        return int(n) or None

    def put(self, key: str, value: str, version: int, ttl: float) -> int | None:
        ms = int(check_ttl(ttl) * 1000)
        n = self._call(self._put, keys=self._names(key),
                       args=[value, str(int(version)), ms, CHANNEL + key])
        return int(n) or None

    def delete(self, key: str) -> bool:
        return bool(self._call(self._delete, keys=self._names(key)[:1], args=[CHANNEL + key]))

    def touch(self, key: str, ttl: float) -> bool:
        ms = int(check_ttl(ttl) * 1000)
        record, last = self._names(key)
        done = bool(self._call(self._redis.pexpire, record, ms))
        if done:
            self._call(self._redis.pexpire, last, ms)
        return done

    def wait(self, key: str, version: int, timeout: float) -> bool:
        end = time.monotonic() + timeout
        channel = CHANNEL + check_key(key)
        pubsub = self._pubsub()
        try:
            self._call(pubsub.subscribe, channel)
            try:
                # Subscribed (the server has confirmed it), then read: a change in
                # between is seen either way. Without the confirmation the read, on
                # another connection, may be served first and a publish fall between.
                while not self._confirmed(pubsub, channel, end):
                    if time.monotonic() >= end:
                        return False
                record = self.get(key)
                if record is None or record.version != version:
                    return True
                while (left := end - time.monotonic()) > 0:
                    message = self._call(pubsub.get_message, timeout=left)
                    if (message is not None and message["type"] == "message"
                            and message["channel"] == channel):
                        record = self.get(key)
                        if record is None or record.version != version:
                            return True
                return False
            finally:
                try:
                    pubsub.unsubscribe(channel)
                except self._errors:
                    self._local.pubsub = None
        except StoreUnavailable:
            self._local.pubsub = None  # its connection is broken: a new one next time
            with contextlib.suppress(*self._errors):
                pubsub.close()
            raise

    def _confirmed(self, pubsub: Any, channel: str, end: float) -> bool:
        """Whether the next message is the server's confirmation of ``channel``'s
        subscription (other messages are left over from earlier waits)."""
        message = self._call(pubsub.get_message, timeout=max(0.0, end - time.monotonic()))
        return (message is not None and message["type"] == "subscribe"
                and message["channel"] == channel)

    def _pubsub(self) -> Any:
        """This thread's subscriber connection, kept between waits (a new connection
        for every wait costs more than the wait on a busy machine)."""
        pubsub = getattr(self._local, "pubsub", None)
        if pubsub is None:
            pubsub = self._local.pubsub = self._redis.pubsub()
            self._subscribers.append(pubsub)
        return pubsub

    def keys(self, prefix: str) -> list[str]:
        pattern = NAMESPACE + check_prefix(prefix) + "*"
        found = self._call(lambda: list(self._redis.scan_iter(match=pattern, count=500)))
        return sorted(k[len(NAMESPACE):] for k in found)

    def close(self) -> None:
        for pubsub in self._subscribers:
            with contextlib.suppress(*self._errors):
                pubsub.close()
        self._redis.close()
