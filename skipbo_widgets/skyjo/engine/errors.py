"""Skyjo's reason codes; the error classes are the core's (:mod:`skipbo_widgets.core.errors`).

Codes whose message fits both games (``not_your_turn``, ``save_bad_field`` …)
share the value, and so the message, with Skip-Bo's; the others start with
``skyjo_`` or name something only Skyjo has.

>>> err = IllegalMove(Reason.FACE_UP, place="b2")
>>> err.reason.value, err.params["place"]
('skyjo_face_up', 'b2')
"""

from __future__ import annotations

from enum import Enum

from ...core import errors as core
from ...core.errors import GameError, IllegalMove, NotationError, RulesError, SaveError


class Reason(str, Enum):
    """Every reason the Skyjo engine can give for refusing something."""

    # moves
    NOT_YOUR_TURN = "not_your_turn"
    ROUND_OVER = "skyjo_round_over"
    NOTHING_TO_UNDO = "nothing_to_undo"
    SETUP_REVEAL = "skyjo_setup_reveal"      # before play, only turning cards up
    SETUP_OVER = "skyjo_setup_over"          # turning a card up outside the setup
    FACE_UP = "skyjo_face_up"                # that card is already face up
    PLACE_EMPTY = "skyjo_place_empty"        # its column was cleared
    HOLDING_CARD = "skyjo_holding_card"      # a drawn card waits to be placed
    NOTHING_DRAWN = "skyjo_nothing_drawn"    # swap or drop without a drawn card
    # notation
    BAD_NOTATION = "skyjo_bad_notation"
    BAD_CARD = "skyjo_bad_card"
    # rules configuration
    BAD_PLAYER_COUNT = "skyjo_bad_player_count"
    BAD_DOUBLING = "skyjo_bad_doubling"
    BAD_SEAT = "bad_seat"
    BAD_SEED = "bad_seed"                    # shared with Skip-Bo: the same limits
    BAD_TARGET_SCORE = core.MatchReason.BAD_TARGET_SCORE.value
    # match
    MATCH_OVER = core.MatchReason.MATCH_OVER.value
    GAME_NOT_OVER = core.MatchReason.GAME_NOT_OVER.value
    # save files
    SAVE_NOT_JSON = core.SaveReason.NOT_JSON.value
    SAVE_TOO_LARGE = core.SaveReason.TOO_LARGE.value
    SAVE_BAD_FORMAT = "skyjo_save_bad_format"
    SAVE_BAD_VERSION = core.SaveReason.BAD_VERSION.value
    SAVE_BAD_FIELD = core.SaveReason.BAD_FIELD.value
    SAVE_CARDS_MISMATCH = "skyjo_save_cards_mismatch"
    SAVE_INCONSISTENT = core.SaveReason.INCONSISTENT.value


__all__ = ["GameError", "IllegalMove", "NotationError", "Reason", "RulesError", "SaveError"]
