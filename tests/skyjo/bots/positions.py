"""Decision points of real Skyjo rounds, with the dealer's round to check claims on."""

from __future__ import annotations

from collections.abc import Iterator

from skipbo_widgets.skyjo.bots import make_bot
from skipbo_widgets.skyjo.engine import Round, Rules

LINEUPS = {2: ("strong", "medium"), 4: ("strong", "medium", "beginner", "medium")}


def decision_points(rounds: int = 6, players: tuple[int, ...] = (2, 4),
                    doubling: str = "always") -> Iterator[Round]:
    """The round before every move (yielded live: copy it before changing it)."""
    for n in players:
        bots = [make_bot(level) for level in LINEUPS[n]]
        for seed in range(rounds):
            r = Round.new(Rules(players=n, doubling=doubling), seed=f"pos/{seed}")  # type: ignore[arg-type]
            while r.outcome is None:
                yield r
                r.push(bots[r.current].choose_move(r.observe(r.current)), by=r.current)
