"""The game screens in a real Voilà and Chromium (issue 21, part 5): a full Skyjo
scoreboard at a laptop's and a phone's size, the question before a game in progress is
lost, no request off the machine, and the kept game offered first after a reload.
``SKIPBO_SHOTS=DIR`` keeps screenshots of what was checked."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from skipbo_widgets.devtools import wait_until_settled
from skipbo_widgets.i18n import t
from skipbo_widgets.skyjo.engine.game import score_round
from skipbo_widgets.widgets.shell.settings import dumps_session
from skipbo_widgets.widgets.skyjo.settings import SkyjoSettings

from .conftest import PHONE

Page = Any


def shot(page: Page, name: str, **kwargs: Any) -> None:
    """``SKIPBO_SHOTS=DIR`` keeps a screenshot of what was checked (to look at it)."""
    folder = os.environ.get("SKIPBO_SHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"{name}.png"), **kwargs)


def full_scoreboard_file(folder: Path, *, players: int = 8, rounds: int = 12) -> Path:
    """A saved Skyjo game of ``players`` after ``rounds`` rounds, every total under 100,
    with the widest cells a round can have (a doubled score marked for its ender)."""
    settings = SkyjoSettings(players=players, levels=("medium",) * (players - 1), seed="5")
    match = settings.new_match()
    results = []
    for r in range(rounds):
        ender = r % players
        raw = [(-4 if (seat + r) % 3 else 7) for seat in range(players)]
        results.append(score_round([[s] for s in raw], ender, settings.rules()))
    match.restore(results, match.game, False)
    match.game = match.new_round()  # round 13, dealt and started as the engine deals it
    assert not match.is_over and len(match.results) == rounds
    path = folder / "skyjo-full.json"
    path.write_text(dumps_session(settings, match))
    return path


#: Each row's total, the heading and the newest round: on the screen and not hidden by
#: the panel's scrolling (the rectangle of what shows of the scoreboard).
VISIBLE = """() => {
  const table = document.querySelector('[data-testid="round-scores"]');
  const box = table.closest('.sb-score-scroll').getBoundingClientRect();
  const inside = (r) => r.left >= Math.max(box.left, 0) - 1
      && r.right <= Math.min(box.right, window.innerWidth) + 1 && r.width > 0;
  const rows = [...table.querySelectorAll('tr')].slice(1);
  const heading = document.querySelector('.sb-score-title');
  const hr = heading.getBoundingClientRect();
  return {
    rows: rows.length,
    totals: rows.map((tr) => inside(tr.lastElementChild.getBoundingClientRect())),
    names: rows.map((tr) => inside(tr.firstElementChild.getBoundingClientRect())),
    heading: heading.scrollWidth <= heading.clientWidth + 1 && hr.left >= 0
      && hr.right <= window.innerWidth + 1,
    page: document.documentElement.scrollWidth <= window.innerWidth + 1,
  };
}"""


@pytest.mark.parametrize(("viewport", "view"), [({"width": 1366, "height": 768}, ""),
                                               (PHONE, ""),
                                               ({"width": 1920, "height": 1080}, "projector")],
                         ids=["laptop", "phone", "projector"])
def test_a_full_scoreboard_shows_every_total(browser: Any, voila_url: str, tmp_path: Path,
                                             viewport: dict[str, int], view: str) -> None:
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    try:
        page.goto(f"{voila_url}?lang=nl&game=skyjo&view={view}")
        page.wait_for_selector('[data-testid="load-file-input"]', state="attached",
                               timeout=90_000)
        page.set_input_files('[data-testid="load-file-input"]',
                             str(full_scoreboard_file(tmp_path)))
        page.wait_for_selector('[data-testid="round-scores"]')
        page.locator('[data-testid="round-scores"]').scroll_into_view_if_needed()
        wait_until_settled(page)
        shot(page, f"scores-{viewport['width']}{view}", full_page=True)
        seen = page.evaluate(VISIBLE)
        assert seen["rows"] == 8
        assert all(seen["totals"]), seen
        assert all(seen["names"]), seen
        assert seen["heading"] and seen["page"], seen
    finally:
        context.close()


def test_a_new_game_asks_before_the_game_in_progress_is_lost(page: Page) -> None:
    """In French: a Skyjo game started, then Play → Start from the home screen asks first;
    "Keep playing" goes back to the same table, "Start the new game" deals the new one."""
    page.goto(f"{page.base_url}?lang=fr&game=skyjo")
    page.click('[data-testid="play"]', timeout=90_000)
    page.fill('[data-testid="seed"]', "7")
    page.click('[data-testid="start-game"]')
    page.wait_for_selector('[data-testid="grid-0-11"]')
    page.locator(".sj-me .sj-legal").first.click()  # the game is under way
    page.wait_for_selector('[data-testid="grid-0-0"]:not(.sj-legal), '
                           '[data-testid="grid-0-1"]:not(.sj-legal)')
    page.click('[data-testid="menu"]')
    page.click('[data-testid="play"]')
    page.fill('[data-testid="seed"]', "8")
    page.click('[data-testid="start-game"]')
    question = page.wait_for_selector('[data-testid="new-game-question"]')
    assert question.inner_text().strip() == t("confirm.new_game", "fr")
    keep = page.locator('[data-testid="keep-playing"]')
    assert keep.inner_text().strip() == t("confirm.new_game.keep", "fr")
    wait_until_settled(page)
    shot(page, "question-fr")
    keep.click()
    page.wait_for_selector('[data-testid="skyjo-table"]')
    assert page.locator(".sj-me [data-card]").count() >= 1  # the card turned is still up

    page.click('[data-testid="new-game"]')
    page.click('[data-testid="start-game"]')
    page.click('[data-testid="confirm-new-game"]')
    page.wait_for_selector('[data-testid="skyjo-table"]')
    page.wait_for_function("""() => document.querySelectorAll('.sj-me .sj-legal').length
                              === 12""")
    assert page.locator('[data-testid="new-game-question"]').count() == 0


#: The icons' font is loaded and an icon of a button is drawn with it.
ICONS = """async () => {
  await document.fonts.ready;
  const icon = document.querySelector('[data-testid="hint"] i.fa, [data-testid="menu"] i.fa');
  const style = getComputedStyle(icon, '::before');
  const loaded = [...document.fonts].filter((f) => /Font ?Awesome/i.test(f.family)
                                                 && f.status === 'loaded');
  return {family: style.fontFamily, content: style.content, width: icon.offsetWidth,
          loaded: loaded.length};
}"""


def test_no_request_leaves_the_machine_and_the_icons_show(page: Page) -> None:
    """Everything a page load and a game ask for comes from this machine (Voilà's own page
    linked Font Awesome from a CDN); the buttons' icons still show, from the bundled font."""
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(f"{page.base_url}?lang=de&game=skyjo")
    page.click('[data-testid="play"]', timeout=90_000)
    page.click('[data-testid="start-game"]')
    page.wait_for_selector('[data-testid="grid-0-11"]')
    page.locator(".sj-me .sj-legal").first.click()
    page.click('[data-testid="hint"]')
    wait_until_settled(page)
    local = ("http://127.0.0.1:", "ws://127.0.0.1:", "data:", "blob:")
    away = [url for url in asked if not url.startswith(local)]
    assert len(asked) > 10 and away == []
    icons = page.evaluate(ICONS)
    assert "Font Awesome" in icons["family"] and icons["content"] not in ("", "none")
    assert icons["width"] > 0 and icons["loaded"] >= 1, icons


@pytest.mark.parametrize("viewport", [{"width": 1366, "height": 768}, PHONE],
                         ids=["laptop", "phone"])
def test_after_a_reload_the_kept_game_is_offered_first_and_focused(
        browser: Any, voila_url: str, viewport: dict[str, int]) -> None:
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    try:
        page.goto(f"{voila_url}?lang=nl&game=skyjo")
        page.click('[data-testid="play"]', timeout=90_000)
        page.click('[data-testid="start-game"]')
        page.wait_for_selector('[data-testid="grid-0-11"]')
        page.locator(".sj-me .sj-legal").first.click()
        page.wait_for_function("() => (localStorage.getItem('skipbo-widgets/session') || '')"
                               ".includes('reveal')")
        page.reload()
        offer = page.wait_for_selector('[data-testid="resume-offer"]', timeout=90_000)
        page.wait_for_function(
            "() => document.activeElement?.getAttribute('data-testid') === 'resume'")
        assert t("home.resume_waiting", "nl", game="Skyjo", players=2, turn=0).split(":")[0] \
            in offer.inner_text()
        box = page.locator('[data-testid="resume"]').bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"]
        wait_until_settled(page)
        shot(page, f"resume-{viewport['width']}")
        page.keyboard.press("Enter")  # the focused button: the game goes on
        page.wait_for_selector('[data-testid="skyjo-table"]')
    finally:
        context.close()


#: The game-number field and what it is for: the field wide enough to read a number in,
#: inside the screen, and its explanation shown whole (not a placeholder cut short).
SEED_FIELD = """(note) => {
  const input = document.querySelector('input[data-testid="seed"]');
  const r = input.getBoundingClientRect();
  const said = [...document.querySelectorAll('.sb-seed-note')]
    .filter((e) => e.textContent.trim() === note && e.offsetParent !== null);
  return {width: r.width, inside: r.left >= 0 && r.right <= window.innerWidth + 1,
          placeholder: input.placeholder,
          said: said.length, whole: said.every((e) => e.scrollWidth <= e.clientWidth + 1
                                                     && e.getBoundingClientRect().right
                                                        <= window.innerWidth + 1)};
}"""


@pytest.mark.parametrize("viewport", [{"width": 1366, "height": 768}, PHONE],
                         ids=["laptop", "phone"])
def test_the_game_number_field_is_wide_and_says_what_it_is_for(
        browser: Any, voila_url: str, viewport: dict[str, int]) -> None:
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    try:
        page.goto(f"{voila_url}?lang=nl&game=skyjo")
        for form, ready in (("demo", "demo-start"), ("hot-seat", "start-game"),
                            ("play", "start-game")):
            page.click(f'[data-testid="{form}"]', timeout=90_000)
            page.wait_for_selector(f'[data-testid="{ready}"]')
            wait_until_settled(page)
            shot(page, f"seed-{form}-{viewport['width']}", full_page=True)
            seen = page.evaluate(SEED_FIELD, t("setup.seed_placeholder", "nl"))
            assert seen["width"] >= min(240, viewport["width"] - 60), (form, seen)
            assert seen["inside"] and seen["said"] == 1 and seen["whole"], (form, seen)
            assert seen["placeholder"].strip("\u200b") == "", (form, seen)  # ipywidgets: \u200b
            page.click('[data-testid="back"]')
            page.wait_for_selector('[data-testid="play"]')
    finally:
        context.close()


def test_the_class_link_is_copied_by_its_button(browser: Any, voila_url: str) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    try:
        page.goto(f"{voila_url}?lang=fr&game=skyjo")
        page.click('[data-testid="play"]', timeout=90_000)
        page.fill('[data-testid="seed"]', "31")
        link = page.wait_for_selector('[data-testid="deal-link"]')
        page.wait_for_function("""() => document.querySelector('[data-testid="deal-link"]')
                                  .value.includes('deal=31')""")
        page.click('[data-testid="copy-deal-link"]')
        page.wait_for_function(f"""() => document.body.innerText.includes(
            {t("setup.link_copied", "fr")!r})""")
        shot(page, "copy-link-fr")
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied == link.input_value() and "deal=31" in copied
    finally:
        context.close()
