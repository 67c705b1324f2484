"""What a page may send the app's own widgets: every message from it is untrusted.

ipywidgets applies a page's ``update`` to any synced trait, echoes the value back at
once (which a real kernel cannot send when it holds a lone surrogate) and answers a
wrong type (a table's ``view`` set to ``"x"``) with a ``TraitError`` traceback.
A :class:`PageWidget` names the traits its own script sets, each with a check of
the value; an update of any other trait, or a value that fails its check, is refused
and the page's copy set back to what Python holds. A message of a method or shape
the page's widget manager never sends is dropped; custom messages go to the
widget's own handlers, which check them like any other input.

>>> sendable("Müller"), sendable("\\ud800")
(True, False)
>>> escaped("a\\ud800b")
'a\\\\ud800b'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import anywidget

#: The longest text the page may set a trait to (a page address with its query).
MAX_PAGE_TEXT = 8192


def sendable(text: str) -> bool:
    """True if ``text`` can go to the page (a kernel encodes every message as UTF-8)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def escaped(text: str) -> str:
    """``text`` with what cannot be sent (a lone surrogate) written as ``\\ud800``."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def page_text(value: Any) -> bool:
    """A check for a trait the page sets: a text that can be sent back, not too long."""
    return isinstance(value, str) and len(value) <= MAX_PAGE_TEXT and sendable(value)


#: The classes :meth:`PageWidget.add_traits` made, by the widget's class and the traits.
_MADE: dict[tuple[Any, ...], type] = {}


class PageWidget(anywidget.AnyWidget):
    """An anywidget whose page may set only :attr:`page_sets`, and only to checked values."""

    #: The traits this widget's script sets, each with the check its value must pass.
    page_sets: ClassVar[Mapping[str, Callable[[Any], bool]]] = {}

    def add_traits(self, **traits: Any) -> None:
        """anywidget adds its script, stylesheet and id to every instance, which makes a
        new class for each widget (a quarter of the CPU time of building the app's home
        screen went there); here the class made for the first instance serves the others."""
        key = (type(self), *sorted((n, str(t.default_value)) for n, t in traits.items()))
        made = _MADE.get(key)
        if made is None:
            super().add_traits(**traits)
            _MADE[key] = type(self)
            return
        self.__class__ = made
        self.keys.extend(name for name, trait in traits.items() if trait.metadata.get("sync"))

    def _handle_msg(self, msg: Any) -> None:
        content = msg.get("content") if isinstance(msg, dict) else None
        data = content.get("data") if isinstance(content, dict) else None
        method = data.get("method") if isinstance(data, dict) else None
        if not isinstance(data, dict) or not isinstance(method, str):
            return
        if method == "update":
            state = data.get("state")
            if isinstance(state, dict) and not data.get("buffer_paths"):  # none take bytes
                self.set_state(state)
        elif method == "request_state":
            self.send_state()
        elif method == "custom" and "content" in data:
            buffers = msg.get("buffers")
            self._handle_custom_msg(data["content"], list(buffers) if isinstance(
                buffers, (list, tuple)) else [])

    def set_state(self, sync_data: Any) -> None:
        """Apply what the page may set; set the page's copy of anything else back."""
        if not isinstance(sync_data, dict):
            return
        taken = {name: value for name, value in sync_data.items()
                 if name in self.page_sets and self.page_sets[name](value)}
        refused = [name for name in sync_data
                   if name not in taken and isinstance(name, str) and name in self.keys]
        if taken:
            super().set_state(taken)
        if refused:
            self.send_state(refused)
