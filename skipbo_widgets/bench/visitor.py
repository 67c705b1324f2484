"""A pupil's first visit without a browser: what a Voilà page asks of the server.

The page's HTML (over HTTP), then the kernel's websocket, speaking the Jupyter
messaging protocol as ipywidgets' page does: ask the kernel for every widget's
state (``request_states`` on the ``jupyter.widget.control`` comm), follow later
changes (``comm_open``, ``update``), and stop once the app's widget tree shows the
home screen's "Play" button in the language the address asked for. No JavaScript
runs and no static file is fetched, so thirty of these fit on two cores beside
the server they measure.
"""

from __future__ import annotations

import asyncio
import json
import re
import struct
import time
import uuid
from dataclasses import dataclass
from typing import Any

#: The app's output in Voilà's page: ``"…widget-view+json": {"model_id": "…", …}``.
WIDGET_VIEW = re.compile(r'widget-view\+json":\s*\{"model_id":\s*"([0-9a-f]+)"')
KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]+)"')
PLAY_MARK = "sb-testid-play"
CONTROL_VERSION = "1.0.0"  # ipywidgets 8's widget control protocol


@dataclass(frozen=True)
class Visit:
    """One visitor: ``shown`` once the home screen was complete, after ``seconds``;
    ``blank`` if the page came without it; ``error`` if the server failed the visitor."""

    shown: bool
    seconds: float
    blank: bool = False
    error: str = ""
    kernel_id: str = ""


def _message(msg_type: str, content: dict[str, Any], session: str,
             metadata: dict[str, Any] | None = None) -> str:
    header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": session,
              "username": "pupil", "version": "5.3", "date": ""}
    return json.dumps({"header": header, "parent_header": {}, "metadata": metadata or {},
                       "content": content, "buffers": [], "channel": "shell"})


def _decode(frame: str | bytes) -> dict[str, Any]:
    """A message of the server's websocket: JSON text, or (with binary buffers) the
    legacy binary form whose first part is the JSON."""
    if isinstance(frame, str):
        return dict(json.loads(frame))
    count = struct.unpack("!I", frame[:4])[0]
    offsets = struct.unpack(f"!{count}I", frame[4:4 + 4 * count])
    end = offsets[1] if count > 1 else len(frame)
    return dict(json.loads(frame[offsets[0]:end].decode()))


def home_shown(states: dict[str, dict[str, Any]], root: str, play: str) -> bool:
    """Whether the widgets reachable from ``root`` include the "Play" button, saying ``play``."""
    todo, seen = [root], set()
    while todo:
        model_id = todo.pop()
        if model_id in seen or model_id not in states:
            continue
        seen.add(model_id)
        state = states[model_id]
        if PLAY_MARK in state.get("_dom_classes", ()) and state.get("description") == play:
            return True
        for child in state.get("children", ()):
            if isinstance(child, str) and child.startswith("IPY_MODEL_"):
                todo.append(child[len("IPY_MODEL_"):])
    return False


def _follow(states: dict[str, dict[str, Any]], message: dict[str, Any]) -> None:
    """Keep the widgets' states as the kernel changes them."""
    content = message.get("content", {})
    data = content.get("data", {})
    if message.get("msg_type", message.get("header", {}).get("msg_type")) == "comm_open":
        states[content.get("comm_id", "")] = dict(data.get("state", {}))
    elif data.get("method") == "update_states":
        for model_id, model in data.get("states", {}).items():
            states[model_id] = dict(model.get("state", {}))
    elif data.get("method") == "update":
        states.setdefault(content.get("comm_id", ""), {}).update(data.get("state", {}))


async def visit(base: str, query: str, play: str, limit: float) -> Visit:
    """One first visit of ``base`` (the server's URL) with ``query``; ``play`` is the
    "Play" button's text in the language asked for."""
    from tornado.httpclient import AsyncHTTPClient, HTTPRequest
    from tornado.websocket import websocket_connect

    started = time.monotonic()

    def left() -> float:
        return max(0.1, limit - (time.monotonic() - started))

    client = AsyncHTTPClient(force_instance=True)
    try:
        answer = await client.fetch(HTTPRequest(f"{base}?{query}", request_timeout=left()))
    except Exception as err:  # refused, timed out, or an HTTP error status
        return Visit(False, time.monotonic() - started, error=f"page: {err!r}")
    finally:
        client.close()
    page = answer.body.decode(errors="replace")
    view, kernel = WIDGET_VIEW.search(page), KERNEL_ID.search(page)
    if view is None or kernel is None:
        return Visit(False, time.monotonic() - started, blank=True)
    root, kernel_id = view.group(1), kernel.group(1)
    session = uuid.uuid4().hex
    channels = f"api/kernels/{kernel_id}/channels?session_id={session}"
    ws_url = base.replace("http", "ws", 1) + channels
    try:
        connection = await asyncio.wait_for(websocket_connect(ws_url), left())
    except Exception as err:
        return Visit(False, time.monotonic() - started, error=f"kernel: {err!r}",
                     kernel_id=kernel_id)
    try:
        control = uuid.uuid4().hex
        await connection.write_message(_message("comm_open", {
            "comm_id": control, "target_name": "jupyter.widget.control", "data": {}}, session,
            {"version": CONTROL_VERSION}))
        await connection.write_message(_message("comm_msg", {
            "comm_id": control, "data": {"method": "request_states"}}, session))
        states: dict[str, dict[str, Any]] = {}
        while not home_shown(states, root, play):
            frame = await asyncio.wait_for(connection.read_message(), left())
            if frame is None:
                return Visit(False, time.monotonic() - started, error="kernel closed",
                             kernel_id=kernel_id)
            _follow(states, _decode(frame))
    except asyncio.TimeoutError:
        return Visit(False, time.monotonic() - started, blank=True, kernel_id=kernel_id)
    finally:
        connection.close()
    return Visit(True, time.monotonic() - started, kernel_id=kernel_id)
