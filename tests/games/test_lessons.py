"""Every game's lessons (``LESSON_GAMES``), checked alike: each lesson loads as its game's,
every rule of the game is taught, each task is the learner's move and solved by its
solution, an illegal try changes nothing and says why, a wrong try is taken back exactly
and the second shows the way, each quiz is answerable, every text exists in every
language. What only one game's lessons have stays in ``tests/tutorials/test_*lessons.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

from skipbo_widgets.core.errors import IllegalMove, NotationError
from skipbo_widgets.i18n import LANGUAGES, t
from skipbo_widgets.tutorials import Step, StepRun

from .described import Described


def _lessons(game: Described) -> Any:
    lessons = game.lessons
    if not lessons:
        pytest.skip(f"{game.id} has no lessons")
    return lessons


def _steps(game: Described) -> list[Step]:
    return [step for lesson in _lessons(game) for step in lesson.steps]


def _tasks(game: Described) -> list[Step]:
    return [step for step in _steps(game) if step.task is not None]


def _illegal(step: Step, game: Described) -> str:
    """A move legal in another step of the game but not for the learner here."""
    run = StepRun(step)
    for other in _steps(game):
        for move in other.new_game().legal_moves():
            if not run.game.can_move(move, by=0):
                return str(move)
    raise AssertionError(f"{step.key}: no illegal move found")


def test_every_lesson_loads_as_its_game_s(game: Described) -> None:
    lessons = _lessons(game)
    assert len({lesson.id for lesson in lessons}) == len(lessons)
    assert {lesson.game for lesson in lessons} == {game.id}
    assert {step.game for step in _steps(game)} == {game.id}
    assert any(lesson.core for lesson in lessons)
    prefix = lessons[0].steps[0].kind.key_prefix
    assert all(step.key.startswith(f"{prefix}.{step.lesson}.") for step in _steps(game))


def test_every_rule_is_taught_by_at_least_one_step(game: Described) -> None:
    steps = _steps(game)
    if game.rule_ids is None:
        pytest.skip(f"{game.id} lists no rule ids")
    taught = {rule for step in steps for rule in step.rules}
    assert sorted(set(game.rule_ids) - taught) == []
    assert sorted(taught - set(game.rule_ids)) == []  # no step names a rule that is not


def test_every_step_loads_and_every_task_is_the_learner_s_move(game: Described) -> None:
    for step in _steps(game):
        g = step.new_game()
        assert g.rules.players >= 2, step.key
        if step.task:
            assert g.current == 0 and not g.is_over, step.key


def test_every_task_is_solved_by_its_solution(game: Described) -> None:
    for step in _tasks(game):
        run = StepRun(step)
        assert step.task is not None
        kinds = [run.try_move(str(move)).kind for move in step.task.solution]
        assert kinds == ["progress"] * (len(kinds) - 1) + ["done"], step.key
        assert run.done and not run.active
        assert run.try_move(str(step.task.solution[0])).kind == "idle"


def test_an_illegal_try_says_why_and_changes_nothing(game: Described) -> None:
    for step in _tasks(game):
        run = StepRun(step)
        before = run.game.state_key()
        feedback = run.try_move(_illegal(step, game))
        assert feedback.kind == "illegal" and isinstance(feedback.error, IllegalMove), step.key
        assert feedback.show is None and run.game.state_key() == before
        feedback = run.try_move("no such move")
        assert feedback.kind == "illegal" and isinstance(feedback.error, NotationError)
        assert run.game.state_key() == before


def test_a_wrong_try_is_taken_back_exactly_and_the_second_shows_the_way(
        game: Described) -> None:
    for step in _tasks(game):
        run = StepRun(step)
        before = run.game.state_key()  # cards, piles, the random state, events and undo stack
        spoiling = [str(m) for m in run.game.legal_moves()
                    if StepRun(step).try_move(str(m)).kind == "wrong"]
        wrong, kind = (spoiling[0], "wrong") if spoiling else (_illegal(step, game), "illegal")
        first = run.try_move(wrong)
        assert first.kind == kind and first.show is None, step.key
        assert run.game.state_key() == before
        second = run.try_move(wrong)
        assert second.kind == kind and second.show is not None, step.key
        assert run.game.state_key() == before
        for _ in range(12):  # following the shown moves always finishes the task
            show = run.hint_move()
            assert show is not None, step.key
            if run.try_move(str(show)).kind == "done":
                break
        assert run.done, step.key


def test_every_quiz_is_answerable_and_keeps_the_table_still(game: Described) -> None:
    for step in _steps(game):
        if step.quiz is None:
            continue
        run = StepRun(step)
        before = run.game.state_key()
        assert run.try_move(_illegal(step, game)).kind == "idle"  # no cards move in a quiz
        assert run.answer("no-such-answer").kind == "illegal"
        for answer in step.quiz.answers:
            if answer != step.quiz.right:
                assert run.answer(answer).kind == "wrong" and not run.done, step.key
        assert run.answer(step.quiz.right).kind == "done" and run.done, step.key
        assert run.game.state_key() == before


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_text_of_every_lesson_exists(game: Described, lang: str) -> None:
    keys = [lesson.title_key for lesson in _lessons(game)]
    keys += [key for step in _steps(game) for key in step.text_keys()]
    assert [key for key in keys if t(key, lang) == key] == []
