"""The declared variant of a game, validated once at construction.

>>> Rules(players=5).stock_size
20
>>> Rules(players=4, teams=True).partner(1)
3
>>> Rules(players=6, stock_size=30)
Traceback (most recent call last):
...
skipbo_widgets.core.errors.RulesError: deck_too_small(cards_needed=210, deck=162)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...core.savefile import MAX_MATCH_SEED_LENGTH as MAX_MATCH_SEED_LENGTH  # re-exported
from ...core.savefile import MAX_SEED_LENGTH as MAX_SEED_LENGTH  # re-exported
from ...core.savefile import is_int as is_int  # re-exported: the engine and widgets import it here
from ...core.savefile import is_seed as is_seed  # re-exported
from .cards import DECK_SIZE, FACES, Faces
from .errors import Reason, RulesError

#: The last turn number a game counts to: a game that could go on for ever stays
#: at it, so a file may bound the turn and what the engine writes, it reads back.
MAX_TURN = 1_000_000

MIN_PLAYERS, MAX_PLAYERS = 2, 6
MIN_STOCK, MAX_STOCK = 5, 30
SHORT_STOCK = 10
HAND_SIZE = 5
BUILDING_PILES = 4
DISCARD_PILES = 4


def default_stock_size(players: int) -> int:
    """Rule ``SB-STOCK-SIZE``: 30 cards with 2-4 players, 20 with 5-6."""
    return 30 if players <= 4 else 20


@dataclass(frozen=True)
class Rules:
    """Players, stock size, teams and card faces of one game (rules ``SB-PLAYERS`` …).

    ``stock_size`` defaults to the standard size for the number of players;
    ``seating`` gives each seat's team number and defaults to alternating
    teams (partners sit opposite each other).
    """

    players: int = 2
    stock_size: int = 0
    teams: bool = False
    faces: Faces = "skipbo"
    seating: tuple[int, ...] = field(default=())

    def __post_init__(self) -> None:
        n = self.players
        if not is_int(n) or not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise RulesError(Reason.BAD_PLAYER_COUNT, players=n, min=MIN_PLAYERS, max=MAX_PLAYERS)
        size = self.stock_size
        if is_int(size) and size == 0:  # 0 asks for the standard size
            size = default_stock_size(n)
        if not is_int(size) or not MIN_STOCK <= size <= MAX_STOCK:
            raise RulesError(Reason.BAD_STOCK_SIZE, stock_size=size, min=MIN_STOCK, max=MAX_STOCK)
        needed = n * (size + HAND_SIZE)
        if needed > DECK_SIZE:
            raise RulesError(Reason.DECK_TOO_SMALL, cards_needed=needed, deck=DECK_SIZE)
        object.__setattr__(self, "stock_size", size)
        if self.faces not in FACES:
            raise RulesError(Reason.BAD_FACES, faces=str(self.faces)[:20])
        if not isinstance(self.teams, bool):
            raise RulesError(Reason.BAD_SEATING, seating=str(self.teams)[:20])
        object.__setattr__(self, "seating", self._valid_seating())

    def _valid_seating(self) -> tuple[int, ...]:
        n = self.players
        if not isinstance(self.seating, (tuple, list)) or not all(map(is_int, self.seating)):
            raise RulesError(Reason.BAD_SEATING, seating=str(self.seating)[:40])
        if not self.teams:
            if self.seating:
                raise RulesError(Reason.BAD_SEATING, seating=list(self.seating))
            return ()
        if n not in (4, 6):
            raise RulesError(Reason.TEAMS_NEED_EVEN_PLAYERS, players=n)
        seating = tuple(self.seating) or tuple(seat % (n // 2) for seat in range(n))
        teams = n // 2
        if len(seating) != n or sorted(seating) != sorted(t for t in range(teams) for _ in (0, 1)):
            raise RulesError(Reason.BAD_SEATING, seating=list(seating)[:MAX_PLAYERS])
        return seating

    def team(self, seat: int) -> int:
        """The team of a seat; without teams every seat is its own side."""
        return self.seating[seat] if self.teams else seat

    def partner(self, seat: int) -> int | None:
        """The partner's seat (rule ``SB-TEAM-SEATS``), or ``None`` without teams."""
        if not self.teams:
            return None
        team = self.seating[seat]
        return next(s for s, t in enumerate(self.seating) if t == team and s != seat)

    def sides(self) -> list[tuple[int, ...]]:
        """The seats of each side: one seat per player, or two per team."""
        if not self.teams:
            return [(s,) for s in range(self.players)]
        return [
            tuple(s for s in range(self.players) if self.seating[s] == t)
            for t in range(self.players // 2)
        ]

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "players": self.players,
            "stock_size": self.stock_size,
            "teams": self.teams,
            "faces": self.faces,
        }
        if self.teams:
            d["seating"] = list(self.seating)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Rules:
        """Inverse of :meth:`to_dict`; unknown keys are an error."""
        known = {"players", "stock_size", "teams", "faces", "seating"}
        if not isinstance(d, dict) or set(d) - known:
            raise RulesError(Reason.SAVE_BAD_FIELD, field="rules")
        seating = d.get("seating", [])
        if not isinstance(seating, list) or not all(map(is_int, seating)):
            raise RulesError(Reason.BAD_SEATING, seating=str(seating)[:40])
        return cls(
            players=d.get("players", 2),
            stock_size=d.get("stock_size", 0),
            teams=d.get("teams", False),
            faces=d.get("faces", "skipbo"),
            seating=tuple(seating),
        )
