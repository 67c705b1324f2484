"""The move log: engine events as short sentences in the learner's language.

A game's log (``widgets/<game>/log.py``) says which events start a turn and what
each other event says; this keeps the lines. Sentences about the learner use their
own keys (``log.you.*``) because "you" changes the verb in every language ("You play" /
"Mia plays", "Du spielst" / "Mia spielt", "Tu joues" / "Mia joue", "Jij speelt" /
"Mia speelt").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

#: The seat of a log that tells of no one as "you" (a demo's: every seat a bot).
NOBODY = -1

@dataclass(frozen=True)
class LogLine:
    """One line of the log: its text, the seat it is about, and its turn number."""

    text: str
    seat: int | None
    turn: int


class MoveLog:
    """The lines of a game so far, newest last: the whole game, none left out."""

    def __init__(self, *, me: int, lang: str, names: Sequence[str]) -> None:
        self.me, self.lang, self.names = me, lang, list(names)
        self.lines: list[LogLine] = []
        self.turn = 0

    def add(self, events: Sequence[Any]) -> None:
        """Append the lines for new events."""
        for event in events:
            turn = self.turn_of(event)
            if turn is not None:
                self.turn = turn
                continue
            found = self.describe(event)
            if found is not None:
                self.lines.append(LogLine(found[0], found[1], self.turn))

    def turn_of(self, event: Any) -> int | None:
        """The number of the turn ``event`` starts, if it starts one (the game's log says)."""
        raise NotImplementedError

    def describe(self, event: Any) -> tuple[str, int | None] | None:
        """The line for ``event`` and the seat it is about (``None``: no line)."""
        raise NotImplementedError

    def rebuild(self, events: Sequence[Any]) -> None:
        """Start again from a whole event list (after an undo or a language change)."""
        self.lines.clear()
        self.turn = 0
        self.add(events)
