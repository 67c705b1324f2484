"""The room authority on both stores: whole games by several kernels, every bad input
refused with nothing changed, hidden cards never in a page's view, races."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from room_players import Kernel

from skipbo_widgets.rooms import (
    ADAPTERS,
    Moved,
    RoomError,
    Rooms,
    StoreUnavailable,
    open_store,
)
from skipbo_widgets.rooms import authority as authority_module
from skipbo_widgets.rooms.authority import CODE_ALPHABET, ROOM_TTL, room_key
from skipbo_widgets.rooms.redis_server import RedisServer
from skipbo_widgets.rooms.store import Record, Store

Connect = Callable[[], Store]
HERE = Path(__file__).parent


class Clock:
    """A clock the test moves by hand (rooms' 24 hours, a person's absence)."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def engine_of(store: Store, code: str) -> tuple[Any, Record]:
    record = store.get(room_key(code))
    assert record is not None
    room = json.loads(record.value)
    return ADAPTERS[room["game"]].loads(room["save"]), record


def check_view(store: Store, code: str, obs: dict[str, Any]) -> None:
    """The page's observation is its own seat's view as the engine gives it, and holds
    nothing of the stored record (no save file, no other seat's hidden card)."""
    engine, record = engine_of(store, code)
    room = json.loads(record.value)
    seat = obs["seat"]
    assert obs["version"] == record.version
    text = json.dumps(obs)
    assert room["save"] not in text
    assert all(s["token"] is None or s["token"] not in text for s in room["seats"])
    assert room["owner"] not in text
    assert obs["view"] == ADAPTERS[room["game"]].observe(engine, seat)
    view = obs["view"]
    if room["game"] == "skyjo":
        for s, seat_view in enumerate(view["seats"]):
            for place, card in enumerate(seat_view["cards"]):
                if not engine.face_up[s][place]:
                    assert card is None
        assert view["drawn"] == (engine.drawn if seat == engine.current else None)
    else:
        assert view["hand"] == engine.hand_cards(seat)
        for seat_view in view["seats"]:
            assert set(seat_view) == {"seat", "team", "stock_top", "stock_count",
                                      "hand_count", "discards"}
            assert seat_view["stock_top"] == (engine.stocks[seat_view["seat"]] or [None])[-1]


def new_room(connect: Connect, game: str, people: list[str], bots: dict[int, str],
             clock: Callable[[], float] | None = None, **kw: Any
             ) -> tuple[str, list[Kernel], Rooms]:
    """A started room; a kernel (own store connection) for each person."""
    kwargs = {} if clock is None else {"clock": clock}
    owner_rooms = Rooms(connect(), **kwargs)
    owner = owner_rooms.create(game, len(people) + len(bots), owner_name=people[0],
                               bots=bots, **kw)
    tokens = [owner.token]
    for name in people[1:]:
        tokens.append(Rooms(connect(), **kwargs).join(owner.code, name).token)
    owner_rooms.start(owner.code, owner.token, seed=11)
    kernels = [Kernel(connect(), owner.code, t, seed=i) for i, t in enumerate(tokens)]
    if clock is not None:
        for k in kernels:
            k.rooms.clock = clock
    return owner.code, kernels, owner_rooms


def play_round_robin(store: Store, code: str, kernels: list[Kernel]) -> int:
    """Each kernel in turn moves if it may, and one of them runs the bots, until the
    deal is over; every observation checked. The moves made."""
    made = 0
    for step in range(20_000):
        for kernel in kernels:
            obs = kernel.observe()
            check_view(store, code, obs)
            if obs["phase"] == "over":
                return made
            before = kernel.moves
            kernel.play_once()
            made += kernel.moves - before
        made += kernels[step % len(kernels)].rooms.run_bots(code)
    raise AssertionError("the deal did not end")


def test_a_whole_skyjo_round_by_three_kernels_and_a_bot(connect: Connect) -> None:
    store = connect()
    code, kernels, _ = new_room(connect, "skyjo", ["Anna", "Ben", "Cleo"], {3: "medium"})
    made = play_round_robin(store, code, kernels)
    engine, record = engine_of(store, code)
    room = json.loads(record.value)
    assert engine.outcome is not None and room["phase"] == "over"
    assert room["moves"] == made  # nothing lost, nothing doubled
    assert sum(k.moves for k in kernels) < made  # the bot moved too
    assert room["totals"] == list(engine.outcome.scores)
    for kernel in kernels:
        obs = kernel.observe()
        assert obs["view"]["scores"] == list(engine.outcome.scores)


@pytest.mark.parametrize("teams", [False, True], ids=["two", "teams"])
def test_a_whole_skipbo_game_by_kernels(connect: Connect, teams: bool) -> None:
    store = connect()
    people, bots = (["Anna", "Ben"], {2: "medium", 3: "beginner"}) if teams else \
        (["Anna", "Ben"], {})
    code, kernels, _ = new_room(connect, "skipbo", people, bots,
                                options={"stock_size": 5, "teams": teams})
    made = play_round_robin(store, code, kernels)
    engine, record = engine_of(store, code)
    room = json.loads(record.value)
    assert engine.outcome is not None and room["phase"] == "over"
    assert room["moves"] == made
    assert room["totals"] == ADAPTERS["skipbo"].points(engine)
    if teams:
        assert engine.rules.teams and len(engine.outcome.winners) in (0, 2)


def test_two_processes_play_a_skyjo_round(connect: Connect, store_url: str) -> None:
    """Two separate processes, each one person's kernel, play a round with a bot through
    the store, waiting for each other's changes; no move is lost or doubled."""
    store = connect()
    rooms = Rooms(store)
    anna = rooms.create("skyjo", 3, owner_name="Anna", bots={2: "beginner"})
    ben = rooms.join(anna.code, "Ben")
    rooms.start(anna.code, anna.token, seed=3)
    procs = [subprocess.Popen([sys.executable, str(HERE / "room_players.py"), store_url,
                               anna.code, token, str(i)], stdout=subprocess.PIPE, text=True)
             for i, token in enumerate((anna.token, ben.token))]
    reports = [json.loads(p.communicate(timeout=300)[0]) for p in procs]
    assert [p.returncode for p in procs] == [0, 0]
    engine, record = engine_of(store, anna.code)
    room = json.loads(record.value)
    assert engine.outcome is not None and room["phase"] == "over"
    assert room["moves"] == sum(r["moves"] + r["bot_moves"] for r in reports)
    assert all(r["moves"] > 0 for r in reports)


class MeetBeforeWriting:
    """A kernel's store whose writes wait until the other kernel is about to write too:
    both have read the same version and passed every check; only the store decides."""

    def __init__(self, store: Store, barrier: threading.Barrier) -> None:
        self.store, self.barrier = store, barrier

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)

    def put(self, key: str, value: str, version: int, ttl: float) -> int | None:
        self.barrier.wait(timeout=30)
        return self.store.put(key, value, version, ttl)


def test_two_moves_racing_give_one_change_and_one_stale_version(connect: Connect) -> None:
    """The same seat open in two kernels (two tabs) sends two different moves at once:
    one is applied, the other is refused with who moved."""
    store = connect()
    code, (anna, ben), _ = new_room(connect, "skyjo", ["Anna", "Ben"], {})
    raced = 0
    for _ in range(12):
        obs = anna.observe()
        if obs["view"]["current"] != 0:
            ben.play_once()
            continue
        barrier = threading.Barrier(2)
        tabs = [Rooms(MeetBeforeWriting(connect(), barrier)) for _ in range(2)]  # type: ignore[arg-type]
        first, second = obs["view"]["legal_moves"][:2]
        results: dict[str, Moved] = {}

        def send(rooms: Rooms, move: str, version: int, results: dict[str, Moved]) -> None:
            results[move] = rooms.move(code, anna.token, move, version)

        threads = [threading.Thread(target=send, args=(t, m, obs["version"], results))
                   for t, m in zip(tabs, (first, second), strict=True)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        done = [r for r in results.values() if not r.refused]
        refused = [r for r in results.values() if r.refused]
        assert len(done) == 1 and len(refused) == 1, results
        assert refused[0].reason == "stale_version"
        assert refused[0].params is not None and refused[0].params["by"] == "Anna"
        _, record = engine_of(store, code)
        assert record.version == obs["version"] + 1
        assert json.loads(record.value)["last"]["move"] == done[0].move
        raced += 1
    assert raced >= 4


def test_bot_seats_stepped_by_racing_kernels_move_once_each(connect: Connect) -> None:
    store = connect()
    rooms = Rooms(store)
    owner = rooms.create("skyjo", 3, bots={0: "medium", 1: "beginner", 2: "strong"})
    rooms.start(owner.code, owner.token, seed=5)
    kernels = [Rooms(connect()) for _ in range(3)]
    counts = [0, 0, 0]

    def run(i: int) -> None:
        counts[i] = kernels[i].run_bots(owner.code)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    engine, record = engine_of(store, owner.code)
    room = json.loads(record.value)
    assert engine.outcome is not None
    assert room["moves"] == sum(counts)
    assert record.version == 2 + sum(counts)  # created, started, then one write per move


# -- bad input: refused with a reason, nothing changed ---------------------------------


@pytest.fixture()
def lobby(connect: Connect) -> tuple[Rooms, str, str, Store]:
    """A Skip-Bo room of three seats, Anna (the owner) seated, not started."""
    store = connect()
    rooms = Rooms(store)
    anna = rooms.create("skipbo", 3, owner_name="Anna")
    return rooms, anna.code, anna.token, store


def unchanged(store: Store, code: str) -> Callable[[], None]:
    before = store.get(room_key(code))
    keys = store.keys("")

    def check() -> None:
        assert store.get(room_key(code)) == before
        assert store.keys("") == keys

    return check


BAD_NAMES = ["", "   ", "x" * 21, "Mi\x00a", "Mi\na", "\u200b", "Zo\ud800", 42, None]


@pytest.mark.parametrize("name", BAD_NAMES)
def test_a_bad_name_is_refused(lobby: tuple[Rooms, str, str, Store], name: Any) -> None:
    rooms, code, _, store = lobby
    check = unchanged(store, code)
    with pytest.raises(RoomError) as err:
        rooms.join(code, name)
    assert err.value.reason.value == "room_bad_name"
    check()


def test_a_good_name_is_kept_as_typed(lobby: tuple[Rooms, str, str, Store]) -> None:
    rooms, code, token, _ = lobby
    rooms.join(code, "  Zoë-Élise  ")
    names = [s["name"] for s in rooms.observe(code, token)["seats"]]
    assert names == ["Anna", "Zoë-Élise", None]


@pytest.mark.parametrize("code,reason", [
    ("OOOOO", "room_bad_code"), ("I1L0A", "room_bad_code"), ("ABC", "room_bad_code"),
    ("ABCDEFG", "room_bad_code"), ("", "room_bad_code"), (12345, "room_bad_code"),
    ("AAAAA", "room_not_found"),
])
def test_a_wrong_code_is_refused(lobby: tuple[Rooms, str, str, Store], code: Any,
                                 reason: str) -> None:
    rooms, real, _, store = lobby
    check = unchanged(store, real)
    if code == "AAAAA" and real == "AAAAA":
        code = "BBBBB"
    with pytest.raises(RoomError) as err:
        rooms.join(code, "Ben")
    assert err.value.reason.value == reason
    check()


def test_a_code_is_read_in_any_case_with_spaces(lobby: tuple[Rooms, str, str, Store]) -> None:
    rooms, code, _, _ = lobby
    assert rooms.join(f"  {code.lower()} ", "Ben").seat == 1


def test_refusals_in_the_lobby(lobby: tuple[Rooms, str, str, Store]) -> None:
    rooms, code, anna, store = lobby
    ben = rooms.join(code, "Ben")
    cases: list[tuple[Callable[[], Any], str]] = [
        (lambda: rooms.join(code, "anna"), "room_name_taken"),
        (lambda: rooms.start(code, ben.token), "room_not_owner"),
        (lambda: rooms.turn_away(code, ben.token, 1), "room_not_owner"),
        (lambda: rooms.turn_away(code, anna, 0), "room_not_a_person"),
        (lambda: rooms.turn_away(code, anna, 2), "room_not_a_person"),
        (lambda: rooms.turn_away(code, anna, 3), "room_bad_seat"),
        (lambda: rooms.set_bot(code, anna, 1, "medium"), "room_not_a_bot"),
        (lambda: rooms.set_bot(code, anna, 2, "genius"), "room_bad_level"),
        (lambda: rooms.observe(code, "forged-token-0123456789abcdef"), "room_bad_token"),
        (lambda: rooms.observe(code, "short"), "room_bad_token"),
        (lambda: rooms.observe(code, ben.token, seat=0), "room_not_your_seat"),
        (lambda: rooms.enter(code, ben.token, "bad id!"), "room_bad_id"),
        (lambda: rooms.next_deal(code, anna), "room_not_started"),
    ]
    for call, reason in cases:
        check = unchanged(store, code)
        with pytest.raises(RoomError) as err:
            call()
        assert err.value.reason.value == reason, reason
        check()
    check = unchanged(store, code)
    refused = rooms.move(code, ben.token, "s-b1", 2)
    assert refused.reason == "room_not_started"
    check()


def test_a_full_room_and_a_started_room_admit_nobody(
        lobby: tuple[Rooms, str, str, Store]) -> None:
    rooms, code, anna, store = lobby
    rooms.join(code, "Ben")
    rooms.join(code, "Cleo")
    check = unchanged(store, code)
    with pytest.raises(RoomError) as err:
        rooms.join(code, "Dan")
    assert err.value.reason.value == "room_full"
    check()
    rooms.turn_away(code, anna, 2)
    rooms.start(code, anna, seed=1)
    check = unchanged(store, code)
    with pytest.raises(RoomError) as err:
        rooms.join(code, "Dan")
    assert err.value.reason.value == "room_started"
    check()
    seats = rooms.observe(code, anna)["seats"]
    assert [(s["name"], s["bot"]) for s in seats] == [
        ("Anna", None), ("Ben", None), ("Mia", "medium")]


def test_a_turned_away_token_is_void(lobby: tuple[Rooms, str, str, Store]) -> None:
    rooms, code, anna, store = lobby
    ben = rooms.join(code, "Ben")
    rooms.turn_away(code, anna, ben.seat)
    check = unchanged(store, code)
    with pytest.raises(RoomError) as err:
        rooms.observe(code, ben.token)
    assert err.value.reason.value == "room_bad_token"
    check()
    assert rooms.join(code, "Ben").seat == 1  # the name and the seat are free again


@pytest.mark.parametrize("game,players,options,bots,reason", [
    ("chess", 2, {}, {}, "room_bad_game"),
    ("skipbo", 7, {}, {}, "room_bad_players"),
    ("skyjo", 1, {}, {}, "room_bad_players"),
    ("skyjo", True, {}, {}, "room_bad_players"),
    ("skipbo", 3, {"teams": True}, {}, "room_bad_rules"),
    ("skipbo", 2, {"stock_size": 99}, {}, "room_bad_rules"),
    ("skipbo", 2, {"doubling": "always"}, {}, "room_bad_rules"),
    ("skyjo", 2, {"doubling": "never"}, {}, "room_bad_rules"),
    ("skyjo", 3, {}, {5: "medium"}, "room_bad_seat"),
    ("skyjo", 3, {}, {0: "medium"}, "room_bad_seat"),  # the owner sits there
    ("skyjo", 3, {}, {2: "advanced"}, "room_bad_level"),
])
def test_a_room_that_cannot_be_played_is_not_made(store: Store, game: str, players: Any,
                                                  options: dict[str, Any],
                                                  bots: dict[int, str], reason: str) -> None:
    with pytest.raises(RoomError) as err:
        Rooms(store).create(game, players, owner_name="Anna", options=options, bots=bots)
    assert err.value.reason.value == reason
    assert store.keys("") == []


def test_refused_moves_change_nothing(connect: Connect) -> None:
    store = connect()
    code, (anna, ben), _ = new_room(connect, "skyjo", ["Anna", "Ben"], {})
    rooms = anna.rooms
    version = anna.observe()["version"]
    assert anna.observe()["view"]["current"] == 0
    cases = [
        (ben.token, "reveal a1", version, "not_your_turn", {"current": 0, "name": "Anna"}),
        (anna.token, "draw", version, "illegal_move", {"cause": "skyjo_setup_reveal"}),
        (anna.token, "jump a9", version, "illegal_move", {"cause": "skyjo_bad_notation"}),
        (anna.token, "x" * 500, version, "illegal_move", {"cause": "bad_notation"}),
        (anna.token, "reveal a1", version - 1, "stale_version", {"by": None}),
        ("forged-token-0123456789abcdef", "reveal a1", version, "room_bad_token", {}),
    ]
    for token, move, expected, reason, params in cases:
        check = unchanged(store, code)
        done = rooms.move(code, token, move, expected)
        assert done.reason == reason, (move, done)
        assert done.params is not None
        assert {k: done.params.get(k) for k in params} == params, done.params
        check()
    assert rooms.move("ZZZZZ" if code != "ZZZZZ" else "YYYYY", anna.token, "reveal a1",
                      version).reason == "room_not_found"
    assert not rooms.move(code, anna.token, "reveal a1", version).refused
    stale = rooms.move(code, ben.token, "reveal a2", version)
    assert stale.reason == "stale_version" and stale.params == {
        "version": version + 1, "by": "Anna", "seat": 0}


def test_a_retried_move_id_is_applied_once(connect: Connect) -> None:
    store = connect()
    code, (anna, _), _ = new_room(connect, "skyjo", ["Anna", "Ben"], {})
    version = anna.observe()["version"]
    first = anna.rooms.move(code, anna.token, "reveal a1", version, move_id="m-1")
    again = anna.rooms.move(code, anna.token, "reveal a1", version, move_id="m-1")
    assert not first.refused and again.repeated and again.version == first.version
    _, record = engine_of(store, code)
    assert json.loads(record.value)["moves"] == 1 and record.version == first.version
    assert anna.rooms.move(code, anna.token, "reveal a2", first.version,
                           move_id="bad id").reason == "room_bad_id"


# -- seats that survive ------------------------------------------------------------------


def test_a_seat_comes_back_to_its_browser_and_not_to_another(connect: Connect) -> None:
    clock = Clock()
    code, (anna, ben), _ = new_room(connect, "skyjo", ["Anna", "Ben"], {}, clock=clock,
                                    away_after=60)
    assert ben.rooms.enter(code, ben.token, "ben-laptop") == 1
    # A reload or a new kernel of the same browser: the same seat at once.
    assert Rooms(connect(), clock=clock).enter(code, ben.token, "ben-laptop") == 1
    other = Rooms(connect(), clock=clock)
    with pytest.raises(RoomError) as err:
        other.enter(code, ben.token, "someone-else")
    assert err.value.reason.value == "room_seat_in_use"
    seats = anna.observe()["seats"]
    assert [s["away"] for s in seats] == [True, False]  # Anna has not said she is there
    clock.now += 61
    assert anna.observe()["seats"][1]["away"] is True
    assert other.enter(code, ben.token, "someone-else") == 1  # Ben's browser was gone
    with pytest.raises(RoomError):
        ben.rooms.enter(code, ben.token, "ben-laptop")


def test_a_seat_handed_to_a_bot_and_given_back(connect: Connect) -> None:
    store = connect()
    code, (anna, ben), owner = new_room(connect, "skyjo", ["Anna", "Ben"], {})
    with pytest.raises(RoomError) as err:
        ben.rooms.hand_to_bot(code, ben.token, 0, "medium")
    assert err.value.reason.value == "room_not_owner"
    owner.hand_to_bot(code, anna.token, 1, "medium")
    while ben.observe()["view"]["current"] != 1:
        anna.play_once()
    obs = ben.observe()
    assert obs["seats"][1]["bot"] == "medium" and obs["view"]["current"] == 1
    refused = ben.rooms.move(code, ben.token, obs["view"]["legal_moves"][0], obs["version"])
    assert refused.reason == "room_seat_is_bot"
    assert anna.rooms.run_bots(code) >= 1
    owner.give_back(code, anna.token, 1)
    assert ben.observe()["seats"][1]["bot"] is None
    with pytest.raises(RoomError) as err:
        owner.give_back(code, anna.token, 1)
    assert err.value.reason.value == "room_not_a_bot"
    made = play_round_robin(store, code, [anna, ben])
    assert made > 0 and ben.moves > 0


def test_the_next_deal_keeps_the_totals(connect: Connect) -> None:
    store = connect()
    code, kernels, owner = new_room(connect, "skyjo", ["Anna"], {1: "beginner"})
    play_round_robin(store, code, kernels)
    first, _ = engine_of(store, code)
    with pytest.raises(RoomError) as err:
        owner.next_deal(code, "forged-token-0123456789abcdef")
    assert err.value.reason.value == "room_not_owner"
    owner.next_deal(code, kernels[0].token, seed=2)
    second, record = engine_of(store, code)
    room = json.loads(record.value)
    assert room["deal"] == 2 and room["phase"] == "playing"
    assert second.outcome is None and second.current == first.outcome.ender  # SJ-FIRST
    with pytest.raises(RoomError) as err:
        owner.next_deal(code, kernels[0].token)
    assert err.value.reason.value == "room_deal_not_over"
    play_round_robin(store, code, kernels)
    third, record = engine_of(store, code)
    assert json.loads(record.value)["totals"] == [
        a + b for a, b in zip(first.outcome.scores, third.outcome.scores, strict=True)]


def test_a_room_without_a_change_for_a_day_is_gone(connect: Connect) -> None:
    clock = Clock()
    store = connect()
    rooms = Rooms(store, clock=clock)
    quiet = rooms.create("skyjo", 2, owner_name="Anna")
    busy = rooms.create("skipbo", 2, owner_name="Ben")
    rooms.enter(quiet.code, quiet.token, "anna")
    clock.now += ROOM_TTL - 10
    rooms.join(busy.code, "Cleo")  # a change: another day from now
    clock.now += 11
    with pytest.raises(RoomError) as err:  # gone, even before a sweep
        rooms.observe(quiet.code, quiet.token)
    assert err.value.reason.value == "room_not_found"
    assert rooms.sweep() == [quiet.code]
    assert store.keys("") == [room_key(busy.code)]  # Anna's presence went with her room
    with pytest.raises(RoomError) as err:
        rooms.join(quiet.code, "Dan")
    assert err.value.reason.value == "room_not_found"
    clock.now += ROOM_TTL
    assert rooms.sweep() == [busy.code]
    assert store.keys("") == []


def test_codes_use_no_confusable_character_and_never_collide(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    assert not set("0O1IL") & set(CODE_ALPHABET)
    rooms = Rooms(store)
    codes = [rooms.create("skyjo", 2).code for _ in range(30)]
    assert all(set(c) <= set(CODE_ALPHABET) and len(c) == 5 for c in codes)
    # The generator proposes a taken code first: the room gets the next one.
    proposals = iter(codes[0] + "ABCDE")
    real_choice = authority_module.secrets.choice

    def choice(seq: Any) -> Any:
        return next(proposals) if seq == CODE_ALPHABET else real_choice(seq)

    monkeypatch.setattr(authority_module.secrets, "choice", choice)
    if codes[0] != "ABCDE" and "ABCDE" not in codes:
        assert rooms.create("skyjo", 2).code == "ABCDE"


def test_the_store_stopped_mid_game_then_a_retry(redis_server: RedisServer) -> None:
    """Redis stopped: a typed error; started again: the retried move (same id) is
    applied once, and the room was kept by the append-only file."""
    rooms = Rooms(open_store(redis_server.url))
    anna = rooms.create("skyjo", 2, owner_name="Anna", bots={1: "medium"})
    version = rooms.start(anna.code, anna.token, seed=4)
    redis_server.stop()
    with pytest.raises(StoreUnavailable):
        rooms.move(anna.code, anna.token, "reveal a1", version, move_id="m1")
    redis_server.start()
    first = rooms.move(anna.code, anna.token, "reveal a1", version, move_id="m1")
    again = rooms.move(anna.code, anna.token, "reveal a1", version, move_id="m1")
    assert not first.refused and again.repeated and first.version == again.version
    assert rooms.observe(anna.code, anna.token)["version"] == first.version


def test_a_view_never_holds_another_seats_cards(connect: Connect) -> None:
    """Skip-Bo: every other seat's hand is only a count, and no stock card below the
    top, in every view of a whole game (check_view compares with the engine)."""
    store = connect()
    code, kernels, _ = new_room(connect, "skipbo", ["Anna", "Ben", "Cleo"], {},
                                options={"stock_size": 5})
    play_round_robin(store, code, kernels)
    view = json.dumps(kernels[1].observe())
    assert '"hands"' not in view and '"draw_pile"' not in view and '"stock"' not in view
