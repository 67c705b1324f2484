"""The shape of a game's rule sheet: sections of message keys (each game lists its own;
:mod:`skipbo_widgets.tutorials.sheet` writes the page)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Section:
    """One part of the rules: ``heading`` and ``paragraphs`` are message keys; ``rules``
    the RULES.md ids it covers."""

    id: str
    heading: str
    paragraphs: tuple[str, ...]
    rules: tuple[str, ...]
