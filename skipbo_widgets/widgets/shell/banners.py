"""What the app says above every screen: the notice of a refusal (a file, a class deal,
a resume) and the warning that the browser keeps nothing. Both are said again in a new
language; neither belongs to a screen, so no screen's own message replaces them."""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as w

from ...core.errors import GameError
from ...i18n import explain
from ..page.page import escaped
from ..page.testids import testid
from ..registry import game_ui

#: The app's lookup of a message in the learner's language: ``tr(key, **params)``.
Tr = Callable[..., str]


class Notice:
    """A refusal told above the screen until the learner goes to another screen."""

    def __init__(self, tr: Tr, lang: Callable[[], str], game: Callable[[], str]) -> None:
        """``lang()``: the learner's language; ``game()``: the game the home screen offers."""
        self._tr, self._lang, self._game = tr, lang, game
        self.widget = w.HTML()
        #: The notice shown (a message key and the refusal), said again in a new language.
        self._noticed: tuple[str, GameError] | None = None

    def show(self, key: str, err: GameError) -> None:
        self._noticed = (key, err)
        self.relabel()

    def clear(self) -> None:
        self._noticed = None
        self.relabel()

    def relabel(self) -> None:
        if self._noticed is None:
            self.widget.value = ""
            return
        key, err = self._noticed
        # A refusal may repeat what it refused: nothing that cannot be sent reaches the page.
        text = escaped(self._tr(key, reason=explain(err, self._lang()),
                                game=game_ui(self._game()).kind.name,
                                button=self._tr("game.save_file")))
        self.widget.value = (f'<div class="sb-box sb-box-error" data-testid="notice">'
                             f"{html.escape(text)}</div>")


class StoreWarning:
    """A browser that cannot keep the game or the lessons' place (its storage full,
    blocked or missing) is said to at once and until dismissed, the file offered instead."""

    def __init__(self, tr: Tr, *, has_game: Callable[[], bool],
                 save_file: Callable[[], None]) -> None:
        """``has_game()``: a game is there to save to a file with ``save_file()``."""
        self._tr, self._has_game, self._save_file = tr, has_game, save_file
        self.widget = w.VBox()
        #: What the browser cannot keep now (``game``, ``lessons``): True while the learner
        #: is told so, False once they dismissed it (until the store works again).
        self._not_kept: dict[str, bool] = {}

    def failed(self, what: str, failing: bool) -> None:
        """The browser refused to keep ``what`` (``game``, ``lessons``), or keeps it again."""
        if failing:
            self._not_kept[what] = True
        else:
            self._not_kept.pop(what, None)
        self.relabel()

    def _dismiss(self, what: str) -> None:
        self._not_kept[what] = False
        self.relabel()

    def relabel(self) -> None:
        """Said above the screen, apart from the notice and the status line, so that no
        later message replaces it: the game (with the file offered) and the lessons' place."""
        children: list[w.Widget] = []
        for what, testid_ in (("game", "store-failed"), ("lessons", "store-failed-lessons")):
            if not self._not_kept.get(what):
                continue
            text = html.escape(self._tr(f"store.failed.{what}"))
            children.append(w.HTML(f'<div class="sb-box sb-box-warning" '
                                   f'data-testid="{testid_}" role="alert" '
                                   f'data-scroll-into-view>{text}</div>'))
            buttons: list[w.Widget] = []
            if what == "game" and self._has_game():
                save = testid(w.Button(description=self._tr("store.failed.save"),
                                       icon="download", button_style="primary"),
                              "store-failed-save")
                save.on_click(lambda _b: self._save_file())
                buttons.append(save)
            dismiss = testid(w.Button(description=self._tr("store.failed.dismiss"),
                                      icon="check"), f"{testid_}-dismiss")
            dismiss.on_click(lambda _b, what=what: self._dismiss(what))
            buttons.append(dismiss)
            children.append(w.HBox(buttons, layout=w.Layout(flex_flow="row wrap")))
        self.widget.children = children
