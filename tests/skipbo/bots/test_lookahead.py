"""The experimental look-ahead: only the observation, never a stock card given up,
and a simulated next turn that follows the advanced bot move for move."""

from __future__ import annotations

import random

import pytest
from bot_positions import TABLES, decision_points

from skipbo_widgets.skipbo.bots import determinize, make_bot, search
from skipbo_widgets.skipbo.bots.lookahead import _greedy_turn, _Side, lookahead
from skipbo_widgets.skipbo.engine import Game, Rules, observe
from skipbo_widgets.skipbo.engine.events import Drew, Played


@pytest.mark.slow
def test_the_lookahead_sees_only_the_observation_and_keeps_stock_plays() -> None:
    rng = random.Random(11)
    checked = changed = 0
    for rules, levels in TABLES[:3]:
        for _game, obs in decision_points(rules, levels, seed="lookahead", limit=120):
            other = determinize(obs, rng)
            assert observe(other, obs.seat) == obs
            plan = lookahead(obs).best
            assert plan == lookahead(observe(other, obs.seat)).best
            assert plan.moves[0] in obs.legal_moves
            best = search(obs).best
            if not best.ends_turn:  # a stock card played or five cards drawn: kept
                assert plan == best
            changed += plan != best
            checked += 1
    assert checked > 200
    assert changed > 0  # the look-ahead really chose differently somewhere


def test_the_simulated_next_turn_plays_the_advanced_bots_stock_cards() -> None:
    # The real advanced bot's turns against the simulation fed with the real cards
    # (its stock cards in the order they turn up); turns in which the advanced bot
    # empties its hand and draws are left out, as the simulation draws from the
    # same stream as the stock cards.
    compared = 0
    for k in range(8):
        game = Game.new(Rules(players=2), seed=f"greedy/{k}", dealer=0)
        bots = [make_bot("strong"), make_bot("advanced")]
        while game.outcome is None:
            seat = game.current
            side = _Side(game.stocks[seat][-1], len(game.stocks[seat]),
                         [p[:] for p in game.discards[seat]], game.hands[seat][:])
            lengths = [len(p) for p in game.building]
            stream = [*reversed(game.stocks[seat][:-1])]
            played, drew = 0, False
            while game.outcome is None and game.current == seat:
                for move in bots[seat].choose_turn(observe(game, seat)):
                    for e in game.push(move, by=seat):
                        played += isinstance(e, Played) and e.source == "s"
                        drew |= isinstance(e, Drew) and e.seat == seat and e.empty_hand
                    if game.outcome is not None or game.current != seat:
                        break
            if seat == 1 and not drew:
                won = game.outcome is not None and game.outcome.winners == (1,)
                assert _greedy_turn(lengths, side, stream, 200) == (played, won)
                compared += 1
    assert compared > 200
