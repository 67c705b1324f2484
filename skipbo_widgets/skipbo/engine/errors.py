"""Typed errors that carry a reason code and parameters, never a sentence.

The i18n layer turns ``(reason, params)`` into a message in the learner's
language; the engine itself never speaks English to anyone.

>>> err = IllegalMove(Reason.WRONG_VALUE, card=7, needs=3, pile=1)
>>> err.reason.value, err.params["needs"]
('wrong_value', 3)
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any


class Reason(str, Enum):
    """Every reason the engine can give for refusing something."""

    # moves
    NOT_YOUR_TURN = "not_your_turn"
    GAME_OVER = "game_over"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    STOCK_EMPTY = "stock_empty"
    DISCARD_PILE_EMPTY = "discard_pile_empty"
    WRONG_VALUE = "wrong_value"
    BUILDING_PILE_LIMIT = "building_pile_limit"
    DISCARD_PILE_LIMIT = "discard_pile_limit"
    DISCARD_FROM_STOCK = "discard_from_stock"
    DISCARD_BETWEEN_PILES = "discard_between_piles"
    PARTNER_HAND = "partner_hand"
    NO_PARTNER = "no_partner"
    HAND_NOT_EMPTY = "hand_not_empty"
    NOTHING_TO_UNDO = "nothing_to_undo"
    # notation
    BAD_NOTATION = "bad_notation"
    BAD_CARD = "bad_card"
    # rules configuration
    BAD_PLAYER_COUNT = "bad_player_count"
    BAD_STOCK_SIZE = "bad_stock_size"
    DECK_TOO_SMALL = "deck_too_small"
    TEAMS_NEED_EVEN_PLAYERS = "teams_need_even_players"
    BAD_SEATING = "bad_seating"
    BAD_FACES = "bad_faces"
    BAD_SEAT = "bad_seat"
    BAD_TARGET_SCORE = "bad_target_score"
    # match
    MATCH_OVER = "match_over"
    GAME_NOT_OVER = "game_not_over"
    # save files
    SAVE_NOT_JSON = "save_not_json"
    SAVE_TOO_LARGE = "save_too_large"
    SAVE_BAD_FORMAT = "save_bad_format"
    SAVE_BAD_VERSION = "save_bad_version"
    SAVE_BAD_FIELD = "save_bad_field"
    SAVE_CARDS_MISMATCH = "save_cards_mismatch"
    SAVE_BAD_BUILDING_PILE = "save_bad_building_pile"
    SAVE_BAD_SIZE = "save_bad_size"
    SAVE_INCONSISTENT = "save_inconsistent"


class SkipBoError(Exception):
    """Base class: a reason code plus named parameters."""

    def __init__(self, reason: Reason, **params: Any) -> None:
        self.reason = reason
        self.params: Mapping[str, Any] = params
        super().__init__(reason, params)

    def __str__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in sorted(self.params.items()))
        return f"{self.reason.value}({args})"


class IllegalMove(SkipBoError):
    """A move that the rules do not allow in this position."""


class NotationError(SkipBoError, ValueError):
    """Text that is not a move or a card in the project's notation."""


class RulesError(SkipBoError, ValueError):
    """A game configuration that cannot be played."""


class SaveError(SkipBoError, ValueError):
    """A save file that cannot be loaded."""
