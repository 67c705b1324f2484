"""The Skyjo table: an anywidget that draws ``view`` (see :mod:`.view`) and reports requests.

It is the Skip-Bo :class:`~..table.CardTable` with another page: the same
``view`` traitlet and the same checked requests (a move as a source and a
place, ``select``, ``target``, ``look``); only the drawing differs.
"""

from __future__ import annotations

from pathlib import Path

from ..table import CardTable

HERE = Path(__file__).parent


class SkyjoTable(CardTable):
    """Draws one seat's view of a Skyjo round; docs/table-view.md describes its shape."""

    _esm = HERE / "skyjo_table.js"
    _css = HERE / "skyjo_table.css"
