"""Building up to the stock card: which building pile to aim at, for the bots' play policies."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import WILD
from ..engine.cards import Card


def bridge_target(needs: Sequence[int], top: Card, hand: Sequence[int],
                  discards: Sequence[Sequence[Card]]) -> int | None:
    """The building pile to build up to the stock card ``top`` that needs the fewest
    SKIP-BO cards (then the fewest cards), from the hand counts and the discard tops;
    ``None`` if none can reach it."""
    have = list(hand)
    for discard in discards:
        if discard:
            have[discard[-1]] += 1
    best: tuple[int, int] | None = None
    target = None
    for pile, need in enumerate(needs):
        if need > top:
            continue
        missing = sum(1 for v in range(need, top) if not have[v])
        if missing <= have[WILD] and (best is None or (missing, top - need) < best):
            best = (missing, top - need)
            target = pile
    return target
