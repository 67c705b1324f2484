"""Bot matches and hint latency for the benchmark, as plain dicts.

Every deal is played twice with the seats swapped (``a`` in the seats where
``b`` sat), so luck of the deal cancels out. With 4 players the seats
alternate ``a b a b`` (then ``b a b a``), each playing for itself: an equal
pair of bots wins half the games. ``a_win_rate`` counts wins over all games
played; drawn (``SB-BLOCKED``) and unfinished games are reported separately
and count as not won. ``ci95`` is the 95% Wilson score interval (:mod:`skipbo_widgets.core.stats`).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from typing import Any

from ...core.stats import percentile, seating, summary, wilson
from ..engine import Game, Observation, Rules, observe
from .hints import hint
from .players import MAX_TURNS, make_bot, play_game
from .search import NODE_LIMIT, search

UNLIMITED = 10**7  # states: more than any turn has
DEFAULT_PAIRS: tuple[tuple[str, str], ...] = (
    ("strong", "medium"), ("strong", "advanced"), ("strong", "beginner"),
    ("advanced", "medium"), ("medium", "beginner"))
DEFAULT_TABLES: tuple[tuple[int, int], ...] = ((2, 30), (2, 20), (4, 30), (4, 20))


def match(a: str, b: str, *, players: int = 2, stock: int = 30, deals: int = 50,
          seed: int = 0, teams: bool = False, max_turns: int = MAX_TURNS) -> dict[str, Any]:
    """``deals`` deals, each played twice with the seats swapped: ``2 * deals`` games.

    With ``teams`` (4 or 6 players) partners sit opposite: with 4 players the
    ``a`` bots play together against the ``b`` bots."""
    rules = Rules(players=players, stock_size=stock, teams=teams)
    wins = draws = unfinished = games = turns = 0
    for deal in range(deals):
        game_seed = f"{seed}/{players}/{stock}/{deal}"
        for swapped in (False, True):
            names = seating(a, b, players, swapped)
            bots = [make_bot(n, seed=f"{game_seed}/{s}/{swapped}") for s, n in enumerate(names)]
            result = play_game(bots, rules, seed=game_seed, dealer=0, max_turns=max_turns)
            games += 1
            turns += result.turns
            if result.outcome is None:
                unfinished += 1
            elif result.outcome.is_draw:
                draws += 1
            elif names[result.outcome.winners[0]] == a:
                wins += 1
    return {
        "a": a, "b": b, "players": players, "stock": stock, "teams": teams, "games": games,
        "a_wins": wins, "a_win_rate": round(wins / games, 4) if games else 0.0,
        "ci95": wilson(wins, games), "draws": draws, "unfinished": unfinished,
        "mean_turns": round(turns / games, 2) if games else 0.0,
    }


def decision_points(*, games: int = 4, players: Iterable[int] = (2, 4), seed: int = 0,
                    max_positions: int = 2000) -> Iterator[Observation]:
    """The learner's view at every decision point of real games (strong against advanced)."""
    count = 0
    for n in players:
        for k in range(games):
            rules = Rules(players=n)
            game = Game.new(rules, seed=f"hint/{seed}/{n}/{k}", dealer=0)
            bots = [make_bot("strong" if s % 2 == 0 else "advanced") for s in range(n)]
            while game.outcome is None and game.turn <= MAX_TURNS and count < max_positions:
                seat = game.current
                obs = observe(game, seat)
                count += 1
                yield obs
                for move in bots[seat].choose_turn(obs):
                    game.push(move, by=seat)
                    if game.outcome is not None or game.current != seat:
                        break


def hint_latency(**positions: Any) -> dict[str, Any]:
    """Time :func:`~skipbo_widgets.skipbo.bots.hints.hint` on every :func:`decision_points`
    position: p50, p99 and max in milliseconds, by the clock and (``cpu_*``) in CPU time
    (``time.process_time``, which other jobs on the machine barely change)."""
    wall: list[float] = []
    cpu: list[float] = []
    for obs in decision_points(**positions):
        start, start_cpu = time.perf_counter(), time.process_time()
        hint(obs)
        cpu.append((time.process_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
    times = summary(cpu)
    return {**summary(wall), **{f"cpu_{k}": v for k, v in times.items() if k != "positions"}}


def search_limit(node_limit: int = NODE_LIMIT, **positions: Any) -> dict[str, Any]:
    """How often the turn search stops at ``node_limit`` states on :func:`decision_points`,
    and what a search without a limit finds there: how many states it needs, how long
    it takes and whether its plan is better."""
    hits = better = 0
    states: list[int] = []
    needed: list[int] = []
    unlimited_ms: list[float] = []
    draw_piles: list[int] = []
    for obs in decision_points(**positions):
        limited = search(obs, node_limit=node_limit)
        states.append(limited.nodes)
        if limited.nodes < node_limit:
            continue
        hits += 1
        draw_piles.append(obs.draw_count)
        start = time.perf_counter()
        full = search(obs, node_limit=UNLIMITED)
        unlimited_ms.append((time.perf_counter() - start) * 1000)
        needed.append(full.nodes)
        better += full.best.value > limited.best.value + 1e-9
    states.sort()
    return {"positions": len(states), "node_limit": node_limit,
            "states_p99": percentile(states, 0.99), "states_max": states[-1] if states else 0,
            "limit_hits": hits,
            "better_without_limit": better, "states_needed": sorted(needed),
            "unlimited_ms": sorted(round(ms, 1) for ms in unlimited_ms),
            "draw_pile_at_hits": sorted(draw_piles)}
