"""A pupil's side of a class: "Join a class" (code and first name, or ``?class=K7PXM``),
a discreet line with the class's name, the progress reported to the teacher, and the
teacher's commands obeyed (a lesson opened, a class deal, "eyes on me", the end).

The pupil's place is read from the app now and then (:meth:`ClassPupil.tick`, every
second while a kernel loop runs) and written only when it changed; a lesson step
done, a hint or a wrong try is written as it happens (the tutorial's and the game
screen's listeners). The browser keeps ``{"role": "pupil", "code", "token", "seq"}``
(``skipbo-widgets/class``): a reload goes on in the class, and a command already
obeyed is not obeyed again.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol
from urllib.parse import parse_qs

import ipywidgets as w

from ...classes import ClassError, Classes
from ...classes.used_well import rules_used_well
from ...core.errors import GameError
from ...rooms import StoreUnavailable, open_store
from ...rooms.records import CODE_ALPHABET
from ...tutorials.lesson import Step, all_lessons, course
from ..page.store import BrowserStore
from ..page.testids import testid
from ..shell.game_screen import GameScreen, _running_loop
from ..shell.settings import settings_from_query
from ..table.play import AnyGamePlay, PlaysInMatch
from .words import class_error_said

if TYPE_CHECKING:
    from ...tutorials import Feedback, StepRun
    from ..shell.app import App

STORE_KEY = "skipbo-widgets/class"
#: A pupil's page says it is there this often even when nothing changes.
SEEN_EVERY = 20.0


class Played(Protocol):
    """What a pupil's class hears of a table, alike for the game screen (against bots) and
    a room's table (:class:`~..rooms.screens.RoomFlow`): neither is named by game."""

    listeners: list[Callable[[Any], None]]
    #: Hints asked on this table so far.
    hints_asked: int
    #: The pupil's turn the last change finished (each move with the view before it).
    turn_finished: list[tuple[Any, Any]]

    @property
    def game_id(self) -> str: ...

    @property
    def play(self) -> AnyGamePlay: ...

    def deal_over(self) -> tuple[str, bool] | None:
        """The deal on the table ended: its key, and whether the pupil wins (leads)."""
        ...


def _box(text: str, css: str, name: str) -> w.HTML:
    return testid(w.HTML(f'<div class="{css}">{html.escape(text)}</div>'), name)


class ClassPupil:
    """The class of this page's pupil, if any; ``widget`` sits above the app's body."""

    def __init__(self, app: App, *, classes: Classes | None = None) -> None:
        self.app = app
        self._classes = classes
        self.store = BrowserStore(key=STORE_KEY)
        self.store.on_stored(self._on_stored)
        self.code = self.token = self.class_name = ""
        self.seq = 0
        self.version = 0
        self.paused = False
        #: A line said under the class's name (a key and its parameters), until the
        #: pupil leaves the screen it was said on.
        self.said: tuple[str, str] | None = None
        self._reported: dict[str, Any] | None = None
        self._seen = 0.0
        self._offline = False
        self._hints: dict[int, int] = {}
        #: Hints asked on each game screen up to the pupil's last finished turn.
        self._turn_hints: dict[int, int] = {}
        #: The deals counted from this kernel (the record keeps their keys too: a reload
        #: does not count a room's deal again).
        self._over: set[str] = set()
        self._task: asyncio.Task[None] | None = None
        self.line = testid(w.HTML(), "class-line")
        self.pause = testid(w.VBox(layout=w.Layout(display="none", padding="48px 12px")),
                            "class-pause")
        #: The class's line and the pause screen: out of the page's flow while empty, so
        #: a page in no class is laid out as before (the store sits with the app's others).
        self.widget = w.VBox([self.line, self.pause], layout=w.Layout(display="none"))
        #: The teacher's side on this page, if the teacher is here (set by the app).
        self.teacher_here: Callable[[], bool] = lambda: False
        app.room_flow.listeners.append(self._game_changed)

    @property
    def classes(self) -> Classes:
        if self._classes is None:
            self._classes = Classes(open_store())
        return self._classes

    @property
    def joined(self) -> bool:
        return bool(self.token)

    # -- joining ------------------------------------------------------------------------

    def join(self, code: str, name: str) -> Callable[[], str] | None:
        """Join with a code and a first name: ``None``, or what went wrong, worked out
        in words when shown (it follows the language)."""
        try:
            joined = self.classes.join(code, name)
            self.class_name = self.classes.me(joined.code, joined.token)["class_name"]
        except ClassError as err:
            return class_error_said(err, lambda: self.app.lang)
        except StoreUnavailable:
            return lambda: self.app.tr("class.offline")
        self.code, self.token, self.seq = joined.code, joined.token, 0
        with contextlib.suppress(ClassError, StoreUnavailable):
            self.seq = self.classes.orders(self.code, self.token, after=0).seq  # not the past
        self._keep()
        self.relabel()
        self._follow()
        return None

    def _on_stored(self, text: str) -> None:
        kept = kept_class(text, "pupil")
        if kept is None or self.joined:
            return
        code, token, seq = kept.get("code"), kept.get("token"), kept.get("seq")
        if not (isinstance(code, str) and isinstance(token, str) and isinstance(seq, int)):
            return
        try:
            self.class_name = self.classes.me(code, token)["class_name"]
        except ClassError:
            self.store.value = ""  # the class ended, or expired: free play
            return
        except StoreUnavailable:
            return
        self.code, self.token, self.seq = code, token, seq
        self.relabel()
        self._follow()

    def _keep(self) -> None:
        self.store.value = json.dumps({"role": "pupil", "code": self.code, "token": self.token,
                                       "seq": self.seq}) if self.token else ""

    def leave(self) -> None:
        """The class ended (or is gone): back to free play, nothing of it kept."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self.code = self.token = self.class_name = ""
        self._keep()
        self._unpause()
        self.said = ("class.ended", "")
        self.relabel()
        if self.app.screen == "home":
            self.app.show_home()  # "Join a class" again

    # -- what the page shows ------------------------------------------------------------

    def relabel(self) -> None:
        tr = self.app.tr
        if not self.joined:
            said = tr(self.said[0]) if self.said else ""
            self.line.value = (f'<div class="sb-class-line sb-box sb-box-info">'
                               f"{html.escape(said)}</div>") if said else ""
        else:
            name = (tr("class.line", name=self.class_name) if self.class_name
                    else tr("class.line_unnamed"))
            parts = [f'<span class="sb-class-name">{html.escape(name)}</span>']
            if self._offline:
                parts.append(f'<span class="sb-class-said">{html.escape(tr("class.offline"))}'
                             "</span>")
            elif self.said is not None:
                parts.append(f'<span class="sb-class-said">{html.escape(tr(self.said[0]))}'
                             "</span>")
            self.line.value = ('<div class="sb-class-line" style="opacity:0.75;font-size:0.9em">'
                               + " · ".join(parts) + "</div>")
        if self.paused:
            self.pause.children = [
                _box(tr("class.pause.title"), "sb-class-pause-title", "class-pause-title"),
                _box(tr("class.pause.text"), "sb-form-note", "class-pause-text")]
        self.widget.layout.display = "" if self.line.value or self.paused else "none"

    def _pause(self) -> None:
        if self.paused:
            return
        self.paused = True
        self.pause.layout.display = ""
        self.app.body.layout.display = "none"
        self.relabel()

    def _unpause(self) -> None:
        if not self.paused:
            return
        self.paused = False
        self.pause.layout.display = "none"
        self.app.body.layout.display = ""
        self.relabel()

    # -- the teacher's commands ---------------------------------------------------------

    def poll(self) -> None:
        """Read the commands for this pupil and obey the new ones (a waiting loop calls
        this when the orders change; tests call it)."""
        if not self.joined:
            return
        try:
            orders = self.classes.orders(self.code, self.token, after=self.seq)
        except ClassError:
            self.leave()
            return
        except StoreUnavailable:
            self._set_offline(True)
            return
        self._set_offline(False)
        self.version = orders.version
        for item in orders.items:
            self.seq = max(self.seq, int(item["seq"]))
            self._obey(item)
        self._keep()
        if orders.paused:
            self._pause()
        else:
            self._unpause()
        self.tick(force=True)

    def _obey(self, item: dict[str, Any]) -> None:
        kind, args = item["kind"], item["args"]
        app = self.app
        if kind == "lesson":
            lessons = all_lessons()
            first = next((i for i, lesson in enumerate(lessons)
                          if lesson.game == args["game"]), None)
            if first is None:
                return
            own = course(lessons, first)
            index = min(own.start + int(args["lesson"]) - 1, own.stop - 1)
            app.learning.learn(args["game"])
            assert app.tutorial is not None
            app.tutorial.go(index, 0)
            self.said = ("class.opened_lesson", "learn")
        elif kind == "deal":
            try:
                settings = settings_from_query(parse_qs(args["query"]))
            except GameError:
                return
            if settings is not None:
                app.start(settings)
                self.said = ("class.opened_deal", "game")
        elif kind == "seat":
            # The room's own flow from here on: the class ending leaves the room alone.
            app.room_flow._enter(str(args["room"]), str(args["token"]))
            self.said = ("class.opened_room", "room")
        self.relabel()

    def _set_offline(self, offline: bool) -> None:
        if offline != self._offline:
            self._offline = offline
            self.relabel()

    # -- progress -------------------------------------------------------------------------

    def where(self) -> dict[str, Any]:
        """Where this pupil is, as the class view says it."""
        app = self.app
        screen = app.screen
        if self.paused:
            return {"screen": "paused"}
        if screen == "learn" and app.tutorial is not None:
            tutorial = app.tutorial
            own = course(tutorial.lessons, tutorial.lesson)
            return {"screen": "lesson", "game": tutorial.step.game,
                    "lesson": tutorial.lesson - own.start + 1, "step": tutorial.step_index + 1}
        if screen == "game" and app.game_screen is not None:
            return {"screen": "game", "game": app.game_screen.settings.kind.id,
                    "players": app.game_screen.settings.players}
        flow = app.room_flow
        if screen == "room" and flow.room is not None and flow.game_id:
            mine = flow.room.get("seat")
            seats = [s for s in flow.room.get("seats", []) if s.get("seat") != mine]
            # The computer's seats are not the class's pupils, even when it plays under a name.
            others = [str(s["name"]) for s in seats if s.get("name") and not s.get("bot")][:8]
            return {"screen": "room", "game": flow.game_id, "room": flow.code,
                    "with": others, "computer": min(8, sum(bool(s.get("bot")) for s in seats))}
        return {"screen": "home"}

    def tick(self, *, force: bool = False) -> None:
        """Say where the pupil is, if that changed (or every :data:`SEEN_EVERY` s)."""
        if not self.joined:
            return
        for table in (self.app.game_screen, self.app.room_flow):
            if table is not None:
                self._count_hints(table)
        where = self.where()
        if self.said is not None and self.said[1] and self.said[1] != self.app.screen:
            self.said = None
            self.relabel()
        now = time.monotonic()
        if where == self._reported and now - self._seen < SEEN_EVERY and not force:
            return
        self._write(lambda: self.classes.place(self.code, self.token, where))
        self._reported, self._seen = where, now

    def _write(self, report: Callable[[], object]) -> None:
        try:
            report()
        except ClassError:
            self.leave()
        except StoreUnavailable:
            self._set_offline(True)
        else:
            self._set_offline(False)

    def lesson_try(self, step: Step, feedback: Feedback, run: StepRun) -> None:
        """The tutorial judged a try (its listener): a step done teaches (or, without a
        hint or a wrong try, masters) the step's rules; a wrong try, and a move shown,
        are counted."""
        if not self.joined:
            return
        if feedback.kind == "done":
            self._write(lambda: self.classes.step_done(
                self.code, self.token, list(step.rules), mastered=run.failures == 0,
                step=step.key))
            tutorial = self.app.tutorial
            if tutorial is not None and tutorial.lessons[tutorial.lesson].steps[-1] is step:
                self._write(lambda: self.classes.lesson_finished(
                    self.code, self.token, step.game, step.lesson))
        elif feedback.kind in ("wrong", "illegal"):
            hints = 1 if feedback.show is not None else 0
            self._write(lambda: self.classes.tried(self.code, self.token, hints=hints,
                                                   wrong=1, step=step.key))
        self.tick()

    def follow_game(self, screen: GameScreen | None) -> None:
        """Hear a new game screen: hints asked, and the game played to its end."""
        if screen is not None:
            screen.listeners.append(self._game_changed)

    def _judge_turn(self, screen: Played) -> None:
        """A turn of the pupil's finished: the rules it used well are mastered, if the
        turn review grades it good and no hint was asked since the pupil's last turn."""
        key = id(screen)
        hinted = screen.hints_asked > self._turn_hints.get(key, 0)
        self._turn_hints[key] = screen.hints_asked
        if hinted:
            return
        play = screen.play
        totals = play.totals() if isinstance(play, PlaysInMatch) else None
        rules = rules_used_well(screen.game_id, screen.turn_finished, totals)
        if rules:
            self._write(lambda: self.classes.used_well(self.code, self.token, list(rules)))

    def _count_hints(self, screen: Played) -> None:
        asked = screen.hints_asked - self._hints.get(id(screen), 0)
        if asked > 0 and self.joined:
            self._hints[id(screen)] = screen.hints_asked
            self._write(lambda: self.classes.tried(self.code, self.token, hints=asked))

    def _game_changed(self, screen: Played) -> None:
        """A change at a table (the game screen's or a room's): a finished turn judged,
        hints counted, and a deal that ended counted once as a game played (and won)."""
        if not self.joined:
            return
        if screen.turn_finished:
            self._judge_turn(screen)
        self._count_hints(screen)
        over = screen.deal_over()
        if over is not None and over[0] not in self._over:
            deal, won = over
            self._over.add(deal)
            self._write(lambda: self.classes.game_over(
                self.code, self.token, screen.game_id, won=won, deal=deal))
        self.tick()

    # -- the waiting loop -----------------------------------------------------------------

    def _follow(self) -> None:
        self.poll()
        loop = _running_loop()
        if loop is None or (self._task is not None and not self._task.done()):
            return
        self._task = loop.create_task(self._run())

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while self.joined:
            try:
                changed = await loop.run_in_executor(
                    None, self.classes.wait, self.code, self.version, 1.0)
            except StoreUnavailable:
                self._set_offline(True)
                await asyncio.sleep(1.0)
                continue
            except ClassError:
                self.leave()
                return
            if changed:
                self.poll()
            else:
                self.tick()


def kept_class(text: str, role: str) -> dict[str, Any] | None:
    """What the browser kept of a class for ``role`` (``pupil``, ``teacher``), unchecked
    beyond its shape (the class checks the rest), or ``None``."""
    try:
        kept = json.loads(text) if text else {}
    except ValueError:
        return None
    return kept if isinstance(kept, dict) and kept.get("role") == role else None


def clean_code(code: str) -> str:
    """What a link's ``?class=`` gives the join form (only the code's own letters)."""
    code = code.strip().upper()[:5]
    return code if all(c in CODE_ALPHABET for c in code) else ""
