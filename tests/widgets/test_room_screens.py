"""Play with others (issue 23), headless: two apps (two pages, each its own kernel) on one
SQLite store in a temporary folder, from the home screen's button to the shared table;
bad input answered in the page's language with nothing changed; the static site."""

from __future__ import annotations

import html
import json
import random
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from app_screens import click, shown

from skipbo_widgets.i18n import t
from skipbo_widgets.rooms import Rooms, open_store
from skipbo_widgets.rooms.store import StoreUnavailable
from skipbo_widgets.widgets.page.testids import plain_text
from skipbo_widgets.widgets.rooms import screens
from skipbo_widgets.widgets.rooms.controller import RoomController
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
    # Beside each name, the points of the room's deals so far, said as points.
    assert f'>Anna · {t("room.seat.points", "de", count=0)}<' in shown(ben, "seat-0").value
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
        # What was typed stays, to be mended rather than typed again.
        assert shown(ben, "join-name").value == name
        assert shown(ben, "join-code").value == typed.upper()
    room = rooms.observe(code, json.loads(anna.room_flow.store.value)["token"])
    assert [s["person"] for s in room["seats"]] == [True, False]


def test_a_form_keeps_what_was_typed_through_a_new_language(store: str) -> None:
    ben = App(lang="en")
    ben.room_flow.show_join("")
    shown(ben, "join-code").value = "k7px"
    shown(ben, "join-name").value = "Ben"
    ben.set_lang("fr")
    assert (shown(ben, "join-code").value, shown(ben, "join-name").value) == ("K7PX", "Ben")
    anna = App(lang="en")
    click(anna, "play-others")
    shown(anna, "room-owner-name").value = "Anna"
    anna.set_lang("nl")
    assert shown(anna, "room-owner-name").value == "Anna"


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


# -- the owner's buttons, a room that has ended, the store stopped -------------------------

class Clock:
    """Unix time that moves only when a test says so (who is away is a matter of time)."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


def on_clock(app: App, store: str, clock: Clock) -> App:
    """The page's kernel reads the room's times from ``clock``."""
    app.room_flow._rooms = Rooms(open_store(store), clock=clock)
    return app


def started(store: str, clock: Clock, langs: tuple[str, str] = ("en", "de"),
            game: str = "skyjo") -> tuple[App, App, str]:
    """Anna's and Ben's pages at a started two-seat room."""
    anna, ben = (on_clock(App(lang=lang), store, clock) for lang in langs)
    anna.choose_game(game)
    code = make_room(anna)
    join(ben, code, "Ben")
    anna.room_flow._poll()
    click(anna, "room-start")
    ben.room_flow._poll()
    return anna, ben, code


def test_the_owner_lets_the_computer_play_an_away_seat_and_gives_it_back(store: str) -> None:
    clock = Clock()
    anna, ben, _ = started(store, clock)
    a, b = anna.room_flow.controller, ben.room_flow.controller
    assert a is not None and b is not None
    assert shown(anna, "hand-to-bot-1") is None  # Ben is there: nothing to offer
    for move in ("reveal a1", "reveal a2"):  # Anna's set-up; then it is Ben's turn
        assert a.request({"type": "move", "move": move})
    clock.now += 61  # Ben's page has not said it is there for a minute
    a.enter()
    anna.room_flow._poll()
    assert t("room.seat.away", "en") in shown(anna, "seat-1").value
    click(anna, "hand-to-bot-1")
    assert t("room.seat.computer", "en") in shown(anna, "seat-1").value
    assert shown(anna, "give-back-1") is not None and shown(anna, "hand-to-bot-1") is None
    assert a.step_bot()  # any page lets the computer move for Ben
    assert a.room["last"]["seat"] == 1
    b.sync()
    assert not b.my_turn  # the computer plays Ben's seat: his clicks are not moves
    ben.room_flow._poll()
    assert t("room.seat.computer", "de") in shown(ben, "seat-1").value
    click(anna, "give-back-1")
    assert shown(anna, "give-back-1") is None
    assert t("room.seat.computer", "en") not in shown(anna, "seat-1").value
    b.enter()
    b.sync()
    assert b.my_turn  # the bot turned one card; Ben turns his second himself
    assert b.request({"type": "move", "move": str(b.obs.legal_moves[0])})


def play_to_the_end(*pages: RoomController | None) -> None:
    """The pages click legal moves (at random, seeded) in turn until the deal is over; the
    computer plays its seats."""
    rng = random.Random(3)
    for _ in range(2000):
        for page in pages:
            assert page is not None
            page.sync()
            if page.phase == "over":
                return
            if page.my_turn:
                move = rng.choice(sorted(str(m) for m in page.obs.legal_moves))
                assert page.request({"type": "move", "move": move})
            page.run_bots()
    raise AssertionError("the deal did not end")


def reopened(app: App, store: str, clock: Clock, lang: str = "fr") -> App:
    """The same browser loads the app again: a new kernel, the seat handed back."""
    again = on_clock(App(lang=lang), store, clock)
    again.room_flow.store._receive(None, {"type": "stored",
                                          "value": app.room_flow.store.value}, None)
    return again


def test_a_finished_room_comes_back_on_loading_only_while_others_are_there(store: str) -> None:
    clock = Clock()
    anna, ben, _ = started(store, clock)
    play_to_the_end(anna.room_flow.controller, ben.room_flow.controller)
    # Anna is still at the table (the owner may deal again): Ben's reload goes back.
    again = reopened(ben, store, clock)
    assert again.screen == "room" and again.room_flow.screen == "table"
    # An hour later, everyone else gone: the page opens at home and forgets the room.
    clock.now += 3600
    later = reopened(again, store, clock)
    assert later.screen == "home" and later.room_flow.store.value == ""


def test_a_reload_while_the_deal_is_started_or_dealt_again_goes_to_the_new_deal(
        store: str) -> None:
    """Anna starts the room while Ben's page still shows the waiting room; Ben reloads:
    his table. After the round Anna deals again and reloads at once, and so does Ben,
    whose page has not seen the new deal: both at the new round's table, at their seats."""
    clock = Clock()
    anna, ben = (on_clock(App(lang=lang), store, clock) for lang in ("en", "de"))
    anna.choose_game("skyjo")
    code = make_room(anna)
    join(ben, code, "Ben")
    anna.room_flow._poll()
    click(anna, "room-start")
    assert ben.room_flow.screen == "lobby"  # his page has not read the room again
    ben = reopened(ben, store, clock, "de")
    assert ben.room_flow.screen == "table" and ben.room_flow.controller is not None
    assert ben.room_flow.controller.seat == 1
    play_to_the_end(anna.room_flow.controller, ben.room_flow.controller)
    anna.room_flow._poll()
    click(anna, "next-deal")
    for app in (reopened(anna, store, clock, "en"), reopened(ben, store, clock, "de")):
        flow = app.room_flow
        assert flow.screen == "table" and flow.code == code and flow.controller is not None
        assert flow.controller.room["deal"] == 2 and flow.controller.phase == "playing"
        assert flow.controller.obs.seats[flow.controller.seat].cards  # its own grid


def test_a_room_everyone_else_left_mid_deal_comes_back_and_can_be_finished(
        store: str) -> None:
    """Ben is gone mid-round (his page not seen for an hour); Anna, the owner, reloads:
    her table as it was, Ben marked away, and she can let the computer play his seat
    and finish the round (forgetting the room would lose her seat: the code admits
    nobody once the game is on)."""
    clock = Clock()
    anna, _ben, _ = started(store, clock)
    a = anna.room_flow.controller
    assert a is not None
    for move in ("reveal a1", "reveal a2"):
        assert a.request({"type": "move", "move": move})
    cards = a.table.view["players"]
    clock.now += 3600
    again = reopened(anna, store, clock, "en")
    flow = again.room_flow
    assert flow.screen == "table" and flow.controller is not None
    assert flow.controller.table.view["players"] == cards
    assert t("room.seat.away", "en") in shown(again, "seat-1").value
    click(again, "hand-to-bot-1")
    play_to_the_end(flow.controller)
    assert flow.controller.phase == "over"


def test_a_room_one_has_left_is_not_shown_on_loading(store: str) -> None:
    clock = Clock()
    anna, ben, _ = started(store, clock)
    click(ben, "room-leave")
    assert ben.screen == "home" and ben.room_flow.store.value == ""
    assert reopened(ben, store, clock).screen == "home"
    # The seat stays at the room (shown as away later on); Anna's game goes on.
    assert anna.room_flow.controller is not None and anna.room_flow.controller.my_turn


def test_the_store_stopped_and_started_again_mid_game_on_the_screens(
        tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Redis stops while Anna clicks a card: the line beside her table says the table
    cannot be reached, the cards stay; when Redis is back the click counts once."""
    from skipbo_widgets.rooms.redis_server import RedisServer, redis_server_available

    if not redis_server_available():
        pytest.skip("no redis-server (apt-get install redis-server)")
    server = RedisServer(tmp_path_factory.mktemp("redis"))
    server.start()
    try:
        monkeypatch.setenv("SKIPBO_WIDGETS_STORE", server.url)
        anna, ben, code = started(server.url, Clock(), ("nl", "fr"))
        a = anna.room_flow.controller
        assert a is not None and a.request({"type": "move", "move": "reveal a1"})
        cards = dict(a.table.view)["players"]
        server.stop()
        try:
            assert not a.request({"type": "move", "move": "reveal a2"})
            assert t("room.offline", "nl") in shown(anna, "room-turn").value
            assert a.table.view["players"] == cards
            ben.room_flow._poll()
            assert t("room.offline", "fr") in shown(ben, "room-error").value
        finally:
            server.start()
        a.tick()
        assert t("room.offline", "nl") not in shown(anna, "room-turn").value
        ben.room_flow._poll()
        assert shown(ben, "room-error") is None
        room = Rooms(open_store(server.url)).observe(code, json.loads(
            anna.room_flow.store.value)["token"])
        assert room["last"]["move"] == "reveal a2" and room["version"] == a.version
        assert ben.room_flow.controller is not None
        assert ben.room_flow.controller.version == a.version
    finally:
        server.stop()


class Unreachable:
    """A store that cannot be reached (as Redis stopped): every call says so."""

    def __getattr__(self, name: str) -> Callable[..., None]:
        def fail(*args: object, **kwargs: object) -> None:
            raise StoreUnavailable("unreachable")
        return fail


def test_a_click_while_the_table_cannot_be_reached_is_not_made_and_said_so(store: str) -> None:
    """Anna's page knows the store is gone: a click is not kept to send later; the line
    under her table says at once, in her language, that the move was not made and why,
    and her cards stay; with the store back, the room has no move of hers."""
    anna, _, code = started(store, Clock(), ("nl", "fr"))
    a = anna.room_flow.controller
    assert a is not None
    reachable, version, cards = a.rooms.store, a.version, a.table.view["players"]
    a.rooms.store = Unreachable()  # type: ignore[assignment]
    a.tick()  # the page's waiting task finds the store gone
    assert a.offline and a.table.view["status"] == t("room.offline", "nl")
    for request in ({"type": "move", "move": "reveal a1"},
                    {"type": "select", "source": "grid-0-a1"}):
        assert not a.request(request)
        assert a.table.view["status"] == t("room.offline_click", "nl")
        assert a.table.view["players"] == cards and a.pending is None
    a.rooms.store = reachable
    a.tick()
    assert not a.offline and t("room.offline_click", "nl") != a.table.view["status"]
    token = json.loads(anna.room_flow.store.value)["token"]
    assert Rooms(open_store(store)).observe(code, token)["version"] == version == a.version


def test_the_other_peoples_moves_are_said_beside_the_table(store: str) -> None:
    """Anna turns a card over: Ben's page says so in German, in the game's own log
    sentence, from his own views; his own moves are not listed there."""
    anna, ben, _ = started(store, Clock())
    a, b = anna.room_flow.controller, ben.room_flow.controller
    assert a is not None and b is not None
    assert a.request({"type": "move", "move": "reveal a1"})
    b.sync()
    card = b.obs.seats[0].cards[0]
    said = shown(ben, "room-moves").value
    assert html.escape(t("log.skyjo.reveal", "de", player=0, value=card,
                         names=["Anna", "Du"])) in said
    assert a.request({"type": "move", "move": "reveal a2"})
    b.sync()
    assert shown(ben, "room-moves").value.count("<li>") == 2
    assert shown(anna, "room-moves").value == ""  # nobody else has moved


def test_moves_a_page_missed_are_counted_beside_the_table(store: str) -> None:
    """Ben's page reads the room only after Anna's two moves (it was away): it cannot say
    each, so it says how many, in German, to his eyes and his screen reader."""
    anna, ben, _ = started(store, Clock())
    said: list[str] = []
    ben.shell.say = said.append  # type: ignore[method-assign]
    a, b = anna.room_flow.controller, ben.room_flow.controller
    assert a is not None and b is not None
    for move in ("reveal a1", "reveal a2"):
        assert a.request({"type": "move", "move": move})
    b.sync()
    missed = t("room.missed_moves", "de", count=2)
    assert said == [missed]
    assert shown(ben, "room-moves").value.count("<li>") == 1
    assert html.escape(missed) in shown(ben, "room-moves").value
    while b.my_turn:  # Ben's set-up; then Anna's next move, seen, is said after the count
        assert b.request({"type": "move", "move": str(b.obs.legal_moves[0])})
    a.sync()
    while a.my_turn:  # a drawn card is said once it is placed
        assert a.request({"type": "move", "move": str(a.obs.legal_moves[0])})
        b.sync()
    lines = b.seen_lines()
    assert said[0] == lines[0] == missed and len(lines) > 1 and said[-1].endswith(lines[-1])


def test_a_screen_reader_hears_the_other_peoples_moves_once_and_the_hint(store: str) -> None:
    """Issue 25 at a room: each move of another seat said once in the app's live region,
    in the page's language and the game's own sentence; the hint as shown."""
    anna, ben, _ = started(store, Clock())
    said: list[str] = []
    ben.shell.say = said.append  # type: ignore[method-assign]
    a, b = anna.room_flow.controller, ben.room_flow.controller
    assert a is not None and b is not None
    assert a.request({"type": "move", "move": "reveal a1"})
    b.sync()
    first = t("log.skyjo.reveal", "de", player=0, value=b.obs.seats[0].cards[0],
              names=["Anna", "Du"])
    assert said == [first]
    b.sync()
    ben.room_flow._poll()  # nothing new: nothing said again
    assert said == [first]
    assert a.request({"type": "move", "move": "reveal a2"})
    b.sync()
    second = t("log.skyjo.reveal", "de", player=0, value=b.obs.seats[0].cards[1],
               names=["Anna", "Du"])
    assert said == [first, second]
    assert b.my_turn
    click(ben, "hint")
    shown_hint = ben.room_flow._hint.value
    assert shown_hint and said[-1] == plain_text(shown_hint)
    assert len(said) == 3
    assert b.request({"type": "move", "move": str(b.obs.legal_moves[0])})
    # Ben's own move is not another's: nothing more is said. (Not counted by its text:
    # Anna's two cards may show the same number, and then both sentences are the same.)
    assert said == [first, second, plain_text(shown_hint)]
