"""Skip-Bo's own fields of the new-game form: the stock size, teams and the card faces."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ...skipbo.engine import Rules
from ...skipbo.engine.rules import MAX_STOCK, MIN_STOCK, SHORT_STOCK, default_stock_size
from ..page.testids import testid
from .settings import GameSettings

STOCK_KINDS = ("standard", "short", "custom")


class SkipBoFields:
    """The stock size (standard, short or a number), teams (4 or 6 players), the faces."""

    mode_keys = ("setup.mode.single", "setup.mode.match")

    def __init__(self, form: Any, initial: GameSettings) -> None:
        self.form = form
        tr = form.tr
        style = {"description_width": "initial"}
        options_style = {"button_width": "auto", **style}  # labels vary with the language
        kind = {0: "standard", SHORT_STOCK: "short"}.get(initial.stock_size, "custom")
        self.stock = w.ToggleButtons(description=tr("setup.stock"), style=options_style,
                                     options=STOCK_KINDS, value=kind)  # labelled in update
        # No bounds in the box: the browser would clamp a 3 to a 5 without a word;
        # the range is said beside it and an out-of-range number is refused on start.
        self.custom_stock = testid(w.IntText(value=initial.stock_size or 15,
                                             layout=w.Layout(width="5em")), "stock-size")
        self.custom_unit = w.HTML()
        self.teams = testid(w.Checkbox(value=initial.teams, description=tr("setup.teams"),
                                       indent=False), "teams")
        self.faces = w.ToggleButtons(
            options=[(tr("setup.faces.skipbo"), "skipbo"), (tr("setup.faces.playing"), "playing")],
            value=initial.faces, description=tr("setup.faces"), style=options_style)
        self.stock.observe(lambda c: self._stock_changed(c["new"]), names="value")
        self.custom_box = w.HBox([self.custom_stock, self.custom_unit],
                                 layout=w.Layout(align_items="center"))
        self.stock_box = w.HBox([self.stock, self.custom_box],
                                layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.partner_note = testid(w.HTML(), "partner-note")
        #: The fields in the form's first and second column.
        self.left: list[w.Widget] = [self.stock_box, self.teams, self.partner_note]
        self.right: list[w.Widget] = [self.faces]
        #: The fields that change the deal's class link, and those that change the form.
        self.linked: list[w.Widget] = [self.stock, self.custom_stock, self.faces]
        self.shaping: list[w.Widget] = [self.teams]

    def update(self, n: int) -> None:
        tr = self.form.tr
        self.teams.disabled = n not in (4, 6)
        if self.teams.disabled:
            self.teams.value = False
        standard = default_stock_size(n)
        kind = self.stock.value  # new labels reset the value: keep the learner's choice
        self.stock.options = [
            (tr("setup.stock.standard", size=standard), "standard"),
            (tr("setup.stock.short", size=SHORT_STOCK), "short"),
            (tr("setup.stock.custom"), "custom"),
        ]
        self.stock.value = kind
        self._stock_changed(kind)
        self.custom_unit.value = html.escape(tr("setup.stock.range", min=MIN_STOCK,
                                                max=MAX_STOCK))
        self.partner_note.value = self._partner_html(n) if self.teams.value else ""

    def values(self) -> dict[str, Any]:
        """The settings' own fields of this game."""
        size = {"standard": 0, "short": SHORT_STOCK}.get(self.stock.value,
                                                        self.custom_stock.value)
        return {"stock_size": size, "teams": bool(self.teams.value),
                "faces": self.faces.value}

    def _partner_html(self, players: int) -> str:
        """Who plays with the learner: teams are decided by the seats (partners sit opposite)."""
        tr: Callable[..., str] = self.form.tr
        partner = Rules(players=players, teams=True).partner(0)
        names = [tr("player.you"), *self.form.kind.bot_names]
        return (f'<div class="sb-form-note">'
                f'{html.escape(tr("setup.partner", partner=partner, names=names))}</div>')

    def _stock_changed(self, kind: str | None) -> None:
        self.custom_box.layout.display = "" if kind == "custom" else "none"
