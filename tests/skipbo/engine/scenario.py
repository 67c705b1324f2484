"""Small helpers for rule scenarios: a position in, a move, the position out.

Cards are written in notation (``"1 2 W"``, bottom card first, top card last),
so a scenario table reads like the table itself::

    game = position(stocks=["9 3", "7"], hands=["1 2", ""], building=["1"])
    game.push_text("h2-b1")
    assert_position(game, building=["1 2", "", "", ""], hands=["1", ""])

``draw`` names the next cards of the draw pile in the order they are drawn;
the rest of the deck lies below them (sorted, so that a test can count on it).
Without ``draw`` the rest of the deck is the draw pile, shuffled.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from skipbo_widgets.skipbo.engine import WILD, Game, IllegalMove, Move, Reason, Rules, from_position
from skipbo_widgets.skipbo.engine.cards import DECK_COUNTS, Card, cards_text, parse_cards
from skipbo_widgets.skipbo.engine.events import Event


def cards(text: str) -> list[Card]:
    """``"1 2 W"`` -> ``[1, 2, 0]``; an empty string is an empty pile."""
    return parse_cards(text)


def remaining(*piles: Sequence[Card]) -> list[Card]:
    """The cards of the deck that are in none of ``piles``, sorted."""
    rest = Counter(DECK_COUNTS)
    for pile in piles:
        rest.subtract(pile)
    assert all(k >= 0 for k in rest.values()), "more cards named than the deck holds"
    return sorted(rest.elements())


def position(
    players: int = 2,
    *,
    stocks: Sequence[str],
    hands: Sequence[str] | None = None,
    discards: Sequence[Sequence[str]] | None = None,
    building: Sequence[str] = (),
    completed: int = 0,
    draw: str | None = None,
    rest: str = "draw",
    stock_size: int = 0,
    teams: bool = False,
    seating: tuple[int, ...] = (),
    faces: str = "skipbo",
    seed: int = 1,
    **kwargs: Any,
) -> Game:
    """A game in the written position (see the module docstring).

    ``completed`` is a number of completed piles (set aside: 1 to 12 each,
    taken from the rest of the deck, wild where a number has run out). With
    ``rest="discard"`` the draw pile is exactly ``draw`` (empty without it):
    the rest of the deck goes under the *last* seat's fourth discard pile
    (sorted, so its top is the highest number left).
    """
    rules = Rules(players=players, stock_size=stock_size, teams=teams, seating=seating,
                  faces=faces)  # type: ignore[arg-type]
    stock_piles = [cards(s) for s in stocks]
    hand_piles = [cards(h) for h in hands] if hands is not None else [[] for _ in stocks]
    discard_piles = (
        [[cards(p) for p in piles] for piles in discards]
        if discards is not None else [[] for _ in stocks]
    )
    building_piles = [cards(p) for p in building]
    named = [*stock_piles, *hand_piles, *building_piles,
             *(p for piles in discard_piles for p in piles)]
    on_top = cards(draw) if draw is not None else []
    assert rest in ("draw", "discard")
    left = remaining(*named, on_top)
    set_aside: list[Card] = []
    for _ in range(completed):
        for value in range(1, 13):
            card = value if value in left else WILD
            left.remove(card)
            set_aside.append(card)
    draw_pile: list[Card] | None
    if rest == "discard":
        if left:
            last = discard_piles[-1]
            last += [[] for _ in range(4 - len(last))]
            last[3] = left + last[3]
        draw_pile = on_top[::-1]
    elif draw is None:
        draw_pile = None
    else:
        draw_pile = left + on_top[::-1]
    return from_position(
        rules, stocks=stock_piles, hands=hand_piles, discards=discard_piles,
        building=building_piles, completed=set_aside, draw_pile=draw_pile, seed=seed, **kwargs,
    )


def snapshot(game: Game) -> dict[str, Any]:
    """The visible table in notation: what :func:`assert_position` compares."""
    n = game.rules.players
    return {
        "current": game.current,
        "turn": game.turn,
        "building": [cards_text(p) for p in game.building],
        "completed": len(game.completed),
        "draw": len(game.draw_pile),
        "stocks": [cards_text(p) for p in game.stocks],
        "hands": [cards_text(game.hand_cards(s)) for s in range(n)],
        "discards": [[cards_text(p) for p in piles] for piles in game.discards],
        "outcome": game.outcome,
    }


def assert_position(game: Game, **expected: Any) -> None:
    """Compare the named parts of :func:`snapshot` (hands are sorted, wild cards first)."""
    actual = snapshot(game)
    unknown = set(expected) - set(actual)
    assert not unknown, f"no such part of a position: {unknown}"
    got = {key: actual[key] for key in expected}
    assert got == expected


def assert_illegal(game: Game, text: str | Move, reason: Reason, by: int | None = None,
                   **params: Any) -> IllegalMove:
    """The move is refused with ``reason`` (and exactly ``params``) and changes nothing."""
    move = Move.parse(text) if isinstance(text, str) else text
    before = game.state_key()
    assert not game.can_move(move, by)
    with pytest.raises(IllegalMove) as refused:
        game.verify_move(move, by)
    assert (refused.value.reason, dict(refused.value.params)) == (reason, params)
    with pytest.raises(IllegalMove) as pushed:
        game.push(move, by)
    assert (pushed.value.reason, dict(pushed.value.params)) == (reason, params)
    assert game.state_key() == before
    return pushed.value


def kinds(events: Sequence[Event]) -> list[str]:
    """The event type names, in order."""
    return [type(e).__name__ for e in events]


def moves_text(game: Game) -> list[str]:
    return [str(m) for m in game.legal_moves()]


def check_scenario(start: dict[str, Any], moves: str, expected: dict[str, Any],
                   events: Sequence[str] | None = None) -> Game:
    """Build ``start``, push the space-separated ``moves``, compare with ``expected``.

    ``events`` are the event type names of the last move. Popping every move
    must restore the start exactly (rule scenarios double as undo tests).
    """
    game = position(**start)
    before = game.state_key()
    got: list[Event] = []
    for text in moves.split():
        got = game.push_text(text)
    assert_position(game, **expected)
    if events is not None:
        assert kinds(got) == list(events)
    for _ in moves.split():
        game.pop()
    assert game.state_key() == before
    return game
