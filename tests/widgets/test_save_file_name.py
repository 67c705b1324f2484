"""A saved file is named by its game and the day and time it was saved (issue 21, part 5),
not "skyjo-turn-7.json": a grandparent finds "skyjo-2026-11-27-1530.json" again."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from skipbo_widgets.widgets.shell import session as session_module
from skipbo_widgets.widgets.shell.app import App
from skipbo_widgets.widgets.shell.settings import loads_session
from skipbo_widgets.widgets.skipbo.settings import GameSettings
from skipbo_widgets.widgets.skyjo.settings import SkyjoSettings


class FixedClock(dt.datetime):
    @classmethod
    def now(cls, tz: Any = None) -> FixedClock:  # type: ignore[override]
        return cls(2026, 11, 27, 15, 30, 12)


@pytest.mark.parametrize(("settings", "name"), [
    (GameSettings(players=2, seed="3"), "skipbo-2026-11-27-1530.json"),
    (SkyjoSettings(players=2, seed="3"), "skyjo-2026-11-27-1530.json"),
])
def test_the_saved_file_is_named_by_game_and_date(settings: Any, name: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(session_module, "datetime", FixedClock)
    app = App("en", animate=False)
    app.start(settings)
    sent: list[tuple[str, str]] = []
    monkeypatch.setattr(app.store, "download", lambda text, filename: sent.append((text, filename)))
    app._save_file()
    assert [filename for _text, filename in sent] == [name]
    assert loads_session(sent[0][0])[0] == settings
