"""Issue 22's proof: a third card game that lives only under tests/ (``race_game.py``),
registered by this test alone, gets everything the app gives a game without any shared
file knowing it: its home-screen button, its setup form, a table the controller drives,
play to its end, save and resume, the hot seat and the demo, headless."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from app_screens import click
from race_game import GAME_ID, Move, Race, RaceBot, RaceSettings, register_race, unregister_race

from skipbo_widgets.widgets.registry import game_uis
from skipbo_widgets.widgets.shell.app import App
from skipbo_widgets.widgets.shell.demo import DemoSettings
from skipbo_widgets.widgets.shell.game_screen import GameScreen
from skipbo_widgets.widgets.shell.hot_seat import HotSeatScreen
from skipbo_widgets.widgets.shell.settings import (
    dumps_session,
    loads_session,
    open_any,
    settings_from_query,
)
from skipbo_widgets.widgets.table.controller import table_game_for


@pytest.fixture(autouse=True)
def race() -> Iterator[None]:
    register_race()
    yield
    unregister_race()


def play_out(screen: GameScreen) -> None:
    """The learner plays as the bot would; the bots answer at once (no animation)."""
    c = screen.controller
    for _ in range(200):
        if c.game.is_over:
            break
        assert c.my_turn
        move = RaceBot().choose_move(c.observation())
        assert c.request({"type": "move", "move": str(move)}), c.status()


def test_the_registration_adds_the_game_after_the_built_in_ones() -> None:
    assert list(game_uis()) == ["skipbo", "skyjo", GAME_ID]
    assert table_game_for(Race.new(seed=1)).id == GAME_ID


def test_the_home_screen_offers_it_and_its_form_starts_it() -> None:
    app = App("en", animate=False)
    click(app, f"game-{GAME_ID}")
    assert app.game_id == GAME_ID and app.shell.title == "app.title.race"
    click(app, "play")
    form = app.setup_form
    assert form is not None and form.kind.id == GAME_ID
    assert [int(n) for n in form.players.options] == [2, 3, 4]
    form.players.value = "3"
    form.seed.value = "8"
    click(app, "start-game")
    screen = app.game_screen
    assert isinstance(screen, GameScreen)
    assert screen.settings == RaceSettings(players=3, levels=("medium", "medium"), seed="8")
    assert isinstance(screen.match.game, Race) and screen.controller.table.view["hand"]


def test_a_game_is_played_to_its_end_between_the_learner_and_the_bots() -> None:
    app = App("fr", animate=False)
    app.start(RaceSettings(players=3, levels=("medium", "beginner"), seed="3"))
    screen = app.game_screen
    assert isinstance(screen, GameScreen)
    c = screen.controller
    assert not c.request({"type": "move", "move": "play 0"})  # no such card: refused
    play_out(screen)
    assert c.game.is_over and screen.finished and app.store.value == ""
    assert screen.end_box.children


def test_the_game_is_kept_and_resumed_and_opens_from_its_file() -> None:
    app = App("en", animate=False)
    app.start(RaceSettings(seed="11"))
    screen = app.game_screen
    assert isinstance(screen, GameScreen)
    c = screen.controller
    assert c.request({"type": "move", "move": str(Move(min(c.observation().hand)))})
    kept = app.store.value
    assert json.loads(kept)["game"] == GAME_ID
    settings, match = loads_session(kept)
    assert settings == screen.settings
    assert match.game.position_key() == c.game.position_key()
    assert match.game.move_stack == c.game.move_stack  # the history replayed
    again = App("en", animate=False)  # a reload: the browser hands the kept game back
    again.store._receive(again.store, {"type": "stored", "value": kept}, [])
    click(again, "resume")
    back = again.game_screen
    assert isinstance(back, GameScreen) and back.settings == screen.settings
    assert back.controller.game.position_key() == c.game.position_key()
    settings, match = open_any(dumps_session(settings, match))
    assert settings.kind.id == GAME_ID
    settings, match = open_any(json.dumps(settings.dump_match(match)))
    assert settings.kind.id == GAME_ID and match.game.position_key() == c.game.position_key()


def test_a_class_link_deals_the_same_game() -> None:
    found = settings_from_query({"game": [GAME_ID], "deal": ["5"], "players": ["4"]})
    assert found == RaceSettings(players=4, levels=("medium",) * 3, seed="5")


def test_the_hot_seat_passes_the_screen_between_two_people() -> None:
    app = App("en", animate=False)
    app.start(RaceSettings(players=3, levels=("medium",), people=("Ann", "Ben"), seed="4"))
    screen = app.game_screen
    assert isinstance(screen, HotSeatScreen)
    c = screen.controller
    seats = set()
    for _ in range(200):
        if c.game.is_over:
            break
        if c.screened:
            assert c.view["hand"] == []
            screen.ready()
            continue
        seats.add(c.seat)
        assert c.request({"type": "move", "move": str(RaceBot().choose_move(c.observation()))})
    assert c.game.is_over and seats <= {0, 1}


def test_the_demo_plays_it_to_its_end() -> None:
    app = App("de", animate=False)
    click(app, f"game-{GAME_ID}")
    click(app, "demo")
    form = app.demo_form
    assert form is not None and [int(n) for n in form.players.options] == [2, 3, 4]
    app.start_demo(DemoSettings(players=3, levels=("medium",) * 3, seed="2", game=GAME_ID))
    screen = app.demo_screen
    assert screen is not None
    assert screen.step()
    screen.end()
    assert screen.game.is_over and isinstance(screen.game, Race)
