"""How a game of Skip-Bo ends: the winners and their points (rule ``SB-SCORE``).

>>> Outcome((0, 2), game_points(3)), Outcome((), 0).is_draw
(Outcome(winners=(0, 2), points=40), True)
"""

from __future__ import annotations

from typing import NamedTuple

WIN_BONUS = 25
POINTS_PER_STOCK_CARD = 5


class Outcome(NamedTuple):
    """How a game ended: the winning seats (empty for a drawn game) and their points."""

    winners: tuple[int, ...]
    points: int

    @property
    def is_draw(self) -> bool:
        return not self.winners


def game_points(cards_left: int) -> int:
    """``SB-SCORE``: 25 for the win plus 5 for each card left in the opponents' stock piles."""
    return WIN_BONUS + POINTS_PER_STOCK_CARD * cards_left
