"""Expected points from one seat's observation: what unknown cards are worth,
what a grid will score, and the chance of ending a round with the lowest score.

Every number here comes from :meth:`Observation.unseen`: the 150 cards less
every card the seat has seen (the face-up grids, the whole discard pile, a
drawn card). An unknown card, face down in a grid or on the draw pile, is
worth their mean.

>>> from skipbo_widgets.skyjo.engine import Round
>>> k = Knowledge.of(Round.new(seed=1).observe(0))
>>> k.total, round(k.mean, 2)
(149, 5.06)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import Observation, Rules
from ..engine.cards import Card
from ..engine.moves import COLUMN_PLACES

HIDDEN: None = None
CLEARED = "cleared"
Cell = Card | None | str  # a value, HIDDEN, or CLEARED


@dataclass(frozen=True)
class Knowledge:
    """The unseen cards: how many of each value, their number, mean and variance."""

    counts: Counter[Card]
    total: int
    mean: float
    variance: float

    @classmethod
    def of(cls, obs: Observation) -> Knowledge:
        counts = +obs.unseen()
        total = sum(counts.values())
        if not total:  # every card seen: only in hand-made positions
            return cls(counts, 0, 0.0, 0.0)
        mean = sum(v * n for v, n in counts.items()) / total
        variance = sum(n * (v - mean) ** 2 for v, n in counts.items()) / total
        return cls(counts, total, mean, variance)

    def chance(self, value: Card) -> float:
        """The chance that an unknown card is ``value``."""
        return self.counts[value] / self.total if self.total else 0.0

    def values(self) -> list[tuple[Card, float]]:
        """Each unseen value with its chance, lowest value first."""
        return [(v, self.chance(v)) for v in sorted(self.counts)]


def cells_of(obs: Observation, seat: int) -> list[Cell]:
    """A seat's grid as cells: its face-up values, ``HIDDEN`` and ``CLEARED``."""
    view = obs.seats[seat]
    gone = set(view.cleared)
    return [CLEARED if p in gone else c for p, c in enumerate(view.cards)]


def column_value(cells: Sequence[Cell], k: Knowledge) -> float:
    """The expected score of one column (three cells) once every card shows.

    Two equal face-up cards over one face-down card clear the column with the
    chance that the unknown card matches them (``SJ-COLUMN``).
    """
    if CLEARED in cells:
        return 0.0
    known = [c for c in cells if isinstance(c, int)]
    unknown = len(cells) - len(known)
    if unknown == 0 and known[0] == known[1] == known[2]:
        return 0.0
    if unknown == 1 and known[0] == known[1]:
        pair = known[0]
        return 2 * pair + k.mean - 3 * pair * k.chance(pair)
    return sum(known) + unknown * k.mean


def grid_value(cells: Sequence[Cell], k: Knowledge) -> float:
    """The expected score of a grid once every card shows (columns counted)."""
    return sum(column_value([cells[p] for p in places], k) for places in COLUMN_PLACES)


def hidden_count(cells: Sequence[Cell]) -> int:
    return sum(1 for c in cells if c is HIDDEN)


def lowest_chance(score: int, others: Sequence[tuple[float, float]]) -> float:
    """The chance that ``score`` is strictly below every other final score, each
    other score roughly normal with the given (mean, variance)."""
    return math.prod(above_chance(score, mean, variance) for mean, variance in others)


def above_chance(x: float, mean: float, variance: float) -> float:
    """The chance that an integer score, roughly normal with the given (mean, variance),
    is above ``x``."""
    sd = math.sqrt(variance + 1.0)  # +1: a known score is still an integer
    return 1.0 - _normal_cdf((x + 0.5 - mean) / sd)


def ending_points(score: int, chance: float, rules: Rules) -> float:
    """The expected round score of ending the round with ``score`` (``SJ-DOUBLE``)."""
    return chance * score + (1.0 - chance) * rules.doubled(score)


def _normal_cdf(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))
