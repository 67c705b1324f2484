"""Skyjo as the table controller sees it (:class:`~..table.table_game.TableGame`).

The page names a move by a source and a place (``take`` + ``b2``, see
:data:`.view.SOURCES`); clicks that are not moves are answered here: an
opponent's card says whose it is, a pile the learner may not take from now says
why (the engine's own reason), the discard pile with the drawn card in hand asks
for the face-down card to turn.

>>> from skipbo_widgets.skyjo.engine import Move
>>> SKYJO_TABLE.parse("take-b2") == SKYJO_TABLE.parse("take b2") == Move("take", 4)
True
>>> SKYJO_TABLE.lit(Move.parse("drop c1")), SKYJO_TABLE.lit(Move.parse("reveal a2"))
(('drop', 'c1'), ('a2',))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...skyjo.engine import GameError, Move, Observation, Round, place_text
from ...skyjo.engine.events import Drew, Event, Replaced, Revealed
from ...skyjo.engine.moves import Kind
from ...skyjo.engine.rules import GRID
from ..table.table_game import (
    BAD_REQUEST,
    IDLE,
    PICKED_UP,
    Bounce,
    PickedUp,
    Probe,
    Reply,
    Say,
    TableGame,
)
from .places import explain_refusal
from .table import SkyjoTable
from .view import MOVES_BY_NAME, PAGE_ORDER, SOURCES, SkyjoView, skyjo_view

#: A source picked up is checked with the engine as its move (a source's name is its
#: move's kind) at one of the learner's places, so that a refusal gives the engine's reason.
_PROBE: dict[str, Kind] = {kind: kind for kind in SOURCES.values() if kind != "reveal"}


class SkyjoTableGame:
    """The Skyjo table: :class:`~.table.SkyjoTable` and :func:`~.view.skyjo_view`."""

    id = "skyjo"

    @property
    def private(self) -> dict[str, Any]:
        return {"drawn": None, "drawn_label": ""}

    def plays(self, game: object) -> bool:
        return isinstance(game, Round)

    def new_table(self) -> SkyjoTable:
        return SkyjoTable()

    def observe(self, game: Round, seat: int) -> Observation:
        return game.observe(seat)

    def parse(self, text: str) -> Move:
        """A move in notation (``take b2``), or by the page's names (``take-b2``)."""
        return MOVES_BY_NAME.get(text) or Move.parse(text)

    def view(self, obs: Observation, **kwargs: Any) -> SkyjoView:
        return skyjo_view(obs, **kwargs)

    def explain(self, err: GameError, move: Move | None, obs: Observation, *, lang: str,
                names: Sequence[str]) -> str:
        return explain_refusal(err, lang, names=names)

    def answer(self, obs: Observation, request: Mapping[str, str], *, interactive: bool,
               keeps_message: bool) -> Reply:
        """A look at an opponent's card, a pile picked up (``select``), or one of the
        learner's cards clicked with nothing picked up (``target``).

        >>> from skipbo_widgets.skyjo.engine import Round
        >>> obs = Round.new(seed=1).observe(0)
        >>> SKYJO_TABLE.answer(obs, {"type": "look", "pile": "grid-1-3"}, interactive=True,
        ...                    keeps_message=False)
        Say(key='skyjo.table.not_your_grid', kind='info', params={'player': 1})
        >>> SKYJO_TABLE.answer(obs, {"type": "select", "source": "take"}, interactive=True,
        ...                    keeps_message=False).move
        Move(kind='take', place=0)
        """
        kind = request.get("type")
        if kind == "look":
            owner = opponent_of(obs, request.get("pile"))
            return BAD_REQUEST if owner is None else Say("skyjo.table.not_your_grid",
                                                         params={"player": owner})
        if not interactive:
            return IDLE
        if kind == "target":
            return Say("skyjo.table.pick_first")
        return _picked_up(obs, request.get("source", ""))

    def revealed(self, events: Sequence[Event]) -> str | None:
        """A drawn card, a card turned over, a face-down card swapped away: all seen now,
        each a card turned over."""
        seen = any(isinstance(e, (Drew, Revealed)) or (isinstance(e, Replaced)
                                                       and not e.was_face_up)
                   for e in events)
        return "game.undo_shown.turned" if seen else None

    def turn_started(self, game: Round) -> bool:
        """Nothing drawn, and in the set-up no card of the two turned yet."""
        if game.drawn is not None:
            return False
        return game.phase != "setup" or game.hidden[game.current] == GRID

    def lit(self, move: Move | None) -> tuple[str, ...]:
        """The source's name (``take``, ``swap``, ``drop``, ``draw``) and the place."""
        if move is None:
            return ()
        if move.kind == "draw":
            return ("draw",)
        place = place_text(move.place)
        return (place,) if move.kind == "reveal" else (move.kind, place)

    def bounce(self, move: Move | None, before: Observation) -> Bounce | None:
        """A wrong take or swap: the card flies from the grid back to its pile; a wrong
        drop: from the discard pile back to the drawn card's place."""
        if move is None or move.kind in ("draw", "reveal"):
            return None
        card = before.discard_top if move.kind == "take" else before.drawn
        put = f"grid-{before.seat}-{PAGE_ORDER.index(move.place)}"
        home = "skyjo-discard" if move.kind == "take" else "skyjo-drawn"
        if move.kind == "drop":
            put = "skyjo-discard"
        return None if card is None else {"card": card, "from": put, "to": home}


SKYJO_TABLE = SkyjoTableGame()
_CHECKED: TableGame[Round, Observation, Move] = SKYJO_TABLE  # mypy holds it to the protocol


def _picked_up(obs: Observation, source: str) -> Reply:
    """A pile picked up is checked as its move at one of the learner's places: refused
    with the engine's reason, else the drawn card's drop asks where, the discard pile's
    card is said held."""
    if source == "":
        return PICKED_UP
    kind = _PROBE.get(source)
    if kind is None:
        return BAD_REQUEST
    cards, cleared = obs.me.cards, set(obs.me.cleared)
    # A drop turns a face-down card: probe one of those, else any card still there.
    places = sorted(range(GRID), key=lambda p: (p in cleared,
                                                kind == "drop" and cards[p] is not None))
    then: Reply = PICKED_UP
    if kind == "drop":
        then = Say("skyjo.table.drop_where")
    elif kind == "take":
        then = PickedUp("skyjo.table.held_card", {"value": obs.discard_top})
    return Probe(Move(kind, places[0]), then)


def opponent_of(obs: Observation, pile: str | None) -> int | None:
    """The seat of an opponent whose card the page names (``grid-2-7``: its test id)."""
    parts = (pile or "").split("-")
    if len(parts) != 3 or parts[0] != "grid" or not all(p.isdigit() for p in parts[1:]):
        return None
    seat, index = int(parts[1]), int(parts[2])
    if seat == obs.seat or seat >= len(obs.seats) or index >= GRID:
        return None
    return seat
