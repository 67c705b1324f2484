"""What the one table controller needs to know of a game, and what it answers a click with.

:class:`~.controller.TableController` plays every game alike: it turns the
page's requests into moves, pushes them, refuses illegal ones and redraws the
table. What differs from game to game — the table widget, the view, the move
notation, the refusals' wording, what a click that is not a move says, which
moves showed a card — sits behind one :class:`TableGame` per game, in
``widgets/<game>/table_game.py``.

An adapter knows no controller: a click that is not a move is answered from the
seat's observation with a :data:`Reply` value, which the controller applies (a
lesson, the demo and the hot seat each apply it their own way).

>>> from skipbo_widgets.skipbo.engine import Game, Rules, observe
>>> from skipbo_widgets.widgets.skipbo.table_game import SKIPBO_TABLE
>>> obs = observe(Game.new(Rules(), seed=1), 0)
>>> SKIPBO_TABLE.answer(obs, {"type": "look", "pile": "draw-pile"}, interactive=True,
...                     keeps_message=False)
Say(key='status.draw_pile', kind='info', params={})
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeAlias, TypedDict, TypeVar

from ...core.errors import GameError

Translate = Callable[..., str]

#: A game's state, as an adapter reads it (only given to it).
G_contra = TypeVar("G_contra", contravariant=True)
#: What one seat may see of it.
O = TypeVar("O")  # noqa: E741
#: A move.
M = TypeVar("M")
#: An observation or a move as a bot hands it back.
O_contra = TypeVar("O_contra", contravariant=True)
M_co = TypeVar("M_co", covariant=True)


class TableWidget(Protocol):
    """The table in the page: it draws ``view`` and reports the learner's requests."""

    view: Any

    def on_request(self, handler: Callable[[dict[str, str]], object]) -> None: ...


class Bot(Protocol[O_contra, M_co]):
    """Anything that picks a move for a seat from that seat's observation."""

    def choose_move(self, obs: O_contra) -> M_co: ...


# -- what a click that is not a move gets ------------------------------------------


@dataclass(frozen=True)
class Say:
    """Say the message ``key`` (with ``params``; the seats by the table's names) under
    the table as ``kind`` (info, error, hint) until the game changes."""

    key: str
    kind: str = "info"
    params: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Idle:
    """A click while the learner cannot move: the table says whose turn it is (a lesson
    says what its step waits for)."""


@dataclass(frozen=True)
class PickedUp:
    """A card picked up (or put down): what was said is over; ``key`` (with ``params``)
    says what is held now (Skyjo: the discard pile's card, which a screen reader hears too).
    A lesson keeps its step's answer in sight instead."""

    key: str = ""
    params: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Probe:
    """Ask the engine whether ``move`` may be made now: its reason if not, else ``then``
    (Skyjo: a pile picked up is refused with the reason its move would get)."""

    move: Any
    then: Reply


#: A lesson's wrong try flying back: its card, where it was put and where it goes back
#: to (table test ids).
Bounce = TypedDict("Bounce", {"card": int | None, "from": str, "to": str})


#: What the controller does with a click that is not a move.
Reply: TypeAlias = "Say | Idle | PickedUp | Probe"

IDLE = Idle()
PICKED_UP = PickedUp()
BAD_REQUEST = Say("error.bad_request", "error")


class TableGame(Protocol[G_contra, O, M]):
    """One game as the table controller sees it: its state ``G``, a seat's observation
    ``O`` and its move ``M`` (Skip-Bo's is a ``TableGame[Game, Observation, Move]``)."""

    #: The game's id (``skipbo``, ``skyjo``), as in :mod:`skipbo_widgets.games`.
    id: str

    @property
    def private(self) -> dict[str, Any]:
        """The view's keys that only the seat it is drawn for may see, with what stands
        for them while nobody's hand may show (a hot seat's pass screen)."""
        ...

    def plays(self, game: object) -> bool:
        """True if ``game`` is a state of this game."""
        ...

    def new_table(self) -> TableWidget:
        """A fresh table widget for this game."""
        ...

    def observe(self, game: G_contra, seat: int) -> O:
        """What ``seat`` may see of ``game``."""
        ...

    def parse(self, text: str) -> M:
        """A move from its notation (the engine's ``NotationError`` if it is none)."""
        ...

    def view(self, obs: O, *, names: Sequence[str], tr: Translate, lang: str,
             interactive: bool, status: str, status_kind: str,
             highlight: Sequence[str]) -> Mapping[str, object]:
        """The table's ``view`` for the seat of ``obs`` (docs/table-view.md)."""
        ...

    def explain(self, err: GameError, move: M | None, obs: O, *, lang: str,
                names: Sequence[str]) -> str:
        """Why the engine refused ``move`` (or the request), in ``lang``."""
        ...

    def answer(self, obs: O, request: Mapping[str, str], *, interactive: bool,
               keeps_message: bool) -> Reply:
        """The reply to a click that is not a move (``select``, ``target``, ``look``) by
        the seat of ``obs``; ``interactive``: that seat can move now; ``keeps_message``:
        what is said now should stay (a lesson's praise of a task done)."""
        ...

    def revealed(self, events: Sequence[Any]) -> str | None:
        """If the events showed a card nobody had seen (such a move stays), the message
        key that says so (``game.undo_shown.turned``, ``….drawn``); else ``None``."""
        ...

    def turn_started(self, game: G_contra) -> bool:
        """True if the seat to move has not moved yet in this turn."""
        ...

    def lit(self, move: M | None) -> tuple[str, ...]:
        """What a shown move (a hint, the answer of a lesson) lights up on the table."""
        ...

    def bounce(self, move: M | None, before: O) -> Bounce | None:
        """Where the card of a wrong try in a lesson was put and where it goes back to
        (table test ids and the card), or ``None`` for nothing to fly."""
        ...


#: The adapter of a game the caller does not know (the controller, the registry).
AnyTableGame: TypeAlias = TableGame[Any, Any, Any]
