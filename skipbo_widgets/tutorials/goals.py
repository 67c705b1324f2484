"""The success checks of tutorial tasks: named tests of the game state.

Each goal compares the game now with the game at the start of the task, so
a lesson file only says *what* must be true (``{"goal": "stock_played"}``),
never which moves make it true: any way the learner finds counts.

>>> from skipbo_widgets.engine import Game, Rules
>>> start = Game.new(Rules(players=2, stock_size=5), seed=1, dealer=1)
>>> Goal("turn_ended").reached(start, start)
False
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine import Game
from ..engine.events import Drew, PileCompleted, Played, Recycled

LEARNER = 0

Check = Callable[[Game, Game, dict[str, Any]], bool]


def _stock_played(start: Game, game: Game, p: dict[str, Any]) -> bool:
    seat = LEARNER if p.get("whose", "me") == "me" else start.partner(LEARNER)
    if seat is None:
        return False
    return len(start.stocks[seat]) - len(game.stocks[seat]) >= int(p.get("count", 1))


def _pile_needs(_start: Game, game: Game, p: dict[str, Any]) -> bool:
    pile = int(p["pile"]) - 1
    return 0 <= pile < len(game.building) and game.needs(pile) == int(p["value"])


def _pile_started(start: Game, game: Game, _p: dict[str, Any]) -> bool:
    return sum(map(bool, game.building)) > sum(map(bool, start.building))


def _new_events(start: Game, game: Game) -> list[Any]:
    return game.events[len(start.events):]


def _card_played(start: Game, game: Game, p: dict[str, Any]) -> bool:
    """The learner played a card (``card``: which, 0 = wild; ``source``: "s", "h" or "d")."""
    return any(isinstance(e, Played) and e.seat == LEARNER
               and e.card == p.get("card", e.card) and e.source == p.get("source", e.source)
               for e in _new_events(start, game))


def _pile_completed(start: Game, game: Game, _p: dict[str, Any]) -> bool:
    return any(isinstance(e, PileCompleted) for e in _new_events(start, game))


def _drew_empty_hand(start: Game, game: Game, _p: dict[str, Any]) -> bool:
    return any(isinstance(e, Drew) and e.empty_hand for e in _new_events(start, game))


def _recycled(start: Game, game: Game, _p: dict[str, Any]) -> bool:
    return any(isinstance(e, Recycled) for e in _new_events(start, game))


def _turn_ended(start: Game, game: Game, _p: dict[str, Any]) -> bool:
    return game.turn > start.turn or game.is_over


def _won(_start: Game, game: Game, _p: dict[str, Any]) -> bool:
    return game.outcome is not None and LEARNER in game.outcome.winners


GOALS: dict[str, Check] = {
    "stock_played": _stock_played,      # count (1), whose: "me" or "partner"
    "pile_needs": _pile_needs,          # pile (1-4), value
    "pile_started": _pile_started,
    "card_played": _card_played,        # card (0 = wild), source: "s", "h" or "d"
    "pile_completed": _pile_completed,
    "drew_empty_hand": _drew_empty_hand,
    "recycled": _recycled,
    "turn_ended": _turn_ended,
    "won": _won,
}


@dataclass(frozen=True)
class Goal:
    """One named check with its parameters (sorted ``(name, value)`` pairs)."""

    name: str
    params: tuple[tuple[str, Any], ...] = ()

    def reached(self, start: Game, game: Game) -> bool:
        return GOALS[self.name](start, game, dict(self.params))
