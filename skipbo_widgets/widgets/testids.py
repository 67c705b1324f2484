"""Stable ``data-testid`` attributes on ipywidgets controls, the shell's styles,
and the app's language on its root element.

See docs/testing.md for the list of test ids.
"""

from __future__ import annotations

from typing import TypeVar

import anywidget
import ipywidgets as w
import traitlets

from .table import STATIC

W = TypeVar("W", bound=w.DOMWidget)

def testid(widget: W, name: str) -> W:
    """Mark ``widget`` so that its control gets ``data-testid="name"`` in the page."""
    widget.add_class(f"sb-testid-{name}")
    return widget


class ShellSupport(anywidget.AnyWidget):
    """Displayed once per page: copies the marks into ``data-testid`` attributes
    and brings the stylesheet of the ipywidgets shell around the card table.

    Displayed inside an app (an element of the class ``sb-app``), it also writes
    ``lang`` on that element: the page itself (Voilà's, or a JupyterLab
    notebook's) says ``<html lang="en">`` whatever the learner picked, and a
    screen reader would read German with an English voice.
    """

    _esm = STATIC / "testids.js"
    _css = STATIC / "app.css"

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

    def focus(self, name: str) -> None:
        """Give the keyboard focus to the control ``data-testid=name`` once it is on the
        page (a screen just built is drawn a moment later)."""
        self.send({"type": "focus", "testid": name})
