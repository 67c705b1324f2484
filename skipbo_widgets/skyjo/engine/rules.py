"""The declared variant of a Skyjo round, validated once at construction.

>>> Rules(players=8).doubling
'always'
>>> Rules(players=9)
Traceback (most recent call last):
...
skipbo_widgets.core.errors.RulesError: skyjo_bad_player_count(max=8, min=2, players=9)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ...core.savefile import is_int
from .errors import Reason, RulesError

MIN_PLAYERS, MAX_PLAYERS = 2, 8
ROWS, COLUMNS = 3, 4
GRID = ROWS * COLUMNS
SETUP_REVEALS = 2
MATCH_TARGET = 100
#: What a grid can score (SJ-ROUND-SCORE): five -2 and seven -1 with no column of three
#: equal, and columns of 12 12 11; the ender's doubled score is twice that.
LOWEST_SCORE, HIGHEST_SCORE = -17, 140
#: The highest turn number. A round could go on for ever with takes alone; past this
#: number the last ``players`` numbers repeat, so the seat to move still fits the turn
#: and every file the engine writes reads back.
MAX_TURN = 1_000_000

Doubling = Literal["always", "positive"]
DOUBLINGS: tuple[Doubling, ...] = ("always", "positive")


@dataclass(frozen=True)
class Rules:
    """Players (``SJ-PLAYERS``) and the doubling rule (``SJ-DOUBLE``).

    ``doubling="always"`` is the rule sheet's: the player who ended the round
    without the strictly lowest score doubles it, whatever it is;
    ``"positive"`` is the commercial game's: only a score above 0 is doubled.
    """

    players: int = 2
    doubling: Doubling = "always"

    def __post_init__(self) -> None:
        n = self.players
        if not is_int(n) or not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise RulesError(Reason.BAD_PLAYER_COUNT, players=n, min=MIN_PLAYERS,
                             max=MAX_PLAYERS)
        if self.doubling not in DOUBLINGS:
            raise RulesError(Reason.BAD_DOUBLING, doubling=str(self.doubling)[:20])

    def doubles(self, score: int) -> bool:
        """Whether the round score of a player who ended the round without the strictly
        lowest score is doubled: always (0 doubled is 0), or only above 0."""
        return self.doubling == "always" or score > 0

    def doubled(self, score: int) -> int:
        """The round score of a player who ended the round without the lowest score."""
        return score * 2 if self.doubles(score) else score

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "doubling": self.doubling}
