"""The app: a home screen offering Skip-Bo and Skyjo, new-game settings and the game,
in four languages. ``?game=skyjo`` chooses Skyjo from the start.

In a notebook ``play(lang="fr")`` shows it inline; ``notebooks/app.ipynb``
serves the same app with Voilà. The session is kept in the browser's storage
after every change and offered for resume after a reload or a kernel restart; a
browser that cannot keep it (its storage full, blocked or missing) is said to, at
once and until dismissed, with the file offered instead.
"""

from __future__ import annotations

import contextlib
import html
import os
from collections.abc import Callable
from datetime import datetime
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as w

from ...core.errors import GameError, SaveError
from ...core.errors import SaveReason as Reason
from ...i18n import LANGUAGE_NAMES, LANGUAGES, explain, normalize_lang, t
from ...tutorials.lesson import all_lessons, course
from ...tutorials.progress import Progress, dumps_progress, loads_progress
from ..page.file_picker import FilePicker
from ..page.page import escaped
from ..page.sheet_link import SheetLink
from ..page.store import BrowserStore
from ..page.testids import ShellSupport, testid
from ..registry import default_game, game_ui, game_uis
from ..rooms.screens import RoomFlow
from .demo import DemoForm, DemoScreen, DemoSettings
from .game_screen import GameScreen
from .hot_seat import HotSeatForm, HotSeatScreen
from .settings import (
    MAX_SAVE_SIZE,
    AnyMatch,
    Settings,
    deal_query,
    dumps_session,
    game_from_query,
    loads_session,
    open_any,
    settings_from_query,
)
from .setup_form import SetupForm
from .tutorial import TutorialScreen

#: Refusals of a file that is no saved game at all (a picture, a letter, another program's
#: file; a picture's bytes are no text, refused as ``save_bad_text`` ``encoding``).
_NOT_A_GAME = (Reason.NOT_JSON, Reason.BAD_FORMAT)

def lang_from_query(query: str | None = None) -> str:
    """The language asked for in a query string such as ``lang=fr`` (Voilà's ``QUERY_STRING``)."""
    query = os.environ.get("QUERY_STRING", "") if query is None else query
    return normalize_lang(parse_qs(query).get("lang", [""])[0])


class App:
    """The whole app; display it (or its ``widget``) in a notebook or with Voilà."""

    def __init__(self, lang: str = "en", *, animate: bool | None = None,
                 screen: str = "home") -> None:
        """``animate``: let bots move at a followable pace (``None``: when a kernel
        event loop runs, as in a notebook or Voilà; ``False``: at once).
        ``screen``: ``"home"``, or ``"learn"`` to open the lessons."""
        self.lang = normalize_lang(lang)
        self.animate = animate
        self.store = BrowserStore()
        self.store.on_stored(self._on_stored)
        self.store.on_written_elsewhere(self._on_written_elsewhere)
        #: What another tab stored while this one plays, until the learner chooses.
        self._elsewhere: str | None = None
        self.conflict = w.VBox()
        self.lesson_store = BrowserStore(key="skipbo-widgets/tutorial")
        self.lesson_store.on_stored(self._on_lesson_stored)
        #: What the browser cannot keep now (``game``, ``lessons``): True while the learner
        #: is told so, False once they dismissed it (until the store works again).
        self._not_kept: dict[str, bool] = {}
        self.store.on_failed(lambda failing: self._store_failed("game", failing))
        self.lesson_store.on_failed(lambda failing: self._store_failed("lessons", failing))
        self.store_warning = w.VBox()
        self.lesson_progress: Progress | None = None
        self.tutorial: TutorialScreen | None = None
        self.resume: tuple[Settings, AnyMatch] | None = None
        self.last_settings: Settings | None = None
        self.game_screen: GameScreen | None = None
        self.setup_form: SetupForm | None = None
        self.demo_form: DemoForm | None = None
        self.demo_screen: DemoScreen | None = None
        self.hot_seat_form: HotSeatForm | None = None
        self.screen = "home"

        self.lang_picker = testid(w.ToggleButtons(
            options=[(LANGUAGE_NAMES[code], code) for code in LANGUAGES], value=self.lang,
            style={"button_width": "7.5em"}), "language")
        self.lang_picker.observe(lambda change: self.set_lang(change["new"]), names="value")
        #: The projector view (large print, the table the screen's height), kept in the browser.
        self.projector = testid(w.ToggleButton(value=False, icon="television"), "projector")
        self.projector.observe(lambda change: self._projector_changed(change["new"]),
                               names="value")
        #: Set while the page's ``?view=`` switches the view: only the learner's choice is kept.
        self._view_asked = False
        self.view_store = BrowserStore(key="skipbo-widgets/view")
        self.view_store.on_stored(self._on_view_stored)
        self.title = w.HTML()
        self.notice = w.HTML()
        #: The notice shown (a message key and the refusal), said again in a new language.
        self._noticed: tuple[str, GameError] | None = None
        #: The class link's deal once opened: a later query from the page opens it no more.
        self._dealt = False
        #: The game the class link started, until the learner plays another.
        self._class_deal: GameScreen | None = None
        #: While the learner is asked whether a new game may replace the one in progress:
        #: what "Start the new game" does, and what "Keep playing" does.
        self._asked: tuple[Callable[[], None], Callable[[], None]] | None = None
        #: Set while the class deal starts (before it is known as ``_class_deal``).
        self._dealing = False
        self.body = w.Box(layout=w.Layout(width="100%"))
        header = w.HBox([self.title, w.HBox([self.projector, self.lang_picker],
                                            layout=w.Layout(flex_flow="row wrap"))],
                        layout=w.Layout(justify_content="space-between", align_items="center",
                                        flex_flow="row wrap", width="100%"))
        header.add_class("sb-header")
        #: Also writes ``lang`` on the app's root element (``.sb-app``), not on the page.
        #: The page's whole query, e.g. ``{"lang": ["fr"], "deal": ["7"]}``: Voilà's
        #: ``QUERY_STRING`` (see :meth:`open_query`), completed by what the page itself
        #: sends (a static site).
        self.query: dict[str, list[str]] = parse_qs(os.environ.get("QUERY_STRING", ""))
        #: The game the home screen offers to learn and play (``game-skipbo``, ``game-skyjo``).
        self.game_id = game_from_query(self.query) or default_game()
        self.shell = ShellSupport(lang=self.lang, title=self.tr(self._title_key))
        self.shell.observe(lambda change: self._on_page_query(change["new"]), names="query")
        self.shell.observe(lambda _change: self._show_deal_link(), names="address")
        self.shell.on_copied(self._link_copied)
        #: Play with others: a room's screens (issue 23).
        self.room_flow = RoomFlow(lang=self.lang, shell=self.shell, on_leave=self.show_home,
                                  on_show=self._show_room, on_hot_seat=self.show_hot_seat)
        self.widget = w.VBox([header, self.notice, self.conflict, self.store_warning,
                              self.body, self.store, self.room_flow.store,
                              self.lesson_store, self.view_store, self.shell],
                             layout=w.Layout(width="100%"))
        self.widget.add_class("sb-app")
        self._label_projector()
        self._view_from_query()
        if screen == "learn":
            self.show_learn()
        else:
            self.show_home()
            self._open_deal()
            self._open_room()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def tr(self, key: str, **params: Any) -> str:
        return t(key, self.lang, **params)

    # -- language -----------------------------------------------------------

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        self.shell.lang = self.lang
        self.shell.title = self.tr(self._title_key)
        if self.lang_picker.value != self.lang:
            self.lang_picker.value = self.lang
        self._label_projector()
        self._show_title(self._title_key)
        self._show_notice()
        self._show_conflict()
        self._show_store_warning()
        self.room_flow.set_lang(self.lang)
        if self.screen == "game" and self.game_screen is not None:
            self.game_screen.set_lang(self.lang)
        elif self.screen == "learn":
            self.show_learn()
        elif self.screen == "setup":
            self.show_setup()
        elif self.screen == "demo" and self.demo_screen is not None:
            self._show_demo_title()
            self.demo_screen.set_lang(self.lang)
        elif self.screen == "demo-setup":
            self.show_demo_setup()
        elif self.screen == "hot-seat":
            self.show_hot_seat()
        elif self.screen == "confirm":
            self._show_question()
        else:
            self.show_home()

    def open_query(self, query: str) -> None:
        """Voilà's query string (``lang=fr&deal=7``), also when it arrives after the app
        was built (a pre-heated kernel, see ``voila_request``): kept whole, its language
        applied."""
        self._apply_query(parse_qs(query))

    def _on_page_query(self, query: str) -> None:
        """The query the page sends (a static site's kernel cannot see the address);
        what Voilà handed over (``QUERY_STRING``) wins."""
        self._apply_query(parse_qs(query) | parse_qs(os.environ.get("QUERY_STRING", "")))

    def _apply_query(self, query: dict[str, list[str]]) -> None:
        self.query = query
        if "lang" in query and normalize_lang(query["lang"][0]) != self.lang:
            self.set_lang(query["lang"][0])
        self._view_from_query()
        asked = game_from_query(query)
        if self.screen == "home":
            if asked is not None and asked != self.game_id:
                self.choose_game(asked)
            self._open_deal()
            self._open_room()

    def _open_room(self) -> None:
        """``?room=K7PXM``: the join screen with the code filled in (once)."""
        if "room" in self.query and self.room_flow.screen == "":
            self.room_flow.show_join(self.query["room"][0][:20])

    def _show_room(self, widget: w.Widget) -> None:
        self.screen = "room"
        self._clear_notice()
        self.game_id = self.room_flow.game_id or self.game_id
        self._show_title(self._title_key)
        self.body.children = [widget]

    # -- the projector view -----------------------------------------------------

    def set_projector(self, on: bool) -> None:
        """Every text at least 24 px on a 1920 by 1080 projector, the table the screen's height."""
        self.projector.value = on

    def _projector_changed(self, on: bool) -> None:
        if on:
            self.widget.add_class("sb-projector")
        else:
            self.widget.remove_class("sb-projector")
        if not self._view_asked:
            self.view_store.value = "projector" if on else ""

    def _label_projector(self) -> None:
        self.projector.description = self.tr("view.projector")
        self.projector.tooltip = self.tr("view.projector_detail")

    def _view_from_query(self) -> None:
        """``?view=projector`` (any other view: the usual one) wins over the kept choice."""
        if "view" in self.query:
            self._view_asked = True
            self.set_projector(self.query["view"][0] == "projector")
            self._view_asked = False

    def _on_view_stored(self, text: str) -> None:
        if "view" not in self.query:
            self.set_projector(text == "projector")

    # -- a class deal by link ---------------------------------------------------

    def _open_deal(self) -> None:
        """``?deal=123``: one link, and every pupil sits at the same table with the same
        cards, the game started (a form to fill in first would let the deals drift apart)."""
        if self._dealt:
            return
        try:
            settings = settings_from_query(self.query)
        except GameError as err:
            self._dealt = True
            self._notice("home.deal_failed", err)
            return
        if settings is not None:
            self._dealt = True
            self._dealing = True
            try:
                self.start(settings)
            finally:
                self._dealing = False
            self._class_deal = self.game_screen

    def _back_to_class_deal(self, text: str) -> None:
        """A class link opened again (a reload): the game of that deal this browser kept goes
        on where it was, instead of starting over."""
        live = self._live_game()
        if live is None or live is not self._class_deal:
            return
        try:
            settings, match = loads_session(text)
        except SaveError:
            return
        same = (settings.seed, settings.rules()) == (live.settings.seed, live.settings.rules())
        if same and not settings.match and match.game.turn >= live.match.game.turn:
            self._class_deal = None
            self.start(settings, match)
            return
        # Another game was kept in this browser: the deal is not played over it unasked.
        self.resume = (settings, match)
        self._ask(lambda: self._play_class_deal(live), lambda: self.start(settings, match))

    def _play_class_deal(self, deal: GameScreen) -> None:
        """The class deal, confirmed over a kept game: from now on it is the one kept."""
        self.resume = None
        self._class_deal = None
        self._show_game(deal)
        self._save(deal)

    def deal_link(self, settings: Settings) -> str:
        """The address that opens this deal for a whole class (empty without a deal number)."""
        if not settings.seed.strip():
            return ""
        return f"{self.shell.address}?{deal_query(settings, self.lang)}"

    def _link_copied(self, ok: bool) -> None:
        if self.screen == "setup" and self.setup_form is not None:
            self.setup_form.copied(ok)

    def _show_deal_link(self) -> None:
        if self.screen == "setup" and self.setup_form is not None:
            self.setup_form.show_link()

    # -- screens ------------------------------------------------------------

    def _show_title(self, key: str, **params: Any) -> None:
        self.title.value = f'<h1 class="sb-title">{html.escape(self.tr(key, **params))}</h1>'

    def _show_demo_title(self) -> None:
        self._show_title("demo.title.game", game=game_ui(self.game_id).kind.name)

    @property
    def _title_key(self) -> str:
        return game_ui(self.game_id).title_key

    def choose_game(self, game_id: str) -> None:
        """Offer ``game_id`` (``skipbo``, ``skyjo``) to learn and play on the home screen."""
        self.game_id = game_id
        self.shell.title = self.tr(self._title_key)
        if self.screen == "home":
            self.show_home()

    def show_home(self, *, focus: bool | None = None) -> None:
        """The home screen; a game in progress on top, its button focused when the learner
        arrives (``focus``: by default when coming from another screen, not when the home
        screen is only drawn again, in a new language say)."""
        if focus is None:
            focus = self.screen != "home"
        self.screen = "home"
        self._show_title(self._title_key)
        learn = testid(w.Button(description=self.tr("home.learn"), icon="graduation-cap",
                                button_style="info"), "learn")
        learn.on_click(lambda _b: self.learn())
        play = testid(w.Button(description=self.tr("home.play"), icon="play",
                               button_style="success"), "play")
        play.on_click(lambda _b: self.show_setup())
        demo = testid(w.Button(description=self.tr("home.demo"), icon="eye"), "demo")
        demo.tooltip = self.tr("home.demo_detail")
        demo.on_click(lambda _b: self.show_demo_setup())
        hot_seat = testid(w.Button(description=self.tr("home.hot_seat"), icon="users"),
                          "hot-seat")
        hot_seat.tooltip = self.tr(game_ui(self.game_id).hot_seat_detail_key)
        hot_seat.on_click(lambda _b: self.show_hot_seat())
        others = testid(w.Button(description=self.tr("home.play_others"), icon="users",
                                 button_style="warning"), "play-others")
        others.tooltip = self.tr("home.play_others_detail")
        others.on_click(lambda _b: self.room_flow.show_create(self.game_id))
        join = testid(w.Button(description=self.tr("home.join_room"), icon="sign-in"),
                      "join-room")
        join.on_click(lambda _b: self.room_flow.show_join())
        buttons: list[w.Widget] = [learn, play, demo, hot_seat, others, join]
        for button in buttons:
            button.add_class("sb-big-button")
        games = []
        for game_id, ui in game_uis().items():
            chosen = game_id == self.game_id
            choose = testid(w.Button(description=ui.kind.name,
                                     button_style="primary" if chosen else "",
                                     icon="check" if chosen else ""), f"game-{game_id}")
            choose.add_class("sb-game-choice")
            choose.on_click(lambda _b, game_id=game_id: self.choose_game(game_id))
            games.append(choose)
        resumable = self._resumable()
        offer: list[w.Widget] = []
        if resumable is not None:
            # The game in progress first, its button focused: after a reload the learner
            # goes on with Enter instead of looking for it among the others.
            settings, match = resumable
            turn = max(match.game.turn, 1)  # Skyjo's set-up, turn 0, is the game's start
            resume = testid(w.Button(description=self.tr("home.resume"), icon="play",
                                     button_style="primary"), "resume")
            resume.add_class("sb-big-button")
            resume.tooltip = self.tr("home.resume_detail", players=settings.players,
                                     turn=turn)
            resume.on_click(lambda _b: self._resume())
            waiting = html.escape(self.tr("home.resume_waiting", game=settings.kind.name,
                                          players=settings.players, turn=turn))
            box = testid(w.VBox([w.HTML(f'<p class="sb-resume-text">{waiting}</p>'), resume],
                                layout=w.Layout(align_items="flex-start")), "resume-offer")
            box.add_class("sb-resume-offer")
            offer.append(box)
        upload = FilePicker(label=self.tr("home.load_file"), accept=".json",
                            max_size=MAX_SAVE_SIZE)
        upload.on_file(self._picked)
        files: list[w.Widget] = [upload]
        if game_ui(self.game_id).sheet is not None:
            sheet = SheetLink()  # the chosen game's rules to print
            sheet.show(self.tr("home.rules_sheet"), self.lang, game=self.game_id)
            files.append(sheet)
        intro_key = game_ui(self.game_id).intro_key
        intro = w.HTML(f'<p class="sb-intro">{html.escape(self.tr(intro_key))}</p>')
        choice = w.HBox(games, layout=w.Layout(flex_flow="row wrap"))
        choice.add_class("sb-game-choices")
        row = w.HBox(buttons, layout=w.Layout(flex_flow="row wrap"))
        self.body.children = [w.VBox([*offer, w.VBox([choice, intro]), row,
                                      self._lesson_caption(),
                                      w.HBox(files, layout=w.Layout(flex_flow="row wrap"))],
                                     layout=w.Layout(padding="12px"))]
        if offer and focus:
            self.shell.focus("resume")

    def _lesson_caption(self) -> w.HTML:
        """Where the learner is in the lessons (a tooltip would not show on a tablet)."""
        progress = self.lesson_progress
        if progress is None:
            text = ""
        elif progress.finished:
            text = self.tr("tutorial.finished_title")
        else:
            lessons = all_lessons()
            own = course(lessons, min(progress.lesson, len(lessons) - 1))
            text = self.tr("tutorial.lesson", number=progress.lesson - own.start + 1,
                           total=len(own))
        return testid(w.HTML(f'<p class="sb-home-caption">{html.escape(text)}</p>' if text
                             else ""), "lesson-place")

    def show_learn(self) -> None:
        """The lessons, where the learner left them last time."""
        self.screen = "learn"
        self._clear_notice()
        self._show_title("tutorial.heading")
        if self.tutorial is None:
            self.tutorial = TutorialScreen(
                self.lang, on_practice=self._practice, on_menu=self.show_home,
                on_progress=self._keep_lesson, start=self.lesson_progress)
        else:
            self.tutorial.set_lang(self.lang)
        self.body.children = [self.tutorial.widget]

    def _practice(self) -> None:
        """The practice game of the game whose lessons the learner has just finished."""
        assert self.tutorial is not None
        self.start_new(game_ui(self.tutorial.step.game).practice)

    def learn(self) -> None:
        """The lessons of the game chosen on the home screen: where the learner left them
        if that was in this game, else at the game's first lesson (when the lesson list
        has it)."""
        self.show_learn()
        tutorial = self.tutorial
        assert tutorial is not None
        if tutorial.lessons[tutorial.lesson].game != self.game_id:
            first = next((i for i, lesson in enumerate(tutorial.lessons)
                          if lesson.game == self.game_id), None)
            if first is not None:
                tutorial.go(first, 0)

    def show_setup(self) -> None:
        """The new-game form of the game chosen on the home screen."""
        self.screen = "setup"
        self._clear_notice()
        initial = self.last_settings
        if self.setup_form is not None:
            try:
                initial = self.setup_form.settings()
            except GameError:
                initial = self.last_settings
        if initial is None or initial.kind.id != self.game_id:
            initial = game_ui(self.game_id).settings()
        self.setup_form = SetupForm(self.lang, on_start=self.start_new,
                                    on_back=self.show_home, initial=initial,
                                    link=self.deal_link,
                                    copy=lambda: self.shell.copy("deal-link"))
        self.body.children = [self.setup_form.widget]

    def show_demo_setup(self) -> None:
        """Demo mode's own small setup: players, each bot's level, the deal number."""
        self.screen = "demo-setup"
        self._clear_notice()
        self._show_title(self._title_key)
        initial = self.demo_screen.settings if self.demo_screen is not None else None
        if self.demo_form is not None:
            with contextlib.suppress(GameError):  # a half-filled form: the last settings
                initial = self.demo_form.settings()
        self.demo_form = DemoForm(self.lang, on_start=self.start_demo, on_back=self.show_home,
                                  initial=initial, game=self.game_id)
        self.body.children = [self.demo_form.widget]

    def start_demo(self, settings: DemoSettings) -> None:
        """A game of bots, told move by move (it is not kept: nothing to resume)."""
        self._clear_notice()
        self.screen = "demo"
        self._show_demo_title()
        if self.demo_screen is not None:
            self.demo_screen.close()
        self.demo_screen = DemoScreen(settings, lang=self.lang, animate=self.animate,
                                      on_menu=self._leave_demo, on_new=self.show_demo_setup)
        self.body.children = [self.demo_screen.widget]

    def _leave_demo(self) -> None:
        if self.demo_screen is not None:
            self.demo_screen.pause()
        self.show_home()

    def show_hot_seat(self) -> None:
        """The setup of a game for several people at one screen."""
        self.screen = "hot-seat"
        self._clear_notice()
        self._show_title(self._title_key)
        initial = self.last_settings
        if self.hot_seat_form is not None:
            with contextlib.suppress(GameError):  # a half-filled form: the last settings
                initial = self.hot_seat_form.settings()
        self.hot_seat_form = HotSeatForm(self.lang, on_start=self.start_new,
                                         on_back=self.show_home, initial=initial,
                                         game=self.game_id)
        self.body.children = [self.hot_seat_form.widget]

    def start_new(self, settings: Settings, match: AnyMatch | None = None) -> None:
        """Start a new game (or one from a file) with these settings; while a kept game
        is in progress, only once the learner said that game may be lost."""
        if self._resumable() is None:
            self.start(settings, match)
        else:
            self._ask(lambda: self.start(settings, match), self._resume)

    def _ask(self, new: Callable[[], None], keep: Callable[[], None]) -> None:
        """Ask whether a new game may replace the one in progress: ``new`` or ``keep``."""
        self._asked = (new, keep)
        self._show_question()

    def _show_question(self) -> None:
        self.screen = "confirm"
        text = html.escape(self.tr("confirm.new_game"))
        box = testid(w.HTML(f'<div class="sb-box sb-box-question">{text}</div>'),
                     "new-game-question")
        keep = testid(w.Button(description=self.tr("confirm.new_game.keep"), icon="play",
                               button_style="primary"), "keep-playing")
        keep.add_class("sb-big-button")
        keep.on_click(lambda _b: self._answer(new=False))
        new = testid(w.Button(description=self.tr("confirm.new_game.start"), icon="refresh"),
                     "confirm-new-game")
        new.add_class("sb-big-button")
        new.on_click(lambda _b: self._answer(new=True))
        self.body.children = [w.VBox([box, w.HBox([keep, new],
                                                  layout=w.Layout(flex_flow="row wrap"))],
                                     layout=w.Layout(padding="12px", max_width="44em"))]

    def _answer(self, *, new: bool) -> None:
        asked, self._asked = self._asked, None
        if asked is not None:
            asked[0 if new else 1]()

    def start(self, settings: Settings, match: AnyMatch | None = None) -> None:
        """Start (or resume) a game with these settings."""
        self.game_id = settings.kind.id
        self.shell.title = self.tr(self._title_key)
        self._clear_notice()
        self._show_title(self._title_key)
        self.last_settings = settings
        self.resume = None
        self._asked = None
        self.screen = "game"
        if self.game_screen is not None:
            self.game_screen.close()
        self._elsewhere = None
        self._show_conflict()
        screen = HotSeatScreen if settings.people else GameScreen
        self.game_screen = screen(
            settings, match or settings.new_match(), lang=self.lang,
            on_save=self._save, on_save_file=self._save_file, on_menu=self.show_home,
            on_new=self.show_hot_seat if settings.people else self.show_setup,
            animate=self.animate)
        self.body.children = [self.game_screen.widget]
        self._show_store_warning()  # its file is this game's now

    # -- keeping the session --------------------------------------------------

    def _save(self, screen: GameScreen) -> None:
        deal = self._dealing or screen is self._class_deal
        if deal and (self._asked is not None or not self.store.reported):
            return  # the game kept in this browser, if any, is not written over unasked
        self.store.value = "" if screen.finished else dumps_session(screen.settings, screen.match)

    def _save_file(self) -> None:
        screen = self.game_screen
        if screen is not None:
            # Named by its game and when it was saved, to be found again in a folder.
            name = f"{screen.settings.kind.id}-{datetime.now():%Y-%m-%d-%H%M}.json"
            self.store.download(dumps_session(screen.settings, screen.match), name)

    def _keep_lesson(self, progress: Progress) -> None:
        self.lesson_progress = progress
        self.lesson_store.value = dumps_progress(progress)

    def _on_lesson_stored(self, text: str) -> None:
        # anything not valid: start at the first lesson
        progress = loads_progress(text)
        if progress is None or self.lesson_progress is not None:
            return
        self.lesson_progress = progress
        if self.screen == "learn" and self.tutorial is not None:
            self.tutorial.go(progress.lesson, progress.step, progress.moves)
            if progress.finished:
                self.tutorial.finish()
        elif self.screen == "home":
            self.show_home()

    def _live_game(self) -> GameScreen | None:
        """The game this page is playing, unless it is over (then only a new one is offered)."""
        screen = self.game_screen
        return screen if screen is not None and not screen.finished else None

    def _resumable(self) -> tuple[Settings, AnyMatch] | None:
        live = self._live_game()
        return (live.settings, live.match) if live is not None else self.resume

    def _on_stored(self, text: str) -> None:
        if text and self._live_game() is not None:
            self._back_to_class_deal(text)
        elif self._class_deal is not None:  # nothing kept: the class deal is the game kept
            self._save(self._class_deal)
        if not text or self._live_game() is not None:
            return
        try:
            self.resume = loads_session(text)
        except SaveError as err:
            self.resume = None
            self._notice("home.resume_failed", err)
        if self.screen == "home":
            self.show_home(focus=True)  # a reload: go on with Enter

    # -- a browser that keeps nothing --------------------------------------------

    def _store_failed(self, what: str, failing: bool) -> None:
        """The browser refused to keep ``what`` (``game``, ``lessons``), or keeps it again."""
        if failing:
            self._not_kept[what] = True
        else:
            self._not_kept.pop(what, None)
        self._show_store_warning()

    def _dismiss_store_warning(self, what: str) -> None:
        self._not_kept[what] = False
        self._show_store_warning()

    def _show_store_warning(self) -> None:
        """Said above the screen, apart from the notice and the status line, so that no
        later message replaces it: the game (with the file offered) and the lessons' place."""
        children: list[w.Widget] = []
        for what, testid_ in (("game", "store-failed"), ("lessons", "store-failed-lessons")):
            if not self._not_kept.get(what):
                continue
            text = html.escape(self.tr(f"store.failed.{what}"))
            children.append(w.HTML(f'<div class="sb-box sb-box-warning" '
                                   f'data-testid="{testid_}" role="alert" '
                                   f'data-scroll-into-view>{text}</div>'))
            buttons: list[w.Widget] = []
            if what == "game" and self.game_screen is not None:
                save = testid(w.Button(description=self.tr("store.failed.save"),
                                       icon="download", button_style="primary"),
                              "store-failed-save")
                save.on_click(lambda _b: self._save_file())
                buttons.append(save)
            dismiss = testid(w.Button(description=self.tr("store.failed.dismiss"),
                                      icon="check"), f"{testid_}-dismiss")
            dismiss.on_click(lambda _b, what=what: self._dismiss_store_warning(what))
            buttons.append(dismiss)
            children.append(w.HBox(buttons, layout=w.Layout(flex_flow="row wrap")))
        self.store_warning.children = children

    # -- two tabs of one browser share the kept game ---------------------------

    def _on_written_elsewhere(self, text: str) -> None:
        """Another tab stored its game (or cleared it): a reload would bring back that one."""
        live = self._live_game()
        if live is None:  # nothing to lose here: Resume offers the game kept last
            self.resume = None
            if text:
                self._on_stored(text)
            elif self.screen == "home":
                self.show_home()
        elif not text:  # the other tab's game is over: keep this one for a reload
            self.store.write_again()
        else:
            self._elsewhere = text
            self._show_conflict()

    def _show_conflict(self) -> None:
        if self._elsewhere is None:
            self.conflict.children = ()
            return
        keep = testid(w.Button(description=self.tr("elsewhere.keep"), icon="check",
                               button_style="primary"), "keep-this-game")
        keep.on_click(lambda _b: self._keep_this_game())
        take = testid(w.Button(description=self.tr("elsewhere.take"), icon="exchange"),
                      "take-other-game")
        take.on_click(lambda _b: self._take_other_game())
        text = html.escape(self.tr("elsewhere.text"))
        self.conflict.children = (
            w.HTML(f'<div class="sb-box sb-box-error" data-testid="written-elsewhere">'
                   f"{text}</div>"),
            w.HBox([keep, take], layout=w.Layout(flex_flow="row wrap")))

    def _keep_this_game(self) -> None:
        self._elsewhere = None
        self._show_conflict()
        if self._live_game() is not None:
            self.store.write_again()

    def _take_other_game(self) -> None:
        text, self._elsewhere = self._elsewhere, None
        self._show_conflict()
        if text is None:
            return
        try:
            settings, match = loads_session(text)
        except SaveError as err:
            self._notice("home.resume_failed", err)
            return
        self.start(settings, match)

    def _resume(self) -> None:
        live = self._live_game()
        if live is not None:  # back to the very same game: its log, undo and review stay
            self._show_game(live)
        elif self.resume is not None:
            self.start(*self.resume)

    def _show_game(self, screen: GameScreen) -> None:
        self.screen = "game"
        self._clear_notice()
        self.game_id = screen.settings.kind.id
        self._show_title(self._title_key)
        screen.set_lang(self.lang)
        self.body.children = [screen.widget]

    def _picked(self, name: str, found: bytes | int) -> None:
        """A file from the picker, or the size of one too big to be sent."""
        if isinstance(found, int):
            self._notice("home.load_failed",
                         SaveError(Reason.TOO_LARGE, size=found, max=MAX_SAVE_SIZE))
            return
        try:
            settings, match = open_any(found)
        except SaveError as err:
            # A file of the app's own that is cut short or edited is a damaged save, told as
            # such; any other file that is no JSON, or no saved game, is not a game at all.
            ours = b'"skipbo-widgets/' in found
            not_game = not ours and (err.reason in _NOT_A_GAME or (
                err.reason == Reason.BAD_TEXT and err.params.get("problem") == "encoding"))
            self._notice("home.load_not_game" if not_game else "home.load_failed", err)
            return
        self.start_new(settings, match)

    def _notice(self, key: str, err: GameError) -> None:
        self._noticed = (key, err)
        self._show_notice()

    def _clear_notice(self) -> None:
        self._noticed = None
        self._show_notice()

    def _show_notice(self) -> None:
        if self._noticed is None:
            self.notice.value = ""
            return
        key, err = self._noticed
        # A refusal may repeat what it refused: nothing that cannot be sent reaches the page.
        text = escaped(self.tr(key, reason=explain(err, self.lang),
                               game=game_ui(self.game_id).kind.name,
                               button=self.tr("game.save_file")))
        self.notice.value = (f'<div class="sb-box sb-box-error" data-testid="notice">'
                             f"{html.escape(text)}</div>")

