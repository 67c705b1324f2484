"""Where the learner is in the lessons, kept in the browser so a reload loses nothing.

What comes back from the browser is untrusted: :func:`loads_progress` reads it
with the parser of every save file (:mod:`skipbo_widgets.core.jsonfile`, at
most 4 KiB) and accepts only a known lesson and step and a short list of short
strings (the step's moves, which are then replayed through the engine and
dropped from the first that does not fit); it gives ``None`` for anything else
(the lessons then simply start at the top).

>>> text = dumps_progress(Progress(2, 1, ("h1-b1",)))
>>> loads_progress(text)
Progress(lesson=2, step=1, moves=('h1-b1',), finished=False)
>>> loads_progress('{"lesson": "nope"}') is None
True
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from ..core.errors import SaveError
from ..core.jsonfile import check_header, parse_json
from .lesson import DEFAULT_GAME, Lesson, all_lessons

PROGRESS_FORMAT = "skipbo-widgets/tutorial"
PROGRESS_VERSION = 1
MAX_PROGRESS_SIZE = 4096
MAX_MOVES = 30


class Progress(NamedTuple):
    """Lesson and step (0-based) and the task moves made so far in that step."""

    lesson: int
    step: int
    moves: tuple[str, ...] = ()
    #: All lessons done: the closing screen (with the practice game) is shown.
    finished: bool = False


def dumps_progress(progress: Progress, lessons: tuple[Lesson, ...] | None = None) -> str:
    """``lessons``: the list ``progress`` counts in (every game's, by default)."""
    lessons = lessons or all_lessons()
    lesson = lessons[progress.lesson]
    moves = list(progress.moves) if len(progress.moves) <= MAX_MOVES else []  # the step stays
    # Lesson ids repeat across games ("goal"); a Skip-Bo record stays as it always was.
    game = {} if lesson.game == DEFAULT_GAME else {"game": lesson.game}
    return json.dumps({
        "format": PROGRESS_FORMAT, "version": PROGRESS_VERSION, **game, "lesson": lesson.id,
        "step": lesson.steps[progress.step].id, "moves": moves,
        "finished": progress.finished,
    }, separators=(",", ":"))


def loads_progress(text: Any, lessons: tuple[Lesson, ...] | None = None) -> Progress | None:
    """The progress in ``text``, or ``None`` if it is not a valid progress record."""
    lessons = lessons or all_lessons()
    if not isinstance(text, str):
        return None
    try:
        d = parse_json(text, max_bytes=MAX_PROGRESS_SIZE, max_depth=2)
        check_header(d, [PROGRESS_FORMAT], PROGRESS_VERSION)
    except SaveError:
        return None
    required = {"format", "version", "lesson", "step", "moves"}
    if not required <= set(d) <= required | {"finished", "game"}:
        return None
    game = d.get("game", DEFAULT_GAME)
    finished = d.get("finished", False)
    if not isinstance(finished, bool):
        return None
    moves = d["moves"]
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        return None
    if not all(isinstance(m, str) and 0 < len(m) <= 16 for m in moves):
        return None
    for i, lesson in enumerate(lessons):
        if (lesson.game, lesson.id) == (game, d["lesson"]):
            for j, step in enumerate(lesson.steps):
                if step.id == d["step"]:
                    return Progress(i, j, tuple(moves), finished)
    return None
