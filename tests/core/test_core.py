"""The core every game shares: the protocol, the save envelope, the match bookkeeping."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from skipbo_widgets.core.errors import MatchReason, RulesError, SaveError, SaveReason
from skipbo_widgets.core.match import Match
from skipbo_widgets.core.protocol import Playable, undo_calls
from skipbo_widgets.core.rng import copy_rng, parse_rng, rng_text
from skipbo_widgets.core.savefile import check_keys, dumps, load
from skipbo_widgets.skipbo.engine import Game


def test_skipbo_has_the_shape_of_a_game() -> None:
    game = Game.new(seed=1)
    assert isinstance(game, Playable)
    assert game.observe(game.current).seat == game.current


def test_undo_calls_run_last_first() -> None:
    pile = [1, 2]
    ops: list[tuple[object, ...]] = []
    pile.append(3)
    ops.append((list.pop, pile))
    pile[0] = 9
    ops.append((list.__setitem__, pile, 0, 1))
    undo_calls(ops)
    assert pile == [1, 2]


def test_a_copied_generator_goes_on_alike_and_its_text_round_trips() -> None:
    rng = random.Random("x")
    rng.random()
    twin = copy_rng(rng)
    again = random.Random()
    again.setstate(parse_rng(rng_text(rng)))
    assert rng.random() == twin.random() == again.random()
    with pytest.raises(SaveError) as caught:
        parse_rng("3:AAAA", field="game.rng")
    assert caught.value.params == {"field": "game.rng", "problem": "value"}


@pytest.mark.parametrize(("text", "reason"), [
    ('{"format": "demo/game", "version": 2}', SaveReason.BAD_VERSION),
    ('{"format": "demo/game", "version": true}', SaveReason.BAD_VERSION),
    ('{"version": 1}', SaveReason.BAD_FORMAT),
    ('[1]', SaveReason.BAD_FORMAT),
    ('{"format": "demo/game", "version": 1, "version": 1}', SaveReason.BAD_FIELD),
    ('{"format": "demo/game"', SaveReason.NOT_JSON),
])
def test_the_envelope_refuses_what_is_not_this_format(text: str, reason: SaveReason) -> None:
    with pytest.raises(SaveError) as caught:
        load(text, "demo/game", 1)
    assert caught.value.reason == reason


def test_unknown_and_missing_keys_are_named() -> None:
    with pytest.raises(SaveError) as caught:
        check_keys({"seats": [], "curent": 1}, {"seats", "current"}, {"seats"}, "game.")
    assert caught.value.params == {"field": "game.curent", "problem": "unknown"}
    with pytest.raises(SaveError) as caught:
        check_keys({}, {"seats"}, {"seats"}, "")
    assert caught.value.params == {"field": "seats", "problem": "missing"}


def test_the_layout_is_json_that_reads_back() -> None:
    d = {"format": "demo/game", "version": 1, "seats": [{"grid": "1 2"}], "rng": "3:x"}
    text = dumps(d)
    assert '\n  "seats": [\n    {"grid": "1 2"}\n  ],\n  "rng"' in text
    assert load(text, "demo/game", 1) == d


class _Coin:
    """A one-move game: whoever moves wins ``points`` (enough for the bookkeeping)."""

    def __init__(self, seat: int) -> None:
        self.current, self.outcome = seat, None


class _CoinMatch(Match[_Coin, int]):  # type: ignore[type-var]
    def __init__(self, target: int, lowest: bool) -> None:
        self.lowest_wins = lowest
        super().__init__(target, 3)
        self.game = _Coin(0)

    def round_points(self, outcome: int) -> Sequence[int]:
        return [outcome, 10, 20]

    def new_round(self) -> _Coin:
        return _Coin(len(self.results))


@pytest.mark.parametrize(("lowest", "leaders"), [(False, [2]), (True, [0, 1])])
def test_a_match_adds_rounds_until_the_target(lowest: bool, leaders: list[int]) -> None:
    match = _CoinMatch(30, lowest)
    with pytest.raises(RulesError) as caught:
        match.record()
    assert caught.value.reason == MatchReason.GAME_NOT_OVER
    match.game.outcome = 10  # type: ignore[assignment]
    match.next_game()
    assert match.scores == [10, 10, 20] and not match.is_over
    match.game.outcome = 10  # type: ignore[assignment]
    assert match.record() == match.record() == 10  # scored once
    assert match.scores == [20, 20, 40] and match.is_over
    assert match.leaders == leaders
    with pytest.raises(RulesError) as caught:
        match.next_game()
    assert caught.value.reason == MatchReason.MATCH_OVER


@pytest.mark.parametrize("target", [0, 100_001, True, "100"])
def test_a_match_refuses_a_target_it_cannot_reach(target: object) -> None:
    with pytest.raises(RulesError) as caught:
        _CoinMatch(target, False)  # type: ignore[arg-type]
    assert caught.value.reason == MatchReason.BAD_TARGET_SCORE


def test_a_restored_match_adds_its_results_up_again() -> None:
    match = _CoinMatch(30, False)
    match.restore([10], _Coin(1), scored=False)
    assert match.scores == [10, 10, 20] and match.results == [10] and not match.scored
    with pytest.raises(SaveError) as caught:  # the match ended after the second game
        _CoinMatch(30, False).restore([10, 10], _Coin(2), scored=False)
    assert caught.value.params == {"what": "results"}
    finished = _Coin(1)
    finished.outcome = 10  # type: ignore[assignment]
    match = _CoinMatch(30, False)
    match.restore([10, 10], finished, scored=True)
    assert match.is_over and match.scored
    with pytest.raises(SaveError) as caught:
        _CoinMatch(30, False).restore([10, 5], finished, scored=True)
    assert caught.value.params == {"what": "scored"}
