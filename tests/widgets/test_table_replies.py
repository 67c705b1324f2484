"""The table adapters answer a click that is not a move from the seat's observation
alone, with a reply value; no controller, no widget (the controller's applying of it
is tested with the tables: tests/widgets/test_table_answers.py and others)."""

from __future__ import annotations

import pytest

from skipbo_widgets.skipbo.engine import Observation, Rules, from_position, observe
from skipbo_widgets.skyjo.engine import Move as SkyjoMove
from skipbo_widgets.skyjo.engine import Round
from skipbo_widgets.widgets.skipbo.table_game import SKIPBO_TABLE
from skipbo_widgets.widgets.skyjo.table_game import SKYJO_TABLE
from skipbo_widgets.widgets.table.table_game import (
    BAD_REQUEST,
    IDLE,
    PICKED_UP,
    PickedUp,
    Probe,
    Reply,
    Say,
)


def team_obs(stocks: list[list[int]]) -> Observation:
    """Four players in teams: the learner (seat 0) with seat 2 against seats 1 and 3."""
    game = from_position(Rules(players=4, teams=True, stock_size=5), stocks=stocks,
                         hands=[[3, 9], [4], [6], [8]], draw_pile=None, current=0, seed=5)
    return observe(game, 0)


def skipbo(request: dict[str, str], *, stocks: list[list[int]] | None = None,
           interactive: bool = True, keeps_message: bool = False) -> Reply:
    obs = team_obs(stocks or [[4], [9], [7], [6]])
    return SKIPBO_TABLE.answer(obs, request, interactive=interactive,
                               keeps_message=keeps_message)


@pytest.mark.parametrize(("request_", "reply"), [
    ({"type": "look", "pile": "draw-pile"}, Say("status.draw_pile")),
    ({"type": "look", "pile": "completed"}, Say("status.completed")),
    ({"type": "look", "pile": "stock-1"}, Say("status.not_your_pile.team", params={"player": 1})),
    ({"type": "look", "pile": "discard-3-0"},
     Say("status.not_your_pile.team", params={"player": 3})),
    ({"type": "look", "pile": "stock-2"}, BAD_REQUEST),  # the partner's: no look
    ({"type": "look", "pile": "stock-9"}, BAD_REQUEST),
    ({"type": "look"}, BAD_REQUEST),
    ({"type": "select", "source": "h3"}, PICKED_UP),
    ({"type": "select"}, PICKED_UP),
    ({"type": "target", "target": "b1"}, Say("status.pick_first")),
    ({"type": "select", "source": "d1"}, Say("error.discard_pile_empty", "error", {"pile": 0})),
    ({"type": "select", "source": "pd2"}, Say("error.discard_pile_empty", "error", {"pile": 1})),
])
def test_skipbo_answers_a_click_with_a_reply(request_: dict[str, str], reply: Reply) -> None:
    assert skipbo(request_) == reply


def test_skipbo_answers_idle_while_the_learner_cannot_move_but_a_look_still_answers() -> None:
    assert skipbo({"type": "select", "source": "h3"}, interactive=False) == IDLE
    assert skipbo({"type": "target", "target": "b1"}, interactive=False) == IDLE
    assert skipbo({"type": "look", "pile": "draw-pile"}, interactive=False) \
        == Say("status.draw_pile")


def test_skipbo_sends_the_learner_from_an_empty_stock_to_the_partners_unless_told_to_keep(
        ) -> None:
    stocks = [[], [9], [7], [6]]
    assert skipbo({"type": "select", "source": "s"}, stocks=stocks) \
        == Say("status.stock_empty", "error", {"partner": 2})
    assert skipbo({"type": "select", "source": "s"}, stocks=stocks, interactive=False) \
        == Say("status.stock_empty", "error", {"partner": 2})
    assert skipbo({"type": "select", "source": "s"}, stocks=stocks, keeps_message=True) \
        == PICKED_UP
    assert skipbo({"type": "select", "source": "ps"}, stocks=[[4], [9], [], [6]]) \
        == Say("error.stock_empty", "error", {"seat": 2})


def in_play(seed: int = 3) -> Round:
    game = Round.new(seed=seed)
    while game.phase == "setup":
        game.push(game.legal_moves()[0])
    return game


def skyjo(game: Round, request: dict[str, str], *, interactive: bool = True) -> Reply:
    return SKYJO_TABLE.answer(game.observe(0), request, interactive=interactive,
                              keeps_message=False)


def test_skyjo_answers_looks_targets_and_idle_clicks_with_what_to_say() -> None:
    game = in_play()
    assert skyjo(game, {"type": "look", "pile": "grid-1-7"}) \
        == Say("skyjo.table.not_your_grid", params={"player": 1})
    assert skyjo(game, {"type": "look", "pile": "grid-0-7"}) == BAD_REQUEST  # the learner's
    assert skyjo(game, {"type": "look", "pile": "draw-pile"}) == BAD_REQUEST
    assert skyjo(game, {"type": "target", "target": "b2"}) == Say("skyjo.table.pick_first")
    assert skyjo(game, {"type": "select", "source": "take"}, interactive=False) == IDLE
    assert skyjo(game, {"type": "select"}) == PICKED_UP
    assert skyjo(game, {"type": "select", "source": "reveal"}) == BAD_REQUEST
    assert skyjo(game, {"type": "select", "source": "nonsense"}) == BAD_REQUEST


def test_skyjo_asks_the_engine_about_a_pile_picked_up_then_says_what_is_held() -> None:
    game = in_play()
    reply = skyjo(game, {"type": "select", "source": "take"})
    assert isinstance(reply, Probe) and reply.move.kind == "take"
    assert reply.then == PickedUp("skyjo.table.held_card", {"value": game.discard[-1]})
    game.push(SkyjoMove.parse("draw"))
    drop = skyjo(game, {"type": "select", "source": "drop"})
    assert isinstance(drop, Probe) and drop.then == Say("skyjo.table.drop_where")
    assert not game.face_up[0][drop.move.place]  # a drop turns a face-down card: one is probed
    assert skyjo(game, {"type": "select", "source": "swap"}) \
        == Probe(SkyjoMove("swap", 0), PICKED_UP)
