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


def test_the_bot_sections_report_the_agreed_shape() -> None:
    from skipbo_widgets.bench.skyjo import MATCHES, REFERENCE_MATCHES

    hint = sections()["skyjo_hint"](Settings(quick=True))
    assert set(hint) == {"positions", "p50_ms", "p99_ms", "max_ms"} and hint["positions"] > 50
    assert 0 < hint["p50_ms"] <= hint["p99_ms"] <= hint["max_ms"]
    lines = sections()["skyjo_matches"](Settings(quick=True, games=2))
    assert [(m["a"], m["b"], m["players"]) for m in lines] == list(MATCHES)
    timed = {f"{what}{key}" for what in ("move", "hint")
             for key in ("s", "_p50_ms", "_p99_ms", "_max_ms")}
    for m in lines:
        claim = (m["a"], m["b"], m["players"]) in REFERENCE_MATCHES
        assert set(m) == {"a", "b", "players", "games", "a_win_rate", "ci95", "a_mean_round",
                          "b_mean_round"} | (timed if claim else set())
        if claim:
            assert m["moves"] == m["hints"] > 0
            assert 0 < m["move_p50_ms"] <= m["move_p99_ms"] <= m["move_max_ms"]
        assert m["games"] == m["players"] * max(1, 2 // m["players"])
        assert m["ci95"][0] <= m["a_win_rate"] <= m["ci95"][1]
