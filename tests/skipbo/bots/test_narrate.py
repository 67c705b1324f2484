"""The demo's narrator: each bot move told with reasons that hold, a guess graded."""

from __future__ import annotations

import pytest

from skipbo_widgets.skipbo.bots import Explain, hint, make_bot
from skipbo_widgets.skipbo.bots.narrate import grade_guess, narrate
from skipbo_widgets.skipbo.engine import WILD, Game, Rules, observe


def _moves(levels: tuple[str, ...], seed: int, limit: int = 120):  # type: ignore[no-untyped-def]
    game = Game.new(Rules(players=len(levels), stock_size=5), seed=seed)
    bots = [make_bot(level, seed=i) for i, level in enumerate(levels)]
    for _ in range(limit):
        if game.is_over:
            return
        obs = observe(game, game.current)
        move = bots[game.current].choose_move(obs)
        yield obs, move, levels[game.current]
        game.push(move)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_strong_bot_always_follows_the_hint_and_is_told_with_its_plan(seed: int) -> None:
    for obs, move, level in _moves(("strong", "strong"), seed, limit=40):
        told = narrate(obs, move, level)
        assert told.follows_hint and told.seat == obs.seat
        assert list(told.reasons) == hint(obs).ladder(3)


@pytest.mark.parametrize("seed", [3, 4])
def test_a_move_off_the_hints_plan_is_told_with_claims_that_hold(seed: int) -> None:
    off = 0
    for obs, move, level in _moves(("beginner", "medium", "advanced"), seed):
        told = narrate(obs, move, level)
        assert told.hint_plan == hint(obs).plan
        if told.follows_hint:
            assert told.reasons[0][0] is Explain.PLAN
            continue
        off += 1
        codes = [code for code, _ in told.reasons]
        own_stock = move.is_play and move.source == "s" and not move.partner
        assert (Explain.PLAY_STOCK in codes) == own_stock
        if own_stock:
            assert told.reasons[0][1] == {"card": obs.me.stock_top, "pile": move.pile}
        if Explain.SPEND_WILD in codes:
            assert move.source != "s"
            card = move.index if move.source == "h" else obs.me.discards[move.index][-1]
            assert card == WILD
        if Explain.NO_PLAY in codes:
            assert not any(m.is_play for m in obs.legal_moves)
        discard_codes = {Explain.DISCARD_RUN, Explain.DISCARD_STACK, Explain.DISCARD_EMPTY,
                         Explain.DISCARD_FAR}
        assert not (discard_codes & set(codes)) or move.is_discard
    assert off, "the weaker bots left the hint's plan at least once"


def test_a_guess_is_graded_like_a_turn_review() -> None:
    best_first = bad = None
    for obs, _move, _level in _moves(("medium", "medium"), 5, limit=200):
        stock = [m for m in obs.legal_moves if m.source == "s" and m.is_play]
        discards = [m for m in obs.legal_moves if m.is_discard]
        if stock and discards and best_first is None:
            best_first = (obs, hint(obs).plan[0])
            bad = (obs, discards[0])
            break
    assert best_first is not None and bad is not None
    good = grade_guess(*best_first)
    assert good.grade == "good" and good.reasons[0][0] is Explain.GOOD_TURN
    missed = grade_guess(*bad)
    assert missed.grade == "mistake"
    codes = [code for code, _ in missed.reasons]
    assert Explain.MISSED_STOCK in codes or Explain.MISSED_WIN in codes
    assert codes[-1] is Explain.BETTER_PLAN


def test_a_guess_that_turns_up_a_stock_card_is_graded_on_that_move_alone() -> None:
    """Nothing after a revealed card can be known: the hint's own stock play is good."""
    for obs, _move, _level in _moves(("medium", "medium"), 6, limit=200):
        first = hint(obs).plan[0]
        if first.source == "s" and first.is_play and obs.me.stock_count > 1:
            review = grade_guess(obs, first)
            assert review.grade == "good", review
            return
    pytest.fail("no stock card to play in this deal")
