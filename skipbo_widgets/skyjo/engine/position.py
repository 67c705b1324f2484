"""A round from a described position: for save files, lessons and tests.

Every fact is checked; a position the rules could not reach raises
:class:`SaveError` naming the field as a save file names it.

>>> r = from_position(Rules(players=2), grids=[[(5, True)] * 12, [(1, False)] * 12],
...                   discard=[2], draw_pile=None, phase="play", current=1)
Traceback (most recent call last):
...
skipbo_widgets.core.errors.SaveError: save_inconsistent(what='seats[0].grid')
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any, cast

from ...core.savefile import is_int
from .cards import DECK_COUNTS, Card
from .errors import Reason, SaveError
from .game import Phase, Round, score_round
from .moves import COLUMN_PLACES
from .rules import COLUMNS, GRID, SETUP_REVEALS, Rules

Slot = tuple[Card, bool] | None  # (card, face up), or None once its column was cleared
PHASES = ("setup", "play", "over")


def from_position(rules: Rules, *, grids: Sequence[Sequence[Slot]], discard: Sequence[Card],
                  draw_pile: Sequence[Card] | None, phase: str, current: int = 0,
                  turn: int | None = None, starter: int | None = None, first: int | None = None,
                  drawn: Card | None = None, ender: int | None = None, seed: int | str = 0,
                  rng_state: tuple[Any, ...] | None = None) -> Round:
    """A :class:`Round` in this position; ``draw_pile=None`` deals every card not
    named elsewhere into it, shuffled from ``seed``. ``turn`` and ``first`` default
    to what the position implies; the round has no events and nothing to pop."""
    n = rules.players
    if phase not in PHASES:
        raise SaveError(Reason.SAVE_BAD_FIELD, field="phase", problem="value")
    if len(grids) != n:
        raise SaveError(Reason.SAVE_INCONSISTENT, what="seats")
    for name, seat in (("current", current), ("starter", starter), ("first", first),
                       ("ender", ender)):
        if seat is not None and not (is_int(seat) and 0 <= seat < n):
            raise SaveError(Reason.SAVE_BAD_FIELD, field=name, problem="value")
    r = Round._empty(rules, seed, starter)
    if rng_state is not None:
        r.rng.setstate(rng_state)
    for seat, slots in enumerate(grids):
        _place_grid(r, seat, slots)
    r.phase, r.current, r.drawn, r.ender = cast(Phase, phase), current, drawn, ender
    r.discard = list(discard)
    r.draw_pile = _draw_pile(r, draw_pile, seed)
    if not r.discard:
        raise SaveError(Reason.SAVE_INCONSISTENT, what="discard")
    _check_turns(r, turn, first)
    if phase == "over":
        r.outcome = score_round(r.grids, cast(int, ender), rules)  # checked: over has an ender
    return r


def _place_grid(r: Round, seat: int, slots: Sequence[Slot]) -> None:
    where = f"seats[{seat}].grid"
    if len(slots) != GRID:
        raise SaveError(Reason.SAVE_BAD_FIELD, field=where, problem="size")
    grid, up = r.grids[seat], r.face_up[seat]
    for place, slot in enumerate(slots):
        grid.append(None if slot is None else slot[0])
        up[place] = slot is not None and slot[1]
    r.hidden[seat] = sum(1 for p in range(GRID) if grid[p] is not None and not up[p])
    for column in range(COLUMNS):
        cards = [grid[p] for p in COLUMN_PLACES[column]]
        shown = [up[p] for p in COLUMN_PLACES[column]]
        half_cleared = None in cards and cards != [None] * len(cards)
        clearable = all(shown) and cards[0] is not None and len(set(cards)) == 1
        if half_cleared or clearable:  # SJ-COLUMN leaves neither behind
            raise SaveError(Reason.SAVE_INCONSISTENT, what=where)


def _draw_pile(r: Round, draw_pile: Sequence[Card] | None, seed: int | str) -> list[Card]:
    named: Counter[Card] = Counter(r.discard)
    for grid in r.grids:
        named.update(c for c in grid if c is not None)
    if r.drawn is not None:
        named[r.drawn] += 1
    if draw_pile is None:
        rest = Counter(DECK_COUNTS)
        rest.subtract(named)
        pile = sorted(rest.elements()) if min(rest.values(), default=0) >= 0 else []
        random.Random(seed).shuffle(pile)
    else:
        pile = list(draw_pile)
    named.update(pile)
    for card in sorted(set(DECK_COUNTS) | set(named)):
        if named[card] != DECK_COUNTS[card]:
            raise SaveError(Reason.SAVE_CARDS_MISMATCH, value=card,
                            expected=DECK_COUNTS[card], found=named[card])
    return pile


def _check_turns(r: Round, turn: int | None, first: int | None) -> None:
    """The phase, the seat to move, the drawn card and the ender must fit together."""
    n, seat, hidden = r.rules.players, r.current, r.hidden
    if r.phase == "setup":  # seats turn two cards each, in order from the starter
        order = [((r.starter or 0) + k) % n for k in range(n)]
        done = order.index(seat)
        shown = [GRID - hidden[s] for s in order]
        ok = (shown[:done] == [SETUP_REVEALS] * done and shown[done] < SETUP_REVEALS
              and not any(shown[done + 1:]) and r.drawn is None and r.ender is None
              and turn in (None, 0) and first is None
              and all(c is not None for grid in r.grids for c in grid))
    else:
        r.turn = 1 if turn is None else turn
        r.first = seat if first is None else first
        ok = r.turn >= 1 and (r.starter is None or r.first == r.starter)
        if r.phase == "play":
            ok = ok and hidden[seat] > 0 and r.ender != seat
            ok = ok and (r.ender is None or hidden[r.ender] == 0)
        else:
            ok = ok and r.ender is not None and not any(hidden) and r.drawn is None
    if not ok:
        raise SaveError(Reason.SAVE_INCONSISTENT, what=r.phase)
