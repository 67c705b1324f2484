"""Each game's description (``skipbo_widgets.games``) and the setup form that reads it."""

from __future__ import annotations

import pytest

from skipbo_widgets.games import GAMES, SKIPBO, GameKind, game_kind
from skipbo_widgets.skipbo.bots import LEVELS
from skipbo_widgets.skipbo.engine import RulesError, SaveError
from skipbo_widgets.skyjo.bots import LEVELS as SKYJO_LEVELS
from skipbo_widgets.widgets.shell.setup_form import SetupForm
from skipbo_widgets.widgets.skipbo.settings import GameSettings


def test_skyjo_seats_two_to_eight_and_skipbo_two_to_six() -> None:
    assert list(game_kind("skyjo").players) == list(range(2, 9))
    assert list(game_kind("skipbo").players) == list(range(2, 7))
    assert game_kind("skipbo").bot_levels == LEVELS
    assert game_kind("skyjo").bot_levels == SKYJO_LEVELS
    with pytest.raises(KeyError):
        game_kind("uno")


@pytest.mark.parametrize("kind", GAMES.values(), ids=lambda k: k.id)
def test_each_game_deals_for_every_player_count_its_rules_allow(kind: GameKind) -> None:
    for n in kind.players:
        game = kind.new_game(kind.rules(players=n), seed=n)
        assert len(game.observe(0).seats) == n
    for n in (kind.min_players - 1, kind.max_players + 1):
        with pytest.raises(RulesError):
            kind.rules(players=n)
    assert len(set(kind.bot_names)) == kind.max_players - 1


@pytest.mark.parametrize("kind", GAMES.values(), ids=lambda k: k.id)
def test_each_game_s_save_formats_are_its_engine_s(kind: GameKind) -> None:
    engine = __import__(f"skipbo_widgets.{kind.id}.engine.save", fromlist=["save"])
    formats = {value for name, value in vars(engine).items() if name.endswith("_FORMAT")}
    assert set(kind.save_formats) == formats


def test_the_setup_form_offers_the_game_s_players_and_bots() -> None:
    form = SetupForm("en", on_start=lambda _s: None, on_back=lambda: None)
    assert [int(n) for n in form.players.options] == list(SKIPBO.players)
    assert [box.description for box in form.level_boxes] == list(SKIPBO.bot_names)
    assert all([v for _label, v in box.options] == list(SKIPBO.bot_levels)
               for box in form.level_boxes)
    form.players.value = str(SKIPBO.max_players)
    assert form.settings().players == SKIPBO.max_players


def test_settings_refuse_a_player_count_the_game_does_not_have() -> None:
    with pytest.raises(SaveError):
        GameSettings(players=SKIPBO.max_players + 1, levels=("medium",) * SKIPBO.max_players)
