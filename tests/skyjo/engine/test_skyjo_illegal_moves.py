"""Refusals: a reason code, and the state exactly as it was."""

from __future__ import annotations

import random

import pytest

from skipbo_widgets.skyjo.engine import (
    IllegalMove,
    Move,
    NotationError,
    Reason,
    Round,
    Rules,
)
from skipbo_widgets.skyjo.engine.moves import ALL_MOVES as EVERY_MOVE


@pytest.mark.parametrize("players", [2, 4, 7])
def test_legal_moves_are_exactly_the_moves_push_accepts(players: int) -> None:
    """At positions of random rounds: every other move is refused and changes nothing."""
    rng = random.Random(players)
    for seed in range(6):
        r = Round.new(Rules(players=players), seed=seed)
        while r.outcome is None:
            legal = set(r.legal_moves())
            if rng.random() < 0.3:
                before = r.state_key()
                for move in EVERY_MOVE:
                    assert r.can_move(move) == (move in legal), move
                    if move not in legal:
                        with pytest.raises(IllegalMove):
                            r.push(move)
                assert r.state_key() == before
            r.push(rng.choice(sorted(legal, key=str)))


def test_only_the_seat_to_move_may_move() -> None:
    r = Round.new(Rules(players=3), seed=1)
    for by in (1, 2, True):
        with pytest.raises(IllegalMove) as caught:
            r.push_text("reveal a1", by=by)  # type: ignore[arg-type]
        assert caught.value.reason == Reason.NOT_YOUR_TURN
    r.push_text("reveal a1", by=0)


def test_a_finished_round_takes_no_move_and_an_empty_one_no_undo() -> None:
    r = Round.new(seed=3)
    with pytest.raises(IllegalMove) as caught:
        r.pop()
    assert caught.value.reason == Reason.NOTHING_TO_UNDO
    rng = random.Random(3)
    while r.outcome is None:
        r.push(rng.choice(r.legal_moves()))
    with pytest.raises(IllegalMove) as caught:
        r.push_text("draw")
    assert caught.value.reason == Reason.ROUND_OVER


@pytest.mark.parametrize("thing", ["draw", None, 3, ("take", 1)])
def test_push_takes_only_moves(thing: object) -> None:
    with pytest.raises(IllegalMove) as caught:
        Round.new(seed=1).push(thing)  # type: ignore[arg-type]
    assert caught.value.reason == Reason.BAD_NOTATION


@pytest.mark.parametrize(("kind", "place"), [
    ("take", -1), ("take", 12), ("draw", 0), ("swap", True), ("fly", 1), ("reveal", 1.0),
])
def test_a_move_built_by_hand_must_be_one_the_notation_can_write(kind: str, place: object
                                                                 ) -> None:
    with pytest.raises(NotationError):
        Move(kind, place)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["", "take", "take e1", "take a4", "swap a0", "draw a1",
                                  "reveal", "takea1", "take -a1", 7])
def test_notation_refuses_what_is_not_a_move(text: object) -> None:
    with pytest.raises(NotationError) as caught:
        Move.parse(text)  # type: ignore[arg-type]
    assert caught.value.reason == Reason.BAD_NOTATION
