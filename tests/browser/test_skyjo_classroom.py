"""Skyjo's demo mode and hot seat in a real headless Chromium: a narrated demo round
stepped, stepped back and jumped to its end; a two-person hot seat passing the screen,
where the page never shows a drawn card behind the pass screen."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from skipbo_widgets.devtools import wait_until_settled
from skipbo_widgets.i18n import t
from skipbo_widgets.skyjo.bots import hint
from skipbo_widgets.skyjo.engine import Move
from skipbo_widgets.widgets.shell.demo import DemoForm, DemoScreen
from skipbo_widgets.widgets.skyjo.coach import move_words
from skipbo_widgets.widgets.skyjo.settings import SkyjoSettings
from skipbo_widgets.widgets.skyjo.view import PAGE_ORDER

from .conftest import _page
from .test_classroom_modes import narrated_move, no_python_errors

Page = Any

#: Set in the page: true once a drawn card's face (or a hint) was in the page while the
#: pass screen was.
WATCH_DRAWN = """() => {
  window.sbDrawnBehindPass = false;
  const look = () => {
    if (!document.querySelector('[data-testid="pass-screen"]')) return;
    const card = document.querySelector('[data-testid="skyjo-drawn"] [data-card]');
    if ((card && !["back", "null", ""].includes(card.dataset.card))
        || document.querySelector('[data-testid="hint-box"]')) window.sbDrawnBehindPass = true;
  };
  new MutationObserver(look).observe(document.body, {subtree: true, childList: true,
                                                      attributes: true});
}"""


def test_a_skyjo_demo_stepped_back_and_jumped_to_its_end(page: Page) -> None:
    page.goto(f"{page.base_url}?lang=de&game=skyjo")
    page.click('[data-testid="demo"]', timeout=60_000)
    page.click('[data-testid="demo-players"] >> text="3"')
    page.fill('[data-testid="seed"]', "7")
    page.click('[data-testid="demo-start"]')
    page.wait_for_selector('[data-testid="grid-2-11"]')
    moves = []
    for _ in range(3):
        before = page.inner_text('[data-testid="demo-narration-box"]')
        page.click('[data-testid="demo-step"]')
        page.wait_for_function(
            "(before) => document.querySelector('[data-testid=\"demo-narration\"]')"
            " && document.querySelector('[data-testid=\"demo-narration-box\"]').innerText"
            " !== before", arg=before)
        narration = page.inner_text('[data-testid="demo-narration"]')
        assert "Warum?" in narration or "spielt auf der Stufe" in narration
        moves.append(narrated_move(page))
    page.click('[data-testid="demo-back"]')
    page.wait_for_function("(m) => document.querySelector('[data-testid=\"demo-narration\"]')"
                           ".dataset.move === m", arg=moves[1])
    page.click('[data-testid="demo-end"]')
    over = page.wait_for_selector('[data-testid="game-over"]', timeout=60_000)
    # The same demo in Python (the form's own defaults): Skyjo's bots draw on no chance.
    form = DemoForm("de", on_start=lambda _s: None, on_back=lambda: None, game="skyjo")
    form.players.value = "3"
    form.seed.value = "7"
    same = DemoScreen(form.settings(), lang="de", on_menu=lambda: None, on_new=lambda: None,
                      animate=False)
    same.end()
    assert same.game.is_over and over.inner_text().strip() in same.turn_info.value
    no_python_errors(page)


def click_move(page: Page, move: Move, seat: int) -> None:
    """Make ``move`` on the table by clicks, as a person would."""
    first = {"draw": '[data-testid="skyjo-draw"]', "take": '[data-testid="skyjo-discard"]',
             "swap": '[data-testid="skyjo-drawn"]', "drop": '[data-testid="skyjo-discard"]',
             "reveal": None}[move.kind]
    if move.kind == "swap":
        # The card drawn is in hand already: the click on it changes nothing on the page.
        page.click(first)
    elif first is not None:
        wait_until_settled(page, first)
    if move.kind != "draw":
        wait_until_settled(page, f'[data-testid="grid-{seat}-{PAGE_ORDER.index(move.place)}"]')


def test_a_two_person_skyjo_hot_seat_passes_the_screen(page: Page) -> None:
    people = ("Anna", "Ben")
    page.goto(f"{page.base_url}?lang=nl&game=skyjo")
    page.click('[data-testid="hot-seat"]', timeout=60_000)
    page.wait_for_selector('[data-testid="hot-name-1"]')
    for i, name in enumerate(people):
        page.fill(f'[data-testid="hot-name-{i}"]', name)
    page.fill('[data-testid="seed"]', "11")
    page.click('[data-testid="start-game"]')
    page.wait_for_selector('[data-testid="pass-screen"]')
    page.evaluate(WATCH_DRAWN)
    # The same deal in Python, to play each person's turn as the hint says.
    game = SkyjoSettings(players=2, levels=(), people=people, seed="11").new_match().game
    drawn_shown = 0
    for _turn in range(8):
        who = game.current
        screen = page.wait_for_selector('[data-testid="pass-screen"]')
        assert people[who] in screen.inner_text()
        page.click('[data-testid="pass-ready"]')
        page.wait_for_selector(f'[data-testid="grid-{who}-11"]')
        assert page.query_selector('[data-testid="pass-screen"]') is None
        while game.current == who and not game.is_over:
            move = hint(game.observe(who)).move
            click_move(page, move, who)
            game.push(move, by=who)
            if game.drawn is not None:  # the person to move sees the card they drew
                page.wait_for_selector(
                    f'[data-testid="skyjo-drawn"] [data-card="{game.drawn}"]')
                drawn_shown += 1
        assert not page.evaluate("() => window.sbDrawnBehindPass")
    assert drawn_shown > 0
    no_python_errors(page)


def test_a_skyjo_guess_is_a_whole_turn_the_draw_then_where_the_card_goes(page: Page) -> None:
    page.goto(f"{page.base_url}?lang=de&game=skyjo")
    page.click('[data-testid="demo"]', timeout=60_000)
    page.click('[data-testid="demo-players"] >> text="3"')
    page.fill('[data-testid="seed"]', "7")
    page.click('[data-testid="demo-start"]')
    page.wait_for_selector('[data-testid="grid-2-11"]')
    # The same demo in Python: past the set-up, then the class guesses the seat to move.
    form = DemoForm("de", on_start=lambda _s: None, on_back=lambda: None, game="skyjo")
    form.players.value = "3"
    form.seed.value = "7"
    twin = DemoScreen(form.settings(), lang="de", on_menu=lambda: None, on_new=lambda: None,
                      animate=False)
    while twin.game.phase == "setup":
        twin.step()
        before = page.inner_text('[data-testid="demo-narration-box"]')
        page.click('[data-testid="demo-step"]')
        page.wait_for_function(
            "(before) => document.querySelector('[data-testid=\"demo-narration-box\"]')"
            ".innerText !== before", arg=before)
    seat, names = twin.game.current, twin.names
    phase = page.inner_text('[data-testid="skyjo-phase"]').strip()
    assert phase == t("ui.player_turn", "de", player=seat, names=names)  # not "Du bist dran"
    twin.set_guess_seat(seat)
    twin.step()
    page.select_option('select[data-testid="demo-guess"]', label=names[seat])
    wait_until_settled(page, '[data-testid="demo-step"]')
    page.wait_for_selector('[data-testid="demo-guess-now"]')
    assert twin.controller.awaiting
    # the draw: the card on the table, and the class asked where it goes
    twin.controller.request({"type": "move", "move": "draw"})
    drawn = twin.game.drawn
    wait_until_settled(page, '[data-testid="skyjo-draw"]')
    page.wait_for_selector(f'[data-testid="skyjo-drawn"] [data-card="{drawn}"]')
    prompt = t("demo.skyjo.guess_place", "de", player=seat, names=names)
    assert prompt in page.inner_text('[data-testid="demo-guess-now"]')
    assert page.query_selector('[data-testid="demo-guess-result"]') is None
    shots = os.environ.get("SKIPBO_SHOTS")
    if shots:
        page.screenshot(path=str(Path(shots, "skyjo-demo-guess-place.png")), full_page=True)
    expect(page.get_by_test_id("skyjo-drawn")).to_have_accessible_name(t(
        "demo.skyjo.drawn", "de", player=seat, value=drawn, names=names))
    # where it goes: then the bot's move, and the whole turn graded
    place = hint(twin.game.observe(seat)).move
    twin.controller.request({"type": "move", "move": str(place)})
    click_move(page, place, seat)
    result = page.wait_for_selector('[data-testid="demo-guess-result"]')
    assert twin.guess is not None and len(twin.guess) == 2
    grade = twin.guess_box.value.split('data-grade="')[1].split('"')[0]
    assert result.get_attribute("data-grade") == grade
    assert t("demo.guess_was", "de", move=move_words(place, twin.guess[1][0], "de")) \
        in result.inner_text()
    assert narrated_move(page) == str(twin.steps[-1].move)
    if shots:
        page.screenshot(path=str(Path(shots, "skyjo-demo-guess-graded.png")), full_page=True)
    no_python_errors(page)


#: Each opponent on the table: its frame's, header's, name's, score's and grid's top.
OPPONENT_TOPS = """() => [...document.querySelectorAll('.sj-other')].map((p) => {
  const top = (sel) => p.querySelector(sel).getBoundingClientRect().top;
  return {id: p.dataset.testid, frame: p.getBoundingClientRect().top, name: top('.sj-name'),
          score: top('.sj-score'), grid: top('.sj-grid')};
})"""


@pytest.mark.parametrize(("lang", "players"), [("en", "3"), ("de", "4"), ("fr", "8"), ("nl", "6")])
def test_on_a_projector_the_demos_opponents_line_up(
        browser: Any, voila_url: str, lang: str, players: str) -> None:
    """Every opponent in a row has its name, its visible score and its cards at the same
    height, though one name with its score needs two lines where another needs one."""
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    try:
        page.goto(f"{voila_url}?lang={lang}&game=skyjo&view=projector")
        page.click('[data-testid="demo"]', timeout=60_000)
        page.click(f'[data-testid="demo-players"] >> text="{players}"')
        page.fill('[data-testid="seed"]', "7")
        page.click('[data-testid="demo-start"]')
        page.wait_for_selector(f'[data-testid="grid-{int(players) - 1}-11"]')
        for _ in range(int(players) * 2 + 2):  # past the set-up: every score is shown
            wait_until_settled(page, '[data-testid="demo-step"]')
        wait_until_settled(page)
        rows: dict[float, list[dict[str, Any]]] = {}
        for seat in page.evaluate(OPPONENT_TOPS):
            rows.setdefault(round(seat["frame"]), []).append(seat)
        assert sum(len(row) for row in rows.values()) == int(players) - 1
        for row in rows.values():
            for part in ("name", "score", "grid"):
                tops = [seat[part] for seat in row]
                assert max(tops) - min(tops) <= 1, (part, row)
        if shots := os.environ.get("SKIPBO_SHOTS"):
            page.screenshot(path=str(Path(shots, f"skyjo-demo-projector-{players}.png")))
    finally:
        context.close()


#: Where the demo's table, its controls and its narration are on the screen (px from the
#: window's top: Voila's page scrolls inside the window).
DEMO_BOXES = """() => Object.fromEntries(["skyjo-table", "demo-back", "demo-step", "demo-play",
    "demo-end", "demo-narration-box"].map((id) => {
  const r = document.querySelector(`[data-testid="${id}"]`).getBoundingClientRect();
  return [id, {top: Math.round(r.top), bottom: Math.round(r.bottom)}];
}))"""


@pytest.mark.parametrize("players", ["7", "8"])
@pytest.mark.parametrize("lang", ["de", "fr", "nl"])
def test_on_a_projector_a_crowded_demo_table_is_all_in_sight(
        browser: Any, voila_url: str, lang: str, players: str) -> None:
    """Review: with 8 players the demo's table ran past 1080 px (1102 px fr, 1130 px nl,
    1130 px de with 7 players). At 1920 by 1080 the whole table, the demo's controls and
    its narration are on the screen at once, through the set-up and the round."""
    pages = _page(browser, voila_url, {"width": 1920, "height": 1080})
    page = next(pages)
    try:
        page.goto(f"{voila_url}?lang={lang}&game=skyjo&view=projector")
        page.click('[data-testid="demo"]', timeout=60_000)
        page.click(f'[data-testid="demo-players"] >> text="{players}"')
        page.fill('[data-testid="seed"]', "7")
        page.click('[data-testid="demo-start"]')
        page.wait_for_selector(f'[data-testid="grid-{int(players) - 1}-11"]')
        for step in range(int(players) * 2 + 6):  # the set-up, then turns with narration
            wait_until_settled(page, '[data-testid="demo-step"]')
            if step < int(players) * 2 - 1 and step % 3:
                continue
            boxes = page.evaluate(DEMO_BOXES)
            off = {part: box for part, box in boxes.items()
                   if box["top"] < -1 or box["bottom"] > 1080 + 1}
            assert off == {}, (step, boxes)
        page.wait_for_selector('[data-testid="demo-narration"]')
        if shots := os.environ.get("SKIPBO_SHOTS"):
            page.screenshot(path=str(Path(shots, f"skyjo-demo-projector-{lang}-{players}.png")))
        no_python_errors(page)
    finally:
        next(pages, None)  # the page's context closed
