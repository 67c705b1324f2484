"""A teacher's class (issue 24), headless: a teacher's app and pupils' apps (each its
own kernel) on one SQLite store; joining by code and by link, progress in the live
view, the commands obeyed, the CSV, the end, reloads, and the refusals and faults
said in the person's language."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from app_screens import click, shown
from test_room_screens import store

from skipbo_widgets.classes import ALL_RULES, RULES_BY_GAME, Classes
from skipbo_widgets.i18n import t
from skipbo_widgets.rooms import StoreUnavailable, open_store
from skipbo_widgets.widgets.shell.app import App

#: Every test on a fresh SQLite store of its own (the rooms' screens' fixture).
__all__ = ["store"]


def reload(app: App, lang: str = "en") -> App:
    """The same browser again: a new kernel, the page's storage handed back."""
    again = App(lang)
    again.class_pupil.store._receive(
        None, {"type": "stored", "value": app.class_pupil.store.value}, [])
    return again


def start_class(name: str = "4b", lang: str = "en") -> App:
    teacher = App(lang)
    click(teacher, "start-class")
    assert teacher.screen == "class-start"
    shown(teacher, "class-name").value = name
    click(teacher, "class-start-go")
    assert teacher.screen == "class-view"
    return teacher


def join(code: str, name: str, lang: str = "en") -> App:
    pupil = App(lang)
    click(pupil, "join-class")
    shown(pupil, "class-code-input").value = code
    shown(pupil, "class-pupil-name").value = name
    click(pupil, "class-join-go")
    return pupil


def table(teacher: App) -> str:
    teacher.class_view.refresh()
    return html.unescape(teacher.class_view.table.value)


def solve_first_task(pupil: App, *, wrong_first: bool = False) -> None:
    pupil.learn()
    tut = pupil.tutorial
    assert tut is not None
    while tut.step.task is None:
        tut.next()
    if wrong_first:
        tut.table._receive(tut.table, {"type": "move", "move": "s-d1"}, [])
    for move in tut.step.task.solution:  # type: ignore[union-attr]
        tut.table._receive(tut.table, {"type": "move", "move": str(move)}, [])
    assert tut.run.done


def test_a_class_from_the_home_screen_to_the_live_view() -> None:
    teacher = start_class()
    code = teacher.class_view.code
    head = shown(teacher, "class-head").value
    assert code in head and f"?class={code}" in head and "4b" in head
    assert t("class.view.empty", "en") in table(teacher)
    pupil = join(code, "Zoë", "fr")
    assert pupil.screen == "home" and pupil.class_pupil.joined
    assert t("class.line", "fr", name="4b") in pupil.class_pupil.line.value
    assert shown(pupil, "start-class") is None and shown(pupil, "join-class") is None
    seen = table(teacher)
    assert "Zoë" in seen and t("class.where.home", "en") in seen
    # A column per rule of the game shown, under its short name in the teacher's language;
    # both games' on demand (a projector shows one game's without scrolling sideways).
    assert seen.count("data-rule=") == len(RULES_BY_GAME["skipbo"])
    assert t("class.rule.SB-WILD", "en") in seen and "SJ-COLUMN" not in seen
    for rules, count in (("skyjo", len(RULES_BY_GAME["skyjo"])), ("both", len(ALL_RULES))):
        shown(teacher, "class-rules").value = rules
        assert table(teacher).count("data-rule=") == count


def test_the_teachers_choices_stay_the_same_lists_while_pupils_join() -> None:
    """A pupil joining draws the view again; the list where the teacher has just picked a
    game (in the page, not yet heard by Python) must be the same one, not a new list
    showing the old game, whose button would send that."""
    teacher = start_class()
    game = shown(teacher, "class-game")
    join(teacher.class_view.code, "Zoë", "fr")
    assert "Zoë" in table(teacher)  # the view drawn again, with the new pupil
    assert shown(teacher, "class-game") is game
    game.value = "skyjo"  # heard only now
    click(teacher, "class-send-lesson")
    assert "SJ-COLUMN" in table(teacher) and "SB-WILD" not in table(teacher)
    teacher.set_lang("de")  # a new language: the lists say it, the choice kept
    assert shown(teacher, "class-game") is not game
    assert shown(teacher, "class-game").value == "skyjo"


def test_a_link_opens_the_join_form_with_its_code(monkeypatch: pytest.MonkeyPatch) -> None:
    teacher = start_class()
    code = teacher.class_view.code
    monkeypatch.setenv("QUERY_STRING", f"lang=nl&class={code.lower()}")
    pupil = App("nl")
    assert pupil.screen == "class-join" and shown(pupil, "class-code-input").value == code
    shown(pupil, "class-pupil-name").value = "Daan"
    click(pupil, "class-join-go")
    assert pupil.class_pupil.joined and "Daan" in table(teacher)


def test_refusals_are_said_in_the_pupils_language() -> None:
    teacher = start_class()
    code = teacher.class_view.code
    join(code, "Anna")
    second = join(code, "anna", "de")
    assert second.screen == "class-join" and not second.class_pupil.joined
    said = html.unescape(shown(second, "class-error").value)
    assert "Häng einen Buchstaben an" in said and "anna B" in said
    shown(second, "class-pupil-name").value = "x" * 30
    click(second, "class-join-go")
    assert "20" in html.unescape(shown(second, "class-error").value)
    shown(second, "class-code-input").value = "QQQQQ"
    shown(second, "class-pupil-name").value = "Ben"
    click(second, "class-join-go")
    assert html.unescape(shown(second, "class-error").value).find(
        t("class.refused.class_not_found", "de")) >= 0
    # What was typed stays to be mended; in a new language, so does what went wrong.
    assert (shown(second, "class-code-input").value,
            shown(second, "class-pupil-name").value) == ("QQQQQ", "Ben")
    second.set_lang("fr")
    assert (shown(second, "class-code-input").value,
            shown(second, "class-pupil-name").value) == ("QQQQQ", "Ben")
    assert t("class.refused.class_not_found", "fr") in html.unescape(
        shown(second, "class-error").value)


def test_a_step_done_shows_in_the_view_as_taught_or_mastered() -> None:
    teacher = start_class()
    code = teacher.class_view.code
    anna, ben = join(code, "Anna", "de"), join(code, "Ben", "nl")
    solve_first_task(anna)
    solve_first_task(ben, wrong_first=True)
    anna.class_pupil.tick()
    rows = {r["name"]: r for r in teacher.class_view.view.pupils} if table(teacher) else {}
    step_rules = anna.tutorial.step.rules  # type: ignore[union-attr]
    assert all(rows["Anna"]["rules"][r] == "mastered" for r in step_rules)
    assert all(rows["Ben"]["rules"][r] == "taught" for r in step_rules)
    assert (rows["Anna"]["wrong"], rows["Ben"]["wrong"]) == (0, 1)
    assert rows["Anna"]["where"]["screen"] == "lesson"
    assert "Skip-Bo" in table(teacher) and "●" in table(teacher) and "○" in table(teacher)
    # Sorted by wrong tries... by hints, by mastered: Anna first on rules mastered.
    teacher.class_view._set(sort="mastered")
    assert table(teacher).index("Anna") < table(teacher).index("Ben")
    # A pupil's row opens their details below it (the page sends the row's id), and again
    # closes them; an id that is no pupil's opens nothing.
    pick = teacher.class_view.table._receive
    pick(None, {"type": "pick", "pupil": rows["Ben"]["id"]}, [])
    seen = table(teacher)
    assert 'data-testid="class-details"' in seen and t("class.state.taught", "en") in seen
    assert seen.index("Ben") < seen.index('data-testid="class-details"')
    assert 'aria-expanded="true"' in seen
    pick(None, {"type": "pick", "pupil": rows["Ben"]["id"]}, [])
    assert 'data-testid="class-details"' not in table(teacher)
    for junk in ({"type": "pick", "pupil": "nobody-at-all"}, {"type": "pick", "pupil": 7},
                 ["pick"], None):
        pick(None, junk, [])
    assert 'data-testid="class-details"' not in table(teacher)


def test_a_step_redone_after_start_again_is_not_mastered() -> None:
    teacher = start_class()
    anna = join(teacher.class_view.code, "Anna")
    solve_first_task(anna, wrong_first=True)
    tut = anna.tutorial
    assert tut is not None
    rules = tut.step.rules
    click(anna, "tutorial-again")  # "Start this step again", then done without a slip
    for move in tut.step.task.solution:  # type: ignore[union-attr]
        tut.table._receive(tut.table, {"type": "move", "move": str(move)}, [])
    tut.go(tut.lesson, tut.step_index)  # the step opened afresh (back, or a new start)
    assert tut.run.failures == 0
    for move in tut.step.task.solution:  # type: ignore[union-attr]
        tut.table._receive(tut.table, {"type": "move", "move": str(move)}, [])
    assert tut.run.done
    [row] = teacher.class_view.classes.view(teacher.class_view.code,
                                            teacher.class_view.secret).pupils
    assert {row["rules"][r] for r in rules} == {"taught"}


def test_send_to_lesson_eyes_on_me_and_a_class_deal() -> None:
    teacher = start_class()
    code = teacher.class_view.code
    pupils = [join(code, name, lang) for name, lang in
              (("Léa", "fr"), ("Jonas", "de"), ("Daan", "nl"))]
    shown(teacher, "class-game").value = "skyjo"
    shown(teacher, "class-lesson-number").value = 2
    click(teacher, "class-send-lesson")
    for pupil in pupils:
        pupil.class_pupil.poll()
        assert pupil.screen == "learn" and pupil.tutorial is not None
        assert pupil.tutorial.step.game == "skyjo" and pupil.tutorial.step_index == 0
        assert t("class.opened_lesson", pupil.lang) in pupil.class_pupil.line.value
    assert "Skyjo" in table(teacher) and "lesson 2, step 1" in table(teacher)
    # The screen is drawn afresh after a command; the teacher's choices stay.
    assert (shown(teacher, "class-game").value, shown(teacher, "class-lesson-number").value) \
        == ("skyjo", 2)
    click(teacher, "class-pause-all")
    for pupil in pupils:
        pupil.class_pupil.poll()
        assert pupil.body.layout.display == "none"
        assert t("class.pause.title", pupil.lang) in html.unescape(
            shown(pupil, "class-pause-title").value)
    assert t("class.where.paused", "en") in table(teacher)
    click(teacher, "class-release")
    for pupil in pupils:
        pupil.class_pupil.poll()
        assert pupil.body.layout.display == "" and pupil.screen == "learn"
    # What the last command did follows the teacher's language.
    said = lambda: html.unescape(shown(teacher, "class-said").value)  # noqa: E731
    assert t("class.sent.release", "en", count=0) in said()
    teacher.set_lang("nl")
    assert t("class.sent.release", "nl", count=0) in said()
    teacher.set_lang("en")
    shown(teacher, "class-game").value = "skipbo"
    shown(teacher, "class-deal-number").value = "4711"
    shown(teacher, "class-deal-players").value = "3"
    click(teacher, "class-deal")
    deals = set()
    for pupil in pupils:
        pupil.class_pupil.poll()
        assert pupil.screen == "game" and pupil.game_screen is not None
        assert pupil.game_screen.settings.players == 3  # the pupil and two bots
        deals.add((pupil.game_screen.settings.seed, pupil.game_screen.match.game.state_key()))
    assert len(deals) == 1  # the same cards for everyone
    # A command already obeyed is not obeyed again after a reload.
    again = reload(pupils[0], "fr")
    assert again.class_pupil.joined and again.screen == "home"


def test_a_command_for_a_group_reaches_only_the_group() -> None:
    teacher = start_class()
    code = teacher.class_view.code
    anna, ben = join(code, "Anna"), join(code, "Ben")
    teacher.class_view.refresh()
    teacher.router.show("class-view")
    ids = {r["name"]: r["id"] for r in teacher.class_view.view.pupils}  # type: ignore[union-attr]
    shown(teacher, "class-group").value = (ids["Ben"],)
    click(teacher, "class-pause-all")
    anna.class_pupil.poll()
    ben.class_pupil.poll()
    assert not anna.class_pupil.paused and ben.class_pupil.paused


def test_hints_in_a_game_are_counted() -> None:
    teacher = start_class()
    pupil = join(teacher.class_view.code, "Anna")
    click(teacher, "class-deal")
    pupil.class_pupil.poll()
    screen = pupil.game_screen
    assert screen is not None
    assert screen.controller.my_turn  # the pupil sits first, whatever the deal number
    screen.show_hint()
    pupil.class_pupil.tick()
    assert teacher.class_view.classes.view(
        teacher.class_view.code, teacher.class_view.secret).pupils[0]["hints"] == 1
    assert t("class.where.game", "en", game="Skip-Bo") in table(teacher)


def test_the_csv_export_is_the_table_for_a_spreadsheet(monkeypatch: pytest.MonkeyPatch) -> None:
    teacher = start_class(lang="de")
    pupil = join(teacher.class_view.code, "Zoë")
    solve_first_task(pupil)
    sent: list[tuple[str, str]] = []
    monkeypatch.setattr(teacher.class_pupil.store, "download",
                        lambda text, name: sent.append((text, name)))
    teacher.class_view.refresh()
    click(teacher, "class-csv")
    [(text, name)] = sent
    lines = text.splitlines()
    assert name == f"class-{teacher.class_view.code}.csv" and len(lines) == 2
    assert lines[0].startswith("Vorname,Wo,Tipps")
    assert f"SB-WILD {t('class.rule.SB-WILD', 'de')}" in lines[0]
    assert lines[1].startswith("Zoë,") and "beherrscht" in lines[1]


def test_ending_the_class_frees_the_pupils_and_deletes_it(store: str) -> None:
    teacher = start_class()
    code = teacher.class_view.code
    pupil = join(code, "Anna", "de")
    click(teacher, "class-end")
    assert teacher.screen == "class-view"  # the first press asks
    click(teacher, "class-end")
    assert teacher.screen == "home" and teacher.class_pupil.store.value == ""
    assert open_store(store).keys("class:") == []
    pupil.class_pupil.poll()
    assert not pupil.class_pupil.joined and pupil.class_pupil.store.value == ""
    assert t("class.ended", "de") in pupil.class_pupil.line.value
    assert shown(pupil, "join-class") is not None or pupil.screen != "home"


def test_the_teachers_page_reloaded_is_back_on_the_same_class_view() -> None:
    teacher = start_class("Klasse 3")
    join(teacher.class_view.code, "Anna")
    again = reload(teacher)
    assert again.screen == "class-view" and again.class_view.code == teacher.class_view.code
    assert "Anna" in table(again)


def test_a_pupil_cannot_become_the_teacher_by_their_browser_storage() -> None:
    teacher = start_class()
    pupil = join(teacher.class_view.code, "Anna")
    kept = json.loads(pupil.class_pupil.store.value)
    forged = App("en")
    forged.class_pupil.store._receive(None, {"type": "stored", "value": json.dumps(
        {"role": "teacher", "code": kept["code"], "secret": kept["token"]})}, [])
    assert forged.screen == "home" and forged.class_view.view is None
    assert forged.class_pupil.store.value == ""
    assert "Anna" not in json.dumps(forged.class_pupil.classes.me(kept["code"], kept["token"])
                                    ["class_name"])


class FlakyStore:
    """A store that can be made unreachable, as a Redis server restarting."""

    def __init__(self, inner: Any) -> None:
        self.inner, self.down = inner, False

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self.inner, name)
        if not callable(attr):
            return attr

        def call(*args: Any, **kwargs: Any) -> Any:
            if self.down:
                raise StoreUnavailable("down")
            return attr(*args, **kwargs)
        return call


def test_a_store_briefly_unreachable_is_said_and_nothing_is_lost(store: str) -> None:
    teacher = start_class()
    pupil = join(teacher.class_view.code, "Anna", "nl")
    flaky = FlakyStore(open_store(store))
    pupil.class_pupil._classes = Classes(flaky)  # type: ignore[arg-type]
    flaky.down = True
    solve_first_task(pupil)
    assert t("class.offline", "nl") in pupil.class_pupil.line.value
    assert pupil.class_pupil.joined  # still in the class
    flaky.down = False
    pupil.class_pupil.poll()
    assert t("class.offline", "nl") not in pupil.class_pupil.line.value
    assert pupil.class_pupil.joined and "Anna" in table(teacher)


def test_seating_at_tables_with_a_bot_and_the_end_leaves_the_rooms_alone(store: str) -> None:
    teacher = start_class()
    code = teacher.class_view.code
    pupils = [join(code, name, lang) for name, lang in
              (("Léa", "fr"), ("Jonas", "de"), ("Daan", "nl"))]
    teacher.class_view.refresh()
    teacher.router.show("class-view")
    shown(teacher, "class-game").value = "skyjo"
    shown(teacher, "class-seats").value = "2"
    shown(teacher, "class-random").value = False
    shown(teacher, "class-bot-level").value = "strong"
    click(teacher, "class-seat")
    for pupil in pupils:
        pupil.class_pupil.poll()
        assert pupil.screen == "room" and pupil.room_flow.screen == "table"
        assert t("class.opened_room", pupil.lang) in html.unescape(
            pupil.class_pupil.line.value)
    rooms = {p.room_flow.code for p in pupils}
    assert len(rooms) == 2
    # Daan (last by name order: Daan, Jonas, Léa → Daan and Jonas, then Léa and a bot).
    lea = pupils[0].room_flow.room
    assert lea is not None and [s["bot"] is not None for s in lea["seats"]] == [False, True]
    assert "strong" in json.dumps(lea["seats"][1]["bot"])
    seen = table(teacher)
    assert "Skyjo" in seen and "Jonas" in seen
    click(teacher, "class-end")
    click(teacher, "class-end")
    for pupil in pupils:
        pupil.class_pupil.poll()
        assert not pupil.class_pupil.joined
        assert pupil.screen == "room" and pupil.room_flow.token  # the game goes on
    assert open_store(store).keys("class:") == []
    assert len(open_store(store).keys("room:")) == 2


def play_turns_as_the_strong_bot(pupil: App, turns: int) -> list[Any]:
    """The pupil's next ``turns`` turns (fewer if the game ends), each move the strong
    bot's choice, no hint asked; the events of the pupil's own moves."""
    from skipbo_widgets.skipbo.bots import make_bot

    screen = pupil.game_screen
    assert screen is not None and screen.controller.my_turn
    strong, events = make_bot("strong"), []
    while turns and screen.controller.my_turn:
        game = screen.controller.game
        move = strong.choose_move(screen.controller.observation())
        before = len(game.events)
        screen.controller.move(str(move))  # the bots answer at once (no event loop here)
        events += [e for e in game.events[before:] if getattr(e, "seat", 0) == 0]
        turns -= move.is_discard or game.is_over
    return events


def test_a_game_turn_that_used_a_rule_well_masters_it() -> None:
    teacher = start_class()
    code = teacher.class_view.code
    anna, ben = join(code, "Anna"), join(code, "Ben", "de")
    shown(teacher, "class-deal-number").value = "2024"
    click(teacher, "class-deal")
    for pupil in (anna, ben):
        pupil.class_pupil.poll()
    ben.game_screen.show_hint()  # type: ignore[union-attr]
    played = {name: play_turns_as_the_strong_bot(pupil, 1 if name == "Ben" else 3)
              for name, pupil in (("Anna", anna), ("Ben", ben))}
    rows = {r["name"]: r["rules"] for r in teacher.class_view.classes.view(
        code, teacher.class_view.secret).pupils}
    # Recomputed from the engine's events of her own moves: what each rule is about.
    kinds = {type(e).__name__ for e in played["Anna"]}
    expected = {"SB-DISCARD"} if "Discarded" in kinds else set()
    if "Played" in kinds:
        expected.add("SB-PLAY")
    assert expected and expected <= set(rows["Anna"])
    assert set(rows["Anna"].values()) == {"mastered"}
    assert rows["Ben"] == {}  # the same kind of turn, but after a hint: nothing mastered
    assert "●" in table(teacher)


def test_a_pupil_away_is_shown_since_when() -> None:
    from skipbo_widgets.classes.records import AWAY_AFTER
    from skipbo_widgets.widgets.classes.class_table import clock

    teacher = start_class()
    join(teacher.class_view.code, "Anna", "fr")
    seen = teacher.class_view.classes.view(teacher.class_view.code,
                                           teacher.class_view.secret).pupils[0]["seen"]
    assert t("class.where.home", "en") in table(teacher)
    later = seen + AWAY_AFTER + 240
    teacher.class_view.classes.clock = lambda: later  # four minutes after the minute away
    teacher.class_view.refresh()
    teacher.class_view._draw_table()
    markup = teacher.class_view.table.value
    text = html.unescape(re.sub("<[^>]+>", "", markup))
    assert t("class.where.away", "en", time=clock(seen)) in text
    # The page says the time again in the teacher's own time zone: it gets the instant.
    assert f'data-clock="{seen:.0f}"' in markup
