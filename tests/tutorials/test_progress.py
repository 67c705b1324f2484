"""The kept place in the lessons: read through the save files' parser, or ignored."""

from __future__ import annotations

import pytest

from skipbo_widgets.tutorials.progress import (
    MAX_PROGRESS_SIZE,
    Progress,
    dumps_progress,
    loads_progress,
)

GOOD = dumps_progress(Progress(1, 0, ("h1-b1",)))


def test_the_kept_place_comes_back() -> None:
    assert loads_progress(GOOD) == Progress(1, 0, ("h1-b1",))
    assert loads_progress("\ufeff" + GOOD) == Progress(1, 0, ("h1-b1",))  # one BOM, as files


@pytest.mark.parametrize("text", [
    GOOD.replace('"version":1', '"version":true'),
    GOOD.replace('"version":1', '"version":1,"version":1'),
    GOOD.replace('"moves":["h1-b1"]', '"moves":["h1-b1\\ud800"]'),
    GOOD.replace('"moves":["h1-b1"]', '"moves":["h1-b1\ud800"]'),
    GOOD.replace('"moves":["h1-b1"]', '"moves":[' + '"s-b1",' * 60 + '"s-b1"]'),
    GOOD + " " * MAX_PROGRESS_SIZE,
    GOOD.replace('"moves":["h1-b1"]', '"moves":[[["h1-b1"]]]'),
])
def test_a_forged_place_is_ignored(text: str) -> None:
    assert text != GOOD
    assert loads_progress(text) is None
