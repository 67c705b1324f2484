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
from collections.abc import Callable, Sequence
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


@dataclass(frozen=True)
class _Case:
    """What every reason rule reads: the position, the table and the choice to explain."""

    obs: Observation
    table: Table
    choice: Choice
    mean: int  # an unknown card's worth in whole points, compared as shown

    @property
    def move(self) -> Move:
        return self.choice.move

    @property
    def card(self) -> Card:
        """The card the move places: the drawn card, else the discard pile's top."""
        return self.obs.drawn if self.obs.drawn is not None else self.obs.discard_top


def explain(obs: Observation, table: Table, choice: Choice | None = None) -> list[Reason]:
    """The reasons for ``choice`` (``table.best`` by default), each a claim true in the
    position; never empty. At the set-up only :func:`_setup` speaks; else each rule of
    :data:`_RULES` adds what it sees, in order."""
    case = _Case(obs, table, choice or table.best, whole(table.knowledge.mean))
    if obs.phase == "setup":
        return _setup(case)
    out = [reason for rule in _RULES for reason in rule(case)]
    return out or [(Explain.FEWEST, {})]


def _setup(case: _Case) -> list[Reason]:
    out: list[Reason] = [(Explain.SETUP_ANY, {"mean": case.mean})]
    column = column_of(case.move.place)
    if sum(isinstance(case.table.cells[p], int) for p in column_places(column)) == 1:
        out.append((Explain.SETUP_COLUMN, {"column": _LETTERS[column]}))
    return out


def _last_turn(case: _Case) -> list[Reason]:
    ender = case.obs.ender
    return [] if ender is None else [(Explain.LAST_TURN, {"seat": ender, "mean": case.mean})]


def _draw(case: _Case) -> list[Reason]:
    if case.move.kind != "draw":
        return []
    top = case.obs.discard_top
    code = Explain.DRAW_INSTEAD if top > case.mean else Explain.DRAW_BETTER
    return [(code, {"value": top, "mean": case.mean})]


def _drop(case: _Case) -> list[Reason]:
    if case.move.kind != "drop":
        return []
    card, up = case.card, [c for c in case.table.cells if isinstance(c, int)]
    high = card > case.mean and all(c <= card for c in up)
    return [(Explain.DROP_HIGH if high else Explain.DROP_REVEAL,
             {"value": card, "place": place_text(case.move.place), "mean": case.mean})]


def _kept_face_down(case: _Case) -> list[Reason]:
    """The best move drops the drawn card where, without the turns left (:mod:`.later`),
    putting it at a face-down place would be best: those turns count for the face-down card."""
    table, later = case.table, case.table.later
    if case.move.kind != "drop" or case.choice is not table.best or later is None:
        return []
    alone = min(table.choices, key=lambda c: c.value - c.later)
    count = whole(later.turns)
    if alone.move.kind != "swap" or table.cells[alone.move.place] is not HIDDEN or count < 1:
        return []
    return [(Explain.KEEP_HIDDEN, {"place": place_text(alone.move.place), "value": case.card,
                                   "count": count})]


def _placed(case: _Case) -> list[Reason]:
    """A card taken or swapped into the grid: lower than the card it replaces, or than
    an unknown card; and what it does to its column."""
    move, card = case.move, case.card
    if move.kind not in ("take", "swap"):
        return []
    old = case.table.cells[move.place]
    taking = move.kind == "take"
    params = {"value": card, "place": place_text(move.place)}
    out: list[Reason] = []
    if isinstance(old, int) and card < old:
        code = Explain.TAKE_LOWER if taking else Explain.SWAP_LOWER
        out.append((code, {**params, "old": old, "gain": old - card}))
    elif old is HIDDEN and card < case.mean:
        code = Explain.TAKE_HIDDEN if taking else Explain.SWAP_HIDDEN
        out.append((code, {**params, "mean": case.mean}))
    return out + _column(case.table.cells, move.place, card, case.table.knowledge.chance(card))


def _end_round(case: _Case) -> list[Reason]:
    best = case.choice
    if not best.ends or best.score is None:
        return []
    return [(Explain.END_ROUND, {"score": best.score,
                                 "chance": round(100 * (best.lowest or 0.0))})]


def _end_game(case: _Case) -> list[Reason]:
    """The move ends the round, which likely ends the game, and the seat likely wins it."""
    best, totals = case.choice, case.table.totals
    if not best.ends or best.win is None or best.win < 0.5 or totals is None:
        return []
    seat = max((s for s in range(len(totals)) if s != case.obs.seat),
               key=lambda s: (totals[s], -s))
    return [(Explain.END_GAME, {"seat": seat, "count": totals[seat],
                                "chance": round(100 * best.win)})]


def _held_back_for_the_game(case: _Case) -> list[Reason]:
    """The move keeps the round going although one would end it, and with it likely the
    game: ending wins the game less often than going on."""
    table = case.table
    wins = [c.win for c in table.choices if c.ends and c.win is not None]
    if case.choice.ends or not wins or table.going_on is None:
        return []
    chance, going_on = round(100 * max(wins)), round(100 * table.going_on)
    if chance >= 50 or chance >= going_on:
        return []
    return [(Explain.HOLD_BACK_GAME, {"chance": chance, "going_on": going_on})]


def _spared(case: _Case) -> list[Reason]:
    """The move that leaves the seat's grid the fewest points would leave the next seat a
    card lower than one of its face-up cards; the best move does not."""
    table, obs = case.table, case.obs
    nxt = table.next_seat
    if nxt is None or case.choice is not table.best:
        return []
    mine = min(table.choices, key=lambda c: c.value - c.given)
    if mine.move == case.move or mine.move.kind == "draw":
        return []
    left = obs.drawn if mine.move.kind == "drop" else table.cells[mine.move.place]
    if not isinstance(left, int) or table.gift.get(left, 0.0) <= 0.0:
        return []
    up = [c for c in obs.seats[nxt].cards if c is not None]
    if not up or max(up) <= left:
        return []
    return [(Explain.SPARE_NEXT, {"value": left, "seat": nxt, "old": max(up)})]


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


def _held_back(case: _Case) -> list[Reason]:
    """Why the best move keeps the round going when another would end it."""
    obs, table = case.obs, case.table
    ending = [c for c in table.choices if c.ends]
    if case.choice.ends or not ending or obs.ender is not None:
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


#: The reason rules after the set-up, in the order their reasons are said.
_RULES: tuple[Callable[[_Case], list[Reason]], ...] = (
    _last_turn, _draw, _drop, _kept_face_down, _placed, _end_round, _end_game, _held_back,
    _held_back_for_the_game, _spared)
