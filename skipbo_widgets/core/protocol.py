"""The shape every game engine has, so that bots, matches, benchmarks and widgets
can drive any game the same way.

A game is one mutable state with exact undo: :meth:`~Playable.push` checks and
makes a move and returns the events it caused; :meth:`~Playable.pop` takes the
last one back. Chance is inside the state (a seeded generator), so a game
replays exactly from its seed and its moves. ``tests/core`` checks that every
game's engine has this shape.
"""

from __future__ import annotations

from typing import Any, Generic, NamedTuple, Protocol, TypeVar, runtime_checkable

from .errors import IllegalMove

MoveT = TypeVar("MoveT")


@runtime_checkable
class Playable(Protocol):
    """What a game engine offers; each game fills in its own move, event and view types."""

    @property
    def current(self) -> int:
        """The seat to move."""
        ...

    @property
    def outcome(self) -> Any:
        """``None`` while the game runs, then how it ended."""
        ...

    @property
    def events(self) -> list[Any]:
        """The event log: every push appends, every pop removes exactly its events."""
        ...

    def legal_moves(self) -> list[Any]: ...
    def verify_move(self, move: Any, by: int | None = None) -> None: ...
    def can_move(self, move: Any, by: int | None = None) -> bool: ...
    def push(self, move: Any, by: int | None = None) -> list[Any]: ...
    def pop(self) -> Any: ...
    def copy(self) -> Any: ...
    def state_key(self) -> tuple[Any, ...]: ...
    def observe(self, seat: int) -> Any: ...


class GameBase(Generic[MoveT]):
    """What every engine does alike around its own ``verify_move``, ``push`` and
    ``pop``: ``can_move`` (the ask of check/ask/do), ``push_text``, the move stack."""

    #: The game's move class (with ``parse``) and reason codes (with ``nothing_to_undo``).
    move_type: Any
    reasons: Any
    outcome: Any
    events: list[Any]
    _undo: list[UndoRecord[MoveT]]

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def move_stack(self) -> list[MoveT]:
        """The moves pushed so far (that ``pop`` can take back)."""
        return [record.move for record in self._undo]

    def last_events(self) -> list[Any]:
        """The events of the last pushed move (what ``pop`` would take back)."""
        return self.events[self._undo[-1].start:] if self._undo else []

    def verify_move(self, move: Any, by: int | None = None) -> None:
        raise NotImplementedError

    def push(self, move: Any, by: int | None = None) -> list[Any]:
        raise NotImplementedError

    def can_move(self, move: Any, by: int | None = None) -> bool:
        """True if :meth:`push` would accept ``move`` (from seat ``by``, if given)."""
        try:
            self.verify_move(move, by)
        except IllegalMove:
            return False
        return True

    def push_text(self, text: str, by: int | None = None) -> list[Any]:
        """:meth:`push` for a move in the game's notation."""
        return self.push(self.move_type.parse(text), by)

    def _last_record(self) -> UndoRecord[MoveT]:
        """The record :meth:`pop` undoes; ``nothing_to_undo`` when there is none."""
        if not self._undo:
            raise IllegalMove(self.reasons("nothing_to_undo"))
        return self._undo.pop()


class UndoRecord(NamedTuple, Generic[MoveT]):
    """What :meth:`Playable.pop` needs to take one move back.

    ``start`` is the length of the event log before the move; ``ops`` are the
    game's own records of each change, undone in reverse order.
    """

    move: MoveT
    start: int
    ops: list[tuple[Any, ...]]


def undo_calls(ops: list[tuple[Any, ...]]) -> None:
    """Undo ops that are calls, ``(function, *args)``, last first.

    A game that records e.g. ``(list.pop, pile)`` after appending to ``pile``
    needs no interpreter of its own.
    """
    for function, *args in reversed(ops):
        function(*args)
