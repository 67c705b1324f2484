"""The Skyjo engine section: random rounds of 4 players, and the baseline.

Every move is ``random.Random(seed).choice(round.legal_moves())`` (the set-up
reveals included), seeds ``seed .. seed + rounds - 1``, the sheet's doubling
rule. Times are CPU seconds of this process, the fastest of
``Settings.repeat`` runs, with every check, event and undo record the engine
makes; the baseline (:mod:`.skyjo_baseline`) plays the same rounds bare.
"""

from __future__ import annotations

import random

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
    finished: list[Round] = []

    def play_all() -> None:
        finished[:] = [play_random(s) for s in seeds]

    def baseline_all() -> None:
        for s in seeds:
            random_round(RULES.players, s)

    rounds_s = best_time(play_all, settings.repeat)
    baseline_s = best_time(baseline_all, settings.repeat)
    moves = sum(len(r.move_stack) for r in finished)
    return {
        "rounds": n,
        "rounds_per_s": n / rounds_s,
        "moves_per_round": moves / n,
        "moves_per_s": moves / rounds_s,
        "baseline_rounds_per_s": n / baseline_s,
        "baseline_ratio": rounds_s / baseline_s,
    }
