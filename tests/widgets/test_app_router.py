"""The router holds the app's screens by name: a new screen (the rooms, a teacher's class
view) is registered with it, gets every language change and leaves for home, and no
line of the router or the app's language change names it."""

from __future__ import annotations

import inspect

import ipywidgets as w
import pytest
from app_screens import click, shown

from skipbo_widgets.i18n import t
from skipbo_widgets.widgets.page import testids
from skipbo_widgets.widgets.shell import router
from skipbo_widgets.widgets.shell.app import App


class Rooms:
    """A screen the app does not know: it says one word and has a way back home."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.langs: list[str] = []

    def enter(self) -> w.Widget:
        back = testids.testid(w.Button(description=self.app.tr("ui.back")), "rooms-back")
        back.on_click(lambda _b: self.app.show_home())
        return w.VBox([back])

    def set_lang(self, lang: str) -> w.Widget:
        self.langs.append(lang)
        return self.enter()


def test_a_new_screen_gets_the_language_change_and_leaves_for_home() -> None:
    app = App("en", animate=False)
    rooms = Rooms(app)
    app.router.add("rooms", rooms)
    app.router.show("rooms")
    assert app.screen == "rooms" and shown(app, "rooms-back") is not None
    app.lang_picker.value = "fr"
    assert rooms.langs == ["fr"] and app.lang == "fr"
    assert shown(app, "rooms-back").description == t("ui.back", "fr")
    click(app, "rooms-back")
    assert app.screen == "home" and shown(app, "rooms-back") is None
    assert shown(app, "play").description == t("home.play", "fr")
    app.lang_picker.value = "nl"  # the screen left is no longer told
    assert rooms.langs == ["fr"]
    assert shown(app, "play").description == t("home.play", "nl")


def test_the_router_names_no_screen_and_refuses_a_name_twice() -> None:
    source = inspect.getsource(router.Router)
    for name in ("home", "learn", "setup", "demo", "hot-seat", "game", "confirm"):
        assert f'"{name}"' not in source.replace('first: str = "home"', "")
    app = App("en", animate=False)
    with pytest.raises(ValueError, match="home"):
        app.router.add("home", Rooms(app))
