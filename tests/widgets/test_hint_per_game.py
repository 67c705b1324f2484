"""Each game (round) of a match starts its own hint ladder: the game screen keys a hint by
the turn and the move count, which the next round repeats."""

from __future__ import annotations

import pytest

from skipbo_widgets.widgets.registry import game_uis
from skipbo_widgets.widgets.shell.game_screen import GameScreen


@pytest.mark.parametrize("game_id", list(game_uis()))
def test_the_next_game_of_a_match_starts_the_hint_ladder_again(game_id: str) -> None:
    ui = game_uis()[game_id]
    settings = ui.settings(players=2, levels=ui.kind.bot_levels[:1], match=True, hints=True,
                           seed="5")
    screen = GameScreen(settings, settings.new_match(), lang="en", on_save=lambda _s: None,
                        on_save_file=lambda: None, on_menu=lambda: None, on_new=lambda: None,
                        animate=False)
    assert screen.controller.my_turn
    screen.show_hint()
    screen.show_hint()
    assert 'data-level="2"' in screen.hint_box.value
    screen._start_game()  # as the next game of the match starts, at the same turn and count
    screen.show_hint()
    assert 'data-level="1"' in screen.hint_box.value
