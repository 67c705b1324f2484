"""The room authority: one table shared by several kernels, through a :class:`Store`.

A room is one record in the store: the game's own save file plus the seats
(first names, bots, secret tokens kept as hashes), the switches and the times.
Every change loads the record, lets the engine check it, and writes it back with
a compare-and-set on the record's version: two moves sent at once give one
change and one ``stale_version``. A page only ever gets its own seat's view
(:meth:`Rooms.observe`), built by the engine's observation API, never the record.

>>> import tempfile, pathlib
>>> from skipbo_widgets.rooms import open_store
>>> rooms = Rooms(open_store(f"sqlite:///{pathlib.Path(tempfile.mkdtemp())}/r.sqlite3"))
>>> anna = rooms.create("skyjo", players=3, owner_name="Anna", bots={2: "medium"})
>>> ben = rooms.join(anna.code, "Ben")
>>> (anna.seat, ben.seat), all(c in CODE_ALPHABET for c in anna.code)
((0, 1), True)
>>> version = rooms.start(anna.code, anna.token, seed=7)
>>> view = rooms.observe(anna.code, ben.token)
>>> view["seat"], view["view"]["phase"], view["seats"][2]["bot"]
(1, 'setup', 'medium')
>>> rooms.move(anna.code, ben.token, "reveal a1", view["version"]).reason
'not_your_turn'
>>> rooms.move(anna.code, anna.token, "reveal a1", view["version"]).version == version + 1
True

Refusals are :class:`RoomError` raised with a :class:`RoomReason` and parameters (the
app words them); :meth:`Rooms.move` returns them instead, since a refused move is
ordinary. A store that cannot be reached raises
:class:`~skipbo_widgets.rooms.store.StoreUnavailable`: retry (a move with its
``move_id``, so that it is never applied twice).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from typing import Any

from ..games import BOT_NAMES
from .adapters import ADAPTERS, GameAdapter
from .play import RoomPlay
from .records import (
    AWAY_AFTER,
    CODE_ALPHABET,
    DEFAULT_LEVEL,
    RETRIES,
    ROOM_FORMAT,
    ROOM_TTL,
    ROOM_VERSION,
    Moved,
    RoomError,
    RoomReason,
    Seated,
    check_code,
    check_level,
    check_name,
    check_seat,
    hash_token,
    new_code,
    new_token,
    room_key,
    room_rules,
)

__all__ = ["CODE_ALPHABET", "ROOM_TTL", "Moved", "RoomError", "RoomReason", "Rooms", "Seated",
           "room_key"]


class Rooms(RoomPlay):
    """The authority over every room of one store; any number of kernels may each
    hold one on the same store. ``clock`` gives Unix time (tests pass their own).

    Its parts: :mod:`.records` (what a room is made of), :mod:`.seats` (loading,
    tokens, seats), :mod:`.play` (views, moves, bots); here the lobby's creating and
    dealing, and expiry.
    """

    # -- the lobby ----------------------------------------------------------------

    def create(self, game: str, players: int, *, owner_name: str | None = None,
               bots: Mapping[int, str] | None = None, hints: bool = True,
               options: Mapping[str, Any] | None = None,
               away_after: float = AWAY_AFTER) -> Seated:
        """A new room with a fresh code. The owner sits at seat 0 if ``owner_name`` is
        given (else only manages the room); ``bots`` maps seats to bot levels."""
        adapter = ADAPTERS.get(game) if isinstance(game, str) else None
        if adapter is None:
            raise RoomError(RoomReason.BAD_GAME, game=str(game)[:20])
        if not (isinstance(players, int) and not isinstance(players, bool)
                and adapter.min_players <= players <= adapter.max_players):
            raise RoomError(RoomReason.BAD_PLAYERS, players=str(players)[:10],
                            min=adapter.min_players, max=adapter.max_players)
        options = dict(options or {})
        room_rules(adapter, players, options)
        bots = dict(bots or {})
        for seat, level in bots.items():
            check_seat(seat, players)
            check_level(adapter, level)
        name = None if owner_name is None else check_name(owner_name)
        if name is not None and 0 in bots:
            raise RoomError(RoomReason.BAD_SEAT, seat=0)
        if not (isinstance(away_after, (int, float)) and 5 <= away_after <= 3600):
            raise RoomError(RoomReason.BAD_RULES, away_after=str(away_after)[:10])
        token = new_token()
        now = self.clock()
        seats: list[dict[str, Any]] = [
            {"name": None, "token": None, "bot": bots.get(s)} for s in range(players)]
        if name is not None:
            seats[0].update(name=name, token=hash_token(token))
        room: dict[str, Any] = {
            "format": ROOM_FORMAT, "version": ROOM_VERSION, "game": adapter.id,
            "players": players, "options": options, "hints": bool(hints),
            "away_after": float(away_after), "owner": hash_token(token), "phase": "open",
            "seats": seats, "deal": 0, "totals": [0] * players, "save": None,
            "moves": 0, "last": None, "recent": [], "created": now, "changed": now,
        }
        for _ in range(RETRIES):
            code = new_code()
            room["code"] = code
            if self.store.create(room_key(code), json.dumps(room), ROOM_TTL) is not None:
                return Seated(code, token, 0 if name is not None else None)
        raise RuntimeError("no free room code after many tries")  # 28 million codes

    def start(self, code: str, owner_token: str, *, bot_level: str | None = None,
              seed: int | None = None) -> int:
        """Deal: empty seats get a bot (``bot_level``, by default ``medium``);
        from now on the code admits nobody new. The room's new version."""
        code = check_code(code)

        def deal(room: dict[str, Any]) -> None:
            self._check_owner(room, owner_token)
            if room["phase"] != "open":
                raise RoomError(RoomReason.STARTED)
            adapter = ADAPTERS[room["game"]]
            level = check_level(adapter, DEFAULT_LEVEL if bot_level is None else bot_level)
            for s in room["seats"]:
                if s["token"] is None and s["bot"] is None:
                    s["bot"] = level
            names = {s["name"] for s in room["seats"] if s["name"]}
            spare = iter(n for n in BOT_NAMES + tuple(f"Bot {i}" for i in range(1, 9))
                         if n not in names)
            for s in room["seats"]:
                if s["name"] is None:
                    s["name"] = next(spare)
            self._deal(room, adapter, seed, previous=None)

        return self._update(code, deal)

    def next_deal(self, code: str, owner_token: str, *, seed: int | None = None) -> int:
        """After a finished deal: the next one (Skyjo: its next round), the totals kept."""
        code = check_code(code)

        def deal(room: dict[str, Any]) -> None:
            self._check_owner(room, owner_token)
            if room["phase"] == "open":
                raise RoomError(RoomReason.NOT_STARTED)
            if room["phase"] != "over":
                raise RoomError(RoomReason.DEAL_NOT_OVER)
            adapter = ADAPTERS[room["game"]]
            self._deal(room, adapter, seed, previous=adapter.loads(room["save"]))

        return self._update(code, deal)

    def _deal(self, room: dict[str, Any], adapter: GameAdapter, seed: int | None,
              previous: Any) -> None:
        rules = room_rules(adapter, room["players"], room["options"])
        engine = adapter.deal(rules, secrets.randbelow(2**62) if seed is None else seed,
                              previous)
        room.update(phase="playing", save=adapter.dumps(engine), deal=room["deal"] + 1,
                    last=None)

    # -- expiry ---------------------------------------------------------------------

    def sweep(self) -> list[str]:
        """Delete the rooms without a change for :data:`ROOM_TTL` (and their seats'
        presence); the codes deleted. The store expires them too; this is for a clock
        of one's own and for stores swept by hand."""
        gone = []
        now = self.clock()
        for key in self.store.keys("room:"):
            record = self.store.get(key)
            if record is None:
                continue
            room = json.loads(record.value)
            if room["changed"] + ROOM_TTL <= now:
                self.store.delete(key)
                gone.append(room["code"])
        rooms = set(self.store.keys("room:"))
        for key in self.store.keys("seen:"):
            if room_key(key.split(":")[1]) not in rooms:
                self.store.delete(key)
        store_sweep = getattr(self.store, "sweep", None)  # SQLite keeps expired rows
        if store_sweep is not None:
            store_sweep()
        return gone
