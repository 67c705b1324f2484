"""The game in progress is never lost: menu, new game, bots still moving, undo after the end."""

from __future__ import annotations

import asyncio
import html
from typing import Any

import pytest
from app_screens import click, shown

from skipbo_widgets.i18n import t
from skipbo_widgets.skipbo.bots import make_bot
from skipbo_widgets.skipbo.engine import observe
from skipbo_widgets.widgets.shell import game_screen
from skipbo_widgets.widgets.shell.app import App
from skipbo_widgets.widgets.shell.settings import loads_session
from skipbo_widgets.widgets.skipbo.settings import GameSettings


def started(**settings: Any) -> App:
    app = App("en", animate=False)
    app.start(GameSettings(**settings))
    return app


def one_move(app: App) -> None:
    assert app.game_screen is not None
    c = app.game_screen.controller
    assert c.move(str(next(m for m in c.game.legal_moves() if not m.is_end)))


@pytest.mark.parametrize("way_home", [["menu"], ["new-game", "back"]])
def test_the_game_in_progress_can_be_resumed_from_the_home_screen(way_home: list[str]) -> None:
    app = started(seed="5")
    one_move(app)
    screen = app.game_screen
    assert screen is not None
    before = screen.match.game.state_key()
    for name in way_home:
        click(app, name)
    assert app.screen == "home"
    click(app, "resume")
    assert app.screen == "game"
    assert app.game_screen is screen  # the same game, with its log and undo
    assert screen.match.game.state_key() == before
    assert app.body.children == (screen.widget,)


def test_a_finished_single_game_is_not_offered_from_the_menu() -> None:
    app = started(seed="4", stock_size=5, levels=("strong",))
    assert app.game_screen is not None
    finish(app.game_screen)
    click(app, "menu")
    assert shown(app, "resume") is None


def finish(screen: game_screen.GameScreen) -> None:
    """The learner plays as a medium bot would until the game is over."""
    learner = make_bot("medium", seed="learner")
    c = screen.controller
    for _ in range(3000):
        if c.game.is_over:
            return
        assert c.move(str(learner.choose_move(observe(c.game, 0)))), c.view["status"]
    raise AssertionError("the game did not end")


def test_practice_undo_ends_with_the_game_and_the_kept_match_loads() -> None:
    app = started(seed="2", practice=True, match=True, levels=("beginner",))
    screen = app.game_screen
    assert screen is not None
    finish(screen)
    c = screen.controller
    scores = list(screen.match.scores)
    assert screen.undo_button.disabled
    assert not c.can_undo()
    over = c.game.state_key()
    screen.undo()
    assert c.game.state_key() == over and c.game.is_over
    assert list(screen.match.scores) == scores
    _settings, match = loads_session(app.store.value)
    assert list(match.scores) == scores and match.game.is_over


def test_a_new_game_stops_the_old_games_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(game_screen.SPEEDS, "normal", 0.01)

    async def scenario() -> tuple[App, game_screen.GameScreen, tuple[Any, ...]]:
        app = App("en", animate=True)
        app.start(GameSettings(players=4, levels=("medium",) * 3, seed="7"))
        old = app.game_screen
        assert old is not None
        if old.controller.my_turn:  # hand the turn to the bots
            old.controller.move(str(next(m for m in old.controller.game.legal_moves()
                                         if m.is_discard)))
        assert old._bot_task is not None
        app.start(GameSettings(players=2, seed="8"))
        frozen = old.match.game.state_key()
        await asyncio.sleep(0.3)
        return app, old, frozen

    app, old, frozen = asyncio.run(scenario())
    assert old.match.game.state_key() == frozen  # no bot moved after the new game began
    _settings, match = loads_session(app.store.value)
    assert match.rules.players == 2


def other_tab_writes(app: App, text: str) -> None:
    """The page's ``storage`` event: another tab of the browser stored ``text``."""
    app.store._receive(app.store, {"type": "written-elsewhere", "value": text}, [])


def session_of(**settings: Any) -> str:
    other = started(**settings)
    return other.store.value


def test_a_game_saved_by_another_tab_is_never_taken_over_silently() -> None:
    app = started(seed="5")
    one_move(app)
    mine = app.store.value
    screen = app.game_screen
    theirs = session_of(seed="9", players=3, levels=("medium", "medium"))
    sent: list[object] = []
    app.store.send = sent.append  # type: ignore[method-assign]
    other_tab_writes(app, theirs)
    assert 'data-testid="written-elsewhere"' in app.conflict.children[0].value
    assert app.game_screen is screen  # this game goes on until the learner chooses
    click(app, "keep-this-game")
    assert sent == [{"type": "write"}] and app.store.value == mine
    assert app.conflict.children == ()

    other_tab_writes(app, theirs)
    app.lang_picker.value = "de"
    assert "Spiel" in app.conflict.children[0].value  # said again in the new language
    click(app, "take-other-game")
    assert app.game_screen is not screen and app.game_screen is not None
    assert app.game_screen.match.rules.players == 3
    assert loads_session(app.store.value)[1].rules.players == 3


def test_when_the_other_tab_clears_its_finished_game_this_game_is_kept_again() -> None:
    app = started(seed="5")
    sent: list[object] = []
    app.store.send = sent.append  # type: ignore[method-assign]
    other_tab_writes(app, "")
    assert sent == [{"type": "write"}]
    assert app.conflict.children == ()


def test_on_the_home_screen_resume_offers_the_game_kept_last() -> None:
    app = App("en", animate=False)
    assert shown(app, "resume") is None
    other_tab_writes(app, session_of(seed="9", players=3, levels=("medium", "medium")))
    click(app, "resume")
    assert app.game_screen is not None and app.game_screen.match.rules.players == 3


def test_the_turn_line_says_what_a_computer_player_did_last() -> None:
    """On a phone the table's middle is off screen while a bot plays: the bar at the
    foot of the screen (turn, hint, undo) says its last move too."""
    app = started(seed="5")
    screen = app.game_screen
    assert screen is not None
    c = screen.controller
    c.move(str(next(m for m in c.game.legal_moves() if m.is_discard)))
    assert c.my_turn  # the bot has played its whole turn
    last = next(line for line in reversed(screen.log.lines) if line.seat not in (0, None))
    assert f'data-testid="last-move">{html.escape(last.text)}</div>' in screen.turn_info.value
    assert last.text.startswith("Mia")


@pytest.mark.parametrize("lang", ["en", "de", "fr", "nl"])
def test_the_match_winner_is_told_as_you_not_by_the_name_you(lang: str) -> None:
    """The learner's name in the game is "You": "The match goes to You!" read badly."""
    app = started(seed="3", match=True, players=4, levels=("medium",) * 3)
    screen = app.game_screen
    assert screen is not None
    screen.set_lang(lang)
    assert screen._match_won([0]) == t("end.match_you_won", lang)
    assert screen._match_won([0, 2]) == t("end.match_team_won", lang)
    assert screen._match_won([1]) == t("end.match_won", lang, winner=[1],
                                       names=screen.controller.names)
