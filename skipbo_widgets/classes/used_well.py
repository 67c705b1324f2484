"""Which rules a learner's finished turn in a game used well: the class view's "mastered"
from play, beside the lessons' "done without a hint or a wrong try".

A turn counts only when the strong bot's turn review (the one the game screen shows,
:func:`skipbo_widgets.skipbo.bots.review_turn` and :func:`skipbo_widgets.skyjo.bots.review_turn`)
grades it ``good`` — nothing of value lost against the bot's best plan — and the pupil
asked no hint during it (the caller knows that). Of such a turn, a rule is used well when
the turn's own moves did what the rule is about:

============== ================================================================
Skip-Bo        ``SB-PLAY`` a card played onto a building pile; ``SB-WILD`` a SKIP-BO
               card played; ``SB-COMPLETE`` a pile completed (its 12th card);
               ``SB-EMPTY-HAND`` the last hand card played; ``SB-DISCARD`` the turn
               ended with a discard; ``SB-TIP-STOCK`` the stock card played;
               ``SB-TEAM-PLAY`` a partner's card played
Skyjo          ``SJ-TAKE-DISCARD`` the discard pile's card taken; ``SJ-TAKE-DRAW`` a
               card drawn; ``SJ-COLUMN`` a card placed that made three equal in a
               column (chosen, not a lucky turn); ``SJ-LAST-TURNS`` and ``SJ-DOUBLE``
               the round ended by the pupil's own last card (the bot's value of ending
               weighs the doubling)
============== ================================================================

The other rules (the deal, the score, the tips about the others' piles) are mastered in
the lessons only: no single move of a game shows them. A Skyjo set-up (two cards turned,
any two alike) shows nothing.

>>> from skipbo_widgets.skyjo.engine import Round
>>> r = Round.new(seed=2)
>>> rules_used_well("skyjo", [(r.observe(0), r.observe(0).legal_moves[0])])
()
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..skipbo import bots as skipbo_bots
from ..skipbo.bots.hints import source_card
from ..skipbo.engine import WILD
from ..skipbo.engine.cards import TOP_VALUE
from ..skyjo import bots as skyjo_bots
from ..skyjo.engine.moves import COLUMN_PLACES, column_of
from .records import RULES_BY_GAME

#: A finished turn: each of the learner's moves with the observation they had just before.
Steps = Sequence[tuple[Any, Any]]


def rules_used_well(game: str, steps: Steps,
                    totals: Sequence[int] | None = None) -> tuple[str, ...]:
    """The rule ids ``steps`` (a whole turn of ``game``) used well, in rule-book order;
    ``()`` for a turn the review does not grade ``good``. ``totals``: a Skyjo match's
    totals before the round (``None``: a single round)."""
    if not steps:
        return ()
    if game == "skipbo":
        if skipbo_bots.review_turn(steps).grade != "good":
            return ()
        used = _skipbo(steps)
    elif game == "skyjo":
        if steps[0][0].phase == "setup" or skyjo_bots.review_turn(steps, totals).grade != "good":
            return ()
        used = _skyjo(steps)
    else:
        return ()
    return tuple(rule for rule in RULES_BY_GAME[game] if rule in used)


def _skipbo(steps: Steps) -> set[str]:
    used: set[str] = set()
    for obs, move in steps:
        if move.is_discard:
            used.add("SB-DISCARD")
        if not move.is_play:
            continue
        used.add("SB-PLAY")
        if source_card(obs, move) == WILD:
            used.add("SB-WILD")
        if len(obs.building[move.pile]) == TOP_VALUE - 1:
            used.add("SB-COMPLETE")
        if move.partner:
            used.add("SB-TEAM-PLAY")
        elif move.source == "s":
            used.add("SB-TIP-STOCK")
        elif move.source == "h" and len(obs.hand) == 1:
            used.add("SB-EMPTY-HAND")
    return used


def _skyjo(steps: Steps) -> set[str]:
    used: set[str] = set()
    for obs, move in steps:
        if move.kind == "draw":
            used.add("SJ-TAKE-DRAW")
            continue
        card = obs.discard_top if move.kind == "take" else obs.drawn
        if move.kind == "take":
            used.add("SJ-TAKE-DISCARD")
        me = obs.me
        if move.kind != "drop" and _makes_column(me.cards, me.cleared, move.place, card):
            used.add("SJ-COLUMN")
        if obs.ender is None and me.hidden == (move.place,):
            used.update(("SJ-LAST-TURNS", "SJ-DOUBLE"))
    return used


def _makes_column(cards: Sequence[int | None], cleared: Sequence[int], place: int,
                  card: int) -> bool:
    """Placing ``card`` at ``place`` makes its column three equal face-up cards."""
    others = [p for p in COLUMN_PLACES[column_of(place)] if p != place]
    return all(p not in cleared and cards[p] == card for p in others)
