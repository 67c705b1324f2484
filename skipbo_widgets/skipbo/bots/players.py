"""Bots of four strengths (``LEVELS``: beginner, medium, advanced, strong), and a helper
that plays whole games between them.

Every bot sees only an :class:`~skipbo_widgets.skipbo.engine.Observation`.
``choose_turn`` returns a plan for the rest of the turn up to the next card the
bot cannot know yet (a stock card about to be turned up, five cards about to
be drawn) or up to the final discard; ``choose_move`` is its first move.

>>> from skipbo_widgets.skipbo.engine import Rules
>>> result = play_game([make_bot("strong"), make_bot("medium")],
...                    Rules(players=2, stock_size=5), seed=1)
>>> result.outcome is not None
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from ..engine import END_MOVE, WILD, Game, Move, Observation, Outcome, Rules, observe
from ..engine.cards import TOP_VALUE, Card
from .bridging import bridge_target
from .lookahead import LookaheadBot
from .search import DEFAULT_WEIGHTS, Weights, search

Level = Literal["beginner", "medium", "advanced", "strong"]
#: From the weakest to the strongest (docs/benchmarks.md has their matches).
LEVELS: tuple[Level, ...] = ("beginner", "medium", "advanced", "strong")
MAX_TURNS = 3000


class Bot(Protocol):
    """A player: a plan or a move for the seat to move, from its observation."""

    name: str

    def choose_turn(self, obs: Observation) -> list[Move]: ...

    def choose_move(self, obs: Observation) -> Move: ...


class StrongBot:
    """Searches every play sequence of the turn and scores end states by features."""

    name = "strong"

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.weights = weights

    def choose_turn(self, obs: Observation) -> list[Move]:
        return list(search(obs, self.weights).best.moves)

    def choose_move(self, obs: Observation) -> Move:
        return self.choose_turn(obs)[0]


class MediumBot:
    """Stock first, then greedy: the stock card whenever it fits, else any card it can
    play (discard tops, then hand numbers, a SKIP-BO card only when nothing else
    fits), and when nothing fits a sensible discard. No plan beyond the next move:
    the *play-first* player that turn-planning bots are usually measured against."""

    name = "medium"

    def choose_turn(self, obs: Observation) -> list[Move]:
        return [self.choose_move(obs)]

    def choose_move(self, obs: Observation) -> Move:
        plays = [m for m in obs.legal_moves if m.is_play and not m.partner]
        for m in plays:
            if m.source == "s":
                return m
        number = _number_play(obs, plays)
        if number is not None:
            return number
        return plays[0] if plays else sensible_discard(obs)


class AdvancedBot:
    """Stock first, also by building up to it with the fewest SKIP-BO cards, then every
    number card it can play, then a sensible discard. One move at a time, no
    look-ahead beyond the stock card; it keeps its SKIP-BO cards for the stock."""

    name = "advanced"

    def choose_turn(self, obs: Observation) -> list[Move]:
        return [self.choose_move(obs)]

    def choose_move(self, obs: Observation) -> Move:
        legal = obs.legal_moves
        plays = [m for m in legal if m.is_play]
        stock = [m for m in plays if m.source == "s" and not m.partner]
        if stock:
            return stock[0]
        bridge = _bridge_move(obs, plays)
        if bridge is not None:
            return bridge
        return _number_play(obs, plays) or sensible_discard(obs)


class BeginnerBot:
    """Plays its stock card when it sees it, otherwise a random playable card now
    and then (a SKIP-BO card from a discard pile when it reaches the stock card, or
    now and then), and discards without much thought. Seeded, so games replay."""

    name = "beginner"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def choose_turn(self, obs: Observation) -> list[Move]:
        return [self.choose_move(obs)]

    def choose_move(self, obs: Observation) -> Move:
        rng = self.rng
        legal = obs.legal_moves
        plays = [m for m in legal if m.is_play]
        stock = [m for m in plays if m.source == "s"]
        if stock and rng.random() < 0.9:
            return rng.choice(stock)
        numbers = [m for m in plays if m.source != "s" and _card(obs, m) != WILD]
        if numbers and rng.random() < 0.6:
            return rng.choice(numbers)
        # a SKIP-BO card on a discard pile buries the pile; play it when it brings a
        # building pile to the stock card, or now and then anyway
        freeing = [m for m in plays if m.source == "d" and _card(obs, m) == WILD]
        if freeing:
            top = obs.me.stock_top
            bridge = [m for m in freeing if top is not None and top != WILD
                      and obs.needs(m.pile) + 1 == top]
            if bridge:
                return bridge[0]
            if rng.random() < 0.3:
                return rng.choice(freeing)
        discards = [m for m in legal if m.is_discard]
        if not discards:  # an empty hand: play on rather than let the game stall
            return rng.choice(plays) if plays else END_MOVE
        if rng.random() < 0.5:
            return sensible_discard(obs)
        return rng.choice(discards)


def _card(obs: Observation, move: Move) -> Card:
    owner = obs.partner if move.partner and obs.partner is not None else obs.seat
    view = obs.seats[owner]
    if move.source == "s":
        return view.stock_top if view.stock_top is not None else -1
    if move.source == "d":
        return view.discards[move.index][-1]
    return move.index


def _number_play(obs: Observation, plays: list[Move]) -> Move | None:
    """A number card onto a building pile: an own discard top first, then a hand card."""
    for m in plays:
        if m.source == "d" and not m.partner and _card(obs, m) != WILD:
            return m
    for m in plays:
        if m.source == "h" and m.index != WILD:
            return m
    return None


def _bridge_move(obs: Observation, plays: list[Move]) -> Move | None:
    """First move of the chain of hand/discard cards up to the stock card that needs
    the fewest SKIP-BO cards (then the fewest cards)."""
    top = obs.me.stock_top
    if top is None or top == WILD:
        return None
    have = [0] * (TOP_VALUE + 1)
    for c in obs.hand:
        have[c] += 1
    target = bridge_target([obs.needs(i) for i in range(len(obs.building))], top, have,
                           obs.me.discards)
    if target is None:
        return None
    ours = [m for m in plays if m.pile == target and not m.partner and m.source != "s"]
    need = obs.needs(target)
    for m in ours:  # the exact card from a discard pile, then from the hand, then a wild
        if m.source == "d" and _card(obs, m) == need:
            return m
    for m in ours:
        if m.source == "h" and m.index == need:
            return m
    return ours[0] if ours else None


def sensible_discard(obs: Observation) -> Move:
    """A run or a stack if possible, else an empty pile, else bury the least."""
    legal = [m for m in obs.legal_moves if m.is_discard]
    if not legal:
        return END_MOVE
    piles = obs.me.discards
    numbers = sorted({c for c in obs.hand if c != WILD}, reverse=True)
    cards = numbers or [WILD]
    for card in cards:
        for p, pile in enumerate(piles):
            if pile and (pile[-1] == card + 1 or pile[-1] == card):
                return Move("h", False, card, "d", p)
    empty = [p for p, pile in enumerate(piles) if not pile]
    if empty:
        return Move("h", False, cards[0], "d", empty[0])
    card = cards[0]
    p = min(range(len(piles)), key=lambda i: (piles[i][-1] < card, -piles[i][-1]))
    return Move("h", False, card, "d", p)


def make_bot(level: Level | str, seed: int | str = 0) -> Bot:
    """A bot of the given strength (``beginner`` uses ``seed`` for its choices).

    Besides :data:`LEVELS`, ``"lookahead"`` is the experimental
    :class:`~.lookahead.LookaheadBot`, kept for the benchmark's comparisons.
    """
    if level == "strong":
        return StrongBot()
    if level == "lookahead":
        return LookaheadBot()
    if level == "medium":
        return MediumBot()
    if level == "advanced":
        return AdvancedBot()
    if level == "beginner":
        return BeginnerBot(seed)
    raise ValueError(f"unknown bot level {level!r}")


@dataclass(frozen=True)
class GameResult:
    """How a bot game ended: outcome (``None`` if unfinished), turns and moves played."""

    outcome: Outcome | None
    turns: int
    moves: int
    seed: int | str


def play_game(bots: Sequence[Bot], rules: Rules, *, seed: int | str, dealer: int | None = 0,
              max_turns: int = MAX_TURNS, game: Game | None = None) -> GameResult:
    """Play one game through the engine: each seat's bot plans from its observation."""
    if len(bots) != rules.players:
        raise ValueError("one bot per seat")
    game = game or Game.new(rules, seed=seed, dealer=dealer)
    moves = 0
    while game.outcome is None and game.turn <= max_turns:
        seat = game.current
        plan = bots[seat].choose_turn(observe(game, seat))
        if not plan:
            raise ValueError(f"{bots[seat].name} returned an empty plan")
        for move in plan:
            game.push(move, by=seat)
            moves += 1
            if game.outcome is not None or game.current != seat:
                break
    return GameResult(game.outcome, game.turn, moves, seed)
