"""The table of a room's seat (issue 23), headless: the app's table controller fed by the
room, two or three pages (each its own store connection, as its own kernel) on one
SQLite file and on a real redis-server. Whole games by requests as the page sends them,
each page's view checked against the engine, races, refusals, the store stopped."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable
from typing import Any

import pytest
from test_rooms import check_view, engine_of

from skipbo_widgets.i18n import t
from skipbo_widgets.rooms import ADAPTERS, Rooms, adapters
from skipbo_widgets.rooms.redis_server import RedisServer
from skipbo_widgets.rooms.store import Store
from skipbo_widgets.widgets.rooms.controller import RoomController

Connect = Callable[[], Store]


class Ticks:
    """A clock that moves a second at every reading: heartbeats and bot paces are due."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def seat_pages(connect: Connect, game: str, people: list[str], *, bots: int = 0,
               langs: tuple[str, ...] = ("en", "de", "fr", "nl"),
               **options: Any) -> tuple[str, list[RoomController]]:
    """A started room and a page (controller, own connection) for each person."""
    owner_rooms = Rooms(connect())
    players = len(people) + bots
    owner = owner_rooms.create(game, players, owner_name=people[0], options=options,
                               bots={s: ADAPTERS[game].levels[0]
                                     for s in range(len(people), players)})
    tokens = [owner.token] + [Rooms(connect()).join(owner.code, n).token for n in people[1:]]
    owner_rooms.start(owner.code, owner.token, seed=5)
    pages = [RoomController(Rooms(connect()), owner.code, token, client=f"browser-{i}",
                            lang=langs[i % len(langs)], clock=Ticks())
             for i, token in enumerate(tokens)]
    return owner.code, pages


def check_page(store: Store, page: RoomController) -> None:
    """The page holds its own seat's observation only, and draws the table from it."""
    check_view(store, page.code, page.rooms.observe(page.code, page.token))
    engine, record = engine_of(store, page.code)
    if page.version == record.version:
        assert page.obs == page.seat_game.observation(
            ADAPTERS[page.room["game"]].observe(engine, page.seat))
    assert page.table.view["lang"] == page.lang


def play_out(store: Store, pages: list[RoomController], seed: int = 0,
             limit: int = 20_000) -> int:
    """Every page in turn reads the room and, on its turn, clicks a legal move, until the
    deal is over; the moves the people made."""
    rng = random.Random(seed)
    made = 0
    for _ in range(limit):
        for page in pages:
            page.tick()
            check_page(store, page)
            if page.phase == "over":
                return made
            if page.my_turn:
                move = rng.choice(sorted(str(m) for m in page.obs.legal_moves))
                assert page.request({"type": "move", "move": move}), page.status()
                made += 1
    raise AssertionError("the deal did not end")


def test_two_pages_play_a_whole_skyjo_round(connect: Connect) -> None:
    _, pages = seat_pages(connect, "skyjo", ["Anna", "Ben"])
    made = play_out(connect(), pages)
    assert made > 20
    for page in pages:
        page.tick()
        assert page.phase == "over" and not page.interactive


def test_three_pages_and_a_bot_play_a_skyjo_round(connect: Connect) -> None:
    _, pages = seat_pages(connect, "skyjo", ["Anna", "Ben", "Cleo"], bots=1)
    assert play_out(connect(), pages) > 20
    assert any(s["bot"] for s in pages[0].room["seats"])


@pytest.mark.parametrize("teams", [False, True])
def test_people_play_a_whole_skipbo_game(connect: Connect, teams: bool) -> None:
    people = ["Anna", "Ben", "Cleo", "Dan"] if teams else ["Anna", "Ben"]
    _, pages = seat_pages(connect, "skipbo", people, stock_size=5, teams=teams)
    assert play_out(connect(), pages) > 10


def test_a_click_out_of_turn_says_whose_turn_it_is(connect: Connect) -> None:
    _, (anna, ben) = seat_pages(connect, "skyjo", ["Anna", "Ben"])
    assert anna.my_turn and not ben.my_turn
    version = ben.version
    assert not ben.request({"type": "move", "move": "reveal a1"})
    assert "Anna" in ben.table.view["status"]
    assert ben.rooms.observe(ben.code, ben.token)["version"] == version


def test_an_illegal_move_is_refused_with_the_engines_reason(connect: Connect) -> None:
    _, (anna, _ben) = seat_pages(connect, "skyjo", ["Anna", "Ben"], langs=("fr",))
    version = anna.version
    assert not anna.request({"type": "move", "move": "swap a1"})
    text, kind = anna.status()
    assert kind == "error" and text and "{" not in text
    assert not anna.request({"type": "move", "move": "fly to the moon"})
    assert anna.rooms.observe(anna.code, anna.token)["version"] == version


def test_two_tabs_of_one_seat_click_at_once_one_move_counts(connect: Connect) -> None:
    code, (anna, ben) = seat_pages(connect, "skyjo", ["Anna", "Ben"])
    tab = RoomController(Rooms(connect()), code, anna.token, client="browser-0")
    first, second = sorted(str(m) for m in anna.obs.legal_moves)[:2]
    version = anna.version
    assert anna.request({"type": "move", "move": first})
    assert not tab.request({"type": "move", "move": second})
    assert tab.status() == (t("room.refused.stale_version", "en"), "error")
    assert tab.version == anna.version == version + 1  # the tab shows the table as it is
    record = engine_of(connect(), code)[1]
    assert record.version == version + 1 and json.loads(record.value)["moves"] == 1
    ben.tick()
    assert ben.version == version + 1


def test_bots_move_at_a_pace_from_any_page(connect: Connect) -> None:
    _, (anna,) = seat_pages(connect, "skyjo", ["Anna"], bots=2)
    while anna.my_turn:  # the set-up: Anna turns two cards, then the bots
        anna.request({"type": "move", "move": str(anna.obs.legal_moves[0])})
    assert anna.bots_to_move
    version = anna.version
    anna.tick()
    assert anna.version == version + 1  # one bot move per tick: a person can follow


def test_skyjo_bots_and_hints_weigh_the_totals_before_the_round(
        connect: Connect, monkeypatch: pytest.MonkeyPatch) -> None:
    """A room's rounds add up as a game to 100 does in the app: its computer players and a
    page's hints and reviews get each seat's total before the round on the table, the
    same at the round's last move as at its first."""
    given: list[Any] = []
    real = adapters.skyjo_bot

    class Recording:
        def __init__(self, level: str) -> None:
            self.bot = real(level)

        def choose_move(self, obs: Any, totals: Any = None) -> Any:
            given.append(totals)
            return self.bot.choose_move(obs, totals)

    monkeypatch.setattr(adapters, "skyjo_bot", Recording)
    code, (anna, ben) = seat_pages(connect, "skyjo", ["Anna", "Ben"], bots=1)
    play_out(connect(), [anna, ben])
    assert given and set(given) == {(0, 0, 0)}
    assert anna.play.totals() == (0, 0, 0)
    first = tuple(anna.room["totals"])
    assert any(first)
    anna.rooms.next_deal(code, anna.token)
    given.clear()
    anna.tick()
    assert anna.play.totals() == first and anna.play.new_coach().totals() == first
    play_out(connect(), [anna, ben], seed=1)
    assert given and set(given) == {first}
    assert tuple(anna.room["totals"]) != first  # the second round is added to the room's
    for page in (anna, ben):
        assert page.play.totals() == first  # what the round was played with


def test_no_undo_in_a_room(connect: Connect) -> None:
    _, (anna, _ben) = seat_pages(connect, "skyjo", ["Anna", "Ben"])
    anna.request({"type": "move", "move": "reveal a1"})
    assert not anna.can_undo() and not anna.undo()
    assert anna.status()[0] == t("room.no_undo", "en")


def test_the_review_of_a_finished_turn_is_from_the_seats_own_view(connect: Connect) -> None:
    _, (anna, _ben) = seat_pages(connect, "skyjo", ["Anna", "Ben"])
    anna.request({"type": "move", "move": "reveal a1"})
    anna.request({"type": "move", "move": "reveal a2"})
    assert len(anna.finished_turn) == 2
    before, move = anna.finished_turn[0]
    assert before.seat == 0 and str(move) == "reveal a1"
    # the set-up's free reveals are not reviewed (any card is as good to turn)
    assert anna.play.review_html(anna.finished_turn, lang="de", names=anna.names) == ""


def test_the_store_stopped_mid_turn_then_back(redis_server: RedisServer) -> None:
    """Redis stops: the page says so, keeps its table, and its move is applied once when
    the store is back."""
    from skipbo_widgets.rooms import open_store

    def connect() -> Store:
        return open_store(redis_server.url)

    code, (anna, ben) = seat_pages(connect, "skyjo", ["Anna", "Ben"])
    shown = anna.table.view
    version = anna.version
    redis_server.stop()
    try:
        assert not anna.request({"type": "move", "move": "reveal a1"})
        assert anna.offline and anna.pending is not None
        assert anna.status() == (t("room.offline", "en"), "error")
        assert anna.table.view["hand" if "hand" in shown else "players"] == \
            shown["hand" if "hand" in shown else "players"]
        anna.tick()  # still down: nothing lost, nothing applied
        assert anna.offline and anna.pending is not None
    finally:
        redis_server.start()
    anna.tick()
    assert not anna.offline and anna.pending is None
    assert anna.version == version + 1
    room = json.loads(engine_of(connect(), code)[1].value)
    assert room["moves"] == 1 and room["last"]["move"] == "reveal a1"
    ben.tick()
    assert ben.version == version + 1


def test_the_kernels_task_redraws_another_pages_move(connect: Connect) -> None:
    """:meth:`RoomController.watch` waits for the room in a thread and redraws."""
    _, (anna, ben) = seat_pages(connect, "skyjo", ["Anna", "Ben"])

    async def scene() -> float:
        task = asyncio.create_task(ben.watch())
        await asyncio.sleep(0.2)
        version = ben.version
        start = time.perf_counter()
        anna.request({"type": "move", "move": "reveal a1"})
        while ben.version == version:
            await asyncio.sleep(0.005)
        took = time.perf_counter() - start
        ben.close()
        await asyncio.wait_for(task, 10)
        return took

    took = asyncio.run(scene())
    assert ben.obs.seats[0].cards[0] is not None  # Anna's a1 is face up on Ben's table
    assert took < 10  # timings belong in the benchmark; this only says it arrived


def test_the_kernels_task_does_not_read_the_room_again_after_its_own_move(
        connect: Connect) -> None:
    """Anna's move ends her task's wait; her page read the room after the move already,
    so the task does not read it again (it still reads after Ben's move)."""
    _, (anna, ben) = seat_pages(connect, "skyjo", ["Anna", "Ben"])
    reads: list[int] = []
    observe = anna.rooms.observe

    def counted(*args: Any, **kwargs: Any) -> Any:
        reads.append(anna.version)
        return observe(*args, **kwargs)

    anna.rooms.observe = counted  # type: ignore[method-assign]

    async def scene() -> None:
        task = asyncio.create_task(anna.watch())
        await asyncio.sleep(0.2)
        for move in ("reveal a1", "reveal a2"):  # her set-up; then Ben's turn
            assert anna.request({"type": "move", "move": move})
        await asyncio.sleep(0.5)  # the task's waits have ended by now
        assert len(reads) == 2  # one read after each move, by the move itself
        version = anna.version
        ben.sync()
        assert ben.request({"type": "move", "move": "reveal a1"})
        while anna.version == version:
            await asyncio.sleep(0.005)
        anna.close()
        await asyncio.wait_for(task, 10)

    asyncio.run(scene())
    assert len(reads) == 3
