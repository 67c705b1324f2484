"""The lessons screen, and the learner's place in the lessons kept in the browser (the
lesson, its step and the moves made), so that a reload goes on where they left off."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

import ipywidgets as w

from ...tutorials.lesson import all_lessons, course
from ...tutorials.progress import Progress, dumps_progress, loads_progress
from ..page.store import BrowserStore
from ..page.testids import testid
from ..registry import game_ui

if TYPE_CHECKING:
    from .app import App
    from .tutorial import TutorialScreen  # imported when the lessons are first shown


class LearnScreen:
    """The screen ``learn`` of the app's router: the lesson runner, built once."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.store = BrowserStore(key="skipbo-widgets/tutorial")
        self.store.on_stored(self._on_stored)
        self.progress: Progress | None = None
        self.tutorial: TutorialScreen | None = None

    def enter(self) -> w.Widget:
        """The lessons, where the learner left them last time."""
        app = self.app
        app.notices.clear()
        app.show_title("tutorial.heading")
        if self.tutorial is None:
            from .tutorial import TutorialScreen

            self.tutorial = TutorialScreen(
                app.lang, on_practice=self._practice, on_menu=app.show_home,
                on_progress=self._keep, start=self.progress)
            self.tutorial.on_try = app.class_pupil.lesson_try
        else:
            self.tutorial.set_lang(app.lang)
        return self.tutorial.widget

    def set_lang(self, lang: str) -> w.Widget:
        return self.enter()

    def learn(self, game_id: str) -> None:
        """The lessons of ``game_id``: where the learner left them if that was in this
        game, else at the game's first lesson (when the lesson list has it)."""
        self.app.router.show("learn")
        tutorial = self.tutorial
        assert tutorial is not None
        if tutorial.lessons[tutorial.lesson].game != game_id:
            first = next((i for i, lesson in enumerate(tutorial.lessons)
                          if lesson.game == game_id), None)
            if first is not None:
                tutorial.go(first, 0)

    def caption(self) -> w.HTML:
        """Where the learner is in the lessons, for the home screen (a tooltip would not
        show on a tablet)."""
        progress = self.progress
        if progress is None:
            text = ""
        elif progress.finished:
            text = self.app.tr("tutorial.finished_title")
        else:
            lessons = all_lessons()
            own = course(lessons, min(progress.lesson, len(lessons) - 1))
            text = self.app.tr("tutorial.lesson", number=progress.lesson - own.start + 1,
                               total=len(own))
        return testid(w.HTML(f'<p class="sb-home-caption">{html.escape(text)}</p>' if text
                             else ""), "lesson-place")

    def _practice(self) -> None:
        """The practice game of the game whose lessons the learner has just finished."""
        assert self.tutorial is not None
        self.app.start_new(game_ui(self.tutorial.step.game).practice)

    def _keep(self, progress: Progress) -> None:
        self.progress = progress
        self.store.value = dumps_progress(progress)

    def _on_stored(self, text: str) -> None:
        # anything not valid: start at the first lesson
        progress = loads_progress(text)
        if progress is None or self.progress is not None:
            return
        self.progress = progress
        if self.app.screen == "learn" and self.tutorial is not None:
            self.tutorial.go(progress.lesson, progress.step, progress.moves)
            if progress.finished:
                self.tutorial.finish()
        elif self.app.screen == "home":
            self.app.show_home()
