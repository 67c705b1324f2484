"""A game kept in the browser right after its deal comes back with its deal's events, so
the move log after a reload is the one before it (tests/games found the loss)."""

from __future__ import annotations

import pytest

from skipbo_widgets.widgets.registry import game_uis
from skipbo_widgets.widgets.shell.settings import dumps_session, loads_session


@pytest.mark.parametrize("game_id", list(game_uis()))
def test_a_freshly_dealt_game_keeps_its_deal_events(game_id: str) -> None:
    ui = game_uis()[game_id]
    settings = ui.settings(players=3, levels=ui.kind.bot_levels[:1] * 2, seed="41")
    match = settings.new_match()
    assert match.game.events and not match.game.move_stack
    _, loaded = loads_session(dumps_session(settings, match))
    assert loaded.game.events == match.game.events
    assert loaded.game.position_key() == match.game.position_key()
