"""Skip-Bo's new-game settings: the rules it varies (stock size, teams, faces), its class
link's parameters, its files and its fresh deals, for the app's shared settings code.

>>> s = GameSettings(players=3, levels=("beginner", "strong"), seed="42")
>>> s.rules().stock_size, s.match_seed(), s.query_params()
(30, 42, {})
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from ...games import SKIPBO, GameKind
from ...skipbo.engine import Game, Match, Rules, SaveError
from ...skipbo.engine.errors import Reason
from ...skipbo.engine.save import (
    MATCH_FORMAT,
    game_from_dict,
    match_from_dict,
    match_to_dict,
)
from ..shell.settings import Settings, deal_number


@dataclass(frozen=True)
class GameSettings(Settings):
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
    reasons: ClassVar[Any] = Reason

    def rules(self) -> Rules:
        return Rules(players=self.players, stock_size=self.stock_size,
                     teams=self.teams, faces=self.faces)  # type: ignore[arg-type]

    def new_match(self) -> Match:
        return Match(self.rules(), seed=self.match_seed())

    def query_params(self) -> dict[str, str]:
        params: dict[str, str] = {}
        if self.stock_size:
            params["stock"] = str(self.stock_size)
        if self.teams:
            params["teams"] = "1"
        if self.faces != "skipbo":
            params["faces"] = self.faces
        return params

    @classmethod
    def from_query(cls, one: Callable[[str, str], str],
                   number: Callable[[str, str], int | str], deal: str) -> GameSettings:
        players = number("players", "2")
        stock = number("stock", "0")
        rules = Rules(players=players, stock_size=stock,  # type: ignore[arg-type]
                      teams=one("teams", "") == "1",
                      faces=one("faces", "skipbo"))  # type: ignore[arg-type]
        return cls(players=rules.players, levels=("medium",) * (rules.players - 1),
                   stock_size=rules.stock_size if stock else 0, teams=rules.teams,
                   faces=rules.faces, seed=deal)

    @staticmethod
    def dump_match(match: Any) -> dict[str, Any]:
        assert isinstance(match, Match)
        return match_to_dict(match)

    def load_match(self, d: Any) -> Match:
        return match_from_dict(d)

    @classmethod
    def open_file(cls, d: dict[str, Any], kind: str) -> tuple[GameSettings, Match]:
        if kind == MATCH_FORMAT:
            match = match_from_dict(d)
        else:
            game = game_from_dict(d)
            match = Match(game.rules)
            match.game = game
        rules = match.rules
        seed = deal_number(match.seed) if kind == MATCH_FORMAT else ""
        settings = cls(players=rules.players, levels=("medium",) * (rules.players - 1),
                       stock_size=rules.stock_size, teams=rules.teams, faces=rules.faces,
                       match=kind == MATCH_FORMAT, seed=seed)
        if settings.rules() != rules:  # the app seats teams only in the standard way
            raise SaveError(Reason.SAVE_BAD_FIELD, field="rules.seating", problem="value")
        return settings, match

    @staticmethod
    def deals(game: Any) -> list[Callable[[], Any]]:
        def deal(dealer: int | None) -> Callable[[], Game]:
            return lambda: Game.new(game.rules, seed=game.seed, dealer=dealer)

        # a Skip-Bo match's first deal draws for the dealer
        return [deal(None), deal(game.dealer)]
