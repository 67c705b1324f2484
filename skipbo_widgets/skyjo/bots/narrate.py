"""A Skyjo bot's move told to a class, in the reason codes of the hints; and a guess at
a move, graded like a turn review.

Pure: only observations and moves go in, reason codes come out; the widgets word
them (``explain.skyjo.<code>``, ``review.skyjo.<code>``, the hints' own texts).
The strong bot plays the hint's move, so its move is told with the hint's
reasons; so is any move worth as much as the hint's (every reveal of the set-up,
where all face-down cards are alike). A weaker bot's move worth less is told with
its review (the points it gives away) beside the hint's move and reasons.

>>> from skipbo_widgets.skyjo.bots import make_bot
>>> from skipbo_widgets.skyjo.engine import Round
>>> obs = Round.new(seed=5).observe(0)
>>> told = narrate(obs, make_bot("strong").choose_move(obs), "strong")
>>> told.follows_hint, [code.value for code, _ in told.reasons]
(True, ['pick', 'setup_any'])
>>> grade_guess(obs, told.move).grade
'good'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import Move, Observation
from .explain import Explain, Reason
from .hints import Hint, hint_for
from .options import choices
from .review import Review, review_move


@dataclass(frozen=True)
class Narration:
    """One bot move told with its reasons.

    ``follows_hint``: the move is worth as much as the hint's (always so for the strong
    bot); then ``reasons`` are the move and why, as a hint for that move would say
    them. Otherwise
    ``reasons`` are the move's review (``lost``: the points it gives away against
    the hint's move) and ``hint_reasons`` the hint's ladder for ``hint_move``.
    """

    seat: int
    move: Move
    level: str
    follows_hint: bool
    reasons: tuple[Reason, ...]
    hint_move: Move
    hint_reasons: tuple[Reason, ...]


def narrate(obs: Observation, move: Move, level: str,
            totals: Sequence[int] | None = None) -> Narration:
    """Why the bot of ``level`` in ``obs.seat`` (to move) plays ``move``, in a match whose
    seats had ``totals`` before this round (``None``: a single round), as the bot had them."""
    table = choices(obs, totals)
    found = hint_for(obs, table, table.best)
    told = _told(found)
    mine = table.of(move)
    if round(mine.value, 9) == round(table.best.value, 9):  # as good as the hint's move
        alike = found if mine.move == found.move else hint_for(obs, table, mine)
        return Narration(obs.seat, move, level, True, _told(alike), found.move, told)
    review = review_move(obs, move, totals, table=table)
    # Only the loss: the review's other reasons explain the hint's move, said below it.
    own = tuple(r for r in review.reasons if r[0] in (Explain.LOST, Explain.BETTER)) \
        or review.reasons
    return Narration(obs.seat, move, level, False, own, found.move, told)


def _told(found: Hint) -> tuple[Reason, ...]:
    """A move told: the move, then why."""
    return (found.action, *found.reasons)


def grade_guess(obs: Observation, guess: Move,
                totals: Sequence[int] | None = None) -> Review:
    """The guess ``guess`` (a legal move from ``obs``) graded like a turn review: the
    expected points it gives away against the best move, and why (``good``, ``lost``
    and the best move's reasons); ``totals`` as for :func:`narrate`."""
    return review_move(obs, guess, totals)
