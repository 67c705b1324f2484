"""A browser that cannot keep the game (localStorage full, blocked or missing) says so at
once, in the learner's language, and offers the file instead (issue 20, review
loaders-and-store.md defect 8). The browser side is in tests/browser/test_store_failed.py."""

from __future__ import annotations

import html
import json
from typing import Any

import ipywidgets as w
import pytest

from skipbo_widgets.i18n import t
from skipbo_widgets.widgets.shell.app import App
from skipbo_widgets.widgets.shell.settings import Settings, dumps_session, loads_session
from skipbo_widgets.widgets.skipbo.settings import GameSettings
from skipbo_widgets.widgets.skyjo.settings import SkyjoSettings

LANGS = ["de", "fr", "nl", "en"]
GAMES: dict[str, Settings] = {
    "skipbo": GameSettings(seed="5"),
    "skyjo": SkyjoSettings(seed="1"),
    "skipbo-hot-seat": GameSettings(players=2, levels=(), people=("Emma", "Noah"), seed="5"),
    "skyjo-hot-seat": SkyjoSettings(players=2, levels=(), people=("Emma", "Noah"), seed="1"),
}


def page_says(store: Any, kind: str) -> None:
    """What store.js sends: ``store-failed`` when a write threw (quota, no localStorage),
    ``store-ok`` when a write worked again after one failed."""
    store._receive(store, {"type": kind}, [])


def warnings(app: App) -> dict[str, Any]:
    """The store's warnings on the page, by test id: each box's HTML and its buttons."""
    found: dict[str, Any] = {}

    def walk(widget: Any) -> None:
        if isinstance(widget, w.HTML) and "data-testid=" in widget.value:
            found[widget.value.split('data-testid="')[1].split('"')[0]] = widget.value
        if isinstance(widget, w.Button):
            for cls in widget._dom_classes:
                if cls.startswith("sb-testid-"):
                    found[cls.removeprefix("sb-testid-")] = widget
        for child in getattr(widget, "children", ()):
            walk(child)

    walk(app.store_warning)
    return found


def downloads(app: App, monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(app.store, "send", lambda content, buffers=None: sent.append(content))
    return sent


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("lang", LANGS)
def test_store_failed_is_said_at_once_in_the_learners_language(game: str, lang: str) -> None:
    app = App(lang, animate=False)
    app.start(GAMES[game])
    assert "store-failed" not in warnings(app)
    page_says(app.store, "store-failed")
    said = warnings(app)
    assert html.escape(t("store.failed.game", lang)) in said["store-failed"]
    assert said["store-failed-save"].description == t("store.failed.save", lang)
    assert said["store-failed-dismiss"].description == t("store.failed.dismiss", lang)
    # a screen reader says it at once, and the page scrolls it into sight (testids.js)
    assert 'role="alert"' in said["store-failed"]
    assert "data-scroll-into-view" in said["store-failed"]
    if lang != "en":
        assert t("store.failed.game", lang) != t("store.failed.game", "en")


@pytest.mark.parametrize("game", ["skipbo", "skyjo-hot-seat"])
def test_the_offered_file_is_the_game_as_save_writes_it(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app = App("fr", animate=False)
    app.start(GAMES[game])
    screen = app.game_screen
    assert screen is not None
    page_says(app.store, "store-failed")
    sent = downloads(app, monkeypatch)
    screen.save_button.click()
    warnings(app)["store-failed-save"].click()
    assert [m["type"] for m in sent] == ["download", "download"]
    assert sent[0] == sent[1]
    assert sent[1]["text"] == dumps_session(screen.settings, screen.match)
    settings, match = loads_session(sent[1]["text"])  # and it opens again
    assert settings == screen.settings and match.game.turn == screen.match.game.turn
    assert json.loads(sent[1]["text"])["format"] == "skipbo-widgets/session"


def test_the_warning_stays_through_moves_and_is_said_once() -> None:
    app = App("de", animate=False)
    app.start(GAMES["skipbo"])
    screen = app.game_screen
    assert screen is not None
    page_says(app.store, "store-failed")
    box = app.store_warning.children
    c = screen.controller
    assert not c.move("h13-b1")  # a refusal in the status line does not replace it
    for _ in range(3):
        c.move(str(next(m for m in c.game.legal_moves() if m.is_discard)))
        page_says(app.store, "store-failed")  # the page reports each write that fails
        assert app.store_warning.children == box  # the same message, not said again
    assert "store-failed" in warnings(app)
    app.show_home()
    assert "store-failed" in warnings(app)


def test_dismissed_it_stays_away_until_the_store_has_worked_again() -> None:
    app = App("nl", animate=False)
    app.start(GAMES["skyjo"])
    page_says(app.store, "store-failed")
    warnings(app)["store-failed-dismiss"].click()
    assert warnings(app) == {}
    page_says(app.store, "store-failed")
    assert warnings(app) == {}
    page_says(app.store, "store-ok")
    page_says(app.store, "store-failed")  # worked, then failed again: new news
    assert "store-failed" in warnings(app)


def test_the_warning_goes_when_the_store_works_again() -> None:
    app = App("en", animate=False)
    app.start(GAMES["skipbo"])
    page_says(app.store, "store-failed")
    page_says(app.store, "store-ok")
    assert warnings(app) == {}


@pytest.mark.parametrize("lang", LANGS)
def test_a_lesson_place_that_cannot_be_kept_is_said(lang: str) -> None:
    app = App(lang, animate=False, screen="learn")
    page_says(app.lesson_store, "store-failed")
    said = warnings(app)
    assert html.escape(t("store.failed.lessons", lang)) in said["store-failed-lessons"]
    assert "store-failed-save" not in said  # no file keeps a place in the lessons
    said["store-failed-lessons-dismiss"].click()
    assert warnings(app) == {}


def test_the_warning_follows_the_language() -> None:
    app = App("en", animate=False)
    app.start(GAMES["skyjo"])
    page_says(app.store, "store-failed")
    app.lang_picker.value = "de"
    said = warnings(app)
    assert html.escape(t("store.failed.game", "de")) in said["store-failed"]
    assert said["store-failed-save"].description == t("store.failed.save", "de")


def test_the_projector_choice_not_kept_says_nothing() -> None:
    app = App("fr", animate=False)
    app.start(GAMES["skipbo"])
    page_says(app.view_store, "store-failed")
    assert warnings(app) == {}


def test_the_reviews_reproduction() -> None:
    """loaders-and-store.md defect 8, as the review wrote it: nothing was said."""
    app = App("en", animate=False)
    app.start(SkyjoSettings(seed="1"))
    app.store._receive(app.store, {"type": "store-failed"}, [])
    assert html.escape(t("store.failed.game", "en")) in app.store_warning.children[0].value
