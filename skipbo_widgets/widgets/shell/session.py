"""The learner's session: the game kept in the browser after every change, offered for
resume after a reload or a kernel restart; another tab of the same browser keeping its
own game ("keep this one" or "take the other"); a game saved to a file and opened from
one."""

from __future__ import annotations

import html
from datetime import datetime
from typing import TYPE_CHECKING

import ipywidgets as w

from ...core.errors import SaveError
from ...core.errors import SaveReason as Reason
from ..page.store import BrowserStore
from ..page.testids import testid
from .game_screen import GameScreen
from .settings import MAX_SAVE_SIZE, AnyMatch, Settings, dumps_session, loads_session, open_any

if TYPE_CHECKING:
    from .app import App

#: Refusals of a file that is no saved game at all (a picture, a letter, another program's
#: file; a picture's bytes are no text, refused as ``save_bad_text`` ``encoding``).
_NOT_A_GAME = (Reason.NOT_JSON, Reason.BAD_FORMAT)


class Session:
    """The game kept in the browser (``store``) and the box (``conflict``) that asks
    which game to keep when another tab wrote its own."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.store = BrowserStore()
        self.store.on_stored(self._on_stored)
        self.store.on_written_elsewhere(self._on_written_elsewhere)
        #: What another tab stored while this one plays, until the learner chooses.
        self._elsewhere: str | None = None
        self.conflict = w.VBox()
        #: A game kept in the browser, offered on the home screen, while none is played here.
        self.resume: tuple[Settings, AnyMatch] | None = None

    # -- keeping the game ------------------------------------------------------

    def save(self, screen: GameScreen) -> None:
        deal = self.app.deals.dealing or screen is self.app.deals.class_deal
        if deal and (self.app.question.asked is not None or not self.store.reported):
            return  # the game kept in this browser, if any, is not written over unasked
        self.store.value = "" if screen.finished else dumps_session(screen.settings, screen.match)

    def save_file(self) -> None:
        screen = self.app.playing.screen
        if screen is not None:
            # Named by its game and when it was saved, to be found again in a folder.
            name = f"{screen.settings.kind.id}-{datetime.now():%Y-%m-%d-%H%M}.json"
            self.store.download(dumps_session(screen.settings, screen.match), name)

    def resumable(self) -> tuple[Settings, AnyMatch] | None:
        live = self.app.playing.live()
        return (live.settings, live.match) if live is not None else self.resume

    def resume_game(self) -> None:
        if self.app.playing.live() is not None:
            self.app.playing.show_again()
        elif self.resume is not None:
            self.app.start(*self.resume)

    def _on_stored(self, text: str) -> None:
        app = self.app
        if text and app.playing.live() is not None:
            app.deals.back_to_class_deal(text)
        elif app.deals.class_deal is not None:  # nothing kept: the class deal is the one kept
            self.save(app.deals.class_deal)
        if not text or app.playing.live() is not None:
            return
        try:
            self.resume = loads_session(text)
        except SaveError as err:
            self.resume = None
            app.notices.show("home.resume_failed", err)
        if app.screen == "home":
            app.show_home(focus=True)  # a reload: go on with Enter

    # -- a saved game from a file ----------------------------------------------

    def open_file(self, name: str, found: bytes | int) -> None:
        """A file from the picker, or the size of one too big to be sent."""
        if isinstance(found, int):
            self.app.notices.show("home.load_failed",
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
            self.app.notices.show("home.load_not_game" if not_game else "home.load_failed", err)
            return
        self.app.start_new(settings, match)

    # -- two tabs of one browser share the kept game ---------------------------

    def _on_written_elsewhere(self, text: str) -> None:
        """Another tab stored its game (or cleared it): a reload would bring back that one."""
        if self.app.playing.live() is None:  # nothing to lose here: Resume offers the last
            self.resume = None
            if text:
                self._on_stored(text)
            elif self.app.screen == "home":
                self.app.show_home()
        elif not text:  # the other tab's game is over: keep this one for a reload
            self.store.write_again()
        else:
            self._elsewhere = text
            self.relabel()

    def forget_elsewhere(self) -> None:
        """A game started here: what another tab kept is no longer asked about."""
        self._elsewhere = None
        self.relabel()

    def relabel(self) -> None:
        """The conflict with another tab, if any, said in the learner's language."""
        if self._elsewhere is None:
            self.conflict.children = ()
            return
        tr = self.app.tr
        keep = testid(w.Button(description=tr("elsewhere.keep"), icon="check",
                               button_style="primary"), "keep-this-game")
        keep.on_click(lambda _b: self._keep_this_game())
        take = testid(w.Button(description=tr("elsewhere.take"), icon="exchange"),
                      "take-other-game")
        take.on_click(lambda _b: self._take_other_game())
        text = html.escape(tr("elsewhere.text"))
        self.conflict.children = (
            w.HTML(f'<div class="sb-box sb-box-error" data-testid="written-elsewhere">'
                   f"{text}</div>"),
            w.HBox([keep, take], layout=w.Layout(flex_flow="row wrap")))

    def _keep_this_game(self) -> None:
        self.forget_elsewhere()
        if self.app.playing.live() is not None:
            self.store.write_again()

    def _take_other_game(self) -> None:
        text = self._elsewhere
        self.forget_elsewhere()
        if text is None:
            return
        try:
            settings, match = loads_session(text)
        except SaveError as err:
            self.app.notices.show("home.resume_failed", err)
            return
        self.app.start(settings, match)
