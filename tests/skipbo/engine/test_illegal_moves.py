"""Every kind of illegal move is refused with its reason, and changes nothing.

Also: ``can_move`` agrees with ``verify_move``, and ``legal_moves`` is exactly
the set of moves in the notation that ``verify_move`` accepts.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from scenario import assert_illegal, position

from skipbo_widgets.skipbo.engine import (
    Game,
    IllegalMove,
    Move,
    NotationError,
    Reason,
    Rules,
)

R = Reason


def solo(**overrides: Any) -> dict[str, Any]:
    """Two players, seat 0 to move: stock 9, hand 1 2 W, a discard pile 5 3."""
    start: dict[str, Any] = dict(
        stocks=["4 9", "8"], hands=["W 1 2", "1 5"], building=["1 2", "1 2 3 4"],
        discards=[["5 3"], ["6"]],
    )
    return start | overrides


def team(**overrides: Any) -> dict[str, Any]:
    """Four players in teams (0+2 against 1+3); seat 2's stock is empty."""
    start: dict[str, Any] = dict(
        players=4, teams=True, stocks=["9", "8", "", "6"], hands=["1 7", "5", "1 W", "4"],
        discards=[["", "2"], ["7"], ["3", "", "11"], []],
    )
    return start | overrides


ILLEGAL = [
    # (start, move, by, reason, params)
    pytest.param(solo(), "h1-b3", 1, R.NOT_YOUR_TURN, dict(seat=1, current=0),
                 id="another seat moves", marks=pytest.mark.rule("SB-NEXT")),
    pytest.param(solo(), "h5-d1", 1, R.NOT_YOUR_TURN, dict(seat=1, current=0),
                 id="another seat discards", marks=pytest.mark.rule("SB-NEXT")),
    pytest.param(solo(current=1), "end", 0, R.NOT_YOUR_TURN, dict(seat=0, current=1),
                 id="another seat ends", marks=pytest.mark.rule("SB-NEXT")),
    pytest.param(solo(), "h3-b1", None, R.CARD_NOT_IN_HAND, dict(card=3),
                 id="a card not in the hand", marks=pytest.mark.rule("SB-PLAY")),
    pytest.param(solo(hands=["1 2", ""]), "hW-b1", None, R.CARD_NOT_IN_HAND, dict(card=0),
                 id="a wild not in the hand", marks=pytest.mark.rule("SB-PLAY")),
    pytest.param(solo(), "h7-d1", None, R.CARD_NOT_IN_HAND, dict(card=7),
                 id="discarding a card not in the hand", marks=pytest.mark.rule("SB-DISCARD")),
    pytest.param(team(current=2), "s-b3", None, R.STOCK_EMPTY, dict(seat=2),
                 id="an empty stock", marks=pytest.mark.rule("SB-PLAY", "SB-TEAM-WIN")),
    pytest.param(team(), "ps-b3", None, R.STOCK_EMPTY, dict(seat=2),
                 id="the partner's empty stock", marks=pytest.mark.rule("SB-TEAM-PLAY")),
    pytest.param(solo(), "d2-b1", None, R.DISCARD_PILE_EMPTY, dict(seat=0, pile=1),
                 id="an empty discard pile", marks=pytest.mark.rule("SB-PLAY")),
    pytest.param(team(), "pd2-b1", None, R.DISCARD_PILE_EMPTY, dict(seat=2, pile=1),
                 id="the partner's empty discard pile", marks=pytest.mark.rule("SB-TEAM-PLAY")),
    pytest.param(solo(), "s-b1", None, R.WRONG_VALUE, dict(card=9, needs=3, pile=0),
                 id="stock card of the wrong value", marks=pytest.mark.rule("SB-PLAY")),
    pytest.param(solo(), "d1-b2", None, R.WRONG_VALUE, dict(card=3, needs=5, pile=1),
                 id="discard top of the wrong value", marks=pytest.mark.rule("SB-PLAY")),
    pytest.param(solo(), "h2-b3", None, R.WRONG_VALUE, dict(card=2, needs=1, pile=2),
                 id="a pile starts only with 1 or wild", marks=pytest.mark.rule("SB-PLAY")),
    pytest.param(solo(stocks=["1 9", "8"]), "s-b4", None, R.WRONG_VALUE,
                 dict(card=9, needs=1, pile=3),
                 id="not even with the stock card", marks=pytest.mark.rule("SB-PLAY")),
    pytest.param(solo(), "h2-b2", None, R.WRONG_VALUE, dict(card=2, needs=5, pile=1),
                 id="no going down", marks=pytest.mark.rule("SB-PLAY")),
    pytest.param(solo(), "h1-b2", None, R.WRONG_VALUE, dict(card=1, needs=5, pile=1),
                 id="a 1 only on an empty pile", marks=pytest.mark.rule("SB-PLAY")),
    pytest.param(team(), "pd3-b1", None, R.WRONG_VALUE, dict(card=11, needs=1, pile=0),
                 id="partner's card of the wrong value", marks=pytest.mark.rule("SB-TEAM-PLAY")),
    pytest.param(solo(), "h1-b5", None, R.BUILDING_PILE_LIMIT, dict(pile=4, max=4),
                 id="a fifth building pile", marks=pytest.mark.rule("SB-PLAY")),
    pytest.param(solo(), "hW-b9", None, R.BUILDING_PILE_LIMIT, dict(pile=8, max=4),
                 id="a ninth building pile", marks=pytest.mark.rule("SB-PLAY")),
    pytest.param(solo(), "h1-d5", None, R.DISCARD_PILE_LIMIT, dict(pile=4, max=4),
                 id="a fifth discard pile", marks=pytest.mark.rule("SB-DISCARD")),
    pytest.param(solo(), "d5-b3", None, R.DISCARD_PILE_LIMIT, dict(pile=4, max=4),
                 id="playing from a fifth discard pile", marks=pytest.mark.rule("SB-DISCARD")),
    pytest.param(solo(), "s-d1", None, R.DISCARD_FROM_STOCK, {},
                 id="discarding from the stock", marks=pytest.mark.rule("SB-DISCARD")),
    pytest.param(team(), "ps-d2", None, R.DISCARD_FROM_STOCK, {},
                 id="discarding from the partner's stock", marks=pytest.mark.rule("SB-DISCARD")),
    pytest.param(solo(), "d1-d2", None, R.DISCARD_BETWEEN_PILES, {},
                 id="moving between discard piles", marks=pytest.mark.rule("SB-DISCARD")),
    pytest.param(solo(), "d1-d1", None, R.DISCARD_BETWEEN_PILES, {},
                 id="onto the same discard pile", marks=pytest.mark.rule("SB-DISCARD")),
    pytest.param(team(), "pd1-d1", None, R.DISCARD_BETWEEN_PILES, {},
                 id="from the partner's discard pile", marks=pytest.mark.rule("SB-DISCARD")),
    pytest.param(team(), "ph1-b1", None, R.PARTNER_HAND, {},
                 id="playing from the partner's hand", marks=pytest.mark.rule("SB-TEAM-PLAY")),
    pytest.param(team(), "phW-d1", None, R.PARTNER_HAND, {},
                 id="discarding from the partner's hand", marks=pytest.mark.rule("SB-TEAM-PLAY")),
    pytest.param(solo(), "ps-b3", None, R.NO_PARTNER, {},
                 id="partner's stock without teams", marks=pytest.mark.rule("SB-TEAM-PLAY")),
    pytest.param(solo(), "pd1-b3", None, R.NO_PARTNER, {},
                 id="partner's discard without teams", marks=pytest.mark.rule("SB-TEAM-PLAY")),
    pytest.param(solo(), "ph1-b3", None, R.NO_PARTNER, {},
                 id="partner's hand without teams", marks=pytest.mark.rule("SB-TEAM-PLAY")),
    pytest.param(solo(), "end", None, R.HAND_NOT_EMPTY, dict(cards=3),
                 id="end with cards in the hand", marks=pytest.mark.rule("SB-BLOCKED")),
    pytest.param(solo(stocks=["", "8"]), "h1-b3", None, R.GAME_OVER, {},
                 id="a move after a win", marks=pytest.mark.rule("SB-WIN")),
    pytest.param(solo(stocks=["", "8"]), "h1-b3", 1, R.GAME_OVER, {},
                 id="game over comes before whose turn", marks=pytest.mark.rule("SB-WIN")),
    pytest.param(solo(drawn=True, hands=["", ""], rest="discard", idle_turns=2), "h2-d1", None,
                 R.GAME_OVER, {},
                 id="a move after a draw", marks=pytest.mark.rule("SB-BLOCKED")),
    pytest.param(team(stocks=["", "8", "", "6"]), "end", None, R.GAME_OVER, {},
                 id="a move after a team win", marks=pytest.mark.rule("SB-TEAM-WIN")),
]


@pytest.mark.parametrize(("start", "move", "by", "reason", "params"), ILLEGAL)
def test_illegal_moves_are_refused_and_change_nothing(
    start: dict[str, Any], move: str, by: int | None, reason: Reason, params: dict[str, Any]
) -> None:
    assert_illegal(position(**start), move, reason, by, **params)


@pytest.mark.rule("SB-NEXT")
def test_the_right_seat_may_move() -> None:
    game = position(**solo())
    assert game.can_move(Move.parse("h1-b3"), by=0)
    game.push_text("h1-b3", by=0)
    assert game.building[2] == [1]


# -- undo ---------------------------------------------------------------------


@pytest.mark.rule("SB-DEAL")
@pytest.mark.parametrize(
    "make",
    [
        pytest.param(lambda: Game.new(Rules(players=3), seed=1), id="a new game"),
        pytest.param(lambda: position(**solo()), id="a position"),
    ],
)
def test_pop_with_nothing_to_undo(make: Any) -> None:
    game = make()
    before = game.state_key()
    with pytest.raises(IllegalMove) as err:
        game.pop()
    assert (err.value.reason, dict(err.value.params)) == (R.NOTHING_TO_UNDO, {})
    assert game.state_key() == before


@pytest.mark.rule("SB-PLAY")
def test_pop_once_too_often() -> None:
    game = position(**solo())
    game.push_text("h1-b3")
    game.pop()
    before = game.state_key()
    with pytest.raises(IllegalMove):
        game.pop()
    assert game.state_key() == before


# -- bad input ----------------------------------------------------------------


@pytest.mark.rule("SB-PLAY")
@pytest.mark.parametrize("thing", ["h1-b3", None, 3, ("h", False, 1, "b", 2)], ids=repr)
def test_something_that_is_no_move_is_refused(thing: object) -> None:
    game = position(**solo())
    before = game.state_key()
    assert not game.can_move(thing)  # type: ignore[arg-type]
    with pytest.raises(IllegalMove) as err:
        game.push(thing)  # type: ignore[arg-type]
    assert err.value.reason is R.BAD_NOTATION
    assert game.state_key() == before


@pytest.mark.rule("SB-PLAY")
@pytest.mark.parametrize(
    "fields",
    [
        pytest.param(dict(source="s"), id="stock without a target"),
        pytest.param(dict(source="h", index=1, target="x"), id="unknown target"),
        pytest.param(dict(source="x", target="b"), id="unknown source"),
        pytest.param(dict(source="h", index=13, target="b"), id="no card 13"),
        pytest.param(dict(source="h", index=-1, target="b"), id="card -1"),
        pytest.param(dict(source="d", index=-1, target="b"), id="discard pile -1"),
        pytest.param(dict(source="d", index=9, target="b"), id="discard pile 10"),
        pytest.param(dict(source="s", target="b", pile=-1), id="building pile -1"),
        pytest.param(dict(source="s", target="b", pile=9), id="building pile 10"),
        pytest.param(dict(source="s", index=2, target="b"), id="stock with an index"),
        pytest.param(dict(source="h", index=True, target="b"), id="a bool for a card"),
        pytest.param(dict(source="h", index=1.0, target="b"), id="a float for a card"),
        pytest.param(dict(source="h", partner=1, index=1, target="b"), id="an int for partner"),
        pytest.param(dict(source="end", target="b"), id="end with a target"),
        pytest.param(dict(source="end", partner=True), id="end of the partner"),
        pytest.param(dict(source=["s"], target="b"), id="a list for a source"),
    ],
)
def test_a_move_that_the_notation_cannot_write_cannot_be_made(fields: dict[str, Any]) -> None:
    with pytest.raises(NotationError) as err:
        Move(**fields)
    assert err.value.reason is R.BAD_NOTATION


@pytest.mark.rule("SB-PLAY")
def test_every_move_of_the_notation_can_be_made_by_hand() -> None:
    for text in all_move_texts():
        move = Move.parse(text)
        rebuilt = Move(move.source, move.partner, move.index, move.target, move.pile)
        assert rebuilt == move and str(rebuilt) == text


# -- legal_moves, can_move and verify_move agree ------------------------------


def all_move_texts() -> list[str]:
    """Every move the notation can write, built from the notation's own grammar."""
    sources = ["s", *(f"d{i}" for i in range(1, 10)),
               *(f"h{c}" for c in ("W", *map(str, range(1, 13))))]
    targets = [f"{t}{i}" for t in "bd" for i in range(1, 10)]
    texts = [f"{owner}{s}-{t}" for owner in ("", "p") for s in sources for t in targets]
    return ["end", *texts]


ALL_MOVES = [Move.parse(text) for text in all_move_texts()]


def check_agreement(game: Game) -> None:
    legal = game.legal_moves()
    assert len(legal) == len(set(legal)), "no move twice"
    accepted = []
    for move in ALL_MOVES:
        try:
            game.verify_move(move)
        except IllegalMove:
            assert not game.can_move(move)
        else:
            assert game.can_move(move)
            accepted.append(move)
    assert set(legal) == set(accepted)


CONFIGS = [
    pytest.param(Rules(players=2, stock_size=5), id="2 players"),
    pytest.param(Rules(players=3, stock_size=8), id="3 players"),
    pytest.param(Rules(players=4, stock_size=6, teams=True), id="4 in teams"),
    pytest.param(Rules(players=6, stock_size=5, teams=True, seating=(0, 0, 1, 1, 2, 2)),
                 id="6 in teams"),
    pytest.param(Rules(players=5, stock_size=5, faces="playing"), id="5, playing cards"),
]


@pytest.mark.rule("SB-PLAY", "SB-DISCARD", "SB-TEAM-PLAY", "SB-BLOCKED")
@pytest.mark.parametrize("rules", CONFIGS)
def test_legal_moves_are_exactly_the_moves_verify_move_accepts(rules: Rules) -> None:
    checked = 0
    for seed in range(3):
        game = Game.new(rules, seed=seed)
        rng = random.Random(seed)
        while not game.is_over and game.turn < 60:
            check_agreement(game)
            checked += 1
            moves = game.legal_moves()
            stock_plays = [m for m in moves if m.is_play and m.source == "s"]
            game.push(rng.choice(stock_plays or moves))
        check_agreement(game)
    assert checked > 100


@pytest.mark.rule("SB-PLAY", "SB-BLOCKED", "SB-TEAM-PLAY")
@pytest.mark.parametrize(
    "start",
    [
        pytest.param(solo(), id="solo"),
        pytest.param(team(), id="team"),
        pytest.param(team(current=2), id="team, empty own stock"),
        pytest.param(solo(hands=["", ""], rest="discard"), id="empty hand, nothing to draw"),
        pytest.param(solo(stocks=["", "8"]), id="game over"),
    ],
)
def test_legal_moves_on_hand_made_positions(start: dict[str, Any]) -> None:
    check_agreement(position(**start))



@pytest.mark.rule("SB-PLAY")
@pytest.mark.parametrize("text", ["s-b0", "h13-b1", "x", "", "s-b1 s-b2", "d0-b1", "s_b1"],
                         ids=repr)
def test_text_that_is_no_move_is_refused(text: str) -> None:
    game = position(**solo())
    before = game.state_key()
    with pytest.raises(NotationError) as err:
        game.push_text(text)
    assert err.value.reason is R.BAD_NOTATION
    assert game.state_key() == before


@pytest.mark.rule("SB-NEXT")
@pytest.mark.parametrize("by", [True, 1.0, "1", -1, 2, 7], ids=repr)
def test_a_seat_that_is_not_the_current_one_may_not_move(by: object) -> None:
    # Seat 1 is to move: True and 1.0 compare equal to 1 but are not seats.
    game = position(**solo(current=1))
    assert_illegal(game, "h1-b3", R.NOT_YOUR_TURN, by, seat=by, current=1)  # type: ignore[arg-type]
