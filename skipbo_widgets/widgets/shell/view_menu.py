"""The view settings (projector view, card size, language) in the header: beside the
title on a wide screen; on a phone folded behind one button, so that a lesson's text and
its table take the first screen (``app.css``, "A phone's header").

The button is a disclosure: the page says ``aria-expanded`` on it (``testids.js``) and
its name is the learner's language's word for the settings.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as w

from ..page.testids import testid

#: The class of the open menu's panel (shown on a phone only with it).
OPEN = "sb-view-open"


class ViewMenu:
    """The settings' row, and the button that opens it on a narrow screen."""

    def __init__(self, controls: Sequence[w.Widget], tr: Callable[..., str]) -> None:
        self._tr = tr
        self.button = testid(w.ToggleButton(icon="cog"), "view-menu")
        self.button.add_class("sb-view-button")
        self.button.add_class("sb-disclosure")
        self.panel = w.HBox(
            list(controls),
            layout=w.Layout(
                flex_flow="row wrap",
                flex="1 1 0%",
                min_width="min-content",
                justify_content="flex-end",
            ),
        )
        self.panel.add_class("sb-view-panel")
        self.button.observe(lambda change: self._opened(change["new"]), names="value")
        self.relabel()

    @property
    def open(self) -> bool:
        return bool(self.button.value)

    def relabel(self) -> None:
        self.button.description = self._tr("view.menu")
        self.button.tooltip = self._tr("view.menu_detail")

    def _opened(self, on: bool) -> None:
        if on:
            self.panel.add_class(OPEN)
        else:
            self.panel.remove_class(OPEN)
