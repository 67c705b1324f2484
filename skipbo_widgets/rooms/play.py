"""Playing in a room: a seat's view, a person's move and the bots' moves, each
written with a compare-and-set on the room's version, so two moves sent at once
give one change and one ``stale_version``.
"""

from __future__ import annotations

import hmac
import json
from typing import Any

from ..core.errors import IllegalMove, NotationError
from .adapters import ADAPTERS, GameAdapter
from .records import (
    ID_PATTERN,
    RECENT_MOVES,
    ROOM_TTL,
    Moved,
    RoomError,
    RoomReason,
    check_code,
    hash_token,
    plain_params,
    room_key,
)
from .seats import RoomSeats


class RoomPlay(RoomSeats):
    """Moves, bots and views of the rooms of one store."""

    def observe(self, code: str, token: str, seat: int | None = None) -> dict[str, Any]:
        """What the holder of ``token`` may see: the room's public part (names, bots,
        who is away, the version, the last move) and its own seat's view only.
        Asking for another seat's view is ``room_not_your_seat``."""
        code = check_code(code)
        room, version = self._load(code)
        mine = self._holder(room, token)
        if seat is not None and seat != mine:
            raise RoomError(RoomReason.NOT_YOUR_SEAT, seat=str(seat)[:10])
        adapter = ADAPTERS[room["game"]]
        view = None
        current = None
        if room["save"] is not None:
            engine = adapter.loads(room["save"])
            current = adapter.current(engine)
            if mine is not None:
                view = adapter.observe(engine, mine)
        return {
            "code": code, "game": room["game"], "version": version, "phase": room["phase"],
            "seat": mine, "owner": hmac.compare_digest(room["owner"], hash_token(token)),
            "hints": room["hints"], "options": dict(room["options"]), "deal": room["deal"],
            "totals": list(room["totals"]), "current": current, "last": room["last"],
            "moves": room["moves"],
            "seats": self._seat_views(code, room), "view": view,
        }

    def move(self, code: str, token: str, move_text: str, expected_version: int,
             move_id: str | None = None) -> Moved:
        """The seat of ``token`` makes a move, written only if the room is still at
        ``expected_version``. Every refusal comes back as ``Moved.reason`` with nothing
        changed (``version`` 0 when there is no such room): ``stale_version`` (``by``
        names who moved), ``not_your_turn``, ``illegal_move`` (``cause``: the engine's
        reason), ``room_bad_token``, ``room_seat_is_bot``, ``room_not_found``…
        ``move_id`` (the page's own id for the move) makes a retry safe: a move id
        already applied answers with its version and ``repeated``."""
        version, seat = 0, None
        try:
            code = check_code(code)
            if move_id is not None and not (isinstance(move_id, str)
                                            and ID_PATTERN.fullmatch(move_id)):
                raise RoomError(RoomReason.BAD_ID)
            room, version = self._load(code)
            seat = self._seat_of(room, token)
            if move_id is not None:
                for done_id, done_version, done_seat in room["recent"]:
                    if done_id == move_id and done_seat == seat:
                        return Moved(done_version, seat, repeated=True)
            return self._move(code, room, version, seat, move_text, expected_version, move_id)
        except RoomError as err:
            return Moved(version, seat, reason=err.reason.value, params=dict(err.params))

    def _move(self, code: str, room: dict[str, Any], version: int, seat: int,
              move_text: str, expected: int, move_id: str | None) -> Moved:
        if expected != version:
            raise self._stale(room, version)
        if room["phase"] == "open":
            raise RoomError(RoomReason.NOT_STARTED)
        if room["seats"][seat]["bot"] is not None:
            raise RoomError(RoomReason.SEAT_IS_BOT, seat=seat)
        adapter = ADAPTERS[room["game"]]
        engine = adapter.loads(room["save"])
        current = adapter.current(engine)
        if adapter.is_over(engine):
            raise RoomError(RoomReason.ILLEGAL_MOVE, cause="game_over")
        if current != seat:
            raise RoomError(RoomReason.NOT_YOUR_TURN, current=current,
                            name=room["seats"][current]["name"])
        if not isinstance(move_text, str) or len(move_text) > 40:
            raise RoomError(RoomReason.ILLEGAL_MOVE, cause="bad_notation")
        try:
            move = adapter.parse(move_text)
            engine.push(move, by=seat)
        except (IllegalMove, NotationError) as err:
            raise RoomError(RoomReason.ILLEGAL_MOVE, cause=err.reason.value,
                            **plain_params(err.params)) from None
        return self._commit(code, room, version, adapter, engine, seat, str(move), move_id)

    def step_bot(self, code: str) -> Moved | None:
        """One move of the bot whose turn it is, if it is a bot's turn; ``None`` if it
        is not, or if another kernel moved first (the compare-and-set decides)."""
        code = check_code(code)
        room, version = self._load(code)
        if room["phase"] != "playing":
            return None
        adapter = ADAPTERS[room["game"]]
        engine = adapter.loads(room["save"])
        seat = adapter.current(engine)
        level = room["seats"][seat]["bot"]
        if level is None or adapter.is_over(engine):
            return None
        # While a deal is played the room's totals are those before it.
        move = adapter.bot_move(engine, seat, level, f"{code}:{version}", room["totals"])
        engine.push(move, by=seat)
        try:
            return self._commit(code, room, version, adapter, engine, seat, str(move), None)
        except RoomError:
            return None

    def run_bots(self, code: str, limit: int = 100_000) -> int:
        """Bot moves until a person's turn or the deal's end; how many this kernel made."""
        made = 0
        while made < limit and self.step_bot(code) is not None:
            made += 1
        return made

    def _commit(self, code: str, room: dict[str, Any], version: int, adapter: GameAdapter,
                engine: Any, seat: int, move: str, move_id: str | None) -> Moved:
        new_room = dict(room)
        new_room["save"] = adapter.dumps(engine)
        new_room["moves"] = room["moves"] + 1
        new_room["changed"] = self.clock()
        new_room["last"] = {"seat": seat, "name": room["seats"][seat]["name"], "move": move}
        if adapter.is_over(engine):
            new_room["phase"] = "over"
            new_room["totals"] = [t + p for t, p in zip(room["totals"], adapter.points(engine),
                                                        strict=True)]
        if move_id is not None:
            # A write makes the next version (both stores count one by one), so the id
            # goes in with the move itself: a retry after a lost answer finds it.
            new_room["recent"] = [*room["recent"][-(RECENT_MOVES - 1):],
                                  [move_id, version + 1, seat]]
        written = self.store.put(room_key(code), json.dumps(new_room), version, ROOM_TTL)
        if written is None:
            fresh, now_version = self._load(code)
            raise self._stale(fresh, now_version)
        return Moved(written, seat, move)

    def wait(self, code: str, version: int, timeout: float) -> bool:
        """Block until the room is no longer at ``version`` (or ``timeout`` seconds)."""
        return self.store.wait(room_key(check_code(code)), version, timeout)

    def _stale(self, room: dict[str, Any], version: int) -> RoomError:
        last = room["last"] or {}
        return RoomError(RoomReason.STALE_VERSION, version=version, by=last.get("name"),
                         seat=last.get("seat"))
