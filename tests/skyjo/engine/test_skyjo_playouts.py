"""10,000 seeded random rounds over 2-8 players and both doubling rules.

Every round ends; all 150 cards are accounted for after every move; every
legal move is accepted; undo restores the state exactly (one push and pop at
a random point of every round, and every move taken back in every 25th round).
About 20 s of CPU; skip it while developing with ``-m "not slow"``.
"""

from __future__ import annotations

import random

import pytest

from skipbo_widgets.skyjo.engine import DECK_COUNTS, Round, Rules
from skipbo_widgets.skyjo.engine.rules import DOUBLINGS, GRID

ROUNDS = 10_000
CONFIGS = [Rules(players=n, doubling=d) for n in range(2, 9) for d in DOUBLINGS]
MAX_MOVES = 5_000  # far more than any round needs: a round that passes it never ends


def card_count(r: Round) -> int:
    return (len(r.draw_pile) + len(r.discard) + (r.drawn is not None)
            + sum(GRID - g.count(None) for g in r.grids))


def play_round(rules: Rules, seed: int, undo_all: bool) -> Round:
    rng = random.Random(seed)
    r = Round.new(rules, seed=seed)
    start = r.state_key()
    probe = rng.randrange(30)
    moves = 0
    while r.outcome is None:
        legal = r.legal_moves()
        move = rng.choice(legal)
        if moves == probe:
            before = r.state_key()
            r.push(move)
            assert r.pop() == move and r.state_key() == before, (rules, seed, move)
        r.push(move)
        moves += 1
        assert card_count(r) == 150 and moves < MAX_MOVES, (rules, seed)
    assert r.all_cards() == DECK_COUNTS and r.phase == "over" and not r.legal_moves()
    assert sum(r.outcome.scores) == sum(c for g in r.grids for c in g if c is not None) + (
        r.outcome.scores[r.outcome.ender] // 2 if r.outcome.doubled else 0)
    if undo_all:
        end = r.position_key()
        played = r.move_stack
        while r.move_stack:
            r.pop()
        assert r.state_key() == start, (rules, seed)
        for move in played:  # replayed from the seed and the moves: the same round
            r.push(move)
        assert r.position_key() == end
    return r


@pytest.mark.slow
@pytest.mark.rule("SJ-DECK", "SJ-LAST-TURNS", "SJ-RESHUFFLE")
@pytest.mark.parametrize("part", range(4))
def test_random_rounds_end_with_every_card_accounted_for(part: int) -> None:
    endings = set()
    for seed in range(part, ROUNDS, 4):
        rules = CONFIGS[seed % len(CONFIGS)]
        r = play_round(rules, seed, undo_all=seed % 25 == 0)
        assert r.outcome is not None
        endings.add(r.outcome.doubled)
    assert endings == {True, False}  # both kinds of ending happen
