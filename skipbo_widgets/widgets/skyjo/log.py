"""Skyjo's move log: the round's events as short sentences in the learner's language.

Sentences about the learner have their own keys (``log.skyjo.you.*``), as in
Skip-Bo's log. Another player's drawn card is not named when it is drawn (the
learner did not see it), only once it is placed or dropped; the cards turned
at the round's end are not listed one by one (the table shows them all).

>>> from skipbo_widgets.skyjo.engine import Round
>>> r = Round.new(seed=3)
>>> log = SkyjoLog(me=0, lang="en", names=["You", "Mia"])
>>> log.add(r.push_text("reveal a1"))
>>> [line.text for line in log.lines][0].startswith("You turn over")
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ...i18n import t
from ...skyjo.engine.events import (
    ColumnCleared,
    Drew,
    Dropped,
    Event,
    FirstChosen,
    LastTurns,
    Replaced,
    Reshuffled,
    Revealed,
    RoundScored,
    Took,
    TurnStarted,
)
from ..table.log import MoveLog


def describe(event: Event, *, me: int, lang: str,
             names: Sequence[str]) -> tuple[str, int | None] | None:
    """The sentence for one event and the seat it is about (``None``: not worth a line)."""
    found = _key(event)
    if found is None:
        return None
    key, seat, params = found
    if seat is not None:
        key = key.replace("log.skyjo.", "log.skyjo.you.") if seat == me else key
        params = {"player": seat, **params}
    return t(key, lang, names=list(names), **params), seat


def _key(event: Event) -> tuple[str, int | None, dict[str, object]] | None:
    if isinstance(event, FirstChosen):
        return "log.skyjo.starts", event.seat, {}
    if isinstance(event, Revealed):
        return None if event.why == "end" else ("log.skyjo.reveal", event.seat,
                                                 {"value": event.card})
    if isinstance(event, Drew):
        return "log.skyjo.draw", event.seat, {"value": event.card}
    if isinstance(event, Took):
        return "log.skyjo.take", event.seat, {"value": event.card}
    if isinstance(event, Replaced):
        key = "log.skyjo.replace" if event.was_face_up else "log.skyjo.replace_hidden"
        return key, event.seat, {"value": event.card, "old": event.old}
    if isinstance(event, Dropped):
        return "log.skyjo.drop", event.seat, {"value": event.card}
    if isinstance(event, ColumnCleared):
        return "log.skyjo.column", event.seat, {"value": event.card}
    if isinstance(event, LastTurns):
        return "log.skyjo.last_turns", event.seat, {}
    if isinstance(event, Reshuffled):
        return "log.skyjo.reshuffled", None, {}
    if isinstance(event, RoundScored):
        key = "log.skyjo.round_doubled" if event.doubled else "log.skyjo.round_over"
        return key, event.ender, {}
    return None


class SkyjoLog(MoveLog):
    """The lines of a Skyjo round so far, newest last."""

    def turn_of(self, event: Event) -> int | None:
        return event.turn if isinstance(event, TurnStarted) else None

    def describe(self, event: Event) -> tuple[str, int | None] | None:
        return describe(event, me=self.me, lang=self.lang, names=self.names)
