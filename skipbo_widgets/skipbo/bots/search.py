"""Search every play sequence of the turn up to the next unknown card.

Within a turn two moves reveal a card the seat could not see: a stock play
turns up the next stock card, and playing the last hand card draws five new
cards. These are the *chance points*. The search stops a sequence there and
scores the chance point by expectation: the continuation is worth the chance
that the cards left could play the unknown stock card (drawn from the
distribution of unseen cards), or, after a refill, a bonus plus the chance
that five unseen cards (with the own discard piles) reach the known stock
card. A plan is therefore always the rest of the turn up to the
first chance point (or up to the final discard); after a chance point the bot
looks again with what it has learned. The search never reads a hidden card,
so its choice depends only on the observation.

Play orders that reach the same state are searched once (the state key uses
the multiset of what the building piles need, the hand and the pile sizes),
and equivalent moves (one card onto two piles needing the same value, such as
a SKIP-BO onto two empty piles) are tried once.

End states are scored by named :class:`Features` with the weights of
:class:`Weights`; :func:`score` shows the arithmetic.

>>> from skipbo_widgets.skipbo.engine import Game, Rules, observe
>>> game = Game.new(Rules(players=2), seed=5)
>>> result = search(observe(game, game.current))
>>> result.best.moves[-1].is_discard or not result.best.ends_turn
True
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from ..engine import WILD, Game, Move, Observation
from ..engine.cards import TOP_VALUE, Card
from ..engine.rules import HAND_SIZE
from .determinize import determinize, unseen_counts

Kind = Literal["discard", "end", "stock_chance", "refill_chance", "win"]
# Distinct states searched per turn at most. In 22,007 positions of real games none
# reached it (p99 per game set 91-259 states, the largest 1,444); long blocked games
# with deep discard piles can need thousands, and this bound keeps the slowest hint
# within the latency target (`--section search_limit`, docs/benchmarks.md).
NODE_LIMIT = 1500


@dataclass(frozen=True)
class Weights:
    """How much each feature of an end state is worth (one stock card = 100)."""

    stock: float = 100.0
    partner_stock: float = 90.0
    win: float = 100_000.0
    hand_card: float = 2.0
    discard_card: float = 1.5
    wild_spent: float = -10.0
    refill: float = 20.0
    recycle: float = 15.0
    stall: float = -60.0
    refill_stock_ready: float = 90.0
    next_stock: float = 60.0
    chance_play: float = -0.5
    gap_uncovered: float = -3.0
    gap_cards: float = -0.5
    give_next: float = -25.0
    risk_next: float = -40.0
    help_partner: float = 6.0
    discard_run: float = 5.0
    discard_stack: float = 4.0
    discard_empty: float = 2.0
    discard_wild: float = -6.0
    discard_bury_low: float = -2.0
    discard_bury_step: float = -0.5
    discard_bury_high: float = -1.0
    cover_wild: float = -10.0
    cover_bridge: float = -3.0
    discard_far: float = 0.3


DEFAULT_WEIGHTS = Weights()


@dataclass(frozen=True, slots=True)
class Features:
    """What an end state of the turn (or a chance point) is made of.

    - ``kind``: ``discard`` (the plan ends the turn with a discard), ``end``
      (empty hand, nothing to draw), ``stock_chance`` (a stock card was played
      and the next one is unknown), ``refill_chance`` (the hand was emptied and
      five unknown cards are drawn), ``win``.
    - ``stock_played``/``partner_stock_played``/``won``: stock cards played.
    - ``hand_played``/``discard_played``/``plays``: cards played from the hand,
      from discard piles, in all (each hand card played is a card drawn later).
    - ``wilds_spent``/``wilds_kept``: SKIP-BO cards played / still in hand.
    - ``recycled_piles``: building piles completed this turn while the draw pile
      is short (fewer cards than one refill per player): they become the next
      draw pile and keep the game from stalling into a draw (``SB-BLOCKED``).
    - ``refill``: cards drawn at a ``refill_chance``.
    - ``gap``/``gap_uncovered``: for a known own stock card, the fewest cards a
      building pile needs before it fits, and how many of them the seat does
      not hold (hand, discard tops, SKIP-BO cards).
    - ``next_stock_chance``: at a ``stock_chance``, the chance that the cards
      held could play the unknown next stock card; at a ``refill_chance``, the
      chance that five unseen cards and the discard piles reach the stock card.
    - ``gives``: the next player, if an opponent whose own discard piles alone
      bring a building pile to their stock card (``(seat, card)``);
      ``risk_next``: the chance that the next player can play their stock card
      with their discard piles and an unseen hand of five. Later opponents are
      not counted: the players in between change the piles first, and
      blocking them cost the strong bot games with 5 and 6 players
      (docs/benchmarks.md).
    - ``helps_partner``: a pile needs the partner's stock card (teams).
    - ``discard_*``/``covers``: the final discard, how it lies (``run`` down,
      ``stack``, ``empty`` pile, ``bury_high``/``bury_low``, ``wild``), how far
      the card is from what any pile needs, and whether it covers a SKIP-BO or
      a card needed to reach the stock card.
    """

    kind: Kind
    stock_played: int = 0
    partner_stock_played: int = 0
    won: bool = False
    hand_played: int = 0
    discard_played: int = 0
    plays: int = 0
    wilds_spent: int = 0
    wilds_kept: int = 0
    recycled_piles: int = 0
    stalls: bool = False
    refill: int = 0
    gap: int | None = None
    gap_uncovered: int | None = None
    next_stock_chance: float = 0.0
    gives: tuple[tuple[int, int], ...] = ()
    risk_next: float = 0.0
    helps_partner: int | None = None
    discard_card: Card | None = None
    discard_pile: int | None = None
    discard_shape: str | None = None
    discard_under: Card | None = None
    discard_far: int = 0
    covers: str | None = None


def score(f: Features, w: Weights = DEFAULT_WEIGHTS) -> float:
    """The value of an end state: a weighted sum of its features."""
    v = w.stock * f.stock_played + w.partner_stock * f.partner_stock_played
    if f.won:
        return v + w.win
    v += w.wild_spent * f.wilds_spent + w.recycle * f.recycled_piles + w.stall * f.stalls
    if f.kind == "stock_chance":
        v += w.chance_play * f.plays + w.next_stock * f.next_stock_chance
    else:
        v += w.hand_card * f.hand_played + w.discard_card * f.discard_played
    if f.kind == "refill_chance":
        v += w.refill + w.refill_stock_ready * f.next_stock_chance
    elif f.gap is not None and f.gap_uncovered is not None:
        v += w.gap_uncovered * min(f.gap_uncovered, 6) + w.gap_cards * min(f.gap, 10)
    v += w.give_next * len(f.gives) + w.risk_next * f.risk_next
    if f.helps_partner is not None:
        v += w.help_partner
    if f.discard_shape is not None:
        v += discard_value(w, f.discard_card, f.discard_shape, f.discard_under,
                           f.discard_far, f.covers)
    return v


def discard_value(w: Weights, card: Card | None, shape: str, under: Card | None, far: int,
                  covers: str | None) -> float:
    """The part of :func:`score` that comes from the final discard."""
    v = _SHAPE_WEIGHT[shape](w, card or 0, under or 0)
    if card == WILD:
        v += w.discard_wild
    v += w.discard_far * far
    if covers == "wild":
        v += w.cover_wild
    elif covers == "bridge":
        v += w.cover_bridge
    return v


_SHAPE_WEIGHT: dict[str, Callable[[Weights, Card, Card], float]] = {
    "run": lambda w, card, under: w.discard_run,
    "stack": lambda w, card, under: w.discard_stack,
    "empty": lambda w, card, under: w.discard_empty,
    "bury_high": lambda w, card, under: w.discard_bury_high,
    "bury_low": lambda w, card, under: w.discard_bury_low + w.discard_bury_step * (card - under),
    "wild": lambda w, card, under: 0.0,
}


@dataclass(frozen=True)
class Plan:
    """The rest of the turn up to the first chance point or the final discard."""

    moves: tuple[Move, ...]
    value: float
    features: Features

    @property
    def ends_turn(self) -> bool:
        """True if the plan ends with the discard (or an empty-hand ``end``)."""
        return bool(self.moves) and (self.moves[-1].is_discard or self.moves[-1].is_end)


@dataclass
class SearchResult:
    """The best plan, how many states were searched, and facts the explanation needs."""

    best: Plan
    nodes: int
    # For each number of stock cards played: could a plan leave a pile that the
    # next player's stock card needs?  (For honest block_next claims.)
    could_give_next: dict[int, bool] = field(default_factory=dict)
    # ... and could a plan leave no such pile?  (For honest gift_next claims.)
    could_avoid_next: dict[int, bool] = field(default_factory=dict)
    root_playable: bool = False
    #: With ``margin``: the best plan for each distinct set of building piles it
    #: leaves, best first, down to ``margin`` below the best (for a look-ahead).
    candidates: tuple[Plan, ...] = ()


class _Ctx:
    """Everything the search knows that does not change during the turn."""

    def __init__(self, obs: Observation, weights: Weights) -> None:
        self.obs = obs
        self.w = weights
        self.seat = obs.seat
        self.partner = obs.partner
        n = obs.rules.players
        self.next_seat = (obs.seat + 1) % n
        me = obs.me
        self.root_stock = me.stock_count
        self.stock_top = me.stock_top
        self.partner_stock = (
            obs.seats[self.partner].stock_count if self.partner is not None else 0)
        self.partner_top = (
            obs.seats[self.partner].stock_top if self.partner is not None else None)
        self.unseen = unseen_counts(obs)
        self.unseen_total = max(sum(self.unseen), 1)
        my_team = obs.rules.team(obs.seat)
        self.short_of_cards = obs.draw_count < HAND_SIZE * n
        self.blocked = obs.draw_count == 0 and obs.completed_count == 0
        nxt = obs.seats[self.next_seat]
        self.next_top = (
            nxt.stock_top if obs.rules.team(self.next_seat) != my_team
            and nxt.stock_top not in (None, WILD) else None)
        self.next_piles = nxt.discards
        total = self.unseen_total
        # an unseen hand of five: the chance it holds a given number, and how
        # many SKIP-BO cards it holds (binomial approximation)
        self.hold_number = [1.0 - (1.0 - self.unseen[v] / total) ** HAND_SIZE
                            for v in range(TOP_VALUE + 1)]
        pw = self.unseen[WILD] / total
        self.hand_wilds = [math.comb(HAND_SIZE, k) * pw ** k * (1 - pw) ** (HAND_SIZE - k)
                           for k in range(HAND_SIZE + 1)]


def _reach(need: int, target: int, numbers: list[int], wilds: int) -> tuple[int, int]:
    """(cards needed, cards missing) to bring a pile from ``need`` to ``target``."""
    k = (target - need) % TOP_VALUE
    missing = 0
    v = need
    for _ in range(k):
        if not numbers[v]:
            missing += 1
        v = v % TOP_VALUE + 1
    return k, max(0, missing - wilds)


def _visible_chain(need: int, target: int, piles: tuple[tuple[Card, ...], ...]) -> list[int]:
    """The values from ``need`` up to ``target - 1`` that the discard piles cannot give
    (playing a top shows the card under it; a SKIP-BO top stands in for anything)."""
    stacks = [list(p) for p in piles if p]
    missing: list[int] = []
    for v in range(need, target):
        found = next((s for s in stacks if s[-1] == v), None)
        if found is None:
            found = next((s for s in stacks if s[-1] == WILD), None)
        if found is None:
            missing.append(v)
            continue
        found.pop()
        if not found:
            stacks.remove(found)
    return missing


def _cover_chance(missing: list[int], hold_number: list[float], hand_wilds: list[float]) -> float:
    """The chance an unseen hand of five covers every missing value (numbers or wilds)."""
    m = len(missing)
    if m > HAND_SIZE:
        return 0.0
    dist = [1.0] + [0.0] * m  # how many missing values the numbers cover
    for v in missing:
        p = hold_number[v]
        for k in range(m, 0, -1):
            dist[k] = dist[k] * (1 - p) + dist[k - 1] * p
        dist[0] *= 1 - p
    total = 0.0
    for w, pw in enumerate(hand_wilds):
        need = max(0, m - w)
        total += pw * sum(dist[need:])
    return min(total, 1.0)


def _reachable_values(needs: list[int], numbers: list[int], wilds: int) -> set[int]:
    """Values a pile could be brought to with the cards held (each pile on its own)."""
    out: set[int] = set()
    for n in needs:
        v, w = n, wilds
        out.add(v)
        used = [0] * (TOP_VALUE + 1)
        while v <= TOP_VALUE:
            if numbers[v] > used[v]:
                used[v] += 1
            elif w:
                w -= 1
            else:
                break
            v += 1
            if v <= TOP_VALUE:
                out.add(v)
    return out


_Gives = tuple[tuple[tuple[int, int], ...], float]


class _Searcher:
    def __init__(self, ctx: _Ctx, game: Game, node_limit: int,
                 margin: float | None = None) -> None:
        self.ctx = ctx
        self.margin = margin
        self.leaves: dict[tuple[int, ...], Plan] = {}
        self.game = game
        self.node_limit = node_limit
        self.visited: set[tuple[object, ...]] = set()
        self.path: list[Move] = []
        self.best: Plan | None = None
        self.could_give_next: dict[int, bool] = {}
        self.could_avoid_next: dict[int, bool] = {}
        self.only: tuple[Move, ...] | None = None
        self.gives_memo: dict[tuple[int, ...], _Gives] = {}
        # what one building pile needs -> the chance the next player reaches their stock card
        self.pile_risk: dict[int, float] = {}
        self.shape_table = _shape_table(ctx.w)
        w = ctx.w
        # the most a final discard can add to its state's value (see _end_leaves)
        self.discard_bonus = (max(v for row in self.shape_table for _, v in row)
                              + max(w.discard_far, 0.0) * 6
                              + max(w.cover_wild, w.cover_bridge, 0.0))
        # the most the terms of a discard state's value that need its pile reaches and
        # the next player's chances can add (see _discard_ceiling)
        self.state_bonus = (max(w.gap_uncovered * 6, 0.0) + max(w.gap_cards * 10, 0.0)
                            + max(w.give_next, 0.0) + max(w.risk_next, 0.0)
                            + max(w.help_partner, 0.0))

    # -- the state -----------------------------------------------------------

    def _needs(self) -> list[int]:
        return [len(p) + 1 for p in self.game.building]

    def _key(self, heights: list[int]) -> tuple[object, ...]:
        """The state: building pile heights (``heights``, in any order), the hand, the
        own discard pile sizes and stock size, the partner's stock and pile sizes."""
        g, seat, partner = self.game, self.ctx.seat, self.ctx.partner
        key: tuple[object, ...] = (
            tuple(sorted(heights)),
            tuple(g.hands[seat]),
            tuple([len(p) for p in g.discards[seat]]),
            len(g.stocks[seat]),
        )
        if partner is not None:
            key += (len(g.stocks[partner]), tuple([len(p) for p in g.discards[partner]]))
        return key

    @staticmethod
    def _child_key(move: Move, heights: list[int], key: tuple[Any, ...]
                   ) -> tuple[object, ...] | None:
        """:meth:`_key` after an own hand or discard-pile play that draws no card, from
        the state's ``heights`` and ``key``, without making it; ``None`` for any other move."""
        if move.partner or move.source == "s":
            return None
        after = heights[:]
        height = after[move.pile] + 1
        after[move.pile] = 0 if height == TOP_VALUE else height
        hand, sizes = key[1], key[2]
        if move.source == "h":
            held = list(hand)
            held[move.index] -= 1
            if not any(held):
                return None
            hand = tuple(held)
        else:
            smaller = list(sizes)
            smaller[move.index] -= 1
            sizes = tuple(smaller)
            if height == TOP_VALUE and not any(hand):
                return None
        return (tuple(sorted(after)), hand, sizes, *key[3:])

    def _resources(self) -> tuple[list[int], int, list[Card]]:
        """Numbers held (hand + own and partner discard tops), wilds held, own tops."""
        g, ctx = self.game, self.ctx
        numbers = g.hands[ctx.seat][:]
        tops = [p[-1] for p in g.discards[ctx.seat] if p]
        if ctx.partner is not None:
            tops += [p[-1] for p in g.discards[ctx.partner] if p]
        for c in tops:
            numbers[c] += 1
        wilds = numbers[WILD]
        numbers[WILD] = 0
        return numbers, wilds, tops

    def _gives(self, needs: list[int]) -> _Gives:
        """The next player, if their visible cards reach their stock card, and the
        risk (0-1) that they can play it with an unseen hand."""
        key = tuple(sorted(needs))
        known = self.gives_memo.get(key)
        if known is None:
            known = self.gives_memo[key] = self._gives_uncached(needs)
        return known

    def _gives_uncached(self, needs: list[int]) -> _Gives:
        ctx = self.ctx
        if ctx.next_top is None:
            return (), 0.0
        seat, top, piles = ctx.next_seat, ctx.next_top, ctx.next_piles
        best = 0.0
        for n in set(needs):
            if n > top:
                continue
            p = self.pile_risk.get(n)
            if p is None:
                missing = _visible_chain(n, top, piles)
                p = 1.0 if not missing else _cover_chance(missing, ctx.hold_number,
                                                          ctx.hand_wilds)
                self.pile_risk[n] = p
            best = max(best, p)
        return ((seat, top),) if best >= 1.0 else (), best

    # -- leaves ----------------------------------------------------------------

    def _offer(self, moves: tuple[Move, ...], f: Features, value: float | None = None) -> None:
        ctx = self.ctx
        if value is None:
            value = score(f, ctx.w)
        plan = Plan(moves, value, f)
        if self.only is not None:
            if moves == self.only:
                self.best = plan
            return
        if self.margin is not None:
            key = tuple(sorted(self._needs()))
            known = self.leaves.get(key)
            if known is None or value > known.value + 1e-9 or (
                    abs(value - known.value) <= 1e-9 and len(moves) < len(known.moves)):
                self.leaves[key] = plan
        best = self.best
        if best is None or value > best.value + 1e-9 or (
                abs(value - best.value) <= 1e-9 and len(moves) < len(best.moves)):
            self.best = plan

    def _base(self, kind: Kind, played: dict[str, int], **extra: Any) -> Features:
        g, ctx = self.game, self.ctx
        needs = self._needs()
        partner = ctx.partner
        pstock = ctx.partner_stock - len(g.stocks[partner]) if partner is not None else 0
        helps = None
        if partner is not None and pstock == 0:
            top = ctx.partner_top
            if top is not None and top != WILD and top in needs:
                helps = top
        wilds_kept = g.hands[ctx.seat][WILD] if kind in ("discard", "end", "stock_chance") else 0
        gives, risk_next = self._gives(needs)
        return Features(
            kind=kind,
            stock_played=ctx.root_stock - len(g.stocks[ctx.seat]),
            partner_stock_played=pstock,
            hand_played=played["hand"],
            discard_played=played["discard"],
            plays=played["plays"],
            wilds_spent=played["wilds"],
            wilds_kept=wilds_kept,
            recycled_piles=played["completed"] if ctx.short_of_cards else 0,
            gives=gives,
            risk_next=risk_next,
            helps_partner=helps,
            **extra,
        )

    def _discard_ceiling(self, played: dict[str, int]) -> float:
        """No discard state reached with ``played`` is worth more than this (:func:`score`'s
        terms of a discard state, each of the others at its most), plus a final discard."""
        g, ctx, w = self.game, self.ctx, self.ctx.w
        v = w.stock * (ctx.root_stock - len(g.stocks[ctx.seat]))
        if ctx.partner is not None:
            v += w.partner_stock * (ctx.partner_stock - len(g.stocks[ctx.partner]))
        v += w.wild_spent * played["wilds"]
        if ctx.short_of_cards:
            v += w.recycle * played["completed"]
        v += w.hand_card * played["hand"] + w.discard_card * played["discard"]
        return v + self.state_bonus + self.discard_bonus + 1e-6  # the sums' rounding

    def _end_leaves(self, played: dict[str, int]) -> None:
        """Score every final discard from this (fully known) state."""
        g, ctx = self.game, self.ctx
        seat = ctx.seat
        hand = g.hands[seat]
        needs = self._needs()
        stock = g.stocks[seat]
        if ctx.next_top is not None:
            stock_played = ctx.root_stock - len(stock)
            seen = self.could_give_next if ctx.next_top in needs else self.could_avoid_next
            seen[stock_played] = True
        if (self.only is None and self.best is not None and any(hand)
                and self._discard_ceiling(played)
                < self.best.value - (self.margin or 0.0) - 1e-9):
            return  # no discard can bring this state up to the best plan
        numbers, wilds, _tops = self._resources()
        top = stock[-1] if stock else None
        gap: int | None = None
        uncovered: int | None = None
        best_pile = 0
        if top is not None:
            if top == WILD:
                gap, uncovered = 0, 0
            else:
                reach = min((_reach(n, top, numbers, wilds)[::-1], n) for n in set(needs))
                (uncovered, gap), best_pile = reach
        path = tuple(self.path)
        if not any(hand):
            stalls = ctx.blocked and not played["plays"]
            self._offer((*path, _END), self._base("end", played, gap=gap, gap_uncovered=uncovered,
                                                  stalls=stalls))
            return
        base = self._base("discard", played, gap=gap, gap_uncovered=uncovered)
        piles = g.discards[seat]
        w = ctx.w
        base_value = score(base, w)
        if (self.only is None and self.best is not None and base_value + self.discard_bonus
                < self.best.value - (self.margin or 0.0) - 1e-9):
            return  # no discard can bring this state up to the best plan
        bridge: set[int] = set()  # the values from the closest pile up to the stock card
        v = best_pile
        for _ in range(gap or 0):
            bridge.add(v)
            v = v % TOP_VALUE + 1
        best: tuple[float, int, int, str, Card | None, int, str | None] | None = None
        for card in range(TOP_VALUE + 1):
            if not hand[card]:
                continue
            far = min(min((card - n) % TOP_VALUE for n in needs), 6) if card != WILD else 0
            far_value = base_value + w.discard_far * far
            shapes = self.shape_table[card]
            seen_tops: set[Card | None] = set()
            for p, pile in enumerate(piles):
                t = pile[-1] if pile else None
                if self.only is not None:
                    if self.only != (*path, _DISCARDS[card][p]):
                        continue
                elif t in seen_tops:
                    continue
                seen_tops.add(t)
                shape, value = shapes[TOP_VALUE + 1 if t is None else t]
                value += far_value
                covers = None
                if t == WILD:
                    covers = "wild"
                    value += w.cover_wild
                elif t is not None and t in bridge and numbers[t] == 1:
                    covers = "bridge"
                    value += w.cover_bridge
                if best is None or value > best[0] + 1e-9:
                    best = (value, card, p, shape, t, far, covers)
        if best is None:
            return
        value, card, p, shape, t, far, covers = best
        if (self.only is None and self.best is not None
                and value < self.best.value - (self.margin or 0.0) - 1e-9):
            return
        f = replace(base, discard_card=card, discard_pile=p, discard_shape=shape,
                    discard_under=t, discard_far=far, covers=covers,
                    wilds_kept=hand[WILD] - (card == WILD))
        self._offer((*path, _DISCARDS[card][p]), f, value)

    def _stock_chance_leaf(self, played: dict[str, int]) -> None:
        ctx = self.ctx
        numbers, wilds, _ = self._resources()
        values = _reachable_values(self._needs(), numbers, wilds)
        unseen = ctx.unseen
        hits = unseen[WILD] + sum(unseen[v] for v in values if 1 <= v <= TOP_VALUE)
        chance = hits / ctx.unseen_total
        f = self._base("stock_chance", played, next_stock_chance=chance)
        self._offer(tuple(self.path), f)

    def _refill_leaf(self, played: dict[str, int], drawn: int) -> None:
        g, ctx = self.game, self.ctx
        stock = g.stocks[ctx.seat]
        gap = None
        if stock and ctx.root_stock == len(stock):
            top = stock[-1]
            gap = 0 if top == WILD else min((top - n) % TOP_VALUE for n in self._needs())
        chance = 0.0
        if gap is not None:
            top = stock[-1]
            piles = tuple(tuple(p) for p in g.discards[ctx.seat])
            if ctx.partner is not None:
                piles += tuple(tuple(p) for p in g.discards[ctx.partner])
            for n in set(self._needs()):
                if top == WILD:
                    chance = 1.0
                    break
                if n > top:
                    continue
                missing = _visible_chain(n, top, piles)
                p = 1.0 if not missing else _cover_chance(missing, ctx.hold_number,
                                                          ctx.hand_wilds)
                chance = max(chance, p)
        f = self._base("refill_chance", played, refill=drawn, gap=gap,
                       next_stock_chance=chance)
        self._offer(tuple(self.path), f)

    # -- the walk -------------------------------------------------------------

    def run(self) -> None:
        self._visit({"hand": 0, "discard": 0, "plays": 0, "wilds": 0, "completed": 0})

    def _visit(self, played: dict[str, int], key: tuple[Any, ...] | None = None) -> None:
        """Search on from the current state (whose :meth:`_key` is ``key`` if given)."""
        g, ctx = self.game, self.ctx
        heights = [len(p) for p in g.building]
        if key is None:
            key = self._key(heights)
        if key in self.visited:
            return
        self.visited.add(key)
        self._end_leaves(played)
        if len(self.visited) >= self.node_limit:
            return
        seat = ctx.seat
        for move in _distinct_plays(g, seat):
            child = self._child_key(move, heights, key)
            if child in self.visited:
                continue  # searched already (pushing it would only find that out)
            card = _source_card(g, move, seat, ctx.partner)
            hand_before = g.hand_size(seat)
            g.push(move)
            self.path.append(move)
            now = _tally(played, move, card, not g.building[move.pile])
            drawn = _drawn(g, seat, move, hand_before)
            if g.outcome is not None:
                f = self._base("win", now, won=True)
                self._offer(tuple(self.path), f)
            elif drawn:
                self._refill_leaf(now, drawn)
            elif move.source == "s" and g.stocks[_owner(move, seat, ctx.partner)]:
                self._stock_chance_leaf(now)
            else:
                self._visit(now, child)
            self.path.pop()
            g.pop()


    def line(self, moves: list[Move]) -> int:
        """Follow ``moves`` up to the first chance point or the turn's end; score that
        end state into ``self.best``; return how many moves it took."""
        g, ctx = self.game, self.ctx
        seat = ctx.seat
        played = {"hand": 0, "discard": 0, "plays": 0, "wilds": 0, "completed": 0}
        for i, move in enumerate(moves):
            if not move.is_play:
                self.only = (*self.path, move)
                self._end_leaves(played)
                return i + 1
            card = _source_card(g, move, seat, ctx.partner)
            hand_before = g.hand_size(seat)
            g.push(move, by=seat)
            self.path.append(move)
            played = _tally(played, move, card, not g.building[move.pile])
            self.only = tuple(self.path)
            if g.outcome is not None:
                self._offer(self.only, self._base("win", played, won=True))
                return i + 1
            drawn = _drawn(g, seat, move, hand_before)
            if drawn:
                self._refill_leaf(played, drawn)
                return i + 1
            if move.source == "s" and g.stocks[_owner(move, seat, ctx.partner)]:
                self._stock_chance_leaf(played)
                return i + 1
        raise ValueError("the moves stop before the turn ends or a card is revealed")


_END = Move("end")
_DISCARDS = [[Move("h", False, c, "d", p) for p in range(4)] for c in range(TOP_VALUE + 1)]


@functools.lru_cache(maxsize=16)
def _shape_table(w: Weights) -> list[list[tuple[str, float]]]:
    """discard_value without the per-node terms, for every (card, top) pair."""
    return [
        [(_shape(c, t), discard_value(w, c, _shape(c, t), t, 0, None))
         for t in (*range(TOP_VALUE + 1), None)]
        for c in range(TOP_VALUE + 1)
    ]


def _shape(card: Card, under: Card | None) -> str:
    """How a discard lies on the pile: a run down, a stack, an empty pile or a burial."""
    if under is None:
        return "empty"
    if card == WILD or under == WILD:
        return "wild"
    if under == card + 1:
        return "run"
    if under == card:
        return "stack"
    return "bury_high" if under > card else "bury_low"


def _tally(played: dict[str, int], move: Move, card: Card, completed: bool) -> dict[str, int]:
    """The counts of ``played`` after ``move`` (which played ``card``)."""
    return {
        "hand": played["hand"] + (move.source == "h"),
        "discard": played["discard"] + (move.source == "d"),
        "plays": played["plays"] + 1,
        "wilds": played["wilds"] + (card == WILD),
        "completed": played["completed"] + completed,
    }


def _drawn(g: Game, seat: int, move: Move, hand_before: int) -> int:
    """How many cards the move drew into the hand (an emptied hand refills, and so
    does an empty hand when a completed pile makes cards to draw)."""
    return g.hand_size(seat) - (hand_before - (move.source == "h"))


def _owner(move: Move, seat: int, partner: int | None) -> int:
    return partner if move.partner and partner is not None else seat


def _source_card(g: Game, move: Move, seat: int, partner: int | None) -> Card:
    owner = _owner(move, seat, partner)
    if move.source == "s":
        return g.stocks[owner][-1]
    if move.source == "d":
        return g.discards[owner][move.index][-1]
    return move.index


def _distinct_plays(g: Game, seat: int) -> list[Move]:
    """Legal plays, one per (source, value needed) and never a card onto a pile twice.

    A pile that the seat's stock card (a number) fits takes only that card: any
    other card there stands for the same number, so the stock card could go first
    and the other card where the stock card went instead. Without this the
    search could give up its only stock play to empty the hand and draw five
    (the refill is scored, the later turns are not).
    """
    out: list[Move] = []
    seen: set[tuple[object, ...]] = set()
    building = g.building
    stock = g.stocks[seat]
    top = stock[-1] if stock else WILD
    for_stock = set() if top == WILD else {p for p, b in enumerate(building) if len(b) + 1 == top}
    for m in g.legal_moves():
        if m.target != "b":
            break  # the plays come first
        if m.pile in for_stock and (m.source != "s" or m.partner):
            continue
        k = (m.source, m.partner, m.index, len(building[m.pile]))
        if k in seen:
            continue
        seen.add(k)
        out.append(m)
    return out


def search(obs: Observation, weights: Weights = DEFAULT_WEIGHTS, *,
           node_limit: int = NODE_LIMIT, rng: random.Random | None = None,
           margin: float | None = None) -> SearchResult:
    """The best plan for ``obs.seat`` (whose turn it must be), from the observation alone.

    ``rng`` deals the hidden cards of the game searched on; the result never
    depends on it (a test checks this), so the default is a fixed seed. With
    ``margin``, the result also lists the best plan for each set of building
    piles a plan can leave, down to ``margin`` below the best plan.
    """
    if obs.current != obs.seat or obs.outcome is not None:
        raise ValueError("search needs an observation of the seat to move")
    game = determinize(obs, rng or random.Random(0))
    ctx = _Ctx(obs, weights)
    s = _Searcher(ctx, game, node_limit, margin)
    s.run()
    if s.best is None:
        raise ValueError("no end state found")
    best = s.best
    candidates: tuple[Plan, ...] = ()
    if margin is not None:
        candidates = tuple(sorted(
            (p for p in s.leaves.values() if p.value >= best.value - margin - 1e-9),
            key=lambda p: (-p.value, len(p.moves))))
    return SearchResult(
        best=best,
        nodes=len(s.visited),
        could_give_next=s.could_give_next,
        could_avoid_next=s.could_avoid_next,
        root_playable=any(m.is_play for m in obs.legal_moves),
        candidates=candidates,
    )


def evaluate_line(obs: Observation, moves: list[Move],
                  weights: Weights = DEFAULT_WEIGHTS) -> tuple[Plan, int]:
    """Score the moves a player made from ``obs`` the way :func:`search` scores plans.

    Returns the plan (the moves up to the first chance point or the end of the
    turn, with their features and value) and how many of ``moves`` it used.
    Raises :class:`~skipbo_widgets.skipbo.engine.IllegalMove` for an illegal move.
    """
    if obs.current != obs.seat or obs.outcome is not None:
        raise ValueError("evaluate_line needs an observation of the seat to move")
    game = determinize(obs, random.Random(0))
    s = _Searcher(_Ctx(obs, weights), game, NODE_LIMIT)
    used = s.line(moves)
    if s.best is None:
        raise ValueError("the moves reach no end state")
    return s.best, used


def best_ending(obs: Observation, plays: list[Move],
                weights: Weights = DEFAULT_WEIGHTS) -> Plan | None:
    """The best way to end the turn (the final discard) after ``plays``, which must
    reach no chance point; ``None`` if the hand is empty or a play reveals a card.

    The plan is scored like :func:`evaluate_line`, so the two values compare.
    """
    if obs.current != obs.seat or obs.outcome is not None:
        raise ValueError("best_ending needs an observation of the seat to move")
    game = determinize(obs, random.Random(0))
    s = _Searcher(_Ctx(obs, weights), game, NODE_LIMIT)
    seat = obs.seat
    played = {"hand": 0, "discard": 0, "plays": 0, "wilds": 0, "completed": 0}
    for move in plays:
        if not move.is_play:
            raise ValueError("best_ending takes plays only")
        card = _source_card(game, move, seat, s.ctx.partner)
        hand_before = game.hand_size(seat)
        game.push(move, by=seat)
        s.path.append(move)
        played = _tally(played, move, card, not game.building[move.pile])
        if (game.outcome is not None or _drawn(game, seat, move, hand_before)
                or (move.source == "s" and game.stocks[_owner(move, seat, s.ctx.partner)])):
            return None
    if not any(game.hands[seat]):
        return None
    s._end_leaves(played)
    return s.best
