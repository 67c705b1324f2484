"""A link on the home screen that opens the rule sheet in a new browser tab, to print.

The page makes the sheet a ``blob:`` address of its own, so the same link works under
Voilà, in JupyterLab and on the static site, with nothing for a server to serve; and
the learner's own click opens the tab, which no popup blocker stops.
"""

from __future__ import annotations

from functools import cache

import traitlets

from ..skipbo.sheet import SECTIONS
from ..tutorials.sheet import sheet_html
from .page import PageWidget
from .table import STATIC


class SheetLink(PageWidget):
    _esm = STATIC / "sheet_link.js"

    label = traitlets.Unicode("").tag(sync=True)
    #: The whole sheet, an HTML page.
    html = traitlets.Unicode("").tag(sync=True)

    def show(self, label: str, lang: str) -> None:
        """The link's text and the sheet, both in ``lang``."""
        self.label = label
        self.html = _sheet(lang)


@cache
def _sheet(lang: str) -> str:
    """The home screen is drawn again on every visit and language switch: the sheet of a
    language is made once."""
    return sheet_html(SECTIONS, lang)
