"""A teacher's class on any :class:`~skipbo_widgets.rooms.store.Store`: made, joined,
the pupils' progress, the teacher's commands, and its end.

Thirty pupils write at once without ever overwriting each other: each writes only
their own record (``class:<CODE>:pupil:<id>``), with a compare-and-set on its
version. The teacher writes the orders record (``class:<CODE>:orders``), a list of
numbered commands the pupils' pages wait on. Who someone is is a secret token, kept
in their browser and in the store only as a hash: the teacher's secret is random
(``secrets``), not derived from the class code, and a pupil's token opens only that
pupil's record and the commands meant for them.

>>> import tempfile, pathlib
>>> from skipbo_widgets.rooms import open_store
>>> classes = Classes(open_store(f"sqlite:///{pathlib.Path(tempfile.mkdtemp())}/c.sqlite3"))
>>> opened = classes.create("4b")
>>> anna = classes.join(opened.code, "Anna")
>>> classes.join(opened.code, "ANNA").name
Traceback (most recent call last):
...
skipbo_widgets.classes.records.ClassError: class_name_taken(name='ANNA')
>>> _ = classes.step_done(opened.code, anna.token, ["SB-WILD"], mastered=True)
>>> [(row["name"], row["rules"]) for row in classes.view(opened.code, opened.secret).pupils]
[('Anna', {'SB-WILD': 'mastered'})]
>>> classes.view(opened.code, anna.token)
Traceback (most recent call last):
...
skipbo_widgets.classes.records.ClassError: class_not_teacher()
>>> seq = classes.command(opened.code, opened.secret, "lesson", game="skipbo", lesson=2)
>>> [o["kind"] for o in classes.orders(opened.code, anna.token, after=0).items]
['lesson']
>>> classes.end(opened.code, opened.secret) >= 3, classes.store.keys("class:")
(True, [])

A store that cannot be reached raises
:class:`~skipbo_widgets.rooms.store.StoreUnavailable`; nothing was half written
(each change is one compare-and-set), so the page retries.
"""

from __future__ import annotations

import hmac
import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..rooms.records import RETRIES, TOKEN_PATTERN, hash_token, new_code, new_token
from ..rooms.records import room_key as room_store_key
from ..rooms.store import Record, Store
from .records import (
    CLASS_FORMAT,
    CLASS_TTL,
    COMMANDS,
    FORMAT_VERSION,
    KEPT_ORDERS,
    MAX_DEALS,
    MAX_PUPILS,
    MAX_STUMBLED,
    PUPIL_FORMAT,
    ClassError,
    ClassReason,
    Joined,
    Opened,
    check_class_code,
    check_class_name,
    check_game,
    check_pupil_name,
    check_rules,
    check_step,
    check_where,
    class_prefix,
    meta_key,
    new_pupil,
    orders_key,
    parse,
    public_row,
    pupil_id,
    pupil_prefix,
)

#: A kernel touches the class's shared records at most this often for its pupils.
TOUCH_EVERY = 60.0


@dataclass(frozen=True)
class ClassView:
    """What the teacher's page shows: the class's name, one row per pupil (sorted by
    name), the orders' last number and who is paused; ``versions`` changes with any
    change of the class (a page redraws only then)."""

    code: str
    name: str
    pupils: list[dict[str, Any]]
    seq: int
    paused: list[str] | None
    versions: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Orders:
    """What a pupil's page is asked: the commands for this pupil after ``after``
    (oldest first), whether the page is paused, and the orders' version to wait on."""

    seq: int
    items: list[dict[str, Any]] = field(default_factory=list)
    paused: bool = False
    version: int = 0


class Classes:
    """Every class of one store; any number of kernels may each hold one on the same
    store. ``clock`` gives Unix time; ``ttl`` is how long a class lives after its last
    activity (tests pass short ones)."""

    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time,
                 ttl: float = CLASS_TTL) -> None:
        self.store = store
        self.clock = clock
        self.ttl = ttl
        self._touched: dict[str, float] = {}

    # -- the teacher ----------------------------------------------------------------

    def create(self, name: str = "") -> Opened:
        """A new class with a fresh code (never a live room's) and the teacher's secret."""
        name = check_class_name(name)
        secret = new_token()
        now = self.clock()
        meta = {"format": CLASS_FORMAT, "version": FORMAT_VERSION, "name": name,
                "teacher": hash_token(secret), "created": now}
        for _ in range(RETRIES):
            code = new_code()
            if self.store.get(room_store_key(code)) is not None:
                continue  # one code, one thing: a pupil typing it finds what they expect
            meta["code"] = code
            if self.store.create(meta_key(code), json.dumps(meta), self.ttl) is not None:
                orders = {"seq": 0, "items": [], "paused": None}
                self.store.create(orders_key(code), json.dumps(orders), self.ttl)
                return Opened(code, secret)
        raise RuntimeError("no free class code after many tries")

    def view(self, code: str, secret: str) -> ClassView:
        """The whole class, for its teacher only."""
        code = check_class_code(code)
        meta = self._teacher(code, secret)
        now = self.clock()
        versions: list[tuple[str, int]] = []
        pupils = []
        for key in self.store.keys(pupil_prefix(code)):
            record = self.store.get(key)
            if record is None:
                continue
            versions.append((key, record.version))
            pupils.append(public_row(key, parse(record, PUPIL_FORMAT), now))
        orders, version = self._orders(code)
        versions.append(("orders", version))
        pupils.sort(key=lambda row: (str(row["name"]).casefold(), row["id"]))
        return ClassView(code, str(meta["name"]), pupils, int(orders["seq"]),
                         orders["paused"], tuple(versions))

    def command(self, code: str, secret: str, kind: str, *,
                pupils: Sequence[str] | None = None,
                each: Mapping[str, Mapping[str, Any]] | None = None, **args: Any) -> int:
        """Tell the class (or ``pupils``, by id) to do ``kind``: ``lesson`` (``game``,
        ``lesson``: its number in that game's lessons, 1-based), ``deal`` (``query``:
        the class deal link's query), ``seat`` (``each``: per pupil, their room's code
        and token — only that pupil reads theirs), ``pause`` ("eyes on me"),
        ``release``. The new command's number."""
        code = check_class_code(code)
        self._teacher(code, secret)
        if kind not in COMMANDS:
            raise ClassError(ClassReason.BAD_COMMAND, kind=str(kind)[:20])
        to = None if pupils is None else sorted({str(p)[:40] for p in pupils})
        args = dict(args)
        if kind == "lesson":
            check_game(args.get("game"))
            if not isinstance(args.get("lesson"), int) or not 1 <= args["lesson"] <= 99:
                raise ClassError(ClassReason.BAD_COMMAND, kind=kind)
        if kind == "deal" and not (isinstance(args.get("query"), str)
                                   and len(args["query"]) <= 300):
            raise ClassError(ClassReason.BAD_COMMAND, kind=kind)
        box: list[int] = []

        def add(orders: dict[str, Any]) -> None:
            seq = int(orders["seq"]) + 1
            item: dict[str, Any] = {"seq": seq, "kind": kind, "to": to, "args": args,
                                    "at": self.clock()}
            if each is not None:
                item["each"] = {str(p): dict(v) for p, v in each.items()}
            if kind == "pause":
                orders["paused"] = to if to is not None else "all"
            elif kind == "release":
                orders["paused"] = None
            orders["items"] = [*orders["items"], item][-KEPT_ORDERS:]
            orders["seq"] = seq
            box[:] = [seq]

        self._update(orders_key(code), add)
        self.keep_alive(code)
        return box[0]

    def end(self, code: str, secret: str) -> int:
        """End the class: every record of it deleted from the store (the pupils' pages
        see it gone and go back to free play; a room they sit at goes on, it is the
        room's own). How many records were deleted."""
        code = check_class_code(code)
        self._teacher(code, secret)
        gone = 0
        # The orders last: a page waiting on them learns the end when all else is gone.
        keys = [k for k in self.store.keys(class_prefix(code)) if k != orders_key(code)]
        for key in [*keys, orders_key(code)]:
            gone += self.store.delete(key)
        self._forget_deleted()
        return gone

    def keep_alive(self, code: str) -> None:
        """The class is active: every record of it lives :data:`CLASS_TTL` from now
        (the teacher's page calls this now and then)."""
        for key in self.store.keys(class_prefix(code)):
            self.store.touch(key, self.ttl)
        self._touched[code] = self.clock()

    def sweep(self) -> int:
        """Forget expired records for good (SQLite keeps them, emptied of nothing, until
        swept; Redis drops them itself). How many rows were removed."""
        return self._forget_deleted()

    # -- the pupils -----------------------------------------------------------------

    def join(self, code: str, name: str) -> Joined:
        """A pupil joins with a first name; a name the class has (in any case) is refused
        with ``class_name_taken`` — the pupil adds a letter."""
        code = check_class_code(code)
        name = check_pupil_name(name)
        self._meta(code)
        if len(self.store.keys(pupil_prefix(code))) >= MAX_PUPILS:
            raise ClassError(ClassReason.FULL, max=MAX_PUPILS)
        pupil = pupil_id(name)
        token = f"{pupil}.{new_token()}"
        record = new_pupil(name, hash_token(token), self.clock())
        if self.store.create(pupil_prefix(code) + pupil, json.dumps(record), self.ttl) is None:
            raise ClassError(ClassReason.NAME_TAKEN, name=name)
        self._touch(code)
        return Joined(code, pupil, token, name)

    def me(self, code: str, token: str) -> dict[str, Any]:
        """What a pupil may see of themselves: first name, the class's name, progress."""
        code = check_class_code(code)
        key, _record, pupil = self._pupil(code, token)
        meta = self._meta(code)
        return {**public_row(key, pupil, self.clock()), "class_name": meta["name"]}

    def orders(self, code: str, token: str, *, after: int) -> Orders:
        """The teacher's commands for this pupil numbered above ``after``; a command
        meant for each pupil alone (a seat in a room) carries only this pupil's part."""
        code = check_class_code(code)
        key, _record, _pupil = self._pupil(code, token)
        me = key.rsplit(":", 1)[1]
        orders, version = self._orders(code)
        items = []
        for item in orders["items"]:
            if item["seq"] <= after or (item["to"] is not None and me not in item["to"]):
                continue
            mine = {k: v for k, v in item.items() if k != "each"}
            if "each" in item:
                if me not in item["each"]:
                    continue
                mine["args"] = {**item["args"], **item["each"][me]}
            items.append(mine)
        paused = orders["paused"]
        return Orders(int(orders["seq"]), items,
                      paused == "all" or (isinstance(paused, list) and me in paused),
                      version)

    def wait(self, code: str, version: int, timeout: float) -> bool:
        """Block until the class's orders change (or the class ends), up to ``timeout``."""
        return self.store.wait(orders_key(check_class_code(code)), version, timeout)

    def place(self, code: str, token: str, where: Mapping[str, Any]) -> int:
        """Where the pupil is now (see :func:`.records.check_where`); also says the page
        is there. The record's new version."""
        where = check_where(where)

        def moved(pupil: dict[str, Any]) -> None:
            if pupil["where"] != where:
                pupil["where"], pupil["since"] = where, self.clock()

        return self._report(code, token, moved)

    def seen(self, code: str, token: str) -> int:
        """The pupil's page is still there (it reports now and then)."""
        return self._report(code, token, lambda _pupil: None)

    def step_done(self, code: str, token: str, rules: Sequence[str], *,
                  mastered: bool, step: str | None = None) -> int:
        """A lesson step done: its rules taught, and mastered if done without a hint or a
        wrong try (mastered stays mastered). ``step``: the step's key; a step that needed a
        hint or a wrong try once (:meth:`tried` with its key) masters nothing when done
        again cleanly — "Start again" is practice, not a first try."""
        rules = check_rules(rules)
        step = check_step(step)

        def done(pupil: dict[str, Any]) -> None:
            clean = mastered and step not in pupil.get("stumbled", ())
            if not mastered:
                _stumbled(pupil, step)
            for rule in rules:
                if clean or pupil["rules"].get(rule) != "mastered":
                    pupil["rules"][rule] = "mastered" if clean else "taught"

        return self._report(code, token, done)

    def used_well(self, code: str, token: str, rules: Sequence[str]) -> int:
        """A game move that used these rules well: mastered."""
        return self.step_done(code, token, rules, mastered=True)

    def tried(self, code: str, token: str, *, hints: int = 0, wrong: int = 0,
              step: str | None = None) -> int:
        """Hints asked and wrong tries made (counted up); ``step``: the lesson step's key
        they were made at (it no longer masters, see :meth:`step_done`)."""
        hints, wrong = min(int(hints), 9), min(int(wrong), 9)
        if hints < 0 or wrong < 0:
            raise ClassError(ClassReason.BAD_REPORT, what="number")
        step = check_step(step)

        def count(pupil: dict[str, Any]) -> None:
            pupil["hints"] += hints
            pupil["wrong"] += wrong
            _stumbled(pupil, step)

        return self._report(code, token, count)

    def lesson_finished(self, code: str, token: str, game: str, lesson: str) -> int:
        """A whole lesson done (``lesson``: its id in ``game``'s lessons)."""
        game = check_game(game)
        if not isinstance(lesson, str) or not 0 < len(lesson) <= 40 or not lesson.isprintable():
            raise ClassError(ClassReason.BAD_REPORT, what="lesson")
        done = f"{game}/{lesson}"

        def finish(pupil: dict[str, Any]) -> None:
            if done not in pupil["lessons"]:
                pupil["lessons"] = [*pupil["lessons"], done]

        return self._report(code, token, finish)

    def game_over(self, code: str, token: str, game: str, *, won: bool,
                  deal: str | None = None) -> int:
        """A game played to its end, won or not. ``deal``: the deal's own key (a room's
        code and deal number): a deal already counted is not counted again (a reload)."""
        game = check_game(game)
        deal = check_step(deal, "deal")

        def over(pupil: dict[str, Any]) -> None:
            if deal is not None:
                counted = pupil.get("deals", [])
                if deal in counted:
                    return
                pupil["deals"] = [*counted, deal][-MAX_DEALS:]
            pupil["played"][game] = pupil["played"].get(game, 0) + 1
            if won:
                pupil["won"][game] = pupil["won"].get(game, 0) + 1

        return self._report(code, token, over)

    # -- the store under them ---------------------------------------------------------

    def _meta(self, code: str) -> dict[str, Any]:
        record = self.store.get(meta_key(code))
        if record is None:
            raise ClassError(ClassReason.NO_CLASS)
        return parse(record, CLASS_FORMAT)

    def _teacher(self, code: str, secret: object) -> dict[str, Any]:
        meta = self._meta(code)
        if not (isinstance(secret, str) and TOKEN_PATTERN.fullmatch(secret)
                and hmac.compare_digest(hash_token(secret), meta["teacher"])):
            raise ClassError(ClassReason.NOT_TEACHER)
        return meta

    def _orders(self, code: str) -> tuple[dict[str, Any], int]:
        record = self.store.get(orders_key(code))
        if record is None:
            raise ClassError(ClassReason.NO_CLASS)
        return json.loads(record.value), record.version

    def _pupil(self, code: str, token: object) -> tuple[str, Record, dict[str, Any]]:
        """The pupil whose token this is (one hash to compute, one record to read: the
        token names its pupil's key as ``<id>.<secret>``)."""
        if not isinstance(token, str) or "." not in token:
            raise ClassError(ClassReason.BAD_TOKEN)
        pupil, _, secret = token.partition(".")
        if not (len(pupil) == 20 and pupil.isalnum() and TOKEN_PATTERN.fullmatch(secret)):
            raise ClassError(ClassReason.BAD_TOKEN)
        key = pupil_prefix(code) + pupil
        record = self.store.get(key)
        if record is None:
            self._meta(code)  # the class itself gone: say that
            raise ClassError(ClassReason.BAD_TOKEN)
        found = parse(record, PUPIL_FORMAT)
        if not hmac.compare_digest(hash_token(token), found["token"]):
            raise ClassError(ClassReason.BAD_TOKEN)
        return key, record, found

    def _report(self, code: str, token: str, change: Callable[[dict[str, Any]], None]) -> int:
        code = check_class_code(code)
        for _ in range(RETRIES):
            key, record, pupil = self._pupil(code, token)
            change(pupil)
            pupil["seen"] = self.clock()
            version = self.store.put(key, json.dumps(pupil), record.version, self.ttl)
            if version is not None:
                self._touch(code)
                return version
        raise RuntimeError("a pupil's record kept changing under their own page")

    def _update(self, key: str, change: Callable[[dict[str, Any]], None]) -> int:
        for _ in range(RETRIES):
            record = self.store.get(key)
            if record is None:
                raise ClassError(ClassReason.NO_CLASS)
            value = json.loads(record.value)
            change(value)
            version = self.store.put(key, json.dumps(value), record.version, self.ttl)
            if version is not None:
                return version
        raise RuntimeError("the class's orders kept changing under the teacher")

    def _touch(self, code: str) -> None:
        """The class's shared records live on while its pupils are active (at most once
        a minute from this kernel)."""
        now = self.clock()
        if now - self._touched.get(code, -TOUCH_EVERY) >= TOUCH_EVERY:
            self.store.touch(meta_key(code), self.ttl)
            self.store.touch(orders_key(code), self.ttl)
            self._touched[code] = now

    def _forget_deleted(self) -> int:
        sweep = getattr(self.store, "sweep", None)  # SQLite keeps deleted rows as expired
        return int(sweep()) if sweep is not None else 0


def _stumbled(pupil: dict[str, Any], step: str | None) -> None:
    """Remember that the pupil needed a hint or a wrong try at lesson step ``step``."""
    stumbled = pupil.get("stumbled", [])
    if step is not None and step not in stumbled:
        pupil["stumbled"] = [*stumbled, step][-MAX_STUMBLED:]
