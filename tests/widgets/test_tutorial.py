"""The lesson stepper without a browser: clicks arrive as the table's messages."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest

from skipbo_widgets import tutorial
from skipbo_widgets.i18n import LANGUAGES, explain, t
from skipbo_widgets.tutorials import load_lessons
from skipbo_widgets.tutorials.lesson import load_lesson
from skipbo_widgets.tutorials.progress import Progress, dumps_progress, loads_progress
from skipbo_widgets.widgets.shell.app import App
from skipbo_widgets.widgets.shell.tutorial import TutorialScreen

LESSONS = load_lessons()
STEP_COUNT = sum(len(lesson.steps) for lesson in LESSONS)
#: Lesson and step of "build up to your stock 3": three moves, h1-b1 first.
PLAY = next((i, j) for i, lesson in enumerate(LESSONS) for j, step in enumerate(lesson.steps)
            if step.key == "tut.hand.build")


def screen(lang: str = "en", **kwargs: object) -> TutorialScreen:
    return TutorialScreen(lang, on_practice=lambda: None, on_menu=lambda: None,
                          **kwargs)  # type: ignore[arg-type]


def click(tut: TutorialScreen, content: object) -> None:
    """A message from the card table in the page."""
    tut.table._receive(tut.table, content, [])


def feedback(tut: TutorialScreen) -> str:
    return html.unescape(tut.feedback_box.value)


def text(tut: TutorialScreen) -> str:
    return html.unescape(tut.text_box.value)


def test_next_walks_through_every_step_and_ends_with_the_practice_game() -> None:
    practice: list[bool] = []
    tut = TutorialScreen("en", on_practice=lambda: practice.append(True), on_menu=lambda: None)
    seen = []
    for _ in range(STEP_COUNT):
        assert not tut.finished
        seen.append(tut.step.key)
        assert t(tut.step.key, "en") in text(tut)
        assert tut.table.view["players"]  # a live table at every step
        tut.next()
        if tut.step.key == seen[-1] and not tut.finished:  # a task not done: asked first
            assert tut.step.acts
            assert t("tutorial.skip_task", "en") in feedback(tut)
            tut.next()
    assert seen == [s.key for lesson in LESSONS for s in lesson.steps]
    assert tut.finished and tut.progress_bar.value == tut.progress_bar.max == STEP_COUNT
    assert "tutorial-finished" in tut.end_view.children[0].value
    tut.practice_button.click()
    assert practice == [True]
    tut.back()
    assert not tut.finished and tut.step.key == seen[-1]


def test_a_quiz_is_answered_with_its_buttons_and_each_answer_explained(tmp_path: Path) -> None:
    path = tmp_path / "01-x.json"
    quiz = {"answers": ["mia", "you"], "right": "you"}
    steps = [{"id": "q", "rules": ["SB-FIRST"], "quiz": quiz,
              "position": {"seats": [{"stock": "1"}, {"stock": "2"}]}}]
    path.write_text(json.dumps({"id": "x", "steps": steps}))
    saved: list[Progress] = []
    tut = screen(lessons=(load_lesson(path),), on_progress=saved.append)
    buttons = {b._dom_classes[-1]: b for b in tut.quiz_box.children}
    assert list(buttons) == ["sb-testid-quiz-answer-mia", "sb-testid-quiz-answer-you"]
    assert "sb-testid-tutorial-quiz" in tut.quiz_box._dom_classes
    assert t("tutorial.question", "en") in text(tut)
    click(tut, {"type": "select", "source": "s"})  # the table is not for answering
    assert t("tutorial.use_answers", "en") in feedback(tut)
    buttons["sb-testid-quiz-answer-mia"].click()
    assert t("tut.x.q.a.mia.why", "en") in feedback(tut)
    assert "sb-box-error" in tut.feedback_box.value
    assert not tut.run.done and buttons["sb-testid-quiz-answer-mia"].button_style == "danger"
    buttons["sb-testid-quiz-answer-you"].click()
    assert t("tut.x.q.a.you.why", "en") in feedback(tut)
    assert "sb-box-success" in tut.feedback_box.value and tut.next_button.button_style == "success"
    assert all(b.disabled for b in buttons.values())
    assert saved[-1].moves == ("?mia", "?you")
    again = screen(lessons=(load_lesson(path),), start=saved[-1])  # a reload
    assert again.run.done and t("tut.x.q.a.you.why", "en") in feedback(again)


def test_a_solved_task_stays_solved_when_the_learner_comes_back() -> None:
    tut = screen()
    tut.go(*PLAY)
    for move in ("h1-b1", "h2-b1", "s-b1"):
        click(tut, {"type": "move", "move": move})
    assert tut.run.done
    tut.next()
    tut.back()
    assert tut.run.done and tut.next_button.button_style == "success"
    tut.again_button.click()  # ... until the learner starts it again
    assert not tut.run.done


def test_the_answer_follows_a_language_switch_mid_task() -> None:
    app = App("en", animate=False, screen="learn")
    tut = app.tutorial
    assert tut is not None
    _first_task(tut)
    click(tut, {"type": "move", "move": "s-d1"})
    click(tut, {"type": "move", "move": "s-d1"})  # the second miss also shows the move
    app.lang_picker.value = "de"
    assert t("tutorial.show_move", "de", move="")[:6] in feedback(tut)
    assert t("tutorial.show_move", "en", move="")[:6] not in feedback(tut)
    assert tut.table.view["status"] == feedback(tut).split(">", 1)[1].rsplit("<", 1)[0]


def test_a_click_after_the_task_is_done_keeps_the_praise() -> None:
    tut = screen()
    _first_task(tut)
    for move in tut.step.task.solution:  # type: ignore[union-attr]
        click(tut, {"type": "move", "move": str(move)})
    done = feedback(tut)
    click(tut, {"type": "select", "source": "h3"})
    assert feedback(tut) == done and t("tutorial.no_task", "en") not in done


def test_a_task_solved_before_a_reload_stays_solved_after_next_and_back() -> None:
    app = reload_with(dumps_progress(Progress(*PLAY, ("h1-b1", "h2-b1", "s-b1"))))
    tut = app.tutorial
    assert tut is not None and tut.run.done
    tut.next()
    tut.back()
    assert tut.run.done


def test_the_shown_end_of_turn_lights_up_the_end_turn_button() -> None:
    key = "tut.drawpile.emptyturn"
    where = next((i, j) for i, lesson in enumerate(LESSONS)
                 for j, step in enumerate(lesson.steps) if step.key == key)
    tut = screen()
    tut.go(*where)
    click(tut, {"type": "move", "move": "h5-b1"})
    for _ in range(2):
        click(tut, {"type": "move", "move": "s-d1"})
    assert tut.table.view["highlight"] == ["end-turn"]


def test_the_lesson_list_leads_from_the_end_back_into_the_last_lesson() -> None:
    tut = screen()
    tut.go(len(LESSONS) - 1, 0)
    tut.finish()
    tut.lesson_picker.value = len(LESSONS) - 1  # the list already shows it
    tut._picked({"new": len(LESSONS) - 1})
    assert not tut.finished and tut.step_index == 0


def test_every_new_table_is_a_new_scene_for_the_page() -> None:
    """The page drops a card it had picked up when the scene changes."""
    tut = screen()
    _first_task(tut)
    scene = tut.table.view["scene"]
    tut.again()
    assert tut.table.view["scene"] != scene
    scene = tut.table.view["scene"]
    tut.next()
    tut.next()
    assert tut.table.view["scene"] != scene


def test_back_goes_to_the_previous_step_and_lesson() -> None:
    tut = screen()
    assert tut.back_button.disabled
    tut.go(1, 0)
    tut.back()
    assert (tut.lesson, tut.step_index) == (0, len(LESSONS[0].steps) - 1)
    tut.lesson_picker.value = 3
    assert (tut.lesson, tut.step_index) == (3, 0)


def _first_task(tut: TutorialScreen) -> None:
    while tut.step.task is None:
        tut.next()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_task_is_done_by_clicking_its_move(lang: str) -> None:
    tut = screen(lang)
    _first_task(tut)
    assert tut.table.view["interactive"] and "tutorial-task" in text(tut)
    assert tut.next_button.button_style == ""
    for move in tut.step.task.solution:  # type: ignore[union-attr]
        click(tut, {"type": "move", "move": str(move)})
    assert t(tut.step.key + ".done", lang) in feedback(tut)
    assert not tut.table.view["interactive"]
    assert tut.next_button.button_style == "success"


def test_wrong_tries_explain_change_nothing_and_then_show_the_move() -> None:
    tut = screen("fr")
    _first_task(tut)
    before = tut.run.game.state_key()
    click(tut, {"type": "move", "move": "s-d1"})
    first = feedback(tut)
    assert "Cards" not in first and t("tutorial.try_again", "fr") in first
    assert tut.run.game.state_key() == before
    click(tut, {"type": "move", "move": "h12-d1"})  # allowed, but it ends the turn
    second = feedback(tut)
    assert t("tutorial.wrong_discard", "fr") in second
    assert t("tutorial.show_move", "fr", move="")[:-1].strip() in second
    assert tut.run.game.state_key() == before
    assert tut.table.view["highlight"] == ["s", "b1"]


def test_an_illegal_move_says_why_in_the_learner_s_language() -> None:
    tut = screen("nl")
    _first_task(tut)
    run = tut.run
    click(tut, {"type": "move", "move": "h5-b1"})
    err = None
    try:
        run.game.copy().push_text("h5-b1")
    except Exception as caught:  # the engine's own reason, in Dutch
        err = caught
    assert err is not None and explain(err, "nl") in feedback(tut)  # type: ignore[arg-type]


@pytest.mark.parametrize("content", [
    "s-b1", None, [], {"type": "move"}, {"type": "move", "move": "x" * 200},
    {"type": "jump"}, {"type": "move", "move": "s-b1", "evil": True},
])
def test_malformed_messages_from_the_browser_change_nothing(content: object) -> None:
    tut = screen("de")
    _first_task(tut)
    before = tut.run.game.state_key()
    click(tut, content)
    assert t("error.bad_request", "de") in feedback(tut)
    assert tut.run.game.state_key() == before


def test_clicking_in_a_step_without_a_task_says_so() -> None:
    tut = screen("de")
    assert tut.step.task is None and not tut.table.view["interactive"]
    click(tut, {"type": "select", "source": "s"})
    assert t("tutorial.no_task", "de") in feedback(tut)
    click(tut, {"type": "move", "move": "s-b1"})
    assert tut.run.game.state_key() == tut.step.new_game().state_key()


#: Lesson and step of "a team wins": the learner's stock is empty, Leo's has one card.
TEAM_WIN = next((i, j) for i, lesson in enumerate(LESSONS) for j, step in enumerate(lesson.steps)
                if step.key == "tut.teams.win")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_click_on_the_empty_stock_pile_sends_the_learner_to_the_partners(lang: str) -> None:
    tut = screen(lang)
    tut.go(*TEAM_WIN)
    assert tut.run.game.stocks[0] == [] and tut.run.active
    before = tut.run.game.state_key()
    click(tut, {"type": "select", "source": "s"})
    expected = t("status.stock_empty", lang, partner=2, names=tut._names())
    assert expected in feedback(tut)
    assert tut.table.view["status"] == expected and tut.table.view["status_kind"] == "error"
    assert tut.run.game.state_key() == before and tut.run.moves == []
    click(tut, {"type": "move", "move": "ps-b1"})  # the task is still there to be done
    assert tut.run.done


def test_start_again_resets_the_task() -> None:
    tut = screen()
    tut.go(*PLAY)
    assert tut.step.key == "tut.hand.build"
    click(tut, {"type": "move", "move": "h1-b1"})
    assert t("tutorial.keep_going", "en") in feedback(tut) and not tut.again_button.disabled
    tut.again_button.click()
    assert tut.run.game.state_key() == tut.step.new_game().state_key()
    assert tut.again_button.disabled


def test_switching_the_language_keeps_the_step_and_its_moves() -> None:
    app = App("en", animate=False, screen="learn")
    tut = app.tutorial
    assert tut is not None
    tut.go(*PLAY)
    click(tut, {"type": "move", "move": "h1-b1"})
    app.lang_picker.value = "fr"
    assert app.tutorial is tut and tut.step.key == "tut.hand.build" and tut.run.moves
    assert t("tut.hand.build", "fr") in text(tut)
    assert tut.lesson_picker.options[0][0] == "Skip-Bo \N{EN DASH} 1. " + t("tut.goal.title", "fr")


def reload_with(stored: object) -> App:
    """A page reload: a new app, and the browser reports what it had stored."""
    app = App("en", animate=False, screen="learn")
    app.lesson_store._receive(app.lesson_store, {"type": "stored", "value": stored}, [])
    return app


def test_the_place_in_the_lessons_survives_a_reload() -> None:
    app = App("de", animate=False, screen="learn")
    assert app.tutorial is not None
    app.tutorial.go(*PLAY)
    click(app.tutorial, {"type": "move", "move": "h1-b1"})
    kept = app.lesson_store.value
    assert loads_progress(kept) == Progress(*PLAY, ("h1-b1",))

    fresh = reload_with(kept)
    assert fresh.tutorial is not None
    assert fresh.tutorial.step.key == "tut.hand.build"
    assert fresh.tutorial.run.moves and fresh.tutorial.run.game.needs(0) == 2


def test_after_a_reload_the_home_screen_s_button_opens_the_lessons_where_they_were() -> None:
    app = App("fr", animate=False)
    app.lesson_store._receive(app.lesson_store, {"type": "stored",
                                                 "value": dumps_progress(Progress(4, 1))}, [])
    home = app.body.children[0]
    learn = home.children[1].children[0]
    assert learn.description == t("home.learn", "fr")
    assert t("tutorial.lesson", "fr", number=5, total=len(LESSONS)) in home.children[2].value
    learn.click()  # (a click handler's exception would only be logged: check the outcome)
    assert app.screen == "learn" and app.tutorial is not None
    assert (app.tutorial.lesson, app.tutorial.step_index) == (4, 1)


def test_the_end_of_the_lessons_survives_a_reload() -> None:
    app = App("en", animate=False, screen="learn")
    assert app.tutorial is not None
    app.tutorial.go(len(LESSONS) - 1, len(LESSONS[-1].steps) - 1)
    app.tutorial.finish()
    fresh = reload_with(app.lesson_store.value)
    assert fresh.tutorial is not None and fresh.tutorial.finished
    home = App("en", animate=False)  # ... and from the home screen's button
    home.lesson_store._receive(home.lesson_store, {"type": "stored",
                                                   "value": app.lesson_store.value}, [])
    home.show_learn()
    assert home.tutorial is not None and home.tutorial.finished


@pytest.mark.parametrize("stored", [
    "", "{", "[]", '{"format": "skipbo-widgets/tutorial"}', "x" * 10_000, 42, None,
    dumps_progress(Progress(*PLAY)).replace('"build"', '"nope"'),
    dumps_progress(Progress(*PLAY)).replace('"version":1', '"version":2'),
    dumps_progress(Progress(*PLAY)).replace('"finished":false', '"finished":"yes"'),
    dumps_progress(Progress(*PLAY)).replace('"moves":[]', '"moves":[' + '"zz",' * 40 + '"zz"]'),
    dumps_progress(Progress(*PLAY)).replace('"version":1', '"version":true'),
])
def test_a_bad_stored_place_starts_at_the_beginning(stored: object) -> None:
    app = reload_with(stored)
    assert app.tutorial is not None and app.tutorial.step.key == "tut.goal.stock"


def test_stored_moves_that_do_not_fit_are_dropped() -> None:
    app = reload_with(dumps_progress(Progress(*PLAY, ("h1-b1", "s-d4", "h2-b1"))))
    assert app.tutorial is not None
    assert [str(m) for m in app.tutorial.run.moves] == ["h1-b1"]


def test_the_home_screen_leads_to_the_lessons_and_the_practice_game_follows() -> None:
    app = App("nl", animate=False)
    buttons = app.body.children[0].children[1].children
    assert buttons[0].description == t("home.learn", "nl")
    buttons[0].click()
    assert app.screen == "learn" and app.tutorial is not None
    app.tutorial.finish()
    app.tutorial.practice_button.click()
    assert app.screen == "game" and app.game_screen is not None
    assert app.game_screen.settings.practice and app.game_screen.settings.hints
    assert app.game_screen.settings.levels == ("beginner",)


def test_tutorial_opens_the_app_at_the_lessons() -> None:
    app = tutorial(lang="fr")
    assert app.screen == "learn" and app.lang == "fr"


def test_a_click_on_an_opponents_pile_in_a_lesson_says_whose_it_is() -> None:
    tut = screen("fr")
    _first_task(tut)
    before = tut.run.game.state_key()
    click(tut, {"type": "look", "pile": "stock-1"})
    names = tut.table.view["players"]
    assert t("status.not_your_pile", "fr", player=1,
             names=[p["name"] for p in names]) in feedback(tut)
    assert tut.run.game.state_key() == before


def test_the_open_task_is_said_by_the_cards_until_an_answer_takes_its_place() -> None:
    """On a phone the lesson's text is above the table; the table's own status line
    (shown only on narrow screens) says the task while the learner taps the cards."""
    tut = screen("nl")
    _first_task(tut)
    task = f'{t("tutorial.your_task", "nl")} {t(tut.step.key + ".task", "nl")}'
    assert tut.table.view["status"] == task and tut.table.view["status_kind"] == "todo"
    assert feedback(tut) == ""
    click(tut, {"type": "move", "move": "s-d1"})
    assert tut.table.view["status"] != task and feedback(tut)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_partners_card_on_the_wrong_pile_is_named_as_the_partners_in_a_lesson(
        lang: str) -> None:
    tut = screen(lang)
    tut.go(*TEAM_WIN)
    game = tut.run.game
    card = game.stocks[2][-1]
    pile = next(p for p in range(4) if game.building[p] and len(game.building[p]) + 1 != card)
    before = game.state_key()
    click(tut, {"type": "move", "move": f"ps-b{pile + 1}"})
    assert tut.run.game.state_key() == before
    expected = t("error.wrong_value.partner", lang, card=card, pile=pile,
                 needs=len(game.building[pile]) + 1, partner=2, names=tut._names())
    assert expected in feedback(tut)


def test_a_click_on_the_draw_pile_in_a_lesson_says_what_it_is() -> None:
    tut = screen("de")
    _first_task(tut)
    click(tut, {"type": "look", "pile": "draw-pile"})
    assert t("status.draw_pile", "de") in feedback(tut)


@pytest.mark.parametrize(("lang", "queen"), [("de", "D"), ("fr", "D"), ("nl", "V"), ("en", "Q")])
def test_playing_cards_show_the_language_s_own_letters(lang: str, queen: str) -> None:
    """Dutch cards say V (vrouw) where English ones say Q: on the cards and under the pile."""
    where = next((i, j) for i, lesson in enumerate(LESSONS) for j, step in enumerate(lesson.steps)
                 if step.key == "tut.variants.queen")
    tut = screen(lang)
    tut.go(*where)
    view = tut.table.view
    assert view["faces"] == "playing" and view["card_faces"]["12"]["text"] == queen
    assert view["building"][1]["needs"] == 12 and queen in view["building"][1]["needs_label"]


def test_a_wrong_try_says_the_card_was_put_back_and_flies_it_back() -> None:
    where = next((i, j) for i, lesson in enumerate(LESSONS) for j, step in enumerate(lesson.steps)
                 if step.key == "tut.wild.wild")
    tut = screen("nl")
    tut.go(*where)
    before = tut.run.game.state_key()
    click(tut, {"type": "move", "move": "hW-b2"})  # allowed, but then the 8 has no place
    assert tut.run.game.state_key() == before
    assert f">{t('tutorial.put_back', 'nl')} " in feedback(tut)
    bounce = tut.table.view["bounce"]
    assert {k: bounce[k] for k in ("card", "from", "to")} == {"card": 0, "from": "build-1",
                                                              "to": "hand"}
    tut.render()  # drawn again: the same flight, which the page shows only once
    assert tut.table.view["bounce"] == bounce
    click(tut, {"type": "move", "move": "h3-d1"})  # a discard too early: from discard pile 1
    assert tut.table.view["bounce"]["from"] == "discard-0-0"
    assert tut.table.view["bounce"]["id"] != bounce["id"]
    tut.again()
    assert tut.table.view["bounce"] is None


def test_a_step_the_learner_decides_does_not_light_the_one_right_pile() -> None:
    """Review: "find the pile for your stock 9" lit only the pile needing a 9 once the 9
    was picked up, giving the answer away. Every building pile lights; the engine judges."""
    tut = screen()
    tut.go(*next((i, j) for i, lesson in enumerate(LESSONS)
                 for j, step in enumerate(lesson.steps) if step.key == "tut.stock.which"))
    assert tut.step.decide
    view = tut.table.view
    piles = [pile["target"] for pile in view["building"]]
    assert len(piles) >= 2 and set(piles) <= set(view["legal"]["s"])
    fits = [p for p in piles if tut.run.game.can_move(
        tut.step.kind.parse(f"s-{p}"), by=0)]
    assert len(fits) == 1  # only one pile takes the 9: the learner has to find it
    before = tut.run.game.state_key()
    wrong = next(p for p in piles[:2] if p not in fits)
    click(tut, {"type": "move", "move": f"s-{wrong}"})
    assert tut.run.game.state_key() == before and not tut.run.done
    assert feedback(tut)  # the engine's reason, in words
    click(tut, {"type": "move", "move": f"s-{fits[0]}"})
    assert tut.run.done
    tut.go(*PLAY)  # a lit step: a picked-up card lights only where it fits
    assert not tut.step.decide
    piles = {pile["target"] for pile in tut.table.view["building"]}
    assert any(not piles <= set(targets) for targets in tut.table.view["legal"].values())


def test_a_card_picked_up_that_cannot_do_the_task_is_refused_at_once() -> None:
    """The first half of a wrong move: a hand card whose every move spoils the task."""
    tut = screen()
    tut.go(*next((i, j) for i, lesson in enumerate(LESSONS)
                 for j, step in enumerate(lesson.steps) if step.key == "tut.stock.next"))
    scene = tut.table.view["scene"]
    source = tut.table.view["hand_sources"][0]
    click(tut, {"type": "select", "source": source})
    said = feedback(tut)
    moves = [m for m in tut.run.game.legal_moves() if m.source_text == source]
    assert moves and all(not m.is_play for m in moves)  # the card can only end the turn
    key = "tutorial.wrong_discard"
    assert t(key, "en") in said and t("tutorial.put_back", "en") in said
    assert tut.table.view["scene"] != scene  # the page lets go of the card
    assert tut.run.failures == 1 and not tut.again_button.disabled
    scene = tut.table.view["scene"]
    click(tut, {"type": "select", "source": "s"})  # the stock card: the task's own
    assert tut.table.view["scene"] == scene and tut.run.failures == 1


def test_a_card_picked_up_that_fits_wrongly_is_refused_with_the_step_s_reason() -> None:
    """The strategy tip: the hand 4 would fit, but the stock 4 wins: said at the pick-up."""
    tut = screen()
    tut.go(*next((i, j) for i, lesson in enumerate(LESSONS)
                 for j, step in enumerate(lesson.steps) if step.key == "tut.tips.stock"))
    click(tut, {"type": "select", "source": "h4"})
    said = feedback(tut)
    assert t("tut.tips.stock.wrong", "en") in said
    assert t("tutorial.wrong_pick", "en") not in said
