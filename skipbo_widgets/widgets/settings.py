"""New-game settings and the session save (settings + the match in progress).

Pure Python: the setup form fills a :class:`GameSettings`; the app keeps the
session in the browser and in files with :func:`dumps_session`, and reads it
back with :func:`loads_session`, which validates everything like the engine's
own save files (through the same parser, with the same limits).
:func:`open_any` opens a session, a match file or a game file.

>>> s = GameSettings(players=3, levels=("beginner", "strong"), seed="42")
>>> s.rules().stock_size, s.match_seed()
(30, 42)
>>> back, match = loads_session(dumps_session(s, s.new_match()))
>>> back == s, match.rules.players
(True, 3)
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar
from urllib.parse import urlencode

from ..core.jsonfile import check_header, parse_json
from ..games import BOT_NAMES as BOT_NAMES  # where the browser tests find them
from ..games import SKIPBO, GameKind
from ..skipbo.engine import Game, GameError, Match, Move, Rules, RulesError, SaveError
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

SESSION_FORMAT = "skipbo-widgets/session"
SESSION_VERSION = 1
MAX_SEED = 20
#: The longest name of a person at a hot-seat table.
MAX_NAME = 20


@dataclass(frozen=True)
class GameSettings:
    """What the learner chose for a new game; the learner always sits in seat 0.

    ``people``: the names of the people taking turns at one screen (hot seat), in seats
    0, 1, …, the bots (``levels``) after them; empty for one learner against bots.
    Practice mode (taking back whole turns) is for one learner only.
    """

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

    def __post_init__(self) -> None:
        if not is_int(self.players) or self.players not in self.kind.players:
            raise SaveError(Reason.SAVE_BAD_FIELD, field="settings.players")
        if not isinstance(self.people, tuple) or len(self.people) == 1 \
                or len(self.people) > self.players \
                or not all(is_name(name) for name in self.people) \
                or (self.people and self.practice):  # practice takes back others' turns
            raise SaveError(Reason.SAVE_BAD_FIELD, field="settings.people")
        if len(self.levels) != self.players - max(1, len(self.people)) \
                or any(lv not in self.kind.bot_levels for lv in self.levels):
            raise SaveError(Reason.SAVE_BAD_FIELD, field="settings.levels")
        if not isinstance(self.seed, str):
            raise SaveError(Reason.SAVE_BAD_FIELD, field="settings.seed")
        if not is_seed(self.seed, MAX_SEED):  # e.g. a lone surrogate from the page
            raise RulesError(Reason.BAD_SEED, max=MAX_SEED)
        for name in ("teams", "match", "practice", "hints"):
            if not isinstance(getattr(self, name), bool):
                raise SaveError(Reason.SAVE_BAD_FIELD, field=f"settings.{name}")
        self.rules()  # a RulesError says what cannot be played (e.g. deck_too_small)

    def rules(self) -> Rules:
        return Rules(players=self.players, stock_size=self.stock_size,
                     teams=self.teams, faces=self.faces)  # type: ignore[arg-type]

    def match_seed(self) -> int | str | None:
        """The deal number: the same number gives every learner the same deal."""
        text = self.seed.strip()
        if not text:
            return None
        return int(text) if text.isdigit() else text

    def new_match(self) -> Match:
        return Match(self.rules(), seed=self.match_seed())

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["levels"] = list(self.levels)
        d["people"] = list(self.people)
        if not self.people:  # what sessions saved before hot seat looked like
            del d["people"]
        return d

    @classmethod
    def from_dict(cls, d: Any) -> GameSettings:
        names = {f.name for f in fields(cls)}
        if not isinstance(d, dict) or set(d) - names:
            raise SaveError(Reason.SAVE_BAD_FIELD, field="settings")
        levels = d.get("levels", ["medium"])
        if not isinstance(levels, list) or not all(isinstance(lv, str) for lv in levels):
            raise SaveError(Reason.SAVE_BAD_FIELD, field="settings.levels")
        people = d.get("people", [])
        if not isinstance(people, list):
            raise SaveError(Reason.SAVE_BAD_FIELD, field="settings.people")
        try:
            return cls(**{**d, "levels": tuple(levels), "people": tuple(people)})
        except (RulesError, TypeError) as err:
            reason = err.reason.value if isinstance(err, RulesError) else "type"
            raise SaveError(Reason.SAVE_BAD_FIELD, field="settings", problem=reason) from None


def is_name(name: object) -> bool:
    """A person's name at a hot-seat table: a short text with a letter or digit in it,
    without control characters (it is shown on the table and in every sentence).

    >>> is_name("Emma"), is_name(" "), is_name("x" * 21), is_name("A\\nB")
    (True, False, False, False)
    """
    return (isinstance(name, str) and 0 < len(name) <= MAX_NAME and name == name.strip()
            and any(c.isalnum() for c in name) and name.isprintable()
            and is_seed(name, MAX_NAME))


#: The game a class link names; a second game adds its own name.
GAME = "skipbo"


def deal_query(settings: GameSettings, lang: str) -> str:
    """The query of a class link: what makes the deal (its number, the players, the stock
    size, teams, faces), so that every pupil who opens it gets the same cards.

    >>> deal_query(GameSettings(players=3, levels=("medium", "strong"), seed="123"), "fr")
    'lang=fr&game=skipbo&deal=123&players=3'
    """
    params = {"lang": lang, "game": GAME, "deal": settings.seed.strip(),
              "players": str(settings.players)}
    if settings.stock_size:
        params["stock"] = str(settings.stock_size)
    if settings.teams:
        params["teams"] = "1"
    if settings.faces != "skipbo":
        params["faces"] = settings.faces
    return urlencode(params)


def settings_from_query(query: Mapping[str, Sequence[str]]) -> GameSettings | None:
    """The settings a class link asks for (``None`` when it names no deal or another game);
    a link that cannot be played raises :class:`RulesError` with the reason.

    >>> settings_from_query({"deal": ["123"], "players": ["3"]}).match_seed()
    123
    >>> settings_from_query({"lang": ["fr"]}) is None
    True
    """
    def one(name: str, default: str) -> str:
        return (query.get(name) or [default])[0].strip()

    def number(name: str, default: str) -> int | str:
        text = one(name, default)
        return int(text) if text.isdigit() and len(text) <= 3 else text[:MAX_SEED]  # refused

    deal = one("deal", "")
    if not deal or one("game", GAME) != GAME:
        return None
    # The rules first: their refusal says what is wrong with the link ("2 to 6 players, not 9").
    players, stock = number("players", "2"), number("stock", "0")
    rules = Rules(players=players, stock_size=stock,  # type: ignore[arg-type]
                  teams=one("teams", "") == "1", faces=one("faces", "skipbo"))  # type: ignore[arg-type]
    return GameSettings(players=rules.players, levels=("medium",) * (rules.players - 1),
                        stock_size=rules.stock_size if stock else 0, teams=rules.teams,
                        faces=rules.faces, seed=deal)


def dumps_session(settings: GameSettings, match: Match) -> str:
    """The whole session as JSON: what to restore after a reload.

    Besides the position, ``moves`` lists the current game's moves since its
    deal (as far as this game object saw them), so that a reload can rebuild
    the game with its history and the move log is not lost.
    """
    return json.dumps({
        "format": SESSION_FORMAT,
        "version": SESSION_VERSION,
        "settings": settings.to_dict(),
        "match": match_to_dict(match),
        "moves": [str(m) for m in match.game.move_stack],
    }, separators=(",", ":"))


def loads_session(data: str | bytes) -> tuple[GameSettings, Match]:
    """Inverse of :func:`dumps_session`; any bad input raises :class:`SaveError`."""
    d = parse_json(data, max_bytes=MAX_SAVE_SIZE, max_depth=MAX_DEPTH)
    check_header(d, [SESSION_FORMAT], SESSION_VERSION)
    return _session_from_dict(d)


def open_any(data: str | bytes) -> tuple[GameSettings, Match]:
    """Settings and match from any file the docs describe: a session, a match or a game.

    A game or match file says nothing about the computer players: they play at
    the ``medium`` level. The learner sits in seat 0, as in every game of the app.

    >>> from skipbo_widgets.skipbo.engine.save import dumps_game
    >>> settings, match = open_any(dumps_game(Game.new(Rules(players=3), seed=1)))
    >>> settings.levels, settings.match, match.game.seed
    (('medium', 'medium'), False, 1)
    """
    d = parse_json(data, max_bytes=MAX_SAVE_SIZE, max_depth=MAX_DEPTH)
    kind = check_header(d, [SESSION_FORMAT, MATCH_FORMAT, GAME_FORMAT], VERSION)  # all 1
    if kind == SESSION_FORMAT:
        return _session_from_dict(d)
    if kind == MATCH_FORMAT:
        match = match_from_dict(d)
    else:
        game = game_from_dict(d)
        match = Match(game.rules)
        match.game = game
    rules = match.rules
    seed = str(match.seed) if kind == MATCH_FORMAT else ""
    settings = GameSettings(players=rules.players, levels=("medium",) * (rules.players - 1),
                            stock_size=rules.stock_size, teams=rules.teams, faces=rules.faces,
                            match=kind == MATCH_FORMAT, seed=seed if len(seed) <= MAX_SEED else "")
    if settings.rules() != rules:  # the app seats teams only in the standard way
        raise SaveError(Reason.SAVE_BAD_FIELD, field="rules.seating", problem="value")
    return settings, match


def _session_from_dict(d: dict[str, Any]) -> tuple[GameSettings, Match]:
    required = {"format", "version", "settings", "match"}
    if not required <= set(d) <= required | {"moves"}:
        raise SaveError(Reason.SAVE_BAD_FIELD, field="session")
    settings = GameSettings.from_dict(d["settings"])
    match = match_from_dict(d["match"])
    if match.rules != settings.rules():
        raise SaveError(Reason.SAVE_INCONSISTENT, what="settings")
    moves = d.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise SaveError(Reason.SAVE_BAD_FIELD, field="moves")
    replayed = replay(match.game, moves) if moves else None
    if replayed is not None:
        match.game = replayed
    return settings, match


def replay(game: Game, moves: list[str]) -> Game | None:
    """``game`` rebuilt from its deal and ``moves``, with its whole event log; ``None``
    unless the moves lead from the deal to exactly this position (anything else in
    the list is ignored: the position itself was already checked)."""
    for dealer in (None, game.dealer):  # a match's first deal draws for the dealer
        try:
            rebuilt = Game.new(game.rules, seed=game.seed, dealer=dealer)
            for text in moves:
                rebuilt.push(Move.parse(text))
        except GameError:
            continue
        if rebuilt.position_key() == game.position_key():
            return rebuilt
    return None
