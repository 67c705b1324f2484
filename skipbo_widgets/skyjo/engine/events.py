"""Immutable event records of a Skyjo round: one log for animation, narration and replays.

Every action of :class:`~skipbo_widgets.skyjo.engine.game.Round` appends events
to ``round.events``; :meth:`Round.pop` removes exactly the events its move
added. Seats are absolute, places 0-11 (see :mod:`.moves`), cards plain ints.
A seat's view of an event is :func:`~.observation.visible_event`.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from ...core.events import event_dict as event_dict  # one JSON form for every game
from .cards import Card

Why = Literal["setup", "drop", "end"]


class Dealt(NamedTuple):
    """``SJ-DEAL``: every seat got 12 face-down cards; ``setup`` turns two first."""

    players: int
    setup: int


class DiscardStarted(NamedTuple):
    """``SJ-DISCARD-START``: the first card of the discard pile."""

    card: Card


class Revealed(NamedTuple):
    """A face-down card was turned up: in the set-up, after a drop, or at the round's end."""

    seat: int
    place: int
    card: Card
    why: Why


class FirstChosen(NamedTuple):
    """``SJ-FIRST``: who starts; ``sums`` are the set-up sums (empty after round 1)."""

    seat: int
    sums: tuple[int, ...]


class TurnStarted(NamedTuple):
    seat: int
    turn: int


class Drew(NamedTuple):
    """``SJ-TAKE-DRAW``: the top card of the draw pile, seen only by ``seat`` until placed."""

    seat: int
    card: Card


class Took(NamedTuple):
    """``SJ-TAKE-DISCARD``: the top card of the discard pile."""

    seat: int
    card: Card


class Replaced(NamedTuple):
    """``card`` now lies face up at ``place``; ``old`` went face up onto the discard pile."""

    seat: int
    place: int
    card: Card
    old: Card
    was_face_up: bool


class Dropped(NamedTuple):
    """The drawn card went onto the discard pile (a reveal follows)."""

    seat: int
    card: Card


class ColumnCleared(NamedTuple):
    """``SJ-COLUMN``: three equal face-up cards of one column went onto the discard pile."""

    seat: int
    column: int
    card: Card


class Reshuffled(NamedTuple):
    """``SJ-RESHUFFLE``: the discard pile but its top card became the new draw pile.

    ``cards`` are those cards in value order, never in their new order: everyone
    saw them on the discard pile, so a player counting cards knows what the
    draw pile holds from now on.
    """

    cards: tuple[Card, ...]


class LastTurns(NamedTuple):
    """``SJ-LAST-TURNS``: ``seat`` has every card face up; the others play once more."""

    seat: int


class RoundScored(NamedTuple):
    """``SJ-ROUND-SCORE`` and ``SJ-DOUBLE``: each seat's score for the round."""

    scores: tuple[int, ...]
    ender: int
    doubled: bool


Event = (
    Dealt | DiscardStarted | Revealed | FirstChosen | TurnStarted | Drew | Took | Replaced
    | Dropped | ColumnCleared | Reshuffled | LastTurns | RoundScored
)

