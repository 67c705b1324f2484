"""A match: rounds of one game in a row, each scored, until a side reaches the target.

Each game says how a round scores (:meth:`Match.round_points`), how the next
round starts (:meth:`Match.new_round`) and whether the highest or the lowest
total wins; the bookkeeping is here, once.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Generic, TypeVar, cast

from .errors import MatchReason, RulesError, SaveError, SaveReason
from .protocol import Playable
from .savefile import is_int

GameT = TypeVar("GameT", bound=Playable)
OutcomeT = TypeVar("OutcomeT")
MAX_TARGET = 100_000


class Match(Generic[GameT, OutcomeT]):
    """Scores per side over several games (rounds) of one kind."""

    game: GameT
    lowest_wins: bool = False
    #: The game's own reason codes; they carry the values of :class:`MatchReason`.
    reasons: type[Enum] = MatchReason

    def __init__(self, target: int, sides: int) -> None:
        if not is_int(target) or not 1 <= target <= MAX_TARGET:
            raise RulesError(self.reasons(MatchReason.BAD_TARGET_SCORE.value), target=target)
        self.target = target
        self.scores = [0] * sides
        self.results: list[OutcomeT] = []
        self.scored = False

    def round_points(self, outcome: OutcomeT) -> Sequence[int]:
        """What each side scores for one finished game."""
        raise NotImplementedError

    def new_round(self) -> GameT:
        """The next game, after ``len(self.results)`` finished ones."""
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        return any(score >= self.target for score in self.scores)

    @property
    def leaders(self) -> list[int]:
        """The sides with the best total (the winners, sharing, once the match is over)."""
        best = min(self.scores) if self.lowest_wins else max(self.scores)
        return [i for i, score in enumerate(self.scores) if score == best]

    def record(self) -> OutcomeT:
        """Score the finished current game (only once) and return its outcome."""
        outcome = self.game.outcome
        if outcome is None:
            raise RulesError(self.reasons(MatchReason.GAME_NOT_OVER.value))
        if not self.scored:
            self.scored = True
            self.results.append(outcome)
            self._add(outcome)
        return cast(OutcomeT, outcome)

    def _add(self, outcome: OutcomeT) -> None:
        for side, points in enumerate(self.round_points(outcome)):
            self.scores[side] += points

    def restore(self, results: Sequence[OutcomeT], game: GameT, scored: bool) -> None:
        """Take over the finished games and the current one of a saved match.

        The totals are added up again from ``results``; a match that went on
        after its end, or a scored game that is not the last result, raises
        :class:`SaveError` (``save_inconsistent``).
        """
        last = len(results) - 1 if scored else len(results)
        for i, outcome in enumerate(results):
            self._add(outcome)
            if i < last and self.is_over:
                raise SaveError(SaveReason.INCONSISTENT, what="results")
        if scored and not (results and results[-1] == game.outcome):
            raise SaveError(SaveReason.INCONSISTENT, what="scored")
        self.game, self.results, self.scored = game, list(results), scored

    def next_game(self) -> GameT:
        """Start the next game."""
        self.record()
        if self.is_over:
            raise RulesError(self.reasons(MatchReason.MATCH_OVER.value))
        self.game = self.new_round()
        self.scored = False
        return self.game
