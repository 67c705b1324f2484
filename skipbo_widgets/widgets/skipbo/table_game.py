"""Skip-Bo as the table controller sees it (:class:`~..table.table_game.TableGame`).

Clicks that are not moves are answered here: an empty stock pile sends the
learner on to their partner's, an empty discard pile says it is empty, an
opponent's pile says whose it is, the draw and completed piles say what they are.

>>> from skipbo_widgets.skipbo.engine import Move
>>> SKIPBO_TABLE.lit(Move.parse("h7-b2")), SKIPBO_TABLE.lit(None)
(('h7', 'b2'), ())
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...i18n import error_key, explain, t
from ...skipbo.bots.hints import source_card
from ...skipbo.engine import WILD, Game, GameError, Move, Observation, Reason, observe
from ...skipbo.engine.events import Drew, Event, StockTurned
from ..table.table_game import BAD_REQUEST, IDLE, PICKED_UP, Bounce, Reply, Say, TableGame
from .table import SkipBoTable
from .view import SkipBoView, table_view

#: The piles in the middle that nobody plays from (by test id), and what a click on one says.
SHARED_PILES = {"draw-pile": "status.draw_pile", "completed": "status.completed"}


class SkipBoTableGame:
    """The Skip-Bo table: :class:`~.table.SkipBoTable` and :func:`~.view.table_view`."""

    id = "skipbo"

    @property
    def private(self) -> dict[str, Any]:
        return {"hand": [], "hand_sources": []}

    def plays(self, game: object) -> bool:
        return isinstance(game, Game)

    def new_table(self) -> SkipBoTable:
        return SkipBoTable()

    def observe(self, game: Game, seat: int) -> Observation:
        return observe(game, seat)

    def parse(self, text: str) -> Move:
        return Move.parse(text)

    def view(self, obs: Observation, **kwargs: Any) -> SkipBoView:
        return table_view(obs, **kwargs)

    def explain(self, err: GameError, move: Move | None, obs: Observation, *, lang: str,
                names: Sequence[str]) -> str:
        return explain_refusal(err, move, obs, lang=lang, names=names)

    def answer(self, obs: Observation, request: Mapping[str, str], *, interactive: bool,
               keeps_message: bool) -> Reply:
        """A click on a pile: a look at one nobody plays from, or a card picked up
        (``select``) or a place chosen first (``target``).

        >>> from skipbo_widgets.skipbo.engine import Game, Rules
        >>> obs = observe(Game.new(Rules(players=3), seed=1), 0)
        >>> SKIPBO_TABLE.answer(obs, {"type": "look", "pile": "stock-2"}, interactive=True,
        ...                     keeps_message=False)
        Say(key='status.not_your_pile', kind='info', params={'player': 2})
        >>> SKIPBO_TABLE.answer(obs, {"type": "select", "source": "s"}, interactive=False,
        ...                     keeps_message=False)
        Idle()
        """
        kind, source = request.get("type"), request.get("source")
        if kind == "look":
            return look_reply(obs, request.get("pile")) or BAD_REQUEST
        empty_stock = None if keeps_message else empty_stock_reply(obs, source)
        if empty_stock is not None:
            return empty_stock
        if not interactive:
            return IDLE
        if (pile := empty_discard_pile(obs, source)) is not None:
            return Say("error.discard_pile_empty", "error", {"pile": pile})
        if kind == "target":
            return Say("status.pick_first")
        return PICKED_UP

    def revealed(self, events: Sequence[Event]) -> str | None:
        """A stock card turned up, or cards drawn into the hand (it was emptied)."""
        if any(isinstance(e, StockTurned) and e.card is not None for e in events):
            return "game.undo_shown.turned"
        return "game.undo_shown.drawn" if any(isinstance(e, Drew) for e in events) else None

    def turn_started(self, game: Game) -> bool:
        return not game.moved

    def lit(self, move: Move | None) -> tuple[str, ...]:
        """A move's source and target, or the end-turn button."""
        if move is None:
            return ()
        return ("end-turn",) if move.is_end else (move.source_text, move.target_text)

    def bounce(self, move: Move | None, before: Observation) -> Bounce | None:
        if move is None or move.is_end:
            return None
        owner = before.partner if move.partner and before.partner is not None else before.seat
        home = {"s": f"stock-{owner}", "d": f"discard-{owner}-{move.index}"}.get(move.source,
                                                                                 "hand")
        put = f"build-{move.pile}" if move.is_play else f"discard-{before.seat}-{move.pile}"
        return {"card": source_card(before, move), "from": put, "to": home}


SKIPBO_TABLE = SkipBoTableGame()
_CHECKED: TableGame[Game, Observation, Move] = SKIPBO_TABLE  # mypy holds it to the protocol


def empty_stock_reply(obs: Observation, source: str | None) -> Say | None:
    """What to say when the learner clicks a stock pile with no card left (``s`` or ``ps``)
    in a game that is not over; ``None`` for any other click.

    An empty stock ends the game, except in a team whose other stock still has
    cards: so the learner's own empty stock sends them on to their partner's.
    """
    partner = obs.partner
    if partner is None or obs.outcome is not None:
        return None
    if source == "s" and obs.me.stock_count == 0:
        return Say("status.stock_empty", "error", {"partner": partner})
    if source == "ps" and obs.seats[partner].stock_count == 0:
        return Say("error.stock_empty", "error", {"seat": partner})
    return None


def explain_refusal(err: GameError, move: Move | None, obs: Observation, *, lang: str,
                    names: Sequence[str]) -> str:
    """Why the engine refused ``move`` for the seat of ``obs``; a card of the partner's
    piles that does not fit is named as the partner's ("Leo's card is a 6"), not "yours"."""
    partner = obs.partner
    if move is not None and move.partner and partner is not None \
            and err.reason is Reason.WRONG_VALUE:
        return t(f"{error_key(err)}.partner", lang, names=names, wild=WILD,
                 faces=obs.rules.faces, partner=partner, **err.params)
    return explain(err, lang, faces=obs.rules.faces, names=names)


def empty_discard_pile(obs: Observation, source: str | None) -> int | None:
    """The 0-based number of the learner's or partner's discard pile named by ``source``
    (``d2``, ``pd2``) if it is empty, else ``None``."""
    owner = obs.partner if (source or "").startswith("p") else obs.seat
    number = (source or "").removeprefix("p")
    if owner is None or len(number) != 2 or number[0] != "d" or number[1] not in "1234":
        return None
    pile = int(number[1]) - 1
    return pile if pile < len(obs.seats[owner].discards) and \
        not obs.seats[owner].discards[pile] else None


def opponent_of(obs: Observation, pile: str | None) -> int | None:
    """The seat of an opponent whose pile the page names (``stock-2``, ``discard-2-0``:
    the piles' test ids), or ``None`` for anything else."""
    parts = (pile or "").split("-")
    if len(parts) != {"stock": 2, "discard": 3}.get(parts[0]):
        return None
    if not all(p.isdigit() and len(p) == 1 for p in parts[1:]):
        return None
    seat = int(parts[1])
    if seat in (obs.seat, obs.partner) or seat >= len(obs.seats):
        return None
    if parts[0] == "discard" and int(parts[2]) >= len(obs.seats[seat].discards):
        return None
    return seat


def look_reply(obs: Observation, pile: str | None) -> Say | None:
    """What a click on a pile nobody may play from says: an opponent's (whose it is),
    the draw pile or the completed piles (what they are); ``None`` for any other name."""
    if pile in SHARED_PILES:
        return Say(SHARED_PILES[pile])
    owner = opponent_of(obs, pile)
    if owner is None:
        return None
    key = "status.not_your_pile.team" if obs.partner is not None else "status.not_your_pile"
    return Say(key, params={"player": owner})
