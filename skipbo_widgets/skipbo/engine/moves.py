"""Moves: small frozen values with a text form that round-trips.

A move names a source and a target, relative to the player whose turn it is:

========== =============================================
``s``      the top card of the own stock pile
``d2``     the top card of the own discard pile 2
``h7``     a 7 from the hand (``hW``: a wild card)
``ps``     the partner's stock pile (teams only)
``pd2``    the partner's discard pile 2 (teams only)
``b1``     building pile 1 (target)
``d3``     discard pile 3 (target: ends the turn)
``end``    end the turn without a discard (empty hand)
========== =============================================

>>> m = Move.parse("hW-b2")
>>> m.source, m.index, m.target, m.pile, str(m)
('h', 0, 'b', 1, 'hW-b2')
>>> Move.parse(str(m)) is m
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .cards import NUMBERS, TOP_VALUE, WILD, card_text
from .errors import NotationError, Reason

Source = Literal["s", "d", "h", "end"]
Target = Literal["b", "d", ""]
STOCK: Source = "s"
DISCARD: Source = "d"
HAND: Source = "h"
BUILD: Target = "b"
END: Source = "end"

MAX_PILE_DIGIT = 9  # notation allows piles 1-9; the engine enforces the real limits


@dataclass(frozen=True, slots=True)
class Move:
    """One action of the player whose turn it is.

    ``index`` is the discard pile (0-based) for a discard-pile source and the
    card for a hand source; ``pile`` is the 0-based target pile.
    """

    source: Source
    partner: bool = False
    index: int = 0
    target: Target = ""
    pile: int = 0

    def __post_init__(self) -> None:
        # A Move built by hand (a widget message, a bot) must be one that the
        # notation can write: the engine indexes hands and piles with its fields.
        if not _is_well_formed(self):
            raise NotationError(Reason.BAD_NOTATION, text=repr(self)[:60])

    @property
    def is_play(self) -> bool:
        """A card goes onto a building pile."""
        return self.target == "b"

    @property
    def is_discard(self) -> bool:
        """A card goes onto a discard pile (this ends the turn)."""
        return self.target == "d"

    @property
    def is_end(self) -> bool:
        return self.source == "end"

    @property
    def source_text(self) -> str:
        """The source part of the notation: ``"s"``, ``"pd2"``, ``"hW"`` (``"end"`` for end)."""
        if self.source == "end":
            return "end"
        owner = "p" if self.partner else ""
        if self.source == "s":
            return f"{owner}s"
        if self.source == "d":
            return f"{owner}d{self.index + 1}"
        return f"{owner}h{card_text(self.index)}"

    @property
    def target_text(self) -> str:
        """The target part of the notation: ``"b1"`` ... ``"d4"`` (empty for end)."""
        return "" if self.source == "end" else f"{self.target}{self.pile + 1}"

    def __str__(self) -> str:
        if self.source == "end":
            return "end"
        return f"{self.source_text}-{self.target_text}"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Inverse of ``str(move)``; raises :class:`NotationError` on anything else."""
        if not isinstance(text, str):
            raise NotationError(Reason.BAD_NOTATION, text=repr(text)[:20])
        key = text.strip().lower()
        found = _BY_TEXT.get(key)
        if found is None:
            raise NotationError(Reason.BAD_NOTATION, text=text[:20])
        return found


_INDEX_LIMITS = {STOCK: 1, DISCARD: MAX_PILE_DIGIT, HAND: TOP_VALUE + 1}


def _is_well_formed(move: Move) -> bool:
    if not (type(move.partner) is bool and type(move.index) is int and type(move.pile) is int
            and isinstance(move.source, str)):
        return False
    if move.source == END:
        return (move.partner, move.index, move.target, move.pile) == (False, 0, "", 0)
    limit = _INDEX_LIMITS.get(move.source)
    return (limit is not None and 0 <= move.index < limit and move.target in ("b", "d")
            and 0 <= move.pile < MAX_PILE_DIGIT)


def _all_moves() -> list[Move]:
    piles = range(MAX_PILE_DIGIT)
    moves = [END_MOVE]
    for partner in (False, True):
        sources: list[tuple[Source, int]] = [(STOCK, 0)]
        sources += [(DISCARD, i) for i in piles]
        sources += [(HAND, c) for c in (WILD, *NUMBERS)]
        for source, index in sources:
            for target in ("b", "d"):
                moves.extend(Move(source, partner, index, target, p) for p in piles)
    return moves


END_MOVE = Move("end")
_BY_TEXT: dict[str, Move] = {str(m).lower(): m for m in _all_moves()}
_BY_TEXT.update({k.replace("hw-", "hsb-"): m for k, m in list(_BY_TEXT.items()) if "hw-" in k})
