"""The projector view's switch (issue 14, item 3): on every screen, from ``?view=projector``,
and kept in the browser; its sizes are checked in tests/browser/test_projector.py."""

from __future__ import annotations

import pytest

from skipbo_widgets.i18n import t
from skipbo_widgets.widgets.shell.app import App
from skipbo_widgets.widgets.skipbo.settings import GameSettings


@pytest.fixture(autouse=True)
def no_query_string(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("QUERY_STRING", raising=False)


def projected(app: App) -> bool:
    return "sb-projector" in app.widget._dom_classes


def browser_had(app: App, text: str) -> None:
    app.view_store._receive(None, {"type": "stored", "value": text}, None)


def test_the_switch_turns_the_view_on_and_off_and_the_browser_keeps_the_choice() -> None:
    app = App("fr", animate=False)
    assert not projected(app) and app.projector.description == t("view.projector", "fr")
    app.projector.value = True
    assert projected(app) and app.view_store.value == "projector"
    app.start(GameSettings(seed="4"))
    assert projected(app) and app.projector in app.view_menu.panel.children
    app.set_lang("nl")
    assert app.projector.description == t("view.projector", "nl")
    app.projector.value = False
    assert not projected(app) and app.view_store.value == ""


@pytest.mark.parametrize(("stored", "on"), [("projector", True), ("", False), ("junk", False)])
def test_a_reloaded_page_comes_back_in_the_view_the_learner_chose(stored: str, on: bool) -> None:
    app = App("de", animate=False)
    browser_had(app, stored)
    assert projected(app) is on and app.projector.value is on


@pytest.mark.parametrize("from_page", [False, True])
def test_the_pages_view_wins_and_does_not_replace_the_kept_choice(
        from_page: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if not from_page:
        monkeypatch.setenv("QUERY_STRING", "view=projector")
    app = App("en", animate=False)
    if from_page:
        app.shell.set_state({"query": "view=projector"})
    assert projected(app)
    assert app.view_store.value == ""  # a link's view is not the learner's own choice
    browser_had(app, "")
    assert projected(app)
