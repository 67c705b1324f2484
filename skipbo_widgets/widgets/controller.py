"""One controller for every table: it turns table requests into moves and moves into a new view.

The widgets stay thin: :class:`~.table.CardTable` only draws ``view`` and
reports requests. Everything from the browser is checked by the engine; an
illegal request gets a message in the learner's language and changes nothing.
A game pushes the learner's moves (:class:`TableController`); a lesson step
judges them and takes a wrong one back (:class:`~.lesson_table.LessonController`,
the same controller with another :meth:`~TableController.move`).

>>> from skipbo_widgets.skipbo.engine import Game, Rules
>>> c = TableController(Game.new(Rules(), seed=3, dealer=1), seat=0, lang="en")
>>> c.request({"type": "move", "move": "s-b4"})
False
>>> c.view["status_kind"]
'error'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any, Protocol

from ..games import BOT_NAMES
from ..i18n import error_key, explain, t
from ..skipbo.engine import (
    WILD,
    Game,
    GameError,
    IllegalMove,
    Move,
    NotationError,
    Observation,
    Reason,
    observe,
)
from ..skipbo.engine.events import Drew, Event, StockTurned
from .table import CardTable
from .view import table_view


class Bot(Protocol):
    """Anything that picks a move for a seat from that seat's observation."""

    def choose_move(self, obs: Observation) -> Move: ...


Listener = Callable[[list[Event]], None]
#: A message in the learner's language, worked out when shown (so that a change of
#: language translates it too), and its kind (info, error, hint, success, todo).
Message = tuple[Callable[[], str], str]
#: The piles in the middle that nobody plays from (by test id), and what a click on one says.
SHARED_PILES = {"draw-pile": "status.draw_pile", "completed": "status.completed"}


class TableController:
    """The game, the learner's seat, the bots in the other seats, and the card table."""

    def __init__(
        self,
        game: Game,
        *,
        seat: int = 0,
        lang: str = "en",
        bots: Mapping[int, Bot] | None = None,
        names: Sequence[str] | None = None,
        practice: bool = False,
        table: CardTable | None = None,
    ) -> None:
        self.game = game
        self.seat = seat
        self.lang = lang
        self.bots = dict(bots or {})
        self.names = list(names or default_names(game.rules.players, seat, lang))
        self.practice = practice
        self.table = table if table is not None else CardTable()
        self.table.on_request(self.request)
        self._listeners: list[Listener] = []
        #: The status line, rendered at each refresh so that it follows the language.
        self._status: Message = (str, "info")
        self.highlight: tuple[str, ...] = ()
        #: The learner's moves of the current turn, each with what they saw just before it.
        self.turn_moves: list[tuple[Observation, Move]] = []
        #: Set when a move of the learner ends their turn: the moves of that turn.
        self.finished_turn: list[tuple[Observation, Move]] = []
        self._turn_starts: list[int] = []
        self._note_turn_start()
        self.refresh()

    # -- reading ----------------------------------------------------------

    @property
    def view(self) -> dict[str, Any]:
        return dict(self.table.view)

    @property
    def my_turn(self) -> bool:
        return not self.game.is_over and self.game.current == self.seat

    @property
    def interactive(self) -> bool:
        """The learner can move cards now."""
        return self.my_turn

    @property
    def bots_to_move(self) -> bool:
        return not self.game.is_over and self.game.current in self.bots

    def observation(self) -> Observation:
        return observe(self.game, self.seat)

    def tr(self, key: str, **params: Any) -> str:
        return t(key, self.lang, **params)

    # -- listening --------------------------------------------------------

    def on_events(self, listener: Listener) -> None:
        """Call ``listener(events)`` after every change (move, undo, bot move, new game)."""
        self._listeners.append(listener)

    def _changed(self, events: list[Event]) -> None:
        self._status = (str, "info")  # whatever was said was about the position before
        self.highlight = ()
        self._note_turn_start()
        self.refresh()
        for listener in self._listeners:
            listener(events)

    # -- acting -----------------------------------------------------------

    def request(self, request: dict[str, str]) -> bool:
        """Handle one request from the table; True if the game changed.

        Every click gets an answer: a move or a reason, whose turn it is, whose
        pile that is, or (for a card picked up) the end of the last message.
        """
        kind = request.get("type")
        if kind == "move":
            return self.move(request.get("move", ""))
        source = request.get("source")
        if kind == "look":
            def answer() -> str:
                return look_message(self.observation(), request.get("pile"), tr=self.tr,
                                    names=self.names) or ""

            if answer():
                self.tell(answer, "info")
            else:
                self.say("error.bad_request", "error")
        elif kind in ("select", "target"):
            def empty_stock() -> str:
                return self.empty_stock(source) or ""

            if empty_stock():
                self.tell(empty_stock, "error")
            elif not self.interactive:
                self.idle()
            elif (pile := empty_discard_pile(self.observation(), source)) is not None:
                self.say("error.discard_pile_empty", "error", pile=pile)
            elif kind == "target":
                self.say("status.pick_first")
            else:
                self.picked_up()
        else:
            self.say("error.bad_request", "error")
        return False

    def empty_stock(self, source: str | None) -> str | None:
        """Why nothing comes from the clicked stock pile ``source`` (``None``: it has cards)."""
        return empty_stock_message(self.observation(), source, tr=self.tr, names=self.names)

    def idle(self) -> None:
        """A click while the learner cannot move: say whose turn it is."""
        self.tell(self._wait_message, "info")

    def picked_up(self) -> None:
        """A card picked up: what was said is over."""
        self.tell(str, "info")

    def move(self, text: str) -> bool:
        """Try the learner's move in notation; explain and change nothing if it is illegal."""
        before = self.observation()
        try:
            move = Move.parse(text)
            events = self.game.push(move, by=self.seat)
        except NotationError as err:
            self.tell(partial(self.explain, err), "error")
            return False
        except IllegalMove as err:
            self.tell(partial(self.explain, err, move), "error")
            return False
        self.turn_moves.append((before, move))
        if move.is_discard or move.is_end or self.game.is_over:
            self.finished_turn, self.turn_moves = self.turn_moves, []
        self._changed(events)
        return True

    def explain(self, err: GameError, move: Move | None = None) -> str:
        """Why ``move`` (or the request) was refused, in the learner's language."""
        return explain_refusal(err, move, self.observation(), lang=self.lang, names=self.names)

    def step_bot(self) -> bool:
        """Let the bot whose turn it is make one move; False if no bot is to move."""
        if not self.bots_to_move:
            return False
        bot = self.bots[self.game.current]
        obs = observe(self.game, self.game.current)
        events = self.game.push(bot.choose_move(obs), by=self.game.current)
        self._changed(events)
        return True

    def run_bots(self) -> int:
        """Let the bots play until it is the learner's turn or the game is over."""
        moves = 0
        while self.step_bot():
            moves += 1
        return moves

    def can_undo(self) -> bool:
        """The learner may take back their own last move of this turn.

        A move that showed a new card (a stock card turned up, cards drawn)
        stays, except in practice mode, where whole turns can be taken back.
        A finished game is scored: nothing in it can be taken back.
        """
        stack = self.game.move_stack
        if self.game.is_over:
            return False
        if self.practice:
            return any(start < len(stack) for start in self._turn_starts)
        if not stack or self.game.current != self.seat:
            return False
        return not stack[-1].is_discard and not _revealed(self.game.last_events())

    def undo(self) -> bool:
        """Take back the learner's last move (practice mode: back to the start of a turn)."""
        if not self.can_undo():
            self.say("status.cannot_undo")
            return False
        if self.practice:
            depth = len(self.game.move_stack)
            target = max(start for start in self._turn_starts if start < depth)
            for _ in range(depth - target):
                self.game.pop()
            self._turn_starts = [start for start in self._turn_starts if start <= target]
            self.turn_moves = []
        else:
            self.game.pop()
            del self.turn_moves[-1:]
        self.finished_turn = []
        self._changed([])
        return True

    def _note_turn_start(self) -> None:
        game = self.game
        depth = len(game.move_stack)
        at_start = game.current == self.seat and not game.moved and not game.is_over
        if at_start and (not self._turn_starts or self._turn_starts[-1] != depth):
            self._turn_starts.append(depth)

    # -- showing ----------------------------------------------------------

    def show_move(self, move: Move | None) -> None:
        """Light up a move's source and target on the table (a hint), or nothing."""
        self.highlight = lit(move)
        self.refresh()

    def say(self, key: str, kind: str = "info", **params: Any) -> None:
        """Show the message ``key`` under the table (``kind``: info, error or hint)
        until the game changes; it follows a change of language."""
        self.tell(lambda: self.tr(key, names=self.names, **params), kind)

    def tell(self, text: Callable[[], str], kind: str) -> None:
        """Show ``text()`` (worked out at each refresh) under the table."""
        self._status = (text, kind)
        self.refresh()

    def _wait_message(self) -> str:
        if self.game.is_over:
            return self.tr("error.game_over")
        return self.tr("ui.player_turn", player=self.names[self.game.current])

    def status(self) -> tuple[str, str]:
        """The line under the table and its kind."""
        render, kind = self._status
        return render(), kind

    def lit(self) -> tuple[str, ...]:
        """What the table lights up (sources and targets in notation, or test ids)."""
        return self.highlight

    def view_extras(self) -> dict[str, Any]:
        """Keys a kind of table adds to the view (a lesson: its scene and bounce)."""
        return {}

    def refresh(self) -> None:
        text, kind = self.status()
        self.table.view = {
            **table_view(self.observation(), names=self.names, tr=self.tr, lang=self.lang,
                         interactive=self.interactive, status=text, status_kind=kind,
                         highlight=self.lit()),
            **self.view_extras(),
        }


def lit(move: Move | None) -> tuple[str, ...]:
    """What a shown move lights up: its source and target, or the end-turn button."""
    if move is None:
        return ()
    return ("end-turn",) if move.is_end else (move.source_text, move.target_text)


def _revealed(events: list[Event]) -> bool:
    """True if the events showed the learner a card they had not seen."""
    return any(isinstance(e, Drew) or (isinstance(e, StockTurned) and e.card is not None)
               for e in events)


def empty_stock_message(obs: Observation, source: str | None, *, tr: Callable[..., str],
                        names: Sequence[str]) -> str | None:
    """What to say when the learner clicks a stock pile with no card left (``s`` or ``ps``)
    in a game that is not over; ``None`` for any other click.

    An empty stock ends the game, except in a team whose other stock still has
    cards: so the learner's own empty stock sends them on to their partner's.
    """
    partner = obs.partner
    if partner is None or obs.outcome is not None:
        return None
    if source == "s" and obs.me.stock_count == 0:
        return tr("status.stock_empty", partner=partner, names=names)
    if source == "ps" and obs.seats[partner].stock_count == 0:
        return tr("error.stock_empty", seat=partner, names=names)
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


def look_message(obs: Observation, pile: str | None, *, tr: Callable[..., str],
                 names: Sequence[str]) -> str | None:
    """What a click on a pile nobody may play from says: an opponent's (whose it is),
    the draw pile or the completed piles (what they are); ``None`` for any other name."""
    if pile in SHARED_PILES:
        return tr(SHARED_PILES[pile])
    owner = opponent_of(obs, pile)
    if owner is None:
        return None
    key = "status.not_your_pile.team" if obs.partner is not None else "status.not_your_pile"
    return tr(key, player=owner, names=names)


def default_names(players: int, seat: int, lang: str) -> list[str]:
    """``You`` for the learner and friendly names for the others."""
    others = iter(BOT_NAMES)
    return [t("player.you", lang) if s == seat else next(others) for s in range(players)]
