"""The Skip-Bo table: an anywidget that draws ``view`` (see :mod:`.view`) and reports requests.

It is the shared :class:`~..table.table.CardTable` with Skip-Bo's page: the
building piles in the middle, each player's stock and discard piles, the hand.
"""

from __future__ import annotations

from pathlib import Path

from ..table.esm import bundle
from ..table.table import CardTable

HERE = Path(__file__).parent


class SkipBoTable(CardTable):
    """Draws one seat's view of a Skip-Bo game; docs/table-view.md describes its shape."""

    _esm = bundle(HERE / "table.js")
    _css = HERE / "table.css"
