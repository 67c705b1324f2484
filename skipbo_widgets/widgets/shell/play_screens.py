"""The screens where cards are played: the learner's game (``game``, one game at a
time, also a hot-seat game), a game of bots told move by move (``demo``), and the
question whether a new game may replace the one in progress (``confirm``)."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING

import ipywidgets as w

from ..page.testids import testid
from ..registry import game_ui
from .game_screen import GameScreen
from .settings import AnyMatch, Settings

if TYPE_CHECKING:
    # Imported when a hot-seat game or a demo starts: the home screen does without them.
    from .app import App
    from .demo import DemoScreen, DemoSettings


class PlayScreen:
    """The screen ``game``: the game being played, kept while the learner is elsewhere
    (back to the very same game: its log, undo and review stay)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.screen: GameScreen | None = None
        #: The settings of the last game started, the forms' first values.
        self.last_settings: Settings | None = None

    def start(self, settings: Settings, match: AnyMatch | None = None) -> None:
        """Start (or resume) a game with these settings."""
        app = self.app
        app.game_id = settings.kind.id
        app.shell.title = app.tr(app.title_key)
        app.notices.clear()
        app.show_title(app.title_key)
        self.last_settings = settings
        app.session.resume = None
        app.question.asked = None
        if self.screen is not None:
            self.screen.close()
        app.session.forget_elsewhere()
        from .hot_seat import HotSeatScreen

        screen = HotSeatScreen if settings.people else GameScreen
        self.screen = screen(
            settings, match or settings.new_match(), lang=app.lang,
            on_save=app.session.save, on_save_file=app.session.save_file,
            on_menu=app.show_home, on_new=app.show_hot_seat if settings.people else app.show_setup,
            animate=app.animate)
        self.screen.say = app.shell.say
        app.router.show("game")
        app.warning.relabel()  # its file is this game's now

    def show_again(self) -> None:
        """Back to the game kept here, in the language chosen meanwhile."""
        app = self.app
        assert self.screen is not None
        app.notices.clear()
        app.game_id = self.screen.settings.kind.id
        app.show_title(app.title_key)
        self.screen.set_lang(app.lang)
        app.router.show("game")

    def live(self) -> GameScreen | None:
        """The game this page is playing, unless it is over (then only a new one is offered)."""
        screen = self.screen
        return screen if screen is not None and not screen.finished else None

    def enter(self) -> w.Widget:
        assert self.screen is not None
        return self.screen.widget

    def set_lang(self, lang: str) -> w.Widget:
        assert self.screen is not None
        self.screen.set_lang(lang)
        return self.screen.widget


class DemoPlayScreen:
    """The screen ``demo``: a game of bots, told move by move (it is not kept: nothing
    to resume)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.screen: DemoScreen | None = None

    def start(self, settings: DemoSettings) -> None:
        app = self.app
        app.notices.clear()
        self._show_title()
        if self.screen is not None:
            self.screen.close()
        from .demo import DemoScreen

        self.screen = DemoScreen(settings, lang=app.lang, animate=app.animate,
                                 on_menu=self._leave, on_new=app.show_demo_setup)
        self.screen.say = app.shell.say
        app.router.show("demo")

    def _show_title(self) -> None:
        self.app.show_title("demo.title.game", game=game_ui(self.app.game_id).kind.name)

    def _leave(self) -> None:
        if self.screen is not None:
            self.screen.pause()
        self.app.show_home()

    def enter(self) -> w.Widget:
        assert self.screen is not None
        return self.screen.widget

    def set_lang(self, lang: str) -> w.Widget:
        assert self.screen is not None
        self._show_title()
        self.screen.set_lang(lang)
        return self.screen.widget


class QuestionScreen:
    """The screen ``confirm``: may a new game replace the one in progress?"""

    def __init__(self, app: App) -> None:
        self.app = app
        #: While the learner is asked: what "Start the new game" does, and what "Keep
        #: playing" does.
        self.asked: tuple[Callable[[], None], Callable[[], None]] | None = None

    def ask(self, new: Callable[[], None], keep: Callable[[], None]) -> None:
        """Ask whether a new game may replace the one in progress: ``new`` or ``keep``."""
        self.asked = (new, keep)
        self.app.router.show("confirm")

    def enter(self) -> w.Widget:
        tr = self.app.tr
        text = html.escape(tr("confirm.new_game"))
        box = testid(w.HTML(f'<div class="sb-box sb-box-question">{text}</div>'),
                     "new-game-question")
        keep = testid(w.Button(description=tr("confirm.new_game.keep"), icon="play",
                               button_style="primary"), "keep-playing")
        keep.add_class("sb-big-button")
        keep.on_click(lambda _b: self._answer(new=False))
        new = testid(w.Button(description=tr("confirm.new_game.start"), icon="refresh"),
                     "confirm-new-game")
        new.add_class("sb-big-button")
        new.on_click(lambda _b: self._answer(new=True))
        return w.VBox([box, w.HBox([keep, new], layout=w.Layout(flex_flow="row wrap"))],
                      layout=w.Layout(padding="12px", max_width="44em"))

    def set_lang(self, lang: str) -> w.Widget:
        return self.enter()

    def _answer(self, *, new: bool) -> None:
        asked, self.asked = self.asked, None
        if asked is not None:
            asked[0 if new else 1]()
