"""Demo mode: every seat a bot, each move told with its reason, for a class to watch.

The table shows the seat to move, its hand open (it is a demo). The teacher steps
through the game, lets it play at a pace, steps back (the engine's exact undo) or
jumps to the end. "What would you play?" pauses before a chosen seat's turn: the
teacher clicks the move the class guessed on the table, then the bot's move and
its reason appear, with the guess graded like a turn review. A guess that is half a
turn (Skyjo's draw) shows the card drawn and asks where it goes; the whole turn is
graded, and nothing of the bot's move (not even its draw in the log) shows before.
The table tells of the seat to move by name, never as "you".

What is one game's own (its bots, the words for a move and a guess) comes from a
:class:`DemoGame` (:func:`demo_for`), its log and its end from its
:class:`~..table.play.GamePlay`; Skip-Bo's is :data:`~..skipbo.demo_game.SKIPBO_DEMO`,
Skyjo's :data:`~..skyjo.demo_game.SKYJO_DEMO`.
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeAlias

import ipywidgets as w

from ...games import BOT_NAMES
from ...i18n import t
from ..page.testids import plain_text, testid
from ..registry import default_game, game_ui
from ..table.controller import TableController
from ..table.log import NOBODY
from ..table.play import O_contra
from ..table.table_game import Bot, M
from .classroom_form import ClassroomForm
from .game_screen import SPEEDS, _box, _running_loop
from .settings import Settings

#: A jump to the end stops after this many moves (a game of bots that never ends).
MAX_MOVES = 20_000
#: The guess picker's value for "nobody" (a dropdown shows ``None`` as an empty box).
NOBODY_GUESSES = -1


class DemoGame(Protocol[O_contra, M]):
    """One game in demo mode: its bots and the words for their moves, over a seat's
    observation ``O`` and a move ``M``."""

    id: str
    levels: tuple[str, ...]

    def make_bot(self, level: str, seed: str) -> Bot[O_contra, M]: ...

    def narrate(self, obs: O_contra, move: M, level: str) -> Any: ...

    def narration_html(self, obs: O_contra, told: Any, events: Sequence[Any], *, lang: str,
                       names: Sequence[str]) -> str: ...

    def guess_html(self, steps: Sequence[tuple[O_contra, M]], *, lang: str,
                   names: Sequence[str], taken_back: bool = False) -> str: ...

    def rest_of_guess(self, move: M) -> str | None:
        """The message key asking the class for the rest of the turn after the guessed
        ``move`` (Skyjo's draw: where the card goes), or ``None``: the guess is whole."""

    def retell(self, view: dict[str, Any], obs: O_contra, *, tr: Callable[..., str],
               names: Sequence[str]) -> dict[str, Any]:
        """The table's ``view`` of ``obs`` telling of the seat to move by name, never as
        "you": the class watches the seat, it is not the seat."""


#: Demo mode's object of a game the screen does not know.
AnyDemoGame: TypeAlias = DemoGame[Any, Any]


def demo_for(game_id: str) -> AnyDemoGame:
    """Demo mode's object for the game ``game_id``."""
    demo: AnyDemoGame = game_ui(game_id).demo
    return demo


@dataclass(frozen=True)
class DemoSettings:
    """The game, players, each seat's bot level, and the deal number (as in a game:
    the same number deals the same cards)."""

    players: int = 3
    levels: tuple[str, ...] = ("medium", "strong", "advanced")
    seed: str = ""
    #: 0: the standard stock size (a test or a short lesson may ask for fewer cards).
    stock_size: int = 0
    #: The game's id (the default game's without one).
    game: str = field(default_factory=default_game)

    def game_settings(self) -> Settings:
        """The same deal as a single game (one Skyjo round) with these players (checked
        the same way)."""
        sized: dict[str, Any] = {"stock_size": self.stock_size} if self.stock_size else {}
        return game_ui(self.game).settings(players=self.players, levels=self.levels[1:],
                                   seed=self.seed, match=False, **sized)


@dataclass(frozen=True)
class DemoStep:
    """One move of the demo: who made it, from what they saw, and what it did."""

    seat: int
    obs: Any
    move: Any
    events: list[Any]


class DemoController(TableController):
    """The demo's table: it can be played on only while the class's guess is awaited,
    and then a move is not made but handed to ``on_guess``."""

    def __init__(self, game: Any, *, on_guess: Callable[[Any], None], demo: AnyDemoGame,
                 **kwargs: Any) -> None:
        self.awaiting = False
        self._on_guess = on_guess
        self.demo = demo
        super().__init__(game, **kwargs)

    @property
    def interactive(self) -> bool:
        return self.awaiting and self.my_turn

    def move(self, text: str) -> bool:
        if not self.interactive:
            self.idle()
            return False
        move = self.checked(text)
        if move is not None:
            self._on_guess(move)
        return False

    def view_of(self, obs: Any) -> dict[str, Any]:
        return self.demo.retell(super().view_of(obs), obs, tr=self.tr, names=self.names)


class DemoScreen:
    """A game of bots told move by move; ``widget`` is what to display."""

    def __init__(self, settings: DemoSettings, *, lang: str, on_menu: Callable[[], None],
                 on_new: Callable[[], None], animate: bool | None = None) -> None:
        self.settings = settings
        self.lang = lang
        self.demo = demo = demo_for(settings.game)
        self.game_play = game_ui(settings.game).play
        self.animate = animate
        self.closed = False
        self.speed = "normal"
        self.game = settings.game_settings().new_match().game
        seed = self.game.seed
        self.bots = {seat: demo.make_bot(level, seed=f"{seed}/{seat}")
                     for seat, level in enumerate(settings.levels)}
        self.names = list(BOT_NAMES[:settings.players])
        self.steps: list[DemoStep] = []
        #: The moves stepped back over, played again by the next steps: a bot that draws
        #: lots (the beginner) would otherwise show the class another move.
        self._redo: list[Any] = []
        #: The narration of each step, worked out when first shown (language-free).
        self._told: dict[int, Any] = {}
        #: The seat whose turns the class guesses (``None``: no guessing).
        self.guess_seat: int | None = None
        #: The class's guess, a whole turn (what the seat saw before each move, and the
        #: move), shown with the bot's move that follows.
        self.guess: tuple[tuple[Any, Any], ...] | None = None
        #: The guess's first move was the class's, not the bot's: taken back before the bot's.
        self.guess_taken_back = False
        #: The first half of a guess on the table (Skyjo's draw), the rest still to guess.
        self._half: tuple[Any, Any] | None = None
        #: ``_half`` was the class's alone (the bot plays otherwise): popped after the guess.
        self._half_is_ours = False
        #: What ``_half`` did on the table: no step and no log line until the whole guess
        #: is in (the log saying "Mia draws a card" gave the bot's choice away).
        self._half_events: list[Any] = []
        #: The depth of the position whose guess was made (the demo then goes on from it).
        self._guessed_at: int | None = None
        self._task: asyncio.Task[None] | None = None
        self.controller = DemoController(self.game, seat=self.game.current, lang=lang,
                                         names=self.names, on_guess=self._guessed, demo=demo)
        log: Any = self.game_play.new_log(self.game, lang=lang, names=self.names)
        log.me = NOBODY
        log.rebuild(self.game.events)
        self.log = log

        #: Says a text once to a screen reader (the app sets it: its live region).
        self.say: Callable[[str], None] = lambda _text: None
        self._said = ""
        self.narration = testid(w.HTML(), "demo-narration-box")
        self.guess_box = w.HTML()
        self.turn_info = w.HTML()
        self.log_box = w.HTML()
        self.step_button = testid(w.Button(icon="step-forward"), "demo-step")
        self.play_button = testid(w.ToggleButton(icon="play"), "demo-play")
        self.back_button = testid(w.Button(icon="step-backward"), "demo-back")
        self.end_button = testid(w.Button(icon="fast-forward"), "demo-end")
        self.speed_picker = testid(w.ToggleButtons(options=list(SPEEDS), value="normal",
                                                   style={"button_width": "auto"}), "demo-speed")
        self.guess_label = w.HTML()
        self.guess_picker = testid(w.Dropdown(options=[("", NOBODY_GUESSES)],
                                              value=NOBODY_GUESSES,
                                              layout=w.Layout(width="16em")), "demo-guess")
        self.menu_button = testid(w.Button(icon="home"), "menu")
        self.new_button = testid(w.Button(icon="refresh"), "demo-new")
        self.step_button.on_click(lambda _b: self.step())
        self.back_button.on_click(lambda _b: self.back())
        self.end_button.on_click(lambda _b: self.end())
        self.play_button.observe(lambda c: self._play_changed(c["new"]), names="value")
        self.speed_picker.observe(lambda c: setattr(self, "speed", c["new"]), names="value")
        self.guess_picker.observe(lambda c: self._guess_seat_changed(c["new"]), names="value")
        self.menu_button.on_click(lambda _b: on_menu())
        self.new_button.on_click(lambda _b: on_new())
        self.table_box = w.Box([self.controller.table],
                               layout=w.Layout(flex="1 1 640px", min_width="0"))
        side = w.VBox([
            self.turn_info,
            w.HBox([self.back_button, self.step_button, self.play_button, self.end_button],
                   layout=w.Layout(flex_flow="row wrap")),
            self.speed_picker, self.guess_label, self.guess_picker, self.guess_box, self.narration,
            self.log_box, w.HBox([self.new_button, self.menu_button]),
        ], layout=w.Layout(flex="0 1 360px", min_width="260px"))
        side.add_class("sb-side")
        side.add_class("sb-demo-side")
        self.widget = w.HBox([self.table_box, side],
                             layout=w.Layout(flex_flow="row wrap", width="100%"))
        self.widget.add_class("sb-game-screen")
        self.set_lang(lang)

    def tr(self, key: str, **params: Any) -> str:
        return t(key, self.lang, names=self.names, **params)

    # -- moving -------------------------------------------------------------------

    def step(self) -> bool:
        """One bot move (or, before the guessed seat's turn, a pause for the guess; a
        step while it waits goes on without a guess); True if a move was made."""
        game = self.game
        if game.is_over or self.closed:
            return False
        if self._half is not None:  # the rest of a guess awaited: go on without it
            self._drop_half()
            self._guessed_at = len(game.move_stack)
            self.controller.awaiting = False
        elif self._waits_for_guess():
            if not self.controller.awaiting:
                self.controller.awaiting = True
                self._show()
                return False
            self._guessed_at = len(game.move_stack)
            self.controller.awaiting = False
        self._push()
        self._show()
        return True

    def _waits_for_guess(self) -> bool:
        game = self.game
        return (self.guess_seat == game.current and self.controller.kind.turn_started(game)
                and self._guessed_at != len(game.move_stack))

    def _next_move(self, obs: Any) -> Any:
        """The move the bot to move makes next (the one stepped back over, if any)."""
        return self._redo[-1] if self._redo else self.bots[obs.seat].choose_move(obs)

    def _push(self, move: Any = None) -> None:
        game = self.game
        seat = game.current
        obs = self.controller.kind.observe(game, seat)
        if move is None:
            move = self._next_move(obs)
        self._record(obs, move, game.push(move, by=seat))

    def _record(self, obs: Any, move: Any, events: list[Any]) -> None:
        """A bot's move, pushed: a step of the demo, told in the log."""
        if self._redo and self._redo[-1] == move:
            self._redo.pop()
        self.steps.append(DemoStep(obs.seat, obs, move, events))
        self.log.add(events)
        if self._guessed_at != len(self.game.move_stack) - 1:
            self.guess = None  # a guess stays beside the one move it was about

    def _guessed(self, move: Any) -> None:
        """The class's guess: graded, and the bot's own move played beside it. A guess
        that is half a turn (Skyjo's draw) is first shown on the table, and the class
        asked for the rest: the bot's own draw when it draws too, else the class's,
        taken back before the bot's move."""
        game = self.game
        obs = self.controller.observation()
        if self._half is None and self.demo.rest_of_guess(move) is not None:
            self._half = (obs, move)
            self._half_is_ours = move != self._next_move(obs)
            self._half_events = game.push(move, by=game.current)
            self._show()
            return
        guess = (*(() if self._half is None else (self._half,)), (obs, move))
        taken_back = self._half_is_ours
        self._drop_half()
        self.guess, self.guess_taken_back = guess, taken_back
        self._guessed_at = len(game.move_stack)
        self.controller.awaiting = False
        self.step()

    def _drop_half(self) -> None:
        """The guess is over (whole, or the demo goes on without it): the class's own draw
        is taken back, a draw the bot makes too becomes the bot's step, told only now."""
        if self._half is not None and not self._half_is_ours:
            obs, move = self._half
            self._record(obs, move, self._half_events)
            self._half = None
        self._take_back_half()

    def _take_back_half(self) -> None:
        """Forget the first half of a guess, taking it back from the table."""
        if self._half is not None:
            self.game.pop()
        self._half = None
        self._half_is_ours = False
        self._half_events = []

    def back(self) -> bool:
        """Take back the last move (exactly: the engine's undo); True if there was one."""
        self.pause()
        if self._half is not None:  # back to the guess's start: the class guesses again
            self._take_back_half()
            self.guess = None
            self._guessed_at = None
            self.controller.awaiting = True
            self._show()
            return True
        self.controller.awaiting = False
        if not self.steps:
            self._show()
            return False
        self._pop_step()
        self.guess = None
        self._guessed_at = None
        self._show()
        return True

    def _pop_step(self) -> None:
        self._redo.append(self.game.pop())
        self._told.pop(len(self.steps) - 1, None)
        self.steps.pop()
        self.log.rebuild(self.game.events)

    def end(self) -> int:
        """Play to the end of the game at once (no pause for a guess); the moves made."""
        self.pause()
        self._drop_half()
        self.controller.awaiting = False
        moves = 0
        while not self.game.is_over and moves < MAX_MOVES:
            self._push()
            moves += 1
        self.guess = None
        self._show()
        return moves

    # -- playing at a pace ---------------------------------------------------------

    def play(self) -> None:
        """Go on by itself (at the chosen speed in a kernel; at once without one) until
        the end, a pause for a guess, or :meth:`pause`."""
        self.play_button.value = True

    def pause(self) -> None:
        self.play_button.value = False

    def _play_changed(self, on: bool) -> None:
        self._label_play()
        if not on:
            if self._task is not None:
                self._task.cancel()
                self._task = None
            return
        loop = _running_loop() if self.animate is not False else None
        if loop is None:
            while self.step():
                pass
            self.play_button.value = False
            return
        self._task = loop.create_task(self._play())

    async def _play(self) -> None:
        try:
            while not self.closed:
                await asyncio.sleep(SPEEDS.get(self.speed, 0.7))
                if not self.step():
                    break
        finally:
            self._task = None
            if not self.closed:
                self.play_button.value = False

    def close(self) -> None:
        self.closed = True
        self.pause()

    # -- guessing -----------------------------------------------------------------

    def set_guess_seat(self, seat: int | None) -> None:
        """Pause before each turn of ``seat`` for the class's guess (``None``: never)."""
        self.guess_picker.value = NOBODY_GUESSES if seat is None else seat

    def _guess_seat_changed(self, value: int) -> None:
        seat = None if value == NOBODY_GUESSES else value
        self.guess_seat = seat
        if self.controller.awaiting and seat != self.game.current:
            self._drop_half()
            self.controller.awaiting = False
        self._show()

    # -- showing ------------------------------------------------------------------

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.controller.lang = lang
        self.log.lang = lang
        self.log.rebuild(self.game.events)
        tr = self.tr
        self.step_button.description = tr("demo.step")
        self.back_button.description = tr("demo.back")
        self.end_button.description = tr("demo.end")
        self._label_play()
        speed = self.speed  # new options reset the picker's value
        self.speed_picker.options = [(tr(f"game.speed.{s}"), s) for s in SPEEDS]
        self.speed_picker.value = self.speed = speed
        seat = self.guess_seat  # new options reset the picker's value
        self.guess_label.value = f'<b class="sb-demo-guess">{html.escape(tr("demo.guess"))}</b>'
        self.guess_picker.tooltip = tr("demo.guess")  # the list's name to a screen reader
        self.guess_picker.options = [(tr("demo.guess_nobody"), NOBODY_GUESSES),
                                     *((name, s) for s, name in enumerate(self.names))]
        self.set_guess_seat(seat)
        self.menu_button.description = tr("game.menu")
        self.new_button.description = tr("demo.new")
        self._show()

    def _label_play(self) -> None:
        on = self.play_button.value
        self.play_button.description = self.tr("demo.pause" if on else "demo.play")
        self.play_button.icon = "pause" if on else "play"

    def _show(self) -> None:
        c = self.controller
        game = self.game
        if not game.is_over:
            c.seat = game.current
        if c.awaiting:
            c.say(self._guess_prompt(), "hint", player=game.current)
        else:
            c.tell(str, "info")
        self.turn_info.value = self._turn_html()
        self.narration.value = self._narration_html()
        self.guess_box.value = self._guess_html()
        self.log_box.value = self._log_html()
        # A screen reader hears each move's narration (and a guess's grade) once.
        news = plain_text(f"{self.narration.value} {self.guess_box.value}")
        if news and news != self._said:
            self._said = news
            self.say(news)
        self.back_button.disabled = not self.steps
        self.step_button.disabled = self.end_button.disabled = game.is_over
        self.play_button.disabled = game.is_over and not self.play_button.value

    def _turn_html(self) -> str:
        game = self.game
        if game.is_over:
            return _box(self.game_play.end_text(game, tr=self.tr, me=NOBODY), "end",
                        testid="game-over")
        if self.controller.awaiting:
            return _box(self.tr(self._guess_prompt(), player=game.current), "turn",
                        testid="demo-guess-now")
        return _box(self.tr("demo.to_move", player=game.current), "wait")

    def _guess_prompt(self) -> str:
        """What the class is asked: a move, or the rest of the turn it began."""
        rest = None if self._half is None else self.demo.rest_of_guess(self._half[1])
        return rest or "demo.guess_now"

    def _narration_html(self) -> str:
        if self._half is not None or (self.controller.awaiting and not self.steps):
            return ""  # the class is guessing: the bot's why comes with its move
        if not self.steps:
            return _box(self.tr("demo.start_note"), "hint")
        i = len(self.steps) - 1
        step = self.steps[i]
        if i not in self._told:
            level = self.settings.levels[step.seat]
            self._told[i] = self.demo.narrate(step.obs, step.move, level)
        return self.demo.narration_html(step.obs, self._told[i], step.events, lang=self.lang,
                                        names=self.names)

    def _guess_html(self) -> str:
        if self.guess is None:
            return ""
        return self.demo.guess_html(self.guess, lang=self.lang, names=self.names,
                                    taken_back=self.guess_taken_back)

    def _log_html(self) -> str:
        items = "".join(f'<li class="sb-log-line">{html.escape(line.text)}</li>'
                        for line in reversed(self.log.lines[-40:]))
        title = html.escape(self.tr("game.log"))
        return (f'<div class="sb-log" data-testid="move-log"><div class="sb-log-title">{title}'
                f"</div><ol reversed>{items}</ol></div>")


class DemoForm(ClassroomForm):
    """Players, each bot's level and the deal number; ``on_start(settings)`` to begin."""

    def __init__(self, lang: str, on_start: Callable[[DemoSettings], None],
                 on_back: Callable[[], None], initial: DemoSettings | None = None,
                 game: str | None = None) -> None:
        super().__init__(lang, on_start)
        self.game = game = game or default_game()
        s = initial if initial is not None and initial.game == game else DemoSettings(game=game)
        demo = demo_for(game)
        kind = game_ui(game).kind
        self.players = testid(w.ToggleButtons(
            options=[str(n) for n in kind.players], value=str(s.players),
            description=self.tr("setup.players"),
            style={"button_width": "3.2em", "description_width": "initial"}), "demo-players")
        self.levels = [
            testid(self.level_box(demo.levels, s.levels[i] if i < len(s.levels) else "medium",
                                  description=name, style={"description_width": "4em"},
                                  layout=w.Layout(width="20em")), f"demo-level-{i}")
            for i, name in enumerate(BOT_NAMES[:kind.max_players])]
        self.seed = self.seed_box(s.seed)
        self.levels_box = w.VBox()
        self.players.observe(lambda _c: self._update(), names="value")
        self.widget = self.frame("demo.title", "demo.intro",
                                 [self.players, self.levels_box, self.seed],
                                 start="demo.start", start_id="demo-start", on_back=on_back)
        self._update()

    def _update(self) -> None:
        self.levels_box.children = self.levels[:int(self.players.value)]

    def settings(self) -> DemoSettings:
        """The chosen settings; raises GameError with the reason if they cannot be played."""
        n = int(self.players.value)
        settings = DemoSettings(players=n, levels=tuple(box.value for box in self.levels[:n]),
                                seed=self.seed_of(self.seed), game=self.game)
        settings.game_settings()
        return settings
