"""What the page's address asks for: its query (``lang``, ``game``, ``deal``, ``view``),
the class deal link (``?deal=123``: every pupil at the same table with the same cards)
and the projector view, the learner's choice of it kept in the browser."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING
from urllib.parse import parse_qs

import ipywidgets as w

from ...core.errors import GameError, SaveError
from ...i18n import normalize_lang
from ..page.store import BrowserStore
from ..page.testids import testid
from .game_screen import GameScreen
from .settings import Settings, deal_query, game_from_query, loads_session, settings_from_query

if TYPE_CHECKING:
    from .app import App


def lang_from_query(query: str | None = None) -> str:
    """The language asked for in a query string such as ``lang=fr`` (Voilà's ``QUERY_STRING``)."""
    query = os.environ.get("QUERY_STRING", "") if query is None else query
    return normalize_lang(parse_qs(query).get("lang", [""])[0])


class PageQuery:
    """The page's query and the projector view."""

    def __init__(self, app: App) -> None:
        self.app = app
        #: The page's whole query, e.g. ``{"lang": ["fr"], "deal": ["7"]}``: Voilà's
        #: ``QUERY_STRING`` (see :meth:`open`), completed by what the page itself
        #: sends (a static site).
        self.query: dict[str, list[str]] = parse_qs(os.environ.get("QUERY_STRING", ""))
        #: The projector view (large print, the table the screen's height), kept in the browser.
        self.projector = testid(w.ToggleButton(value=False, icon="television"), "projector")
        self.projector.observe(lambda change: self._projector_changed(change["new"]),
                               names="value")
        #: Set while the page's ``?view=`` switches the view: only the learner's choice is kept.
        self._view_asked = False
        self.view_store = BrowserStore(key="skipbo-widgets/view")
        self.view_store.on_stored(self._on_view_stored)

    def open(self, query: str) -> None:
        """Voilà's query string (``lang=fr&deal=7``), also when it arrives after the app
        was built (a pre-heated kernel, see ``voila_request``): kept whole, its language
        applied."""
        self._apply(parse_qs(query))

    def on_page_query(self, query: str) -> None:
        """The query the page sends (a static site's kernel cannot see the address);
        what Voilà handed over (``QUERY_STRING``) wins."""
        self._apply(parse_qs(query) | parse_qs(os.environ.get("QUERY_STRING", "")))

    def _apply(self, query: dict[str, list[str]]) -> None:
        app = self.app
        self.query = query
        if "lang" in query and normalize_lang(query["lang"][0]) != app.lang:
            app.set_lang(query["lang"][0])
        self.view_from_query()
        asked = game_from_query(query)
        if app.screen == "home":
            if asked is not None and asked != app.game_id:
                app.choose_game(asked)
            app.open_links()

    # -- the projector view -----------------------------------------------------

    def set_projector(self, on: bool) -> None:
        self.projector.value = on

    def _projector_changed(self, on: bool) -> None:
        if on:
            self.app.widget.add_class("sb-projector")
        else:
            self.app.widget.remove_class("sb-projector")
        if not self._view_asked:
            self.view_store.value = "projector" if on else ""

    def label_projector(self) -> None:
        self.projector.description = self.app.tr("view.projector")
        self.projector.tooltip = self.app.tr("view.projector_detail")

    def view_from_query(self) -> None:
        """``?view=projector`` (any other view: the usual one) wins over the kept choice."""
        if "view" in self.query:
            self._view_asked = True
            self.set_projector(self.query["view"][0] == "projector")
            self._view_asked = False

    def _on_view_stored(self, text: str) -> None:
        if "view" not in self.query:
            self.set_projector(text == "projector")


class ClassDeal:
    """A class deal by link: one link, and every pupil sits at the same table with the
    same cards, the game started (a form to fill in first would let the deals drift apart)."""

    def __init__(self, app: App) -> None:
        self.app = app
        #: The class link's deal once opened: a later query from the page opens it no more.
        self._dealt = False
        #: The game the class link started, until the learner plays another.
        self.class_deal: GameScreen | None = None
        #: Set while the class deal starts (before it is known as ``class_deal``).
        self.dealing = False

    def open(self) -> None:
        """``?deal=123`` in the page's query: that deal, started."""
        if self._dealt:
            return
        app = self.app
        try:
            settings = settings_from_query(app.query)
        except GameError as err:
            self._dealt = True
            app.notices.show("home.deal_failed", err)
            return
        if settings is not None:
            self._dealt = True
            self.dealing = True
            try:
                app.start(settings)
            finally:
                self.dealing = False
            self.class_deal = app.game_screen

    def back_to_class_deal(self, text: str) -> None:
        """A class link opened again (a reload): the game of that deal this browser kept goes
        on where it was, instead of starting over."""
        app = self.app
        live = app.playing.live()
        if live is None or live is not self.class_deal:
            return
        try:
            settings, match = loads_session(text)
        except SaveError:
            return
        same = (settings.seed, settings.rules()) == (live.settings.seed, live.settings.rules())
        if same and not settings.match and match.game.turn >= live.match.game.turn:
            self.class_deal = None
            app.start(settings, match)
            return
        # Another game was kept in this browser: the deal is not played over it unasked.
        app.session.resume = (settings, match)
        app.question.ask(lambda: self._play_class_deal(live), lambda: app.start(settings, match))

    def _play_class_deal(self, deal: GameScreen) -> None:
        """The class deal, confirmed over a kept game: from now on it is the one kept."""
        app = self.app
        app.session.resume = None
        self.class_deal = None
        app.playing.show_again()  # the deal: the game played here while it was asked
        app.session.save(deal)

    def link(self, settings: Settings) -> str:
        """The address that opens this deal for a whole class (empty without a deal number)."""
        if not settings.seed.strip():
            return ""
        return f"{self.app.shell.address}?{deal_query(settings, self.app.lang)}"

    def copied(self, ok: bool) -> None:
        form = self.app.setup.form
        if self.app.screen == "setup" and form is not None:
            form.copied(ok)

    def show_link(self) -> None:
        form = self.app.setup.form
        if self.app.screen == "setup" and form is not None:
            form.show_link()
