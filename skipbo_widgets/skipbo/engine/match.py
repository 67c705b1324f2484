"""A match: games in a row, 25 + 5 points per card left in the opponents' stock piles.

Rules ``SB-SCORE`` and ``SB-MATCH``; the deal passes to the left after each
game (``SB-DEALER``). The bookkeeping is the core's :class:`~skipbo_widgets.core.match.Match`.

>>> m = Match(Rules(players=2, stock_size=5), seed="demo", target=50)
>>> m.game.is_over, m.scores
(False, [0, 0])
"""

from __future__ import annotations

from ...core import match
from .errors import Reason, RulesError
from .game import Game
from .outcome import Outcome
from .rules import MAX_MATCH_SEED_LENGTH, Rules, is_seed

MATCH_TARGET = 500


class Match(match.Match[Game, Outcome]):
    """Scores per side (a seat, or a team in a team game) over several games; highest wins."""

    reasons = Reason

    def __init__(self, rules: Rules | None = None, *, seed: int | str | None = None,
                 target: int = MATCH_TARGET) -> None:
        self.rules = rules or Rules()
        self.sides = self.rules.sides()
        super().__init__(target, len(self.sides))
        if seed is not None and not is_seed(seed, MAX_MATCH_SEED_LENGTH):
            raise RulesError(Reason.BAD_SEED, max=MAX_MATCH_SEED_LENGTH)
        self.game = Game.new(self.rules, seed=seed)
        self.seed = self.game.seed

    def side_of(self, seat: int) -> int:
        """The index into :attr:`scores` for a seat."""
        return self.rules.team(seat)

    def round_points(self, outcome: Outcome) -> list[int]:
        points = [0] * len(self.sides)
        if outcome.winners:
            points[self.side_of(outcome.winners[0])] = outcome.points
        return points

    def new_round(self) -> Game:
        """The deal passes to the left."""
        dealer = (self.game.dealer + 1) % self.rules.players
        return Game.new(self.rules, seed=f"{self.seed}/{len(self.results)}", dealer=dealer)
