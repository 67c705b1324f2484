"""The rule sheets to print (issue 14, item 5; Skyjo's: issue 21, part 5): every part of
RULES.md §1 (§2) under its own heading, in every language, from the catalogs, with print
styles and nothing to click."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

import pytest

from skipbo_widgets.i18n import LANGUAGES, t
from skipbo_widgets.skipbo.engine import rule_ids
from skipbo_widgets.skipbo.sheet import SECTIONS
from skipbo_widgets.skyjo import sheet as skyjo_sheet
from skipbo_widgets.skyjo.engine import rule_ids as skyjo_rule_ids
from skipbo_widgets.tutorials.sheet import sheet_html

#: The parts of the rules the sheet must hold (issue 14's list), by section id.
REQUIRED = ("setup", "turn", "building", "discarding", "completed", "empty-hand", "winning",
            "draw-pile", "teams", "scoring", "playing-cards")
#: A message key left as itself: ``sheet.goal.cards``, ``tut.win.title``.
KEY = re.compile(r"\b(?:sheet|tut|term|home|pile)\.[a-z_.-]+\b")


class Page(HTMLParser):
    """The sheet's headings by section, its paragraphs, tags and ``<html lang>``."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.lang = ""
        self.section = ""
        self.headings: dict[str, str] = {}
        self.texts: list[str] = []
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        a = dict(attrs)
        if tag == "html":
            self.lang = a.get("lang") or ""
        if tag == "section":
            self.section = a.get("data-rule") or ""
        self._in = tag

    def handle_data(self, data: str) -> None:
        if self._in == "h2":
            self.headings[self.section] = self.headings.get(self.section, "") + data
        if self._in in ("h1", "h2", "p", "title"):
            self.texts.append(data)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sheet_has_a_heading_for_every_part_of_the_rules(lang: str) -> None:
    page = Page()
    page.feed(sheet_html(SECTIONS, lang))
    assert page.lang == lang
    assert set(REQUIRED) <= set(page.headings)
    for section in SECTIONS:
        assert page.headings[section.id] == t(section.heading, lang)
    assert len(page.texts) > 30
    for text in page.texts:
        assert not KEY.search(text), (lang, text)
        assert "{" not in text, (lang, text)  # no parameter left unfilled
    assert not {"button", "script", "input", "form"} & set(page.tags)


def test_each_language_says_it_in_its_own_words() -> None:
    pages = {lang: sheet_html(SECTIONS, lang) for lang in LANGUAGES}
    for section in SECTIONS:
        for key in (section.heading, *section.paragraphs):
            texts = {t(key, lang) for lang in LANGUAGES}
            assert len(texts) == len(LANGUAGES), key
            assert all(html.escape(t(key, lang)) in pages[lang] for lang in LANGUAGES), key


def test_the_sheet_covers_every_rule_a_game_plays_by() -> None:
    covered = {rule for section in SECTIONS for rule in section.rules}
    assert sorted((set(rule_ids.ENFORCED) | {"SB-TEAM-TALK"}) - covered) == []
    assert sorted(covered - set(rule_ids.ALL)) == []


def test_the_sheet_prints_on_a4_in_black_on_white_without_the_screen_hint() -> None:
    page = sheet_html(SECTIONS, "en")
    print_rules = page[page.index("@media print"):]
    assert "size: A4" in page
    assert ".screen-only { display: none; }" in print_rules
    assert "color: #000" in print_rules and "background: #fff" in print_rules


# -- Skyjo's sheet (issue 21, part 5) -------------------------------------------------

#: RULES.md §2's parts, by section id.
SKYJO_REQUIRED = ("goal", "setup", "turn", "column", "draw-pile", "round-end", "doubling",
                  "game-end")
#: Each rule's section names its ids on the page.
RULES_ON_PAGE = re.compile(r'<section data-rule="([a-z-]+)" data-rules="([A-Z -]*)">')


def skyjo_page(lang: str) -> str:
    return sheet_html(skyjo_sheet.SECTIONS, lang, title=skyjo_sheet.TITLE)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_skyjo_sheet_has_every_part_of_its_rules_in_every_language(lang: str) -> None:
    page = Page()
    source = skyjo_page(lang)
    page.feed(source)
    assert page.lang == lang
    assert list(page.headings) == list(SKYJO_REQUIRED)
    for section in skyjo_sheet.SECTIONS:
        assert page.headings[section.id] == t(section.heading, lang)
        for key in section.paragraphs:
            assert html.escape(t(key, lang)) in source
    assert f"<title>{html.escape(t('sheet.skyjo.title', lang))}</title>" in source
    assert len(page.texts) > 20
    for text in page.texts:
        assert not KEY.search(text), (lang, text)
        assert "{" not in text, (lang, text)
        assert "Skip-Bo" not in text and "SKIP" not in text, (lang, text)
    assert not {"button", "script", "input", "form"} & set(page.tags)


def test_the_skyjo_sheet_names_every_rule_of_its_part_by_id() -> None:
    covered = {rule for section in skyjo_sheet.SECTIONS for rule in section.rules}
    assert sorted(set(skyjo_rule_ids.ALL) - covered) == []
    assert sorted(covered - set(skyjo_rule_ids.ALL)) == []
    on_page = {rule for _id, rules in RULES_ON_PAGE.findall(skyjo_page("fr"))
               for rule in rules.split()}
    assert on_page == covered


def test_the_skyjo_sheet_says_its_own_words_in_each_language() -> None:
    for section in skyjo_sheet.SECTIONS:
        for key in (section.heading, *section.paragraphs):
            assert len({t(key, lang) for lang in LANGUAGES}) == len(LANGUAGES), key


def test_the_skyjo_sheet_keeps_french_typography() -> None:
    for section in skyjo_sheet.SECTIONS:
        for key in (section.heading, *section.paragraphs):
            text = t(key, "fr")
            assert not re.search(r"[^\u00a0\u202f][:;?!]", text), (key, text)
            assert "'" not in text, (key, text)


def test_the_skyjo_sheet_prints_on_a4_in_black_on_white() -> None:
    page = skyjo_page("nl")
    print_rules = page[page.index("@media print"):]
    assert "size: A4" in page and ".screen-only { display: none; }" in print_rules
    assert "color: #000" in print_rules and "background: #fff" in print_rules
