"""The Skyjo table in a real page (Voilà and Chromium): the set-up cards turned by
clicking, a card drawn and put into the grid, an opponent's card answered, and no
sideways overflow with 2 or 8 players on a phone and a desktop.

The app does not offer Skyjo here yet: the page is a small notebook that plays one
round with the one table controller, read from the address (``?players=8&lang=fr``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import nbformat
import pytest
from playwright.sync_api import expect

from skipbo_widgets.devtools import HARMLESS_CONSOLE, voila_server
from skipbo_widgets.i18n import t

from .table_watch import WATCH_TABLE, middle

NOTEBOOK = '''
import os
from urllib.parse import parse_qs
import ipywidgets as w
from skipbo_widgets.skyjo.bots import make_bot
from skipbo_widgets.skyjo.engine import Round, Rules, from_position
from skipbo_widgets.widgets.table.controller import TableController
from skipbo_widgets.widgets.page.testids import ShellSupport

query = {k: v[0] for k, v in parse_qs(os.environ.get("QUERY_STRING", "")).items()}
players, lang = int(query.get("players", "2")), query.get("lang", "en")
game = Round.new(Rules(players=players), seed=int(query.get("seed", "1")))
if query.get("demo") == "column":  # a 5 on the discard pile, two 5s face up in column a
    mine = [(5, True), (5, True), (9, False)] + [(7, False)] * 9
    theirs = [(1, True), (2, True)] + [(6, False)] * 10
    game = from_position(Rules(players=2), grids=[mine, theirs], discard=[5],
                         draw_pile=None, phase="play", current=0)
if query.get("demo") == "last":  # one face-down card left (d3) and a 0 on the discard pile
    mine = [(v, True) for v in range(1, 12)] + [(12, False)]
    theirs = [(0, True), (1, True)] + [(-1, False)] * 10
    game = from_position(Rules(players=2), grids=[mine, theirs], discard=[0],
                         draw_pile=None, phase="play", current=0)
c = TableController(game, seat=0, lang=lang,
                    bots={s: make_bot("medium") for s in range(1, players)})
busy = []

def bots_move(_events):
    if not busy:  # the bots' own moves call this again
        busy.append(True)
        c.run_bots()
        busy.clear()

c.on_events(bots_move)
if query.get("lit"):  # a glow that stays through the moves, as a lesson step's: lit=take,a3
    lit = tuple(query["lit"].split(","))

    def relight(_events=None):
        c.highlight = lit
        c.refresh()

    c.on_events(relight)
    relight()
extra = []
if query.get("langs"):  # a hidden button: Python redraws the table in the next language
    langs = query["langs"].split(",")  # ("-": the table emptied, as before a game)

    def relang(_button):
        langs.append(langs.pop(0))
        if langs[-1] == "-":
            c.table.view = {}
        else:
            c.lang = langs[-1]
            c.refresh()

    button = w.Button(description="relang", layout=w.Layout(display="none"))
    button.add_class("sb-testid-relang")
    button.on_click(relang)
    extra.append(button)
c.run_bots()
app = w.VBox([ShellSupport(lang=lang), c.table, *extra])
app.add_class("sb-app")
if query.get("view") == "projector":
    app.add_class("sb-projector")
display(app)
'''


@pytest.fixture(scope="module")
def skyjo_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("skyjo")
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(NOTEBOOK)]
    nbformat.write(notebook, folder / "skyjo.ipynb")
    with voila_server(folder, log=folder / "voila.log") as (url, _proc):
        yield url + "voila/render/skyjo.ipynb"


def open_table(browser: Any, url: str, query: str, width: int, height: int) -> Any:
    page = browser.new_page(viewport={"width": width, "height": height})
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
    page.errors = errors
    page.goto(f"{url}?{query}", timeout=120_000)
    page.wait_for_selector('[data-testid="skyjo-table"] .sj-me', timeout=120_000)
    return page


def real_errors(page: Any) -> list[str]:
    return [e for e in page.errors if not any(h in e for h in HARMLESS_CONSOLE)]


def texts_under(page: Any, px: float) -> list[list[Any]]:
    """Every visible text on the table smaller than ``px`` (with its size)."""
    sizes = page.evaluate("""() => [...document.querySelectorAll('.sj-table *')]
        .filter((e) => e.offsetParent !== null && [...e.childNodes].some(
            (n) => n.nodeType === 3 && n.textContent.trim()))
        .map((e) => [e.textContent, parseFloat(getComputedStyle(e).fontSize)])""")
    assert sizes
    return [s for s in sizes if s[1] < px]


def card(page: Any, testid: str) -> Any:
    return page.locator(f'[data-testid="{testid}"] .sj-card')


def test_turn_two_cards_then_draw_and_put_the_card_into_the_grid(browser: Any,
                                                                 skyjo_url: str) -> None:
    page = open_table(browser, skyjo_url, "players=2&lang=fr&seed=4", 1280, 800)
    assert card(page, "grid-0-0").get_attribute("class").count("sj-back") == 1
    page.click('[data-testid="grid-0-0"]')
    page.wait_for_selector('[data-testid="grid-0-0"] .sj-face')
    page.click('[data-testid="grid-0-0"]')  # already face up: Python says why, nothing changes
    page.wait_for_selector('[data-testid="status"].sj-error')
    assert "déjà retournée" in page.inner_text('[data-testid="status"]')
    page.click('[data-testid="grid-0-5"]')
    page.wait_for_selector('[data-testid="grid-0-5"] .sj-face')
    # Mia turns her two cards, may play first; then the draw pile is the learner's.
    page.wait_for_selector('[data-testid="skyjo-draw"].sj-can')
    page.click('[data-testid="grid-1-3"]')
    page.wait_for_selector('[data-testid="status"]')
    assert "Mia" in page.inner_text('[data-testid="status"]')
    page.click('[data-testid="skyjo-draw"]')
    page.wait_for_selector('[data-testid="skyjo-drawn"] .sj-face')
    drawn = card(page, "skyjo-drawn").get_attribute("data-card")
    lit = page.locator('[data-testid^="grid-0-"].sj-legal')
    assert lit.count() == 12  # the drawn card may replace any card of the grid
    page.click('[data-testid="grid-0-11"]')
    page.wait_for_selector('[data-testid="skyjo-drawn"] .sj-gone')
    assert card(page, "grid-0-11").get_attribute("data-card") == drawn
    assert real_errors(page) == []
    page.close()


def test_with_the_drawn_card_in_hand_the_discard_pile_takes_it_then_a_card_turns(
        browser: Any, skyjo_url: str) -> None:
    page = open_table(browser, skyjo_url, "players=3&lang=de&seed=2", 1280, 800)
    for place in ("grid-0-0", "grid-0-4"):
        page.click(f'[data-testid="{place}"]')
        page.wait_for_selector(f'[data-testid="{place}"] .sj-face')
    page.wait_for_selector('[data-testid="skyjo-draw"].sj-can')
    page.click('[data-testid="skyjo-draw"]')
    page.wait_for_selector('[data-testid="skyjo-drawn"] .sj-face')
    drawn = card(page, "skyjo-drawn").get_attribute("data-card")
    page.click('[data-testid="skyjo-discard"]')
    page.wait_for_selector('[data-testid="status"]')
    assert "verdeckten" in page.inner_text('[data-testid="status"]')
    assert page.locator('[data-testid^="grid-0-"].sj-legal').count() == 10  # the face-down ones
    # A face-up card cannot be turned: said, and the drop stays chosen (not a swap now).
    page.click('[data-testid="grid-0-0"]')
    page.wait_for_selector('[data-testid="status"].sj-error')
    assert page.locator('[data-testid^="grid-0-"].sj-legal').count() == 10
    assert card(page, "skyjo-discard").get_attribute("data-card") == drawn
    page.click('[data-testid="grid-0-10"]')
    page.wait_for_selector('[data-testid="grid-0-10"] .sj-face')
    assert page.locator('[data-testid="skyjo-drawn"] .sj-face').count() == 0
    assert drawn is not None and real_errors(page) == []
    page.close()


@pytest.mark.parametrize(("players", "width", "height"), [
    (2, 390, 844), (8, 390, 844), (8, 1280, 800), (8, 1920, 1080)])
def test_nothing_runs_off_sideways(browser: Any, skyjo_url: str, players: int, width: int,
                                   height: int) -> None:
    page = open_table(browser, skyjo_url, f"players={players}&lang=fr&seed=1", width, height)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.locator('[data-testid^="grid-"]').count() == 12 * players
    # Each opponent's name and visible score stay inside its own frame.
    assert page.evaluate("""() => [...document.querySelectorAll('.sj-other')].filter((p) => {
        const frame = p.getBoundingClientRect();
        return [...p.querySelectorAll('header > *')].some((e) => {
            const box = e.getBoundingClientRect();
            return box.left < frame.left || box.right > frame.right; }); }).length""") == 0
    page.close()


def test_the_projector_view_has_no_text_under_24_px(browser: Any, skyjo_url: str) -> None:
    page = open_table(browser, skyjo_url, "players=8&lang=de&seed=1&view=projector", 1920, 1080)
    page.click('[data-testid="grid-0-0"]')  # a status line under the table too
    page.wait_for_selector('[data-testid="grid-0-0"] .sj-face')
    assert texts_under(page, 24) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 1920
    page.close()


def test_a_whole_round_played_by_clicking_ends_with_every_card_and_the_scores(
        browser: Any, skyjo_url: str) -> None:
    """The learner turns one face-down card each turn (draw, drop, turn) until the round
    ends; then every card is face up and each grid shows its round score."""
    page = open_table(browser, skyjo_url, "players=3&lang=nl&seed=6", 1280, 800)
    for place in ("grid-0-0", "grid-0-1"):
        page.click(f'[data-testid="{place}"]')
        page.wait_for_selector(f'[data-testid="{place}"] .sj-face')
    for _turn in range(12):
        page.wait_for_selector('[data-testid="skyjo-draw"].sj-can, [data-testid="skyjo-result"]')
        if page.locator('[data-testid="skyjo-result"]').count():
            break
        page.click('[data-testid="skyjo-draw"]')
        page.wait_for_selector('[data-testid="skyjo-drawn"] .sj-face')
        page.click('[data-testid="skyjo-discard"]')
        page.locator('[data-testid^="grid-0-"].sj-legal').first.click()
    page.wait_for_selector('[data-testid="skyjo-result"]')
    assert page.locator(".sj-grid .sj-back").count() == 0
    assert page.locator('[data-testid^="round-score-"]').count() == 3
    assert "ronde" in page.inner_text('[data-testid="skyjo-result"]')
    assert real_errors(page) == []
    page.close()


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_column_of_three_equal_cards_flies_to_the_discard_pile(browser: Any, skyjo_url: str,
                                                                 motion: str) -> None:
    page = open_table(browser, skyjo_url, "demo=column&players=2", 1280, 800)
    page.emulate_media(reduced_motion=motion)
    # Every card that takes off is noted when it is added: no race with its flight's end.
    page.evaluate("""() => { window.flown = []; new MutationObserver((changes) => {
        for (const c of changes) for (const n of c.addedNodes) {
            if (n.classList?.contains("sj-flying")) window.flown.push(n.dataset.card); } })
        .observe(document.body, { childList: true, subtree: true }); }""")
    page.click('[data-testid="skyjo-discard"]')
    page.click('[data-testid="grid-0-8"]')  # a3: the third 5 of column a
    page.wait_for_selector('[data-testid="grid-0-0"] .sj-gone')
    flying = page.evaluate("window.flown")
    assert flying == (["5", "5", "5"] if motion == "no-preference" else [])
    assert [card(page, f"grid-0-{i}").get_attribute("class") for i in (0, 4, 8)] == \
        ["sj-card sj-gone"] * 3
    page.close()


def lifted(page: Any, testid: str) -> float:
    """How much higher a pile's card stands than the draw pile's (px)."""
    return float(page.evaluate("""(id) => {
        const top = (t) => document.querySelector(`[data-testid="${t}"] .sj-card`)
            .getBoundingClientRect().top;
        return top("skyjo-draw") - top(id); }""", testid))


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_the_discard_pile_s_card_picked_up_is_held_lifted_and_said(browser: Any, skyjo_url: str,
                                                                   lang: str) -> None:
    # review: picking up the discard card showed no "holding" state
    page = open_table(browser, skyjo_url, f"demo=column&players=2&lang={lang}", 1280, 800)
    page.emulate_media(reduced_motion="reduce")  # the lift is a place, not a transition
    pile = page.locator('[data-testid="skyjo-discard"]')
    said = t("skyjo.table.held_card", lang, value=5)
    assert page.locator('[data-testid="skyjo-held"]').count() == 0
    assert lifted(page, "skyjo-discard") == 0
    pile.click()
    expect(pile).to_have_class(re.compile(r"\bsj-held\b"))
    expect(page.locator('[data-testid="skyjo-held"]')).to_have_text(t("skyjo.table.held", lang))
    expect(pile).to_have_accessible_name(said)
    expect(pile).to_have_attribute("aria-pressed", "true")
    expect(page.locator('[data-testid="status"]')).to_have_text(said)
    page.screenshot(path=f"/tmp/polish-held-{lang}.png")
    assert lifted(page, "skyjo-discard") >= 8
    page.keyboard.press("Escape")  # put down again: said no more
    expect(page.locator('[data-testid="skyjo-held"]')).to_have_count(0)
    expect(page.locator('[data-testid="status"]')).to_have_count(0)
    expect(pile).to_have_accessible_name(t("skyjo.table.discard_top", lang, value=5))
    pile.click()
    page.click('[data-testid="grid-0-8"]')  # a3: the column clears, nothing is held
    page.wait_for_selector('[data-testid="grid-0-0"] .sj-gone')
    expect(page.locator('[data-testid="skyjo-held"]')).to_have_count(0)
    assert real_errors(page) == []
    page.close()


def test_a_glow_never_stays_on_a_cleared_column_or_the_empty_drawn_card_place(
        browser: Any, skyjo_url: str) -> None:
    # review: hint glows stayed on the empty drawn-card slot and on a cleared column
    lit = "take,a3,grid-0-8,grid-0-4,drop,skyjo-drawn"
    page = open_table(browser, skyjo_url, f"demo=column&players=2&lang=fr&lit={lit}", 1280, 800)
    hinted = page.locator(".sj-hinted")
    expect(page.locator('[data-testid="grid-0-8"]')).to_have_class(re.compile("sj-hinted"))
    expect(page.locator('[data-testid="skyjo-drawn"]')).not_to_have_class(
        re.compile("sj-hinted"))  # nothing drawn: an empty place
    page.click('[data-testid="skyjo-discard"]')
    page.click('[data-testid="grid-0-8"]')  # the column of 5s clears
    page.wait_for_selector('[data-testid="grid-0-0"] .sj-gone')
    page.wait_for_selector('[data-testid="skyjo-draw"].sj-can')  # Mia has played
    expect(page.locator(".sj-me .sj-cleared.sj-hinted")).to_have_count(0)
    page.click('[data-testid="skyjo-draw"]')
    page.wait_for_selector('[data-testid="skyjo-drawn"] .sj-face')
    drawn = page.locator('[data-testid="skyjo-drawn"]')
    expect(drawn).to_have_class(re.compile("sj-hinted"))  # the "drop" hint: its card
    page.click('[data-testid="skyjo-discard"]')  # dropped: the drawn card's place is empty
    page.wait_for_selector('[data-testid="skyjo-drawn"] .sj-gone')
    expect(drawn).not_to_have_class(re.compile("sj-hinted"))
    expect(page.locator(".sj-me .sj-cleared.sj-hinted")).to_have_count(0)
    page.screenshot(path="/tmp/polish-glow.png")
    assert hinted.count() >= 1 and real_errors(page) == []
    page.close()


def test_keyboard_and_drag(browser: Any, skyjo_url: str) -> None:
    page = open_table(browser, skyjo_url, "players=2&lang=en&seed=4", 1280, 800)
    page.focus('[data-testid="grid-0-0"]')
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.dataset.testid") == "grid-0-5"
    page.keyboard.press("Enter")
    page.wait_for_selector('[data-testid="grid-0-5"] .sj-face')
    page.keyboard.press("ArrowUp")
    page.keyboard.press(" ")
    page.wait_for_selector('[data-testid="grid-0-1"] .sj-face')
    page.wait_for_selector('[data-testid="skyjo-draw"].sj-can')
    top = card(page, "skyjo-discard").get_attribute("data-card")
    page.drag_and_drop('[data-testid="skyjo-discard"]', '[data-testid="grid-0-11"]')
    page.wait_for_selector(f'[data-testid="grid-0-11"] [data-card="{top}"]')
    assert real_errors(page) == []
    page.close()


def test_the_round_s_end_on_the_projector_every_card_the_scores_and_the_doubling(
        browser: Any, skyjo_url: str) -> None:
    page = open_table(browser, skyjo_url, "demo=last&players=2&lang=de&view=projector",
                      1920, 1080)
    page.click('[data-testid="skyjo-discard"]')
    page.click('[data-testid="grid-0-11"]')  # d3, the last face-down card: the round ends
    page.wait_for_selector('[data-testid="skyjo-result"]')
    result = page.inner_text('[data-testid="skyjo-result"]')
    assert "Du hast die Runde beendet" in result and "doppelt" in result
    assert page.inner_text('[data-testid="round-score-0"]').split() == [
        "Runde:", "66", "\u00d7", "2", "=", "132", "Punkte"]
    assert page.locator(".sj-grid .sj-back").count() == 0
    assert texts_under(page, 24) == []
    box = page.locator('[data-testid="skyjo-table"]').bounding_box()
    assert box["y"] + box["height"] <= 1080  # the room sees the whole table
    assert real_errors(page) == []
    page.close()


def turn_two_cards(page: Any) -> None:
    for place in ("grid-0-0", "grid-0-5"):
        page.click(f'[data-testid="{place}"]')
        page.wait_for_selector(f'[data-testid="{place}"] .sj-face')
    page.wait_for_selector('[data-testid="skyjo-draw"].sj-can')



def test_a_redraw_during_a_drag_keeps_the_drag(browser: Any, skyjo_url: str) -> None:
    """A view from Python (the table in German) arrives while a card is dragged: the
    dragged card stays the element the drag started from, and the drop makes the move."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.add_init_script(WATCH_TABLE)
    page.goto(f"{skyjo_url}?players=2&lang=en&seed=4&langs=de", timeout=120_000)
    turn_two_cards(page)
    top = card(page, "skyjo-discard").get_attribute("data-card")
    page.hover('[data-testid="skyjo-discard"]')
    page.mouse.down()
    page.mouse.move(*middle(page, '[data-testid="grid-0-10"]'), steps=5)
    page.evaluate("document.querySelector('[data-testid=relang]').click()")
    page.wait_for_selector('[data-testid="skyjo-table"][lang="de"]')
    dragged = page.evaluate("window.dragged.isConnected && window.dragged.dataset.testid")
    assert dragged == "skyjo-discard"
    # Measured again: German words may have moved the grid.
    page.mouse.move(*middle(page, '[data-testid="grid-0-11"]'), steps=5)
    page.mouse.up()
    page.wait_for_selector(f'[data-testid="grid-0-11"] [data-card="{top}"]')
    assert not page.evaluate("window.dragged.isConnected")  # the table drawn anew after the drop
    page.close()


def test_the_table_says_its_view_s_language_and_none_without_one(browser: Any,
                                                                  skyjo_url: str) -> None:
    page = open_table(browser, skyjo_url, "players=2&lang=en&seed=4&langs=de,-,fr", 1280, 800)
    relang = "document.querySelector('[data-testid=relang]').click()"
    expect(page.get_by_test_id("skyjo-table")).to_have_attribute("lang", "en")
    for lang in ("de", None, "fr"):
        page.evaluate(relang)
        if lang is None:  # a table emptied (as before a game) keeps no stale language
            page.wait_for_selector('[data-testid="skyjo-table"]:not(:has(.sj-me))')
            table = page.get_by_test_id("skyjo-table")
            expect(table).not_to_have_attribute("lang", re.compile(".*"))
        else:
            expect(page.get_by_test_id("skyjo-table")).to_have_attribute("lang", lang)
    assert real_errors(page) == []
    page.close()


def test_with_reduced_motion_the_table_scrolls_without_motion(browser: Any,
                                                              skyjo_url: str) -> None:
    """On a small phone a new message under the fold is scrolled into sight: at once, without
    a smooth scroll, when the learner asked for less motion."""
    page = browser.new_page(viewport={"width": 360, "height": 640}, reduced_motion="reduce")
    page.add_init_script(WATCH_TABLE)
    page.goto(f"{skyjo_url}?players=2&lang=fr&seed=4", timeout=120_000)
    turn_two_cards(page)
    page.click('[data-testid="grid-1-0"]')  # at the top: whose card it is, said at the foot
    page.wait_for_function("window.tableScrolls.length > 0")
    assert set(page.evaluate("window.tableScrolls")) == {"auto"}
    page.close()
