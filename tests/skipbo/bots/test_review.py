"""Turn review: a blunder is a mistake, the best play is good, another order is as good."""

from __future__ import annotations

import itertools

import pytest
from bot_positions import TABLES, decision_points

from skipbo_widgets.skipbo.bots import (
    INACCURACY,
    MISTAKE,
    Explain,
    StrongBot,
    grade_of,
    review_segment,
    review_turn,
    search,
)
from skipbo_widgets.skipbo.engine import Move, Observation, Rules, from_position, observe


def _position(stock_top: int, building: list[list[int]], hand: list[int]) -> Observation:
    rules = Rules(players=2, stock_size=10)
    game = from_position(rules, stocks=[[3, 3, stock_top], [11, 11, 11]], hands=[hand, []],
                         building=building, draw_pile=None, seed=1)
    return observe(game, 0)


def test_thresholds() -> None:
    assert grade_of(0.0) == "good"
    assert grade_of(INACCURACY - 0.01) == "good"
    assert grade_of(INACCURACY) == "inaccuracy"
    assert grade_of(MISTAKE - 0.01) == "inaccuracy"
    assert grade_of(MISTAKE) == "mistake"


def test_missing_a_playable_stock_card_is_a_mistake() -> None:
    obs = _position(5, [[1, 2, 3, 4]], [9, 10, 11, 12, 12])
    review, used = review_segment(obs, [Move.parse("h9-d1")])
    assert used == 1
    assert review.grade == "mistake"
    assert (Explain.MISSED_STOCK, {"count": 1}) in review.reasons
    assert review.best[0] == Move.parse("s-b1")


def test_the_best_plan_is_good() -> None:
    obs = _position(5, [[1, 2, 3, 4]], [9, 10, 11, 12, 12])
    review, _ = review_segment(obs, [Move.parse("s-b1")])
    assert review.grade == "good" and review.loss == 0.0
    assert review.reasons == ((Explain.GOOD_TURN, {}),)


def test_wasting_a_wild_card_is_graded() -> None:
    # W onto a pile that needs 1 brings nothing: the stock card 9 stays far away
    obs = _position(9, [], [0, 4, 7, 11, 12])
    review, _ = review_segment(obs, [Move.parse("hW-b1"), Move.parse("h12-d1")])
    assert review.grade in ("inaccuracy", "mistake")
    assert any(code is Explain.WASTED_WILD for code, _ in review.reasons)


def test_another_order_to_the_same_end_state_is_as_good() -> None:
    permuted = 0
    for rules, levels in TABLES[:4]:
        for game, obs in decision_points(rules, levels, seed="orders", limit=150):
            best = search(obs).best
            plays = [m for m in best.moves if m.is_play]
            if len(plays) < 2 or len(plays) > 4:
                continue
            rest = list(best.moves[len(plays):])
            for order in itertools.permutations(plays):
                if list(order) == plays:
                    continue
                trial = game.copy()
                if not all(trial.can_move(m) and trial.push(m) for m in order):
                    continue
                review, used = review_segment(obs, [*order, *rest])
                if used != len(best.moves):
                    continue  # this order reaches a chance point earlier
                assert review.loss == 0.0 and review.grade == "good"
                permuted += 1
    assert permuted >= 20


def test_the_strong_bots_own_turns_review_as_good() -> None:
    turns = 0
    bot = StrongBot()
    for rules, levels in TABLES[:2]:
        for game, obs in decision_points(rules, levels, seed="self-review", limit=60):
            if obs.seat != game.current or obs.me.stock_count == 0:
                continue
            steps: list[tuple[Observation, Move]] = []
            seat = obs.seat
            while game.outcome is None and game.current == seat:
                view = observe(game, seat)
                plan = bot.choose_turn(view)
                for move in plan:
                    steps.append((observe(game, seat), move))
                    game.push(move, by=seat)
                    if game.outcome is not None or game.current != seat:
                        break
            review = review_turn(steps)
            assert review.grade == "good", (review, [str(m) for _, m in steps])
            turns += 1
    assert turns >= 50



@pytest.mark.slow
def test_the_best_plan_belongs_to_the_segment_where_the_review_says_it_starts() -> None:
    from skipbo_widgets.skipbo.bots import make_bot, review_turn
    from skipbo_widgets.skipbo.engine import Game, Rules, observe

    later = 0
    bot = make_bot("beginner", seed=1)
    for seed in range(40):
        game = Game.new(Rules(players=2, stock_size=10), seed=seed)
        while not game.is_over and game.turn < 30:
            seat, steps = game.current, []
            while not game.is_over and game.current == seat:
                obs = observe(game, seat)
                move = bot.choose_move(obs)
                steps.append((obs, move))
                game.push(move)
            review = review_turn(steps)
            assert 0 <= review.start < len(steps)
            if review.best:
                assert review.best[0] in steps[review.start][0].legal_moves
            later += review.start > 0
    assert later > 0  # some worst segments started after a chance point
