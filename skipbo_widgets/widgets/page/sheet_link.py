"""A link on the home screen that opens the chosen game's rule sheet in a new browser
tab, to print.

The page makes the sheet a ``blob:`` address of its own, so the same link works under
Voilà, in JupyterLab and on the static site, with nothing for a server to serve; and
the learner's own click opens the tab, which no popup blocker stops.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import traitlets

from ...tutorials.sheet import sheet_html
from ..registry import default_game, game_ui
from .page import PageWidget

HERE = Path(__file__).parent

class SheetLink(PageWidget):
    _esm = HERE / "sheet_link.js"

    label = traitlets.Unicode("").tag(sync=True)
    #: The whole sheet, an HTML page.
    html = traitlets.Unicode("").tag(sync=True)

    def show(self, label: str, lang: str, game: str | None = None) -> None:
        """The link's text and the sheet of ``game`` (the default game's without one),
        both in ``lang``; nothing for a game without a sheet."""
        self.label = label
        self.html = sheet_page(game or default_game(), lang)


@cache
def sheet_page(game: str, lang: str) -> str:
    """The home screen is drawn again on every visit and language switch: the sheet of a
    game in a language is made once."""
    sheet = game_ui(game).sheet
    if sheet is None:
        return ""
    sections, title = sheet
    return sheet_html(sections, lang, title=title)
