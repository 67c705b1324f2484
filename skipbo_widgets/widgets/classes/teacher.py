"""The teacher's screens: start a class, the class view, and the pupils' join form.

The class view is live: while a kernel loop runs it reads the class every second and
draws again only when a record's version changed. One row per pupil — where they
are, each rule of both games (○ taught, ● mastered) under its short name in the
teacher's language, hints, wrong tries, lessons finished, games played and won —
sortable, a pupil's details below, and the actions on the whole class or the pupils
chosen. The teacher's browser keeps ``{"role": "teacher", "code", "secret"}``
(``skipbo-widgets/class``): a reload comes back to the same class view.
"""

from __future__ import annotations

import asyncio
import contextlib
import csv
import html
import io
import json
import secrets
from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING, Any, TypeVar

import ipywidgets as w

from ...classes import RULES_BY_GAME, ClassError, ClassView
from ...core.errors import GameError
from ...games import GAMES
from ...rooms import Rooms, StoreUnavailable
from ...tutorials.lesson import all_lessons
from ..page.testids import testid
from ..rooms.messages import error_text
from ..shell.game_screen import _running_loop
from .class_table import RULE_VIEWS, ClassTable, mastered_count, table_html, where_text
from .pupil import clean_code, kept_class
from .words import class_error_said, class_error_text

if TYPE_CHECKING:
    from ..shell.app import App

W = TypeVar("W", bound=w.ValueWidget)
#: How often the live view reads the class (a pupil's step shows within this and a redraw).
REFRESH = 1.0
SORTS = ("name", "where", "mastered", "hints", "lessons", "games")
#: The bots' levels a teacher seats with: those every game has, weakest first.
BOT_LEVELS = tuple(level for level in next(iter(GAMES.values())).bot_levels
                   if all(level in kind.bot_levels for kind in GAMES.values()))


def _button(label: str, name: str, action: Callable[[], None], style: str = "",
            icon: str = "") -> w.Button:
    button = testid(w.Button(description=label, button_style=style, icon=icon), name)
    button.on_click(lambda _b: action())
    return button


def _note(text: str, name: str, css: str = "sb-form-note") -> w.HTML:
    return testid(w.HTML(f'<div class="{css}">{html.escape(text)}</div>' if text else ""), name)


class ClassStartScreen:
    """The screen ``class-start``: the class's name (may stay empty) and "Start"."""

    def __init__(self, app: App) -> None:
        self.app = app
        #: The name typed, kept through a refusal or a new language; what went wrong.
        self.name = ""
        self.error: Callable[[], str] | None = None

    def set_lang(self, lang: str) -> w.Widget:
        return self.enter()

    def enter(self) -> w.Widget:
        tr = self.app.tr
        self.app.show_title("class.start.title")
        name = testid(w.Text(value=self.name, description=tr("class.start.name"),
                             style={"description_width": "initial"}), "class-name")
        name.observe(lambda c: setattr(self, "name", c["new"]), names="value")

        def start() -> None:
            self.error = self.app.class_view.start(name.value)
            if self.error:
                self.app.router.show("class-start")
            else:
                self.name = ""

        return w.VBox([
            w.HTML(f"<h2>{html.escape(tr('class.start.title'))}</h2>"), name,
            _note(tr("class.privacy"), "class-privacy"),
            _note(self.error() if self.error else "", "class-error", "sb-box sb-box-error"),
            w.HBox([_button(tr("ui.back"), "back", self.app.show_home, icon="arrow-left"),
                    _button(tr("class.start.go"), "class-start-go", start, "success",
                            "users")])], layout=w.Layout(padding="12px"))


class ClassJoinScreen:
    """The screen ``class-join``: a pupil types the class code and a first name."""

    def __init__(self, app: App) -> None:
        self.app = app
        #: What was typed, kept through a refusal or a new language; what went wrong.
        self.code = self.name = ""
        self.error: Callable[[], str] | None = None

    def show(self, code: str = "") -> None:
        self.code, self.error = clean_code(code), None
        self.app.router.show("class-join")

    def set_lang(self, lang: str) -> w.Widget:
        return self.enter()

    def enter(self) -> w.Widget:
        tr = self.app.tr
        self.app.show_title("class.join.title")
        style = {"description_width": "initial"}
        code = testid(w.Text(value=self.code, description=tr("class.join.code"), style=style),
                      "class-code-input")
        code.observe(lambda c: setattr(self, "code", c["new"]), names="value")
        name = testid(w.Text(value=self.name, description=tr("class.join.name"), style=style),
                      "class-pupil-name")
        name.observe(lambda c: setattr(self, "name", c["new"]), names="value")

        def join() -> None:
            self.error = self.app.class_pupil.join(code.value, name.value)
            if self.error:
                self.app.router.show("class-join")
            else:
                self.app.show_home()

        return w.VBox([
            w.HTML(f"<h2>{html.escape(tr('class.join.title'))}</h2>"), code, name,
            _note(tr("class.join.note"), "class-join-note"),
            _note(self.error() if self.error else "", "class-error", "sb-box sb-box-error"),
            w.HBox([_button(tr("ui.back"), "back", self.app.show_home, icon="arrow-left"),
                    _button(tr("class.join.go"), "class-join-go", join, "success",
                            "sign-in")])], layout=w.Layout(padding="12px"))


class ClassViewScreen:
    """The screen ``class-view``: the teacher's live table and actions."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.code = self.secret = ""
        self.view: ClassView | None = None
        self.sort = "name"
        self.details = ""
        #: Whose rule columns the table shows: a game's, or ``both`` (the game of the
        #: teacher's last command, until the teacher picks).
        self.rules = next(iter(RULES_BY_GAME))
        self.group: tuple[str, ...] = ()
        #: What the last command did, worked out when shown (it follows the language).
        self.said: Callable[[], str] | None = None
        self.error = ""
        #: The teacher's choices in the actions (game, lesson, deal, seats...), by name.
        self.choices: dict[str, Any] = {}
        #: The rows of those choices with their buttons, and the language they say: kept
        #: while the screen is drawn again (a pupil joins, a command is sent), so a choice
        #: the teacher has just made in the page is not replaced by a new list before
        #: Python has heard of it.
        self._choice_rows: tuple[list[w.Widget], str] | None = None
        self._end_asked = False
        self._task: asyncio.Task[None] | None = None
        app.class_pupil.store.on_stored(self._on_stored)

    # The view's widgets are made when it is first shown: every app has a ClassViewScreen
    # (a teacher's reload goes back to the class), few show it.
    @cached_property
    def table(self) -> ClassTable:
        table = testid(ClassTable(), "class-table")
        table.on_pick(self.pick)
        return table

    @cached_property
    def widget(self) -> w.VBox:
        return w.VBox(layout=w.Layout(padding="12px", width="100%"))

    @property
    def classes(self) -> Any:
        return self.app.class_pupil.classes

    def tr(self, key: str, **params: Any) -> str:
        return self.app.tr(key, **params)

    def _offline(self) -> str:
        return self.tr("class.offline")

    # -- the class ------------------------------------------------------------------------

    def start(self, name: str) -> Callable[[], str] | None:
        """Start a class named ``name``: ``None`` (the view is shown), or what went wrong,
        worked out in words when shown."""
        try:
            opened = self.classes.create(name)
        except ClassError as err:
            return class_error_said(err, lambda: self.app.lang)
        except StoreUnavailable:
            return self._offline
        self.code, self.secret = opened.code, opened.secret
        self.app.class_pupil.store.value = json.dumps(
            {"role": "teacher", "code": self.code, "secret": self.secret})
        self.refresh()
        self.app.router.show("class-view")
        self._live()
        return None

    def _on_stored(self, text: str) -> None:
        kept = kept_class(text, "teacher")
        if kept is None or self.secret:
            return
        code, secret = kept.get("code"), kept.get("secret")
        if not (isinstance(code, str) and isinstance(secret, str)):
            return
        self.code, self.secret = code, secret
        try:
            self.view = self.classes.view(code, secret)
        except ClassError:
            self.code = self.secret = ""
            self.app.class_pupil.store.value = ""  # ended, or expired
            return
        except StoreUnavailable:
            self.error = self.tr("class.offline")
        self.app.router.show("class-view")
        self._live()

    def refresh(self) -> bool:
        """Read the class again; whether anything changed (then the table is redrawn)."""
        if not self.secret:
            return False
        try:
            view = self.classes.view(self.code, self.secret)
        except ClassError as err:
            self.error = class_error_text(err, self.app.lang)
            self._draw_table()
            return True
        except StoreUnavailable:
            if self.error != self.tr("class.offline"):
                self.error = self.tr("class.offline")
                self._draw_table()
            return False
        changed = self.view is None or view.versions != self.view.versions or bool(self.error)
        joined = self.view is None or [r["id"] for r in view.pupils] != [
            r["id"] for r in self.view.pupils]
        self.view, self.error = view, ""
        if joined and self.app.screen == "class-view":
            self.app.router.show("class-view")  # the group and details lists too
        elif changed:
            self._draw_table()
        return changed

    def _live(self) -> None:
        loop = _running_loop()
        if loop is None or (self._task is not None and not self._task.done()):
            return
        self._task = loop.create_task(self._run())

    async def _run(self) -> None:
        beats = 0
        while self.secret:
            await asyncio.sleep(REFRESH)
            if self.app.screen == "class-view":
                self.refresh()
            beats += 1
            if beats % 60 == 0:
                with contextlib.suppress(StoreUnavailable):
                    self.classes.keep_alive(self.code)

    # -- the screen -------------------------------------------------------------------------

    def set_lang(self, lang: str) -> w.Widget:
        return self.enter()

    def enter(self) -> w.Widget:
        app, tr = self.app, self.tr
        view = self.view
        app.show_title("class.view.title")
        name = view.name if view is not None and view.name else ""
        title = tr("class.view.heading", name=name) if name else tr("class.view.title")
        link = f"{app.shell.address}?class={self.code}" if app.shell.address \
            else f"?class={self.code}"
        head = testid(w.HTML(
            f'<div class="sb-class-head"><span class="sb-class-title">'
            f"{html.escape(title)}"
            f'</span> <span class="sb-room-code" style="font-size:2em;letter-spacing:0.2em;'
            f'font-family:monospace;font-weight:bold" data-testid="class-code">'
            f"{html.escape(self.code)}</span></div>"
            f'<div class="sb-form-note">{html.escape(tr("class.view.code_note"))} '
            f"<code data-testid=\"class-link\">{html.escape(link)}</code></div>"), "class-head")
        rows = view.pupils if view is not None else []
        # Each list named by its own label (a screen reader says it; axe's select-name).
        sort = testid(w.Dropdown(options=[(tr(f"class.sort.{s}"), s) for s in SORTS],
                                 value=self.sort, description=tr("class.sort"),
                                 style={"description_width": "initial"},
                                 layout=w.Layout(width="auto")), "class-sort")
        sort.observe(lambda c: self._set(sort=c["new"]), names="value")
        ids = [r["id"] for r in rows]
        # The label above the list, not beside it: beside it, a long label took the whole
        # width a widget has and left the list two pixels wide (empty on a projector).
        group = testid(w.SelectMultiple(
            options=[(r["name"], r["id"]) for r in rows],
            value=tuple(p for p in self.group if p in ids), rows=min(6, max(2, len(rows))),
            description=tr("class.group"), style={"description_width": "initial"},
            layout=w.Layout(width="16em", flex_flow="column", align_items="stretch")),
            "class-group")
        group.add_class("sb-class-group")
        group.observe(lambda c: setattr(self, "group", tuple(c["new"])), names="value")
        rules = testid(w.ToggleButtons(
            options=[(GAMES[g].name if g in GAMES else tr("class.rules.both"), g)
                     for g in RULE_VIEWS], value=self.rules,
            style={"button_width": "auto"}), "class-rules")
        rules.observe(lambda c: self._set(rules=c["new"]), names="value")
        self._draw_table()
        self.table.lang = app.lang
        self.widget.children = [head, w.HBox([sort, w.Label(tr("class.rules")), rules],
                                             layout=w.Layout(flex_flow="row wrap",
                                                             align_items="center")),
                                self.table, group,
                                self._actions(),
                                _note(self.said() if self.said else "", "class-said",
                                      "sb-box sb-box-info")]
        return self.widget

    def _set(self, **changes: str) -> None:
        for name, value in changes.items():
            setattr(self, name, value)
        self._draw_table()

    def _sorted(self) -> list[dict[str, Any]]:
        rows = list(self.view.pupils) if self.view is not None else []
        key: dict[str, Callable[[dict[str, Any]], Any]] = {
            "name": lambda r: str(r["name"]).casefold(),
            "where": lambda r: (r["away"], r["where"]["screen"], r["where"].get("lesson", 0),
                                r["where"].get("step", 0)),
            "mastered": lambda r: -mastered_count(r),
            "hints": lambda r: -int(r["hints"]),
            "lessons": lambda r: -len(r["lessons"]),
            "games": lambda r: -sum(r["played"].values()),
        }
        return sorted(rows, key=key[self.sort])

    def pick(self, pupil: str) -> None:
        """The teacher picked a pupil's row: their details open below it (again: closed)."""
        ids = [r["id"] for r in self.view.pupils] if self.view is not None else []
        if pupil in ids:
            self._set(details="" if pupil == self.details else pupil)

    def _draw_table(self) -> None:
        tr = self.tr
        rows = self._sorted()
        empty = (f'<p data-testid="class-empty">{html.escape(tr("class.view.empty"))}</p>'
                 if not rows else "")
        error = (f'<div class="sb-box sb-box-error" data-testid="class-error">'
                 f"{html.escape(self.error)}</div>") if self.error else ""
        legend = html.escape(tr("class.legend"))
        self.table.value = (
            f'{error}<div class="sb-class-scroll">'
            f"{table_html(rows, tr, rules=self.rules, details=self.details)}</div>"
            f'{empty}<p class="sb-form-note">{legend} · '
            f'{html.escape(tr("class.view.count", number=len(rows)))}</p>')

    # -- the actions ------------------------------------------------------------------------

    def _kept(self, widget: W, name: str) -> W:
        """``widget`` showing the teacher's last choice ``name``, and keeping the next: the
        screen is drawn afresh after each command, and the choices stay as they were."""
        widget.value = self.choices.setdefault(name, widget.value)
        widget.observe(lambda c: self.choices.__setitem__(name, c["new"]), names="value")
        return widget

    def _actions(self) -> w.Widget:
        if self._choice_rows is None or self._choice_rows[1] != self.app.lang:
            self._choice_rows = (self._choices(), self.app.lang)
        return w.VBox([*self._choice_rows[0], self._commands()])

    def _choices(self) -> list[w.Widget]:
        """The rows where the teacher chooses what to send (game, lesson, deal, seats)."""
        tr, kept = self.tr, self._kept
        style = {"description_width": "initial"}
        game = testid(kept(w.Dropdown(options=[(k.name, g) for g, k in GAMES.items()],
                                      description=tr("class.act.game"), style=style), "game"),
                      "class-game")
        lesson = testid(kept(w.BoundedIntText(value=1, min=1, max=20,
                                              description=tr("class.act.lesson_number"),
                                              style=style, layout=w.Layout(width="12em")),
                             "lesson"), "class-lesson-number")
        deal = testid(kept(w.Text(value=str(secrets.randbelow(9000) + 1000),
                                  description=tr("class.act.deal_number"), style=style,
                                  layout=w.Layout(width="14em")), "deal"), "class-deal-number")
        row1 = w.HBox([game, lesson, _button(tr("class.act.lesson"), "class-send-lesson",
                                             lambda: self.send_lesson(game.value, lesson.value),
                                             "info", "graduation-cap")],
                      layout=w.Layout(flex_flow="row wrap", align_items="center"))
        players = testid(kept(w.Dropdown(options=[str(n) for n in range(2, 5)], value="2",
                                         description=tr("setup.players"), style=style,
                                         layout=w.Layout(width="10em")), "players"),
                         "class-deal-players")
        row2 = w.HBox([deal, players, _button(
            tr("class.act.deal"), "class-deal",
            lambda: self.send_deal(game.value, deal.value, int(players.value)),
            "success", "play")], layout=w.Layout(flex_flow="row wrap", align_items="center"))
        seats = testid(kept(w.Dropdown(options=[str(n) for n in range(2, 5)], value="2",
                                       description=tr("class.act.seats"), style=style,
                                       layout=w.Layout(width="12em")), "seats"), "class-seats")
        shuffle = testid(kept(w.Checkbox(value=True, description=tr("class.act.random"),
                                         indent=False), "shuffle"), "class-random")
        level = testid(kept(w.Dropdown(options=[(tr(f"setup.level.{v}"), v) for v in BOT_LEVELS],
                                       value="medium", description=tr("class.act.bots"),
                                       style=style, layout=w.Layout(width="auto")), "level"),
                       "class-bot-level")
        row_seat = w.HBox([seats, level, shuffle, _button(
            tr("class.act.seat"), "class-seat",
            lambda: self.seat(game.value, int(seats.value), shuffle=bool(shuffle.value),
                              level=level.value),
            "warning", "users")], layout=w.Layout(flex_flow="row wrap", align_items="center"))
        return [row1, row2, row_seat]

    def _commands(self) -> w.Widget:
        """The class's commands: pause or release, the table as CSV, end the class."""
        tr = self.tr
        pause = self.view is not None and self.view.paused is not None
        return w.HBox([
            _button(tr("class.act.release" if pause else "class.act.pause"),
                    "class-release" if pause else "class-pause-all",
                    self.release if pause else self.pause, "warning", "pause"),
            _button(tr("class.act.csv"), "class-csv", self.export_csv, icon="download"),
            _button(tr("class.act.end_confirm" if self._end_asked else "class.act.end"),
                    "class-end", self.end, "danger", "stop")],
            layout=w.Layout(flex_flow="row wrap"))

    def _follow_game(self, game: str) -> None:
        """The table shows the rules of the game the class was sent to (unless both)."""
        if self.rules != "both" and game in RULES_BY_GAME:
            self.rules = game

    def _command(self, kind: str, said: str, **args: Any) -> None:
        to = list(self.group) or None
        try:
            self.classes.command(self.code, self.secret, kind, pupils=to, **args)
        except ClassError as err:
            self.said = class_error_said(err, lambda: self.app.lang)
        except StoreUnavailable:
            self.said = self._offline
        else:
            count = len(to) if to else 0
            self.said = lambda: self.tr(said, count=count)
        self.refresh()
        self.app.router.show("class-view")

    def send_lesson(self, game: str, lesson: int) -> None:
        """Open lesson ``lesson`` (1-based, in ``game``'s lessons) on the pupils' pages."""
        count = sum(1 for item in all_lessons() if item.game == game)
        self._follow_game(game)
        self._command("lesson", "class.sent.lesson", game=game,
                      lesson=min(max(int(lesson), 1), max(count, 1)))

    def send_deal(self, game: str, number: str, players: int = 2) -> None:
        """A class deal: everyone the same cards, against ``players - 1`` bots (the class
        link's deal)."""
        number = "".join(c for c in str(number) if c.isdigit())[:9] or "1"
        self._follow_game(game)
        self._command("deal", "class.sent.deal",
                      query=f"game={game}&deal={number}&players={min(max(int(players), 2), 4)}")

    def seat(self, game: str, players: int, *, shuffle: bool = True,
             level: str = "medium") -> None:
        """Seat the class (or the group) at rooms of ``players``: pupils in the order of
        the list (or at random), bots of ``level`` in the seats left over; each pupil's
        page goes to its table. The rooms are the rooms' own: they outlive the class."""
        view = self.view
        if view is None:
            return
        self._follow_game(game)
        rows = [r for r in view.pupils if not self.group or r["id"] in self.group]
        if shuffle:
            rows = secrets.SystemRandom().sample(rows, len(rows))
        rooms = Rooms(self.classes.store)
        each: dict[str, dict[str, str]] = {}
        try:
            for start in range(0, len(rows), players):
                table = rows[start:start + players]
                made = rooms.create(game, players, bots={
                    seat: level for seat in range(len(table), players)})
                for row in table:
                    seated = rooms.join(made.code, row["name"])
                    each[row["id"]] = {"room": made.code, "token": seated.token}
                rooms.start(made.code, made.token)
        except GameError as err:
            refused = err
            self.said = lambda: error_text(refused, self.app.lang)
            self.app.router.show("class-view")
            return
        except StoreUnavailable:
            self.said = self._offline
            self.app.router.show("class-view")
            return
        self._command("seat", "class.sent.seat", each=each)

    def pause(self) -> None:
        """"Eyes on me": every page (of the group) shows a calm pause screen."""
        self._command("pause", "class.sent.pause")

    def release(self) -> None:
        self._command("release", "class.sent.release")

    def csv_text(self) -> str:
        """The progress table for a spreadsheet: one row per pupil, a column per rule."""
        tr = self.tr
        out = io.StringIO()
        writer = csv.writer(out)
        rules = [r for game in RULES_BY_GAME.values() for r in game]
        writer.writerow([tr("class.col.name"), tr("class.col.where"), tr("class.col.hints"),
                         tr("class.col.wrong"), tr("class.col.lessons"),
                         *(f"{tr('class.col.played')} {k.name}" for k in GAMES.values()),
                         *(f"{tr('class.col.won')} {k.name}" for k in GAMES.values()),
                         *(f"{r} {tr('class.rule.' + r)}" for r in rules)])
        for row in self._sorted():
            state = {"mastered": tr("class.state.mastered"), "taught": tr("class.state.taught")}
            writer.writerow([row["name"], where_text(row, tr), row["hints"], row["wrong"],
                             len(row["lessons"]),
                             *(row["played"].get(g, 0) for g in GAMES),
                             *(row["won"].get(g, 0) for g in GAMES),
                             *(state.get(row["rules"].get(r, ""), "") for r in rules)])
        return out.getvalue()

    def export_csv(self) -> None:
        """The progress table offered as a file download (as "Save to a file" does)."""
        self.app.class_pupil.store.download(self.csv_text(), f"class-{self.code}.csv")

    def end(self) -> None:
        """End the class (the second press: the first asks): everyone back to free play,
        the class's data deleted from the store."""
        if not self._end_asked:
            self._end_asked = True
            self.app.router.show("class-view")
            return
        try:
            self.classes.end(self.code, self.secret)
        except ClassError:
            pass  # ended already (another tab of the teacher's): forget it all the same
        except StoreUnavailable:
            self.said = self._offline
            self._end_asked = False
            self.app.router.show("class-view")
            return
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self.code = self.secret = ""
        self.view, self._end_asked, self.said = None, False, None
        self.app.class_pupil.store.value = ""
        self.app.show_home()
