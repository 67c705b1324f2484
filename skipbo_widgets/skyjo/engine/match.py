"""A Skyjo match (``SJ-GAME-END``): rounds until someone has 100 points or more.

The lowest total wins and tied players share the win; the player who ended
a round starts the next (``SJ-FIRST``). The bookkeeping is the core's
:class:`~skipbo_widgets.core.match.Match`.

>>> m = Match(Rules(players=3), seed="demo")
>>> m.target, m.lowest_wins, m.scores, m.game.phase
(100, True, [0, 0, 0], 'setup')
"""

from __future__ import annotations

from ...core import match
from ...core.savefile import MAX_MATCH_SEED_LENGTH, is_seed
from .errors import Reason, RulesError
from .game import Outcome, Round
from .rules import MATCH_TARGET, Rules


class Match(match.Match[Round, Outcome]):
    """Each seat's total over several rounds; lowest wins once a total reaches the target."""

    lowest_wins = True
    reasons = Reason

    def __init__(self, rules: Rules | None = None, *, seed: int | str | None = None,
                 target: int = MATCH_TARGET) -> None:
        self.rules = rules or Rules()
        super().__init__(target, self.rules.players)
        if seed is not None and not is_seed(seed, MAX_MATCH_SEED_LENGTH):  # round k: "<seed>/k"
            raise RulesError(Reason.BAD_SEED, max=MAX_MATCH_SEED_LENGTH)
        self.game = Round.new(self.rules, seed=seed)
        self.seed = self.game.seed

    def round_points(self, outcome: Outcome) -> tuple[int, ...]:
        return outcome.scores

    def new_round(self) -> Round:
        """The player who ended the last round starts (``SJ-FIRST``)."""
        ender = self.results[-1].ender
        return Round.new(self.rules, seed=f"{self.seed}/{len(self.results)}", starter=ender)
