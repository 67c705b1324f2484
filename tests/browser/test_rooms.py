"""Play with others in real browsers (issue 23): a Voilà server with `make classroom`'s
flags, each person a Chromium page of its own browser context and language. One makes
a room, the other opens its link and sits down, the room starts, a whole Skyjo round is
played by clicks, and at every step each page's DOM is checked to hold no card the
other seat has face down; a reload comes back to the seat."""

from __future__ import annotations

import base64
import json
import os
import re
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from skipbo_widgets.devtools import ROOT, voila_server
from skipbo_widgets.i18n import t
from skipbo_widgets.skyjo.engine import loads_round
from skipbo_widgets.widgets.skyjo.view import PAGE_ORDER


@pytest.fixture(scope="module")
def classroom(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """``make classroom``'s Voilà on 127.0.0.1, its rooms in a folder of its own."""
    data = tmp_path_factory.mktemp("rooms-data")
    flags = subprocess.run(["make", "-s", "classroom-flags", "POOL=2"], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout.split()
    mp = pytest.MonkeyPatch()
    mp.setenv("SKIPBO_WIDGETS_DATA", str(data))
    mp.delenv("SKIPBO_WIDGETS_STORE", raising=False)
    try:
        with voila_server(log=data / "voila.log", flags=flags) as (url, _proc):
            yield url, data
    finally:
        mp.undo()


def new_page(browser: Any, url: str) -> Page:
    page: Page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.base_url = url  # type: ignore[attr-defined]
    return page


def room_engine(data: Path, code: str) -> tuple[dict[str, Any], Any]:
    with sqlite3.connect(data / "rooms.sqlite3") as db:
        value = db.execute("SELECT value FROM records WHERE key = ?", (f"room:{code}",)
                           ).fetchone()[0]
    room = json.loads(value)
    return room, loads_round(room["save"]) if room["save"] else None


def check_no_hidden_card(page: Page, seat: int, data: Path, code: str) -> int:
    """The page of ``seat`` shows no value on any card another seat has face down (nor
    the card another seat drew); how many such cards were checked."""
    _, rnd = room_engine(data, code)
    if rnd is None:
        return 0
    checked = 0
    for other in range(rnd.rules.players):
        if other == seat:
            continue
        for place, card in enumerate(rnd.grids[other]):
            if card is None or rnd.face_up[other][place]:
                continue
            slot = page.locator(f'[data-testid="grid-{other}-{PAGE_ORDER.index(place)}"]')
            if slot.count():
                assert not re.search(r"-?\d", slot.inner_text()), (other, place)
                checked += 1
    return checked


def side_by_side(browser: Any, pages: tuple[Page, ...], path: Path) -> None:
    """The README's picture: the pages next to each other (``ROOM_SCREENSHOT=path``)."""
    shots = [base64.b64encode(p.screenshot()).decode() for p in pages]
    sheet = browser.new_page(viewport={"width": 1280 * len(pages) + 16, "height": 900})
    sheet.set_content('<body style="margin:0;display:flex;gap:16px;background:#555">' + "".join(
        f'<img src="data:image/png;base64,{s}" width="1280">' for s in shots) + "</body>")
    sheet.screenshot(path=str(path))
    sheet.close()


NEXT = """() => document.querySelector('.sj-me .sj-legal') ? "setup"
  : document.querySelector('[data-testid="skyjo-discard"].sj-can') ? "take" : null"""


def play_turn(page: Page) -> bool:
    """If it is this page's turn, one click-turn (a set-up card, or the discard pile's card
    onto a face-down card of one's own); True if it clicked."""
    now = page.evaluate(NEXT)
    if now == "setup":
        page.locator(".sj-me .sj-legal").first.click()
        return True
    if now == "take":
        page.click('[data-testid="skyjo-discard"]')
        down = page.locator(".sj-me button.sj-slot:has(.sj-back)")
        target = down.first if down.count() else \
            page.locator(".sj-me button.sj-slot:not(.sj-cleared)").first
        target.click()
        return True
    return False


def test_two_browsers_play_a_skyjo_round_in_a_room(browser: Any,
                                                   classroom: tuple[str, Path]) -> None:
    url, data = classroom
    anna, ben = new_page(browser, url), new_page(browser, url)
    anna.goto(f"{url}?lang=en&game=skyjo")
    anna.click('[data-testid="play-others"]', timeout=90_000)
    anna.fill('[data-testid="room-owner-name"]', "Anna")
    anna.click('[data-testid="room-create"]')
    code = anna.locator('[data-testid="room-code"]').inner_text(timeout=30_000).strip()
    assert re.fullmatch(r"[A-HJ-NP-Z2-9]{5}", code)
    link = anna.locator('[data-testid="room-link"]').input_value()
    assert link.endswith(f"?room={code}")

    ben.goto(f"{url}?room={code}&lang=de")
    expect(ben.locator('[data-testid="join-code"]')).to_have_value(code, timeout=90_000)
    ben.fill('[data-testid="join-name"]', "Ben")
    ben.click('[data-testid="join-sit"]')
    expect(ben.locator('[data-testid="room-note"]')).to_contain_text(
        t("room.waiting_start", "de")[:20])
    expect(anna.locator('[data-testid="seat-1"]')).to_contain_text("Ben", timeout=30_000)
    anna.click('[data-testid="room-start"]')
    for page in (anna, ben):
        page.wait_for_selector('[data-testid="grid-0-11"]', timeout=60_000)

    checked = 0
    clicks = 0
    reloaded = False
    for _ in range(400):
        room, _ = room_engine(data, code)
        if room["phase"] == "over":
            break
        for seat, page in enumerate((anna, ben)):
            checked += check_no_hidden_card(page, seat, data, code)
            if play_turn(page):
                clicks += 1
                page.wait_for_timeout(300)
        if clicks >= 6 and not reloaded:  # a reload comes back to the seat, same cards
            reloaded = True
            ben.reload()
            ben.wait_for_selector('[data-testid="grid-0-11"]', timeout=90_000)
            if os.environ.get("ROOM_SCREENSHOT"):
                side_by_side(browser, (anna, ben), Path(os.environ["ROOM_SCREENSHOT"]))
        anna.wait_for_timeout(200)
    else:
        raise AssertionError("the round did not end")
    assert reloaded and clicks > 10 and checked > 20
    for page, lang in ((anna, "en"), (ben, "de")):
        expect(page.locator('[data-testid="room-turn"]')).to_contain_text(
            t("room.deal_over", lang), timeout=30_000)
    expect(anna.locator('[data-testid="next-deal"]')).to_be_visible()
