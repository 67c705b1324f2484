"""Forged messages at a room's table (issue 23): what a page sends through the widgets'
own message path (the kernel's comm, as :mod:`test_forged_messages` delivers it for the
tables) is untrusted. A forged seat token handed back as the browser's kept seat, a move
sent for a seat whose turn it is not, a move carrying another seat's number or token,
and junk: each is refused, nothing is written to the room, and no other seat's token
or hidden card goes back to the page."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from app_screens import click, shown
from test_forged_messages import custom, deliver, no_tracebacks, strict_comm
from test_room_screens import Clock, join, make_room, started

from skipbo_widgets.i18n import t
from skipbo_widgets.rooms import Rooms, open_store
from skipbo_widgets.widgets.shell.app import App

__all__ = ["no_tracebacks", "strict_comm"]  # the comm and log checks of the table tests


@pytest.fixture(autouse=True)
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    url = f"sqlite:///{tmp_path / 'rooms.sqlite3'}"
    monkeypatch.setenv("SKIPBO_WIDGETS_STORE", url)
    return url


def room_at_table(lang: str = "en") -> tuple[App, App, str]:
    """Anna's page (English) and Ben's (``lang``) at a started Skyjo room."""
    return started(os.environ["SKIPBO_WIDGETS_STORE"], Clock(), ("en", lang))


def token_of(app: App) -> str:
    return str(json.loads(app.room_flow.store.value)["token"])


def everything_sent(app: App) -> str:
    """Every message the kernel sent to the page so far, as one text."""
    widgets = [app.room_flow.store]
    if app.room_flow.controller is not None:
        widgets.append(app.room_flow.controller.table)
    return json.dumps([w.comm.sent for w in widgets], ensure_ascii=False)


def stored(room_store: str, code: str, token: str) -> dict[str, Any]:
    return Rooms(open_store(room_store)).observe(code, token)


@pytest.mark.parametrize("lang", ["de", "fr", "nl", "en"])
def test_a_move_for_the_seat_whose_turn_it_is_changes_nothing(store: str, lang: str) -> None:
    """Anna's turn; Ben's page sends her legal move, also with her seat number and
    token in the message: refused, said in Ben's language, nothing written."""
    anna, ben, code = room_at_table(lang)
    b = ben.room_flow.controller
    assert b is not None and not b.my_turn
    before = stored(store, code, token_of(anna))
    deliver(b.table, custom({"type": "move", "move": "reveal a1"}))
    assert b.table.view["status"] == t("ui.player_turn", lang, player=0, names=b.names)
    for forged in ({"type": "move", "move": "reveal a1"},
                   {"type": "move", "move": "reveal a1", "seat": 0},
                   {"type": "move", "move": "reveal a1", "token": token_of(anna), "seat": "0"},
                   {"type": "move", "move": "reveal a1", "by": 0, "client": "x"}):
        deliver(b.table, custom(forged))
        assert stored(store, code, token_of(anna))["version"] == before["version"]
        # The plain one is answered with whose turn it is; one with fields a page never
        # sends is refused as a request that did not work.
        assert b.table.view["status"] in (t("ui.player_turn", lang, player=0, names=b.names),
                                          t("error.bad_request", lang))
    assert token_of(anna) not in everything_sent(ben)


def test_a_forged_seat_token_handed_back_by_the_browser_is_forgotten(store: str) -> None:
    anna, _ben, code = room_at_table()
    version = stored(store, code, token_of(anna))["version"]
    for kept in ({"code": code, "token": "x" * 32, "client": "abc"},
                 {"code": code, "token": token_of(anna)[:-1] + "A", "client": "abc"},
                 {"code": code, "token": "", "client": "abc"},
                 {"code": code, "token": ["a"], "client": {"x": 1}},
                 {"code": "ZZZZZ", "token": token_of(anna), "client": "abc"},
                 {"code": code + "\ud800", "token": "x"},
                 {"code": code}):
        page = App(lang="de")
        deliver(page.room_flow.store, custom({"type": "stored", "value": json.dumps(kept)}))
        assert page.screen == "home" and page.room_flow.controller is None, kept
        assert page.room_flow.token == ""
    assert stored(store, code, token_of(anna))["version"] == version


def test_a_page_of_a_turned_away_seat_cannot_move(store: str) -> None:
    """The kept token of a seat turned away before the start: refused on loading (the
    browser forgets it) and on any move sent with it."""
    anna = App(lang="en")
    code = make_room(anna, players="3")
    ben = App(lang="nl")
    join(ben, code, "Ben")
    kept = ben.room_flow.store.value
    anna.room_flow._poll()
    click(anna, "turn-away-1")
    click(anna, "room-start")
    again = App(lang="nl")
    deliver(again.room_flow.store, custom({"type": "stored", "value": kept}))
    assert again.screen == "home" and again.room_flow.store.value == ""
    moved = Rooms(open_store(store)).move(code, json.loads(kept)["token"], "reveal a1", 2)
    assert moved.reason == "room_bad_token"


def test_thousands_of_forged_messages_to_a_room_table_change_nothing(store: str) -> None:
    anna, ben, code = room_at_table("fr")
    b = ben.room_flow.controller
    assert b is not None
    version = stored(store, code, token_of(anna))["version"]
    rng = random.Random(23)
    junk: list[Any] = [None, 1, "move", [], {}, {"type": None}, {"type": "undo"},
                       {"type": "move", "move": None}, {"type": "move", "move": "x" * 10_000},
                       {"type": "move", "move": "reveal a1\ud800"}, {"type": "hint"},
                       {"type": "select", "source": "grid-0-0"}, {"type": "look", "pile": 3}]
    moves = ["reveal a1", "draw", "take a1", "swap b2", "drop c3", "reveal z9", "reveal a1 a2"]
    for _ in range(2000):
        message: Any = rng.choice(junk) if rng.random() < 0.5 else {
            "type": "move", "move": rng.choice(moves), "seat": rng.randrange(-1, 3)}
        deliver(b.table, custom(message))
    assert stored(store, code, token_of(anna))["version"] == version
    assert token_of(anna) not in everything_sent(ben)
    assert shown(ben, "room-turn") is not None
