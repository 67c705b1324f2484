"""Browser storage: the game in progress survives a page reload or a kernel restart.

The widget is invisible. When it appears on the page it reports what the
browser had stored under ``key``; setting ``value`` stores a new text (an
empty text clears it). What comes back is untrusted and must be validated by
the caller like any save file.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from .table import STATIC


class BrowserStore(anywidget.AnyWidget):
    _esm = STATIC / "store.js"

    key = traitlets.Unicode("skipbo-widgets/session").tag(sync=True)
    value = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_stored: list[Callable[[str], None]] = []
        self.reported = False
        self.on_msg(self._receive)

    def on_stored(self, handler: Callable[[str], None]) -> None:
        """Call ``handler(text)`` with what the browser had stored (``""`` if nothing)."""
        self._on_stored.append(handler)

    def download(self, text: str, filename: str) -> None:
        """Offer ``text`` to the learner as a file download."""
        self.send({"type": "download", "text": text, "filename": filename})

    def _receive(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("type") != "stored":
            return
        text = content.get("value")
        text = text if isinstance(text, str) else ""  # the loader checks size and content
        self.reported = True
        for handler in self._on_stored:
            handler(text)


def is_utf8(text: str) -> bool:
    """True unless ``text`` holds a lone surrogate, which no page can be sent and no
    file of this app contains (the page's JSON can carry one as ``"\\ud800"``)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
