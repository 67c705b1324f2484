"""Another seat's move said at a room's table (issue 23): the events a page rebuilds
from its own seat's observations before and after the move
(:mod:`skipbo_widgets.rooms.seen_moves`) give the same log sentences as the
engine's real events, in every language, over whole seeded games of both games; only
what the seat cannot see is left out (another Skyjo player's drawn card before it is
placed, the turn-end reveals no log line names)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from skipbo_widgets.rooms.seen_moves import SEEN_MOVES
from skipbo_widgets.skipbo import engine as skipbo
from skipbo_widgets.skipbo.engine import events as sb
from skipbo_widgets.skyjo import engine as skyjo
from skipbo_widgets.skyjo.engine import events as sj
from skipbo_widgets.widgets.registry import game_ui

LANGS = ["de", "fr", "nl", "en"]
NAMES = ["Anna", "Ben", "Cleo", "Dan", "Emma", "Finn"]


def lines(log: Any, events: list[Any], lang: str) -> list[str]:
    log.lang = lang
    log.rebuild(events)
    return [line.text for line in log.lines]


def unseen(event: Any, me: int) -> bool:
    """Events the seat does not see (another Skyjo player's drawn card before it is
    placed), or that no line names one by one (a recycled draw pile)."""
    return (isinstance(event, sj.Drew) and event.seat != me) or isinstance(event, sb.Recycled)


def new_game(game_id: str, players: int, seed: int, teams: bool = False) -> Any:
    if game_id == "skyjo":
        return skyjo.Round.new(skyjo.Rules(players=players), seed=seed)
    return skipbo.Game.new(skipbo.Rules(players=players, stock_size=5, teams=teams), seed=seed)


@pytest.mark.parametrize(("game_id", "players", "teams"), [
    ("skyjo", 2, False), ("skyjo", 4, False), ("skipbo", 2, False), ("skipbo", 3, False),
    ("skipbo", 4, True)])
@pytest.mark.parametrize("seed", range(6))
def test_the_sentences_rebuilt_from_a_seats_views_are_the_engines(
        game_id: str, players: int, teams: bool, seed: int) -> None:
    game = new_game(game_id, players, seed, teams)
    rng = random.Random(seed)
    said = 0
    logs = []
    for me in range(players):  # the game's own log, its lines said to ``me``
        logs.append(game_ui(game_id).play.new_log(game, lang="en", names=NAMES[:players]))
        logs[me].me = me
    for _ in range(3000):
        if game.outcome is not None if game_id == "skipbo" else game.phase == "over":
            break
        seat = game.current
        before = [game.observe(me) for me in range(players)]
        move = rng.choice(list(game.legal_moves()))
        events = game.push(move, by=seat)
        for me in range(players):
            if me == seat:
                continue
            lang = LANGS[(me + said) % 4]
            rebuilt = SEEN_MOVES[game_id](before[me], game.observe(me), seat, str(move))
            real = [e for e in events if not unseen(e, me)]
            assert lines(logs[me], rebuilt, lang) == lines(logs[me], real, lang), \
                (str(move), events, rebuilt)
            said += 1
    else:
        raise AssertionError("the game did not end")
    assert said > 20


@pytest.mark.parametrize(("doubling", "doubled"), [("always", True), ("positive", False)])
def test_an_ender_s_zero_not_strictly_lowest_is_doubled_as_the_rule_says(
        doubling: str, doubled: bool) -> None:
    from types import SimpleNamespace

    from skipbo_widgets.rooms.seen_moves import _doubled
    from skipbo_widgets.skyjo.engine import Rules

    grids = [[0] * 12, [-2, 0] + [0] * 10]  # the ender's 0 is not below the other's -2
    after = SimpleNamespace(ender=0, scores=(0, -2), rules=Rules(doubling=doubling),
                            seats=[SimpleNamespace(cards=tuple(g)) for g in grids])
    assert _doubled(after) is doubled  # type: ignore[arg-type]
