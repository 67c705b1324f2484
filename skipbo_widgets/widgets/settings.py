"""New-game settings and the session save (settings + the match in progress), for each game.

Pure Python: the setup form fills a :class:`GameSettings` (Skip-Bo) or a
:class:`SkyjoSettings`; the app keeps the session in the browser and in files
with :func:`dumps_session`, and reads it back with :func:`loads_session`,
which validates everything like the engine's own save files (through the same
parser, with the same limits). :func:`open_any` opens a session, or a match or
game (round) file of either game.

>>> s = GameSettings(players=3, levels=("beginner", "strong"), seed="42")
>>> s.rules().stock_size, s.match_seed()
(30, 42)
>>> back, match = loads_session(dumps_session(s, s.new_match()))
>>> back == s, match.rules.players
(True, 3)
>>> sj = SkyjoSettings(players=8, levels=("strong",) * 7, doubling="positive")
>>> back, match = loads_session(dumps_session(sj, sj.new_match()))
>>> back == sj, type(match.game).__name__
(True, 'Round')
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from enum import Enum
from typing import Any, ClassVar, TypeAlias, TypeVar
from urllib.parse import urlencode

from ..core.jsonfile import check_header, parse_json
from ..core.savefile import MAX_MATCH_SEED_LENGTH
from ..games import BOT_NAMES as BOT_NAMES  # where the browser tests find them
from ..games import GAMES, SKIPBO, SKYJO, GameKind
from ..skipbo.engine import Game, GameError, Match, Rules, RulesError, SaveError
from ..skipbo.engine.errors import Reason
from ..skipbo.engine.rules import is_int, is_seed
from ..skipbo.engine.save import (
    GAME_FORMAT,
    MATCH_FORMAT,
    MAX_DEPTH,
    MAX_SAVE_SIZE,
    VERSION,
    game_from_dict,
    match_from_dict,
    match_to_dict,
)
from ..skyjo import engine as skyjo
from ..skyjo.engine import save as skyjo_save

SESSION_FORMAT = "skipbo-widgets/session"
SESSION_VERSION = 1
MAX_SEED = 20
#: The longest name of a person at a hot-seat table.
MAX_NAME = 20

_S = TypeVar("_S", bound="_Shared")


class _Shared:
    """What both games' settings do alike (each is a frozen dataclass with these fields)."""

    players: int
    levels: tuple[str, ...]
    seed: str
    #: Hot seat: the names of the people taking turns at one screen, in seats 0, 1, …,
    #: the bots (``levels``) after them; empty for one learner (seat 0) against bots.
    people: tuple[str, ...] = ()
    kind: ClassVar[GameKind]
    #: The yes/no fields, checked to be booleans.
    switches: ClassVar[tuple[str, ...]]

    def __post_init__(self) -> None:
        _check(self, self.switches)  # type: ignore[arg-type]

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
        names = {f.name for f in fields(cls)}  # type: ignore[arg-type]
        if not isinstance(d, dict) or set(d) - names:
            raise SaveError(Reason.SAVE_BAD_FIELD, field="settings")
        levels = d.get("levels", ["medium"])
        if not isinstance(levels, list) or not all(isinstance(lv, str) for lv in levels):
            raise SaveError(Reason.SAVE_BAD_FIELD, field="settings.levels")
        people = d.get("people", [])
        if not isinstance(people, list):
            raise SaveError(Reason.SAVE_BAD_FIELD, field="settings.people")
        if people:
            d = {**d, "people": tuple(people)}
        try:
            return cls(**{**d, "levels": tuple(levels)})
        except (RulesError, TypeError) as err:  # either game's (the core's) RulesError
            reason = err.reason.value if isinstance(err, RulesError) else "type"
            raise SaveError(Reason.SAVE_BAD_FIELD, field="settings", problem=reason) from None


@dataclass(frozen=True)
class GameSettings(_Shared):
    """What the learner chose for a new game; the learner always sits in seat 0."""

    players: int = 2
    levels: tuple[str, ...] = ("medium",)
    stock_size: int = 0  # 0: the standard size for the number of players
    teams: bool = False
    faces: str = "skipbo"
    match: bool = False
    seed: str = ""
    practice: bool = False
    hints: bool = True
    people: tuple[str, ...] = ()
    #: The game these settings are for: its player range and bot levels.
    kind: ClassVar[GameKind] = SKIPBO
    switches: ClassVar[tuple[str, ...]] = ("teams", "match", "practice", "hints")

    def rules(self) -> Rules:
        return Rules(players=self.players, stock_size=self.stock_size,
                     teams=self.teams, faces=self.faces)  # type: ignore[arg-type]

    def new_match(self) -> Match:
        return Match(self.rules(), seed=self.match_seed())


@dataclass(frozen=True)
class SkyjoSettings(_Shared):
    """A new Skyjo game: players, each bot's level, the doubling rule (``SJ-DOUBLE``:
    the sheet's ``always`` or the commercial ``positive``), one round or a whole game
    to 100 (``match``), the deal number, practice and hints; at a hot-seat table the
    people's names."""

    players: int = 2
    levels: tuple[str, ...] = ("medium",)
    doubling: str = "always"
    match: bool = True
    seed: str = ""
    practice: bool = False
    hints: bool = True
    people: tuple[str, ...] = ()
    kind: ClassVar[GameKind] = SKYJO
    switches: ClassVar[tuple[str, ...]] = ("match", "practice", "hints")

    def rules(self) -> skyjo.Rules:
        return skyjo.Rules(players=self.players, doubling=self.doubling)  # type: ignore[arg-type]

    def new_match(self) -> skyjo.Match:
        return skyjo.Match(self.rules(), seed=self.match_seed())


#: Either game's settings, and its match.
Settings: TypeAlias = GameSettings | SkyjoSettings
AnyMatch: TypeAlias = Match | skyjo.Match
#: The settings class of each game, by its id (``?game=``, a session's ``game``).
SETTINGS: dict[str, type[GameSettings] | type[SkyjoSettings]] = {
    "skipbo": GameSettings, "skyjo": SkyjoSettings}
assert set(SETTINGS) == set(GAMES)


def _check(s: Settings, flags: tuple[str, ...]) -> None:
    """What both games' settings check: seats, bots, the deal number, the switches;
    then the rules (a RulesError says what cannot be played, e.g. deck_too_small)."""
    if not is_int(s.players) or s.players not in s.kind.players:
        raise SaveError(Reason.SAVE_BAD_FIELD, field="settings.players")
    people = s.people
    if not isinstance(people, tuple) or len(people) == 1 or len(people) > s.players \
            or not all(is_name(name) for name in people) \
            or (people and s.practice):  # practice would take back other people's turns
        raise SaveError(Reason.SAVE_BAD_FIELD, field="settings.people")
    if len(s.levels) != s.players - max(1, len(people)) \
            or any(lv not in s.kind.bot_levels for lv in s.levels):
        raise SaveError(Reason.SAVE_BAD_FIELD, field="settings.levels")
    if not isinstance(s.seed, str):
        raise SaveError(Reason.SAVE_BAD_FIELD, field="settings.seed")
    if not is_seed(s.seed, MAX_SEED):  # e.g. a lone surrogate from the page
        raise RulesError(Reason.BAD_SEED, max=MAX_SEED)
    for name in flags:
        if not isinstance(getattr(s, name), bool):
            raise SaveError(Reason.SAVE_BAD_FIELD, field=f"settings.{name}")
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

    >>> deal_query(GameSettings(players=3, levels=("medium", "strong"), seed="123"), "fr")
    'lang=fr&game=skipbo&deal=123&players=3'
    >>> deal_query(SkyjoSettings(players=5, levels=("medium",) * 4, seed="9"), "de")
    'lang=de&game=skyjo&deal=9&players=5'
    """
    params = {"lang": lang, "game": settings.kind.id, "deal": settings.seed.strip(),
              "players": str(settings.players)}
    if isinstance(settings, SkyjoSettings):
        if settings.doubling != "always":
            params["doubling"] = settings.doubling
        return urlencode(params)
    if settings.stock_size:
        params["stock"] = str(settings.stock_size)
    if settings.teams:
        params["teams"] = "1"
    if settings.faces != "skipbo":
        params["faces"] = settings.faces
    return urlencode(params)


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
    return found if found in SETTINGS else None


def settings_from_query(query: Mapping[str, Sequence[str]]) -> Settings | None:
    """The settings a class link asks for (``None`` when it names no deal or a game the app
    does not have); a link that cannot be played raises :class:`RulesError` with the reason.
    The deal is one game (one Skyjo round) against medium computer players.

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
    game = game_from_query(query) if "game" in query else "skipbo"
    if not deal or game is None:
        return None
    # The rules first: their refusal says what is wrong with the link ("2 to 6 players, not 9").
    players = number("players", "2")
    if game == "skyjo":
        sj = skyjo.Rules(players=players, doubling=one("doubling", "always"))  # type: ignore[arg-type]
        return SkyjoSettings(players=sj.players, levels=("medium",) * (sj.players - 1),
                             doubling=sj.doubling, match=False, seed=deal)
    stock = number("stock", "0")
    rules = Rules(players=players, stock_size=stock,  # type: ignore[arg-type]
                  teams=one("teams", "") == "1", faces=one("faces", "skipbo"))  # type: ignore[arg-type]
    return GameSettings(players=rules.players, levels=("medium",) * (rules.players - 1),
                        stock_size=rules.stock_size if stock else 0, teams=rules.teams,
                        faces=rules.faces, seed=deal)


def dumps_session(settings: Settings, match: AnyMatch) -> str:
    """The whole session as JSON: what to restore after a reload.

    Besides the position, ``moves`` lists the current game's moves since its
    deal (as far as this game object saw them), so that a reload can rebuild
    the game with its history and the move log is not lost. A Skyjo session
    says ``"game": "skyjo"``; a session without ``game`` is Skip-Bo's (as every
    session kept before Skyjo came).
    """
    head: dict[str, Any] = {"format": SESSION_FORMAT, "version": SESSION_VERSION}
    if isinstance(settings, SkyjoSettings):
        assert isinstance(match, skyjo.Match)
        head["game"] = settings.kind.id
        saved = skyjo_save.match_to_dict(match)
    else:
        assert isinstance(match, Match)
        saved = match_to_dict(match)
    return json.dumps({
        **head,
        "settings": settings.to_dict(),
        "match": saved,
        "moves": [str(m) for m in match.game.move_stack],
    }, separators=(",", ":"))


def loads_session(data: str | bytes) -> tuple[Settings, AnyMatch]:
    """Inverse of :func:`dumps_session`; any bad input raises :class:`SaveError`."""
    d = parse_json(data, max_bytes=MAX_SAVE_SIZE, max_depth=MAX_DEPTH)
    check_header(d, [SESSION_FORMAT], SESSION_VERSION)
    return _session_from_dict(d)


#: The files :func:`open_any` opens besides a session, each version 1 like the session.
_FILES = [SESSION_FORMAT, MATCH_FORMAT, GAME_FORMAT, skyjo_save.MATCH_FORMAT,
          skyjo_save.ROUND_FORMAT]


def open_any(data: str | bytes) -> tuple[Settings, AnyMatch]:
    """Settings and match from any file the docs describe: a session, or either game's
    match or game (Skyjo: round) file.

    A game or match file says nothing about the computer players: they play at
    the ``medium`` level. The learner sits in seat 0, as in every game of the app.

    >>> from skipbo_widgets.skipbo.engine.save import dumps_game
    >>> settings, match = open_any(dumps_game(Game.new(Rules(players=3), seed=1)))
    >>> settings.levels, settings.match, match.game.seed
    (('medium', 'medium'), False, 1)
    >>> settings, match = open_any(skyjo.dumps_round(skyjo.Round.new(seed=4)))
    >>> settings.kind.id, settings.match, match.game.seed
    ('skyjo', False, 4)
    """
    d = parse_json(data, max_bytes=MAX_SAVE_SIZE, max_depth=MAX_DEPTH)
    kind = check_header(d, _FILES, VERSION)
    assert VERSION == SESSION_VERSION == skyjo_save.VERSION
    if kind == SESSION_FORMAT:
        return _session_from_dict(d)
    if kind in (skyjo_save.MATCH_FORMAT, skyjo_save.ROUND_FORMAT):
        return _open_skyjo(d, kind)
    if kind == MATCH_FORMAT:
        match = match_from_dict(d)
    else:
        game = game_from_dict(d)
        match = Match(game.rules)
        match.game = game
    rules = match.rules
    seed = _deal_number(match.seed) if kind == MATCH_FORMAT else ""
    settings = GameSettings(players=rules.players, levels=("medium",) * (rules.players - 1),
                            stock_size=rules.stock_size, teams=rules.teams, faces=rules.faces,
                            match=kind == MATCH_FORMAT, seed=seed)
    if settings.rules() != rules:  # the app seats teams only in the standard way
        raise SaveError(Reason.SAVE_BAD_FIELD, field="rules.seating", problem="value")
    return settings, match


def _open_skyjo(d: dict[str, Any], kind: str) -> tuple[SkyjoSettings, skyjo.Match]:
    whole = kind == skyjo_save.MATCH_FORMAT
    if whole:
        match = skyjo_save.match_from_dict(d)
    else:
        game = skyjo_save.round_from_dict(d)
        # A round's seed may be longer than a match's (128 against 100 characters)
        seed = game.seed if is_seed(game.seed, MAX_MATCH_SEED_LENGTH) else None
        match = skyjo.Match(game.rules, seed=seed)
        match.game = game
    rules = match.rules
    settings = SkyjoSettings(players=rules.players, levels=("medium",) * (rules.players - 1),
                             doubling=rules.doubling, match=whole,
                             seed=_deal_number(match.seed) if whole else "")
    return settings, match


def _deal_number(seed: int | str) -> str:
    """A match's seed as the settings' deal number (none if it is too long to be one)."""
    text = str(seed)
    return text if len(text) <= MAX_SEED else ""


def _session_from_dict(d: dict[str, Any]) -> tuple[Settings, AnyMatch]:
    required = {"format", "version", "settings", "match"}
    if not required <= set(d) <= required | {"moves", "game"}:
        raise SaveError(Reason.SAVE_BAD_FIELD, field="session")
    game = d.get("game", "skipbo")
    if not isinstance(game, str) or game not in SETTINGS:
        raise SaveError(Reason.SAVE_BAD_FIELD, field="game", problem="value")
    settings = SETTINGS[game].from_dict(d["settings"])
    match: AnyMatch = skyjo_save.match_from_dict(d["match"], one_round=not settings.match) \
        if isinstance(settings, SkyjoSettings) else match_from_dict(d["match"])
    if match.rules != settings.rules():
        raise SaveError(Reason.SAVE_INCONSISTENT, what="settings")
    moves = d.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise SaveError(Reason.SAVE_BAD_FIELD, field="moves")
    replayed = replay(match.game, moves) if moves else None
    if replayed is not None:
        match.game = replayed
    return settings, match


def replay(game: Any, moves: list[str]) -> Any:
    """``game`` rebuilt from its deal and ``moves``, with its whole event log; ``None``
    unless the moves lead from the deal to exactly this position (anything else in
    the list is ignored: the position itself was already checked)."""
    for deal in _deals(game):
        try:
            rebuilt = deal()
            for text in moves:
                rebuilt.push(rebuilt.move_type.parse(text))
        except GameError:
            continue
        if rebuilt.position_key() == game.position_key():
            return rebuilt
    return None


def _deals(game: Game | skyjo.Round) -> list[Any]:
    """The fresh deals ``game`` may have started from."""
    if isinstance(game, skyjo.Round):
        return [lambda: skyjo.Round.new(game.rules, seed=game.seed, starter=game.starter)]
    # a Skip-Bo match's first deal draws for the dealer
    return [lambda dealer=dealer: Game.new(game.rules, seed=game.seed, dealer=dealer)
            for dealer in (None, game.dealer)]
