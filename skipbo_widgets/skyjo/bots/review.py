"""Turn review: a move graded by the expected points it lost against the best one.

The values are the strong bot's (:mod:`.options`), from what the player could
see before the move. ``good``: lost less than :data:`INACCURACY` (1.5
points, less than a card of average worth kept a little too long);
``inaccuracy``: less than :data:`MISTAKE` (4 points); ``mistake``: more.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..engine import Move, Observation
from .explain import Explain, Reason
from .hints import explain
from .options import choices

Grade = Literal["good", "inaccuracy", "mistake"]
INACCURACY = 1.5
MISTAKE = 4.0


@dataclass(frozen=True)
class Review:
    """The grade, the expected points lost, the reasons and the best move."""

    grade: Grade
    loss: float
    reasons: tuple[Reason, ...]
    best: Move


def grade_of(loss: float) -> Grade:
    if loss >= MISTAKE:
        return "mistake"
    return "inaccuracy" if loss >= INACCURACY else "good"


def review_move(obs: Observation, move: Move) -> Review:
    """Review ``move``, made from ``obs`` (the player's observation just before it)."""
    table = choices(obs)
    best = table.best
    mine = table.of(move)
    loss = max(0.0, mine.value - best.value)
    grade = grade_of(loss)
    if grade == "good":
        return Review(grade, loss, ((Explain.GOOD, {}),), best.move)
    lost: Reason = (Explain.LOST, {"points": round(loss, 1), "best": str(best.move)})
    return Review(grade, loss, (lost, *explain(obs, table)), best.move)
