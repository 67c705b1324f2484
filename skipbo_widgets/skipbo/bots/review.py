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

from ...core.stats import Grade, grade
from ..engine import WILD, Move, Observation
from ..engine.cards import TOP_VALUE, Card
from .explain import Explain, Reason
from .search import DEFAULT_WEIGHTS, Plan, Weights, best_ending, evaluate_line, search

INACCURACY = 6.0
MISTAKE = 40.0
_ORDER: dict[Grade, int] = {"good": 0, "inaccuracy": 1, "mistake": 2}
# A discard is called poor only when another discard after the same plays was
# worth this much more (less is a matter of taste between tidy discards).
_DISCARD_SLACK = 1.0


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
    return grade(loss, INACCURACY, MISTAKE)


def review_segment(obs: Observation, moves: Sequence[Move],
                   weights: Weights = DEFAULT_WEIGHTS) -> tuple[Review, int]:
    """Review the moves from ``obs`` up to the first chance point or the turn's end.

    Returns the review and how many of ``moves`` the segment used.
    """
    mine, used = evaluate_line(obs, list(moves), weights)
    best = search(obs, weights).best
    loss = max(0.0, best.value - mine.value)
    grade = grade_of(loss)
    ending = None
    if grade != "good" and mine.moves and mine.moves[-1].is_discard:
        ending = best_ending(obs, list(mine.moves[:-1]), weights)
    reasons = _reasons(obs, mine, best, grade, ending)
    return Review(grade, loss, tuple(reasons), best.moves), used


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


def _reasons(obs: Observation, mine: Plan, best: Plan, grade: Grade,
             ending: Plan | None) -> list[Reason]:
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
    view = obs.seats[nxt]
    top = view.stock_top
    if (a.kind in ("discard", "end") and top is not None and top != WILD
            and obs.rules.team(nxt) != obs.rules.team(obs.seat)
            and discards_reach(_needs_after(obs, mine.moves), view.discards, top)
            and not discards_reach(_needs_after(obs, best.moves), view.discards, top)):
        out.append((Explain.GAVE_NEXT, {"seat": nxt, "needs": top}))
    # only a discard that was worse than another one after the same plays
    if (a.discard_card is not None and a.discard_pile is not None and ending is not None
            and ending.value > mine.value + _DISCARD_SLACK):
        out.append((Explain.POOR_DISCARD, {"card": a.discard_card, "pile": a.discard_pile}))
    out.append((Explain.BETTER_PLAN, {"moves": [str(m) for m in best.moves]}))
    return out


def _needs_after(obs: Observation, moves: Sequence[Move]) -> list[int]:
    heights = [len(p) for p in obs.building]
    for m in moves:
        if m.is_play:
            heights[m.pile] = (heights[m.pile] + 1) % TOP_VALUE
    return [h + 1 for h in heights]


def discards_reach(needs: Sequence[int], piles: Sequence[Sequence[Card]], target: Card) -> bool:
    """True if some building pile needs ``target`` now, or the discard piles alone (each
    top, then the card under it, in any order and onto any piles) can bring one there.

    >>> discards_reach([3, 12], [[5, 4], [12]], 1)  # the 12 completes a pile: it needs 1
    True
    >>> discards_reach([3], [[4, 5]], 6)  # the 5 lies on the 4
    False
    """
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()

    def walk(needs: tuple[int, ...], sizes: tuple[int, ...]) -> bool:
        if target in needs:
            return True
        key = (tuple(sorted(needs)), sizes)
        if key in seen:
            return False
        seen.add(key)
        for d, size in enumerate(sizes):
            if not size:
                continue
            card = piles[d][size - 1]
            for b, need in enumerate(needs):
                if card != WILD and card != need:
                    continue
                after = (*needs[:b], need % TOP_VALUE + 1, *needs[b + 1:])
                if walk(after, (*sizes[:d], size - 1, *sizes[d + 1:])):
                    return True
        return False

    return walk(tuple(needs), tuple(len(p) for p in piles))
