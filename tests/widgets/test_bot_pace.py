"""The "slow" pace a grandparent can follow (issue 21, part 5): every bot turn takes at
least 3 s at "slow", in both games (the pauses the screen asks for are checked, never a
measured time)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from skipbo_widgets.widgets.shell import game_screen
from skipbo_widgets.widgets.shell.app import App
from skipbo_widgets.widgets.shell.game_screen import GameScreen
from skipbo_widgets.widgets.skipbo.settings import GameSettings
from skipbo_widgets.widgets.skyjo.settings import SkyjoSettings

SETTINGS = {
    "skipbo": GameSettings(players=3, levels=("medium", "medium"), seed="4", stock_size=5),
    "skyjo": SkyjoSettings(players=3, levels=("medium", "medium"), seed="4", match=False),
}


def bot_turn_pauses(game: str, speed: str, monkeypatch: pytest.MonkeyPatch
                    ) -> list[list[float]]:
    """The pauses before each bot move, grouped by bot turn, over a whole game where the
    learner's moves are made at once by a bot of their own."""
    turns: list[list[float]] = []
    seen: list[Any] = [None]

    async def pause(self: GameScreen, seconds: float) -> None:
        game_now = self.controller.game
        key = (game_now.turn, game_now.current)
        if key != seen[0]:
            turns.append([])
            seen[0] = key
        turns[-1].append(seconds)

    monkeypatch.setattr(GameScreen, "_pause", pause)

    async def scenario() -> None:
        app = App("en", animate=True)
        app.start(SETTINGS[game])
        screen = app.game_screen
        assert screen is not None
        screen.speed_picker.value = speed
        if game == "skyjo":
            from skipbo_widgets.skyjo.bots import make_bot
        else:
            from skipbo_widgets.skipbo.bots import make_bot
        me = make_bot("medium")
        for _ in range(2000):
            c = screen.controller
            if c.game.is_over:
                return
            if c.my_turn and screen._bot_task is None:
                assert c.move(str(me.choose_move(c.observation())))
            await asyncio.sleep(0)
        raise AssertionError("the game did not end")

    asyncio.run(scenario())
    return [t for t in turns if t]


@pytest.mark.parametrize("game", list(SETTINGS))
def test_at_slow_pace_every_bot_turn_takes_three_seconds_or_more(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    turns = bot_turn_pauses(game, "slow", monkeypatch)
    assert len(turns) > 5
    assert min(sum(t) for t in turns) >= 3.0
    assert all(t[0] == game_screen.TURN_PAUSES["slow"] for t in turns)
    assert all(p == game_screen.SPEEDS["slow"] for t in turns for p in t[1:])


@pytest.mark.parametrize("game", list(SETTINGS))
def test_the_normal_pace_is_unchanged(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    turns = bot_turn_pauses(game, "normal", monkeypatch)
    assert {p for t in turns for p in t} == {game_screen.SPEEDS["normal"]}
