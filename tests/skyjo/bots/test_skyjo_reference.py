"""The one-step expected-value reference: it plays as its docstring says, from the
seat's observation alone, and every bench claim is measured against it."""

from __future__ import annotations

from positions import decision_points, redealt

from skipbo_widgets.skyjo.bots.players import play_match
from skipbo_widgets.skyjo.bots.reference import OneStepBot
from skipbo_widgets.skyjo.bots.tournament import bench_bot
from skipbo_widgets.skyjo.engine import Rules, from_position


def test_it_is_the_benchs_reference() -> None:
    assert isinstance(bench_bot("reference"), OneStepBot)


def test_its_decisions_depend_only_on_the_seats_observation() -> None:
    bot, checked = OneStepBot(), 0
    for k, r in enumerate(decision_points(rounds=2)):
        if k % 7:
            continue
        seat = r.current
        other = redealt(r, k)
        assert other.observe(seat) == r.observe(seat)
        assert bot.choose_move(other.observe(seat)) == bot.choose_move(r.observe(seat))
        checked += 1
    assert checked >= 20


def _grid(up: dict[int, int]) -> list[tuple[int, bool]]:
    """Face-up cards at the given places; the face-down ones some cards (never seen)."""
    return [(up[p], True) if p in up else (p % 10, False) for p in range(12)]


def test_it_takes_the_lowest_grid_value_with_unknown_cards_at_the_unseen_mean() -> None:
    # A 1 on the discard pile: in place of the face-up 12 it saves 11 points, more than
    # in place of any face-down card (worth the unseen mean, about 5).
    r = from_position(Rules(players=2), grids=[_grid({0: 12, 4: 3}), _grid({0: 7, 1: 7})],
                      discard=[1], draw_pile=None, phase="play", current=0)
    assert str(OneStepBot().choose_move(r.observe(0))) == "take a1"
    # A drawn 9 helps nowhere (no face-up card is higher; a face-down one is worth the
    # mean): it is dropped and the first face-down card turned.
    r2 = from_position(Rules(players=2), grids=[_grid({0: 2, 4: 3}), _grid({0: 7, 1: 8})],
                       discard=[11], draw_pile=None, phase="play", current=0, drawn=9)
    assert str(OneStepBot().choose_move(r2.observe(0))) == "drop a2"


def test_it_ignores_the_doubling_and_ends_the_round_when_its_grid_gains() -> None:
    # Its last face-down card at d3 (worth the unseen mean, above 5) and a 0 on the
    # discard pile: it takes it there and ends the round with 43 points, while the other
    # shows 3 points with one face-down card: it will very likely be doubled.
    up = {p: 3 + p % 3 for p in range(11)}
    theirs = dict(enumerate((0, -1, 1, 2, 0, -1, 1, 0, 2, -1, 0)))
    r = from_position(Rules(players=2), grids=[_grid(up), _grid(theirs)],
                      discard=[0], draw_pile=None, phase="play", current=0)
    assert str(OneStepBot().choose_move(r.observe(0))) == "take d3"
    r.push_text("take d3")
    assert r.ender == 0 and r.visible_sum(0) == 43


def test_reference_games_end() -> None:
    match = play_match([OneStepBot(), OneStepBot(), OneStepBot()], Rules(players=3), seed=9)
    assert match.is_over and max(match.scores) >= 100
