"""One game of Skip-Bo: a mutable state with check/ask/do, exact undo and an event log.

>>> g = Game.new(Rules(players=2), seed=42, dealer=1)
>>> g.current, g.hand_size(g.current), len(g.stocks[0])
(0, 5, 30)
>>> before = g.state_key()
>>> events = g.push(g.legal_moves()[-1])   # a discard: the turn passes
>>> g.current
1
>>> g.pop() and g.state_key() == before
True
"""

from __future__ import annotations

import random
from itertools import compress
from typing import Any

from ...core.protocol import GameBase, UndoRecord
from ...core.rng import copy_rng, new_seed
from .cards import DECK_COUNTS, TOP_VALUE, WILD, Card, full_deck
from .errors import IllegalMove, Reason, RulesError
from .events import (
    DealerChosen,
    DealerDraw,
    Dealt,
    Discarded,
    Drew,
    Event,
    GameDrawn,
    GameWon,
    PileCompleted,
    Played,
    Recycled,
    StockTurned,
    TurnEnded,
    TurnStarted,
)
from .moves import DISCARD, END_MOVE, HAND, STOCK, Move, Source, Target
from .observation import Observation, SeatView
from .outcome import Outcome, game_points
from .rules import (
    BUILDING_PILES,
    DISCARD_PILES,
    HAND_SIZE,
    MAX_SEED_LENGTH,
    MAX_TURN,
    Rules,
    is_int,
    is_seed,
)


def _table(partner: bool, source: Source, index: int, target: Target, count: int
           ) -> tuple[Move, ...]:
    return tuple(Move(source, partner, index, target, p) for p in range(count))


def _plays_by_mask(partner: bool, source: Source, index: int) -> tuple[tuple[Move, ...], ...]:
    """The plays of one source onto each set of building piles, indexed by a bit mask."""
    table = _table(partner, source, index, "b", BUILDING_PILES)
    return tuple(
        tuple(move for p, move in enumerate(table) if mask >> p & 1)
        for mask in range(1 << BUILDING_PILES)
    )


# Interned moves, so that legal_moves never allocates a Move; indexed by
# [partner][discard pile][mask] or [card][mask] (see _plays_by_mask).
_STOCK_PLAYS = tuple(_plays_by_mask(p, STOCK, 0) for p in (False, True))
_DISCARD_PLAYS = tuple(
    tuple(_plays_by_mask(p, DISCARD, i) for i in range(DISCARD_PILES)) for p in (False, True)
)
_HAND_PLAYS = tuple(_plays_by_mask(False, HAND, c) for c in range(TOP_VALUE + 1))
_HAND_DISCARDS = tuple(_table(False, HAND, c, "d", DISCARD_PILES) for c in range(TOP_VALUE + 1))
_CARD_VALUES = range(TOP_VALUE + 1)
_ALL_PILES = (1 << BUILDING_PILES) - 1
_PILE_BITS = tuple(1 << p for p in range(BUILDING_PILES))

Fits = tuple[int, ...]
# Building pile lengths -> for each card, the piles it may go onto as a bit mask.
# At most 12**4 entries; legal_moves reads it instead of working it out each time.
_FITS: dict[tuple[int, ...], Fits] = {}


def _fits(lengths: tuple[int, ...]) -> Fits:
    fits = [0] * (TOP_VALUE + 1)
    fits[WILD] = _ALL_PILES
    for length, bit in zip(lengths, _PILE_BITS, strict=True):
        fits[length + 1] |= bit
    _FITS[lengths] = result = tuple(fits)
    return result


def _add_pile_plays(out: list[Move], stock: list[Card], discards: list[list[Card]],
                    stock_plays: tuple[tuple[Move, ...], ...],
                    discard_plays: tuple[tuple[tuple[Move, ...], ...], ...], fits: Fits) -> None:
    """The plays from one seat's stock pile and discard piles, in that order."""
    if stock:
        out += stock_plays[fits[stock[-1]]]
    for pile, plays in zip(discards, discard_plays, strict=True):
        if pile:
            out += plays[fits[pile[-1]]]

# Undo opcodes: each push records how to reverse every mutation it made.
_APPENDED, _POPPED, _HAND, _ATTR, _TURN, _DREW, _COMPLETED, _RECYCLED = range(8)


class Game(GameBase[Move]):
    """The whole state of one game, for one process that knows every card.

    Bots and widgets see it through :meth:`observe`. Public attributes are
    read-only by convention; change the state only with :meth:`push`/:meth:`pop`.
    Piles are lists with the top card last; hands are counts per card value.
    """

    move_type = Move
    reasons = Reason

    rules: Rules
    seed: int | str
    rng: random.Random
    draw_pile: list[Card]
    building: list[list[Card]]
    completed: list[Card]
    stocks: list[list[Card]]
    hands: list[list[int]]
    discards: list[list[list[Card]]]
    dealer: int
    current: int
    turn: int
    moved: bool
    idle_turns: int
    outcome: Outcome | None
    events: list[Event]
    _partners: list[int | None]
    _undo: list[UndoRecord[Move]]
    _rec: list[tuple[Any, ...]]

    # -- construction ---------------------------------------------------------

    @classmethod
    def new(cls, rules: Rules | None = None, *, seed: int | str | None = None,
            dealer: int | None = None) -> Game:
        """Shuffle, choose the dealer (``SB-DEALER``), deal (``SB-DEAL``) and start.

        The same ``rules``, ``seed`` and ``dealer`` always give the same game.
        """
        rules = rules or Rules()
        if seed is None:
            seed = new_seed()
        elif not is_seed(seed):
            raise RulesError(Reason.BAD_SEED, max=MAX_SEED_LENGTH)
        game = cls._empty(rules, seed)
        n = rules.players
        if dealer is None:
            dealer = game._choose_dealer()
        elif not (is_int(dealer) and 0 <= dealer < n):
            raise RulesError(Reason.BAD_SEAT, seat=dealer, players=n)
        game.dealer = dealer
        deck = full_deck()
        game.rng.shuffle(deck)
        first = (dealer + 1) % n
        for _ in range(rules.stock_size):
            for k in range(n):
                game.stocks[(first + k) % n].append(deck.pop())
        game.draw_pile = deck
        game.events.append(Dealt(rules.stock_size, first))
        for seat in range(n):
            stock = game.stocks[seat]
            game.events.append(StockTurned(seat, stock[-1], len(stock)))
        game._start_turn(first, 1)
        game._undo.clear()
        return game

    @classmethod
    def _empty(cls, rules: Rules, seed: int | str) -> Game:
        game = cls.__new__(cls)
        n = rules.players
        game.rules = rules
        game.seed = seed
        game.rng = random.Random(seed)
        game.draw_pile = []
        game.building = [[] for _ in range(BUILDING_PILES)]
        game.completed = []
        game.stocks = [[] for _ in range(n)]
        game.hands = [[0] * (TOP_VALUE + 1) for _ in range(n)]
        game.discards = [[[] for _ in range(DISCARD_PILES)] for _ in range(n)]
        game.dealer = 0
        game.current = 0
        game.turn = 0
        game.moved = False
        game.idle_turns = 0
        game.outcome = None
        game.events = []
        game._partners = [rules.partner(s) for s in range(n)]
        game._undo = []
        game._rec = []
        return game

    def _choose_dealer(self) -> int:
        """Everyone draws; highest number deals; wild cards and ties draw again."""
        rng, events = self.rng, self.events
        deck: list[Card] = []
        contenders = list(range(self.rules.players))
        while True:
            drawn: dict[int, Card] = {}
            for seat in contenders:
                card = WILD
                while card == WILD:
                    if not deck:
                        deck = full_deck()
                        rng.shuffle(deck)
                    card = deck.pop()
                    events.append(DealerDraw(seat, card))
                drawn[seat] = card
            best = max(drawn.values())
            contenders = [s for s in contenders if drawn[s] == best]
            if len(contenders) == 1:
                events.append(DealerChosen(contenders[0]))
                return contenders[0]

    def copy(self) -> Game:
        """An independent copy of the position, for search (no events, nothing to pop)."""
        g = Game.__new__(Game)
        g.rules, g.seed = self.rules, self.seed
        g.rng = copy_rng(self.rng)
        g.draw_pile = self.draw_pile[:]
        g.building = [p[:] for p in self.building]
        g.completed = self.completed[:]
        g.stocks = [p[:] for p in self.stocks]
        g.hands = [h[:] for h in self.hands]
        g.discards = [[p[:] for p in piles] for piles in self.discards]
        g.dealer, g.current, g.turn = self.dealer, self.current, self.turn
        g.moved, g.idle_turns, g.outcome = self.moved, self.idle_turns, self.outcome
        g._partners = self._partners
        g.events = []
        g._undo = []
        g._rec = []
        return g

    # -- reading the state --------------------------------------------------

    def observe(self, seat: int) -> Observation:
        """What ``seat`` may see (see :mod:`.observation`); a seat that is not at the
        table is a :class:`RulesError`."""
        rules = self.rules
        if not (is_int(seat) and 0 <= seat < rules.players):
            # Never read seat -1 as "the last seat": that would show its hand.
            raise RulesError(Reason.BAD_SEAT, seat=seat, players=rules.players)
        seats = tuple(
            SeatView(
                seat=s,
                team=rules.team(s),
                stock_top=self.stocks[s][-1] if self.stocks[s] else None,
                stock_count=len(self.stocks[s]),
                discards=tuple(tuple(p) for p in self.discards[s]),
                hand_count=self.hand_size(s),
            )
            for s in range(rules.players)
        )
        return Observation(
            seat=seat,
            rules=rules,
            current=self.current,
            turn=self.turn,
            dealer=self.dealer,
            hand=tuple(self.hand_cards(seat)),
            seats=seats,
            building=tuple(tuple(p) for p in self.building),
            draw_count=len(self.draw_pile),
            completed_count=len(self.completed),
            outcome=self.outcome,
            legal_moves=tuple(self.legal_moves()) if seat == self.current else (),
        )

    def partner(self, seat: int) -> int | None:
        return self._partners[seat]

    def needs(self, pile: int) -> int:
        """The value building pile ``pile`` needs next (1 when it is empty)."""
        return len(self.building[pile]) + 1

    def hand_size(self, seat: int) -> int:
        return sum(self.hands[seat])

    def hand_cards(self, seat: int) -> list[Card]:
        """The hand as a sorted list, wild cards first."""
        return [c for c, k in enumerate(self.hands[seat]) for _ in range(k)]

    def card_count(self) -> int:
        """Cards in every pile and hand: always 162 (``SB-DECK``)."""
        return (
            len(self.draw_pile) + len(self.completed)
            + sum(map(len, self.building)) + sum(map(len, self.stocks))
            + sum(map(sum, self.hands))
            + sum(len(p) for piles in self.discards for p in piles)
        )

    def all_cards(self) -> dict[Card, int]:
        """How many of each card are on the table: equals ``DECK_COUNTS`` always."""
        counts = dict.fromkeys(DECK_COUNTS, 0)
        piles = [self.draw_pile, self.completed, *self.building, *self.stocks]
        piles += [p for ps in self.discards for p in ps]
        for pile in piles:
            for c in pile:
                counts[c] += 1
        for hand in self.hands:
            for c, k in enumerate(hand):
                counts[c] += k
        return counts

    def state_key(self) -> tuple[Any, ...]:
        """Everything that makes up the state, as one comparable value."""
        return (
            self.rules, self.seed, self.rng.getstate(), tuple(self.draw_pile),
            tuple(map(tuple, self.building)), tuple(self.completed),
            tuple(map(tuple, self.stocks)), tuple(map(tuple, self.hands)),
            tuple(tuple(map(tuple, piles)) for piles in self.discards),
            self.dealer, self.current, self.turn, self.moved, self.idle_turns,
            self.outcome, tuple(self.events), tuple(self.move_stack),
        )

    def position_key(self) -> tuple[Any, ...]:
        """:meth:`state_key` without the event log and the move stack: two games in
        the same position (and with the same generator) have equal keys, however they
        got there."""
        return self.state_key()[:-2]

    # -- asking -------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move of the player to move: plays, then discards, then ``end``."""
        if self.outcome is not None:
            return []
        seat = self.current
        b0, b1, b2, b3 = self.building  # the BUILDING_PILES piles
        lengths = (len(b0), len(b1), len(b2), len(b3))
        fits = _FITS.get(lengths) or _fits(lengths)
        out: list[Move] = []
        _add_pile_plays(out, self.stocks[seat], self.discards[seat],
                        _STOCK_PLAYS[0], _DISCARD_PLAYS[0], fits)
        partner = self._partners[seat]
        if partner is not None:
            _add_pile_plays(out, self.stocks[partner], self.discards[partner],
                            _STOCK_PLAYS[1], _DISCARD_PLAYS[1], fits)
        hand = self.hands[seat]
        held = list(compress(_CARD_VALUES, hand))  # the values in the hand, wild first
        for c in held:
            out += _HAND_PLAYS[c][fits[c]]
        for c in held:
            out += _HAND_DISCARDS[c]
        if not held:
            out.append(END_MOVE)
        return out

    def verify_move(self, move: Move, by: int | None = None) -> None:
        """Raise :class:`IllegalMove` with the reason if ``move`` is not legal now."""
        if not isinstance(move, Move):
            raise IllegalMove(Reason.BAD_NOTATION, text=repr(move)[:20])
        if self.outcome is not None:
            raise IllegalMove(Reason.GAME_OVER)
        seat = self.current
        if by is not None and (by != seat or not is_int(by)):  # True == 1, but no seat
            raise IllegalMove(Reason.NOT_YOUR_TURN, seat=by, current=seat)
        hand = self.hands[seat]
        if move.source == "end":
            if any(hand):
                raise IllegalMove(Reason.HAND_NOT_EMPTY, cards=sum(hand))
            return
        owner = seat
        if move.partner:
            partner = self._partners[seat]
            if partner is None:
                raise IllegalMove(Reason.NO_PARTNER)
            if move.source == HAND:
                raise IllegalMove(Reason.PARTNER_HAND)
            owner = partner
        if move.target == "d":
            self._verify_discard(move, hand)
            return
        if move.pile >= BUILDING_PILES:
            raise IllegalMove(Reason.BUILDING_PILE_LIMIT, pile=move.pile, max=BUILDING_PILES)
        card = self._source_card(move, owner, hand)
        need = len(self.building[move.pile]) + 1
        if card != WILD and card != need:
            raise IllegalMove(Reason.WRONG_VALUE, card=card, needs=need, pile=move.pile)

    def _verify_discard(self, move: Move, hand: list[int]) -> None:
        if move.source == STOCK:
            raise IllegalMove(Reason.DISCARD_FROM_STOCK)
        if move.source == DISCARD:
            raise IllegalMove(Reason.DISCARD_BETWEEN_PILES)
        if move.pile >= DISCARD_PILES:
            raise IllegalMove(Reason.DISCARD_PILE_LIMIT, pile=move.pile, max=DISCARD_PILES)
        if not hand[move.index]:
            raise IllegalMove(Reason.CARD_NOT_IN_HAND, card=move.index)

    def _source_card(self, move: Move, owner: int, hand: list[int]) -> Card:
        if move.source == STOCK:
            stock = self.stocks[owner]
            if not stock:
                raise IllegalMove(Reason.STOCK_EMPTY, seat=owner)
            return stock[-1]
        if move.source == DISCARD:
            if move.index >= DISCARD_PILES:
                raise IllegalMove(Reason.DISCARD_PILE_LIMIT, pile=move.index, max=DISCARD_PILES)
            pile = self.discards[owner][move.index]
            if not pile:
                raise IllegalMove(Reason.DISCARD_PILE_EMPTY, seat=owner, pile=move.index)
            return pile[-1]
        if not hand[move.index]:
            raise IllegalMove(Reason.CARD_NOT_IN_HAND, card=move.index)
        return move.index

    # -- doing --------------------------------------------------------------

    def push(self, move: Move, by: int | None = None) -> list[Event]:
        """Check and make ``move``; return the events it caused.

        Raises :class:`IllegalMove` (and changes nothing) if it is not legal.
        """
        self.verify_move(move, by)
        start = len(self.events)
        rec: list[tuple[Any, ...]] = []
        self._rec = rec
        self._undo.append(UndoRecord(move, start, rec))
        if move.target == "b":
            self._play(move)
        elif move.target == "d":
            self._discard(move)
        else:
            self._end_turn(discarded=False)
        return self.events[start:]

    def pop(self) -> Move:
        """Take back the last pushed move, restoring the state exactly."""
        move, start, rec = self._last_record()
        for op in reversed(rec):
            code = op[0]
            if code == _APPENDED:
                op[1].pop()
            elif code == _POPPED:
                op[1].append(op[2])
            elif code == _HAND:
                self.hands[op[1]][op[2]] -= op[3]
            elif code == _ATTR:
                setattr(self, op[1], op[2])
            elif code == _TURN:
                _, self.current, self.turn, self.moved = op
            elif code == _DREW:
                hand = self.hands[op[1]]
                for c in reversed(op[2]):
                    self.draw_pile.append(c)
                    hand[c] -= 1
            elif code == _COMPLETED:
                op[1].extend(self.completed[-TOP_VALUE:])
                del self.completed[-TOP_VALUE:]
            elif code == _RECYCLED:
                self.rng.setstate(op[1])
                self.completed[:] = op[2]
                self.draw_pile.clear()
        del self.events[start:]
        return move

    # Convenience actions in the check/ask/do shape.

    def play(self, source: str, pile: int, *, partner: bool = False) -> list[Event]:
        """Play onto building pile ``pile`` (0-based) from ``"s"``, ``"d2"`` or ``"h7"``."""
        owner = "p" if partner else ""
        return self.push_text(f"{owner}{source}-b{pile + 1}")

    def discard(self, card: Card, pile: int) -> list[Event]:
        """End the turn with ``card`` from the hand onto discard pile ``pile`` (0-based)."""
        return self.push_text(f"h{'W' if card == WILD else card}-d{pile + 1}")

    def end_turn(self) -> list[Event]:
        """End the turn with an empty hand (``SB-BLOCKED``)."""
        return self.push(END_MOVE)

    # -- what a move does -----------------------------------------------------

    def _set(self, name: str, value: Any) -> None:
        self._rec.append((_ATTR, name, getattr(self, name)))
        setattr(self, name, value)

    def _play(self, move: Move) -> None:
        seat, rec = self.current, self._rec
        partner = self._partners[seat]
        owner = partner if move.partner and partner is not None else seat  # verified
        source = move.source
        if source == HAND:
            card = move.index
            self.hands[seat][card] -= 1
            rec.append((_HAND, seat, card, -1))
        else:
            from_pile = self.stocks[owner] if source == STOCK else self.discards[owner][move.index]
            card = from_pile.pop()
            rec.append((_POPPED, from_pile, card))
        target = self.building[move.pile]
        target.append(card)
        rec.append((_APPENDED, target))
        if not self.moved:
            self._set("moved", True)
        value = len(target)
        events = self.events
        events.append(Played(seat, source, owner, move.index if source == DISCARD else -1,
                             card, move.pile, value))
        if source == STOCK:
            stock = self.stocks[owner]
            events.append(StockTurned(owner, stock[-1] if stock else None, len(stock)))
        if value == TOP_VALUE:
            self.completed.extend(target)
            target.clear()
            rec.append((_COMPLETED, target))
            events.append(PileCompleted(move.pile))
        if source == STOCK and not self.stocks[owner]:
            self._check_win(seat)
            if self.outcome is not None:
                return
        # SB-EMPTY-HAND: an empty hand draws at once; after a blocked draw
        # (SB-BLOCKED) a completed pile is the first thing it could draw again.
        if (source == HAND or value == TOP_VALUE) and not any(self.hands[seat]):
            self._draw(seat, HAND_SIZE, empty_hand=True)

    def _check_win(self, seat: int) -> None:
        """``SB-WIN``/``SB-TEAM-WIN``: a side wins when all its stock piles are empty."""
        side = next(side for side in self.rules.sides() if seat in side)
        if any(self.stocks[s] for s in side):
            return
        left = sum(len(self.stocks[s]) for s in range(self.rules.players) if s not in side)
        points = game_points(left)
        self._set("outcome", Outcome(tuple(side), points))
        self.events.append(GameWon(tuple(side), points))

    def _discard(self, move: Move) -> None:
        seat, card = self.current, move.index
        self.hands[seat][card] -= 1
        self._rec.append((_HAND, seat, card, -1))
        pile = self.discards[seat][move.pile]
        pile.append(card)
        self._rec.append((_APPENDED, pile))
        if not self.moved:
            self._set("moved", True)
        self.events.append(Discarded(seat, card, move.pile))
        self._end_turn(discarded=True)

    def _end_turn(self, discarded: bool) -> None:
        seat = self.current
        self.events.append(TurnEnded(seat, discarded))
        idle = 0 if self.moved else self.idle_turns + 1
        if idle != self.idle_turns:
            self._set("idle_turns", idle)
        if idle >= self.rules.players:
            self._set("outcome", Outcome((), 0))
            self.events.append(GameDrawn(self.turn))
            return
        self._start_turn((seat + 1) % self.rules.players, min(self.turn + 1, MAX_TURN))

    def _start_turn(self, seat: int, turn: int) -> None:
        self._rec.append((_TURN, self.current, self.turn, self.moved))
        self.current, self.turn, self.moved = seat, turn, False
        self.events.append(TurnStarted(seat, turn))
        self._draw(seat, HAND_SIZE - sum(self.hands[seat]), empty_hand=False)

    def _draw(self, seat: int, count: int, *, empty_hand: bool) -> None:
        """Draw up to ``count`` cards, recycling completed piles when needed (``SB-RECYCLE``)."""
        hand, pile, rec = self.hands[seat], self.draw_pile, self._rec
        if 0 < count <= len(pile):  # the common case, without recycling
            drawn = pile[:-count - 1:-1]
            del pile[-count:]
            for card in drawn:
                hand[card] += 1
            rec.append((_DREW, seat, drawn))
            self.events.append(Drew(seat, tuple(drawn), empty_hand))
            return
        drawn = []
        segment: list[Card] = []
        for _ in range(count):
            if not pile:
                if not self.completed:
                    break  # SB-BLOCKED: nothing left to draw
                if segment:
                    rec.append((_DREW, seat, segment))
                    segment = []
                rec.append((_RECYCLED, self.rng.getstate(), self.completed[:]))
                pile.extend(self.completed)
                self.completed.clear()
                self.rng.shuffle(pile)
                self.events.append(Recycled(len(pile)))
            card = pile.pop()
            hand[card] += 1
            segment.append(card)
            drawn.append(card)
        if segment:
            rec.append((_DREW, seat, segment))
        if drawn:
            self.events.append(Drew(seat, tuple(drawn), empty_hand))


def observe(game: Game, seat: int) -> Observation:
    """What ``seat`` may see of ``game``: :meth:`Game.observe`."""
    return game.observe(seat)
