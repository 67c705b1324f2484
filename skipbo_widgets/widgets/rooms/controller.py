"""A seat of a room on the table: the one table controller, fed by the room.

:class:`RoomController` is the app's :class:`~..table.controller.TableController` with
the room as its game. It never holds the room's state: it draws the table from its
seat's observation (:meth:`~skipbo_widgets.rooms.Rooms.observe`), checks a click on a
stand-in made from that observation alone (:mod:`skipbo_widgets.rooms.seat_games`), and
sends the move to :meth:`~skipbo_widgets.rooms.Rooms.move`, which decides. Other
seats' moves arrive by :meth:`RoomController.sync` (the room's version changed);
:meth:`RoomController.watch` is the kernel's asyncio task that waits for a change
(:meth:`~skipbo_widgets.rooms.Rooms.wait` in a thread), lets the bots move at a pace,
and says the page is there (:meth:`~skipbo_widgets.rooms.Rooms.enter`). Undo is off.

A store that cannot be reached (Redis stopped) is said on the table; the last view
stays, and the controller retries: a move under way as the store went is sent again
with the same move id, so it is applied once. A click made once the table is known to
be unreachable is not kept for later (the table may have changed by then): the line
says at once that the move was not made, and why.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import Callable
from typing import Any

from ...core.errors import GameError
from ...i18n import t
from ...rooms.authority import RoomError, RoomReason, Rooms
from ...rooms.seat_games import SEAT_GAMES
from ...rooms.seen_moves import SEEN_MOVES
from ...rooms.store import StoreUnavailable
from ..registry import game_ui
from ..table.controller import TableController
from ..table.play import play_in
from ..table.table_game import TableWidget
from .messages import error_text, refusal_text

#: How long one wait for a change lasts before the page says it is there again.
WAIT = 5.0
#: How often a page says it is there (the room's ``away_after`` is 60 s by default).
HEARTBEAT = 10.0
#: A bot's move at a pace a person can follow (seconds between two).
BOT_PACE = 0.7
#: How long to wait before asking an unreachable store again.
RETRY = 1.0


def room_names(room: dict[str, Any], lang: str) -> list[str]:
    """Every seat's name as the page shows it: "You" for the page's own."""
    return [t("player.you", lang) if s["seat"] == room["seat"] else str(s["name"] or "…")
            for s in room["seats"]]


class RoomController(TableController):
    """The table of one seat of a room (``token``'s); ``client`` names the browser."""

    def __init__(self, rooms: Rooms, code: str, token: str, *, client: str,
                 lang: str = "en", table: TableWidget | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rooms, self.code, self.token, self.client = rooms, code, token, client
        self.clock = clock
        #: The room as the seat last saw it (:meth:`Rooms.observe`): its public part and
        #: the seat's own view; kept while the store cannot be reached.
        self.room = rooms.observe(code, token)
        if self.room["seat"] is None:
            raise RoomError(RoomReason.NOT_A_PERSON)
        ui = game_ui(self.room["game"])
        self.scores = RoomScores(self.room["totals"])
        #: The game's screen object (hints, reviews, log) for the room's deals as a match.
        self.play = play_in(ui.play, self.scores, whole=True)
        self.seat_game = SEAT_GAMES[self.room["game"]]
        self.obs: Any = None
        #: The store could not be reached at the last try.
        self.offline = False
        #: A click came while the store could not be reached (the line says it was not made).
        self.clicked_offline = False
        #: A move sent while the store could not be reached: (text, move id, version).
        self.pending: tuple[str, str, int] | None = None
        #: The other seats' moves as this seat saw them (:mod:`.seen_moves`), this deal.
        self.seen_events: list[Any] = []
        #: Moves this seat missed this deal (a gap: the page was away or busy), each as
        #: (how many sentences were said before it, how many moves).
        self.missed: list[tuple[int, int]] = []
        #: How often ``seen_events`` changed, and what the log was last rebuilt for.
        self._seen_changes = 0
        self._seen_key: tuple[object, ...] = ()
        self._seen_log: Any = None
        self._listeners_room: list[Callable[[], None]] = []
        self._seen = -HEARTBEAT
        self._bot_due = 0.0
        self.closed = False
        self._load(self.room)
        super().__init__(self.game, seat=self.room["seat"], lang=lang,
                         names=room_names(self.room, lang), kind=ui.table, table=table)

    # -- the room -------------------------------------------------------------------

    @property
    def version(self) -> int:
        return int(self.room["version"])

    @property
    def phase(self) -> str:
        return str(self.room["phase"])

    def _load(self, room: dict[str, Any]) -> None:
        self.room = room
        if room["phase"] == "playing":
            self.scores.scores = list(room["totals"])
        view = room["view"]
        self.obs = None if view is None else self.seat_game.observation(view)
        stand_in = None if self.obs is None else self.seat_game.stand_in(self.obs)
        # Clicks are checked on the stand-in; without one (the deal over) the room decides.
        self.game = stand_in if stand_in is not None else _RoomDecides()
        if self._seen_log is None and stand_in is not None:
            # The game's own move log, its lines said to this seat; fed the seen events.
            self._seen_log = self.play.new_log(stand_in, lang="en", names=[])
            self._seen_log.me = room["seat"]

    def on_room(self, listener: Callable[[], None]) -> None:
        """Call ``listener()`` when the room changed (a move, a seat, a new deal, the store
        lost or found again)."""
        self._listeners_room.append(listener)

    def _room_changed(self) -> None:
        self.names = room_names(self.room, self.lang)
        self._changed([])
        for listener in self._listeners_room:
            listener()

    def sync(self, room: dict[str, Any] | None = None) -> bool:
        """Read the room again (or take ``room``, the seat's observation the caller has
        just read); True if it changed (then the table is drawn anew)."""
        try:
            if self.pending is not None:
                self._send_pending()
                room = None  # read after the move
            if room is None:
                room = self.rooms.observe(self.code, self.token)
        except StoreUnavailable:
            self._lost()
            return False
        came_back = self.offline
        self.offline = self.clicked_offline = False
        if room["version"] == self.version and room["seats"] == self.room["seats"] \
                and not came_back:
            return False
        before, version, deal = self.obs, self.version, self.room["deal"]
        moves = int(self.room["moves"])
        self._load(room)
        self._note_seen(before, version, deal, moves)
        self._note_review(before)
        self._room_changed()
        return True

    def _note_seen(self, before: Any, version: int, deal: int, moves: int) -> None:
        """Another seat moved (the room's next version): its move's events, rebuilt from
        this seat's views before and after it. After a gap (versions missed while the
        page was away or busy) there is nothing sure to say of each move: how many moves
        it missed is said instead."""
        if self.room["deal"] != deal:
            self.seen_events, self.missed = [], []
            self._seen_changes += 1
        elif self.version > version + 1 and before is not None:
            missed = int(self.room["moves"]) - moves
            if missed > 0:
                self.missed.append((len(self.others_lines()), missed))
                self._seen_changes += 1
        last = self.room["last"]
        if (last is None or last["seat"] == self.seat or before is None or self.obs is None
                or self.version != version + 1 or before == self.obs):
            return
        # A view the rebuild does not fit says nothing rather than something wrong.
        with contextlib.suppress(GameError, IndexError, ValueError, StopIteration):
            self.seen_events += SEEN_MOVES[self.room["game"]](before, self.obs, last["seat"],
                                                              last["move"])
            self._seen_changes += 1

    def seen_lines(self, count: int = 3) -> list[str]:
        """The last ``count`` sentences about the other seats' moves this deal, in the
        game's own words and the page's language."""
        return self.others_lines()[-count:]

    def others_lines(self) -> list[str]:
        """Every sentence about the other seats' moves this deal (:meth:`seen_lines`)."""
        log = self._seen_log
        if log is None:
            return []
        # Rebuilt only when the moves, the language or the names changed: a table redraws
        # far more often than another seat moves.
        key = (self._seen_changes, self.lang, tuple(self.names))
        if key != self._seen_key:
            log.lang, log.names = self.lang, list(self.names)
            log.rebuild(self.seen_events)
            self._seen_key = key
        lines = [line.text for line in log.lines if line.seat != self.seat]
        for at, count in self.missed:  # each counted the notes before it
            lines.insert(at, self.tr("room.missed_moves", count=count))
        return lines

    def _lost(self) -> None:
        if not self.offline:
            self.offline = True
            self.refresh()
            for listener in self._listeners_room:
                listener()

    # -- reading ------------------------------------------------------------------------

    @property
    def my_turn(self) -> bool:
        mine = self.room["seats"][self.seat]
        return (self.obs is not None and self.phase == "playing" and mine["bot"] is None
                and self.obs.current == self.seat and bool(self.obs.legal_moves))

    @property
    def interactive(self) -> bool:
        return self.my_turn and not self.offline and self.pending is None

    @property
    def bots_to_move(self) -> bool:
        current = self.room["current"]
        return (self.phase == "playing" and current is not None
                and self.room["seats"][current]["bot"] is not None)

    def observation(self) -> Any:
        return self.obs

    def status(self) -> tuple[str, str]:
        if self.offline:
            return self.tr("room.offline_click" if self.clicked_offline else "room.offline"), \
                "error"
        return super().status()

    def _wait_message(self) -> str:
        if self.phase == "over":
            return self.tr("room.deal_over")
        current = self.room["current"]
        return self.tr("ui.player_turn", player=current, names=self.names)

    def idle(self) -> None:
        """A click while the seat cannot move; while the store cannot be reached: this
        move was not made (nothing is kept to send later), said at once."""
        if self.offline:
            self.clicked_offline = True
            self.refresh()
        else:
            super().idle()

    def refresh(self) -> None:
        if self.obs is not None:  # a seat has a view from the start of the game on
            super().refresh()

    # -- acting ---------------------------------------------------------------------------

    def move(self, text: str) -> bool:
        """Send the seat's move to the room; the room's answer is said if it refuses."""
        if not self.interactive:
            if self.pending is not None and not self.offline:
                self.refresh()
            else:
                self.idle()
            return False
        move = self.checked(text)
        if move is None:
            return False
        self.turn_moves.append((self.obs, move))
        self.pending = (str(move), secrets.token_hex(8), self.version)
        try:
            refused = self._send_pending()
        except StoreUnavailable:
            self._lost()
            return False
        if refused is not None:
            self.turn_moves.pop()
        self.sync()
        if refused is not None:
            self.tell(refused, "error")
        return refused is None

    def _send_pending(self) -> Callable[[], str] | None:
        """Send the move in hand (again, with its id, after a lost connection); how to say
        its refusal, or ``None`` when it was made."""
        assert self.pending is not None
        text, move_id, version = self.pending
        moved = self.rooms.move(self.code, self.token, text, version, move_id=move_id)
        self.pending = None
        if not moved.refused:
            return None
        reason, params = moved.reason or "", dict(moved.params or {})
        if params.get("seat") == self.seat:  # this seat's own other page was quicker
            params.pop("by", None)
        return lambda: refusal_text(reason, params, self.lang, names=self.names,
                                    reasons=self.seat_game.reasons)

    def _note_review(self, before: Any) -> None:
        """The seat's turn ended (its moves, each with the view before it): for the review."""
        if not self.turn_moves or self.obs is None:
            return
        if self.obs.current != self.seat or self.phase != "playing" or before is None:
            self.finished_turn, self.turn_moves = self.turn_moves, []

    def explain(self, err: GameError, move: Any | None = None) -> str:
        if isinstance(err, RoomError):
            return error_text(err, self.lang, names=self.names, reasons=self.seat_game.reasons)
        return super().explain(err, move)

    def step_bot(self) -> bool:
        """One bot move of the room (any page's kernel may make it; the room decides)."""
        try:
            moved = self.rooms.step_bot(self.code)
        except StoreUnavailable:
            self._lost()
            return False
        self.sync()
        return moved is not None

    def run_bots(self) -> int:
        moves = 0
        while self.bots_to_move and self.step_bot():
            moves += 1
        return moves

    def can_undo(self) -> bool:
        return False

    def undo_refusal(self) -> str | None:
        return "room.no_undo"

    def undo(self) -> bool:
        self.say("room.no_undo")
        return False

    def _note_turn_start(self) -> None:
        """No undo in a room: no turn starts to remember."""

    def enter(self) -> None:
        """Say the page is there (on opening, then as a heartbeat)."""
        self.rooms.enter(self.code, self.token, self.client)
        self._seen = self.clock()

    # -- the kernel's task ------------------------------------------------------------------

    def tick(self, *, read: bool = True) -> None:
        """What the waiting task does after each wait: read the room (unless ``read`` is
        false: this page already holds the change it waited for, its own move), say the
        page is there when it is time, and let a bot move when it is a bot's turn and its
        pace allows (headless tests call this instead of :meth:`watch`)."""
        try:
            if self.clock() - self._seen >= HEARTBEAT:
                self.enter()
        except StoreUnavailable:
            self._lost()
            return
        except RoomError:
            pass  # another browser holds the seat: the room screen says so on its own
        if read:
            self.sync()
        if self.bots_to_move and not self.offline and self.clock() >= self._bot_due:
            self._bot_due = self.clock() + BOT_PACE
            self.step_bot()

    async def watch(self, *, pace: float = BOT_PACE) -> None:
        """Until :meth:`close`: wait for the room to change (in a thread, so the kernel
        stays free), then :meth:`tick`."""
        loop = asyncio.get_running_loop()
        while not self.closed:
            waited = self.version
            if self.offline:
                await asyncio.sleep(RETRY)
            elif self.bots_to_move:
                await asyncio.sleep(pace)
            else:
                try:
                    await loop.run_in_executor(None, self.rooms.wait, self.code, waited,
                                               WAIT)
                except StoreUnavailable:
                    self._lost()
                    continue
                except RoomError:
                    self.closed = True
                    break
            if not self.closed:
                # A move of this page's own ended the wait: the page read the room after it.
                self.tick(read=self.version == waited)

    def close(self) -> None:
        self.closed = True


class RoomScores:
    """The room's deals as the game's screen object reads a match
    (:class:`~..table.play.PlaysInMatch`): each seat's total before the deal on the table.
    The room adds a deal's points when it ends, so the totals read while it was played
    are kept (a turn's review is written after the round's last move)."""

    #: The deal on the table is not scored in ``scores``.
    scored = False

    def __init__(self, totals: list[int]) -> None:
        self.scores = list(totals)


class _RoomDecides:
    """A stand-in that checks nothing: the room's own answer says why a move is refused."""

    def verify_move(self, move: Any, by: int | None = None) -> None:
        """Every move goes to the room."""
