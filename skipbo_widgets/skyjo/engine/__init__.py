"""The Skyjo rules engine (RULES.md section 2): pure standard-library Python, no widgets.

>>> from skipbo_widgets.skyjo.engine import Round, Rules
>>> r = Round.new(Rules(players=3), seed=7)
>>> r.phase, len(r.legal_moves())
('setup', 12)
"""

from .cards import DECK_COUNTS, Card, card_text, parse_card
from .errors import GameError, IllegalMove, NotationError, Reason, RulesError, SaveError
from .events import Event, event_dict
from .game import Outcome, Round
from .match import Match
from .moves import DRAW, Move, place_text
from .observation import Observation, SeatView, visible_event
from .position import from_position
from .rules import Rules
from .save import dumps_match, dumps_round, loads_match, loads_round

__all__ = [
    "DECK_COUNTS", "DRAW", "Card", "Event", "GameError", "IllegalMove", "Match", "Move",
    "NotationError", "Observation", "Outcome", "Reason", "Round", "Rules", "RulesError",
    "SaveError", "SeatView", "card_text", "dumps_match", "dumps_round", "event_dict",
    "from_position", "loads_match", "loads_round", "parse_card", "place_text", "visible_event",
]
