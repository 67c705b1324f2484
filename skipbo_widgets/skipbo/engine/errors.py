"""Skip-Bo's reason codes; the error classes are the core's (:mod:`skipbo_widgets.core.errors`).

The i18n layer turns ``(reason, params)`` into a message in the learner's
language; the engine itself never speaks English to anyone.

>>> err = IllegalMove(Reason.WRONG_VALUE, card=7, needs=3, pile=1)
>>> err.reason.value, err.params["needs"]
('wrong_value', 3)
"""

from __future__ import annotations

from enum import Enum

from ...core.errors import (
    GameError,
    IllegalMove,
    MatchReason,
    NotationError,
    RulesError,
    SaveError,
    SaveReason,
)


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
    BAD_TARGET_SCORE = MatchReason.BAD_TARGET_SCORE.value  # the core's codes, by value
    BAD_SEED = "bad_seed"
    # match
    MATCH_OVER = MatchReason.MATCH_OVER.value
    GAME_NOT_OVER = MatchReason.GAME_NOT_OVER.value
    # save files
    SAVE_NOT_JSON = SaveReason.NOT_JSON.value  # the shared parser's codes, by value
    SAVE_BAD_TEXT = SaveReason.BAD_TEXT.value
    SAVE_TOO_LARGE = SaveReason.TOO_LARGE.value
    SAVE_BAD_FORMAT = SaveReason.BAD_FORMAT.value
    SAVE_BAD_VERSION = SaveReason.BAD_VERSION.value
    SAVE_BAD_FIELD = SaveReason.BAD_FIELD.value
    SAVE_CARDS_MISMATCH = "save_cards_mismatch"
    SAVE_BAD_BUILDING_PILE = "save_bad_building_pile"
    SAVE_BAD_SIZE = "save_bad_size"
    SAVE_BAD_COMPLETED_PILE = "save_bad_completed_pile"
    SAVE_INCONSISTENT = "save_inconsistent"


__all__ = ["GameError", "IllegalMove", "NotationError", "Reason", "RulesError", "SaveError"]
