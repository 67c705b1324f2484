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

import hashlib
import hmac
import json
import re
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..core.errors import GameError, IllegalMove, NotationError, RulesError
from ..games import BOT_NAMES
from .adapters import ADAPTERS, GameAdapter
from .store import Record, Store

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
_TOKEN = re.compile(r"[A-Za-z0-9_\-]{16,64}")
_ID = re.compile(r"[A-Za-z0-9_\-]{1,64}")
_RETRIES = 50


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


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _new_token() -> str:
    return secrets.token_urlsafe(24)


class Rooms:
    """The authority over every room of one store; any number of kernels may each
    hold one on the same store. ``clock`` gives Unix time (tests pass their own)."""

    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock

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
        _rules(adapter, players, options)
        bots = dict(bots or {})
        for seat, level in bots.items():
            _check_seat(seat, players)
            _check_level(adapter, level)
        name = None if owner_name is None else check_name(owner_name)
        if name is not None and 0 in bots:
            raise RoomError(RoomReason.BAD_SEAT, seat=0)
        if not (isinstance(away_after, (int, float)) and 5 <= away_after <= 3600):
            raise RoomError(RoomReason.BAD_RULES, away_after=str(away_after)[:10])
        token = _new_token()
        now = self.clock()
        seats: list[dict[str, Any]] = [
            {"name": None, "token": None, "bot": bots.get(s)} for s in range(players)]
        if name is not None:
            seats[0].update(name=name, token=_hash(token))
        room: dict[str, Any] = {
            "format": ROOM_FORMAT, "version": ROOM_VERSION, "game": adapter.id,
            "players": players, "options": options, "hints": bool(hints),
            "away_after": float(away_after), "owner": _hash(token), "phase": "open",
            "seats": seats, "deal": 0, "totals": [0] * players, "save": None,
            "moves": 0, "last": None, "recent": [], "created": now, "changed": now,
        }
        for _ in range(_RETRIES):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            room["code"] = code
            if self.store.create(room_key(code), json.dumps(room), ROOM_TTL) is not None:
                return Seated(code, token, 0 if name is not None else None)
        raise RuntimeError("no free room code after many tries")  # 28 million codes

    def join(self, code: str, name: str) -> Seated:
        """Sit down at the first free seat with a first name; a token for the seat."""
        code = check_code(code)
        name = check_name(name)
        token = _new_token()
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
            room["seats"][free[0]].update(name=name, token=_hash(token))
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
            target = room["seats"][_check_seat(seat, room["players"])]
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
            target = room["seats"][_check_seat(seat, room["players"])]
            if target["token"] is not None:
                raise RoomError(RoomReason.NOT_A_BOT, seat=seat)
            target["bot"] = None if level is None else _check_level(ADAPTERS[room["game"]],
                                                                    level)

        return self._update(code, put_bot)

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
            level = _check_level(adapter, DEFAULT_LEVEL if bot_level is None else bot_level)
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
        rules = _rules(adapter, room["players"], room["options"])
        engine = adapter.deal(rules, secrets.randbelow(2**62) if seed is None else seed,
                              previous)
        room.update(phase="playing", save=adapter.dumps(engine), deal=room["deal"] + 1,
                    last=None)

    # -- seats that survive ---------------------------------------------------------

    def hand_to_bot(self, code: str, owner_token: str, seat: int, level: str) -> int:
        """The owner lets a bot of ``level`` play a person's seat (the person is away);
        the seat keeps its name and token, for :meth:`give_back`."""
        code = check_code(code)

        def hand(room: dict[str, Any]) -> None:
            self._check_owner(room, owner_token)
            target = room["seats"][_check_seat(seat, room["players"])]
            if target["token"] is None:
                raise RoomError(RoomReason.NOT_A_PERSON, seat=seat)
            target["bot"] = _check_level(ADAPTERS[room["game"]], level)

        return self._update(code, hand)

    def give_back(self, code: str, owner_token: str, seat: int) -> int:
        """The person plays their seat again."""
        code = check_code(code)

        def back(room: dict[str, Any]) -> None:
            self._check_owner(room, owner_token)
            target = room["seats"][_check_seat(seat, room["players"])]
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
        if not (isinstance(client, str) and _ID.fullmatch(client)):
            raise RoomError(RoomReason.BAD_ID)
        room, _ = self._load(code)
        seat = self._seat_of(room, token)
        key = seen_key(code, seat)
        now = self.clock()
        text = json.dumps({"client": client, "at": now})
        for _ in range(_RETRIES):
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

    # -- playing ------------------------------------------------------------------

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
            "seat": mine, "owner": hmac.compare_digest(room["owner"], _hash(token)),
            "hints": room["hints"], "options": dict(room["options"]), "deal": room["deal"],
            "totals": list(room["totals"]), "current": current, "last": room["last"],
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
                                            and _ID.fullmatch(move_id)):
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
                            **_plain(err.params)) from None
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
        move = adapter.bot_move(engine, seat, level, f"{code}:{version}")
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

    # -- helpers ----------------------------------------------------------------------

    def _load(self, code: str) -> tuple[dict[str, Any], int]:
        record = self.store.get(room_key(code))
        if record is None:
            raise RoomError(RoomReason.NO_ROOM, code=code)
        room = _parse_room(record)
        if room["changed"] + ROOM_TTL <= self.clock():
            raise RoomError(RoomReason.NO_ROOM, code=code)
        return room, record.version

    def _update(self, code: str, change: Callable[[dict[str, Any]], None]) -> int:
        """Load, change, write with compare-and-set; again from the start if another
        kernel wrote in between (lobby changes commute: two joins get two seats)."""
        for _ in range(_RETRIES):
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
        if not (isinstance(token, str) and _TOKEN.fullmatch(token)):
            raise RoomError(RoomReason.BAD_TOKEN)
        digest = _hash(token)
        for i, s in enumerate(room["seats"]):
            if s["token"] is not None and hmac.compare_digest(s["token"], digest):
                return i
        if hmac.compare_digest(room["owner"], digest):
            return None
        raise RoomError(RoomReason.BAD_TOKEN)

    def _check_owner(self, room: dict[str, Any], token: str) -> None:
        if not (isinstance(token, str) and _TOKEN.fullmatch(token)):
            raise RoomError(RoomReason.BAD_TOKEN)
        if not hmac.compare_digest(room["owner"], _hash(token)):
            raise RoomError(RoomReason.NOT_OWNER)

    def _stale(self, room: dict[str, Any], version: int) -> RoomError:
        last = room["last"] or {}
        return RoomError(RoomReason.STALE_VERSION, version=version, by=last.get("name"),
                         seat=last.get("seat"))

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


def _parse_room(record: Record) -> dict[str, Any]:
    room = json.loads(record.value)
    if not (isinstance(room, dict) and room.get("format") == ROOM_FORMAT
            and room.get("version") == ROOM_VERSION):
        raise RoomError(RoomReason.NO_ROOM)
    return room


def _rules(adapter: GameAdapter, players: int, options: Mapping[str, Any]) -> Any:
    unknown = set(options) - adapter.options
    if unknown:
        raise RoomError(RoomReason.BAD_RULES, option=sorted(unknown)[0][:20])
    try:
        return adapter.rules(players, options)
    except RulesError as err:
        raise RoomError(RoomReason.BAD_RULES, cause=err.reason.value,
                        **_plain(err.params)) from None
    except (TypeError, ValueError):
        raise RoomError(RoomReason.BAD_RULES) from None


def _check_seat(seat: object, players: int) -> int:
    if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players):
        raise RoomError(RoomReason.BAD_SEAT, seat=str(seat)[:10])
    return seat


def _check_level(adapter: GameAdapter, level: object) -> str:
    if level not in adapter.levels:
        raise RoomError(RoomReason.BAD_LEVEL, level=str(level)[:20])
    return str(level)


def _plain(params: Mapping[str, Any]) -> dict[str, Any]:
    """Parameters as JSON can carry them (an engine's card may be an int or a str)."""
    return {k: v if isinstance(v, (int, str, bool, type(None))) else str(v)
            for k, v in params.items() if k not in ("cause", "reason")}
