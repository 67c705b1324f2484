"""The first lesson in French, in the Voilà app in a real Chromium: read, try, get it right."""

from __future__ import annotations

from typing import Any

from skipbo_widgets.i18n import t
from skipbo_widgets.tutorials import load_lessons

from .test_app import no_python_errors

Page = Any
FR = "fr"


def text_of(page: Page, testid: str) -> str:
    return str(page.inner_text(f'[data-testid="{testid}"]')).strip()


def _testid(place: str) -> str:
    """The table's test id for a place in notation: ``s`` stock-0, ``b2`` build-1."""
    if place == "s":
        return "stock-0"
    return f"build-{int(place[1:]) - 1}"


def _wait_text(page: Page, testid: str, text: str) -> None:
    page.wait_for_function(
        f"text => document.querySelector('[data-testid=\"{testid}\"]')"
        "?.innerText.includes(text)", arg=text[:40])


def _wait_stock_count(page: Page, count: str) -> None:
    page.wait_for_function("c => document.querySelector("
                           "'[data-testid=\"stock-count-0\"]')?.innerText.trim() === c", arg=count)


def test_the_first_lessons_in_french_are_walked_through_and_their_tasks_done_by_clicking(
        page: Page) -> None:
    lessons = load_lessons()[:2]  # the goal, then playing from the stock pile
    page.goto(f"{page.base_url}?lang={FR}")
    learn = page.wait_for_selector('[data-testid="learn"]', timeout=60_000)
    assert learn.inner_text().strip() == t("home.learn", FR)
    learn.click()

    for lesson in lessons:
        for step in lesson.steps:
            _wait_text(page, "tutorial-text", t(step.key, FR))
            if step.task is None:
                # Nothing can be picked up here, however often it is clicked; the lesson says so.
                for _ in range(2):
                    page.click('[data-testid="stock-0"]')
                page.wait_for_selector('[data-testid="tutorial-feedback"]')
                assert page.query_selector(".sb-selected") is None
                page.click('[data-testid="tutorial-next"]')
                continue
            assert t(step.key + ".task", FR) in text_of(page, "tutorial-task")
            # A wrong try first: the stock card on a discard pile. Refused, said why, nothing moves.
            # The text and the table are two widgets: wait for the step's own table.
            count = str(len(step.new_game().stocks[0]))
            _wait_stock_count(page, count)
            page.click('[data-testid="stock-0"]')
            page.click('[data-testid="discard-0-0"]')
            # An answer shown before this click would match the selector: wait for this one.
            _wait_text(page, "tutorial-feedback", t("tutorial.try_again", FR))
            assert text_of(page, "stock-count-0") == count
            if step.key == "tut.stock.next":
                # A hand card no move of which does the task (a discard would end the turn):
                # refused as soon as it is picked up, said so, nothing left in hand.
                page.click('[data-testid="hand-card-0"]')
                _wait_text(page, "tutorial-feedback", t("tutorial.wrong_discard", FR))
                assert t("tutorial.put_back", FR) in text_of(page, "tutorial-feedback")
                page.wait_for_function("() => !document.querySelector('.sb-selected')")
                assert text_of(page, "stock-count-0") == count
            # Now the lesson's own moves, by clicking: source, then target.
            for move in step.task.solution:
                source, target = str(move).split("-")
                page.click(f'[data-testid="{_testid(source)}"]')
                page.click(f'[data-testid="{_testid(target)}"]')
            _wait_text(page, "tutorial-feedback", t(step.key + ".done", FR))
            # The text and the table are two widgets: wait for the table's count too.
            left = str(int(count) - len(step.task.solution))
            _wait_stock_count(page, left)
            page.click('[data-testid="tutorial-next"]')

    # The place in the lessons survives a reload.
    lesson = load_lessons()[2]
    third = t(lesson.steps[0].key, FR)
    _wait_text(page, "tutorial-text", third)
    # The place is written to the browser after the kernel's answer: wait for it there.
    page.wait_for_function("id => JSON.parse(localStorage.getItem('skipbo-widgets/tutorial')"
                           " || '{}').lesson === id", arg=lesson.id)
    page.reload()
    page.click('[data-testid="learn"]', timeout=60_000)
    _wait_text(page, "tutorial-text", third)
    no_python_errors(page)


def test_the_binder_address_serves_the_app_and_each_lesson_notebook(browser: Any,
                                                                   tmp_path: Any) -> None:
    """Binder runs a Jupyter server with Voilà's extension and opens the README's urlpath."""
    from skipbo_widgets.devtools import binder_like_server

    with binder_like_server(log=tmp_path / "jupyter.log") as (url, _proc):
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        page.goto(f"{url}voila/render/notebooks/app.ipynb?lang=nl")
        learn = page.wait_for_selector('[data-testid="learn"]', timeout=90_000)
        assert learn.inner_text().strip() == t("home.learn", "nl")
        page.goto(f"{url}voila/render/notebooks/tutorial-de.ipynb")
        page.wait_for_function(
            "text => document.querySelector('[data-testid=\"tutorial-text\"]')"
            "?.innerText.includes(text)", arg=t("tut.goal.stock", "de")[:40], timeout=90_000)
        assert "Traceback" not in page.inner_text("body")
        page.close()
