"""Positions from real, seeded bot games, shared by the bot tests."""

from __future__ import annotations

from collections.abc import Iterator

from skipbo_widgets.skipbo.bots import make_bot
from skipbo_widgets.skipbo.engine import Game, Observation, Rules, observe

TABLES = [
    (Rules(players=2), ("strong", "advanced")),
    (Rules(players=2, stock_size=10), ("strong", "beginner")),
    (Rules(players=3, stock_size=15), ("medium", "strong", "beginner")),
    (Rules(players=4, teams=True, stock_size=15), ("strong", "advanced", "strong", "medium")),
    (Rules(players=6, stock_size=10), ("strong", "medium", "beginner", "advanced", "medium",
                                       "beginner")),
]


def decision_points(rules: Rules, levels: tuple[str, ...], seed: str,
                    limit: int = 10_000) -> Iterator[tuple[Game, Observation]]:
    """Each time a seat has to decide: a copy of the real game and that seat's view."""
    game = Game.new(rules, seed=seed, dealer=0)
    bots = [make_bot(level, seed=f"{seed}/{s}") for s, level in enumerate(levels)]
    count = 0
    while game.outcome is None and count < limit:
        seat = game.current
        obs = observe(game, seat)
        yield game.copy(), obs
        count += 1
        for move in bots[seat].choose_turn(obs):
            game.push(move, by=seat)
            if game.outcome is not None or game.current != seat:
                break
