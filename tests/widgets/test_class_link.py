"""A class deal by link (issue 14, item 4): ``?deal=123`` opens the same cards for every
pupil, the setup form shows the link to share, and a bad link is refused in words."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from skipbo_widgets.i18n import t
from skipbo_widgets.widgets.shell.app import App, lang_from_query
from skipbo_widgets.widgets.shell.settings import deal_query, settings_from_query
from skipbo_widgets.widgets.skipbo.settings import GameSettings


@pytest.fixture(autouse=True)
def no_query_string(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("QUERY_STRING", raising=False)


def opened(query: str, *, lang: str = "en", voila: bool = True,
           monkeypatch: pytest.MonkeyPatch) -> App:
    """An app opened at ``?query``: from Voilà's QUERY_STRING (as notebooks/app.ipynb
    opens it), or sent by the page."""
    if voila:
        monkeypatch.setenv("QUERY_STRING", query)
        return App(lang_from_query() if "lang=" in query else lang, animate=False)
    app = App(lang, animate=False)
    app.shell.set_state({"address": "https://school.example/app/", "query": query})
    return app


@pytest.mark.parametrize("voila", [True, False])
@pytest.mark.parametrize("query", ["deal=123", "lang=fr&deal=7&players=4&stock=12&teams=1"])
def test_two_pupils_with_the_same_link_get_the_same_cards(
        query: str, voila: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    first = opened(query, voila=voila, monkeypatch=monkeypatch)
    second = opened(query, voila=voila, monkeypatch=monkeypatch)
    assert first.screen == second.screen == "game"
    assert first.game_screen is not None and second.game_screen is not None
    a, b = first.game_screen.match.game, second.game_screen.match.game
    assert a.position_key() == b.position_key()
    assert str(first.game_screen.settings.seed) == parse_qs(query)["deal"][0]
    other = opened(query.replace("deal=", "deal=9"), voila=voila, monkeypatch=monkeypatch)
    assert other.game_screen is not None
    assert other.game_screen.match.game.position_key() != a.position_key()


def test_a_link_is_opened_once_not_again_when_the_page_sends_its_query(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = opened("deal=5", monkeypatch=monkeypatch)
    screen = app.game_screen
    app.shell.set_state({"query": "deal=5"})
    assert app.game_screen is screen


@pytest.mark.parametrize("query", ["deal=5&players=9", "deal=5&players=x", "deal=5&stock=2",
                                   "deal=5&players=6&stock=30", "deal=5&teams=1",
                                   "deal=5&faces=cats", "deal=" + "9" * 30])
def test_a_link_that_cannot_be_played_is_refused_in_the_learners_language(
        query: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app = opened(query, lang="de", monkeypatch=monkeypatch)
    assert app.screen == "home" and app.game_screen is None
    prefix = t("home.deal_failed", "de", reason="").strip()
    assert prefix in app.notice.value
    assert "Spielstand" not in app.notice.value and "gespeichert" not in app.notice.value


def test_no_deal_or_another_game_leaves_the_home_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    assert opened("lang=fr", monkeypatch=monkeypatch).screen == "home"
    assert opened("game=uno&deal=4", monkeypatch=monkeypatch).screen == "home"


def test_the_setup_form_shows_the_link_that_opens_the_same_deal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = opened("lang=nl", voila=False, monkeypatch=monkeypatch)
    app.show_setup()
    form = app.setup_form
    assert form is not None
    assert form.link.layout.display == "none"
    assert t("setup.deal_link_none", "nl") in form.link_note.value
    form.players.value = "3"
    form.seed.value = "123"
    link = form.link.value
    assert link.startswith("https://school.example/app/?")
    assert t("setup.deal_link", "nl") in form.link_note.value and form.link.layout.display == ""
    form.link.value = "typed over"  # a pupil's slip in the box changes nothing
    assert form.link.value == link
    query = parse_qs(urlsplit(link).query)
    assert query["lang"] == ["nl"]
    settings = settings_from_query(query)
    assert settings is not None
    form.submit()
    assert app.game_screen is not None
    pupil = opened(urlsplit(link).query, monkeypatch=monkeypatch)
    assert pupil.game_screen is not None and pupil.lang == "nl"
    assert (pupil.game_screen.match.game.position_key()
            == app.game_screen.match.game.position_key())


def test_the_link_carries_what_makes_the_deal() -> None:
    settings = GameSettings(players=4, levels=("strong",) * 3, stock_size=12, teams=True,
                            faces="playing", seed="77")
    back = settings_from_query(parse_qs(deal_query(settings, "de")))
    assert back is not None and back.rules() == settings.rules()
    assert back.match_seed() == 77


def test_a_reloaded_link_goes_on_with_the_game_this_browser_kept(
        monkeypatch: pytest.MonkeyPatch) -> None:
    first = opened("deal=5&players=3", monkeypatch=monkeypatch)
    first.store._receive(None, {"type": "stored", "value": ""}, None)  # nothing kept yet
    screen = first.game_screen
    assert screen is not None
    while screen.controller.game.current != 0 or not screen.controller.my_turn:
        screen.skip()
    discard = next(m for m in screen.controller.game.legal_moves() if m.is_discard)
    screen.controller.move(str(discard))
    kept = first.store.value
    assert kept and screen.match.game.turn > 0

    again = opened("deal=5&players=3", monkeypatch=monkeypatch)
    again.store._receive(None, {"type": "stored", "value": kept}, None)
    assert again.game_screen is not None
    assert again.game_screen.match.game.position_key() == screen.match.game.position_key()

    # another deal kept in the browser does not replace the link's
    other = opened("deal=6&players=3", monkeypatch=monkeypatch)
    fresh = other.game_screen
    other.store._receive(None, {"type": "stored", "value": kept}, None)
    assert other.game_screen is fresh
    assert other.screen == "confirm"  # and the kept game is not thrown away unasked
