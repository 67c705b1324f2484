"""The ``hint``, ``search_limit`` and ``matches`` sections: hint latency, how often
the hint search stops at its state limit, and bot-against-bot matches.

Matches play every deal twice with the seats swapped (``--games N`` games per
pairing and table, so ``N // 2`` deals), at stock 30 and 20 with 2 and 4
players; see :mod:`skipbo_widgets.skipbo.bots.tournament` for the win rate with its
95% Wilson interval and how draws and unfinished games are counted.
"""

from __future__ import annotations

import os
from typing import Any

from ..skipbo.bots.tournament import (
    DEFAULT_PAIRS,
    DEFAULT_TABLES,
    hint_latency,
    match,
    search_limit,
)
from . import Settings

DEFAULT_GAMES, QUICK_GAMES = 100, 10


def hint(settings: Settings) -> dict[str, Any]:
    """Milliseconds per hint (p50, p99, max; by the clock and in CPU time) over the
    learner's positions of real games, and the load average they were measured under."""
    load = os.getloadavg()[0]
    return {**hint_latency(games=1 if settings.quick else 4, seed=settings.seed),
            "load_avg_1min_before": round(load, 1)}


def limit(settings: Settings) -> dict[str, Any]:
    """The hint search's state limit on the positions of :func:`hint` (see docs/benchmarks.md)."""
    return search_limit(games=1 if settings.quick else 4, seed=settings.seed)


def matches(settings: Settings) -> list[dict[str, Any]]:
    deals = max(1, settings.games_or(DEFAULT_GAMES, QUICK_GAMES) // 2)
    return [match(a, b, players=n, stock=s, deals=deals, seed=settings.seed)
            for a, b in DEFAULT_PAIRS for n, s in DEFAULT_TABLES]
