"""The skyjo_engine section: its shape, and a baseline that plays the engine's rounds."""

from __future__ import annotations

import pytest

from skipbo_widgets.bench import Settings, sections
from skipbo_widgets.bench.skyjo import RULES, play_random, run
from skipbo_widgets.bench.skyjo_baseline import random_round
from skipbo_widgets.skyjo.engine import Rules

KEYS = {"rounds", "rounds_per_s", "moves_per_round", "moves_per_s", "baseline_rounds_per_s",
        "baseline_ratio"}


def test_the_section_reports_its_keys() -> None:
    assert "skyjo_engine" in sections()
    result = run(Settings(quick=True, games=3))
    assert set(result) == KEYS and result["rounds"] == 3
    assert all(isinstance(v, (int, float)) and v > 0 for v in result.values())


def test_the_bench_round_is_four_players_with_the_sheets_doubling() -> None:
    assert Rules(players=4, doubling="always") == RULES


@pytest.mark.parametrize("players", [2, 4, 8])
def test_the_baseline_plays_exactly_the_engines_rounds(players: int) -> None:
    for seed in range(40):
        outcome = play_random(seed, Rules(players=players)).outcome
        assert outcome is not None and random_round(players, seed) == outcome.scores, seed
