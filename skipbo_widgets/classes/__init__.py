"""A teacher's class: a class code, the pupils' progress and the teacher's commands,
shared through the rooms' store (:mod:`skipbo_widgets.rooms.store`).

:mod:`.records` is what a class is made of (keys, refusals, checks), :mod:`.authority`
the class on any store (:class:`Classes`). Standard-library Python; no widgets.
See docs/classes.md.
"""

from .authority import Classes, ClassView, Orders
from .records import (
    ALL_RULES,
    CLASS_TTL,
    RULES_BY_GAME,
    ClassError,
    ClassReason,
    Joined,
    Opened,
)

__all__ = ["ALL_RULES", "CLASS_TTL", "RULES_BY_GAME", "ClassError", "ClassReason", "ClassView",
           "Classes", "Joined", "Opened", "Orders"]
