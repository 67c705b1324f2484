"""What one seat may see of a Skyjo round: every face-up card, nothing else.

Face-down cards are unknown to everybody, their owner included; the drawn
card is shown only to the seat that drew it, until it is placed; the order of
the draw pile is never shown. Every card of the discard pile was seen face up
by everyone, so the whole pile is in the view: with the face-up grids it
tells a bot exactly which cards are still unseen (:meth:`Observation.unseen`).
After a reshuffle the draw pile holds the cards its ``Reshuffled`` event
lists (less those drawn since): the event log, as :func:`visible_event` shows
it to the seat, tells a bot that too.

>>> from skipbo_widgets.skyjo.engine import Round
>>> obs = Round.new(seed=1).observe(0)
>>> obs.phase, obs.me.cards.count(None), obs.draw_count, sum(obs.unseen().values())
('setup', 12, 125, 149)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from .cards import DECK_COUNTS, Card
from .events import Drew, Event, event_dict
from .moves import Move
from .rules import Rules


@dataclass(frozen=True)
class SeatView:
    """One seat's grid in place order (a1 a2 a3 b1 …): a value when face up,
    ``None`` when face down or cleared (``cleared`` lists those places)."""

    seat: int
    cards: tuple[Card | None, ...]
    cleared: tuple[int, ...]

    @property
    def hidden(self) -> tuple[int, ...]:
        """The places of face-down cards."""
        gone = set(self.cleared)
        return tuple(p for p, c in enumerate(self.cards) if c is None and p not in gone)

    @property
    def visible_sum(self) -> int:
        return sum(c for c in self.cards if c is not None)


@dataclass(frozen=True)
class Observation:
    """One seat's view; ``legal_moves`` is empty unless that seat is to move."""

    seat: int
    rules: Rules
    phase: str
    current: int
    turn: int
    ender: int | None
    seats: tuple[SeatView, ...]
    discard: tuple[Card, ...]
    draw_count: int
    holding: bool
    drawn: Card | None
    scores: tuple[int, ...] | None
    legal_moves: tuple[Move, ...]

    @property
    def me(self) -> SeatView:
        return self.seats[self.seat]

    @property
    def discard_top(self) -> Card:
        return self.discard[-1]

    def unseen(self) -> Counter[Card]:
        """How many of each value this seat has not seen: the face-down cards and the
        draw pile together (all a bot may count on)."""
        left = Counter(DECK_COUNTS)
        left.subtract(self.discard)
        for view in self.seats:
            left.subtract(c for c in view.cards if c is not None)
        if self.drawn is not None:
            left[self.drawn] -= 1
        return left

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict (moves in notation)."""
        return {
            "seat": self.seat, "rules": self.rules.to_dict(), "phase": self.phase,
            "current": self.current, "turn": self.turn, "ender": self.ender,
            "seats": [{"seat": v.seat, "cards": list(v.cards), "cleared": list(v.cleared)}
                      for v in self.seats],
            "discard": list(self.discard), "draw_count": self.draw_count,
            "holding": self.holding, "drawn": self.drawn,
            "scores": None if self.scores is None else list(self.scores),
            "legal_moves": [str(m) for m in self.legal_moves],
        }


def visible_event(event: Event, seat: int) -> dict[str, Any]:
    """An event as ``seat`` may see it: another seat's drawn card is hidden until placed."""
    d = event_dict(event)
    if isinstance(event, Drew) and event.seat != seat:
        d["card"] = None
    return d
