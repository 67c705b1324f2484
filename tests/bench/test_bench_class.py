"""The ``class`` section runs a class on both stores and reports the agreed keys (its
times are not judged; a pupil's or the teacher's error is)."""

from __future__ import annotations

import pytest

from skipbo_widgets.bench import Settings, sections
from skipbo_widgets.bench.class_view import _view_latencies

from .conftest import ByStore

KEYS = {"pupils", "writes", "errors", "view_ms_p50", "view_ms_p95", "view_ms_max", "unseen",
        "view_cpu_ms_per_s", "draws", "store_bytes_per_pupil", "record_bytes", "duration_s",
        "load_average", "errors_seen"}


def test_a_write_counts_until_the_first_draw_with_its_version_or_a_later_one() -> None:
    pupils = [{"key": "a", "writes": [[3, 10.0], [5, 20.0], [9, 30.0]]}]
    draws = [(9.0, {"a": 2}), (10.5, {"a": 4}), (20.25, {"a": 6}), (25.0, {"b": 7})]
    # version 3 drawn as 4 at 10.5; version 5 as 6 at 20.25; version 9 never drawn
    assert _view_latencies(pupils, draws) == ([0.5, 0.25], 1)


@pytest.mark.slow
def test_the_class_section_reports_the_agreed_shape(by_store: ByStore) -> None:
    result = sections()["class"](Settings(quick=True, games=20))
    for store, got in by_store(result).items():
        assert set(got) == KEYS, store
        assert got["pupils"] == 30 and got["writes"] > 0 and got["draws"] > 0
        assert got["errors"] == 0, (store, got["errors_seen"])
        assert 0 <= got["view_ms_p50"] <= got["view_ms_p95"] <= got["view_ms_max"]
        assert got["store_bytes_per_pupil"] > got["record_bytes"] > 0
