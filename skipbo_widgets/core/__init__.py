"""What every game shares: typed errors with reason codes and one hardened JSON parser.

Standard library only; the core never imports a game (a test checks the layers).
"""

from .errors import GameError, IllegalMove, NotationError, RulesError, SaveError, SaveReason
from .jsonfile import parse_json

__all__ = ["GameError", "IllegalMove", "NotationError", "RulesError", "SaveError", "SaveReason",
           "parse_json"]
