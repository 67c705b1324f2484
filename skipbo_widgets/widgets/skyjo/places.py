"""Skyjo's grid places in the words the table shows them by: the table prints no
letters, so a place in notation (``b1``) is said by its row and column.

>>> place_words("b1", "en"), place_words("c3", "fr")
('in the top row, column 2', 'en bas, colonne 3')
>>> from skipbo_widgets.skyjo.engine import IllegalMove, Reason
>>> "middle row, column 1" in explain_refusal(IllegalMove(Reason.FACE_UP, place="a2"), "en")
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...i18n import explain, t
from ...skyjo.engine import GameError, place_text
from ...skyjo.engine.rules import GRID, ROWS

#: Each grid place's notation (``b1``) and its number (places run down each column).
PLACES = {place_text(p): p for p in range(GRID)}


def place_words(place: str, lang: str) -> str:
    """A place in notation (``b1``) as the table shows it: its row and column
    ("in the top row, column 2")."""
    return said_place(place, lambda key, **params: t(key, lang, **params))


def said_place(place: str, tr: Callable[..., str]) -> str:
    """:func:`place_words` in the language ``tr`` says."""
    column, row = divmod(PLACES[place], ROWS)
    return tr("skyjo.where", row=tr(f"skyjo.row.{row}"), column=column + 1)


def explain_refusal(err: GameError, lang: str, *, names: Sequence[str] | None = None) -> str:
    """Why the engine refused a move, with the place it names in words."""
    place = err.params.get("place")
    if isinstance(place, str) and place in PLACES:
        return explain(err, lang, names=names, place=place_words(place, lang))
    return explain(err, lang, names=names)
