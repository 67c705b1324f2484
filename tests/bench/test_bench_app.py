"""The ``app`` section runs to its end in a real Voilà and Chromium (its numbers are not
judged): it drives the app's screens by their test ids, so a change to them that breaks
the bench fails here instead of on the night of a measurement."""

from __future__ import annotations

import os

import pytest

from skipbo_widgets.bench import sections
from skipbo_widgets.devtools import chromium_available


@pytest.mark.slow
@pytest.mark.browser
def test_the_app_section_reports_the_agreed_shape() -> None:
    from skipbo_widgets.bench.app import measure

    if not chromium_available():
        if os.environ.get("CI"):
            pytest.fail("Chromium is missing: .ci/run should have installed it")
        pytest.skip("no Chromium")
    assert "app" in sections()
    result = measure(loads=1, clicks=2)
    for key in ("click_ms", "skyjo_click_ms"):
        assert result[key]["n"] == 4, key
        assert 0 < result[key]["p50"] <= result[key]["p95"] <= result[key]["max"], key
    for key in ("click_parts", "skyjo_click_parts"):
        parts = result[key]
        assert parts["messages_p50"] >= 1 and parts["kb_p50"] > 0, key
        # Every part found in each click: the kernel's busy and idle, the view among its
        # messages, the page's handler timed.
        assert None not in parts.values(), key
        assert 0 <= parts["python_to_view_ms_p50"] <= parts["python_ms_max"], key
    assert len(result["load_average"]) == 3
    assert set(result["first_render_s"]) == {"bare", "table", "skyjo_table", "app_home"}
    assert result["kernel_rss_mb"] > 0 and result["server_rss_mb"] > 0
