"""Skyjo's lessons in the Voilà app in a real Chromium: picked from the list, their tasks
done by clicking the Skyjo table, a wrong try put back and seen flying back, a new step's
table not animated, and a lesson on a laptop's screen."""

from __future__ import annotations

from typing import Any

import pytest

from skipbo_widgets.i18n import t
from skipbo_widgets.tutorials import load_lessons

from .test_app import no_python_errors
from .test_tutorial import _wait_text, text_of

Page = Any
FR = "fr"
PICKER = 'select[data-testid="lesson-picker"]'
#: Skyjo's lessons follow Skip-Bo's in the list.
SKYJO = {lesson.id: len(load_lessons()) + i for i, lesson in enumerate(load_lessons("skyjo"))}


def tap(page: Page, *testids: str) -> None:
    for testid in testids:
        page.click(f'[data-testid="{testid}"]')


def face(page: Page, testid: str) -> str:
    """The value a card shows (its corners repeat it)."""
    return text_of(page, testid).split()[0]


def done(page: Page, key: str) -> None:
    _wait_text(page, "tutorial-feedback", t(key + ".done", FR))


def test_skyjo_lessons_in_french_are_done_by_clicking_the_skyjo_table(page: Page) -> None:
    page.goto(f"{page.base_url}?lang={FR}")
    page.click('[data-testid="learn"]', timeout=60_000)
    page.wait_for_selector(PICKER)

    page.select_option(PICKER, index=SKYJO["start"])
    page.wait_for_selector('[data-testid="skyjo-table"]')
    _wait_text(page, "tutorial-text", t("skyjo.lesson.start.two", FR))
    tap(page, "grid-0-0", "grid-0-11")  # the set-up: two cards turned by clicking them
    done(page, "skyjo.lesson.start.two")

    page.select_option(PICKER, index=SKYJO["take"])
    _wait_text(page, "tutorial-text", t("skyjo.lesson.take.swap", FR))
    assert face(page, "grid-0-0") == "2"
    tap(page, "skyjo-discard", "grid-0-0")  # allowed, but not the 11: put back at once
    _wait_text(page, "tutorial-feedback", t("tutorial.put_back", FR))
    assert t("skyjo.lesson.take.swap.wrong", FR) in text_of(page, "tutorial-feedback")
    assert (face(page, "grid-0-0"), face(page, "skyjo-discard")) == ("2", "1")
    tap(page, "skyjo-discard", "grid-0-5")  # the 1 where the 11 lies
    done(page, "skyjo.lesson.take.swap")

    page.select_option(PICKER, index=SKYJO["draw"])
    _wait_text(page, "tutorial-text", t("skyjo.lesson.draw.look", FR))
    tap(page, "skyjo-draw")
    done(page, "skyjo.lesson.draw.look")
    tap(page, "tutorial-next")
    _wait_text(page, "tutorial-text", t("skyjo.lesson.draw.keep", FR))
    tap(page, "skyjo-drawn", "grid-0-2")  # the drawn -1 where the 9 lies
    done(page, "skyjo.lesson.draw.keep")
    tap(page, "tutorial-next")
    _wait_text(page, "tutorial-text", t("skyjo.lesson.draw.drop", FR))
    tap(page, "skyjo-draw")
    # Only with the drawn card in sight does a click on the discard pile drop it (before,
    # it would pick up the discard pile's card): wait for it, as a learner does.
    page.wait_for_selector('[data-testid="skyjo-drawn"] .sj-face')
    tap(page, "skyjo-discard", "grid-0-1")  # drop it, turn b1
    done(page, "skyjo.lesson.draw.drop")
    no_python_errors(page)


def open_lesson(page: Page, lesson: str, lang: str = FR) -> None:
    page.goto(f"{page.base_url}?lang={lang}")
    page.click('[data-testid="learn"]', timeout=60_000)
    page.wait_for_selector(PICKER)
    page.select_option(PICKER, index=SKYJO[lesson])
    page.wait_for_selector('[data-testid="skyjo-table"]')


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
    page.select_option(PICKER, index=SKYJO["score"])
    _wait_text(page, "tutorial-text", t("skyjo.lesson.score.column", FR))
    page.wait_for_selector('[data-testid="grid-0-0"] .sj-gone')
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
