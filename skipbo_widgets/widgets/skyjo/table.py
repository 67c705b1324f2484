"""The Skyjo table: an anywidget that draws ``view`` (see :mod:`.view`) and reports requests.

It is the shared :class:`~..table.table.CardTable` with Skyjo's page: the same
``view`` traitlet and the same checked requests (a move as a source and a
place, ``select``, ``target``, ``look``); only the drawing differs, and a move
named by the page's names becomes Skyjo's notation here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..table.esm import bundle
from ..table.table import CardTable, parse_request
from .view import MOVES_BY_NAME

HERE = Path(__file__).parent


class SkyjoTable(CardTable):
    """Draws one seat's view of a Skyjo round; docs/table-view.md describes its shape."""

    _esm = bundle(HERE / "table.js")
    _css = HERE / "table.css"

    def parse(self, content: Any) -> dict[str, str]:
        """The page names a move by a source and a place (``take`` and ``b2``, which
        :func:`~..table.table.parse_request` joins as ``take-b2``): here it becomes the move's
        notation (``take b2``), as a game and a lesson step read it. Anything else
        stays as it is, and the engine refuses it with a reason."""
        request = parse_request(content)
        move = MOVES_BY_NAME.get(request["move"]) if request["type"] == "move" else None
        return request if move is None else {"type": "move", "move": str(move)}
