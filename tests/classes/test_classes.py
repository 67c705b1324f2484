"""The class model on every store back end (SQLite, Redis), each against a real server."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from skipbo_widgets.classes import ClassError, Classes, ClassReason
from skipbo_widgets.classes.records import ALL_RULES, RULES_BY_GAME, pupil_id
from skipbo_widgets.rooms import Rooms
from skipbo_widgets.rooms.store import Store, StoreUnavailable

Connect = Callable[[], Store]


def reason(err: pytest.ExceptionInfo[ClassError]) -> str:
    return str(err.value.reason.value)


def test_a_class_code_is_a_room_code_and_the_secret_is_not_derived_from_it(
        store: Store) -> None:
    classes = Classes(store)
    made = [classes.create() for _ in range(5)]
    codes = {m.code for m in made}
    assert len(codes) == 5 and all(len(c) == 5 for c in codes)
    secrets = {m.secret for m in made}
    assert len(secrets) == 5
    assert all(m.code not in m.secret and len(m.secret) >= 32 for m in made)
    # What the store keeps is a hash: the secret is nowhere in it.
    for m in made:
        for key in store.keys(f"class:{m.code}:"):
            record = store.get(key)
            assert record is not None and m.secret not in record.value


def test_join_by_code_and_names(store: Store) -> None:
    classes = Classes(store)
    opened = classes.create("4b")
    anna = classes.join(opened.code.lower(), "  Anna ")
    assert (anna.code, anna.name) == (opened.code, "Anna")
    with pytest.raises(ClassError) as err:
        classes.join(opened.code, "ANNA")
    assert reason(err) == "class_name_taken" and err.value.params == {"name": "ANNA"}
    assert classes.join(opened.code, "Anna B").name == "Anna B"
    for name, problem in [("", "empty"), ("x" * 21, "too_long"), ("a\tb", "not_printable"),
                          (7, "not_text")]:
        with pytest.raises(ClassError) as err:
            classes.join(opened.code, name)  # type: ignore[arg-type]
        assert reason(err) == "class_bad_name" and err.value.params["problem"] == problem
    for code, why in [("K7PX", "class_bad_code"), ("K7PX0", "class_bad_code"),
                      ("KKKKK", "class_not_found")]:
        with pytest.raises(ClassError) as err:
            classes.join(code, "Ben")
        assert reason(err) == why
    assert classes.me(opened.code, anna.token)["class_name"] == "4b"


def test_a_class_code_is_never_a_live_rooms(store: Store) -> None:
    room = Rooms(store).create("skyjo", 2)
    classes = Classes(store)
    made = {classes.create().code for _ in range(20)}
    assert room.code not in made
    with pytest.raises(ClassError) as err:
        classes.join(room.code, "Anna")
    assert reason(err) == "class_not_found"


def test_progress_of_a_pupil(store: Store) -> None:
    classes = Classes(store)
    opened = classes.create()
    anna = classes.join(opened.code, "Anna")
    classes.place(opened.code, anna.token, {"screen": "lesson", "game": "skipbo",
                                             "lesson": 2, "step": 3})
    classes.step_done(opened.code, anna.token, ["SB-PLAY", "SB-WILD"], mastered=False)
    classes.step_done(opened.code, anna.token, ["SB-WILD"], mastered=True)
    classes.step_done(opened.code, anna.token, ["SB-WILD"], mastered=False)  # stays mastered
    classes.tried(opened.code, anna.token, hints=1, wrong=2)
    classes.lesson_finished(opened.code, anna.token, "skipbo", "wild")
    classes.lesson_finished(opened.code, anna.token, "skipbo", "wild")
    classes.game_over(opened.code, anna.token, "skyjo", won=True)
    classes.game_over(opened.code, anna.token, "skyjo", won=False)
    for _reloaded in range(2):  # a room's deal, reported again after a reload
        classes.game_over(opened.code, anna.token, "skyjo", won=True, deal="room:K7PXM:1")
    [row] = classes.view(opened.code, opened.secret).pupils
    assert row["where"] == {"screen": "lesson", "game": "skipbo", "lesson": 2, "step": 3}
    assert row["rules"] == {"SB-PLAY": "taught", "SB-WILD": "mastered"}
    assert (row["hints"], row["wrong"], row["lessons"]) == (1, 2, ["skipbo/wild"])
    assert (row["played"], row["won"]) == ({"skyjo": 3}, {"skyjo": 2})
    assert "token" not in row and "deals" not in row and row["away"] is False


def test_a_step_redone_after_a_wrong_try_is_not_mastered(store: Store) -> None:
    classes = Classes(store)
    opened = classes.create()
    anna = classes.join(opened.code, "Anna")
    # A wrong try at one step; then the step done cleanly ("Start again", a reload, the
    # lessons started again): practice, not a first try.
    classes.tried(opened.code, anna.token, wrong=1, step="tut.wild.wild")
    classes.step_done(opened.code, anna.token, ["SB-WILD"], mastered=True, step="tut.wild.wild")
    classes.step_done(opened.code, anna.token, ["SB-PLAY"], mastered=True, step="tut.goal.first")
    # Done once with a hint shown: done cleanly later, still taught.
    classes.step_done(opened.code, anna.token, ["SB-DISCARD"], mastered=False, step="tut.x")
    classes.step_done(opened.code, anna.token, ["SB-DISCARD"], mastered=True, step="tut.x")
    [row] = classes.view(opened.code, opened.secret).pupils
    assert row["rules"] == {"SB-WILD": "taught", "SB-PLAY": "mastered", "SB-DISCARD": "taught"}
    assert "stumbled" not in row  # the teacher sees rules, not the steps behind them
    # A game turn that used the rule well masters it all the same.
    classes.used_well(opened.code, anna.token, ["SB-WILD"])
    assert classes.view(opened.code, opened.secret).pupils[0]["rules"]["SB-WILD"] == "mastered"
    with pytest.raises(ClassError) as err:
        classes.tried(opened.code, anna.token, wrong=1, step="x" * 81)
    assert reason(err) == "class_bad_report"


@pytest.mark.parametrize("where", [
    {"screen": "nowhere"}, {"screen": "lesson", "game": "chess", "lesson": 1, "step": 1},
    {"screen": "lesson", "game": "skipbo", "lesson": -1, "step": 1},
    {"screen": "room", "game": "skyjo", "room": "K7PXM", "with": ["a\nb"]},
    {"screen": "room", "game": "skyjo", "room": "K7PXM", "with": [], "computer": 9},
    {"screen": "room", "game": "skyjo", "room": "K7PXM", "with": [], "computer": True}, "home"])
def test_a_report_that_is_no_progress_is_refused(store: Store, where: object) -> None:
    classes = Classes(store)
    opened = classes.create()
    anna = classes.join(opened.code, "Anna")
    with pytest.raises(ClassError) as err:
        classes.place(opened.code, anna.token, where)  # type: ignore[arg-type]
    assert reason(err) == "class_bad_report"
    with pytest.raises(ClassError):
        classes.step_done(opened.code, anna.token, ["XX-NOPE"], mastered=True)


def test_thirty_pupils_at_once_never_overwrite_each_other(connect: Connect) -> None:
    teacher = Classes(connect())
    opened = teacher.create()
    joined = [Classes(connect()).join(opened.code, f"Kind {i}") for i in range(30)]
    rules = sorted(ALL_RULES)

    def pupil(i: int) -> None:
        classes = Classes(connect())
        for n in range(4):
            classes.step_done(opened.code, joined[i].token, [rules[(i + n) % len(rules)]],
                              mastered=True)
            classes.tried(opened.code, joined[i].token, hints=1)

    threads = [threading.Thread(target=pupil, args=(i,)) for i in range(30)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    rows = teacher.view(opened.code, opened.secret).pupils
    assert len(rows) == 30
    assert all(len(row["rules"]) == 4 and row["hints"] == 4 for row in rows)


def test_a_pupil_cannot_see_the_class_nor_act_as_the_teacher(store: Store) -> None:
    classes = Classes(store)
    opened = classes.create()
    anna = classes.join(opened.code, "Anna")
    ben = classes.join(opened.code, "Ben")
    classes.step_done(opened.code, ben.token, ["SJ-COLUMN"], mastered=True)
    for act in (lambda s: classes.view(opened.code, s),
                lambda s: classes.command(opened.code, s, "pause"),
                lambda s: classes.end(opened.code, s)):
        for forged in (anna.token, anna.token.partition(".")[2], opened.code, "",
                       opened.secret[:-1] + ("A" if opened.secret[-1] != "A" else "B")):
            with pytest.raises(ClassError) as err:
                act(forged)
            assert reason(err) == "class_not_teacher"
    # Her own record only: what she may read says nothing of Ben.
    mine = classes.me(opened.code, anna.token)
    assert mine["name"] == "Anna" and mine["rules"] == {}
    assert "Ben" not in json.dumps(mine)
    # Ben's key with Anna's secret is no token.
    forged_ben = f"{ben.pupil}.{anna.token.partition('.')[2]}"
    with pytest.raises(ClassError) as err:
        classes.me(opened.code, forged_ben)
    assert reason(err) == "class_bad_token"
    with pytest.raises(ClassError) as err:
        classes.step_done(opened.code, forged_ben, ["SB-WILD"], mastered=True)
    assert reason(err) == "class_bad_token"
    # A token of another class opens nothing here.
    other = classes.create()
    stranger = classes.join(other.code, "Anna")
    with pytest.raises(ClassError) as err:
        classes.me(opened.code, stranger.token)
    assert reason(err) == "class_bad_token"


def test_commands_reach_the_pupils_they_are_for(store: Store) -> None:
    classes = Classes(store)
    opened = classes.create()
    anna = classes.join(opened.code, "Anna")
    ben = classes.join(opened.code, "Ben")
    one = classes.command(opened.code, opened.secret, "lesson", game="skyjo", lesson=2)
    two = classes.command(opened.code, opened.secret, "pause", pupils=[ben.pupil])
    three = classes.command(opened.code, opened.secret, "seat", each={
        anna.pupil: {"room": "AAAAA", "token": "anna-room"},
        ben.pupil: {"room": "BBBBB", "token": "ben-room"}})
    assert (one, two, three) == (1, 2, 3)
    for_anna = classes.orders(opened.code, anna.token, after=0)
    assert [o["kind"] for o in for_anna.items] == ["lesson", "seat"]
    assert for_anna.items[1]["args"] == {"room": "AAAAA", "token": "anna-room"}
    assert "ben-room" not in json.dumps(for_anna.items) and not for_anna.paused
    for_ben = classes.orders(opened.code, ben.token, after=1)
    assert [o["kind"] for o in for_ben.items] == ["pause", "seat"] and for_ben.paused
    classes.command(opened.code, opened.secret, "release")
    assert not classes.orders(opened.code, ben.token, after=3).paused
    with pytest.raises(ClassError) as err:
        classes.command(opened.code, opened.secret, "dance")
    assert reason(err) == "class_bad_command"
    with pytest.raises(ClassError):
        classes.command(opened.code, opened.secret, "lesson", game="skyjo", lesson=0)


def test_a_pupil_waiting_hears_a_command_and_the_end(connect: Connect) -> None:
    teacher = Classes(connect())
    opened = teacher.create()
    pupil = Classes(connect())
    anna = pupil.join(opened.code, "Anna")
    version = pupil.orders(opened.code, anna.token, after=0).version
    timer = threading.Timer(0.2, lambda: teacher.command(opened.code, opened.secret, "pause"))
    timer.start()
    start = time.monotonic()
    assert pupil.wait(opened.code, version, timeout=5.0)
    assert time.monotonic() - start < 4.0
    timer.join()
    version = pupil.orders(opened.code, anna.token, after=0).version
    timer = threading.Timer(0.2, lambda: teacher.end(opened.code, opened.secret))
    timer.start()
    assert pupil.wait(opened.code, version, timeout=5.0)
    timer.join()
    with pytest.raises(ClassError) as err:
        pupil.orders(opened.code, anna.token, after=0)
    assert reason(err) == "class_not_found"


def test_ending_a_class_deletes_every_record_of_it(store: Store, store_url: str) -> None:
    classes = Classes(store)
    opened = classes.create("Klasse 4b")
    kept = classes.create("the other class")
    joined = [classes.join(opened.code, name) for name in ("Zoë", "Anna", "Ben")]
    classes.join(kept.code, "Carla")
    for pupil in joined:
        classes.step_done(opened.code, pupil.token, ["SB-WILD"], mastered=True)
    classes.command(opened.code, opened.secret, "pause")
    room = Rooms(store).create("skipbo", 2, owner_name="Anna")
    assert classes.end(opened.code, opened.secret) == 5
    assert store.keys(f"class:{opened.code}:") == []
    assert len(store.keys(f"class:{kept.code}:")) == 3
    assert Rooms(store).observe(room.code, room.token)["code"] == room.code  # goes on
    if store_url.startswith("sqlite:///"):
        # Checked in the file itself: no first name, no class name is left in it.
        db = sqlite3.connect(store_url[len("sqlite:///"):])
        text = " ".join(v for (v,) in db.execute("SELECT value FROM records"))
        db.close()
        assert "Zoë" not in text and "Klasse 4b" not in text and "Carla" in text
    with pytest.raises(ClassError) as err:
        classes.view(opened.code, opened.secret)
    assert reason(err) == "class_not_found"


def test_a_class_expires_after_its_last_activity(store: Store) -> None:
    # A time to live of 2 s: each read has 0.6 s or more to spare (at 1 s, 0.4 s was a
    # stall away from failing at load 6), and the class is read 0.4 s after it would
    # have ended without the keep-alive.
    classes = Classes(store, ttl=2.0)
    opened = classes.create()
    anna = classes.join(opened.code, "Anna")
    time.sleep(1.0)
    classes.keep_alive(opened.code)  # the teacher's page is open: the class lives on
    time.sleep(1.4)
    assert classes.me(opened.code, anna.token)["name"] == "Anna"
    time.sleep(2.6)
    assert store.keys(f"class:{opened.code}:") == []
    classes.sweep()


def test_every_rule_of_both_games_is_a_column() -> None:
    assert set(RULES_BY_GAME) == {"skipbo", "skyjo"}
    assert "SB-WILD" in RULES_BY_GAME["skipbo"] and "SJ-COLUMN" in RULES_BY_GAME["skyjo"]
    assert pupil_id("Anna") == pupil_id("anna") != pupil_id("Anna B")


def test_a_store_gone_is_said_and_nothing_is_half_written(tmp_path: Path) -> None:
    from skipbo_widgets.rooms.sqlite_store import SQLiteStore

    store = SQLiteStore(tmp_path / "c.sqlite3")
    classes = Classes(store)
    opened = classes.create()
    anna = classes.join(opened.code, "Anna")
    locker = sqlite3.connect(str(tmp_path / "c.sqlite3"), isolation_level=None)
    locker.execute("BEGIN EXCLUSIVE")
    store_locked = SQLiteStore(tmp_path / "c.sqlite3", busy_timeout=0.1)
    with pytest.raises(StoreUnavailable):
        Classes(store_locked).step_done(opened.code, anna.token, ["SB-WILD"], mastered=True)
    locker.execute("ROLLBACK")
    locker.close()
    # Tried again once the store is back: written once.
    classes.step_done(opened.code, anna.token, ["SB-WILD"], mastered=True)
    assert classes.view(opened.code, opened.secret).pupils[0]["rules"] == {
        "SB-WILD": "mastered"}
    assert ClassReason.NO_CLASS.value == "class_not_found"
