"""A seat's observation comes back as the engine's own object, and its stand-in game
agrees with everything the seat sees (issue 23: the page's kernel plays from nothing else)."""

from __future__ import annotations

import random

import pytest

from skipbo_widgets.rooms.seat_games import SEAT_GAMES
from skipbo_widgets.skipbo.engine import Game, Rules, observe
from skipbo_widgets.skyjo.engine import Round
from skipbo_widgets.skyjo.engine import Rules as SkyjoRules


@pytest.mark.parametrize("players", [2, 3, 8])
def test_a_skyjo_seat_sees_the_same_from_its_stand_in(players: int) -> None:
    seat_game = SEAT_GAMES["skyjo"]
    for seed in range(6):
        rnd = Round.new(SkyjoRules(players=players), seed=seed,
                        starter=seed % players if seed % 2 else None)
        rng = random.Random(seed)
        while True:
            for seat in range(players):
                obs = seat_game.observation(rnd.observe(seat).to_dict())
                assert obs == rnd.observe(seat)
                stand_in = seat_game.stand_in(obs)
                if rnd.outcome is None:
                    assert stand_in is not None and stand_in.observe(seat) == obs
                else:
                    assert stand_in is None
            if rnd.outcome is not None:
                break
            rnd.push(rng.choice(rnd.legal_moves()))


@pytest.mark.parametrize(("players", "teams"), [(2, False), (3, False), (4, True)])
def test_a_skipbo_seat_sees_the_same_from_its_stand_in(players: int, teams: bool) -> None:
    seat_game = SEAT_GAMES["skipbo"]
    for seed in range(3):
        game = Game.new(Rules(players=players, teams=teams, stock_size=5), seed=seed)
        rng = random.Random(seed)
        for step in range(300):
            if game.outcome is not None:
                break
            for seat in range(players):
                obs = seat_game.observation(observe(game, seat).to_dict())
                assert obs == observe(game, seat)
                if step % 9 == 0:
                    stand_in = seat_game.stand_in(obs)
                    assert stand_in is not None and observe(stand_in, seat) == obs
            game.push(rng.choice(game.legal_moves()))


def test_the_stand_in_holds_no_hidden_card_of_the_real_game() -> None:
    """Made up from the unseen cards: another seat's hand is not the real one."""
    game = Game.new(Rules(players=2), seed=11)
    stand_in = SEAT_GAMES["skipbo"].stand_in(SEAT_GAMES["skipbo"].observation(
        observe(game, game.current).to_dict()))
    assert stand_in is not None
    other = 1 - game.current
    assert stand_in.stocks[other][:-1] != game.stocks[other][:-1]
