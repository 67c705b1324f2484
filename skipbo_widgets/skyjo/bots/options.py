"""Every choice of the seat to move, valued in expected points (lower is better).

The strong bot, the hints and the turn review all read this one table. A
choice that keeps the round going is worth the grid's expected score
(:func:`.expect.grid_value`). A choice that turns the seat's last card ends
the round (``SJ-LAST-TURNS``): it is worth the doubling-weighted score
(:func:`.expect.ending_points`), plus what the seat would gain in its next
turn (given up by ending), less what the others gain in the turn that
ending denies them (they play one more turn either way, but two if the
round goes on).
Once another seat has ended the round, every choice is valued by the final
score it expects: in the last turns the seat only minimises.

>>> from skipbo_widgets.skyjo.engine import Round
>>> r = Round.new(seed=3)
>>> for text in ("reveal a1", "reveal a2", "reveal a1", "reveal a2"):
...     _ = r.push_text(text)
>>> table = choices(r.observe(r.current))
>>> table.best.move in r.legal_moves()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ..engine import DRAW, Move, Observation
from ..engine.cards import VALUES, Card
from ..engine.moves import COLUMN_PLACES, DROPS, SWAPS, column_of
from ..engine.rules import GRID
from .expect import (
    CLEARED,
    HIDDEN,
    Cell,
    Knowledge,
    cells_of,
    column_value,
    ending_points,
    hidden_count,
    lowest_chance,
)
from .later import Later, counts_turns_left
from .standing import (
    CERTAINTY,
    MATCH_POINTS,
    decides,
    game_end_chance,
    going_on_chance,
    win_chance,
)


@dataclass(frozen=True)
class Choice:
    """One legal move and what it is worth; ``ends`` if it turns the seat's last card."""

    move: Move
    value: float
    ends: bool = False
    #: For an ending move: the score it ends with (``None`` while a card to turn is
    #: unknown) and its chance to be the lowest.
    score: int | None = None
    lowest: float | None = None
    #: For an ending move in a round that likely ends the game: the chance to win it.
    win: float | None = None
    #: What the card the move leaves on the discard pile is worth to the next seat
    #: (:meth:`Table.given`), included in ``value``.
    given: float = 0.0
    #: What the move gives up of the rest of the round by filling a face-down place
    #: (:meth:`Table.later_change`), included in ``value``.
    later: float = 0.0


@dataclass(frozen=True)
class Table:
    """The choices of one decision, best first, with what they were valued from."""

    choices: tuple[Choice, ...]
    knowledge: Knowledge
    cells: tuple[Cell, ...]
    #: Each other seat's (seat, expected final score, variance) after its last turn.
    others: tuple[tuple[int, float, float], ...]
    #: What the others gain on average in one more turn (denied by ending now).
    others_gain: float
    #: What the seat itself would gain in its next turn (given up by ending now).
    own_gain: float
    #: The next seat to play and, by the discard pile's top card this turn leaves it,
    #: what that card saves it over drawing, weighted by how much one other seat's gain
    #: costs this seat (all of it with 2 players); empty if no seat plays after it.
    gift: dict[Card | None, float] = field(default_factory=dict)
    next_seat: int | None = None
    #: In a match, every seat's total before this round; and if ending the round now
    #: likely ends the game, the chance to win it when the round goes on instead.
    totals: tuple[int, ...] | None = None
    going_on: float | None = None
    #: The seat's turns left this round and what they may save on each card (:mod:`.later`).
    later: Later | None = None
    #: Valued for the seat's own points only (:func:`choices` ``own``).
    own: bool = False

    def given(self, card: Card | None) -> float:
        """The cost of leaving ``card`` on the discard pile (``None``: a face-down card
        goes there, unknown: its expected cost)."""
        if not self.gift:
            return 0.0
        return self.gift[card]

    def later_change(self, place: int, card: Card) -> float:
        """What putting ``card`` at the face-down ``place`` gives up of the rest of the
        round: a face-down card's chance to be replaced by a lower one later, if it turns
        up high, less the chance of ``card`` (none beside an equal face-up card of its
        column: that one stays). For a face-up ``place`` the same with the card it
        holds, but only in an ``own`` table: for the strong bot's play it is 0, as
        counting the turns left for known cards too lowered the win rate
        (docs/benchmarks.md)."""
        old = self.cells[place]
        if self.later is None or not (old is HIDDEN or (self.own and isinstance(old, int))):
            return 0.0
        beside = [self.cells[p] for p in COLUMN_PLACES[column_of(place)] if p != place]
        before = self.later.hidden if old is HIDDEN else self.later.saving[old]
        return before - (0.0 if card in beside else self.later.saving[card])

    @property
    def best(self) -> Choice:
        return self.choices[0]

    def of(self, move: Move) -> Choice:
        return next(c for c in self.choices if c.move == move)


class _Grid:
    """One seat's cells with their column values cached, to value one change fast."""

    def __init__(self, cells: Sequence[Cell], k: Knowledge) -> None:
        self.cells = list(cells)
        self.k = k
        self.columns = [column_value([cells[p] for p in places], k) for places in COLUMN_PLACES]
        self.value = sum(self.columns)
        self.hidden = hidden_count(cells)

    def with_card(self, place: int, card: Card) -> float:
        """The grid's expected score with ``card`` face up at ``place``."""
        column = column_of(place)
        cells = [card if p == place else self.cells[p] for p in COLUMN_PLACES[column]]
        return self.value - self.columns[column] + column_value(cells, self.k)

    def final_score(self, place: int, card: Card) -> int:
        """The score with ``card`` at ``place`` when no other card is face down: every
        other column's value is then exact."""
        return round(self.with_card(place, card))


#: A seat's turn values: its grid's best value with each card taken (by card), and its
#: expected value after drawing.
Turn = tuple[dict[Card, float], float]


def turn_values(grid: _Grid, k: Knowledge) -> Turn:
    """The grid's best value with each card put in its best place, and what drawing is
    worth (each unseen card put in its best place, or dropped)."""
    places = [p for p in range(GRID) if grid.cells[p] != CLEARED]
    take = {c: min((grid.with_card(p, c) for p in places), default=grid.value)
            for c in VALUES}
    draw = sum(chance * min(grid.value, take[c])
               for c, chance in k.values()) if places else grid.value
    return take, draw


def one_turn_gain(grid: _Grid, top: Card, turn: Turn) -> float:
    """How many expected points a seat's best single turn saves, by its ``turn`` values
    (taking ``top`` or drawing), never below zero."""
    take, draw = turn
    return max(0.0, grid.value - min(take[top], draw))


#: How much of one other seat's gain counts as this seat's loss, by the number of
#: players: all of it with two; with more, the gift helps one of several rivals.
def _rival_weight(players: int) -> float:
    return 1.0 if players == 2 else GIFT_WEIGHT


#: Three quarters: against three one-step players it won 0.384 of 1,000 games (seed 0)
#: where a half won 0.3655, and 0.3975 against 0.381 on 400 others (seed 1);
#: a third did no better (docs/benchmarks.md).
GIFT_WEIGHT = 0.75


def _gifts(obs: Observation, k: Knowledge,
           turns: dict[int, Turn]) -> tuple[int | None, dict[Card | None, float]]:
    """The next seat to play this round and what each top card would save it over
    drawing (:attr:`Table.gift`), by its ``turns`` values."""
    n = obs.rules.players
    nxt = (obs.seat + 1) % n
    if obs.ender is not None and nxt == obs.ender:
        return None, {}
    take, draw = turns[nxt]
    weight = _rival_weight(n)
    gift: dict[Card | None, float] = {
        c: weight * max(0.0, draw - take[c]) for c in VALUES}
    gift[None] = sum(p * gift[c] for c, p in k.values())
    return nxt, gift


def choices(obs: Observation, totals: Sequence[int] | None = None, *,
            own: bool = False) -> Table:
    """The :class:`Table` of the seat to move in ``obs`` (its own observation), in a
    match whose seats had ``totals`` before this round (``None``: a single round).

    ``own``: each choice valued by the seat's own final points of the round, what the
    turn review says: the turns left counted for every card with any number of
    players, and nothing for what a move gives or denies the others. Play-outs showed
    the strong bot's values (``own`` False) overstate a move's cost in the seat's own
    points about 2.5 times (docs/benchmarks.md, "What a Skyjo move costs")."""
    k = Knowledge.of(obs)
    cells = cells_of(obs, obs.seat)
    others, turns = _others(obs, k)
    gain = 0.0 if own else sum(g for *_, g in others) / max(1, len(others))
    grid = _Grid(cells, k)
    mine = one_turn_gain(grid, obs.discard_top, turn_values(grid, k))
    nxt, gift = _gifts(obs, k, turns) if obs.phase != "setup" and not own else (None, {})
    later = (own and obs.phase == "play") or counts_turns_left(obs)
    table = Table((), k, tuple(cells), tuple(o[:3] for o in others), gain, mine, gift, nxt,
                  None if totals is None else tuple(totals),
                  later=Later.of(obs, k) if later else None, own=own)
    order = {m: (0, i) for i, m in enumerate(obs.legal_moves)}
    if obs.phase == "setup":
        # Every face-down card is unknown alike: each reveal is worth the same. Among
        # equals, a card beside a lone face-up one comes first, for the chance of a pair.
        found = [Choice(m, grid.value) for m in obs.legal_moves]
        order = {m: (0 if _lone_face_up(cells, m.place) else 1, i)
                 for i, m in enumerate(obs.legal_moves)}
    elif obs.drawn is not None:
        found = [_place(obs, table, grid, m, obs.drawn) for m in obs.legal_moves]
    else:
        found = [_draw_choice(obs, table, grid)]
        found += [_place(obs, table, grid, m, obs.discard_top)
                  for m in obs.legal_moves if m.kind == "take"]
    found, table = _for_the_game(obs, table, grid, found)
    # Values that differ only by rounding are equal, and ties keep the legal order: the
    # same observation always gives the same choice.
    found = [replace(c, value=round(c.value, 9)) for c in found]
    found.sort(key=lambda c: (c.value, order.get(c.move, (-1, -1))))
    return replace(table, choices=tuple(found))


def _for_the_game(obs: Observation, table: Table, grid: _Grid,
                  found: list[Choice]) -> tuple[list[Choice], Table]:
    """When ending the round now may end the game, an ending move is worth, if it does,
    the best move that goes on plus its chance to win the game against the chance when
    the round goes on (:data:`.standing.MATCH_POINTS` points for the whole game), less
    :data:`.standing.CERTAINTY` (a game won now is not left to an estimate); if it does
    not, its points."""
    ending = [c for c in found if c.ends]
    going = [c for c in found if not c.ends]
    totals = table.totals
    if totals is None or obs.phase != "play" or obs.ender is not None \
            or not ending or not going:
        return found, table
    mine = totals[obs.seat]
    others = [(totals[s], m, v) for s, m, v in table.others]
    best_ending = min(c.value for c in ending)
    if not decides(mine, best_ending, others):
        return found, table
    rules, k = obs.rules, table.knowledge
    best_going = min(c.value for c in going)
    on = going_on_chance(mine, best_going - table.own_gain, grid.hidden * k.variance, others)
    ends_game = game_end_chance(mine, best_ending, others)
    out = []
    for c in found:
        if c.ends:
            if c.score is not None:
                win = win_chance(mine, c.score, others, rules.doubled)
            else:  # the last face-down card is turned: each value it may be
                win = sum(p * win_chance(mine, grid.final_score(c.move.place, card), others,
                                         rules.doubled) for card, p in k.values())
            # If the game ends, only winning it counts, not this round's points.
            for_game = best_going + MATCH_POINTS * (on - win) - CERTAINTY
            value = ends_game * for_game + (1.0 - ends_game) * c.value
            c = replace(c, value=value, win=win)
        out.append(c)
    return out, replace(table, going_on=on)


def _lone_face_up(cells: Sequence[Cell], place: int) -> bool:
    """Whether the column of ``place`` shows exactly one face-up card."""
    return sum(isinstance(cells[p], int) for p in COLUMN_PLACES[column_of(place)]) == 1


def lowest_end_score(table: Table) -> int:
    """The lowest score any card could end the round with, put on the seat's one
    face-down card (columns counted)."""
    grid = _Grid(table.cells, table.knowledge)
    place = table.cells.index(HIDDEN)
    return min(grid.final_score(place, card) for card in VALUES)


def _others(obs: Observation, k: Knowledge
            ) -> tuple[list[tuple[int, float, float, float]], dict[int, Turn]]:
    """Each other seat: its expected final score after one more turn, the variance of
    its face-down cards, and what that turn gains it (nothing once it ended the round);
    and each such seat's turn values (:func:`turn_values`, the next seat's gifts)."""
    out, turns = [], {}
    for seat in range(obs.rules.players):
        if seat == obs.seat:
            continue
        grid = _Grid(cells_of(obs, seat), k)
        turns[seat] = turn_values(grid, k)
        gain = 0.0 if obs.ender == seat else one_turn_gain(grid, obs.discard_top, turns[seat])
        out.append((seat, grid.value - gain, grid.hidden * k.variance, gain))
    return out, turns


def _place(obs: Observation, table: Table, grid: _Grid, move: Move, card: Card) -> Choice:
    """A ``take``, ``swap`` or ``drop`` move with ``card`` (the card taken or drawn)."""
    place = move.place
    if move.kind == "drop":
        drop, given = _drop(obs, table, grid, move), table.given(card)
        return replace(drop, value=drop.value + given, given=given)
    ends = grid.hidden == 1 and grid.cells[place] is HIDDEN and obs.ender is None
    old = grid.cells[place]
    given = table.given(old if isinstance(old, int) else None)
    if not ends:
        later = table.later_change(place, card)
        return Choice(move, grid.with_card(place, card) + given + later, given=given,
                      later=later)
    score = grid.final_score(place, card)
    chance = lowest_chance(score, [(m, v) for _, m, v in table.others])
    value = ending_points(score, chance, obs.rules) + _ending_cost(table) + given
    return Choice(move, value, True, score, chance, given=given)


def _drop(obs: Observation, table: Table, grid: _Grid, move: Move) -> Choice:
    """Dropping the drawn card and turning a face-down card: the grid keeps its expected
    score, unless that card is the last one: then its unknown value ends the round.
    What the dropped card gives the next seat is the caller's to add."""
    if grid.hidden != 1 or obs.ender is not None:
        return Choice(move, grid.value)
    others = [(m, v) for _, m, v in table.others]
    value = chance = 0.0
    for card, p in table.knowledge.values():
        score = grid.final_score(move.place, card)
        low = lowest_chance(score, others)
        value += p * ending_points(score, low, obs.rules)
        chance += p * low
    return Choice(move, value + _ending_cost(table), True, None, chance)


def _ending_cost(table: Table) -> float:
    return table.own_gain - table.others_gain


def _draw_choice(obs: Observation, table: Table, grid: _Grid) -> Choice:
    """Drawing is worth the best use of each card the draw pile may give."""
    legal_places = [p for p in range(GRID) if grid.cells[p] != CLEARED]
    hidden = [p for p in legal_places if grid.cells[p] is HIDDEN]
    value = 0.0
    drops = [_drop(obs, table, grid, DROPS[p]) for p in hidden]
    best_drop = min((c.value for c in drops), default=float("inf"))
    for card, p in table.knowledge.values():
        best = best_drop + table.given(card)
        for place in legal_places:
            best = min(best, _place(obs, table, grid, SWAPS[place], card).value)
        value += p * best
    return Choice(DRAW, value)

