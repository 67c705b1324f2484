"""What a room needs of each game, in one small adapter per game.

The room authority (:mod:`.authority`) never names a game: it deals, loads, saves,
observes and moves bots through a :class:`GameAdapter`. A third game is one more
adapter here.

>>> adapter = ADAPTERS["skyjo"]
>>> rules = adapter.rules(3, {"doubling": "positive"})
>>> engine = adapter.deal(rules, seed=5, previous=None)
>>> adapter.loads(adapter.dumps(engine)).position_key() == engine.position_key()
True
>>> adapter.observe(engine, 1)["seat"], adapter.current(engine), adapter.is_over(engine)
(1, 0, False)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from ..games import GAMES
from ..skipbo import engine as skipbo
from ..skipbo.bots import make_bot as skipbo_bot
from ..skyjo import engine as skyjo
from ..skyjo.bots import make_bot as skyjo_bot


class GameAdapter(Protocol):
    """One game as a room plays it. ``engine`` is the game's own mutable state."""

    id: str
    min_players: int
    max_players: int
    #: The bots' levels, weakest first.
    levels: tuple[str, ...]
    #: The rules switches a room's owner may set, besides the number of players.
    options: frozenset[str]
    #: Whether the lowest total leads (Skyjo) or the highest (Skip-Bo).
    lowest_wins: bool

    def rules(self, players: int, options: Mapping[str, Any]) -> Any:
        """The game's rules object; the engine's ``RulesError`` if they cannot be played."""
        ...

    def deal(self, rules: Any, seed: int, previous: Any | None) -> Any:
        """A fresh deal; ``previous`` is the engine of the deal before, if any."""
        ...

    def dumps(self, engine: Any) -> str:
        """The engine's own save file."""
        ...

    def loads(self, text: str) -> Any: ...
    def current(self, engine: Any) -> int: ...
    def is_over(self, engine: Any) -> bool: ...

    def observe(self, engine: Any, seat: int) -> dict[str, Any]:
        """What ``seat`` may see, from the engine's observation API (JSON-friendly)."""
        ...

    def parse(self, text: str) -> Any:
        """A move from its notation; the engine's ``NotationError`` if it is none."""
        ...

    def bot_move(self, engine: Any, seat: int, level: str, seed: str,
                 totals: Sequence[int]) -> Any:
        """The move of a bot of ``level`` at ``seat``, chosen from that seat's observation
        and each seat's total before this deal (the room's score sheet)."""
        ...

    def points(self, engine: Any) -> list[int]:
        """Each seat's points for the finished deal (added to the room's totals)."""
        ...


class SkipBoAdapter:
    id = "skipbo"
    min_players = GAMES["skipbo"].min_players
    max_players = GAMES["skipbo"].max_players
    levels = GAMES["skipbo"].bot_levels
    options = frozenset({"stock_size", "teams", "faces"})
    #: Totals: the winner's points add up, as in a Skip-Bo match (highest wins).
    lowest_wins = False

    def rules(self, players: int, options: Mapping[str, Any]) -> skipbo.Rules:
        return skipbo.Rules(players=players, **dict(options))

    def deal(self, rules: skipbo.Rules, seed: int, previous: Any | None) -> skipbo.Game:
        return skipbo.Game.new(rules, seed=seed)

    def dumps(self, engine: skipbo.Game) -> str:
        return skipbo.dumps_game(engine)

    def loads(self, text: str) -> skipbo.Game:
        return skipbo.loads_game(text)

    def current(self, engine: skipbo.Game) -> int:
        return engine.current

    def is_over(self, engine: skipbo.Game) -> bool:
        return engine.outcome is not None

    def observe(self, engine: skipbo.Game, seat: int) -> dict[str, Any]:
        return skipbo.observe(engine, seat).to_dict()

    def parse(self, text: str) -> skipbo.Move:
        return skipbo.Move.parse(text)

    def bot_move(self, engine: skipbo.Game, seat: int, level: str, seed: str,
                 totals: Sequence[int]) -> skipbo.Move:
        # Skip-Bo's bots play every game alike: a game's moves do not depend on the totals.
        return skipbo_bot(level, seed).choose_move(skipbo.observe(engine, seat))

    def points(self, engine: skipbo.Game) -> list[int]:
        outcome = engine.outcome
        points = [0] * engine.rules.players
        if outcome is not None:
            for seat in outcome.winners:
                points[seat] = outcome.points
        return points


class SkyjoAdapter:
    id = "skyjo"
    min_players = GAMES["skyjo"].min_players
    max_players = GAMES["skyjo"].max_players
    levels = GAMES["skyjo"].bot_levels
    options = frozenset({"doubling"})
    #: Totals: each round's score adds up, as in a Skyjo game to 100 (lowest wins).
    lowest_wins = True

    def rules(self, players: int, options: Mapping[str, Any]) -> skyjo.Rules:
        return skyjo.Rules(players=players, **dict(options))

    def deal(self, rules: skyjo.Rules, seed: int, previous: Any | None) -> skyjo.Round:
        # SJ-FIRST: after a round, the seat that ended it turns its cards first.
        starter = None if previous is None or previous.outcome is None else previous.outcome.ender
        return skyjo.Round.new(rules, seed=seed, starter=starter)

    def dumps(self, engine: skyjo.Round) -> str:
        return skyjo.dumps_round(engine)

    def loads(self, text: str) -> skyjo.Round:
        return skyjo.loads_round(text)

    def current(self, engine: skyjo.Round) -> int:
        return engine.current

    def is_over(self, engine: skyjo.Round) -> bool:
        return engine.outcome is not None

    def observe(self, engine: skyjo.Round, seat: int) -> dict[str, Any]:
        return engine.observe(seat).to_dict()

    def parse(self, text: str) -> skyjo.Move:
        return skyjo.Move.parse(text)

    def bot_move(self, engine: skyjo.Round, seat: int, level: str, seed: str,
                 totals: Sequence[int]) -> skyjo.Move:
        # A round that may end the game to 100 is played for the game (as the app's are).
        return skyjo_bot(level).choose_move(engine.observe(seat), tuple(totals))

    def points(self, engine: skyjo.Round) -> list[int]:
        outcome = engine.outcome
        return list(outcome.scores) if outcome is not None else [0] * engine.rules.players


_ADAPTERS: tuple[GameAdapter, ...] = (SkipBoAdapter(), SkyjoAdapter())
ADAPTERS: dict[str, GameAdapter] = {a.id: a for a in _ADAPTERS}


def leaders(game: str, totals: Sequence[int]) -> list[int]:
    """The seats that lead a room's ``totals`` of ``game``: the lowest (Skyjo) or the
    highest (Skip-Bo: every winner of a deal, partners alike), ties all leading, as the
    app's ``winners`` of a match."""
    best = (min if ADAPTERS[game].lowest_wins else max)(totals)
    return [seat for seat, total in enumerate(totals) if total == best]
