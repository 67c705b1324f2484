"""Skyjo's lessons: their goals, and a step's position as a Skyjo round.

A step's position is the body of a Skyjo round file (docs/notation.md: the
``phase``, ``discard`` and ``seats`` with their grids, maybe ``rules``,
``current``, ``turn``, ``ender``, ``drawn`` …) and, if the step needs them,
``"draw_top"``: the cards on top of the draw pile, the next one drawn first;
the rest of the cards lie below them, shuffled from ``seed``.

>>> r = SKYJO_LESSONS.new_game({"phase": "play", "discard": "4", "draw_top": "-2 12",
...     "seats": [{"grid": ["1 (2) (3) (4)", "5 (6) (7) (8)", "(9) (10) (11) (12)"]},
...               {"grid": ["0 (0) (0) (0)", "1 (1) (1) (1)", "(2) (2) (2) (2)"]}]})
>>> r.draw_pile[-2:], r.current
([12, -2], 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.savefile import bad_field
from ..skyjo import LESSON_DIR
from ..skyjo.bots.players import make_bot
from ..skyjo.engine import Move, Round, parse_card
from ..skyjo.engine.cards import VALUES
from ..skyjo.engine.events import ColumnCleared, Drew, Dropped, Replaced, Revealed, Took
from ..skyjo.engine.save import ROUND_FORMAT, round_from_dict, round_to_dict
from .goals import LEARNER, Check, GoalTable, new_events
from .lesson_game import LessonGame

DRAW_TOP = "draw_top"


def _turned_up(start: Round, game: Round, p: dict[str, Any]) -> bool:
    """The learner turned ``count`` (1) cards over: in the set-up or after a drop."""
    turned = [e for e in new_events(start, game)
              if isinstance(e, Revealed) and e.seat == LEARNER and e.why != "end"]
    return len(turned) >= int(p.get("count", 1))


def _replaced(start: Round, game: Round, p: dict[str, Any]) -> bool:
    """A card of the learner's grid was replaced: ``source`` "discard" (take) or "draw"
    (swap), ``was`` "down" or "up", ``old``: the card that left."""
    events = new_events(start, game)
    for i, e in enumerate(events):
        if not (isinstance(e, Replaced) and e.seat == LEARNER):
            continue
        source = "discard" if i and isinstance(events[i - 1], Took) else "draw"
        was = "up" if e.was_face_up else "down"
        if (p.get("source", source), p.get("was", was), p.get("old", e.old)) == (
                source, was, e.old):
            return True
    return False


def _happened(kind: type[Drew | Dropped | ColumnCleared]) -> Check:
    """A goal reached once the learner caused an event of ``kind``."""
    def check(start: Round, game: Round, _p: dict[str, Any]) -> bool:
        return any(isinstance(e, kind) and e.seat == LEARNER for e in new_events(start, game))
    return check


def _turn_ended(_start: Round, game: Round, _p: dict[str, Any]) -> bool:
    return game.current != LEARNER or game.is_over


def _ended_round(start: Round, game: Round, _p: dict[str, Any]) -> bool:
    """The learner showed every card first: the others have one more turn (SJ-LAST-TURNS)."""
    return start.ender is None and game.ender == LEARNER


def _round_over(_start: Round, game: Round, _p: dict[str, Any]) -> bool:
    return game.is_over


GOALS: GoalTable = {
    "turned_up": (_turned_up, {"count": range(1, 13)}, frozenset()),
    "replaced": (_replaced, {"source": ("discard", "draw"), "was": ("down", "up"),
                             "old": VALUES}, frozenset()),
    "drew": (_happened(Drew), {}, frozenset()),
    "dropped": (_happened(Dropped), {}, frozenset()),
    "column_cleared": (_happened(ColumnCleared), {}, frozenset()),
    "turn_ended": (_turn_ended, {}, frozenset()),
    "ended_round": (_ended_round, {}, frozenset()),
    "round_over": (_round_over, {}, frozenset()),
}


def _new_game(position: Mapping[str, Any]) -> Round:
    body = {k: v for k, v in position.items() if k != DRAW_TOP}
    r = round_from_dict({"format": ROUND_FORMAT, "version": 1, **body})
    if DRAW_TOP not in position:
        return r
    top = position[DRAW_TOP]
    if "draw_pile" in body or not isinstance(top, str):
        raise bad_field(DRAW_TOP, "type")  # the top of a pile dealt from "rest" only
    try:
        cards = [parse_card(text) for text in top.split()]
        pile = r.draw_pile[:]
        for card in cards:
            pile.remove(card)
    except ValueError:  # not a card, or no such card left for the draw pile
        raise bad_field(DRAW_TOP, "value") from None
    pile += reversed(cards)
    return round_from_dict({"format": ROUND_FORMAT, "version": 1, **body,
                            "draw_pile": " ".join(map(str, pile))})


#: Mia, who plays a whole short round against the learner (docs/lessons.md).
MIA = make_bot("medium")


def _mia(game: Round) -> Move:
    """Mia's move for the seat to move, from that seat's own view of the table."""
    return MIA.choose_move(game.observe(game.current))


def _position_of(game: Round) -> dict[str, Any]:
    d = round_to_dict(game)
    del d["format"], d["version"]
    return d


SKYJO_LESSONS = LessonGame(
    id="skyjo", lessons=LESSON_DIR, key_prefix="skyjo.lesson", rule_prefix="SJ-",
    goals=GOALS, parse=Move.parse, new_game=_new_game, position_of=_position_of,
    wrong_key=lambda _move: None, show_key=lambda move: f"skyjo.lesson.show.{move.kind}",
    finished_key="skyjo.lesson.finished", bot=_mia,
    # Issue 21: Skyjo's lessons, learned on the table, take at most 12 minutes in all.
    max_minutes=12.0, ideas={
        "take": ("SJ-TAKE-DISCARD",), "draw": ("SJ-TAKE-DRAW",), "column": ("SJ-COLUMN",),
        "last turns": ("SJ-LAST-TURNS",), "scoring": ("SJ-ROUND-SCORE", "SJ-DOUBLE"),
        "who starts": ("SJ-FIRST",)})
