"""Benchmarks, standard library only: ``python -m skipbo_widgets.bench``.

Options: ``--quick`` (fewer repetitions), ``--games N``, ``--seed S``,
``--json`` (one JSON object, one key per section), ``--section NAME``.

Each section is a function from :class:`Settings` to a JSON value (a dict of
numbers, or a list of them), listed in :func:`sections`; a new section is
one more entry there and one more key in the JSON, without touching the
others. The ``app`` section needs Voilà, Playwright and Chromium; ``site`` needs
Playwright, Chromium and (to build the static site) npm; ``classroom`` needs Voilà
and ``make`` (and Chromium for its one real page; ``--games N``: N visitors);
``rooms`` and ``class`` run their Redis half only where ``redis-server`` is installed
(``class``: ``--games N`` is the run's length in seconds).
Numbers measured on the project's machine are in ``docs/benchmarks.md``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Number = int | float


@dataclass(frozen=True)
class Settings:
    """What every section gets; ``games=None`` lets a section pick its default."""

    quick: bool = False
    games: int | None = None
    seed: int = 0

    def games_or(self, default: int, quick: int) -> int:
        if self.games is not None:
            return self.games
        return quick if self.quick else default

    @property
    def repeat(self) -> int:
        """How often a timing is repeated (the fastest run counts)."""
        return 1 if self.quick else 3


Section = Callable[[Settings], Any]


def sections() -> dict[str, Section]:
    """Every section by name, in the order they run and print."""
    from . import app, bots, class_view, classroom, engine, rooms, site, skyjo

    return {"engine": engine.run, "hint": bots.hint, "search_limit": bots.limit,
            "matches": bots.matches, "skyjo_engine": skyjo.run, "skyjo_hint": skyjo.hint,
            "skyjo_matches": skyjo.matches, "app": app.run, "site": site.run,
            "classroom": classroom.run, "rooms": rooms.run, "class": class_view.run}
