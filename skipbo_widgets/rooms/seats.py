"""The rooms' seats and the store under them: loading and writing a room with a
compare-and-set, who a token is, sitting down, turning away, bots at seats, seats
handed to a bot and given back, and who is there (:meth:`RoomSeats.enter`).
:class:`~.authority.Rooms` is the whole authority; this is its base.
"""

from __future__ import annotations

import hmac
import json
import time
from collections.abc import Callable
from typing import Any

from .adapters import ADAPTERS
from .records import (
    ID_PATTERN,
    RETRIES,
    ROOM_TTL,
    TOKEN_PATTERN,
    RoomError,
    RoomReason,
    Seated,
    check_code,
    check_level,
    check_name,
    check_seat,
    hash_token,
    new_token,
    parse_room,
    room_key,
    seen_key,
)
from .store import Store


class RoomSeats:
    """The rooms of one store, seen from their seats. ``clock`` gives Unix time
    (tests pass their own)."""

    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock

    # -- the lobby's seats -----------------------------------------------------------

    def join(self, code: str, name: str) -> Seated:
        """Sit down at the first free seat with a first name; a token for the seat."""
        code = check_code(code)
        name = check_name(name)
        token = new_token()
        seat_box: list[int] = []

        def sit(room: dict[str, Any]) -> None:
            if room["phase"] != "open":
                raise RoomError(RoomReason.STARTED)
            taken = {s["name"].casefold() for s in room["seats"] if s["name"]}
            if name.casefold() in taken:
                raise RoomError(RoomReason.NAME_TAKEN, name=name)
            free = [i for i, s in enumerate(room["seats"])
                    if s["token"] is None and s["bot"] is None]
            if not free:
                raise RoomError(RoomReason.FULL, players=room["players"])
            room["seats"][free[0]].update(name=name, token=hash_token(token))
            seat_box[:] = [free[0]]

        self._update(code, sit)
        return Seated(code, token, seat_box[0])

    def turn_away(self, code: str, owner_token: str, seat: int) -> int:
        """The owner frees a person's seat before the start; its token is void."""
        code = check_code(code)

        def free(room: dict[str, Any]) -> None:
            self._check_owner(room, owner_token)
            if room["phase"] != "open":
                raise RoomError(RoomReason.STARTED)
            target = room["seats"][check_seat(seat, room["players"])]
            if target["token"] is None or target["token"] == room["owner"]:
                raise RoomError(RoomReason.NOT_A_PERSON, seat=seat)
            target.update(name=None, token=None)

        return self._update(code, free)

    def set_bot(self, code: str, owner_token: str, seat: int, level: str | None) -> int:
        """Before the start: a bot of ``level`` at an empty seat (``None``: empty again)."""
        code = check_code(code)

        def put_bot(room: dict[str, Any]) -> None:
            self._check_owner(room, owner_token)
            if room["phase"] != "open":
                raise RoomError(RoomReason.STARTED)
            target = room["seats"][check_seat(seat, room["players"])]
            if target["token"] is not None:
                raise RoomError(RoomReason.NOT_A_BOT, seat=seat)
            target["bot"] = None if level is None else check_level(ADAPTERS[room["game"]],
                                                                    level)

        return self._update(code, put_bot)

    # -- seats that survive ---------------------------------------------------------

    def hand_to_bot(self, code: str, owner_token: str, seat: int, level: str) -> int:
        """The owner lets a bot of ``level`` play a person's seat (the person is away);
        the seat keeps its name and token, for :meth:`give_back`."""
        code = check_code(code)

        def hand(room: dict[str, Any]) -> None:
            self._check_owner(room, owner_token)
            target = room["seats"][check_seat(seat, room["players"])]
            if target["token"] is None:
                raise RoomError(RoomReason.NOT_A_PERSON, seat=seat)
            target["bot"] = check_level(ADAPTERS[room["game"]], level)

        return self._update(code, hand)

    def give_back(self, code: str, owner_token: str, seat: int) -> int:
        """The person plays their seat again."""
        code = check_code(code)

        def back(room: dict[str, Any]) -> None:
            self._check_owner(room, owner_token)
            target = room["seats"][check_seat(seat, room["players"])]
            if target["token"] is None or target["bot"] is None:
                raise RoomError(RoomReason.NOT_A_BOT, seat=seat)
            target["bot"] = None

        return self._update(code, back)

    def enter(self, code: str, token: str, client: str) -> int:
        """A page of the seat says it is there (on loading, then as a heartbeat).

        ``client`` names the browser (kept with the token in its storage): a reload
        or a new kernel of the same browser comes back to the seat at once; another
        browser is refused (``room_seat_in_use``) while this one is present. The seat.
        """
        code = check_code(code)
        if not (isinstance(client, str) and ID_PATTERN.fullmatch(client)):
            raise RoomError(RoomReason.BAD_ID)
        room, _ = self._load(code)
        seat = self._seat_of(room, token)
        key = seen_key(code, seat)
        now = self.clock()
        text = json.dumps({"client": client, "at": now})
        for _ in range(RETRIES):
            record = self.store.get(key)
            if record is None:
                if self.store.create(key, text, ROOM_TTL) is not None:
                    return seat
                continue
            held = json.loads(record.value)
            if held["client"] != client and now - held["at"] < room["away_after"]:
                raise RoomError(RoomReason.SEAT_IN_USE, seat=seat)
            if self.store.put(key, text, record.version, ROOM_TTL) is not None:
                return seat
        raise RoomError(RoomReason.SEAT_IN_USE, seat=seat)

    # -- helpers ----------------------------------------------------------------------

    def _load(self, code: str) -> tuple[dict[str, Any], int]:
        record = self.store.get(room_key(code))
        if record is None:
            raise RoomError(RoomReason.NO_ROOM, code=code)
        room = parse_room(record)
        if room["changed"] + ROOM_TTL <= self.clock():
            raise RoomError(RoomReason.NO_ROOM, code=code)
        return room, record.version

    def _update(self, code: str, change: Callable[[dict[str, Any]], None]) -> int:
        """Load, change, write with compare-and-set; again from the start if another
        kernel wrote in between (lobby changes commute: two joins get two seats)."""
        for _ in range(RETRIES):
            room, version = self._load(code)
            change(room)
            room["changed"] = self.clock()
            written = self.store.put(room_key(code), json.dumps(room), version, ROOM_TTL)
            if written is not None:
                return written
        raise RoomError(RoomReason.STALE_VERSION)

    def _seat_of(self, room: dict[str, Any], token: str) -> int:
        """The seat whose token this is."""
        seat = self._holder(room, token)
        if seat is None:
            raise RoomError(RoomReason.NOT_A_PERSON)
        return seat

    def _holder(self, room: dict[str, Any], token: str) -> int | None:
        """The seat whose token this is, or ``None`` for the owner's (not seated)."""
        if not (isinstance(token, str) and TOKEN_PATTERN.fullmatch(token)):
            raise RoomError(RoomReason.BAD_TOKEN)
        digest = hash_token(token)
        for i, s in enumerate(room["seats"]):
            if s["token"] is not None and hmac.compare_digest(s["token"], digest):
                return i
        if hmac.compare_digest(room["owner"], digest):
            return None
        raise RoomError(RoomReason.BAD_TOKEN)

    def _check_owner(self, room: dict[str, Any], token: str) -> None:
        if not (isinstance(token, str) and TOKEN_PATTERN.fullmatch(token)):
            raise RoomError(RoomReason.BAD_TOKEN)
        if not hmac.compare_digest(room["owner"], hash_token(token)):
            raise RoomError(RoomReason.NOT_OWNER)

    def _seat_views(self, code: str, room: dict[str, Any]) -> list[dict[str, Any]]:
        now = self.clock()
        views = []
        for i, s in enumerate(room["seats"]):
            person = s["token"] is not None
            away = False
            if person:
                record = self.store.get(seen_key(code, i))
                at = json.loads(record.value)["at"] if record is not None else None
                away = at is None or now - at >= room["away_after"]
            views.append({"seat": i, "name": s["name"], "bot": s["bot"], "person": person,
                          "away": away})
        return views

