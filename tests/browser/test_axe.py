"""axe-core (the npm package pinned in tools/a11y, fetched by `make axe`) on every kind of
screen, in all four languages (issue 25): the home screen, both games' new-game forms and
tables, the first lesson of each, the demo, the hot seat and a teacher's class view.
WCAG 2.2 A and AA: no serious or critical finding. ``SKIPBO_SHOTS=DIR`` keeps a
screenshot of each screen checked."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from skipbo_widgets.devtools import AXE, axe_script, wait_until_settled
from skipbo_widgets.i18n import LANGUAGES

from .test_rooms import classroom
from .test_screens import shot

__all__ = ["classroom"]  # the class view needs make classroom's Voilà and its store

Page = Any

#: The rules of WCAG 2.0, 2.1 and 2.2, levels A and AA; what a finding weighs.
AXE_RUN = """async () => {
  const result = await axe.run(document, {runOnly: {type: "tag",
    values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]}});
  return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length}) `
      + v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | "));
}"""


def findings(page: Page, axe: str, name: str) -> list[str]:
    wait_until_settled(page)
    shot(page, f"axe-{name}", full_page=True)
    page.add_script_tag(content=axe)
    return [f"{name}: {f}" for f in page.evaluate(AXE_RUN)]


def open_home(page: Page, url: str, lang: str, game: str = "") -> None:
    page.goto(f"{url}?lang={lang}{'&game=' + game if game else ''}")
    page.wait_for_selector('[data-testid="play"]', timeout=120_000)


def start(page: Page) -> None:
    """The form's start button; a game the browser keeps is replaced."""
    page.fill('[data-testid="seed"]', "7")
    page.click('[data-testid="start-game"]')
    confirm = page.locator('[data-testid="confirm-new-game"]')
    table = page.locator('[data-testid="table"], [data-testid="skyjo-table"], '
                         '[data-testid="pass-screen"]')
    confirm.or_(table).first.wait_for(timeout=60_000)
    if confirm.count():
        confirm.click()


@pytest.fixture(scope="module")
def axe() -> str:
    if shutil.which("npm") is None and not AXE.exists():
        if os.environ.get("CI"):
            pytest.fail("no npm to fetch axe-core: .ci/run should have installed it")
        pytest.skip("no npm to fetch axe-core (apt-get install npm)")
    return axe_script()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_serious_finding_on_any_screen(browser: Any, classroom: tuple[str, Path],
                                          axe: str, lang: str) -> None:
    url, _data = classroom
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    found: list[str] = []

    def check(name: str, ready: str, then: Callable[[], None] | None = None) -> None:
        if then:
            then()
        page.wait_for_selector(ready, timeout=60_000)
        found.extend(findings(page, axe, f"{lang}-{name}"))

    try:
        for game, table in (("skipbo", '[data-testid="hand-card-0"]'),
                            ("skyjo", '[data-testid="grid-0-11"]')):
            open_home(page, url, lang, game)
            if game == "skipbo":
                check("home", '[data-testid="learn"]')
            check(f"{game}-setup", '[data-testid="start-game"]',
                  lambda: page.click('[data-testid="play"]'))
            check(f"{game}-table", table, lambda: start(page))
            open_home(page, url, lang, game)
            check(f"{game}-lesson", '[data-testid="tutorial-text"]',
                  lambda: page.click('[data-testid="learn"]'))
        open_home(page, url, lang)
        page.click('[data-testid="demo"]')
        check("demo", '[data-testid="demo-step"]', lambda: page.click('[data-testid="demo-start"]'))
        open_home(page, url, lang)
        page.click('[data-testid="hot-seat"]')
        check("hot-seat", '[data-testid="pass-screen"]', lambda: start(page))
        open_home(page, url, lang)
        page.click('[data-testid="start-class"]')
        page.fill('[data-testid="class-name"]', "4b")
        check("class", '[data-testid="class-code"]',
              lambda: page.click('[data-testid="class-start-go"]'))
    finally:
        context.close()
    assert not found, "\n".join(found)
