"""One round of Skyjo: a mutable state with check/ask/do, exact undo and an event log.

>>> r = Round.new(Rules(players=2), seed=42)
>>> r.phase, r.current, [str(m) for m in r.legal_moves()[:3]]
('setup', 0, ['reveal a1', 'reveal a2', 'reveal a3'])
>>> for text in ("reveal a1", "reveal b1", "reveal a1", "reveal b1"):
...     _ = r.push_text(text)
>>> r.phase, r.current == r.first, str(r.legal_moves()[0])
('play', True, 'draw')
>>> before = r.state_key()
>>> _ = r.push_text("draw")
>>> r.pop() and r.state_key() == before
True
"""

from __future__ import annotations

import random
from typing import Any, Literal, NamedTuple, cast

from ...core.protocol import GameBase, UndoRecord, undo_calls
from ...core.rng import copy_rng, new_seed
from ...core.savefile import MAX_SEED_LENGTH, is_int, is_seed
from .cards import DECK_COUNTS, Card, full_deck
from .errors import IllegalMove, Reason, RulesError
from .events import (
    ColumnCleared,
    Dealt,
    DiscardStarted,
    Drew,
    Dropped,
    Event,
    FirstChosen,
    LastTurns,
    Replaced,
    Reshuffled,
    Revealed,
    RoundScored,
    Took,
    TurnStarted,
    Why,
)
from .moves import (
    COLUMN_PLACES,
    DRAW,
    DROPS,
    REVEALS,
    SWAPS,
    TAKES,
    Move,
    column_of,
    place_text,
)
from .observation import Observation, SeatView
from .rules import GRID, MAX_TURN, SETUP_REVEALS, Rules

Phase = Literal["setup", "play", "over"]
_PLACES = range(GRID)
_DRAW_AND_TAKES = (DRAW, *TAKES)  # the usual choice: no column cleared yet
_COLUMN_AT = tuple(COLUMN_PLACES[column_of(p)] for p in _PLACES)  # the places of p's column


class Outcome(NamedTuple):
    """A scored round: each seat's score, who ended it and whether that score was doubled."""

    scores: tuple[int, ...]
    ender: int
    doubled: bool

    @property
    def lowest(self) -> tuple[int, ...]:
        """The seats with the lowest score of the round."""
        best = min(self.scores)
        return tuple(s for s, score in enumerate(self.scores) if score == best)


def score_round(grids: list[list[Card | None]], ender: int, rules: Rules) -> Outcome:
    """``SJ-ROUND-SCORE``/``SJ-DOUBLE``: the sum of each grid; the ender's score is
    doubled (as ``rules.doubling`` says) unless it is strictly the lowest."""
    scores = [sum(c for c in grid if c is not None) for grid in grids]
    raw = scores[ender]
    doubled = any(score <= raw for seat, score in enumerate(scores) if seat != ender) \
        and rules.doubles(raw)
    if doubled:  # 0 doubled is 0, and still doubled (the sheet's rule)
        scores[ender] = raw * 2
    return Outcome(tuple(scores), ender, doubled)


class Round(GameBase[Move]):
    """One round as the dealer sees it: every card, face down or not.

    Bots and widgets see it through :meth:`observe`. Public attributes are
    read-only by convention; change the state only with :meth:`push`/:meth:`pop`.
    A grid is a list of 12 places (see :mod:`.moves`) holding a card, or
    ``None`` once its column was cleared; ``face_up`` says which cards show.
    Piles are lists with the top card last.
    """

    rules: Rules
    draw_pile: list[Card]
    discard: list[Card]
    grids: list[list[Card | None]]
    face_up: list[list[bool]]
    hidden: list[int]            # face-down cards per seat
    phase: Phase
    current: int
    turn: int
    starter: int | None          # who starts play: given after round 1 (SJ-FIRST)
    first: int | None            # who started play (None until the set-up ends)
    drawn: Card | None
    ender: int | None
    outcome: Outcome | None
    events: list[Event]
    _undo: list[UndoRecord[Move]]
    _ops: list[tuple[Any, ...]]
    seed: int | str
    rng: random.Random            # shuffles the deck, then each reshuffle (SJ-RESHUFFLE)
    move_type = Move
    reasons = Reason

    # -- construction ---------------------------------------------------------

    @classmethod
    def new(cls, rules: Rules | None = None, *, seed: int | str | None = None,
            starter: int | None = None) -> Round:
        """Shuffle and deal (``SJ-DEAL``, ``SJ-DISCARD-START``); the set-up begins.

        ``starter`` is the seat that ended the previous round (``SJ-FIRST``): it
        turns its two cards first and starts play. In a first round (``None``)
        seat 0 turns first and the highest two cards start.
        The same ``rules``, ``seed`` and ``starter`` always give the same round.
        A seed is an int of at most 128 digits or a text of at most 128 characters
        (no lone surrogate); any other raises :class:`RulesError` (``bad_seed``).
        """
        rules = rules or Rules()
        n = rules.players
        if seed is not None and not is_seed(seed):  # what the engine writes, it reads back
            raise RulesError(Reason.BAD_SEED, max=MAX_SEED_LENGTH)
        if starter is not None and not (is_int(starter) and 0 <= starter < n):
            raise RulesError(Reason.BAD_SEAT, seat=starter, players=n)
        r = cls._empty(rules, new_seed() if seed is None else seed, starter)
        deck = full_deck()
        r.rng.shuffle(deck)
        for _ in _PLACES:
            for grid in r.grids:
                grid.append(deck.pop())
        r.discard.append(deck.pop())
        r.draw_pile = deck
        r.current = starter or 0
        r.events += [Dealt(n, r.current), DiscardStarted(r.discard[-1])]
        return r

    @classmethod
    def _empty(cls, rules: Rules, seed: int | str, starter: int | None) -> Round:
        r = cls.__new__(cls)
        n = rules.players
        r.rules, r.seed, r.rng = rules, seed, random.Random(seed)
        r.draw_pile, r.discard = [], []
        r.grids = [[] for _ in range(n)]
        r.face_up = [[False] * GRID for _ in range(n)]
        r.hidden = [GRID] * n
        r.phase, r.current, r.turn = "setup", 0, 0
        r.starter, r.first = starter, None
        r.drawn = r.ender = r.outcome = None
        r.events, r._undo, r._ops = [], [], []
        return r

    def copy(self) -> Round:
        """An independent copy of the position, for search (no events, nothing to pop)."""
        r = Round.__new__(Round)
        r.__dict__.update(self.__dict__)
        r.rng = copy_rng(self.rng)
        r.draw_pile, r.discard = self.draw_pile[:], self.discard[:]
        r.grids = [g[:] for g in self.grids]
        r.face_up = [f[:] for f in self.face_up]
        r.hidden = self.hidden[:]
        r.events, r._undo, r._ops = [], [], []
        return r

    # -- reading the state ----------------------------------------------------

    def visible_sum(self, seat: int) -> int:
        """The sum of a seat's face-up cards."""
        return sum(c for c, up in zip(self.grids[seat], self.face_up[seat], strict=True)
                   if up and c is not None)

    def all_cards(self) -> dict[Card, int]:
        """How many of each card are in the round: equals ``DECK_COUNTS`` always (``SJ-DECK``)."""
        counts = dict.fromkeys(DECK_COUNTS, 0)
        cards: list[Card | None] = [*self.draw_pile, *self.discard, self.drawn]
        for grid in self.grids:
            cards += grid
        for c in cards:
            if c is not None:
                counts[c] += 1
        return counts

    def state_key(self) -> tuple[Any, ...]:
        """Everything that makes up the state, as one comparable value."""
        return (
            self.rules, self.seed, self.rng.getstate(), tuple(self.draw_pile),
            tuple(self.discard), tuple(map(tuple, self.grids)), tuple(map(tuple, self.face_up)),
            tuple(self.hidden), self.phase, self.current, self.turn, self.starter, self.first,
            self.drawn, self.ender, self.outcome, tuple(self.events), tuple(self.move_stack),
        )

    def position_key(self) -> tuple[Any, ...]:
        """:meth:`state_key` without the event log and the move stack."""
        return self.state_key()[:-2]

    def observe(self, seat: int) -> Observation:
        """What ``seat`` may see (see :mod:`.observation`)."""
        if not (is_int(seat) and 0 <= seat < self.rules.players):
            raise RulesError(Reason.BAD_SEAT, seat=seat, players=self.rules.players)
        seats = tuple(
            SeatView(s, tuple(c if up else None for c, up in zip(grid, ups, strict=True)),
                     tuple(p for p in _PLACES if grid[p] is None))
            for s, (grid, ups) in enumerate(zip(self.grids, self.face_up, strict=True)))
        mine = seat == self.current
        return Observation(
            seat=seat, rules=self.rules, phase=self.phase, current=self.current,
            turn=self.turn, ender=self.ender, seats=seats, discard=tuple(self.discard),
            draw_count=len(self.draw_pile), holding=self.drawn is not None,
            drawn=self.drawn if mine else None,
            scores=None if self.outcome is None else self.outcome.scores,
            legal_moves=tuple(self.legal_moves()) if mine else ())

    # -- asking -----------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move of the seat to move, in a fixed order."""
        if self.phase == "over":
            return []
        grid, up = self.grids[self.current], self.face_up[self.current]
        if self.phase == "setup":
            return [REVEALS[p] for p in _PLACES if not up[p]]
        whole = None not in grid
        if self.drawn is None:
            # Never short of cards: the grids hold at most 96 of 150 (SJ-RESHUFFLE).
            if whole:
                return list(_DRAW_AND_TAKES)
            return [DRAW, *(TAKES[p] for p in _PLACES if grid[p] is not None)]
        out = list(SWAPS) if whole else [SWAPS[p] for p in _PLACES if grid[p] is not None]
        out += [DROPS[p] for p in _PLACES if not up[p] and grid[p] is not None]
        return out

    def verify_move(self, move: Move, by: int | None = None) -> None:
        """Raise :class:`IllegalMove` with the reason if ``move`` is not legal now."""
        if not isinstance(move, Move):
            raise IllegalMove(Reason.BAD_NOTATION, text=repr(move)[:20])
        if self.phase == "over":
            raise IllegalMove(Reason.ROUND_OVER)
        seat, kind = self.current, move.kind
        if by is not None and (by != seat or not is_int(by)):  # True == 1, but no seat
            raise IllegalMove(Reason.NOT_YOUR_TURN, seat=by, current=seat)
        if self.phase == "setup":
            if kind != "reveal":
                raise IllegalMove(Reason.SETUP_REVEAL, count=SETUP_REVEALS)
        elif kind == "reveal":
            raise IllegalMove(Reason.SETUP_OVER)
        elif self.drawn is None and kind in ("swap", "drop"):
            raise IllegalMove(Reason.NOTHING_DRAWN)
        elif self.drawn is not None and kind in ("take", "draw"):
            raise IllegalMove(Reason.HOLDING_CARD, drawn=self.drawn)
        if kind == "draw":
            return
        place = move.place
        if self.grids[seat][place] is None:
            raise IllegalMove(Reason.PLACE_EMPTY, place=place_text(place))
        if kind in ("reveal", "drop") and self.face_up[seat][place]:
            raise IllegalMove(Reason.FACE_UP, place=place_text(place))

    # -- doing --------------------------------------------------------------

    def push(self, move: Move, by: int | None = None) -> list[Event]:
        """Check and make ``move``; return the events it caused.

        Raises :class:`IllegalMove` (and changes nothing) if it is not legal.
        """
        self.verify_move(move, by)
        start = len(self.events)
        self._ops = []
        self._undo.append(UndoRecord(move, start, self._ops))
        seat, kind, place = self.current, move.kind, move.place
        if kind == "reveal":
            self._reveal(seat, place, "setup")
            self._after_setup_reveal(seat)
        elif kind == "draw":
            self._draw(seat)
        else:
            if kind == "take":
                card = self.discard.pop()
                self._ops.append((list.append, self.discard, card))
                self.events.append(Took(seat, card))
                self._replace(seat, place, card)
            else:
                card = self._take_drawn()
                if kind == "swap":
                    self._replace(seat, place, card)
                else:
                    self._to_discard(card)
                    self.events.append(Dropped(seat, card))
                    self._reveal(seat, place, "drop")
            self._clear_column(seat, _COLUMN_AT[place])
            self._end_turn(seat)
        return self.events[start:]

    def pop(self) -> Move:
        """Take back the last pushed move, restoring the state exactly."""
        move, start, ops = self._last_record()
        undo_calls(ops)
        del self.events[start:]
        return move

    # -- what a move does -------------------------------------------------------

    def _set(self, name: str, value: Any) -> None:
        self._ops.append((setattr, self, name, getattr(self, name)))
        setattr(self, name, value)

    def _to_discard(self, card: Card) -> None:
        self.discard.append(card)
        self._ops.append((list.pop, self.discard))

    def _reveal(self, seat: int, place: int, why: Why) -> None:
        up, hidden = self.face_up[seat], self.hidden
        up[place] = True
        hidden[seat] -= 1
        self._ops += [(list.__setitem__, up, place, False),
                      (list.__setitem__, hidden, seat, hidden[seat] + 1)]
        self.events.append(Revealed(seat, place, cast(Card, self.grids[seat][place]), why))

    def _replace(self, seat: int, place: int, card: Card) -> None:
        """``SJ-TAKE-DISCARD``/``SJ-TAKE-DRAW``: ``card`` lies face up at ``place``;
        the old card goes face up onto the discard pile, unseen before."""
        grid, up = self.grids[seat], self.face_up[seat]
        old, was_up = cast(Card, grid[place]), up[place]  # verified: the place holds a card
        grid[place] = card
        up[place] = True
        if not was_up:
            self.hidden[seat] -= 1
        self.discard.append(old)
        self._ops.append((self._unreplace, seat, place, old, was_up))
        self.events.append(Replaced(seat, place, card, old, was_up))

    def _unreplace(self, seat: int, place: int, old: Card, was_up: bool) -> None:
        self.discard.pop()
        self.grids[seat][place] = old
        self.face_up[seat][place] = was_up
        if not was_up:
            self.hidden[seat] += 1

    def _take_drawn(self) -> Card:
        card = cast(Card, self.drawn)  # verified: swap and drop need a drawn card
        self._set("drawn", None)
        return card

    def _draw(self, seat: int) -> None:
        if not self.draw_pile:
            self._reshuffle()
        card = self.draw_pile.pop()
        self._ops.append((list.append, self.draw_pile, card))
        self._set("drawn", card)
        self.events.append(Drew(seat, card))

    def _reshuffle(self) -> None:
        """``SJ-RESHUFFLE``: all of the discard pile but its top card, shuffled."""
        pile, discard = self.draw_pile, self.discard
        self._ops.append((self._unshuffle, self.rng.getstate(), discard[:]))
        pile[:] = discard[:-1]
        del discard[:-1]
        self.rng.shuffle(pile)
        self.events.append(Reshuffled(tuple(sorted(pile))))

    def _unshuffle(self, state: tuple[Any, ...], discard: list[Card]) -> None:
        self.rng.setstate(state)
        self.draw_pile.clear()
        self.discard[:] = discard

    def _clear_column(self, seat: int, places: tuple[int, ...]) -> None:
        """``SJ-COLUMN``: three equal face-up cards leave the grid, onto the discard pile."""
        grid, up = self.grids[seat], self.face_up[seat]
        a, b, c = places
        card = grid[a]
        if card is None or not (up[a] and up[b] and up[c] and grid[b] == card == grid[c]):
            return
        for p in (a, b, c):
            grid[p] = None
            up[p] = False
            self._ops += [(list.__setitem__, grid, p, card), (list.__setitem__, up, p, True)]
            self._to_discard(card)
        self.events.append(ColumnCleared(seat, column_of(a), card))

    def _after_setup_reveal(self, seat: int) -> None:
        """Each seat turns two cards, in seat order; then the first player is chosen."""
        if GRID - self.hidden[seat] < SETUP_REVEALS:
            return
        n = self.rules.players
        following = (seat + 1) % n
        if following != (self.starter or 0):
            self._set("current", following)
            return
        sums: tuple[int, ...] = ()
        if self.starter is None:  # SJ-FIRST: highest sum; ties to the first in seat order
            sums = tuple(self.visible_sum(s) for s in range(n))
            first = sums.index(max(sums))
        else:
            first = self.starter
        self._set("phase", "play")
        self._set("first", first)
        self.events.append(FirstChosen(first, sums))
        self._start_turn(first, 1)

    def _start_turn(self, seat: int, turn: int) -> None:
        self._ops.append((self._restore_turn, self.current, self.turn))
        self.current, self.turn = seat, turn
        self.events.append(TurnStarted(seat, turn))

    def _restore_turn(self, current: int, turn: int) -> None:
        self.current, self.turn = current, turn

    def _end_turn(self, seat: int) -> None:
        """``SJ-LAST-TURNS``: once a seat shows every card, each other seat plays once more."""
        if self.ender is None and not self.hidden[seat]:
            self._set("ender", seat)
            self.events.append(LastTurns(seat))
        following = (seat + 1) % self.rules.players
        if following == self.ender:
            self._score()
        elif self.turn < MAX_TURN:
            self._start_turn(following, self.turn + 1)
        else:  # the counter stops: the last round of turn numbers again (MAX_TURN)
            self._start_turn(following, self.turn + 1 - self.rules.players)

    def _score(self) -> None:
        """``SJ-ROUND-SCORE`` and ``SJ-DOUBLE``: turn every card, clear columns, add up."""
        n = self.rules.players
        ender = cast(int, self.ender)  # only a round with an ender is scored
        for seat in range(n):
            for place in _PLACES:
                if self.grids[seat][place] is not None and not self.face_up[seat][place]:
                    self._reveal(seat, place, "end")
            for places in COLUMN_PLACES:
                self._clear_column(seat, places)
        outcome = score_round(self.grids, ender, self.rules)
        self._set("phase", "over")
        self._set("outcome", outcome)
        self.events.append(RoundScored(*outcome))
