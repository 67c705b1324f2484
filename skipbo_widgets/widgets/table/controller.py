"""One controller for every table: it turns table requests into moves and moves into a new view.

The widgets stay thin: :class:`~.table.CardTable` only draws ``view`` and
reports requests. Everything from the browser is checked by the engine; an
illegal request gets a message in the learner's language and changes nothing.
A game pushes the learner's moves (:class:`TableController`); a lesson step
judges them and takes a wrong one back (:class:`~.lesson_table.LessonController`,
the same controller with another :meth:`~TableController.move`).
Every game is played alike; what is one game's own (its table widget, view,
notation, refusals, clicks that are not moves) comes from its
:class:`~.table_game.TableGame`.

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
from typing import Any

from ...core.errors import GameError, IllegalMove, NotationError
from ...games import BOT_NAMES
from ...i18n import t
from .table_game import AnyTableGame, Bot, Idle, PickedUp, Reply, Say, TableWidget

Listener = Callable[[list[Any]], None]
#: A message in the learner's language, worked out when shown (so that a change of
#: language translates it too), and its kind (info, error, hint, success, todo).
Message = tuple[Callable[[], str], str]


class TableController:
    """The game, the learner's seat, the bots in the other seats, and the card table."""

    def __init__(
        self,
        game: Any,
        *,
        seat: int = 0,
        lang: str = "en",
        bots: Mapping[int, Bot[Any, Any]] | None = None,
        names: Sequence[str] | None = None,
        practice: bool = False,
        table: TableWidget | None = None,
        kind: AnyTableGame | None = None,
    ) -> None:
        """``kind``: the game's table adapter (by default the one that plays ``game``)."""
        self.game = game
        self.kind = kind if kind is not None else table_game_for(game)
        self.seat = seat
        self.lang = lang
        self.bots = dict(bots or {})
        self.names = list(names or default_names(game.rules.players, seat, lang))
        self.practice = practice
        self.table = table if table is not None else self.kind.new_table()
        self.table.on_request(self.request)
        self._listeners: list[Listener] = []
        #: The status line, rendered at each refresh so that it follows the language.
        self._status: Message = (str, "info")
        self.highlight: tuple[str, ...] = ()
        #: The learner's moves of the current turn, each with what they saw just before it.
        self.turn_moves: list[tuple[Any, Any]] = []
        #: Set when a move of the learner ends their turn: the moves of that turn.
        self.finished_turn: list[tuple[Any, Any]] = []
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

    def observation(self) -> Any:
        return self.kind.observe(self.game, self.seat)

    def tr(self, key: str, **params: Any) -> str:
        return t(key, self.lang, **params)

    # -- listening --------------------------------------------------------

    def on_events(self, listener: Listener) -> None:
        """Call ``listener(events)`` after every change (move, undo, bot move, new game)."""
        self._listeners.append(listener)

    def _changed(self, events: list[Any]) -> None:
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
        if kind in ("look", "select", "target"):
            self.apply(self.kind.answer(self.observation(), request,
                                        interactive=self.interactive,
                                        keeps_message=self.keeps_message()))
        else:
            self.say("error.bad_request", "error")
        return False

    def apply(self, reply: Reply) -> None:
        """Do what the table's adapter answered a click with."""
        if isinstance(reply, Say):
            self.say(reply.key, reply.kind, **reply.params)
        elif isinstance(reply, Idle):
            self.idle()
        elif isinstance(reply, PickedUp):
            self.picked_up(reply.key, **reply.params)
        else:
            try:
                self.game.verify_move(reply.move, by=self.seat)
            except IllegalMove as err:
                self.tell(partial(self.explain, err), "error")
                return
            self.apply(reply.then)

    def keeps_message(self) -> bool:
        """True while a click that is not a move should leave the message as it is."""
        return False

    def idle(self) -> None:
        """A click while the learner cannot move: say whose turn it is."""
        self.tell(self._wait_message, "info")

    def picked_up(self, key: str = "", **params: Any) -> None:
        """A card picked up (or put down): what was said is over; ``key`` says what is
        held now (Skyjo: the discard pile's card, which a screen reader hears too)."""
        if key:
            self.say(key, **params)
        else:
            self.tell(str, "info")

    def checked(self, text: str) -> Any | None:
        """The move ``text`` names if the learner may make it now, else ``None`` with
        the reason said under the table."""
        try:
            move = self.kind.parse(text)
        except NotationError as err:
            self.tell(partial(self.explain, err), "error")
            return None
        try:
            self.game.verify_move(move, by=self.seat)
        except IllegalMove as err:
            self.tell(partial(self.explain, err, move), "error")
            return None
        return move

    def move(self, text: str) -> bool:
        """Try the learner's move in notation; explain and change nothing if it is illegal."""
        before = self.observation()
        move = self.checked(text)
        if move is None:
            return False
        events = self.game.push(move, by=self.seat)
        self.turn_moves.append((before, move))
        if self.game.current != self.seat or self.game.is_over:
            self.finished_turn, self.turn_moves = self.turn_moves, []
        self._changed(events)
        return True

    def explain(self, err: GameError, move: Any | None = None) -> str:
        """Why ``move`` (or the request) was refused, in the learner's language."""
        return self.kind.explain(err, move, self.observation(), lang=self.lang, names=self.names)

    def step_bot(self) -> bool:
        """Let the bot whose turn it is make one move; False if no bot is to move."""
        if not self.bots_to_move:
            return False
        bot = self.bots[self.game.current]
        obs = self.kind.observe(self.game, self.game.current)
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
        game = self.game
        stack = game.move_stack
        if game.is_over:
            return False
        if self.practice:
            return any(start < len(stack) for start in self._turn_starts)
        if not stack or game.current != self.seat or self.kind.turn_started(game):
            return False
        return self.kind.revealed(game.last_events()) is None

    def undo_refusal(self) -> str | None:
        """The message key saying why Undo is off when the learner's last move showed a
        card ("A card was turned over: this move can't be taken back."); ``None`` when
        Undo is on, or off for want of a move of this turn to take back."""
        game = self.game
        if self.practice or game.is_over or not game.move_stack \
                or game.current != self.seat or self.kind.turn_started(game):
            return None
        return self.kind.revealed(game.last_events())

    def undo(self) -> bool:
        """Take back the learner's last move (practice mode: back to the start of a turn)."""
        if not self.can_undo():
            self.say(self.undo_refusal() or "status.cannot_undo")
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
        at_start = game.current == self.seat and self.kind.turn_started(game) \
            and not game.is_over
        if at_start and (not self._turn_starts or self._turn_starts[-1] != depth):
            self._turn_starts.append(depth)

    # -- showing ----------------------------------------------------------

    def show_move(self, move: Any | None) -> None:
        """Light up a move's source and target on the table (a hint), or nothing."""
        self.highlight = self.kind.lit(move)
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

    def build_view(self) -> dict[str, Any]:
        """The table's view now: the game's, with what this kind of table adds."""
        return self.view_of(self.observation())

    def view_of(self, obs: Any) -> dict[str, Any]:
        """:meth:`build_view` from ``obs``, the seat's observation now (worked out once)."""
        text, kind = self.status()
        return {
            **self.kind.view(obs, names=self.names, tr=self.tr,
                             lang=self.lang, interactive=self.interactive, status=text,
                             status_kind=kind, highlight=self.lit()),
            **self.view_extras(),
        }

    def refresh(self) -> None:
        self.table.view = self.build_view()


def table_game_for(game: object) -> AnyTableGame:
    """The table adapter of the registered game that plays ``game`` (a ``TypeError`` for
    a state of no known game).

    >>> from skipbo_widgets.skipbo.engine import Game, Rules
    >>> table_game_for(Game.new(Rules(), seed=1)).id
    'skipbo'
    """
    from ..registry import game_uis

    for ui in game_uis().values():
        if ui.table.plays(game):
            return ui.table
    raise TypeError(f"no table plays {type(game).__name__}")


def default_names(players: int, seat: int, lang: str) -> list[str]:
    """``You`` for the learner and friendly names for the others."""
    others = iter(BOT_NAMES)
    return [t("player.you", lang) if s == seat else next(others) for s in range(players)]
