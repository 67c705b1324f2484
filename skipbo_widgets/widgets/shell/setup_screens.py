"""The screens that set a game up, each for the game chosen on the home screen: a new
game (``setup``), a game of bots to watch (``demo-setup``) and a game for several people
at one screen (``hot-seat``). Each is drawn afresh in a new language, keeping what the
learner filled in (a half-filled form keeps the settings it started from)."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

import ipywidgets as w

from ...core.errors import GameError
from ..registry import game_ui

if TYPE_CHECKING:
    # The forms are imported when first drawn: the home screen does without them.
    from .app import App
    from .demo import DemoForm
    from .hot_seat import HotSeatForm
    from .setup_form import SetupForm

S = TypeVar("S")
S_co = TypeVar("S_co", covariant=True)
F = TypeVar("F", "SetupForm", "DemoForm", "HotSeatForm")


class _Form(Protocol[S_co]):
    def settings(self) -> S_co: ...


def _filled(form: _Form[S] | None, initial: S | None) -> S | None:
    """What the learner filled in on the form drawn last; of a half-filled form, ``initial``."""
    if form is not None:
        with contextlib.suppress(GameError):
            return form.settings()
    return initial


class _FormScreen(Generic[F]):
    """A screen of one form, drawn afresh as the learner arrives and in a new language."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.form: F | None = None

    def enter(self) -> w.Widget:
        self.app.notices.clear()
        self.form = self._draw()
        return self.form.widget

    def set_lang(self, lang: str) -> w.Widget:
        return self.enter()

    def _draw(self) -> F:
        raise NotImplementedError


class SetupScreen(_FormScreen["SetupForm"]):
    """The screen ``setup``: the new-game form, with the class link of its deal."""

    def _draw(self) -> SetupForm:
        from .setup_form import SetupForm
        app = self.app
        initial = _filled(self.form, app.playing.last_settings)
        if initial is None or initial.kind.id != app.game_id:
            initial = game_ui(app.game_id).settings()
        return SetupForm(app.lang, on_start=app.start_new, on_back=app.show_home,
                         initial=initial, link=app.deals.link,
                         copy=lambda: app.shell.copy("deal-link"))


class DemoSetupScreen(_FormScreen["DemoForm"]):
    """The screen ``demo-setup``: demo mode's own small setup (players, each bot's level,
    the deal number)."""

    def _draw(self) -> DemoForm:
        from .demo import DemoForm
        app = self.app
        app.show_title(app.title_key)
        shown = app.demo.screen
        initial = _filled(self.form, shown.settings if shown is not None else None)
        return DemoForm(app.lang, on_start=app.start_demo, on_back=app.show_home,
                        initial=initial, game=app.game_id)


class HotSeatSetupScreen(_FormScreen["HotSeatForm"]):
    """The screen ``hot-seat``: the names of the people who share the screen."""

    def _draw(self) -> HotSeatForm:
        from .hot_seat import HotSeatForm
        app = self.app
        app.show_title(app.title_key)
        initial = _filled(self.form, app.playing.last_settings)
        return HotSeatForm(app.lang, on_start=app.start_new, on_back=app.show_home,
                           initial=initial, game=app.game_id)
