"""The card size (issue 25): four steps beside the projector switch on every screen, the
choice kept in the browser; the sizes on the page are checked in
tests/browser/test_card_size.py."""

from __future__ import annotations

import re

import pytest

from skipbo_widgets.i18n import LANGUAGES, t
from skipbo_widgets.widgets.page.testids import ShellSupport
from skipbo_widgets.widgets.shell.app import App
from skipbo_widgets.widgets.shell.card_size import DEFAULT, STEPS
from skipbo_widgets.widgets.skyjo.settings import SkyjoSettings


@pytest.fixture(autouse=True)
def no_query_string(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("QUERY_STRING", raising=False)


def size_classes(app: App) -> list[str]:
    return [c for c in app.widget._dom_classes if c.startswith("sb-cards-")]


def browser_had(app: App, text: str) -> None:
    app.card_size.store._receive(None, {"type": "stored", "value": text}, None)


def test_the_steps_grow_to_twice_the_usual_size() -> None:
    scales = [scale for _value, _label, scale in STEPS]
    assert len(scales) >= 4 and scales == sorted(set(scales))
    assert scales[0] == 1 and scales[-1] == 2


def test_the_style_sheet_scales_the_cards_by_each_steps_own_factor() -> None:
    """The tooltips say the percentages of STEPS; app.css must scale by the same."""
    css = str(ShellSupport._css)
    scales = dict(re.findall(r"\.sb-app\.sb-cards-(\w+) \{ --sb-card-scale: ([\d.]+);", css))
    assert {v: float(x) for v, x in scales.items()} == {v: s for v, _l, s in STEPS[1:]}


def test_each_step_sets_the_apps_class_and_the_browser_keeps_it() -> None:
    app = App("fr", animate=False)
    buttons = app.card_size.buttons
    assert buttons in app.view_menu.panel.children  # beside the projector
    assert size_classes(app) == [] and buttons.value == DEFAULT
    for value, _label, _scale in STEPS[1:]:
        buttons.value = value
        assert size_classes(app) == [f"sb-cards-{value}"]
        assert app.card_size.store.value == value
    app.start(SkyjoSettings(seed="3"))
    assert size_classes(app) == [f"sb-cards-{STEPS[-1][0]}"]  # a new screen keeps it
    buttons.value = DEFAULT
    assert size_classes(app) == [] and app.card_size.store.value == ""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_buttons_say_what_they_do_in_the_learners_language(lang: str) -> None:
    app = App("en", animate=False)
    app.set_lang(lang)
    buttons = app.card_size.buttons
    assert buttons.description == t("view.cards", lang)
    assert list(buttons.tooltips) == [
        t(f"view.cards.{value}", lang, percent=round(scale * 100)) for value, _label, scale in STEPS
    ]
    assert all(
        str(round(scale * 100)) in tip
        for tip, (_v, _l, scale) in zip(buttons.tooltips, STEPS, strict=True)
    )


@pytest.mark.parametrize(
    ("stored", "cls"), [("xl", ["sb-cards-xl"]), ("m", ["sb-cards-m"]), ("", []), ("huge", [])]
)
def test_a_reloaded_page_comes_back_with_the_size_the_learner_chose(
    stored: str, cls: list[str]
) -> None:
    app = App("de", animate=False)
    browser_had(app, stored)
    assert size_classes(app) == cls


def test_a_choice_made_before_the_browser_answers_stands() -> None:
    app = App("nl", animate=False)
    app.card_size.buttons.value = "l"
    browser_had(app, "")
    assert size_classes(app) == ["sb-cards-l"]
