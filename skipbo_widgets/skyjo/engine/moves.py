"""Skyjo moves: small frozen values with a text form that round-trips.

A grid has 3 rows and 4 columns; a place is named by its column letter and
row number, ``a1`` (top left) to ``d3`` (bottom right), like a map square.

============ ==============================================================
``reveal b2`` set-up (``SJ-DEAL``): turn your card at b2 face up
``take a1``   take the discard pile's top card; it replaces your card at a1
``draw``      take the top card of the draw pile and look at it
``swap c3``   the drawn card replaces your card at c3
``drop d1``   the drawn card goes onto the discard pile; turn d1 face up
============ ==============================================================

>>> move = Move.parse("Take  B2")
>>> move.kind, move.place, str(move), place_text(move.place)
('take', 4, 'take b2', 'b2')
>>> Move.parse(str(DRAW)) is DRAW
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .errors import NotationError, Reason
from .rules import COLUMNS, GRID, ROWS

Kind = Literal["reveal", "take", "draw", "swap", "drop"]
KINDS: tuple[Kind, ...] = ("reveal", "take", "draw", "swap", "drop")
NO_PLACE = -1
_LETTERS = "abcd"


def place_text(place: int) -> str:
    """``"b2"`` for place 4: places run down each column, a1 a2 a3 b1 …"""
    column, row = divmod(place, ROWS)
    return f"{_LETTERS[column]}{row + 1}"


def column_of(place: int) -> int:
    return place // ROWS


def column_places(column: int) -> range:
    return range(column * ROWS, column * ROWS + ROWS)


#: The places of each column, top to bottom.
COLUMN_PLACES = tuple(tuple(column_places(c)) for c in range(COLUMNS))


@dataclass(frozen=True, slots=True)
class Move:
    """One action of the seat to move; ``place`` is 0-11 (``NO_PLACE`` for ``draw``)."""

    kind: Kind
    place: int = NO_PLACE

    def __post_init__(self) -> None:
        # A Move built by hand (a widget message, a bot) must be one the notation can write.
        if self.kind == "draw":
            ok = self.place == NO_PLACE
        else:
            ok = self.kind in KINDS and 0 <= self.place < GRID
        if not (ok and type(self.place) is int):
            raise NotationError(Reason.BAD_NOTATION, text=repr(self)[:60])

    def __str__(self) -> str:
        return "draw" if self.kind == "draw" else f"{self.kind} {place_text(self.place)}"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Inverse of ``str(move)`` (any case, any spaces); raises :class:`NotationError`."""
        if not isinstance(text, str):
            raise NotationError(Reason.BAD_NOTATION, text=repr(text)[:20])
        found = _BY_TEXT.get(" ".join(text.lower().split()))
        if found is None:
            raise NotationError(Reason.BAD_NOTATION, text=text[:20])
        return found


DRAW = Move("draw")
# Interned moves, indexed by place, so that legal_moves never allocates a Move.
REVEALS = tuple(Move("reveal", p) for p in range(GRID))
TAKES = tuple(Move("take", p) for p in range(GRID))
SWAPS = tuple(Move("swap", p) for p in range(GRID))
DROPS = tuple(Move("drop", p) for p in range(GRID))
ALL_MOVES = (DRAW, *REVEALS, *TAKES, *SWAPS, *DROPS)
_BY_TEXT = {str(m): m for m in ALL_MOVES}
