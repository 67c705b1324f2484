"""The page's query reaches Python through the shell's widget (a static site's kernel
runs in a Web Worker: no ``QUERY_STRING``, no page address); the browser side is
checked in tests/site."""

from __future__ import annotations

import pytest

from skipbo_widgets.i18n import t
from skipbo_widgets.widgets.page.testids import HERE as PAGE
from skipbo_widgets.widgets.shell.app import App
from skipbo_widgets.widgets.skipbo.settings import GameSettings


def page_sends(app: App, query: object) -> None:
    """What the shell's script does in the page: set ``query`` and save it."""
    app.shell.set_state({"query": query})


@pytest.fixture(autouse=True)
def no_query_string(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("QUERY_STRING", raising=False)


def test_the_shell_sends_the_pages_query() -> None:
    app = App("en", animate=False)
    assert app.shell.trait_metadata("query", "sync")
    script = (PAGE / "testids.js").read_text()
    assert "location.search" in script and 'model.set("query"' in script


@pytest.mark.parametrize(("query", "lang"), [
    ("lang=fr", "fr"), ("deal=7&lang=nl-BE&view=teacher", "nl"), ("lang=xx", "en"),
])
def test_the_pages_language_is_applied_and_the_whole_query_kept(query: str, lang: str) -> None:
    app = App("de", animate=False)
    page_sends(app, query)
    assert (app.lang, app.lang_picker.value, app.shell.lang) == (lang, lang, lang)
    assert t("app.title", lang) in app.title.value
    assert app.query["lang"]
    if "deal" in query:
        assert app.query["deal"] == ["7"] and app.query["view"] == ["teacher"]


def test_a_query_without_a_language_changes_nothing() -> None:
    app = App("fr", animate=False)
    page_sends(app, "deal=7")
    assert app.lang == "fr" and app.query == {"deal": ["7"]}


def test_voilas_query_string_wins_over_the_pages(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "lang=de&deal=3")
    app = App("de", animate=False)
    page_sends(app, "lang=fr&deal=9&view=table")
    assert app.lang == "de"
    assert app.query == {"lang": ["de"], "deal": ["3"], "view": ["table"]}


def test_the_language_from_the_page_relabels_a_running_game_and_keeps_it() -> None:
    app = App("en", animate=False)
    app.start(GameSettings(seed="5"))
    screen = app.game_screen
    assert screen is not None
    before = screen.match.game.state_key()
    page_sends(app, "lang=fr")
    assert app.game_screen is screen and screen.match.game.state_key() == before
    assert screen.controller.view["lang"] == "fr"


@pytest.mark.parametrize("bad", [5, None, ["lang=fr"], {"lang": "fr"}, "lang=fr\ud800",
                                 "lang=fr&" + "x" * 10_000])
def test_a_malformed_query_from_the_browser_changes_nothing(bad: object) -> None:
    app = App("nl", animate=False)
    page_sends(app, bad)  # refused without a TraitError: tests/widgets/test_forged_messages.py
    assert app.lang == "nl" and app.query == {} and app.shell.query == ""
