"""What the lesson runner needs to know of a game: one :class:`LessonGame` per game.

Loading a lesson, judging a try and counting the texts work alike for every
game; only these differ: where the lesson files are, the message keys' and
rule ids' prefixes, the goals, the move notation, and how a step's position
becomes a game (and a game a position again, for ``"previous"``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .goals import GoalTable


@dataclass(frozen=True)
class LessonGame:
    #: The game's id, as in :mod:`skipbo_widgets.games` and a lesson file's ``"game"``.
    id: str
    #: The folder of the game's lesson files.
    lessons: Path
    #: The start of every message key of the game's lessons (``tut``: ``tut.goal.title``).
    key_prefix: str
    #: The start of the rule ids (RULES.md) a step of this game may teach.
    rule_prefix: str
    goals: GoalTable
    #: A move from its notation; raises the engine's ``NotationError``.
    parse: Callable[[str], Any]
    #: A fresh game at a step's position; raises the engine's ``SaveError``.
    new_game: Callable[[Mapping[str, Any]], Any]
    #: The position of a game, as a step writes it (the inverse of ``new_game``).
    position_of: Callable[[Any], dict[str, Any]]
    #: The message key for a wrong try that the game explains alike in every step
    #: (a Skip-Bo discard ends the turn), or ``None``: the step's own or a general one.
    wrong_key: Callable[[Any], str | None]
    #: The message key that says a shown move (after a second miss), or ``None``: the
    #: stepper says it with the game's own sentences (Skip-Bo's plan sentences).
    show_key: Callable[[Any], str | None]
    #: What the closing screen after the game's last lesson says.
    finished_key: str
    #: What a card picked up and refused at once says (no move it can become does the
    #: task), or ``None``: the step's own ``.wrong`` text, if it has one.
    refused_pick_key: str | None = None
    #: The move of the seat to move in a step the learner plays out against the
    #: others (a task with ``"play": true``); ``None``: the game has no such steps.
    bot: Callable[[Any], Any] | None = None
    #: The most minutes all the game's lessons may take (``None``: the general limit of
    #: :mod:`.stats`).
    max_minutes: float | None = None
    #: The core ideas of the game, each by the rule ids its steps name: the stats
    #: count each idea's positions and how much support they give.
    ideas: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
