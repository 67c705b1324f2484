"""What a room is made of: its record in the store (format, keys, parsing), the
refusals (:class:`RoomReason`, :class:`RoomError`), the answers (:class:`Seated`,
:class:`Moved`) and the checks of what a visitor sends (codes, names, seats, levels,
rules). No store is touched here: :mod:`.authority` does that.

>>> check_code(" abc23 "), room_key("ABC23"), check_name("  Anna ")
('ABC23', 'room:ABC23', 'Anna')
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..core.errors import GameError, RulesError
from .adapters import GameAdapter
from .store import Record

#: Letters and digits that cannot be confused: no 0/O, no 1/I/L.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 5
#: A room with no change (a move, a join, a start) for this long is deleted.
ROOM_TTL = 24 * 3600.0
#: A person not seen (no heartbeat) for this long is shown as away, by default.
AWAY_AFTER = 60.0
MAX_NAME = 20
#: The level of the bots that take the seats nobody took (both games have it).
DEFAULT_LEVEL = "medium"
#: How many recent move ids a room remembers, so that a retried move is not applied twice.
RECENT_MOVES = 64
ROOM_FORMAT = "skipbo-widgets/room"
ROOM_VERSION = 1
TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_\-]{16,64}")
ID_PATTERN = re.compile(r"[A-Za-z0-9_\-]{1,64}")
#: How often a change is tried again when other kernels keep writing first.
RETRIES = 50


class RoomReason(str, Enum):
    """Why a room refused something; nothing changed."""

    BAD_CODE = "room_bad_code"            # not a room code at all
    NO_ROOM = "room_not_found"            # a wrong code, or the room expired
    BAD_GAME = "room_bad_game"
    BAD_PLAYERS = "room_bad_players"
    BAD_RULES = "room_bad_rules"
    BAD_SEAT = "room_bad_seat"
    BAD_LEVEL = "room_bad_level"
    BAD_NAME = "room_bad_name"            # problem: empty, too_long, not_printable, not_text
    NAME_TAKEN = "room_name_taken"
    FULL = "room_full"
    STARTED = "room_started"              # the code admits nobody new once the game is on
    NOT_STARTED = "room_not_started"
    BAD_TOKEN = "room_bad_token"          # forged, or of a seat turned away
    NOT_OWNER = "room_not_owner"
    NOT_YOUR_SEAT = "room_not_your_seat"  # reading another seat's cards
    SEAT_IN_USE = "room_seat_in_use"      # another browser holds the seat and is present
    SEAT_IS_BOT = "room_seat_is_bot"      # the seat was handed to a bot
    NOT_A_PERSON = "room_not_a_person"
    NOT_A_BOT = "room_not_a_bot"
    NOT_YOUR_TURN = "not_your_turn"
    STALE_VERSION = "stale_version"       # by: who moved since the page's version
    ILLEGAL_MOVE = "illegal_move"         # cause: the engine's reason code
    DEAL_NOT_OVER = "room_deal_not_over"
    BAD_ID = "room_bad_id"


class RoomError(GameError):
    """A refusal of a room: ``reason`` (:class:`RoomReason`) and its parameters."""


@dataclass(frozen=True)
class Seated:
    """The answer to creating or joining a room: keep ``token`` (the browser keeps it)."""

    code: str
    token: str
    seat: int | None


@dataclass(frozen=True)
class Moved:
    """A move made: the room's new version, or ``refused`` with ``reason`` and ``params``."""

    version: int
    seat: int | None = None
    move: str = ""
    #: This move id had been applied before: nothing was applied again.
    repeated: bool = False
    reason: str | None = None
    params: Mapping[str, Any] | None = None

    @property
    def refused(self) -> bool:
        return self.reason is not None


def room_key(code: str) -> str:
    return f"room:{code}"


def seen_key(code: str, seat: int) -> str:
    return f"seen:{code}:{seat}"


def check_code(code: object) -> str:
    """The room code in capitals, or ``room_bad_code`` (a visitor's typing)."""
    if not isinstance(code, str) or len(code) > 3 * CODE_LENGTH:
        raise RoomError(RoomReason.BAD_CODE)
    code = code.strip().upper()
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        raise RoomError(RoomReason.BAD_CODE)
    return code


def check_name(name: object) -> str:
    """A first name as it will be shown: stripped, 1 to 20 printable characters."""
    if not isinstance(name, str):
        raise RoomError(RoomReason.BAD_NAME, problem="not_text")
    name = name.strip()
    if not name:
        raise RoomError(RoomReason.BAD_NAME, problem="empty")
    if len(name) > MAX_NAME:
        raise RoomError(RoomReason.BAD_NAME, problem="too_long", max=MAX_NAME)
    if not name.isprintable():
        raise RoomError(RoomReason.BAD_NAME, problem="not_printable")
    return name


def hash_token(token: str) -> str:
    """A token as the record keeps it (never the token itself)."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_code() -> str:
    """A fresh code a person can type: :data:`CODE_LENGTH` letters and digits that
    cannot be confused (a room's, a class's)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def parse_room(record: Record) -> dict[str, Any]:
    room = json.loads(record.value)
    if not (isinstance(room, dict) and room.get("format") == ROOM_FORMAT
            and room.get("version") == ROOM_VERSION):
        raise RoomError(RoomReason.NO_ROOM)
    return room


def room_rules(adapter: GameAdapter, players: int, options: Mapping[str, Any]) -> Any:
    """The game's rules for a room, or ``room_bad_rules``."""
    unknown = set(options) - adapter.options
    if unknown:
        raise RoomError(RoomReason.BAD_RULES, option=sorted(unknown)[0][:20])
    try:
        return adapter.rules(players, options)
    except RulesError as err:
        raise RoomError(RoomReason.BAD_RULES, cause=err.reason.value,
                        **plain_params(err.params)) from None
    except (TypeError, ValueError):
        raise RoomError(RoomReason.BAD_RULES) from None


def check_seat(seat: object, players: int) -> int:
    if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players):
        raise RoomError(RoomReason.BAD_SEAT, seat=str(seat)[:10])
    return seat


def check_level(adapter: GameAdapter, level: object) -> str:
    if level not in adapter.levels:
        raise RoomError(RoomReason.BAD_LEVEL, level=str(level)[:20])
    return str(level)


def plain_params(params: Mapping[str, Any]) -> dict[str, Any]:
    """Parameters as JSON can carry them (an engine's card may be an int or a str)."""
    return {k: v if isinstance(v, (int, str, bool, type(None))) else str(v)
            for k, v in params.items() if k not in ("cause", "reason")}
