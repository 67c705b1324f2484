"""A real Voilà server and a real headless Chromium for the browser tests.

Chromium comes from the system (`/usr/bin/chromium`, installed by `.ci/run`);
Playwright drives it. Without Chromium the tests are skipped on a developer's
machine and fail in CI, where it must be there.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skipbo_widgets.devtools import (
    CHROMIUM,
    HARMLESS_CONSOLE,
    chromium_available,
    launch_chromium,
    voila_server,
)

HERE = Path(__file__).parent
CULL_AFTER = 60
CULL_FLAGS = ("--MappingKernelManager.cull_interval=15",
              f"--MappingKernelManager.cull_idle_timeout={CULL_AFTER}",
              "--MappingKernelManager.cull_connected=False")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test here is a browser test: `make test-fast` leaves them out."""
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A Voilà server for notebooks/app.ipynb, on a free port of this machine, shared by
    every file here. A closed page's kernel is not shut down (Voilà refuses the page's
    request, voila#1458): the server ends kernels no page has been connected to for
    CULL_AFTER s, as `make app` does after 900 s, so the suite's ~100 pages do not leave
    ~100 kernels (~60 MB each) running until its end."""
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    with voila_server(log=log, flags=CULL_FLAGS) as (url, _proc):
        yield url


@pytest.fixture(scope="module")
def browser(playwright: Any) -> Iterator[Any]:
    if not chromium_available():
        if os.environ.get("CI"):
            pytest.fail(f"Chromium is missing at {CHROMIUM}: .ci/run should have installed it")
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    b = launch_chromium(playwright)
    yield b
    b.close()


class PageErrors(list[str]):
    """Console errors and uncaught exceptions of a page, less the harmless ones."""

    def real(self) -> list[str]:
        return [e for e in self if not any(h in e for h in HARMLESS_CONSOLE)]


@pytest.fixture()
def page(browser: Any, voila_url: str) -> Iterator[Any]:
    yield from _page(browser, voila_url, {"width": 1366, "height": 900})


#: A common phone held upright.
PHONE = {"width": 390, "height": 844}


@pytest.fixture()
def phone_page(browser: Any, voila_url: str) -> Iterator[Any]:
    yield from _page(browser, voila_url, PHONE)


def _page(browser: Any, voila_url: str, viewport: dict[str, int]) -> Iterator[Any]:
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    errors = PageErrors()
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
    page.errors = errors
    page.base_url = voila_url
    yield page
    context.close()
