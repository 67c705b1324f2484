"""The points the Skyjo review says, checked by play-outs, not by the estimate itself.

After the learner's move and after the best one, the rest of the round is played by
strong bots for every seat, the unseen cards dealt anew each time (the same deal for
both moves); the mean difference of the learner's round score is what the move cost.
"""

from __future__ import annotations

import math

import pytest
from positions import redealt

from skipbo_widgets.skyjo.bots import Explain, make_bot, review_move
from skipbo_widgets.skyjo.bots.players import play_round
from skipbo_widgets.skyjo.engine import Move, Round, Rules

PLAYOUTS = 200


def walker_positions(count: int) -> list[tuple[Round, Move]]:
    """Strong-bot two-player rounds: the first decision of each where putting the drawn
    card on a face-down card is reviewed with points while the best move puts it on a
    face-up card (what a learner asked about)."""
    bot, found = make_bot("strong"), []
    for seed in range(50):
        r = Round.new(Rules(players=2), seed=f"calibrate/{seed}")
        while r.outcome is None:
            obs = r.observe(r.current)
            if obs.drawn is not None:
                for move in obs.legal_moves:
                    review = review_move(obs, move)
                    if review.reasons[0][0] is Explain.LOST and move.kind == "swap" \
                            and move.place in obs.me.hidden and review.best.kind == "swap" \
                            and review.best.place not in obs.me.hidden:
                        found.append((r.copy(), move))
                        break
                else:
                    r.push(bot.choose_move(obs), by=r.current)
                    continue
                break
            r.push(bot.choose_move(obs), by=r.current)
        if len(found) == count:
            return found
    raise AssertionError("too few positions")


def measured_cost(r: Round, move: Move, best: Move) -> tuple[float, float]:
    """The mean of the learner's score after ``move`` less after ``best``, and its
    standard error."""
    seat, bots = r.current, [make_bot("strong")] * r.rules.players
    diffs = []
    for i in range(PLAYOUTS):
        scores = []
        for m in (move, best):
            game = redealt(r, i)
            game.push(m, by=seat)
            outcome = play_round(bots, game).outcome
            assert outcome is not None
            scores.append(outcome.scores[seat])
        diffs.append(scores[0] - scores[1])
    mean = sum(diffs) / len(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
    return mean, math.sqrt(var / len(diffs))


@pytest.mark.slow
def test_the_points_a_review_says_are_what_play_outs_measure() -> None:
    for r, move in walker_positions(3):
        obs = r.observe(r.current)
        review = review_move(obs, move)
        said = review.reasons[0][1]["points"]
        mean, se = measured_cost(r, move, review.best)
        # "about N": whole points, so within half a point and the play-outs' own error
        assert abs(said - mean) <= 1.0 + 2.0 * se, (str(move), said, review.points, mean, se)
