"""What every game's bot matches and timings share: Wilson intervals, percentiles, seats.

>>> wilson(90, 100)
[0.8256, 0.9448]
>>> percentile([1.0, 2.0, 3.0, 4.0], 0.5), seating("a", "b", 4, swapped=True)
(2.0, ['b', 'a', 'b', 'a'])
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Literal, TypeVar

T = TypeVar("T")
#: A turn review's verdict, by the value a move lost against the best one.
Grade = Literal["good", "inaccuracy", "mistake"]

Z95 = 1.959964


def wilson(wins: float, games: int, z: float = Z95) -> list[float]:
    """The Wilson score interval for ``wins`` out of ``games``, rounded to 4 places
    (``wins`` may be fractional when tied players share a win)."""
    if games == 0:
        return [0.0, 1.0]
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """The nearest-rank ``q`` percentile of already sorted values, rounded to 3 places."""
    if not sorted_values:
        return 0.0
    i = min(len(sorted_values) - 1, max(0, math.ceil(q * len(sorted_values)) - 1))
    return round(sorted_values[i], 3)


def seating(a: str, b: str, players: int, swapped: bool) -> list[str]:
    """Who sits where: ``a b a b ...``, or ``b a b a ...`` when swapped."""
    first, second = (b, a) if swapped else (a, b)
    return [first if s % 2 == 0 else second for s in range(players)]


def grade(loss: float, inaccuracy: float, mistake: float) -> Grade:
    """``mistake`` from a loss of ``mistake`` on, ``inaccuracy`` from ``inaccuracy`` on."""
    if loss >= mistake:
        return "mistake"
    return "inaccuracy" if loss >= inaccuracy else "good"


def latency(call: Callable[[T], object], positions: Iterable[T]) -> dict[str, float | int]:
    """Milliseconds of ``call`` on each position: how many, p50, p99 and max."""
    times: list[float] = []
    for position in positions:
        start = time.perf_counter()
        call(position)
        times.append((time.perf_counter() - start) * 1000)
    return summary(times)


def summary(times: Iterable[float]) -> dict[str, float | int]:
    """Times in milliseconds, in any order: how many, p50, p99 and max."""
    ordered = sorted(times)
    return {"positions": len(ordered), "p50_ms": percentile(ordered, 0.50),
            "p99_ms": percentile(ordered, 0.99),
            "max_ms": round(ordered[-1], 3) if ordered else 0.0}
