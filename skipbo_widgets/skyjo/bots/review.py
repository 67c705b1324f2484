"""Turn review: a move graded by the expected points it lost against the best one.

The grade and the best move are the strong bot's (:mod:`.options`), from what the
player could see before the move. The points the review says are the player's
own: the same move against the best one valued by the player's own final points
of the round (``choices(..., own=True)``: play-outs showed the bot's values,
which count what a move gives the others and not that a known high card may
still be replaced, overstate that about 2.5 times). They are said in whole
points, when at least 2 and of a kind play-outs back (:func:`measurable`); else the
review names the best move only. ``good``: lost
less than :data:`INACCURACY` (1.5 points, less than a card of average worth kept
a little too long);
``inaccuracy``: less than :data:`MISTAKE` (4 points); ``mistake``: more.
In a match, when ending the round may end the game, an ending move's value
counts the chance to win the game (:mod:`.standing`), so a move that throws
the game away is a mistake even if it saves points.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ...core.stats import Grade, grade
from ..engine import Move, Observation
from ..engine.moves import column_of, column_places
from .explain import Explain, Reason
from .hints import explain, whole
from .options import Table, choices

INACCURACY = 1.5
MISTAKE = 4.0


class Review(NamedTuple):
    """A reviewed ``move``: its grade and expected points lost against ``best``, and why."""

    move: Move
    best: Move
    loss: float
    grade: Grade
    reasons: tuple[Reason, ...]
    #: What the move costs in the player's own points of the round (0.0 when ``good``).
    points: float = 0.0


def grade_of(loss: float) -> Grade:
    return grade(loss, INACCURACY, MISTAKE)


def review_move(obs: Observation, move: Move, totals: Sequence[int] | None = None, *,
                table: Table | None = None) -> Review:
    """Review ``move``, made from ``obs`` (the player's observation just before it), in a
    match whose seats had ``totals`` before this round (``None``: a single round);
    ``table``: ``choices(obs, totals)`` when the caller has it already."""
    table = table or choices(obs, totals)
    best = table.best
    mine = table.of(move)
    loss = max(0.0, mine.value - best.value)
    verdict = grade_of(loss)
    if verdict == "good":
        return Review(move, best.move, loss, verdict, ((Explain.GOOD, {}),))
    points = own_cost(obs, move, best.move)
    said = whole(points) >= 2 and measurable(obs, move) and measurable(obs, best.move)
    lost: Reason = (Explain.LOST, {"points": whole(points), "best": str(best.move)}) \
        if said else (Explain.BETTER, {"best": str(best.move)})
    return Review(move, best.move, loss, verdict, (lost, *explain(obs, table)), points)


def measurable(obs: Observation, move: Move) -> bool:
    """Whether play-outs found the own cost of moves like ``move`` near enough to say it:
    not when it puts its card beside an equal face-up card of its column (the hope of
    clearing the column is valued poorly), nor over a lower face-up card (the chance to
    replace that card later is overrated): docs/benchmarks.md, "What a Skyjo move costs"."""
    if move.kind not in ("swap", "take"):
        return True
    card = obs.drawn if move.kind == "swap" else obs.discard_top
    old = obs.me.cards[move.place]
    column = [obs.me.cards[p] for p in column_places(column_of(move.place)) if p != move.place]
    return card not in column and not (old is not None and card is not None and old < card)


def own_cost(obs: Observation, move: Move, best: Move) -> float:
    """What ``move`` costs against ``best`` in the player's own expected points of the
    round (:func:`.options.choices` ``own``)."""
    table = choices(obs, own=True)
    return table.of(move).value - table.of(best).value


def review_turn(steps: Sequence[tuple[Observation, Move]],
                totals: Sequence[int] | None = None) -> Review:
    """Review a whole turn (``draw`` then ``swap``/``drop``, or one ``take``): each move
    with the observation just before it; the turn gets its worst move's review."""
    if not steps:
        raise ValueError("a turn has at least one move")
    return max((review_move(obs, move, totals) for obs, move in steps), key=lambda r: r.loss)
