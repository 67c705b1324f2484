"""Skyjo's lessons in the Voilà app in a real Chromium: picked from the list, every step
done by clicking the Skyjo table (or a quiz's buttons), a wrong try put back and seen
flying back, a wrong pick-up refused at once (the step that froze), a move from the other
pile refused (the step that praised it), a new step's table not animated, and a lesson on
a laptop's screen."""

from __future__ import annotations

from typing import Any

import pytest

from skipbo_widgets.i18n import t
from skipbo_widgets.skyjo.engine import Move
from skipbo_widgets.tutorials import Step, load_lessons
from skipbo_widgets.widgets.skyjo.view import PAGE_ORDER

from .test_app import no_python_errors
from .test_tutorial import _wait_text, text_of

Page = Any
FR = "fr"
PICKER = 'select[data-testid="lesson-picker"]'
#: Skyjo's lessons follow Skip-Bo's in the list (while a Skip-Bo lesson is shown).
SKYJO = {lesson.id: len(load_lessons()) + i for i, lesson in enumerate(load_lessons("skyjo"))}


def pick(page: Page, lesson: str, lang: str = FR) -> None:
    """Choose a Skyjo lesson in the list by its label (the shown game's lessons come first,
    so an index changes when the game does)."""
    number = list(SKYJO).index(lesson) + 1
    title = t(f"skyjo.lesson.{lesson}.title", lang)
    page.select_option(PICKER, label=f"Skyjo \N{EN DASH} {number}. {title}")


def place(move: Move) -> str:
    return f"grid-0-{PAGE_ORDER.index(move.place)}"


def play(page: Page, move: Move) -> None:
    """A move as a learner clicks it: the pile first, then the card."""
    if move.kind == "draw":
        tap(page, "skyjo-draw")
        page.wait_for_selector('[data-testid="skyjo-drawn"] .sj-face')
    elif move.kind in ("take", "drop"):  # the discard pile: its card, or the drawn one
        tap(page, "skyjo-discard", place(move))
    else:  # a reveal, or the drawn card swapped in (it is in hand once drawn)
        tap(page, place(move))


def solve(page: Page, step: Step) -> None:
    if step.quiz is not None:
        tap(page, f"quiz-answer-{step.quiz.right}")
        _wait_text(page, "tutorial-feedback",
                   t(step.quiz.why_key(step.key, step.quiz.right), FR))
        return
    assert step.task is not None
    for i, move in enumerate(step.task.solution):
        if i and step.task.play:  # Mia plays between the learner's turns
            page.wait_for_selector('[data-testid="skyjo-table"]:not(.sj-waiting)')
        play(page, move)
    done(page, step.key)


def tap(page: Page, *testids: str) -> None:
    for testid in testids:
        page.click(f'[data-testid="{testid}"]')


def face(page: Page, testid: str) -> str:
    """The value a card shows (its corners repeat it)."""
    return text_of(page, testid).split()[0]


def done(page: Page, key: str) -> None:
    _wait_text(page, "tutorial-feedback", t(key + ".done", FR))


def test_every_skyjo_step_in_french_is_done_by_clicking_the_skyjo_table(page: Page) -> None:
    """The whole course, step by step with "next", as a French learner clicks it."""
    page.goto(f"{page.base_url}?lang={FR}")
    page.click('[data-testid="learn"]', timeout=60_000)
    page.wait_for_selector(PICKER)
    pick(page, "goal")
    page.wait_for_selector('[data-testid="skyjo-table"]')
    steps = [step for lesson in load_lessons("skyjo") for step in lesson.steps]
    for step in steps:
        _wait_text(page, "tutorial-text", t(step.key, FR))
        solve(page, step)
        tap(page, "tutorial-next")
    page.wait_for_selector('[data-testid="tutorial-finished"]')
    assert t("skyjo.lesson.finished", FR)[:40] in text_of(page, "tutorial-finished")
    no_python_errors(page)


def test_a_wrong_pick_up_is_refused_at_once_and_the_step_goes_on(page: Page) -> None:
    """Review §4, the step that froze: with the drawn -1 in hand, the discard pile clicked
    (dropping it, the half of a move the task does not want) used to leave the -1 on the
    discard pile and the drawn card's place empty, "start again" disabled."""
    open_lesson(page, "draw", "nl")
    tap(page, "skyjo-draw")
    done_nl = t("skyjo.lesson.draw.look.done", "nl")
    _wait_text(page, "tutorial-feedback", done_nl)
    tap(page, "tutorial-next")
    _wait_text(page, "tutorial-text", t("skyjo.lesson.draw.keep", "nl"))
    page.wait_for_selector('[data-testid="skyjo-drawn"] [data-card="-1"]')
    assert page.is_disabled('[data-testid="tutorial-again"]')
    tap(page, "skyjo-discard")  # drop the -1? Not what the task asks: refused at once
    _wait_text(page, "tutorial-feedback", t("skyjo.lesson.draw.keep.wrong", "nl"))
    page.wait_for_selector('[data-testid="skyjo-drawn"] [data-card="-1"]')
    assert face(page, "skyjo-discard") == "10"  # the -1 is not shown on the discard pile
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=\"tutorial-again\"]').disabled")
    tap(page, "grid-0-2")  # the -1 where the 9 lies: the step goes on as asked
    _wait_text(page, "tutorial-feedback", t("skyjo.lesson.draw.keep.done", "nl"))
    no_python_errors(page)


def test_a_card_from_the_other_pile_is_not_praised(page: Page) -> None:
    """Review §4: "Ruil de -2 tegen je 12" was praised for an 11 drawn and put on the 12,
    and the round ended. The draw is taken back; the -2 from the discard pile is the move."""
    open_lesson(page, "last", "nl")
    tap(page, "skyjo-discard", "grid-0-11")  # the first step: end the round
    _wait_text(page, "tutorial-feedback", t("skyjo.lesson.last.end.done", "nl"))
    tap(page, "tutorial-next")
    _wait_text(page, "tutorial-text", t("skyjo.lesson.last.yours", "nl"))
    count = text_of(page, "skyjo-draw").split()[-1]
    tap(page, "skyjo-draw")
    _wait_text(page, "tutorial-feedback", t("tutorial.put_back", "nl"))
    assert t("skyjo.lesson.last.yours.wrong", "nl") in text_of(page, "tutorial-feedback")
    assert t("tutorial.keep_going", "nl") not in text_of(page, "tutorial-feedback")
    assert text_of(page, "skyjo-draw").split()[-1] == count  # the drawn card went back
    assert not page.locator('[data-testid="skyjo-drawn"] .sj-face').count()
    assert not page.locator('[data-testid="skyjo-result"]').count()  # the round goes on
    tap(page, "skyjo-discard", "grid-0-2")
    _wait_text(page, "tutorial-feedback", t("skyjo.lesson.last.yours.done", "nl"))
    page.wait_for_selector('[data-testid="skyjo-result"]')
    no_python_errors(page)


def open_lesson(page: Page, lesson: str, lang: str = FR) -> None:
    page.goto(f"{page.base_url}?lang={lang}")
    page.click('[data-testid="learn"]', timeout=60_000)
    page.wait_for_selector(PICKER)
    pick(page, lesson, lang)
    page.wait_for_selector('[data-testid="skyjo-table"]')
    _wait_text(page, "tutorial-text", t(f"skyjo.lesson.{lesson}.title", lang))


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_wrong_take_flies_back_to_the_discard_pile(page: Page, motion: str) -> None:
    """The 1 put where the 2 lies (allowed, but not the lesson's move) is taken back: a copy
    of it flies from the grid to the discard pile, then the table is as before; without
    motion nothing flies."""
    page.emulate_media(reduced_motion=motion)
    open_lesson(page, "take")
    _wait_text(page, "tutorial-text", t("skyjo.lesson.take.swap", FR))
    # Every card that takes off is noted when it is added: no race with its flight's end.
    page.evaluate("""() => { window.flown = []; new MutationObserver((changes) => {
        for (const c of changes) for (const n of c.addedNodes) {
            if (n.dataset?.testid === "bounce") {
                const box = n.getBoundingClientRect();
                const from = document.querySelector('[data-testid="grid-0-0"]')
                    .getBoundingClientRect();
                window.flown.push({ card: n.dataset.card, fromGrid: Math.abs(box.x - from.x)
                    < from.width && Math.abs(box.y - from.y) < from.height });
            } } }).observe(document.body, { childList: true, subtree: true }); }""")
    tap(page, "skyjo-discard", "grid-0-0")
    _wait_text(page, "tutorial-feedback", t("tutorial.put_back", FR))
    page.wait_for_selector('[data-testid="skyjo-table"] [data-testid="status"].sj-error',
                           state="attached")
    if motion == "no-preference":
        page.wait_for_function("window.flown.length > 0")
        page.wait_for_selector('[data-testid="bounce"]', state="detached")
    assert page.evaluate("window.flown") == \
        ([{"card": "1", "fromGrid": True}] if motion == "no-preference" else [])
    assert (face(page, "grid-0-0"), face(page, "skyjo-discard")) == ("2", "1")
    no_python_errors(page)


def test_a_new_step_s_table_is_no_move_nothing_on_it_flies_or_turns(page: Page) -> None:
    """The scores lesson starts with a column already gone and every card face up: coming
    from a lesson with face-down cards, none of it is animated as if it had just happened."""
    open_lesson(page, "start")
    _wait_text(page, "tutorial-text", t("skyjo.lesson.start.two", FR))
    page.evaluate("""() => { window.moved = []; new MutationObserver((changes) => {
        for (const c of changes) for (const n of c.addedNodes) {
            if (n.classList?.contains("sj-flying") || n.querySelector?.(".sj-flip")
                || n.classList?.contains("sj-flip")) window.moved.push(n.className); } })
        .observe(document.body, { childList: true, subtree: true }); }""")
    pick(page, "score")
    _wait_text(page, "tutorial-text", t("skyjo.lesson.score.sum", FR))
    page.wait_for_selector('[data-testid="grid-0-1"] .sj-gone')
    assert page.evaluate("window.moved") == []


def test_a_lesson_at_1280_by_800_shows_the_whole_table_once(browser: Any, voila_url: str) -> None:
    """A laptop's screen: the learner's whole grid and the piles without scrolling, the task
    beside the table and not again under it, and a 6 that cannot be read as a 9."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.base_url = voila_url
    open_lesson(page, "start", "de")
    _wait_text(page, "tutorial-text", t("skyjo.lesson.start.two", "de"))
    table = page.locator('[data-testid="skyjo-table"]').bounding_box()
    assert table["y"] >= 0 and table["y"] + table["height"] <= 800, table
    assert t("skyjo.lesson.start.two.task", "de") in text_of(page, "tutorial-task")
    assert not page.locator('[data-testid="skyjo-table"] [data-testid="status"]').is_visible()
    corners = page.locator('[data-testid="skyjo-discard"] [data-card="6"] .sj-corner')
    assert corners.count() == 2
    assert {c.evaluate("e => getComputedStyle(e).textDecorationLine") for c in corners.all()} \
        == {"underline"}
    context.close()
