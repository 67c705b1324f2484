"""The success checks of tutorial tasks: named tests of the game state.

Each goal compares the game now with the game at the start of the task, so
a lesson file only says *what* must be true (``{"goal": "stock_played"}``),
never which moves make it true: any way the learner finds counts.

>>> from skipbo_widgets.skipbo.engine import Game, Rules
>>> start = Game.new(Rules(players=2, stock_size=5), seed=1, dealer=1)
>>> Goal("turn_ended").reached(start, start)
False
"""

from __future__ import annotations

from collections.abc import Callable, Container
from dataclasses import dataclass
from typing import Any

from ..skipbo.engine import Game
from ..skipbo.engine.events import Drew, PileCompleted, Played, Recycled

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


_CARD = range(13)  # 0 (wild) to 12

#: name -> (check, {parameter: the values it may take}, the parameters it needs).
GOALS: dict[str, tuple[Check, dict[str, Container[Any]], frozenset[str]]] = {
    "stock_played": (_stock_played, {"count": range(1, 31), "whose": ("me", "partner")},
                     frozenset()),
    "pile_needs": (_pile_needs, {"pile": range(1, 5), "value": range(1, 13)},
                   frozenset({"pile", "value"})),
    "pile_started": (_pile_started, {}, frozenset()),
    "card_played": (_card_played, {"card": _CARD, "source": ("s", "h", "d")}, frozenset()),
    "pile_completed": (_pile_completed, {}, frozenset()),
    "drew_empty_hand": (_drew_empty_hand, {}, frozenset()),
    "recycled": (_recycled, {}, frozenset()),
    "turn_ended": (_turn_ended, {}, frozenset()),
    "won": (_won, {}, frozenset()),
}


def goal_problem(name: str, params: dict[str, Any]) -> str | None:
    """What is wrong with a goal as a lesson file writes it, or ``None``."""
    if name not in GOALS:
        return f"unknown goal {name!r}; known: {sorted(GOALS)}"
    _check, allowed, needed = GOALS[name]
    for key, value in params.items():
        if key not in allowed:
            return f"goal {name!r} takes no {key!r}; it takes {sorted(allowed)}"
        if isinstance(value, bool) or value not in allowed[key]:
            return f"goal {name!r}: {key}={value!r} is not allowed"
    missing = needed - set(params)
    return f"goal {name!r} needs {sorted(missing)}" if missing else None


@dataclass(frozen=True)
class Goal:
    """One named check with its parameters (sorted ``(name, value)`` pairs)."""

    name: str
    params: tuple[tuple[str, Any], ...] = ()

    def reached(self, start: Game, game: Game) -> bool:
        return GOALS[self.name][0](start, game, dict(self.params))
