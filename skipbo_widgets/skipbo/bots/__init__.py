"""Bots, hints and turn reviews for Skip-Bo, built on the engine's public API.

Bots see only an :class:`~skipbo_widgets.skipbo.engine.Observation`. The strong bot
and the hints share one search (:mod:`.search`); explanations are reason codes
with parameters (:class:`Explain`), rendered by the i18n layer.

>>> from skipbo_widgets.skipbo.engine import Game, Rules, observe
>>> game = Game.new(Rules(players=2), seed=5)
>>> plan = make_bot("strong").choose_turn(observe(game, game.current))
>>> all(game.can_move(m) for m in plan[:1])
True
"""

from .determinize import determinize, unseen_counts
from .explain import Explain, Reason
from .hints import Hint, hint
from .players import (
    LEVELS,
    AdvancedBot,
    BeginnerBot,
    Bot,
    GameResult,
    Level,
    MediumBot,
    StrongBot,
    make_bot,
    play_game,
)
from .review import INACCURACY, MISTAKE, Review, grade_of, review_segment, review_turn
from .search import DEFAULT_WEIGHTS, Features, Plan, SearchResult, Weights, evaluate_line, search

__all__ = [
    "DEFAULT_WEIGHTS",
    "INACCURACY",
    "LEVELS",
    "MISTAKE",
    "AdvancedBot",
    "BeginnerBot",
    "Bot",
    "Explain",
    "Features",
    "GameResult",
    "Hint",
    "Level",
    "MediumBot",
    "Plan",
    "Reason",
    "Review",
    "SearchResult",
    "StrongBot",
    "Weights",
    "determinize",
    "evaluate_line",
    "grade_of",
    "hint",
    "make_bot",
    "play_game",
    "review_segment",
    "review_turn",
    "search",
    "unseen_counts",
]
