"""What the game screen needs to know of a game besides its table: one small object per game.

:class:`~..shell.game_screen.GameScreen` plays every game alike (bots at a pace, hint
and undo buttons, the log, the side panel, next round, the end). What is one
game's own — making its bots, the hint ladder, the turn review, the log's
sentences, the score panel and the end's words — comes from its
:class:`GamePlay`, in ``widgets/<game>/play.py``. A game whose bots, hints and
reviews weigh the match around the round (the totals before it) also has
``in_match`` (:class:`PlaysInMatch`): the screen then plays with the object it
gives for its match (:func:`play_in`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeAlias, TypeVar, runtime_checkable

from .log import LogLine
from .table_game import Bot, G_contra, M, M_co

#: A seat's observation, only given to the game's objects.
O_contra = TypeVar("O_contra", contravariant=True)


class GameLog(Protocol):
    """The move log: engine events as lines in the learner's language, newest last."""

    @property
    def lines(self) -> Sequence[LogLine]: ...

    def add(self, events: Sequence[Any]) -> None: ...

    def rebuild(self, events: Sequence[Any]) -> None: ...


class GameCoach(Protocol[O_contra, M_co]):
    """The hint ladder of the position on the table: its box, and the move it shows."""

    def hint_html(self, obs: O_contra, position: object, *, lang: str,
                  names: Sequence[str]) -> tuple[str, M_co | None]: ...

    def shown_html(self, obs: O_contra, *, lang: str, names: Sequence[str]) -> str: ...


class GamePlay(Protocol[G_contra, O_contra, M]):
    """One game as the game screen sees it: its state ``G``, a seat's observation ``O``
    and its move ``M``."""

    #: The game's id (``skipbo``, ``skyjo``), as in :mod:`skipbo_widgets.games`.
    id: str

    def bots(self, levels: Sequence[str], seed: object) -> Mapping[int, Bot[O_contra, M]]:
        """The computer players, seat 1 onwards, at ``levels``."""
        ...

    def new_log(self, game: G_contra, *, lang: str, names: Sequence[str]) -> GameLog: ...

    def new_coach(self) -> GameCoach[O_contra, M]: ...

    def review_html(self, steps: Sequence[tuple[O_contra, M]], *, lang: str,
                    names: Sequence[str]) -> str:
        """The review of the learner's finished turn (a grade and its reasons)."""
        ...

    def score_html(self, match: Any, *, whole: bool, tr: Callable[..., str]) -> str:
        """The score panel (``whole``: a match, not a single game)."""
        ...

    def end_text(self, game: G_contra, *, tr: Callable[..., str], me: int = 0) -> str:
        """What the end of a game (a round) says, to seat ``me`` as "you" (-1: nobody)."""
        ...

    def winners(self, match: Any) -> list[int]:
        """The seats that won the match (or lead it)."""
        ...

    def match_won(self, match: Any, winners: list[int], *, tr: Callable[..., str],
                  me: int = 0) -> str:
        """That ``winners`` won the whole match, said to seat ``me`` as "you" when it
        is them (-1: nobody)."""
        ...


#: The game screen's object of a game the caller does not know.
AnyGamePlay: TypeAlias = GamePlay[Any, Any, Any]


@runtime_checkable
class PlaysInMatch(Protocol):
    """A game's :class:`GamePlay` whose bots, hints and reviews weigh the match around the
    round on the table (what each seat had before it: the public score sheet)."""

    def in_match(self, match: Any, *, whole: bool) -> AnyGamePlay:
        """The game screen's object for ``match`` (``whole``: a match of several rounds;
        else a single game, played as if there were no match)."""
        ...

    def totals(self) -> Sequence[int] | None:
        """Each seat's total before the round on the table (``None``: no match to weigh)."""
        ...


def play_in(play: AnyGamePlay, match: Any, *, whole: bool) -> AnyGamePlay:
    """``play`` for one match: its own ``in_match`` object if it has one, else ``play``
    itself (a game that plays every round alike)."""
    return play.in_match(match, whole=whole) if isinstance(play, PlaysInMatch) else play


def play_for(game_id: str) -> AnyGamePlay:
    """The game screen's object for the game ``game_id``."""
    from ..registry import game_ui

    return game_ui(game_id).play
