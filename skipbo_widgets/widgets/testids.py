"""Stable ``data-testid`` attributes on ipywidgets controls, and the shell's styles.

See docs/testing.md for the list of test ids.
"""

from __future__ import annotations

from typing import TypeVar

import anywidget
import ipywidgets as w

from .table import STATIC

W = TypeVar("W", bound=w.DOMWidget)

#: The class of a ``FileUpload`` whose button shows its label without ipywidgets'
#: file count ("Open a saved game", not "Open a saved game (0)"); see testids.js.
NO_COUNT = "sb-no-count"


def testid(widget: W, name: str) -> W:
    """Mark ``widget`` so that its control gets ``data-testid="name"`` in the page."""
    widget.add_class(f"sb-testid-{name}")
    return widget


class ShellSupport(anywidget.AnyWidget):
    """Displayed once per page: copies the marks into ``data-testid`` attributes
    and brings the stylesheet of the ipywidgets shell around the card table."""

    _esm = STATIC / "testids.js"
    _css = STATIC / "app.css"
