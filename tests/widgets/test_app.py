"""The app shell without a browser: screens, language, the kept session, bad saves."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest
from app_screens import widgets_in

from skipbo_widgets.i18n import explain, t
from skipbo_widgets.skipbo.engine import Reason, SaveError
from skipbo_widgets.skipbo.engine.save import MAX_SAVE_SIZE
from skipbo_widgets.widgets.page.file_picker import FilePicker
from skipbo_widgets.widgets.page.testids import HERE as PAGE
from skipbo_widgets.widgets.shell.app import App, lang_from_query
from skipbo_widgets.widgets.shell.settings import dumps_session, loads_session
from skipbo_widgets.widgets.skipbo.settings import GameSettings


def browser_reports(app: App, stored: object) -> None:
    """The store widget's message from the page: what localStorage held."""
    app.store._receive(app.store, {"type": "stored", "value": stored}, [])


def play(lang: str) -> App:
    """The app as a test drives it: bots answer at once, whatever event loop exists."""
    return App(lang, animate=False)


def started(lang: str = "en", **settings: object) -> App:
    app = play(lang=lang)
    app.start(GameSettings(**settings))  # type: ignore[arg-type]
    return app


@pytest.mark.parametrize(("query", "lang"), [
    ("lang=fr", "fr"), ("lang=nl-BE", "nl"), ("x=1&lang=de", "de"), ("", "en"), ("lang=xx", "en"),
])
def test_the_language_comes_from_the_query_string(query: str, lang: str) -> None:
    assert lang_from_query(query) == lang


def test_switching_the_language_relabels_the_game_but_keeps_it() -> None:
    app = started("en", players=3, levels=("medium", "strong"), seed="11")
    screen = app.game_screen
    assert screen is not None
    before = screen.match.game.state_key()
    app.lang_picker.value = "nl"
    assert screen.match.game.state_key() == before
    assert screen.hint_button.description == t("ui.hint", "nl")
    assert screen.controller.view["labels"]["stock_pile"] == t("pile.stock", "nl")



@pytest.mark.parametrize("screen", ["home", "learn", "setup", "game"])
def test_the_apps_root_element_says_the_language_and_follows_the_picker(screen: str) -> None:
    """The page says ``<html lang="en">`` whatever the learner picked: the app's root
    element (``.sb-app``) gets the language from ShellSupport's ``lang`` (its script
    writes it there; tests/browser checks the page), and so does the card table."""
    app = App("de", animate=False, screen="learn" if screen == "learn" else "home")
    if screen == "setup":
        app.show_setup()
    elif screen == "game":
        app.start(GameSettings(seed="3"))
    assert "sb-app" in app.widget._dom_classes
    assert app.shell in app.widget.children
    assert app.shell.trait_metadata("lang", "sync")  # sent to the page
    assert app.shell.lang == "de"
    for lang in ("fr", "nl", "en", "de"):
        app.lang_picker.value = lang
        assert app.shell.lang == lang
        if screen == "game":
            assert app.game_screen is not None
            assert app.game_screen.controller.view["lang"] == lang
        elif screen == "learn":
            assert app.tutorial is not None
            assert app.tutorial.table.view["lang"] == lang
    assert 'getAttribute("lang")' in (PAGE / "testids.js").read_text()


def test_the_inline_lessons_say_their_language_too() -> None:
    from skipbo_widgets import tutorial

    app = tutorial(lang="nl")
    assert app.shell.lang == "nl"
    assert app.tutorial is not None and app.tutorial.table.view["lang"] == "nl"
    app.lang_picker.value = "fr"
    assert app.shell.lang == "fr" and app.tutorial.table.view["lang"] == "fr"

def test_every_change_is_kept_in_the_browser_and_can_be_resumed() -> None:
    app = started("de", players=2, levels=("medium",), seed="5")
    screen = app.game_screen
    assert screen is not None
    kept = app.store.value
    settings, match = loads_session(kept)
    assert settings == screen.settings
    assert match.game.position_key() == screen.match.game.position_key()

    fresh = play(lang="de")  # a page reload: a new kernel, the same browser storage
    browser_reports(fresh, kept)
    assert fresh.resume is not None
    fresh._resume()
    assert fresh.game_screen is not None
    assert fresh.game_screen.match.game.position_key() == match.game.position_key()


def test_a_reload_brings_back_the_move_log_too() -> None:
    app = started("en", players=2, levels=("medium",), seed="5")
    screen = app.game_screen
    assert screen is not None
    controller = screen.controller
    controller.move(next(str(m) for m in controller.game.legal_moves() if m.is_discard))
    screen.controller.run_bots()
    lines = [line.text for line in screen.log.lines]
    assert len(lines) > 3

    fresh = play(lang="en")
    browser_reports(fresh, app.store.value)
    fresh._resume()
    assert fresh.game_screen is not None
    assert [line.text for line in fresh.game_screen.log.lines] == lines


@pytest.mark.parametrize("moves", [["zz"], ["s-b1"] * 3, ["h1-d1"] * 400])
def test_moves_that_do_not_lead_to_the_kept_position_only_cost_the_log(moves: list[str]) -> None:
    app = started("en", players=2, levels=("medium",), seed="5")
    kept = json.loads(app.store.value)
    kept["moves"] = moves
    _settings, match = loads_session(json.dumps(kept))
    assert app.game_screen is not None
    assert match.game.position_key() == app.game_screen.match.game.position_key()


@pytest.mark.parametrize("moves", ["s-b1", [1, 2], {"a": 1}])
def test_a_kept_move_list_of_the_wrong_type_is_refused(moves: object) -> None:
    app = started("en", players=2, levels=("medium",), seed="5")
    kept = json.loads(app.store.value)
    kept["moves"] = moves
    with pytest.raises(SaveError):
        loads_session(json.dumps(kept))


@pytest.mark.parametrize("stored", [
    "not json", "{}", json.dumps({"format": "skipbo-widgets/session", "version": 7}),
    "[" * 100_000, 12, None,
])
def test_a_broken_kept_session_is_reported_in_the_learners_language(stored: object) -> None:
    app = play(lang="fr")
    browser_reports(app, stored)
    assert app.resume is None
    if isinstance(stored, str) and stored:
        assert 'data-testid="notice"' in app.notice.value
        assert "{" not in app.notice.value
    else:
        assert app.notice.value == ""  # nothing was kept: nothing to report
    assert app.screen == "home"


def test_a_hand_edited_session_with_a_missing_card_is_refused_with_its_reason() -> None:
    app = started("en", players=2, levels=("medium",), seed="3")
    data = json.loads(app.store.value)
    data["match"]["game"]["draw_pile"] = data["match"]["game"]["draw_pile"].split(" ", 1)[1]
    text = json.dumps(data)
    with pytest.raises(SaveError) as caught:
        loads_session(text)
    assert caught.value.reason is Reason.SAVE_CARDS_MISMATCH
    fresh = play(lang="nl")
    browser_reports(fresh, text)
    assert explain(caught.value, "nl") in fresh.notice.value.replace("&#x27;", "'")


@pytest.mark.parametrize("lang", ["de", "fr", "nl", "en"])
def test_the_open_file_button_says_its_label_in_the_learners_language(lang: str) -> None:
    app = play(lang)
    pickers = [x for x in widgets_in(app.widget) if isinstance(x, FilePicker)]
    assert len(pickers) == 1
    assert pickers[0].label == t("home.load_file", lang)
    assert pickers[0].max_size == MAX_SAVE_SIZE


def test_a_loaded_file_starts_the_game_and_a_bad_one_changes_nothing() -> None:
    app = started("en", players=2, levels=("beginner",), seed="8")
    assert app.game_screen is not None
    text = dumps_session(app.game_screen.settings, app.game_screen.match)
    other = play(lang="en")
    other._picked("bad.json", b"\x00\xff junk")
    assert other.screen == "home" and 'data-testid="notice"' in other.notice.value
    other._picked("game.json", text.encode())
    assert other.screen == "game"
    assert other.game_screen is not None
    assert other.game_screen.match.game.turn == app.game_screen.match.game.turn


def test_a_finished_single_game_is_no_longer_offered_for_resume() -> None:
    app = started("en", players=2, levels=("strong",), seed="4", stock_size=5)
    screen = app.game_screen
    assert screen is not None
    controller = screen.controller
    for _ in range(5000):  # the learner plays the first legal move, the bots answer
        if controller.game.is_over:
            break
        assert controller.move(str(controller.game.legal_moves()[0])), controller.view["status"]
    assert controller.game.is_over
    assert app.store.value == ""
    assert screen.end_box.children


def test_the_bot_speed_survives_a_language_switch() -> None:
    app = started("en")
    screen = app.game_screen
    assert screen is not None
    assert screen.speed_picker.value == "normal" == screen.speed
    screen.speed_picker.value = "fast"
    app.lang_picker.value = "fr"
    assert screen.speed_picker.value == "fast" == screen.speed


@pytest.mark.parametrize(("stock_size", "kind"), [(0, "standard"), (10, "short"), (17, "custom")])
def test_the_setup_form_keeps_the_stock_choice_when_the_players_change(stock_size: int,
                                                                       kind: str) -> None:
    from skipbo_widgets.widgets.shell.setup_form import SetupForm

    chosen: list[GameSettings] = []
    form = SetupForm("fr", on_start=chosen.append, on_back=lambda: None,
                     initial=GameSettings(stock_size=stock_size))
    form.players.value = "5"
    assert form.stock.value == kind
    assert form.stock.options[0][0] == t("setup.stock.standard", "fr", size=20)
    form.submit()
    assert chosen and chosen[0].players == 5 and chosen[0].stock_size == stock_size
    assert len(chosen[0].levels) == 4


def test_the_setup_form_offers_the_four_strengths_weakest_first() -> None:
    from skipbo_widgets.widgets.shell.setup_form import SetupForm

    chosen: list[GameSettings] = []
    form = SetupForm("nl", on_start=chosen.append, on_back=lambda: None)
    box = form.level_boxes[0]
    assert [value for _label, value in box.options] == ["beginner", "medium", "advanced",
                                                         "strong"]
    assert [label for label, _value in box.options] == [
        "Makkelijk", "Gemiddeld", "Moeilijk", "Heel moeilijk"]
    assert box.value == "medium"  # the default opponent
    box.value = "advanced"
    form.submit()
    assert chosen[0].levels == ("advanced",)


def test_a_game_against_the_advanced_bot_runs_and_is_kept() -> None:
    app = started("en", players=2, levels=("advanced",), seed="6")
    screen = app.game_screen
    assert screen is not None
    assert screen.match.game.current == 0  # a bot that deals first has already played
    settings, _match = loads_session(app.store.value)
    assert settings.levels == ("advanced",)
    end = next(m for m in screen.match.game.legal_moves() if m.is_discard)
    screen.controller.move(str(end))
    assert screen.match.game.current == 0  # the bot has answered with its whole turn
    assert screen.match.game.turn >= 3


def test_the_browser_tab_gets_the_apps_title_in_the_learners_language() -> None:
    """Voilà titles the tab from the notebook's metadata ("Skip-Bo"); once the app runs,
    ShellSupport's script puts the title in the learner's language there."""
    notebook = json.loads((Path(__file__).parents[2] / "notebooks" / "app.ipynb").read_text())
    assert notebook["metadata"]["title"] == "Skip-Bo"
    app = play("fr")
    assert app.shell.title == t("app.title", "fr")
    app.lang_picker.value = "nl"
    assert app.shell.title == t("app.title", "nl")
    assert app.shell.trait_metadata("title", "sync")
    assert "document.title = title" in (PAGE / "testids.js").read_text()


@pytest.mark.parametrize("lang", ["de", "fr", "nl", "en"])
def test_a_stock_size_out_of_range_is_refused_with_the_range(lang: str) -> None:
    from skipbo_widgets.widgets.shell.setup_form import SetupForm

    chosen: list[GameSettings] = []
    form = SetupForm(lang, on_start=chosen.append, on_back=lambda: None)
    form.stock.value = "custom"
    assert form.custom_unit.value == t("setup.stock.range", lang, min=5, max=30)
    form.custom_stock.value = 3  # the box does not clamp it to 5 behind the learner's back
    form.submit()
    assert chosen == []
    assert html.unescape(form.error.value).count(
        t("error.bad_stock_size", lang, stock_size=3, min=5, max=30)) == 1
    form.custom_stock.value = 7
    form.submit()
    assert chosen[0].stock_size == 7


@pytest.mark.parametrize(("players", "partner"), [(4, "Leo"), (6, "Emma")])
def test_the_team_setup_names_the_learners_partner(players: int, partner: str) -> None:
    from skipbo_widgets.widgets.shell.setup_form import SetupForm

    form = SetupForm("de", on_start=lambda _s: None, on_back=lambda: None)
    form.players.value = str(players)
    assert form.partner_note.value == ""
    form.teams.value = True
    assert partner in form.partner_note.value
    settings = form.settings()
    names = ["Du", *("Mia", "Leo", "Emma", "Noah", "Lina")]
    assert names[settings.rules().partner(0)] == partner


@pytest.mark.parametrize("lang", ["de", "fr", "nl", "en"])
def test_the_save_button_says_that_the_file_shows_every_card(lang: str) -> None:
    app = started(lang)
    assert app.game_screen is not None
    note = html.unescape(app.game_screen.save_note.value)
    assert t("game.save_file_note", lang) in note
