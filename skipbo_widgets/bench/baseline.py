"""A minimal Skip-Bo simulator, only for comparison in the benchmark.

It plays the same play-first games as the engine (same deal, same draws, same
recycling, same choice of move) with none of the engine's features: no move
objects, no checks, no events, no undo, no teams. The benchmark reports how
much faster it is; the tests check that it plays exactly the engine's games.
"""

from __future__ import annotations

import random

from ..skipbo.engine.cards import TOP_VALUE, WILD, full_deck
from ..skipbo.engine.rules import HAND_SIZE


def play_first_game(players: int, stock_size: int, seed: int | str, dealer: int
                    ) -> tuple[int | None, int]:
    """Play one game, always making the engine's first legal move.

    Returns the winning seat (``None`` for a drawn game) and the number of moves.
    """
    rng = random.Random(seed)
    deck = full_deck()
    rng.shuffle(deck)
    first = (dealer + 1) % players
    stocks: list[list[int]] = [[] for _ in range(players)]
    for _ in range(stock_size):
        for k in range(players):
            stocks[(first + k) % players].append(deck.pop())
    draw = deck
    completed: list[int] = []
    building: list[list[int]] = [[], [], [], []]
    hands = [[0] * (TOP_VALUE + 1) for _ in range(players)]
    discards: list[list[list[int]]] = [[[], [], [], []] for _ in range(players)]

    def refill(hand: list[int], count: int) -> None:
        for _ in range(count):
            if not draw:
                if not completed:
                    return
                draw.extend(completed)
                completed.clear()
                rng.shuffle(draw)
            hand[draw.pop()] += 1

    def target(card: int) -> int:
        """The first building pile the card fits, or -1."""
        if card == WILD:
            return 0
        for i, pile in enumerate(building):
            if len(pile) + 1 == card:
                return i
        return -1

    seat, moves, idle = first, 0, 0
    hand = hands[seat]
    refill(hand, HAND_SIZE)
    while True:
        stock, piles = stocks[seat], discards[seat]
        moved = False
        while True:  # one turn
            source: list[int] | None = None
            card = pile_no = -1
            if stock and (pile_no := target(stock[-1])) >= 0:
                source, card = stock, stock[-1]
            else:
                for pile in piles:
                    if pile and (pile_no := target(pile[-1])) >= 0:
                        source, card = pile, pile[-1]
                        break
                else:
                    for value in range(TOP_VALUE + 1):
                        if hand[value] and (pile_no := target(value)) >= 0:
                            card = value
                            break
            if card < 0:
                break
            moves += 1
            moved = True
            if source is None:
                hand[card] -= 1
            else:
                source.pop()
            built = building[pile_no]
            built.append(card)
            full = len(built) == TOP_VALUE
            if full:
                completed.extend(built)
                built.clear()
            if source is stock and not stock:
                return seat, moves
            if (source is None or full) and not any(hand):
                refill(hand, HAND_SIZE)
        moves += 1  # a discard of the lowest card onto pile 1, or "end"
        for value in range(TOP_VALUE + 1):
            if hand[value]:
                hand[value] -= 1
                piles[0].append(value)
                moved = True
                break
        idle = 0 if moved else idle + 1
        if idle >= players:
            return None, moves
        seat = (seat + 1) % players
        hand = hands[seat]
        refill(hand, HAND_SIZE - sum(hand))
