"""The strong bot times the end of a round against the doubling rule (SJ-DOUBLE)."""

from __future__ import annotations

import pytest
from positions import decision_points, redealt

from skipbo_widgets.skyjo.bots import Explain, choices, hint, make_bot
from skipbo_widgets.skyjo.bots.expect import ending_points
from skipbo_widgets.skyjo.engine import Round, Rules, from_position

HIGH = [(5, False), *[(v, True) for v in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)]]  # shows 66
LOW = [(0, True), (-1, True), (1, True), *[(v, True) for v in (2, 0, -1, 1, 0, 2, -1, 0)],
       (3, False)]  # shows 3


def _position(mine: list[tuple[int, bool]], theirs: list[tuple[int, bool]]) -> Round:
    return from_position(Rules(players=2), grids=[mine, theirs], discard=[12],
                         draw_pile=None, phase="play", current=0, drawn=3)


def test_it_does_not_go_out_above_the_others_and_the_hint_says_why() -> None:
    r = _position(HIGH, LOW)
    table = choices(r.observe(0))
    assert any(c.ends for c in table.choices) and not table.best.ends
    after = r.copy()
    after.push(make_bot("strong").choose_move(r.observe(0)))
    assert after.ender is None
    reasons = dict(hint(r.observe(0)).ladder(3))
    assert reasons[Explain.HOLD_BACK_ABOVE] == {"mine": 66, "seat": 1, "theirs": 3}


def test_it_goes_out_when_it_is_surely_lowest_and_says_its_score() -> None:
    r = _position(LOW[::-1], HIGH)  # its one face-down card is at a1 now
    table = choices(r.observe(0))
    assert table.best.ends
    after = r.copy()
    after.push(table.best.move)
    reasons = dict(hint(r.observe(0)).ladder(3))
    assert reasons[Explain.END_ROUND]["score"] == after.visible_sum(0)
    assert reasons[Explain.END_ROUND]["chance"] >= 95


def test_ending_points_are_the_engines_doubled_score() -> None:
    rules = Rules(players=2)
    assert ending_points(20, 0.0, rules) == rules.doubled(20) == 40
    assert ending_points(20, 1.0, rules) == 20
    assert ending_points(-4, 0.0, Rules(players=2, doubling="positive")) == -4


@pytest.mark.slow
def test_the_chance_a_hint_gives_of_ending_with_the_fewest_points_alone_is_about_right() -> None:
    """"The chance that you alone have the fewest points is about 87%": the round played
    on from the hint's move a hundred times, the unseen cards dealt anew each time and
    the others playing their last turns as the strong bot, ends with the seat strictly
    lowest (not doubled) about that often. An estimate, so within 25 points."""
    strong = make_bot("strong")
    checked = 0
    for r in decision_points(rounds=12, players=(2, 4)):
        found = hint(r.observe(r.current))
        said = dict(found.ladder(3)).get(Explain.END_ROUND)
        if said is None:
            continue
        lowest = 0
        for k in range(100):
            g = redealt(r, k)
            g.push(found.move, by=r.current)
            while g.outcome is None:
                g.push(strong.choose_move(g.observe(g.current)), by=g.current)
            lowest += not g.outcome.doubled  # doubled: not strictly lowest (SJ-DOUBLE)
        assert abs(lowest - said["chance"]) <= 25, (said, lowest)
        checked += 1
    assert checked >= 2
