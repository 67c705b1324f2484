"""Skip-Bo's lessons: their goals, and a step's position as a Skip-Bo save file's game.

>>> from skipbo_widgets.skipbo.engine import Game, Rules
>>> start = Game.new(Rules(players=2, stock_size=5), seed=1, dealer=1)
>>> GOALS["turn_ended"][0](start, start, {})
False
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..skipbo import LESSON_DIR
from ..skipbo.engine import Game, Move
from ..skipbo.engine.events import Drew, PileCompleted, Played, Recycled
from ..skipbo.engine.save import GAME_FORMAT, game_from_dict, game_to_dict
from .goals import LEARNER, GoalTable, new_events
from .lesson_game import LessonGame


def _stock_played(start: Game, game: Game, p: dict[str, Any]) -> bool:
    seat = LEARNER if p.get("whose", "me") == "me" else start.partner(LEARNER)
    if seat is None:
        return False
    return len(start.stocks[seat]) - len(game.stocks[seat]) >= int(p.get("count", 1))


def _pile_needs(_start: Game, game: Game, p: dict[str, Any]) -> bool:
    pile = int(p["pile"]) - 1
    return 0 <= pile < len(game.building) and game.needs(pile) == int(p["value"])


def _pile_started(start: Game, game: Game, _p: dict[str, Any]) -> bool:
    return sum(map(bool, game.building)) > sum(map(bool, start.building))


def _card_played(start: Game, game: Game, p: dict[str, Any]) -> bool:
    """The learner played a card (``card``: which, 0 = wild; ``source``: "s", "h" or "d")."""
    return any(isinstance(e, Played) and e.seat == LEARNER
               and e.card == p.get("card", e.card) and e.source == p.get("source", e.source)
               for e in new_events(start, game))


def _pile_completed(start: Game, game: Game, _p: dict[str, Any]) -> bool:
    return any(isinstance(e, PileCompleted) for e in new_events(start, game))


def _drew_empty_hand(start: Game, game: Game, _p: dict[str, Any]) -> bool:
    return any(isinstance(e, Drew) and e.empty_hand for e in new_events(start, game))


def _recycled(start: Game, game: Game, _p: dict[str, Any]) -> bool:
    return any(isinstance(e, Recycled) for e in new_events(start, game))


def _turn_ended(start: Game, game: Game, _p: dict[str, Any]) -> bool:
    return game.turn > start.turn or game.is_over


def _won(_start: Game, game: Game, _p: dict[str, Any]) -> bool:
    return game.outcome is not None and LEARNER in game.outcome.winners


_CARD = range(13)  # 0 (wild) to 12

GOALS: GoalTable = {
    "stock_played": (_stock_played, {"count": range(1, 31), "whose": ("me", "partner")},
                     frozenset()),
    "pile_needs": (_pile_needs, {"pile": range(1, 5), "value": range(1, 13)},
                   frozenset({"pile", "value"})),
    "pile_started": (_pile_started, {}, frozenset()),
    "card_played": (_card_played, {"card": _CARD, "source": ("s", "h", "d")}, frozenset()),
    "pile_completed": (_pile_completed, {}, frozenset()),
    "drew_empty_hand": (_drew_empty_hand, {}, frozenset()),
    "recycled": (_recycled, {}, frozenset()),
    "turn_ended": (_turn_ended, {}, frozenset()),
    "won": (_won, {}, frozenset()),
}


def _new_game(position: Mapping[str, Any]) -> Game:
    return game_from_dict({"format": GAME_FORMAT, "version": 1, **position})


def _position_of(game: Game) -> dict[str, Any]:
    d = game_to_dict(game)
    del d["format"], d["version"]
    return d


def _wrong_key(move: Move) -> str | None:
    return "tutorial.wrong_discard" if move.is_discard else None


SKIPBO_LESSONS = LessonGame(
    id="skipbo", lessons=LESSON_DIR, key_prefix="tut", rule_prefix="SB-", goals=GOALS,
    parse=Move.parse, new_game=_new_game, position_of=_position_of, wrong_key=_wrong_key,
    show_key=lambda _move: None, finished_key="tutorial.finished",
    refused_pick_key="tutorial.wrong_pick", ideas={
        "building": ("SB-PLAY",), "wild": ("SB-WILD",), "discard": ("SB-DISCARD",),
        "complete": ("SB-COMPLETE",), "empty hand": ("SB-EMPTY-HAND",), "win": ("SB-WIN",)})
