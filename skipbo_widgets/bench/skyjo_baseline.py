"""A minimal Skyjo simulator, only for comparison in the benchmark.

It plays the same random rounds as the engine (the same deal, the same legal
moves in the same order, one generator for the choices and the round's own
for shuffles) with none of the engine's features: no move objects, no
checks, no events, no undo. A test checks that it ends with the engine's scores.
"""

from __future__ import annotations

import random

from ..skyjo.engine.cards import full_deck

_GRID, _COLUMNS = 12, 4


def random_round(players: int, seed: int) -> tuple[int, ...]:
    """One round, every move ``random.Random(seed).choice`` of the legal moves; the scores
    (the sheet's doubling rule)."""
    rng, choose = random.Random(seed), random.Random(seed)
    deck = full_deck()
    rng.shuffle(deck)
    grids: list[list[int | None]] = [[] for _ in range(players)]
    for _ in range(_GRID):
        for grid in grids:
            grid.append(deck.pop())
    discard, draw = [deck.pop()], deck
    up = [[False] * _GRID for _ in range(players)]
    for seat in range(players):  # the set-up: two cards each, seat 0 first
        for _ in range(2):
            hidden = [p for p in range(_GRID) if not up[seat][p]]
            up[seat][hidden[choose.choice(range(len(hidden)))]] = True
    sums = [sum(c for c, u in zip(g, up[s], strict=True) if u and c is not None)
            for s, g in enumerate(grids)]
    seat, ender = sums.index(max(sums)), -1
    while seat != ender:
        grid, shown = grids[seat], up[seat]
        present = [p for p in range(_GRID) if grid[p] is not None]
        i = choose.choice(range(1 + len(present)))  # 0: draw, else take
        if i:
            place, card = present[i - 1], discard.pop()
        else:
            if not draw:
                draw[:] = discard[:-1]
                del discard[:-1]
                rng.shuffle(draw)
            card = draw.pop()
            hidden = [p for p in present if not shown[p]]
            j = choose.choice(range(len(present) + len(hidden)))  # swap, else drop
            place = present[j] if j < len(present) else hidden[j - len(present)]
        if i or j < len(present):
            discard.append(grid[place])  # type: ignore[arg-type]
            grid[place] = card
        else:
            discard.append(card)
        shown[place] = True
        _clear(grid, shown, place // 3, discard)
        if ender < 0 and all(shown[p] for p in present if grid[p] is not None):
            ender = seat
        seat = (seat + 1) % players
    for grid, shown in zip(grids, up, strict=True):
        shown[:] = [True] * _GRID
        for column in range(_COLUMNS):
            _clear(grid, shown, column, discard)
    scores = [sum(c for c in grid if c is not None) for grid in grids]
    if any(s <= scores[ender] for k, s in enumerate(scores) if k != ender):
        scores[ender] *= 2
    return tuple(scores)


def _clear(grid: list[int | None], shown: list[bool], column: int, discard: list[int]) -> None:
    a, b, c = range(column * 3, column * 3 + 3)
    if grid[a] is not None and shown[a] and shown[b] and shown[c] and grid[a] == grid[b] == grid[c]:
        discard += [grid[a]] * 3  # type: ignore[list-item]
        grid[a] = grid[b] = grid[c] = None
