"""The screens of a room: make one, the waiting room, sit down, and the shared table.

:class:`RoomFlow` leads one page through them and keeps the seat's token in the
browser (``skipbo-widgets/room``): a reload, or a new kernel, finds it there and goes
back to the same seat. The app shows the flow's ``widget`` in its body while its
screen is ``room``. Every refusal of the room is said in the learner's language
(:mod:`.messages`) and changes nothing.

On a static site (Pyodide, no server) there is no store to share: :func:`static_site`
says so, and the flow's first screen says that playing with others needs the Voilà
app, and offers the hot seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import os
import secrets
import sys
from collections.abc import Callable
from functools import cached_property, partial
from typing import Any

import ipywidgets as w

from ...core.errors import GameError
from ...i18n import t
from ...rooms import ADAPTERS, RoomError, Rooms, StoreUnavailable, leaders, open_store
from ...rooms.records import CODE_ALPHABET, check_code
from ..page.store import BrowserStore
from ..page.testids import ShellSupport, plain_text, testid
from ..registry import game_ui
from ..shell.game_screen import _running_loop
from ..table.play import AnyGamePlay
from .controller import RoomController, room_names
from .messages import error_text

#: Where the browser keeps the seat: ``{"code", "token", "client"}``.
STORE_KEY = "skipbo-widgets/room"


def static_site() -> bool:
    """True in a static site's kernel (Pyodide in the browser): no server, no rooms."""
    return sys.platform == "emscripten"


def on_binder() -> bool:
    """Served by Binder: rooms work between the pages of one Binder session only."""
    return any(name.startswith("BINDER_") for name in os.environ)


def _ended(room: dict[str, Any]) -> bool:
    """The deal is over and every other person at the table has gone (not seen for the
    room's ``away_after``): nothing to come back to."""
    return room["phase"] == "over" and all(
        s["away"] or not s["person"] or s["seat"] == room["seat"] for s in room["seats"])


def _html(text: str, css: str = "sb-form-note", testid_: str = "") -> w.HTML:
    shown = w.HTML(f'<div class="{css}">{html.escape(text)}</div>')
    return testid(shown, testid_) if testid_ else shown


def _button(label: str, name: str, action: Callable[[], None], style: str = "",
            icon: str = "") -> w.Button:
    button = testid(w.Button(description=label, button_style=style, icon=icon), name)
    button.on_click(lambda _b: action())
    return button


class _Form:
    """What a game's own setup fields ask of the form they sit in (``ui.setup_fields``)."""

    def __init__(self, flow: RoomFlow, game_id: str) -> None:
        self.lang = flow.lang
        self.kind = game_ui(game_id).kind
        self.players: w.ToggleButtons | None = None

    def tr(self, key: str, **params: object) -> str:
        return t(key, self.lang, **params)

    @property
    def player_count(self) -> int:
        return int(self.players.value) if self.players is not None else self.kind.min_players


class RoomFlow:
    """Make a room, the waiting room, sit down, the table; ``on_leave()`` back home."""

    def __init__(self, *, lang: str, shell: ShellSupport, on_leave: Callable[[], None],
                 on_show: Callable[[w.Widget], None], on_hot_seat: Callable[[], None],
                 rooms: Rooms | None = None) -> None:
        self.lang = lang
        self.shell = shell
        self._on_leave, self._on_show, self._on_hot_seat = on_leave, on_show, on_hot_seat
        self._rooms = rooms
        self.store = BrowserStore(key=STORE_KEY)
        self.store.on_stored(self._on_stored)
        self.client = secrets.token_hex(8)
        self.code = ""
        self.token = ""
        #: The first name typed in a form, kept through a refusal or a new language.
        self._name = ""
        self.game_id = ""
        self.screen = ""
        #: What went wrong last, worked out when shown (it follows the language).
        self.error: Callable[[], str] | None = None
        self.controller: RoomController | None = None
        #: How many of the other seats' moves were said to a screen reader, by deal.
        self._others_said: dict[int, int] = {}
        self.room: dict[str, Any] | None = None
        self._task: asyncio.Task[None] | None = None
        self._coach: Any = None
        #: Hear every change of the table, as the game screen's ``listeners`` (a teacher's
        #: class counts deals, hints and turns at a room as games against bots).
        self.listeners: list[Callable[[RoomFlow], None]] = []
        self.hints_asked = 0
        #: The seat's turn the last change finished, each move with the view before it.
        self.turn_finished: list[tuple[Any, Any]] = []

    # The screen's widgets are made when a room is first shown: every app has a RoomFlow
    # (its store takes a reload back to one's seat), few show a room.
    @cached_property
    def widget(self) -> w.VBox:
        return w.VBox(layout=w.Layout(padding="12px", width="100%"))

    @cached_property
    def _review(self) -> w.HTML:
        return w.HTML()

    @cached_property
    def _hint(self) -> w.HTML:
        return w.HTML()

    @property
    def rooms(self) -> Rooms:
        if self._rooms is None:
            self._rooms = Rooms(open_store())
        return self._rooms

    def tr(self, key: str, **params: object) -> str:
        return t(key, self.lang, **params)

    # -- the app's screen (:class:`~..shell.router.Screen`) ---------------------------

    def enter(self) -> w.Widget:
        return self.widget

    def set_lang(self, lang: str) -> w.Widget:
        self.lang = lang
        if self.controller is not None:
            self.controller.lang = lang
            self.controller.names = room_names(self.controller.room, lang)
            self.controller.refresh()
        self.redraw()
        return self.widget

    # -- the browser's seat ---------------------------------------------------------

    def _on_stored(self, text: str) -> None:
        try:
            kept = json.loads(text) if text else {}
            code, token = check_code(kept["code"]), str(kept["token"])
            client = str(kept.get("client") or self.client)
        except (ValueError, KeyError, TypeError, GameError):
            return
        self.client = client
        if self.screen in ("", "join") and (not self.code or self.code == code):
            self._enter(code, token, restoring=True)

    def _keep(self) -> None:
        self.store.value = json.dumps({"code": self.code, "token": self.token,
                                       "client": self.client}) if self.token else ""

    # -- screens ----------------------------------------------------------------------------

    def _show(self, screen: str) -> None:
        self.screen = screen
        self.redraw()
        self._on_show(self.widget)

    def redraw(self) -> None:
        draw = {"create": self._draw_create, "join": self._draw_join,
                "lobby": self._draw_lobby, "table": self._draw_table,
                "static": self._draw_static}.get(self.screen)
        if draw is not None:
            draw()

    def _error_box(self) -> w.Widget:
        if self.error is None:
            return w.HTML()
        return _html(self.error(), "sb-box sb-box-error", "room-error")

    def _refused(self, err: GameError) -> None:
        names = [str(s["name"] or "") for s in (self.room or {}).get("seats", [])]
        self.error = lambda: error_text(err, self.lang, names=names)
        self.redraw()

    def _unreachable(self) -> None:
        self.error = self._offline
        self.redraw()

    def _offline(self) -> str:
        return self.tr("room.offline")

    def leave(self) -> None:
        """Back home; the seat is forgotten in this browser (the room keeps it)."""
        self._stop()
        self.token = self.code = ""
        self.controller = None
        self._keep()
        self.screen = ""
        self._on_leave()

    # -- make a room ------------------------------------------------------------------------

    def show_create(self, game_id: str) -> None:
        """The form of a new room for ``game_id``."""
        self.game_id = game_id
        self.error = None
        self._form: _Form | None = None
        self._show("static" if static_site() else "create")

    def _draw_static(self) -> None:
        self.widget.children = [
            _html(self.tr("room.static"), "sb-box sb-box-warning", "room-static"),
            w.HBox([_button(self.tr("ui.back"), "back", self._on_leave, icon="arrow-left"),
                    _button(self.tr("home.hot_seat"), "room-hot-seat", self._on_hot_seat,
                            "success", "users")])]

    def _draw_create(self) -> None:
        ui = game_ui(self.game_id)
        kind = ui.kind
        old = getattr(self, "_form", None)
        form = _Form(self, self.game_id)
        style = {"description_width": "initial"}
        form.players = testid(w.ToggleButtons(
            options=[str(n) for n in kind.players],
            value=old.players.value if old and old.players else str(kind.min_players),
            description=self.tr("room.create.players"),
            style={"button_width": "3.2em", **style}), "room-players")
        name = testid(w.Text(value=self._name,
                             description=self.tr("room.create.name"), style=style),
                      "room-owner-name")
        name.observe(self._keep_name, names="value")
        level = w.Dropdown(options=[(self.tr(f"setup.level.{lv}"), lv) for lv in kind.bot_levels],
                           value=kind.bot_levels[min(1, len(kind.bot_levels) - 1)],
                           description=self.tr("room.create.bots"), style=style,
                           layout=w.Layout(width="max-content", max_width="100%"))
        hints = testid(w.Checkbox(value=True, description=self.tr("room.create.hints"),
                                  indent=False), "room-hints")
        fields = ui.setup_fields(form, ui.settings())
        form.players.observe(lambda _c: fields.update(form.player_count), names="value")
        fields.update(form.player_count)

        def make() -> None:
            options = {k: v for k, v in fields.values().items()
                       if k in ADAPTERS[self.game_id].options}
            if options.get("stock_size") == 0:
                options.pop("stock_size")
            try:
                seated = self.rooms.create(
                    self.game_id, form.player_count,
                    owner_name=name.value if name.value.strip() else None,
                    hints=bool(hints.value), options=options)
            except GameError as err:
                self._refused(err)
                return
            except StoreUnavailable:
                self._unreachable()
                return
            self._bot_level = level.value
            self.rooms.sweep()
            self._enter(seated.code, seated.token)

        self._form = form
        notes = [_html(self.tr("room.create.name_note"))]
        if on_binder():
            notes.append(_html(self.tr("room.binder"), testid_="room-binder"))
        self.widget.children = [
            w.HTML(f"<h2>{html.escape(self.tr('room.create.title', game=kind.name))}</h2>"),
            name, *notes, form.players, level, hints, *fields.left, *fields.right,
            self._error_box(),
            w.HBox([_button(self.tr("ui.back"), "back", self._on_leave, icon="arrow-left"),
                    _button(self.tr("room.create.make"), "room-create", make, "success",
                            "users")])]

    # -- sit down ---------------------------------------------------------------------------

    def show_join(self, code: str = "") -> None:
        """Type the code (given by a link: filled in) and a first name."""
        self.code = code.strip().upper()[:5] if all(
            c.upper() in CODE_ALPHABET for c in code.strip()) else ""
        self.error = None
        self._show("static" if static_site() else "join")

    def _draw_join(self) -> None:
        style = {"description_width": "initial"}
        code = testid(w.Text(value=self.code, description=self.tr("room.join.code"),
                             style=style), "join-code")
        code.add_class("sb-room-code-input")
        code.observe(lambda c: setattr(self, "code", c["new"].strip().upper()[:5]),
                     names="value")
        name = testid(w.Text(value=self._name, description=self.tr("room.join.name"),
                             style=style), "join-name")
        name.observe(self._keep_name, names="value")

        def sit() -> None:
            try:
                seated = self.rooms.join(code.value, name.value)
            except GameError as err:
                self._refused(err)
                return
            except StoreUnavailable:
                self._unreachable()
                return
            self._enter(seated.code, seated.token)

        self.widget.children = [
            w.HTML(f"<h2>{html.escape(self.tr('room.join.title'))}</h2>"), code, name,
            self._error_box(),
            w.HBox([_button(self.tr("ui.back"), "back", self._on_leave, icon="arrow-left"),
                    _button(self.tr("room.join.sit"), "join-sit", sit, "success",
                            "sign-in")])]

    def _keep_name(self, change: dict[str, Any]) -> None:
        self._name = str(change["new"])

    def _enter(self, code: str, token: str, *, restoring: bool = False) -> None:
        """Go to the room of ``token``: the waiting room, or the table once dealt.
        ``restoring``: the browser handed the seat back as the page opened; a room whose
        deal is over and that everyone else has left is then forgotten, not shown."""
        try:
            room = self.rooms.observe(code, token)
            if restoring and _ended(room):
                self.store.value = ""
                return
            if room["seat"] is not None:
                self.rooms.enter(code, token, self.client)
        except RoomError as err:
            if self.token == "" and self.screen == "":
                self.store.value = ""  # a room gone, or a seat turned away: forget it
                return
            self._refused(err)
            return
        except StoreUnavailable:
            self._unreachable()
            return
        self.code, self.token, self.room, self.error = code, token, room, None
        self.game_id = room["game"]
        self._keep()
        self._follow(room)
        self._watch()

    def _follow(self, room: dict[str, Any]) -> None:
        """The screen the room's phase asks for."""
        self.room = room
        if room["phase"] != "open" and room["seat"] is not None and self.controller is None:
            self.controller = RoomController(self.rooms, self.code, self.token,
                                             client=self.client, lang=self.lang)
            self.controller.on_room(self._table_changed)
            self._coach = self.controller.play.new_coach()
        self._show("lobby" if room["phase"] == "open" else "table")

    # -- the waiting room -----------------------------------------------------------------------

    def _owner_act(self, act: Callable[..., object], *args: Any) -> None:
        """The owner's ``act(code, token, *args)`` on the room, then the room read again."""
        try:
            act(self.code, self.token, *args)
        except GameError as err:
            self._refused(err)
        except StoreUnavailable:
            self._unreachable()
            return
        self._poll()

    def _draw_lobby(self) -> None:
        room = self.room
        assert room is not None
        owner = room["owner"]
        link = f"{self.shell.address}?room={self.code}" if self.shell.address \
            else f"?room={self.code}"
        code = testid(w.HTML(f'<div class="sb-room-code" style="font-size:3em;'
                             f'letter-spacing:0.3em;font-family:monospace;font-weight:bold">'
                             f"{html.escape(self.code)}</div>"), "room-code")
        link_box = testid(w.Text(value=link, layout=w.Layout(width="100%")), "room-link")
        copy = _button(self.tr("setup.copy_link"), "copy-room-link",
                       lambda: self.shell.copy("room-link"), icon="copy")
        rows: list[w.Widget] = []
        levels = ADAPTERS[room["game"]].levels
        for s in room["seats"]:
            i = s["seat"]
            if s["person"]:
                text = s["name"] + (f" ({self.tr('player.you')})" if i == room["seat"] else "")
            elif s["bot"]:
                text = self.tr("room.seat.bot", level=self.tr(f"setup.level.{s['bot']}"))
            else:
                text = self.tr("room.seat.empty")
            row: list[w.Widget] = [_html(text, "sb-room-seat", f"seat-{i}")]
            if owner and s["person"] and i != room["seat"]:
                row.append(_button(self.tr("room.turn_away"), f"turn-away-{i}",
                                   partial(self._owner_act, self.rooms.turn_away, i),
                                   icon="times"))
            if owner and not s["person"]:
                pick = testid(w.Dropdown(
                    options=[(self.tr("room.seat.nobody"), ""),
                             *((self.tr(f"setup.level.{lv}"), lv) for lv in levels)],
                    value=s["bot"] or "", layout=w.Layout(width="12em")), f"seat-bot-{i}")
                pick.observe(partial(self._set_bot, i), names="value")
                row.append(pick)
            rows.append(w.HBox(row, layout=w.Layout(align_items="center")))
        actions: list[w.Widget] = [_button(self.tr("room.leave"), "room-leave", self.leave,
                                           icon="sign-out")]
        if owner:
            actions.append(_button(self.tr("room.start"), "room-start", self._start,
                                   "success", "play"))
            note = self.tr("room.start_note")
        else:
            note = self.tr("room.waiting_start")
        game = game_ui(room["game"]).kind.name
        self.widget.children = [
            w.HTML(f"<h2>{html.escape(self.tr('room.lobby.title', game=game))}</h2>"),
            _html(self.tr("room.code_note")), code, link_box, copy,
            w.HTML(f"<h3>{html.escape(self.tr('room.seats'))}</h3>"), *rows,
            _html(note, testid_="room-note"), self._error_box(), w.HBox(actions)]

    def _start(self) -> None:
        self._owner_act(partial(self.rooms.start, bot_level=getattr(self, "_bot_level", None)))

    def _set_bot(self, seat: int, change: dict[str, Any]) -> None:
        self._owner_act(self.rooms.set_bot, seat, change["new"] or None)

    # -- the table -------------------------------------------------------------------------------

    def _table_changed(self) -> None:
        c = self.controller
        if c is None:
            return
        self.room = c.room
        finished, c.finished_turn = c.finished_turn, []
        self.turn_finished = finished
        self._say_others(c)
        if finished and c.room["hints"]:
            self._review.value = c.play.review_html(finished, lang=self.lang, names=c.names)
            self.shell.say(plain_text(self._review.value))
        self._hint.value = ""
        if c.room["phase"] != "open":
            self._draw_table()
        for listener in self.listeners:
            listener(self)

    def _draw_table(self) -> None:
        room = self.room
        assert room is not None
        c = self.controller
        if c is not None:
            room = c.room
        current = room["current"]
        names = [str(s["name"] or "") for s in room["seats"]]
        if c is not None:
            names = c.names
        if c is not None and c.offline:
            line, kind = self.tr("room.offline"), "error"
        elif room["phase"] == "over":
            line, kind = self.tr("room.deal_over"), "success"
        elif current is not None and current == room["seat"]:
            line, kind = self.tr("ui.your_turn"), "info"
        else:
            line, kind = self.tr("ui.player_turn", player=current, names=names), "info"
        # The room's version on the line: a test (or a teacher's tool) can tell that the
        # page shows the room as it is now.
        turn = testid(w.HTML(f'<div class="sb-box sb-room-turn sb-room-{kind}" '
                             f'data-version="{int(room["version"])}">{html.escape(line)}</div>'),
                      "room-turn")
        people = []
        for s in room["seats"]:
            i = s["seat"]
            state = (self.tr("room.seat.away") if s["person"] and s["away"] and not s["bot"]
                     else self.tr("room.seat.computer") if s["bot"] else "")
            points = self.tr("room.seat.points", count=room["totals"][i])
            label = f"{names[i]}{' · ' + state if state else ''} · {points}"
            row: list[w.Widget] = [_html(label, "sb-room-seat", f"seat-{i}")]
            if room["owner"] and s["person"] and i != room["seat"]:
                if s["bot"]:
                    row.append(_button(self.tr("room.give_back"), f"give-back-{i}",
                                       partial(self._owner_act, self.rooms.give_back, i)))
                elif s["away"]:
                    level = ADAPTERS[room["game"]].levels[0]
                    row.append(_button(self.tr("room.hand_to_bot"), f"hand-to-bot-{i}",
                                       partial(self._owner_act, self.rooms.hand_to_bot, i,
                                               level)))
            people.append(w.HBox(row, layout=w.Layout(align_items="center")))
        seen = "" if c is None else "".join(
            f"<li>{html.escape(line)}</li>" for line in c.seen_lines())
        moves = testid(w.HTML(f'<ul class="sb-room-moves" aria-live="polite">{seen}</ul>'
                              if seen else ""), "room-moves")
        side: list[w.Widget] = [turn, moves, *people]
        if c is not None and room["hints"]:
            side += [_button(self.tr("ui.hint"), "hint", self._show_hint, icon="lightbulb-o"),
                     self._hint, self._review]
        if room["phase"] == "over":
            if room["owner"]:
                side.append(_button(self.tr(f"room.next_deal.{room['game']}"), "next-deal",
                                    partial(self._owner_act, self.rooms.next_deal),
                                    "success", "refresh"))
            else:
                side.append(_html(self.tr("room.waiting_next"), testid_="room-note"))
        side += [self._error_box(),
                 _button(self.tr("room.leave"), "room-leave", self.leave, icon="sign-out")]
        main: list[w.Widget] = []
        if c is not None:
            # The table takes what the side panel leaves; both wrap only on a narrow
            # screen (a phone), not at 1280 px, where the panel sits beside the table.
            main.append(w.Box([c.table], layout=w.Layout(flex="1 1 600px", min_width="0")))
        self.widget.children = [w.HBox([*main, w.VBox(side, layout=w.Layout(
            flex="0 0 16em", width="16em", padding="0 8px"))],
            layout=w.Layout(flex_flow="row wrap", align_items="flex-start"))]

    def _show_hint(self) -> None:
        c = self.controller
        if c is None or not (c.my_turn and c.room["hints"]):
            return
        self.hints_asked += 1
        self._hint.value, move = self._coach.hint_html(c.observation(), c.version,
                                                       lang=self.lang, names=c.names)
        self.shell.say(plain_text(self._hint.value))
        c.show_move(move)

    def _say_others(self, c: RoomController) -> None:
        """Say the other seats' moves since the last ones said, once each, to a screen
        reader (the app's live region), as the game screen says its log's lines (a page
        come back to a table knows only the moves it saw happen)."""
        lines, deal = c.others_lines(), c.room["deal"]
        said = self._others_said.get(deal, 0)
        self._others_said = {deal: len(lines)}
        if len(lines) > said:
            self.shell.say(" ".join(lines[said:]))

    # -- what a teacher's class hears (as of the game screen) ------------------------------

    @property
    def play(self) -> AnyGamePlay:
        """The game's screen object of the seat's table (there is one once dealt)."""
        assert self.controller is not None
        return self.controller.play

    def deal_over(self) -> tuple[str, bool] | None:
        """The room's deal ended: its key (the room's code and deal number: the same on
        every page and after a reload), and whether the seat leads the room's totals."""
        room = self.controller.room if self.controller is not None else None
        if room is None or room["phase"] != "over" or room["seat"] is None:
            return None
        return (f"room:{self.code}:{room['deal']}",
                room["seat"] in leaders(room["game"], room["totals"]))

    # -- waiting for the room ---------------------------------------------------------------------

    def _poll(self) -> None:
        """Read the room again and show what it asks for (the waiting room's changes)."""
        if not self.token:
            return
        try:
            room = self.rooms.observe(self.code, self.token)
        except RoomError as err:
            self._refused(err)
            return
        except StoreUnavailable:
            self._unreachable()
            return
        if self.controller is not None:
            self.controller.sync(room)
        if self.error == self._offline:
            self.error = None
        if room != self.room or self.screen != ("lobby" if room["phase"] == "open" else "table"):
            self._follow(room)
        else:
            self.redraw()

    def _watch(self) -> None:
        loop = _running_loop()
        if loop is None or (self._task is not None and not self._task.done()):
            return
        self._task = loop.create_task(self._wait())

    async def _wait(self) -> None:
        loop = asyncio.get_running_loop()
        while self.token:
            if self.controller is not None:
                await self.controller.watch()
                return
            version = (self.room or {}).get("version", 0)
            try:
                await loop.run_in_executor(None, self.rooms.wait, self.code, version, 5.0)
            except StoreUnavailable:
                await asyncio.sleep(1.0)
            except RoomError:
                return
            if (self.room or {}).get("seat") is not None:
                with contextlib.suppress(StoreUnavailable, RoomError):
                    self.rooms.enter(self.code, self.token, self.client)
            self._poll()

    def _stop(self) -> None:
        if self.controller is not None:
            self.controller.close()
        if self._task is not None:
            self._task.cancel()
            self._task = None
