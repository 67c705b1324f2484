"""The success checks of tutorial tasks: named tests of the game state, one table per game.

Each goal compares the game now with the game at the start of the task, so
a lesson file only says *what* must be true (``{"goal": "stock_played"}``),
never which moves make it true: any way the learner finds counts. Each game
has its own table of goals (:mod:`.skipbo_lessons`, :mod:`.skyjo_lessons`);
what is checked about a goal as a file writes it is the same for every game.

>>> def over(_start: object, game: Any, _p: dict[str, Any]) -> bool:
...     return bool(game)
>>> goal_problem({"over": (over, {}, frozenset())}, "over", {"when": 1})
"goal 'over' takes no 'when'; it takes []"
>>> Goal("over", (), over).reached(None, 0)
False
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping
from dataclasses import dataclass, field
from typing import Any

#: The learner's seat in every lesson.
LEARNER = 0

#: ``check(start, game, params)``: whether ``game`` reaches the goal, against the task's start.
Check = Callable[[Any, Any, dict[str, Any]], bool]
#: name -> (check, {parameter: the values it may take}, the parameters it needs).
GoalTable = Mapping[str, tuple[Check, Mapping[str, Container[Any]], frozenset[str]]]


def new_events(start: Any, game: Any) -> list[Any]:
    """The events since the task's start (a step's game only ever grows from its start)."""
    events: list[Any] = game.events[len(start.events):]
    return events


def goal_problem(goals: GoalTable, name: str, params: dict[str, Any]) -> str | None:
    """What is wrong with a goal as a lesson file writes it, or ``None``."""
    if name not in goals:
        return f"unknown goal {name!r}; known: {sorted(goals)}"
    _check, allowed, needed = goals[name]
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
    params: tuple[tuple[str, Any], ...]
    check: Check = field(compare=False, repr=False)

    def reached(self, start: Any, game: Any) -> bool:
        return self.check(start, game, dict(self.params))
