"""A hypothetical game built from one seat's observation, for search.

The observation shows the building piles, every discard pile, every stock-pile
top, the own hand and the sizes of everything else. :func:`determinize` deals
the cards the seat cannot see (``unseen_counts``) at random into the hidden
places: under the stock-pile tops, into the other hands, the draw pile and the
completed building piles (which, as in a real game, run 1, 2 … 12 with wild
cards where a number is missing). A search on such a game must stop where it would
read one of those cards (see :mod:`skipbo_widgets.skipbo.bots.search`).

>>> from skipbo_widgets.skipbo.engine import Game, Rules, observe
>>> import random
>>> real = Game.new(Rules(players=2), seed=3)
>>> obs = observe(real, real.current)
>>> fake = determinize(obs, random.Random(1))
>>> fake.hand_cards(obs.seat) == list(obs.hand), fake.card_count()
(True, 162)
"""

from __future__ import annotations

import random

from ..engine import Game, Observation, from_position
from ..engine.cards import DECK_COUNTS, TOP_VALUE, WILD, Card


def unseen_counts(obs: Observation) -> list[int]:
    """How many of each card value (index 0 = wild) the seat cannot see anywhere."""
    counts = [DECK_COUNTS[c] for c in range(TOP_VALUE + 1)]
    visible: list[Card] = list(obs.hand)
    for pile in obs.building:
        visible.extend(pile)
    for view in obs.seats:
        if view.stock_top is not None:
            visible.append(view.stock_top)
        for pile in view.discards:
            visible.extend(pile)
    for card in visible:
        counts[card] -= 1
    return counts


def determinize(obs: Observation, rng: random.Random) -> Game:
    """A game consistent with ``obs``, the hidden cards dealt at random from ``rng``."""
    unseen = [c for c, k in enumerate(unseen_counts(obs)) for _ in range(k)]
    rng.shuffle(unseen)
    completed = _completed_piles(unseen, obs.completed_count // TOP_VALUE)  # first: they fit
    stocks: list[list[Card]] = []
    hands: list[list[Card]] = []
    for view in obs.seats:
        under = max(view.stock_count - 1, 0)
        stock = [unseen.pop() for _ in range(under)]
        if view.stock_top is not None:
            stock.append(view.stock_top)
        stocks.append(stock)
        if view.seat == obs.seat:
            hands.append(list(obs.hand))
        else:
            hands.append([unseen.pop() for _ in range(view.hand_count)])
    return from_position(
        obs.rules,
        stocks=stocks,
        hands=hands,
        discards=[[list(p) for p in view.discards] for view in obs.seats],
        building=[list(p) for p in obs.building],
        completed=completed,
        draw_pile=unseen,
        current=obs.current,
        dealer=obs.dealer,
        turn=obs.turn,
        seed=rng.randrange(2**32),
    )


def _completed_piles(unseen: list[Card], piles: int) -> list[Card]:
    """``piles`` finished building piles taken out of ``unseen``: each position gets its
    number if one is left, else a wild card. The real piles are among the unseen
    cards, so this never runs short (it uses no more wild cards than they do)."""
    left = [0] * (TOP_VALUE + 1)
    for card in unseen:
        left[card] += 1
    completed: list[Card] = []
    for _ in range(piles):
        for value in range(1, TOP_VALUE + 1):
            card = value if left[value] else WILD
            left[card] -= 1
            completed.append(card)
    kept = []
    for card in unseen:  # the cards left over keep their shuffled order
        if left[card]:
            left[card] -= 1
            kept.append(card)
    unseen[:] = kept
    return completed
