"""A game move that used a rule well (issue 24): each claim recomputed from the engine's
own events of the turn, and from the turn review's grade."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from skipbo_widgets.classes.used_well import rules_used_well
from skipbo_widgets.skipbo import bots as skipbo_bots
from skipbo_widgets.skipbo.engine import WILD, Game, Rules
from skipbo_widgets.skyjo import bots as skyjo_bots
from skipbo_widgets.skyjo.engine import Round

Turn = tuple[list[tuple[Any, Any]], list[Any]]


def seat0_turns(game: Any, bot: Any, other: Any, count: int) -> Iterator[Turn]:
    """Seat 0's turns played by ``bot`` (seat 1 by ``other``): its moves, each with what
    it saw before it, and the events they made."""
    while not game.is_over and count:
        seat = game.current
        steps, events = [], []
        while game.current == seat and not game.is_over:
            obs = game.observe(seat)
            move = (bot if seat == 0 else other).choose_move(obs)
            steps.append((obs, move))
            events += game.push(move, by=seat)
        if seat == 0:
            count -= 1
            yield steps, events


def names(events: list[Any]) -> set[str]:
    return {type(e).__name__ for e in events}


def test_a_strong_skipbo_turn_uses_the_rules_its_events_show() -> None:
    seen: set[str] = set()
    for seed in range(4):
        game = Game.new(Rules(players=2), seed=seed, dealer=1)
        strong = skipbo_bots.make_bot("strong")
        for steps, events in seat0_turns(game, strong, strong, 12):
            assert skipbo_bots.review_turn(steps).grade == "good"
            used = set(rules_used_well("skipbo", steps))
            played = [e for e in events if type(e).__name__ == "Played"]
            assert ("SB-PLAY" in used) == bool(played)
            assert ("SB-WILD" in used) == any(e.card == WILD for e in played)
            assert ("SB-TIP-STOCK" in used) == any(e.source == "s" for e in played)
            assert ("SB-COMPLETE" in used) == ("PileCompleted" in names(events))
            assert ("SB-DISCARD" in used) == ("Discarded" in names(events))
            assert ("SB-EMPTY-HAND" in used) == any(
                type(e).__name__ == "Drew" and e.seat == 0 and e.empty_hand for e in events)
            seen |= used
    assert {"SB-PLAY", "SB-WILD", "SB-TIP-STOCK", "SB-COMPLETE", "SB-DISCARD"} <= seen


def test_a_strong_skyjo_turn_uses_the_rules_its_events_show() -> None:
    seen: set[str] = set()
    for seed in range(8):
        strong = skyjo_bots.make_bot("strong")
        for steps, events in seat0_turns(Round.new(seed=seed), strong, strong, 40):
            used = set(rules_used_well("skyjo", steps))
            if steps[0][0].phase == "setup":
                assert used == set()  # any two cards are alike: nothing shown
                continue
            if skyjo_bots.review_turn(steps).grade != "good":
                assert used == set()
                continue
            assert ("SJ-TAKE-DISCARD" in used) == ("Took" in names(events))
            assert ("SJ-TAKE-DRAW" in used) == ("Drew" in names(events))
            # A column of the pupil's choosing; a card turned by a drop may clear one by luck.
            placed = steps[-1][1].kind != "drop"
            assert ("SJ-COLUMN" in used) == (placed and "ColumnCleared" in names(events))
            ended = any(type(e).__name__ == "LastTurns" and e.seat == 0 for e in events)
            assert ("SJ-LAST-TURNS" in used) == ("SJ-DOUBLE" in used) == ended
            seen |= used
    assert {"SJ-TAKE-DISCARD", "SJ-TAKE-DRAW", "SJ-COLUMN", "SJ-LAST-TURNS"} <= seen


@pytest.mark.parametrize("game", ["skipbo", "skyjo"])
def test_a_turn_the_review_does_not_grade_good_masters_nothing(game: str) -> None:
    poor = 0
    for seed in range(6):
        if game == "skipbo":
            table: Any = Game.new(Rules(players=2), seed=seed, dealer=1)
            weak, strong = skipbo_bots.make_bot("beginner", seed), skipbo_bots.make_bot("strong")
            review: Any = skipbo_bots.review_turn
        else:
            table = Round.new(seed=seed)
            weak, strong = skyjo_bots.make_bot("beginner"), skyjo_bots.make_bot("strong")
            review = skyjo_bots.review_turn
        for steps, _events in seat0_turns(table, weak, strong, 12):
            setup = getattr(steps[0][0], "phase", "") == "setup"
            if not setup and review(steps).grade != "good":
                poor += 1
                assert rules_used_well(game, steps) == ()
    assert poor >= 3  # the beginner's turns did lose value, and none of them counted
