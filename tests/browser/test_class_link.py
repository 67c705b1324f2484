"""A class deal by link in a real Chromium (issue 14, item 4): the link the setup form
shows opens, for another pupil in another browser, the same cards as the teacher's game."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from skipbo_widgets.devtools import find_deal

from .conftest import _page
from .test_app import no_python_errors

Page = Any
#: The learner's cards once it is their turn: the stock pile's top and the hand.
MY_CARDS = """() => [...document.querySelectorAll(['[data-testid="stock-0"] [data-card]',
    '[data-testid^="hand-card-"] [data-card]', '[data-testid^="hand-card-"][data-card]'].join())]
    .map(e => e.dataset.card).join(" ")"""


@pytest.fixture()
def pupil_page(browser: Any, voila_url: str) -> Iterator[Any]:
    """A second browser (its own storage): another pupil's."""
    yield from _page(browser, voila_url, {"width": 1366, "height": 900})


def my_cards(page: Page) -> str:
    page.wait_for_selector('[data-testid="hand-card-4"]', timeout=60_000)
    cards = page.evaluate(MY_CARDS)
    assert len(cards.split()) >= 6, cards
    return cards


def test_the_link_in_the_settings_opens_the_same_cards_for_another_pupil(
        page: Page, pupil_page: Page) -> None:
    seed, _game = find_deal(lambda game: True, players=3, levels=("medium", "medium"))
    page.goto(f"{page.base_url}?lang=fr")
    page.click('[data-testid="play"]', timeout=60_000)
    page.click('[data-testid="players"] >> text="3"')
    page.fill('[data-testid="seed"]', seed)
    page.wait_for_function("""seed => document.querySelector('[data-testid="deal-link"]')
        ?.value.includes(`deal=${seed}`)""", arg=seed)
    link = page.input_value('[data-testid="deal-link"]')
    assert link.startswith(page.base_url.rstrip("/")) and "lang=fr" in link and "players=3" in link
    page.click('[data-testid="start-game"]')
    teacher = my_cards(page)

    pupil_page.goto(link)
    assert my_cards(pupil_page) == teacher
    assert pupil_page.get_attribute(".sb-app", "lang") == "fr"
    no_python_errors(page)
    no_python_errors(pupil_page)
