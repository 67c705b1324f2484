"""The new-game form of each game: players, bot strengths, a match or one game, the deal
number, practice and hints; Skip-Bo's stock size, teams and faces; Skyjo's doubling rule.

The fields a game does not have are not shown; the player range and the bots'
levels and names come from the game's :class:`~skipbo_widgets.games.GameKind`.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as w

from ..i18n import explain, t
from ..skipbo.engine import GameError, Rules
from ..skipbo.engine.rules import MAX_STOCK, MIN_STOCK, SHORT_STOCK, default_stock_size
from ..skyjo.engine.rules import DOUBLINGS
from .classroom_form import seed_note
from .settings import GameSettings, Settings, SkyjoSettings
from .testids import testid

STOCK_KINDS = ("standard", "short", "custom")


class SetupForm:
    """A form that produces the settings of ``initial``'s game (Skip-Bo without one);
    ``on_start(settings)`` when submitted."""

    def __init__(self, lang: str, on_start: Callable[[Settings], None],
                 on_back: Callable[[], None], initial: Settings | None = None,
                 link: Callable[[Settings], str] | None = None,
                 copy: Callable[[], None] | None = None) -> None:
        """``link(settings)``: the class link of a deal; ``copy()``: ask the page to copy
        the link shown (it answers through :meth:`copied`)."""
        self.lang = lang
        self._link = link
        self._on_start = on_start
        first = initial or GameSettings()
        game = self.kind = first.kind  # the players, bots and their names this game has
        self.skyjo = isinstance(first, SkyjoSettings)
        # The other game's fields start from their defaults (and are not shown).
        s = first if isinstance(first, GameSettings) else GameSettings()
        sj = first if isinstance(first, SkyjoSettings) else SkyjoSettings()
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
        kind = {0: "standard", SHORT_STOCK: "short"}.get(s.stock_size, "custom")
        self.stock = w.ToggleButtons(description=tr("setup.stock"), style=options_style,
                                     options=STOCK_KINDS, value=kind)  # labelled in _update
        # No bounds in the box: the browser would clamp a 3 to a 5 without a word;
        # the range is said beside it and an out-of-range number is refused on start.
        self.custom_stock = testid(w.IntText(value=s.stock_size or 15,
                                             layout=w.Layout(width="5em")), "stock-size")
        self.custom_unit = w.HTML()
        self.teams = testid(w.Checkbox(value=s.teams, description=tr("setup.teams"),
                                       indent=False), "teams")
        self.faces = w.ToggleButtons(
            options=[(tr("setup.faces.skipbo"), "skipbo"), (tr("setup.faces.playing"), "playing")],
            value=s.faces, description=tr("setup.faces"), style=options_style)
        modes = ("setup.skyjo.mode.round", "setup.skyjo.mode.game") if self.skyjo \
            else ("setup.mode.single", "setup.mode.match")
        self.match = testid(w.ToggleButtons(
            options=[(tr(modes[0]), False), (tr(modes[1]), True)],
            value=first.match, description=tr("setup.mode"), style=options_style), "mode")
        #: Skyjo's SJ-DOUBLE: the rule sheet's (always) or the commercial game's (above 0).
        self.doubling = testid(w.ToggleButtons(
            options=[(tr(f"setup.skyjo.doubling.{d}"), d) for d in DOUBLINGS],
            value=sj.doubling, description=tr("setup.skyjo.doubling"), style=options_style),
            "doubling")
        self.doubling_note = w.HTML(
            f'<div class="sb-form-note">{html.escape(tr("setup.skyjo.doubling_note"))}</div>')
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
        for widget in (self.seed, self.stock, self.custom_stock, self.faces, self.doubling):
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
        for widget in (self.players, self.teams):
            widget.observe(lambda _c: self._update(), names="value")
        self.stock.observe(lambda c: self._stock_changed(c["new"]), names="value")
        self.bots_box = w.VBox()
        self.custom_box = w.HBox([self.custom_stock, self.custom_unit],
                                 layout=w.Layout(align_items="center"))
        self.stock_box = w.HBox([self.stock, self.custom_box],
                                layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.partner_note = testid(w.HTML(), "partner-note")
        # Two columns side by side where there is room (a 1280 by 800 screen shows the start
        # button without scrolling), one under the other on a phone.
        own: tuple[list[w.Widget], list[w.Widget]] = (
            ([self.doubling, self.doubling_note], []) if self.skyjo
            else ([self.stock_box, self.teams, self.partner_note], [self.faces]))
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

    @property
    def player_count(self) -> int:
        return int(self.players.value)

    def _update(self) -> None:
        n = self.player_count
        self.bots_box.children = [
            w.HTML(f"<b>{self.tr('setup.bots')}</b>"), *self.level_boxes[: n - 1]]
        if not self.skyjo:
            self._update_skipbo(n)
        self.show_link()

    def _update_skipbo(self, n: int) -> None:
        self.teams.disabled = n not in (4, 6)
        if self.teams.disabled:
            self.teams.value = False
        standard = default_stock_size(n)
        kind = self.stock.value  # new labels reset the value: keep the learner's choice
        self.stock.options = [
            (self.tr("setup.stock.standard", size=standard), "standard"),
            (self.tr("setup.stock.short", size=SHORT_STOCK), "short"),
            (self.tr("setup.stock.custom"), "custom"),
        ]
        self.stock.value = kind
        self._stock_changed(kind)
        self.custom_unit.value = html.escape(self.tr("setup.stock.range", min=MIN_STOCK,
                                                     max=MAX_STOCK))
        self.partner_note.value = self._partner_html(n) if self.teams.value else ""

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

    def _partner_html(self, players: int) -> str:
        """Who plays with the learner: teams are decided by the seats (partners sit opposite)."""
        partner = Rules(players=players, teams=True).partner(0)
        names = [self.tr("player.you"), *self.kind.bot_names]
        return (f'<div class="sb-form-note">'
                f'{html.escape(self.tr("setup.partner", partner=partner, names=names))}</div>')

    def _stock_changed(self, kind: str | None) -> None:
        self.custom_box.layout.display = "" if kind == "custom" else "none"

    def settings(self) -> Settings:
        """The chosen settings; raises GameError with the reason if they cannot be played."""
        n = self.player_count
        if self.skyjo:
            return SkyjoSettings(
                players=n, levels=tuple(box.value for box in self.level_boxes[: n - 1]),
                doubling=self.doubling.value, match=bool(self.match.value),
                seed=self.seed.value.strip()[:20], practice=bool(self.practice.value),
                hints=bool(self.hints.value))
        size = {"standard": 0, "short": SHORT_STOCK}.get(self.stock.value,
                                                        self.custom_stock.value)
        return GameSettings(
            players=n,
            levels=tuple(box.value for box in self.level_boxes[: n - 1]),
            stock_size=size,
            teams=bool(self.teams.value),
            faces=self.faces.value,
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
