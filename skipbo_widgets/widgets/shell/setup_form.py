"""The new-game form of any game: players, bot strengths, a match or one game, the deal
number, practice and hints, and the game's own fields (Skip-Bo's stock size, teams and
faces; Skyjo's doubling rule), which its :class:`~..registry.GameUI` builds.

The player range and the bots' levels and names come from the game's
:class:`~skipbo_widgets.games.GameKind`.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ...core.errors import GameError
from ...i18n import explain, t
from ..page.testids import testid
from ..registry import default_game, game_ui, game_uis
from .classroom_form import seed_note
from .settings import Settings


class SetupForm:
    """A form that produces the settings of ``initial``'s game (the default game without
    one); ``on_start(settings)`` when submitted."""

    def __init__(self, lang: str, on_start: Callable[[Settings], None],
                 on_back: Callable[[], None], initial: Settings | None = None,
                 link: Callable[[Settings], str] | None = None,
                 copy: Callable[[], None] | None = None) -> None:
        """``link(settings)``: the class link of a deal; ``copy()``: ask the page to copy
        the link shown (it answers through :meth:`copied`)."""
        self.lang = lang
        self._link = link
        self._on_start = on_start
        ui = self.ui = game_ui(initial.kind.id if initial is not None else default_game())
        first = initial or ui.settings()
        game = self.kind = first.kind  # the players, bots and their names this game has
        tr = self.tr
        style = {"description_width": "initial"}
        options_style = {"button_width": "auto", **style}  # labels vary with the language
        self.players = testid(w.ToggleButtons(options=[str(n) for n in game.players],
                                       value=str(first.players),
                                       description=tr("setup.players"),
                                       style={"button_width": "3.2em", **style}), "players")
        self.level_boxes = [
            w.Dropdown(options=[(tr(f"setup.level.{lv}"), lv) for lv in game.bot_levels],
                       value=first.levels[i] if i < len(first.levels) else "medium",
                       description=name, style={"description_width": "4em"},
                       layout=w.Layout(width="20em"))
            for i, name in enumerate(game.bot_names)
        ]
        #: The game's own fields.
        self.fields = fields = ui.setup_fields(self, first)
        modes = fields.mode_keys
        self.match = testid(w.ToggleButtons(
            options=[(tr(modes[0]), False), (tr(modes[1]), True)],
            value=first.match, description=tr("setup.mode"), style=options_style), "mode")
        self.seed = testid(w.Text(value=first.seed, description=tr("setup.seed"), style=style,
                                  layout=w.Layout(width="30em")), "seed")
        self.seed.add_class("sb-seed")
        #: The class link for this deal, to copy. Not disabled: a disabled box's text
        #: cannot be selected in every browser; a slip of the keyboard is put back instead.
        self.link = testid(w.Text(value="", style=style, layout=w.Layout(width="100%")),
                           "deal-link")
        self.link_note = testid(w.HTML(), "deal-link-note")
        self.copy_button = testid(w.Button(description=tr("setup.copy_link"), icon="copy"),
                                  "copy-deal-link")
        if copy is not None:
            self.copy_button.on_click(lambda _b: copy())
        self.copy_note = w.HTML()
        self.link.observe(lambda _c: self.show_link(), names="value")
        for widget in (self.seed, *fields.linked):
            widget.observe(lambda _c: self.show_link(), names="value")
        self.practice = testid(w.Checkbox(value=first.practice,
                                          description=tr("setup.practice"), indent=False),
                               "practice")
        self.hints = testid(w.Checkbox(value=first.hints, description=tr("setup.hints"),
                                       indent=False), "hints")
        self.error = w.HTML()
        start = testid(w.Button(description=tr("setup.start"), button_style="success",
                                icon="play"), "start-game")
        back = testid(w.Button(description=tr("ui.back"), icon="arrow-left"), "back")
        start.on_click(lambda _b: self.submit())
        back.on_click(lambda _b: on_back())
        for widget in (self.players, *fields.shaping):
            widget.observe(lambda _c: self._update(), names="value")
        self.bots_box = w.VBox()
        # Two columns side by side where there is room (a 1280 by 800 screen shows the start
        # button without scrolling), one under the other on a phone.
        own: tuple[list[w.Widget], list[w.Widget]] = (fields.left, fields.right)
        columns = [w.VBox(rows, layout=w.Layout(flex="1 1 360px", min_width="0"))
                   for rows in ([self.players, self.bots_box, *own[0]],
                                [*own[1], self.match, self.seed, seed_note(self.lang),
                                 self.link_note, self.link,
                                 w.HBox([self.copy_button, self.copy_note],
                                        layout=w.Layout(align_items="center",
                                                        flex_flow="row wrap")),
                                 self.practice, self.hints])]
        for column in columns:
            column.add_class("sb-setup-col")
        self.widget = w.VBox([
            w.HTML(f"<h2>{tr('setup.title')}</h2>"),
            w.HBox(columns, layout=w.Layout(flex_flow="row wrap", width="100%")),
            self.error, w.HBox([back, start]),
        ], layout=w.Layout(padding="8px"))
        self.widget.add_class("sb-setup")
        self._update()

    def tr(self, key: str, **params: object) -> str:
        return t(key, self.lang, **params)

    def __getattr__(self, name: str) -> Any:
        """The game's own fields by their names (``form.teams``, ``form.doubling``); another
        game's field is made on request, from its defaults, and never shown."""
        if name in ("fields", "ui", "_others"):
            raise AttributeError(name)
        if hasattr(self.fields, name):
            return getattr(self.fields, name)
        others = self.__dict__.setdefault("_others", {})
        for game_id, ui in game_uis().items():
            if game_id != self.ui.id:
                if game_id not in others:
                    others[game_id] = ui.setup_fields(self, ui.settings())
                if hasattr(others[game_id], name):
                    return getattr(others[game_id], name)
        raise AttributeError(name)

    @property
    def player_count(self) -> int:
        return int(self.players.value)

    def _update(self) -> None:
        n = self.player_count
        self.bots_box.children = [
            w.HTML(f"<b>{self.tr('setup.bots')}</b>"), *self.level_boxes[: n - 1]]
        self.fields.update(n)
        self.show_link()

    def show_link(self) -> None:
        """The class link of the deal chosen so far, or how to get one."""
        if self._link is None:
            return
        try:
            link = self._link(self.settings())
        except GameError:
            link = ""
        key = "setup.deal_link" if link else "setup.deal_link_none"
        self.link_note.value = f'<div class="sb-form-note">{html.escape(self.tr(key))}</div>'
        self.link.layout.display = "" if link else "none"
        self.copy_button.layout.display = "" if link else "none"
        if self.link.value != link:
            self.link.value = link
            self.copy_note.value = ""

    def copied(self, ok: bool) -> None:
        """The page's answer to "Copy the link": copied, or how to copy it by hand."""
        key = "setup.link_copied" if ok else "setup.link_not_copied"
        self.copy_note.value = f'<div class="sb-form-note">{html.escape(self.tr(key))}</div>'

    def settings(self) -> Settings:
        """The chosen settings; raises GameError with the reason if they cannot be played."""
        n = self.player_count
        return self.ui.settings(
            players=n,
            levels=tuple(box.value for box in self.level_boxes[: n - 1]),
            **self.fields.values(),
            match=bool(self.match.value),
            seed=self.seed.value.strip()[:20],
            practice=bool(self.practice.value),
            hints=bool(self.hints.value),
        )

    def submit(self) -> None:
        try:
            settings = self.settings()
        except GameError as err:
            self.error.value = \
                f'<div class="sb-form-error">{html.escape(explain(err, self.lang))}</div>'
            return
        self.error.value = ""
        self._on_start(settings)
