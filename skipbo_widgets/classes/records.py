"""What a class is made of in the store: its keys, its refusals (:class:`ClassReason`),
the checks of what a visitor sends, and a pupil's progress record. No store is
touched here: :mod:`.authority` does that.

Every key of a class begins with ``class:<CODE>:``, so that ending a class deletes
them all and a test can check that nothing is left::

    class:K7PXM:meta            the class's name, the teacher's secret (a hash), times
    class:K7PXM:orders          the teacher's commands, versioned; the pupils wait on it
    class:K7PXM:pupil:<id>      one record per pupil: first name, token (a hash), progress

A pupil's ``<id>`` is a hash of the first name folded to one case, so two pupils of one
name meet at one key: the store's create-if-absent refuses the second, without a
record every pupil writes to.

>>> pupil_id("Zoë") == pupil_id(" ZOË ".strip()), len(pupil_id("Anna"))
(True, 20)
>>> check_rules(["SB-WILD", "SJ-COLUMN"])
('SB-WILD', 'SJ-COLUMN')
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..core.errors import GameError
from ..games import GAMES
from ..rooms.records import RoomError, check_code, check_name
from ..rooms.store import Record
from ..skipbo.engine import rule_ids as skipbo_rules
from ..skyjo.engine import rule_ids as skyjo_rules

#: A class with no activity (a pupil's step, a command, the teacher's page open) for
#: this long is deleted by the store.
CLASS_TTL = 12 * 3600.0
#: A pupil whose page has not reported for this long is shown as away.
AWAY_AFTER = 60.0
MAX_PUPILS = 60
MAX_CLASS_NAME = 30
#: How many of the teacher's commands the orders record keeps (a page that was away
#: longer than that many commands only follows the last of each kind).
KEPT_ORDERS = 20
CLASS_FORMAT = "skipbo-widgets/class"
PUPIL_FORMAT = "skipbo-widgets/class-pupil"
FORMAT_VERSION = 1
#: The rule ids of each game, in the order of RULES.md: the columns of the class view.
RULES_BY_GAME: dict[str, tuple[str, ...]] = {
    "skipbo": skipbo_rules.ALL, "skyjo": skyjo_rules.ALL}
ALL_RULES = frozenset(r for rules in RULES_BY_GAME.values() for r in rules)
#: How many lesson steps that needed a hint or a wrong try a pupil's record remembers.
MAX_STUMBLED = 300
#: The keys of the last deals at rooms a pupil's record counted (a reload counts none twice).
MAX_DEALS = 50
#: What a teacher may ask of the class (:meth:`.Classes.command`).
COMMANDS = ("lesson", "deal", "seat", "pause", "release")
#: Where a pupil can be (a ``where`` record's ``screen``).
SCREENS = ("home", "lesson", "game", "room", "paused")


class ClassReason(str, Enum):
    """Why a class refused something; nothing changed."""

    BAD_CODE = "class_bad_code"          # not a code at all
    NO_CLASS = "class_not_found"         # a wrong code, or the class ended or expired
    BAD_NAME = "class_bad_name"          # problem: empty, too_long, not_printable, not_text
    NAME_TAKEN = "class_name_taken"      # name: add a letter
    FULL = "class_full"
    BAD_TOKEN = "class_bad_token"        # not this class's pupil (forged, or the class ended)
    NOT_TEACHER = "class_not_teacher"    # the teacher's secret is wrong
    BAD_COMMAND = "class_bad_command"
    BAD_REPORT = "class_bad_report"      # a pupil's page sent what is no progress


class ClassError(GameError):
    """A refusal of a class: ``reason`` (:class:`ClassReason`) and its parameters."""


@dataclass(frozen=True)
class Opened:
    """A class made: its code for the pupils, and the teacher's secret (kept in the
    teacher's browser; the store keeps only its hash)."""

    code: str
    secret: str


@dataclass(frozen=True)
class Joined:
    """A pupil in a class: keep ``pupil`` and ``token`` (the browser keeps them)."""

    code: str
    pupil: str
    token: str
    name: str


def meta_key(code: str) -> str:
    return f"class:{code}:meta"


def orders_key(code: str) -> str:
    return f"class:{code}:orders"


def pupil_prefix(code: str) -> str:
    return f"class:{code}:pupil:"


def class_prefix(code: str) -> str:
    return f"class:{code}:"


def pupil_id(name: str) -> str:
    """The key part of a first name: the same for two spellings a class would confuse."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return hashlib.sha256(b"class-pupil:" + folded.encode()).hexdigest()[:20]


def check_class_code(code: object) -> str:
    """A class code in capitals (a room code's alphabet and length), or ``class_bad_code``."""
    try:
        return check_code(code)
    except RoomError:
        raise ClassError(ClassReason.BAD_CODE) from None


def check_pupil_name(name: object) -> str:
    """A first name as shown: the rooms' own check (1 to 20 printable characters)."""
    try:
        return check_name(name)
    except RoomError as err:
        raise ClassError(ClassReason.BAD_NAME, **err.params) from None


def check_class_name(name: object) -> str:
    """The class's own name (``4b``), shown discreetly on the pupils' pages; may be empty."""
    if not isinstance(name, str):
        raise ClassError(ClassReason.BAD_NAME, problem="not_text")
    name = name.strip()
    if len(name) > MAX_CLASS_NAME:
        raise ClassError(ClassReason.BAD_NAME, problem="too_long", max=MAX_CLASS_NAME)
    if not name.isprintable():
        raise ClassError(ClassReason.BAD_NAME, problem="not_printable")
    return name


def check_rules(rules: Iterable[object]) -> tuple[str, ...]:
    """Known rule ids of either game, or ``class_bad_report``."""
    rules = tuple(rules)
    if not rules or len(rules) > 10 or not all(r in ALL_RULES for r in rules):
        raise ClassError(ClassReason.BAD_REPORT, what="rules")
    return tuple(str(r) for r in rules)


def check_step(step: object, what: str = "step") -> str | None:
    """A lesson step's key (``tut.wild.wild``), or a room's deal's key (``what="deal"``),
    or ``None``; else ``class_bad_report``."""
    if step is None:
        return None
    if not isinstance(step, str) or not 0 < len(step) <= 80 or not step.isprintable():
        raise ClassError(ClassReason.BAD_REPORT, what=what)
    return step


def check_game(game: object) -> str:
    if not isinstance(game, str) or game not in GAMES:
        raise ClassError(ClassReason.BAD_REPORT, what="game")
    return game


def _small_int(value: object, top: int = 999) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
        raise ClassError(ClassReason.BAD_REPORT, what="number")
    return value


def check_where(where: Mapping[str, Any]) -> dict[str, Any]:
    """Where a pupil is, as the class view shows it: ``{"screen": "home"}``,
    ``{"screen": "lesson", "game", "lesson", "step"}`` (1-based),
    ``{"screen": "game", "game", "players"}``, ``{"screen": "room", "game", "room",
    "with": [first names], "computer": seats the computer plays}``,
    ``{"screen": "paused"}``."""
    screen = where.get("screen") if isinstance(where, Mapping) else None
    if screen not in SCREENS:
        raise ClassError(ClassReason.BAD_REPORT, what="where")
    out: dict[str, Any] = {"screen": screen}
    if screen in ("lesson", "game", "room"):
        out["game"] = check_game(where.get("game"))
    if screen == "lesson":
        out["lesson"] = _small_int(where.get("lesson"))
        out["step"] = _small_int(where.get("step"))
    if screen == "game":
        out["players"] = _small_int(where.get("players"), 8)
    if screen == "room":
        out["room"] = check_class_code(where.get("room"))
        others = where.get("with", [])
        if not isinstance(others, list) or len(others) > 8:
            raise ClassError(ClassReason.BAD_REPORT, what="with")
        try:
            out["with"] = [check_pupil_name(n) for n in others]
        except ClassError:
            raise ClassError(ClassReason.BAD_REPORT, what="with") from None
        out["computer"] = _small_int(where.get("computer", 0), 8)
    return out


def new_pupil(name: str, token_hash: str, now: float) -> dict[str, Any]:
    """A pupil's record as they join: nothing taught yet, on the home screen."""
    return {
        "format": PUPIL_FORMAT, "version": FORMAT_VERSION, "name": name, "token": token_hash,
        "joined": now, "seen": now, "where": {"screen": "home"}, "since": now,
        "rules": {}, "hints": 0, "wrong": 0, "lessons": [], "played": {}, "won": {},
        "stumbled": [], "deals": [],
    }


def parse(record: Record, form: str) -> dict[str, Any]:
    """A stored class record of format ``form``; ``class_not_found`` if it is not one."""
    try:
        value = json.loads(record.value)
    except ValueError:
        raise ClassError(ClassReason.NO_CLASS) from None
    if not (isinstance(value, dict) and value.get("format") == form
            and value.get("version") == FORMAT_VERSION):
        raise ClassError(ClassReason.NO_CLASS)
    return value


def public_row(pupil_key: str, pupil: Mapping[str, Any], now: float) -> dict[str, Any]:
    """A pupil's row of the class view: everything but the token's hash."""
    row = {k: v for k, v in pupil.items()
           if k not in ("token", "format", "version", "stumbled", "deals")}
    row["id"] = pupil_key.rsplit(":", 1)[1]
    row["away"] = now - float(pupil["seen"]) > AWAY_AFTER
    return row
