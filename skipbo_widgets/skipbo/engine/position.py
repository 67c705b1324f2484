"""Build a game from an explicit position, validating everything.

Save files, tutorial steps and test scenarios all come through here, so a
position that breaks a rule (a missing card, a building pile out of order, a
hand of seven) is refused with a :class:`SaveError` and a reason code.
:func:`verify_position` makes every check before anything is built.

>>> g = from_position(Rules(players=2, stock_size=5), stocks=[[7], [3]],
...                   hands=[[1, 2], []], draw_pile=None, seed=1)
>>> str(g.legal_moves()[0]), g.card_count(), len(g.draw_pile)
('h1-b1', 162, 158)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import DECK_COUNTS, DECK_SIZE, TOP_VALUE, WILD, Card
from .errors import Reason, SaveError
from .game import Game
from .outcome import Outcome, game_points
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
    if discards is None:
        discards = [[] for _ in range(rules.players)]
    given = Position(stocks, hands, discards, building, completed, draw_pile, current, dealer,
                     turn, moved, idle_turns, drawn, seed, rng_state)
    verify_position(rules, given)
    return _build(rules, given)


@dataclass(frozen=True)
class Position:
    """What :func:`from_position` was given, as it was given (``discards`` filled in)."""

    stocks: Piles
    hands: Piles
    discards: Sequence[Piles]
    building: Piles
    completed: Sequence[Card]
    draw_pile: Sequence[Card] | None
    current: int
    dealer: int | None
    turn: int
    moved: bool
    idle_turns: int
    drawn: bool
    seed: int | str | None
    rng_state: Any

    def named_cards(self) -> list[Card]:
        """Every card the position names, the draw pile left out."""
        return [*self.completed, *(c for p in self.building for c in p),
                *(c for p in self.stocks for c in p), *(c for p in self.hands for c in p),
                *(c for ps in self.discards for p in ps for c in p)]


def verify_position(rules: Rules, pos: Position) -> None:
    """Raise the :class:`SaveError` of the first rule ``pos`` breaks: the sizes of the
    piles, their order, the fields, the cards, the seed and random state, the deck,
    then whether the outcome fits."""
    _verify_piles(rules, pos)
    n = rules.players
    for name, value, low, high in (
        ("current", pos.current, 0, n - 1),
        ("dealer", pos.current if pos.dealer is None else pos.dealer, 0, n - 1),
        ("turn", pos.turn, 1, MAX_TURN),
        ("idle_turns", pos.idle_turns, 0, n if pos.drawn else n - 1),  # a drawn game ends on n
    ):
        if not is_int(value) or not low <= value <= high:
            raise SaveError(Reason.SAVE_BAD_FIELD, field=name)
    named = pos.named_cards()
    for card in named:
        if not is_int(card) or not 0 <= card <= TOP_VALUE:
            raise SaveError(Reason.SAVE_BAD_FIELD, field="card")
    if pos.seed is not None and not is_seed(pos.seed):
        raise SaveError(Reason.SAVE_BAD_FIELD, field="seed", problem="value")
    if pos.rng_state is not None:
        try:
            random.Random().setstate(pos.rng_state)
        except (TypeError, ValueError):
            raise SaveError(Reason.SAVE_BAD_FIELD, field="rng") from None
    if pos.draw_pile is None:
        # The draw pile takes the missing cards: only a card named too often is wrong.
        _raise_mismatch(named, surplus_only=True)
        draws_left = len(named) < DECK_SIZE
    else:
        _check_cards([*named, *pos.draw_pile])
        draws_left = bool(pos.draw_pile)
    _verify_outcome(rules, pos, draws_left)


def _verify_piles(rules: Rules, pos: Position) -> None:
    n = rules.players
    _check_len("stocks", pos.stocks, n, n)
    _check_len("hands", pos.hands, n, n)
    _check_len("discards", pos.discards, n, n)
    _check_len("building", pos.building, 0, BUILDING_PILES)
    for seat in range(n):
        _check_len(f"stocks[{seat}]", pos.stocks[seat], 0, rules.stock_size)
        _check_len(f"hands[{seat}]", pos.hands[seat], 0, HAND_SIZE)
        _check_len(f"discards[{seat}]", pos.discards[seat], 0, DISCARD_PILES)
    for i, pile in enumerate(pos.building):
        _check_len(f"building[{i}]", pile, 0, TOP_VALUE - 1)
        _check_built(pile, Reason.SAVE_BAD_BUILDING_PILE, i)
    completed = pos.completed
    if len(completed) % TOP_VALUE:
        raise SaveError(Reason.SAVE_BAD_SIZE, field="completed", size=len(completed))
    for i in range(0, len(completed), TOP_VALUE):  # SB-COMPLETE: finished piles, 1 to 12
        _check_built(completed[i:i + TOP_VALUE], Reason.SAVE_BAD_COMPLETED_PILE, i // TOP_VALUE)


def _verify_outcome(rules: Rules, pos: Position, draws_left: bool) -> None:
    """At most one side has emptied its stock piles, and not in a drawn game; a drawn
    game is a whole round in which nobody moved a card, each player with an empty hand
    and nothing to draw (no draw pile, no completed pile to shuffle: ``SB-BLOCKED``)."""
    done = _sides_done(rules, pos.stocks)
    if len(done) > 1 or (done and pos.drawn):
        raise SaveError(Reason.SAVE_INCONSISTENT, what="outcome")
    if pos.drawn and (draws_left or pos.completed or any(len(h) for h in pos.hands)
                      or pos.idle_turns != rules.players or pos.moved):
        raise SaveError(Reason.SAVE_INCONSISTENT, what="outcome")


def _build(rules: Rules, pos: Position) -> Game:
    """The game in a position :func:`verify_position` accepts."""
    n, current = rules.players, pos.current
    game = Game._empty(rules, random.SystemRandom().randrange(2**63) if pos.seed is None
                       else pos.seed)
    if pos.rng_state is not None:
        game.rng.setstate(pos.rng_state)
    if pos.draw_pile is None:
        rest = Counter(DECK_COUNTS)
        rest.subtract(pos.named_cards())
        game.draw_pile = sorted(rest.elements())
        game.rng.shuffle(game.draw_pile)
    else:
        game.draw_pile = list(pos.draw_pile)
    game.building = [list(p) for p in pos.building]
    game.building += [[] for _ in range(BUILDING_PILES - len(pos.building))]
    game.completed = list(pos.completed)
    game.stocks = [list(p) for p in pos.stocks]
    for seat, hand in enumerate(pos.hands):
        for card in hand:
            game.hands[seat][card] += 1
    game.discards = [
        [list(p) for p in piles] + [[] for _ in range(DISCARD_PILES - len(piles))]
        for piles in pos.discards
    ]
    game.current, game.turn = current, pos.turn
    game.dealer = (current - 1) % n if pos.dealer is None else pos.dealer
    game.moved, game.idle_turns = bool(pos.moved), pos.idle_turns
    game.outcome = _outcome(rules, pos)
    if game.outcome is None and not any(game.hands[current]):
        # A hand-written file may leave out every hand; the player to move draws as
        # the turn begins (SB-REFILL), or the play would be stuck at `end`.
        game._draw(current, HAND_SIZE, empty_hand=pos.moved)
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


def _sides_done(rules: Rules, stocks: Piles) -> list[tuple[int, ...]]:
    """The sides whose stock piles are all empty."""
    return [side for side in rules.sides() if not any(stocks[s] for s in side)]


def _outcome(rules: Rules, pos: Position) -> Outcome | None:
    if pos.drawn:
        return Outcome((), 0)
    done = _sides_done(rules, pos.stocks)
    if not done:
        return None
    side = done[0]
    left = sum(len(pos.stocks[s]) for s in range(rules.players) if s not in side)
    return Outcome(tuple(side), game_points(left))
