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

from ...core.savefile import is_int, is_seed
from .cards import DECK_COUNTS, Card
from .errors import Reason, SaveError
from .game import Phase, Round, score_round
from .moves import COLUMN_PLACES
from .rules import COLUMNS, GRID, MAX_TURN, SETUP_REVEALS, Rules

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
    if turn is not None and not (is_int(turn) and 0 <= turn <= MAX_TURN):
        raise SaveError(Reason.SAVE_BAD_FIELD, field="turn", problem="value")
    if not is_seed(seed):
        raise SaveError(Reason.SAVE_BAD_FIELD, field="seed", problem="value")
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
    """The phase, the seat to move, the drawn card, the ender, who started and the turn
    number must fit together as a game reaches them (``SJ-DEAL``, ``SJ-FIRST``,
    ``SJ-LAST-TURNS``); ``first`` and ``turn`` left out are the earliest that fit."""
    n, seat, hidden = r.rules.players, r.current, r.hidden
    if r.phase == "setup":  # seats turn two cards each, in order from the starter
        order = [((r.starter or 0) + k) % n for k in range(n)]
        done = order.index(seat)
        shown = [GRID - hidden[s] for s in order]
        ok = (shown[:done] == [SETUP_REVEALS] * done and shown[done] < SETUP_REVEALS
              and not any(shown[done + 1:]) and r.drawn is None and r.ender is None
              and turn in (None, 0) and first is None
              and all(c is not None for grid in r.grids for c in grid))
        if not ok:
            raise SaveError(Reason.SAVE_INCONSISTENT, what="setup")
        return
    ender = r.ender
    if r.phase == "play":
        # SJ-DEAL: play starts once every seat turned two, and a card once up stays up
        # (or leaves with its column); SJ-LAST-TURNS: a seat showing every card ended
        # the round, and the seats still to play their last turn cannot show all.
        ok = all(GRID - h >= SETUP_REVEALS for h in hidden) and ender != seat
        still_to_play = n if ender is None else (ender - seat) % n
        ok = ok and all(hidden[(seat + k) % n] for k in range(still_to_play))
        ok = ok and (ender is None or hidden[ender] == 0)
    else:  # the round was scored after the last seat before the ender played
        ok = ender is not None and not any(hidden) and r.drawn is None \
            and seat == (ender - 1) % n
    if not ok:
        raise SaveError(Reason.SAVE_INCONSISTENT, what=r.phase)
    r.first = _first_player(r, turn) if first is None else first
    if r.starter is not None and r.first != r.starter:  # a later round: the last ender
        raise SaveError(Reason.SAVE_INCONSISTENT, what="first")
    r.turn = _earliest_turn(r) if turn is None else turn
    if r.turn < 1 or (r.first + r.turn - 1) % n != seat or not _turns_enough(r, r.turn):
        raise SaveError(Reason.SAVE_INCONSISTENT, what="turn")
    if r.starter is None and r.turn == 1 and r.first != _highest_pair(r):
        raise SaveError(Reason.SAVE_INCONSISTENT, what="first")


def _highest_pair(r: Round) -> int:
    """``SJ-FIRST`` in a first round: the highest two cards; ties to the first in seat order."""
    sums = [r.visible_sum(s) for s in range(r.rules.players)]
    return sums.index(max(sums))


def _first_player(r: Round, turn: int | None) -> int:
    """Who started play, when a file leaves it out: the rules' choice where the grids
    still show it, else the seat the turn number points back to, else the seat to move."""
    n = r.rules.players
    if r.starter is not None:
        return r.starter
    if turn is not None:
        return (r.current - turn + 1) % n if is_int(turn) else r.current
    if r.phase == "play" and all(GRID - h == SETUP_REVEALS and None not in grid
                                 for h, grid in zip(r.hidden, r.grids, strict=True)):
        return _highest_pair(r)  # right after the set-up, as far as the grids show
    return r.current


def _own_turns(r: Round, seat: int, turns: int) -> int:
    """How many of the turns 1 … ``turns`` of play were ``seat``'s."""
    offset = (seat - cast(int, r.first)) % r.rules.players
    return 0 if turns <= offset else (turns - 1 - offset) // r.rules.players + 1


def _turns_enough(r: Round, turn: int) -> bool:
    """A turn turns at most one face-down card up (``SJ-TAKE-DISCARD``, ``SJ-TAKE-DRAW``):
    a seat showing (or having cleared) ``2 + k`` places has had ``k`` turns at least."""
    n, after_setup = r.rules.players, GRID - SETUP_REVEALS
    if r.phase == "play":  # turns 1 … turn - 1 are over; the seat to move is in its own
        return all(r.hidden[s] >= after_setup - _own_turns(r, s, turn - 1) for s in range(n))
    ended = turn - (n - 1)  # the ender's last turn; every other seat played once more
    return ended >= 1 and _own_turns(r, cast(int, r.ender), ended) >= after_setup


def _earliest_turn(r: Round) -> int:
    """The first turn number that fits the seat to move and what the grids show."""
    n = r.rules.players
    turn = (r.current - cast(int, r.first)) % n + 1
    while not _turns_enough(r, turn) and turn <= MAX_TURN:
        turn += n
    return turn
