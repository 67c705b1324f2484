"""Hidden information: a seat sees stock tops, discard piles, its own hand, and counts."""

from __future__ import annotations

import json
from typing import Any

import pytest
from scenario import position

from skipbo_widgets.skipbo.engine import Game, Reason, Rules, RulesError, observe
from skipbo_widgets.skipbo.engine.events import Drew
from skipbo_widgets.skipbo.engine.observation import visible_event

VISIBLE: dict[str, Any] = dict(
    building=["1 2", "", "1"], discards=[["4", "", "W 7"], ["", "12"], []],
)

HIDDEN = [
    pytest.param(dict(stocks=["3 4 5 9", "1 2 8", "6 6"]),
                 dict(stocks=["5 4 3 9", "2 1 8", "10 6"]), id="cards under the stock tops"),
    pytest.param(dict(hands=["1 5", "1 2 3", "W"]), dict(hands=["1 5", "4 5 6", "9"]),
                 id="the other hands"),
    pytest.param(dict(seed=1), dict(seed=2), id="the order of the draw pile"),
]


def observations(seat: int, **changes: Any) -> tuple[object, str]:
    start: dict[str, Any] = dict(
        players=3, stocks=["3 4 5 9", "1 2 8", "6 6"], hands=["1 5", "1 2 3", "W"], **VISIBLE,
    )
    game = position(**(start | changes))
    view = observe(game, seat)
    return view, json.dumps(view.to_dict())


@pytest.mark.rule("SB-DEAL")
@pytest.mark.parametrize(("one", "other"), HIDDEN)
def test_what_a_seat_cannot_see_does_not_change_its_view(one: dict[str, Any],
                                                         other: dict[str, Any]) -> None:
    assert observations(0, **one) == observations(0, **other)


@pytest.mark.rule("SB-DEAL")
def test_what_a_seat_can_see_does_change_its_view() -> None:
    assert observations(1, hands=["1 5", "1 2 3", "W"]) != observations(1, hands=["1 5", "4 5 6",
                                                                                  "W"])
    assert observations(0, stocks=["3 9", "1 8", "6"]) != observations(0, stocks=["3 9", "1 2",
                                                                                  "6"])
    assert observations(0, stocks=["3 9", "1 8", "6"]) != observations(0, stocks=["3 9", "8",
                                                                                  "6"])


@pytest.mark.rule("SB-DEAL")
def test_the_view_of_one_seat() -> None:
    game = position(players=3, stocks=["3 4 5 9", "1 2 8", "6 6"], hands=["1 5", "1 2 3", "W"],
                    **VISIBLE)
    view = observe(game, 1)
    assert view.hand == (1, 2, 3)
    assert [(s.stock_top, s.stock_count, s.hand_count) for s in view.seats] == [
        (9, 4, 2), (8, 3, 3), (6, 2, 1)
    ]
    assert view.seats[0].discards == ((4,), (), (0, 7), ())
    assert view.building == ((1, 2), (), (1,), ())
    assert view.draw_count == len(game.draw_pile)
    assert view.legal_moves == ()
    assert observe(game, 0).legal_moves == tuple(game.legal_moves())


@pytest.mark.rule("SB-DEAL", "SB-TEAM-PLAY")
def test_a_partners_hand_is_hidden_too() -> None:
    start: dict[str, Any] = dict(players=4, teams=True, stocks=["9", "8", "7", "6"],
                                 hands=["1", "2", "3 4", "5"])
    one = observe(position(**start), 0)
    other = observe(position(**(start | dict(hands=["1", "2", "10 11", "5"]))), 0)
    assert one == other
    assert one.partner == 2 and one.seats[2].hand_count == 2


@pytest.mark.rule("SB-DEAL", "SB-REFILL")
def test_other_seats_see_how_many_cards_were_drawn_but_not_which() -> None:
    game = Game.new(Rules(players=3), seed=8, dealer=2)
    drew = game.events[-1]
    assert isinstance(drew, Drew) and drew.seat == 0
    mine = visible_event(drew, 0)
    theirs = visible_event(drew, 1)
    assert mine["cards"] == list(drew.cards)
    assert (theirs["cards"], theirs["count"]) == (None, 5)


@pytest.mark.rule("SB-DEAL")
@pytest.mark.parametrize("seat", [-1, -3, 3, 1.0, True, "0", None], ids=repr)
def test_a_seat_that_is_not_at_the_table_sees_nothing(seat: object) -> None:
    # seat -1 must not be read as "the last seat": that would show its hand.
    game = Game.new(Rules(players=3), seed=1, dealer=1)
    with pytest.raises(RulesError) as err:
        observe(game, seat)  # type: ignore[arg-type]
    assert (err.value.reason, dict(err.value.params)) == (Reason.BAD_SEAT,
                                                          {"seat": seat, "players": 3})
