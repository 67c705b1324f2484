"""The end of a turn: one hand card onto a discard pile; the turn passes to the left."""

from __future__ import annotations

from typing import Any

import pytest
from scenario import check_scenario, moves_text, position

from skipbo_widgets.skipbo.engine import WILD
from skipbo_widgets.skipbo.engine.events import Discarded, Drew, TurnEnded, TurnStarted

NO_DISCARDS = ["", "", "", ""]

DISCARDS = [
    pytest.param(
        dict(stocks=["9", "8"], hands=["3 7", "1 2 3 4 5"]), "h7-d1",
        dict(current=1, turn=2, hands=["3", "1 2 3 4 5"],
             discards=[["7", "", "", ""], NO_DISCARDS]),
        id="a number card onto an empty pile",
    ),
    pytest.param(
        dict(stocks=["9", "8"], hands=["W 7", "1 2 3 4 5"]), "hW-d4",
        dict(current=1, hands=["7", "1 2 3 4 5"], discards=[["", "", "", "W"], NO_DISCARDS]),
        id="Decision: a wild card may be discarded",
    ),
    pytest.param(
        dict(stocks=["9", "8"], hands=["3 7", "1 2 3 4 5"], discards=[["", "9 4"], []]),
        "h7-d2",
        dict(current=1, discards=[["", "9 4 7", "", ""], NO_DISCARDS]),
        id="order on the pile does not matter",
    ),
    pytest.param(
        dict(stocks=["9", "8"], hands=["3 7", "1 2 3 4 5"], discards=[["5", "6", "7", ""], []]),
        "h3-d3",
        dict(current=1, discards=[["5", "6", "7 3", ""], NO_DISCARDS]),
        id="onto a used pile while another is empty",
    ),
    pytest.param(
        dict(stocks=["9", "8"], hands=["3 3 3 3 7", "1 2 3 4 5"],
             discards=[["5", "6", "7", "8"], []]),
        "h3-d4",
        dict(current=1, hands=["3 3 3 7", "1 2 3 4 5"],
             discards=[["5", "6", "7", "8 3"], NO_DISCARDS]),
        id="four piles in use: any of them",
    ),
    pytest.param(
        dict(stocks=["9 1", "8"], hands=["3 7", "1 2 3 4 5"]), "s-b1 h3-d1",
        dict(current=1, building=["1", "", "", ""], hands=["7", "1 2 3 4 5"],
             discards=[["3", "", "", ""], NO_DISCARDS]),
        id="after some plays",
    ),
]


@pytest.mark.rule("SB-DISCARD", "SB-NEXT")
@pytest.mark.parametrize(("start", "moves", "expected"), DISCARDS)
def test_a_discard_ends_the_turn(start: dict[str, Any], moves: str,
                                 expected: dict[str, Any]) -> None:
    check_scenario(start, moves, expected)


@pytest.mark.rule("SB-DISCARD", "SB-NEXT")
def test_the_turn_may_end_at_once_without_playing() -> None:
    game = position(stocks=["9 1", "8"], hands=["1 2 3 4 W", "5"], draw="6 7 8 9")
    assert "s-b1" in moves_text(game)
    events = game.push_text("hW-d2")
    assert events == [
        Discarded(0, WILD, 1), TurnEnded(0, True), TurnStarted(1, 2), Drew(1, (6, 7, 8, 9), False)
    ]


@pytest.mark.rule("SB-DISCARD", "SB-WILD")
def test_decision_a_wild_card_may_be_discarded() -> None:
    game = position(stocks=["9", "8"], hands=["W", ""], discards=[["3"], []])
    assert [m for m in moves_text(game) if "-d" in m] == ["hW-d1", "hW-d2", "hW-d3", "hW-d4"]
    events = game.push_text("hW-d1")
    assert events[:2] == [Discarded(0, WILD, 0), TurnEnded(0, True)]
    assert game.discards[0][0] == [3, WILD]


@pytest.mark.rule("SB-DISCARD")
def test_every_hand_card_may_go_onto_every_discard_pile() -> None:
    game = position(stocks=["9", "8"], hands=["W 3 3 12", ""], discards=[["1", "", "5 5"], []])
    discards = [m for m in moves_text(game) if "-d" in m]
    assert discards == [f"h{c}-d{p}" for c in ("W", "3", "12") for p in (1, 2, 3, 4)]


@pytest.mark.rule("SB-DISCARD", "SB-PLAY")
@pytest.mark.parametrize(
    ("discard_pile", "building", "playable"),
    [
        pytest.param("5 2", "1", True, id="the top fits"),
        pytest.param("2 5", "1", False, id="the card under the top does not count"),
        pytest.param("5 4 3 2", "1 2 3", False, id="not even when the top cannot play"),
        pytest.param("W 9", "1 2", False, id="a wild card under the top stays there"),
    ],
)
def test_only_the_top_of_a_discard_pile_is_played(discard_pile: str, building: str,
                                                  playable: bool) -> None:
    game = position(stocks=["12", "12"], hands=["9", ""], building=[building, building,
                                                                      building, building],
                    discards=[[discard_pile], []])
    assert any(m.startswith("d1-") for m in moves_text(game)) is playable


@pytest.mark.rule("SB-NEXT")
@pytest.mark.parametrize(("players", "current", "following"),
                         [(2, 0, 1), (2, 1, 0), (3, 0, 1), (3, 2, 0), (6, 5, 0), (6, 2, 3)])
def test_the_turn_passes_to_the_left(players: int, current: int, following: int) -> None:
    hands = ["7" if seat == current else "" for seat in range(players)]
    game = position(players, stocks=["9"] * players, hands=hands, current=current)
    game.push_text("h7-d1")
    assert (game.current, game.turn) == (following, 2)
