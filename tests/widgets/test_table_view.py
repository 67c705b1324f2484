"""The view the page draws: one documented shape, names the page sends back unread,
and one controller that games and lessons drive through the same requests."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest

from skipbo_widgets.i18n import LANGUAGES
from skipbo_widgets.skipbo.bots import make_bot
from skipbo_widgets.skipbo.engine import Game, Rules, from_position
from skipbo_widgets.widgets.shell.tutorial import TutorialScreen
from skipbo_widgets.widgets.skipbo.table import SkipBoTable
from skipbo_widgets.widgets.skipbo.view_schema import check_view
from skipbo_widgets.widgets.table.controller import TableController
from skipbo_widgets.widgets.table.table import parse_request
from skipbo_widgets.widgets.table.view_schema import ViewError

TABLE_JS = Path(__file__).parents[2] / "skipbo_widgets" / "widgets" / "skipbo" / "table.js"


def checked_table() -> tuple[SkipBoTable, list[dict[str, Any]]]:
    """A table that checks every view it is given and keeps them."""
    table, views = SkipBoTable(), []

    def check(change: dict[str, Any]) -> None:
        check_view(change["new"])
        views.append(change["new"])

    table.observe(check, names="view")
    return table, views


def browser_sends(controller: TableController, content: object) -> None:
    controller.table._receive(controller.table, content, [])


def click_move(controller: TableController, source: str, target: str) -> None:
    """A move as the page sends it: the names the view gave the two piles."""
    browser_sends(controller, {"type": "move", "source": source, "target": target})


@pytest.mark.parametrize(("rules", "lang"), [
    ({"players": 2}, "en"),
    ({"players": 3, "faces": "playing"}, "de"),
    ({"players": 4, "teams": True}, "fr"),
    ({"players": 6, "teams": True, "faces": "playing"}, "nl"),
    ({"players": 5, "stock_size": 5}, "en"),
])
def test_every_view_of_a_whole_game_has_the_documented_shape(rules: dict[str, Any],
                                                             lang: str) -> None:
    game = Game.new(Rules(**rules), seed=11, dealer=0)
    table, views = checked_table()
    bots = {seat: make_bot("beginner", seed=seat) for seat in range(game.rules.players)}
    learner = bots.pop(0)
    c = TableController(game, seat=0, lang=lang, bots=bots, table=table)
    while not game.is_over and len(game.move_stack) < 400:
        c.run_bots()
        if c.my_turn:
            move = learner.choose_move(c.observation())
            if move.is_end:
                browser_sends(c, {"type": "move", "move": c.view["end_move"]})
            else:  # the learner's move, by the names the view shows on its piles
                assert move.target_text in c.view["legal"][move.source_text]
                click_move(c, move.source_text, move.target_text)
    assert len(views) > 50 and any(v["interactive"] for v in views)


def test_every_view_of_every_lesson_step_has_the_documented_shape() -> None:
    for lang in LANGUAGES:
        tut = TutorialScreen(lang, on_practice=lambda: None, on_menu=lambda: None)
        seen = 0
        while not tut.finished:
            check_view(tut.table.view)
            task = tut.step.task
            for move in task.solution if task is not None else ():
                click_move(tut.controller, move.source_text, move.target_text)
                check_view(tut.table.view)
                seen += 1
            tut.next()
            tut.next()  # a second press past a task that was not done
        assert seen > 5


def test_a_game_and_a_lesson_step_answer_the_same_requests_alike() -> None:
    """The same wrong move and the same empty pile, in a game and in a lesson step."""
    tut = TutorialScreen("de", on_practice=lambda: None, on_menu=lambda: None)
    while tut.step.task is None:
        tut.next()
    lesson = tut.controller
    game = TableController(tut.run.game.copy(), seat=0, lang="de")
    for c in (game, lesson):
        before = c.game.state_key()
        browser_sends(c, {"type": "look", "pile": "draw-pile"})
        assert c.view["status_kind"] == "info" and c.view["status"]
        browser_sends(c, {"type": "move", "source": "h", "target": "b9"})  # no such move
        assert c.game.state_key() == before and c.view["status_kind"] == "error"
        check_view(c.view)
    solution = tut.step.task.solution  # type: ignore[union-attr]
    for c in (game, lesson):
        click_move(c, solution[0].source_text, solution[0].target_text)
        assert len(c.game.move_stack) == 1
    assert game.view["building"] == lesson.view["building"]
    assert "scene" in lesson.view and "scene" not in game.view


def test_the_faces_come_from_python_in_the_learner_s_language() -> None:
    game = from_position(Rules(players=2, stock_size=10, faces="playing"), stocks=[[0], [9]],
                         hands=[[11, 0], []], building=[], draw_pile=None, seed=5)
    faces = {lang: TableController(game, seat=0, lang=lang).view["card_faces"]
             for lang in ("de", "fr")}
    assert faces["de"]["11"]["text"] == "B" and faces["fr"]["11"]["text"] == "V"
    assert faces["fr"]["0"] == {"text": "R", "corner": "R", "band": "wild"}
    view = TableController(game, seat=0, lang="de").view
    assert dict(zip(view["hand"], view["hand_sources"], strict=True)) == {11: "h11", 0: "hW"}
    assert view["card_back"] == "♠♥♣♦"
    skipbo = TableController(from_position(Rules(players=2, stock_size=10), stocks=[[0], [9]],
                                           hands=[[3], []], building=[], draw_pile=None, seed=5))
    assert skipbo.view["card_faces"]["0"]["corner"] == "SB"


def test_the_partner_s_piles_are_sources_and_an_opponent_s_are_none() -> None:
    game = Game.new(Rules(players=4, teams=True), seed=2, dealer=3)
    view = TableController(game, seat=0).view
    by_seat = {p["seat"]: p for p in view["players"]}
    partner = next(p for p in view["players"] if p["is_partner"])
    assert partner["stock_source"] == "ps" and partner["discard_targets"] is None
    assert partner["discard_sources"] == ["pd1", "pd2", "pd3", "pd4"]
    assert by_seat[0]["discard_targets"] == ["d1", "d2", "d3", "d4"]
    assert all(p["stock_source"] is None for p in view["players"]
               if not p["is_me"] and not p["is_partner"])


def _valid_view() -> dict[str, Any]:
    return TableController(Game.new(Rules(players=3), seed=4, dealer=2), seat=0).view


@pytest.mark.parametrize("spoil", [
    lambda v: v.pop("legal"),
    lambda v: v.update(extra=1),
    lambda v: v.update(draw_count="7"),
    lambda v: v.update(draw_count=True),
    lambda v: v.update(status_kind="shout"),
    lambda v: v["players"][0].update(stock_source=3),
    lambda v: v["players"][1].update(stock_source="s"),
    lambda v: v["hand_sources"].pop(),
    lambda v: v["legal"].update({"s9": ["b1"]}),
    lambda v: v["legal"].update({"s": ["b9"]}),
    lambda v: v.update(end_move="end", can_end=False),
    lambda v: v["card_faces"].pop(str(v["hand"][0])),
    lambda v: v["card_faces"]["5"].update(band="gold"),
    lambda v: v["building"][0].pop("target"),
])
def test_the_validator_rejects_a_view_that_is_not_as_documented(spoil: Any) -> None:
    view = _valid_view()
    check_view(view)
    spoiled = copy.deepcopy(view)
    spoil(spoiled)
    with pytest.raises(ViewError):
        check_view(spoiled)


def test_the_page_sends_back_names_and_python_makes_the_move() -> None:
    assert parse_request({"type": "move", "source": "h7", "target": "b2"}) == \
        {"type": "move", "move": "h7-b2"}
    for bad in ({"type": "move", "source": "h7"}, {"type": "move", "source": "h7", "target": 2},
                {"type": "move", "source": "h7", "target": "b\n"},
                {"type": "select", "source": "s", "pile": "x"}):
        assert parse_request(bad) == {"type": "malformed"}


def test_nothing_in_the_page_builds_or_reads_a_move_or_decides_a_face() -> None:
    script = TABLE_JS.read_text(encoding="utf-8")
    code = "\n".join(line.split("//")[0] for line in script.splitlines())
    for pattern in (r"`[a-z]{1,2}\$\{", r"`\$\{[^}]*\}-\$\{", r'"end"', r"\bWILD\b",
                    r'"SKIP-BO"', r'"SB"', r"split\(\s*\"-\"", r"<= ?\d+\)? return"):
        assert not re.search(pattern, code), pattern

