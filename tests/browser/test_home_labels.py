"""The home screen's buttons on a phone (390 by 844) in every language: each label whole,
on as many lines as it needs, never cut off with "…"; so are the settings menu's."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from skipbo_widgets.devtools import wait_until_settled
from skipbo_widgets.i18n import LANGUAGES

Page = Any

#: The buttons whose label does not fit the width they have: their texts.
CUT = """() => [...document.querySelectorAll('.sb-app .sb-big-button')]
    .filter((b) => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1)
    .map((b) => b.innerText)"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_on_a_phone_every_home_button_shows_its_whole_label(phone_page: Page,
                                                            lang: str) -> None:
    page = phone_page
    page.goto(f"{page.base_url}?lang={lang}")
    expect(page.locator('[data-testid="play-others"]')).to_be_visible(timeout=60_000)
    wait_until_settled(page)
    assert page.locator(".sb-big-button").count() >= 4
    assert page.evaluate(CUT) == []
    # The settings menu, opened: "Card size" whole, its four steps on one row.
    page.click('[data-testid="view-menu"]')
    sizes = page.locator('[data-testid="card-size"]')
    expect(sizes).to_be_visible()
    label = sizes.locator(".widget-label")
    assert label.evaluate("e => e.scrollWidth <= e.clientWidth"), label.inner_text()
    boxes = [b.bounding_box() for b in sizes.locator("button").all()]
    assert len(boxes) == 4
    assert max(b["y"] for b in boxes) < min(b["y"] + b["height"] for b in boxes), boxes
