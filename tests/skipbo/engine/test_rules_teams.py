"""Teams of two: seating, playing the partner's piles, winning together, team scores."""

from __future__ import annotations

from typing import Any

import pytest
from scenario import assert_illegal, check_scenario, kinds, moves_text, position

from skipbo_widgets.skipbo.engine import Outcome, Reason, Rules, RulesError
from skipbo_widgets.skipbo.engine.events import GameWon, Played, StockTurned

# -- SB-TEAM-SEATS ------------------------------------------------------------


@pytest.mark.rule("SB-TEAM-SEATS")
@pytest.mark.parametrize(
    ("players", "seating", "expected", "partners"),
    [
        pytest.param(4, (), (0, 1, 0, 1), [2, 3, 0, 1], id="4 default: partners opposite"),
        pytest.param(6, (), (0, 1, 2, 0, 1, 2), [3, 4, 5, 0, 1, 2], id="6 default"),
        pytest.param(4, (0, 0, 1, 1), (0, 0, 1, 1), [1, 0, 3, 2], id="4 side by side"),
        pytest.param(4, (1, 0, 0, 1), (1, 0, 0, 1), [3, 2, 1, 0], id="4 custom"),
        pytest.param(4, [0, 1, 1, 0], (0, 1, 1, 0), [3, 2, 1, 0], id="4 custom, a list"),
        pytest.param(6, (2, 0, 1, 1, 0, 2), (2, 0, 1, 1, 0, 2), [5, 4, 3, 2, 1, 0],
                     id="6 custom"),
    ],
)
def test_team_seating(players: int, seating: tuple[int, ...], expected: tuple[int, ...],
                      partners: list[int]) -> None:
    rules = Rules(players=players, teams=True, seating=seating)
    assert rules.seating == expected
    assert [rules.partner(s) for s in range(players)] == partners
    assert sorted(rules.sides()) == sorted(
        tuple(s for s in range(players) if expected[s] == t) for t in range(players // 2)
    )


@pytest.mark.rule("SB-TEAM-SEATS")
def test_without_teams_every_seat_plays_alone() -> None:
    rules = Rules(players=4)
    assert [rules.partner(s) for s in range(4)] == [None] * 4
    assert rules.sides() == [(0,), (1,), (2,), (3,)]


@pytest.mark.rule("SB-TEAM-SEATS")
@pytest.mark.parametrize(
    ("players", "teams", "seating", "reason"),
    [
        pytest.param(2, True, (), Reason.TEAMS_NEED_EVEN_PLAYERS, id="teams of 2 players"),
        pytest.param(3, True, (), Reason.TEAMS_NEED_EVEN_PLAYERS, id="teams of 3 players"),
        pytest.param(5, True, (), Reason.TEAMS_NEED_EVEN_PLAYERS, id="teams of 5 players"),
        pytest.param(4, True, (0, 0, 0, 1), Reason.BAD_SEATING, id="a team of three"),
        pytest.param(4, True, (0, 1, 2, 3), Reason.BAD_SEATING, id="four teams of one"),
        pytest.param(4, True, (0, 1, 0), Reason.BAD_SEATING, id="a seat missing"),
        pytest.param(4, True, (0, 1, 0, 1, 0), Reason.BAD_SEATING, id="a seat too many"),
        pytest.param(4, True, (1, 2, 1, 2), Reason.BAD_SEATING, id="team numbers from 1"),
        pytest.param(4, True, (0, -1, 0, -1), Reason.BAD_SEATING, id="negative team"),
        pytest.param(6, True, (0, 0, 1, 1, 1, 2), Reason.BAD_SEATING, id="6: uneven teams"),
        pytest.param(4, False, (0, 1, 0, 1), Reason.BAD_SEATING, id="seating without teams"),
        pytest.param(4, "yes", (), Reason.BAD_SEATING, id="teams not a bool"),
        pytest.param(4, True, 5, Reason.BAD_SEATING, id="a number for a seating"),
        pytest.param(4, True, None, Reason.BAD_SEATING, id="None for a seating"),
        pytest.param(4, False, 5, Reason.BAD_SEATING, id="a number without teams"),
        pytest.param(4, True, "0101", Reason.BAD_SEATING, id="a string for a seating"),
        pytest.param(4, True, (True, False, True, False), Reason.BAD_SEATING, id="bools"),
        pytest.param(4, True, (0.0, 1.0, 0.0, 1.0), Reason.BAD_SEATING, id="floats"),
    ],
)
def test_bad_seatings_are_rejected(players: int, teams: bool, seating: tuple[int, ...],
                                   reason: Reason) -> None:
    with pytest.raises(RulesError) as err:
        Rules(players=players, teams=teams, seating=seating)
    assert err.value.reason is reason


# -- SB-TEAM-PLAY -------------------------------------------------------------


def team_table(**overrides: Any) -> dict[str, Any]:
    """Four players, seats 0 and 2 against 1 and 3; seat 0 to move."""
    start: dict[str, Any] = dict(
        players=4, teams=True, stocks=["9 9", "8 8", "7 1", "6 6"],
        hands=["5 5", "1 1 1", "1 W", "1"],
        discards=[[], ["1"], ["", "4 W"], ["1"]],
    )
    return start | overrides


TEAM_PLAYS = [
    pytest.param(team_table(), "ps-b1",
                 dict(building=["1", "", "", ""], stocks=["9 9", "8 8", "7", "6 6"]),
                 ["Played", "StockTurned"], id="the partner's stock top"),
    pytest.param(team_table(), "pd2-b1",
                 dict(building=["W", "", "", ""],
                      discards=[["", "", "", ""], ["1", "", "", ""], ["", "4", "", ""],
                                ["1", "", "", ""]]),
                 ["Played"], id="the partner's discard top"),
    pytest.param(team_table(), "ps-b1 pd2-b1",
                 dict(building=["1 W", "", "", ""], stocks=["9 9", "8 8", "7", "6 6"]),
                 ["Played"], id="both, one after the other"),
]


@pytest.mark.rule("SB-TEAM-PLAY")
@pytest.mark.parametrize(("start", "moves", "expected", "events"), TEAM_PLAYS)
def test_a_player_may_play_the_partners_piles(start: dict[str, Any], moves: str,
                                              expected: dict[str, Any],
                                              events: list[str]) -> None:
    check_scenario(start, moves, expected, events)


@pytest.mark.rule("SB-TEAM-PLAY")
def test_partner_plays_name_the_partner_as_owner() -> None:
    game = position(**team_table())
    assert game.push_text("ps-b1") == [Played(0, "s", 2, -1, 1, 0, 1), StockTurned(2, 7, 1)]
    assert game.push_text("pd2-b1") == [Played(0, "d", 2, 1, 0, 0, 2)]


@pytest.mark.rule("SB-TEAM-PLAY")
def test_the_partners_piles_are_offered_but_never_the_hand_or_an_opponents_piles() -> None:
    game = position(**team_table())
    plays = [m for m in moves_text(game) if "-b" in m]
    # Seat 2's hand holds a 1 and a wild; opponents' discard tops are 1s: none of them.
    assert plays == ["ps-b1", "ps-b2", "ps-b3", "ps-b4",
                     "pd2-b1", "pd2-b2", "pd2-b3", "pd2-b4"]


@pytest.mark.rule("SB-TEAM-PLAY")
@pytest.mark.parametrize("move", ["ph1-b1", "phW-b1", "ph5-d1"])
def test_the_partners_hand_is_never_played(move: str) -> None:
    assert_illegal(position(**team_table()), move, Reason.PARTNER_HAND)


@pytest.mark.rule("SB-TEAM-PLAY")
def test_the_partner_plays_the_players_piles_on_their_own_turn() -> None:
    game = position(**team_table(current=2, hands=["5 5", "1 1 1", "", "1"],
                                 stocks=["9 1", "8 8", "7", "6 6"]))
    game.push_text("ps-b1")
    assert game.stocks[0] == [9]


# -- SB-TEAM-WIN --------------------------------------------------------------

TEAM_WINS = [
    pytest.param(
        team_table(stocks=["1", "8 8", "7 7", "6 6 6"]), "s-b1",
        dict(stocks=["", "8 8", "7 7", "6 6 6"], outcome=None),
        ["Played", "StockTurned"], id="own stock empty, partner's not: play on",
    ),
    pytest.param(
        team_table(stocks=["1", "8 8", "7 2", "6 6 6"]), "s-b1 ps-b1 pd2-b1",
        dict(stocks=["", "8 8", "7", "6 6 6"], building=["1 2 W", "", "", ""], outcome=None),
        ["Played"], id="an empty stock plays the partner's piles",
    ),
    pytest.param(
        team_table(stocks=["1", "8 8", "2", "6 6 6"]), "s-b1 ps-b1",
        dict(stocks=["", "8 8", "", "6 6 6"], outcome=Outcome((0, 2), 50)),
        ["Played", "StockTurned", "GameWon"], id="both stocks empty: the team wins",
    ),
    pytest.param(
        team_table(stocks=["", "8 8", "1", "6 6 6"]), "ps-b1",
        dict(outcome=Outcome((0, 2), 50)),
        ["Played", "StockTurned", "GameWon"], id="the partner's last card wins for both",
    ),
    pytest.param(
        team_table(stocks=["", "8 8", "2", "6"], current=2, hands=["", "", "1 3", ""]),
        "h1-b1 s-b1",
        dict(outcome=Outcome((0, 2), 40)),
        ["Played", "StockTurned", "GameWon"], id="the other partner wins it",
    ),
    pytest.param(
        team_table(players=6, stocks=["1", "8", "9", "", "6 6", "5 5 5"],
                   hands=["4", "", "", "", "", ""], discards=None), "s-b1",
        dict(outcome=Outcome((0, 3), 60)),
        ["Played", "StockTurned", "GameWon"], id="6 players: 5 per card of the four opponents",
    ),
]


@pytest.mark.rule("SB-TEAM-WIN", "SB-SCORE")
@pytest.mark.parametrize(("start", "moves", "expected", "events"), TEAM_WINS)
def test_a_team_wins_when_both_stocks_are_empty(start: dict[str, Any], moves: str,
                                                expected: dict[str, Any],
                                                events: list[str]) -> None:
    check_scenario(start, moves, expected, events)


@pytest.mark.rule("SB-TEAM-WIN")
def test_a_player_with_an_empty_stock_keeps_taking_turns() -> None:
    game = position(**team_table(stocks=["1", "8 8", "7 7", "6 6 6"], hands=["1 5", "", "", ""],
                                 discards=None))
    game.push_text("s-b1")
    game.push_text("h5-d1")
    for _ in range(3):  # seats 1, 2 and 3 discard
        game.push(next(m for m in game.legal_moves() if m.is_discard))
    assert (game.current, game.is_over, game.hand_size(0)) == (0, False, 5)
    assert_illegal(game, "s-b2", Reason.STOCK_EMPTY, seat=0)
    assert any(m.source == "h" for m in game.legal_moves() if m.is_play)
    assert kinds(game.events[-2:]) == ["TurnStarted", "Drew"]  # a normal refill
    assert not any(isinstance(e, GameWon) for e in game.events)
