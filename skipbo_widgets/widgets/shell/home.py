"""The home screen: the game chosen (one button per registered game), a game in
progress offered on top, the ways to learn and play, a saved game to open and the
chosen game's rules to print."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

import ipywidgets as w

from ..page.file_picker import FilePicker
from ..page.sheet_link import SheetLink
from ..page.testids import testid
from ..registry import game_ui, game_uis
from .settings import MAX_SAVE_SIZE

if TYPE_CHECKING:
    from .app import App


class HomeScreen:
    """The screen ``home`` of the app's router."""

    def __init__(self, app: App) -> None:
        self.app = app
        #: Whether the screen drawn last offers a game in progress (its button to focus).
        self._offers_resume = False

    def show(self, *, focus: bool | None = None) -> None:
        """Show the home screen; a game in progress on top, its button focused when the
        learner arrives (``focus``: by default when coming from another screen, not when
        the home screen is only drawn again, in a new language say)."""
        if focus is None:
            focus = self.app.screen != "home"
        self.app.router.show("home")
        if self._offers_resume and focus:
            self.app.shell.focus("resume")

    def set_lang(self, lang: str) -> w.Widget:
        return self.enter()

    def enter(self) -> w.Widget:
        app = self.app
        app.show_title(app.title_key)
        offer = self._resume_offer()
        self._offers_resume = bool(offer)
        choice = w.HBox(self._game_buttons(), layout=w.Layout(flex_flow="row wrap"))
        choice.add_class("sb-game-choices")
        intro = html.escape(app.tr(game_ui(app.game_id).intro_key))
        row = w.HBox(self._buttons(), layout=w.Layout(flex_flow="row wrap"))
        return w.VBox([*offer, w.VBox([choice, w.HTML(f'<p class="sb-intro">{intro}</p>')]),
                       row, app.learning.caption(),
                       w.HBox(self._files(), layout=w.Layout(flex_flow="row wrap"))],
                      layout=w.Layout(padding="12px"))

    def _buttons(self) -> list[w.Widget]:
        app = self.app
        learn = testid(w.Button(description=app.tr("home.learn"), icon="graduation-cap",
                                button_style="info"), "learn")
        learn.on_click(lambda _b: app.learn())
        play = testid(w.Button(description=app.tr("home.play"), icon="play",
                               button_style="success"), "play")
        play.on_click(lambda _b: app.show_setup())
        demo = testid(w.Button(description=app.tr("home.demo"), icon="eye"), "demo")
        demo.tooltip = app.tr("home.demo_detail")
        demo.on_click(lambda _b: app.show_demo_setup())
        hot_seat = testid(w.Button(description=app.tr("home.hot_seat"), icon="users"),
                          "hot-seat")
        hot_seat.tooltip = app.tr(game_ui(app.game_id).hot_seat_detail_key)
        hot_seat.on_click(lambda _b: app.show_hot_seat())
        others = testid(w.Button(description=app.tr("home.play_others"), icon="mobile"),
                        "play-others")
        others.tooltip = app.tr("home.play_others_detail")
        others.on_click(lambda _b: app.show_room(create=True))
        join = testid(w.Button(description=app.tr("home.join_room"), icon="sign-in"),
                      "join-room")
        join.on_click(lambda _b: app.show_room(create=False))
        start_class = testid(w.Button(description=app.tr("class.home.start"),
                                      icon="university"), "start-class")
        start_class.on_click(lambda _b: app.router.show("class-start"))
        join_class = testid(w.Button(description=app.tr("class.home.join"),
                                     icon="child"), "join-class")
        join_class.on_click(lambda _b: app.class_join.show())
        buttons: list[w.Widget] = [learn, play, demo, hot_seat, others, join]
        if app.class_view.secret:  # the teacher's own class, one click away
            start_class.description = app.tr("class.home.back")
            start_class.on_click(lambda _b: app.router.show("class-view"))
            buttons.append(start_class)
        elif not app.class_pupil.joined:
            buttons += [start_class, join_class]
        for button in buttons:
            button.add_class("sb-big-button")
        return buttons

    def _game_buttons(self) -> list[w.Widget]:
        games: list[w.Widget] = []
        for game_id, ui in game_uis().items():
            chosen = game_id == self.app.game_id
            choose = testid(w.Button(description=ui.kind.name,
                                     button_style="primary" if chosen else "",
                                     icon="check" if chosen else ""), f"game-{game_id}")
            choose.add_class("sb-game-choice")
            choose.on_click(lambda _b, game_id=game_id: self.app.choose_game(game_id))
            games.append(choose)
        return games

    def _resume_offer(self) -> list[w.Widget]:
        resumable = self.app.session.resumable()
        if resumable is None:
            return []
        # The game in progress first, its button focused: after a reload the learner
        # goes on with Enter instead of looking for it among the others.
        tr = self.app.tr
        settings, match = resumable
        turn = max(match.game.turn, 1)  # Skyjo's set-up, turn 0, is the game's start
        resume = testid(w.Button(description=tr("home.resume"), icon="play",
                                 button_style="primary"), "resume")
        resume.add_class("sb-big-button")
        resume.tooltip = tr("home.resume_detail", players=settings.players, turn=turn)
        resume.on_click(lambda _b: self.app.session.resume_game())
        waiting = html.escape(tr("home.resume_waiting", game=settings.kind.name,
                                 players=settings.players, turn=turn))
        box = testid(w.VBox([w.HTML(f'<p class="sb-resume-text">{waiting}</p>'), resume],
                            layout=w.Layout(align_items="flex-start")), "resume-offer")
        box.add_class("sb-resume-offer")
        return [box]

    def _files(self) -> list[w.Widget]:
        app = self.app
        upload = FilePicker(label=app.tr("home.load_file"), accept=".json",
                            max_size=MAX_SAVE_SIZE)
        upload.on_file(app.session.open_file)
        files: list[w.Widget] = [upload]
        if game_ui(app.game_id).sheet is not None:
            sheet = SheetLink()  # the chosen game's rules to print
            sheet.show(app.tr("home.rules_sheet"), app.lang, game=app.game_id)
            files.append(sheet)
        return files
