"""The game screen: the card table, and beside it hints, undo, bot pace, the log and the score.

Every game is played alike here; what is one game's own (its bots, hints,
review, log sentences, score panel, end) comes from its
:class:`~..table.play.GamePlay`, found by the settings' game.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import secrets
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ...i18n import t
from ..page.testids import plain_text, testid
from ..table.controller import TableController, default_names
from ..table.log import LogLine
from ..table.play import play_for, play_in
from .settings import AnyMatch, Settings

#: Seconds between two bot moves, per speed setting.
SPEEDS = {"slow": 1.4, "normal": 0.7, "fast": 0.25}
#: Seconds before the first move of a bot's turn: at "slow" a whole bot turn takes 3 s or
#: more, time for a grandparent to see who moves and what (a Skyjo turn of one take 3 s, of
#: a draw and its place 4.4 s; a Skip-Bo turn 3 s plus 1.4 s for each further move).
TURN_PAUSES = {"slow": 3.0, "normal": SPEEDS["normal"], "fast": SPEEDS["fast"]}


class GameScreen:
    """One match (or single game) against bots; the learner sits in seat 0."""

    #: The seat the screen speaks to as "you" (-1: nobody, as at a hot-seat table).
    me = 0
    #: The table controller's class (a hot-seat table hides the hands between turns).
    Controller: type[TableController] = TableController

    def __init__(self, settings: Settings, match: AnyMatch, *, lang: str,
                 on_save: Callable[[GameScreen], None], on_save_file: Callable[[], None],
                 on_menu: Callable[[], None], on_new: Callable[[], None],
                 animate: bool | None = None) -> None:
        self.settings = settings
        self.match = match
        # Bound to this match: a game's bots and hints may weigh its totals.
        self.play = play_in(play_for(settings.kind.id), match, whole=settings.match)
        self.lang = lang
        self._on_save = on_save
        self.speed = "normal"
        self.animate = animate
        self._bot_task: asyncio.Task[None] | None = None
        #: The turn (number, seat) of the last bot move paced: a new one waits longer.
        self._paced: tuple[int, int] | None = None
        self._skip = False
        #: Set by "Skip": ends the pause between two bot moves at once.
        self._woken: asyncio.Event | None = None
        #: Set when another game replaced this one: its bots stop and it is no longer kept.
        self.closed = False
        #: Hear every change of the game (a teacher's class counts games and hints).
        self.listeners: list[Callable[[GameScreen], None]] = []
        #: Says a text once to a screen reader (the app sets it: its live region).
        self.say: Callable[[str], None] = lambda _text: None
        #: The turn whose start was said to the learner ("Your turn").
        self._turn_said = -1
        self.hints_asked = 0
        #: This screen's own name for its games, unlike any other's (an ``id()`` may come
        #: again in another kernel, and a class keeps the keys of the deals it counted).
        self._key = secrets.token_hex(6)

        self.table_box = w.Box(layout=w.Layout(flex="1 1 640px", min_width="0"))
        self.turn_info = w.HTML()
        self.hint_box = w.HTML()
        self.review_box = w.HTML()
        self.log_box = w.HTML()
        self.score_box = w.HTML()
        self.score_box.add_class("sb-score-box")
        self.end_box = w.VBox()
        self.hint_button = testid(w.Button(icon="lightbulb-o"), "hint")
        self.undo_button = testid(w.Button(icon="undo"), "undo")
        self.skip_button = testid(w.Button(icon="forward"), "skip")
        self.speed_picker = testid(w.ToggleButtons(options=list(SPEEDS), value="normal",
                                                   style={"button_width": "auto"}), "speed")
        self.menu_button = testid(w.Button(icon="home"), "menu")
        self.new_button = testid(w.Button(icon="refresh"), "new-game")
        self.save_button = testid(w.Button(icon="download"), "save-file")
        self.next_button = testid(w.Button(button_style="success", icon="play"), "next-game")
        #: A saved file is plain JSON with every card in it: said where it is saved.
        self.save_note = testid(w.HTML(), "save-note")
        self.hint_button.on_click(lambda _b: self.show_hint())
        self.undo_button.on_click(lambda _b: self.undo())
        self.skip_button.on_click(lambda _b: self.skip())
        self.menu_button.on_click(lambda _b: on_menu())
        self.new_button.on_click(lambda _b: on_new())
        self.save_button.on_click(lambda _b: on_save_file())
        self.next_button.on_click(lambda _b: self.next_game())
        self.speed_picker.observe(lambda c: setattr(self, "speed", c["new"]), names="value")

        #: Whose turn it is, hint and undo: on a phone they stay at the foot of the screen
        #: (app.css), where the learner's hand is, instead of below a table taller than it.
        self.actions = w.VBox([self.turn_info, w.HBox([self.hint_button, self.undo_button]),
                               self.hint_box])
        self.actions.add_class("sb-actions")
        side = w.VBox([
            self.actions, self.end_box, self.review_box,
            w.HBox([self.speed_picker, self.skip_button]),
            self.score_box, self.log_box,
            w.HBox([self.save_button, self.new_button, self.menu_button]), self.save_note,
        ], layout=w.Layout(flex="0 1 320px", min_width="260px"))
        side.add_class("sb-side")
        self.widget = w.HBox([self.table_box, side],
                             layout=w.Layout(flex_flow="row wrap", width="100%"))
        self.widget.add_class("sb-game-screen")
        self._start_game()
        self.set_lang(lang)

    # -- the game ---------------------------------------------------------

    def _start_game(self) -> None:
        game = self.match.game
        if not hasattr(self, "_past_games"):
            #: The match's earlier rounds (games) played on this screen, for the log; the
            #: rounds before a reload are not here (a kept game keeps only their scores).
            self._past_games: list[Any] = []
            self._past_logs: list[Any] = []
        bots = self.play.bots(self.settings.levels, self.match.seed)
        self.controller = self.Controller(game, seat=0, lang=self.lang, bots=bots,
                                          names=self._names(), practice=self.settings.practice)
        self._new_log()
        self.controller.on_events(self._on_events)
        self.table_box.children = [self.controller.table]
        # Each game (round) of a match climbs its own hint ladder: a position of the last one
        # with the same turn and move count is another position.
        self.coach = self.play.new_coach()
        self.hint_box.value = ""
        #: The learner's last finished turn, reviewed in whatever language is chosen.
        self._reviewed: list[tuple[Any, Any]] = []
        #: The learner's turn the last change finished, each move with what they saw
        #: before it (empty after any other change): a teacher's class hears it.
        self.turn_finished: list[tuple[Any, Any]] = []
        self._show_review()
        self._after_change()

    def _on_events(self, events: list[Any]) -> None:
        if events:
            known = len(self.log.lines)
            self.log.add(events)
            for line in self.log.lines[known:]:
                self.say(line.text)
        else:  # an undo: the log follows the game back, and the review is stale
            self.log.rebuild(self.controller.game.events)
            self._reviewed = []
            self._show_review()
        self.hint_box.value = ""
        finished, self.controller.finished_turn = self.controller.finished_turn, []
        self.turn_finished = finished
        if finished and self.settings.hints:
            self._reviewed = finished
            self._show_review()
            self.say(plain_text(self.review_box.value))
        if self.controller.game.is_over:
            self.say(plain_text(self.play.end_text(self.controller.game, tr=self.tr)))
        elif (self.controller.my_turn and self._turn_said != self.controller.game.turn
              and not self.controller.view.get("phase_label")):
            # The learner's turn starts (a table with a phase line, Skyjo's, says it there).
            self._turn_said = self.controller.game.turn
            self.say(self.tr("ui.your_turn"))
        self._after_change()

    def _show_review(self) -> None:
        steps = self._reviewed
        self.review_box.value = self.play.review_html(
            steps, lang=self.lang, names=self.controller.names) if steps else ""

    def _after_change(self) -> None:
        if self.closed:
            return
        if self.controller.game.is_over:
            self.match.record()
        self._on_save(self)
        for listener in self.listeners:
            listener(self)
        self._update_side()
        self._schedule_bots()

    @property
    def finished(self) -> bool:
        """Nothing left to play: the match is decided, or a single game is over."""
        return self.match.is_over or (self.match.game.is_over and not self.settings.match)

    # -- what a teacher's class hears (a room's table says the same) -------------------

    @property
    def game_id(self) -> str:
        return self.settings.kind.id

    def deal_over(self) -> tuple[str, bool] | None:
        """The game (a match's round) on the table ended: a key of its own on this
        screen, and whether the learner wins or leads the match (``play.winners``)."""
        if not self.controller.game.is_over:
            return None
        return (f"game:{self._key}:{len(self._past_games)}",
                self.me in self.play.winners(self.match))

    def close(self) -> None:
        """Stop this game for good (a new game replaces it): its bots stop moving."""
        self.closed = True
        if self._bot_task is not None:
            self._bot_task.cancel()

    # -- bots at a pace a learner can follow ----------------------------------

    def _schedule_bots(self) -> None:
        if self._bot_task is not None or not self.controller.bots_to_move:
            return
        loop = _running_loop() if self.animate is not False else None
        if loop is None:  # no kernel event loop (plain Python, tests): play at once
            self.controller.run_bots()
            return
        self._bot_task = loop.create_task(self._play_bots())

    async def _play_bots(self) -> None:
        try:
            while self.controller.bots_to_move and not self.closed:
                game = self.controller.game
                turn = (game.turn, game.current)
                pauses = SPEEDS if turn == self._paced else TURN_PAUSES
                self._paced = turn
                if not self._skip:
                    await self._pause(pauses.get(self.speed, 0.7))
                if not self.closed:
                    self.controller.step_bot()
        finally:
            self._bot_task = None
            self._skip = False
            self._update_side()

    async def _pause(self, seconds: float) -> None:
        """Wait ``seconds`` between two bot moves, or less if "Skip" is pressed meanwhile."""
        self._woken = asyncio.Event()
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self._woken.wait(), seconds)

    def skip(self) -> None:
        """Let the bots finish their turns at once (also cutting short the pause under way)."""
        self._skip = True
        if self._woken is not None:
            self._woken.set()
        if self._bot_task is None and not self.closed:
            self.controller.run_bots()

    # -- learner actions ----------------------------------------------------

    def undo(self) -> None:
        if self._bot_task is not None:
            return
        self.controller.undo()

    def show_hint(self) -> None:
        """The next step of the hint ladder for the learner's position."""
        c = self.controller
        if not (c.my_turn and self.settings.hints):
            return
        position = (c.game.turn, len(c.game.move_stack))
        self.hints_asked += 1
        self.hint_box.value, move = self.coach.hint_html(
            c.observation(), position, lang=self.lang, names=c.names)
        c.show_move(move)
        self.say(plain_text(self.hint_box.value))

    def next_game(self) -> None:
        if self.match.is_over or not self.controller.game.is_over:
            return
        self._past_games.append(self.match.game)
        self._past_logs.append(self.log)
        self.match.next_game()
        self._start_game()

    # -- showing ------------------------------------------------------------

    def set_lang(self, lang: str) -> None:
        """Show every text in ``lang`` (the game itself is untouched)."""
        self.lang = lang
        tr = self.tr
        self.controller.lang = lang
        self.controller.names[:] = self._names()
        self._new_log()
        self.hint_button.description = tr("ui.hint")
        self.undo_button.description = tr("game.undo_turn" if self.settings.practice
                                          else "ui.undo")
        self.skip_button.description = tr("game.skip")
        speed = self.speed  # new options reset the picker's value: keep the learner's choice
        self.speed_picker.options = [(tr(f"game.speed.{s}"), s) for s in SPEEDS]
        self.speed_picker.value = self.speed = speed
        self.menu_button.description = tr("game.menu")
        self.new_button.description = tr("ui.new_game")
        self.save_button.description = tr("game.save_file")
        self.save_note.value = f'<p class="sb-note">{html.escape(tr("game.save_file_note"))}</p>'
        self.next_button.description = tr("game.next_game")
        self._show_review()
        if self.hint_box.value:
            self.hint_box.value = self.coach.shown_html(self.controller.observation(), lang=lang,
                                                        names=self.controller.names)
        self.controller.refresh()
        self._update_side()

    def _names(self) -> list[str]:
        """The seats' names in the current language."""
        return default_names(self.match.game.rules.players, 0, self.lang)

    def _new_log(self) -> None:
        c = self.controller
        self.log = self.play.new_log(c.game, lang=self.lang, names=c.names)
        if any(log.lang != self.lang for log in self._past_logs):
            self._past_logs = [self.play.new_log(game, lang=self.lang, names=c.names)
                               for game in self._past_games]

    def tr(self, key: str, **params: Any) -> str:
        return t(key, self.lang, names=self.controller.names, **params)

    def _update_side(self) -> None:
        c = self.controller
        game = c.game
        box = self._turn_box()
        last = next((line for line in reversed(self.log.lines)
                     if line.seat not in (self.me, None)), None)
        if box and last is not None:
            # A phone shows the table's middle off screen: the bar at its foot says what
            # the computer players did last (app.css shows this line only there).
            box += (f'<div class="sb-last-move" data-testid="last-move">'
                    f"{html.escape(last.text)}</div>")
        self.turn_info.value = box
        self.undo_button.disabled = not c.can_undo() or self._bot_task is not None
        # Off because the move showed a card: the button's title says so (a screen reader
        # reads it as the button's description).
        refusal = c.undo_refusal() if self.undo_button.disabled else None
        self.undo_button.tooltip = self.tr(refusal) if refusal else ""
        self.hint_button.disabled = not (c.my_turn and self.settings.hints)
        self.skip_button.disabled = not c.bots_to_move
        self.log_box.value = self._log_html()
        self.score_box.value = self.play.score_html(self.match, whole=self.settings.match,
                                                    tr=self.tr)
        self.end_box.children = self._end_children() if game.is_over else ()

    def _turn_box(self) -> str:
        """Whose turn it is, said to the learner as "your turn" when it is theirs; a table
        that says more (Skyjo: "turn two of your cards", the last turns) says it here too,
        where a phone keeps it in sight."""
        c = self.controller
        if c.game.is_over:
            return ""
        kind = "turn" if c.my_turn else "wait"
        phase = c.view.get("phase_label")
        if phase:
            return _box(phase, kind)
        if c.my_turn:
            return _box(self.tr("ui.your_turn"), kind)
        return _box(self.tr("ui.player_turn", player=c.game.current), kind)

    def _log_html(self) -> str:
        """The whole game, newest first; in a match, each round (game) under its heading."""
        kind = self.settings.kind.id
        # Rounds (games) of the match before this screen's first: played before a reload.
        unseen = len(self.match.results) - (1 if self.match.scored else 0) \
            - len(self._past_logs)
        rounds: list[list[LogLine] | None] = [None] * max(unseen, 0)
        rounds += [log.lines for log in self._past_logs] + [self.log.lines]
        parts = []
        for number, lines in reversed(list(enumerate(rounds, start=1))):
            if self.settings.match:
                heading = html.escape(self.tr(f"log.heading.{kind}", number=number))
                parts.append(f'<div class="sb-log-heading">{heading}</div>')
            if lines is None:
                text = html.escape(self.tr(f"log.not_kept.{kind}"))
                parts.append(f'<ol><li class="sb-log-line sb-log-gone">{text}</li></ol>')
                continue
            newest = lines is self.log.lines
            items = []
            for i, line in enumerate(reversed(lines)):
                last = " sb-log-last" if newest and i == 0 else ""
                mine = " sb-log-mine" if line.seat == self.me else ""
                items.append(f'<li class="sb-log-line{last}{mine}">{html.escape(line.text)}</li>')
            parts.append(f'<ol reversed>{"".join(items)}</ol>')
        title = html.escape(self.tr("game.log"))
        return (f'<div class="sb-log" data-testid="move-log"><div class="sb-log-title">{title}'
                f'</div><div class="sb-log-scroll" tabindex="0">{"".join(parts)}</div></div>')

    def _end_children(self) -> tuple[w.Widget, ...]:
        text = self.play.end_text(self.controller.game, tr=self.tr)
        if not text:
            return ()
        children: list[w.Widget] = [w.HTML(_box(text, "end", testid="game-over"))]
        if self.settings.match:
            if self.match.is_over:
                # The game's winner first: never "you have the fewest points" above
                # "Mia wins" (issue 21).
                won = self._match_won(self.play.winners(self.match))
                children.insert(0, w.HTML(_box(won, "end")))
            else:
                children.append(self.next_button)
        return tuple(children)

    def _match_won(self, leaders: list[int]) -> str:
        return self.play.match_won(self.match, leaders, tr=self.tr)


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's event loop, which paces the bots (``None`` outside a kernel)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _box(text: str, kind: str, testid: str | None = None) -> str:
    attr = f' data-testid="{testid}"' if testid else ""
    return f'<div class="sb-box sb-box-{kind}"{attr}>{html.escape(text)}</div>'
