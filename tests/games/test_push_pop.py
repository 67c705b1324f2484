"""``pop`` takes back exactly what ``push`` did, over seeded random play-outs of every
game: after each push and pop of every legal move (a few hundred positions a game) the
state key (cards, random state, events, move stack) is the one before, and a whole
play-out popped back to its deal is the fresh deal again."""

from __future__ import annotations

from .described import Described, many_positions, playout

SEEDS = range(4)


def test_pop_restores_the_state_before_every_push(game: Described) -> None:
    positions = moves = 0
    for g in many_positions(game, 300, every=2):
        positions += 1
        before, events = g.state_key(), len(g.events)
        for move in g.legal_moves():
            g.push(move)
            assert g.pop() == move
            assert g.state_key() == before, f"pop after {move} left another state"
            assert len(g.events) == events
            moves += 1
    assert positions >= 300 and moves > 2 * positions


def test_a_whole_play_out_pops_back_to_its_deal(game: Described) -> None:
    for players in game.player_counts:
        for seed in SEEDS:
            fresh = game.new_game(players, seed).state_key()
            g = game.new_game(players, seed)
            for _ in playout(g, seed):  # moves g on to the play-out's end
                pass
            assert g.move_stack
            while g.move_stack:
                g.pop()
            assert g.state_key() == fresh
