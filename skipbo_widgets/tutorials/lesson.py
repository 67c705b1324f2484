"""Lessons as data: each step is a position, its texts, what to light up, and maybe a task.

A lesson is a JSON file in a game's ``lessons/`` folder; its ``"game"`` says
which (``"skipbo"``, the default, or ``"skyjo"``), and each game's lessons are
shown in order on a live card table of that game. The texts live in the
message catalogs under keys made from the ids, so the data never holds a
sentence. ``<prefix>`` is ``tut`` for Skip-Bo and ``skyjo.lesson`` for Skyjo:

====================================  ==========================================
key                                   text
====================================  ==========================================
``<prefix>.<lesson>.title``           the lesson's title
``<prefix>.<lesson>.<step>``          what the step explains (one idea)
``<prefix>.<lesson>.<step>.task``     what the learner is asked to do (tasks)
``<prefix>.<lesson>.<step>.wrong``    why an allowed move is not the one asked
``<prefix>.<lesson>.<step>.done``     what the learner just saw happen
``<prefix>.<lesson>.<step>.a.<a>``    a quiz answer (the question is ``.task``)
``<prefix>.<lesson>.<step>.a.<a>.why``  why that answer is right or wrong
====================================  ==========================================

A step's ``position`` is a game in its save-file format without ``format``
and ``version`` (see docs/notation.md), ``"same"``: the position of the step
before, or ``"previous"``: that position after the step before's solution
(what the table shows once its task is done). The learner always sits in
seat 0.

>>> lesson = load_lessons()[0]
>>> lesson.id, lesson.steps[0].id, lesson.steps[0].key
('goal', 'stock', 'tut.goal.stock')
>>> game = lesson.steps[0].new_game()
>>> game.card_count()
162
>>> load_lessons("skyjo")[0].title_key
'skyjo.lesson.goal.title'
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from ..core.errors import NotationError, SaveError
from .goals import LEARNER, Goal, goal_problem
from .lesson_game import LessonGame
from .skipbo_lessons import SKIPBO_LESSONS
from .skyjo_lessons import SKYJO_LESSONS

#: Every game with lessons, by id; a lesson file without ``"game"`` is Skip-Bo's.
LESSON_GAMES: dict[str, LessonGame] = {g.id: g for g in (SKIPBO_LESSONS, SKYJO_LESSONS)}
DEFAULT_GAME = SKIPBO_LESSONS.id


class LessonError(ValueError):
    """A lesson file that is not valid (for the authors: never shown to a learner)."""


@dataclass(frozen=True)
class Task:
    """What the learner is asked to do: reach ``goals`` (all of them) within the turn.

    ``solution`` is one way to get there, in notation; it is the move shown
    after a second wrong try and the way the next step's ``"previous"``
    position is reached.
    """

    goals: tuple[Goal, ...]
    solution: tuple[Any, ...]
    #: Whether the step has its own ``.wrong`` text for an allowed play that
    #: spoils the task (where no such play exists, it needs none).
    wrong: bool = False
    #: The learner plays on (a short round against Mia): every allowed move counts,
    #: and the others move (the game's bot) whenever the learner's turn is over.
    play: bool = False

    def reached(self, start: Any, game: Any) -> bool:
        """Whether ``game`` reaches every goal, compared with the task's ``start``."""
        return all(goal.reached(start, game) for goal in self.goals)


@dataclass(frozen=True)
class Quiz:
    """A question about the position shown: two or three answers, one of them ``right``.

    The question is the step's ``.task`` text; each answer has a label and a
    reason (``.a.<answer>`` and ``.a.<answer>.why``), shown once it is picked.
    """

    answers: tuple[str, ...]
    right: str

    def label_key(self, step_key: str, answer: str) -> str:
        return f"{step_key}.a.{answer}"

    def why_key(self, step_key: str, answer: str) -> str:
        return f"{step_key}.a.{answer}.why"

    def label_keys(self, step_key: str) -> list[str]:
        return [self.label_key(step_key, answer) for answer in self.answers]


@dataclass(frozen=True)
class Step:
    lesson: str
    id: str
    rules: tuple[str, ...]
    position: Mapping[str, Any]
    highlight: tuple[str, ...] = ()
    task: Task | None = None
    quiz: Quiz | None = None
    game: str = DEFAULT_GAME
    #: The learner decides alone (the last of a core idea's positions): the task names
    #: the outcome, the table lights nothing that gives the answer away.
    decide: bool = False

    @property
    def kind(self) -> LessonGame:
        """What the lesson runner knows of the step's game."""
        return LESSON_GAMES[self.game]

    @property
    def key(self) -> str:
        return f"{self.kind.key_prefix}.{self.lesson}.{self.id}"

    @property
    def acts(self) -> bool:
        """The learner does something in this step (else it is a text-only screen)."""
        return self.task is not None or self.quiz is not None

    def shown_keys(self) -> list[str]:
        """The texts the step shows before the learner acts: its text, its task or question."""
        return [self.key, self.key + ".task"] if self.acts else [self.key]

    def text_keys(self) -> list[str]:
        """Every message key this step uses."""
        extra = [".task", ".done"] if self.task else []
        extra += [".wrong"] if self.task and self.task.wrong else []
        keys = [self.key + suffix for suffix in ["", *extra]]
        if self.quiz is not None:
            keys.append(self.key + ".task")
            for answer in self.quiz.answers:
                keys += [self.quiz.label_key(self.key, answer), self.quiz.why_key(self.key, answer)]
        return keys

    def new_game(self) -> Any:
        """A fresh game at this step's position."""
        return self.kind.new_game(self.position)

    def others_move(self, game: Any) -> list[Any]:
        """In a step played out (``"play"``), the others' moves until the learner is to
        move again or the game is over; the events of each move, in order."""
        bot = self.kind.bot
        if self.task is None or not self.task.play or bot is None:
            return []
        played = []
        while not game.is_over and game.current != LEARNER:
            played.append(game.push(bot(game), by=game.current))
        return played


@dataclass(frozen=True)
class Lesson:
    id: str
    steps: tuple[Step, ...] = field(default_factory=tuple)
    #: Part of the core path, up to "ready to play" (core lessons come first).
    core: bool = False
    game: str = DEFAULT_GAME

    @property
    def title_key(self) -> str:
        return f"{LESSON_GAMES[self.game].key_prefix}.{self.id}.title"

    @property
    def rules(self) -> frozenset[str]:
        return frozenset(rule for step in self.steps for rule in step.rules)


@cache
def load_lessons(game: str = DEFAULT_GAME) -> tuple[Lesson, ...]:
    """Every lesson of ``game``, in the order of their file names (``01-cards.json`` first)."""
    directory = LESSON_GAMES[game].lessons
    lessons = tuple(load_lesson(path) for path in sorted(directory.glob("*.json")))
    if not lessons:
        raise LessonError(f"no lessons in {directory}")
    strays = [lesson.id for lesson in lessons if lesson.game != game]
    if strays:
        raise LessonError(f"{directory}: lessons of another game: {strays}")
    cores = [lesson.core for lesson in lessons]
    if cores != sorted(cores, reverse=True):
        raise LessonError(f"{directory}: the core lessons must come first")
    return lessons


def all_lessons() -> tuple[Lesson, ...]:
    """Every game's lessons, Skip-Bo's first (so a Skip-Bo lesson keeps its index)."""
    return tuple(lesson for game in LESSON_GAMES for lesson in load_lessons(game))


def course(lessons: Sequence[Lesson], index: int) -> range:
    """The indices in ``lessons`` of the lessons of the same game as ``lessons[index]``."""
    game = lessons[index].game
    first = next(i for i, lesson in enumerate(lessons) if lesson.game == game)
    last = max(i for i, lesson in enumerate(lessons) if lesson.game == game)
    return range(first, last + 1)


def load_lesson(path: Path) -> Lesson:
    data = json.loads(path.read_text(encoding="utf-8"))
    where = path.name
    _keys(data, {"id", "game", "steps", "core"}, where, required={"id", "steps"})
    core = data.get("core", False)
    if not isinstance(core, bool):
        raise LessonError(f"{where}: 'core' is true or false")
    game = data.get("game", DEFAULT_GAME)
    if game not in LESSON_GAMES:
        raise LessonError(f"{where}: 'game' is one of {sorted(LESSON_GAMES)}, got {game!r}")
    lesson_id = _ident(data["id"], where)
    raw_steps = data["steps"]
    if not isinstance(raw_steps, list) or not raw_steps:
        raise LessonError(f"{where}: 'steps' must be a non-empty list")
    steps: list[Step] = []
    for i, raw in enumerate(raw_steps):
        steps.append(_step(raw, lesson_id, LESSON_GAMES[game], steps[-1] if steps else None,
                           f"{where} step {i + 1}"))
    if len({s.id for s in steps}) != len(steps):
        raise LessonError(f"{where}: step ids repeat")
    return Lesson(lesson_id, tuple(steps), core, game)


def _step(raw: Any, lesson: str, kind: LessonGame, before: Step | None, where: str) -> Step:
    _keys(raw, {"id", "rules", "position", "highlight", "task", "quiz", "decide"}, where,
          required={"id", "rules", "position"})
    decide = raw.get("decide", False)
    if not isinstance(decide, bool) or (decide and "task" not in raw):
        raise LessonError(f"{where}: 'decide' is true or false, and only for a task")
    step_id = _ident(raw["id"], where)
    rules = _strings(raw["rules"], f"{where} rules")
    prefix = kind.rule_prefix
    if not rules or not all(r.startswith(prefix) for r in rules):
        raise LessonError(f"{where}: 'rules' must name the {prefix} rules the step teaches")
    position = raw["position"]
    if position in ("previous", "same"):
        if before is None:
            raise LessonError(f"{where}: the first step has no step before it")
        position = _after(before) if position == "previous" else before.position
    elif not isinstance(position, dict):
        raise LessonError(f"{where}: 'position' must be a game, \"same\" or \"previous\"")
    step = Step(lesson, step_id, tuple(rules), dict(position),
                tuple(_strings(raw.get("highlight", []), f"{where} highlight")),
                _task(raw["task"], kind, where) if "task" in raw else None,
                _quiz(raw["quiz"], where) if "quiz" in raw else None, kind.id, decide)
    if step.task is not None and step.quiz is not None:
        raise LessonError(f"{where}: a step has a task or a quiz, not both")
    try:
        game = step.new_game()
    except SaveError as err:
        raise LessonError(f"{where}: bad position: {err!r}") from None
    if step.task is not None:
        if step.task.play and kind.bot is None:
            raise LessonError(f"{where}: {kind.id} has no bot to play a step out against")
        _check_solution(game, step, where)
    return step


def _task(raw: Any, kind: LessonGame, where: str) -> Task:
    _keys(raw, {"goals", "solution", "wrong", "play"}, where + " task",
          required={"goals", "solution"})
    goals = []
    for spec in raw["goals"] if isinstance(raw["goals"], list) else [None]:
        if not isinstance(spec, dict) or not isinstance(spec.get("goal"), str):
            raise LessonError(f"{where}: each goal is {{\"goal\": name, ...params}}")
        name = spec["goal"]
        params = {k: v for k, v in spec.items() if k != "goal"}
        problem = goal_problem(kind.goals, name, params)
        if problem:
            raise LessonError(f"{where}: {problem}")
        goals.append(Goal(name, tuple(sorted(params.items())), kind.goals[name][0]))
    try:
        solution = tuple(kind.parse(text) for text in _strings(raw["solution"], where))
    except NotationError as err:
        raise LessonError(f"{where}: bad solution move: {err!r}") from None
    if not goals or not solution:
        raise LessonError(f"{where}: a task needs goals and a solution")
    wrong, play = raw.get("wrong", False), raw.get("play", False)
    if not isinstance(wrong, bool) or not isinstance(play, bool):
        raise LessonError(f"{where}: 'wrong' and 'play' are true or false")
    return Task(tuple(goals), solution, wrong, play)


def _quiz(raw: Any, where: str) -> Quiz:
    _keys(raw, {"answers", "right"}, where + " quiz")
    answers = tuple(_ident(a, where + " quiz") for a in _strings(raw["answers"], where))
    if not 2 <= len(answers) <= 3 or len(set(answers)) != len(answers):
        raise LessonError(f"{where}: a quiz has two or three different answers")
    if raw["right"] not in answers:
        raise LessonError(f"{where}: the quiz's right answer {raw['right']!r} is not an answer")
    return Quiz(answers, raw["right"])


def _check_solution(game: Any, step: Step, where: str) -> None:
    task = step.task
    if task is None:
        return
    start = game.copy()
    if game.current != LEARNER or game.is_over:
        raise LessonError(f"{where}: a task needs the learner (seat 0) to move")
    if task.reached(start, game):
        raise LessonError(f"{where}: the task is done before any move")
    for move in task.solution:
        if game.is_over or not game.can_move(move, by=LEARNER):
            raise LessonError(f"{where}: solution move {move} is not legal")
        game.push(move)
        step.others_move(game)
    if not task.reached(start, game):
        raise LessonError(f"{where}: the solution does not reach the goals")


def _after(step: Step) -> dict[str, Any]:
    game = step.new_game()
    for move in step.task.solution if step.task else ():
        game.push(move)
        step.others_move(game)
    return step.kind.position_of(game)


def _keys(raw: Any, allowed: set[str], where: str, required: set[str] | None = None) -> None:
    if not isinstance(raw, dict):
        raise LessonError(f"{where}: expected an object")
    unknown, missing = set(raw) - allowed, (allowed if required is None else required) - set(raw)
    if unknown or missing:
        raise LessonError(f"{where}: unknown keys {sorted(unknown)}, missing {sorted(missing)}")


def _ident(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.replace("_", "").isalnum() or not value.islower():
        raise LessonError(f"{where}: ids are lower-case words, got {value!r}")
    return value


def _strings(value: Any, where: str) -> Sequence[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise LessonError(f"{where}: expected a list of strings")
    return value
