"""A game in progress is never thrown away without asking (issue 21, part 5): every way
of starting a new game (Play → Start, the hot seat, a file, the practice game after the
lessons, a class link) asks first while a kept game is in progress, in the learner's
language; "Keep playing" goes back to that game."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from app_screens import click, shown

from skipbo_widgets.i18n import t
from skipbo_widgets.skyjo.bots import make_bot
from skipbo_widgets.widgets.shell.app import App
from skipbo_widgets.widgets.shell.settings import Settings, dumps_session
from skipbo_widgets.widgets.skipbo.settings import GameSettings
from skipbo_widgets.widgets.skyjo.settings import SkyjoSettings


def browser_reports(app: App, stored: str) -> None:
    """The store widget's message from the page: what localStorage held."""
    app.store._receive(app.store, {"type": "stored", "value": stored}, [])


GAMES: dict[str, Callable[[], Settings]] = {
    "skipbo": lambda: GameSettings(players=2, seed="4"),
    "skyjo": lambda: SkyjoSettings(players=2, seed="4"),
}


def playing(game: str, lang: str = "en") -> App:
    app = App(lang, animate=False)
    app.start(GAMES[game]())
    assert app.game_screen is not None and not app.game_screen.finished
    return app


def asked(app: App, lang: str) -> bool:
    box = shown(app, "new-game-question")
    return box is not None and t("confirm.new_game", lang) in box.value


def via_play_form(app: App) -> None:
    click(app, "menu")
    click(app, "play")
    click(app, "start-game")


def via_new_game_button(app: App) -> None:
    click(app, "new-game")
    click(app, "start-game")


def via_hot_seat(app: App) -> None:
    click(app, "menu")
    click(app, "hot-seat")
    click(app, "start-game")


def via_file(app: App) -> None:
    click(app, "menu")
    other = SkyjoSettings(players=3, levels=("medium", "medium"), seed="99")
    app._picked("other.json", dumps_session(other, other.new_match()).encode())


def via_practice(app: App) -> None:
    app.show_learn()
    assert app.tutorial is not None
    app.tutorial.practice_button.click()


WAYS = [via_play_form, via_new_game_button, via_hot_seat, via_file, via_practice]


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("way", WAYS, ids=lambda f: f.__name__)
def test_a_new_game_asks_and_keep_playing_goes_back(game: str,
                                                    way: Callable[[App], None]) -> None:
    app = playing(game, "de")
    screen = app.game_screen
    way(app)
    assert asked(app, "de")
    assert app.game_screen is screen and not screen.closed  # nothing lost yet
    assert shown(app, "keep-playing").description == t("confirm.new_game.keep", "de")
    click(app, "keep-playing")
    assert app.screen == "game" and app.game_screen is screen
    assert screen.widget in app.body.children


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("way", WAYS, ids=lambda f: f.__name__)
def test_a_new_game_starts_once_confirmed(game: str, way: Callable[[App], None]) -> None:
    app = playing(game, "fr")
    old = app.game_screen
    way(app)
    click(app, "confirm-new-game")
    assert app.screen == "game" and app.game_screen is not old
    assert old is not None and old.closed


def test_with_no_game_in_progress_nothing_is_asked() -> None:
    app = App("en", animate=False)
    click(app, "play")
    click(app, "start-game")
    assert app.screen == "game" and shown(app, "new-game-question") is None


def test_a_finished_game_is_not_asked_about() -> None:
    app = App("en", animate=False)
    app.start(SkyjoSettings(players=2, seed="4", match=False))
    screen = app.game_screen
    assert screen is not None
    screen.skip()
    while not screen.finished:  # the learner's own moves, by a bot, to the round's end
        c = screen.controller
        c.request({"type": "move", "move": _page_move(make_bot("medium").choose_move(
            c.observation()))})
    via_new_game_button(app)
    assert app.screen == "game" and app.game_screen is not screen


def _page_move(move: object) -> str:
    text = str(move)
    return "draw" if text == "draw" else text.replace(" ", "-")


def test_a_game_kept_in_the_browser_is_asked_about_after_a_reload() -> None:
    kept = SkyjoSettings(players=3, levels=("medium", "medium"), seed="12")
    app = App("nl", animate=False)
    browser_reports(app, dumps_session(kept, kept.new_match()))
    click(app, "play")
    click(app, "start-game")
    assert asked(app, "nl")
    click(app, "keep-playing")
    assert app.game_screen is not None and app.game_screen.settings == kept


def test_a_class_link_over_a_kept_game_asks_and_keeps_the_kept_game_until_answered(
        monkeypatch: pytest.MonkeyPatch) -> None:
    kept = GameSettings(players=3, levels=("medium", "medium"), seed="12")
    kept_text = dumps_session(kept, kept.new_match())
    monkeypatch.setenv("QUERY_STRING", "lang=de&deal=7")
    app = App("de", animate=False)
    deal = app.game_screen
    assert deal is not None and deal.settings.seed == "7"
    browser_reports(app, kept_text)
    assert asked(app, "de")
    assert app.store.value in ("", kept_text)  # the kept game is not written over yet
    click(app, "keep-playing")
    assert app.game_screen is not None and app.game_screen.settings == kept


def test_a_class_link_over_a_kept_game_plays_the_deal_once_confirmed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    kept = GameSettings(players=3, levels=("medium", "medium"), seed="12")
    monkeypatch.setenv("QUERY_STRING", "lang=de&deal=7")
    app = App("de", animate=False)
    deal = app.game_screen
    browser_reports(app, dumps_session(kept, kept.new_match()))
    click(app, "confirm-new-game")
    assert app.game_screen is deal and app.screen == "game"
    assert deal is not None and app.store.value == dumps_session(deal.settings, deal.match)


def test_the_question_follows_the_language_picker() -> None:
    app = playing("skipbo", "en")
    via_new_game_button(app)
    app.lang_picker.value = "nl"
    assert asked(app, "nl")


@pytest.mark.parametrize("game", list(GAMES))
def test_a_demo_leaves_the_game_in_progress_to_continue(game: str) -> None:
    """A demo is not kept and replaces nothing: nothing to ask, the game still there."""
    app = playing(game)
    screen = app.game_screen
    click(app, "menu")
    click(app, "demo")
    click(app, "demo-start")
    assert app.screen == "demo" and shown(app, "new-game-question") is None
    click(app, "menu")
    click(app, "resume")
    assert app.game_screen is screen and app.screen == "game"
