"""Skyjo hints: the strong bot's move, why, and a ladder of three steps.

>>> from skipbo_widgets.skyjo.engine import Round
>>> r = Round.new(seed=2)
>>> h = hint(r.observe(0))
>>> h.ladder(1)[0][0].value, h.ladder(2)[0][1]["move"] in ("reveal a1", "reveal a2")
('look_setup', True)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Move, Observation
from ..engine.cards import Card
from ..engine.moves import column_of, column_places, place_text
from .expect import HIDDEN
from .explain import Explain, Reason
from .options import Table, choices

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

    def ladder(self, level: int) -> list[Reason]:
        """1: where to look; 2: the move with its place; 3: the move and every reason."""
        action: Reason = (Explain.ACTION, {"move": str(self.move), "place": self.place})
        if level == 1:
            return [self.nudge]
        if level == 2:
            return [action]
        if level == 3:
            return [action, *self.reasons]
        raise ValueError(f"hint levels are {LADDER_LEVELS}")


def hint(obs: Observation) -> Hint:
    """The hint for the seat to move in ``obs`` (its own observation)."""
    table = choices(obs)
    move = table.best.move
    return Hint(move, _nudge(obs, move), tuple(explain(obs, table)))


def _nudge(obs: Observation, move: Move) -> Reason:
    if obs.phase == "setup":
        return (Explain.LOOK_SETUP, {})
    if obs.drawn is not None:
        return (Explain.LOOK_DRAWN, {"value": obs.drawn})
    if move.kind == "take":
        return (Explain.LOOK_DISCARD, {"value": obs.discard_top})
    return (Explain.LOOK_DRAW, {"value": obs.discard_top})


def explain(obs: Observation, table: Table) -> list[Reason]:
    """The reasons for ``table.best``, each a claim true in the position."""
    best, k = table.best, table.knowledge
    move, cells = best.move, table.cells
    mean = round(k.mean, 1)  # compared as shown, so "5 is worse than 5.0" is never said
    out: list[Reason] = []
    if obs.phase == "setup":
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
    return out


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
    mine = obs.me.visible_sum
    if mine > theirs:
        return [(Explain.HOLD_BACK_ABOVE, {"mine": mine, "seat": seat, "theirs": theirs})]
    chance = max(c.lowest or 0.0 for c in ending)
    if chance >= 0.5:  # then the round was kept going for points, not for the risk
        return []
    return [(Explain.HOLD_BACK_RISK, {"chance": round(100 * chance)})]
