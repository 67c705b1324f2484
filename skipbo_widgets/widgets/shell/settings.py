"""New-game settings and the session save (settings + the match in progress), for any game.

Pure Python: the setup form fills one game's :class:`Settings` (each game's own,
in ``widgets/<game>/settings.py``, listed in :mod:`..registry`); the app keeps the
session in the browser and in files with :func:`dumps_session`, and reads it
back with :func:`loads_session`, which validates everything like the engines'
own save files (through the same parser, with the same limits). :func:`open_any`
opens a session, or a match or game (round) file of any game.

>>> from skipbo_widgets.widgets.registry import game_ui
>>> s = game_ui("skipbo").settings(players=3, levels=("beginner", "strong"), seed="42")
>>> back, match = loads_session(dumps_session(s, s.new_match()))
>>> back == s, match.rules.players
(True, 3)
>>> sj = game_ui("skyjo").settings(players=8, levels=("strong",) * 7, doubling="positive")
>>> back, match = loads_session(dumps_session(sj, sj.new_match()))
>>> back == sj, type(match.game).__name__
(True, 'Round')
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, fields
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias, TypeVar
from urllib.parse import urlencode

from ...core.errors import GameError, RulesError, SaveError
from ...core.errors import SaveReason as Reason
from ...core.jsonfile import MAX_BYTES, MAX_DEPTH, check_header, parse_json
from ...core.savefile import is_int, is_seed
from ...games import BOT_NAMES as BOT_NAMES  # where the browser tests find them
from ...games import GameKind
from ..registry import default_game, game_ui, game_uis

SESSION_FORMAT = "skipbo-widgets/session"
SESSION_VERSION = 1
#: The largest file the app reads (UTF-8 bytes), as every engine's save files.
MAX_SAVE_SIZE = MAX_BYTES
MAX_SEED = 20
#: The longest name of a person at a hot-seat table.
MAX_NAME = 20
#: Any game's match (each game's own class).
AnyMatch: TypeAlias = Any

_S = TypeVar("_S", bound="Settings")


class Settings:
    """One game's new-game settings: a frozen dataclass with these fields, each game's
    own in ``widgets/<game>/settings.py``; what all games do alike is here."""

    players: int
    levels: tuple[str, ...]
    seed: str
    match: bool
    practice: bool
    hints: bool
    #: Hot seat: the names of the people taking turns at one screen, in seats 0, 1, …,
    #: the bots (``levels``) after them; empty for one learner (seat 0) against bots.
    people: tuple[str, ...] = ()
    kind: ClassVar[GameKind]
    #: The yes/no fields, checked to be booleans.
    switches: ClassVar[tuple[str, ...]]
    #: The game's reason codes (its engine's ``Reason``: ``SAVE_BAD_FIELD``, ``BAD_SEED``).
    reasons: ClassVar[Any]

    if TYPE_CHECKING:  # each game's dataclass makes its own from its fields
        def __init__(self, **fields: Any) -> None: ...

    def __post_init__(self) -> None:
        _check(self, self.switches)

    def rules(self) -> Any:
        """The game's rules object (a ``RulesError`` if they cannot be played)."""
        raise NotImplementedError

    def new_match(self) -> Any:
        """A fresh match (one game or round, or a whole match) of these settings."""
        raise NotImplementedError

    def query_params(self) -> dict[str, str]:
        """The class link's parameters of the rules that change the cards."""
        raise NotImplementedError

    @classmethod
    def from_query(cls: type[_S], one: Callable[[str, str], str],
                   number: Callable[[str, str], int | str], deal: str) -> _S:
        """The settings of a class link (``one(name, default)``: a parameter's text,
        ``number``: a number's), one game against medium computer players."""
        raise NotImplementedError

    @staticmethod
    def dump_match(match: Any) -> dict[str, Any]:
        """The match as its save file's object."""
        raise NotImplementedError

    def load_match(self, d: Any) -> Any:
        """The match of a session's ``match`` object (``SaveError`` if it is none)."""
        raise NotImplementedError

    @classmethod
    def open_file(cls, d: dict[str, Any], kind: str) -> tuple[Settings, Any]:
        """Settings and match of one of the game's own files (format ``kind``, one of its
        ``kind.save_formats``)."""
        raise NotImplementedError

    @staticmethod
    def deals(game: Any) -> list[Callable[[], Any]]:
        """The fresh deals ``game`` may have started from."""
        raise NotImplementedError

    def match_seed(self) -> int | str | None:
        """The deal number: the same number gives every learner the same deal."""
        text = self.seed.strip()
        if not text:
            return None
        return int(text) if text.isdigit() else text

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)  # type: ignore[call-overload]
        d["levels"] = list(self.levels)
        if d.get("people"):
            d["people"] = list(self.people)
        else:  # as sessions were saved before hot seat
            d.pop("people", None)
        return d  # type: ignore[no-any-return]

    @classmethod
    def from_dict(cls: type[_S], d: Any) -> _S:
        bad_field = cls.reasons.SAVE_BAD_FIELD
        names = {f.name for f in fields(cls)}  # type: ignore[arg-type]
        if not isinstance(d, dict) or set(d) - names:
            raise SaveError(bad_field, field="settings")
        levels = d.get("levels", ["medium"])
        if not isinstance(levels, list) or not all(isinstance(lv, str) for lv in levels):
            raise SaveError(bad_field, field="settings.levels")
        people = d.get("people", [])
        if not isinstance(people, list):
            raise SaveError(bad_field, field="settings.people")
        if people:
            d = {**d, "people": tuple(people)}
        try:
            return cls(**{**d, "levels": tuple(levels)})
        except (RulesError, TypeError) as err:  # any game's (the core's) RulesError
            reason = err.reason.value if isinstance(err, RulesError) else "type"
            raise SaveError(bad_field, field="settings", problem=reason) from None


def _check(s: Settings, flags: tuple[str, ...]) -> None:
    """What every game's settings check: seats, bots, the deal number, the switches;
    then the rules (a RulesError says what cannot be played, e.g. deck_too_small)."""
    bad_field = s.reasons.SAVE_BAD_FIELD
    if not is_int(s.players) or s.players not in s.kind.players:
        raise SaveError(bad_field, field="settings.players")
    people = s.people
    if not isinstance(people, tuple) or len(people) == 1 or len(people) > s.players \
            or not all(is_name(name) for name in people) \
            or (people and s.practice):  # practice would take back other people's turns
        raise SaveError(bad_field, field="settings.people")
    if len(s.levels) != s.players - max(1, len(people)) \
            or any(lv not in s.kind.bot_levels for lv in s.levels):
        raise SaveError(bad_field, field="settings.levels")
    if not isinstance(s.seed, str):
        raise SaveError(bad_field, field="settings.seed")
    if not is_seed(s.seed, MAX_SEED):  # e.g. a lone surrogate from the page
        raise RulesError(s.reasons.BAD_SEED, max=MAX_SEED)
    for name in flags:
        if not isinstance(getattr(s, name), bool):
            raise SaveError(bad_field, field=f"settings.{name}")
    s.rules()


def is_name(name: object) -> bool:
    """A person's name at a hot-seat table: a short text with a letter or digit in it,
    without control characters (it is shown on the table and in every sentence).

    >>> is_name("Emma"), is_name(" "), is_name("x" * 21), is_name("A\\nB")
    (True, False, False, False)
    """
    return (isinstance(name, str) and 0 < len(name) <= MAX_NAME and name == name.strip()
            and any(c.isalnum() for c in name) and name.isprintable()
            and is_seed(name, MAX_NAME))


def deal_query(settings: Settings, lang: str) -> str:
    """The query of a class link: what makes the deal (its number, the players and the
    rules that change the cards: Skip-Bo's stock size, teams, faces; Skyjo's doubling),
    so that every pupil who opens it gets the same cards.

    >>> from skipbo_widgets.widgets.registry import game_ui
    >>> skipbo, skyjo = game_ui("skipbo").settings, game_ui("skyjo").settings
    >>> deal_query(skipbo(players=3, levels=("medium", "strong"), seed="123"), "fr")
    'lang=fr&game=skipbo&deal=123&players=3'
    >>> deal_query(skyjo(players=5, levels=("medium",) * 4, seed="9"), "de")
    'lang=de&game=skyjo&deal=9&players=5'
    """
    params = {"lang": lang, "game": settings.kind.id, "deal": settings.seed.strip(),
              "players": str(settings.players)}
    return urlencode({**params, **settings.query_params()})


class LinkReason(str, Enum):
    """Why a class link was refused before its rules were read."""

    #: A value that is not short printable text (a lone surrogate, a control character,
    #: more than 20 characters): said without repeating it.
    BAD_VALUE = "link_bad_value"


def game_from_query(query: Mapping[str, Sequence[str]]) -> str | None:
    """The game a link names (``?game=skyjo``), ``None`` for none or one the app lacks.

    >>> game_from_query({"game": [" Skyjo "]}), game_from_query({"game": ["uno"]})
    ('skyjo', None)
    """
    found = (query.get("game") or [""])[0].strip().lower()
    return found if found in game_uis() else None


def settings_from_query(query: Mapping[str, Sequence[str]]) -> Settings | None:
    """The settings a class link asks for (``None`` when it names no deal or a game the app
    does not have); a link that cannot be played raises :class:`RulesError` with the reason.
    The deal is one game (one Skyjo round) against medium computer players; a link
    without ``game`` is the first game's (Skip-Bo's, as links were before Skyjo came).

    >>> settings_from_query({"deal": ["123"], "players": ["3"]}).match_seed()
    123
    >>> settings_from_query({"game": ["skyjo"], "deal": ["7"], "players": ["8"]}).rules()
    Rules(players=8, doubling='always')
    >>> settings_from_query({"lang": ["fr"]}) is None
    True
    """
    def one(name: str, default: str) -> str:
        text = (query.get(name) or [default])[0].strip()
        if name != "deal" and not (text.isprintable() and len(text) <= MAX_SEED):
            # Never echoed: a lone surrogate could not even be sent to the page.
            raise RulesError(LinkReason.BAD_VALUE, field=name)
        return text

    def number(name: str, default: str) -> int | str:
        text = one(name, default)
        return int(text) if text.isdigit() and len(text) <= 3 else text[:MAX_SEED]  # refused

    deal = one("deal", "")
    game = game_from_query(query) if "game" in query else default_game()
    if not deal or game is None:
        return None
    # The rules first: their refusal says what is wrong with the link ("2 to 6 players, not 9").
    return game_ui(game).settings.from_query(one, number, deal)


def dumps_session(settings: Settings, match: AnyMatch) -> str:
    """The whole session as JSON: what to restore after a reload.

    Besides the position, ``moves`` lists the current game's moves since its
    deal (as far as this game object saw them), so that a reload can rebuild
    the game with its history and the move log is not lost. A session says which
    game it is (``"game": "skyjo"``), except the first game's: a session without
    ``game`` is Skip-Bo's (as every session kept before Skyjo came).
    """
    head: dict[str, Any] = {"format": SESSION_FORMAT, "version": SESSION_VERSION}
    if settings.kind.id != default_game():
        head["game"] = settings.kind.id
    return json.dumps({
        **head,
        "settings": settings.to_dict(),
        "match": settings.dump_match(match),
        "moves": [str(m) for m in match.game.move_stack],
    }, separators=(",", ":"))


def loads_session(data: str | bytes) -> tuple[Settings, AnyMatch]:
    """Inverse of :func:`dumps_session`; any bad input raises :class:`SaveError`."""
    d = parse_json(data, max_bytes=MAX_SAVE_SIZE, max_depth=MAX_DEPTH)
    check_header(d, [SESSION_FORMAT], SESSION_VERSION)
    return _session_from_dict(d)


def open_any(data: str | bytes) -> tuple[Settings, AnyMatch]:
    """Settings and match from any file the docs describe: a session, or any game's
    match or game (Skyjo: round) file (each version 1 like the session).

    A game or match file says nothing about the computer players: they play at
    the ``medium`` level. The learner sits in seat 0, as in every game of the app.

    >>> from skipbo_widgets.skipbo.engine import Game, Rules
    >>> from skipbo_widgets.skipbo.engine.save import dumps_game
    >>> settings, match = open_any(dumps_game(Game.new(Rules(players=3), seed=1)))
    >>> settings.levels, settings.match, match.game.seed
    (('medium', 'medium'), False, 1)
    >>> from skipbo_widgets.skyjo import engine as skyjo
    >>> settings, match = open_any(skyjo.dumps_round(skyjo.Round.new(seed=4)))
    >>> settings.kind.id, settings.match, match.game.seed
    ('skyjo', False, 4)
    """
    d = parse_json(data, max_bytes=MAX_SAVE_SIZE, max_depth=MAX_DEPTH)
    readers = {name: ui.settings for ui in game_uis().values() for name in ui.kind.save_formats}
    kind = check_header(d, [SESSION_FORMAT, *readers], SESSION_VERSION)
    if kind == SESSION_FORMAT:
        return _session_from_dict(d)
    return readers[kind].open_file(d, kind)


def deal_number(seed: int | str) -> str:
    """A match's seed as the settings' deal number (none if it is too long to be one)."""
    text = str(seed)
    return text if len(text) <= MAX_SEED else ""


def _session_from_dict(d: dict[str, Any]) -> tuple[Settings, AnyMatch]:
    required = {"format", "version", "settings", "match"}
    if not required <= set(d) <= required | {"moves", "game"}:
        raise SaveError(Reason.BAD_FIELD, field="session")
    game = d.get("game", default_game())
    if not isinstance(game, str) or game not in game_uis():
        raise SaveError(Reason.BAD_FIELD, field="game", problem="value")
    settings = game_ui(game).settings.from_dict(d["settings"])
    match = settings.load_match(d["match"])
    if match.rules != settings.rules():
        raise SaveError(settings.reasons.SAVE_INCONSISTENT, what="settings")
    moves = d.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise SaveError(settings.reasons.SAVE_BAD_FIELD, field="moves")
    # Even with no moves: a fresh deal brings back the deal's events for the move log.
    replayed = replay(match.game, moves, settings.deals(match.game))
    if replayed is not None:
        match.game = replayed
    return settings, match


def replay(game: Any, moves: list[str], deals: list[Callable[[], Any]]) -> Any:
    """``game`` rebuilt from one of its possible fresh ``deals`` and ``moves``, with its
    whole event log; ``None`` unless the moves lead from the deal to exactly this
    position (anything else in the list is ignored: the position itself was already
    checked)."""
    for deal in deals:
        try:
            rebuilt = deal()
            for text in moves:
                rebuilt.push(rebuilt.move_type.parse(text))
        except GameError:
            continue
        if rebuilt.position_key() == game.position_key():
            return rebuilt
    return None
