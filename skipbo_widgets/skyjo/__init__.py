"""Skyjo (RULES.md section 2): its rules engine (:mod:`.engine`), bots and hints
(:mod:`.bots`) and its lessons as data (``lessons/``). The engine never imports a widget."""

from pathlib import Path

#: The Skyjo lessons, one JSON file each (docs/lessons.md).
LESSON_DIR = Path(__file__).resolve().parent / "lessons"
