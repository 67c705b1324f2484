"""Step-by-step lessons of each game's rules: data, success checks and the judging of tries.

Pure Python like the engine: the widgets in :mod:`skipbo_widgets.widgets.shell.tutorial`
show a step on the card table and pass the learner's moves to :class:`StepRun`.
"""

from .goals import Goal
from .lesson import LESSON_GAMES, Lesson, LessonError, Quiz, Step, Task, load_lessons
from .lesson_game import LessonGame
from .runner import Feedback, StepRun

__all__ = ["LESSON_GAMES", "Feedback", "Goal", "Lesson", "LessonError", "LessonGame", "Quiz",
           "Step", "StepRun", "Task", "load_lessons"]
