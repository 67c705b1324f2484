"""An experimental one-turn look-ahead: what the next player does with the piles a plan leaves.

The turn search (:mod:`.search`) scores an end state by named features,
among them a quick estimate of the next player's chance to reach their
stock card. This look-ahead takes the best few plans that end the turn and
leave *different* building piles, and plays the next player's turn on each
of them many times: their hidden hand, the cards they draw and the stock
cards they turn up are dealt from the cards the seat cannot see
(``unseen_counts``), the same deals for every candidate so that the
comparison is fair. The next player is modelled as a stock-first player
that builds up to its stock card (the advanced bot's policy). A candidate loses
``w_stock`` for each stock card the next player is expected to play and
``w_win`` times the chance that they win; the quick estimate is taken out
of its score first. Plans that stop at a chance point (a stock card turned
up, five cards drawn) are never overruled: the look-ahead never gives up a
stock card to block.

It is **not** the strong bot's policy: in the measurements of
``docs/benchmarks.md`` it wins fewer games against the advanced bot than the
turn search alone (the quick estimate already prices what the next player
can do on average, and the look-ahead cannot know more about their hidden
cards). It stays as ``make_bot("lookahead")`` so those numbers can be
reproduced and the idea taken further.

Everything here comes from the observation; the deals use a fixed seed, so
the choice never depends on the hidden cards.

>>> from skipbo_widgets.skipbo.engine import Game, Rules, observe
>>> game = Game.new(Rules(players=2), seed=5)
>>> result = lookahead(observe(game, game.current))
>>> result.best.moves[-1].is_discard or not result.best.ends_turn
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ..engine import WILD, Move, Observation
from ..engine.cards import TOP_VALUE, Card
from ..engine.rules import HAND_SIZE
from .bridging import bridge_target
from .determinize import unseen_counts
from .search import DEFAULT_WEIGHTS, Plan, SearchResult, Weights, search


@dataclass(frozen=True)
class Lookahead:
    """How many plans to look beyond, how many deals, and how a next player's play costs."""

    candidates: int = 6
    samples: int = 24
    margin: float = 60.0
    w_stock: float = 20.0
    w_win: float = 400.0
    max_moves: int = 60


DEFAULT_LOOKAHEAD = Lookahead()


class LookaheadBot:
    """The strong bot's turn search followed by :func:`lookahead` (experimental)."""

    name = "lookahead"

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS,
                 settings: Lookahead = DEFAULT_LOOKAHEAD) -> None:
        self.weights = weights
        self.settings = settings

    def choose_turn(self, obs: Observation) -> list[Move]:
        return list(lookahead(obs, self.weights, self.settings).best.moves)

    def choose_move(self, obs: Observation) -> Move:
        return self.choose_turn(obs)[0]


@dataclass
class _Side:
    """One player's cards in the simulation: stock top and count, discard piles, hand."""

    top: Card | None
    left: int
    piles: list[list[Card]]
    hand: list[int]


def lookahead(obs: Observation, weights: Weights = DEFAULT_WEIGHTS,
              la: Lookahead = DEFAULT_LOOKAHEAD) -> SearchResult:
    """:func:`~.search.search`, then the turn-ending plan that fares best after the next
    player's turn."""
    result = search(obs, weights, margin=la.margin)
    nxt = (obs.seat + 1) % obs.rules.players
    view = obs.seats[nxt]
    if (obs.rules.team(nxt) == obs.rules.team(obs.seat) or view.stock_top is None
            or not result.best.ends_turn):
        return result
    candidates = [p for p in result.candidates if p.ends_turn][:la.candidates]
    if len(candidates) < 2:
        return result
    deals = _deals(obs, nxt, la.samples)
    best: tuple[float, Plan] | None = None
    for plan in candidates:
        needs = _needs_after(obs, plan)
        stock = wins = 0
        for hand, stream in deals:
            side = _Side(view.stock_top, view.stock_count, [list(p) for p in view.discards],
                         hand[:])
            played, won = _greedy_turn([n - 1 for n in needs], side, stream, la.max_moves)
            stock += played
            wins += won
        f = plan.features
        quick = sum(weights.give_next for seat, _ in f.gives if seat == nxt)
        quick += weights.risk_next * f.risk_next
        value = plan.value - quick - (la.w_stock * stock + la.w_win * wins) / len(deals)
        if best is None or value > best[0] + 1e-9:
            best = (value, plan)
    assert best is not None
    return replace(result, best=best[1])


def _needs_after(obs: Observation, plan: Plan) -> list[int]:
    heights = [len(p) for p in obs.building]
    for m in plan.moves:
        if m.is_play:
            heights[m.pile] = (heights[m.pile] + 1) % TOP_VALUE
    return [h + 1 for h in heights]


def _deals(obs: Observation, seat: int, samples: int) -> list[tuple[list[int], list[Card]]]:
    """``samples`` guesses at the next player's hand (counts per value, after their
    refill) and the cards they would turn up or draw after it, in order."""
    unseen = [c for c, k in enumerate(unseen_counts(obs)) for _ in range(k)]
    rng = random.Random(0)
    held = min(HAND_SIZE, obs.seats[seat].hand_count + obs.draw_count)
    out = []
    for _ in range(samples):
        cards = unseen[:]
        rng.shuffle(cards)
        hand = [0] * (TOP_VALUE + 1)
        for c in cards[:held]:
            hand[c] += 1
        out.append((hand, cards[held:]))
    return out


def _greedy_turn(lengths: list[int], side: _Side, stream: list[Card],
                 max_moves: int) -> tuple[int, bool]:
    """Stock cards a stock-first player plays from these building piles, and
    whether they win; ``stream`` gives the cards they turn up or draw, in order.

    The policy of :class:`~.players.AdvancedBot`: the stock card when it fits, else
    the chain to it that needs the fewest SKIP-BO cards, else a number card from
    the discard piles, then from the hand.
    """
    hand, piles = side.hand, side.piles
    played = pos = 0
    for _ in range(max_moves):
        top = side.top
        if top is not None:
            target = _fits(lengths, top)
            if target >= 0:
                _place(lengths, target)
                played += 1
                side.left -= 1
                if side.left == 0:
                    return played, True
                side.top = stream[pos] if pos < len(stream) else None
                pos += 1
                continue
        move = _bridge(lengths, top, hand, piles) if top not in (None, WILD) else None
        if move is None:
            move = _number_play(lengths, hand, piles)
        if move is None:
            break
        source, pile = move
        _place(lengths, pile)
        if source >= 0:
            piles[source].pop()
        else:
            hand[-source - 1] -= 1
        # an emptied hand draws at once, and so does an empty one when a pile completes
        if not any(hand) and (source < 0 or lengths[pile] == 0):
            for c in stream[pos:pos + HAND_SIZE]:
                hand[c] += 1
            pos += HAND_SIZE
    return played, False


def _fits(lengths: list[int], card: Card) -> int:
    if card == WILD:
        return 0
    for p, length in enumerate(lengths):
        if length + 1 == card:
            return p
    return -1


def _place(lengths: list[int], pile: int) -> None:
    lengths[pile] = (lengths[pile] + 1) % TOP_VALUE


def _bridge(lengths: list[int], top: Card | None, hand: list[int],
            piles: list[list[Card]]) -> tuple[int, int] | None:
    """(source, pile) of the next card of the cheapest chain to the stock card ``top``:
    a source ``d >= 0`` is a discard pile, ``-card - 1`` a hand card."""
    if top is None:
        return None
    target = bridge_target([length + 1 for length in lengths], top, hand, piles)
    if target is None:
        return None
    need = lengths[target] + 1
    for wanted in (need, WILD):  # the exact card first, a SKIP-BO card if there is none
        for d, p in enumerate(piles):
            if p and p[-1] == wanted:
                return d, target
        if wanted == need and hand[need]:
            return -need - 1, target
    return (-WILD - 1, target) if hand[WILD] else None


def _number_play(lengths: list[int], hand: list[int],
                 piles: list[list[Card]]) -> tuple[int, int] | None:
    for d, p in enumerate(piles):
        if p and p[-1] != WILD:
            target = _fits(lengths, p[-1])
            if target >= 0:
                return d, target
    for card in range(1, TOP_VALUE + 1):
        if hand[card]:
            target = _fits(lengths, card)
            if target >= 0:
                return -card - 1, target
    return None
