"""skipbo_widgets: learn and play Skip-Bo in Jupyter.

>>> from skipbo_widgets import play
>>> app = play(lang="fr")   # display ``app`` in a notebook cell
"""

from __future__ import annotations

from typing import TYPE_CHECKING

__version__ = "0.1.0"

if TYPE_CHECKING:
    from .widgets.app import App


def play(lang: str = "en") -> App:
    """The Skip-Bo app (home screen, settings, game against bots) in ``lang``."""
    from .widgets.app import App  # widgets load only when wanted: the engine stays light

    return App(lang)


__all__ = ["play"]
