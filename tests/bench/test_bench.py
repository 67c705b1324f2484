"""The benchmark runs and reports the agreed shape; its numbers are never judged here."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from skipbo_widgets.bench import Settings, sections
from skipbo_widgets.bench.baseline import play_first_game
from skipbo_widgets.bench.engine import play_first
from skipbo_widgets.skipbo.engine import Game, Rules

ENGINE_KEYS = {
    "games", "games_per_s", "games_per_s_kept", "moves_per_game", "moves_per_s", "positions",
    "legal_moves_us", "copy_us", "push_pop_us", "baseline_games_per_s", "baseline_ratio",
}


def test_cli_json_shape() -> None:
    """One JSON object, one key per section run (other sections may need a browser)."""
    done = subprocess.run(
        [sys.executable, "-m", "skipbo_widgets.bench", "--quick", "--games", "3", "--json",
         "--section", "engine"],
        capture_output=True, text=True, timeout=120, check=True,
    )
    result = json.loads(done.stdout)
    assert list(result) == ["engine"]
    assert "engine" in sections()
    engine = result["engine"]
    assert set(engine) == ENGINE_KEYS
    assert engine["games"] == 3
    for key, value in engine.items():
        assert isinstance(value, (int, float)) and not isinstance(value, bool), key
        assert value > 0, key


def test_cli_text_output_names_every_number(capsys: pytest.CaptureFixture[str]) -> None:
    from skipbo_widgets.bench.__main__ import main

    assert main(["--quick", "--games", "1", "--seed", "5", "--section", "engine"]) == 0
    out = capsys.readouterr().out
    assert "[engine]" in out and "Python" in out
    for key in ENGINE_KEYS:
        assert key in out


def test_cli_refuses_nonsense() -> None:
    from skipbo_widgets.bench.__main__ import main

    with pytest.raises(SystemExit):
        main(["--games", "0"])
    with pytest.raises(SystemExit):
        main(["--section", "nope"])


def test_settings_defaults() -> None:
    assert Settings().games_or(300, 30) == 300
    assert Settings(quick=True).games_or(300, 30) == 30
    assert Settings(quick=True, games=7).games_or(300, 30) == 7
    assert Settings(quick=True).repeat == 1 and Settings().repeat == 3


@pytest.mark.parametrize(
    ("players", "stock_size"), [(2, 30), (2, 5), (3, 10), (4, 20), (5, 7), (6, 20), (6, 22)]
)
def test_baseline_plays_exactly_the_engines_games(players: int, stock_size: int) -> None:
    """Otherwise the ratio would compare two different workloads."""
    rules = Rules(players=players, stock_size=stock_size)
    for seed in range(25):
        dealer = seed % players
        game = Game.new(rules, seed=seed, dealer=dealer)
        while game.outcome is None:
            game.push(game.legal_moves()[0])
        winner = game.outcome.winners[0] if game.outcome.winners else None
        expected = (winner, len(game.move_stack))
        assert play_first_game(players, stock_size, seed, dealer) == expected, seed


def test_bench_game_is_the_standard_two_player_game() -> None:
    game = play_first(0)
    assert game.is_over and game.rules == Rules(players=2, stock_size=30)


def test_bot_sections_report_the_agreed_shape() -> None:
    settings = Settings(quick=True, games=2, seed=3)
    hint = sections()["hint"](settings)
    assert {"p50_ms", "p99_ms", "max_ms"} <= set(hint) and hint["positions"] > 0
    for clock in ("", "cpu_"):
        assert 0 <= hint[f"{clock}p50_ms"] <= hint[f"{clock}p99_ms"] <= hint[f"{clock}max_ms"]
    assert hint["load_avg_1min_before"] >= 0
    matches = sections()["matches"](settings)
    assert {(m["a"], m["b"]) for m in matches} == {
        ("strong", "medium"), ("strong", "advanced"), ("strong", "beginner"),
        ("advanced", "medium"), ("medium", "beginner")}
    assert {(m["players"], m["stock"]) for m in matches} == {(2, 30), (2, 20), (4, 30), (4, 20)}
    for m in matches:
        assert {"games", "a_win_rate", "ci95", "draws"} <= set(m)
        assert m["games"] == 2 and m["a_wins"] + m["draws"] + m["unfinished"] <= m["games"]
        low, high = m["ci95"]
        assert 0 <= low <= m["a_win_rate"] <= high <= 1


def test_the_search_limit_study_finds_the_positions_a_small_limit_cuts_short() -> None:
    from skipbo_widgets.skipbo.bots.tournament import search_limit

    small = search_limit(20, games=1, players=(2,), max_positions=25)
    assert small["positions"] == 25 and 0 < small["limit_hits"] <= 25
    assert len(small["states_needed"]) == small["limit_hits"]
    assert min(small["states_needed"]) >= 20
    assert 0 <= small["better_without_limit"] <= small["limit_hits"]
    none = search_limit(10**6, games=1, players=(2,), max_positions=25)
    assert none["limit_hits"] == 0 and none["positions"] == 25
    assert small["states_max"] >= 20 and none["states_max"] == max(small["states_needed"])


CLASSROOM_KEYS = {"visitors", "errors", "blank", "first_screen_p50_s", "first_screen_p95_s",
                  "kernel_rss_mb", "server_rss_mb"}


@pytest.mark.slow
def test_the_classroom_section_reports_the_agreed_shape() -> None:
    """A class of three against `make classroom`'s server (its numbers are not judged)."""
    from skipbo_widgets.bench.classroom import classroom_flags, measure
    from skipbo_widgets.devtools import chromium_available

    assert "--preheat_kernel=True" in classroom_flags(3) and "--pool_size=3" in classroom_flags(3)
    assert "classroom" in sections()
    result = measure(visitors=3, browser=chromium_available(), idle=10, reclaim_limit=120)
    assert set(result) >= CLASSROOM_KEYS
    assert result["visitors"] == 3
    for key in ("errors", "blank"):
        assert isinstance(result[key], int) and 0 <= result[key] <= 3, key
    for key in ("first_screen_p50_s", "first_screen_p95_s"):
        assert result[key] is None or isinstance(result[key], float), key
    for key in ("kernel_rss_mb", "server_rss_mb"):
        assert isinstance(result[key], float) and result[key] > 0, key
    assert isinstance(result["reclaimed"], bool) and len(result["load_average_before"]) == 3
    assert isinstance(result["chromium"], dict)
