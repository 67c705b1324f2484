"""Typed errors that carry a reason code and parameters, never a sentence.

Every game raises these with its own reason codes (a ``str`` enum); the i18n
layer turns ``(reason, params)`` into a message in the learner's language, so
no engine ever speaks English to anyone.

>>> from enum import Enum
>>> class Why(str, Enum):
...     TOO_LATE = "too_late"
>>> err = IllegalMove(Why.TOO_LATE, turn=3)
>>> str(err), err.reason.value, err.params["turn"]
('too_late(turn=3)', 'too_late', 3)
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any


class GameError(Exception):
    """Base class: a reason code (a member of a ``str`` enum) plus named parameters."""

    def __init__(self, reason: Enum, **params: Any) -> None:
        self.reason = reason
        self.params: Mapping[str, Any] = params
        super().__init__(reason, params)

    def __str__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in sorted(self.params.items()))
        return f"{self.reason.value}({args})"


class IllegalMove(GameError):
    """A move that the rules do not allow in this position."""


class NotationError(GameError, ValueError):
    """Text that is not a move or a card in a game's notation."""


class RulesError(GameError, ValueError):
    """A game configuration that cannot be played."""


class SaveError(GameError, ValueError):
    """A file or stored text that cannot be loaded."""


class SaveReason(str, Enum):
    """Why a file was refused before a game read its body (:mod:`.jsonfile`, :mod:`.savefile`)."""

    NOT_JSON = "save_not_json"
    BAD_TEXT = "save_bad_text"  # not UTF-8, or an unpaired surrogate
    TOO_LARGE = "save_too_large"
    BAD_FORMAT = "save_bad_format"
    BAD_VERSION = "save_bad_version"
    BAD_FIELD = "save_bad_field"
    INCONSISTENT = "save_inconsistent"


class MatchReason(str, Enum):
    """Why a match refused something (see :mod:`.match`)."""

    BAD_TARGET_SCORE = "bad_target_score"
    MATCH_OVER = "match_over"
    GAME_NOT_OVER = "game_not_over"
