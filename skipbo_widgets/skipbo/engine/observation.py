"""What one seat may see (rule ``SB-DEAL``: nobody looks into a stock pile).

Bots and widgets get an :class:`Observation`, never the :class:`Game`: the
cards under each stock-pile top, the other hands and the draw-pile order are
not in it.

>>> from skipbo_widgets.skipbo.engine import Game, Rules
>>> obs = Game.new(Rules(players=3), seed=1, dealer=2).observe(seat=1)
>>> obs.seat, len(obs.hand), obs.seats[2].hand_count, obs.seats[0].stock_count
(1, 0, 0, 30)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import Card
from .events import Drew, Event, event_dict
from .moves import Move
from .outcome import Outcome
from .rules import Rules


@dataclass(frozen=True)
class SeatView:
    """The public face of one seat."""

    seat: int
    team: int
    stock_top: Card | None
    stock_count: int
    discards: tuple[tuple[Card, ...], ...]
    hand_count: int


@dataclass(frozen=True)
class Observation:
    """One seat's view of a game; ``legal_moves`` is empty unless it is that seat's turn."""

    seat: int
    rules: Rules
    current: int
    turn: int
    dealer: int
    hand: tuple[Card, ...]
    seats: tuple[SeatView, ...]
    building: tuple[tuple[Card, ...], ...]
    draw_count: int
    completed_count: int
    outcome: Outcome | None
    legal_moves: tuple[Move, ...]

    @property
    def me(self) -> SeatView:
        return self.seats[self.seat]

    @property
    def partner(self) -> int | None:
        return self.rules.partner(self.seat)

    def needs(self, pile: int) -> int:
        """The value building pile ``pile`` needs next."""
        return len(self.building[pile]) + 1

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly form (cards as ints, 0 = wild; moves in notation)."""
        return {
            "seat": self.seat,
            "rules": self.rules.to_dict(),
            "current": self.current,
            "turn": self.turn,
            "dealer": self.dealer,
            "hand": list(self.hand),
            "seats": [
                {
                    "seat": v.seat, "team": v.team, "stock_top": v.stock_top,
                    "stock_count": v.stock_count, "hand_count": v.hand_count,
                    "discards": [list(p) for p in v.discards],
                }
                for v in self.seats
            ],
            "building": [list(p) for p in self.building],
            "draw_count": self.draw_count,
            "completed_count": self.completed_count,
            "outcome": None if self.outcome is None else {
                "winners": list(self.outcome.winners), "points": self.outcome.points,
            },
            "legal_moves": [str(m) for m in self.legal_moves],
        }


def visible_event(event: Event, seat: int) -> dict[str, Any]:
    """An event as ``seat`` may see it: other players' drawn cards become a count."""
    d = event_dict(event)
    if isinstance(event, Drew) and event.seat != seat:
        d["cards"] = None
        d["count"] = len(event.cards)
    return d
