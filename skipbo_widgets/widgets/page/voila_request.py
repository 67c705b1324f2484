"""The query of the page a Voilà kernel serves (``?lang=fr&deal=7``), pre-heated or not.

Voilà starts a kernel for each visitor with the request in its environment
(``QUERY_STRING``). A pre-heated kernel (``voila --preheat_kernel=True``, see
docs/deploy.md) runs the notebook before anyone comes; once a visitor takes it,
Voilà hands it the request over a websocket of the server
(``/voila/query/<kernel id>``). Voilà's own helper waits for that inside the cell,
which would stop the pre-rendering there and leave the kernel busy until the
executor's cell timeout cuts it off; here the wait runs on the kernel's event
loop, so the whole app is rendered beforehand and the query applied when it comes.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Callable

#: Tasks waiting for a visitor (the event loop keeps only weak references to them).
_WAITING: set[asyncio.Task[None]] = set()
_CONNECT_TRIES = 8
#: The longest request variable taken (a page address and query fit many times over).
MAX_VALUE = 65536


def on_query(apply: Callable[[str], None]) -> None:
    """Call ``apply(query)`` with the page's query string: at once (Voilà's
    ``QUERY_STRING``; ``""`` in JupyterLab), or, in a pre-heated Voilà kernel, on the
    kernel's event loop once a visitor's request has come. The notebook never waits."""
    if os.environ.get("VOILA_PREHEAT") != "True" or not os.environ.get("VOILA_KERNEL_ID"):
        apply(os.environ.get("QUERY_STRING", ""))
        return
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # no kernel loop (a plain script): nothing can arrive later
        apply(os.environ.get("QUERY_STRING", ""))
        return
    task = loop.create_task(_wait_for_visitor(_request_url(), apply))
    _WAITING.add(task)
    task.add_done_callback(_WAITING.discard)


def _request_url() -> str:
    """Where the server hands out this kernel's request (the variables Voilà documents)."""
    env = os.environ
    protocol = env.get("VOILA_WS_PROTOCOL", "ws")
    host = env.get("VOILA_APP_IP", "127.0.0.1")
    port = env.get("VOILA_APP_PORT", "8866")
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    return f"{protocol}://{host}:{port}{base}voila/query/{env['VOILA_KERNEL_ID']}"


async def _wait_for_visitor(url: str, apply: Callable[[str], None]) -> None:
    info = await _request_info(url)
    if info is not None:
        os.environ.update(info)  # as Voilà's helper does: QUERY_STRING now tells the truth
        apply(info.get("QUERY_STRING", ""))


async def _request_info(url: str) -> dict[str, str] | None:
    """The request's variables, or None if the server cannot be reached or sends nonsense.
    A server busy starting a class's kernels may answer late: try again a few times."""
    from tornado.httpclient import HTTPClientError
    from tornado.websocket import websocket_connect

    for attempt in range(_CONNECT_TRIES):
        try:
            connection = await websocket_connect(url, connect_timeout=20)
        except (OSError, HTTPClientError, asyncio.TimeoutError):
            await asyncio.sleep(min(2.0**attempt, 20.0))
            continue
        message = await connection.read_message()  # as long as the kernel stays unused
        connection.close()
        return parse_request_info(message)
    return None


def parse_request_info(message: object) -> dict[str, str] | None:
    """The request's variables in the server's message, or None for nonsense; only those
    that can be environment variables (``os.environ.update`` raises on a lone surrogate,
    a NUL or a name with ``=``), each at most :data:`MAX_VALUE` characters."""
    try:
        info = json.loads(message) if isinstance(message, str) else None
    except ValueError:
        return None
    if not isinstance(info, dict):
        return None
    return {k: v for k, v in info.items() if _can_be_environ(k, v)}


def _can_be_environ(name: object, value: object) -> bool:
    if not (isinstance(name, str) and isinstance(value, str)):
        return False
    if not name or "=" in name or len(value) > MAX_VALUE or "\0" in name + value:
        return False
    try:
        (name + value).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
