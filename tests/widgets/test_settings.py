"""Settings and files (widgets/shell/settings.py): one way to open a session, a match file or a
game file, all through the hardened parser (issue 10)."""

from __future__ import annotations

import json

import pytest

from skipbo_widgets.i18n import explain
from skipbo_widgets.skipbo.engine import Game, Match, Reason, Rules, RulesError, SaveError
from skipbo_widgets.skipbo.engine.save import GAME_FORMAT, MATCH_FORMAT, dumps_game, dumps_match
from skipbo_widgets.widgets.shell.app import App
from skipbo_widgets.widgets.shell.settings import (
    SESSION_FORMAT,
    dumps_session,
    loads_session,
    open_any,
)
from skipbo_widgets.widgets.skipbo.settings import GameSettings

SETTINGS = GameSettings(players=3, levels=("beginner", "strong"), seed="7")
SESSION = dumps_session(SETTINGS, SETTINGS.new_match())


def test_a_session_opens_as_it_was_kept() -> None:
    settings, match = open_any(SESSION)
    assert settings == SETTINGS
    assert match.game.position_key() == loads_session(SESSION)[1].game.position_key()


def test_a_game_file_opens_as_a_single_game_against_medium_bots() -> None:
    game = Game.new(Rules(players=4, teams=True, faces="playing"), seed="file")
    game.push(game.legal_moves()[0])
    settings, match = open_any(dumps_game(game).encode())
    assert settings.levels == ("medium",) * 3 and not settings.match
    assert settings.rules() == game.rules
    assert match.game.position_key() == game.position_key()


def test_a_match_file_opens_with_its_scores() -> None:
    match = Match(Rules(players=2, stock_size=5), seed="m", target=100)
    text = json.loads(dumps_match(match))
    text["results"], text["scores"] = [{"winners": [1], "points": 40}], [0, 40]
    text["game"].pop("rng"), text["game"].pop("seed")
    settings, opened = open_any(json.dumps(text))
    assert settings.match and settings.seed == "m" and opened.scores == [0, 40]


@pytest.mark.parametrize(("text", "reason"), [
    (SESSION.replace('"version":1', '"version":true', 1), Reason.SAVE_BAD_VERSION),
    (SESSION.replace('"version":1', '"version":1,"version":1', 1), Reason.SAVE_BAD_FIELD),
    (SESSION.replace('"seed":"7"', '"seed":"\\ud800"', 1), Reason.SAVE_BAD_TEXT),
    (SESSION.replace('"seed":"7"', '"seed":"\ud800"', 1), Reason.SAVE_BAD_TEXT),
    (SESSION.replace('"seed":"7"', '"seed":"' + "\u00e9" * 140_000 + '"', 1),
     Reason.SAVE_TOO_LARGE),  # 140,000 characters, 280,000 bytes
    (SESSION.replace(SESSION_FORMAT, "skipbo-widgets/other", 1), Reason.SAVE_BAD_FORMAT),
])
def test_a_session_is_read_by_the_hardened_parser(text: str, reason: Reason) -> None:
    assert text != SESSION
    for load in (loads_session, open_any):
        with pytest.raises(SaveError) as caught:
            load(text)
        assert caught.value.reason == reason


def test_a_team_seating_the_app_cannot_offer_is_refused() -> None:
    game = Game.new(Rules(players=4, teams=True, seating=(0, 0, 1, 1)), seed=1)
    with pytest.raises(SaveError) as caught:
        open_any(dumps_game(game))
    assert caught.value.params["field"] == "rules.seating"


@pytest.mark.parametrize("kind", [SESSION_FORMAT, MATCH_FORMAT, GAME_FORMAT])
def test_open_a_saved_game_in_the_app_takes_every_format(kind: str) -> None:
    match = SETTINGS.new_match()
    text = {SESSION_FORMAT: SESSION, MATCH_FORMAT: dumps_match(match),
            GAME_FORMAT: dumps_game(match.game)}[kind]
    app = App("fr", animate=False)
    app._picked("partie.json", text.encode())
    assert app.screen == "game" and app.game_screen is not None
    assert app.game_screen.match.game.turn == match.game.turn


def test_a_refused_file_is_explained_in_the_learners_language() -> None:
    app = App("nl", animate=False)
    app._picked("x.json", b'{"format": "skipbo-widgets/game", "a": 1')
    assert app.screen == "home"
    err = SaveError(Reason.SAVE_NOT_JSON, problem="syntax")
    assert explain(err, "nl").replace("'", "&#x27;") in app.notice.value


@pytest.mark.parametrize("seed", ["\ud800", "12\udfff"])
def test_a_deal_number_that_cannot_be_saved_is_refused_in_the_form(seed: str) -> None:
    with pytest.raises(RulesError) as caught:
        GameSettings(seed=seed)
    assert caught.value.reason is Reason.BAD_SEED
    assert "{" not in explain(caught.value, "de")
