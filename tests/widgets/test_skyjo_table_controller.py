"""The one table controller plays Skyjo through SKYJO_TABLE: clicks become moves,
refusals and answers come in the learner's language, and nothing changes on a bad one."""

from __future__ import annotations

import re
from typing import Any

import pytest

from skipbo_widgets.i18n import t
from skipbo_widgets.skyjo.bots import make_bot
from skipbo_widgets.skyjo.engine import (
    IllegalMove,
    Move,
    Reason,
    Round,
    Rules,
    from_position,
    place_text,
)
from skipbo_widgets.tutorials import StepRun, load_lessons
from skipbo_widgets.widgets.skyjo.places import explain_refusal
from skipbo_widgets.widgets.skyjo.table import SkyjoTable
from skipbo_widgets.widgets.skyjo.table_game import SKYJO_TABLE
from skipbo_widgets.widgets.skyjo.view import PAGE_ORDER
from skipbo_widgets.widgets.skyjo.view_schema import check_skyjo_view
from skipbo_widgets.widgets.table.controller import TableController, table_game_for
from skipbo_widgets.widgets.table.lesson_table import LessonController


def checked_table() -> tuple[SkyjoTable, list[dict[str, Any]]]:
    table, views = SkyjoTable(), []

    def check(change: dict[str, Any]) -> None:
        check_skyjo_view(change["new"])
        views.append(change["new"])

    table.observe(check, names="view")
    return table, views


def send(c: TableController, content: object) -> None:
    c.table._receive(c.table, content, [])  # type: ignore[attr-defined]


def click(c: TableController, move: Move) -> None:
    """The learner's move as the page sends it: the pile clicked first, then the card."""
    view = c.view
    if move.kind == "draw":
        send(c, {"type": "move", "move": view["draw_move"]})
        return
    place = move.place
    assert place_text(place) in view["legal"][move.kind]
    if move.kind == "take":
        send(c, {"type": "select", "source": view["sources"]["discard"]})
    elif move.kind == "drop":
        send(c, {"type": "select", "source": view["sources"]["drop"]})
    card = c.view["players"][c.seat]["cards"][PAGE_ORDER.index(place)]
    send(c, {"type": "move", "source": move.kind, "target": card["target"]})


def started(players: int = 2, seed: int = 3, **kw: Any) -> tuple[TableController, Round]:
    game = Round.new(Rules(players=players), seed=seed)
    bots = {s: make_bot("medium") for s in range(1, players)}
    return TableController(game, seat=0, bots=bots, **kw), game


@pytest.mark.parametrize(("players", "lang"), [(2, "de"), (3, "fr"), (5, "nl"), (8, "en")])
def test_a_whole_round_is_played_to_its_end_by_clicks_only(players: int, lang: str) -> None:
    game = Round.new(Rules(players=players), seed=players)
    table, views = checked_table()
    bots = {s: make_bot(("beginner", "medium", "strong")[s % 3]) for s in range(1, players)}
    learner = make_bot("strong")
    c = TableController(game, seat=0, lang=lang, bots=bots, table=table)
    kinds = set()
    while not game.is_over:
        c.run_bots()
        if c.my_turn:
            before = len(game.move_stack)
            move = learner.choose_move(c.observation())
            click(c, move)
            assert len(game.move_stack) == before + 1, c.view["status"]
            kinds.add(move.kind)
    assert {"reveal", "draw"} <= kinds and kinds & {"take", "swap", "drop"}
    final = c.view
    assert final["phase"] == "over" and final["result"]["scores"] == list(game.outcome.scores)
    assert all(card["state"] != "down" for p in final["players"] for card in p["cards"])
    assert len(views) > 20


def test_table_game_for_picks_skyjo() -> None:
    assert table_game_for(Round.new(seed=1)) is SKYJO_TABLE
    c, _ = started()
    assert isinstance(c.table, SkyjoTable)


MALFORMED = [None, "draw", {"type": "move"}, {"type": "move", "source": "take"},
             {"type": "move", "source": "take", "target": "z9"},
             {"type": "move", "source": "grab", "target": "a1"},
             {"type": "look", "pile": "grid-0-3"}, {"type": "look", "pile": "grid-9-0"},
             {"type": "look", "pile": "stock-1"}, {"type": "select", "source": "reveal"},
             {"type": "select", "source": "s"}, {"type": "poke"}]


@pytest.mark.parametrize("content", MALFORMED)
@pytest.mark.parametrize("lang", ["de", "fr"])
def test_a_malformed_message_is_refused_in_the_learner_s_language_and_changes_nothing(
        content: Any, lang: str) -> None:
    c, game = started(lang=lang)
    before = game.state_key()
    send(c, content)
    assert game.state_key() == before
    assert c.view["status_kind"] == "error"
    english, _ = started(lang="en")
    send(english, content)
    assert c.view["status"] and c.view["status"] != english.view["status"]
    check_skyjo_view(c.view)


def test_an_illegal_try_is_explained_by_the_engine_and_changes_nothing() -> None:
    c, game = started(lang="de")
    send(c, {"type": "move", "source": "reveal", "target": "a1"})
    before = game.state_key()
    for content, reason in [
        ({"type": "move", "source": "reveal", "target": "a1"}, Reason.FACE_UP),
        ({"type": "move", "move": "draw"}, Reason.SETUP_REVEAL),
        ({"type": "move", "source": "take", "target": "b1"}, Reason.SETUP_REVEAL),
    ]:
        send(c, content)
        assert game.state_key() == before
        assert c.view["status_kind"] == "error"
        params = {"place": "a1"} if reason is Reason.FACE_UP else {"count": 2}
        assert c.view["status"] == explain_refusal(IllegalMove(reason, **params), "de")


def in_play(drawn: int | None = None) -> TableController:
    """The learner to move, two cards face up each, a 3 on the discard pile."""
    mine = [(4, True), (9, True)] + [(7, False)] * 10
    theirs = [(1, True), (2, True)] + [(6, False)] * 10
    game = from_position(Rules(players=2), grids=[mine, theirs], discard=[3], draw_pile=None,
                         phase="play", current=0, drawn=drawn)
    return TableController(game, seat=0, bots={1: make_bot("medium")}, lang="en")


def test_clicks_that_are_not_moves_are_answered() -> None:
    c = in_play()
    send(c, {"type": "look", "pile": "grid-1-5"})
    assert c.view["status"] == "These are Mia's cards. You play only with your own grid."
    send(c, {"type": "target", "target": "a1"})
    assert c.view["status"] == t("skyjo.table.pick_first", "en")
    send(c, {"type": "select", "source": "take"})  # the 3 held, said in words
    assert c.view["status"] == t("skyjo.table.held_card", "en", value=3)
    send(c, {"type": "select"})  # put down again
    assert c.view["status"] == ""
    send(c, {"type": "select", "source": "drop"})  # nothing drawn: the engine says so
    assert c.view["status"].startswith("You haven't drawn a card yet")


def test_with_the_drawn_card_in_hand_the_draw_pile_and_the_discard_pile_say_why_not() -> None:
    c = in_play(drawn=11)
    before = c.game.state_key()
    send(c, {"type": "move", "move": "draw"})
    assert c.view["status"].startswith("You are still holding the 11")
    send(c, {"type": "select", "source": "take"})
    assert c.view["status"].startswith("You are still holding the 11")
    assert c.game.state_key() == before
    send(c, {"type": "select", "source": "drop"})
    assert c.view["status"] == t("skyjo.table.drop_where", "en")
    send(c, {"type": "move", "source": "drop", "target": "b1"})
    assert c.game.move_stack == [Move.parse("drop b1")]


def test_a_click_while_a_bot_is_to_move_says_whose_turn_it_is() -> None:
    c = in_play()
    c.move("take a1")
    assert not c.interactive
    for content in ({"type": "select", "source": "take"}, {"type": "target", "target": "b1"}):
        send(c, content)
        assert c.view["status"] == "Mia's turn"
    send(c, {"type": "move", "move": "draw"})
    assert c.view["status_kind"] == "error" and len(c.game.move_stack) == 1


def test_undo_only_where_nothing_new_was_seen() -> None:
    c, _ = started()
    c.move("reveal a1")  # a card turned over stays turned
    assert not c.can_undo()
    c = in_play()
    c.move("draw")  # a drawn card was seen
    assert not c.can_undo()
    assert SKYJO_TABLE.revealed([]) is None
    c = in_play()
    assert c.move("take a1") and not c.can_undo()  # the turn is over
    p = in_play()
    p.practice = True
    p.move("draw")
    assert p.can_undo() and p.undo() and p.game.move_stack == []


def test_a_hint_lights_the_pile_and_the_place() -> None:
    c = in_play()
    c.show_move(Move.parse("take b2"))
    assert c.view["highlight"] == ["take", "b2"]
    c.show_move(Move.parse("draw"))
    assert c.view["highlight"] == ["draw"]
    assert SKYJO_TABLE.lit(Move.parse("reveal c3")) == ("c3",)


@pytest.mark.parametrize("lang", ["de", "fr", "nl"])
def test_the_discard_pile_s_card_picked_up_is_said_held_in_the_learner_s_language(
        lang: str) -> None:
    c = in_play()
    c.lang = lang
    send(c, {"type": "select", "source": "take"})
    view = c.view
    assert view["status"] == view["held_label"] == t("skyjo.table.held_card", lang, value=3)
    assert view["labels"]["held"] == t("skyjo.table.held", lang)


def test_a_hint_s_glow_goes_with_the_drawn_card_and_the_cleared_column() -> None:
    # review: the glow stayed on the emptied drawn card's place and on a cleared column
    c = in_play(drawn=11)
    c.show_move(Move.parse("swap b2"))
    assert c.view["highlight"] == ["swap", "b2"]
    c = in_play()  # nothing drawn: no drawn card to light
    c.show_move(Move.parse("swap b2"))
    assert c.view["highlight"] == ["b2"]
    mine = [None] * 3 + [(9, True), (7, False), (7, False)] + [(8, False)] * 6
    theirs = [(1, True), (2, True)] + [(6, False)] * 10
    game = from_position(Rules(players=2), grids=[mine, theirs], discard=[12, 5, 5, 5],
                         draw_pile=None, phase="play", current=0)
    c = TableController(game, seat=0, bots={1: make_bot("medium")}, lang="en")
    c.show_move(Move.parse("take b1"))
    assert c.view["highlight"] == ["take", "b1"]
    c.highlight = ("take", "a1", "grid-0-0", "grid-0-4", "grid-0-8", "grid-0-1", "skyjo-drawn")
    c.refresh()  # a1, a2, a3 (grid-0-0, -4, -8) are cleared; nobody holds a drawn card
    assert c.view["highlight"] == ["take", "grid-0-1"]


def test_a_wrong_try_in_a_lesson_flies_back_to_its_pile() -> None:
    obs = in_play(drawn=11).observation()
    assert SKYJO_TABLE.bounce(Move.parse("swap b1"), obs) == \
        {"card": 11, "from": "grid-0-1", "to": "skyjo-drawn"}
    assert SKYJO_TABLE.bounce(Move.parse("take a2"), obs) == \
        {"card": 3, "from": "grid-0-4", "to": "skyjo-discard"}
    assert SKYJO_TABLE.bounce(Move.parse("draw"), obs) is None


SKYJO_TASKS = [step for lesson in load_lessons("skyjo") for step in lesson.steps
               if step.task is not None]


def lesson(step: Any) -> tuple[LessonController, list[dict[str, Any]]]:
    """A lesson step's controller on a checked table, redrawn after every judged try
    (the lesson screen does that in the app)."""
    table, views = checked_table()
    c = LessonController(StepRun(step), lang="fr", table=table)
    c.on_feedback = lambda _feedback, _before: c.refresh()
    return c, views


@pytest.mark.parametrize("step", SKYJO_TASKS, ids=lambda s: s.key)
def test_every_skyjo_lesson_task_is_done_by_clicks_on_a_checked_table(step: Any) -> None:
    c, views = lesson(step)
    for move in step.task.solution:
        click(c, move)
    assert c.run.done, step.key
    assert views


def test_a_wrong_try_in_a_skyjo_lesson_flies_back_between_cards_the_page_has() -> None:
    flown = []
    for step in SKYJO_TASKS:
        right = step.task.solution[0]
        for move in [m for m in step.new_game().legal_moves() if m != right]:
            c, _ = lesson(step)  # a fresh table: a try the step takes stays on it
            click(c, move)
            if c.view["bounce"] is not None:
                flown.append(c.view["bounce"])
                break
    assert len(flown) > 3
    for bounce in flown:
        assert re.fullmatch(r"grid-0-\d+|skyjo-discard", bounce["from"]), bounce
        assert re.fullmatch(r"skyjo-(discard|drawn)", bounce["to"]), bounce
