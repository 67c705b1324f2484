"""Determinized games hold completed piles as a real game does (1 … 12, wild cards)."""

from __future__ import annotations

import random

from skipbo_widgets.skipbo.bots.determinize import determinize
from skipbo_widgets.skipbo.engine import Game, Rules, observe


def test_a_determinized_game_has_real_completed_piles() -> None:
    rng = random.Random(3)
    game = Game.new(Rules(players=2, stock_size=5), seed=3)
    while len(game.completed) < 24 and not game.is_over:
        moves = game.legal_moves()
        plays = [m for m in moves if m.is_play]
        game.push(rng.choice(plays or moves))
    assert len(game.completed) >= 24
    obs = observe(game, game.current)
    for seed in range(20):
        fake = determinize(obs, random.Random(seed))  # from_position checks every pile
        assert len(fake.completed) == len(game.completed) and fake.card_count() == 162
        assert all(card in (0, i % 12 + 1) for i, card in enumerate(fake.completed))
