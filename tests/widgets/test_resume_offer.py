"""After a reload with a kept game the learner is offered to go on at once (issue 21,
part 5): the home screen opens with the kept game named on top and its "Continue"
button, which gets the keyboard focus."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from skipbo_widgets.i18n import t
from skipbo_widgets.widgets.shell.app import App
from skipbo_widgets.widgets.shell.settings import dumps_session
from skipbo_widgets.widgets.skipbo.settings import GameSettings
from skipbo_widgets.widgets.skyjo.settings import SkyjoSettings


def reloaded(lang: str, settings: Any, monkeypatch: pytest.MonkeyPatch
             ) -> tuple[App, list[Any], int]:
    app = App(lang, animate=False)
    sent: list[Any] = []
    monkeypatch.setattr(app.shell, "send", lambda content, buffers=None: sent.append(content))
    match = settings.new_match()
    app.store._receive(app.store, {"type": "stored", "value": dumps_session(settings, match)},
                       [])
    return app, sent, max(match.game.turn, 1)  # Skyjo's set-up is turn 0


def first_box(app: App) -> Any:
    return app.body.children[0].children[0]


@pytest.mark.parametrize("lang", ["de", "fr"])
@pytest.mark.parametrize("settings", [GameSettings(players=3, levels=("medium",) * 2, seed="2"),
                                      SkyjoSettings(players=4, levels=("medium",) * 3, seed="2")],
                         ids=["skipbo", "skyjo"])
def test_a_kept_game_is_offered_on_top_and_its_button_focused(
        lang: str, settings: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    app, sent, turn = reloaded(lang, settings, monkeypatch)
    box = first_box(app)
    text = html.unescape(re.sub(r"<[^>]+>", "", box.children[0].value))
    assert text == t("home.resume_waiting", lang, game=settings.kind.name,
                     players=settings.players, turn=turn)
    assert "sb-testid-resume-offer" in box._dom_classes
    button = box.children[1]
    assert "sb-testid-resume" in button._dom_classes
    assert {"type": "focus", "testid": "resume"} in sent
    button.click()
    assert app.screen == "game" and app.game_screen is not None
    assert app.game_screen.settings == settings


def test_no_kept_game_no_offer_and_no_focus(monkeypatch: pytest.MonkeyPatch) -> None:
    app = App("en", animate=False)
    sent: list[Any] = []
    monkeypatch.setattr(app.shell, "send", lambda content, buffers=None: sent.append(content))
    app.store._receive(app.store, {"type": "stored", "value": ""}, [])
    assert "sb-testid-resume-offer" not in first_box(app)._dom_classes
    assert not any(m.get("type") == "focus" for m in sent)


def test_the_focus_moves_when_the_learner_arrives_not_when_the_screen_is_redrawn(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app, sent, _turn = reloaded("en", GameSettings(players=2, seed="5"), monkeypatch)
    focused = [m for m in sent if m.get("type") == "focus"]
    app.lang_picker.value = "fr"  # the home screen drawn again: the focus stays put
    assert [m for m in sent if m.get("type") == "focus"] == focused
    app._resume()
    app.show_home()  # "Main menu" from the game: the way back is focused
    assert len([m for m in sent if m.get("type") == "focus"]) == len(focused) + 1
