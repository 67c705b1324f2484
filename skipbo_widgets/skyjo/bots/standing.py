"""The match around a round: who is near 100, and the chance to win the whole game.

A round that ends with some total at 100 or more ends the game (``SJ-GAME-END``): then
only the totals count, not the round's points. Each other seat's final round score is
taken as roughly normal (mean, variance): :func:`.expect.above_chance`.

>>> round(win_chance(90, 10, [(80, 30.0, 20.0)], lambda s: 2 * s), 2)
0.98
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from ..engine.rules import MATCH_TARGET
from .expect import above_chance

#: How many points a whole game's win is worth against a round's points, when the
#: round decides the game: a chance to win the game that is 10 % higher is worth
#: 3 points less in this round.
MATCH_POINTS = 30.0

#: Points by which a game ended and won now beats going on with the same estimated chance.
CERTAINTY = 1.0

Other = tuple[float, float, float]  # (total before the round, mean final score, variance)


def decides(my_total: int, my_score: float, others: Sequence[Other]) -> bool:
    """Whether the round, ended now, likely ends the game: someone's total plus the round
    score expected of them reaches the target."""
    return my_total + my_score >= MATCH_TARGET or any(
        t + m >= MATCH_TARGET for t, m, _ in others)


def game_end_chance(my_total: int, my_score: float, others: Sequence[Other]) -> float:
    """The chance that some total reaches the target when the round ends now."""
    if my_total + my_score >= MATCH_TARGET:
        return 1.0
    return 1.0 - math.prod(1.0 - above_chance(MATCH_TARGET - 1 - t, m, v) for t, m, v in others)


def win_chance(my_total: int, score: int, others: Sequence[Other],
               doubled: Callable[[int], int]) -> float:
    """The chance to have the strictly lowest total once the round ends with ``score``
    for the seat that ends it: its score stays if it is strictly the lowest of the round,
    else it is ``doubled`` (``SJ-DOUBLE``)."""
    lead = [my_total - t for t, _, _ in others]
    kept = math.prod(above_chance(max(score, score + d), m, v)
                     for d, (_, m, v) in zip(lead, others, strict=True))
    twice = doubled(score)
    with_double = math.prod(above_chance(twice + d, m, v)
                            for d, (_, m, v) in zip(lead, others, strict=True))
    both = math.prod(above_chance(max(twice + d, score), m, v)
                     for d, (_, m, v) in zip(lead, others, strict=True))
    return kept + max(0.0, with_double - both)


def going_on_chance(my_total: int, mean: float, variance: float,
                    others: Sequence[Other]) -> float:
    """The chance to have the strictly lowest total when the round goes on, the seat
    ending with a score of (``mean``, ``variance``), nobody doubled."""
    return math.prod(above_chance(my_total + mean - t, m, v + variance) for t, m, v in others)
