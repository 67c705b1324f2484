"""skipbo_widgets: learn and play Skip-Bo in Jupyter.

>>> from skipbo_widgets import play, tutorial
>>> app = play(lang="fr")   # display ``app`` in a notebook cell
>>> lessons = tutorial(lang="nl")   # the same app, opened at the lessons
"""

from __future__ import annotations

from typing import TYPE_CHECKING

__version__ = "0.1.0"

if TYPE_CHECKING:
    from .widgets.shell.app import App


def play(lang: str = "en") -> App:
    """The Skip-Bo app (home screen, settings, game against bots) in ``lang``."""
    from .widgets.shell.app import App  # widgets load only when wanted: the engine stays light

    return App(lang)


def tutorial(lang: str = "en") -> App:
    """The step-by-step lessons of the rules in ``lang``, inside the same app."""
    from .widgets.shell.app import App

    return App(lang, screen="learn")


__all__ = ["play", "tutorial"]
