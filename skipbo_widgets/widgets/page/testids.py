"""Stable ``data-testid`` attributes on ipywidgets controls, the shell's styles,
and the app's language on its root element.

See docs/testing.md for the list of test ids.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, ClassVar, TypeVar

import ipywidgets as w
import traitlets

from .page import PageWidget, page_text

W = TypeVar("W", bound=w.DOMWidget)

def plain_text(markup: str) -> str:
    """What a piece of the app's HTML says, as one line (for a screen reader's live region).

    >>> plain_text('<div class="sb-hint"><b>Hint:</b> play the <i>5</i> &amp; end</div>')
    'Hint: play the 5 & end'
    """
    text = html.unescape(re.sub(r"<[^>]*>", " ", markup))
    return re.sub(r"\s+", " ", re.sub(r"\s+([.,:;!?])", r"\1", text)).strip()


def testid(widget: W, name: str) -> W:
    """Mark ``widget`` so that its control gets ``data-testid="name"`` in the page."""
    widget.add_class(f"sb-testid-{name}")
    return widget


HERE = Path(__file__).parent

class ShellSupport(PageWidget):
    """Displayed once per page: copies the marks into ``data-testid`` attributes
    and brings the stylesheet of the ipywidgets shell around the card table.

    Displayed inside an app (an element of the class ``sb-app``), it also writes
    ``lang`` on that element: the page itself (Voilà's, or a JupyterLab
    notebook's) says ``<html lang="en">`` whatever the learner picked, and a
    screen reader would read German with an English voice.
    """

    _esm = HERE / "testids.js"
    #: The page sends its address and query (any other trait it sets is put back).
    page_sets: ClassVar[Mapping[str, Callable[[Any], bool]]] = {
        "query": page_text, "address": page_text}
    _css = HERE / "app.css"

    #: The language of the app around this widget (``de``, ``fr``, ``nl``, ``en``).
    lang = traitlets.Unicode("en").tag(sync=True)
    #: The browser tab's title when the app is the whole page (Voilà), in that language;
    #: a notebook (JupyterLab) keeps its own.
    title = traitlets.Unicode("").tag(sync=True)
    #: The page address's query (``lang=fr&deal=7``), sent by the page: a static site's
    #: kernel runs in the browser's Web Worker, without ``QUERY_STRING`` or the address.
    query = traitlets.Unicode("").tag(sync=True)
    #: The page's own address without its query (``https://host/voila/render/app.ipynb``),
    #: sent by the page: the start of a class link.
    address = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_copied: list[Callable[[bool], None]] = []
        self.on_msg(self._receive)

    def copy(self, name: str) -> None:
        """Ask the page to copy the text of the field ``data-testid=name`` to the clipboard;
        it answers whether it could (see :meth:`on_copied`)."""
        self.send({"type": "copy", "testid": name})

    def on_copied(self, handler: Callable[[bool], None]) -> None:
        """Call ``handler(ok)`` when the page answers a :meth:`copy`."""
        self._on_copied.append(handler)

    def _receive(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if (isinstance(content, dict) and content.get("type") == "copied"
                and isinstance(content.get("ok"), bool)):
            for handler in self._on_copied:
                handler(content["ok"])

    def focus(self, name: str) -> None:
        """Give the keyboard focus to the control ``data-testid=name`` once it is on the
        page (a screen just built is drawn a moment later)."""
        self.send({"type": "focus", "testid": name})

    def focus_heading(self) -> None:
        """Give the keyboard focus to the heading of the screen just shown, once it is on
        the page (a screen reader reads on from there); a later :meth:`focus` wins."""
        self.send({"type": "heading"})

    def say(self, text: str) -> None:
        """Say ``text`` once to a screen reader, in the app's live region."""
        if text:
            self.send({"type": "say", "text": text})
