"""Immutable event records: one log feeds animation, move list, narration and replays.

Every action of :class:`~skipbo_widgets.skipbo.engine.game.Game` appends events to
``game.events``; :meth:`Game.pop` removes exactly the events its move added.
Events are named tuples (cheap to make, compare and turn into JSON with
:func:`event_dict`). Seats are absolute; cards use the engine's ints.
"""

from __future__ import annotations

from typing import NamedTuple

from ...core.events import event_dict as event_dict  # one JSON form for every game
from .cards import Card


class DealerDraw(NamedTuple):
    """``SB-DEALER``: a seat drew a card to choose the dealer."""

    seat: int
    card: Card


class DealerChosen(NamedTuple):
    seat: int


class Dealt(NamedTuple):
    """``SB-DEAL``: every seat got a stock pile of ``stock_size`` cards."""

    stock_size: int
    first: int


class TurnStarted(NamedTuple):
    seat: int
    turn: int


class Drew(NamedTuple):
    """Cards taken from the draw pile into a hand (``SB-REFILL``, ``SB-EMPTY-HAND``)."""

    seat: int
    cards: tuple[Card, ...]
    empty_hand: bool


class Recycled(NamedTuple):
    """``SB-RECYCLE``: completed building piles were shuffled into a new draw pile."""

    cards: int


class Played(NamedTuple):
    """A card went onto a building pile, standing for ``value``.

    ``source`` is ``"s"``, ``"d"`` or ``"h"``; ``owner`` is the seat whose pile
    it came from (the partner's in a team game); ``from_pile`` the discard pile
    (0-based), or -1 when the card did not come from a discard pile.
    """

    seat: int
    source: str
    owner: int
    from_pile: int
    card: Card
    pile: int
    value: int


class StockTurned(NamedTuple):
    """The next stock card of ``owner`` was turned face up (``None``: the pile is empty)."""

    owner: int
    card: Card | None
    left: int


class PileCompleted(NamedTuple):
    """``SB-COMPLETE``: building pile ``pile`` reached 12 and was set aside."""

    pile: int


class Discarded(NamedTuple):
    """``SB-DISCARD``: a hand card onto a discard pile; the turn ends."""

    seat: int
    card: Card
    pile: int


class TurnEnded(NamedTuple):
    """The turn ended; ``discarded`` is False for an empty-hand end (``SB-BLOCKED``)."""

    seat: int
    discarded: bool


class GameWon(NamedTuple):
    """``SB-WIN`` / ``SB-TEAM-WIN``: the winning seats and the points they score."""

    winners: tuple[int, ...]
    points: int


class GameDrawn(NamedTuple):
    """``SB-BLOCKED``: a whole round passed with no card moved."""

    turns: int


Event = (
    DealerDraw | DealerChosen | Dealt | TurnStarted | Drew | Recycled | Played
    | StockTurned | PileCompleted | Discarded | TurnEnded | GameWon | GameDrawn
)

