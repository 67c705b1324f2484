"""The Skip-Bo rules engine: pure standard-library Python, no widgets.

>>> from skipbo_widgets.skipbo.engine import Game, Rules
>>> game = Game.new(Rules(players=3), seed=7)
>>> len(game.legal_moves()) > 0
True
"""

from .cards import WILD, Card, Faces, card_text, face_text, parse_card
from .errors import GameError, IllegalMove, NotationError, Reason, RulesError, SaveError
from .events import Event, event_dict
from .game import Game, observe
from .match import Match
from .moves import END_MOVE, Move
from .observation import Observation, SeatView
from .outcome import Outcome
from .position import from_position
from .rules import Rules
from .save import dumps_game, dumps_match, loads_game, loads_match

__all__ = [
    "END_MOVE",
    "WILD",
    "Card",
    "Event",
    "Faces",
    "Game",
    "GameError",
    "IllegalMove",
    "Match",
    "Move",
    "NotationError",
    "Observation",
    "Outcome",
    "Reason",
    "Rules",
    "RulesError",
    "SaveError",
    "SeatView",
    "card_text",
    "dumps_game",
    "dumps_match",
    "event_dict",
    "face_text",
    "from_position",
    "loads_game",
    "loads_match",
    "observe",
    "parse_card",
]
