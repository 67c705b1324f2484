"""Skyjo's new-game settings: the doubling rule, one round or a whole game, its class
link's parameters, its files and its fresh deals, for the app's shared settings code.

>>> SkyjoSettings(players=5, levels=("medium",) * 4, doubling="positive").query_params()
{'doubling': 'positive'}
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from ...core.savefile import MAX_MATCH_SEED_LENGTH, is_seed
from ...games import SKYJO, GameKind
from ...skyjo import engine as skyjo
from ...skyjo.engine import save as skyjo_save
from ...skyjo.engine.errors import Reason
from ..shell.settings import Settings, deal_number


@dataclass(frozen=True)
class SkyjoSettings(Settings):
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
    reasons: ClassVar[Any] = Reason

    def rules(self) -> skyjo.Rules:
        return skyjo.Rules(players=self.players, doubling=self.doubling)  # type: ignore[arg-type]

    def new_match(self) -> skyjo.Match:
        return skyjo.Match(self.rules(), seed=self.match_seed())

    def query_params(self) -> dict[str, str]:
        return {"doubling": self.doubling} if self.doubling != "always" else {}

    @classmethod
    def from_query(cls, one: Callable[[str, str], str],
                   number: Callable[[str, str], int | str], deal: str) -> SkyjoSettings:
        players = number("players", "2")
        sj = skyjo.Rules(players=players, doubling=one("doubling", "always"))  # type: ignore[arg-type]
        return cls(players=sj.players, levels=("medium",) * (sj.players - 1),
                   doubling=sj.doubling, match=False, seed=deal)

    @staticmethod
    def dump_match(match: Any) -> dict[str, Any]:
        assert isinstance(match, skyjo.Match)
        return skyjo_save.match_to_dict(match)

    def load_match(self, d: Any) -> skyjo.Match:
        return skyjo_save.match_from_dict(d, one_round=not self.match)

    @classmethod
    def open_file(cls, d: dict[str, Any], kind: str) -> tuple[SkyjoSettings, skyjo.Match]:
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
        settings = cls(players=rules.players, levels=("medium",) * (rules.players - 1),
                       doubling=rules.doubling, match=whole,
                       seed=deal_number(match.seed) if whole else "")
        return settings, match

    @staticmethod
    def deals(game: Any) -> list[Callable[[], Any]]:
        return [lambda: skyjo.Round.new(game.rules, seed=game.seed, starter=game.starter)]
