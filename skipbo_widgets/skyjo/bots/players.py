"""Skyjo bots of three strengths (``LEVELS``), and helpers that play rounds and games.

Every bot sees only an :class:`~skipbo_widgets.skyjo.engine.Observation` and
answers one move, the set-up's two reveals included. None draws on chance:
the same observation always gives the same move.

>>> from skipbo_widgets.skyjo.engine import Rules
>>> match = play_match([make_bot("strong"), make_bot("medium")], Rules(players=2), seed=1)
>>> match.is_over and len(match.results) > 1
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal, Protocol

from ..engine import DRAW, Match, Move, Observation, Round, Rules
from ..engine.cards import Card
from ..engine.moves import DROPS, SWAPS, TAKES, column_places
from ..engine.rules import COLUMNS
from .options import choices

Level = Literal["beginner", "medium", "strong"]
#: From the weakest to the strongest (docs/benchmarks.md has their matches).
LEVELS: tuple[Level, ...] = ("beginner", "medium", "strong")


class Bot(Protocol):
    """A player: one move for the seat to move, from its own observation and, in a
    match, every seat's total before this round (public: the score sheet)."""

    name: str

    def choose_move(self, obs: Observation, totals: Sequence[int] | None = None) -> Move: ...


#: Turns per player after which a round drags on: strong bots can pass the same cards
#: round for ever, each taking the other's card for a column. From then on a strong bot
#: turns a card every turn, so that the round ends.
LONG_ROUND = 30


class StrongBot:
    """Plays the move worth the fewest expected points (:mod:`.options`); in a round that
    drags on (:data:`LONG_ROUND`), the best move that turns one of its cards."""

    name = "strong"

    def choose_move(self, obs: Observation, totals: Sequence[int] | None = None) -> Move:
        table = choices(obs, totals)
        if obs.phase != "setup" and obs.turn > LONG_ROUND * len(obs.seats):
            onward = [c.move for c in table.choices if turns_a_card(obs, c.move)]
            if onward:
                return onward[0]
        return table.best.move


def turns_a_card(obs: Observation, move: Move) -> bool:
    """True if ``move`` turns one of the seat's face-down cards (a draw leads to one: the
    drawn card is then dropped or swapped, and in a long round onto a face-down card)."""
    return move.kind in ("draw", "drop") or move.place in obs.me.hidden


class MediumBot:
    """Greedy replacements: a low card goes where the highest face-up card lies, or
    completes a column; it never thinks about when the round ends."""

    name = "medium"
    keep_below = 5  # a card this low is worth keeping even in place of an unknown card

    def choose_move(self, obs: Observation, totals: Sequence[int] | None = None) -> Move:
        if obs.phase == "setup":
            return obs.legal_moves[0]
        card = obs.drawn if obs.drawn is not None else obs.discard_top
        place = self._place_for(obs, card)
        if obs.drawn is None:
            return TAKES[place] if place is not None and card <= 3 else DRAW
        if place is not None:
            return SWAPS[place]
        return DROPS[obs.me.hidden[0]]

    def _place_for(self, obs: Observation, card: Card) -> int | None:
        cards = obs.me.cards
        for column in range(COLUMNS):  # two equal cards and a third place: complete it
            places = column_places(column)
            shown = [cards[p] for p in places]
            if shown.count(card) == 2:
                return next(p for p in places if cards[p] != card and p not in obs.me.cleared)
        up = [(c, p) for p, c in enumerate(cards) if c is not None]
        if up and max(up)[0] > card:
            return max(up)[1]
        if card < self.keep_below and obs.me.hidden:
            return obs.me.hidden[0]
        return None


class BeginnerBot:
    """Gentle: takes from the discard pile only a card of 0 or less, keeps a drawn card of
    2 or less, and puts a drawn card elsewhere only in place of a face-up card at least 4
    higher; never looks at columns, and turns its cards column by column (place order:
    a1 a2 a3 b1 …). ``demo.skyjo.own_way.beginner`` says so to a class."""

    name = "beginner"

    def choose_move(self, obs: Observation, totals: Sequence[int] | None = None) -> Move:
        if obs.phase == "setup":
            return obs.legal_moves[0]
        if obs.drawn is None:
            return TAKES[obs.me.hidden[0]] if obs.discard_top <= 0 and obs.me.hidden else DRAW
        if obs.drawn <= 2 and obs.me.hidden:
            return SWAPS[obs.me.hidden[0]]
        up = [(c, p) for p, c in enumerate(obs.me.cards) if c is not None]
        if up and max(up)[0] >= obs.drawn + 4:
            return SWAPS[max(up)[1]]
        return DROPS[obs.me.hidden[0]] if obs.me.hidden else SWAPS[max(up)[1]]


_BOTS: dict[str, Callable[[], Bot]] = {
    "beginner": BeginnerBot, "medium": MediumBot, "strong": StrongBot}


def make_bot(level: str) -> Bot:
    """The bot of ``level`` (one of :data:`LEVELS`)."""
    if level not in _BOTS:
        raise ValueError(f"Skyjo bot levels are {LEVELS}")
    return _BOTS[level]()


def play_round(bots: Sequence[Bot], game: Round,
               totals: Sequence[int] | None = None) -> Round:
    """Play ``game`` to its end, each seat's bot choosing from that seat's observation
    (and the match's ``totals`` before this round, if any)."""
    while game.outcome is None:
        seat = game.current
        game.push(bots[seat].choose_move(game.observe(seat), totals), by=seat)
    return game


def play_match(bots: Sequence[Bot], rules: Rules, *, seed: int | str) -> Match:
    """A whole game of rounds until someone has 100 points (``SJ-GAME-END``)."""
    match = Match(rules, seed=seed)
    while True:
        play_round(bots, match.game, tuple(match.scores))
        match.record()
        if match.is_over:
            return match
        match.next_game()
