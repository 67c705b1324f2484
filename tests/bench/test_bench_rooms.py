"""The ``rooms`` section runs on both stores and reports the agreed keys (its times
are not judged; a move lost, doubled or refused is)."""

from __future__ import annotations

import pytest

from skipbo_widgets.bench import Settings, sections
from skipbo_widgets.bench.rooms import _latencies, _percentile

from .conftest import ByStore

KEYS = {"rooms", "moves", "errors", "lost", "doubled", "latency_ms_p50", "latency_ms_p95",
        "latency_ms_max", "wall_s", "idle_cpu_ms_per_s",
        # A page's kernel: its memory with a game's table and with a room's (of it, the
        # store's opening), and the idle room table's CPU.
        "kernel_rss_mb_without_room", "kernel_rss_mb_with_room", "kernel_room_extra_mb",
        "kernel_store_mb",
        "kernel_idle_cpu_ms_per_s"}


def test_latency_is_from_a_write_to_the_other_seats_first_later_view() -> None:
    mine = {"written": {"3": 10.0, "5": 20.0, "9": 30.0}}
    other = {"seen": {"1": 1.0, "4": 10.5, "6": 20.25, "8": 25.0}}
    # version 3 first seen as 4 at 10.5; version 5 as 6 at 20.25; version 9 never
    assert _latencies(mine, other) == [0.5, 0.25]
    assert _percentile([5.0, 1.0, 3.0], 0.5) == 3.0 and _percentile([], 0.5) == 0.0


@pytest.mark.slow
def test_the_rooms_section_reports_the_agreed_shape(by_store: ByStore) -> None:
    result = sections()["rooms"](Settings(quick=True, games=1))
    for store, got in by_store(result).items():
        assert set(got) == KEYS, store
        assert got["rooms"] == 2 and got["moves"] > 0
        assert (got["errors"], got["lost"], got["doubled"]) == (0, 0, 0), store
        assert 0 <= got["latency_ms_p50"] <= got["latency_ms_p95"] <= got["latency_ms_max"]
