"""Every message key the widgets use exists in the catalogs (a missing key would show raw)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from skipbo_widgets.i18n import LANGUAGES
from skipbo_widgets.i18n.messages import translations
from skipbo_widgets.skipbo.bots import LEVELS, Explain
from skipbo_widgets.skipbo.engine.events import (
    Discarded,
    Drew,
    GameDrawn,
    GameWon,
    PileCompleted,
    Played,
    Recycled,
    TurnEnded,
)
from skipbo_widgets.widgets.shell.game_screen import SPEEDS
from skipbo_widgets.widgets.skipbo import log
from skipbo_widgets.widgets.skipbo.view import LABELS

WIDGETS = Path(log.__file__).parents[1]
LITERAL = re.compile(r"""\btr?\(\s*["']([a-z_]+(?:\.[a-z_]+)+)["']""")


def literal_keys() -> set[str]:
    keys: set[str] = set()
    for path in WIDGETS.rglob("*.py"):
        keys.update(LITERAL.findall(path.read_text()))
    return keys


def log_keys() -> set[str]:
    events = [
        Played(0, "s", 0, 0, 5, 1, 5), Played(0, "d", 0, 1, 0, 1, 5), Played(0, "h", 0, 0, 5, 1, 5),
        Played(0, "s", 2, 0, 5, 1, 5), Played(0, "d", 2, 1, 5, 1, 5),
        Played(2, "s", 0, 0, 5, 1, 5), Played(2, "d", 0, 1, 5, 1, 5),
        Discarded(0, 5, 1), TurnEnded(0, False), PileCompleted(2), Recycled(24),
        GameWon((0,), 40), GameWon((0, 2), 40), GameWon((1, 3), 40), GameDrawn(9),
        Drew(0, (1,), False), Drew(0, (1, 2), False), Drew(0, (1,), True), Drew(0, (1, 2), True),
    ]
    keys = set()
    for me in (0, 1):
        for event in events:
            key = log._key(event, me)[0]
            if key is not None:
                keys.add(key)
    return keys | {"log.as_value"}


def coach_keys() -> set[str]:
    plans = {f"plan.{k}" for k in ("s", "d", "h", "ps", "pd", "discard", "end")}
    ladder = {f"hint.level.{n}" for n in (1, 2, 3)}
    grades = {f"review.{g}" for g in ("good", "inaccuracy", "mistake")}
    return {f"explain.{code.value}" for code in Explain} | plans | ladder | grades


def used_keys() -> set[str]:
    dynamic = {f"setup.level.{lv}" for lv in LEVELS} | {f"game.speed.{s}" for s in SPEEDS}
    dynamic |= coach_keys() | {"home.resume_failed", "home.load_failed"}
    dynamic |= {"end.you_won", "end.you_won_team", "ui.game_won", "ui.game_won_team"}
    return literal_keys() | log_keys() | dynamic | set(LABELS.values())


def test_the_scan_finds_the_keys_it_should() -> None:
    keys = used_keys()
    assert {"ui.your_turn", "table.needs", "log.you.play_stock", "setup.level.strong"} <= keys
    assert len(keys) > 60


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_the_widgets_use_is_in_the_catalog(lang: str) -> None:
    catalog = translations(lang)  # type: ignore[arg-type]
    missing = sorted(k for k in used_keys() if catalog.gettext(k) == k)
    assert missing == []
