"""How much a course talks and how much it lets the learner act, per game and language.

``python -m skipbo_widgets.tutorials.stats`` prints a table (``--json``: the
same numbers as JSON) for the core path (the lessons marked ``"core": true``,
up to "ready to play") and for all lessons. What a learner reads is counted
as it appears: a lesson's title, each step's text and task (a quiz: its
question and answers), the answer after success (``.done``; a quiz: why the
right answer is right). Texts shown only after a mistake are not counted.

A step's length is its text plus its task: what is on the screen before the
learner acts. A step is on the table (a task: a move on the live table) or a
quiz (a question with answer buttons).

``--ideas`` prints, per game, each core idea's positions (the steps that name
its rule ids) by their support: lit (the table lights the card or the
target), named (the task names the card, nothing lights up), decided (the
learner decides alone, ``"decide": true``), and quizzes.

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
#: Issue 21: at least this share of the steps are moves on the live table (quizzes aside).
MIN_TABLE_SHARE = 0.8
#: Issue 21: each core idea of a game gets at least this many positions.
MIN_IDEA_POSITIONS = 2
CHILD_WPM, ADULT_WPM = 80, 180

_WORD = re.compile(r"[^\W_]", re.UNICODE)


def words(text: str) -> int:
    """Words as a reader counts them: pieces between spaces holding a letter or digit."""
    return sum(1 for piece in text.split() if _WORD.search(piece))


def max_all_minutes(game: str) -> float:
    limit = LESSON_GAMES[game].max_minutes
    return MAX_ALL_MINUTES if limit is None else limit


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
    on_table = sum(step.task is not None for step in steps)
    return {
        "lessons": len(lessons),
        "steps": len(steps),
        "steps_with_task": acting,
        "task_share": round(acting / len(steps), 3) if steps else 0.0,
        "on_table": on_table,
        "quizzes": sum(step.quiz is not None for step in steps),
        "table_share": round(on_table / len(steps), 3) if steps else 0.0,
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


def support(step: Step) -> str:
    """How much the step helps: ``quiz``, ``decided``, ``lit`` or ``named`` (or ``text``)."""
    if step.quiz is not None:
        return "quiz"
    if step.task is None:
        return "text"
    if step.decide:
        return "decided"
    return "lit" if step.highlight else "named"


def idea_stats(game: str) -> list[dict[str, Any]]:
    """Each core idea of ``game``: its positions in all lessons, by their support, in order."""
    steps = [step for lesson in load_lessons(game) for step in lesson.steps]
    rows = []
    for idea, rules in LESSON_GAMES[game].ideas.items():
        mine = [step for step in steps if set(step.rules) & set(rules)]
        kinds = [support(step) for step in mine]
        rows.append({"game": game, "idea": idea, "rules": " ".join(rules),
                     "positions": len(mine), "order": " ".join(kinds),
                     **{kind: kinds.count(kind) for kind in ("lit", "named", "decided", "quiz")}})
    return rows


def all_idea_stats() -> list[dict[str, Any]]:
    return [row for game in LESSON_GAMES for row in idea_stats(game)]


COLUMNS = [("game", "game"), ("lang", "lang"), ("part", "part"), ("lessons", "lessons"),
           ("steps", "steps"), ("steps_with_task", "with task"), ("on_table", "on the table"),
           ("quizzes", "quizzes"),
           ("longest_step_words", "longest step (words)"),
           ("longest_text_run", "text-only run"), ("minutes_80", "min at 80 wpm"),
           ("minutes_180", "min at 180 wpm")]


IDEA_COLUMNS = [("game", "game"), ("idea", "core idea"), ("rules", "rules"),
                ("positions", "positions"), ("lit", "lit"), ("named", "named"),
                ("decided", "decided"), ("quiz", "quizzes"), ("order", "in order")]


def table(rows: Sequence[dict[str, Any]],
          columns: Sequence[tuple[str, str]] = COLUMNS) -> str:
    """The rows as a Markdown table (the ones in docs/lessons.md)."""
    head = "| " + " | ".join(title for _, title in columns) + " |"
    rule = "|" + "|".join("---" for _ in columns) + "|"
    body = ["| " + " | ".join(str(row[key]) for key, _ in columns) + " |" for row in rows]
    return "\n".join([head, rule, *body])


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m skipbo_widgets.tutorials.stats",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--ideas", action="store_true",
                        help="each core idea's positions by their support")
    args = parser.parse_args(argv)
    rows, columns = (all_idea_stats(), IDEA_COLUMNS) if args.ideas else (all_stats(), COLUMNS)
    print(json.dumps(rows, indent=1) if args.json else table(rows, columns))


if __name__ == "__main__":
    main()
