"""The end of a game: the last stock card wins; a blocked game ends as a draw."""

from __future__ import annotations

from typing import Any

import pytest
from scenario import assert_position, check_scenario, kinds, moves_text, position

from skipbo_widgets.skipbo.engine import Outcome
from skipbo_widgets.skipbo.engine.events import GameDrawn, GameWon, StockTurned, TurnEnded

ELEVEN = "1 2 3 4 5 6 7 8 9 10 11"
TEN = "1 2 3 4 5 6 7 8 9 10"

# -- SB-WIN -------------------------------------------------------------------

WINS = [
    pytest.param(
        dict(stocks=["1", "8 8 8"], hands=["5 6", ""]), "s-b1",
        dict(stocks=["", "8 8 8"], hands=["5 6", ""], outcome=Outcome((0,), 40)),
        ["Played", "StockTurned", "GameWon"], id="last stock card: won, no discard",
    ),
    pytest.param(
        dict(stocks=["W", "8"], hands=["5", ""], building=["1 2 3"]), "s-b1",
        dict(building=["1 2 3 W", "", "", ""], outcome=Outcome((0,), 30)),
        ["Played", "StockTurned", "GameWon"], id="last stock card is wild",
    ),
    pytest.param(
        dict(stocks=["12", "8 8"], hands=["5", ""], building=[ELEVEN]), "s-b1",
        dict(building=["", "", "", ""], completed=12, outcome=Outcome((0,), 35)),
        ["Played", "StockTurned", "PileCompleted", "GameWon"], id="last stock card is a 12",
    ),
    pytest.param(
        dict(players=3, stocks=["9", "3 3 3", "4 4 4 4"], hands=["", "", "1 5"], current=2,
             building=["", "1 2 3"]), "h1-b1 s-b2",
        dict(stocks=["9", "3 3 3", "4 4 4"], hands=["", "", "5"], outcome=None),
        ["Played", "StockTurned"], id="a stock card that is not the last: play goes on",
    ),
    pytest.param(
        dict(players=3, stocks=["9 9", "3 3 3", "2"], hands=["", "", "1 5"], current=2),
        "h1-b1 s-b1",
        dict(outcome=Outcome((2,), 50)), ["Played", "StockTurned", "GameWon"],
        id="3 players: 25 + 5 per card in both other stocks",
    ),
]


@pytest.mark.rule("SB-WIN", "SB-SCORE")
@pytest.mark.parametrize(("start", "moves", "expected", "events"), WINS)
def test_the_last_stock_card_wins_at_once(start: dict[str, Any], moves: str,
                                          expected: dict[str, Any], events: list[str]) -> None:
    check_scenario(start, moves, expected, events)


@pytest.mark.rule("SB-WIN")
def test_the_won_game_is_over() -> None:
    game = position(stocks=["1", "8 8 8"], hands=["5 6", ""])
    events = game.push_text("s-b1")
    assert events[-2:] == [StockTurned(0, None, 0), GameWon((0,), 40)]
    assert game.is_over
    assert (game.current, game.turn) == (0, 1)
    assert game.legal_moves() == []


@pytest.mark.rule("SB-WIN")
def test_emptying_the_hand_is_no_win() -> None:
    game = position(stocks=["9", "8"], hands=["1", ""], draw="2 3 4 5 6")
    game.push_text("h1-b1")
    assert not game.is_over


# -- SB-BLOCKED ---------------------------------------------------------------


def dead_table(**overrides: Any) -> dict[str, Any]:
    """A table with an empty draw pile, no completed piles, every pile needing an 11."""
    start: dict[str, Any] = dict(
        stocks=["5", "6"], hands=["", ""], building=[TEN] * 4,
        discards=[[], ["", "", "", "3"]], rest="discard",
    )
    return start | overrides


BLOCKED = [
    pytest.param(
        dead_table(hands=["7", "1 2"]), "h7-d1",
        dict(current=1, hands=["", "1 2"], draw=0),
        ["Discarded", "TurnEnded", "TurnStarted"], id="nothing to draw: the refill stops",
    ),
    pytest.param(
        dead_table(hands=["7", "1 2"], draw="9 9"), "h7-d1",
        dict(current=1, hands=["", "1 2 9 9"], draw=0),
        ["Discarded", "TurnEnded", "TurnStarted", "Drew"],
        id="draws what there is and stops",
    ),
    pytest.param(
        dead_table(hands=["11", ""]), "h11-b1",
        dict(current=0, hands=["", ""], draw=0),
        ["Played"], id="an empty hand mid-turn that cannot draw",
    ),
    pytest.param(
        dead_table(hands=["11", ""]), "h11-b1 end",
        dict(current=1, turn=2, hands=["", ""], outcome=None),
        ["TurnEnded", "TurnStarted"], id="ends the turn with end",
    ),
    pytest.param(
        dead_table(), "end end",
        dict(current=1, turn=2, outcome=Outcome((), 0)),
        ["TurnEnded", "GameDrawn"], id="a round with no card moved: draw",
    ),
    pytest.param(
        dead_table(players=3, stocks=["5", "6", "7"], hands=["", "", ""],
                   discards=[[], [], ["", "", "", "3"]]), "end end end",
        dict(current=2, turn=3, outcome=Outcome((), 0)),
        ["TurnEnded", "GameDrawn"], id="3 players: three idle turns",
    ),
    pytest.param(
        dead_table(discards=[["11"], ["", "", "", "3"]]), "d1-b1 end end",
        dict(current=0, turn=3, outcome=None),
        ["TurnEnded", "TurnStarted"], id="a card moved, then one idle turn: play on",
    ),
    pytest.param(
        dead_table(discards=[["11"], ["", "", "", "3"]]), "d1-b1 end end end",
        dict(current=0, turn=3, outcome=Outcome((), 0)),
        ["TurnEnded", "GameDrawn"], id="then a full idle round: draw",
    ),
]


# Reachable only after a blocked draw: the hand is empty and nothing could be
# drawn, then a pile is completed. Now the player *can* draw, so the empty hand
# draws five at once (SB-EMPTY-HAND) instead of leaving only ``end``.
UNBLOCKED = [
    pytest.param(
        dead_table(stocks=["5 12", "6"], building=[ELEVEN, TEN, TEN, TEN]), "s-b1",
        dict(current=0, stocks=["5", "6"], completed=0, draw=7),
        ["Played", "StockTurned", "PileCompleted", "Recycled", "Drew"],
        id="a stock 12 completes a pile: recycle it and draw",
    ),
    pytest.param(
        dead_table(building=[TEN, ELEVEN, TEN, TEN], discards=[["", "12"], ["", "", "", "3"]]),
        "d2-b2",
        dict(current=0, completed=0, draw=7),
        ["Played", "PileCompleted", "Recycled", "Drew"],
        id="a discard 12 completes a pile: recycle it and draw",
    ),
    pytest.param(
        dead_table(stocks=["5 W", "6"], building=[ELEVEN, TEN, TEN, TEN]), "s-b2 end",
        dict(current=1, hands=["", ""]),
        ["TurnEnded", "TurnStarted"],
        id="nothing completed: the turn still ends with end",
    ),
]


@pytest.mark.rule("SB-BLOCKED", "SB-EMPTY-HAND", "SB-RECYCLE")
@pytest.mark.parametrize(("start", "moves", "expected", "events"), UNBLOCKED)
def test_an_empty_hand_draws_as_soon_as_there_is_something_to_draw(
    start: dict[str, Any], moves: str, expected: dict[str, Any], events: list[str]
) -> None:
    game = check_scenario(start, moves, expected, events)
    for text in moves.split():
        game.push_text(text)
    assert game.hand_size(0) == (5 if moves == "s-b1" or moves == "d2-b2" else 0)
    assert ("end" in moves_text(game)) is (game.hand_size(game.current) == 0)


@pytest.mark.rule("SB-BLOCKED")
@pytest.mark.parametrize(("start", "moves", "expected", "events"), BLOCKED)
def test_blocked_game(start: dict[str, Any], moves: str, expected: dict[str, Any],
                      events: list[str]) -> None:
    check_scenario(start, moves, expected, events)


@pytest.mark.rule("SB-BLOCKED")
def test_end_is_offered_only_with_an_empty_hand() -> None:
    game = position(**dead_table(hands=["11 9", ""]))
    assert "end" not in moves_text(game)
    game.push_text("h11-b1")
    assert "end" not in moves_text(game)
    game.push_text("h9-d1")
    game.push_text("end")
    assert moves_text(game) == ["end"]


@pytest.mark.rule("SB-BLOCKED")
def test_the_drawn_game_events() -> None:
    game = position(**dead_table())
    first = game.push_text("end")
    assert first[0] == TurnEnded(0, False)
    last = game.push_text("end")
    assert last == [TurnEnded(1, False), GameDrawn(2)]
    assert game.is_over and game.outcome is not None and game.outcome.is_draw
    assert game.legal_moves() == []
    assert kinds(game.events) == ["TurnEnded", "TurnStarted", "TurnEnded", "GameDrawn"]
    assert_position(game, outcome=Outcome((), 0))
