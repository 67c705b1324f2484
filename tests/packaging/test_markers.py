"""`make test-fast` leaves out the browser, the wheel and the long play-outs, and only them."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SLOW_PLACES = ["tests/browser", "tests/packaging/test_wheel.py",
               "tests/skipbo/engine/test_playouts.py"]


def _fast_selection() -> str:
    found = re.search(r"^FAST := (.+)$", (ROOT / "Makefile").read_text(), re.M)
    assert found, "the Makefile names the fast selection"
    return found.group(1).strip()


def _collected(*args: str) -> list[str]:
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
         *args, *SLOW_PLACES],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    return [line for line in proc.stdout.splitlines() if "::" in line]


def _is_slow(test: str) -> bool:
    return (test.startswith(("tests/browser/", "tests/packaging/test_wheel.py"))
            or "test_playouts.py::test_playouts" in test)


def test_the_fast_selection_leaves_out_every_slow_test_and_keeps_the_rest() -> None:
    everything = _collected()
    fast = _collected("-m", _fast_selection())
    assert {t.split("::")[0].split("/")[1] for t in everything if _is_slow(t)} == {
        "browser", "packaging", "skipbo"}
    assert [t for t in fast if _is_slow(t)] == []
    assert fast and set(fast) == {t for t in everything if not _is_slow(t)}
