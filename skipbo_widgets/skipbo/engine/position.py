"""Build a game from an explicit position, validating everything.

Save files, tutorial steps and test scenarios all come through here, so a
position that breaks a rule (a missing card, a building pile out of order, a
hand of seven) is refused with a :class:`SaveError` and a reason code.

>>> g = from_position(Rules(players=2, stock_size=5), stocks=[[7], [3]],
...                   hands=[[1, 2], []], draw_pile=None, seed=1)
>>> str(g.legal_moves()[0]), g.card_count(), len(g.draw_pile)
('h1-b1', 162, 158)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from .cards import DECK_COUNTS, TOP_VALUE, WILD, Card
from .errors import Reason, SaveError
from .game import Game, Outcome, game_points
from .rules import BUILDING_PILES, DISCARD_PILES, HAND_SIZE, MAX_TURN, Rules, is_int, is_seed

Piles = Sequence[Sequence[Card]]


def from_position(
    rules: Rules,
    *,
    stocks: Piles,
    hands: Piles,
    discards: Sequence[Piles] | None = None,
    building: Piles = (),
    completed: Sequence[Card] = (),
    draw_pile: Sequence[Card] | None = (),
    current: int = 0,
    dealer: int | None = None,
    turn: int = 1,
    moved: bool = False,
    idle_turns: int = 0,
    drawn: bool = False,
    seed: int | str | None = None,
    rng_state: Any = None,
) -> Game:
    """A :class:`Game` in the given position (top card of every pile last).

    ``draw_pile=None`` puts every card not named elsewhere into the draw pile
    in a shuffled order, which is handy for hand-written positions; otherwise
    the position must hold exactly the 162 cards of ``SB-DECK``. Missing
    building and discard piles are empty. The game is
    over when a side's stock piles are all empty, or when ``drawn`` is set;
    otherwise a player to move with an empty hand draws five cards, as at the
    start of a turn, if there is anything to draw.
    """
    n = rules.players
    discards = discards if discards is not None else [[] for _ in range(n)]
    _check_len("stocks", stocks, n, n)
    _check_len("hands", hands, n, n)
    _check_len("discards", discards, n, n)
    _check_len("building", building, 0, BUILDING_PILES)
    for seat in range(n):
        _check_len(f"stocks[{seat}]", stocks[seat], 0, rules.stock_size)
        _check_len(f"hands[{seat}]", hands[seat], 0, HAND_SIZE)
        _check_len(f"discards[{seat}]", discards[seat], 0, DISCARD_PILES)
    for i, pile in enumerate(building):
        _check_len(f"building[{i}]", pile, 0, TOP_VALUE - 1)
        _check_built(pile, Reason.SAVE_BAD_BUILDING_PILE, i)
    if len(completed) % TOP_VALUE:
        raise SaveError(Reason.SAVE_BAD_SIZE, field="completed", size=len(completed))
    for i in range(0, len(completed), TOP_VALUE):  # SB-COMPLETE: finished piles, 1 to 12
        _check_built(completed[i:i + TOP_VALUE], Reason.SAVE_BAD_COMPLETED_PILE, i // TOP_VALUE)
    for name, value, low, high in (
        ("current", current, 0, n - 1),
        ("dealer", current if dealer is None else dealer, 0, n - 1),
        ("turn", turn, 1, MAX_TURN),
        ("idle_turns", idle_turns, 0, n if drawn else n - 1),  # a drawn game ends on n
    ):
        if not is_int(value) or not low <= value <= high:
            raise SaveError(Reason.SAVE_BAD_FIELD, field=name)

    named = [*completed, *(c for p in building for c in p), *(c for p in stocks for c in p),
             *(c for p in hands for c in p), *(c for ps in discards for p in ps for c in p)]
    for card in named:
        if not is_int(card) or not 0 <= card <= TOP_VALUE:
            raise SaveError(Reason.SAVE_BAD_FIELD, field="card")
    if seed is None:
        seed = random.SystemRandom().randrange(2**63)
    elif not is_seed(seed):
        raise SaveError(Reason.SAVE_BAD_FIELD, field="seed", problem="value")
    game = Game._empty(rules, seed)
    if rng_state is not None:
        try:
            game.rng.setstate(rng_state)
        except (TypeError, ValueError):
            raise SaveError(Reason.SAVE_BAD_FIELD, field="rng") from None
    if draw_pile is None:
        rest = Counter(DECK_COUNTS)
        rest.subtract(named)
        if any(k < 0 for k in rest.values()):
            _raise_mismatch(named, surplus_only=True)
        draw_pile = sorted(rest.elements())
        game.rng.shuffle(draw_pile)
    _check_cards([*named, *draw_pile])

    game.draw_pile = list(draw_pile)
    game.building = [list(p) for p in building]
    game.building += [[] for _ in range(BUILDING_PILES - len(building))]
    game.completed = list(completed)
    game.stocks = [list(p) for p in stocks]
    for seat, hand in enumerate(hands):
        for card in hand:
            game.hands[seat][card] += 1
    game.discards = [
        [list(p) for p in piles] + [[] for _ in range(DISCARD_PILES - len(piles))]
        for piles in discards
    ]
    game.current, game.turn = current, turn
    game.dealer = (current - 1) % n if dealer is None else dealer
    game.moved, game.idle_turns = bool(moved), idle_turns
    game.outcome = _outcome(game, drawn)
    if game.outcome is None and not any(game.hands[current]):
        # A hand-written file may leave out every hand; the player to move draws as
        # the turn begins (SB-REFILL), or the play would be stuck at `end`.
        game._draw(current, HAND_SIZE, empty_hand=moved)
        game.events.clear()
        game._rec = []
    return game


def _check_len(field: str, seq: Sequence[Any], low: int, high: int) -> None:
    if not isinstance(seq, (list, tuple)) or not low <= len(seq) <= high:
        size = len(seq) if isinstance(seq, (list, tuple)) else None
        raise SaveError(Reason.SAVE_BAD_SIZE, field=field, size=size, min=low, max=high)


def _check_cards(cards: Sequence[Card]) -> None:
    if Counter(cards) != DECK_COUNTS:
        _raise_mismatch(cards)


def _check_built(pile: Sequence[Card], reason: Reason, index: int) -> None:
    """A building pile (or a completed one) holds 1, 2, 3 … in order, wild cards anywhere."""
    for pos, card in enumerate(pile):
        if card != WILD and card != pos + 1:
            raise SaveError(reason, pile=index, position=pos, card=card)


def _raise_mismatch(cards: Sequence[Card], *, surplus_only: bool = False) -> None:
    """Name the first card whose count is wrong (with ``surplus_only``: too high;
    a missing card is no error where the draw pile takes the rest)."""
    found = Counter(cards)
    for card in sorted(set(DECK_COUNTS) | set(found)):
        expected = DECK_COUNTS[card]
        if found[card] > expected or (found[card] < expected and not surplus_only):
            raise SaveError(Reason.SAVE_CARDS_MISMATCH, card=card,
                            expected=expected, found=found[card])


def _outcome(game: Game, drawn: bool) -> Outcome | None:
    rules = game.rules
    done = [side for side in rules.sides() if not any(game.stocks[s] for s in side)]
    if len(done) > 1 or (done and drawn):
        raise SaveError(Reason.SAVE_INCONSISTENT, what="outcome")
    if drawn:
        # SB-BLOCKED: a whole round in which nobody moved a card, each player with an
        # empty hand and nothing to draw (no draw pile, no completed pile to shuffle).
        if (game.draw_pile or game.completed or any(map(any, game.hands))
                or game.idle_turns != rules.players or game.moved):
            raise SaveError(Reason.SAVE_INCONSISTENT, what="outcome")
        return Outcome((), 0)
    if not done:
        return None
    side = done[0]
    left = sum(len(game.stocks[s]) for s in range(rules.players) if s not in side)
    return Outcome(tuple(side), game_points(left))

