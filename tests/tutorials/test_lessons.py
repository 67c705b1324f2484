"""Skip-Bo's lessons: what only they have (their order, their table's names, the numbers
in their texts, a Skip-Bo lesson file refused). What every game's lessons share (each loads,
every rule taught, each task solved, wrong and illegal tries, quizzes, every text) is
checked for every game by ``tests/games/test_lessons.py``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from skipbo_widgets.i18n import LANGUAGES, t
from skipbo_widgets.skipbo.engine import Rules
from skipbo_widgets.skipbo.engine.events import Drew, Recycled
from skipbo_widgets.skipbo.engine.game import game_points
from skipbo_widgets.skipbo.engine.match import MATCH_TARGET
from skipbo_widgets.tutorials import LessonError, Step, StepRun, load_lessons
from skipbo_widgets.tutorials.lesson import load_lesson

LESSONS = load_lessons()
STEPS = [step for lesson in LESSONS for step in lesson.steps]
TASKS = [step for step in STEPS if step.task is not None]

# The beginner's order of issue 13: the core path up to "ready to play", then the rest.
CORE = ["goal", "stock", "hand", "wild", "discard", "complete", "emptyhand", "win"]
REST = ["drawpile", "teams", "score", "variants", "tips", "real"]


def test_the_lessons_follow_the_beginner_s_order() -> None:
    assert [lesson.id for lesson in LESSONS] == CORE + REST
    assert [lesson.id for lesson in LESSONS if lesson.core] == CORE


TABLE_IDS = re.compile(
    r"(s|ps|h(\d+|W)|p?d[1-4]|b[1-4]|hand|draw-pile|completed|end-turn"
    r"|(stock|stock-count|player)-(?P<seat>\d)|discard-(?P<dseat>\d)-[0-3]|build(-needs)?-[0-3])")


@pytest.mark.parametrize("step", STEPS, ids=lambda s: s.key)
def test_everything_a_step_lights_up_is_on_its_table(step: Step) -> None:
    """A typo in a highlight would light up nothing, so every name must exist."""
    players = step.new_game().rules.players
    for name in step.highlight:
        found = TABLE_IDS.fullmatch(name)
        assert found, name
        seat = found.group("seat") or found.group("dseat")
        assert seat is None or int(seat) < players, name


def test_the_first_lesson_has_a_task() -> None:
    # The browser walk-through completes a task in lesson 1.
    assert any(step.task for step in LESSONS[0].steps)


@pytest.mark.parametrize("step", STEPS, ids=lambda s: s.key)
def test_every_step_is_a_whole_game(step: Step) -> None:
    assert step.new_game().card_count() == 162


def _spoils(step: Step, move: str) -> bool:
    run = StepRun(step)
    return run.try_move(move).kind == "wrong"


@pytest.mark.parametrize("step", TASKS, ids=lambda s: s.key)
def test_a_step_has_its_own_wrong_text_exactly_when_a_play_can_spoil_it(step: Step) -> None:
    """Discards that end the turn too early get the general text; a spoiling play needs words."""
    spoiling_plays = [m for m in StepRun(step).game.legal_moves()
                      if not m.is_discard and _spoils(step, str(m))]
    assert step.task is not None
    assert step.task.wrong == bool(spoiling_plays), spoiling_plays


def test_the_points_in_the_scoring_lesson_are_the_engine_s() -> None:
    step = next(s for s in STEPS if s.key == "tut.score.win")  # 25 + 5 x Mia's 6
    run = StepRun(step)
    assert step.task is not None
    for move in step.task.solution:
        run.try_move(str(move))
    outcome = run.game.outcome
    assert outcome is not None and outcome.points == 55 == game_points(6)
    assert len(run.start.stocks[1]) == 6


def test_the_draw_pile_lesson_really_recycles_after_the_last_two_cards() -> None:
    step = next(s for s in STEPS if s.key == "tut.drawpile.runout")
    run = StepRun(step)
    assert len(run.game.draw_pile) == 2 and run.game.completed
    assert step.task is not None
    for move in step.task.solution:
        run.try_move(str(move))
    last_two = run.start.draw_pile[::-1]  # top card first
    events = run.game.events
    drew = [e for e in events if isinstance(e, Drew)]
    recycled = [e for e in events if isinstance(e, Recycled)]
    # "You took the last two cards, then the rest came from the shuffled piles."
    assert len(drew) == 1 and drew[0].empty_hand and len(drew[0].cards) == 5
    assert list(drew[0].cards[:2]) == last_two and recycled
    assert events.index(recycled[0]) < events.index(drew[0])


# -- lesson files that are not valid are refused, with the place named ------------

GOOD_STEP = {"id": "a", "rules": ["SB-PLAY"],
             "position": {"seats": [{"stock": "1"}, {"stock": "2"}]}}


@pytest.mark.parametrize(("change", "message"), [
    ({"extra": 1}, "unknown keys"),
    ({"rules": []}, "rules"),
    ({"rules": ["SJ-DECK"]}, "rules"),
    ({"position": "previous"}, "no step before"),
    ({"position": {"seats": [{"stock": "1 1 1 1 1 1 1 1 1 1 1 1 1"}, {"stock": "2"}]}},
     "bad position"),
    ({"task": {"goals": [{"goal": "fly"}], "solution": ["s-b1"]}}, "unknown goal"),
    ({"task": {"goals": [{"goal": "card_played", "crad": 1}], "solution": ["s-b1"]}},
     "takes no 'crad'"),
    ({"task": {"goals": [{"goal": "pile_needs"}], "solution": ["s-b1"]}}, "needs"),
    ({"task": {"goals": [{"goal": "card_played", "card": 13}], "solution": ["s-b1"]}},
     "not allowed"),
    ({"task": {"goals": [{"goal": "won"}], "solution": ["s-b2", "x"]}}, "bad solution"),
    ({"task": {"goals": [{"goal": "won"}], "solution": ["s-d1"]}}, "not legal"),
    ({"task": {"goals": [{"goal": "recycled"}], "solution": ["s-b1"]}}, "does not reach"),
    ({"id": "Big Step"}, "ids"),
    ({"quiz": {"answers": ["a"], "right": "a"}}, "two or three"),
    ({"quiz": {"answers": ["a", "a"], "right": "a"}}, "two or three"),
    ({"quiz": {"answers": ["a", "b", "c", "d"], "right": "a"}}, "two or three"),
    ({"quiz": {"answers": ["a", "b"], "right": "c"}}, "not an answer"),
    ({"quiz": {"answers": ["a", "B b"], "right": "a"}}, "ids"),
    ({"quiz": {"answers": ["a", "b"]}}, "missing"),
    ({"quiz": {"answers": ["a", "b"], "right": "a"},
      "task": {"goals": [{"goal": "won"}], "solution": ["s-b1"]}}, "not both"),
])
def test_a_bad_lesson_file_is_refused(tmp_path: Path, change: dict[str, object],
                                      message: str) -> None:
    path = tmp_path / "01-x.json"
    path.write_text(json.dumps({"id": "x", "steps": [{**GOOD_STEP, **change}]}))
    with pytest.raises(LessonError, match=message):
        load_lesson(path)


def test_a_good_lesson_file_loads(tmp_path: Path) -> None:
    path = tmp_path / "01-x.json"
    task = {"goals": [{"goal": "won"}], "solution": ["s-b1"]}
    steps = [{**GOOD_STEP, "task": task}, {**GOOD_STEP, "id": "b", "position": "same"}]
    path.write_text(json.dumps({"id": "x", "steps": steps}))
    lesson = load_lesson(path)
    assert [s.key for s in lesson.steps] == ["tut.x.a", "tut.x.b"]
    assert lesson.steps[1].position == lesson.steps[0].position


QUIZ_STEP = {**GOOD_STEP, "quiz": {"answers": ["mia", "you", "both"], "right": "you"}}


def test_a_quiz_is_judged_answer_by_answer_and_keeps_the_table_still(tmp_path: Path) -> None:
    path = tmp_path / "01-x.json"
    path.write_text(json.dumps({"id": "x", "steps": [QUIZ_STEP]}))
    step = load_lesson(path).steps[0]
    assert step.acts and step.task is None
    assert "tut.x.a.task" in step.text_keys() and "tut.x.a.a.both.why" in step.text_keys()
    run = StepRun(step)
    before = run.game.state_key()
    assert not run.active and run.try_move("s-b1").kind == "idle"  # the cards stay put
    assert run.answer("nobody").kind == "illegal" and run.answers == []
    assert (run.answer("mia").kind, run.done) == ("wrong", False)
    assert (run.answer("you").kind, run.done) == ("done", True)
    assert run.answer("both").kind == "idle"
    assert run.record == ("?mia", "?you") and run.game.state_key() == before
    again = StepRun(step)
    again.replay(list(run.record))
    assert again.done and again.answers == ["mia", "you"]


def _numbers(key: str, lang: str) -> set[str]:
    return set(re.findall(r"\d+", t(key, lang)))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_numbers_in_the_texts_are_the_engine_s(lang: str) -> None:
    """The scoring lesson names 25 + 5 per card, Mia's 6 stock cards and 55 points."""
    assert {"55", "6", "25"} <= _numbers("tut.score.win.done", lang)
    assert {"25", "5", "6"} <= _numbers("tut.score.win", lang)
    assert {"162", "144", "12", "18"} <= _numbers("tut.variants.deck.a.twelve.why", lang)
    assert "30" in _numbers("tut.variants.size", lang)
    assert {"20", "10"} <= _numbers("tut.variants.size.a.p20.why", lang)
    assert {"500", "525"} <= _numbers("tut.score.match.a.yes.why", lang)
    assert {"25", "5", "8"} <= _numbers("tut.score.teams.a.p65.why", lang)


def test_the_quiz_answers_are_the_engine_s() -> None:
    """Stock sizes, the team score and the match target, as the engine counts them."""
    assert (Rules(players=4).stock_size, Rules(players=5).stock_size) == (30, 20)
    teams = next(s for s in STEPS if s.key == "tut.score.teams").new_game()
    left = sum(len(teams.stocks[seat]) for seat in (1, 3))
    assert left == 8 and game_points(left) == 65
    assert MATCH_TARGET == 500 and 470 + game_points(6) >= MATCH_TARGET
