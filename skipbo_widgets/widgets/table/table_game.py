"""What the one table controller needs to know of a game, and which game a state is.

:class:`~.controller.TableController` plays every game alike: it turns the
page's requests into moves, pushes them, refuses illegal ones and redraws the
table. What differs from game to game — the table widget, the view, the move
notation, the refusals' wording, what a click that is not a move says, which
moves showed a card — sits behind one :class:`TableGame` per game, in
``widgets/<game>/table_game.py``.

>>> from skipbo_widgets.skipbo.engine import Game, Rules
>>> table_game_for(Game.new(Rules(), seed=1)).id
'skipbo'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .controller import TableController

Translate = Callable[..., str]


class TableWidget(Protocol):
    """The table in the page: it draws ``view`` and reports the learner's requests."""

    view: Any

    def on_request(self, handler: Callable[[dict[str, str]], object]) -> None: ...


class TableGame(Protocol):
    """One game as the table controller sees it."""

    #: The game's id (``skipbo``, ``skyjo``), as in :mod:`skipbo_widgets.games`.
    id: str

    @property
    def private(self) -> dict[str, Any]:
        """The view's keys that only the seat it is drawn for may see, with what stands
        for them while nobody's hand may show (a hot seat's pass screen)."""
        ...

    def plays(self, game: Any) -> bool:
        """True if ``game`` is a state of this game."""
        ...

    def new_table(self) -> TableWidget:
        """A fresh table widget for this game."""
        ...

    def observe(self, game: Any, seat: int) -> Any:
        """What ``seat`` may see of ``game``."""
        ...

    def parse(self, text: str) -> Any:
        """A move from its notation (the engine's ``NotationError`` if it is none)."""
        ...

    def view(self, obs: Any, *, names: Sequence[str], tr: Translate, lang: str,
             interactive: bool, status: str, status_kind: str,
             highlight: Sequence[str]) -> dict[str, Any]:
        """The table's ``view`` for the seat of ``obs`` (docs/table-view.md)."""
        ...

    def explain(self, err: Any, move: Any | None, obs: Any, *, lang: str,
                names: Sequence[str]) -> str:
        """Why the engine refused ``move`` (or the request), in ``lang``."""
        ...

    def answer(self, controller: TableController, request: dict[str, str]) -> None:
        """Answer a click that is not a move (``select``, ``target``, ``look``)."""
        ...

    def revealed(self, events: list[Any]) -> str | None:
        """If the events showed a card nobody had seen (such a move stays), the message
        key that says so (``game.undo_shown.turned``, ``….drawn``); else ``None``."""
        ...

    def turn_started(self, game: Any) -> bool:
        """True if the seat to move has not moved yet in this turn."""
        ...

    def lit(self, move: Any | None) -> tuple[str, ...]:
        """What a shown move (a hint, the answer of a lesson) lights up on the table."""
        ...

    def bounce(self, move: Any | None, before: Any) -> dict[str, Any] | None:
        """Where the card of a wrong try in a lesson was put and where it goes back to
        (table test ids and the card), or ``None`` for nothing to fly."""
        ...


def table_game_for(game: Any) -> TableGame:
    """The table adapter for ``game``'s kind (a ``TypeError`` for a state of no known game)."""
    from ..registry import game_uis

    for ui in game_uis().values():
        if ui.table.plays(game):
            return ui.table
    raise TypeError(f"no table plays {type(game).__name__}")
