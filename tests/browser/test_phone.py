"""The app on a phone (390 by 844 pixels) in a real Chromium: nothing runs off the screen."""

from __future__ import annotations

from typing import Any

from skipbo_widgets.i18n import t
from skipbo_widgets.tutorials import load_lessons
from skipbo_widgets.widgets.controller import default_names

from .conftest import PHONE
from .test_app import no_python_errors

Page = Any
DE = "de"


def box(page: Page, selector: str) -> dict[str, float]:
    return dict(page.eval_on_selector(selector, """e => {
        const r = e.getBoundingClientRect();
        return {left: r.left, right: r.right};
    }"""))


def test_the_open_file_button_shows_its_label_without_a_file_count(phone_page: Page) -> None:
    page = phone_page
    page.goto(f"{page.base_url}?lang={DE}")
    upload = page.wait_for_selector('[data-testid="load-file"]', timeout=60_000)
    page.wait_for_timeout(300)
    assert upload.inner_text().strip() == t("home.load_file", DE)  # not "… (0)"
    no_python_errors(page)


def test_on_a_phone_the_lesson_list_fits_the_screen(phone_page: Page) -> None:
    page = phone_page
    page.goto(f"{page.base_url}?lang={DE}")
    page.click('[data-testid="learn"]', timeout=60_000)
    picker = 'select[data-testid="lesson-picker"]'
    page.wait_for_selector(picker)
    lessons = load_lessons()
    titles = [t(lesson.title_key, DE) for lesson in lessons]
    page.select_option(picker, index=max(range(len(titles)), key=lambda i: len(titles[i])))
    page.wait_for_timeout(300)
    select, row = box(page, picker), box(page, ".sb-tutorial-top")
    assert row["left"] <= select["left"] and select["right"] <= row["right"]
    assert select["right"] <= PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    no_python_errors(page)


def test_a_click_on_the_learners_empty_stock_pile_is_answered(phone_page: Page) -> None:
    """The team lesson's last step: the learner's stock is empty, the partner's is not."""
    page = phone_page
    lesson = next(i for i, x in enumerate(load_lessons()) if x.id == "teams")
    page.goto(f"{page.base_url}?lang={DE}")
    page.click('[data-testid="learn"]', timeout=60_000)
    page.select_option('select[data-testid="lesson-picker"]', index=lesson)
    win = t("tut.teams.win", DE)[:40]
    for _ in range(12):  # next, next (the first press on an unsolved task only asks)
        if win in page.inner_text('[data-testid="tutorial-text"]'):
            break
        page.click('[data-testid="tutorial-next"]')
        page.wait_for_timeout(200)
    assert win in page.inner_text('[data-testid="tutorial-text"]')
    assert page.inner_text('[data-testid="stock-count-0"]').strip() == "0"
    page.click('[data-testid="stock-0"]')
    partner = default_names(4, 0, DE)[2]
    expected = t("status.stock_empty", DE, partner=partner)
    page.wait_for_selector('[data-testid="status"]')
    assert page.inner_text('[data-testid="status"]').strip() == expected
    assert page.inner_text('[data-testid="stock-count-0"]').strip() == "0"
    no_python_errors(page)
