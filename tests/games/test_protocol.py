"""Every game's engine has the shape of ``core/protocol.py``: ``Playable`` on ``GameBase``,
check/ask/do (``verify_move``/``can_move``/``push``), exact ``pop``, moves whose text
round-trips, the seat to move, an outcome only at the end, and a deal fixed by its seed."""

from __future__ import annotations

import pytest

from skipbo_widgets.core.errors import IllegalMove, NotationError
from skipbo_widgets.core.protocol import GameBase, Playable

from .described import Described, seeded_positions

SEEDS = range(3)


def test_a_fresh_deal_is_a_game_of_the_protocol(game: Described) -> None:
    for players in game.player_counts:
        g = game.new_game(players, seed=7)
        assert isinstance(g, Playable) and isinstance(g, GameBase)
        assert g.rules.players == players
        assert 0 <= g.current < players
        assert g.outcome is None and not g.is_over and g.legal_moves()
        assert g.move_stack == [] and g.last_events() == []
        for seat in range(players):
            assert g.observe(seat) == g.copy().observe(seat)


def test_a_deal_is_fixed_by_its_seed(game: Described) -> None:
    players = game.player_counts[0]
    assert game.new_game(players, 5).state_key() == game.new_game(players, 5).state_key()
    keys = {game.new_game(players, seed).state_key() for seed in range(5)}
    assert len(keys) > 1, "every seed deals the same cards"


def test_nothing_to_undo_is_refused_with_the_game_s_reason(game: Described) -> None:
    g = game.new_game(game.player_counts[0], 1)
    with pytest.raises(IllegalMove) as caught:
        g.pop()
    assert caught.value.reason == g.reasons("nothing_to_undo")


def test_text_that_is_no_move_is_refused_by_the_notation(game: Described) -> None:
    g = game.new_game(game.player_counts[0], 1)
    for text in ("", "¿", "no such move", "play"):
        with pytest.raises(NotationError):
            g.move_type.parse(text)


def test_legal_moves_are_what_the_checks_accept_and_their_text_round_trips(
        game: Described) -> None:
    """Every legal move passes ``verify_move`` and ``can_move`` (by the seat to move, and
    by nobody named), is refused from another seat, and reads back from its text; a move
    legal elsewhere but not here is refused by all three, the state untouched."""
    seen: dict[str, object] = {}
    for _, _, g in seeded_positions(game, SEEDS, every=3):
        for move in g.legal_moves():
            seen.setdefault(str(move), move)
    checked = refused = 0
    for players, _, g in seeded_positions(game, SEEDS, every=3):
        legal = g.legal_moves()
        if g.is_over:
            assert legal == [] and g.outcome is not None
            with pytest.raises(IllegalMove):
                g.verify_move(next(iter(seen.values())))
            continue
        assert legal and g.outcome is None
        for move in legal:
            assert g.move_type.parse(str(move)) == move
            g.verify_move(move)
            g.verify_move(move, by=g.current)
            assert g.can_move(move) and g.can_move(move, by=g.current)
            other = (g.current + 1) % players
            assert not g.can_move(move, by=other)
            with pytest.raises(IllegalMove):
                g.verify_move(move, by=other)
            checked += 1
        texts = {str(m) for m in legal}
        before = g.state_key()
        for text, move in seen.items():
            if text not in texts:
                assert not g.can_move(move)
                with pytest.raises(IllegalMove):
                    g.push(move)
                assert g.state_key() == before
                refused += 1
    assert checked > 100 and refused > 100


def test_push_returns_its_events_and_the_game_ends_with_an_outcome(game: Described) -> None:
    ended = 0
    for _, _, g in seeded_positions(game, SEEDS, max_moves=2000):
        if g.is_over:
            ended += 1
            assert g.outcome is not None and g.legal_moves() == []
            continue
        start = len(g.events)
        move = g.legal_moves()[0]
        events = g.push(move)
        assert g.events[start:] == events == g.last_events()
        assert g.move_stack[-1] == move
        assert g.pop() == move and len(g.events) == start
    assert ended == len(game.player_counts) * len(SEEDS), "a play-out did not end"


def test_a_copy_is_independent(game: Described) -> None:
    for _, _, g in seeded_positions(game, range(1), every=5):
        if g.is_over:
            continue
        before = g.state_key()
        twin = g.copy()
        twin.push(twin.legal_moves()[-1])
        assert g.state_key() == before
