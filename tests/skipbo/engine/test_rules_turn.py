"""A turn: refill, play from stock, discard piles and hand, an empty hand mid-turn."""

from __future__ import annotations

from typing import Any

import pytest
from scenario import assert_position, check_scenario, kinds, moves_text, position

from skipbo_widgets.skipbo.engine import Game, Rules
from skipbo_widgets.skipbo.engine.events import Drew, Played, StockTurned, TurnStarted

# -- SB-REFILL ----------------------------------------------------------------

REFILLS = [
    pytest.param(
        dict(stocks=["9", "8"], hands=["7", "1 2"], draw="4 5 6 10"), "h7-d1",
        dict(current=1, hands=["", "1 2 4 5 6"], draw=154),
        ["Discarded", "TurnEnded", "TurnStarted", "Drew"],
        id="two cards held: draw three",
    ),
    pytest.param(
        dict(stocks=["9", "8"], hands=["7", ""], draw="4 5 6 10 11 3"), "h7-d1",
        dict(current=1, hands=["", "4 5 6 10 11"], draw=154),
        ["Discarded", "TurnEnded", "TurnStarted", "Drew"],
        id="empty hand: draw five",
    ),
    pytest.param(
        dict(stocks=["9", "8"], hands=["7", "1 2 3 4 W"], draw="4 5"), "h7-d1",
        dict(current=1, hands=["", "W 1 2 3 4"], draw=154),
        ["Discarded", "TurnEnded", "TurnStarted"],
        id="full hand: draw nothing",
    ),
]


@pytest.mark.rule("SB-REFILL", "SB-NEXT")
@pytest.mark.parametrize(("start", "moves", "expected", "events"), REFILLS)
def test_refill_at_the_start_of_a_turn(start: dict[str, Any], moves: str,
                                       expected: dict[str, Any], events: list[str]) -> None:
    check_scenario(start, moves, expected, events)


@pytest.mark.rule("SB-REFILL")
def test_the_drawn_cards_are_the_top_of_the_draw_pile_in_order() -> None:
    game = position(stocks=["9", "8"], hands=["7", "1 2"], draw="4 W 6 10")
    events = game.push_text("h7-d1")
    assert events[-2:] == [TurnStarted(1, 2), Drew(1, (4, 0, 6), False)]
    assert game.draw_pile[-1] == 10


@pytest.mark.rule("SB-REFILL")
@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_players_first_turn_draws_five(players: int) -> None:
    game = Game.new(Rules(players=players, stock_size=5), seed=11, dealer=0)
    for _ in range(players):
        seat = game.current
        drew = [e for e in game.events if isinstance(e, Drew)][-1]
        assert (drew.seat, len(drew.cards), drew.empty_hand) == (seat, 5, False)
        assert game.hand_size(seat) == 5
        game.push(next(m for m in game.legal_moves() if m.is_discard))


# -- SB-PLAY ------------------------------------------------------------------

PLAYS = [
    pytest.param(
        dict(stocks=["9 1", "8"], hands=["5", ""]), "s-b1",
        dict(building=["1", "", "", ""], stocks=["9", "8"]),
        ["Played", "StockTurned"], id="stock 1 starts a pile; the 9 is turned up",
    ),
    pytest.param(
        dict(stocks=["9 4", "8"], hands=["5", ""], building=["1 2 3"]), "s-b1",
        dict(building=["1 2 3 4", "", "", ""], stocks=["9", "8"]),
        ["Played", "StockTurned"], id="stock 4 onto a 3",
    ),
    pytest.param(
        dict(stocks=["9", "8"], hands=["5", ""], discards=[["", "3 1"], []]), "d2-b1",
        dict(building=["1", "", "", ""], discards=[["", "3", "", ""], ["", "", "", ""]]),
        ["Played"], id="discard top starts a pile",
    ),
    pytest.param(
        dict(stocks=["9", "8"], hands=["5", ""], discards=[["", "", "", "2"], []],
             building=["", "1"]), "d4-b2",
        dict(building=["", "1 2", "", ""], discards=[["", "", "", ""], ["", "", "", ""]]),
        ["Played"], id="discard top onto pile 2",
    ),
    pytest.param(
        dict(stocks=["9", "8"], hands=["1 5 5", ""]), "h1-b3",
        dict(building=["", "", "1", ""], hands=["5 5", ""]),
        ["Played"], id="hand 1 starts pile 3",
    ),
    pytest.param(
        dict(stocks=["9", "8"], hands=["W 5", ""]), "hW-b1",
        dict(building=["W", "", "", ""], hands=["5", ""]),
        ["Played"], id="hand wild starts a pile as 1",
    ),
    pytest.param(
        dict(stocks=["9", "8"], hands=["5 6 7 10", ""], building=["1 2 3 4"]),
        "h5-b1 h6-b1 h7-b1",
        dict(building=["1 2 3 4 5 6 7", "", "", ""], hands=["10", ""]),
        ["Played"], id="any number of plays in a row",
    ),
    pytest.param(
        dict(stocks=["9 3", "8"], hands=["2 7", ""], discards=[["1"], []]),
        "d1-b1 h2-b1 s-b1",
        dict(building=["1 2 3", "", "", ""], stocks=["9", "8"], hands=["7", ""],
             discards=[["", "", "", ""], ["", "", "", ""]]),
        ["Played", "StockTurned"], id="discard, hand and stock in any order",
    ),
    pytest.param(
        dict(stocks=["9", "8"], hands=["1 1 1 1 5", ""]),
        "h1-b1 h1-b2 h1-b3 h1-b4",
        dict(building=["1", "1", "1", "1"], hands=["5", ""]),
        ["Played"], id="four building piles",
    ),
]


@pytest.mark.rule("SB-PLAY")
@pytest.mark.parametrize(("start", "moves", "expected", "events"), PLAYS)
def test_plays(start: dict[str, Any], moves: str, expected: dict[str, Any],
               events: list[str]) -> None:
    check_scenario(start, moves, expected, events)


@pytest.mark.rule("SB-PLAY")
def test_playing_the_stock_top_turns_up_the_next_card() -> None:
    game = position(stocks=["9 5 1", "8"], hands=["5", ""])
    events = game.push_text("s-b2")
    assert events == [Played(0, "s", 0, -1, 1, 1, 1), StockTurned(0, 5, 2)]


@pytest.mark.rule("SB-PLAY")
@pytest.mark.parametrize(
    ("start", "expected"),
    [
        pytest.param(dict(hands=["2 3 4 5 6", ""]), [],
                     id="no 1 and no wild: no pile can start"),
        pytest.param(dict(hands=["1 3 4 5 6", ""]), ["h1-b1", "h1-b2", "h1-b3", "h1-b4"],
                     id="a 1 starts any empty pile"),
        pytest.param(dict(hands=["2 3 4 5 6", ""], building=["1 2", "1", "", "1 2 3 4 5"]),
                     ["h2-b2", "h3-b1", "h6-b4"], id="each card only where it is needed"),
        pytest.param(dict(hands=["2 3 4 5 6", ""], building=["1 2 3", "1 2 3"]),
                     ["h4-b1", "h4-b2"], id="equal piles: both"),
        pytest.param(dict(hands=["9 9 9 9 9", ""], building=["1 2 3 4 5 6 7 8 9 10"]),
                     [], id="never downward or sideways"),
    ],
)
def test_a_pile_starts_with_1_and_goes_strictly_upward(start: dict[str, Any],
                                                       expected: list[str]) -> None:
    game = position(stocks=["12", "12"], **start)
    assert [m for m in moves_text(game) if m.endswith(("b1", "b2", "b3", "b4"))] == expected


@pytest.mark.rule("SB-PLAY", "SB-WILD")
def test_stock_and_discard_tops_are_offered_where_they_fit() -> None:
    game = position(stocks=["9 3", "8"], hands=["12", ""], building=["1 2", "1"],
                    discards=[["4 2", "", "W"], []])
    plays = [m for m in moves_text(game) if "-b" in m]
    assert plays == ["s-b1", "d1-b2", "d3-b1", "d3-b2", "d3-b3", "d3-b4"]


# -- SB-EMPTY-HAND ------------------------------------------------------------

EMPTY_HAND = [
    pytest.param(
        dict(stocks=["9 7", "8"], hands=["1", ""], draw="2 3 4 5 6 10"), "h1-b1",
        dict(current=0, building=["1", "", "", ""], hands=["2 3 4 5 6", ""], draw=153),
        ["Played", "Drew"], id="last hand card played: draw five at once",
    ),
    pytest.param(
        dict(stocks=["9 7", "8"], hands=["1", ""], draw="2 3 4 5 6 10"),
        "h1-b1 h2-b1 h3-b1 h4-b1 h5-b1 h6-b1 s-b1",
        dict(current=0, building=["1 2 3 4 5 6 7", "", "", ""], stocks=["9", "8"],
             hands=["10 12 12 12 12", ""], draw=148),
        ["Played", "StockTurned"], id="and keep playing; empty again: draw again",
    ),
    pytest.param(
        dict(stocks=["9 1", "8"], hands=["5", ""], draw="2 3 4 5 6 10"), "s-b1",
        dict(current=0, hands=["5", ""], draw=158),
        ["Played", "StockTurned"], id="a stock play never draws",
    ),
]


@pytest.mark.rule("SB-EMPTY-HAND")
@pytest.mark.parametrize(("start", "moves", "expected", "events"), EMPTY_HAND)
def test_an_empty_hand_draws_five_mid_turn(start: dict[str, Any], moves: str,
                                           expected: dict[str, Any], events: list[str]) -> None:
    check_scenario(start, moves, expected, events)


@pytest.mark.rule("SB-EMPTY-HAND")
def test_the_mid_turn_draw_is_marked_as_an_empty_hand_draw() -> None:
    game = position(stocks=["9 7", "8"], hands=["1", ""], draw="2 3 4 5 6 10")
    events = game.push_text("h1-b1")
    assert events[-1] == Drew(0, (2, 3, 4, 5, 6), True)
    assert kinds(events) == ["Played", "Drew"]
    assert_position(game, current=0, turn=1)


def test_last_events_are_what_pop_takes_back() -> None:
    game = Game.new(Rules(players=2), seed=4, dealer=1)
    assert game.last_events() == []
    events = game.push(game.legal_moves()[-1])
    assert game.last_events() == events and events
    game.pop()
    assert game.last_events() == []
