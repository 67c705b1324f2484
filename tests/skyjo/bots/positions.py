"""Decision points of real Skyjo rounds, with the dealer's round to check claims on."""

from __future__ import annotations

import random
from collections.abc import Iterator

from skipbo_widgets.skyjo.bots import make_bot
from skipbo_widgets.skyjo.engine import Round, Rules, from_position

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


def redealt(r: Round, seed: int) -> Round:
    """The same round as every seat sees it, with the unseen cards dealt anew."""
    unseen = [c for g, up in zip(r.grids, r.face_up, strict=True)
              for c, u in zip(g, up, strict=True) if c is not None and not u] + r.draw_pile
    random.Random(seed).shuffle(unseen)
    grids = []
    for g, up in zip(r.grids, r.face_up, strict=True):
        slots = []
        for c, u in zip(g, up, strict=True):
            slots.append(None if c is None else (c, True) if u else (unseen.pop(), False))
        grids.append(slots)
    return from_position(r.rules, grids=grids, discard=r.discard, draw_pile=unseen,
                         phase=r.phase, current=r.current, turn=r.turn, first=r.first,
                         drawn=r.drawn, ender=r.ender)
