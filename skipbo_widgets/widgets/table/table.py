"""The card table every game's table is: a thin anywidget that draws ``view`` and
reports requests.

It holds only JSON-friendly traitlets describing what to draw; a controller
owns the game. Each game's table (``widgets/<game>/table.py``) adds its page's script
and style. Messages from the browser are untrusted: each is checked for
shape here and for legality by the engine before anything changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeGuard

import traitlets

from ..page.page import PageWidget

MAX_MESSAGE_TEXT = 16


class CardTable(PageWidget):
    """Draws one seat's view of the table; docs/table-view.md describes its shape.
    The page sets none of its traits (:class:`~..page.page.PageWidget`): only Python draws.
    A game's table subclasses it with its script (``_esm``) and style (``_css``)."""

    view = traitlets.Dict().tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._handlers: list[Callable[[dict[str, str]], object]] = []
        self.on_msg(self._receive)

    def on_request(self, handler: Callable[[dict[str, str]], object]) -> None:
        """Call ``handler(request)`` for each well-formed request from the browser.

        A request is ``{"type": "move", "move": "h7-b2"}`` (the page sends
        ``{"type": "move", "source": "h7", "target": "b2"}``), ``{"type": "select",
        "source": "s"}``, ``{"type": "target", "target": "b1"}`` or ``{"type": "look",
        "pile": "stock-2"}`` (a click on an opponent's pile, named by its test id); anything
        else becomes ``{"type": "malformed"}`` so the controller can say so.
        """
        self._handlers.append(handler)

    def _receive(self, _widget: Any, content: Any, _buffers: Any) -> None:
        request = self.parse(content)
        for handler in self._handlers:
            handler(request)


    def parse(self, content: Any) -> dict[str, str]:
        """A message from the browser as a request (:func:`parse_request`); another
        game's table may turn its page's names into its own notation here."""
        return parse_request(content)


_FIELDS = {"move": "move", "select": "source", "target": "target", "look": "pile"}


def parse_request(content: Any) -> dict[str, str]:
    """Validate a message from the browser; never raises.

    Notation and pile names are short printable ASCII: anything else (a lone
    surrogate, a control character) is malformed, so no such text ever reaches
    a message that goes back to the page. The page names a move by the source
    and target names the view gave it; they become one move here.
    """
    if not isinstance(content, dict) or set(content) - {"type", *_FIELDS.values()}:
        return {"type": "malformed"}
    kind = content.get("type")
    if kind == "move" and "move" not in content:
        source, target = content.get("source"), content.get("target")
        if not (_is_name(source) and _is_name(target)):
            return {"type": "malformed"}
        return {"type": "move", "move": f"{source}-{target}"}
    field = _FIELDS.get(kind) if isinstance(kind, str) else None
    if field is None or set(content) - {"type", field}:
        return {"type": "malformed"}
    value = content.get(field)
    if value is None and kind == "select":
        return {"type": "select", "source": ""}
    if not _is_name(value):
        return {"type": "malformed"}
    return {"type": str(kind), field: value}


def _is_name(value: Any) -> TypeGuard[str]:
    return isinstance(value, str) and 0 < len(value) <= MAX_MESSAGE_TEXT \
        and value.isascii() and value.isprintable()
