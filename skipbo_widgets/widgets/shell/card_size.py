"""The card size (issue 25): four steps from the usual cards to twice their size, beside
the projector switch on every screen, the learner's choice kept in the browser.

The choice is a class on the app's root (``sb-cards-m`` …); the tables' style sheets
scale their cards by it, as far as the learner's own cards and the piles still fit the
screen (docs/table-view.md, "Card size"). The largest step is also large print: the
side panel's and the lesson's text grow with it (``app.css``).
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as w

from ..page.store import BrowserStore
from ..page.testids import testid

#: The steps, smallest first: (value kept in the browser, label, how many times the usual size).
STEPS = (("s", "S", 1.0), ("m", "M", 1.25), ("l", "L", 1.6), ("xl", "XL", 2.0))
DEFAULT = "s"


class CardSize:
    """The card-size buttons, the browser's copy of the choice and the app's class."""

    def __init__(self, app_widget: Callable[[], w.Box], tr: Callable[..., str]) -> None:
        self._app_widget = app_widget
        self._tr = tr
        self.buttons = testid(
            w.ToggleButtons(
                options=[(label, value) for value, label, _scale in STEPS],
                value=DEFAULT,
                style={"button_width": "3.2em", "description_width": "initial"},
            ),
            "card-size",
        )
        self.buttons.add_class("sb-card-size")
        self.store = BrowserStore(key="skipbo-widgets/card-size")
        self.store.on_stored(self._on_stored)
        self.buttons.observe(lambda change: self._changed(change["new"]), names="value")
        self.relabel()

    @property
    def value(self) -> str:
        """The step chosen: ``s``, ``m``, ``l`` or ``xl``."""
        return str(self.buttons.value)

    def set(self, value: str) -> None:
        """Choose a step (an unknown one is the usual size)."""
        self.buttons.value = value if value in {v for v, _l, _s in STEPS} else DEFAULT

    def relabel(self) -> None:
        """The buttons' caption and tooltips in the app's language."""
        self.buttons.description = self._tr("view.cards")
        self.buttons.tooltips = [
            self._tr(f"view.cards.{value}", percent=round(scale * 100))
            for value, _label, scale in STEPS
        ]

    def _changed(self, value: str) -> None:
        app = self._app_widget()
        for step, _label, _scale in STEPS:
            app.remove_class(f"sb-cards-{step}")
        if value != DEFAULT:
            app.add_class(f"sb-cards-{value}")
        self.store.value = "" if value == DEFAULT else value

    def _on_stored(self, text: str) -> None:
        # A choice made on this page before the browser's answer came back stands.
        if self.value == DEFAULT:
            self.set(text)
