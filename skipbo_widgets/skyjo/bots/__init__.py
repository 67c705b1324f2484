"""Skyjo bots, hints and turn reviews, built on the engine's public API.

Bots see only an :class:`~skipbo_widgets.skyjo.engine.Observation`. The strong
bot, the hints and the review share one table of choices valued in expected
points (:mod:`.options`); explanations are reason codes with parameters
(:class:`Explain`), rendered by the i18n layer as ``explain.skyjo.<code>``.
"""

from .explain import Explain, Reason
from .hints import Hint, hint
from .options import Choice, Table, choices
from .players import (
    LEVELS,
    BeginnerBot,
    Bot,
    Level,
    MediumBot,
    StrongBot,
    make_bot,
    play_match,
    play_round,
)
from .review import INACCURACY, MISTAKE, Review, review_move, review_turn

__all__ = [
    "INACCURACY", "LEVELS", "MISTAKE", "BeginnerBot", "Bot", "Choice", "Explain", "Hint", "Level",
    "MediumBot", "Reason", "Review", "StrongBot", "Table", "choices", "hint", "make_bot",
    "play_match", "play_round", "review_move", "review_turn",
]
