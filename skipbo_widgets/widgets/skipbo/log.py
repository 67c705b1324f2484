"""Skip-Bo's move log: its events as short sentences in the learner's language."""

from __future__ import annotations

from collections.abc import Sequence

from ...i18n import t
from ...skipbo.engine import WILD
from ...skipbo.engine.events import (
    Discarded,
    Drew,
    Event,
    GameDrawn,
    GameWon,
    PileCompleted,
    Played,
    Recycled,
    TurnEnded,
    TurnStarted,
)
from ..table.log import MoveLog

_PLAY_SOURCE = {"s": "stock", "d": "discard", "h": "hand"}


def describe(event: Event, *, me: int, lang: str, names: Sequence[str],
             faces: str = "skipbo") -> tuple[str, int | None] | None:
    """The sentence for one event and the seat it is about (``None``: not worth a line)."""
    key, seat, params = _key(event, me)
    partner = params.get("partner")
    if isinstance(partner, int):
        params["partner"] = names[partner]
    if key is None:
        return None
    text = t(key, lang, names=names, faces=faces, **params)
    if isinstance(event, Played) and event.card == WILD:
        text += t("log.as_value", lang, value=event.value)
    return text, seat


def _key(event: Event, me: int) -> tuple[str | None, int | None, dict[str, object]]:
    if isinstance(event, Played):
        who = "you." if event.seat == me else ""
        source = _PLAY_SOURCE[event.source]
        if event.owner == me and event.seat != me:  # a partner plays from the learner's piles
            source = f"your_{source}"
        elif event.owner != event.seat:
            source = f"partner_{source}"
        params: dict[str, object] = {
            "player": event.seat, "card": event.card, "pile": event.pile,
            "from_pile": event.from_pile + 1, "partner": event.owner}
        return f"log.{who}play_{source}", event.seat, params
    if isinstance(event, Discarded):
        who = "you." if event.seat == me else ""
        return f"log.{who}discard", event.seat, {
            "player": event.seat, "card": event.card, "pile": event.pile}
    if isinstance(event, Drew):
        who = "you." if event.seat == me else ""
        kind = "draw_empty_hand" if event.empty_hand else "draw"
        return f"log.{who}{kind}", event.seat, {"player": event.seat, "count": len(event.cards)}
    if isinstance(event, TurnEnded) and not event.discarded:
        who = "you." if event.seat == me else ""
        return f"log.{who}end_turn", event.seat, {"player": event.seat}
    if isinstance(event, PileCompleted):
        return "log.pile_completed", None, {"pile": event.pile}
    if isinstance(event, Recycled):
        return "log.recycled", None, {"count": event.cards}
    if isinstance(event, GameWon):
        if me in event.winners:
            key = "log.you.won" if len(event.winners) == 1 else "log.you.won_team"
        else:
            key = "log.won_team" if len(event.winners) > 1 else "log.won"
        return key, None, {"winner": event.winners, "points": event.points}
    if isinstance(event, GameDrawn):
        return "log.drawn", None, {}
    return None, None, {}




class SkipBoLog(MoveLog):
    """The lines of a Skip-Bo game so far, newest last; ``faces`` names its wild card."""

    def __init__(self, *, me: int, lang: str, names: Sequence[str],
                 faces: str = "skipbo") -> None:
        super().__init__(me=me, lang=lang, names=names)
        self.faces = faces

    def turn_of(self, event: Event) -> int | None:
        return event.turn if isinstance(event, TurnStarted) else None

    def describe(self, event: Event) -> tuple[str, int | None] | None:
        return describe(event, me=self.me, lang=self.lang, names=self.names, faces=self.faces)
