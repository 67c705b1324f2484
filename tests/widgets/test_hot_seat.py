"""Hot seat without a browser: people take turns at one screen, and no hand is shown
to the wrong person."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest

from skipbo_widgets.i18n import t
from skipbo_widgets.skipbo.bots import hint
from skipbo_widgets.skipbo.engine import SaveError
from skipbo_widgets.widgets.shell.app import App
from skipbo_widgets.widgets.shell.hot_seat import HotSeatScreen
from skipbo_widgets.widgets.shell.settings import dumps_session, loads_session
from skipbo_widgets.widgets.skipbo.settings import GameSettings
from skipbo_widgets.widgets.skipbo.view_schema import check_view

PEOPLE = ("Anna", "Ben", "Emma")
THREE_AND_A_BOT = GameSettings(players=4, levels=("medium",), people=PEOPLE, seed="5",
                               stock_size=5)


def text(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", markup)).strip()


def hot_seat(settings: GameSettings = THREE_AND_A_BOT, lang: str = "en") -> tuple[App, Any]:
    app = App(lang, animate=False)
    app.start(settings)
    screen = app.game_screen
    assert isinstance(screen, HotSeatScreen)
    return app, screen


def play_turn(c: Any) -> None:
    """The person at the screen plays their turn as the hints say."""
    who = c.seat
    while c.game.current == who and not c.game.is_over:
        assert c.request({"type": "move", "move": str(hint(c.observation()).plan[0])})


def side_texts(screen: HotSeatScreen) -> str:
    return " ".join(text(box.value) for box in (screen.turn_info, screen.hint_box,
                                                  screen.review_box))


def test_the_home_screen_offers_hot_seat_with_names_in_the_learners_language() -> None:
    app = App("de", animate=False)
    app.show_hot_seat()
    form = app.hot_seat_form
    assert form is not None and app.screen == "hot-seat"
    assert [box.value for box in form.names_box.children] == ["Spieler 1", "Spieler 2"]
    form.count.value = "3"
    form.names[0].value = "Anna"
    form.bot_count.value = "1"
    assert len(form.levels_box.children) == 1
    app.lang_picker.value = "nl"  # the form is made again: a typed name stays
    form = app.hot_seat_form
    assert form is not None
    assert [box.value for box in form.names_box.children] == ["Anna", "Speler 2", "Speler 3"]
    assert form.bot_count.value == "1"
    form.submit()
    screen = app.game_screen
    assert isinstance(screen, HotSeatScreen)
    assert screen.settings.people == ("Anna", "Speler 2", "Speler 3")
    assert screen.controller.names[:3] == ["Anna", "Speler 2", "Speler 3"]
    assert len(screen.controller.bots) == 1 and 3 in screen.controller.bots


def test_demo_and_hot_seat_are_offered_for_every_game() -> None:
    def ids(widget: Any) -> set[str]:
        found = set(getattr(widget, "_dom_classes", ()))
        for child in getattr(widget, "children", ()):
            found |= ids(child)
        return found

    app = App("en", animate=False)
    assert {"sb-testid-demo", "sb-testid-hot-seat"} <= ids(app.body)
    app.choose_game("skyjo")
    assert "sb-testid-play" in ids(app.body)
    assert {"sb-testid-demo", "sb-testid-hot-seat"} <= ids(app.body)


def test_six_people_leave_no_room_for_a_bot() -> None:
    app = App("en", animate=False)
    app.show_hot_seat()
    form = app.hot_seat_form
    assert form is not None
    form.bot_count.value = "2"
    form.count.value = "6"
    assert form.bot_count.options == ("0",) and form.bot_count.value == "0"
    form.count.value = "3"
    assert form.bot_count.value == "2"  # what was asked for comes back when it fits


def test_a_long_name_is_cut_where_it_is_typed() -> None:
    app = App("en", animate=False)
    app.show_hot_seat()
    assert app.hot_seat_form is not None
    app.hot_seat_form.names[0].value = "x" * 30
    assert app.hot_seat_form.names[0].value == "x" * 20


@pytest.mark.parametrize("name", ["", "   ", "--", "A\u0007B"])
def test_a_missing_or_bad_name_is_refused_in_the_learners_language(name: str) -> None:
    app = App("fr", animate=False)
    app.show_hot_seat()
    form = app.hot_seat_form
    assert form is not None
    form.names[1].value = name
    form.submit()
    assert app.screen == "hot-seat"
    assert t("hot.bad_names", "fr", max=20) in text(form.error.value)


def test_a_game_of_three_people_and_a_bot_never_shows_a_hand_to_the_wrong_person() -> None:
    app, screen = hot_seat()
    c = screen.controller
    game = c.game
    seen: list[tuple[bool, int, list[int]]] = []

    def check(_change: Any = None) -> None:
        """At every change of the table's view."""
        view = c.view
        check_view(view)
        if c.screened:
            assert view["hand"] == [] and not view["interactive"]
            assert screen.hint_box.value == "" and screen.review_box.value == ""
        else:
            assert view["me"] == c.seat and c.seat in range(len(PEOPLE))
            assert sorted(view["hand"]) == sorted(game.hand_cards(c.seat))
            assert all(obs.seat == c.seat for obs, _move in screen._reviewed)
        seen.append((c.screened, c.seat, list(view["hand"])))

    def settled() -> None:
        """After each click: the pass screen in the table's place, or the table."""
        check()
        if c.screened:
            assert screen.table_box.children == (screen.pass_box,)
            assert t("ui.your_turn", "en") not in side_texts(screen)
            assert text(screen.pass_text.value).startswith(
                t("hot.pass", "en", player=c.seat, names=c.names))
        else:
            assert screen.table_box.children == (c.table,)

    c.table.observe(check, names="view")
    settled()
    turns_of: dict[int, int] = {}
    for _ in range(3000):
        if game.is_over:
            break
        if c.screened:
            assert not c.interactive and screen.hint_button.disabled
            screen.ready()
            settled()
            continue
        assert c.my_turn and game.current in range(len(PEOPLE))
        if game.move_stack and turns_of.get(c.seat):
            screen.show_hint()
            assert screen.hint_box.value
        move = hint(c.observation()).plan[0]
        turns_of[c.seat] = turns_of.get(c.seat, 0) + 1
        assert c.request({"type": "move", "move": str(move)})
        settled()
    assert game.is_over
    assert {seat for screened, seat, _hand in seen if not screened} == {0, 1, 2}
    assert any(screened for screened, _seat, _hand in seen)
    assert app.store.value == ""  # a finished game is not kept
    # everyone is named: no "you" in the log nor at the end
    assert not any(line.text.startswith("You ") for line in screen.log.lines)
    outcome = game.outcome
    assert outcome is not None and len(outcome.winners) == 1
    ended = " ".join(text(box.value) for box in screen.end_box.children
                     if hasattr(box, "value") and isinstance(box.value, str))
    assert ended == t("ui.game_won", "en", winner=outcome.winners, points=outcome.points,
                      names=c.names)


def test_whoever_is_at_the_screen_gets_hints_and_their_own_review() -> None:
    _app, screen = hot_seat()
    c = screen.controller
    screen.ready()
    first = c.seat
    screen.show_hint()
    assert 'data-testid="hint-box"' in screen.hint_box.value
    assert t("hot.your_turn", "en", player=first, names=c.names) in side_texts(screen)
    play_turn(c)
    assert c.screened and screen.review_box.value == "" and screen.hint_box.value == ""
    while c.seat != first:  # round the table back to the first person
        screen.ready()
        play_turn(c)
    screen.ready()
    assert 'data-testid="review"' in screen.review_box.value  # their last turn's review


def test_no_move_is_taken_while_the_pass_screen_is_up() -> None:
    _app, screen = hot_seat()
    c = screen.controller
    assert c.screened
    before = c.game.state_key()
    move = c.game.legal_moves()[0]
    assert c.request({"type": "move", "move": str(move)}) is False
    screen.show_hint()
    assert c.game.state_key() == before and screen.hint_box.value == ""
    assert screen.undo_button.disabled and screen.hint_button.disabled


def test_the_pass_screen_and_names_follow_a_language_switch() -> None:
    app, screen = hot_seat(lang="en")
    app.lang_picker.value = "de"
    who = screen.controller.seat
    assert text(screen.pass_text.value).startswith(f"Gib an {PEOPLE[who]} weiter")
    assert screen.ready_button.description == t("hot.ready", "de", player=PEOPLE[who])
    assert screen.controller.names[:3] == list(PEOPLE)


def test_a_hot_seat_game_is_kept_and_comes_back_behind_the_pass_screen() -> None:
    app, screen = hot_seat()
    c = screen.controller
    for _ in range(3):
        screen.ready()
        play_turn(c)
    kept = app.store.value
    assert json.loads(kept)["settings"]["people"] == list(PEOPLE)
    settings, match = loads_session(kept)
    assert settings == THREE_AND_A_BOT and match.game.state_key() == c.game.state_key()
    again = App("en", animate=False)
    again.store._receive(again.store, {"type": "stored", "value": kept}, [])
    again._resume()
    back = again.game_screen
    assert isinstance(back, HotSeatScreen)
    assert back.controller.screened and back.controller.view["hand"] == []
    assert back.controller.game.state_key() == c.game.state_key()
    assert back.controller.seat == c.seat


def test_a_session_saved_before_hot_seat_still_opens() -> None:
    settings = GameSettings(players=3, levels=("medium", "strong"), seed="4")
    saved = json.loads(dumps_session(settings, settings.new_match()))
    assert "people" not in saved["settings"]
    back, _match = loads_session(json.dumps(saved))
    assert back == settings and back.people == ()


@pytest.mark.parametrize("people", [["Anna"], ["Anna", 3], ["Anna", "B\nen"], "Anna",
                                    ["Anna", "Ben", "Emma", "Noah"]])
def test_a_session_with_bad_people_is_refused(people: object) -> None:
    settings = GameSettings(players=3, levels=("medium",), people=("Anna", "Ben"))
    saved = json.loads(dumps_session(settings, settings.new_match()))
    saved["settings"]["people"] = people
    with pytest.raises(SaveError):
        loads_session(json.dumps(saved))


def test_a_hot_seat_session_in_practice_mode_is_refused() -> None:
    settings = GameSettings(players=3, levels=("medium",), people=("Anna", "Ben"))
    saved = json.loads(dumps_session(settings, settings.new_match()))
    saved["settings"]["practice"] = True
    with pytest.raises(SaveError):
        loads_session(json.dumps(saved))
