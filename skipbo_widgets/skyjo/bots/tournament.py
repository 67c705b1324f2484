"""Skyjo bot matches and hint latency for the benchmark, as plain dicts.

A match plays whole games to 100 (``SJ-GAME-END``). Every deal is played
once with ``a`` in each seat and ``b`` in all the others (with 2 players:
the seats swapped), so the luck of the deal and of the seat cancels out;
an equal ``a`` wins ``1 / players`` of the games. Tied winners share a win
(``SJ-GAME-END``): a game ``a`` wins with one other counts 1/2. ``ci95`` is
the 95% Wilson score interval (:mod:`skipbo_widgets.core.stats`), and the
mean round scores are over every round each side played. Besides the levels,
``"reference"`` names the one-step expected-value player (:mod:`.reference`).
With ``timed=True`` the line also gives ``a``'s decisions in CPU milliseconds
(``time.process_time``): each move it chose, and the hint for the same position.

>>> result = match("strong", "beginner", deals=1)
>>> result["games"], result["a"], 0 <= result["a_win_rate"] <= 1
(2, 'strong', True)
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from ...core.stats import latency, summary, wilson
from ..engine import Match, Move, Observation, Round, Rules
from .hints import hint
from .players import Bot, make_bot, play_match
from .reference import OneStepBot


def bench_bot(name: str) -> Bot:
    """A level's bot (:func:`make_bot`), or ``"reference"``: the one-step player."""
    return OneStepBot() if name == OneStepBot.name else make_bot(name)


class _Timed:
    """A bot whose every move, and the hint for the same position, is timed in CPU time."""

    def __init__(self, bot: Bot, moves: list[float], hints: list[float]) -> None:
        self.bot, self.name, self.moves, self.hints = bot, bot.name, moves, hints

    def choose_move(self, obs: Observation, totals: Sequence[int] | None = None) -> Move:
        start = time.process_time()
        move = self.bot.choose_move(obs, totals)
        middle = time.process_time()
        hint(obs, totals)
        self.moves.append((middle - start) * 1000)
        self.hints.append((time.process_time() - middle) * 1000)
        return move


def lineups(a: str, b: str, players: int) -> list[list[str]]:
    """``a`` in each seat in turn, ``b`` in all the others."""
    return [[a if s == k else b for s in range(players)] for k in range(players)]


def match(a: str, b: str, *, players: int = 2, deals: int = 50, seed: int = 0,
          timed: bool = False) -> dict[str, Any]:
    """``deals`` deals, each played ``players`` times (``a`` in each seat once)."""
    rules = Rules(players=players)
    wins = 0.0
    games = 0
    a_rounds: list[int] = []
    b_rounds: list[int] = []
    moves_ms: list[float] = []
    hints_ms: list[float] = []
    for deal in range(deals):
        for names in lineups(a, b, players):
            bots = [_Timed(bench_bot(n), moves_ms, hints_ms) if timed and n == a
                    else bench_bot(n) for n in names]
            game: Match = play_match(bots, rules, seed=f"{seed}/{players}/{deal}")
            games += 1
            leaders = game.leaders
            wins += sum(1 for s in leaders if names[s] == a) / len(leaders)
            for outcome in game.results:
                for s, score in enumerate(outcome.scores):
                    (a_rounds if names[s] == a else b_rounds).append(score)
    line = {
        "a": a, "b": b, "players": players, "games": games,
        "a_win_rate": round(wins / games, 4) if games else 0.0, "ci95": wilson(wins, games),
        "a_mean_round": _mean(a_rounds), "b_mean_round": _mean(b_rounds),
    }
    if timed:
        line |= _cpu("move", moves_ms) | _cpu("hint", hints_ms)
    return line


def _cpu(what: str, times: list[float]) -> dict[str, Any]:
    """:func:`~...core.stats.summary` under ``what``'s names (``moves``, ``move_p50_ms``...)."""
    return {(f"{what}s" if key == "positions" else f"{what}_{key}"): value
            for key, value in summary(times).items()}


def _mean(values: list[int]) -> float:
    return round(sum(values) / len(values), 2) if values else 0.0


def decision_points(*, rounds: int = 4, players: Iterable[int] = (2, 4),
                    seed: int = 0) -> Iterator[Observation]:
    """The learner's view before every move of real rounds (a strong bot against mediums)."""
    for n in players:
        for k in range(rounds):
            r = Round.new(Rules(players=n), seed=f"hint/{seed}/{n}/{k}")
            bots = [make_bot("strong" if s == 0 else "medium") for s in range(n)]
            while r.outcome is None:
                obs = r.observe(r.current)
                yield obs
                r.push(bots[r.current].choose_move(obs), by=r.current)


def hint_latency(**positions: Any) -> dict[str, Any]:
    """Milliseconds per :func:`~.hints.hint` over :func:`decision_points`: p50, p99, max."""
    return latency(hint, decision_points(**positions))
