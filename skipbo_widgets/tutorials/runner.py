"""One step being played: the learner's tries at its task, judged on the engine.

A try is one of:

- ``illegal``: the engine refuses it (the error says why) and nothing changes;
- ``wrong``: allowed, but after it the task can no longer be done this turn;
  it is taken back at once (the engine's undo), so the table is exactly as before;
- ``progress``: allowed, and the task can still be done: it stays;
- ``done``: the task's goals are reached.

From the second wrong or illegal try on, the feedback carries the move to show.

A quiz step is answered instead (:meth:`StepRun.answer`): ``done`` for the
right answer, ``wrong`` for another one, which the learner may change.

>>> from skipbo_widgets.tutorials import load_lessons
>>> step = next(s for s in load_lessons()[0].steps if s.task)
>>> run = StepRun(step)
>>> run.try_move("s-d1").kind, run.try_move("h12-d1").kind
('illegal', 'wrong')
>>> run.try_move(str(run.task.solution[0])).kind
'done'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ..core.errors import GameError, IllegalMove, NotationError
from .goals import LEARNER
from .lesson import Step, Task

Kind = Literal["illegal", "wrong", "progress", "done", "idle"]
#: Moves the learner may need beyond a task's own solution (a detour that still works).
SLACK = 1


@dataclass(frozen=True)
class Feedback:
    kind: Kind
    #: The try, as the game's move (``None`` for text that is no move).
    move: Any = None
    #: The engine's reason for an illegal try.
    error: GameError | None = None
    #: After the second failed try: the move that leads to the goal.
    show: Any = None
    #: The quiz answer that was picked.
    answer: str | None = None
    #: In a step played out against the others: the events of each of their moves
    #: that followed the try, in order.
    others: tuple[list[Any], ...] = ()
    #: A card picked up and refused at once: the moves it could have become.
    tried: tuple[Any, ...] = ()


class StepRun:
    """A step's game and, if it has a task, the learner's tries."""

    def __init__(self, step: Step) -> None:
        self.step = step
        self.start = step.new_game()
        self.game = self.start.copy()
        self.failures = 0
        #: Failed tries since the step's position was last set out (start, reset).
        self.misses = 0
        self.moves: list[Any] = []
        self.answers: list[str] = []

    @property
    def task(self) -> Task:
        if self.step.task is None:
            raise ValueError(f"step {self.step.key} has no task")
        return self.step.task

    @property
    def has_task(self) -> bool:
        """The learner has something to do: a task on the table or a quiz."""
        return self.step.acts

    @property
    def done(self) -> bool:
        if self.step.quiz is not None:
            return self.step.quiz.right in self.answers
        return self.step.task is not None and self._reached(self.game)

    @property
    def active(self) -> bool:
        """The learner can move cards now."""
        return self.step.task is not None and not self.done and self.game.current == LEARNER

    @property
    def record(self) -> tuple[str, ...]:
        """What the learner did, as text: the moves, or ``?answer`` for each quiz answer."""
        return (*(str(m) for m in self.moves), *(f"?{a}" for a in self.answers))

    def answer(self, choice: str) -> Feedback:
        """Judge a quiz answer; an answer the quiz does not have is ``illegal``."""
        quiz = self.step.quiz
        if quiz is None or self.done:
            return Feedback("idle")
        if choice not in quiz.answers:
            return Feedback("illegal")
        self.answers.append(choice)
        if choice == quiz.right:
            return Feedback("done", answer=choice)
        self.failures += 1
        self.misses += 1
        return Feedback("wrong", answer=choice)

    def try_move(self, text: str) -> Feedback:
        """Judge one try; only ``progress`` and ``done`` leave the move on the table."""
        if not self.active:
            return Feedback("idle")
        try:
            move = self.step.kind.parse(text)
        except NotationError as err:
            return self._failed(Feedback("illegal", error=err))
        try:
            self.game.push(move, by=LEARNER)
        except IllegalMove as err:  # the move goes with it: a partner's card is named so
            return self._failed(Feedback("illegal", move, error=err))
        if self.task.play:  # every allowed move counts; then the others play
            self.moves.append(move)
            others = tuple(self.step.others_move(self.game))
            return Feedback("done" if self._reached(self.game) else "progress", move,
                            others=others)
        if self._reached(self.game):
            self.moves.append(move)
            return Feedback("done", move)
        if self._reachable(self.game, self._depth()):
            self.moves.append(move)
            return Feedback("progress", move)
        self.game.pop()
        return self._failed(Feedback("wrong", move))

    def try_start(self, moves: Sequence[Any]) -> Feedback:
        """Judge the first half of a two-part move (a card picked up): ``moves`` are the
        moves it can become. ``wrong`` (a failed try) when none of them keeps the task in
        reach, else ``progress``; nothing changes either way."""
        if not self.active:
            return Feedback("idle")
        if self.task.play:
            return Feedback("progress")
        depth = self._depth()
        for move in moves:
            if not self.game.can_move(move, by=LEARNER):
                continue
            self.game.push(move, by=LEARNER)
            try:
                if self._reachable(self.game, depth):
                    return Feedback("progress")
            finally:
                self.game.pop()
        return self._failed(Feedback("wrong", tried=tuple(moves)))

    def reset(self) -> None:
        """Back to the step's position (the tries so far still count)."""
        self.game = self.start.copy()
        self.moves = []
        self.answers = []
        self.misses = 0

    def replay(self, record: list[str]) -> None:
        """Make earlier moves and answers again (a reload); stops at the first that does not fit."""
        for text in record:
            if text.startswith("?"):
                if self.answer(text[1:]).kind not in ("wrong", "done"):
                    break
            elif self.try_move(text).kind not in ("progress", "done"):
                break
        self.failures = self.misses = 0

    def hint_move(self) -> Any:
        """A move that leads to the goal: the solution's own first, if it still works."""
        if not self.active:
            return None
        bot = self.step.kind.bot
        if self.task.play and bot is not None:  # Mia's own choice in the learner's seat
            return bot(self.game)
        depth = self._depth()
        candidates = [*self.task.solution, *self.game.legal_moves()]
        for move in dict.fromkeys(candidates):
            if not self.game.can_move(move, by=LEARNER):
                continue
            self.game.push(move)
            try:
                if self._reachable(self.game, depth - 1):
                    return move
            finally:
                self.game.pop()
        return None

    # -- judging ------------------------------------------------------------

    @property
    def untouched(self) -> bool:
        """Nothing tried since the step's position was set out: starting again changes nothing."""
        return not self.moves and not self.answers and not self.misses

    def _failed(self, feedback: Feedback) -> Feedback:
        self.failures += 1
        self.misses += 1
        if self.failures < 2:
            return feedback
        return Feedback(feedback.kind, feedback.move, feedback.error, self.hint_move(),
                        tried=feedback.tried)

    def _depth(self) -> int:
        return len(self.task.solution) + SLACK

    def _reached(self, game: Any) -> bool:
        return self.task.reached(self.start, game)

    def _reachable(self, game: Any, depth: int) -> bool:
        """Can the learner still reach the goals within ``depth`` more moves of this turn?"""
        if self._reached(game):
            return True
        if depth <= 0 or game.current != LEARNER or game.is_over:
            return False
        for move in game.legal_moves():
            game.push(move)
            try:
                if self._reachable(game, depth - 1):
                    return True
            finally:
                game.pop()
        return False
