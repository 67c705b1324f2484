"""Scoring a match: 25 + 5 per card in the opponents' stock piles, first to 500."""

from __future__ import annotations

import random

import pytest
from scenario import position

from skipbo_widgets.skipbo.engine import Game, Match, Outcome, Reason, Rules, RulesError
from skipbo_widgets.skipbo.engine.game import game_points


def finished(rules: Rules, winner: int, left: list[int], dealer: int = 0) -> Game:
    """A game that ``winner``'s side has just won; ``left`` stock cards per seat."""
    values = iter(range(sum(left)))
    stocks = [" ".join(str(next(values) % 12 + 1) for _ in range(k)) for k in left]
    assert stocks[winner] == ""
    return position(rules.players, teams=rules.teams, seating=rules.seating,
                    stock_size=rules.stock_size,
                    stocks=stocks, current=winner, dealer=dealer)


# -- SB-SCORE -----------------------------------------------------------------


@pytest.mark.rule("SB-SCORE")
@pytest.mark.parametrize(("cards", "points"), [(0, 25), (1, 30), (7, 60), (30, 175),
                                               (100, 525)])
def test_game_points(cards: int, points: int) -> None:
    assert game_points(cards) == points


@pytest.mark.rule("SB-SCORE")
@pytest.mark.parametrize(
    ("players", "teams", "winner", "left", "scores"),
    [
        pytest.param(2, False, 1, [12, 0], [0, 85], id="2 players"),
        pytest.param(3, False, 0, [0, 3, 4], [60, 0, 0], id="3 players: both opponents"),
        pytest.param(4, True, 3, [5, 0, 2, 0], [0, 60], id="teams: opposing team's stocks"),
        pytest.param(6, True, 2, [1, 1, 0, 1, 1, 0], [0, 0, 45], id="6 in teams"),
    ],
)
def test_the_winner_scores_for_the_opponents_stock_cards(
    players: int, teams: bool, winner: int, left: list[int], scores: list[int]
) -> None:
    rules = Rules(players=players, teams=teams, stock_size=20)
    match = Match(rules, seed=1)
    match.game = finished(rules, winner, left)
    outcome = match.record()
    assert outcome.points == max(scores)
    assert match.scores == scores


# -- SB-MATCH -----------------------------------------------------------------


@pytest.mark.rule("SB-MATCH", "SB-SCORE")
def test_the_first_to_500_wins_the_match() -> None:
    rules = Rules(players=2)
    match = Match(rules, seed=2)
    assert match.target == 500
    for game_no, expected in enumerate([[175, 0], [350, 0], [350, 175], [525, 175]]):
        winner = 1 if game_no == 2 else 0
        left = [30, 30]
        left[winner] = 0
        match.game = finished(rules, winner, left, dealer=match.game.dealer)
        match.record()
        assert match.scores == expected
        assert match.is_over is (expected[0] >= 500)
        if not match.is_over:
            match.next_game()
    assert match.leaders == [0]
    with pytest.raises(RulesError) as err:
        match.next_game()
    assert err.value.reason is Reason.MATCH_OVER


@pytest.mark.rule("SB-MATCH")
def test_a_game_is_recorded_once() -> None:
    rules = Rules(players=2)
    match = Match(rules, seed=3)
    match.game = finished(rules, 0, [0, 10])
    assert match.record() == match.record() == Outcome((0,), 75)
    assert match.scores == [75, 0]
    assert match.results == [Outcome((0,), 75)]
    match.next_game()
    assert match.scores == [75, 0]
    assert len(match.results) == 1


@pytest.mark.rule("SB-MATCH", "SB-BLOCKED")
def test_a_drawn_game_scores_nothing() -> None:
    rules = Rules(players=2)
    match = Match(rules, seed=4)
    # SB-BLOCKED: nothing left to draw, every hand empty, a whole round without a move
    match.game = position(stocks=["9", "8"], rest="discard", drawn=True, idle_turns=2)
    assert match.record().is_draw
    assert match.scores == [0, 0]
    match.next_game()
    assert not match.game.is_over


@pytest.mark.rule("SB-MATCH")
def test_an_unfinished_game_cannot_be_recorded() -> None:
    match = Match(Rules(players=3), seed=5)
    for action in (match.record, match.next_game):
        with pytest.raises(RulesError) as err:
            action()
        assert err.value.reason is Reason.GAME_NOT_OVER
    assert match.scores == [0, 0, 0]


@pytest.mark.rule("SB-MATCH", "SB-DEALER")
@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_deal_passes_to_the_left(players: int) -> None:
    rules = Rules(players=players)
    match = Match(rules, seed=6, target=10_000)
    dealers = [match.game.dealer]
    for _ in range(players + 1):
        dealer = match.game.dealer
        match.game = finished(rules, 0, [0] + [1] * (players - 1), dealer=dealer)
        game = match.next_game()
        assert game.current == (game.dealer + 1) % players
        dealers.append(game.dealer)
    assert dealers == [(dealers[0] + k) % players for k in range(players + 2)]


@pytest.mark.rule("SB-MATCH")
def test_every_game_of_a_match_is_a_new_seeded_deal() -> None:
    def decks(seed: str) -> list[list[int]]:
        match = Match(Rules(players=2), seed=seed, target=10_000)
        seen = [match.game.draw_pile[:]]
        for _ in range(2):
            match.game = finished(match.rules, 0, [0, 5], dealer=match.game.dealer)
            seen.append(match.next_game().draw_pile[:])
        return seen

    first = decks("m")
    assert first == decks("m")
    assert first[0] != first[1] != first[2]


@pytest.mark.rule("SB-MATCH")
@pytest.mark.parametrize("target", [0, -500, 100_001, 2.5, "500", True], ids=repr)
def test_a_bad_target_is_rejected(target: object) -> None:
    with pytest.raises(RulesError) as err:
        Match(Rules(), seed=1, target=target)  # type: ignore[arg-type]
    assert err.value.reason is Reason.BAD_TARGET_SCORE


@pytest.mark.rule("SB-MATCH", "SB-TEAM-WIN")
def test_a_team_match_keeps_one_score_per_team() -> None:
    rules = Rules(players=4, teams=True, seating=(0, 0, 1, 1))
    match = Match(rules, seed=7, target=100)
    assert match.scores == [0, 0]
    match.game = finished(rules, 2, [4, 6, 0, 0])
    match.record()
    assert match.scores == [0, 75]
    assert (match.is_over, match.leaders) == (False, [1])
    match.next_game()
    match.game = finished(rules, 3, [1, 0, 0, 0])
    match.record()
    assert match.scores == [0, 105]
    assert (match.is_over, match.leaders) == (True, [1])


@pytest.mark.rule("SB-MATCH", "SB-SCORE", "SB-WIN")
@pytest.mark.parametrize("rules", [Rules(players=3, stock_size=5),
                                   Rules(players=4, stock_size=5, teams=True)],
                         ids=["3 players", "4 in teams"])
def test_a_match_played_to_the_end(rules: Rules) -> None:
    match = Match(rules, seed="played", target=120)
    rng = random.Random(0)
    while True:
        game = match.game
        for _ in range(5000):
            if game.is_over:
                break
            moves = game.legal_moves()
            game.push(next((m for m in moves if m.is_play and m.source == "s"), rng.choice(moves)))
        outcome = match.record()
        if outcome.winners:
            left = sum(len(game.stocks[s]) for s in range(rules.players)
                       if s not in outcome.winners)
            assert outcome.points == 25 + 5 * left
            assert all(not game.stocks[s] for s in outcome.winners)
        if match.is_over:
            break
        match.next_game()
    totals = [0] * len(match.scores)
    for result in match.results:
        if result.winners:
            totals[rules.team(result.winners[0])] += result.points
    assert match.scores == totals
    assert max(match.scores) >= 120 and len(match.results) >= 2
