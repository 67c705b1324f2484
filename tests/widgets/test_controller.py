"""The controller and the card table without a browser: messages in, traitlets out."""

from __future__ import annotations

import pytest

from skipbo_widgets.i18n import t
from skipbo_widgets.skipbo.bots import make_bot
from skipbo_widgets.skipbo.engine import Game, Rules, from_position, observe
from skipbo_widgets.widgets.skipbo.view import legal_targets
from skipbo_widgets.widgets.table.controller import TableController


def browser_sends(controller: TableController, content: object) -> None:
    """Deliver a message exactly as the widget's comm would."""
    controller.table._receive(controller.table, content, [])


def learner_first(seed: int = 3, **rules: object) -> Game:
    """A new game in which seat 0 (the learner) plays first: the last seat deals."""
    r = Rules(**rules)  # type: ignore[arg-type]
    return Game.new(r, seed=seed, dealer=r.players - 1)


def position(hand: list[int], stock: list[int], building: list[list[int]] | None = None) -> Game:
    return from_position(Rules(players=2, stock_size=10), stocks=[stock, [9]],
                         hands=[hand, []], building=building or [], draw_pile=None, seed=5)


def test_a_legal_move_from_the_browser_changes_the_view() -> None:
    c = TableController(position([1, 5, 7], [3]), seat=0, lang="en")
    browser_sends(c, {"type": "move", "move": "h1-b1"})
    view = c.view
    assert view["building"][0]["cards"] == [1]
    assert view["hand"] == [5, 7]
    assert view["building"][0]["needs"] == 2
    assert view["status"] == ""


@pytest.mark.parametrize("lang", ["de", "fr", "nl", "en"])
def test_an_illegal_move_is_explained_and_changes_nothing(lang: str) -> None:
    game = position([5, 7], [3])
    before = game.state_key()
    c = TableController(game, seat=0, lang=lang)
    browser_sends(c, {"type": "move", "move": "h5-b1"})
    assert game.state_key() == before
    assert c.view["status_kind"] == "error"
    expected = t("error.wrong_value.start", lang)
    assert c.view["status"].split()[0] == expected.split()[0]
    assert c.view["hand"] == [5, 7]


@pytest.mark.parametrize("content", [
    None, 42, "h1-b1", [], {}, {"type": "move"}, {"type": "move", "move": 7},
    {"type": "move", "move": "x" * 10_000}, {"type": "move", "move": "h1-b1", "extra": 1},
    {"type": "teleport", "move": "h1-b1"}, {"type": "move", "move": "h13-b1"},
    {"type": "move", "move": "zz-b9"}, {"type": "move", "move": "h1-b5"},
    {"type": "move", "move": "ph1-b1"}, {"type": "move", "move": "end"},
])
def test_malformed_or_illegal_messages_leave_the_game_untouched(content: object) -> None:
    game = position([1, 5, 7], [3])
    before = game.state_key()
    c = TableController(game, seat=0, lang="fr")
    browser_sends(c, content)
    assert game.state_key() == before
    assert c.view["status_kind"] == "error"
    assert c.view["status"]
    assert "{" not in c.view["status"]  # every parameter was filled in


def test_a_click_when_it_is_not_your_turn_says_whose_turn_it_is() -> None:
    game = Game.new(Rules(), seed=3, dealer=0)  # seat 1 starts
    c = TableController(game, seat=0, lang="de", names=["Du", "Mia"])
    before = game.state_key()
    browser_sends(c, {"type": "select", "source": "h5"})
    assert game.state_key() == before
    assert "Mia" in c.view["status"]
    assert c.view["interactive"] is False
    assert c.view["legal"] == {}


def team_position(stocks: list[list[int]], current: int = 0) -> Game:
    """Four players in teams, the learner (seat 0) with Leo (seat 2) against Mia and Emma."""
    return from_position(Rules(players=4, teams=True, stock_size=5), stocks=stocks,
                         hands=[[3, 9], [4], [6], [8]], draw_pile=None, current=current, seed=5)


@pytest.mark.parametrize("lang", ["de", "fr", "nl", "en"])
def test_a_click_on_the_learners_empty_stock_pile_says_why_and_changes_nothing(lang: str) -> None:
    game = team_position([[], [9], [7, 2], [6]])
    before = game.state_key()
    c = TableController(game, seat=0, lang=lang)
    browser_sends(c, {"type": "select", "source": "s"})
    assert game.state_key() == before
    assert c.view["status_kind"] == "error"
    assert c.view["status"] == t("status.stock_empty", lang, partner=2, names=c.names)
    assert c.names[2] in c.view["status"]  # "play from Leo's stock pile"


def test_the_empty_stock_pile_is_explained_on_another_players_turn_too() -> None:
    game = team_position([[], [9], [7, 2], [6]], current=1)
    c = TableController(game, seat=0, lang="de")
    browser_sends(c, {"type": "select", "source": "s"})
    assert c.view["status"] == t("status.stock_empty", "de", partner=2, names=c.names)
    browser_sends(c, {"type": "select", "source": "h3"})  # any other click: whose turn it is
    assert c.view["status"] == t("ui.player_turn", "de", player=1, names=c.names)


def test_once_the_team_has_won_the_empty_stock_pile_only_says_the_game_is_over() -> None:
    c = TableController(team_position([[], [9], [], [6]]), seat=0, lang="fr")
    assert c.game.is_over
    browser_sends(c, {"type": "select", "source": "s"})
    assert c.view["status"] == t("error.game_over", "fr")


def test_a_click_on_the_partners_empty_stock_pile_says_it_is_empty() -> None:
    game = team_position([[4], [9], [], [6]])
    before = game.state_key()
    c = TableController(game, seat=0, lang="nl")
    browser_sends(c, {"type": "select", "source": "ps"})
    assert game.state_key() == before
    assert c.view["status"] == t("error.stock_empty", "nl", seat=2)
    fresh = TableController(team_position([[4], [9], [], [6]]), seat=0, lang="nl")
    browser_sends(fresh, {"type": "select", "source": "s"})  # a stock card picked up: all is well
    assert fresh.view["status"] == ""


def test_the_view_shows_only_what_the_seat_may_see() -> None:
    game = learner_first(players=3)
    c = TableController(game, seat=0, lang="en")
    view = c.view
    assert view["hand"] == game.hand_cards(0)
    for p in view["players"]:
        assert set(p) == {"seat", "name", "is_me", "is_partner", "is_current", "team",
                          "stock_top", "stock_count", "hand_count", "hand_label", "discards",
                          "stock_source", "discard_sources", "discard_targets"}
        assert p["stock_top"] == game.stocks[p["seat"]][-1]
    assert "draw_pile" not in view and view["draw_count"] == len(game.draw_pile)


def test_legal_targets_are_exactly_the_engine_legal_moves() -> None:
    game = learner_first()
    legal, can_end = legal_targets(observe(game, 0))
    pairs = {f"{s}-{tgt}" for s, targets in legal.items() for tgt in targets}
    assert pairs == {str(m) for m in game.legal_moves() if not m.is_end}
    assert can_end is False


def test_after_the_learner_discards_the_bots_play_until_it_is_their_turn_again() -> None:
    game = learner_first(players=3)
    bots = {1: make_bot("medium"), 2: make_bot("strong")}
    c = TableController(game, seat=0, lang="en", bots=bots)
    card = game.hand_cards(0)[-1]
    browser_sends(c, {"type": "move", "move": f"h{card if card else 'W'}-d1"})
    assert c.run_bots() > 0
    assert game.current == 0 or game.is_over
    assert c.view["interactive"] == (not game.is_over)


def test_undo_takes_back_a_hand_play_but_not_a_revealed_stock_card() -> None:
    game = position([1, 2, 7], [9, 3])
    c = TableController(game, seat=0, lang="en")
    start = game.state_key()
    assert c.move("h1-b1")
    assert c.can_undo()
    assert c.undo()
    assert game.position_key() == start[:-2]  # all but the event log and move stack
    assert c.move("h1-b1") and c.move("h2-b1") and c.move("s-b1")  # turns up the 9
    assert not c.can_undo() and c.undo_refusal() == "game.undo_shown.turned"
    assert not c.undo()
    assert c.view["status"] == t("game.undo_shown.turned", "en")


def test_undo_says_why_it_is_off_only_when_a_move_showed_cards() -> None:
    game = position([1, 2], [9, 3])
    c = TableController(game, seat=0, lang="de")
    assert not c.can_undo() and c.undo_refusal() is None  # nothing moved yet
    assert c.move("h1-b1")
    assert c.can_undo() and c.undo_refusal() is None
    assert c.move("h2-b1")  # the hand is empty: five new cards drawn
    assert not c.can_undo() and c.undo_refusal() == "game.undo_shown.drawn"
    assert not c.undo()
    assert c.view["status"] == t("game.undo_shown.drawn", "de")


def test_practice_mode_takes_back_the_whole_turn_including_the_bots() -> None:
    game = learner_first(players=2)
    c = TableController(game, seat=0, lang="en", bots={1: make_bot("medium")}, practice=True)
    start = game.state_key()
    hand = game.hand_cards(0)
    assert not c.can_undo()
    card = hand[-1]
    assert c.move(f"h{card if card else 'W'}-d2")
    c.run_bots()
    assert game.current == 0 and game.turn == 3
    assert c.undo()
    assert game.current == 0 and game.turn == 1
    assert game.state_key()[2:-2] == start[2:-2]  # the same position, random state included


def test_a_state_of_no_known_game_has_no_table() -> None:
    with pytest.raises(TypeError, match="no table plays object"):
        TableController(object())
