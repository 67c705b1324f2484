"""Forged page messages: whatever the page sends, Python answers without a traceback,
echoes nothing it could not send, and changes nothing it should not (issue 20, review
loaders-and-store.md defect 9).

Every widget here talks through :class:`StrictComm`, which encodes each message as a
real kernel does (``json.dumps(..., ensure_ascii=False)`` then UTF-8, which raises on a
lone surrogate), and each forged message is delivered as the comm delivers it
(``comm.handle_msg``): an exception, or a traceback ipywidgets would only log, fails.
"""

from __future__ import annotations

import asyncio
import html
import json
import logging
import os
import random
from collections.abc import Iterator
from typing import Any

import comm
import pytest
from comm.base_comm import BaseComm

from skipbo_widgets.i18n import t
from skipbo_widgets.widgets.page.file_picker import FilePicker
from skipbo_widgets.widgets.page.voila_request import parse_request_info
from skipbo_widgets.widgets.shell.app import App
from skipbo_widgets.widgets.skipbo.settings import GameSettings
from skipbo_widgets.widgets.skyjo.settings import SkyjoSettings

LANGS = ["de", "fr", "nl", "en"]
SURROGATES = ["\ud800", "x\udfff", "\udc80", "2\ud83d"]
QUERY_NAMES = ["lang", "deal", "players", "doubling", "stock", "faces", "game", "view", "teams"]


class StrictComm(BaseComm):
    """A comm that puts each message on the wire as a kernel would, and keeps it."""

    def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None,
                    buffers: Any = None, **keys: Any) -> None:
        wire = json.dumps({"data": data, "metadata": metadata or {}}, ensure_ascii=False,
                          allow_nan=False).encode("utf-8")
        self.sent.append(json.loads(wire)["data"])

    @property
    def sent(self) -> list[Any]:
        if not hasattr(self, "_sent"):
            self._sent: list[Any] = []
        return self._sent


@pytest.fixture(autouse=True)
def strict_comm(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(comm, "create_comm", StrictComm)
    monkeypatch.delenv("QUERY_STRING", raising=False)


@pytest.fixture(autouse=True)
def no_tracebacks(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """ipywidgets logs (instead of raising) what a message handler raised."""
    caplog.set_level(logging.WARNING)
    yield
    logged = [r for stage in ("setup", "call") for r in caplog.get_records(stage)
              if r.exc_info or r.levelno >= logging.ERROR]
    assert logged == [], [r.getMessage() for r in logged]


def deliver(widget: Any, data: Any, buffers: list[Any] | None = None) -> None:
    """One message from the page, as the kernel's comm hands it to the widget."""
    widget.comm.handle_msg({"content": {"comm_id": widget.comm.comm_id, "data": data},
                            "buffers": buffers or []})


def update(widget: Any, state: Any) -> dict[str, Any]:
    return {"method": "update", "state": state, "buffer_paths": []}


def custom(content: Any) -> dict[str, Any]:
    return {"method": "custom", "content": content}


def last_state(widget: Any, name: str) -> Any:
    """What the page was last told ``name`` is."""
    for data in reversed(widget.comm.sent):
        if data.get("method") in ("update", "echo_update") and name in data.get("state", {}):
            return data["state"][name]
    return None


def game_app(settings: Any, lang: str = "fr") -> App:
    app = App(lang, animate=False)
    app.start(settings)
    return app


# -- the page's query (the review's tracebacks) ------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("query", "field"), [
    ("deal=1&players={}", "players"), ("deal=1&stock={}", "stock"),
    ("deal=1&faces={}", "faces"), ("game=skyjo&deal=1&doubling={}", "doubling"),
    ("game=skyjo&deal=1&players=3{}", "players"),
])
@pytest.mark.parametrize("bad", SURROGATES[:2])
def test_a_lone_surrogate_in_the_query_is_said_not_valid_and_never_echoed(
        lang: str, query: str, field: str, bad: str) -> None:
    # From the page: the whole query is refused (it could not even be echoed back).
    app = App(lang, animate=False)
    deliver(app.shell, update(app.shell, {"query": query.format(bad)}))
    assert (app.shell.query, app.query, app.screen, app.notice.value) == ("", {}, "home", "")
    assert last_state(app.shell, "query") == ""
    # From Voilà (QUERY_STRING, or the pre-heated kernel's hand-over): said, never echoed.
    app.open_query(query.format(bad))
    assert app.screen == "home"
    said = app.notice.value
    assert bad not in said
    assert html.escape(t("error.link_bad_value", lang, field=field)) in said
    assert last_state(app.notice, "value") == said  # it reached the page


@pytest.mark.parametrize("value", ["a" * 21, "x\u202e", "\x00", "always\u200b"])
def test_a_value_too_long_or_not_printable_is_not_echoed_either(value: str) -> None:
    app = App("de", animate=False)
    app.open_query(f"game=skyjo&deal=1&doubling={value}")
    assert value not in app.notice.value
    assert t("error.link_bad_value", "de", field="doubling") in app.notice.value


def test_a_readable_wrong_value_is_still_named() -> None:
    app = App("en", animate=False)
    app.open_query("deal=1&players=9")
    assert "not 9" in app.notice.value


def test_a_lone_surrogate_in_the_language_view_or_game_is_an_unknown_one() -> None:
    app = App("nl", animate=False)
    app.open_query("lang=\ud800&view=\udfff&game=\ud800")
    assert (app.lang, app.screen, app.notice.value) == ("en", "home", "")  # as for lang=xx
    assert (app.game_id, app.projector.value) == ("skipbo", False)


def test_a_notice_never_carries_what_cannot_be_sent() -> None:
    """The last guard: whatever reaches a notice is sent escaped, never raised."""
    from skipbo_widgets.skipbo.engine import Reason, RulesError

    app = App("fr", animate=False)
    app._notice("home.deal_failed", RulesError(Reason.BAD_FACES, faces="\ud800"))
    assert "\\ud800" in app.notice.value
    assert last_state(app.notice, "value") == app.notice.value


# -- the tables' traits --------------------------------------------------------------------

@pytest.mark.parametrize("settings", [GameSettings(seed="5"), SkyjoSettings(seed="1")],
                         ids=["skipbo", "skyjo"])
@pytest.mark.parametrize("view", ["x", None, 7, [], {"junk": 1}, {"lang": "\ud800"}])
def test_a_view_set_by_the_page_is_refused_and_put_back(settings: Any, view: Any) -> None:
    app = game_app(settings)
    screen = app.game_screen
    assert screen is not None
    table = screen.controller.table
    before, key = dict(table.view), screen.match.game.state_key()
    deliver(table, update(table, {"view": view}))
    assert table.view == before
    assert screen.match.game.state_key() == key
    assert last_state(table, "view") == before  # the page's copy is the game's again


@pytest.mark.parametrize("name", ["value", "key"])
def test_the_store_takes_nothing_from_the_pages_updates(name: str) -> None:
    app = game_app(GameSettings(seed="5"))
    kept = (app.store.key, app.store.value)
    deliver(app.store, update(app.store, {name: "\ud800"}))
    deliver(app.store, update(app.store, {name: "another game"}))
    assert (app.store.key, app.store.value) == kept
    assert last_state(app.store, name) == getattr(app.store, name)


def test_an_unknown_method_or_message_type_is_refused() -> None:
    app = game_app(SkyjoSettings(seed="1"), lang="nl")
    screen = app.game_screen
    assert screen is not None
    table = screen.controller.table
    key = screen.match.game.state_key()
    for widget in (table, app.store, app.shell):
        deliver(widget, {"method": "teleport", "state": {}})
        deliver(widget, {"state": {}})
        deliver(widget, "update")
        deliver(widget, update(widget, {"view": {}}) | {"buffer_paths": [["view", 0]]}, [b"x"])
    deliver(table, custom({"type": "teleport"}))
    assert table.view["status"] == t("error.bad_request", "nl")
    deliver(app.store, custom({"type": "teleport", "value": "x"}))
    assert screen.match.game.state_key() == key and app.screen == "game"


# -- a few thousand seeded forged messages -------------------------------------------------

def junk(rng: random.Random, depth: int = 0) -> Any:
    """Any JSON value a forged page could send, surrogates and huge numbers included."""
    kind = rng.randrange(10 if depth < 3 else 6)
    if kind == 0:
        return rng.choice([None, True, False, 0, -1, 1.5, 10**400, -(10**30), 2**63])
    if kind == 1:
        return rng.choice(SURROGATES) + rng.choice(["", "h1-b1", "draw", "take b2"])
    if kind == 2:
        return "".join(rng.choice("hsdbpWx0123456789-_ \x00\u202e")
                       for _ in range(rng.randrange(40)))
    if kind == 3:
        return rng.choice(["move", "select", "target", "look", "stored", "store-failed",
                           "store-ok", "written-elsewhere", "download", "write", "file",
                           "too-big", "h7-b2", "take", "a1", "stock-1", "grid-1-3",
                           "skyjo-draw", "draw-pile", "lang=fr", "x" * 5000])
    if kind == 4:
        return rng.randrange(-5, 20)
    if kind == 5:
        return "\ud800" * rng.randrange(1, 4)
    if kind == 6:
        return [junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    keys = ["type", "move", "source", "target", "pile", "value", "name", "size", "text",
            "filename", "\ud800", "view", "query"]
    return {rng.choice(keys): junk(rng, depth + 1) for _ in range(rng.randrange(5))}


def forged(rng: random.Random, widget: Any) -> tuple[Any, list[Any]]:
    """A comm message: a custom message, an update of any trait, or nonsense."""
    roll = rng.random()
    if roll < 0.45:
        content = junk(rng)
        if rng.random() < 0.6:
            content = {"type": junk(rng, 3) if rng.random() < 0.3 else rng.choice(
                ["move", "select", "target", "look", "stored", "written-elsewhere",
                 "store-failed", "store-ok", "file", "too-big"]),
                **(content if isinstance(content, dict) else {"x": content})}
        buffers = [bytes(rng.randrange(256) for _ in range(rng.randrange(8)))
                   for _ in range(rng.randrange(3))]
        return custom(content), buffers
    if roll < 0.85:
        names = [*sorted(widget.keys), "nonsense", "\ud800"]
        state = {rng.choice(names): junk(rng) for _ in range(rng.randrange(1, 3))}
        return update(widget, state), []
    return rng.choice([{"method": junk(rng, 3)}, junk(rng), {"method": "request_state"},
                       {"method": "custom"}, {"method": "update", "state": junk(rng)}]), []


@pytest.mark.parametrize("settings", [
    GameSettings(seed="5"), SkyjoSettings(seed="1"),
    GameSettings(players=2, levels=(), people=("Emma", "Noah"), seed="5"),
], ids=["skipbo", "skyjo", "hot-seat"])
def test_thousands_of_forged_messages_to_a_game_change_nothing(settings: Any) -> None:
    app = game_app(settings, lang="de")
    screen = app.game_screen
    assert screen is not None
    table = screen.controller.table
    key, stored = screen.match.game.state_key(), app.store.value
    rng = random.Random(f"forged-{settings.kind.id}-{bool(settings.people)}")
    widgets = [table, app.store, app.lesson_store, app.view_store]
    for _ in range(1200):
        widget = rng.choice(widgets)
        data, buffers = forged(rng, widget)
        deliver(widget, data, buffers)
        assert app.game_screen is screen and app.screen == "game"
        assert screen.match.game.state_key() == key
        assert app.store.value == stored
    assert table.view["lang"] == "de"


def test_thousands_of_forged_messages_to_the_shell_and_the_file_picker() -> None:
    rng = random.Random("forged-shell")
    app = game_app(GameSettings(seed="5"), lang="en")
    screen = app.game_screen
    assert screen is not None
    key = screen.match.game.state_key()
    picker = FilePicker(max_size=1000)
    picked: list[Any] = []
    picker.on_file(lambda name, found: picked.append((name, found)))
    for _ in range(1500):
        widget = rng.choice([app.shell, picker])
        data, buffers = forged(rng, widget)
        if rng.random() < 0.3:  # a query as the page's script sends it, with junk inside
            data = update(widget, {"query": "&".join(
                f"{rng.choice(['lang', 'deal', 'players', 'view', 'game', 'stock'])}="
                f"{junk(rng, 3)}" for _ in range(rng.randrange(4))),
                "address": junk(rng, 3)})
        deliver(widget, data, buffers)
        assert app.game_screen is screen and screen.match.game.state_key() == key
        assert isinstance(app.shell.query, str) and isinstance(app.shell.address, str)
    assert all(isinstance(name, str) for name, _ in picked)


def test_thousands_of_forged_queries_on_the_home_screen() -> None:
    """From the page (the shell's ``query``) and from Voilà's hand-over (``open_query``):
    a deal that can be played may start; anything else stays home with a notice the page
    can be sent."""
    rng = random.Random("forged-query")
    for _ in range(300):
        app = App(rng.choice(LANGS), animate=False)
        for _ in range(rng.randrange(1, 4)):
            query = "&".join(
                f"{rng.choice(QUERY_NAMES)}"
                f"={rng.choice([str(junk(rng, 3)), '1', 'skyjo', 'projector'])}"
                for _ in range(rng.randrange(1, 6)))
            if rng.random() < 0.5:
                deliver(app.shell, update(app.shell, {"query": query}))
            else:
                app.open_query(query)
            assert app.screen in ("home", "game")
            assert last_state(app.notice, "value") in (None, app.notice.value)


# -- Voilà's hand-over of the request ------------------------------------------------------

@pytest.mark.parametrize("message", [
    json.dumps({"QUERY_STRING": "lang=fr&players=\ud800&deal=1"}),
    json.dumps({"QUERY_STRING": "lang=fr\x00"}), json.dumps({"QUERY=STRING": "x"}),
    json.dumps({"": "x"}), json.dumps({"\ud800": "x"}), json.dumps(["QUERY_STRING"]),
    json.dumps({"QUERY_STRING": 7}), "{", b"\xff", None,
    json.dumps({"QUERY_STRING": "a" * 100_000}),
])
def test_what_voila_hands_over_is_kept_only_when_it_can_be_an_environment_variable(
        message: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "environ", os.environ.copy())
    info = parse_request_info(message)
    if info is not None:
        os.environ.update(info)  # what _wait_for_visitor does next: it must not raise
        app = App("de", animate=False)
        app.open_query(info.get("QUERY_STRING", ""))


def test_a_pre_heated_kernel_handed_a_lone_surrogate_stays_home(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from test_voila_request import _pre_heated

    monkeypatch.setattr(os, "environ", os.environ.copy())
    for name in ("QUERY_STRING", "VOILA_PREHEAT", "VOILA_KERNEL_ID", "VOILA_APP_PORT"):
        monkeypatch.delenv(name, raising=False)
    request = json.dumps({"QUERY_STRING": "lang=fr&deal=1&players=\ud800", "SCRIPT_NAME": "/"})
    before, after = asyncio.run(_pre_heated(monkeypatch, request))
    assert before == [] and after == [""]
