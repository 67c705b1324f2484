"""Every learner at the table (issue 25) in a real Chromium: the card sizes, on a laptop
and a phone, in both games; and the colour-safe cards, seen as people with each of the
three common colour-vision deficiencies see them (Chromium's own emulation).
``SKIPBO_SHOTS=DIR`` keeps a screenshot of each size and of each group's card."""

from __future__ import annotations

import base64
import os
from collections.abc import Iterator
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from skipbo_widgets.devtools import find_deal, start_game, wait_until_settled
from skipbo_widgets.i18n import t
from skipbo_widgets.skipbo.engine import observe
from skipbo_widgets.tutorials import load_lessons
from skipbo_widgets.widgets.shell.card_size import STEPS
from skipbo_widgets.widgets.skipbo.view import band as skipbo_band
from skipbo_widgets.widgets.skyjo.view import band as skyjo_band

from .conftest import PHONE, _page
from .test_app import no_python_errors

Page = Any
LAPTOP = {"width": 1366, "height": 768}
LANG = "en"
SKIPBO_BANDS = ("low", "mid", "high")
SKYJO_BANDS = ("dark-blue", "light-blue", "green", "yellow", "red")


@pytest.fixture(params=[LAPTOP, PHONE], ids=["laptop", "phone"])
def sized_page(request: pytest.FixtureRequest, browser: Any, voila_url: str) -> Iterator[Any]:
    yield from _page(browser, voila_url, request.param)


def shots() -> Path | None:
    folder = os.environ.get("SKIPBO_SHOTS")
    return Path(folder) if folder else None


# -- the card sizes ------------------------------------------------------------------

#: What the learner must see, by game: the piles in the middle of the table, the
#: learner's own piles, the learner's own cards (test-id prefixes and classes).
PARTS = {
    "skipbo": {"piles": '[data-testid="draw-pile"], [data-testid^="build-"] .sb-card, '
                        '[data-testid="completed"]',
               "mine": '[data-testid="player-0"] .sb-card',
               "hand": '[data-testid^="hand-card-"]',
               "card": '[data-testid^="hand-card-"] .sb-card', "top": ".sb-center"},
    "skyjo": {"piles": '[data-testid="skyjo-draw"], [data-testid="skyjo-discard"], '
                       '[data-testid="skyjo-drawn"]',
              "mine": '.sj-me [data-testid^="grid-"]', "hand": '.sj-me [data-testid^="grid-"]',
              "card": ".sj-me .sj-card", "top": ".sj-bottom"},
}

#: Every box of `selector`, the width of the first `card`, the viewport, and the top of
#: the bar that sticks to a phone's foot (the hint and undo buttons) if it shows.
BOXES = """([selector, card]) => {
    const boxes = [...document.querySelectorAll(selector)].map(e => {
        const r = e.getBoundingClientRect();
        return {id: e.dataset.testid || e.className, left: r.left, right: r.right,
                top: r.top, bottom: r.bottom};
    });
    const bar = document.querySelector('.sb-game-screen .sb-actions');
    const foot = bar && getComputedStyle(bar).position === 'sticky'
        ? bar.getBoundingClientRect().top : innerHeight;
    return {boxes, foot, width: innerWidth,
            card: document.querySelector(card).getBoundingClientRect().width};
}"""


def scroll_to(page: Page, selector: str) -> None:
    page.eval_on_selector(selector, "e => e.scrollIntoView({block: 'start'})")
    wait_until_settled(page)


def on_screen(page: Page, selector: str, card: str) -> float:
    """All boxes of ``selector`` lie in the viewport, above a phone's sticky bar; returns
    the width of a learner's card."""
    found = page.evaluate(BOXES, [selector, card])
    assert found["boxes"], selector
    for b in found["boxes"]:
        assert b["left"] >= -0.5 and b["right"] <= found["width"] + 0.5, b
        assert b["top"] >= -0.5 and b["bottom"] <= found["foot"] + 0.5, (b, found["foot"])
    return float(found["card"])


def open_table(page: Page, game: str) -> None:
    if game == "skipbo":
        seed, _game = find_deal(lambda game: True, players=3, levels=("medium",) * 2)
        start_game(page, f"{page.base_url}?lang={LANG}", seed, players=3, timeout=60_000)
    else:
        page.goto(f"{page.base_url}?lang={LANG}&game=skyjo")
        page.click('[data-testid="play"]', timeout=60_000)
        page.click('[data-testid="players"] >> text="4"')
        page.click('[data-testid="start-game"]')
        page.wait_for_selector(".sj-me .sj-legal")
    wait_until_settled(page)


def choose_size(page: Page, label: str) -> None:
    """On a phone the sizes are in the settings menu: opened, and closed again after."""
    folded = not page.is_visible('[data-testid="card-size"]')
    if folded:
        page.click('[data-testid="view-menu"]')
    page.click(f'[data-testid="card-size"] >> text="{label}"')
    page.wait_for_selector(f'[data-testid="card-size"] .mod-active:text-is("{label}")')
    if folded:
        page.click('[data-testid="view-menu"]')
        page.wait_for_selector('[data-testid="card-size"]', state="hidden")
    wait_until_settled(page)


def fullest_discards() -> int:
    """The Skip-Bo lesson whose first step gives the learner the most cards on a discard
    pile (their fans are the table's tallest part)."""
    def most(lesson: Any) -> int:
        seat = observe(lesson.steps[0].new_game(), 0).seats[0]
        return max(len(pile) for pile in seat.discards)
    lessons = load_lessons()
    return max(range(len(lessons)), key=lambda i: most(lessons[i]))


#: The learner's discard piles' cards that rise above the pile's number (a pile's card
#: over its caption).
OVER_CAPTIONS = """() => [...document.querySelectorAll('.sb-me .sb-numbered')].flatMap(pile => {
    const number = pile.querySelector('.sb-pile-no').getBoundingClientRect();
    return [...pile.querySelectorAll('.sb-card')]
        .filter(c => c.offsetParent !== null && c.getBoundingClientRect().top < number.bottom - 0.5)
        .map(c => c.dataset.card);
})"""


def sizes_on_screen(page: Page, game: str, *, phone: bool, shot: str) -> list[float]:
    """Each size chosen in turn; what the learner must see is checked on screen (see the
    test below); returns the width of a learner's card at each size."""
    parts, widths = PARTS[game], []
    for value, label, _scale in STEPS:
        choose_size(page, label)
        if shots():
            scroll_to(page, parts["top"])
            page.screenshot(path=str(shots() / f"{shot}-{page.viewport_size['width']}-{value}.png"))
        if phone and game == "skipbo" and value != STEPS[0][0]:
            scroll_to(page, parts["top"])
            on_screen(page, f'{parts["piles"]}, {parts["mine"]}', parts["card"])
            scroll_to(page, '[data-testid="player-0"]')
            widths.append(on_screen(page, f'{parts["mine"]}, {parts["hand"]}', parts["card"]))
        else:
            scroll_to(page, parts["top"])
            everything = f'{parts["piles"]}, {parts["mine"]}, {parts["hand"]}'
            widths.append(on_screen(page, everything, parts["card"]))
        assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
        if game == "skipbo":
            assert page.evaluate(OVER_CAPTIONS) == [], value
    assert widths == sorted(widths) and widths[-1] > widths[0] * 1.05, widths
    return widths


@pytest.mark.parametrize("game", ["skipbo", "skyjo"])
def test_at_every_size_the_learners_cards_and_the_piles_stay_on_screen(
        sized_page: Page, game: str) -> None:
    """On a laptop (1366 by 768), once the opponents are scrolled away, the piles and all
    the learner's own cards show at once. On a phone (390 by 844) each row stays inside the
    screen's width; Skyjo's piles and grid show at once, Skip-Bo's larger cards take two
    screens: the piles with the learner's stock and discard piles, then those with the
    hand. The cards never shrink from one size to the next, and the largest is larger than
    the usual one. Skip-Bo also in the lesson with the fullest discard piles. After a
    reload the app comes back at the size chosen."""
    page = sized_page
    phone = page.viewport_size["width"] == PHONE["width"]
    open_table(page, game)
    sizes_on_screen(page, game, phone=phone, shot=game)
    if game == "skipbo":
        choose_size(page, STEPS[0][1])
        page.click('[data-testid="menu"]')
        page.click('[data-testid="learn"]')
        page.select_option('select[data-testid="lesson-picker"]', index=fullest_discards())
        page.wait_for_selector('[data-testid="discard-0-0"] .sb-card:nth-child(3)')
        wait_until_settled(page)
        sizes_on_screen(page, game, phone=phone, shot="skipbo-lesson")

    page.reload()
    page.wait_for_selector('[data-testid="card-size"]', state="attached", timeout=60_000)
    page.wait_for_selector(f'.sb-app.sb-cards-{STEPS[-1][0]}')
    label = STEPS[-1][1]
    assert page.inner_text('[data-testid="card-size"] .mod-active').strip() == label
    no_python_errors(page)


# -- colour-safe cards ---------------------------------------------------------------

DEFICIENCIES = ("protanopia", "deuteranopia", "tritanopia")

#: The shape of a card's mark as the browser draws it: what, apart from its colour, can
#: tell one group from another.
SHAPE = """e => {
    const m = e.querySelector('.sb-mark, .sj-mark');
    if (!m) return null;
    const s = getComputedStyle(m), r = m.getBoundingClientRect();
    return [s.clipPath, s.borderRadius, s.borderTopWidth, s.backgroundColor === 'rgba(0, 0, 0, 0)',
            Math.round(r.width / r.height * 10)].join(' | ');
}"""

#: A PNG's pixels (decoded in a page without emulation): its width and RGBA bytes.
PIXELS = """async (data) => {
    const img = new Image();
    img.src = 'data:image/png;base64,' + data;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width; c.height = img.height;
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    return [img.width, Array.from(g.getImageData(0, 0, img.width, img.height).data)];
}"""


def rgb_rows(width: int, rgba: list[int]) -> list[list[list[int]]]:
    pixels = [rgba[i:i + 3] for i in range(0, len(rgba), 4)]
    return [pixels[y:y + width] for y in range(0, len(pixels), width)]


def distance(p: list[int], q: list[int]) -> int:
    return sum((a - b) ** 2 for a, b in zip(p, q, strict=True))


def luminance(rgb: list[int]) -> float:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: list[int], b: list[int]) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def silhouette(rows: list[list[list[int]]], grid: int = 10) -> tuple[list[bool], float]:
    """The mark's shape on a ``grid`` by ``grid`` raster (a cell is the mark's where most of
    its pixels are nearer the mark's colour than the card's), and the contrast between the
    two colours. The card's colour is the image's corners (the mark's box has a margin of
    the card around it), the mark's the pixel farthest from it."""
    h, w = len(rows), len(rows[0])
    corners = [rows[0][0], rows[0][w - 1], rows[h - 1][0], rows[h - 1][w - 1]]
    card = [sorted(c[i] for c in corners)[1] for i in range(3)]
    far = max((p for row in rows for p in row), key=lambda p: distance(p, card))
    mine = [[distance(p, far) < distance(p, card) for p in row] for row in rows]
    cells = []
    for gy in range(grid):
        for gx in range(grid):
            ys = range(gy * h // grid, max(gy * h // grid + 1, (gy + 1) * h // grid))
            xs = range(gx * w // grid, max(gx * w // grid + 1, (gx + 1) * w // grid))
            votes = [mine[y][x] for y in ys for x in xs]
            cells.append(sum(votes) * 2 > len(votes))
    return cells, contrast(card, far)


def open_all_groups(page: Page, game: str) -> list[str]:
    """A table showing a card of every group; returns the groups."""
    if game == "skipbo":
        seed, _game = find_deal(lambda g: {skipbo_band(c) for c in observe(g, 0).hand}
                                >= set(SKIPBO_BANDS))
        start_game(page, f"{page.base_url}?lang={LANG}", seed, players=2, timeout=60_000)
        wait_until_settled(page)
        return list(SKIPBO_BANDS)
    lessons = load_lessons("skyjo")

    def groups(lesson: Any) -> set[str]:
        r = lesson.steps[0].new_game()
        shown = [c for grid, up in zip(r.grids, r.face_up, strict=True)
                 for c, u in zip(grid, up, strict=True) if u and c is not None]
        return {skyjo_band(c) for c in shown}

    number, lesson = next((i, x) for i, x in enumerate(lessons, 1)
                          if groups(x) == set(SKYJO_BANDS))
    page.goto(f"{page.base_url}?lang={LANG}&game=skyjo")
    page.click('[data-testid="learn"]', timeout=60_000)
    title = t(f"skyjo.lesson.{lesson.id}.title", LANG)
    page.select_option('select[data-testid="lesson-picker"]',
                       label=f"Skyjo \N{EN DASH} {number}. {title}")
    for group in SKYJO_BANDS:  # the lesson's table, not the one shown before it
        page.wait_for_selector(f".sj-face.sj-{group}")
    wait_until_settled(page)
    return list(SKYJO_BANDS)


def largest(page: Page, selector: str) -> Any:
    """The largest card that ``selector`` finds (the learner's own, not an opponent's)."""
    widths = page.eval_on_selector_all(selector, "es => es.map(e => e.offsetWidth)")
    return page.locator(selector).nth(widths.index(max(widths)))


@pytest.mark.parametrize("game", ["skipbo", "skyjo"])
def test_every_colour_group_has_its_own_shape_seen_under_each_colour_blindness(
        page: Page, game: str) -> None:
    """Each group's card carries a mark whose shape differs from every other group's in the
    page (its clip path, its roundness, ring or not, its proportions). Then, under each
    deficiency as Chromium emulates it, a screenshot of each group's mark: the mark stands
    out from its card (contrast at least 3:1, WCAG's for shapes that carry meaning), and
    its silhouette, traced from the pixels, differs from every other group's in at least a
    tenth of a 10 x 10 raster: groups stay told apart where their hues merge."""
    groups = open_all_groups(page, game)
    prefix = "sb" if game == "skipbo" else "sj"
    faces = {g: largest(page, f".{prefix}-face.{prefix}-{g}") for g in groups}
    shapes = {g: face.evaluate(SHAPE) for g, face in faces.items()}
    assert None not in shapes.values(), shapes
    assert len(set(shapes.values())) == len(groups), shapes

    decoder = page.context.new_page()
    cdp = page.context.new_cdp_session(page)
    try:
        for deficiency in DEFICIENCIES:
            cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": deficiency})
            traced = {}
            for g, face in faces.items():
                face.scroll_into_view_if_needed()
                if shots():
                    face.screenshot(path=str(shots() / f"{game}-{deficiency}-{g}.png"))
                box = face.locator(f".{prefix}-mark").bounding_box()
                pad = max(2.0, box["width"] * 0.25)
                clip = {"x": box["x"] - pad, "y": box["y"] - pad,
                        "width": box["width"] + 2 * pad, "height": box["height"] + 2 * pad}
                png = page.screenshot(clip=clip)
                width, rgba = decoder.evaluate(PIXELS, base64.b64encode(png).decode())
                traced[g] = silhouette(rgb_rows(width, rgba))
            for g, (_cells, seen) in traced.items():
                assert seen >= 3, (deficiency, g, seen)
            for a, b in combinations(groups, 2):
                differ = sum(x != y for x, y in zip(traced[a][0], traced[b][0], strict=True))
                assert differ >= 10, (deficiency, a, b, differ)
    finally:
        cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": "none"})
        decoder.close()
    no_python_errors(page)
