"""Skyjo's own fields of the new-game form: the doubling rule."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from ...skyjo.engine.rules import DOUBLINGS
from ..page.testids import testid
from .settings import SkyjoSettings


class SkyjoFields:
    """Skyjo's SJ-DOUBLE: the rule sheet's (always) or the commercial game's (above 0)."""

    mode_keys = ("setup.skyjo.mode.round", "setup.skyjo.mode.game")

    def __init__(self, form: Any, initial: SkyjoSettings) -> None:
        tr = form.tr
        style = {"button_width": "auto", "description_width": "initial"}
        self.doubling = testid(w.ToggleButtons(
            options=[(tr(f"setup.skyjo.doubling.{d}"), d) for d in DOUBLINGS],
            value=initial.doubling, description=tr("setup.skyjo.doubling"), style=style),
            "doubling")
        self.doubling_note = w.HTML(
            f'<div class="sb-form-note">{html.escape(tr("setup.skyjo.doubling_note"))}</div>')
        self.left: list[w.Widget] = [self.doubling, self.doubling_note]
        self.right: list[w.Widget] = []
        self.linked: list[w.Widget] = [self.doubling]
        self.shaping: list[w.Widget] = []

    def update(self, n: int) -> None:
        """Nothing of Skyjo's depends on the number of players."""

    def values(self) -> dict[str, Any]:
        return {"doubling": self.doubling.value}
