"""The card table between a phone and a desktop (a table 641-1000 px wide: a window of
700 px, a tablet held upright) and on large screens, in a real Chromium."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from skipbo_widgets.i18n import LANGUAGES, t
from skipbo_widgets.skipbo.engine import WILD

from .conftest import _page
from .test_app import no_python_errors
from .test_phone import TABLE_PARTS, box, check_building_captions, open_tips_lesson, start_game_with

Page = Any
#: The desktop layout's smallest caption size (its font shrinks with the table to 12 px).
DESKTOP_MIN_PX = 12

#: Window sizes from just above the phone layout (a table of 642 px in a 672-px window)
#: through a tablet held upright to a laptop, where the lesson's text sits beside the
#: table. (700, 820 and 1920 px wide were checked too when the layout was made; they
#: add minutes to every run and nothing the others do not catch.)
VIEWPORTS = [(672, 900), (768, 1024), (1366, 900)]


@pytest.fixture(params=VIEWPORTS, ids=lambda v: f"{v[0]}x{v[1]}")
def sized_page(request: pytest.FixtureRequest, browser: Any, voila_url: str) -> Iterator[Any]:
    width, height = request.param
    yield from _page(browser, voila_url, {"width": width, "height": height})


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_building_piles_captions_fit_their_piles_at_every_width(sized_page: Page,
                                                                      lang: str) -> None:
    """French's "commence" (in "commence par 1 ou SKIP-BO") ran 6.6 px past its 64-px
    column in a 700-px window, Dutch's "volgende:" 0.6 px: the column was 1.45 cards
    wide, and the cards shrink with the table faster than the caption's 12 px."""
    page = sized_page
    width = page.viewport_size["width"]
    open_tips_lesson(page, lang)
    host = page.eval_on_selector(".sb-host", "e => e.getBoundingClientRect().width")
    assert host > 640  # the desktop layout, not the phone's
    texts = check_building_captions(page, lang, min_px=DESKTOP_MIN_PX)
    starts = t("table.starts", lang, needs=1, wild=WILD)
    assert starts in texts and any(text != starts for text in texts)  # both kinds

    check_on_the_table(page, width)


def check_on_the_table(page: Page, width: int) -> None:
    """The wider columns still leave every pile and caption on the table."""
    table = box(page, '[data-testid="table"]')
    for part in page.eval_on_selector('[data-testid="table"]', TABLE_PARTS):
        assert table["left"] - 0.5 <= part["left"] and part["right"] <= table["right"] + 0.5, part
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    no_python_errors(page)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("lang", ["fr", "nl"])
@pytest.mark.parametrize("sized_page", [(1024, 768)], indirect=True,
                         ids=lambda v: f"{v[0]}x{v[1]}")
def test_in_a_new_game_the_building_piles_captions_fit_their_piles(
        sized_page: Page, lang: str, players: int) -> None:
    """A game at 1024 by 768 has a table of about 660 px: the same narrow columns."""
    page = sized_page
    start_game_with(page, lang, players)
    starts = t("table.starts", lang, needs=1, wild=WILD)
    assert check_building_captions(page, lang, min_px=DESKTOP_MIN_PX) == [starts] * 4
    check_on_the_table(page, page.viewport_size["width"])
