"""The page's query reaches the app, also in a kernel Voilà pre-heated before the visitor
came (the real Voilà pool is checked in tests/browser/test_classroom.py)."""

from __future__ import annotations

import asyncio
import json
import os
from typing import Any

import pytest
import tornado.web
import tornado.websocket

from skipbo_widgets.i18n import t
from skipbo_widgets.widgets.page.voila_request import _WAITING, on_query
from skipbo_widgets.widgets.shell.app import App
from skipbo_widgets.widgets.skipbo.settings import GameSettings

KERNEL = "0f3c8a52-1d2e-4b7a-9c6d-5e4f3a2b1c0d"


@pytest.fixture(autouse=True)
def no_voila(monkeypatch: pytest.MonkeyPatch) -> None:
    # on_query writes the request into the environment: keep that to this test
    monkeypatch.setattr(os, "environ", os.environ.copy())
    for name in ("QUERY_STRING", "VOILA_PREHEAT", "VOILA_KERNEL_ID", "VOILA_APP_PORT"):
        monkeypatch.delenv(name, raising=False)


def test_without_voila_the_query_is_empty_at_once() -> None:
    got: list[str] = []
    on_query(got.append)
    assert got == [""]


def test_a_kernel_voila_started_for_the_visitor_has_the_query_at_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    monkeypatch.setenv("QUERY_STRING", "lang=nl&deal=4")
    got: list[str] = []
    on_query(got.append)
    assert got == ["lang=nl&deal=4"]


class _Hands(tornado.websocket.WebSocketHandler):
    """Voilà's side: the request of the visitor who took kernel ``kernel_id``."""

    payload: Any = None

    def open(self, *args: str, **kwargs: str) -> None:
        self.write_message(self.payload)


async def _pre_heated(monkeypatch: pytest.MonkeyPatch,
                      payload: Any) -> tuple[list[str], list[str]]:
    """on_query in a pre-heated kernel, while the server (on this loop) hands ``payload``
    over; what was applied before the visitor came, and after."""
    handler = type("Hands", (_Hands,), {"payload": payload})
    server = tornado.web.Application([(r"/voila/query/(.*)", handler)]).listen(
        0, address="127.0.0.1")
    port = next(iter(server._sockets.values())).getsockname()[1]
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("VOILA_KERNEL_ID", KERNEL)
    monkeypatch.setenv("VOILA_APP_PORT", str(port))
    got: list[str] = []
    on_query(got.append)
    before = list(got)
    await asyncio.wait_for(asyncio.gather(*_WAITING), 60)  # the hand-over, whatever it was
    server.stop()
    return before, got


def test_a_pre_heated_kernel_applies_the_query_when_the_visitor_comes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    request = {"QUERY_STRING": "lang=fr&deal=7&view=projector", "SCRIPT_NAME": "/"}
    before, after = asyncio.run(_pre_heated(monkeypatch, json.dumps(request)))
    assert before == []  # the notebook did not wait
    assert after == ["lang=fr&deal=7&view=projector"]
    assert os.environ["QUERY_STRING"] == "lang=fr&deal=7&view=projector"


@pytest.mark.parametrize("payload", ["not json", json.dumps(["lang=fr"]), b"\x00\x01"])
def test_a_garbled_hand_over_applies_nothing(monkeypatch: pytest.MonkeyPatch,
                                             payload: Any) -> None:
    assert asyncio.run(_pre_heated(monkeypatch, payload)) == ([], [])


def test_the_query_arriving_later_relabels_the_app_and_keeps_it_whole() -> None:
    app = App("en", animate=False)
    app.open_query("lang=fr&view=projector&x=1")
    assert (app.lang, app.lang_picker.value, app.shell.lang) == ("fr", "fr", "fr")
    assert t("home.play", "fr") in [b.description for b in app.body.children[0].children[1]
                                    .children]
    assert app.query == {"lang": ["fr"], "view": ["projector"], "x": ["1"]}
    assert app.projector.value


def test_a_class_deal_arriving_later_opens_that_deal() -> None:
    """A pre-heated kernel's app is on the home screen when its visitor's ``?deal=`` comes."""
    app = App("en", animate=False)
    app.open_query("lang=nl&deal=7")
    screen = app.game_screen
    assert app.screen == "game" and screen is not None and screen.settings.seed == "7"
    assert app.lang == "nl"


def test_a_query_without_a_language_keeps_the_language_and_the_game() -> None:
    app = App("de", animate=False)
    app.start(GameSettings(seed="5"))
    screen = app.game_screen
    assert screen is not None
    app.open_query("deal=9")
    assert app.lang == "de" and app.game_screen is screen and app.query == {"deal": ["9"]}
