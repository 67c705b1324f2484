"""The screens of a teacher's class (issue 24): the pupil's side (:mod:`.pupil`: join,
the class's line, progress reported, commands obeyed) and the teacher's class view
(:mod:`.teacher`). The class itself is :mod:`skipbo_widgets.classes`."""

from .pupil import ClassPupil
from .teacher import ClassJoinScreen, ClassStartScreen, ClassViewScreen

__all__ = ["ClassJoinScreen", "ClassPupil", "ClassStartScreen", "ClassViewScreen"]
