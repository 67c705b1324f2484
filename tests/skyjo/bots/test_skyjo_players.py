"""Skyjo bots: legal moves only, decisions from the seat's observation alone."""

from __future__ import annotations

import pytest
from positions import redealt

from skipbo_widgets.skyjo.bots import LEVELS, make_bot, play_match
from skipbo_widgets.skyjo.bots.players import LONG_ROUND
from skipbo_widgets.skyjo.engine import Round, Rules


def _mid_round(seed: int, players: int, moves: int) -> Round:
    r = Round.new(Rules(players=players), seed=seed)
    bots = [make_bot(LEVELS[(seed + s) % 3]) for s in range(players)]
    for _ in range(moves):
        if r.outcome is not None:
            break
        r.push(bots[r.current].choose_move(r.observe(r.current)), by=r.current)
    return r


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("players", [2, 4])
def test_decisions_depend_only_on_the_seats_observation(level: str, players: int) -> None:
    bot, checked = make_bot(level), 0
    for seed in range(6):
        for moves in (3, 9, 17, 30, 45):
            r = _mid_round(seed, players, moves)
            if r.outcome is not None:
                continue
            other = redealt(r, seed + 100)
            seat = r.current
            assert (other.grids, other.draw_pile) != (r.grids, r.draw_pile)
            assert other.observe(seat) == r.observe(seat)
            assert bot.choose_move(other.observe(seat)) == bot.choose_move(r.observe(seat))
            checked += 1
    assert checked >= 20


@pytest.mark.parametrize("level", LEVELS)
def test_bots_play_whole_games_with_legal_moves_setup_included(level: str) -> None:
    # push() refuses an illegal move, so a finished game means every move was legal.
    match = play_match([make_bot(level), make_bot("medium"), make_bot(level)],
                       Rules(players=3), seed=f"legal/{level}")
    assert match.is_over and max(match.scores) >= 100


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="levels"):
        make_bot("grandmaster")


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (2, 17), (4, 6), (8, 14)])
def test_strong_bots_alone_end_every_round(players: int, seed: int) -> None:
    """Strong bots could pass the same cards round for ever (3 players, seed 1: each
    took the other's 4 or 5 for a column); past LONG_ROUND turns each they turn cards.
    Each of these deals went on past LONG_ROUND turns per player before the fix."""
    game = Round.new(Rules(players=players), seed=seed)
    bots = [make_bot("strong") for _ in range(players)]
    for _ in range((LONG_ROUND + 14) * players * 2):
        if game.is_over:
            break
        game.push(bots[game.current].choose_move(game.observe(game.current)), by=game.current)
    assert game.is_over


def test_the_beginner_plays_as_the_demo_says_it_does() -> None:
    """demo.skyjo.own_way.beginner: from the discard pile only a card of 0 or less; a
    drawn card kept if it is 2 or less, else only in place of a face-up card at least 4
    higher; cards turned column by column (the first face-down card in place order)."""
    bot = make_bot("beginner")
    kinds: set[str] = set()
    for seed in range(6):
        r = Round.new(Rules(players=3), seed=f"beginner/{seed}")
        others = [make_bot("medium"), make_bot("strong")]
        while r.outcome is None and r.turn < 200:
            obs = r.observe(r.current)
            if r.current != 0:
                r.push(others[r.current - 1].choose_move(obs), by=r.current)
                continue
            move = bot.choose_move(obs)
            me = obs.me
            first_hidden = min(me.hidden) if me.hidden else None
            kinds.add(move.kind)
            if move.kind in ("reveal", "drop"):
                assert move.place == first_hidden  # column by column
            elif move.kind == "take":
                assert obs.discard_top <= 0
            elif move.kind == "swap":
                old = me.cards[move.place]
                assert obs.drawn is not None
                assert obs.drawn <= 2 or (old is not None and old >= obs.drawn + 4)
            r.push(move, by=0)
    assert kinds >= {"reveal", "draw", "drop", "swap"}, kinds


def test_the_medium_bot_plays_as_the_demo_says_it_does() -> None:
    """demo.skyjo.own_way.medium: from the discard pile only a card of 3 or less; a card
    put on a face-up one goes in place of the highest face-up card, which is higher, or
    completes a column."""
    bot = make_bot("medium")
    onto_face_up = 0
    for seed in range(6):
        r = Round.new(Rules(players=3), seed=f"medium/{seed}")
        others = [make_bot("beginner"), make_bot("strong")]
        while r.outcome is None and r.turn < 200:
            obs = r.observe(r.current)
            if r.current != 0:
                r.push(others[r.current - 1].choose_move(obs), by=r.current)
                continue
            move = bot.choose_move(obs)
            cards = obs.me.cards
            if move.kind == "take":
                assert obs.discard_top <= 3
            if move.kind in ("take", "swap") and cards[move.place] is not None:
                onto_face_up += 1
                card = obs.discard_top if move.kind == "take" else obs.drawn
                column = [cards[p] for p in range(move.place // 3 * 3, move.place // 3 * 3 + 3)
                          if p != move.place]
                highest = max(c for c in cards if c is not None)
                assert column == [card, card] or cards[move.place] == highest > card  # type: ignore[operator]
            r.push(move, by=0)
    assert onto_face_up > 10
