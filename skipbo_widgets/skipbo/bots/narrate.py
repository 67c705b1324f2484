"""A bot's move told to a class: its plan and why, in the reason codes of the hints;
and a guess at a move, graded like a turn review.

Pure: only observations and moves go in, reason codes come out; the widgets
word them (``explain.<code>`` and ``plan.<source>``, the hints' own texts).

>>> from skipbo_widgets.skipbo.bots import make_bot
>>> from skipbo_widgets.skipbo.engine import Game, Rules, observe
>>> game = Game.new(Rules(players=2), seed=5)
>>> obs = observe(game, game.current)
>>> told = narrate(obs, make_bot("strong").choose_move(obs), "strong")
>>> told.follows_hint, told.reasons[0][0] is Explain.PLAN
(True, True)
>>> grade_guess(obs, told.move).grade
'good'
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine import WILD, Move, Observation
from .determinize import determinize
from .explain import Explain, Reason
from .hints import _discard_reasons, hint, source_card
from .review import Review, review_segment
from .search import search


@dataclass(frozen=True)
class Narration:
    """One bot move told with its reasons.

    ``follows_hint``: the move is the first of the plan a hint shows in this position
    (always so for the strong bot, whose search the hints share); then ``reasons``
    are the hint's whole plan and its reasons. Otherwise ``reasons`` are what this
    one move does (each a claim true in the position) and ``hint_plan`` is the plan
    the hint would have shown instead.
    """

    seat: int
    move: Move
    level: str
    follows_hint: bool
    reasons: tuple[Reason, ...]
    hint_plan: tuple[Move, ...]


def narrate(obs: Observation, move: Move, level: str) -> Narration:
    """Why the bot of ``level`` in ``obs.seat`` (to move) plays ``move``."""
    found = hint(obs)
    if found.plan and found.plan[0] == move:
        return Narration(obs.seat, move, level, True, tuple(found.ladder(3)), found.plan)
    return Narration(obs.seat, move, level, False, tuple(move_reasons(obs, move)), found.plan)


def move_reasons(obs: Observation, move: Move) -> list[Reason]:
    """What one move does, as hint reasons whose claims hold for the one-move plan."""
    playable = any(m.is_play for m in obs.legal_moves)
    if move.is_end:
        return [] if playable else [(Explain.NO_PLAY_END, {})]
    if move.is_discard:
        needs = [obs.needs(p) for p in range(len(obs.building))]
        piles = [list(p) for p in obs.me.discards]
        before: list[Reason] = [] if playable else [(Explain.NO_PLAY, {})]
        return before + _discard_reasons(obs, move, needs, piles, False)
    card = source_card(obs, move)
    out: list[Reason] = []
    if move.source == "s" and not move.partner:
        out.append((Explain.PLAY_STOCK, {"card": card, "pile": move.pile}))
    elif move.source == "s" and obs.partner is not None:
        out.append((Explain.PARTNER_STOCK, {"seat": obs.partner, "card": card}))
    elif move.source == "d" and not move.partner:
        out.append((Explain.PLAY_DISCARDS, {"count": 1}))
    if card == WILD and move.source != "s":  # a stock pile's SKIP-BO card is not spent
        out.append((Explain.SPEND_WILD, {"count": 1}))
    return out


def grade_guess(obs: Observation, guess: Move) -> Review:
    """The guess ``guess`` (a legal first move from ``obs``) graded like a turn review:
    the turn that starts with it and goes on as well as possible, against the best
    turn. The reasons are the review's (``good_turn``, ``missed_stock``, …)."""
    line = [guess]
    if guess.is_play:
        game = determinize(obs, random.Random(0))
        game.push(guess, by=obs.seat)
        # After a card was revealed the review stops at the guess: what follows is not used.
        if game.outcome is None and game.current == obs.seat:
            line.extend(search(game.observe(obs.seat)).best.moves)
    review, _used = review_segment(obs, line)
    return review
