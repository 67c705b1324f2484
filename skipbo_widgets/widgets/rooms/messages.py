"""A room's refusals in the learner's language: one message key per reason code.

:class:`~skipbo_widgets.rooms.Rooms` refuses with a reason code and parameters
(``Moved.reason`` / ``RoomError.reason``); each code has the key
``room.refused.<code>`` in every catalog. A bad name has one key per problem; an
illegal move is said as the engine's own refusal (its ``cause``); a stale version
names who was quicker when the room knows it.

>>> refusal_text("stale_version", {"by": "Mia", "version": 7}, "en")
'Mia was quicker. Have another look at the table.'
>>> refusal_text("room_full", {"players": 4}, "nl")
'Deze kamer is vol: alle 4 plaatsen zijn bezet.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum
from typing import Any

from ...core.errors import GameError, IllegalMove
from ...i18n import explain, t
from ...rooms.authority import RoomReason

PREFIX = "room.refused."
#: The problems of a refused name (``room_bad_name``'s ``problem``), each its own key.
NAME_PROBLEMS = ("empty", "not_text", "too_long", "not_printable")


def refusal_key(reason: str, params: Mapping[str, Any]) -> str:
    """The message key of a refusal."""
    if reason == RoomReason.BAD_NAME.value:
        problem = params.get("problem")
        return f"{PREFIX}{reason}.{problem if problem in NAME_PROBLEMS else 'empty'}"
    if reason == RoomReason.STALE_VERSION.value and isinstance(params.get("by"), str):
        return f"{PREFIX}{reason}.by"
    return PREFIX + reason


def refusal_text(reason: str, params: Mapping[str, Any] | None, lang: str, *,
                 names: Sequence[str] | None = None,
                 reasons: type[Enum] | None = None) -> str:
    """What a refusal says; ``reasons``: the room's game's reason codes, so that an
    illegal move (and rules that cannot be played) is said as the engine says it."""
    params = dict(params or {})
    cause = params.pop("cause", None)
    if reasons is not None and isinstance(cause, str):
        engine_reason = next((r for r in reasons if r.value == cause), None)
        if engine_reason is not None:
            said = explain(IllegalMove(engine_reason, **params), lang, names=names)
            if reason == RoomReason.ILLEGAL_MOVE.value:
                return said
            return f"{t(refusal_key(reason, params), lang)} {said}"
    if reason == RoomReason.NOT_YOUR_TURN.value and not names \
            and isinstance(params.get("name"), str):
        params["current"] = params["name"]
    if "max" in params:
        params["count"] = params["max"]
    elif "players" in params:
        params["count"] = params["players"]
    return t(refusal_key(reason, params), lang, names=list(names or ()), **params)


def error_text(err: GameError, lang: str, *, names: Sequence[str] | None = None,
               reasons: type[Enum] | None = None) -> str:
    """A :class:`~skipbo_widgets.rooms.RoomError` in words."""
    return refusal_text(err.reason.value, err.params, lang, names=names, reasons=reasons)
