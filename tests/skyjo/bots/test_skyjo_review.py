"""Skyjo turn review: graded by the expected points a move lost against the best."""

from __future__ import annotations

import math

from positions import decision_points

from skipbo_widgets.skyjo.bots import (
    INACCURACY,
    MISTAKE,
    Explain,
    choices,
    hint,
    review_move,
    review_turn,
)
from skipbo_widgets.skyjo.bots.review import grade_of, measurable
from skipbo_widgets.skyjo.engine import Rules, from_position
from skipbo_widgets.skyjo.engine.moves import DRAW, SWAPS, TAKES


def test_grades_follow_the_thresholds() -> None:
    assert [grade_of(x) for x in (0.0, INACCURACY - 0.01, INACCURACY, MISTAKE - 0.01, MISTAKE)] \
        == ["good", "good", "inaccuracy", "inaccuracy", "mistake"]


def test_the_hinted_move_is_good_and_every_loss_is_measured_against_it() -> None:
    grades, codes = set(), set()
    for r in decision_points(rounds=2, players=(2,)):
        obs = r.observe(r.current)
        table, own = choices(obs), choices(obs, own=True)
        assert review_move(obs, hint(obs).move).grade == "good"
        for move in obs.legal_moves:
            review = review_move(obs, move)
            loss = table.of(move).value - table.best.value
            assert review.loss == max(0.0, loss) and review.best == table.best.move
            grades.add(review.grade)
            if review.grade != "good":
                code, params = review.reasons[0]
                codes.add(code)
                assert params["best"] == str(table.best.move)
                # the player's own points, whole, rounded halves up: never "about 2.5"
                points = math.floor(own.of(move).value - own.of(table.best.move).value + 0.5)
                # said only for moves whose kind play-outs back (test_skyjo_review_playouts)
                backed = measurable(obs, move) and measurable(obs, table.best.move)
                if code is Explain.LOST:
                    assert params["points"] == points >= 2 and backed
                    assert isinstance(params["points"], int)
                else:
                    assert code is Explain.BETTER and (points < 2 or not backed)
    assert grades == {"good", "inaccuracy", "mistake"}
    assert codes == {Explain.LOST, Explain.BETTER}


def test_putting_a_drawn_12_on_a_face_up_minus_2_is_a_mistake() -> None:
    up = [(-2, True), (5, True), (6, False)] + [(7, False)] * 9
    other = [(4, False), (4, False)] + [(c, True) for c in (3, 2, 1, 3) * 2 + (2, 1)]
    r = from_position(Rules(players=2), grids=[up, other],
                      discard=[1], draw_pile=None, phase="play", current=0, drawn=12)
    review = review_move(r.observe(0), SWAPS[0])
    assert review.grade == "mistake" and review.loss >= 14 - 1  # 12 - (-2), less a column hope


def test_a_turn_gets_the_review_of_its_worst_move() -> None:
    up = [(-2, True), (5, True), (6, False)] + [(7, False)] * 9
    other = [(4, False), (4, False)] + [(c, True) for c in (3, 2, 1, 3) * 2 + (2, 1)]
    r = from_position(Rules(players=2), grids=[up, other], discard=[0], draw_pile=None,
                      phase="play", current=0)
    before = r.observe(0)
    r.push(DRAW)
    held = r.observe(0)
    worst = max(review_move(held, m).loss for m in held.legal_moves)
    bad = next(m for m in held.legal_moves if review_move(held, m).loss == worst)
    turn = review_turn([(before, DRAW), (held, bad)])
    assert turn == review_move(held, bad) and turn.loss >= review_move(before, DRAW).loss
    assert review_turn([(before, TAKES[1])]) == review_move(before, TAKES[1])
