"""Open a file from the learner's computer, with its size checked in the page first.

ipywidgets' ``FileUpload`` sends the whole file over the kernel's websocket;
the Jupyter server (Tornado) closes that connection for a message over
``websocket_max_message_size``, 10 MiB by default, and then nothing answers
at all (jupyter-widgets/ipywidgets#2522, jupyter/notebook#3468). This picker
reads the file's size in the page and sends only files up to ``max_size``;
for a bigger one it sends only the size, so every file gets an answer.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import traitlets

from .page import PageWidget

#: ``handler(name, content)`` for a file that was sent; ``handler(name, size)`` for
#: one too big to send (``size`` in bytes, as the browser measured it).
Handler = Callable[[str, "bytes | int"], None]
MAX_NAME = 255


HERE = Path(__file__).parent

class FilePicker(PageWidget):
    """A button that opens one file of at most ``max_size`` bytes."""

    _esm = HERE / "file_picker.js"

    label = traitlets.Unicode("").tag(sync=True)
    accept = traitlets.Unicode(".json").tag(sync=True)
    max_size = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._handlers: list[Handler] = []
        self.on_msg(self._receive)

    def on_file(self, handler: Handler) -> None:
        self._handlers.append(handler)

    def _receive(self, _widget: Any, content: Any, buffers: Any) -> None:
        found = parse_file_message(content, buffers, self.max_size)
        if found is not None:
            for handler in self._handlers:
                handler(*found)


def parse_file_message(content: Any, buffers: Any, max_size: int) -> tuple[str, bytes | int] | None:
    """``(name, content)`` or ``(name, size)`` from a message of the page; ``None`` for
    anything malformed (the page itself never sends that: nothing to tell the learner)."""
    if not isinstance(content, dict) or set(content) != {"type", "name", "size"}:
        return None
    name, size, kind = content["name"], content["size"], content["type"]
    if not isinstance(name, str) or len(name) > MAX_NAME or not isinstance(size, int) \
            or isinstance(size, bool) or size < 0:
        return None
    buffers = list(buffers or ())
    if kind == "too-big" and size > max_size and not buffers:
        return name, size
    if kind == "file" and len(buffers) == 1 and len(buffers[0]) == size <= max_size:
        return name, bytes(buffers[0])
    return None
