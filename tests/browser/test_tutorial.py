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


def test_the_first_lesson_in_french_is_walked_through_and_its_task_done_by_clicking(
        page: Page) -> None:
    lesson = load_lessons()[0]
    page.goto(f"{page.base_url}?lang={FR}")
    learn = page.wait_for_selector('[data-testid="learn"]', timeout=60_000)
    assert learn.inner_text().strip() == t("home.learn", FR)
    learn.click()

    for step in lesson.steps:
        page.wait_for_function(
            "text => document.querySelector('[data-testid=\"tutorial-text\"]')"
            "?.innerText.includes(text)", arg=t(step.key, FR)[:40])
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
        count = text_of(page, "stock-count-0")
        page.click('[data-testid="stock-0"]')
        page.click('[data-testid="discard-0-0"]')
        page.wait_for_selector('[data-testid="tutorial-feedback"]')
        assert t("tutorial.try_again", FR) in text_of(page, "tutorial-feedback")
        assert text_of(page, "stock-count-0") == count
        # Now the move the task asks for, by clicking: the stock card onto a building pile.
        page.click('[data-testid="stock-0"]')
        page.click('[data-testid="build-0"]')
        page.wait_for_function(
            "text => document.querySelector('[data-testid=\"tutorial-feedback\"]')"
            "?.innerText.includes(text)", arg=t(step.key + ".done", FR)[:40])
        assert int(text_of(page, "stock-count-0")) == int(count) - 1
        assert page.query_selector('[data-testid="build-0"] [data-card="1"]') is not None

    # The place in the lessons survives a reload.
    page.reload()
    page.click('[data-testid="learn"]', timeout=60_000)
    page.wait_for_function(
        "text => document.querySelector('[data-testid=\"tutorial-text\"]')"
        "?.innerText.includes(text)", arg=t(lesson.steps[-1].key, FR)[:40])
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
