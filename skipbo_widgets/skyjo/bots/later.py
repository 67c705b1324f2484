"""What the rest of the round is worth to one card of the seat's grid.

A card is not fixed once it shows: in the turns the round has left, a
high card may still be replaced by a lower one the seat draws. So a known
card ``x`` is worth a little less than ``x``, and a face-down card less
than the mean of the unseen cards: if it turns out high, it too can be
replaced later, while a middling card put in its place is hard to better.

The seat's own further turns (:func:`turns_left`) come from the round's
pace: every seat is expected to turn its face-down cards at the rate it
has turned them so far (:data:`PRIOR_RATE` before it has played), and the
round ends when the fastest seat has none left. In each of those turns the
seat draws one unknown card (:class:`.expect.Knowledge`) and puts it in
place of ``x`` if it is at least :data:`MARGIN` lower; the turns are
shared by the grid's cards (:data:`SHARE` of them count for one card).
The strong bot counts this only where a card would fill a face-down place
(:meth:`.options.Table.later_change`), and only with two players
(:func:`counts_turns_left`); the hint says so (``keep_hidden``).

>>> from skipbo_widgets.skyjo.engine import Round
>>> from skipbo_widgets.skyjo.bots.expect import Knowledge
>>> r = Round.new(seed=3)
>>> for text in ("reveal a1", "reveal a2", "reveal a1", "reveal a2"):
...     _ = r.push_text(text)
>>> obs = r.observe(r.current)
>>> later = Later.of(obs, Knowledge.of(obs))
>>> later.turns > 0 and later.saving[12] > later.saving[5] > later.saving[0] == 0
True
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Observation
from ..engine.cards import VALUES, Card
from ..engine.rules import GRID
from .expect import Knowledge

#: Face-down cards a seat has at the start of play (two of twelve are turned in the set-up).
START_HIDDEN = GRID - 2
#: Cards turned per turn assumed for a seat before its own pace shows, weighing as
#: :data:`PRIOR_TURNS` turns.
PRIOR_RATE = 0.6
PRIOR_TURNS = 2
#: A drawn card replaces ``x`` only if it is at least this much lower.
MARGIN = 3
#: The share of the seat's turns that count for one card.
SHARE = 0.25


def counts_turns_left(obs: Observation) -> bool:
    """Whether the strong bot counts the turns left: in play, with two players. Against
    one-step players (400 games, seed 1) it won 0.7588 of two-player games with them
    counted, 0.7475 without; one strong against three: 0.311 with (half the turns for one
    card), 0.3975 without (docs/benchmarks.md)."""
    return obs.phase == "play" and obs.rules.players == 2


def pace(hidden: int, turns: float) -> float:
    """Cards a seat turns per turn: ``START_HIDDEN - hidden`` in ``turns``, with the prior."""
    return (START_HIDDEN - hidden + PRIOR_RATE * PRIOR_TURNS) / (turns + PRIOR_TURNS)


def turns_left(obs: Observation) -> float:
    """The seat's own expected further turns this round, after this one (0 in the last
    turns): the fewest turns any seat needs to turn its face-down cards at its pace."""
    if obs.ender is not None or obs.phase != "play":
        return 0.0
    played = obs.turn / obs.rules.players
    need = min(len(view.hidden) / pace(len(view.hidden), played) for view in obs.seats)
    return max(0.0, need - 1.0)


@dataclass(frozen=True)
class Later:
    """``turns``: the seat's expected further turns; ``saving``: by card value, what
    replacing it later saves on average; ``hidden``: the same for a face-down card."""

    turns: float
    saving: dict[Card, float]
    hidden: float

    @classmethod
    def of(cls, obs: Observation, k: Knowledge) -> Later:
        turns = turns_left(obs)
        own = SHARE * turns
        values = k.values()
        saving: dict[Card, float] = {}
        for x in VALUES:
            lower = [(v, p) for v, p in values if v <= x - MARGIN]
            chance = sum(p for _, p in lower)
            if not chance or not own:
                saving[x] = 0.0
                continue
            below = sum(v * p for v, p in lower) / chance
            saving[x] = (1.0 - (1.0 - chance) ** own) * (x - below)
        hidden = sum(p * saving[v] for v, p in values)
        return cls(turns, saving, hidden)
