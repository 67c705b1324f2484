"""The one-step expected-value player: the yardstick the strong bot is measured against.

It is deliberately simple and independent of the strong bot's code (:mod:`.options`),
so that a claim "the strong bot beats it" measures the strong bot, not a shared flaw.
For every legal choice it values its own grid once every card shows, each face-down
card at the mean of the cards it has not seen (:meth:`Observation.unseen`: it counts
every card it has seen), a column of three equal face-up cards at 0 (``SJ-COLUMN``),
and takes the lowest. Drawing is worth the mean, over every unseen value, of the best
use of that card. It never thinks about the others, the doubling (``SJ-DOUBLE``),
how many turns the round has left, or the match score. Ties go to the move that turns
a card, then to the engine's order, so the same observation always gives the same move.

>>> from skipbo_widgets.skyjo.engine import Rules
>>> from skipbo_widgets.skyjo.bots.players import play_match
>>> match = play_match([OneStepBot(), OneStepBot()], Rules(players=2), seed=4)
>>> match.is_over
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import DRAW, Move, Observation
from ..engine.cards import Card
from ..engine.moves import COLUMN_PLACES

_Cells = list[Card | None]  # a face-up value, or None: face down (cleared places excluded)


class OneStepBot:
    """The one-step expected-value reference (see the module's docstring)."""

    name = "reference"

    def choose_move(self, obs: Observation, totals: Sequence[int] | None = None) -> Move:
        if obs.phase == "setup":
            return obs.legal_moves[0]
        unseen = +obs.unseen()
        total = sum(unseen.values())
        mean = sum(v * n for v, n in unseen.items()) / total if total else 0.0
        me = obs.me
        cleared = set(me.cleared)
        cells: _Cells = list(me.cards)
        places = [p for p in range(len(cells)) if p not in cleared]
        now = _grid_value(cells, cleared, mean)

        def with_card(place: int, card: Card) -> float:
            changed = list(cells)
            changed[place] = card
            return _grid_value(changed, cleared, mean)

        if obs.drawn is not None:
            options = [(with_card(m.place, obs.drawn) if m.kind == "swap" else now, i, m)
                       for i, m in enumerate(obs.legal_moves)]
        else:
            draw = 0.0
            for card, n in unseen.items():
                best = min(with_card(p, card) for p in places)
                if me.hidden:  # or drop it and turn a card: the grid keeps its value
                    best = min(best, now)
                draw += n / total * best
            options = [(draw if m is DRAW else with_card(m.place, obs.discard_top), i, m)
                       for i, m in enumerate(obs.legal_moves)]
        # A drop turns a card: on a tie it goes first, so the round always moves on.
        return min(options, key=lambda o: (round(o[0], 9), o[2].kind != "drop", o[1]))[2]


def _grid_value(cells: _Cells, cleared: set[int], mean: float) -> float:
    value = 0.0
    for column in COLUMN_PLACES:
        if column[0] in cleared:
            continue
        shown = [cells[p] for p in column]
        if None not in shown and shown[0] == shown[1] == shown[2]:
            continue
        value += sum(mean if c is None else c for c in shown)
    return value
