"""Skyjo's demo narrator: each bot move told with the hint's or the review's reasons, a
guess graded like a turn review."""

from __future__ import annotations

import math
from collections.abc import Iterator

import pytest

from skipbo_widgets.skyjo.bots import Explain, hint, make_bot, review_move
from skipbo_widgets.skyjo.bots.narrate import grade_guess, narrate
from skipbo_widgets.skyjo.engine import Move, Observation, Round, Rules
from skipbo_widgets.skyjo.engine.moves import SWAPS


def _moves(levels: tuple[str, ...], seed: int) -> Iterator[tuple[Observation, Move, str]]:
    game = Round.new(Rules(players=len(levels)), seed=seed)
    bots = [make_bot(level) for level in levels]
    for _ in range(300):  # strong bots alone may keep a round going for a long time
        if game.outcome is not None:
            return
        obs = game.observe(game.current)
        move = bots[game.current].choose_move(obs)
        yield obs, move, levels[game.current]
        game.push(move, by=game.current)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_strong_bot_always_follows_the_hint_and_is_told_with_its_ladder(seed: int) -> None:
    for obs, move, level in _moves(("strong", "medium", "strong"), seed):
        if level != "strong":
            continue
        told = narrate(obs, move, level)
        assert told.follows_hint and told.seat == obs.seat and told.move == move
        found = hint(obs)
        assert list(told.reasons) == [found.action, *found.ladder(3)] == list(told.hint_reasons)


@pytest.mark.parametrize("seed", [3, 4])
def test_a_move_other_than_the_hints_is_told_with_what_it_gives_away(seed: int) -> None:
    off = 0
    for obs, move, level in _moves(("beginner", "medium"), seed):
        told = narrate(obs, move, level)
        found = hint(obs)
        assert told.hint_move == found.move
        assert list(told.hint_reasons) == [found.action, *found.ladder(3)]
        if told.follows_hint:  # the hint's move, or one worth as much (no loss to tell)
            assert move == found.move or review_move(obs, move).loss == 0
            assert told.reasons[0][1]["move"] == str(move)
            continue
        off += 1
        assert move != found.move
        review = review_move(obs, move)
        code, params = told.reasons[0]
        if review.grade == "good":
            assert code is Explain.GOOD
        else:
            assert code in (Explain.LOST, Explain.BETTER) and params["best"] == str(found.move)
            assert len(told.reasons) == 1  # the hint's reasons are said below it, not here
            said = math.floor(review.points + 0.5)  # the player's own points, whole
            assert params.get("points", said) == said
            assert code is Explain.BETTER or said >= 2
    assert off > 5


def test_a_guess_is_graded_against_the_best_move() -> None:
    graded = set()
    for obs, _move, _level in _moves(("medium", "medium"), 6):
        if obs.drawn is None or obs.phase == "setup":
            continue
        assert grade_guess(obs, hint(obs).move).grade == "good"
        # the drawn card on the seat's lowest face-up card
        up = [(c, p) for p, c in enumerate(obs.me.cards) if c is not None]
        low, place = min(up)
        if obs.drawn - low >= 6:
            review = grade_guess(obs, SWAPS[place])
            # no number: play-outs find a card over a lower one costs more than estimated
            assert review.grade == "mistake" and review.reasons[0][0] is Explain.BETTER
            graded.add(review.grade)
    assert graded == {"mistake"}
