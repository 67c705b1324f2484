"""Browser storage: the game in progress survives a page reload or a kernel restart.

The widget is invisible. When it appears on the page it reports what the
browser had stored under ``key``; setting ``value`` stores a new text (an
empty text clears it). What comes back is untrusted and must be validated by
the caller like any save file.

A write the browser refuses (its storage full, blocked or missing, as in some
private modes) is reported (``store-failed``), and so is the first write that
works again after that (``store-ok``): :meth:`BrowserStore.on_failed` hears both,
so the app can tell the learner that nothing is kept, and stop saying it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import traitlets

from .page import PageWidget

HERE = Path(__file__).parent

class BrowserStore(PageWidget):
    _esm = HERE / "store.js"

    key = traitlets.Unicode("skipbo-widgets/session").tag(sync=True)
    value = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_stored: list[Callable[[str], None]] = []
        self._on_elsewhere: list[Callable[[str], None]] = []
        self._on_failed: list[Callable[[bool], None]] = []
        self.reported = False
        #: The browser refused the last write (``store-failed``), until one works again.
        self.failing = False
        self.on_msg(self._receive)

    def on_stored(self, handler: Callable[[str], None]) -> None:
        """Call ``handler(text)`` with what the browser had stored (``""`` if nothing)."""
        self._on_stored.append(handler)

    def on_written_elsewhere(self, handler: Callable[[str], None]) -> None:
        """Call ``handler(text)`` when another tab of the browser stored ``text`` (``""``:
        it cleared the key) under the same key."""
        self._on_elsewhere.append(handler)

    def on_failed(self, handler: Callable[[bool], None]) -> None:
        """Call ``handler(True)`` when the browser refuses to keep ``value`` (after keeping
        everything so far), ``handler(False)`` when it keeps it again; a refusal repeated at
        every write is heard once."""
        self._on_failed.append(handler)

    def write_again(self) -> None:
        """Store ``value`` again (another tab of the browser stored something else since)."""
        self.send({"type": "write"})

    def download(self, text: str, filename: str) -> None:
        """Offer ``text`` to the learner as a file download."""
        self.send({"type": "download", "text": text, "filename": filename})

    def _receive(self, _widget: Any, content: Any, _buffers: Any) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        if kind in ("store-failed", "store-ok"):
            failing = kind == "store-failed"
            if failing != self.failing:
                self.failing = failing
                for failed in self._on_failed:
                    failed(failing)
            return
        if kind not in ("stored", "written-elsewhere"):
            return  # an unknown message: the page's script sends none, so nothing to say
        text = content.get("value")
        text = text if isinstance(text, str) else ""  # the loader checks size and content
        if kind == "stored":
            self.reported = True
        for handler in self._on_stored if kind == "stored" else self._on_elsewhere:
            handler(text)
