"""The Voilà app in a real headless Chromium: load, click, drag, hint, illegal move, reload."""

from __future__ import annotations

from typing import Any

import pytest

from skipbo_widgets import devtools
from skipbo_widgets.devtools import find_deal
from skipbo_widgets.i18n import LANGUAGE_NAMES, t
from skipbo_widgets.skipbo.engine import WILD, Game

from .table_watch import WATCH_TABLE, middle

Page = Any


def deal_for_the_test() -> tuple[str, list[int]]:
    """A deal where the learner starts with a 1, a 2, a 3 and a card that fits nowhere."""
    def wanted(game: Game) -> bool:
        hand = game.hand_cards(0)
        return ({1, 2, 3} <= set(hand) and WILD not in hand and len(set(hand)) == 5
                and game.stocks[0][-1] not in (1, 2, 3, 4))

    seed, game = find_deal(wanted, tries=500)
    return seed, game.hand_cards(0)


def no_python_errors(page: Page) -> None:
    assert "Traceback" not in page.inner_text("body")
    assert page.errors.real() == []


def start_game(page: Page, lang: str, seed: str) -> None:
    devtools.start_game(page, f"{page.base_url}?lang={lang}", seed, timeout=60_000)


def build_top(page: Page, pile: int) -> str | None:
    card = page.query_selector(f'[data-testid="build-{pile}"] [data-card]')
    return None if card is None else card.get_attribute("data-card")


def test_click_drag_hint_illegal_move_and_resume_after_reload(
        page: Page) -> None:
    seed, hand = deal_for_the_test()
    start_game(page, "fr", seed)
    no_python_errors(page)

    # A move by clicking: the 1 from the hand, then building pile 1 (which lights up).
    page.click('[data-source="h1"]')
    assert page.get_attribute('[data-testid="build-0"]', "class").count("sb-legal") == 1
    page.click('[data-testid="build-0"]')
    page.wait_for_function('document.querySelector(\'[data-testid="build-0"] [data-card="1"]\')')

    # A move by dragging: the 2 onto the same pile.
    page.drag_and_drop('[data-source="h2"]', '[data-testid="build-0"]')
    page.wait_for_function('document.querySelector(\'[data-testid="build-0"] [data-card="2"]\')')

    # A move with the keyboard alone: Enter picks the 3 up and moves the focus to the
    # first pile it may go onto; Enter again puts it there.
    page.focus('[data-source="h3"]')
    page.keyboard.press("Enter")
    page.wait_for_function("document.activeElement.dataset.target === 'b1'")
    page.keyboard.press("Enter")
    page.wait_for_function('document.querySelector(\'[data-testid="build-0"] [data-card="3"]\')')

    # A hint: first a nudge, then the card and the pile, which light up on the table.
    page.click('[data-testid="hint"]')
    box = page.wait_for_selector('[data-testid="hint-box"][data-level="1"]')
    assert box.inner_text().strip()
    page.click('[data-testid="hint"]')
    page.wait_for_selector('[data-testid="hint-box"][data-level="2"]')
    page.wait_for_selector(".sb-hinted")
    no_python_errors(page)

    # An illegal move: a card that fits nowhere onto an empty building pile.
    bad = next(c for c in hand if c not in (1, 2, 3, 4))
    page.click(f'[data-source="h{bad}"]')
    page.click('[data-testid="build-1"]')
    status = page.wait_for_selector('[data-testid="status"]')
    expected = t("error.wrong_value.start", "fr", pile=1, needs=1, wild=WILD, card=bad)
    assert expected.startswith("La série centrale 2")
    assert status.inner_text() == expected
    assert build_top(page, 1) is None
    assert page.query_selector(f'[data-source="h{bad}"]') is not None

    # Reload: the app offers the game again, exactly where it was.
    page.reload()
    page.click('[data-testid="resume"]', timeout=60_000)
    page.wait_for_selector('[data-testid="hand-card-0"]')
    assert build_top(page, 0) == "3"
    assert build_top(page, 1) is None
    no_python_errors(page)


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_the_language_comes_from_the_address(page: Page, lang: str) -> None:
    page.goto(f"{page.base_url}?lang={lang}")
    play = page.wait_for_selector('[data-testid="play"]', timeout=60_000)
    assert play.inner_text().strip() == t("home.play", lang)
    no_python_errors(page)


def pick_language(page: Page, lang: str) -> None:
    page.click(f'[data-testid="language"] button:text-is("{LANGUAGE_NAMES[lang]}")')


def test_the_apps_root_says_the_learners_language_and_follows_the_picker(page: Page) -> None:
    """A screen reader picks its voice, and the browser its hyphenation, by ``lang``.
    Voilà's page says ``<html lang="en">`` whatever the learner chose, so the app says
    it on its own root; the page's is left alone (a notebook may hold other content)."""
    page.goto(f"{page.base_url}?lang=de")
    page.wait_for_selector('[data-testid="play"]', timeout=60_000)
    page_lang = page.get_attribute("html", "lang")
    page.wait_for_selector('.sb-app[lang="de"]')
    assert page.eval_on_selector('[data-testid="play"]', "e => e.matches(':lang(de)')")

    pick_language(page, "fr")
    page.wait_for_selector('.sb-app[lang="fr"]')
    page.wait_for_selector(f'[data-testid="play"]:text-is("{t("home.play", "fr")}")')
    assert page.eval_on_selector('[data-testid="play"]', "e => e.matches(':lang(fr)')")

    # The lessons' card table says its language too (it would need it on its own).
    page.click('[data-testid="learn"]')
    page.wait_for_selector('[data-testid="table"][lang="fr"]')
    pick_language(page, "nl")
    page.wait_for_selector('.sb-app[lang="nl"] [data-testid="table"][lang="nl"]')
    assert page.eval_on_selector('[data-testid="tutorial-text"]', "e => e.matches(':lang(nl)')")
    assert page.get_attribute("html", "lang") == page_lang
    assert page.locator(".sb-app").count() == 1
    no_python_errors(page)



def test_a_redraw_during_a_drag_keeps_the_drag(page: Page) -> None:
    """A new view arrives from Python while the learner drags a card (here: the language
    picked, which relabels the table): the card still goes where it is dropped."""
    page.add_init_script(WATCH_TABLE)
    seed, _hand = deal_for_the_test()
    start_game(page, "fr", seed)
    page.hover('[data-source="h1"]')
    page.mouse.down()
    page.mouse.move(*middle(page, '[data-testid="build-1"]'), steps=5)
    page.evaluate("""name => [...document.querySelectorAll('[data-testid="language"] button')]
        .find((b) => b.textContent.trim() === name).click()""", LANGUAGE_NAMES["de"])
    page.wait_for_selector('.sb-app[lang="de"] [data-testid="table"][lang="de"]')
    assert page.evaluate("window.dragged.isConnected && window.dragged.dataset.source") == "h1"
    page.mouse.move(*middle(page, '[data-testid="build-0"]'), steps=5)
    page.mouse.up()
    page.wait_for_function('document.querySelector(\'[data-testid="build-0"] [data-card="1"]\')')
    no_python_errors(page)


def test_a_message_redraws_the_table_alone_and_without_motion_if_asked(
        page: Page) -> None:
    """The page's test ids are not looked for again in a redrawn table, and its message is
    scrolled into sight at once, without a smooth scroll, when the learner asked for less
    motion."""
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(WATCH_TABLE)
    seed, _hand = deal_for_the_test()
    start_game(page, "en", seed)
    devtools.wait_until_settled(page)
    page.evaluate("window.tableScans = 0; window.tableScrolls = []")
    devtools.wait_until_settled(page, '[data-testid="draw-pile"]')  # what it is, said below
    page.wait_for_function("window.tableScrolls.length > 0")
    assert set(page.evaluate("window.tableScrolls")) == {"auto"}
    assert page.evaluate("window.tableScans") == 0
    assert page.locator('[data-testid="hint"]').count() == 1  # the page's own ids are there
    no_python_errors(page)
