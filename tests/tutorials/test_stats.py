"""The course's numbers (`python -m skipbo_widgets.tutorials.stats`) and the limits of issue 13."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from skipbo_widgets.i18n import LANGUAGES
from skipbo_widgets.tutorials import LESSON_GAMES, stats
from skipbo_widgets.tutorials.lesson import load_lessons

ROWS = stats.all_stats()


def test_words_are_counted_as_a_reader_counts_them() -> None:
    assert stats.words("Play your 1 \u2013 then \u201cEnd turn\u201d!") == 6
    assert stats.words("  ") == 0


def test_the_command_prints_the_same_numbers_as_json_and_as_a_table(
        capsys: pytest.CaptureFixture[str]) -> None:
    stats.main(["--json"])
    rows: list[dict[str, Any]] = json.loads(capsys.readouterr().out)
    assert rows == ROWS
    assert {(r["game"], r["lang"], r["part"]) for r in rows} == {
        (game, lang, part) for game in ("skipbo", "skyjo") for lang in LANGUAGES
        for part in ("core", "all")}
    assert set(LESSON_GAMES) == {"skipbo", "skyjo"}
    stats.main([])
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 + len(ROWS) and lines[0].startswith("| game | lang | part |")


@pytest.mark.parametrize("game", LESSON_GAMES)
def test_the_core_path_is_the_lessons_marked_core_and_they_come_first(game: str) -> None:
    lessons = load_lessons(game)
    core = [lesson for lesson in lessons if lesson.core]
    assert core and lessons[:len(core)] == tuple(core)
    for row in (row for row in ROWS if row["game"] == game):
        part = core if row["part"] == "core" else lessons
        assert row["lessons"] == len(part)
        assert row["steps"] == sum(len(lesson.steps) for lesson in part)


@pytest.mark.parametrize("row", ROWS, ids=lambda r: f"{r['game']}-{r['lang']}-{r['part']}")
def test_the_course_meets_the_standard_of_issue_13(row: dict[str, Any]) -> None:
    assert row["longest_step_words"] <= stats.max_step_words(row["lang"])
    assert row["task_share"] >= stats.MIN_TASK_SHARE
    assert row["longest_text_run"] <= stats.MAX_TEXT_RUN
    limit = stats.MAX_CORE_MINUTES if row["part"] == "core" else stats.MAX_ALL_MINUTES
    assert row["words"] <= limit * stats.CHILD_WPM  # the words, not the rounded minutes


def test_the_table_in_docs_lessons_md_is_the_command_s() -> None:
    docs = Path(__file__).resolve().parents[2] / "docs" / "lessons.md"
    assert stats.table(ROWS) in docs.read_text(encoding="utf-8")
