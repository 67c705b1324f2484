"""The engine section: full games, moves, legal_moves, copy, push+pop, and the baseline.

All games are two players, stock 30 (the standard game), play-first (always
the first legal move: stock plays come first), dealer 0, seeds
``seed .. seed + games - 1``. Times are CPU seconds of this process (so that
other work on the machine does not count), the fastest of ``Settings.repeat``
runs, with every check, event and undo record the engine makes. Finished
games are dropped as they end (``games_per_s``); ``games_per_s_kept`` keeps
them all in memory until the run ends, for comparison.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Sequence

from ..skipbo.engine import Game, Move, Rules
from . import Number, Settings
from .baseline import play_first_game

RULES = Rules(players=2, stock_size=30)
DEALER = 0
DEFAULT_GAMES, QUICK_GAMES = 300, 30
POSITION_EVERY = 5          # every 5th position of the recorded games ...
MAX_POSITIONS = 3000        # ... up to this many, for the per-call timings


def play_first(seed: int) -> Game:
    """One whole play-first game (the benchmark's unit of work)."""
    game = Game.new(RULES, seed=seed, dealer=DEALER)
    while game.outcome is None:
        game.push(game.legal_moves()[0])
    return game


def best_time(run: Callable[[], object], repeat: int) -> float:
    """Seconds of the fastest of ``repeat`` runs, each starting after a full collection."""
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def replay_all(seeds: Sequence[int], moves: Sequence[Sequence[Move]]) -> float:
    """Seconds spent in ``push`` replaying recorded games (dealing not counted)."""
    games = [Game.new(RULES, seed=s, dealer=DEALER) for s in seeds]
    start = time.process_time()
    for game, game_moves in zip(games, moves, strict=True):
        push = game.push
        for move in game_moves:
            push(move)
    return time.process_time() - start


def positions_of(seeds: Sequence[int], moves: Sequence[Sequence[Move]], limit: int) -> list[Game]:
    """Copies of positions from real games: every ``POSITION_EVERY``-th before a move."""
    out: list[Game] = []
    for seed, game_moves in zip(seeds, moves, strict=True):
        game = Game.new(RULES, seed=seed, dealer=DEALER)
        for i, move in enumerate(game_moves):
            if i % POSITION_EVERY == 0:
                out.append(game.copy())
                if len(out) >= limit:
                    return out
            game.push(move)
    return out


def per_call_us(positions: list[Game], call: Callable[[Game], object], repeat: int) -> float:
    def run() -> None:
        for game in positions:
            call(game)

    return best_time(run, repeat) / len(positions) * 1e6


def push_pop(game: Game) -> None:
    game.push(game.legal_moves()[0])
    game.pop()


def run(settings: Settings) -> dict[str, Number]:
    n = settings.games_or(DEFAULT_GAMES, QUICK_GAMES)
    seeds = range(settings.seed, settings.seed + n)
    repeat = settings.repeat
    moves: list[list[Move]] = []
    finished: list[Game] = []

    def play_dropped() -> None:
        moves[:] = [play_first(s).move_stack for s in seeds]

    def play_kept() -> None:
        finished[:] = [play_first(s) for s in seeds]

    # Each finished game is dropped at once, as a bot tournament or the app does;
    # keeping them all (as this benchmark once did) makes the garbage collector walk
    # every kept event and undo record again and again.
    games_s = best_time(play_dropped, repeat)
    kept_s = best_time(play_kept, repeat)
    finished.clear()
    total_moves = sum(map(len, moves))
    push_s = min(replay_all(seeds, moves) for _ in range(repeat))

    limit = MAX_POSITIONS // 10 if settings.quick else MAX_POSITIONS
    positions = positions_of(seeds, moves, limit)
    legal_us = per_call_us(positions, Game.legal_moves, repeat)
    copy_us = per_call_us(positions, Game.copy, repeat)
    push_pop_us = per_call_us(positions, push_pop, repeat)

    def baseline_all() -> None:
        for s in seeds:
            play_first_game(RULES.players, RULES.stock_size, s, DEALER)

    baseline_s = best_time(baseline_all, repeat)
    return {
        "games": n,
        "games_per_s": n / games_s,
        "games_per_s_kept": n / kept_s,
        "moves_per_game": total_moves / n,
        "moves_per_s": total_moves / push_s,
        "positions": len(positions),
        "legal_moves_us": legal_us,
        "copy_us": copy_us,
        "push_pop_us": push_pop_us,
        "baseline_games_per_s": n / baseline_s,
        "baseline_ratio": games_s / baseline_s,
    }
