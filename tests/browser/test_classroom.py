"""`make classroom`'s server: a page gets a kernel Voilà pre-heated before it came, and the
address's ?lang= still reaches the app (read after the request is attached)."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from skipbo_widgets.bench.classroom import classroom_flags
from skipbo_widgets.devtools import voila_server
from skipbo_widgets.i18n import t

PRE_HEATED = "Using pre-heated kernel"


def _log_says(log: Path, text: str, limit: float = 120) -> bool:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if text in log.read_text(errors="replace"):
            return True
        time.sleep(0.5)
    return False


def test_lang_reaches_the_app_in_a_pre_heated_kernel(browser: Any, tmp_path: Path) -> None:
    log = tmp_path / "voila.log"
    with voila_server(log=log, flags=classroom_flags(1)) as (url, _server):
        assert _log_says(log, "Kernel pool of")  # started before anyone asked
        context = browser.new_context(viewport={"width": 1366, "height": 900})
        page = context.new_page()
        page.goto(f"{url}?lang=fr")
        page.wait_for_selector('[data-testid="play"]', timeout=120_000)
        kernel = re.search(r'"kernelId": "([0-9a-f-]+)"', page.content())
        assert kernel is not None
        assert f"{PRE_HEATED}: {kernel.group(1)}" in log.read_text(errors="replace")
        page.wait_for_function(
            "text => document.querySelector('[data-testid=\"play\"]').innerText.trim() === text",
            arg=t("home.play", "fr"), timeout=30_000)
        assert page.inner_text('[data-testid="learn"]').strip() == t("home.learn", "fr")
        assert page.get_attribute(".sb-app", "lang") == "fr"
        context.close()
