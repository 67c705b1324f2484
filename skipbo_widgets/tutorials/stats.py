"""How much a course talks and how much it lets the learner act, per game and language.

``python -m skipbo_widgets.tutorials.stats`` prints a table (``--json``: the
same numbers as JSON) for the core path (the lessons marked ``"core": true``,
up to "ready to play") and for all lessons. What a learner reads is counted
as it appears: a lesson's title, each step's text and task (a quiz: its
question and answers), the answer after success (``.done``; a quiz: why the
right answer is right). Texts shown only after a mistake are not counted.

A step's length is its text plus its task: what is on the screen before the
learner acts.

>>> [row["part"] for row in course_stats("skipbo", "en")]
['core', 'all']
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Sequence
from typing import Any

from ..i18n import LANGUAGES, t
from .lesson import LESSON_GAMES, Lesson, Step, load_lessons

#: The limits of issue 13, for every game and language.
MAX_STEP_WORDS = 25
#: "The other languages near that": French and Dutch need a few more words than English.
MAX_STEP_WORDS_OTHER = 30
MIN_TASK_SHARE = 0.8
MAX_TEXT_RUN = 2
MAX_CORE_MINUTES = 8.0
MAX_ALL_MINUTES = 15.0
CHILD_WPM, ADULT_WPM = 80, 180

_WORD = re.compile(r"[^\W_]", re.UNICODE)


def words(text: str) -> int:
    """Words as a reader counts them: pieces between spaces holding a letter or digit."""
    return sum(1 for piece in text.split() if _WORD.search(piece))


def max_step_words(lang: str) -> int:
    return MAX_STEP_WORDS if lang == "en" else MAX_STEP_WORDS_OTHER


def step_words(step: Step, lang: str) -> int:
    """What the step shows before the learner acts: its text and its task or question."""
    return sum(words(t(key, lang)) for key in step.shown_keys())


def _read_words(lesson: Lesson, lang: str) -> int:
    total = words(t(lesson.title_key, lang))
    for step in lesson.steps:
        total += step_words(step, lang)
        if step.task is not None:
            total += words(t(step.key + ".done", lang))
        if step.quiz is not None:
            total += sum(words(t(key, lang)) for key in step.quiz.label_keys(step.key))
            total += words(t(step.quiz.why_key(step.key, step.quiz.right), lang))
    return total


def _longest_text_run(steps: Sequence[Step]) -> int:
    run = longest = 0
    for step in steps:
        run = 0 if step.acts else run + 1
        longest = max(longest, run)
    return longest


def part_stats(lessons: Sequence[Lesson], lang: str) -> dict[str, Any]:
    steps = [step for lesson in lessons for step in lesson.steps]
    read = sum(_read_words(lesson, lang) for lesson in lessons)
    acting = sum(step.acts for step in steps)
    return {
        "lessons": len(lessons),
        "steps": len(steps),
        "steps_with_task": acting,
        "task_share": round(acting / len(steps), 3) if steps else 0.0,
        "longest_step_words": max((step_words(s, lang) for s in steps), default=0),
        "longest_text_run": _longest_text_run(steps),
        "words": read,
        "minutes_80": round(read / CHILD_WPM, 1),
        "minutes_180": round(read / ADULT_WPM, 1),
    }


def course_stats(game: str, lang: str) -> list[dict[str, Any]]:
    """The numbers for the core path and for all lessons of ``game`` in ``lang``."""
    lessons = load_lessons(game)
    core = [lesson for lesson in lessons if lesson.core]
    return [{"game": game, "lang": lang, "part": part, **part_stats(chosen, lang)}
            for part, chosen in (("core", core), ("all", lessons))]


def all_stats() -> list[dict[str, Any]]:
    return [row for game in LESSON_GAMES for lang in LANGUAGES
            for row in course_stats(game, lang)]


COLUMNS = [("game", "game"), ("lang", "lang"), ("part", "part"), ("lessons", "lessons"),
           ("steps", "steps"), ("steps_with_task", "with task"),
           ("longest_step_words", "longest step (words)"),
           ("longest_text_run", "text-only run"), ("minutes_80", "min at 80 wpm"),
           ("minutes_180", "min at 180 wpm")]


def table(rows: Sequence[dict[str, Any]]) -> str:
    """The rows as a Markdown table (the one in docs/lessons.md)."""
    head = "| " + " | ".join(title for _, title in COLUMNS) + " |"
    rule = "|" + "|".join("---" for _ in COLUMNS) + "|"
    body = ["| " + " | ".join(str(row[key]) for key, _ in COLUMNS) + " |" for row in rows]
    return "\n".join([head, rule, *body])


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m skipbo_widgets.tutorials.stats",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    rows = all_stats()
    print(json.dumps(rows, indent=1) if args.json else table(rows))


if __name__ == "__main__":
    main()
