"""Skyjo's lessons at the table: the stepper shows them on the Skyjo table beside
Skip-Bo's, and a learner does them by clicks (the page's own requests), in French."""

from __future__ import annotations

import html

import pytest

from skipbo_widgets.i18n import LANGUAGES, t
from skipbo_widgets.skyjo.engine import Move, Round, place_text
from skipbo_widgets.tutorials import load_lessons
from skipbo_widgets.tutorials.lesson import all_lessons
from skipbo_widgets.tutorials.progress import Progress, dumps_progress, loads_progress
from skipbo_widgets.widgets.shell.tutorial import TutorialScreen
from skipbo_widgets.widgets.skipbo.table_game import SKIPBO_TABLE
from skipbo_widgets.widgets.skyjo.table import SkyjoTable
from skipbo_widgets.widgets.skyjo.table_game import SKYJO_TABLE
from skipbo_widgets.widgets.skyjo.view import PAGE_ORDER, shown_highlight
from skipbo_widgets.widgets.skyjo.view_schema import check_skyjo_view

LESSONS = all_lessons()
SKIPBO = len(load_lessons())
FIRST = SKIPBO  # Skyjo's lessons follow Skip-Bo's, which keep their places
SKYJO_STEPS = [step for lesson in load_lessons("skyjo") for step in lesson.steps]
FR = "fr"


def screen(lang: str = FR) -> TutorialScreen:
    return TutorialScreen(lang, on_practice=lambda: None, on_menu=lambda: None)


def send(tut: TutorialScreen, content: object) -> None:
    tut.table._receive(tut.table, content, [])


def click(tut: TutorialScreen, move: Move) -> None:
    """The move as the page sends it: the pile picked up first, then the card."""
    view = tut.table.view
    if move.kind == "draw":
        send(tut, {"type": "move", "move": view["draw_move"]})
        return
    if move.kind in ("take", "drop"):
        scene = view["scene"]
        send(tut, {"type": "select", "source": view["sources"]["discard" if move.kind == "take"
                                                               else "drop"]})
        if tut.table.view["scene"] != scene:
            return  # the pick-up was refused: the page has dropped the card
    card = tut.table.view["players"][0]["cards"][PAGE_ORDER.index(move.place)]
    send(tut, {"type": "move", "source": move.kind, "target": card["target"]})


def feedback(tut: TutorialScreen) -> str:
    return html.unescape(tut.feedback_box.value)


def where(key: str) -> tuple[int, int]:
    return next((i, j) for i, lesson in enumerate(LESSONS) for j, step in enumerate(lesson.steps)
                if step.key == key)


def test_the_list_shows_both_games_each_lesson_under_its_game() -> None:
    tut = screen()
    labels = [label for label, _ in tut.lesson_picker.options]
    assert len(labels) == len(LESSONS) == SKIPBO + len(load_lessons("skyjo"))
    assert labels[0] == "Skip-Bo \N{EN DASH} 1. " + t("tut.goal.title", FR)
    assert labels[FIRST] == "Skyjo \N{EN DASH} 1. " + t("skyjo.lesson.goal.title", FR)
    assert all(label.startswith("Skyjo") for label in labels[FIRST:])
    tut.lesson_picker.value = FIRST + 2
    assert tut.step.key == "skyjo.lesson.take.swap"
    assert isinstance(tut.table, SkyjoTable) and tut.controller.kind is SKYJO_TABLE
    assert tut.table.view["players"][0]["is_me"] and tut.table in tut.table_box.children
    tut.lesson_picker.value = 0  # back to Skip-Bo: its own table again
    assert tut.controller.kind is SKIPBO_TABLE and tut.table in tut.table_box.children


def test_a_skyjo_lesson_is_done_by_clicks_in_french() -> None:
    tut = screen()
    tut.go(*where("skyjo.lesson.take.swap"))
    before = tut.run.game.state_key()
    wrong = Move.parse("take a1")
    click(tut, wrong)  # allowed, but not the 11: taken back at once
    said = feedback(tut)
    assert f">{t('tutorial.put_back', FR)} " in said
    assert t("skyjo.lesson.take.swap.wrong", FR) in said
    assert tut.run.game.state_key() == before
    assert tut.table.view["bounce"]["to"] == "skyjo-discard"  # the card flies back
    click(tut, wrong)  # the second miss shows the move, on the table too
    assert t("tutorial.show_move", FR, move=t("skyjo.lesson.show.take", FR)) in feedback(tut)
    assert tut.table.view["highlight"] == ["take", "b2"]
    assert tut.run.game.state_key() == before
    click(tut, Move.parse("take b2"))
    assert tut.run.done and t("skyjo.lesson.take.swap.done", FR) in feedback(tut)
    assert tut.next_button.button_style == "success"


def test_an_illegal_click_is_explained_by_the_engine_and_changes_nothing() -> None:
    tut = screen()
    tut.go(*where("skyjo.lesson.draw.keep"))  # a card is drawn: the discard pile waits
    before = tut.run.game.state_key()
    send(tut, {"type": "move", "move": "take-a1"})
    assert t("error.skyjo_holding_card", FR, drawn=-1) in feedback(tut)
    send(tut, {"type": "move", "move": "swap-z9"})
    assert tut.run.game.state_key() == before and not tut.run.done


def test_every_skyjo_lesson_is_done_by_clicks_in_french_to_the_end() -> None:
    tut = screen()
    tut.go(FIRST, 0)
    assert tut.back_button.disabled  # Skyjo's first step: back does not lead into Skip-Bo
    done = []
    while not tut.finished:
        step = tut.step
        if step.task is not None:
            for move in step.task.solution:
                click(tut, move)
            assert t(step.key + ".done", FR) in feedback(tut)
        else:
            assert step.quiz is not None
            buttons = {b._dom_classes[-1]: b for b in tut.quiz_box.children}
            buttons[f"sb-testid-quiz-answer-{step.quiz.right}"].click()
            assert t(step.quiz.why_key(step.key, step.quiz.right), FR) in feedback(tut)
        assert tut.run.done
        done.append(step.key)
        assert tut.progress_bar.max == len(SKYJO_STEPS)
        tut.next()
    assert done == [step.key for step in SKYJO_STEPS]
    end = tut.end_view.children[0].value
    assert html.escape(t("skyjo.lesson.finished", FR)) in end
    assert tut.practice_button.layout.display != "none"  # a Skyjo practice game (the app)
    tut.restart_button.click()
    assert (tut.lesson, tut.step_index) == (FIRST, 0)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_view_of_every_skyjo_lesson_step_has_the_documented_shape(lang: str) -> None:
    tut = screen(lang)
    tut.go(FIRST, 0)
    views = 0
    while not tut.finished:
        check_skyjo_view(tut.table.view)
        task = tut.step.task
        for move in task.solution if task is not None else ():
            click(tut, move)
            check_skyjo_view(tut.table.view)
            views += 1
        tut.next()
        tut.next()  # a second press past a quiz not answered
    assert views >= len([s for s in SKYJO_STEPS if s.task])


def test_a_place_in_a_skyjo_lesson_is_kept_apart_from_skip_bo_s_same_named_lesson() -> None:
    skyjo = where("skyjo.lesson.goal.cards")
    text = dumps_progress(Progress(*skyjo))
    assert '"game":"skyjo"' in text and loads_progress(text) == Progress(*skyjo)
    assert '"game"' not in dumps_progress(Progress(0, 1))  # Skip-Bo's record as it was
    assert loads_progress(text.replace('"skyjo"', '"chess"')) is None
    mid = where("skyjo.lesson.draw.drop")
    tut = screen()
    tut.go(*mid, ("draw",))  # a reload in the middle of a task: the draw is made again
    assert tut.run.game.drawn == 12 and [str(m) for m in tut.run.moves] == ["draw"]
    assert place_text(0) == "a1"


def test_a_wrong_drop_gives_the_drawn_card_back_and_the_step_can_start_again() -> None:
    """Review §4: after a wrong drop the page kept the card on the discard pile (its
    choice of "drop" outlived the try) and "start this step again" stayed disabled."""
    tut = screen("nl")
    tut.go(*where("skyjo.lesson.draw.keep"))
    start = tut.run.game.state_key()
    assert tut.again_button.disabled
    scene = tut.table.view["scene"]
    send(tut, {"type": "move", "source": "drop", "target": "a2"})  # the page's second half
    assert tut.run.game.state_key() == start and tut.table.view["drawn"] == -1
    assert tut.table.view["scene"] != scene  # a new table: the page drops its "drop"
    assert not tut.again_button.disabled
    tut.again_button.click()
    assert tut.run.game.state_key() == tut.step.new_game().state_key()


def test_picking_up_the_wrong_pile_is_refused_at_once() -> None:
    tut = screen("nl")
    tut.go(*where("skyjo.lesson.draw.keep"))  # keep the drawn -1: dropping it is wrong
    scene = tut.table.view["scene"]
    send(tut, {"type": "select", "source": "drop"})
    said = feedback(tut)
    assert t("skyjo.lesson.draw.keep.wrong", "nl") in said
    assert t("skyjo.table.drop_where", "nl") not in said
    assert tut.table.view["scene"] != scene and tut.run.failures == 1
    assert not tut.again_button.disabled
    tut.go(*where("skyjo.lesson.take.swap"))  # the discard pile's card is the right one
    scene = tut.table.view["scene"]
    send(tut, {"type": "select", "source": "take"})
    assert tut.table.view["scene"] == scene and tut.run.failures == 0
    assert tut.controller.said()[1] != "error"


def test_a_quiz_table_asks_for_no_move() -> None:
    """Review §4: "turn two of your cards" over a quiz, "Mia's turn" while asking who starts."""
    tut = screen("nl")
    quizzes = 0
    for key in [s.key for s in SKYJO_STEPS if s.quiz is not None]:
        tut.go(*where(key))
        view = tut.table.view
        assert not view["interactive"]
        assert view["phase_label"] == t("tutorial.quiz_table", "nl"), key
        # Neither who is to move nor a round's score gives the answer away.
        assert not any(p["is_current"] or p["round_label"] or p["score_label"]
                       for p in view["players"])
        check_skyjo_view(view)
        # On a phone the question is said by the cards, as a question, not as a task.
        assert view["status"].startswith(t("tutorial.question", "nl")), key
        quizzes += 1
    assert quizzes >= 1


def test_the_skip_warning_is_asked_again_after_start_again() -> None:
    tut = screen()
    tut.go(*where("skyjo.lesson.take.swap"))
    tut.next()
    assert t("tutorial.skip_task", FR) in feedback(tut)
    click(tut, Move.parse("take a1"))
    tut.again_button.click()
    tut.next()  # one press after a restart only warns again
    assert tut.step.key == "skyjo.lesson.take.swap"
    assert t("tutorial.skip_task", FR) in feedback(tut)


def test_the_lesson_list_shows_the_shown_game_s_lessons_first() -> None:
    tut = screen()
    labels = [label for label, _ in tut.lesson_picker.options]
    assert labels[0].startswith("Skip-Bo")
    tut.go(FIRST, 0)
    options = list(tut.lesson_picker.options)
    assert options[0] == ("Skyjo \N{EN DASH} 1. " + t("skyjo.lesson.goal.title", FR), FIRST)
    assert [v for _, v in options[:len(load_lessons("skyjo"))]] == list(
        range(FIRST, len(LESSONS)))
    assert tut.lesson_picker.value == FIRST and tut.step.key.startswith("skyjo.")
    tut.lesson_picker.value = 1  # a Skip-Bo lesson: Skip-Bo's come first again
    assert tut.lesson_picker.options[0][1] == 0 and tut.lesson == 1


def test_a_round_against_mia_shows_her_turns_and_ends_scored() -> None:
    """The core path ends with a short round: every allowed move counts, Mia answers."""
    tut = screen("nl")
    tut.go(*where("skyjo.lesson.round.mia"))
    step = tut.step
    assert step.task is not None and step.task.play
    first = True
    while not tut.run.done:
        move = tut.run.hint_move()  # Mia's own choice in the learner's seat
        assert move is not None
        before = len(tut.run.game.events)
        click(tut, move)
        assert len(tut.run.game.events) > before
        if tut.run.game.current == 0 and not tut.run.done and first:
            # After the learner's turn, Mia's turn is said in words.
            said = feedback(tut)
            assert t("tutorial.keep_going", "nl") in said and "Mia" in said
            first = False
    assert not first
    assert tut.run.game.is_over and t("skyjo.lesson.round.mia.done", "nl") in feedback(tut)
    assert all(p["round_label"] for p in tut.table.view["players"])


@pytest.mark.parametrize("key", ["skyjo.lesson.draw.keep", "skyjo.lesson.column.three"])
def test_nothing_glows_once_the_task_is_done(key: str) -> None:
    """Review §4: the glow stayed on the emptied drawn card's place and on a cleared column."""
    tut = screen()
    tut.go(*where(key))
    assert tut.table.view["highlight"]
    task = tut.step.task
    assert task is not None
    for move in task.solution:
        click(tut, move)
    assert tut.run.done and tut.table.view["highlight"] == []


def test_the_draw_pile_stops_glowing_once_its_card_is_drawn() -> None:
    """The walk (nl): in "Trek een kaart en leg hem op de aflegstapel", then lit, the draw
    pile kept its glow after the 12 was drawn, as if it wanted a second click; the
    discard pile, where the drawn card goes, still glows. (That step now names the move
    without lighting it: the fading of the draw lessons.)"""
    r = Round.new(seed=1)
    while r.phase == "setup":
        r.push(r.legal_moves()[0])
    assert shown_highlight(r.observe(r.current), ["skyjo-draw", "skyjo-discard"]) == [
        "skyjo-draw", "skyjo-discard"]
    r.push_text("draw")
    assert shown_highlight(r.observe(r.current), ["skyjo-draw", "skyjo-discard"]) == [
        "skyjo-discard"]
    tut = screen("nl")
    tut.go(*where("skyjo.lesson.draw.drop"))
    assert tut.table.view["highlight"] == []  # named, not lit
    click(tut, Move.parse("draw"))
    assert tut.table.view["highlight"] == []


