"""Reason codes of Skyjo hints and reviews: a code plus parameters, never a sentence.

The i18n layer renders ``(code, params)`` as the message ``explain.skyjo.<code>``
(``review.skyjo.<code>`` for :data:`REVIEW_CODES`). Values are card values
(ints); ``place`` is a grid place in notation (``"b2"``); ``column`` a column
letter; ``mean`` the worth of an unknown card in whole points, compared as shown;
``chance`` a whole percentage; ``seat`` an absolute
seat. Each docstring states the claim; tests check it against the engine.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

Reason = tuple["Explain", dict[str, Any]]


class Explain(str, Enum):
    """Every reason a Skyjo hint, ladder step or turn review can give."""

    # -- level 1: a nudge --------------------------------------------------------
    LOOK_SETUP = "look_setup"
    """(no params): the set-up: two cards to turn; two of one column give a chance of
    three equal cards there."""
    LOOK_DISCARD = "look_discard"
    """``value``: the best move takes the discard pile's top card ``value``."""
    LOOK_DRAW = "look_draw"
    """``value``: the best move draws; the discard pile shows ``value``."""
    LOOK_DRAWN = "look_drawn"
    """``value``: the seat holds the drawn card ``value``: where does it help most?"""
    # -- level 2: the move, its place lit up -----------------------------------
    ACTION = "action"
    """``move``, ``place``: the best move in notation and its place (``None`` for draw)."""
    PICK = "pick"
    """``move``, ``place``: a set-up reveal given as an example: every reveal is worth the
    same (:data:`SETUP_ANY`)."""
    # -- level 3: the reasons, with their numbers -------------------------------
    SETUP_ANY = "setup_any"
    """``mean``: every face-down card is unknown, each worth ``mean`` on average (whole
    points): for points, no card is better to turn than another."""
    SETUP_COLUMN = "setup_column"
    """``column``: the reveal is the second face-up card of ``column``: if the two are
    equal, one more of them clears the column."""
    TAKE_LOWER = "take_lower"
    """``value``, ``old``, ``place``, ``gain``: the discard pile's ``value`` replaces the
    face-up ``old`` at ``place``; the grid's face-up sum drops by ``gain`` = old - value > 0."""
    TAKE_HIDDEN = "take_hidden"
    """``value``, ``place``, ``mean``: the discard pile's ``value`` replaces the face-down
    card at ``place``; an unknown card is worth ``mean`` on average, more than ``value``."""
    SWAP_LOWER = "swap_lower"
    """As ``take_lower``, with the drawn card."""
    SWAP_HIDDEN = "swap_hidden"
    """As ``take_hidden``, with the drawn card."""
    DROP_HIGH = "drop_high"
    """``value``, ``place``, ``mean``: the drawn ``value`` is above ``mean`` (an unknown
    card's worth) and no face-up card of the seat is higher: it goes onto the discard
    pile and ``place`` is turned."""
    DROP_REVEAL = "drop_reveal"
    """``value``, ``place``: the drawn ``value`` goes onto the discard pile and ``place``
    is turned; this is worth more expected points than every place for it."""
    KEEP_HIDDEN = "keep_hidden"
    """``place``, ``value``, ``count`` (2 players only): without the turns left, putting the
    drawn ``value`` at the face-down ``place`` would be the best move; the best move drops it
    and keeps ``place`` face down: the seat has about ``count`` more turns this round (at
    least 1; :func:`.later.turns_left`, whole), in which a high card turned up at ``place``
    may still be replaced by a lower one, more than ``value`` would (:mod:`.later`)."""
    DRAW_INSTEAD = "draw_instead"
    """``value``, ``mean``: the discard pile's ``value`` is above ``mean``, the worth of an
    unknown card now: the best move draws."""
    DRAW_BETTER = "draw_better"
    """``value``, ``mean``: the discard pile's ``value`` is not above ``mean``, yet drawing
    is worth more: no place gains enough from it."""
    COLUMN_CLEAR = "column_clear"
    """``value``, ``column``: the move shows three ``value`` in ``column``: they leave."""
    COLUMN_CHANCE = "column_chance"
    """``value``, ``column``, ``chance``: after the move ``column`` shows two ``value`` over
    one face-down card, which is a ``value`` with ``chance`` percent (unseen cards)."""
    HOLD_BACK_ABOVE = "hold_back_above"
    """``mine``, ``seat``, ``theirs``: some legal move would turn the seat's last card;
    the best move does not: the seat's face-up sum ``mine`` is above ``theirs``, the
    face-up sum of ``seat`` (the lowest of the others), and ending without the lowest
    score doubles it; said only when every score ending could give is above 0 (a doubled
    score of 0 or less stays, or gets better)."""
    HOLD_BACK_RISK = "hold_back_risk"
    """``chance``: as ``hold_back_above``, but the face-up sum is not above the others';
    ending now would give the lowest score only with ``chance`` percent (below 50); also
    only when every score ending could give is above 0."""
    END_ROUND = "end_round"
    """``score``, ``chance``: the move turns the seat's last card and ends the round with
    ``score`` points, the lowest with ``chance`` percent (estimated)."""
    END_GAME = "end_game"
    """``seat``, ``count``, ``chance``: in a match, the move ends the round; ``seat``, the
    other seat with the highest total, has ``count`` points before this round; the round
    likely ends the game, and the seat wins it with ``chance`` percent (50 or more,
    estimated)."""
    HOLD_BACK_GAME = "hold_back_game"
    """``chance``, ``going_on``: in a match, some legal move would end the round and likely
    the game with it; the best move does not: ending would win the game only with
    ``chance`` percent (below 50), going on with ``going_on`` percent (more; estimated)."""
    SPARE_NEXT = "spare_next"
    """``value``, ``seat``, ``old``: the move that would leave the seat's own grid the
    fewest points would leave ``value`` on the discard pile; ``seat`` plays next and shows
    a face-up ``old`` above ``value`` (its highest). The best move leaves something else."""
    LAST_TURN = "last_turn"
    """``seat``, ``mean``: ``seat`` ended the round: this is the last turn, and every
    face-down card will count (``mean`` on average)."""
    FEWEST = "fewest"
    """(no params): no other move leaves the seat fewer points to expect (said when no
    other reason applies)."""
    # -- turn review -------------------------------------------------------------
    GOOD = "good"
    """(no params): the move is worth (nearly) as much as the best one."""
    LOST = "lost"
    """``points``, ``best``: the move costs the player ``points`` of their own expected
    points of the round (whole, rounded half up, at least 2) against ``best``."""
    BETTER = "better"
    """``best``: the move is graded below good, but its cost in the player's own points
    is not said: fewer than 2 (it helps the others, or the round's end, more than it
    costs the player), or of a kind play-outs found the estimate far off for
    (:func:`.review.measurable`): only the best move is named."""


REVIEW_CODES = frozenset({Explain.GOOD, Explain.LOST, Explain.BETTER})


def message_key(code: Explain) -> str:
    """The catalog key of ``code``."""
    return f"{'review' if code in REVIEW_CODES else 'explain'}.skyjo.{code.value}"
