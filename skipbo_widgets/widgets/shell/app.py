"""The app: a home screen offering Skip-Bo and Skyjo, new-game settings and the game,
in four languages. ``?game=skyjo`` chooses Skyjo from the start.

In a notebook ``play(lang="fr")`` shows it inline; ``notebooks/app.ipynb``
serves the same app with Voilà. The session is kept in the browser's storage
after every change and offered for resume after a reload or a kernel restart; a
browser that cannot keep it (its storage full, blocked or missing) is said to, at
once and until dismissed, with the file offered instead.

:class:`App` is the frame: the title, the projector view and language picker, what
is said above every screen (:mod:`.banners`) and a :class:`~.router.Router` of
named screens (:mod:`.home`, :mod:`.learn`, :mod:`.setup_screens`,
:mod:`.play_screens`). The session is :mod:`.session`, the page's query and the
class deal link :mod:`.page_query`.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from ...core.errors import GameError
from ...i18n import LANGUAGE_NAMES, LANGUAGES, normalize_lang, t
from ..classes import ClassJoinScreen, ClassPupil, ClassStartScreen, ClassViewScreen
from ..page.testids import ShellSupport, testid
from ..registry import default_game, game_ui
from ..rooms.screens import RoomFlow
from .banners import Notice, StoreWarning
from .card_size import CardSize
from .home import HomeScreen
from .learn import LearnScreen
from .page_query import ClassDeal, PageQuery
from .page_query import lang_from_query as lang_from_query  # the notebook's import
from .play_screens import DemoPlayScreen, PlayScreen, QuestionScreen
from .router import Router
from .session import Session
from .settings import AnyMatch, Settings, game_from_query
from .setup_screens import DemoSetupScreen, HotSeatSetupScreen, SetupScreen
from .view_menu import ViewMenu

if TYPE_CHECKING:
    # The other screens' modules are imported when those are first shown (tests/widgets/
    # test_app_start.py checks that the home screen does without them).
    from .demo import DemoForm, DemoScreen, DemoSettings
    from .game_screen import GameScreen
    from .hot_seat import HotSeatForm
    from .setup_form import SetupForm
    from .tutorial import TutorialScreen


class App:
    """The whole app; display it (or its ``widget``) in a notebook or with Voilà."""

    def __init__(self, lang: str = "en", *, animate: bool | None = None,
                 screen: str = "home") -> None:
        """``animate``: let bots move at a followable pace (``None``: when a kernel
        event loop runs, as in a notebook or Voilà; ``False``: at once).
        ``screen``: ``"home"``, or ``"learn"`` to open the lessons."""
        self.lang = normalize_lang(lang)
        self.animate = animate
        self.title = w.HTML()
        self.notices = Notice(self.tr, lambda: self.lang, lambda: self.game_id)
        self.notice = self.notices.widget
        self.body = w.Box(layout=w.Layout(width="100%"))
        self.body.add_class("sb-screen")  # the page finds the screen's heading in it
        # A screen shown: the focus goes to its heading (the shell is made below).
        self.router = Router(self.body, shown=lambda: self.shell.focus_heading())
        self.session = Session(self)
        self.store, self.conflict = self.session.store, self.session.conflict
        self.page = PageQuery(self)
        self.deals = ClassDeal(self)
        self.projector, self.view_store = self.page.projector, self.page.view_store
        #: The card size (S, M, L, XL), kept in the browser like the projector view.
        self.card_size = CardSize(lambda: self.widget, self.tr)
        self.home, self.learning = HomeScreen(self), LearnScreen(self)
        self.setup, self.hot_seat = SetupScreen(self), HotSeatSetupScreen(self)
        self.demo_setup, self.demo = DemoSetupScreen(self), DemoPlayScreen(self)
        self.playing, self.question = PlayScreen(self), QuestionScreen(self)
        for name, shown in (("home", self.home), ("learn", self.learning), ("setup", self.setup),
                            ("hot-seat", self.hot_seat), ("demo-setup", self.demo_setup),
                            ("demo", self.demo), ("game", self.playing),
                            ("confirm", self.question)):
            self.router.add(name, shown)
        self.lesson_store = self.learning.store
        self.warning = StoreWarning(self.tr, has_game=lambda: self.game_screen is not None,
                                    save_file=self.session.save_file)
        self.store_warning = self.warning.widget
        self.store.on_failed(lambda failing: self.warning.failed("game", failing))
        self.lesson_store.on_failed(lambda failing: self.warning.failed("lessons", failing))

        self.lang_picker = testid(w.ToggleButtons(
            options=[(LANGUAGE_NAMES[code], code) for code in LANGUAGES], value=self.lang,
            style={"button_width": "auto"}), "language")
        self.lang_picker.observe(lambda change: self.set_lang(change["new"]), names="value")
        # The switches share the title's row and wrap among themselves when it is short
        # (a laptop's 1280 px): a row of their own would push a lesson's table off screen.
        # On a phone they fold behind one button (view_menu).
        self.view_menu = ViewMenu([self.projector, self.card_size.buttons, self.lang_picker],
                                  self.tr)
        header = w.HBox([self.title, self.view_menu.button, self.view_menu.panel],
                        layout=w.Layout(justify_content="space-between", align_items="center",
                                        flex_flow="row wrap", width="100%"))
        header.add_class("sb-header")
        #: The game the home screen offers to learn and play (``game-skipbo``, ``game-skyjo``).
        self.game_id = game_from_query(self.query) or default_game()
        #: Also writes ``lang`` on the app's root element (``.sb-app``), not on the page.
        self.shell = ShellSupport(lang=self.lang, title=self.tr(self.title_key))
        self.shell.observe(lambda change: self.page.on_page_query(change["new"]), names="query")
        self.shell.observe(lambda _change: self.deals.show_link(), names="address")
        self.shell.on_copied(self.deals.copied)
        #: Play with others (issue 23): making a room, its waiting room, the table.
        self.room_flow = RoomFlow(lang=self.lang, shell=self.shell, on_leave=self.show_home,
                                  on_show=self._show_room, on_hot_seat=self.show_hot_seat)
        self.router.add("room", self.room_flow)
        #: A teacher's class (issue 24): the pupil's side, and the teacher's screens.
        self.class_pupil = ClassPupil(self)
        self.class_join, self.class_start = ClassJoinScreen(self), ClassStartScreen(self)
        self.class_view = ClassViewScreen(self)
        self.router.add("class-join", self.class_join)
        self.router.add("class-start", self.class_start)
        self.router.add("class-view", self.class_view)
        self.widget = w.VBox([header, self.class_pupil.widget, self.notice, self.conflict,
                              self.store_warning, self.body, self.store, self.room_flow.store,
                              self.class_pupil.store,
                              self.lesson_store, self.view_store, self.card_size.store,
                              self.shell],
                             layout=w.Layout(width="100%"))
        self.widget.add_class("sb-app")
        self.page.label_projector()
        self.page.view_from_query()
        if screen == "learn":
            self.show_learn()
        else:
            self.show_home()
            self.open_links()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def tr(self, key: str, **params: Any) -> str:
        return t(key, self.lang, **params)

    @property
    def screen(self) -> str:
        """The name of the screen shown (``home``, ``learn``, ``game``...)."""
        return self.router.current

    @property
    def query(self) -> dict[str, list[str]]:
        """The page's whole query, e.g. ``{"lang": ["fr"], "deal": ["7"]}``."""
        return self.page.query

    @property
    def title_key(self) -> str:
        """The title of the game the home screen offers."""
        return game_ui(self.game_id).title_key

    def show_title(self, key: str, **params: Any) -> None:
        self.title.value = f'<h1 class="sb-title">{html.escape(self.tr(key, **params))}</h1>'

    # -- language -----------------------------------------------------------

    def set_lang(self, lang: str) -> None:
        """Everything in ``lang``: the frame here, the screen shown through the router."""
        self.lang = normalize_lang(lang)
        self.shell.lang = self.lang
        self.shell.title = self.tr(self.title_key)
        if self.lang_picker.value != self.lang:
            self.lang_picker.value = self.lang
        self.page.label_projector()
        self.card_size.relabel()
        self.view_menu.relabel()
        self.show_title(self.title_key)
        self.notices.relabel()
        self.session.relabel()
        self.warning.relabel()
        self.router.set_lang(self.lang)
        self.class_pupil.relabel()
        # A room's table may come on screen by itself (a reload back to one's seat).
        self.room_flow.lang = self.lang

    def open_query(self, query: str) -> None:
        """Voilà's query string (``lang=fr&deal=7``), also when it arrives after the app
        was built (a pre-heated kernel, see ``voila_request``): kept whole, its language
        applied."""
        self.page.open(query)

    def set_projector(self, on: bool) -> None:
        """Every text at least 24 px on a 1920 by 1080 projector, the table the screen's height."""
        self.page.set_projector(on)

    def deal_link(self, settings: Settings) -> str:
        """The address that opens this deal for a whole class (empty without a deal number)."""
        return self.deals.link(settings)

    # -- screens ----------------------------------------------------------------

    def show_home(self, *, focus: bool | None = None) -> None:
        """The home screen; a game in progress on top, its button focused when the learner
        arrives (``focus``: by default when coming from another screen)."""
        self.home.show(focus=focus)

    def show_learn(self) -> None:
        """The lessons, where the learner left them last time."""
        self.router.show("learn")

    def learn(self) -> None:
        """The lessons of the game chosen on the home screen (see :meth:`LearnScreen.learn`)."""
        self.learning.learn(self.game_id)

    def show_setup(self) -> None:
        """The new-game form of the game chosen on the home screen."""
        self.router.show("setup")

    def show_demo_setup(self) -> None:
        """Demo mode's own small setup: players, each bot's level, the deal number."""
        self.router.show("demo-setup")

    def show_hot_seat(self) -> None:
        """The setup of a game for several people at one screen."""
        self.router.show("hot-seat")

    def show_room(self, *, create: bool) -> None:
        """Play with others: a new room for the game chosen on the home screen
        (``create``), or the form that takes a room's code."""
        if create:
            self.room_flow.show_create(self.game_id)
        else:
            self.room_flow.show_join()

    def open_links(self) -> None:
        """What the page's query opens: a class deal, a room, a class (each once)."""
        self.deals.open()
        self.open_room()
        self.open_class()

    def open_room(self) -> None:
        """``?room=K7PXM`` in the page's query: the join screen with the code filled in
        (once)."""
        if "room" in self.query and self.room_flow.screen == "":
            self.room_flow.show_join(self.query["room"][0][:20])

    def open_class(self) -> None:
        """``?class=K7PXM`` in the page's query: the pupil's join form, the code filled in
        (once, and not on a page already in a class)."""
        if "class" in self.query and not self.class_pupil.joined \
                and not self.class_view.secret and self.screen == "home":
            self.class_join.show(self.query["class"][0][:20])

    def _show_room(self, _widget: w.Widget) -> None:
        self.notices.clear()
        self.game_id = self.room_flow.game_id or self.game_id
        self.show_title(self.title_key)
        self.router.show("room")

    # -- games ------------------------------------------------------------------

    def choose_game(self, game_id: str) -> None:
        """Offer ``game_id`` (``skipbo``, ``skyjo``) to learn and play on the home screen."""
        self.game_id = game_id
        self.shell.title = self.tr(self.title_key)
        if self.screen == "home":
            self.show_home()

    def start_new(self, settings: Settings, match: AnyMatch | None = None) -> None:
        """Start a new game (or one from a file) with these settings; while a kept game
        is in progress, only once the learner said that game may be lost."""
        if self.session.resumable() is None:
            self.start(settings, match)
        else:
            self.question.ask(lambda: self.start(settings, match), self.session.resume_game)

    def start(self, settings: Settings, match: AnyMatch | None = None) -> None:
        """Start (or resume) a game with these settings."""
        self.playing.start(settings, match)
        self.class_pupil.follow_game(self.game_screen)

    def start_demo(self, settings: DemoSettings) -> None:
        """A game of bots, told move by move (it is not kept: nothing to resume)."""
        self.demo.start(settings)

    # -- what each screen holds, under the names the tests and notebooks use ------

    @property
    def game_screen(self) -> GameScreen | None:
        return self.playing.screen

    @property
    def last_settings(self) -> Settings | None:
        return self.playing.last_settings

    @property
    def resume(self) -> tuple[Settings, AnyMatch] | None:
        return self.session.resume

    @property
    def tutorial(self) -> TutorialScreen | None:
        return self.learning.tutorial

    @property
    def setup_form(self) -> SetupForm | None:
        return self.setup.form

    @property
    def demo_form(self) -> DemoForm | None:
        return self.demo_setup.form

    @property
    def demo_screen(self) -> DemoScreen | None:
        return self.demo.screen

    @property
    def hot_seat_form(self) -> HotSeatForm | None:
        return self.hot_seat.form


    def _picked(self, name: str, found: bytes | int) -> None:
        self.session.open_file(name, found)

    def _save_file(self) -> None:
        self.session.save_file()

    def _resume(self) -> None:
        self.session.resume_game()

    def _notice(self, key: str, err: GameError) -> None:
        self.notices.show(key, err)
