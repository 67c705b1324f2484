"""Hints: the best plan for the rest of the turn, why it is best, and a ladder.

>>> from skipbo_widgets.skipbo.engine import Game, Rules, observe
>>> game = Game.new(Rules(players=2), seed=5)
>>> h = hint(observe(game, game.current))
>>> h.ladder(3)[0][0] is Explain.PLAN
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from ..engine import WILD, Move, Observation
from ..engine.cards import TOP_VALUE, Card
from .explain import Explain, Reason
from .search import DEFAULT_WEIGHTS, Features, SearchResult, Weights, search

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


def _needs_after(obs: Observation, plays: Sequence[Move]) -> list[int]:
    heights = [len(p) for p in obs.building]
    for m in plays:
        heights[m.pile] = (heights[m.pile] + 1) % TOP_VALUE
    return [h + 1 for h in heights]


def _gap(card: Card, needs: list[int]) -> int:
    return 0 if card == WILD else min((card - n) % TOP_VALUE for n in needs)


@dataclass(frozen=True)
class _Turn:
    """What the reason rules read: the position, the search's answer and the plan's parts."""

    obs: Observation
    result: SearchResult
    plays: tuple[Move, ...]
    #: Where in the plan the first card from the seat's own stock pile is played.
    own_stock: int | None
    #: What each building pile needs once the plan's cards are played.
    end_needs: list[int]

    @classmethod
    def of(cls, obs: Observation, result: SearchResult) -> _Turn:
        plan = result.best.moves
        plays = tuple(m for m in plan if m.is_play)
        own_stock = next((i for i, m in enumerate(plan)
                          if m.is_play and m.source == "s" and not m.partner), None)
        return cls(obs, result, plays, own_stock, _needs_after(obs, plays))

    @property
    def plan(self) -> tuple[Move, ...]:
        return self.result.best.moves

    @property
    def features(self) -> Features:
        return self.result.best.features

    @property
    def final(self) -> Move | None:
        """The discard or ``end`` that closes the turn, if the plan closes it."""
        plan = self.plan
        return plan[-1] if plan and (plan[-1].is_discard or plan[-1].is_end) else None

    @property
    def next_opponent(self) -> tuple[int, Card] | None:
        """The next seat and its stock card, if an opponent's stock card is known and not wild."""
        obs = self.obs
        seat = (obs.seat + 1) % obs.rules.players
        top = obs.seats[seat].stock_top
        if top in (None, WILD) or obs.rules.team(seat) == obs.rules.team(obs.seat):
            return None
        return seat, top


ReasonRule = Callable[[_Turn], Iterator[Reason]]


def _no_play(turn: _Turn) -> Iterator[Reason]:
    if not turn.result.root_playable:
        only_end = len(turn.plan) == 1 and turn.plan[0].is_end
        yield (Explain.NO_PLAY_END if only_end else Explain.NO_PLAY, {})


def _stock_wins(turn: _Turn) -> Iterator[Reason]:
    if turn.features.won:
        yield (Explain.STOCK_WINS, {})


def _play_stock(turn: _Turn) -> Iterator[Reason]:
    if turn.own_stock is None:
        return
    card, pile = turn.obs.me.stock_top, turn.plan[turn.own_stock].pile
    yield (Explain.PLAY_STOCK, {"card": card, "pile": pile})
    before = sum(1 for m in turn.plan[:turn.own_stock] if m.is_play and m.pile == pile)
    if before and card != WILD:  # a wild stock card needs no bridge
        yield (Explain.BRIDGE_TO_STOCK, {"cards": before, "card": card})


def _partner_stock(turn: _Turn) -> Iterator[Reason]:
    partner = turn.obs.partner
    if partner is not None and any(m.source == "s" and m.partner for m in turn.plays):
        yield (Explain.PARTNER_STOCK, {"seat": partner,
                                        "card": turn.obs.seats[partner].stock_top})


def _refill(turn: _Turn) -> Iterator[Reason]:
    if turn.features.kind == "refill_chance":
        yield (Explain.REFILL, {"cards": turn.features.refill})


def _play_discards(turn: _Turn) -> Iterator[Reason]:
    own_discards = sum(1 for m in turn.plays if m.source == "d" and not m.partner)
    if own_discards:
        yield (Explain.PLAY_DISCARDS, {"count": own_discards})


def _spend_wild(turn: _Turn) -> Iterator[Reason]:
    stock_wilds = sum(1 for m in turn.plays
                      if m.source == "s" and _stock_top(turn.obs, m) == WILD)
    spent = turn.features.wilds_spent - stock_wilds  # a stock pile's SKIP-BO card is not spent
    if spent > 0:
        yield (Explain.SPEND_WILD, {"count": spent})


def _keep_wild(turn: _Turn) -> Iterator[Reason]:
    obs = turn.obs
    kept = obs.hand.count(WILD) - sum(1 for m in turn.plan if m.source == "h" and m.index == WILD)
    if kept and any(m.source == "h" and m.index == WILD and m.is_play for m in obs.legal_moves):
        yield (Explain.KEEP_WILD, {"count": kept})


def _block_next(turn: _Turn) -> Iterator[Reason]:
    nxt = turn.next_opponent
    if (nxt is not None and nxt[1] not in turn.end_needs
            and turn.result.could_give_next.get(turn.features.stock_played, False)):
        yield (Explain.BLOCK_NEXT, {"seat": nxt[0], "needs": nxt[1]})


def _gift_next(turn: _Turn) -> Iterator[Reason]:
    nxt = turn.next_opponent
    if nxt is not None and nxt[1] in turn.end_needs:
        chosen = turn.result.could_avoid_next.get(turn.features.stock_played, False)
        yield (Explain.GIFT_NEXT_CHOSEN if chosen else Explain.GIFT_NEXT,
               {"seat": nxt[0], "needs": nxt[1]})


def _help_partner(turn: _Turn) -> Iterator[Reason]:
    partner, needs = turn.obs.partner, turn.features.helps_partner
    if needs is not None and partner is not None:
        yield (Explain.HELP_PARTNER, {"seat": partner, "needs": needs})


def _close_gap(turn: _Turn) -> Iterator[Reason]:
    obs, top = turn.obs, turn.obs.me.stock_top
    if top is None or turn.own_stock is not None:
        return
    before = _gap(top, [obs.needs(p) for p in range(len(obs.building))])
    after = _gap(top, turn.end_needs)
    if after < before:
        yield (Explain.CLOSE_GAP, {"before": before, "after": after, "card": top})


def _discard(turn: _Turn) -> Iterator[Reason]:
    final = turn.final
    if final is None or not final.is_discard:
        return
    piles = [list(p) for p in turn.obs.me.discards]
    for m in turn.plays:
        if m.source == "d" and not m.partner:
            piles[m.index].pop()
    yield from _discard_reasons(turn.obs, final, turn.end_needs, piles,
                                turn.own_stock is not None)


#: The reason rules in the order their reasons are told.
_RULES: tuple[ReasonRule, ...] = (
    _no_play, _stock_wins, _play_stock, _partner_stock, _refill, _play_discards, _spend_wild,
)
#: The rules about how the turn ends, told when the plan ends it (a discard or ``end``).
_TURN_END_RULES: tuple[ReasonRule, ...] = (
    _keep_wild, _block_next, _gift_next, _help_partner, _close_gap, _discard,
)


def explain(obs: Observation, result: SearchResult) -> list[Reason]:
    """The reasons, most important first, each a claim true in the position.

    Each reason comes from one rule of ``_RULES`` (or ``_TURN_END_RULES``, when the plan
    ends the turn), applied in that order: a new reason is a new rule in its place.
    """
    turn = _Turn.of(obs, result)
    rules = _RULES + _TURN_END_RULES if turn.final is not None else _RULES
    return [reason for rule in rules for reason in rule(turn)]


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
