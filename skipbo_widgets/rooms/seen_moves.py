"""Another seat's move as the engine's own events, rebuilt from what this seat saw.

A room sends a page its seat's observation and the last move's text, never the
engine's events (they carry cards the seat may not see: the cards another Skip-Bo
player draws, the card another Skyjo player drew). To say another person's move in
the game's own log sentences (``GamePlay.new_log``), the page's kernel rebuilds the
move's events from its observation before and after the move: every card they name
is one the seat sees in one of the two. What it cannot see it leaves out: another
Skyjo player's drawn card before it is placed (the line comes when it is placed or
dropped), the cards another Skip-Bo player draws (their number is said).

>>> from skipbo_widgets.skyjo.engine import Round
>>> real = Round.new(seed=4)
>>> before = real.observe(1)
>>> events = real.push_text("reveal a1")
>>> seen = SEEN_MOVES["skyjo"](before, real.observe(1), 0, "reveal a1")
>>> seen == [e for e in events if type(e).__name__ == "Revealed"]
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..skipbo import engine as skipbo
from ..skipbo.engine import events as sb
from ..skipbo.engine.cards import TOP_VALUE
from ..skyjo import engine as skyjo
from ..skyjo.engine import events as sj
from ..skyjo.engine.game import score_round
from ..skyjo.engine.moves import column_of

#: The events of ``seat``'s move ``text``, from one seat's observations before and after.
SeenMoves = Callable[[Any, Any, int, str], list[Any]]


def skyjo_seen(before: skyjo.Observation, after: skyjo.Observation, seat: int,
               text: str) -> list[Any]:
    move = skyjo.Move.parse(text)
    was, now = before.seats[seat], after.seats[seat]
    gone = sorted(set(now.cleared) - set(was.cleared))
    # A column cleared by the move put its three cards on the discard pile, above the
    # card the move itself put there.
    below = after.discard[:-3] if gone else after.discard
    place = move.place

    def placed(card: int | None) -> int:
        shown = now.cards[place]
        if card is not None:
            return card
        return after.discard[-1] if shown is None else shown

    events: list[Any] = []
    if move.kind == "reveal":
        events.append(sj.Revealed(seat, place, placed(None), "setup"))
    elif move.kind in ("take", "swap"):
        card = before.discard[-1] if move.kind == "take" else placed(before.drawn)
        if move.kind == "take":
            events.append(sj.Took(seat, card))
        events.append(sj.Replaced(seat, place, card, below[-1], was.cards[place] is not None))
    elif move.kind == "drop":
        events += [sj.Dropped(seat, below[-1]), sj.Revealed(seat, place, placed(None), "drop")]
    if gone:
        events.append(sj.ColumnCleared(seat, column_of(gone[0]), after.discard[-1]))
    if before.phase == "setup" and after.phase != "setup":
        events.append(sj.FirstChosen(after.current, ()))
    if before.ender is None and after.ender is not None:
        events.append(sj.LastTurns(after.ender))
    if before.phase != "over" and after.phase == "over" and after.scores is not None:
        events.append(sj.RoundScored(after.scores, after.ender if after.ender is not None
                                     else seat, _doubled(after)))
    return events


def _doubled(after: skyjo.Observation) -> bool:
    """Whether the ender's score was doubled (``SJ-DOUBLE``), worked out as the engine does
    from the grids every seat sees face up once the round is over."""
    ender = after.ender
    if ender is None or after.scores is None:
        return False
    return score_round([list(s.cards) for s in after.seats], ender, after.rules).doubled


def skipbo_seen(before: skipbo.Observation, after: skipbo.Observation, seat: int,
                text: str) -> list[Any]:
    move = skipbo.Move.parse(text)
    owner = _partner(before, seat) if move.partner else seat
    piles = before.seats[owner]
    events: list[Any] = []
    card = move.index
    if move.source == "s":
        if piles.stock_top is None:
            raise ValueError("a play from an empty stock pile")
        card = piles.stock_top
    elif move.source == "d":
        card = piles.discards[move.index][-1]
    if move.is_play:
        value = len(before.building[move.pile]) + 1
        events.append(sb.Played(seat, move.source, owner, move.index if move.source == "d" else -1,
                                card, move.pile, value))
        if value == TOP_VALUE:
            events.append(sb.PileCompleted(move.pile))
        drawn = (after.seats[seat].hand_count - before.seats[seat].hand_count
                 + (move.source == "h"))
        if drawn > 0:  # the hand emptied: five new cards at once
            events.append(sb.Drew(seat, (skipbo.WILD,) * drawn, True))
    else:  # a discard, or the end of a turn with no card left to discard
        events.append(sb.Discarded(seat, card, move.pile) if move.is_discard
                      else sb.TurnEnded(seat, False))
        following = after.current
        drawn = _drawn(before, after, following)
        if after.outcome is None and following != seat and drawn:
            events.append(sb.Drew(following, (skipbo.WILD,) * drawn, False))
    if before.outcome is None and after.outcome is not None:
        winners = after.outcome.winners
        events.append(sb.GameWon(winners, after.outcome.points) if winners
                      else sb.GameDrawn(after.turn))
    return events


def _partner(obs: skipbo.Observation, seat: int) -> int:
    team = obs.seats[seat].team
    return next(v.seat for v in obs.seats if v.team == team and v.seat != seat)


def _drawn(before: skipbo.Observation, after: skipbo.Observation, seat: int) -> int:
    return max(0, after.seats[seat].hand_count - before.seats[seat].hand_count)


SEEN_MOVES: dict[str, SeenMoves] = {"skyjo": skyjo_seen, "skipbo": skipbo_seen}
