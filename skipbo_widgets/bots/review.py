"""Turn review: how the learner's turn compares with the best reachable end state.

A turn is cut at its chance points (a stock card turned up, five cards drawn
after emptying the hand) into segments; each segment starts from what the
learner could see and is scored like a search leaf. The same end state
reached in another order scores the same, so it is just as good.

Grades, by the value lost against the best plan of the segment (one stock
card is worth 100):

- ``good``: lost less than :data:`INACCURACY` (6: less than the difference
  between a tidy and an untidy discard);
- ``inaccuracy``: lost at least 6 and less than :data:`MISTAKE` (a SKIP-BO card
  spent for nothing, a pile left for the next player's stock card, a poor
  discard);
- ``mistake``: lost at least :data:`MISTAKE` (40: a stock card missed, which is
  worth 100, or several inaccuracies at once).

The turn's grade is the worst grade of its segments.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from ..engine import Move, Observation
from .explain import Explain, Reason
from .search import DEFAULT_WEIGHTS, Plan, Weights, evaluate_line, search

Grade = Literal["good", "inaccuracy", "mistake"]
INACCURACY = 6.0
MISTAKE = 40.0
_ORDER: dict[Grade, int] = {"good": 0, "inaccuracy": 1, "mistake": 2}


@dataclass(frozen=True)
class Review:
    """The grade, the value lost, the reasons and the best plan of the worst segment."""

    grade: Grade
    loss: float
    reasons: tuple[Reason, ...]
    best: tuple[Move, ...]
    #: Which move of the turn the reviewed segment starts at (its observation
    #: is the one to read the reasons against).
    start: int = 0


def grade_of(loss: float) -> Grade:
    """The grade for a loss in value (see the module docstring for the thresholds)."""
    if loss >= MISTAKE:
        return "mistake"
    if loss >= INACCURACY:
        return "inaccuracy"
    return "good"


def review_segment(obs: Observation, moves: Sequence[Move],
                   weights: Weights = DEFAULT_WEIGHTS) -> tuple[Review, int]:
    """Review the moves from ``obs`` up to the first chance point or the turn's end.

    Returns the review and how many of ``moves`` the segment used.
    """
    mine, used = evaluate_line(obs, list(moves), weights)
    best = search(obs, weights).best
    loss = max(0.0, best.value - mine.value)
    grade = grade_of(loss)
    return Review(grade, loss, tuple(_reasons(obs, mine, best, grade)), best.moves), used


def review_turn(steps: Sequence[tuple[Observation, Move]],
                weights: Weights = DEFAULT_WEIGHTS) -> Review:
    """Review a whole turn: each move with the observation the player had just before it.

    The grade and reasons are those of the worst segment.
    """
    if not steps:
        raise ValueError("a turn has at least one move")
    worst: Review | None = None
    i = 0
    while i < len(steps):
        obs = steps[i][0]
        review, used = review_segment(obs, [m for _, m in steps[i:]], weights)
        review = replace(review, start=i)
        i += used
        if worst is None or (_ORDER[review.grade], review.loss) > (
                _ORDER[worst.grade], worst.loss):
            worst = review
    if worst is None:
        raise ValueError("a turn has at least one move")
    return worst


def _reasons(obs: Observation, mine: Plan, best: Plan, grade: Grade) -> list[Reason]:
    if grade == "good":
        return [(Explain.GOOD_TURN, {})]
    a, b = mine.features, best.features
    out: list[Reason] = []
    if b.won and not a.won:
        out.append((Explain.MISSED_WIN, {}))
    missed = (b.stock_played + b.partner_stock_played) - (a.stock_played + a.partner_stock_played)
    if missed > 0 and not (b.won and not a.won):
        out.append((Explain.MISSED_STOCK, {"count": missed}))
    if b.kind == "refill_chance" and a.kind != "refill_chance" and missed <= 0:
        out.append((Explain.MISSED_REFILL, {}))
    if a.wilds_spent > b.wilds_spent:
        out.append((Explain.WASTED_WILD, {"count": a.wilds_spent - b.wilds_spent}))
    nxt = (obs.seat + 1) % obs.rules.players
    a_gives = {s: n for s, n in a.gives}
    b_gives = {s: n for s, n in b.gives}
    if nxt in a_gives and nxt not in b_gives and a.kind in ("discard", "end"):
        out.append((Explain.GAVE_NEXT, {"seat": nxt, "needs": a_gives[nxt]}))
    if (a.discard_card is not None and a.discard_pile is not None and b.kind == "discard"
            and (a.discard_card, a.discard_shape) != (b.discard_card, b.discard_shape)):
        out.append((Explain.POOR_DISCARD, {"card": a.discard_card, "pile": a.discard_pile}))
    out.append((Explain.BETTER_PLAN, {"moves": [str(m) for m in best.moves]}))
    return out
