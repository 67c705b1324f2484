"""The static site (``make site``) in a real Chromium with every other host refused.

The site is built once (or reused while its inputs are unchanged) and served by a plain
file server, as any web host would; Chromium's resolver refuses every host but
127.0.0.1, so the Python kernel's Web Worker cannot reach a CDN either. Each test loads
the app cold, in French, on a 390 px phone, and checks that no request left the machine.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skipbo_widgets import devtools
from skipbo_widgets.devtools import CHROMIUM, HARMLESS_CONSOLE, find_deal
from skipbo_widgets.i18n import t
from skipbo_widgets.tutorials import load_lessons

pytestmark = [pytest.mark.slow, pytest.mark.site]

Page = Any
FR = "fr"
PHONE = {"width": 390, "height": 844}
#: The cold start (Pyodide, the kernel, the notebook) takes about 10 s on 2 cores.
FIRST_SCREEN_MS = 120_000


def _missing() -> str | None:
    if not devtools.chromium_available():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    if shutil.which("npm") is None:
        return "no npm to fetch the Pyodide runtime (apt-get install npm)"
    return None


@pytest.fixture(scope="module")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    missing = _missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"{missing}: .ci/run should have installed it")
        pytest.skip(f"the static site is neither built nor tested: {missing}")
    folder = devtools.fresh_site(log=tmp_path_factory.mktemp("site") / "make-site.log")
    with devtools.static_server(folder) as url:
        yield url


@pytest.fixture(scope="module")
def offline_browser(site_url: str, playwright: Any) -> Iterator[Any]:
    browser = devtools.launch_chromium(playwright, offline=True)
    yield browser
    browser.close()


@pytest.fixture()
def page(offline_browser: Any, site_url: str) -> Iterator[Page]:
    context = offline_browser.new_context(viewport=PHONE)
    requests: list[str] = []
    context.on("request", lambda request: requests.append(request.url))
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
    yield page
    # Asked of every test: it ran against this machine alone and Python raised nothing.
    elsewhere = [u for u in requests
                 if not u.startswith((site_url, "blob:", "data:"))]
    assert requests and elsewhere == []
    assert "Traceback" not in page.inner_text("body")
    assert [e for e in errors if not any(h in e for h in HARMLESS_CONSOLE)] == []
    context.close()


def open_app(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}index.html?lang={FR}")
    page.wait_for_selector('[data-testid="play"]', timeout=FIRST_SCREEN_MS)


def text_of(page: Page, testid: str) -> str:
    return str(page.inner_text(f'[data-testid="{testid}"]')).strip()


def test_the_home_screen_comes_in_the_language_of_the_address(page: Page,
                                                               site_url: str) -> None:
    open_app(page, site_url)
    # The kernel cannot see the address: the page hands ?lang=fr over to Python.
    page.wait_for_selector('.sb-app[lang="fr"]')
    # The root says its language at once; the home screen's new buttons follow it.
    page.wait_for_function(
        "text => document.querySelector('[data-testid=\"play\"]')?.innerText.trim() === text",
        arg=t("home.play", FR))
    assert text_of(page, "learn") == t("home.learn", FR)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_lesson_task_is_done_by_clicking(page: Page, site_url: str) -> None:
    open_app(page, site_url)
    page.wait_for_selector('.sb-app[lang="fr"]')
    page.click('[data-testid="learn"]')
    lesson = load_lessons()[0]
    for step in lesson.steps:
        page.wait_for_function(
            "text => document.querySelector('[data-testid=\"tutorial-text\"]')"
            "?.innerText.includes(text)", arg=t(step.key, FR)[:40])
        if step.task is not None:
            break
        page.click('[data-testid="tutorial-next"]')
    assert step.task is not None, "the first lesson has a task"
    count = int(text_of(page, "stock-count-0"))
    page.click('[data-testid="stock-0"]')
    page.click('[data-testid="build-0"]')
    page.wait_for_function(
        "text => document.querySelector('[data-testid=\"tutorial-feedback\"]')"
        "?.innerText.includes(text)", arg=t(step.key + ".done", FR)[:40])
    assert int(text_of(page, "stock-count-0")) == count - 1


def play_a_one(page: Page, site_url: str) -> str:
    """A new game in French whose hand holds a 1, the 1 played onto building pile 1 by
    clicking; the hand's text afterwards."""
    seed, _game = find_deal(lambda g: 1 in g.hand_cards(0), tries=500)
    devtools.start_game(page, f"{site_url}index.html?lang={FR}", seed,
                        timeout=FIRST_SCREEN_MS)
    page.click('[data-source="h1"]')
    page.click('[data-testid="build-0"]')
    page.wait_for_selector('[data-testid="build-0"] [data-card="1"]')
    return text_of(page, "hand")


def test_a_game_move_is_made_by_clicking(page: Page, site_url: str) -> None:
    play_a_one(page, site_url)
    assert page.query_selector('.sb-app[lang="fr"]') is not None
    assert page.query_selector('[data-testid="undo"]:not([disabled])') is not None


def test_a_saved_game_file_opens_again_in_a_fresh_page(page: Page, site_url: str,
                                                      tmp_path: Path) -> None:
    """Save and open go through the page alone (a download, a file picker): in the
    static site as under Voilà, the game comes back where it was."""
    hand = play_a_one(page, site_url)
    with page.expect_download() as download:
        page.click('[data-testid="save-file"]')
    saved = tmp_path / "partie.json"
    download.value.save_as(saved)
    assert '"skipbo-widgets/session"' in saved.read_text(encoding="utf-8")

    page.goto(f"{site_url}index.html?lang={FR}")  # a new kernel: nothing in memory
    page.wait_for_selector('[data-testid="load-file"]', timeout=FIRST_SCREEN_MS)
    page.set_input_files('[data-testid="load-file-input"]', str(saved))
    page.click('[data-testid="confirm-new-game"]')  # the browser keeps a game: asked first
    page.wait_for_selector('[data-testid="build-0"] [data-card="1"]')
    assert text_of(page, "hand") == hand


def test_a_reload_offers_the_game_kept_in_the_browser(page: Page, site_url: str) -> None:
    hand = play_a_one(page, site_url)
    page.reload()
    page.click('[data-testid="resume"]', timeout=FIRST_SCREEN_MS)
    page.wait_for_selector('[data-testid="build-0"] [data-card="1"]')
    assert text_of(page, "hand") == hand


#: Watches the page from its first script on, every frame: when the progress page was
#: first seen, and every time the home screen's Play button could be seen (not under
#: the progress page) with another text than the expected one or another language.
WATCH = """(expected) => {
  const seen = window.skipboWatch = {progress: null, wrong: []};
  const look = () => {
    const cover = document.getElementById("sb-progress");
    if (cover && seen.progress === null) seen.progress = performance.now();
    const play = document.querySelector('[data-testid="play"]');
    if (play && play.offsetParent !== null) {
      const box = play.getBoundingClientRect();
      const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      const lang = play.closest(".sb-app")?.getAttribute("lang");
      const covered = top !== null && top.closest("#sb-progress") !== null
        && getComputedStyle(cover).opacity === "1";
      if (!covered && (play.innerText.trim() !== expected.play || lang !== expected.lang))
        seen.wrong.push([lang, play.innerText.trim()]);
    }
    requestAnimationFrame(look);
  };
  look();
}"""


def first_screen(page: Page, url: str, lang: str) -> dict[str, Any]:
    """Open ``url`` cold, watching it until the first screen is there; what was seen."""
    expected = {"play": t("home.play", lang), "lang": lang}
    page.add_init_script(f"({WATCH})({json.dumps(expected)})")
    page.goto(url)
    page.wait_for_function("window.skipboProgress?.home", timeout=FIRST_SCREEN_MS)
    page.wait_for_timeout(500)  # the progress page fades out
    seen: dict[str, Any] = page.evaluate("window.skipboWatch")
    seen["kernel_ready"] = page.evaluate("window.skipboProgress.executing")
    return seen


def test_the_progress_page_speaks_dutch_from_the_start_and_english_never_shows(
        page: Page, site_url: str) -> None:
    seen = first_screen(page, f"{site_url}index.html?lang=nl", "nl")
    assert seen["progress"] is not None and seen["progress"] < seen["kernel_ready"]
    assert seen["wrong"] == []
    assert text_of(page, "play") == t("home.play", "nl")
    assert page.query_selector("#sb-progress") is None  # gone once the home screen is there


def test_the_kernel_starts_with_the_page_not_after_its_scripts(page: Page, site_url: str
                                                              ) -> None:
    """The progress page makes the kernel's worker (tools/site/early_worker.js) and the
    page's kernel takes it: one worker, started before the page's scripts asked for a
    kernel, and the app built in the address's language at once."""
    seen = first_screen(page, f"{site_url}index.html?lang=fr", "fr")
    assert seen["wrong"] == []
    assert page.evaluate("window.skipboEarlyWorker.take()") is None  # the kernel took it
    origins = [w.evaluate("performance.timeOrigin") for w in page.workers
               if w.evaluate("typeof self.skipboEarly") == "object"]
    assert len(origins) == 1
    started = origins[0] - page.evaluate("performance.timeOrigin")
    assert started < page.evaluate("window.skipboProgress.connected")
    assert text_of(page, "play") == t("home.play", "fr")


def test_without_a_lang_the_browser_languages_choose(offline_browser: Any,
                                                     site_url: str) -> None:
    context = offline_browser.new_context(viewport=PHONE, locale="de-DE")
    page = context.new_page()
    seen = first_screen(page, f"{site_url}index.html", "de")
    assert seen["wrong"] == []
    assert page.evaluate("document.getElementById('sb-progress') === null")
    assert "lang=de" in page.url  # the app was told, through the page's query
    context.close()
