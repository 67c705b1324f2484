"""Every click gets an answer for its moment, in the learner's language, and only for its moment."""

from __future__ import annotations

import json

import pytest

from skipbo_widgets.i18n import explain, t
from skipbo_widgets.skipbo.bots import make_bot
from skipbo_widgets.skipbo.engine import Game, IllegalMove, Reason, Rules, from_position
from skipbo_widgets.widgets.shell.app import App
from skipbo_widgets.widgets.skipbo.settings import GameSettings
from skipbo_widgets.widgets.table.controller import TableController


def browser_sends(controller: TableController, content: object) -> None:
    controller.table._receive(controller.table, content, [])


def sendable(view: object) -> bool:
    """What the kernel can put on the wire to the page (iopub encodes UTF-8)."""
    try:
        json.dumps(view, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def two_players(hand: list[int], stock: list[int], current: int = 0) -> Game:
    return from_position(Rules(players=2, stock_size=10), stocks=[stock, [9]],
                         hands=[hand, [4]], draw_pile=None, current=current, seed=5)


def team_position(stocks: list[list[int]], current: int = 0) -> Game:
    """Four players in teams, the learner (seat 0) with Leo (seat 2) against Mia and Emma."""
    return from_position(Rules(players=4, teams=True, stock_size=5), stocks=stocks,
                         hands=[[3, 9], [4], [6], [8]], draw_pile=None, current=current, seed=5)


@pytest.mark.parametrize("text", ["\ud800", "h\udfff-b1", "s-b1\x00", "h1-b1\u202e"])
@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_forged_move_with_unsendable_characters_is_refused_in_words(text: str,
                                                                     lang: str) -> None:
    game = two_players([1, 5], [3])
    before = game.state_key()
    c = TableController(game, seat=0, lang=lang)
    browser_sends(c, {"type": "move", "move": text})
    assert game.state_key() == before
    assert c.view["status"] == t("error.bad_request", lang)
    assert sendable(c.view)


def test_a_stored_session_with_a_lone_surrogate_gets_a_notice_the_page_can_show() -> None:
    app = App("fr", animate=False)
    app.start(GameSettings(seed="5"))
    assert app.game_screen is not None
    kept = app.store.value.replace('"seed":5', '"seed":"\ud800"')
    assert "\ud800" in kept
    fresh = App("fr", animate=False)
    fresh.store._receive(fresh.store, {"type": "stored", "value": kept}, [])
    assert fresh.resume is None
    assert 'data-testid="notice"' in fresh.notice.value
    assert sendable(fresh.notice.value)


def test_whose_turn_it_is_is_said_only_until_the_turn_changes() -> None:
    game = Game.new(Rules(), seed=3, dealer=0)  # Mia (seat 1) starts
    c = TableController(game, seat=0, lang="en", bots={1: make_bot("beginner")})
    browser_sends(c, {"type": "select", "source": "h5"})
    assert "Mia" in c.view["status"]
    c.run_bots()
    assert c.my_turn
    assert c.view["status"] == ""


@pytest.mark.parametrize("lang", ["de", "fr", "nl"])
def test_an_error_is_said_again_in_the_new_language(lang: str) -> None:
    app = App("en", animate=False)
    app.start(GameSettings(seed="3"))
    screen = app.game_screen
    assert screen is not None
    c = screen.controller
    assert c.my_turn
    assert not c.move("h13-b1") and not c.move("s-d1")
    english = c.view["status"]
    app.lang_picker.value = lang
    assert c.view["status"] == explain(IllegalMove(Reason.DISCARD_FROM_STOCK), lang)
    assert c.view["status"] != english


def test_the_turn_review_is_said_again_in_the_new_language() -> None:
    app = App("en", animate=False)
    app.start(GameSettings(seed="3", hints=True))
    screen = app.game_screen
    assert screen is not None
    c = screen.controller
    c.move(str(next(m for m in c.game.legal_moves() if m.is_discard)))
    grade = screen.review_box.value.split('data-grade="')[1].split('"')[0]
    assert t(f"review.{grade}", "en") in screen.review_box.value
    app.lang_picker.value = "nl"
    assert t(f"review.{grade}", "nl") in screen.review_box.value
    assert t(f"review.{grade}", "en") not in screen.review_box.value


@pytest.mark.parametrize("pile", ["stock-1", "discard-1-0", "discard-3-2"])
@pytest.mark.parametrize("lang", ["de", "fr", "nl", "en"])
def test_a_click_on_an_opponents_pile_says_whose_pile_it_is(pile: str, lang: str) -> None:
    game = team_position([[4], [9], [7], [6]])
    before = game.state_key()
    c = TableController(game, seat=0, lang=lang)
    browser_sends(c, {"type": "look", "pile": pile})
    owner = int(pile.split("-")[1])
    assert game.state_key() == before
    assert c.view["status"] == t("status.not_your_pile.team", lang, player=owner, names=c.names)
    assert c.names[owner] in c.view["status"]


def test_a_click_on_an_empty_pile_with_no_card_picked_says_to_pick_one_first() -> None:
    c = TableController(two_players([1, 5], [3]), seat=0, lang="nl")
    assert not c.move("h5-b1")
    browser_sends(c, {"type": "target", "target": "d2"})
    assert c.view["status"] == t("status.pick_first", "nl")
    browser_sends(c, {"type": "select", "source": "h5"})  # a card picked up: the old word goes
    assert c.view["status"] == ""


@pytest.mark.parametrize("content", [
    {"type": "look", "pile": "stock-0"}, {"type": "look", "pile": "stock-9"},
    {"type": "look", "pile": "discard-1-7"}, {"type": "look", "pile": "hand-1"},
    {"type": "look", "pile": 3}, {"type": "look"},
])
def test_a_look_at_a_pile_that_is_not_an_opponents_is_refused(content: object) -> None:
    c = TableController(two_players([1, 5], [3]), seat=0, lang="fr")
    browser_sends(c, content)
    assert c.view["status"] == t("error.bad_request", "fr")


@pytest.mark.parametrize("lang", ["de", "fr", "nl", "en"])
def test_the_partners_card_on_the_wrong_pile_is_named_as_the_partners(lang: str) -> None:
    game = team_position([[4], [9], [7], [6]])
    c = TableController(game, seat=0, lang=lang)
    assert not c.move("ps-b1")
    status = c.view["status"]
    assert status == t("error.wrong_value.start.partner", lang, card=7, needs=1, pile=0,
                       wild=0, partner=2, names=c.names)
    assert c.names[2] in status
    assert t("error.wrong_value.start", lang, card=7, needs=1, pile=0, wild=0) != status


def test_a_click_on_the_partners_empty_discard_pile_says_it_is_empty() -> None:
    game = team_position([[4], [9], [7], [6]])
    c = TableController(game, seat=0, lang="de")
    assert not game.discards[2][1]
    browser_sends(c, {"type": "select", "source": "pd2"})
    assert c.view["status"] == t("error.discard_pile_empty", "de", pile=1)


@pytest.mark.parametrize(("pile", "key"), [("draw-pile", "status.draw_pile"),
                                           ("completed", "status.completed")])
@pytest.mark.parametrize("lang", ["de", "fr", "nl", "en"])
def test_a_click_on_the_draw_pile_or_the_completed_piles_says_what_they_are(
        pile: str, key: str, lang: str) -> None:
    game = two_players([1, 5], [3])
    before = game.state_key()
    c = TableController(game, seat=0, lang=lang)
    browser_sends(c, {"type": "look", "pile": pile})
    assert c.view["status"] == t(key, lang)
    assert game.state_key() == before
