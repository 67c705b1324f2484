"""The screens that set a game up, each for the game chosen on the home screen: a new
game (``setup``), a game of bots to watch (``demo-setup``) and a game for several people
at one screen (``hot-seat``). Each is drawn afresh in a new language, keeping what the
learner filled in (a half-filled form keeps the settings it started from)."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

import ipywidgets as w

from ...core.errors import GameError
from ..registry import game_ui
from .demo import DemoForm
from .hot_seat import HotSeatForm
from .setup_form import SetupForm

if TYPE_CHECKING:
    from .app import App


class SetupScreen:
    """The screen ``setup``: the new-game form, with the class link of its deal."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.form: SetupForm | None = None

    def enter(self) -> w.Widget:
        app = self.app
        app.notices.clear()
        initial = app.playing.last_settings
        if self.form is not None:
            try:
                initial = self.form.settings()
            except GameError:
                initial = app.playing.last_settings
        if initial is None or initial.kind.id != app.game_id:
            initial = game_ui(app.game_id).settings()
        self.form = SetupForm(app.lang, on_start=app.start_new, on_back=app.show_home,
                              initial=initial, link=app.deals.link,
                              copy=lambda: app.shell.copy("deal-link"))
        return self.form.widget

    def set_lang(self, lang: str) -> w.Widget:
        return self.enter()


class DemoSetupScreen:
    """The screen ``demo-setup``: demo mode's own small setup (players, each bot's level,
    the deal number)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.form: DemoForm | None = None

    def enter(self) -> w.Widget:
        app = self.app
        app.notices.clear()
        app.show_title(app.title_key)
        shown = app.demo.screen
        initial = shown.settings if shown is not None else None
        if self.form is not None:
            with contextlib.suppress(GameError):  # a half-filled form: the last settings
                initial = self.form.settings()
        self.form = DemoForm(app.lang, on_start=app.start_demo, on_back=app.show_home,
                             initial=initial, game=app.game_id)
        return self.form.widget

    def set_lang(self, lang: str) -> w.Widget:
        return self.enter()


class HotSeatSetupScreen:
    """The screen ``hot-seat``: the names of the people who share the screen."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.form: HotSeatForm | None = None

    def enter(self) -> w.Widget:
        app = self.app
        app.notices.clear()
        app.show_title(app.title_key)
        initial = app.playing.last_settings
        if self.form is not None:
            with contextlib.suppress(GameError):  # a half-filled form: the last settings
                initial = self.form.settings()
        self.form = HotSeatForm(app.lang, on_start=app.start_new, on_back=app.show_home,
                                initial=initial, game=app.game_id)
        return self.form.widget

    def set_lang(self, lang: str) -> w.Widget:
        return self.enter()
