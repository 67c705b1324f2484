"""Play with others (issue 23), headless: two apps (two pages, each its own kernel) on one
SQLite store in a temporary folder, from the home screen's button to the shared table;
bad input answered in the page's language with nothing changed; the static site."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from app_screens import click, shown

from skipbo_widgets.i18n import t
from skipbo_widgets.rooms import Rooms, open_store
from skipbo_widgets.widgets.rooms import screens
from skipbo_widgets.widgets.shell.app import App


@pytest.fixture(autouse=True)
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    url = f"sqlite:///{tmp_path / 'rooms.sqlite3'}"
    monkeypatch.setenv("SKIPBO_WIDGETS_STORE", url)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    return url


def make_room(app: App, name: str = "Anna", players: str = "2") -> str:
    click(app, "play-others")
    assert app.screen == "room"
    shown(app, "room-owner-name").value = name
    shown(app, "room-players").value = players
    click(app, "room-create")
    code = app.room_flow.code
    assert len(code) == 5 and code in shown(app, "room-code").value
    assert shown(app, "room-link").value.endswith(f"?room={code}")
    return code


def join(app: App, code: str, name: str) -> None:
    app.room_flow.show_join(code)
    shown(app, "join-name").value = name
    click(app, "join-sit")


def test_two_pages_make_a_room_sit_down_and_play(store: str) -> None:
    anna, ben = App(lang="en"), App(lang="de")
    anna.choose_game("skyjo")
    code = make_room(anna)
    join(ben, code, "Ben")
    assert ben.room_flow.screen == "lobby"
    assert shown(ben, "room-note").value and "Ben" in shown(ben, "seat-1").value
    anna.room_flow._poll()
    assert "Ben" in shown(anna, "seat-1").value
    click(anna, "room-start")
    ben.room_flow._poll()
    for app in (anna, ben):
        assert app.room_flow.screen == "table" and app.room_flow.controller is not None
    a, b = anna.room_flow.controller, ben.room_flow.controller
    assert a is not None and b is not None
    assert shown(anna, "room-turn").value.count(t("ui.your_turn", "en")) == 1
    assert b.table.view["lang"] == "de"
    assert a.request({"type": "move", "move": "reveal a1"})
    b.sync()
    assert "Anna" in shown(ben, "room-turn").value or b.obs.seats[0].cards[0] is not None
    assert b.obs.seats[0].cards[0] is not None


def test_a_reload_comes_back_to_the_seat(store: str) -> None:
    anna = App(lang="en")
    code = make_room(anna)
    kept = json.loads(anna.room_flow.store.value)
    assert kept["code"] == code and kept["token"]
    again = App(lang="fr")  # the same browser, a new kernel: the browser hands the seat back
    again.room_flow.store._receive(None, {"type": "stored",
                                          "value": anna.room_flow.store.value}, None)
    assert again.screen == "room" and again.room_flow.screen == "lobby"
    assert again.room_flow.code == code


def test_a_forged_seat_in_the_browser_is_forgotten(store: str) -> None:
    anna = App(lang="en")
    code = make_room(anna)
    other = App(lang="nl")
    forged = json.dumps({"code": code, "token": "x" * 32, "client": "abc"})
    other.room_flow.store._receive(None, {"type": "stored", "value": forged}, None)
    assert other.screen == "home" and other.room_flow.store.value == ""


@pytest.mark.parametrize("lang", ["de", "fr", "nl", "en"])
def test_bad_input_is_answered_in_the_pages_language(store: str, lang: str) -> None:
    anna = App(lang="en")
    code = make_room(anna)
    ben = App(lang=lang)
    rooms = Rooms(open_store(store))
    for typed, name, reason in (("K7PX", "Ben", "room.refused.room_bad_code"),
                                ("ZZZZZ", "Ben", "room.refused.room_not_found"),
                                (code, "", "room.refused.room_bad_name.empty"),
                                (code, "x" * 21, "room.refused.room_bad_name.too_long"),
                                (code, "Be\u0007n", "room.refused.room_bad_name.not_printable"),
                                (code, "anna", "room.refused.room_name_taken")):
        ben.room_flow.show_join(typed)
        shown(ben, "join-code").value = typed
        shown(ben, "join-name").value = name
        click(ben, "join-sit")
        said = shown(ben, "room-error").value
        first_words = t(reason, lang, name="anna", code="ZZZZZ", count=20).split("{")[0][:12]
        assert first_words in said, (reason, said)
    room = rooms.observe(code, json.loads(anna.room_flow.store.value)["token"])
    assert [s["person"] for s in room["seats"]] == [True, False]


def test_a_full_room_and_a_started_room_say_so(store: str) -> None:
    anna = App(lang="en")
    code = make_room(anna)
    join(App(lang="en"), code, "Ben")
    late = App(lang="fr")
    join(late, code, "Cleo")
    assert t("room.refused.room_full", "fr", count=2) in shown(late, "room-error").value
    anna.room_flow._poll()
    click(anna, "room-start")
    join(late, code, "Dan")
    assert t("room.refused.room_started", "fr") in shown(late, "room-error").value


def test_the_owner_turns_someone_away(store: str) -> None:
    anna = App(lang="en")
    code = make_room(anna, players="3")
    ben = App(lang="en")
    join(ben, code, "Ben")
    anna.room_flow._poll()
    click(anna, "turn-away-1")
    assert t("room.seat.empty", "en") in shown(anna, "seat-1").value
    ben.room_flow._poll()
    assert ben.room_flow.screen == "lobby"
    assert t("room.refused.room_bad_token", "en") in shown(ben, "room-error").value


def test_the_static_site_offers_the_hot_seat(store: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(screens, "static_site", lambda: True)
    app = App(lang="nl")
    click(app, "play-others")
    assert t("room.static", "nl") in shown(app, "room-static").value
    click(app, "room-hot-seat")
    assert app.screen == "hot-seat"


def test_the_room_query_opens_the_join_screen(store: str) -> None:
    app = App(lang="en")
    app.open_query("room=k7pxm&lang=de")
    assert app.screen == "room" and shown(app, "join-code").value == "K7PXM"
    assert app.lang == "de"
