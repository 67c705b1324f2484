"""Step-by-step lessons of the Skip-Bo rules: data, success checks and the judging of tries.

Pure Python like the engine: the widgets in :mod:`skipbo_widgets.widgets.tutorial`
show a step on the card table and pass the learner's moves to :class:`StepRun`.
"""

from .goals import GOALS, Goal
from .lesson import Lesson, LessonError, Quiz, Step, Task, load_lessons
from .runner import Feedback, StepRun

__all__ = ["GOALS", "Feedback", "Goal", "Lesson", "LessonError", "Quiz", "Step", "StepRun", "Task",
           "load_lessons"]
