"""The rule sheets from the home screen in a real Chromium (issue 14, item 5; Skyjo's with
Skyjo chosen: issue 21, part 5): the link opens the chosen game's sheet in a new tab, in
the learner's language, and it prints on at most two A4 pages.
``SKIPBO_SHOTS=DIR`` keeps each PDF there (see it with ``pdftoppm -png``)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from skipbo_widgets.i18n import LANGUAGES, t
from skipbo_widgets.skipbo.sheet import SECTIONS
from skipbo_widgets.skyjo import sheet as skyjo_sheet

from .test_app import no_python_errors

Page = Any
#: The page tree's count in the PDF Chromium writes (one /Pages object, uncompressed).
PAGE_COUNT = re.compile(rb"/Type\s*/Pages\b[^>]*?/Count\s+(\d+)"
                        rb"|/Count\s+(\d+)[^>]*?/Type\s*/Pages\b")


def pdf_pages(pdf: bytes) -> int:
    counts = [int(a or b) for a, b in PAGE_COUNT.findall(pdf)]
    assert counts, "no page tree in the PDF"
    return max(counts)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rule_sheet_opens_from_the_home_screen_and_prints_on_two_pages(
        page: Page, lang: str) -> None:
    page.goto(f"{page.base_url}?lang={lang}")
    link = page.wait_for_selector('[data-testid="rule-sheet"]', timeout=60_000)
    assert link.inner_text().strip() == t("home.rules_sheet", lang)
    with page.expect_popup() as popup_info:
        link.click()
    sheet = popup_info.value
    sheet.wait_for_load_state()
    assert sheet.title() == t("sheet.title", lang)
    assert sheet.get_attribute("html", "lang") == lang
    headings = [h.strip() for h in sheet.locator("h2").all_inner_texts()]
    assert headings == [t(s.heading, lang) for s in SECTIONS]
    pdf = sheet.pdf(format="A4", prefer_css_page_size=True)
    shots = os.environ.get("SKIPBO_SHOTS")
    if shots:
        Path(shots, f"sheet-{lang}.pdf").write_bytes(pdf)
    assert 1 <= pdf_pages(pdf) <= 2
    # what prints: no hint to press Ctrl+P on paper
    sheet.emulate_media(media="print")
    assert not sheet.is_visible(".screen-only")
    no_python_errors(page)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_skyjo_rule_sheet_opens_when_skyjo_is_chosen_and_prints_on_two_pages(
        page: Page, lang: str) -> None:
    page.goto(f"{page.base_url}?lang={lang}&game=skyjo")
    link = page.wait_for_selector('[data-testid="rule-sheet"]', timeout=60_000)
    assert link.inner_text().strip() == t("home.rules_sheet", lang)
    with page.expect_popup() as popup_info:
        link.click()
    sheet = popup_info.value
    sheet.wait_for_load_state()
    assert sheet.title() == t(skyjo_sheet.TITLE, lang)
    assert sheet.get_attribute("html", "lang") == lang
    headings = [h.strip() for h in sheet.locator("h2").all_inner_texts()]
    assert headings == [t(s.heading, lang) for s in skyjo_sheet.SECTIONS]
    pdf = sheet.pdf(format="A4", prefer_css_page_size=True)
    shots = os.environ.get("SKIPBO_SHOTS")
    if shots:
        Path(shots, f"sheet-skyjo-{lang}.pdf").write_bytes(pdf)
    assert 1 <= pdf_pages(pdf) <= 2
    sheet.emulate_media(media="print")
    assert not sheet.is_visible(".screen-only")
    no_python_errors(page)
