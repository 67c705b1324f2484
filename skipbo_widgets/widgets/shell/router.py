"""The app's router: a table of named screens, one of them shown in the app's body.

The router knows no screen by name and no screen's widgets. A screen is anything
with the two methods of :class:`Screen`; the app registers its screens once
(``home``, ``learn``, ``setup``, ``demo-setup``, ``demo``, ``hot-seat``, ``game``,
``confirm``, ``room``) and a new one is one more :meth:`Router.add`::

    >>> import ipywidgets as w
    >>> class Hello:
    ...     def enter(self) -> w.Widget:
    ...         return w.HTML("hello")
    ...     def set_lang(self, lang: str) -> w.Widget:
    ...         return w.HTML({"fr": "bonjour"}.get(lang, "hello"))
    >>> router = Router(w.Box())
    >>> router.add("hello", Hello())
    >>> router.show("hello")
    >>> router.set_lang("fr")
    >>> (router.current, router.body.children[0].value)
    ('hello', 'bonjour')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import ipywidgets as w


class Screen(Protocol):
    """One screen of the app: it owns its widgets and says them in the learner's language."""

    def enter(self) -> w.Widget:
        """Draw the screen as the learner arrives on it; the widget the app shows."""
        ...

    def set_lang(self, lang: str) -> w.Widget:
        """Say everything on the screen again in ``lang``; the widget the app shows."""
        ...


class Router:
    """The named screens and the one shown in ``body``."""

    def __init__(self, body: w.Box, first: str = "home",
                 shown: Callable[[], None] = lambda: None) -> None:
        self.body = body
        self.screens: dict[str, Screen] = {}
        #: The name of the screen shown (the app's ``screen``).
        self.current = first
        #: Called after every screen shown (the app: the focus to its heading).
        self.shown = shown

    def add(self, name: str, screen: Screen) -> None:
        """Register ``screen`` as ``name`` (once: a second screen of one name is a mistake)."""
        if name in self.screens:
            raise ValueError(f"a screen named {name!r} is registered already")
        self.screens[name] = screen

    def show(self, name: str) -> None:
        """Show the screen ``name``, drawn afresh (it is the current one while it draws)."""
        screen = self.screens[name]
        self.current = name
        self.body.children = [screen.enter()]
        self.shown()

    def set_lang(self, lang: str) -> None:
        """The learner chose another language: the screen shown says itself again in it."""
        self.body.children = [self.screens[self.current].set_lang(lang)]
