"""The Skyjo sections: the engine (random rounds of 4 players, and the baseline),
hint latency and bot matches (:mod:`skipbo_widgets.skyjo.bots.tournament`).

The engine section: every move is ``random.Random(seed).choice(round.legal_moves())`` (the set-up
reveals included), seeds ``seed .. seed + rounds - 1``, the sheet's doubling
rule. Times are CPU seconds of this process, the fastest of
``Settings.repeat`` runs, with every check, event and undo record the engine
makes; the baseline (:mod:`.skyjo_baseline`) plays the same rounds bare.
"""

from __future__ import annotations

import random
from typing import Any

from ..skyjo.bots.tournament import hint_latency, match
from ..skyjo.engine import Round, Rules
from . import Number, Settings
from .engine import best_time
from .skyjo_baseline import random_round

RULES = Rules(players=4)
DEFAULT_ROUNDS, QUICK_ROUNDS = 2000, 200


def play_random(seed: int, rules: Rules = RULES) -> Round:
    """One whole random round (the section's unit of work)."""
    r, choose = Round.new(rules, seed=seed), random.Random(seed)
    while r.outcome is None:
        r.push(choose.choice(r.legal_moves()))
    return r


def run(settings: Settings) -> dict[str, Number]:
    n = settings.games_or(DEFAULT_ROUNDS, QUICK_ROUNDS)
    seeds = range(settings.seed, settings.seed + n)
    #: Only each round's length is kept: kept rounds (their events and undo records)
    #: would make the garbage collector slow the timed run, as for Skip-Bo's section.
    lengths: list[int] = []

    def play_all() -> None:
        lengths[:] = [len(play_random(s).move_stack) for s in seeds]

    def baseline_all() -> None:
        for s in seeds:
            random_round(RULES.players, s)

    rounds_s = best_time(play_all, settings.repeat)
    baseline_s = best_time(baseline_all, settings.repeat)
    moves = sum(lengths)
    return {
        "rounds": n,
        "rounds_per_s": n / rounds_s,
        "moves_per_round": moves / n,
        "moves_per_s": moves / rounds_s,
        "baseline_rounds_per_s": n / baseline_s,
        "baseline_ratio": rounds_s / baseline_s,
    }


#: (a, b, players): strong against the one-step expected-value reference
#: (:mod:`skipbo_widgets.skyjo.bots.reference`) with 2 players and one strong against
#: three references at a table of 4, each with the strong bot's decision times; then
#: strong against each weaker bot with 2 players, and one strong against three mediums.
REFERENCE_MATCHES = (("strong", "reference", 2), ("strong", "reference", 4))
MATCHES = (*REFERENCE_MATCHES, ("strong", "medium", 2), ("strong", "beginner", 2),
           ("medium", "beginner", 2), ("strong", "medium", 4))
#: Games per line: the reference lines are the claims, so they get the most.
DEFAULT_GAMES, QUICK_GAMES = 200, 8
REFERENCE_GAMES = 1000


def hint(settings: Settings) -> dict[str, Number]:
    """Milliseconds per Skyjo hint over the learner's decision points (2 and 4 players)."""
    return hint_latency(rounds=1 if settings.quick else 4, seed=settings.seed)


def matches(settings: Settings) -> list[dict[str, Any]]:
    """Whole games to 100; ``--games N`` games per line (rounded down to whole deals),
    else :data:`REFERENCE_GAMES` for the reference lines and :data:`DEFAULT_GAMES` for
    the others. The reference lines also time the strong bot's every move and hint."""
    lines = []
    for a, b, n in MATCHES:
        claim = (a, b, n) in REFERENCE_MATCHES
        games = settings.games_or(REFERENCE_GAMES if claim else DEFAULT_GAMES, QUICK_GAMES)
        lines.append(match(a, b, players=n, deals=max(1, games // n), seed=settings.seed,
                           timed=claim))
    return lines
