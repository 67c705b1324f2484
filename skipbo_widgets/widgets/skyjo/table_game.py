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

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from ...i18n import explain
from ...skyjo.engine import GameError, IllegalMove, Move, Observation, Round, place_text
from ...skyjo.engine.events import Drew, Event, Replaced, Revealed
from ...skyjo.engine.moves import Kind
from ...skyjo.engine.rules import GRID
from .table import SkyjoTable
from .view import MOVES_BY_NAME, PAGE_ORDER, SOURCES, skyjo_view

if TYPE_CHECKING:
    from ..table.controller import TableController

#: A source picked up is checked with the engine as its move (a source's name is its
#: move's kind) at one of the learner's places, so that a refusal gives the engine's reason.
_PROBE: dict[str, Kind] = {kind: kind for kind in SOURCES.values() if kind != "reveal"}


class SkyjoTableGame:
    """The Skyjo table: :class:`~.table.SkyjoTable` and :func:`~.view.skyjo_view`."""

    id = "skyjo"

    @property
    def private(self) -> dict[str, Any]:
        return {"drawn": None, "drawn_label": ""}

    def plays(self, game: Any) -> bool:
        return isinstance(game, Round)

    def new_table(self) -> SkyjoTable:
        return SkyjoTable()

    def observe(self, game: Round, seat: int) -> Observation:
        return game.observe(seat)

    def parse(self, text: str) -> Move:
        """A move in notation (``take b2``), or by the page's names (``take-b2``)."""
        return MOVES_BY_NAME.get(text) or Move.parse(text)

    def view(self, obs: Observation, **kwargs: Any) -> dict[str, Any]:
        return skyjo_view(obs, **kwargs)

    def explain(self, err: GameError, move: Move | None, obs: Observation, *, lang: str,
                names: Sequence[str]) -> str:
        return explain(err, lang, names=names)

    def answer(self, controller: TableController, request: dict[str, str]) -> None:
        """A look at an opponent's card, a pile picked up (``select``), or one of the
        learner's cards clicked with nothing picked up (``target``)."""
        kind = request.get("type")
        obs = controller.observation()
        if kind == "look":
            owner = opponent_of(obs, request.get("pile"))
            if owner is None:
                controller.say("error.bad_request", "error")
            else:
                controller.say("skyjo.table.not_your_grid", player=owner)
        elif not controller.interactive:
            controller.idle()
        elif kind == "target":
            controller.say("skyjo.table.pick_first")
        else:
            self._picked_up(controller, request.get("source", ""))

    def _picked_up(self, controller: TableController, source: str) -> None:
        if source == "":
            controller.picked_up()
            return
        kind = _PROBE.get(source)
        if kind is None:
            controller.say("error.bad_request", "error")
            return
        game: Round = controller.game
        grid, up = game.grids[controller.seat], game.face_up[controller.seat]
        # A drop turns a face-down card: probe one of those, else any card still there.
        places = sorted(range(GRID), key=lambda p: (grid[p] is None, kind == "drop" and up[p]))
        try:
            game.verify_move(Move(kind, places[0]), by=controller.seat)
        except IllegalMove as err:
            controller.tell(partial(controller.explain, err), "error")
            return
        if kind == "drop":
            controller.say("skyjo.table.drop_where")
        elif kind == "take":
            controller.picked_up("skyjo.table.held_card", value=game.discard[-1])
        else:
            controller.picked_up()

    def revealed(self, events: list[Event]) -> str | None:
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

    def bounce(self, move: Move | None, before: Observation) -> dict[str, Any] | None:
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


def opponent_of(obs: Observation, pile: str | None) -> int | None:
    """The seat of an opponent whose card the page names (``grid-2-7``: its test id)."""
    parts = (pile or "").split("-")
    if len(parts) != 3 or parts[0] != "grid" or not all(p.isdigit() for p in parts[1:]):
        return None
    seat, index = int(parts[1]), int(parts[2])
    if seat == obs.seat or seat >= len(obs.seats) or index >= GRID:
        return None
    return seat
