"""Building piles: the wild card, completed piles, recycling them into a draw pile."""

from __future__ import annotations

from typing import Any

import pytest
from scenario import assert_position, check_scenario, kinds, position

from skipbo_widgets.skipbo.engine import WILD
from skipbo_widgets.skipbo.engine.events import Drew, PileCompleted, Played, Recycled

ELEVEN = "1 2 3 4 5 6 7 8 9 10 11"

# -- SB-WILD ------------------------------------------------------------------

WILDS = [
    pytest.param(dict(stocks=["9", "8"], hands=["W 5", ""]), "hW-b1", 1,
                 dict(building=["W", "", "", ""], hands=["5", ""]), id="hand wild as 1"),
    pytest.param(dict(stocks=["9", "8"], hands=["W 5", ""], building=["1 2 3 4 5 6"]),
                 "hW-b1", 7, dict(building=["1 2 3 4 5 6 W", "", "", ""]), id="hand wild as 7"),
    pytest.param(dict(stocks=["9 W", "8"], hands=["5", ""], building=["", "1 2"]), "s-b2", 3,
                 dict(building=["", "1 2 W", "", ""], stocks=["9", "8"]), id="stock wild as 3"),
    pytest.param(dict(stocks=["9", "8"], hands=["5", ""], building=["1 W 3 4"],
                      discards=[["", "", "W"], []]), "d3-b1", 5,
                 dict(building=["1 W 3 4 W", "", "", ""]), id="discard wild as 5"),
]


@pytest.mark.rule("SB-WILD", "SB-PLAY")
@pytest.mark.parametrize(("start", "move", "value", "expected"), WILDS)
def test_a_wild_card_stands_for_the_value_the_pile_needs(
    start: dict[str, Any], move: str, value: int, expected: dict[str, Any]
) -> None:
    game = check_scenario(start, move, expected)
    played = game.push_text(move)[0]
    assert isinstance(played, Played)
    assert (played.card, played.value) == (WILD, value)


@pytest.mark.rule("SB-WILD")
def test_the_pile_goes_on_from_the_value_the_wild_card_stood_for() -> None:
    game = position(stocks=["9", "8"], hands=["W 4 5 5 6", ""], building=["1 2"])
    game.push_text("hW-b1")
    assert game.needs(0) == 4
    assert [str(m) for m in game.legal_moves() if m.is_play and m.pile == 0] == ["h4-b1"]
    game.push_text("h4-b1")
    game.push_text("h5-b1")
    assert_position(game, building=["1 2 W 4 5", "", "", ""], hands=["5 6", ""])


@pytest.mark.rule("SB-WILD")
def test_a_wild_card_fits_every_pile() -> None:
    game = position(stocks=["9", "8"], hands=["W", ""], building=["1", "", ELEVEN, "1 2 3"],
                    discards=[["W"], []])
    plays = [str(m) for m in game.legal_moves() if m.is_play]
    assert plays == [f"{src}-b{p}" for src in ("d1", "hW") for p in (1, 2, 3, 4)]


# -- SB-COMPLETE --------------------------------------------------------------

COMPLETES = [
    pytest.param(
        dict(stocks=["9", "8"], hands=["12 5", ""], building=[ELEVEN]), "h12-b1",
        dict(building=["", "", "", ""], completed=12, hands=["5", ""]),
        ["Played", "PileCompleted"], id="hand 12",
    ),
    pytest.param(
        dict(stocks=["9", "8"], hands=["W 5", ""], building=["1", ELEVEN]), "hW-b2",
        dict(building=["1", "", "", ""], completed=12),
        ["Played", "PileCompleted"], id="wild as 12",
    ),
    pytest.param(
        dict(stocks=["9 12", "8"], hands=["5", ""], building=["", "", "", ELEVEN]), "s-b4",
        dict(building=["", "", "", ""], completed=12, stocks=["9", "8"]),
        ["Played", "StockTurned", "PileCompleted"], id="stock 12",
    ),
    pytest.param(
        dict(stocks=["9", "8"], hands=["5", ""], building=["", "", ELEVEN],
             discards=[["", "12"], []], completed=2), "d2-b3",
        dict(building=["", "", "", ""], completed=36),
        ["Played", "PileCompleted"], id="discard 12 onto two set-aside piles",
    ),
    pytest.param(
        dict(stocks=["9", "8"], hands=["12 1 5", ""], building=[ELEVEN, "1", "1", "1"]),
        "h12-b1 h1-b1",
        dict(building=["1", "1", "1", "1"], completed=12, hands=["5", ""]),
        ["Played"], id="the free slot takes a new pile",
    ),
]


@pytest.mark.rule("SB-COMPLETE")
@pytest.mark.parametrize(("start", "moves", "expected", "events"), COMPLETES)
def test_a_completed_pile_is_set_aside(start: dict[str, Any], moves: str,
                                       expected: dict[str, Any], events: list[str]) -> None:
    check_scenario(start, moves, expected, events)


@pytest.mark.rule("SB-COMPLETE", "SB-WILD")
def test_the_set_aside_pile_keeps_its_cards() -> None:
    game = position(stocks=["9", "8"], hands=["W 5", ""], building=["1 W 3 4 5 6 7 8 W 10 11"])
    events = game.push_text("hW-b1")
    assert events == [Played(0, "h", 0, -1, WILD, 0, 12), PileCompleted(0)]
    assert game.completed == [1, WILD, 3, 4, 5, 6, 7, 8, WILD, 10, 11, WILD]


# -- SB-RECYCLE ---------------------------------------------------------------

RECYCLES = [
    pytest.param(
        dict(stocks=["9", "8"], hands=["7", "1 2"], completed=1, rest="discard"), "h7-d1",
        dict(current=1, completed=0, draw=9),
        ["Discarded", "TurnEnded", "TurnStarted", "Recycled", "Drew"],
        id="refill from an empty draw pile",
    ),
    pytest.param(
        dict(stocks=["9", "8"], hands=["7", ""], completed=1, rest="discard", draw="4 5"),
        "h7-d1",
        dict(current=1, completed=0, draw=9),
        ["Discarded", "TurnEnded", "TurnStarted", "Recycled", "Drew"],
        id="draw pile runs out in the middle of a refill",
    ),
    pytest.param(
        dict(stocks=["9", "8"], hands=["7", "1 2"], completed=3, rest="discard"), "h7-d1",
        dict(current=1, completed=0, draw=33),
        ["Discarded", "TurnEnded", "TurnStarted", "Recycled", "Drew"],
        id="all set-aside piles together",
    ),
    pytest.param(
        dict(stocks=["9", "8"], hands=["12", ""], building=[ELEVEN], rest="discard"),
        "h12-b1",
        dict(current=0, building=["", "", "", ""], completed=0, draw=7),
        ["Played", "PileCompleted", "Recycled", "Drew"],
        id="empty hand mid-turn: the pile just completed comes back",
    ),
    pytest.param(
        dict(stocks=["9", "8"], hands=["7", "1 2"], completed=1, draw="4 5 6"), "h7-d1",
        dict(current=1, completed=12),
        ["Discarded", "TurnEnded", "TurnStarted", "Drew"],
        id="no recycling while the draw pile lasts",
    ),
]


@pytest.mark.rule("SB-RECYCLE")
@pytest.mark.parametrize(("start", "moves", "expected", "events"), RECYCLES)
def test_completed_piles_become_the_new_draw_pile(start: dict[str, Any], moves: str,
                                                  expected: dict[str, Any],
                                                  events: list[str]) -> None:
    check_scenario(start, moves, expected, events)


@pytest.mark.rule("SB-RECYCLE")
def test_a_refill_takes_the_old_draw_pile_first_then_the_shuffled_piles() -> None:
    game = position(stocks=["9", "8"], hands=["7", ""], completed=1, rest="discard",
                    draw="4 5", seed=3)
    recycled = sorted(game.completed)
    events = game.push_text("h7-d1")
    assert events[-2] == Recycled(12)
    drew = events[-1]
    assert isinstance(drew, Drew)
    assert drew.cards[:2] == (4, 5)
    assert sorted([*drew.cards[2:], *game.draw_pile]) == recycled
    assert kinds(events).count("Drew") == 1


@pytest.mark.rule("SB-RECYCLE")
def test_recycling_shuffles_with_the_games_seed() -> None:
    def new_draw_pile(seed: int) -> list[int]:
        game = position(stocks=["9", "8"], hands=["7", "1 2"], completed=1, rest="discard",
                        seed=seed)
        game.push_text("h7-d1")
        return game.draw_pile

    assert sorted(new_draw_pile(1)) != new_draw_pile(1)
    assert new_draw_pile(1) == new_draw_pile(1)
    assert any(new_draw_pile(1) != new_draw_pile(seed) for seed in range(2, 6))
