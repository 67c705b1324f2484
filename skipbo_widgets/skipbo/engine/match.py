"""A match: games in a row, 25 + 5 points per card left in the opponents' stock piles.

Rules ``SB-SCORE`` and ``SB-MATCH``; the deal passes to the left after each
game (``SB-DEALER``).

>>> m = Match(Rules(players=2, stock_size=5), seed="demo", target=50)
>>> m.game.is_over, m.scores
(False, [0, 0])
"""

from __future__ import annotations

from .errors import Reason, RulesError
from .game import Game, Outcome
from .rules import MAX_MATCH_SEED_LENGTH, Rules, is_int, is_seed

MATCH_TARGET = 500


class Match:
    """Scores per side (a seat, or a team in a team game) over several games."""

    def __init__(self, rules: Rules | None = None, *, seed: int | str | None = None,
                 target: int = MATCH_TARGET) -> None:
        if not is_int(target) or not 1 <= target <= 100_000:
            raise RulesError(Reason.BAD_TARGET_SCORE, target=target)
        if seed is not None and not is_seed(seed, MAX_MATCH_SEED_LENGTH):
            raise RulesError(Reason.BAD_SEED, max=MAX_MATCH_SEED_LENGTH)
        self.rules = rules or Rules()
        self.target = target
        self.game = Game.new(self.rules, seed=seed)
        self.seed = self.game.seed
        self.sides = self.rules.sides()
        self.scores = [0] * len(self.sides)
        self.results: list[Outcome] = []
        self.scored = False

    def side_of(self, seat: int) -> int:
        """The index into :attr:`scores` for a seat."""
        return self.rules.team(seat)

    @property
    def is_over(self) -> bool:
        return any(score >= self.target for score in self.scores)

    @property
    def leaders(self) -> list[int]:
        """The sides with the highest score (the winners once the match is over)."""
        best = max(self.scores)
        return [i for i, score in enumerate(self.scores) if score == best]

    def record(self) -> Outcome:
        """Score the finished current game (only once) and return its outcome."""
        outcome = self.game.outcome
        if outcome is None:
            raise RulesError(Reason.GAME_NOT_OVER)
        if not self.scored:
            self.scored = True
            self.results.append(outcome)
            if outcome.winners:
                self.scores[self.side_of(outcome.winners[0])] += outcome.points
        return outcome

    def next_game(self) -> Game:
        """Start the next game; the deal passes to the left."""
        self.record()
        if self.is_over:
            raise RulesError(Reason.MATCH_OVER)
        dealer = (self.game.dealer + 1) % self.rules.players
        self.game = Game.new(self.rules, seed=f"{self.seed}/{len(self.results)}", dealer=dealer)
        self.scored = False
        return self.game
