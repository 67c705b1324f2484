"""Each game the package plays, described once: what the setup form and the app offer.

The player range, the bots' levels and names, the rules class, how to deal a
new game and the save formats come from here, not from constants written for
one game.

>>> GAMES["skyjo"].players, GAMES["skipbo"].players
(range(2, 9), range(2, 7))
>>> game_kind("skipbo").bot_names[:2], GAMES["skyjo"].bot_levels
(('Mia', 'Leo'), ('beginner', 'medium', 'strong'))
>>> GAMES["skyjo"].new_game(GAMES["skyjo"].rules(players=8), seed=1).phase
'setup'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .skipbo import engine as skipbo
from .skipbo.bots import LEVELS
from .skipbo.engine import rules as skipbo_rules
from .skipbo.engine import save as skipbo_save
from .skyjo import engine as skyjo
from .skyjo.bots import LEVELS as SKYJO_LEVELS
from .skyjo.engine import rules as skyjo_rules
from .skyjo.engine import save as skyjo_save

#: The computer players' names, seat by seat after the learner's (enough for 8 players,
#: and for a demo of 8 bots).
BOT_NAMES = ("Mia", "Leo", "Emma", "Noah", "Lina", "Tom", "Zoe", "Finn")


@dataclass(frozen=True)
class GameKind:
    """One game: its id (``?game=``), player range, bots, rules, deal and files."""

    id: str
    #: The game's name, the same in every language.
    name: str
    min_players: int
    max_players: int
    #: The bots' levels, weakest first.
    bot_levels: tuple[str, ...]
    rules: Callable[..., Any]
    #: ``new_game(rules, seed=...)``: a fresh deal.
    new_game: Callable[..., Any]
    #: The formats of the game's own save files (a game or round, a match): the app opens each.
    save_formats: tuple[str, ...]

    @property
    def players(self) -> range:
        return range(self.min_players, self.max_players + 1)

    @property
    def bot_names(self) -> tuple[str, ...]:
        """A name for each seat after the learner's, at the most players."""
        return BOT_NAMES[:self.max_players - 1]


SKIPBO = GameKind(
    id="skipbo", name="Skip-Bo",
    min_players=skipbo_rules.MIN_PLAYERS, max_players=skipbo_rules.MAX_PLAYERS,
    bot_levels=LEVELS, rules=skipbo.Rules, new_game=skipbo.Game.new,
    save_formats=(skipbo_save.GAME_FORMAT, skipbo_save.MATCH_FORMAT))
SKYJO = GameKind(
    id="skyjo", name="Skyjo",
    min_players=skyjo_rules.MIN_PLAYERS, max_players=skyjo_rules.MAX_PLAYERS,
    bot_levels=SKYJO_LEVELS, rules=skyjo.Rules, new_game=skyjo.Round.new,
    save_formats=(skyjo_save.ROUND_FORMAT, skyjo_save.MATCH_FORMAT))
GAMES = {kind.id: kind for kind in (SKIPBO, SKYJO)}


def game_kind(game_id: str) -> GameKind:
    """The game called ``game_id``; a ``KeyError`` names an unknown one."""
    return GAMES[game_id]
