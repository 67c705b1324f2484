"""Shared pytest set-up: the ``rule`` marker that names the rule ids a test checks.

``@pytest.mark.rule("SB-WILD", "SJ-COLUMN")`` ties a test to rules of RULES.md;
``tests/skipbo/engine/test_rule_coverage.py`` fails when an enforced rule has no test,
and collection fails here when a marker names an id that does not exist.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skipbo_widgets.skipbo.engine.rule_ids import ALL as SKIPBO_RULE_IDS
from skipbo_widgets.skyjo.engine.rule_ids import ALL as SKYJO_RULE_IDS

RULE_IDS = SKIPBO_RULE_IDS + SKYJO_RULE_IDS

# Test modules import their helpers (scenario, skyjo_scenario) by plain name.
for _game in ("skipbo", "skyjo"):
    _ENGINE_TESTS = str(Path(__file__).parent / _game / "engine")
    if _ENGINE_TESTS not in sys.path:
        sys.path.insert(0, _ENGINE_TESTS)
pytest.register_assert_rewrite("scenario", "skyjo_scenario")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "rule(*ids): the RULES.md rule ids (SB-..., SJ-...) that the test checks"
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    unknown = sorted(
        {
            f"{item.nodeid}: {rule_id!r}"
            for item in items
            for marker in item.iter_markers("rule")
            for rule_id in marker.args or ("(none)",)
            if rule_id not in RULE_IDS
        }
    )
    if unknown:
        raise pytest.UsageError("unknown rule ids in @pytest.mark.rule: " + ", ".join(unknown))


@pytest.fixture(scope="module")
def playwright() -> Iterator[Any]:
    """Playwright for one test module. Its sync API refuses to start while another
    instance is open, and while open it keeps an event loop running, which later tests'
    own ``asyncio.run`` would trip over: so it lives no longer than its module."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p
