"""Finding and clicking the app's controls by their test id, as the page would: the
widget tests' one copy of these helpers (imported by plain name, like race_game)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import ipywidgets as w

from skipbo_widgets.widgets.shell.app import App


def widgets_in(widget: Any) -> Iterator[Any]:
    """``widget`` and every widget inside it."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from widgets_in(child)


def shown(app: App, name: str) -> Any:
    """The control with ``data-testid=name`` on the app's current screen, if any."""
    return next((x for x in widgets_in(app.widget)
                 if f"sb-testid-{name}" in getattr(x, "_dom_classes", ())), None)


def click(app: App, name: str) -> None:
    """Click the button ``name`` of the app's current screen (there must be one)."""
    button = shown(app, name)
    assert isinstance(button, w.Button), f"no {name} button on the {app.screen} screen"
    button.click()
