"""Every game the app plays, each described once by a :class:`GameUI`, listed here.

A game's description lives in its own folder (``widgets/<game>/ui.py``); the shared
screens (the app, the setup form, the settings and sessions, the game screen, the
table controller) ask it and name no game. This module alone lists them; a game
outside the package (a test's) joins with :func:`register`.

>>> list(game_uis())
['skipbo', 'skyjo']
>>> game_ui("skyjo").title_key, default_game()
('app.title.skyjo', 'skipbo')
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..core.sheet import Section
    from ..games import GameKind
    from .shell.settings import Settings
    from .table.play import AnyGamePlay
    from .table.table_game import AnyTableGame

#: The games of the package, in the home screen's order; the first is the default (a
#: session or class link that names no game is its). Each ``widgets/<id>/ui.py`` has ``UI``.
BUILT_IN = ("skipbo", "skyjo")


@dataclass(frozen=True)
class GameUI:
    """One game as the app sees it."""

    #: The player range, bots, rules, deal and save formats (:mod:`skipbo_widgets.games`).
    kind: GameKind
    #: The new-game settings class (``widgets/<game>/settings.py``).
    settings: type[Settings]
    #: The table controller's adapter.
    table: AnyTableGame
    #: The game screen's adapter.
    play: AnyGamePlay
    #: The demo screen's adapter (a ``DemoGame``).
    demo: Any
    #: The practice game that follows the game's lessons.
    practice: Settings
    #: The setup form's own fields of this game: ``fields(form, initial)``, ``initial`` an
    #: instance of :attr:`settings` (every caller passes one: the form's or the defaults).
    setup_fields: Callable[[Any, Any], Any]
    #: The app's title, the home screen's intro and the hot seat's tooltip.
    title_key: str
    intro_key: str
    hot_seat_detail_key: str
    #: The rule sheet to print: its sections and its title's key (``None``: no sheet).
    sheet: tuple[tuple[Section, ...], str] | None = None
    #: A lesson played out against the others says what they did with this
    #: (``describe(event, me=, lang=, names=)``: the move log's sentence, or ``None``);
    #: ``None``: it says nothing of them.
    describe_others: Callable[..., tuple[str, int | None] | None] | None = None
    #: A quiz's table: its view with nothing that gives the answer away, and the keys
    #: added to every view of it (``quiz_extras(tr)``); ``None``: the table as it is.
    quiz_view: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    quiz_extras: Callable[[Callable[..., str]], dict[str, Any]] | None = None
    #: A lesson's shown move in words when its lessons have no key for it
    #: (``say_move(obs, move, lang=, names=)``); ``None``: its notation.
    say_move: Callable[..., str] | None = None

    @property
    def id(self) -> str:
        return self.kind.id


_GAMES: dict[str, GameUI] = {}


def game_uis() -> dict[str, GameUI]:
    """Every game by its id (``?game=``), the built-in ones first."""
    if not _GAMES:
        for game_id in BUILT_IN:
            ui = importlib.import_module(f"{__package__}.{game_id}.ui").UI
            _GAMES[ui.id] = ui
    return _GAMES


def game_ui(game_id: str) -> GameUI:
    """The game called ``game_id`` (a ``KeyError`` names an unknown one)."""
    return game_uis()[game_id]


def default_game() -> str:
    """The game of a session or class link that names none."""
    return next(iter(game_uis()))


def register(ui: GameUI) -> None:
    """Add a game (after the built-in ones) or replace one with the same id."""
    game_uis()[ui.id] = ui


def unregister(game_id: str) -> None:
    """Take a registered game away again (a test's, at its end)."""
    if game_id in BUILT_IN:
        raise ValueError(f"{game_id} is built in")
    game_uis().pop(game_id, None)
