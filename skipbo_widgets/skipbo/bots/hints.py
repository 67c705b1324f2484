"""Hints: the best plan for the rest of the turn, why it is best, and a ladder.

>>> from skipbo_widgets.skipbo.engine import Game, Rules, observe
>>> game = Game.new(Rules(players=2), seed=5)
>>> h = hint(observe(game, game.current))
>>> h.ladder(3)[0][0] is Explain.PLAN
True
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import WILD, Move, Observation
from ..engine.cards import TOP_VALUE, Card
from .explain import Explain, Reason
from .search import DEFAULT_WEIGHTS, SearchResult, Weights, search

LADDER_LEVELS = (1, 2, 3)


@dataclass(frozen=True)
class Hint:
    """A plan (moves in order), the reasons it is best, and the three ladder steps."""

    plan: tuple[Move, ...]
    reasons: tuple[Reason, ...]
    nudge: Reason
    first: Reason

    def ladder(self, level: int) -> list[Reason]:
        """Level 1: what to look at; 2: the card and the pile; 3: the whole plan and why."""
        if level == 1:
            return [self.nudge]
        if level == 2:
            return [self.first]
        if level == 3:
            return [(Explain.PLAN, {"moves": [str(m) for m in self.plan]}), *self.reasons]
        raise ValueError(f"hint levels are {LADDER_LEVELS}")


def hint(obs: Observation, weights: Weights = DEFAULT_WEIGHTS) -> Hint:
    """The hint for the seat to move in ``obs``."""
    result = search(obs, weights)
    plan = result.best.moves
    return Hint(plan, tuple(explain(obs, result)), _nudge(obs, plan), move_reason(obs, plan[0]))


def source_card(obs: Observation, move: Move) -> Card | None:
    """The card ``move`` takes (``None`` for ``end``), read from the observation."""
    if move.is_end:
        return None
    owner = obs.partner if move.partner and obs.partner is not None else obs.seat
    view = obs.seats[owner]
    if move.source == "s":
        return view.stock_top
    if move.source == "d":
        return view.discards[move.index][-1]
    return move.index


def move_reason(obs: Observation, move: Move) -> Reason:
    """``MOVE_CARD`` for one move."""
    if move.is_end:
        return (Explain.MOVE_CARD, {"move": "end", "card": None, "source": "end",
                                    "target": "end", "pile": None})
    source = ("p" if move.partner else "") + move.source
    return (Explain.MOVE_CARD, {"move": str(move), "card": source_card(obs, move),
                                "source": source, "target": move.target, "pile": move.pile})


def _stock_top(obs: Observation, move: Move) -> Card | None:
    owner = obs.partner if move.partner and obs.partner is not None else obs.seat
    return obs.seats[owner].stock_top


def _nudge(obs: Observation, plan: tuple[Move, ...]) -> Reason:
    plays = [m for m in plan if m.is_play]
    if any(m.source == "s" and not m.partner for m in plays):
        return (Explain.LOOK_STOCK, {"card": obs.me.stock_top})
    if any(m.partner for m in plays) and obs.partner is not None:
        return (Explain.LOOK_PARTNER, {"seat": obs.partner})
    if plays and plays[0].source == "d":
        return (Explain.LOOK_DISCARDS, {})
    if plays:
        return (Explain.LOOK_HAND, {})
    if plan and plan[-1].is_end:
        return (Explain.LOOK_END, {})
    return (Explain.LOOK_DISCARD_CHOICE, {})


def _needs_after(obs: Observation, plays: list[Move]) -> list[int]:
    heights = [len(p) for p in obs.building]
    for m in plays:
        heights[m.pile] = (heights[m.pile] + 1) % TOP_VALUE
    return [h + 1 for h in heights]


def _gap(card: Card, needs: list[int]) -> int:
    return 0 if card == WILD else min((card - n) % TOP_VALUE for n in needs)


def explain(obs: Observation, result: SearchResult) -> list[Reason]:
    """The reasons, most important first, each a claim true in the position."""
    plan = result.best.moves
    f = result.best.features
    plays = [m for m in plan if m.is_play]
    final = plan[-1] if plan and (plan[-1].is_discard or plan[-1].is_end) else None
    me = obs.me
    out: list[Reason] = []
    if not result.root_playable:
        only_end = len(plan) == 1 and plan[0].is_end
        out.append((Explain.NO_PLAY_END if only_end else Explain.NO_PLAY, {}))
    own_stock = [i for i, m in enumerate(plan) if m.is_play and m.source == "s" and not m.partner]
    if f.won:
        out.append((Explain.STOCK_WINS, {}))
    if own_stock:
        i = own_stock[0]
        pile = plan[i].pile
        out.append((Explain.PLAY_STOCK, {"card": me.stock_top, "pile": pile}))
        before = sum(1 for m in plan[:i] if m.is_play and m.pile == pile)
        if before and me.stock_top != WILD:  # a wild stock card needs no bridge
            out.append((Explain.BRIDGE_TO_STOCK, {"cards": before, "card": me.stock_top}))
    partner = obs.partner
    if partner is not None and any(m.source == "s" and m.partner for m in plays):
        out.append((Explain.PARTNER_STOCK, {"seat": partner,
                                             "card": obs.seats[partner].stock_top}))
    if f.kind == "refill_chance":
        out.append((Explain.REFILL, {"cards": f.refill}))
    own_discards = sum(1 for m in plays if m.source == "d" and not m.partner)
    if own_discards:
        out.append((Explain.PLAY_DISCARDS, {"count": own_discards}))
    stock_wilds = sum(1 for m in plays if m.source == "s" and _stock_top(obs, m) == WILD)
    if f.wilds_spent > stock_wilds:  # a SKIP-BO card from a stock pile is not "spent"
        out.append((Explain.SPEND_WILD, {"count": f.wilds_spent - stock_wilds}))
    end_needs = _needs_after(obs, plays)
    if final is not None:
        kept = obs.hand.count(WILD) - sum(1 for m in plan if m.source == "h" and m.index == WILD)
        if kept and any(m.source == "h" and m.index == WILD and m.is_play
                        for m in obs.legal_moves):
            out.append((Explain.KEEP_WILD, {"count": kept}))
        next_seat = (obs.seat + 1) % obs.rules.players
        nxt = obs.seats[next_seat]
        opponent = obs.rules.team(next_seat) != obs.rules.team(obs.seat)
        if (nxt.stock_top not in (None, WILD) and nxt.stock_top not in end_needs and opponent
                and result.could_give_next.get(f.stock_played, False)):
            out.append((Explain.BLOCK_NEXT, {"seat": next_seat, "needs": nxt.stock_top}))
        if nxt.stock_top not in (None, WILD) and nxt.stock_top in end_needs and opponent:
            chosen = result.could_avoid_next.get(f.stock_played, False)
            out.append((Explain.GIFT_NEXT_CHOSEN if chosen else Explain.GIFT_NEXT,
                        {"seat": next_seat, "needs": nxt.stock_top}))
        if f.helps_partner is not None and partner is not None:
            out.append((Explain.HELP_PARTNER, {"seat": partner, "needs": f.helps_partner}))
        top = me.stock_top
        if top is not None and not own_stock:
            before_gap = _gap(top, [obs.needs(p) for p in range(len(obs.building))])
            after_gap = _gap(top, end_needs)
            if after_gap < before_gap:
                out.append((Explain.CLOSE_GAP, {"before": before_gap, "after": after_gap,
                                                "card": top}))
        if final.is_discard:
            piles = [list(p) for p in me.discards]
            for m in plays:
                if m.source == "d" and not m.partner:
                    piles[m.index].pop()
            out.extend(_discard_reasons(obs, final, end_needs, piles, bool(own_stock)))
    return out


def _discard_reasons(obs: Observation, move: Move, end_needs: list[int],
                     piles: list[list[Card]], stock_played: bool) -> list[Reason]:
    card, pile = move.index, move.pile
    under = piles[pile]
    out: list[Reason] = []
    params = {"card": card, "pile": pile}
    if not under:
        out.append((Explain.DISCARD_EMPTY, params))
    elif card != WILD and under[-1] == card + 1:
        out.append((Explain.DISCARD_RUN, params))
    elif card != WILD and under[-1] == card:
        out.append((Explain.DISCARD_STACK, params))
    if card != WILD and card not in end_needs and card != obs.me.stock_top and not stock_played:
        out.append((Explain.DISCARD_FAR, {"card": card}))
    return out
