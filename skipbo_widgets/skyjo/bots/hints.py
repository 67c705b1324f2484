"""Skyjo hints: the strong bot's move, why, and a ladder of three distinct steps: a
nudge, the move (its place lit up on the table), then why.

At the set-up every face-down card is unknown alike, so the move is only an example
and the why says that any card would do:

>>> from skipbo_widgets.skyjo.engine import Round
>>> r = Round.new(seed=2)
>>> h = hint(r.observe(0))
>>> [[code.value for code, _ in h.ladder(level)] for level in LADDER_LEVELS]
[['look_setup'], ['pick'], ['setup_any']]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import Move, Observation
from ..engine.cards import Card
from ..engine.moves import column_of, column_places, place_text
from .expect import HIDDEN
from .explain import Explain, Reason
from .options import Choice, Table, choices, lowest_end_score

LADDER_LEVELS = (1, 2, 3)
_LETTERS = "abcd"


@dataclass(frozen=True)
class Hint:
    """The best move, the nudge, and the reasons with their numbers."""

    move: Move
    nudge: Reason
    reasons: tuple[Reason, ...]

    @property
    def place(self) -> str | None:
        """The grid place to light up (``None`` for ``draw``)."""
        return None if self.move.kind == "draw" else place_text(self.move.place)

    @property
    def action(self) -> Reason:
        """The move with its place (an example at the set-up, where every card is alike)."""
        code = Explain.PICK if self.move.kind == "reveal" else Explain.ACTION
        return (code, {"move": str(self.move), "place": self.place})

    def ladder(self, level: int) -> list[Reason]:
        """1: where to look; 2: the move with its place; 3: why (never empty)."""
        if level == 1:
            return [self.nudge]
        if level == 2:
            return [self.action]
        if level == 3:
            return list(self.reasons)
        raise ValueError(f"hint levels are {LADDER_LEVELS}")


def hint(obs: Observation, totals: Sequence[int] | None = None) -> Hint:
    """The hint for the seat to move in ``obs`` (its own observation), in a match whose
    seats had ``totals`` before this round (``None``: a single round)."""
    table = choices(obs, totals)
    return hint_for(obs, table, table.best)


def hint_for(obs: Observation, table: Table, choice: Choice) -> Hint:
    """The hint for ``choice``, a move worth as much as ``table.best`` (the best itself,
    or one tied with it, such as any reveal at the set-up)."""
    move = choice.move
    return Hint(move, _nudge(obs, move), tuple(explain(obs, table, choice)))


def _nudge(obs: Observation, move: Move) -> Reason:
    if obs.phase == "setup":
        return (Explain.LOOK_SETUP, {})
    if obs.drawn is not None:
        return (Explain.LOOK_DRAWN, {"value": obs.drawn})
    if move.kind == "take":
        return (Explain.LOOK_DISCARD, {"value": obs.discard_top})
    return (Explain.LOOK_DRAW, {"value": obs.discard_top})


def explain(obs: Observation, table: Table, choice: Choice | None = None) -> list[Reason]:
    """The reasons for ``choice`` (``table.best`` by default), each a claim true in the
    position; never empty."""
    best, k = choice or table.best, table.knowledge
    move, cells = best.move, table.cells
    # Whole points, compared as shown: a card above the shown mean is above the mean.
    mean = whole(k.mean)
    out: list[Reason] = []
    if obs.phase == "setup":
        out.append((Explain.SETUP_ANY, {"mean": mean}))
        column = column_of(move.place)
        if sum(isinstance(cells[p], int) for p in column_places(column)) == 1:
            out.append((Explain.SETUP_COLUMN, {"column": _LETTERS[column]}))
        return out
    if obs.ender is not None:
        out.append((Explain.LAST_TURN, {"seat": obs.ender, "mean": mean}))
    card: Card | None = obs.drawn if obs.drawn is not None else obs.discard_top
    if move.kind == "draw":
        code = Explain.DRAW_INSTEAD if obs.discard_top > mean else Explain.DRAW_BETTER
        out.append((code, {"value": obs.discard_top, "mean": mean}))
    elif move.kind == "drop":
        up = [c for c in cells if isinstance(c, int)]
        high = card is not None and card > mean and all(c <= card for c in up)
        out.append((Explain.DROP_HIGH if high else Explain.DROP_REVEAL,
                    {"value": card, "place": place_text(move.place), "mean": mean}))
    else:
        old = cells[move.place]
        taking = move.kind == "take"
        params = {"value": card, "place": place_text(move.place)}
        if isinstance(old, int) and card is not None and card < old:
            code = Explain.TAKE_LOWER if taking else Explain.SWAP_LOWER
            out.append((code, {**params, "old": old, "gain": old - card}))
        elif old is HIDDEN and card is not None and card < mean:
            code = Explain.TAKE_HIDDEN if taking else Explain.SWAP_HIDDEN
            out.append((code, {**params, "mean": mean}))
        if card is not None:
            out.extend(_column(cells, move.place, card, k.chance(card)))
    if best.ends and best.score is not None:
        out.append((Explain.END_ROUND, {"score": best.score,
                                        "chance": round(100 * (best.lowest or 0.0))}))
    elif not best.ends:
        out.extend(_held_back(obs, table))
    return out or [(Explain.FEWEST, {})]


def whole(x: float) -> int:
    """``x`` rounded to whole points, halves up (2.5 is 3, -2.5 is -2)."""
    return math.floor(x + 0.5)


def _column(cells: tuple[object, ...], place: int, card: Card, chance: float) -> list[Reason]:
    places = column_places(column_of(place))
    after = [card if p == place else cells[p] for p in places]
    letter = _LETTERS[column_of(place)]
    if after.count(card) == 3:
        return [(Explain.COLUMN_CLEAR, {"value": card, "column": letter})]
    if after.count(card) == 2 and after.count(HIDDEN) == 1:
        return [(Explain.COLUMN_CHANCE, {"value": card, "column": letter,
                                         "chance": round(100 * chance)})]
    return []


def _held_back(obs: Observation, table: Table) -> list[Reason]:
    """Why the best move keeps the round going when another would end it."""
    ending = [c for c in table.choices if c.ends]
    if not ending or obs.ender is not None:
        return []
    others = [(obs.seats[s].visible_sum, s) for s in range(obs.rules.players) if s != obs.seat]
    theirs, seat = min(others)
    if lowest_end_score(table) <= 0:  # 0 or less: kept as it is, or doubled for the better
        return []
    mine = obs.me.visible_sum
    if mine > theirs:
        return [(Explain.HOLD_BACK_ABOVE, {"mine": mine, "seat": seat, "theirs": theirs})]
    chance = max(c.lowest or 0.0 for c in ending)
    if chance >= 0.5:  # then the round was kept going for points, not for the risk
        return []
    return [(Explain.HOLD_BACK_RISK, {"chance": round(100 * chance)})]
